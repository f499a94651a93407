//! How the JobTracker ends attempts it no longer wants, mirroring `TaskInProgress.shouldClose`,
//! `TaskInProgress.killTask` (`tasksToKill`), `JobTracker.getTasksToKill` and
//! `JobInProgress.kill` / `fail` (`terminate`). An attempt to close keeps running, and keeps its
//! slot, until its tracker's next heartbeat: the response carries a `KillTaskAction`, and the
//! tracker reports the attempt KILLED at the heartbeat after
//! (`src/mapred/org/apache/hadoop/mapred/TaskInProgress.java`, `JobTracker.java`; the same under
//! every scheduler, preemption included). Hadoop's unit-test harnesses differ, as `KillDelivery`
//! states.

use super::*;
use crate::model::task::KillReason;

/// How kills reach the trackers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum KillDelivery {
    /// The real JobTracker: the kill goes out in the tracker's next heartbeat response, and the
    /// slot is free once the tracker reports the attempt KILLED, at the heartbeat after.
    #[default]
    NextHeartbeat,
    /// `TestFairScheduler`'s fake tracker manager: a killed attempt ends at once.
    AtOnce,
    /// `TestCapacityScheduler`'s harness: the JobTracker closes nothing; an attempt ends only
    /// when a step finishes it (its slot stays busy until then).
    ByStep,
}

/// A kill sent to a tracker in a heartbeat response.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct KillSent {
    pub attempt: AttemptId,
    pub reason: KillReason,
}

impl Cluster {
    /// `TaskInProgress.shouldClose` and `tasksToKill`: why this running attempt must go, if it
    /// must.
    pub fn close_reason(&self, r: &RunningTask) -> Option<KillReason> {
        if let Some(k) = r.kill_requested {
            return Some(k);
        }
        let a = r.attempt;
        let job = self.jobs.get(&JobId(a.job))?;
        let tip = job.tips(a.kind).get(a.index as usize)?;
        match job.state {
            _ if tip.complete => Some(KillReason::TwinSucceeded),
            RunState::Succeeded => Some(KillReason::JobSucceeded),
            RunState::Failed => Some(KillReason::JobFailed),
            RunState::Killed => Some(KillReason::JobKilled),
            _ if tip.failed => Some(KillReason::TipFailed),
            RunState::Prep | RunState::Running => None,
        }
    }

    /// `JobTracker.getTasksToKill(tracker)` in tracker `ti`'s heartbeat response: every attempt
    /// on it that must close and was not yet told. They keep their slots until reported.
    pub fn deliver_kills(&mut self, ti: usize) -> Vec<KillSent> {
        if self.conf.kill_delivery != KillDelivery::NextHeartbeat {
            return Vec::new();
        }
        let todo: Vec<(usize, KillReason)> = self.trackers[ti]
            .running
            .iter()
            .enumerate()
            .filter(|(_, r)| r.kill_sent.is_none())
            .filter_map(|(i, r)| self.close_reason(r).map(|k| (i, k)))
            .collect();
        if todo.is_empty() {
            return Vec::new();
        }
        let t = &mut self.trackers[ti];
        todo.into_iter()
            .map(|(i, reason)| {
                t.running[i].kill_sent = Some(reason);
                KillSent { attempt: t.running[i].attempt, reason }
            })
            .collect()
    }

    /// `TaskInProgress.killTask(attempt)`: the JobTracker decides to kill a running attempt
    /// (preemption). It is told at its tracker's next heartbeat, or ends at once under the Fair
    /// unit-test harness.
    pub fn request_kill(&mut self, aid: AttemptId, reason: KillReason) -> Result<(), String> {
        if self.conf.kill_delivery == KillDelivery::AtOnce {
            return self.end_attempt(aid, AttemptEnd::Killed).map(|_| ());
        }
        let tracker = self
            .jobs
            .get(&JobId(aid.job))
            .and_then(|j| j.tips(aid.kind).get(aid.index as usize))
            .and_then(|t| t.active.iter().find(|a| a.attempt == aid.attempt))
            .map(|a| a.tracker.clone())
            .ok_or_else(|| format!("attempt {aid} is not running"))?;
        let ti = self.tracker_index(&tracker).ok_or_else(|| format!("no tracker {tracker}"))?;
        let pos = self.trackers[ti]
            .running
            .iter()
            .position(|r| r.attempt == aid)
            .ok_or_else(|| format!("attempt {aid} is not on {tracker}"))?;
        if self.trackers[ti].running[pos].kill_requested.is_none() {
            self.trackers[ti].running[pos].kill_requested = Some(reason);
        }
        Ok(())
    }

    /// Under the Fair unit-test harness (`KillDelivery::AtOnce`): end every attempt that must
    /// close, now. Nothing to do otherwise.
    pub fn close_now(&mut self) -> Vec<KillSent> {
        let mut out = Vec::new();
        if self.conf.kill_delivery != KillDelivery::AtOnce {
            return out;
        }
        loop {
            let next = self
                .trackers
                .iter()
                .flat_map(|t| t.running.iter())
                .find_map(|r| self.close_reason(r).map(|reason| KillSent { attempt: r.attempt, reason }));
            let Some(k) = next else { break };
            if self.end_attempt(k.attempt, AttemptEnd::Killed).is_err() {
                break;
            }
            out.push(k);
        }
        out
    }

    /// `JobInProgress.kill()` / `fail()`: the job becomes KILLED or FAILED (its cleanup task is
    /// not modelled) and every attempt it still runs is closed at its tracker's next heartbeat.
    pub fn terminate(&mut self, id: JobId, to: RunState) {
        self.set_state(id, to);
        self.close_now();
    }
}
