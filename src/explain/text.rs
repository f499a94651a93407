//! The decision record in words, English and Chinese. The CLI prints these lines; the page's
//! "why" panel shows them.

use super::lines::{LineKind, Lines};
use super::{Assignment, Decision, HeartbeatRecord, Why};
use crate::i18n::Lang;
use crate::model::task_selection::{MapSource, NoTask};
use crate::model::{Locality, TaskType};
use crate::sched::fifo::{FifoDecision, LoadCalc, MapStop, PaddingCheck, ReduceStop};
use crate::sched::limit_tasks::LimitDecision;

fn secs(ms: i64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

/// All lines for one heartbeat.
pub fn render(r: &HeartbeatRecord, lang: Lang) -> Vec<String> {
    render_lines(r, lang).texts()
}

/// All lines for one heartbeat, each with its kind.
pub fn render_lines(r: &HeartbeatRecord, lang: Lang) -> Lines {
    let mut out = Lines::default();
    // A Spark offer round is its own record: the round's line, then each offer and call.
    if let Decision::Spark(d) = &r.decision {
        let lines = super::spark_text::render(r, d, lang);
        let last = lines.len() - 1;
        for (i, line) in lines.into_iter().enumerate() {
            let kind = match i {
                0 => LineKind::Heartbeat,
                i if i == last => LineKind::Result,
                _ => LineKind::Step,
            };
            out.add(kind, line);
        }
        return out;
    }
    out.add(
        LineKind::Heartbeat,
        match lang {
            Lang::En => format!("Heartbeat {} at {} from {} ({}).", r.hb, secs(r.time_ms), r.tracker, r.host),
            Lang::Zh => format!("第 {} 次心跳，时间 {}，来自 {}（{}）。", r.hb, secs(r.time_ms), r.tracker, r.host),
        },
    );
    super::tracker_text::render(r, lang, &mut out);
    super::report_text::render(r, lang, &mut out);
    match &r.decision {
        Decision::Fifo(d) => fifo(d, &r.assigned, lang, &mut out),
        Decision::LimitTasksPerJob(d) => limit(d, &r.assigned, lang, &mut out),
        Decision::Capacity(d) => super::capacity_text::render(d, &r.assigned, lang, &mut out),
        Decision::Fair(d) => super::fair_text::render(d, &r.assigned, lang, &mut out),
        Decision::Spark(_) => {}
    }
    if r.assigned.is_empty() {
        out.add(LineKind::Result, lang.pick("Result: no task for this tracker.", "结果：本次心跳没有分配任务。"));
    } else {
        let list: Vec<String> = r.assigned.iter().map(short).collect();
        out.add(
            LineKind::Result,
            match lang {
                Lang::En => format!("Result: {}.", list.join(", ")),
                Lang::Zh => format!("结果：{}。", list.join("，")),
            },
        );
    }
    out
}

/// `J1 m0#0 (node-local)`.
pub fn short(a: &Assignment) -> String {
    let mut s = a.attempt_id().to_string();
    if let Some(l) = a.locality {
        s.push_str(&format!(" ({l})"));
    }
    if a.speculative {
        s.push_str(" [speculative]");
    }
    s
}

pub fn no_task(n: NoTask, lang: Lang) -> String {
    let (en, zh) = match n {
        NoTask::NotInitialized => ("it is not initialised yet", "作业尚未初始化"),
        NoTask::NotRunning => ("it is not running", "作业不在 RUNNING 状态"),
        NoTask::NoTasksOfType => ("it has no tasks of this type", "作业没有这类任务"),
        NoTask::TrackerBlacklisted => (
            "too many of its attempts failed on this host (the job's own tracker blacklist)",
            "它在该节点上失败的尝试过多（作业级 TaskTracker 黑名单）",
        ),
        NoTask::NothingPending => ("all its tasks are running or done", "它的任务都已在运行或已完成"),
        NoTask::NoneLocalEnough => {
            ("its pending maps are not local enough for this call", "它剩余的 map 对这次调用来说都不够本地")
        }
        NoTask::FailedOnThisHost => {
            ("its pending tasks have all failed on this host before", "它剩余的任务都曾在该节点上失败过")
        }
        NoTask::SlowStart => ("reduce slow start has not been reached", "尚未达到 reduce 慢启动阈值"),
        NoTask::AttemptLimit => ("the task has used up its attempts", "该任务的尝试次数已用完"),
    };
    lang.pick(en, zh).to_string()
}

pub fn why(w: &Why, lang: Lang) -> String {
    match (w, lang) {
        (Why::NotRunning { state }, Lang::En) => format!("it is {} (only RUNNING jobs are served)", state.as_str()),
        (Why::NotRunning { state }, Lang::Zh) => {
            format!("作业处于 {} 状态（只有 RUNNING 的作业会被调度）", state.as_str())
        }
        (Why::NoTask { detail }, l) => no_task(*detail, l),
        (Why::OffSwitchUsed, l) => l
            .pick("this heartbeat's one off-switch map was already used", "本次心跳唯一的 off-switch map 名额已用掉")
            .into(),
        (Why::NotReached, l) => l.pick("assignment stopped before its turn", "在轮到它之前分配已经结束").into(),
        (Why::PaddingOnlyFirst, l) => l
            .pick(
                "reduce padding is exceeded, so only the first eligible job may get a reduce",
                "reduce 的 padding 已超出，只有第一个符合条件的作业可以得到 reduce",
            )
            .into(),
        (Why::SlowStart { done, needed }, Lang::En) => {
            format!("reduce slow start: {done} maps done, {needed} needed before reduces start")
        }
        (Why::SlowStart { done, needed }, Lang::Zh) => {
            format!("reduce 慢启动：已完成 {done} 个 map，需要 {needed} 个才开始 reduce")
        }
        (Why::NoReduces, l) => l.pick("it has no reduces", "它没有 reduce 任务").into(),
        (Why::ReduceTaken { by }, Lang::En) => format!("this heartbeat's one reduce went to J{by}"),
        (Why::ReduceTaken { by }, Lang::Zh) => format!("本次心跳唯一的 reduce 已分给 J{by}"),
        (Why::AtTaskCap { running, cap }, Lang::En) => {
            format!("it already runs {running} tasks, the per-job cap is {cap}")
        }
        (Why::AtTaskCap { running, cap }, Lang::Zh) => format!("它已运行 {running} 个任务，达到每作业上限 {cap}"),
    }
}

fn source(s: Option<MapSource>, lang: Lang) -> String {
    let (en, zh) = match s {
        Some(MapSource::FailedRerun) => {
            ("a failed map re-run, taken first whatever its locality", "失败 map 的重试，不论本地性优先取出")
        }
        Some(MapSource::Cache { level: 0 }) => ("its input block is on this very host", "输入数据块就在本节点上"),
        Some(MapSource::Cache { level: 1 }) => {
            ("its input block is on another host of this rack", "输入数据块在本机架的其他节点上")
        }
        Some(MapSource::Cache { .. }) => {
            ("found in a higher level of this host's topology", "在本节点更高层的拓扑缓存中找到")
        }
        Some(MapSource::OtherRack) => ("its input lives only in another rack", "输入数据只在别的机架上"),
        Some(MapSource::NoLocation) => ("it has no input location at all", "它没有任何输入位置信息"),
        Some(MapSource::Speculative) => {
            ("a speculative copy of a slow running map", "为运行缓慢的 map 启动的推测执行副本")
        }
        None => ("", ""),
    };
    lang.pick(en, zh).to_string()
}

pub(crate) fn load_line(kind_en: &str, kind_zh: &str, l: &LoadCalc, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "{kind_en} load factor = remaining {} / cluster capacity {} = {:.2}; this tracker may run min(⌈{:.2} × {}⌉, {}) = {} and runs {}, so {} {}.",
            l.remaining_load,
            l.cluster_capacity,
            l.load_factor,
            l.load_factor,
            l.tracker_capacity,
            l.tracker_capacity,
            l.tracker_current_capacity,
            l.tracker_running,
            l.available.max(0),
            if l.available == 1 { "slot is available" } else { "slots are available" }
        ),
        Lang::Zh => format!(
            "{kind_zh}负载因子 = 剩余任务 {} / 集群容量 {} = {:.2}；本节点最多可运行 min(⌈{:.2} × {}⌉, {}) = {} 个，正在运行 {} 个，因此可用 {} 个 slot。",
            l.remaining_load,
            l.cluster_capacity,
            l.load_factor,
            l.load_factor,
            l.tracker_capacity,
            l.tracker_capacity,
            l.tracker_current_capacity,
            l.tracker_running,
            l.available.max(0)
        ),
    }
}

pub(crate) fn padding_line(p: &PaddingCheck, kind: &str, lang: Lang) -> String {
    if p.no_eligible_job {
        return match lang {
            Lang::En => format!(
                "Padding: no RUNNING job with reduces, so {kind} padding cannot be exceeded (map-only jobs are ignored)."
            ),
            Lang::Zh => {
                format!("Padding：没有带 reduce 的 RUNNING 作业，{kind} padding 不会超出（纯 map 作业不计入）。")
            }
        };
    }
    let pad = if p.num_trackers <= crate::sched::fifo::MIN_CLUSTER_SIZE_FOR_PADDING {
        match lang {
            Lang::En => format!("padding 0 (only {} trackers, padding needs more than 3)", p.num_trackers),
            Lang::Zh => format!("padding 为 0（只有 {} 个 TaskTracker，超过 3 个才留余地）", p.num_trackers),
        }
    } else {
        match lang {
            Lang::En => format!("padding min(slots, ⌊{} × {}⌋) = {}", p.total_needed, p.pad_fraction, p.padding),
            Lang::Zh => format!("padding = min(slot 数, ⌊{} × {}⌋) = {}", p.total_needed, p.pad_fraction, p.padding),
        }
    };
    match (lang, p.exceeded) {
        (Lang::En, true) => format!(
            "Padding exceeded at J{}: running {kind}s {} + {pad} ≥ capacity {} — keep spare slots, so at most one {kind} this heartbeat.",
            p.tripped_by.unwrap_or(0),
            p.total_tasks,
            p.total_capacity
        ),
        (Lang::En, false) => {
            format!("Padding not reached: running {kind}s {} + {pad} < capacity {}.", p.total_tasks, p.total_capacity)
        }
        (Lang::Zh, true) => format!(
            "在 J{} 处 padding 超出：运行中的 {kind} {} 个 + {pad} ≥ 容量 {}，为失败重试和推测执行留有余地，本次心跳至多分配一个 {kind}。",
            p.tripped_by.unwrap_or(0),
            p.total_tasks,
            p.total_capacity
        ),
        (Lang::Zh, false) => {
            format!("未触及 padding：运行中的 {kind} {} 个 + {pad} < 容量 {}。", p.total_tasks, p.total_capacity)
        }
    }
}

fn fifo(d: &FifoDecision, assigned: &[Assignment], lang: Lang, out: &mut Lines) {
    let q: Vec<String> = d
        .queue
        .iter()
        .map(|j| {
            if j.state == crate::model::RunState::Running {
                format!("J{} {}", j.job, j.priority.as_str())
            } else {
                format!("J{} {} ({})", j.job, j.priority.as_str(), j.state.as_str())
            }
        })
        .collect();
    out.add(
        LineKind::Order,
        match lang {
            Lang::En => format!(
                "Job queue (priority, then submit time): {}.",
                if q.is_empty() { "empty".into() } else { q.join(", ") }
            ),
            Lang::Zh => {
                format!(
                    "作业队列（先按优先级，再按提交时间）：{}。",
                    if q.is_empty() { "空".into() } else { q.join("，") }
                )
            }
        },
    );
    out.push(load_line("Map", "Map ", &d.map, lang));
    if let Some(p) = &d.map_padding {
        out.add(if p.exceeded { LineKind::Rule } else { LineKind::Step }, padding_line(p, "map", lang));
    }
    for a in assigned.iter().filter(|a| a.kind == TaskType::Map) {
        let src = source(a.source, lang);
        let loc = match a.locality {
            Some(Locality::Node) => lang.pick("node-local", "node-local（节点本地）"),
            Some(Locality::Rack) => lang.pick("rack-local", "rack-local（机架本地）"),
            Some(Locality::OffSwitch) => lang.pick("off-switch", "off-switch（跨机架）"),
            None => "-",
        };
        out.add(
            LineKind::Launch,
            match lang {
                Lang::En => format!("{} → {loc} map from {}{}: {src}.", a.attempt_id(), a.via, level_note(a, lang)),
                Lang::Zh => format!("{} → {loc} map，来自 {}{}：{src}。", a.attempt_id(), a.via, level_note(a, lang)),
            },
        );
    }
    let stop = map_stop_text(d.map_stop, lang);
    let stopped_by_rule = matches!(d.map_stop, MapStop::PaddingExceeded { .. } | MapStop::OffSwitch { .. });
    out.add(if stopped_by_rule { LineKind::Rule } else { LineKind::Step }, stop);
    out.push(load_line("Reduce", "Reduce ", &d.reduce, lang) + &reduce_cap_note(&d.reduce, lang));
    if let Some(p) = &d.reduce_padding {
        out.add(if p.exceeded { LineKind::Rule } else { LineKind::Step }, padding_line(p, "reduce", lang));
    }
    match (d.reduce_stop, lang) {
        (ReduceStop::Assigned { job }, Lang::En) => {
            out.add(LineKind::Launch, format!("J{job} gets this heartbeat's one reduce."))
        }
        (ReduceStop::Assigned { job }, Lang::Zh) => {
            out.add(LineKind::Launch, format!("J{job} 获得本次心跳唯一的 reduce。"))
        }
        (ReduceStop::PaddingOnlyFirst { job }, Lang::En) => out.add(
            LineKind::Rule,
            format!(
                "Reduce padding exceeded and J{job}, the first eligible job, had no reduce: no reduce this heartbeat."
            ),
        ),
        (ReduceStop::PaddingOnlyFirst { job }, Lang::Zh) => out.add(
            LineKind::Rule,
            format!("reduce padding 已超出，且第一个符合条件的作业 J{job} 没有可用 reduce：本次心跳不分配 reduce。"),
        ),
        (ReduceStop::NoTask, Lang::En) => out.push("No job had a reduce for this tracker."),
        (ReduceStop::NoTask, Lang::Zh) => out.push("没有作业能为该节点提供 reduce。"),
        (ReduceStop::NoAvailableSlots, _) => {}
    }
    for j in &d.jobs {
        let mut parts = Vec::new();
        if let (Some(w), false) = (&j.map_why, d.map_stop == MapStop::NoAvailableSlots) {
            parts.push(match lang {
                Lang::En => format!("no map because {}", why(w, lang)),
                Lang::Zh => format!("没有 map，因为{}", why(w, lang)),
            });
        }
        if let Some(w) = &j.reduce_why {
            if d.reduce.available > 0 {
                parts.push(match lang {
                    Lang::En => format!("no reduce because {}", why(w, lang)),
                    Lang::Zh => format!("没有 reduce，因为{}", why(w, lang)),
                });
            }
        }
        if !parts.is_empty() {
            out.push(match lang {
                Lang::En => format!("J{}: {}.", j.job, parts.join("; ")),
                Lang::Zh => format!("J{}：{}。", j.job, parts.join("；")),
            });
        }
    }
}

/// Why FIFO's map loop ended, in words.
pub(crate) fn map_stop_text(stop: MapStop, lang: Lang) -> String {
    match (stop, lang) {
        (MapStop::NoAvailableSlots, Lang::En) => {
            "No map this heartbeat: the tracker already runs its current map capacity.".to_string()
        }
        (MapStop::NoAvailableSlots, Lang::Zh) => "本次心跳不分配 map：该节点已达到当前 map 容量上限。".to_string(),
        (MapStop::Filled, Lang::En) => "Map assignment filled every available slot.".to_string(),
        (MapStop::Filled, Lang::Zh) => "可用的 map slot 已全部分配。".to_string(),
        (MapStop::PaddingExceeded { job }, Lang::En) => {
            format!("Map assignment stopped after J{job}'s map: padding allows one map per heartbeat.")
        }
        (MapStop::PaddingExceeded { job }, Lang::Zh) => {
            format!("分配 J{job} 的 map 后停止：padding 超出时每次心跳只分配一个 map。")
        }
        (MapStop::OffSwitch { job }, Lang::En) => format!(
            "Map assignment stopped after J{job}'s non-local map: at most one off-switch map per heartbeat, so this tracker does not take other trackers' local work."
        ),
        (MapStop::OffSwitch { job }, Lang::Zh) => format!(
            "分配 J{job} 的非本地 map 后停止：每次心跳至多一个 off-switch map，以免抢走其他 TaskTracker 的本地任务。"
        ),
        (MapStop::NoTask, Lang::En) => "Map assignment ended: no job had a map for this tracker.".to_string(),
        (MapStop::NoTask, Lang::Zh) => "map 分配结束：没有作业能为该节点提供 map。".to_string(),
    }
}

fn reduce_cap_note(l: &LoadCalc, lang: Lang) -> String {
    if l.tracker_current_capacity as i64 - l.tracker_running as i64 > 1 {
        lang.pick(" (Reduces: at most one per heartbeat.)", "（reduce 每次心跳至多一个。）").to_string()
    } else {
        String::new()
    }
}

fn level_note(a: &Assignment, lang: Lang) -> String {
    match (a.level, lang) {
        (Some(l), Lang::En) => format!(" (locality level {l})"),
        (Some(l), Lang::Zh) => format!("（本地性级别 {l}）"),
        (None, _) => String::new(),
    }
}

fn limit(d: &LimitDecision, _assigned: &[Assignment], lang: Lang, out: &mut Lines) {
    out.push(match lang {
        Lang::En => format!(
            "LimitTasksPerJob: this tracker may hold min(slots, ⌈{} / {}⌉) = {} maps (it runs {}) and min(slots, ⌈{} / {}⌉) = {} reduces (it runs {}); at most one task per heartbeat.",
            d.needed_maps, d.num_trackers, d.max_map_load, d.tracker_maps, d.needed_reduces, d.num_trackers, d.max_reduce_load, d.tracker_reduces
        ),
        Lang::Zh => format!(
            "LimitTasksPerJob：本节点最多 min(slot, ⌈{} / {}⌉) = {} 个 map（正运行 {} 个），min(slot, ⌈{} / {}⌉) = {} 个 reduce（正运行 {} 个）；每次心跳至多一个任务。",
            d.needed_maps, d.num_trackers, d.max_map_load, d.tracker_maps, d.needed_reduces, d.num_trackers, d.max_reduce_load, d.tracker_reduces
        ),
    });
    for s in &d.steps {
        let head = match lang {
            Lang::En => format!(
                "Step {} ({}{}):",
                s.step,
                s.kind,
                if s.capped { ", jobs under the cap only" } else { ", any running job" }
            ),
            Lang::Zh => format!(
                "第 {} 步（{}{}）：",
                s.step,
                s.kind,
                if s.capped { "，仅限未达上限的作业" } else { "，任意运行中的作业" }
            ),
        };
        if s.tracker_full {
            out.add(
                LineKind::Rule,
                head + lang.pick(" skipped, the tracker is at its load limit.", "跳过，本节点已达负载上限。"),
            );
            continue;
        }
        let parts: Vec<String> = s
            .jobs
            .iter()
            .map(|(j, w)| match w {
                None => match lang {
                    Lang::En => format!("J{j} gives a task"),
                    Lang::Zh => format!("J{j} 分得一个任务"),
                },
                Some(w) => format!("J{j}: {}", why(w, lang)),
            })
            .collect();
        let gave = s.jobs.iter().any(|(_, w)| w.is_none());
        out.add(
            if gave { LineKind::Launch } else { LineKind::Step },
            format!(
                "{head} {}",
                if parts.is_empty() {
                    lang.pick("no running job", "没有运行中的作业").into()
                } else {
                    parts.join("; ")
                }
            ),
        );
    }
}
