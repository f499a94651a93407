//! `FairDecision`: what one `FairScheduler.assignTasks` call saw and did, as data (rendered in
//! English and Chinese by `explain::fair_text`). It follows the method's own structure: the
//! preamble (cluster totals, `updateLocalityWaitTimes`, `maxTasksToAssign`, the load cap), one
//! entry per turn of the main loop (pools in `FairShareComparator` order, every job visited with
//! its allowed locality level and why it launched nothing), the epilogue (jobs marked skipped),
//! and what the update thread preempted since the previous heartbeat.

use super::allocs::SchedulingMode;
use super::delay::{Allowed, LocalityLevel, WaitGrowth};
use super::load_manager::CapCheck;
use crate::model::task_selection::NoTask;
use crate::model::{AttemptId, Millis, TaskType};
use serde::Serialize;

/// A pool as the comparator saw it (one task type).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolLine {
    pub pool: String,
    pub mode: SchedulingMode,
    pub running: i64,
    pub demand: i64,
    pub min_share: i64,
    /// `None` = unlimited.
    pub max_share: Option<i64>,
    pub fair_share: f64,
    pub weight: f64,
    /// Below its demand-capped min share.
    pub needy: bool,
}

/// A job with its Fair Scheduler state at the start of the heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FairJobLine {
    pub job: u32,
    pub pool: String,
    pub runnable: bool,
    pub running_maps: i64,
    pub demand_maps: i64,
    pub fair_share_maps: f64,
    pub running_reduces: i64,
    pub demand_reduces: i64,
    pub fair_share_reduces: f64,
    pub weight_maps: f64,
    pub last_map_locality_level: LocalityLevel,
    pub time_waited_ms: Millis,
}

/// How the main loop of `FairScheduler.assignTasks` chose the task type of a turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "rule")]
pub enum TypeChoice {
    /// Maps were already rejected.
    OnlyReduces,
    /// Reduces were already rejected.
    OnlyMaps,
    /// `countMapTasks + mapsAssigned ≤ countReduceTasks + reducesAssigned` → MAP (ties go to MAP).
    Balance { maps: i64, reduces: i64 },
}

/// One job asked for a task (`JobSchedulable.assignTask`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobVisit {
    pub job: u32,
    /// Not runnable (user / pool running-job limit, or not RUNNING): not visited, no wait.
    pub runnable: bool,
    /// Maps only.
    pub allowed: Option<Allowed>,
    /// The `JobInProgress` call made.
    pub call: Option<&'static str>,
    /// Index into the heartbeat's assignments, if it produced a task.
    pub assigned: Option<usize>,
    pub none: Option<NoTask>,
    /// The launched map's level, which becomes `lastMapLocalityLevel`.
    pub new_level: Option<LocalityLevel>,
}

/// How many job visits (besides those that launched a task) a record lists in all, and how
/// many job / pool lines it keeps.
pub const VISIT_LINES: usize = 40;
pub const JOB_LINES: usize = 40;
pub const POOL_LINES: usize = 40;

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// One pool asked in a turn.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolVisit {
    pub pool: String,
    /// At its maxMaps / maxReduces: its jobs are not asked.
    pub at_max: Option<(i64, i64)>,
    /// Jobs in the order the pool sorted them (FIFO or fair), as far as they were asked: while
    /// the heartbeat's `VISIT_LINES` last, and always the one that launched a task.
    pub jobs: Vec<JobVisit>,
    /// Jobs asked (without a task) but not listed.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unlisted: u32,
}

/// One turn of the main loop.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Turn {
    /// The task type offered in this turn (`"map"` or `"reduce"` in JSON).
    pub kind: TaskType,
    pub choice: TypeChoice,
    /// The pools of that type in comparator order (live running counts at this turn), at most
    /// `POOL_LINES`.
    pub order: Vec<PoolLine>,
    pub visits: Vec<PoolVisit>,
    pub assigned: Option<usize>,
}

/// Why a task type stopped being offered in this heartbeat (the checks at the top of a turn of
/// `FairScheduler.assignTasks`, and a turn that found no task).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "why")]
pub enum Rejected {
    /// `assigned == capacity` (`maxTasksToAssign`).
    Capacity { assigned: i64, capacity: i64 },
    /// Cluster-wide running == demand: every wanted task already runs.
    AllRunning { running: i64, demand: i64 },
    /// The load manager's per-tracker cap.
    LoadCap { running: i64, assigned: i64, cap: i64 },
    /// No pool produced a task in a turn.
    NoTask,
}

/// One task the update thread (or a `fair_preempt` step) killed, or would kill in log-only mode.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Preempted {
    pub attempt: AttemptId,
    pub tracker: String,
    pub pool: String,
    pub started_ms: Millis,
}

/// One pool's share of a preemption check (`tasksToPreempt`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolDue {
    pub pool: String,
    pub kind: &'static str,
    pub running: i64,
    pub min_share_target: i64,
    pub fair_share: f64,
    pub starved_min_ms: Millis,
    pub starved_fair_ms: Millis,
    pub due_min: i64,
    pub due_fair: i64,
}

/// A preemption check that found work (`preemptTasksIfNecessary`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PreemptionCheck {
    pub time_ms: Millis,
    pub kind: &'static str,
    pub to_preempt: i64,
    pub only_log: bool,
    pub due: Vec<PoolDue>,
    pub killed: Vec<Preempted>,
    /// The kills wait for each tracker's next heartbeat (a real JobTracker), rather than ending
    /// the attempts at once (the unit-test harness).
    pub kill_at_next_heartbeat: bool,
}

/// The Fair Scheduler's part of a heartbeat record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FairDecision {
    pub time_ms: Millis,
    /// Previous heartbeat (any tracker); `None` when the scheduler's clock sentinel was 0.
    pub previous_heartbeat_ms: Option<Millis>,
    pub delta_ms: Millis,
    pub wait_growth: Vec<WaitGrowth>,
    pub node_delay_ms: Millis,
    pub rack_delay_ms: Millis,
    pub auto_delay: bool,
    pub runnable_maps: i64,
    pub running_maps: i64,
    pub total_map_slots: i64,
    pub runnable_reduces: i64,
    pub running_reduces: i64,
    pub total_reduce_slots: i64,
    pub tracker_maps: i64,
    pub tracker_reduces: i64,
    pub assign_multiple: bool,
    pub map_capacity: i64,
    pub reduce_capacity: i64,
    pub map_cap: CapCheck,
    pub reduce_cap: CapCheck,
    /// Job lines by job id: the first `JOB_LINES` jobs, then any other job visited for a map,
    /// each as it stood at the start of the heartbeat.
    pub jobs: Vec<FairJobLine>,
    /// How many jobs the scheduler knows (`jobs` may list fewer).
    pub jobs_total: usize,
    pub turns: Vec<Turn>,
    pub map_rejected: Option<Rejected>,
    pub reduce_rejected: Option<Rejected>,
    /// Jobs visited for a map that launched none: `skippedAtLastHeartbeat = true`.
    pub skipped: Vec<u32>,
    /// Jobs whose `lastMapLocalityLevel` / wait the heartbeat ended with, for the visited jobs.
    pub after: Vec<(u32, LocalityLevel, Millis)>,
    /// Preemption checks since the previous heartbeat.
    pub preemptions: Vec<PreemptionCheck>,
    /// `update()` runs since the previous heartbeat.
    pub updates_since_last: u64,
}
