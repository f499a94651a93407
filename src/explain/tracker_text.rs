//! Trackers that joined or were lost since the previous heartbeat, in English and Chinese:
//! `JobTracker.addNewTracker`, the `ExpireTrackers` thread and `lostTaskTracker`, and what the
//! scheduler of the run does with the new cluster size.

use super::lines::Lines;
use super::{ClusterSize, Decision, HeartbeatRecord, TrackerChange};
use crate::i18n::Lang;
use crate::model::AttemptId;

fn secs(ms: i64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn list(a: &[AttemptId], lang: Lang) -> String {
    let v: Vec<String> = a.iter().map(|x| x.to_string()).collect();
    v.join(lang.pick(", ", "，"))
}

fn plural(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

fn size(s: &ClusterSize, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "the cluster now has {}, {} and {}",
            plural(s.trackers, "tracker", "trackers"),
            plural(s.map_slots, "map slot", "map slots"),
            plural(s.reduce_slots, "reduce slot", "reduce slots")
        ),
        Lang::Zh => format!(
            "集群现有 {} 个 TaskTracker，{} 个 map slot 和 {} 个 reduce slot",
            s.trackers, s.map_slots, s.reduce_slots
        ),
    }
}

/// What the run's scheduler does with a new cluster size: FIFO reads the cluster status in
/// `JobQueueTaskScheduler.assignTasks`, Capacity in `CapacityTaskScheduler.updateAllQueues`,
/// Fair in `FairScheduler.update`.
fn scheduler_note(d: &Decision, lang: Lang) -> &'static str {
    match d {
        Decision::Fifo(_) | Decision::LimitTasksPerJob(_) => lang.pick(
            "The scheduler reads the cluster's trackers and capacity at every heartbeat: this one already uses the new totals.",
            "调度器每次心跳都读取集群的 TaskTracker 数和容量：本次心跳已使用新的总数。",
        ),
        Decision::Capacity(_) => lang.pick(
            "The Capacity Scheduler recomputes every queue's capacity from the cluster's slots at each heartbeat, starting with this one.",
            "容量调度器在每次心跳时按集群 slot 总数重新计算各队列容量，从本次心跳开始。",
        ),
        Decision::Fair(_) => lang.pick(
            "The Fair Scheduler's fair shares use the new slot totals from its next update(); its load caps read them at every heartbeat.",
            "公平调度器的公平份额从下一次 update() 起使用新的 slot 总数；负载上限每次心跳都会读取。",
        ),
        Decision::Spark(_) => lang.pick(
            "Spark has no TaskTrackers: executors join through offers, and each round reads the executors offered.",
            "Spark 没有 TaskTracker：executor 通过资源 offer 加入，每一轮只读取本轮提供的 executor。",
        ),
    }
}

/// Lines for the tracker changes recorded with this heartbeat.
pub fn render(r: &HeartbeatRecord, lang: Lang, out: &mut Lines) {
    for c in &r.tracker_changes {
        out.push(match (c, lang) {
            (TrackerChange::Joined { tracker, host, rack, at_ms, map_slots, reduce_slots, rejoined, after }, Lang::En) => {
                format!(
                    "{tracker} ({host}, {rack}) {} at {} with {} and {}: {}.",
                    if *rejoined { "joined again after it was lost (it starts empty)" } else { "joined the cluster" },
                    secs(*at_ms),
                    plural(*map_slots, "map slot", "map slots"),
                    plural(*reduce_slots, "reduce slot", "reduce slots"),
                    size(after, lang)
                )
            }
            (TrackerChange::Joined { tracker, host, rack, at_ms, map_slots, reduce_slots, rejoined, after }, Lang::Zh) => {
                format!(
                    "{tracker}（{host}，{rack}）在 {} {}，带来 {map_slots} 个 map slot 和 {reduce_slots} 个 reduce slot：{}。",
                    secs(*at_ms),
                    if *rejoined { "丢失后重新加入（从空开始）" } else { "加入集群" },
                    size(after, lang)
                )
            }
            (TrackerChange::Lost { tracker, host, at_ms, last_seen_ms, expiry_ms, killed, lost_outputs, after, .. }, _) => {
                lost(tracker, host, *at_ms, *last_seen_ms, *expiry_ms, killed, lost_outputs, after, lang)
            }
        });
    }
    if !r.tracker_changes.is_empty() {
        out.push(scheduler_note(&r.decision, lang).to_string());
    }
}

#[allow(clippy::too_many_arguments)]
fn lost(
    tracker: &str,
    host: &str,
    at: i64,
    last_seen: i64,
    expiry: Option<i64>,
    killed: &[AttemptId],
    lost_outputs: &[AttemptId],
    after: &ClusterSize,
    lang: Lang,
) -> String {
    let mut s = match (expiry, lang) {
        (Some(e), Lang::En) => format!(
            "{tracker} was declared lost at {}: no heartbeat since {}, longer than mapred.tasktracker.expiry.interval ({}).",
            secs(at),
            secs(last_seen),
            secs(e)
        ),
        (None, Lang::En) => {
            format!("{tracker} was declared lost at {} (last heard from at {}).", secs(at), secs(last_seen))
        }
        (Some(e), Lang::Zh) => format!(
            "{tracker} 在 {} 被判定丢失：自 {} 起没有心跳，超过了 mapred.tasktracker.expiry.interval（{}）。",
            secs(at),
            secs(last_seen),
            secs(e)
        ),
        (None, Lang::Zh) => format!("{tracker} 在 {} 被判定丢失（最后一次联系在 {}）。", secs(at), secs(last_seen)),
    };
    if !killed.is_empty() {
        s.push_str(&match (lang, killed.len()) {
            (Lang::En, 1) => {
                format!(" Its running attempt {} was killed; its task will run elsewhere.", list(killed, lang))
            }
            (Lang::En, _) => {
                format!(" Its running attempts {} were killed; their tasks will run elsewhere.", list(killed, lang))
            }
            (Lang::Zh, _) => format!("它上面正在运行的尝试 {} 被杀死，这些任务将在别处重新运行。", list(killed, lang)),
        });
    }
    if !lost_outputs.is_empty() {
        s.push_str(&match (lang, lost_outputs.len()) {
            (Lang::En, 1) => format!(
                " The map output of {} was on it and its job's reduces still need it: the map runs again.",
                list(lost_outputs, lang)
            ),
            (Lang::En, _) => format!(
                " The map outputs of {} were on it and their jobs' reduces still need them: those maps run again.",
                list(lost_outputs, lang)
            ),
            (Lang::Zh, _) => format!(
                "{} 的 map 输出保存在它上面，而作业的 reduce 仍需要它们：这些 map 将重新运行。",
                list(lost_outputs, lang)
            ),
        });
    }
    if !killed.is_empty() || !lost_outputs.is_empty() {
        s.push_str(&match lang {
            Lang::En => format!(" Every running job that had a task there counts one failure on {host}."),
            Lang::Zh => format!("每个在它上面有过任务、仍在运行的作业，在 {host} 上各记一次失败。"),
        });
    }
    s.push_str(&match lang {
        Lang::En => format!(" Its slots leave the cluster: {}.", size(after, lang)),
        Lang::Zh => format!("它的 slot 离开集群：{}。", size(after, lang)),
    });
    s
}
