//! `FairScheduler.update()`: the periodic pass that refreshes demand, running-job limits
//! (`updateRunnability`), fair shares (`SchedulingAlgorithms.computeFairShares`) and the
//! preemption timestamps.

use super::*;
use crate::model::{Cluster, Job, JobId, RunState};
use allocs::SchedulingMode;
use shares::{ShareInput, compute_fair_shares};
use std::collections::BTreeMap;

impl FairScheduler {
    /// `FairScheduler.update()` (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/FairScheduler.java`).
    pub fn update(&mut self, cluster: &Cluster) {
        let now = cluster.now;
        self.updates_since_hb += 1;
        if self.delays.auto {
            self.delays.auto_compute(cluster.heartbeat_interval());
        }
        let gone: Vec<JobId> = self
            .infos
            .keys()
            .copied()
            .filter(|id| cluster.jobs.get(id).is_none_or(|j| j.state.is_terminal()))
            .collect();
        for id in gone {
            if let Some(info) = self.infos.remove(&id) {
                self.pm.remove_job(&info.pool, id);
            }
        }
        self.update_runnability(cluster);
        // PoolSchedulable.updateDemand: walk the list, stop at maxSlots (`docs/hadoop/fair.md` §F5).
        for pi in 0..self.pm.pools.len() {
            for kind in kinds() {
                let max = self.pm.max_slots(&self.pm.pools[pi].name, kind);
                let jobs = self.pm.pools[pi].sched(kind).jobs.clone();
                let mut demand = 0;
                for id in jobs {
                    let d = self.job_demand(cluster, id, kind);
                    if let Some(info) = self.infos.get_mut(&id) {
                        info.sched_mut(kind).demand = d;
                    }
                    demand += d;
                    if demand >= max {
                        demand = max;
                        break;
                    }
                }
                self.pm.pools[pi].sched_mut(kind).demand = demand;
            }
        }
        for kind in kinds() {
            let inputs: Vec<ShareInput> = self
                .pm
                .pools
                .iter()
                .map(|p| ShareInput {
                    demand: p.sched(kind).demand,
                    min_share: self.pm.min_share(&p.name, kind),
                    weight: self.pm.weight(&p.name),
                })
                .collect();
            let shares = compute_fair_shares(&inputs, cluster.capacity(kind) as f64);
            for (p, s) in self.pm.pools.iter_mut().zip(shares) {
                p.sched_mut(kind).fair_share = s;
            }
        }
        // PoolSchedulable.redistributeShare
        for pi in 0..self.pm.pools.len() {
            for kind in kinds() {
                let p = &self.pm.pools[pi];
                let jobs = p.sched(kind).jobs.clone();
                let shares = match p.mode {
                    SchedulingMode::Fair => {
                        let inputs: Vec<ShareInput> = jobs
                            .iter()
                            .map(|id| ShareInput {
                                demand: self.infos.get(id).map(|i| i.sched(kind).demand).unwrap_or(0),
                                min_share: 0,
                                weight: self.job_weight(cluster, *id, kind),
                            })
                            .collect();
                        compute_fair_shares(&inputs, p.sched(kind).fair_share)
                    }
                    SchedulingMode::Fifo => vec![0.0; jobs.len()],
                };
                for (id, s) in jobs.iter().zip(shares) {
                    if let Some(info) = self.infos.get_mut(id) {
                        info.sched_mut(kind).fair_share = s;
                    }
                }
            }
        }
        if self.conf.preemption {
            self.update_preemption_variables(cluster, now);
        }
        // Demands, weights and runnability may have moved every job's key.
        self.order.forget();
    }

    /// `updateRunnability()`: running-job limits per user and per pool, walking jobs
    /// in FIFO order; PREP jobs that fit are handed to the job initializer.
    pub(super) fn update_runnability(&mut self, cluster: &Cluster) {
        for info in self.infos.values_mut() {
            info.runnable = false;
        }
        let mut jobs: Vec<&Job> = self.infos.keys().filter_map(|id| cluster.jobs.get(id)).collect();
        crate::sort::sort_by(&mut jobs, |a, b| {
            a.priority.cmp(&b.priority).then(a.start_time.cmp(&b.start_time)).then(a.id.cmp(&b.id))
        });
        let mut users: BTreeMap<&str, i64> = BTreeMap::new();
        let mut pools: BTreeMap<String, i64> = BTreeMap::new();
        for job in jobs {
            let Some(info) = self.infos.get_mut(&job.id) else { continue };
            let uc = users.get(job.user.as_str()).copied().unwrap_or(0);
            let pc = pools.get(&info.pool).copied().unwrap_or(0);
            let fits = uc < self.pm.user_max_jobs(&job.user) && pc < self.pm.pool_max_jobs(&info.pool);
            if fits && matches!(job.state, RunState::Running | RunState::Prep) {
                users.insert(&job.user, uc + 1);
                // The pool's name is copied once, at its first job.
                match pools.get_mut(&info.pool) {
                    Some(c) => *c = pc + 1,
                    None => {
                        pools.insert(info.pool.clone(), pc + 1);
                    }
                }
                if job.state == RunState::Running {
                    info.runnable = true;
                } else if info.needs_initializing {
                    info.needs_initializing = false;
                    self.init_requests.push(job.id);
                }
            }
        }
    }
}
