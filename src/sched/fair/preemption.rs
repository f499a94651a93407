//! Preemption in the Hadoop 1.2.1 Fair Scheduler
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/FairScheduler.java`): the
//! starvation timestamps (`updatePreemptionVariables`, `isStarvedForMinShare`,
//! `isStarvedForFairShare`), how many tasks a pool is owed (`tasksToPreempt`), when to check
//! (`preemptTasksIfNecessary`) and which tasks die (`preemptTasks`: newest first, never pushing a
//! pool below its fair share). A preempted attempt is killed like any other
//! (`TaskInProgress.killTask`): at its tracker's next heartbeat, its slot free once the tracker
//! reports it (at once under the unit-test harness).

use super::FairScheduler;
use super::decision::{PoolDue, Preempted, PreemptionCheck};
use crate::model::cluster::KillDelivery;
use crate::model::task::KillReason;
use crate::model::{AttemptId, Cluster, JobId, Millis, TaskType};
use std::cmp::Reverse;

impl FairScheduler {
    /// `updatePreemptionVariables()`: at the end of `update()`, when preemption is enabled, a
    /// pool observed not starved gets its timestamp refreshed.
    pub(super) fn update_preemption_variables(&mut self, cluster: &Cluster, now: Millis) {
        for kind in [TaskType::Map, TaskType::Reduce] {
            for pi in 0..self.pm.pools.len() {
                let running = self.pool_running(cluster, pi, kind);
                let min = self.pm.min_share(&self.pm.pools[pi].name, kind);
                let s = self.pm.pools[pi].sched_mut(kind);
                // isStarvedForMinShare: running < min(minShare, demand)
                if running >= min.min(s.demand) {
                    s.last_time_at_min_share = now;
                }
                // isStarvedForFairShare: running < floor(min(fairShare / 2, demand))
                let half = super::shares::java_min(s.fair_share / 2.0, s.demand as f64).floor();
                if (running as f64) >= half {
                    s.last_time_at_half_fair_share = now;
                }
            }
        }
    }

    /// `tasksToPreempt(sched, curTime)`: max of the min-share and the fair-share deficits, each
    /// counted only once its timeout has passed (strict `>`).
    pub fn tasks_to_preempt(&self, cluster: &Cluster, pool: usize, kind: TaskType, now: Millis) -> PoolDue {
        let p = &self.pm.pools[pool];
        let s = p.sched(kind);
        let running = self.pool_running(cluster, pool, kind);
        let min_target = self.pm.min_share(&p.name, kind).min(s.demand);
        let since_min = now - s.last_time_at_min_share;
        let since_fair = now - s.last_time_at_half_fair_share;
        let due_min = if since_min > self.pm.min_share_timeout(&p.name) { (min_target - running).max(0) } else { 0 };
        let due_fair = if since_fair > self.pm.fair_share_timeout() {
            let target = super::shares::java_min(s.fair_share, s.demand as f64) as i64;
            (target - running).max(0)
        } else {
            0
        };
        PoolDue {
            pool: p.name.clone(),
            kind: kind.as_str(),
            running,
            min_share_target: min_target,
            fair_share: s.fair_share,
            starved_min_ms: since_min,
            starved_fair_ms: since_fair,
            due_min,
            due_fair,
        }
    }

    /// `preemptTasksIfNecessary()`: at most once per `preemption.interval`, for maps then
    /// reduces, total what the pools are owed and kill that many tasks (unless only logging).
    pub fn preempt_tasks_if_necessary(&mut self, cluster: &mut Cluster) -> Vec<PreemptionCheck> {
        let mut out = Vec::new();
        if !self.conf.preemption {
            return out;
        }
        let now = cluster.now;
        if now - self.last_preempt_check_time < self.conf.preemption_interval_ms {
            return out;
        }
        self.last_preempt_check_time = now;
        for kind in [TaskType::Map, TaskType::Reduce] {
            let due: Vec<PoolDue> =
                (0..self.pm.pools.len()).map(|pi| self.tasks_to_preempt(cluster, pi, kind, now)).collect();
            let to_preempt: i64 = due.iter().map(|d| d.due_min.max(d.due_fair)).sum();
            if to_preempt > 0 {
                let killed = if self.conf.preemption_only_log {
                    Vec::new()
                } else {
                    self.preempt_tasks(cluster, kind, to_preempt)
                };
                let due = due.into_iter().filter(|d| d.due_min > 0 || d.due_fair > 0).collect();
                out.push(PreemptionCheck {
                    time_ms: now,
                    kind: kind.as_str(),
                    to_preempt,
                    only_log: self.conf.preemption_only_log,
                    due,
                    killed,
                    kill_at_next_heartbeat: cluster.conf.kill_delivery != KillDelivery::AtOnce,
                });
            }
        }
        self.pending_preemptions.extend(out.iter().cloned());
        out
    }

    /// Reverse the order `preemptTasks` takes `attempts` in when they started at the same
    /// moment. Hadoop sorts the candidates by start time only (`preemptTasks`' comparator), so
    /// among equal start times its order is that of its lists, which nothing shows; the engine
    /// takes the most recently launched first. `tests/practice_facts.rs` permutes tied
    /// candidates with this to check that no practice answer depends on that order.
    pub fn reverse_launch_order(&mut self, attempts: &[AttemptId]) {
        let seqs: Vec<u64> = attempts.iter().map(|a| self.launch_seq.get(a).copied().unwrap_or(0)).collect();
        for (a, seq) in attempts.iter().zip(seqs.into_iter().rev()) {
            self.launch_seq.insert(*a, seq);
        }
    }

    /// `preemptTasks(scheds, tasksToPreempt)`: candidates are the running attempts of pools
    /// above their fair share, newest first (ties: most recently launched first); a pool is
    /// never taken below its fair share.
    fn preempt_tasks(&mut self, cluster: &mut Cluster, kind: TaskType, mut to_preempt: i64) -> Vec<Preempted> {
        let mut cands: Vec<(Millis, u64, AttemptId, String, String)> = Vec::new();
        for pi in 0..self.pm.pools.len() {
            let p = &self.pm.pools[pi];
            if (self.pool_running(cluster, pi, kind) as f64) <= p.sched(kind).fair_share {
                continue;
            }
            for id in &p.sched(kind).jobs {
                let Some(job) = cluster.jobs.get(id) else { continue };
                for tip in job.tips(kind) {
                    for a in &tip.active {
                        let aid = AttemptId { job: id.0, kind, index: tip.index, attempt: a.attempt };
                        let seq = self.launch_seq.get(&aid).copied().unwrap_or(0);
                        cands.push((a.launch_time, seq, aid, a.tracker.clone(), p.name.clone()));
                    }
                }
            }
        }
        crate::sort::sort_by_key(&mut cands, |c| Reverse((c.0, c.1, c.2)));
        let mut left: Vec<i64> = (0..self.pm.pools.len()).map(|pi| self.pool_running(cluster, pi, kind)).collect();
        let mut killed = Vec::new();
        for (start, _, aid, tracker, _) in cands {
            let Some(pool) = self.infos.get(&JobId(aid.job)).map(|i| i.pool.clone()) else { continue };
            let Some(pi) = self.pm.find(&pool) else { continue };
            if left[pi] as f64 > self.pm.pools[pi].sched(kind).fair_share
                && cluster.request_kill(aid, KillReason::Preempted).is_ok()
            {
                killed.push(Preempted { attempt: aid, tracker, pool, started_ms: start });
                to_preempt -= 1;
                if to_preempt == 0 {
                    break;
                }
                left[pi] -= 1;
            }
        }
        self.launch_seq.retain(|a, _| cluster.is_running(*a));
        killed
    }
}
