//! The in-place sort of `PoolSchedulable.assignTask` (`Collections.sort(jobScheds,
//! comparator)`, `FairShareComparator` or `FifoComparator`), kept instead of redone: Hadoop sorts
//! a pool's job list on every turn of every heartbeat, and between two turns almost no job's
//! key moves (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/PoolSchedulable.java`).
//!
//! Java's stable sort returns a list unchanged when no element compares less than the one before
//! it (both the insertion step and the run detection of its merge sort ask exactly that), so a
//! list that passed that check and whose keys have not changed since would pass it again: the
//! sort is skipped then. A key reads a job's running tasks, its initialisation, priority and
//! start time (noted by the model in `Cluster::changed_jobs`), its cached demand and runnability
//! (set by `update()`), and the pool's mode and job list (`PoolManager::changes`). A list is
//! marked in order only after it passed the check; after a real re-sort it is checked again on
//! the next turn. With the new-job weight booster the weights move with the clock, so every turn
//! checks. With `order_check` on (the tests), a list kept as sorted is checked all the same and
//! a list the sort would move is reported in `order_mismatch`.

use super::FairScheduler;
use super::allocs::SchedulingMode;
use super::kind_ix;
use super::shares::{self, SchedKey};
use crate::model::{Cluster, JobId, TaskType};

/// Which pools' job lists are known to be in comparator order.
#[derive(Debug, Clone, Default)]
pub(super) struct KeptOrder {
    /// By pool index: `[maps, reduces]`.
    in_order: Vec<[bool; 2]>,
    /// `PoolManager::changes` when `in_order` was last valid.
    pm_changes: u64,
}

impl KeptOrder {
    /// Every list must be checked again (`update()`, a job event).
    pub(super) fn forget(&mut self) {
        self.in_order.iter_mut().for_each(|f| *f = [false, false]);
    }
}

impl FairScheduler {
    /// Bring the kept order up to date with what changed since it was last read.
    fn note_order_changes(&mut self, cluster: &mut Cluster) {
        if self.order.pm_changes != self.pm.changes || self.order.in_order.len() != self.pm.pools.len() {
            self.order.in_order.clear();
            self.order.in_order.resize(self.pm.pools.len(), [false, false]);
            self.order.pm_changes = self.pm.changes;
        }
        for id in cluster.changed_jobs.pending() {
            if let Some(pi) = self.infos.get(id).and_then(|i| self.pm.find(&i.pool)) {
                self.order.in_order[pi] = [false, false];
            }
        }
        cluster.changed_jobs.clear();
    }

    /// `Collections.sort(jobScheds, comparator)` of one pool's list for one task type: the list
    /// afterwards is exactly what Java's stable sort makes of it.
    pub(super) fn sort_pool_jobs(&mut self, cluster: &mut Cluster, pool: usize, kind: TaskType) {
        self.note_order_changes(cluster);
        let k = kind_ix(kind);
        let kept = self.order.in_order[pool][k];
        if kept && !self.order_check {
            return;
        }
        let resorted: Option<Vec<JobId>> = {
            let jobs = &self.pm.pools[pool].sched(kind).jobs;
            let keys: Vec<SchedKey> = jobs.iter().map(|id| self.job_key(cluster, *id, kind)).collect();
            let cmp: fn(&SchedKey, &SchedKey) -> std::cmp::Ordering = match self.pm.pools[pool].mode {
                SchedulingMode::Fifo => shares::fifo_cmp,
                SchedulingMode::Fair => shares::fair_share_cmp,
            };
            if keys.windows(2).all(|w| cmp(&w[1], &w[0]) != std::cmp::Ordering::Less) {
                None
            } else {
                let mut order: Vec<usize> = (0..jobs.len()).collect();
                crate::sort::sort_by(&mut order, |a, b| cmp(&keys[*a], &keys[*b]));
                Some(order.iter().map(|i| jobs[*i]).collect())
            }
        };
        if kept {
            self.order_checked += 1;
            if resorted.is_some() && self.order_mismatch.is_none() {
                self.order_mismatch = Some(format!(
                    "at {} ms the {} list of pool {} was kept as sorted, but the sort moves it",
                    cluster.now,
                    kind.as_str(),
                    self.pm.pools[pool].name
                ));
            }
        }
        match resorted {
            Some(r) => self.pm.pools[pool].sched_mut(kind).jobs = r,
            None => self.order.in_order[pool][k] = !self.conf.new_job_weight_booster,
        }
    }
}
