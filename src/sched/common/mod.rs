//! What every scheduler shares, and nothing of any one scheduler: the `TaskScheduler`
//! interface (Hadoop's `org.apache.hadoop.mapred.TaskScheduler`,
//! `src/mapred/org/apache/hadoop/mapred/TaskScheduler.java`) and a refused submission, the
//! assignments a heartbeat returns (`assignment`), the job queue of the FIFO schedulers
//! (`job_queue`), Hadoop's XML configuration files (`xml_doc`) and what the mirrored code
//! inherits from Java (`java`). The schedulers' folders name this one, never the `sched`
//! folder above them, so the dependencies run one way: `sched` → each scheduler → `common`.

pub mod assignment;
pub mod java;
pub mod job_queue;
pub mod xml_doc;

use crate::model::cluster::{JobEvent, TrackerEvent};
use crate::model::{Cluster, Job, JobId, Millis};
use assignment::Assignment;

/// `TaskScheduler`: decides which tasks a heartbeating tracker gets.
pub trait TaskScheduler {
    /// A job listener event (`JobInProgressListener.jobAdded` / `jobUpdated`).
    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent);
    /// A tracker joined or was lost (the JobTracker tells no scheduler; the Capacity Scheduler's
    /// reservations on a lost tracker are cancelled: `TaskTracker.cancelAllReservations`).
    fn tracker_event(&mut self, _cluster: &Cluster, _event: &TrackerEvent) {}
    /// What this scheduler records of a heartbeat's decision (one variant of
    /// `sched::decision::Decision`).
    type Decision;
    /// `assignTasks(TaskTracker)`: the tasks for tracker `ti`, maps first, plus why.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Self::Decision);
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
