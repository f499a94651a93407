//! The usage refresh at the start of every heartbeat, mirroring
//! `CapacityTaskScheduler.updateAllQueues`
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`) and the cluster
//! capacity it starts from (`ClusterStatus.getMaxMapTasks` / `getMaxReduceTasks`: the live trackers' slots, so queue
//! capacities follow trackers that join or are lost), and the test helper
//! `updateQueueUsageForTests`.

use super::settings::ClusterCapacityRule;
use super::{CapacityTaskScheduler, ordering};
use crate::model::{Cluster, TaskType};

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

    /// `updateAllQueues`.
    pub fn update_all_queues(&mut self, cluster: &Cluster) {
        let mc = self.cluster_capacity(cluster, TaskType::Map);
        let rc = self.cluster_capacity(cluster, TaskType::Reduce);
        let mut tuples = Vec::new();
        for q in self.queues.values_mut() {
            q.update_all(mc, rc, &cluster.jobs, &self.jobs, &mut tuples);
        }
        for (id, t) in tuples {
            if let Some(i) = self.jobs.get_mut(&id) {
                i.sched_info = Some(t);
            }
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
