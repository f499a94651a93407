//! Tasks and attempts, mirroring `org.apache.hadoop.mapred.TaskInProgress` (a "TIP") and
//! `TaskAttemptID`.

use super::Millis;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::fmt;

/// `TaskInProgress.MAX_TASK_EXECS`: at most this many concurrent extra attempts.
pub const MAX_TASK_EXECS: u32 = 1;
/// `TaskInProgress.SPECULATIVE_GAP`: a `double` in Hadoop, so the gap test is in double.
pub const SPECULATIVE_GAP: f64 = 0.2;
/// `TaskInProgress.SPECULATIVE_LAG` in ms.
pub const SPECULATIVE_LAG: Millis = 60_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum TaskType {
    Map,
    Reduce,
}

impl TaskType {
    pub fn letter(self) -> char {
        match self {
            TaskType::Map => 'm',
            TaskType::Reduce => 'r',
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            TaskType::Map => "map",
            TaskType::Reduce => "reduce",
        }
    }
}

/// Locality class of a launched map (as `JobInProgress.logAndIncreJobCounters` counts it,
/// `src/mapred/org/apache/hadoop/mapred/JobInProgress.java`): node-local = level 0, rack-local = level 1,
/// off-switch = anything further.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Locality {
    #[serde(rename = "node")]
    Node,
    #[serde(rename = "rack")]
    Rack,
    #[serde(rename = "off-switch")]
    OffSwitch,
}

impl Locality {
    pub fn from_level(level: u32) -> Locality {
        match level {
            0 => Locality::Node,
            1 => Locality::Rack,
            _ => Locality::OffSwitch,
        }
    }
    /// The letter shown in a slot (also readable without colour).
    pub fn letter(self) -> char {
        match self {
            Locality::Node => 'N',
            Locality::Rack => 'R',
            Locality::OffSwitch => 'O',
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            Locality::Node => "node",
            Locality::Rack => "rack",
            Locality::OffSwitch => "off-switch",
        }
    }
    pub fn parse(s: &str) -> Option<Locality> {
        match s {
            "node" | "N" | "node-local" => Some(Locality::Node),
            "rack" | "R" | "rack-local" => Some(Locality::Rack),
            "off-switch" | "off" | "O" | "offswitch" => Some(Locality::OffSwitch),
            _ => None,
        }
    }
}

impl fmt::Display for TaskType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Locality {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// `TaskAttemptID`: job, type, task index, attempt number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct AttemptId {
    pub job: u32,
    #[serde(rename = "type")]
    pub kind: TaskType,
    pub index: u32,
    pub attempt: u32,
}

impl AttemptId {
    /// `attempt_<jt>_<job:4>_<m|r>_<task:6>_<attempt>` as Hadoop prints it.
    pub fn hadoop_string(&self, jt: &str) -> String {
        format!("attempt_{jt}_{:04}_{}_{:06}_{}", self.job, self.kind.letter(), self.index, self.attempt)
    }
}

impl fmt::Display for AttemptId {
    /// The short form used in scenarios and the UI: `J1 m0#0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "J{} {}{}#{}", self.job, self.kind.letter(), self.index, self.attempt)
    }
}

/// Why the JobTracker closes a running attempt: `TaskInProgress.shouldClose` (the TIP or the job
/// is over) or an explicit `killTask` (`tasksToKill`). The kill travels to the attempt's tracker
/// in its next heartbeat response (`KillTaskAction`); the tracker reports the attempt KILLED in
/// the heartbeat after, and only then is its slot free.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum KillReason {
    /// Another attempt of the same TIP succeeded first (the speculative race is over).
    TwinSucceeded,
    /// The TIP failed permanently (too many failed attempts).
    TipFailed,
    /// The job succeeded, failed or was killed while the attempt ran.
    JobSucceeded,
    JobFailed,
    JobKilled,
    /// The Fair Scheduler preempted it (`preemptTasks` → `killTask`).
    Preempted,
    /// Its tracker was declared lost (`JobTracker.lostTaskTracker`).
    TrackerLost,
}

impl KillReason {
    pub fn as_str(self) -> &'static str {
        match self {
            KillReason::TwinSucceeded => "twin_succeeded",
            KillReason::TipFailed => "tip_failed",
            KillReason::JobSucceeded => "job_succeeded",
            KillReason::JobFailed => "job_failed",
            KillReason::JobKilled => "job_killed",
            KillReason::Preempted => "preempted",
            KillReason::TrackerLost => "tracker_lost",
        }
    }
}

/// One running attempt of a TIP (`TaskInProgress.activeTasks`).
#[derive(Debug, Clone, Serialize)]
pub struct ActiveAttempt {
    pub attempt: u32,
    pub tracker: String,
    pub host: String,
    pub launch_time: Millis,
    /// Locality level on its tracker (maps only).
    pub level: Option<u32>,
    pub progress: f32,
    pub speculative: bool,
}

/// `TaskInProgress`: one map or reduce with its attempts.
#[derive(Debug, Clone, Serialize)]
pub struct Tip {
    pub kind: TaskType,
    pub index: u32,
    /// Split-location hosts (maps); empty for reduces and location-less maps. Shared: they
    /// never change, so copying a TIP (a job copied on write for history) does not copy them.
    pub locations: std::sync::Arc<[String]>,
    /// Nominal run time in automatic mode.
    pub duration_ms: Millis,
    pub active: Vec<ActiveAttempt>,
    /// Next attempt number (`nextTaskId`).
    pub next_attempt: u32,
    pub num_failures: u32,
    pub num_killed: u32,
    /// `machinesWhereFailed`: hosts where an attempt FAILED.
    pub failed_hosts: BTreeSet<String>,
    pub complete: bool,
    /// The TIP failed permanently (Hadoop "kills" the TIP).
    pub failed: bool,
    /// `TaskInProgress.startTime`: set when the TIP is built at job initialisation.
    pub start_time: Millis,
    pub finish_time: Option<Millis>,
    /// The successful attempt and its tracker (index): a map's output lives there, and is lost
    /// with it (`JobTracker.lostTaskTracker`).
    pub success: Option<Success>,
}

/// `TaskInProgress.successfulTaskid` and the tracker that ran it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Success {
    pub attempt: u32,
    pub tracker: u32,
}

impl Tip {
    pub fn new(kind: TaskType, index: u32, locations: Vec<String>, duration_ms: Millis) -> Tip {
        Tip {
            kind,
            index,
            locations: locations.into(),
            duration_ms,
            active: Vec::new(),
            next_attempt: 0,
            num_failures: 0,
            num_killed: 0,
            failed_hosts: BTreeSet::new(),
            complete: false,
            failed: false,
            start_time: 0,
            finish_time: None,
            success: None,
        }
    }

    /// `isRunning()`: there is an active attempt.
    pub fn is_running(&self) -> bool {
        !self.active.is_empty()
    }

    /// `isRunnable()`: not failed permanently and not complete.
    pub fn is_runnable(&self) -> bool {
        !self.failed && !self.complete
    }

    /// `hasFailedOnMachine(host)`.
    pub fn has_failed_on(&self, host: &str) -> bool {
        self.failed_hosts.contains(host)
    }

    /// `hasRunOnMachine(host, tracker)`: an active attempt on this tracker, or failed on this host.
    pub fn has_run_on(&self, host: &str, tracker: &str) -> bool {
        self.active.iter().any(|a| a.tracker == tracker) || self.has_failed_on(host)
    }

    /// `recomputeProgress()` / `getProgress()`: 1 when complete, 0 when failed, otherwise the
    /// best progress of the running attempts (0 with none).
    pub fn progress(&self) -> f32 {
        if self.complete {
            1.0
        } else if self.failed {
            0.0
        } else {
            self.active.iter().map(|a| a.progress).fold(0.0, f32::max)
        }
    }

    /// `hasSpeculativeTask(now, avgProgress)` (record skipping and COMMIT_PENDING are not modelled).
    /// Hadoop's `averageProgress` and `TaskInProgress.progress` are doubles holding float values
    /// (the job's float progress sums, an attempt's float `TaskStatus.getProgress()`), so both are
    /// widened to `f64` before subtracting: a float gap of 0.2 may be 0.19999999925 in double.
    pub fn has_speculative_task(&self, now: Millis, avg_progress: f32) -> bool {
        self.active.len() as u32 <= MAX_TASK_EXECS
            && f64::from(avg_progress) - f64::from(self.progress()) >= SPECULATIVE_GAP
            && now - self.start_time >= SPECULATIVE_LAG
            && !self.complete
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn running_at(progress: f32) -> Tip {
        let mut tip = Tip::new(TaskType::Reduce, 0, Vec::new(), 0);
        tip.active.push(ActiveAttempt {
            attempt: 0,
            tracker: "tt1".into(),
            host: "h1".into(),
            launch_time: 0,
            level: None,
            progress,
            speculative: false,
        });
        tip
    }

    #[test]
    fn the_gap_is_compared_in_double() {
        // 0.25f - 0.05f is exactly 0.2f in float, but 0.25 - 0.05000000074505806 is
        // 0.19999999925 in double: Hadoop does not speculate.
        assert!(0.25f32 - 0.05f32 >= 0.2f32);
        assert!(!running_at(0.05).has_speculative_task(SPECULATIVE_LAG, 0.25));
        assert!(running_at(0.0).has_speculative_task(SPECULATIVE_LAG, 0.25));
        assert!(running_at(0.04).has_speculative_task(SPECULATIVE_LAG, 0.25));
    }
}
