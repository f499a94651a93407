//! The FIFO job queue, mirroring `JobQueueJobInProgressListener` and its
//! `FIFO_JOB_QUEUE_COMPARATOR`: priority, then start time, then job id
//! (`src/mapred/org/apache/hadoop/mapred/JobQueueJobInProgressListener.java`).

use crate::model::cluster::JobEvent;
use crate::model::{Cluster, JobId, JobPriority, Millis};

/// The snapshot key a job was filed under (`JobSchedulingInfo`).
type Key = (JobPriority, Millis, JobId);

#[derive(Debug, Clone, Default)]
pub struct JobQueue {
    entries: Vec<Key>,
}

impl JobQueue {
    /// Jobs head first.
    pub fn jobs(&self) -> Vec<JobId> {
        self.entries.iter().map(|k| k.2).collect()
    }

    fn insert(&mut self, key: Key) {
        let pos = self.entries.partition_point(|k| *k < key);
        self.entries.insert(pos, key);
    }

    fn remove(&mut self, job: JobId) {
        self.entries.retain(|k| k.2 != job);
    }

    fn key(cluster: &Cluster, job: JobId) -> Option<Key> {
        cluster.jobs.get(&job).map(|j| (j.priority, j.start_time, j.id))
    }

    /// `jobAdded` / `jobUpdated`.
    pub fn on_event(&mut self, cluster: &Cluster, ev: &JobEvent) {
        match *ev {
            JobEvent::Added { job } => {
                if let Some(k) = Self::key(cluster, job) {
                    self.insert(k);
                }
            }
            JobEvent::PriorityChanged { job } | JobEvent::StartTimeChanged { job } => {
                if self.entries.iter().any(|k| k.2 == job) {
                    self.remove(job);
                    if let Some(k) = Self::key(cluster, job) {
                        self.insert(k);
                    }
                }
            }
            JobEvent::StateChanged { job, to, .. } => {
                if to.is_terminal() {
                    self.remove(job);
                }
            }
        }
    }
}
