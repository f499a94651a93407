//! The Capacity Scheduler's decision record in words, English and Simplified Chinese (terms as
//! in the project's source articles: 容量调度器, 队列, 用户资源上限, 大内存作业, 预留).

use super::Assignment;
use super::lines::{LineKind, Lines};
use super::text::no_task;
use crate::i18n::Lang;
use crate::sched::capacity::decision::{
    CapacityDecision, JobVerdict, Lookup, LookupResult, Phase, PhaseStop, QueueStanding, ReservationStep,
};
use crate::sched::java::float_string;

pub(crate) fn standing(s: &QueueStanding, lang: Lang) -> String {
    let max = if s.max_capacity >= 0 {
        match lang {
            Lang::En => format!(", max {}", s.max_capacity),
            Lang::Zh => format!("，上限 {}", s.max_capacity),
        }
    } else {
        String::new()
    };
    format!("{} {}/{} ({:.2}{max})", s.queue, s.used, s.capacity, s.ratio)
}

fn cap(k: &str) -> String {
    let mut c = k.chars();
    c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()
}

fn users(n: impl std::fmt::Display) -> String {
    let s = n.to_string();
    if s == "1" { "1 active user".into() } else { format!("{s} active users") }
}

fn kind_word(map: bool, lang: Lang) -> &'static str {
    match (map, lang) {
        (true, Lang::En) => "map",
        (false, Lang::En) => "reduce",
        (true, Lang::Zh) => "map",
        (false, Lang::Zh) => "reduce",
    }
}

pub(crate) fn verdict(job: u32, user: &str, v: &JobVerdict, map: bool, lang: Lang) -> String {
    let k = kind_word(map, lang);
    match (v, lang) {
        (JobVerdict::NotRunning { state }, Lang::En) => format!("J{job} ({user}) is {}: skipped.", state.as_str()),
        (JobVerdict::NotRunning { state }, Lang::Zh) => format!("J{job}（{user}）处于 {} 状态，跳过。", state.as_str()),
        (JobVerdict::MaxCapacity { used, slots, max }, Lang::En) => format!(
            "J{job} ({user}): a {slots}-slot {k} would take the queue past its maximum capacity ({used} + {slots} > {max}); skipped, no reservation."
        ),
        (JobVerdict::MaxCapacity { used, slots, max }, Lang::Zh) => format!(
            "J{job}（{user}）：一个占 {slots} 个 slot 的 {k} 会使队列超过最大容量（{used} + {slots} > {max}），跳过，不做预留。"
        ),
        (JobVerdict::UserLimit { user: u, calc: c }, Lang::En) => format!(
            "J{job}: user {u} is at the user limit — holds {} slots, +{} would exceed the limit of {} ({}, current capacity {}).",
            c.user_holds,
            c.slots,
            c.limit,
            users(c.active_users),
            c.current_capacity
        ),
        (JobVerdict::UserLimit { user: u, calc: c }, Lang::Zh) => format!(
            "J{job}：用户 {u} 已达用户资源上限——已占 {} 个 slot，再加 {} 个就超过上限 {}（活跃用户 {} 个，当前容量 {}）。",
            c.user_holds, c.slots, c.limit, c.active_users, c.current_capacity
        ),
        (JobVerdict::Memory { slots, free_slots, reserved: true, .. }, Lang::En) => format!(
            "J{job} ({user}) is a high-memory job: its {k} needs {slots} slots but only {free_slots} are free, so this tracker's {k} slots are reserved for it (fallow slots) and the {k} phase ends."
        ),
        (JobVerdict::Memory { slots, free_slots, reserved: true, .. }, Lang::Zh) => format!(
            "J{job}（{user}）是大内存作业：它的 {k} 需要 {slots} 个 slot，但只有 {free_slots} 个空闲，于是为它预留本节点的 {k} slot，本阶段结束。"
        ),
        (JobVerdict::Memory { slots, free_slots, why_not, .. }, Lang::En) => format!(
            "J{job} ({user}): its {k} needs {slots} slots, only {free_slots} free; no reservation ({}), next job.",
            why_not.clone().unwrap_or_default()
        ),
        (JobVerdict::Memory { slots, free_slots, why_not, .. }, Lang::Zh) => format!(
            "J{job}（{user}）：它的 {k} 需要 {slots} 个 slot，只有 {free_slots} 个空闲；不预留（{}），看下一个作业。",
            why_not.clone().unwrap_or_default()
        ),
        (JobVerdict::LocalityWait { opportunities, required_slots, factor }, Lang::En) => format!(
            "J{job} ({user}) has no local map here and keeps waiting for locality: it has missed {opportunities} scheduling opportunities and must miss more than {required_slots} × {} before it may go off-switch.",
            float_string(*factor)
        ),
        (JobVerdict::LocalityWait { opportunities, required_slots, factor }, Lang::Zh) => format!(
            "J{job}（{user}）在本节点没有本地 map，继续等待数据本地性：已错过 {opportunities} 次调度机会，需超过 {required_slots} × {} 次才允许 off-switch。",
            float_string(*factor)
        ),
        (JobVerdict::OffSwitchUsed, Lang::En) => {
            format!("J{job} ({user}) has only non-local maps here, and this heartbeat already gave its off-switch map.")
        }
        (JobVerdict::OffSwitchUsed, Lang::Zh) => {
            format!("J{job}（{user}）在本节点只有非本地 map，而本次心跳已经分配过 off-switch map。")
        }
        (JobVerdict::NoTask { detail }, l) => match l {
            Lang::En => format!("J{job} ({user}) has no {k} to give: {}.", no_task(*detail, l)),
            Lang::Zh => format!("J{job}（{user}）没有可分配的 {k}：{}。", no_task(*detail, l)),
        },
        (JobVerdict::Assigned { task, off_switch, user_limit }, Lang::En) => {
            let ul = user_limit
                .map(|c| {
                    format!("; user {user} held {} of a limit of {} ({})", c.user_holds, c.limit, users(c.active_users))
                })
                .unwrap_or_default();
            format!("J{job} gets {task}{}{ul}.", if *off_switch { " off-switch" } else { "" })
        }
        (JobVerdict::Assigned { task, off_switch, user_limit }, Lang::Zh) => {
            let ul = user_limit
                .map(|c| {
                    format!(
                        "；用户 {user} 已占 {} 个 slot，上限 {}（活跃用户 {} 个）",
                        c.user_holds, c.limit, c.active_users
                    )
                })
                .unwrap_or_default();
            format!("J{job} 得到 {task}{}{ul}。", if *off_switch { "（off-switch）" } else { "" })
        }
    }
}

/// The reservation check at the start of a lookup, in words.
pub(crate) fn reservation_text(r: &ReservationStep, map: bool, lang: Lang) -> String {
    let k = kind_word(map, lang);
    match (r, lang) {
        (ReservationStep::Kept { job, slots, available }, Lang::En) => format!(
            "This tracker's {k} slots are reserved for J{job}, which needs {slots} but has {available}: the reservation stays and nobody else gets a {k} here."
        ),
        (ReservationStep::Kept { job, slots, available }, Lang::Zh) => format!(
            "本节点的 {k} slot 已为 J{job} 预留，它需要 {slots} 个、现有 {available} 个：继续预留，其他作业不能在这里得到 {k}。"
        ),
        (ReservationStep::Honoured { job, slots, available, got_task }, Lang::En) => format!(
            "The reservation for J{job} is released: {available} slots are free and it needs {slots}, so J{job} is asked first{}{}",
            if map { " (locality is waived)" } else { "" },
            if *got_task { "." } else { ", but it has nothing left, so no one gets this slot in this heartbeat." }
        ),
        (ReservationStep::Honoured { job, slots, available, got_task }, Lang::Zh) => format!(
            "释放为 J{job} 做的预留：现有 {available} 个空闲 slot，它需要 {slots} 个，因此先问 J{job}{}{}",
            if map { "（不再等待本地性）" } else { "" },
            if *got_task { "。" } else { "，但它已没有任务，本次心跳这个 slot 谁也得不到。" }
        ),
    }
}

fn lookup(l: &Lookup, map: bool, lang: Lang, out: &mut Lines) {
    let order: Vec<String> = l.order.iter().map(|s| standing(s, lang)).collect();
    out.add(
        LineKind::Order,
        match lang {
            Lang::En => format!("  {} free slot(s); queue order by used/capacity: {}", l.available, order.join(", ")),
            Lang::Zh => format!("  空闲 slot {} 个；按 已用/容量 排序的队列：{}", l.available, order.join("，")),
        },
    );
    if let Some(r) = &l.reservation {
        let got = matches!(r, ReservationStep::Honoured { got_task: true, .. });
        out.add(if got { LineKind::Launch } else { LineKind::Rule }, format!("    {}", reservation_text(r, map, lang)));
    }
    for q in &l.queues {
        if q.at_max_capacity {
            out.add(
                LineKind::Rule,
                match lang {
                    Lang::En => format!("    Queue {} is at its maximum capacity: skipped.", q.queue),
                    Lang::Zh => format!("    队列 {} 已达最大容量，跳过。", q.queue),
                },
            );
            continue;
        }
        for j in &q.jobs {
            let kind = if matches!(j.verdict, JobVerdict::Assigned { .. }) { LineKind::Launch } else { LineKind::Step };
            out.add(kind, format!("    [{}] {}", q.queue, verdict(j.job, &j.user, &j.verdict, map, lang)));
        }
        if q.unlisted > 0 {
            out.push(match lang {
                Lang::En => {
                    format!("    [{}] {} more jobs were asked and passed over (not listed).", q.queue, q.unlisted)
                }
                Lang::Zh => format!("    [{}] 另有 {} 个作业被询问后跳过（未列出）。", q.queue, q.unlisted),
            });
        }
    }
    if matches!(l.result, LookupResult::NoTask) && l.reservation.is_none() {
        out.push(
            lang.pick("    No queue has a task for this tracker.", "    没有队列能为本节点提供任务。").to_string(),
        );
    }
}

fn phase(p: &Phase, map: bool, d: &CapacityDecision, lang: Lang, out: &mut Lines) {
    let k = kind_word(map, lang);
    if p.available <= 0 {
        out.push(match lang {
            Lang::En => format!("{} phase: no free {k} slot on this tracker.", cap(k)),
            Lang::Zh => format!("{k} 阶段：本节点没有空闲的 {k} slot。"),
        });
        return;
    }
    out.push(match lang {
        Lang::En => format!("{} phase: {} free {k} slot(s).", cap(k), p.available),
        Lang::Zh => format!("{k} 阶段：空闲 {k} slot {} 个。", p.available),
    });
    for l in &p.lookups {
        lookup(l, map, lang, out);
    }
    let by_rule = matches!(
        p.stop,
        PhaseStop::MemoryBlocked | PhaseStop::MaxTasksPerHeartbeat | PhaseStop::OffSwitchLimit | PhaseStop::OneReduce
    );
    out.add(if by_rule { LineKind::Rule } else { LineKind::Step }, phase_stop_text(p.stop, map, d, lang));
}

/// Why a phase ended, in words.
pub(crate) fn phase_stop_text(stop: PhaseStop, map: bool, d: &CapacityDecision, lang: Lang) -> String {
    let k = kind_word(map, lang);
    let why = match (stop, lang) {
        (PhaseStop::Filled, Lang::En) => "every free slot is used".to_string(),
        (PhaseStop::Filled, Lang::Zh) => "空闲 slot 已用完".to_string(),
        (PhaseStop::NoTask, Lang::En) => "no queue has a task for this tracker".into(),
        (PhaseStop::NoTask, Lang::Zh) => "没有队列能提供任务".into(),
        (PhaseStop::MemoryBlocked, Lang::En) => "a high-memory job holds or just took a reservation here".into(),
        (PhaseStop::MemoryBlocked, Lang::Zh) => "有大内存作业在此节点保持或新建了预留".into(),
        (PhaseStop::MaxTasksPerHeartbeat, Lang::En) => {
            format!("maximum-tasks-per-heartbeat ({}) reached", d.max_tasks_per_heartbeat)
        }
        (PhaseStop::MaxTasksPerHeartbeat, Lang::Zh) => {
            format!("达到每次心跳最多任务数 maximum-tasks-per-heartbeat（{}）", d.max_tasks_per_heartbeat)
        }
        (PhaseStop::OffSwitchLimit, Lang::En) => {
            format!("an off-switch map was given (maximum-tasks-after-offswitch = {})", d.max_tasks_after_offswitch)
        }
        (PhaseStop::OffSwitchLimit, Lang::Zh) => {
            format!("已分配 off-switch map（maximum-tasks-after-offswitch = {}）", d.max_tasks_after_offswitch)
        }
        (PhaseStop::OneReduce, Lang::En) => "at most one reduce per heartbeat".into(),
        (PhaseStop::OneReduce, Lang::Zh) => "每次心跳最多一个 reduce".into(),
        (PhaseStop::NoFreeSlots, Lang::En) => "no free slot".into(),
        (PhaseStop::NoFreeSlots, Lang::Zh) => "没有空闲 slot".into(),
    };
    match lang {
        Lang::En => format!("{} phase ends: {why}.", cap(k)),
        Lang::Zh => format!("{k} 阶段结束：{why}。"),
    }
}

/// Lines for a Capacity Scheduler heartbeat.
pub fn render(d: &CapacityDecision, _assigned: &[Assignment], lang: Lang, out: &mut Lines) {
    if let Some(e) = &d.start_error {
        out.add(
            LineKind::Rule,
            match lang {
                Lang::En => format!("The Capacity Scheduler did not start ({e}); nothing is scheduled."),
                Lang::Zh => format!("容量调度器未能启动（{e}），不会调度任何任务。"),
            },
        );
        return;
    }
    out.push(match lang {
        Lang::En => format!("Capacity Scheduler: the cluster has {} map and {} reduce slots; each queue's capacity is its share of them.", d.map_cluster_capacity, d.reduce_cluster_capacity),
        Lang::Zh => format!("容量调度器：集群共有 {} 个 map slot、{} 个 reduce slot，每个队列的容量是其中的一份。", d.map_cluster_capacity, d.reduce_cluster_capacity),
    });
    phase(&d.map, true, d, lang, out);
    phase(&d.reduce, false, d, lang, out);
}
