//! The `TaskScheduler` abstraction (Hadoop's `org.apache.hadoop.mapred.TaskScheduler`) and the
//! schedulers that implement it.

pub mod fifo;
pub mod job_queue;
pub mod limit_tasks;

use crate::explain::{Assignment, Decision};
use crate::model::cluster::JobEvent;
use crate::model::{Cluster, Job, JobId, Millis};
use serde_json::Value;

/// `TaskScheduler`: decides which tasks a heartbeating tracker gets.
pub trait TaskScheduler {
    /// A job listener event (`JobInProgressListener.jobAdded` / `jobUpdated`).
    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent);
    /// `assignTasks(TaskTracker)`: the tasks for tracker `ti`, maps first, plus why.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Decision);
    /// The jobs in the order the scheduler considers them.
    fn job_order(&self) -> Vec<JobId>;
    /// The clock moved to `now` (periodic work such as the Fair Scheduler's `update()` thread
    /// or preemption checks runs here in automatic mode).
    fn on_clock(&mut self, _cluster: &mut Cluster, _now: Millis) {}
    /// Submission-time admission (`JobInProgressListener.jobAdded` may throw); `Err` rejects.
    fn check_admission(&mut self, _cluster: &Cluster, _job: &Job) -> Result<(), String> {
        Ok(())
    }
    /// A scheduler-specific scripted step (`{"op": ...}` not known to the engine). `None` if
    /// this scheduler does not know `op`; otherwise the step's outcome (`Err` = check failed).
    fn exec_step(&mut self, _cluster: &mut Cluster, _op: &str, _args: &Value) -> Option<Result<(), String>> {
        None
    }
}

/// The configured scheduler (an enum so a whole simulation can be cloned for history).
#[derive(Debug, Clone)]
pub enum Scheduler {
    Fifo(fifo::JobQueueTaskScheduler),
    LimitTasksPerJob(limit_tasks::LimitTasksPerJobTaskScheduler),
}

impl Scheduler {
    fn inner(&mut self) -> &mut dyn TaskScheduler {
        match self {
            Scheduler::Fifo(s) => s,
            Scheduler::LimitTasksPerJob(s) => s,
        }
    }
    pub fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        self.inner().job_event(cluster, event)
    }
    pub fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Decision) {
        self.inner().assign_tasks(cluster, ti)
    }
    pub fn on_clock(&mut self, cluster: &mut Cluster, now: Millis) {
        self.inner().on_clock(cluster, now)
    }
    pub fn check_admission(&mut self, cluster: &Cluster, job: &Job) -> Result<(), String> {
        self.inner().check_admission(cluster, job)
    }
    pub fn exec_step(&mut self, cluster: &mut Cluster, op: &str, args: &Value) -> Option<Result<(), String>> {
        self.inner().exec_step(cluster, op, args)
    }
    pub fn job_order(&self) -> Vec<JobId> {
        match self {
            Scheduler::Fifo(s) => s.job_order(),
            Scheduler::LimitTasksPerJob(s) => s.job_order(),
        }
    }
    pub fn name(&self) -> &'static str {
        match self {
            Scheduler::Fifo(_) => "fifo",
            Scheduler::LimitTasksPerJob(_) => "limit_tasks_per_job",
        }
    }
}

/// Scheduler-specific scripted step ops (each scheduler module lists its own).
pub fn sched_ops() -> &'static [&'static str] {
    &[]
}

pub fn is_sched_op(op: &str) -> bool {
    sched_ops().contains(&op)
}

/// Validate a scheduler-specific step: `Err` holds (JSON path, message) pairs.
pub fn validate_step(op: &str, _step: &Value, path: &str) -> Result<(), Vec<(String, String)>> {
    Err(vec![(path.to_string(), format!("no scheduler handles op {op:?}"))])
}
