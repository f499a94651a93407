//! The Capacity harness's checks (`docs/scenario-format.md`, "Capacity steps"), after the
//! assertions of `TestCapacityScheduler`
//! (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`):
//! used capacity, capacity in slots, the "Scheduling Information" texts, memory reserved for
//! tasks, queue and job orders, the job lists and the initialisation poller, reservations,
//! `getJobs`, pending counts, the start-up error and the memory settings. Read once;
//! `sim::scripted::capacity` evaluates them.

use super::Fields;
use crate::model::{RunState, TaskType};
use serde_json::Value;

/// One of a queue's job lists (`JobQueuesManager`'s waiting, initializing and running jobs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JobListName {
    Waiting,
    Initializing,
    Running,
}

impl JobListName {
    pub const ALL: [JobListName; 3] = [JobListName::Waiting, JobListName::Initializing, JobListName::Running];

    pub fn as_str(self) -> &'static str {
        match self {
            JobListName::Waiting => "waiting",
            JobListName::Initializing => "initializing",
            JobListName::Running => "running",
        }
    }
}

/// One Capacity check.
#[derive(Debug, Clone, PartialEq)]
pub enum CapacityCheck {
    /// `expect_used`: the "Used capacity: N (P% of Capacity)" line after a refresh.
    Used { queue: String, kind: TaskType, text: String },
    /// `expect_capacity`: the queue's capacity in slots.
    Capacity { queue: String, kind: TaskType, slots: i64 },
    /// `expect_info`: every line of the queue's scheduling information.
    Info { queue: String, lines: Vec<String> },
    /// `expect_info_lines`: how many lines, and some of them by number.
    InfoLines { queue: String, count: Option<u64>, at: Vec<(String, Value)> },
    /// `expect_sched_info`: a job's scheduling-info text and its six numbers.
    SchedInfo { job: u32, text: Option<String>, values: Option<Vec<i64>> },
    /// `expect_mem`: `getMemReservedForTasks` on a tracker.
    Mem { tracker: String, map_mb: i64, reduce_mb: i64, map_avail: i64, reduce_avail: i64 },
    /// `expect_queue_order`: the map or reduce `queuesForAssigningTasks`.
    QueueOrder { kind: TaskType, order: Vec<String> },
    /// `expect_job_order`: the jobs of one of a queue's lists, in order.
    JobOrder { queue: String, list: JobListName, jobs: Vec<u32> },
    /// `expect_count`: the size of one of a queue's lists.
    Count { queue: String, list: JobListName, value: i64 },
    /// `expect_in_list`: which of its queue's lists hold the job.
    InList { job: u32, lists: Vec<(JobListName, bool)> },
    /// `expect_initialized`: the poller's initialised jobs.
    Initialized { jobs: Vec<u32> },
    /// `expect_initialized_count`.
    InitializedCount { value: i64 },
    /// `expect_initialized_contains` (`contains: true`) or `expect_initialized_excludes`.
    InitializedHas { jobs: Vec<u32>, contains: bool },
    /// `expect_reserved`: the job holding a tracker's reservation (`None`: no job).
    Reserved { tracker: String, kind: TaskType, job: Option<i64> },
    /// `expect_reserved_count`: how many trackers a job has reserved.
    ReservedCount { job: u32, kind: TaskType, value: i64 },
    /// `expect_get_jobs`: `getJobs(queue)`.
    GetJobs { queue: String, jobs: Vec<u32> },
    /// `expect_pending`: a job's pending maps and reduces.
    Pending { job: u32, maps: i64, reduces: i64 },
    /// `expect_start_error`: the scheduler did not start, with this error.
    StartError { error: String },
    /// `expect_config`: the memory settings read from the properties (with some changed).
    Config { set: Vec<(String, String)>, values: Vec<(&'static str, i64)> },
    /// `expect_job_state` (`is: true`) or `expect_job_state_not`.
    JobState { job: u32, state: RunState, is: bool },
}

impl CapacityCheck {
    /// The op's name in a scenario.
    pub fn op(&self) -> &'static str {
        match self {
            CapacityCheck::Used { .. } => "expect_used",
            CapacityCheck::Capacity { .. } => "expect_capacity",
            CapacityCheck::Info { .. } => "expect_info",
            CapacityCheck::InfoLines { .. } => "expect_info_lines",
            CapacityCheck::SchedInfo { .. } => "expect_sched_info",
            CapacityCheck::Mem { .. } => "expect_mem",
            CapacityCheck::QueueOrder { .. } => "expect_queue_order",
            CapacityCheck::JobOrder { .. } => "expect_job_order",
            CapacityCheck::Count { .. } => "expect_count",
            CapacityCheck::InList { .. } => "expect_in_list",
            CapacityCheck::Initialized { .. } => "expect_initialized",
            CapacityCheck::InitializedCount { .. } => "expect_initialized_count",
            CapacityCheck::InitializedHas { contains: true, .. } => "expect_initialized_contains",
            CapacityCheck::InitializedHas { contains: false, .. } => "expect_initialized_excludes",
            CapacityCheck::Reserved { .. } => "expect_reserved",
            CapacityCheck::ReservedCount { .. } => "expect_reserved_count",
            CapacityCheck::GetJobs { .. } => "expect_get_jobs",
            CapacityCheck::Pending { .. } => "expect_pending",
            CapacityCheck::StartError { .. } => "expect_start_error",
            CapacityCheck::Config { .. } => "expect_config",
            CapacityCheck::JobState { is: true, .. } => "expect_job_state",
            CapacityCheck::JobState { is: false, .. } => "expect_job_state_not",
        }
    }
}

fn list(f: &mut Fields) -> Option<JobListName> {
    match f.string("list")?.as_str() {
        "waiting" => Some(JobListName::Waiting),
        "initializing" => Some(JobListName::Initializing),
        "running" => Some(JobListName::Running),
        _ => f.wrong("list", "waiting, initializing or running"),
    }
}

/// Read one `expect_*` op (its fields known and the required ones present).
pub(super) fn read(op: &str, f: &mut Fields) -> Option<CapacityCheck> {
    Some(match op {
        "expect_used" => CapacityCheck::Used { queue: f.string("queue")?, kind: f.kind()?, text: f.string("text")? },
        "expect_capacity" => {
            CapacityCheck::Capacity { queue: f.string("queue")?, kind: f.kind()?, slots: f.int("slots")? }
        }
        "expect_info" => CapacityCheck::Info { queue: f.string("queue")?, lines: f.strings("lines")? },
        "expect_info_lines" => {
            let queue = f.string("queue")?;
            let count = match f.opt_int("count")? {
                Some(c) if c < 0 => return f.wrong("count", "a whole number of lines"),
                c => c.map(|c| c as u64),
            };
            let at = match f.get("at") {
                None => Vec::new(),
                Some(Value::Object(m)) => m.iter().map(|(k, v)| (k.clone(), v.clone())).collect(),
                Some(_) => return f.wrong("at", "an object of line numbers and their expected texts"),
            };
            CapacityCheck::InfoLines { queue, count, at }
        }
        "expect_sched_info" => {
            let job = f.job()?;
            let text = f.opt_string("text")?;
            let values = match f.get("values") {
                None => None,
                Some(Value::Array(l)) if l.iter().all(Value::is_i64) => {
                    Some(l.iter().filter_map(Value::as_i64).collect())
                }
                Some(_) => return f.wrong("values", "a list of six integers"),
            };
            CapacityCheck::SchedInfo { job, text, values }
        }
        "expect_mem" => CapacityCheck::Mem {
            tracker: f.string("tracker")?,
            map_mb: f.int("map_mb")?,
            reduce_mb: f.int("reduce_mb")?,
            map_avail: f.opt_int("map_avail")?.unwrap_or(0),
            reduce_avail: f.opt_int("reduce_avail")?.unwrap_or(0),
        },
        "expect_queue_order" => CapacityCheck::QueueOrder { kind: f.kind()?, order: f.strings("order")? },
        "expect_job_order" => {
            CapacityCheck::JobOrder { queue: f.string("queue")?, list: list(f)?, jobs: f.ids("jobs")? }
        }
        "expect_count" => CapacityCheck::Count { queue: f.string("queue")?, list: list(f)?, value: f.int("value")? },
        "expect_in_list" => {
            let job = f.job()?;
            let mut lists = Vec::new();
            for l in JobListName::ALL {
                if let Some(want) = f.opt_bool(l.as_str())? {
                    lists.push((l, want));
                }
            }
            CapacityCheck::InList { job, lists }
        }
        "expect_initialized" => CapacityCheck::Initialized { jobs: f.ids("jobs")? },
        "expect_initialized_count" => CapacityCheck::InitializedCount { value: f.int("value")? },
        "expect_initialized_contains" | "expect_initialized_excludes" => {
            CapacityCheck::InitializedHas { jobs: f.ids("jobs")?, contains: op.ends_with("contains") }
        }
        "expect_reserved" => {
            let tracker = f.string("tracker")?;
            let kind = f.kind()?;
            CapacityCheck::Reserved { tracker, kind, job: f.opt_int("job")? }
        }
        "expect_reserved_count" => {
            CapacityCheck::ReservedCount { job: f.job()?, kind: f.kind()?, value: f.int("value")? }
        }
        "expect_get_jobs" => CapacityCheck::GetJobs { queue: f.string("queue")?, jobs: f.ids("jobs")? },
        "expect_pending" => CapacityCheck::Pending { job: f.job()?, maps: f.int("maps")?, reduces: f.int("reduces")? },
        "expect_start_error" => CapacityCheck::StartError { error: f.string("error")? },
        "expect_config" => {
            // A property's value as `Configuration` holds it (`null` is the text "null").
            let set = f.props("set")?.into_iter().map(|(k, v)| (k, v.unwrap_or_else(|| "null".into()))).collect();
            let mut values = Vec::new();
            for k in ["limit_max_map_mb", "limit_max_reduce_mb", "map_slot_mb", "reduce_slot_mb"] {
                if let Some(v) = f.opt_int(k)? {
                    values.push((k, v));
                }
            }
            CapacityCheck::Config { set, values }
        }
        "expect_job_state" | "expect_job_state_not" => {
            CapacityCheck::JobState { job: f.job()?, state: f.state()?, is: op == "expect_job_state" }
        }
        _ => return None,
    })
}
