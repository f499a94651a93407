//! The Capacity Scheduler's decision record for one heartbeat: the queue order with
//! used/capacity before each lookup, each queue and job examined and why it was passed over
//! (maximum capacity, user limit, memory, locality wait, the off-switch limit), and what
//! happened to reservations. Rendered in words by `explain::capacity_text`.

use super::queue::LimitCalc;
use crate::model::RunState;
use crate::model::task_selection::NoTask;
use serde::Serialize;

/// A queue's standing when the list was sorted for a lookup.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueueStanding {
    pub queue: String,
    pub used: i32,
    pub capacity: i32,
    /// −1 = none.
    pub max_capacity: i32,
    pub ratio: f64,
    pub active_users: u32,
}

/// Why a job gave no task, or what it gave.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub enum JobVerdict {
    NotRunning {
        state: RunState,
    },
    /// `assignSlotsToQueue(type, slotsPerTask)` failed.
    MaxCapacity {
        used: i32,
        slots: i32,
        max: i32,
    },
    /// The user limit (`CapacitySchedulerQueue.assignSlotsToJob`).
    UserLimit {
        user: String,
        calc: LimitCalc,
    },
    /// Memory mismatch: the job's task does not fit the free slots; `reserved` says whether the
    /// tracker was reserved (ending the phase) and otherwise why not.
    Memory {
        slots: u32,
        free_slots: i64,
        job_mb: i64,
        free_mb: i64,
        reserved: bool,
        why_not: Option<String>,
    },
    /// Maps: nothing local, and the job has not missed enough opportunities for off-switch.
    LocalityWait {
        opportunities: u64,
        required_slots: u32,
        #[serde(serialize_with = "crate::sched::common::assignment::f32_as_decimal")]
        factor: f32,
    },
    /// Maps: nothing local, and this heartbeat already gave its off-switch map.
    OffSwitchUsed,
    /// The job itself had nothing (all running, slow start, ...).
    NoTask {
        detail: NoTask,
    },
    /// The job got a task.
    Assigned {
        task: String,
        off_switch: bool,
        user_limit: Option<LimitCalc>,
    },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobVisit {
    pub job: u32,
    pub user: String,
    pub verdict: JobVerdict,
}

/// How many job visits a heartbeat's record lists (besides the one that ends a lookup); the
/// others are counted in `unlisted`.
pub const VISIT_LINES: usize = 40;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QueueVisit {
    pub queue: String,
    /// `assignSlotsToQueue(type, 1)` failed: the queue is at its maximum capacity.
    pub at_max_capacity: bool,
    /// The jobs asked, in order, while the heartbeat's `VISIT_LINES` last, and always the one
    /// that ended the lookup.
    pub jobs: Vec<JobVisit>,
    /// Jobs asked (and passed over) but not listed, between the listed ones and the last.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub unlisted: u32,
    #[serde(skip)]
    budget: usize,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl QueueVisit {
    /// `budget`: how many passed-over jobs it may list.
    pub fn new(queue: &str, at_max_capacity: bool, budget: usize) -> QueueVisit {
        QueueVisit { queue: queue.to_string(), at_max_capacity, jobs: Vec::new(), unlisted: 0, budget }
    }
    /// Whether the next visit will be listed (if it is not the last).
    pub fn listing(&self) -> bool {
        self.budget > 0
    }
    /// What is left of the budget.
    pub fn budget_left(&self) -> usize {
        self.budget
    }
    /// Record a visit that passed over the job (listed while there is room).
    pub fn passed(&mut self, v: impl FnOnce() -> JobVisit) {
        if self.listing() {
            self.budget -= 1;
            self.jobs.push(v());
        } else {
            self.unlisted += 1;
        }
    }
    /// Record the visit that ended the walk: always listed.
    pub fn last(&mut self, v: JobVisit) {
        self.jobs.push(v);
    }
}

/// The reservation check at the start of a lookup.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "action")]
pub enum ReservationStep {
    /// The tracker is reserved and still too small: re-reserved, nothing for anyone else.
    Kept { job: u32, slots: u32, available: i32 },
    /// Enough slots now: the reservation is released and the job is asked first.
    Honoured { job: u32, slots: u32, available: i32, got_task: bool },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "result")]
pub enum LookupResult {
    Local {
        job: u32,
    },
    OffSwitch {
        job: u32,
    },
    NoTask,
    /// TASK_FAILING_MEMORY_REQUIREMENT: the phase stops.
    Memory {
        job: u32,
        new_reservation: bool,
    },
}

/// One `TaskSchedulingMgr.assignTasks` call.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lookup {
    pub available: i32,
    pub order: Vec<QueueStanding>,
    pub reservation: Option<ReservationStep>,
    pub queues: Vec<QueueVisit>,
    pub result: LookupResult,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseStop {
    NoFreeSlots,
    Filled,
    NoTask,
    MemoryBlocked,
    MaxTasksPerHeartbeat,
    OffSwitchLimit,
    /// One reduce per heartbeat.
    OneReduce,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Phase {
    pub available: i32,
    pub lookups: Vec<Lookup>,
    pub stop: PhaseStop,
}

/// The whole record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapacityDecision {
    /// The scheduler could not start (configuration error): nothing is scheduled.
    pub start_error: Option<String>,
    pub map_cluster_capacity: i32,
    pub reduce_cluster_capacity: i32,
    pub map: Phase,
    pub reduce: Phase,
    /// Reservations released or made during this heartbeat, in words-ready form.
    pub max_tasks_per_heartbeat: i32,
    pub max_tasks_after_offswitch: i32,
}
