//! The `TaskScheduler` abstraction (Hadoop's `org.apache.hadoop.mapred.TaskScheduler`) and the
//! schedulers that implement it.

pub mod capacity;
pub mod decision;
pub mod fair;
pub mod fifo;
pub mod java;
pub mod job_queue;
pub mod limit_tasks;
pub mod spark;
pub mod xml_doc;

use crate::model::cluster::{JobEvent, TrackerEvent};
use crate::model::{Cluster, Job, JobId, Millis};
use crate::sched::decision::{Assignment, Decision};

/// `TaskScheduler`: decides which tasks a heartbeating tracker gets.
pub trait TaskScheduler {
    /// A job listener event (`JobInProgressListener.jobAdded` / `jobUpdated`).
    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent);
    /// A tracker joined or was lost (the JobTracker tells no scheduler; the Capacity Scheduler's
    /// reservations on a lost tracker are cancelled: `TaskTracker.cancelAllReservations`).
    fn tracker_event(&mut self, _cluster: &Cluster, _event: &TrackerEvent) {}
    /// `assignTasks(TaskTracker)`: the tasks for tracker `ti`, maps first, plus why.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Decision);
    /// The jobs in the order the scheduler considers them.
    fn job_order(&self) -> Vec<JobId>;
    /// The clock moved to `now` (periodic work such as the Fair Scheduler's `update()` thread
    /// or preemption checks runs here in automatic mode).
    fn on_clock(&mut self, _cluster: &mut Cluster, _now: Millis) {}
    /// Submission-time admission (`JobInProgressListener.jobAdded` may throw); `Err` rejects.
    fn check_admission(&mut self, _cluster: &Cluster, _job: &Job) -> Result<(), Refusal> {
        Ok(())
    }
    /// How expectations written as Hadoop attempt names (`attempt_test_0001_m_000001_0`) name
    /// this attempt; `None` = Hadoop's own numbering (the TIP index).
    fn attempt_label(&self, _jt: &str, _aid: crate::model::AttemptId) -> Option<String> {
        None
    }
}

/// Why `JobTracker.submitJob` refuses a job (the scheduler's listener throws `IOException`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The job names what the scheduler does not have (a queue that does not exist or is not
    /// running, an undeclared pool, memory settings it can never meet) or the scheduler did
    /// not start: the job can never run, so the scenario is in error.
    Config(String),
    /// A limit of the moment (jobs the queue or user may have, tasks per user): the client
    /// sees the exception and the JobTracker goes on, as a lesson may show.
    Limit(String),
}

impl Refusal {
    pub fn message(&self) -> &str {
        match self {
            Refusal::Config(m) | Refusal::Limit(m) => m,
        }
    }
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
    fn inner(&mut self) -> &mut dyn TaskScheduler {
        match self {
            Scheduler::Fifo(s) => s,
            Scheduler::LimitTasksPerJob(s) => s,
            Scheduler::Capacity(s) => s.as_mut(),
            Scheduler::Fair(s) => s.as_mut(),
            Scheduler::Spark(s) => s.as_mut(),
        }
    }
    pub fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        self.inner().job_event(cluster, event)
    }
    pub fn tracker_event(&mut self, cluster: &Cluster, event: &TrackerEvent) {
        self.inner().tracker_event(cluster, event)
    }
    pub fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Decision) {
        self.inner().assign_tasks(cluster, ti)
    }
    pub fn on_clock(&mut self, cluster: &mut Cluster, now: Millis) {
        self.inner().on_clock(cluster, now)
    }
    pub fn check_admission(&mut self, cluster: &Cluster, job: &Job) -> Result<(), Refusal> {
        self.inner().check_admission(cluster, job)
    }
    pub fn job_order(&self) -> Vec<JobId> {
        match self {
            Scheduler::Fifo(s) => s.job_order(),
            Scheduler::LimitTasksPerJob(s) => s.job_order(),
            Scheduler::Capacity(s) => s.job_order(),
            Scheduler::Fair(s) => s.job_order(),
            Scheduler::Spark(s) => s.job_order(),
        }
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
