//! The `TaskScheduler` abstraction (Hadoop's `org.apache.hadoop.mapred.TaskScheduler`) and the
//! schedulers that implement it: `Scheduler`, the configured one. The interface and what
//! every scheduler shares are in `common`.

pub mod capacity;
pub mod common;
pub mod decision;
pub mod fair;
pub mod fifo;
pub mod limit_tasks;
pub mod spark;

pub use common::{Refusal, TaskScheduler, java, job_queue, xml_doc};

use crate::model::cluster::{JobEvent, TrackerEvent};
use crate::model::{Cluster, Job, JobId, Millis};
use crate::sched::decision::{Assignment, Decision};

/// The same call on whichever scheduler is configured.
macro_rules! each {
    ($self:expr, $s:ident => $e:expr) => {
        match $self {
            Scheduler::Fifo($s) => $e,
            Scheduler::LimitTasksPerJob($s) => $e,
            Scheduler::Capacity($s) => $e,
            Scheduler::Fair($s) => $e,
            Scheduler::Spark($s) => $e,
        }
    };
}

fn wrap<D>((assigned, d): (Vec<Assignment>, D), variant: impl FnOnce(D) -> Decision) -> (Vec<Assignment>, Decision) {
    (assigned, variant(d))
}

/// The configured scheduler (an enum so a whole simulation can be cloned for history).
#[derive(Debug, Clone)]
pub enum Scheduler {
    Fifo(fifo::JobQueueTaskScheduler),
    LimitTasksPerJob(limit_tasks::LimitTasksPerJobTaskScheduler),
    Capacity(Box<capacity::CapacityTaskScheduler>),
    Fair(Box<fair::FairScheduler>),
    /// Spark's `TaskSchedulerImpl`/`TaskSetManager` (driven by offer rounds, not heartbeats).
    Spark(Box<spark::SparkScheduler>),
}

impl Scheduler {
    pub fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        each!(self, s => s.job_event(cluster, event))
    }
    pub fn tracker_event(&mut self, cluster: &Cluster, event: &TrackerEvent) {
        each!(self, s => s.tracker_event(cluster, event))
    }
    /// `assignTasks`, its decision as the record's variant for this scheduler.
    pub fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Decision) {
        match self {
            Scheduler::Fifo(s) => wrap(s.assign_tasks(cluster, ti), Decision::Fifo),
            Scheduler::LimitTasksPerJob(s) => wrap(s.assign_tasks(cluster, ti), Decision::LimitTasksPerJob),
            Scheduler::Capacity(s) => wrap(s.assign_tasks(cluster, ti), Decision::Capacity),
            Scheduler::Fair(s) => wrap(s.assign_tasks(cluster, ti), Decision::Fair),
            Scheduler::Spark(s) => wrap(s.assign_tasks(cluster, ti), Decision::Spark),
        }
    }
    pub fn on_clock(&mut self, cluster: &mut Cluster, now: Millis) {
        each!(self, s => s.on_clock(cluster, now))
    }
    pub fn check_admission(&mut self, cluster: &Cluster, job: &Job) -> Result<(), Refusal> {
        each!(self, s => s.check_admission(cluster, job))
    }
    pub fn job_order(&self) -> Vec<JobId> {
        each!(self, s => s.job_order())
    }
    pub fn name(&self) -> &'static str {
        match self {
            Scheduler::Fifo(_) => "fifo",
            Scheduler::LimitTasksPerJob(_) => "limit_tasks_per_job",
            Scheduler::Capacity(_) => "capacity",
            Scheduler::Fair(_) => "fair",
            Scheduler::Spark(_) => "spark",
        }
    }
    /// The Hadoop attempt name an expectation compares with (`attempt_<jt>_0001_m_000001_0`).
    pub fn attempt_label(&self, jt: &str, aid: crate::model::AttemptId) -> String {
        let own = match self {
            Scheduler::Capacity(s) => s.attempt_label(jt, aid),
            _ => None,
        };
        own.unwrap_or_else(|| aid.hadoop_string(jt))
    }
    /// The scheduler initialises jobs itself (the Capacity Scheduler's poller), so the engine's
    /// `EagerTaskInitializationListener` must leave new jobs alone.
    pub fn initializes_jobs(&self) -> bool {
        matches!(self, Scheduler::Capacity(_) | Scheduler::Fair(_))
    }
    /// Jobs the scheduler asks the engine to initialise (the Fair Scheduler's `JobInitializer`).
    pub fn take_init_requests(&mut self) -> Vec<JobId> {
        match self {
            Scheduler::Fair(s) => s.take_init_requests(),
            _ => Vec::new(),
        }
    }
}
