//! `PoolSchedulable` and `JobSchedulable` of the Hadoop 1.2.1 Fair Scheduler: live running
//! counts, job weights (`FairScheduler.getJobWeight`), job demand (`JobSchedulable.updateDemand`),
//! the comparator keys, `PoolSchedulable.assignTask` (pool maximum, in-place sort, jobs in order)
//! and `JobSchedulable.assignTask` (runnable check, "visited", the allowed locality level and the
//! `JobInProgress` call), plus the unit-test fake's task choice
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/PoolSchedulable.java`, `JobSchedulable.java`; the
//! fake is `FakeJobInProgress` of `TestFairScheduler`).

use super::decision::{JobVisit, PoolLine};
use super::delay::LocalityLevel;
use super::kind_ix;
use super::pools::UNLIMITED;
use super::shares::{self, SchedKey, SchedName};
use super::{FairScheduler, priority_factor};
use crate::model::cluster::Launched;
use crate::model::task_selection::NoTask;
use crate::model::{Cluster, JobId, JobPriority, Millis, RunState, TaskType};

/// A pool's allocation values for one `assignTasks` call (`getAllocation`, `getMaxSlots`,
/// `getPoolWeight`) and its starvation check for maps at the call's time
/// (`getAllowedLocalityLevel`).
#[derive(Debug, Clone)]
pub(super) struct PoolConf {
    pub min_share: [i64; 2],
    pub max_slots: [i64; 2],
    pub weight: f64,
    /// `None` until made (`pool_starvation`).
    pub starved: Option<Option<super::delay::LevelReason>>,
}

impl FairScheduler {
    /// `JobSchedulable.getRunningTasks()`: live, 0 before the job's tasks exist.
    pub fn job_running(cluster: &Cluster, id: JobId, kind: TaskType) -> i64 {
        cluster
            .jobs
            .get(&id)
            .filter(|j| j.inited)
            .map(|j| match kind {
                TaskType::Map => j.running_maps as i64,
                TaskType::Reduce => j.running_reduces as i64,
            })
            .unwrap_or(0)
    }

    /// `PoolSchedulable.getRunningTasks()`: live sum over the pool's jobs. Inside
    /// `assignTasks` the sums are taken once and kept up to date as tasks launch.
    pub fn pool_running(&self, cluster: &Cluster, pool: usize, kind: TaskType) -> i64 {
        if self.run_cache_on {
            if let Some(r) = self.run_cache.get(pool) {
                return r[kind_ix(kind)];
            }
        }
        self.pm.pools[pool].sched(kind).jobs.iter().map(|j| Self::job_running(cluster, *j, kind)).sum()
    }

    /// Take every pool's running sums and allocation values (the start of `assignTasks`): the
    /// allocations and the pools' starvation timestamps do not change during the call.
    pub(super) fn cache_pool_running(&mut self, cluster: &Cluster, now: Millis) {
        self.run_cache_on = false;
        let mut sums = std::mem::take(&mut self.run_cache);
        sums.clear();
        sums.extend((0..self.pm.pools.len()).map(|pi| {
            [self.pool_running(cluster, pi, TaskType::Map), self.pool_running(cluster, pi, TaskType::Reduce)]
        }));
        self.run_cache = sums;
        let mut conf = std::mem::take(&mut self.pool_conf);
        conf.clear();
        conf.extend(self.pm.pools.iter().map(|p| PoolConf {
            min_share: [self.pm.min_share(&p.name, TaskType::Map), self.pm.min_share(&p.name, TaskType::Reduce)],
            max_slots: [self.pm.max_slots(&p.name, TaskType::Map), self.pm.max_slots(&p.name, TaskType::Reduce)],
            weight: self.pm.weight(&p.name),
            starved: None,
        }));
        self.pool_conf = conf;
        self.pool_conf_now = now;
        self.run_cache_on = true;
    }

    /// A pool's allocation values, from the table of the current `assignTasks` if there is one.
    pub(super) fn pool_conf_of(&self, pool: usize) -> std::borrow::Cow<'_, PoolConf> {
        if self.run_cache_on {
            if let Some(c) = self.pool_conf.get(pool) {
                return std::borrow::Cow::Borrowed(c);
            }
        }
        let name = &self.pm.pools[pool].name;
        std::borrow::Cow::Owned(PoolConf {
            min_share: [self.pm.min_share(name, TaskType::Map), self.pm.min_share(name, TaskType::Reduce)],
            max_slots: [self.pm.max_slots(name, TaskType::Map), self.pm.max_slots(name, TaskType::Reduce)],
            weight: self.pm.weight(name),
            starved: None,
        })
    }

    /// The starvation check of `getAllowedLocalityLevel` for the pool's maps at `now`: made once
    /// per `assignTasks` call and pool, when the pool's jobs are first asked for a map.
    pub(super) fn pool_starvation(&mut self, pool: usize, now: Millis) -> Option<super::delay::LevelReason> {
        if self.run_cache_on && self.pool_conf_now == now {
            if let Some(c) = self.pool_conf.get_mut(pool) {
                if let Some(st) = &c.starved {
                    return st.clone();
                }
                let st = super::delay::starvation(&self.pm, &self.pm.pools[pool].name, now);
                c.starved = Some(st.clone());
                return st;
            }
        }
        super::delay::starvation(&self.pm, &self.pm.pools[pool].name, now)
    }

    /// `FairScheduler.getJobWeight(job, type)`: read live (priority, runnability, demand).
    pub fn job_weight(&self, cluster: &Cluster, id: JobId, kind: TaskType) -> f64 {
        let (Some(info), Some(job)) = (self.infos.get(&id), cluster.jobs.get(&id)) else { return 1.0 };
        self.weight_of(cluster, info, job, kind)
    }

    pub(super) fn weight_of(
        &self,
        cluster: &Cluster,
        info: &super::JobInfo,
        job: &crate::model::Job,
        kind: TaskType,
    ) -> f64 {
        if !info.runnable {
            return 1.0;
        }
        let mut w = 1.0;
        if self.conf.size_based_weight {
            w = (info.sched(kind).demand as f64).ln_1p() / 2f64.ln();
        }
        w *= priority_factor(job.priority);
        if self.conf.new_job_weight_booster && cluster.now - job.start_time < self.conf.booster_duration_ms {
            w *= self.conf.booster_factor;
        }
        w
    }

    /// The comparator key of a job: `job_running`, the cached demand and `job_weight` with one
    /// look-up each of the job and its info.
    pub(super) fn job_key<'a>(&'a self, cluster: &Cluster, id: JobId, kind: TaskType) -> SchedKey<'a> {
        let job = cluster.jobs.get(&id);
        let info = self.infos.get(&id);
        let running = job.filter(|j| j.inited).map(|j| match kind {
            TaskType::Map => j.running_maps as i64,
            TaskType::Reduce => j.running_reduces as i64,
        });
        let weight = match (info, job) {
            (Some(i), Some(j)) => self.weight_of(cluster, i, j, kind),
            _ => 1.0,
        };
        SchedKey {
            name: SchedName::Job { jt: &self.jt, id: id.0 },
            demand: info.map(|i| i.sched(kind).demand).unwrap_or(0),
            min_share: 0,
            running: running.unwrap_or(0),
            weight,
            start_time: job.map(|j| j.start_time).unwrap_or(0),
            priority: job.map(|j| j.priority).unwrap_or(JobPriority::Normal),
        }
    }

    pub(super) fn pool_key(&self, cluster: &Cluster, pool: usize, kind: TaskType) -> SchedKey<'_> {
        let p = &self.pm.pools[pool];
        let c = self.pool_conf_of(pool);
        SchedKey {
            name: SchedName::Str(std::borrow::Cow::Borrowed(&p.name)),
            demand: p.sched(kind).demand,
            min_share: c.min_share[kind_ix(kind)],
            running: self.pool_running(cluster, pool, kind),
            weight: c.weight,
            start_time: 0,
            priority: JobPriority::Normal,
        }
    }

    /// A pool line for the record.
    pub fn pool_line(&self, cluster: &Cluster, pool: usize, kind: TaskType) -> PoolLine {
        let k = self.pool_key(cluster, pool, kind);
        let p = &self.pm.pools[pool];
        let max = self.pool_conf_of(pool).max_slots[kind_ix(kind)];
        PoolLine {
            pool: p.name.clone(),
            mode: p.mode,
            running: k.running,
            demand: k.demand,
            min_share: k.min_share,
            max_share: (max != UNLIMITED).then_some(max),
            fair_share: p.sched(kind).fair_share,
            weight: k.weight,
            needy: shares::is_needy(&k),
        }
    }

    /// Pool indices sorted by `FairShareComparator` (stable, live running counts).
    pub fn sorted_pools(&self, cluster: &Cluster, kind: TaskType) -> Vec<usize> {
        let keys: Vec<SchedKey> = (0..self.pm.pools.len()).map(|i| self.pool_key(cluster, i, kind)).collect();
        let mut order: Vec<usize> = (0..keys.len()).collect();
        crate::sort::sort_by(&mut order, |a, b| shares::fair_share_cmp(&keys[*a], &keys[*b]));
        order
    }

    /// `JobSchedulable.updateDemand()`.
    pub(super) fn job_demand(&self, cluster: &Cluster, id: JobId, kind: TaskType) -> i64 {
        let (Some(info), Some(job)) = (self.infos.get(&id), cluster.jobs.get(&id)) else { return 0 };
        if !info.runnable || job.state != RunState::Running || !job.inited {
            return 0;
        }
        if kind == TaskType::Reduce && !job.schedule_reduces() {
            return 0;
        }
        let (spec, avg) = match kind {
            TaskType::Map => (job.conf.speculative_maps, job.map_progress),
            TaskType::Reduce => (job.conf.speculative_reduces, job.reduce_progress),
        };
        if !spec && !job.had_concurrent_attempts[kind_ix(kind)] {
            // Each TIP not complete counts 1 (a running one has exactly one attempt), and the
            // complete TIPs are exactly the finished ones.
            let finished = match kind {
                TaskType::Map => job.finished_maps,
                TaskType::Reduce => job.finished_reduces,
            };
            return job.tips(kind).len() as i64 - finished as i64;
        }
        let mut demand = 0;
        for tip in job.tips(kind) {
            if tip.complete {
                continue;
            }
            if tip.is_running() {
                demand += tip.active.len() as i64;
                if spec && tip.has_speculative_task(cluster.now, avg) {
                    demand += 1;
                }
            } else {
                demand += 1;
            }
        }
        demand
    }

    /// The unit-test fake's map choice (`TestFairScheduler.FakeJobInProgress`): the lowest-index
    /// pending map whose level on this tracker (−1 for a job without locations) is below the cap of
    /// the allowed level.
    pub(super) fn fake_obtain_map(
        cluster: &mut Cluster,
        id: JobId,
        ti: usize,
        level: LocalityLevel,
    ) -> Result<Launched, NoTask> {
        let node = cluster.trackers[ti].node;
        let job = cluster.jobs.get(&id).ok_or(NoTask::NotRunning)?;
        if !job.inited {
            return Err(NoTask::NotInitialized);
        }
        if job.maps.is_empty() {
            return Err(NoTask::NoTasksOfType);
        }
        // FakeTaskInProgress.getLocalityLevel: −1 for a job built without locations; a map with
        // an empty location list is off-rack (2) everywhere.
        let no_locations = !job.locations_given;
        let cap: i64 = match level {
            LocalityLevel::Node => 1,
            LocalityLevel::Rack => 2,
            _ => i64::MAX,
        };
        let mut pending = false;
        let mut pick: Option<(u32, u32)> = None;
        for tip in &job.maps {
            if tip.is_running() || !tip.is_runnable() {
                continue;
            }
            pending = true;
            let l = if no_locations { -1 } else { job.locality_level(&cluster.topology, tip, Some(node)) as i64 };
            if l < cap {
                pick = Some((tip.index, job.locality_level(&cluster.topology, tip, Some(node))));
                break;
            }
        }
        match pick {
            Some((idx, level)) => cluster.launch(id, TaskType::Map, idx, ti, Some(level), None),
            None => Err(if pending { NoTask::NoneLocalEnough } else { NoTask::NothingPending }),
        }
    }

    /// `JobSchedulable.assignTask`: nothing unless runnable; otherwise the job is
    /// "visited", and a map is asked at the allowed locality level.
    /// `starved`: the pool's starvation check, the same for all its jobs during one
    /// `assignTasks`, already made (`None` = make it here).
    #[allow(clippy::too_many_arguments)]
    pub(super) fn job_assign(
        &mut self,
        cluster: &mut Cluster,
        id: JobId,
        ti: usize,
        kind: TaskType,
        now: Millis,
        visited: &mut Vec<JobId>,
        starved: Option<&Option<super::delay::LevelReason>>,
    ) -> (JobVisit, Option<Launched>) {
        let runnable = self.infos.get(&id).is_some_and(|i| i.runnable)
            && cluster.jobs.get(&id).is_some_and(|j| j.state == RunState::Running);
        let mut v =
            JobVisit { job: id.0, runnable, allowed: None, call: None, assigned: None, none: None, new_level: None };
        if !runnable {
            return (v, None);
        }
        let stamp = self.stamp;
        if let Some(info) = self.infos.get_mut(&id) {
            if info.stamps[kind_ix(kind)] != stamp {
                info.stamps[kind_ix(kind)] = stamp;
                visited.push(id);
            }
        }
        // CapBasedLoadManager.canLaunchTask is always true.
        let res = match kind {
            TaskType::Map => {
                let allowed = match starved {
                    Some(st) => self.allowed_locality_level_given(cluster, id, st.clone()),
                    None => self.allowed_locality_level(cluster, id, now),
                };
                let level = allowed.level;
                v.allowed = Some(allowed);
                v.call = Some(level.call());
                if self.conf.harness.fake_task_choice() {
                    Self::fake_obtain_map(cluster, id, ti, level)
                } else {
                    cluster.obtain_new_map_task(id, ti, level.max_cache_level(cluster.conf.cache_levels))
                }
            }
            TaskType::Reduce => {
                v.call = Some("obtainNewReduceTask");
                cluster.obtain_new_reduce_task(id, ti)
            }
        };
        match res {
            Ok(l) => {
                if kind == TaskType::Map {
                    v.new_level = Some(LocalityLevel::from_task_level(l.level, cluster.conf.nodegroup_aware));
                }
                if self.conf.preemption {
                    self.note_launch(l.attempt);
                }
                (v, Some(l))
            }
            Err(e) => {
                v.none = Some(e);
                (v, None)
            }
        }
    }

    /// Remember the launch order of an attempt (newest-first preemption tie-break).
    pub(super) fn note_launch(&mut self, a: crate::model::AttemptId) {
        self.seq += 1;
        self.launch_seq.insert(a, self.seq);
    }
}
