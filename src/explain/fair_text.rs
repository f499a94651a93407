//! The Fair Scheduler's heartbeat record (`FairDecision`) in words, English and Simplified
//! Chinese. Chinese terms follow the delay-scheduling article the project grew from
//! (延迟调度, 数据本地性, 本地性级别, 被跳过, node-local / rack-local / off-switch).

use super::Assignment;
pub use super::delay_text::allowed_text;
use super::lines::{LineKind, Lines};
use super::text::{no_task, short};
use crate::i18n::Lang;
use crate::model::TaskType;
use crate::sched::fair::decision::*;

pub(crate) fn secs(ms: i64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn share(x: f64) -> String {
    if x.fract() == 0.0 { format!("{x:.1}") } else { format!("{x:.2}") }
}

pub(crate) fn visit_text(v: &JobVisit, assigned: &[Assignment], kind: &str, lang: Lang) -> String {
    if !v.runnable {
        return match lang {
            Lang::En => format!("J{} is not runnable (running-job limit, or not RUNNING): not visited", v.job),
            Lang::Zh => format!("J{} 不可运行（受运行作业数上限限制，或不在 RUNNING 状态）：不算被访问", v.job),
        };
    }
    let mut s = match (&v.allowed, kind) {
        (Some(a), _) => allowed_text(v.job, a, lang),
        (None, _) => format!("J{}", v.job),
    };
    let call = v.call.unwrap_or("");
    match (v.assigned.and_then(|i| assigned.get(i)), lang) {
        (Some(a), Lang::En) => {
            s += &format!(" → {call} launches {}", short(a));
            if let Some(l) = v.new_level {
                s += &format!("; lastMapLocalityLevel = {}, wait reset to 0", l.as_str());
            }
        }
        (Some(a), Lang::Zh) => {
            s += &format!(" → {call} 启动 {}", short(a));
            if let Some(l) = v.new_level {
                s += &format!("；lastMapLocalityLevel 记为 {}，等待时间清零", l.as_str());
            }
        }
        (None, Lang::En) => {
            let why = v.none.map(|n| no_task(n, lang)).unwrap_or_default();
            s += &format!(" → {call} finds nothing ({why})");
        }
        (None, Lang::Zh) => {
            let why = v.none.map(|n| no_task(n, lang)).unwrap_or_default();
            s += &format!(" → {call} 没有找到任务（{why}）");
        }
    }
    s
}

pub(crate) fn pools_line(order: &[PoolLine], kind: &str, lang: Lang) -> String {
    let items: Vec<String> = order
        .iter()
        .map(|p| {
            let needy = if p.needy { lang.pick(", below min share", "，低于最小份额") } else { "" };
            match lang {
                Lang::En => format!(
                    "{} (running {}, demand {}, min share {}, fair share {}{needy})",
                    p.pool,
                    p.running,
                    p.demand,
                    p.min_share,
                    share(p.fair_share)
                ),
                Lang::Zh => format!(
                    "{}（运行 {}，需求 {}，最小份额 {}，公平份额 {}{needy}）",
                    p.pool,
                    p.running,
                    p.demand,
                    p.min_share,
                    share(p.fair_share)
                ),
            }
        })
        .collect();
    match lang {
        Lang::En => format!("Pools for a {kind}, in FairShareComparator order: {}.", items.join("; ")),
        Lang::Zh => format!("争取 {kind} 的池（按 FairShareComparator 排序）：{}。", items.join("；")),
    }
}

pub(crate) fn rejected_text(r: &Rejected, kind: &str, lang: Lang) -> String {
    let head = match lang {
        Lang::En => {
            if kind == "map" {
                "Maps"
            } else {
                "Reduces"
            }
        }
        Lang::Zh => kind,
    };
    match (r, lang) {
        (Rejected::Capacity { assigned, capacity }, Lang::En) => {
            format!("{} stop: {assigned} assigned = the {capacity} this heartbeat may take (maxTasksToAssign)", head)
        }
        (Rejected::Capacity { assigned, capacity }, Lang::Zh) => {
            format!("{} 停止：已分配 {assigned} 个，等于本次心跳上限 {capacity}（maxTasksToAssign）", head)
        }
        (Rejected::AllRunning { running, demand }, Lang::En) => {
            format!(
                "{} stop: the cluster already runs {running} = the {demand} {kind}s wanted (demand at the last update)",
                head
            )
        }
        (Rejected::AllRunning { running, demand }, Lang::Zh) => {
            format!("{} 停止：集群已运行 {running} 个，等于需求 {demand}（上次 update 的值）", head)
        }
        (Rejected::LoadCap { running, assigned, cap }, Lang::En) => {
            format!("{} stop: the tracker runs {running} + {assigned} assigned now, not below its load cap {cap}", head)
        }
        (Rejected::LoadCap { running, assigned, cap }, Lang::Zh) => {
            format!("{} 停止：本节点运行 {running} 个 + 本次已分配 {assigned} 个，已达负载上限 {cap}", head)
        }
        (Rejected::NoTask, Lang::En) => format!("{} stop: no pool had a {kind} for this tracker", head),
        (Rejected::NoTask, Lang::Zh) => format!("{} 停止：没有池能为本节点提供 {kind}", head),
    }
}

/// Lines for one heartbeat of the Fair Scheduler.
pub fn render(d: &FairDecision, assigned: &[Assignment], lang: Lang, out: &mut Lines) {
    for p in &d.preemptions {
        let who: Vec<String> =
            p.killed.iter().map(|k| format!("{} on {} ({})", k.attempt, k.tracker, k.pool)).collect();
        let owed: Vec<String> = p.due.iter().map(|x| format!("{} {}", x.pool, x.due_min.max(x.due_fair))).collect();
        let killed = !p.only_log && !p.killed.is_empty();
        out.add(if killed { LineKind::Rule } else { LineKind::Step }, match (lang, p.only_log) {
            (Lang::En, false) => format!(
                "Preemption at {}: starved pools are owed {} {}s ({}); killed the newest tasks of over-share pools: {}.{}",
                secs(p.time_ms), p.to_preempt, p.kind, owed.join(", "), if who.is_empty() { "none".into() } else { who.join(", ") },
                if p.kill_at_next_heartbeat && !who.is_empty() { " Each kill reaches its tracker at that tracker's next heartbeat; the slot is free once the tracker reports it." } else { "" }
            ),
            (Lang::Zh, false) => format!(
                "{} 发生抢占：饥饿的池共应得 {} 个 {}（{}）；杀死超出份额的池中最新启动的任务：{}。{}",
                secs(p.time_ms), p.to_preempt, p.kind, owed.join("，"), if who.is_empty() { "无".into() } else { who.join("，") },
                if p.kill_at_next_heartbeat && !who.is_empty() { "每个杀死指令在该 TaskTracker 下次心跳时送达；TaskTracker 汇报之后 slot 才空出。" } else { "" }
            ),
            (Lang::En, true) => format!("Preemption check at {}: {} {}s would be preempted ({}); log-only mode kills nothing.", secs(p.time_ms), p.to_preempt, p.kind, owed.join(", ")),
            (Lang::Zh, true) => format!("{} 抢占检查：应抢占 {} 个 {}（{}）；仅记录日志模式，不杀任务。", secs(p.time_ms), p.to_preempt, p.kind, owed.join("，")),
        });
    }
    // Delay-scheduling clock (updateLocalityWaitTimes).
    let mut clock = match (d.previous_heartbeat_ms, lang) {
        (None, Lang::En) => {
            "Delay-scheduling clock: no earlier heartbeat is recorded, so no waiting time is charged.".to_string()
        }
        (None, Lang::Zh) => "延迟调度计时：之前没有记录心跳，本次不累计等待时间。".to_string(),
        (Some(p), Lang::En) => format!(
            "Delay-scheduling clock: the previous heartbeat (any tracker) was at {}, {} ms ago.",
            secs(p),
            d.delta_ms
        ),
        (Some(p), Lang::Zh) => format!("延迟调度计时：上一次心跳（任意节点）在 {}，距今 {} ms。", secs(p), d.delta_ms),
    };
    if d.wait_growth.is_empty() {
        clock += lang.pick(" No job was skipped then, so no wait grows.", "上次没有作业被跳过，等待时间都不增加。");
    } else {
        let g: Vec<String> =
            d.wait_growth.iter().map(|w| format!("J{} {} → {} ms", w.job, w.before_ms, w.after_ms)).collect();
        clock += &match lang {
            Lang::En => format!(" Jobs skipped then are charged that time: {}.", g.join(", ")),
            Lang::Zh => format!("上次被跳过的作业累计这段时间：{}。", g.join("，")),
        };
    }
    out.push(clock);
    out.push(match lang {
        Lang::En => format!(
            "Delays{}: NODE → RACK after {} ms of waiting, → ANY after {} ms (from RACK: {} ms).",
            if d.auto_delay { " (computed as 1.5 × heartbeat interval, at most 15 s)" } else { "" },
            d.node_delay_ms,
            d.node_delay_ms + d.rack_delay_ms,
            d.rack_delay_ms
        ),
        Lang::Zh => format!(
            "延迟{}：等待 {} ms 后 NODE → RACK，等待 {} ms 后 → ANY（从 RACK 起需 {} ms）。",
            if d.auto_delay { "（按心跳间隔的 1.5 倍自动计算，最多 15 s）" } else { "" },
            d.node_delay_ms,
            d.node_delay_ms + d.rack_delay_ms,
            d.rack_delay_ms
        ),
    });
    out.push(match lang {
        Lang::En => format!(
            "Cluster: {} of {} wanted maps running on {} slots; {} of {} wanted reduces on {} slots. {} runs {} maps and {} reduces; {} this heartbeat may add up to {} maps and {} reduces; the load manager caps it at ⌈{} × min(1, {} + {}/{})⌉ = {} maps and {} reduces.",
            d.running_maps, d.runnable_maps, d.total_map_slots, d.running_reduces, d.runnable_reduces, d.total_reduce_slots,
            lang.pick("This tracker", ""), d.tracker_maps, d.tracker_reduces,
            if d.assign_multiple { "with assign-multiple" } else { "without assign-multiple (one task per heartbeat)" },
            d.map_capacity, d.reduce_capacity, d.map_cap.tracker_slots, d.map_cap.max_diff, d.map_cap.total_runnable,
            d.map_cap.total_slots, d.map_cap.cap, d.reduce_cap.cap
        ),
        Lang::Zh => format!(
            "集群：需要 {} 个 map，运行 {} 个，共 {} 个 map slot；需要 {} 个 reduce，运行 {} 个，共 {} 个 reduce slot。本节点运行 {} 个 map、{} 个 reduce；{}本次心跳最多再分配 {} 个 map 和 {} 个 reduce；负载管理器的上限为 ⌈{} × min(1, {} + {}/{})⌉ = {} 个 map、{} 个 reduce。",
            d.runnable_maps, d.running_maps, d.total_map_slots, d.runnable_reduces, d.running_reduces, d.total_reduce_slots,
            d.tracker_maps, d.tracker_reduces,
            if d.assign_multiple { "开启 assignmultiple，" } else { "未开启 assignmultiple（每次心跳一个任务），" },
            d.map_capacity, d.reduce_capacity, d.map_cap.tracker_slots, d.map_cap.max_diff, d.map_cap.total_runnable,
            d.map_cap.total_slots, d.map_cap.cap, d.reduce_cap.cap
        ),
    });
    let mut shown_map = false;
    let mut shown_reduce = false;
    for (n, t) in d.turns.iter().enumerate() {
        let first = if t.kind == TaskType::Map {
            !std::mem::replace(&mut shown_map, true)
        } else {
            !std::mem::replace(&mut shown_reduce, true)
        };
        if first {
            out.add(LineKind::Order, pools_line(&t.order, t.kind.as_str(), lang));
        }
        let why = match (&t.choice, lang) {
            (TypeChoice::Balance { maps, reduces }, Lang::En) => {
                if t.kind == TaskType::Map {
                    format!("maps {maps} ≤ reduces {reduces}")
                } else {
                    format!("maps {maps} > reduces {reduces}")
                }
            }
            (TypeChoice::Balance { maps, reduces }, Lang::Zh) => {
                if t.kind == TaskType::Map {
                    format!("map {maps} ≤ reduce {reduces}")
                } else {
                    format!("map {maps} > reduce {reduces}")
                }
            }
            (TypeChoice::OnlyMaps, l) => l.pick("reduces already stopped", "reduce 已停止").into(),
            (TypeChoice::OnlyReduces, l) => l.pick("maps already stopped", "map 已停止").into(),
        };
        let mut parts = Vec::new();
        for pv in &t.visits {
            if let Some((running, max)) = pv.at_max {
                parts.push(match lang {
                    Lang::En => format!("{} runs {running} of its maximum {max}: its jobs are not asked", pv.pool),
                    Lang::Zh => format!("{} 已运行 {running} 个，达到上限 {max}：不询问其作业", pv.pool),
                });
                continue;
            }
            if pv.jobs.is_empty() {
                parts.push(match lang {
                    Lang::En => format!("{} has no jobs", pv.pool),
                    Lang::Zh => format!("{} 没有作业", pv.pool),
                });
                continue;
            }
            for v in &pv.jobs {
                parts.push(
                    format!("{}{} {}", pv.pool, lang.pick(":", "："), visit_text(v, assigned, t.kind.as_str(), lang))
                        .replace("： ", "："),
                );
            }
            if pv.unlisted > 0 {
                parts.push(match lang {
                    Lang::En => format!("{}: {} more jobs asked, none with a task (not listed)", pv.pool, pv.unlisted),
                    Lang::Zh => format!("{}：另有 {} 个作业被询问但没有任务（未列出）", pv.pool, pv.unlisted),
                });
            }
        }
        let head = match lang {
            Lang::En => format!("Turn {} — a {} ({why}):", n + 1, t.kind),
            Lang::Zh => format!("第 {} 轮 — 分配 {}（{why}）：", n + 1, t.kind),
        };
        let launched = t.visits.iter().flat_map(|pv| &pv.jobs).any(|v| v.assigned.is_some());
        out.add(
            if launched { LineKind::Launch } else { LineKind::Step },
            format!("{head}{}{}{}", lang.pick(" ", ""), parts.join(lang.pick("; ", "；")), lang.pick(".", "。")),
        );
    }
    for (r, kind) in [(&d.map_rejected, "map"), (&d.reduce_rejected, "reduce")] {
        match r {
            // Nothing of this type is wanted anywhere: not worth a line.
            None | Some(Rejected::AllRunning { demand: 0, .. }) => {}
            Some(r) => out.add(LineKind::Rule, rejected_text(r, kind, lang) + lang.pick(".", "。")),
        }
    }
    if !d.assign_multiple && !assigned.is_empty() {
        out.add(
            LineKind::Rule,
            lang.pick(
                "One task assigned: without assign-multiple the heartbeat ends here.",
                "已分配一个任务：未开启 assignmultiple，本次心跳到此结束。",
            ),
        );
    }
    if !d.skipped.is_empty() {
        let s: Vec<String> = d.skipped.iter().map(|j| format!("J{j}")).collect();
        out.push(match lang {
            Lang::En => format!(
                "Skipped: {} — visited for a map but launched none, so skippedAtLastHeartbeat = true: the time until the next heartbeat will be added to the wait.",
                s.join(", ")
            ),
            Lang::Zh => format!("被跳过：{} — 被访问但没有启动 map，skippedAtLastHeartbeat = true：到下一次心跳的时间将计入等待时间。", s.join("，")),
        });
    }
    for (job, l, w) in &d.after {
        out.push(match lang {
            Lang::En => format!("J{job} now: lastMapLocalityLevel {}, timeWaitedForLocalMap {w} ms.", l.as_str()),
            Lang::Zh => format!("J{job} 现在：lastMapLocalityLevel = {}，timeWaitedForLocalMap = {w} ms。", l.as_str()),
        });
    }
}
