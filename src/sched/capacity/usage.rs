//! The usage refresh at the start of every heartbeat, mirroring
//! `CapacityTaskScheduler.updateAllQueues` (the usage from the queues' counters, `counters.rs`)
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`) and the cluster
//! capacity it starts from (`ClusterStatus.getMaxMapTasks` / `getMaxReduceTasks`: the live trackers' slots, so queue
//! capacities follow trackers that join or are lost), and the test helper
//! `updateQueueUsageForTests`.

use super::settings::ClusterCapacityRule;
use super::{CapacityTaskScheduler, counters, ordering};
use crate::model::{Cluster, JobId, TaskType};

impl CapacityTaskScheduler {
    /// Cluster capacity of a type: the slots of all trackers, or the harness's
    /// trackers × default slots.
    pub fn cluster_capacity(&self, cluster: &Cluster, kind: TaskType) -> i32 {
        match self.setup.cluster_capacity {
            ClusterCapacityRule::SumOfTrackerSlots => cluster.capacity(kind) as i32,
            ClusterCapacityRule::TrackersTimesDefault => {
                let d = match kind {
                    TaskType::Map => self.setup.default_map_slots,
                    TaskType::Reduce => self.setup.default_reduce_slots,
                };
                (cluster.num_task_trackers() * d) as i32
            }
        }
    }

    /// `updateAllQueues`: every queue's capacities from the cluster, and its usage from the
    /// counters, once the jobs changed since the last refresh are counted again
    /// (`counters.rs`). With `usage_check` on, the result is compared with Hadoop's recount
    /// from every running job (`recount.rs`) and the first difference kept in `usage_mismatch`.
    pub fn update_all_queues(&mut self, cluster: &mut Cluster) {
        let mc = self.cluster_capacity(cluster, TaskType::Map);
        let rc = self.cluster_capacity(cluster, TaskType::Reduce);
        self.count_changes(cluster);
        for q in self.queues.values_mut() {
            q.update_all(mc, rc);
        }
        if self.usage_check && self.usage_mismatch.is_none() {
            self.usage_checked += 1;
            if let Err(e) = self.check_usage(cluster) {
                self.usage_mismatch = Some(format!("at {} ms: {e}", cluster.now));
            }
        }
    }

    /// Count again the share of every job that changed: the cluster's notes (attempts, state)
    /// and the scheduler's own (`usage_notes`: lists, reservations, slots per task), whose jobs
    /// are also looked up again in their queue's running list.
    fn count_changes(&mut self, cluster: &mut Cluster) {
        let mut changed: Vec<(JobId, bool)> = self.usage_notes.drain(..).map(|id| (id, true)).collect();
        changed.extend(cluster.changed_jobs.take().into_iter().map(|id| (id, false)));
        if changed.is_empty() {
            return;
        }
        // By job, a scheduler's note (true) after the cluster's: keep the last of each job.
        changed.sort_unstable();
        let mut i = 0;
        while i < changed.len() {
            let (id, _) = changed[i];
            let mut j = i;
            while j + 1 < changed.len() && changed[j + 1].0 == id {
                j += 1;
            }
            self.count_job(cluster, id, changed[j].1);
            i = j + 1;
        }
    }

    /// The job's share, as `updateAll` would count it now, into its queue's counters; its
    /// scheduling-info tuple refreshed if it is counted.
    fn count_job(&mut self, cluster: &Cluster, id: JobId, relist: bool) {
        let job = cluster.jobs.get(&id);
        let home = job.map(|j| j.queue.as_str());
        // Counted in a queue that is not (or no longer) the job's: out of it.
        for (name, q) in self.queues.iter_mut() {
            if Some(name.as_str()) != home && q.counts.share(id).is_some() {
                q.counts.set(id, None);
            }
        }
        let (Some(job), Some(q)) = (job, home.and_then(|h| self.queues.get_mut(h))) else { return };
        let info = self.jobs.get(&id);
        let place = match q.counts.share(id) {
            Some(s) if !relist => Some((s.ix, s.key)),
            _ => match q.running.0.iter().find(|(_, j)| *j == id) {
                Some(&(key, _)) => {
                    let ix = match info.and_then(|i| i.user_ix) {
                        Some(ix) => ix,
                        None => q.user_ix(&job.user),
                    };
                    Some((ix, key))
                }
                None => None,
            },
        };
        let counted = place.and_then(|(ix, key)| counters::share_of(job, info, ix, key));
        let tuple = counted.as_ref().map(|(_, t)| *t);
        q.counts.set(id, counted.map(|(s, _)| s));
        if let (Some(t), Some(i)) = (tuple, self.jobs.get_mut(&id)) {
            i.sched_info = Some(t);
        }
    }

    /// The test helper `updateQueueUsageForTests`: refresh, then sort both lists.
    pub fn refresh(&mut self, cluster: &mut Cluster) {
        self.sync(cluster);
        self.update_all_queues(cluster);
        ordering::sort_queues(&mut self.map_order, &self.queues, TaskType::Map);
        ordering::sort_queues(&mut self.reduce_order, &self.queues, TaskType::Reduce);
    }
}
