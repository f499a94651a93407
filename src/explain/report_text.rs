//! The heartbeat's task reports and the kills sent in its response, in English and Chinese:
//! what `JobTracker.heartbeat` did with the tracker's report (`updateTaskStatuses`) and the
//! `KillTaskAction`s of `getTasksToKill`, before the scheduler ran.

use super::lines::Lines;
use super::{HeartbeatRecord, KillReason};
use crate::i18n::Lang;
use crate::model::cluster::AttemptEnd;

/// Lines for the reports and the kills of one heartbeat.
pub fn render(r: &HeartbeatRecord, lang: Lang, out: &mut Lines) {
    for rep in &r.reported {
        let what = match (rep.outcome, lang) {
            (AttemptEnd::Succeeded, Lang::En) => "finished",
            (AttemptEnd::Failed, Lang::En) => "failed",
            (AttemptEnd::Killed, Lang::En) => "was killed",
            (AttemptEnd::Succeeded, Lang::Zh) => "已完成",
            (AttemptEnd::Failed, Lang::Zh) => "失败",
            (AttemptEnd::Killed, Lang::Zh) => "被杀死",
        };
        let why = match rep.kill {
            Some(k) => match lang {
                Lang::En => format!(" ({})", kill_reason(k, lang)),
                Lang::Zh => format!("（{}）", kill_reason(k, lang)),
            },
            None => String::new(),
        };
        out.push(match lang {
            Lang::En => {
                format!("{} reports {} {what}{why}; its slot is free for this heartbeat.", r.tracker, rep.attempt)
            }
            Lang::Zh => format!("{} 汇报 {} {what}{why}，其 slot 在本次心跳中即可重新分配。", r.tracker, rep.attempt),
        });
    }
    for k in &r.kills {
        out.push(match lang {
            Lang::En => format!(
                "The JobTracker tells {} to kill {}: {}. It keeps its slot until {} reports the kill at its next heartbeat.",
                r.tracker,
                k.attempt,
                kill_reason(k.reason, lang),
                r.tracker
            ),
            Lang::Zh => format!(
                "JobTracker 通知 {} 杀死 {}：{}。在 {} 下次心跳汇报之前，它仍占着 slot。",
                r.tracker,
                k.attempt,
                kill_reason(k.reason, lang),
                r.tracker
            ),
        });
    }
}

/// Why the JobTracker closed an attempt (`TaskInProgress.shouldClose`, `killTask`).
pub fn kill_reason(k: KillReason, lang: Lang) -> &'static str {
    let (en, zh) = match k {
        KillReason::TwinSucceeded => {
            ("another attempt of the same task succeeded first", "同一任务的另一个尝试先完成了（推测执行的竞争结束）")
        }
        KillReason::TipFailed => ("its task failed too many times", "其任务失败次数过多，任务已失败"),
        KillReason::JobSucceeded => ("its job has succeeded", "其作业已成功完成"),
        KillReason::JobFailed => ("its job has failed", "其作业已失败"),
        KillReason::JobKilled => ("its job was killed", "其作业已被杀死"),
        KillReason::Preempted => ("the Fair Scheduler preempted it", "被公平调度器抢占"),
        KillReason::TrackerLost => ("its tracker was lost", "其 TaskTracker 已丢失"),
    };
    lang.pick(en, zh)
}
