//! One offer round: `TaskSchedulerImpl.resourceOffers(offers, isAllFreeResources)` and
//! `resourceOfferSingleTaskSet`. Registration of unseen executors (`newExecAvail`, then
//! `executorAdded` on every task set), the offers in the round's order (`shuffleOffers`: the
//! permutation is given by the driver, so the scheduler itself stays free of randomness),
//! `availableCpus`, the task sets once sorted (`rootPool.getSortedTaskSetQueue`), each task
//! set's ladder (every valid level as `maxLocality`, passes repeated while one launches, at
//! most one task per offer per pass), and the SPARK-18886 reset (`noRejectsSinceLastReset`).
//! Not modelled: the health tracker's filter, barrier task sets, resource profiles and custom
//! resources, speculation.

use super::SparkScheduler;
use super::decision::{Offer, Pass, ResetOutcome, RoundKind, SparkDecision, TaskSetTurn};
use super::locality::TaskLocality;
use super::pool::SchedulingMode;
use crate::model::Millis;

impl SparkScheduler {
    /// A round over `offers` (listed order), walked in `order` (a permutation of
    /// `0..offers.len()`; `None` = identity). `all_free` is `isAllFreeResources`.
    pub fn resource_offers(
        &mut self,
        offers: &[Offer],
        order: Option<&[usize]>,
        all_free: bool,
        now: Millis,
    ) -> SparkDecision {
        let mut new_executors = Vec::new();
        for o in offers {
            if self.executors.register(&o.executor, &o.host, o.cores) {
                new_executors.push(o.executor.clone());
            }
        }
        let shuffled: Vec<Offer> = match order {
            Some(p) => p.iter().filter_map(|&i| offers.get(i).cloned()).collect(),
            None => offers.to_vec(),
        };
        let mut cpus: Vec<u32> = shuffled.iter().map(|o| o.cores).collect();
        let sorted = self.sorted_task_sets();
        let mut recomputed = Vec::new();
        if !new_executors.is_empty() {
            for &t in &sorted {
                recomputed.extend(self.recompute(t));
            }
        }
        let task_cpus = self.settings.conf.task_cpus;
        let legacy = self.settings.conf.legacy_reset;
        let mut turns = Vec::new();
        let mut launches = Vec::new();
        for &t in &sorted {
            let levels = self.task_sets[t].levels.clone();
            let mut passes = Vec::new();
            let (mut launched_any, mut rejects) = (false, 0u32);
            let mut global_min: Option<TaskLocality> = None;
            for &max_locality in &levels {
                loop {
                    // `resourceOfferSingleTaskSet`.
                    let mut pass = Pass { max_locality, asks: Vec::new() };
                    let mut pass_min: Option<TaskLocality> = None;
                    for (i, o) in shuffled.iter().enumerate() {
                        if cpus[i] < task_cpus {
                            continue;
                        }
                        let ask = self.task_sets[t].resource_offer(
                            &o.executor,
                            &o.host,
                            max_locality,
                            now,
                            legacy,
                            &self.executors,
                        );
                        rejects += u32::from(ask.reject);
                        if let Some(l) = &ask.launched {
                            cpus[i] -= task_cpus;
                            pass_min = Some(pass_min.map_or(l.locality, |m| m.min(l.locality)));
                            launches.push(l.clone());
                        }
                        pass.asks.push(ask);
                    }
                    passes.push(pass);
                    launched_any |= pass_min.is_some();
                    global_min = match (global_min, pass_min) {
                        (Some(a), Some(b)) => Some(a.min(b)),
                        (a, b) => a.or(b),
                    };
                    if pass_min.is_none() {
                        break;
                    }
                }
            }
            let id = self.task_sets[t].id();
            let reset = if legacy {
                ResetOutcome::Legacy
            } else if rejects == 0 {
                let flag = self.no_rejects_since_last_reset.get(&id).copied().unwrap_or(true);
                if launched_any && (all_free || flag) {
                    self.task_sets[t].reset_delay_schedule_timer(now, global_min);
                    self.no_rejects_since_last_reset.insert(id, true);
                    ResetOutcome::Reset { to: self.task_sets[t].current_level() }
                } else if launched_any {
                    ResetOutcome::NotSinceReject
                } else {
                    ResetOutcome::NoLaunch
                }
            } else {
                self.no_rejects_since_last_reset.insert(id, false);
                ResetOutcome::Rejected { rejects }
            };
            turns.push(self.turn(t, passes, Some(reset)));
        }
        SparkDecision {
            round: if all_free { RoundKind::Full } else { RoundKind::Partial },
            offer_order: self.settings.offer_order,
            offers: shuffled,
            new_executors,
            recomputed,
            task_sets: turns,
            launches,
        }
    }

    pub(super) fn turn(&self, t: usize, passes: Vec<Pass>, reset: Option<ResetOutcome>) -> TaskSetTurn {
        let m = &self.task_sets[t];
        TaskSetTurn {
            task_set: m.name(),
            pool: (self.settings.conf.mode == SchedulingMode::Fair).then(|| m.pool.clone()),
            levels: m.levels.clone(),
            waits_ms: m.waits.clone(),
            passes,
            reset,
            level_after: m.current_level(),
            timer_after_ms: m.last_reset,
        }
    }
}
