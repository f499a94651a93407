//! The FIFO part of the heartbeat record: the load-factor and padding arithmetic, why map
//! and reduce assignment stopped, and what each job got.

use crate::model::task_selection::NoTask;
use crate::sched::common::assignment::{JobLine, Why};
use serde::Serialize;

/// Load-factor arithmetic for one task type (the remaining load, the load factor and the
/// tracker's current capacity of `JobQueueTaskScheduler.assignTasks`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoadCalc {
    /// Σ (desired − finished) over RUNNING jobs (reduces: only jobs past slow start).
    pub remaining_load: u64,
    pub cluster_capacity: u32,
    pub load_factor: f64,
    pub tracker_capacity: u32,
    /// `min(ceil(loadFactor × trackerCapacity), trackerCapacity)`.
    pub tracker_current_capacity: u32,
    pub tracker_running: u32,
    /// Maps: current capacity − running. Reduces: that, capped at 1.
    pub available: i64,
}

/// `exceededPadding(isMap, clusterStatus, maxTaskTrackerSlots)` and its arithmetic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaddingCheck {
    /// Cluster-wide running tasks of this type.
    pub total_tasks: u32,
    pub total_capacity: u32,
    pub num_trackers: u32,
    #[serde(serialize_with = "crate::sched::common::assignment::f32_as_decimal")]
    pub pad_fraction: f32,
    /// Σ desired tasks of RUNNING jobs with reduces, up to the job that tripped the check.
    pub total_needed: u64,
    pub padding: u32,
    /// The job at which `totalTasks + padding >= capacity` held.
    pub tripped_by: Option<u32>,
    pub exceeded: bool,
    /// No RUNNING job with reduces: the check cannot trip (map-only jobs are ignored).
    pub no_eligible_job: bool,
}

/// Why the map loop of `JobQueueTaskScheduler.assignTasks` ended.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "stop")]
pub enum MapStop {
    /// The tracker's current capacity leaves no free map slot.
    NoAvailableSlots,
    /// Every available slot was filled.
    Filled,
    /// Padding was exceeded, so the first map ended assignment.
    PaddingExceeded { job: u32 },
    /// A non-local (off-switch, location-less or speculative) map ended assignment.
    OffSwitch { job: u32 },
    /// No job had a map for this tracker.
    NoTask,
}

#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "stop")]
pub enum ReduceStop {
    NoAvailableSlots,
    Assigned {
        job: u32,
    },
    /// Reduce padding exceeded: only the first eligible job may get a reduce.
    PaddingOnlyFirst {
        job: u32,
    },
    NoTask,
}

/// One `obtainNew*MapTask` call made while filling slot `slot`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct MapTry {
    pub slot: u32,
    pub job: u32,
    /// `"local"` (obtainNewNodeOrRackLocalMapTask) or `"non_local"` (obtainNewNonLocalMapTask).
    pub call: &'static str,
    /// Index into `assigned`, when it produced a task.
    pub assigned: Option<usize>,
    pub none: Option<NoTask>,
}

/// What each job got, and why it got no more.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobOutcome {
    pub job: u32,
    pub maps: u32,
    pub reduce: bool,
    pub map_why: Option<Why>,
    pub reduce_why: Option<Why>,
}

/// The FIFO part of the heartbeat record.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FifoDecision {
    /// The head of the job queue (at most `QUEUE_LINES` jobs).
    pub queue: Vec<JobLine>,
    /// How many jobs the queue holds in all.
    pub queue_len: usize,
    pub num_trackers: u32,
    pub cluster_running_maps: u32,
    pub cluster_running_reduces: u32,
    pub map: LoadCalc,
    pub reduce: LoadCalc,
    pub map_padding: Option<PaddingCheck>,
    pub reduce_padding: Option<PaddingCheck>,
    pub map_tries: Vec<MapTry>,
    pub map_stop: MapStop,
    pub reduce_stop: ReduceStop,
    /// Jobs asked for the reduce (`obtainNewReduceTask` called, nothing given) that `jobs`
    /// does not list: past the first `QUEUE_LINES` of the queue and given no task.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub reduce_unlisted: u32,
    pub jobs: Vec<JobOutcome>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}
