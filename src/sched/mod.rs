//! The `TaskScheduler` abstraction (Hadoop's `org.apache.hadoop.mapred.TaskScheduler`) and the
//! schedulers that implement it.

pub mod fifo;
pub mod job_queue;
pub mod limit_tasks;

use crate::explain::{Assignment, Decision};
use crate::model::cluster::JobEvent;
use crate::model::{Cluster, JobId};

/// `TaskScheduler`: decides which tasks a heartbeating tracker gets.
pub trait TaskScheduler {
    /// A job listener event (`JobInProgressListener.jobAdded` / `jobUpdated`).
    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent);
    /// `assignTasks(TaskTracker)`: the tasks for tracker `ti`, maps first, plus why.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Decision);
    /// The jobs in the order the scheduler considers them.
    fn job_order(&self) -> Vec<JobId>;
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
