//! `PoolSchedulable.assignTask`: a pool's jobs asked in their sorted order until one launches a
//! task (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/PoolSchedulable.java`),
//! each through `JobSchedulable.assignTask` (`schedulables`); the record lists the first
//! `VISIT_LINES` visits of a heartbeat and counts the rest.
//!
//! A counted visit that provably finds nothing takes a quiet path: the job is marked visited as
//! `JobSchedulable.assignTask` does, its allowed level is `getAllowedLocalityLevel`'s, and
//! `obtainNewMapTask` / `obtainNewReduceTask` are asked only the early refusals that return
//! before any list is read or changed (`Cluster::map_visit_finds_nothing`,
//! `Cluster::reduce_visit_finds_nothing`). Whenever the answer is not certain, the visit takes the
//! full path, which repeats those pure checks. With `full_visits` on (the tests) every visit takes
//! the full path.

use super::FairScheduler;
use super::decision::PoolVisit;
use super::delay::{LevelReason, LocalityLevel, has_no_locality_info, level_by_wait};
use super::kind_ix;
use crate::model::cluster::Launched;
use crate::model::{Cluster, JobId, Millis, RunState, TaskType};

impl FairScheduler {
    /// `PoolSchedulable.assignTask`: nothing if the pool is at its maximum (no job
    /// visited); otherwise sort the jobs in place (FIFO or fair) and ask them in order.
    pub(super) fn pool_assign(
        &mut self,
        cluster: &mut Cluster,
        pool: usize,
        ti: usize,
        kind: TaskType,
        now: Millis,
        visited: &mut Vec<JobId>,
    ) -> (PoolVisit, Option<Launched>) {
        let p = &self.pm.pools[pool];
        let mut pv = PoolVisit { pool: p.name.clone(), at_max: None, jobs: Vec::new(), unlisted: 0 };
        let running = self.pool_running(cluster, pool, kind);
        let max = self.pool_conf_of(pool).max_slots[kind_ix(kind)];
        if running >= max {
            pv.at_max = Some((running, max));
            return (pv, None);
        }
        self.sort_pool_jobs(cluster, pool, kind);
        let n = self.pm.pools[pool].sched(kind).jobs.len();
        pv.jobs.reserve(n.min(self.visit_budget + 1));
        let starved = if kind == TaskType::Map { Some(self.pool_starvation(pool, now)) } else { None };
        // A visit changes no pool's job list, so the list is read in place.
        for at in 0..n {
            let id = self.pm.pools[pool].sched(kind).jobs[at];
            let listing = self.visit_budget > 0;
            if listing {
                self.ensure_line(cluster, id, None);
            } else if !self.full_visits && self.quiet_visit(cluster, id, ti, kind, visited, starved.as_ref()) {
                // Counted, not listed, as the full visit would be.
                self.quiet_visits += 1;
                pv.unlisted += 1;
                continue;
            }
            let (v, l) = self.job_assign(cluster, id, ti, kind, now, visited, starved.as_ref());
            // The record lists a bounded number of the jobs passed over, and always the last.
            if l.is_some() || listing {
                self.visit_budget = self.visit_budget.saturating_sub(1);
                if !listing {
                    // Its line as it stood before this launch.
                    self.ensure_line(cluster, id, Some(kind));
                }
                pv.jobs.push(v);
            } else {
                pv.unlisted += 1;
            }
            if l.is_some() {
                if self.run_cache_on {
                    if let Some(r) = self.run_cache.get_mut(pool) {
                        r[kind_ix(kind)] += 1;
                    }
                }
                return (pv, l);
            }
        }
        (pv, None)
    }

    /// Give a listed job visit its job line in the record, if it has none yet; `launched` =
    /// the job has just launched a task of this type (its line shows the count before).
    fn ensure_line(&mut self, cluster: &Cluster, id: JobId, launched: Option<TaskType>) {
        let stamp = self.stamp;
        let Some(info) = self.infos.get_mut(&id) else { return };
        if info.stamps[2] == stamp {
            return;
        }
        info.stamps[2] = stamp;
        if let Some(mut line) = self.job_line(cluster, id) {
            match launched {
                Some(TaskType::Map) => line.running_maps -= 1,
                Some(TaskType::Reduce) => line.running_reduces -= 1,
                None => {}
            }
            self.late_lines.push(line);
        }
    }

    /// The quiet path of one counted visit: `true` = the job was asked (marked visited if
    /// runnable) and found nothing, exactly as `job_assign` would have found; `false` = take
    /// the full path (nothing was changed but the visited mark, which the full path keeps).
    fn quiet_visit(
        &mut self,
        cluster: &Cluster,
        id: JobId,
        ti: usize,
        kind: TaskType,
        visited: &mut Vec<JobId>,
        starved: Option<&Option<LevelReason>>,
    ) -> bool {
        if self.conf.harness.fake_task_choice() {
            return false;
        }
        let stamp = self.stamp;
        let Some(info) = self.infos.get_mut(&id) else { return true };
        let Some(job) = cluster.jobs.get(&id) else { return true };
        // `JobSchedulable.assignTask`: not runnable → nothing asked, not visited.
        if !info.runnable || job.state != RunState::Running {
            return true;
        }
        if info.stamps[kind_ix(kind)] != stamp {
            info.stamps[kind_ix(kind)] = stamp;
            visited.push(id);
        }
        match kind {
            TaskType::Map => {
                // `getAllowedLocalityLevel` (`allowed_locality_level_given`): no locality
                // information or a starved pool → ANY, else by the wait.
                let starved = match starved {
                    Some(st) => st.is_some(),
                    None => return false,
                };
                let level = if has_no_locality_info(job, false) || starved {
                    LocalityLevel::Any
                } else {
                    level_by_wait(
                        info.delay.last_map_locality_level,
                        info.delay.time_waited_for_local_map,
                        &self.delays,
                    )
                };
                cluster.map_visit_finds_nothing(id, ti, level.max_cache_level(cluster.conf.cache_levels))
            }
            TaskType::Reduce => cluster.reduce_visit_finds_nothing(id, ti),
        }
    }
}
