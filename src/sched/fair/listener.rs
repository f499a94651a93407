//! How the Hadoop 1.2.1 Fair Scheduler hears about jobs and time: `JobListener.jobAdded`
//! (a `JobInfo`, the pool, then `update()`), the submission check of
//! `mapred.fairscheduler.allow.undeclared.pools`, the jobs handed to the `JobInitializer`, and
//! the `UpdateThread` (`update()` then `preemptTasksIfNecessary()` every `update.interval`).

use super::delay::DelayState;
use super::{FairScheduler, JobInfo, JobSched};
use crate::model::{Cluster, JobId, Millis};

impl FairScheduler {
    /// `JobListener.jobAdded`: a JobInfo, the pool, then `update()`.
    pub(super) fn job_added(&mut self, cluster: &Cluster, id: JobId) {
        let Some(job) = cluster.jobs.get(&id) else { return };
        if self.infos.contains_key(&id) {
            return;
        }
        let pool = self.pm.pool_name_of(job);
        self.pm.add_job(&pool, id, cluster.now);
        let zero = JobSched { demand: 0, fair_share: 0.0 };
        self.infos.insert(
            id,
            JobInfo {
                pool,
                runnable: false,
                needs_initializing: true,
                map: zero.clone(),
                reduce: zero,
                delay: DelayState::default(),
                stamps: [0; 3],
            },
        );
        self.update(cluster);
    }

    /// Jobs `updateRunnability` handed to the job initializer since the last call.
    pub fn take_init_requests(&mut self) -> Vec<JobId> {
        std::mem::take(&mut self.init_requests)
    }

    /// `UpdateThread`: at every tick of `update.interval` up to `now`, `update()` then
    /// `preemptTasksIfNecessary()`. Nothing changes between engine events, so without
    /// preemption only the last due tick needs to run.
    pub fn run_update_thread(&mut self, cluster: &mut Cluster, now: Millis) {
        let iv = self.conf.update_interval_ms.max(1);
        if self.next_update_ms > now {
            return;
        }
        let ticks = (now - self.next_update_ms) / iv + 1;
        let skip = if self.conf.preemption { (ticks - 100_000).max(0) } else { ticks - 1 };
        let mut t = self.next_update_ms + skip * iv;
        let saved = cluster.now;
        while t <= now {
            cluster.now = t;
            self.update(cluster);
            self.preempt_tasks_if_necessary(cluster);
            t += iv;
        }
        cluster.now = saved;
        self.next_update_ms = t;
    }

    /// Pause the update thread until after `now` (the `advance_no_update` step).
    pub fn skip_update_ticks(&mut self, now: Millis) {
        let iv = self.conf.update_interval_ms.max(1);
        if self.next_update_ms <= now {
            self.next_update_ms += ((now - self.next_update_ms) / iv + 1) * iv;
        }
    }

    /// The submission check for `mapred.fairscheduler.allow.undeclared.pools = false`.
    pub fn admission(&self, pool: &str) -> Result<(), String> {
        if self.conf.allow_undeclared_pools || self.pm.is_declared(pool) {
            return Ok(());
        }
        let declared: Vec<&str> = self.pm.allocs.pools.iter().map(|(n, _)| n.as_str()).collect();
        Err(format!(
            "Pool name: '{pool}' is invalid. Add pool name to the fair scheduler allocation file. Valid pools are: {}",
            declared.join(", ")
        ))
    }
}
