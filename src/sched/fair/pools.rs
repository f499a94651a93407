//! `PoolManager`, `Pool` and `PoolSchedulable` of the Hadoop 1.2.1 Fair Scheduler: the pools
//! (created lazily, never deleted), the allocation values with their defaults, the pool of a
//! job (`getPoolName`), `reloadAllocs`, and the per-pool cached demand, fair share and
//! starvation timestamps (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/PoolManager.java`, `Pool.java`,
//! `PoolSchedulable.java`).

use super::allocs::{Allocations, SchedulingMode};
use crate::model::{Job, JobId, Millis, TaskType};
use serde::Serialize;

/// `Pool.DEFAULT_POOL_NAME`.
pub const DEFAULT_POOL: &str = "default";
/// `PoolManager.EXPLICIT_POOL_PROPERTY`.
pub const EXPLICIT_POOL_PROPERTY: &str = "mapred.fairscheduler.pool";
/// Java's `Integer.MAX_VALUE`: "unlimited" for slots and running jobs.
pub const UNLIMITED: i64 = i32::MAX as i64;
/// Java's `Long.MAX_VALUE`: an infinite timeout.
pub const NO_TIMEOUT: Millis = i64::MAX;

/// `PoolSchedulable`: one pool's state for one task type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolSched {
    /// `jobScheds`, in list order (re-sorted in place on every `assignTask`).
    pub jobs: Vec<JobId>,
    /// Cached at the last `update()`.
    pub demand: i64,
    pub fair_share: f64,
    /// Starvation timestamps (`FairScheduler.updatePreemptionVariables`); both start at the pool's creation time.
    pub last_time_at_min_share: Millis,
    pub last_time_at_half_fair_share: Millis,
}

impl PoolSched {
    fn new(now: Millis) -> PoolSched {
        PoolSched {
            jobs: Vec::new(),
            demand: 0,
            fair_share: 0.0,
            last_time_at_min_share: now,
            last_time_at_half_fair_share: now,
        }
    }
}

/// `Pool`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pool {
    pub name: String,
    pub mode: SchedulingMode,
    pub created: Millis,
    pub map: PoolSched,
    pub reduce: PoolSched,
}

impl Pool {
    pub fn sched(&self, kind: TaskType) -> &PoolSched {
        match kind {
            TaskType::Map => &self.map,
            TaskType::Reduce => &self.reduce,
        }
    }
    pub fn sched_mut(&mut self, kind: TaskType) -> &mut PoolSched {
        match kind {
            TaskType::Map => &mut self.map,
            TaskType::Reduce => &mut self.reduce,
        }
    }
}

/// `PoolManager`: the allocation values in force and every pool.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolManager {
    pub allocs: Allocations,
    /// In creation order.
    pub pools: Vec<Pool>,
    /// `mapred.fairscheduler.poolnameproperty`.
    pub pool_name_property: String,
    /// Position in `pools` by name (`PoolManager.pools` is a `HashMap` in Hadoop): thousands
    /// of pools are found in logarithmic time, not by a scan.
    #[serde(skip)]
    index: std::collections::BTreeMap<String, usize>,
    /// Counts the changes to the pools, their modes and their job lists (`getPool` creating a
    /// pool, `reloadAllocs`, `addJob`, `removeJob`), so a kept job order knows when to re-check.
    #[serde(skip)]
    pub(super) changes: u64,
}

impl PoolManager {
    /// `PoolManager.initialize`: load the allocations, then create the `default` pool (so it
    /// takes the file's default scheduling mode, `docs/hadoop/fair.md` §F9).
    pub fn new(allocs: Allocations, pool_name_property: &str, now: Millis) -> PoolManager {
        let mut pm = PoolManager {
            allocs: Allocations::default(),
            pools: Vec::new(),
            pool_name_property: pool_name_property.to_string(),
            index: Default::default(),
            changes: 0,
        };
        pm.reload(allocs, now);
        pm.get_pool(DEFAULT_POOL, now);
        pm
    }

    pub fn find(&self, name: &str) -> Option<usize> {
        self.index.get(name).copied()
    }

    /// `getPool(name)`: the pool, created now (with the default mode in force) if missing.
    pub fn get_pool(&mut self, name: &str, now: Millis) -> usize {
        if let Some(i) = self.find(name) {
            return i;
        }
        let mode = self.allocs.default_pool_scheduling_mode.unwrap_or(SchedulingMode::Fair);
        self.changes += 1;
        self.index.insert(name.to_string(), self.pools.len());
        self.pools.push(Pool {
            name: name.to_string(),
            mode,
            created: now,
            map: PoolSched::new(now),
            reduce: PoolSched::new(now),
        });
        self.pools.len() - 1
    }

    /// `reloadAllocs`: swap in the new values, create every pool named in the file and set
    /// the mode of each named pool (pools not named keep theirs, `docs/hadoop/fair.md` §F9).
    pub fn reload(&mut self, allocs: Allocations, now: Millis) {
        self.allocs = allocs;
        self.changes += 1;
        let default_mode = self.allocs.default_pool_scheduling_mode.unwrap_or(SchedulingMode::Fair);
        let named: Vec<(String, Option<SchedulingMode>)> =
            self.allocs.pools.iter().map(|(n, a)| (n.clone(), a.scheduling_mode)).collect();
        for (name, mode) in named {
            let i = self.get_pool(&name, now);
            self.pools[i].mode = mode.unwrap_or(default_mode);
        }
    }

    /// Whether the pool is named in the allocation file (`declaredPools`).
    pub fn is_declared(&self, name: &str) -> bool {
        self.allocs.pool(name).is_some()
    }

    /// `getAllocation(pool, type)`: minMaps / minReduces, default 0.
    pub fn min_share(&self, pool: &str, kind: TaskType) -> i64 {
        let a = self.allocs.pool(pool);
        match kind {
            TaskType::Map => a.and_then(|a| a.min_maps),
            TaskType::Reduce => a.and_then(|a| a.min_reduces),
        }
        .unwrap_or(0)
    }

    /// `getMaxSlots(pool, type)`: maxMaps / maxReduces, default unlimited.
    pub fn max_slots(&self, pool: &str, kind: TaskType) -> i64 {
        let a = self.allocs.pool(pool);
        match kind {
            TaskType::Map => a.and_then(|a| a.max_maps),
            TaskType::Reduce => a.and_then(|a| a.max_reduces),
        }
        .unwrap_or(UNLIMITED)
    }

    /// `getPoolWeight(pool)`, default 1.0.
    pub fn weight(&self, pool: &str) -> f64 {
        self.allocs.pool(pool).and_then(|a| a.weight).unwrap_or(1.0)
    }

    /// `getPoolMaxJobs(pool)`: the pool's maxRunningJobs, else poolMaxJobsDefault.
    pub fn pool_max_jobs(&self, pool: &str) -> i64 {
        self.allocs
            .pool(pool)
            .and_then(|a| a.max_running_jobs)
            .or(self.allocs.pool_max_jobs_default)
            .unwrap_or(UNLIMITED)
    }

    /// `getUserMaxJobs(user)`: the user's maxRunningJobs, else userMaxJobsDefault.
    pub fn user_max_jobs(&self, user: &str) -> i64 {
        self.allocs.user_max_jobs(user).or(self.allocs.user_max_jobs_default).unwrap_or(UNLIMITED)
    }

    /// `getMinSharePreemptionTimeout(pool)` in ms: the pool's, else the default, else ∞.
    pub fn min_share_timeout(&self, pool: &str) -> Millis {
        self.allocs
            .pool(pool)
            .and_then(|a| a.min_share_preemption_timeout_s)
            .or(self.allocs.default_min_share_preemption_timeout_s)
            .map(|s| s * 1000)
            .unwrap_or(NO_TIMEOUT)
    }

    /// `getFairSharePreemptionTimeout()` in ms (∞ by default).
    pub fn fair_share_timeout(&self) -> Millis {
        self.allocs.fair_share_preemption_timeout_s.map(|s| s * 1000).unwrap_or(NO_TIMEOUT)
    }

    /// `getPoolName(job)`: `mapred.fairscheduler.pool` if set, else the job-conf property named
    /// by `poolnameproperty` (`user.name` by default), else `default`; trimmed.
    pub fn pool_name_of(&self, job: &Job) -> String {
        if let Some(p) = job.conf.props.get(EXPLICIT_POOL_PROPERTY) {
            return p.trim().to_string();
        }
        let prop = self.pool_name_property.as_str();
        let v = match job.conf.props.get(prop) {
            Some(v) => Some(v.clone()),
            None => match prop {
                "user.name" => Some(job.user.clone()),
                "mapred.job.queue.name" => Some(job.queue.clone()),
                _ => None,
            },
        };
        v.unwrap_or_else(|| DEFAULT_POOL.to_string()).trim().to_string()
    }

    /// `Pool.addJob`: append to both schedulables' lists.
    pub fn add_job(&mut self, pool: &str, job: JobId, now: Millis) {
        let i = self.get_pool(pool, now);
        self.changes += 1;
        let p = &mut self.pools[i];
        p.map.jobs.push(job);
        p.reduce.jobs.push(job);
    }

    /// `Pool.removeJob`.
    pub fn remove_job(&mut self, pool: &str, job: JobId) {
        if let Some(i) = self.find(pool) {
            self.changes += 1;
            let p = &mut self.pools[i];
            p.map.jobs.retain(|j| *j != job);
            p.reduce.jobs.retain(|j| *j != job);
        }
    }
}
