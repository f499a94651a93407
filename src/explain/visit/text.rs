//! A slow-motion sub-step (`Visit`) in words, English and Simplified Chinese:
//! the same sentences the Why panel gives the visit (each scheduler's renderer), so the stage's
//! caption and the panel never say different things.

use super::{Step, Visit};
use crate::explain::capacity_text::{phase_stop_text, reservation_text, standing, verdict};
use crate::explain::fair_text::{pools_line, rejected_text, secs, visit_text};
use crate::explain::text::{load_line, map_stop_text, no_task, padding_line, short, why};
use crate::explain::{Decision, HeartbeatRecord};
use crate::i18n::Lang;
use crate::model::TaskType;
use crate::sched::fifo::ReduceStop;

fn kind(v: &Visit) -> &'static str {
    if v.kind == Some(TaskType::Reduce) { "reduce" } else { "map" }
}

fn jobs(ids: &[u32]) -> String {
    ids.iter().map(|j| format!("J{j}")).collect::<Vec<_>>().join(", ")
}

/// What sub-step `v` of heartbeat `rec` checked and found.
pub fn caption(rec: &HeartbeatRecord, v: &Visit, lang: Lang) -> String {
    let k = kind(v);
    let map = k == "map";
    match (&v.step, lang) {
        (Step::FifoLoad { calc }, _) => {
            if map {
                load_line("Map", "Map ", calc, lang)
            } else {
                load_line("Reduce", "Reduce ", calc, lang)
            }
        }
        (Step::FifoPadding { check }, _) => padding_line(check, k, lang),
        (Step::FifoMap { visit: t }, _) => {
            let call = if t.call == "local" { "obtainNewNodeOrRackLocalMapTask" } else { "obtainNewNonLocalMapTask" };
            let got = t.assigned.and_then(|i| rec.assigned.get(i));
            match (got, lang) {
                (Some(a), Lang::En) => format!("Map slot {}: J{}.{call} → launches {}.", t.slot + 1, t.job, short(a)),
                (Some(a), Lang::Zh) => {
                    format!("第 {} 个 map slot：J{}.{call} → 启动 {}。", t.slot + 1, t.job, short(a))
                }
                (None, Lang::En) => format!(
                    "Map slot {}: J{}.{call} finds nothing ({}).",
                    t.slot + 1,
                    t.job,
                    t.none.map(|n| no_task(n, lang)).unwrap_or_default()
                ),
                (None, Lang::Zh) => format!(
                    "第 {} 个 map slot：J{}.{call} 没有找到任务（{}）。",
                    t.slot + 1,
                    t.job,
                    t.none.map(|n| no_task(n, lang)).unwrap_or_default()
                ),
            }
        }
        (Step::FifoReduce { job, assigned, why: w }, _) => match (assigned.and_then(|i| rec.assigned.get(i)), lang) {
            (Some(a), Lang::En) => {
                format!("J{job}.obtainNewReduceTask → launches {}: this heartbeat's one reduce.", short(a))
            }
            (Some(a), Lang::Zh) => format!("J{job}.obtainNewReduceTask → 启动 {}：本次心跳唯一的 reduce。", short(a)),
            (None, Lang::En) => {
                format!(
                    "J{job}.obtainNewReduceTask finds nothing ({}).",
                    w.as_ref().map(|w| why(w, lang)).unwrap_or_default()
                )
            }
            (None, Lang::Zh) => {
                format!(
                    "J{job}.obtainNewReduceTask 没有找到任务（{}）。",
                    w.as_ref().map(|w| why(w, lang)).unwrap_or_default()
                )
            }
        },
        (Step::FifoMapStop { stop }, _) => map_stop_text(*stop, lang),
        (Step::FifoReduceStop { stop }, l) => match (stop, l) {
            (ReduceStop::Assigned { job }, Lang::En) => {
                format!("Reduce assignment ends: J{job} got this heartbeat's one reduce.")
            }
            (ReduceStop::Assigned { job }, Lang::Zh) => format!("reduce 分配结束：J{job} 获得本次心跳唯一的 reduce。"),
            (ReduceStop::PaddingOnlyFirst { job }, Lang::En) => format!(
                "Reduce padding exceeded and J{job}, the first eligible job, had no reduce: no reduce this heartbeat."
            ),
            (ReduceStop::PaddingOnlyFirst { job }, Lang::Zh) => {
                format!("reduce padding 已超出，且第一个符合条件的作业 J{job} 没有可用 reduce：本次心跳不分配 reduce。")
            }
            (ReduceStop::NoTask, Lang::En) => "No job had a reduce for this tracker.".into(),
            (ReduceStop::NoTask, Lang::Zh) => "没有作业能为该节点提供 reduce。".into(),
            (ReduceStop::NoAvailableSlots, Lang::En) => "No reduce slot is available on this tracker.".into(),
            (ReduceStop::NoAvailableSlots, Lang::Zh) => "本节点没有可用的 reduce slot。".into(),
        },
        (Step::FairWaits { delta_ms, growth }, l) => {
            let each: Vec<String> =
                growth.iter().map(|g| format!("J{} {} → {}", g.job, secs(g.before_ms), secs(g.after_ms))).collect();
            match l {
                Lang::En => format!(
                    "updateLocalityWaitTimes: {} since the previous heartbeat is added to the wait of each job skipped then: {}.",
                    secs(*delta_ms),
                    each.join(", ")
                ),
                Lang::Zh => format!(
                    "updateLocalityWaitTimes：距上次心跳 {}，上次被跳过的作业等待时间都加上它：{}。",
                    secs(*delta_ms),
                    each.join("，")
                ),
            }
        }
        (Step::FairTurn { order, .. }, _) => pools_line(order, k, lang),
        (Step::FairPoolAtMax { pool, running, max }, Lang::En) => {
            format!("Pool {pool} runs {running} {k}s, its maximum of {max}: its jobs are not asked.")
        }
        (Step::FairPoolAtMax { pool, running, max }, Lang::Zh) => {
            format!("池 {pool} 正在运行 {running} 个 {k}，已达上限 {max}：不询问它的作业。")
        }
        (Step::FairJob { visit, .. }, _) => visit_text(visit, &rec.assigned, k, lang) + lang.pick(".", "。"),
        (Step::FairRejected { why: w }, _) => rejected_text(w, k, lang) + lang.pick(".", "。"),
        (Step::FairSkipped { jobs: j }, Lang::En) => format!(
            "{} asked for a map and launched none: skippedAtLastHeartbeat = true, so the next heartbeat adds its interval to their wait.",
            jobs(j)
        ),
        (Step::FairSkipped { jobs: j }, Lang::Zh) => {
            format!(
                "{} 被询问却没有启动 map：skippedAtLastHeartbeat = true，下次心跳会把间隔时间加到它们的等待时间上。",
                jobs(j)
            )
        }
        (Step::CapacityOrder { available, order }, l) => {
            let items: Vec<String> = order.iter().map(|s| standing(s, l)).collect();
            match l {
                Lang::En => format!(
                    "{available} free {k} slot(s): queues sorted by used/capacity (QueueComparator): {}.",
                    items.join(", ")
                ),
                Lang::Zh => format!(
                    "空闲 {k} slot {available} 个：按 已用/容量 排序的队列（QueueComparator）：{}。",
                    items.join("，")
                ),
            }
        }
        (Step::CapacityReservation { reservation }, _) => reservation_text(reservation, map, lang),
        (Step::CapacityQueueMax { queue, .. }, Lang::En) => {
            format!("Queue {queue} is at its maximum capacity: skipped.")
        }
        (Step::CapacityQueueMax { queue, .. }, Lang::Zh) => format!("队列 {queue} 已达最大容量，跳过。"),
        (Step::CapacityJob { visit, .. }, _) => verdict(visit.job, &visit.user, &visit.verdict, map, lang),
        (Step::CapacityStop { stop }, _) => match &rec.decision {
            Decision::Capacity(d) => phase_stop_text(*stop, map, d, lang),
            _ => String::new(),
        },
        (Step::Unlisted { count, group }, Lang::En) => match group {
            Some(g) => format!("{count} more jobs of {g} asked: nothing for this tracker."),
            None => format!("{count} more jobs asked: nothing for this tracker."),
        },
        (Step::Unlisted { count, group }, Lang::Zh) => match group {
            Some(g) => format!("又询问了 {g} 的 {count} 个作业：都没有适合本节点的任务。"),
            None => format!("又询问了 {count} 个作业：都没有适合本节点的任务。"),
        },
        (Step::End, Lang::En) => match rec.assigned.len() {
            0 => "After the heartbeat: no task launched.".into(),
            1 => "After the heartbeat: 1 task launched.".into(),
            n => format!("After the heartbeat: {n} tasks launched."),
        },
        (Step::End, Lang::Zh) => format!("心跳结束：共启动 {} 个任务。", rec.assigned.len()),
    }
}
