//! Spark's scripted steps run against `sched::spark::SparkScheduler` (the harness of Spark's
//! `TaskSetManagerSuite` and `TaskSchedulerImplSuite` as steps: `FakeTaskScheduler.addExecutor`,
//! direct `resourceOffer` calls, `resourceOffers` rounds on a manual clock) and their checks.
//! A call or a round gives one record (`HeartbeatRecord` with a `Decision::Spark`); the seeded
//! offer order is this project's own shuffle (`docs/spark.md`).

use super::super::Engine;
use crate::explain::HeartbeatRecord;
use crate::scenario::Step;
use crate::scenario::steps::spark::{ExpectLaunch, SparkStep};
use crate::sched::decision::Decision;
use crate::sched::spark::conf::OfferOrder;
use crate::sched::spark::decision::{Launch, SparkDecision};
use crate::sched::spark::locality::TaskLocality;
use crate::sched::{Scheduler, spark::SparkScheduler};
use crate::sim::offer_order::seeded_order;

fn launch_matches(e: &ExpectLaunch, l: &Launch) -> bool {
    e.index == l.index
        && e.executor.as_ref().is_none_or(|x| *x == l.executor)
        && e.locality.is_none_or(|x| x == l.locality)
        && e.task_set.as_ref().is_none_or(|t| format!("TaskSet_{t}") == l.task_set)
}

fn launch_text(l: &Launch) -> String {
    let spec = if l.speculative { ", speculative" } else { "" };
    format!(
        "{}:{} on {} ({}{spec})",
        l.task_set.trim_start_matches("TaskSet_"),
        l.index,
        l.executor,
        l.locality.as_str()
    )
}

impl Engine {
    /// The record of a round (or a direct call), as the next heartbeat's: numbered, at now.
    pub(in crate::sim) fn spark_record(&mut self, tracker: &str, host: &str, d: SparkDecision) -> HeartbeatRecord {
        self.hb += 1;
        HeartbeatRecord {
            hb: self.hb,
            time_ms: self.cluster.now,
            tracker: tracker.to_string(),
            host: host.to_string(),
            tracker_changes: Vec::new(),
            reported: Vec::new(),
            kills: Vec::new(),
            assigned: Vec::new(),
            decision: Decision::Spark(Box::new(d)),
            next_interval_ms: 0,
        }
    }

    /// Run one Spark step; a call or a round returns its record.
    pub(in crate::sim) fn spark_step(&mut self, step: &Step, sp: &SparkStep) -> Option<HeartbeatRecord> {
        let now = self.cluster.now;
        let round_no = self.hb + 1;
        let seed = self.scenario.seed;
        let Scheduler::Spark(s) = &mut self.scheduler else {
            self.stop(step.path.clone(), "a Spark step needs \"scheduler\": \"spark\"".into());
            return None;
        };
        let s: &mut SparkScheduler = s;
        let res: Result<(), String> = match sp {
            SparkStep::AddExecutor { executor, host, cores } => s.add_executor(executor, host, *cores).map(|_| ()),
            SparkStep::LoseExecutor { executor } => s.lose_executor(executor).map(|_| ()),
            SparkStep::DecommissionExecutor { executor, with_host } => {
                s.decommission_executor(executor, *with_host).map(|_| ())
            }
            SparkStep::SubmitTaskSet { stage, attempt, priority, pool, tasks } => {
                s.submit_task_set(*stage, *attempt, *priority, pool.as_deref(), tasks.clone(), now)
            }
            SparkStep::FinishTask { task_set, index } => {
                s.find(task_set.as_deref()).and_then(|t| s.finish_task(t, *index))
            }
            SparkStep::FailTask { task_set, index, executor } => {
                s.find(task_set.as_deref()).and_then(|t| s.fail_task(t, *index, executor.as_deref()))
            }
            SparkStep::Speculate { task_set, index } => {
                s.find(task_set.as_deref()).and_then(|t| s.speculate(t, *index))
            }
            SparkStep::SetZombie { task_set, zombie } => s.find(task_set.as_deref()).map(|t| {
                s.task_sets[t].is_zombie = *zombie;
            }),
            SparkStep::ExcludeNode { task_set, host, excluded } => s.find(task_set.as_deref()).map(|t| {
                let set = &mut s.task_sets[t].excluded_nodes;
                if *excluded {
                    set.insert(host.clone());
                } else {
                    set.remove(host);
                }
            }),
            SparkStep::ExcludeExecutor { task_set, executor, excluded } => s.find(task_set.as_deref()).map(|t| {
                let set = &mut s.task_sets[t].excluded_executors;
                if *excluded {
                    set.insert(executor.clone());
                } else {
                    set.remove(executor);
                }
            }),
            SparkStep::ExcludeTask { task_set, index, on_host, name, excluded } => {
                s.find(task_set.as_deref()).map(|t| {
                    let key = (*index, *on_host, name.clone());
                    let set = &mut s.task_sets[t].excluded_for_task;
                    if *excluded {
                        set.insert(key);
                    } else {
                        set.remove(&key);
                    }
                })
            }
            SparkStep::ExpectLevels { task_set, levels } => s.find(task_set.as_deref()).and_then(|t| {
                let got = &s.task_sets[t].levels;
                if got == levels {
                    Ok(())
                } else {
                    Err(format!(
                        "{}: expected valid levels {}, got {}",
                        s.task_sets[t].name(),
                        names(levels),
                        names(got)
                    ))
                }
            }),
            SparkStep::ExpectTaskSet { task_set, running, succeeded, finished } => {
                s.find(task_set.as_deref()).and_then(|t| {
                    let m = &s.task_sets[t];
                    let done = m.tasks.iter().filter(|x| x.successful).count() as u32;
                    let mut bad = Vec::new();
                    if let Some(r) = running.filter(|&r| r != m.running_tasks) {
                        bad.push(format!("running tasks expected {r}, got {}", m.running_tasks));
                    }
                    if let Some(n) = succeeded.filter(|&n| n != done) {
                        bad.push(format!("succeeded tasks expected {n}, got {done}"));
                    }
                    if let Some(f) = finished.filter(|&f| f != m.finished) {
                        bad.push(format!("finished expected {f}, got {}", m.finished));
                    }
                    if bad.is_empty() { Ok(()) } else { Err(format!("{}: {}", m.name(), bad.join("; "))) }
                })
            }
            SparkStep::ExpectLevel { task_set, level, timer_ms } => s.find(task_set.as_deref()).and_then(|t| {
                let m = &s.task_sets[t];
                let mut bad = Vec::new();
                if m.current_level() != *level {
                    bad.push(format!("current level expected {}, got {}", level.as_str(), m.current_level().as_str()));
                }
                if let Some(ms) = timer_ms.filter(|&ms| ms != m.last_reset) {
                    bad.push(format!("wait timer expected from {ms} ms, got {} ms", m.last_reset));
                }
                if bad.is_empty() { Ok(()) } else { Err(format!("{}: {}", m.name(), bad.join("; "))) }
            }),
            SparkStep::ResourceOffer { task_set, executor, host, max_locality, expect, expect_reject } => {
                let t = match s.find(task_set.as_deref()) {
                    Ok(t) => t,
                    Err(e) => {
                        self.stop(step.path.clone(), e);
                        return None;
                    }
                };
                let d = s.direct_offer(t, executor, host, *max_locality, now);
                let ask = &d.task_sets[0].passes[0].asks[0];
                let call = format!("resourceOffer({executor}, {host}, {}) at {now} ms", max_locality.as_str());
                let got = ask.launched.as_ref().map(launch_text).unwrap_or_else(|| "none".into());
                let mut bad = Vec::new();
                if let Some(e) = expect {
                    let ok = match (e, &ask.launched) {
                        (None, None) => true,
                        (Some(e), Some(l)) => launch_matches(e, l),
                        _ => false,
                    };
                    if !ok {
                        let want = e.as_ref().map(|e| e.to_string()).unwrap_or_else(|| "none".into());
                        bad.push(format!("{call}: expected task {want}, got {got}"));
                    }
                }
                if let Some(r) = expect_reject.filter(|&r| r != ask.reject) {
                    bad.push(format!("{call}: expected reject = {r}, got {}", ask.reject));
                }
                let rec = self.spark_record(executor, host, d);
                for m in bad {
                    self.fail(step, m);
                }
                return Some(rec);
            }
            SparkStep::OfferRound { full, offers, expect, expect_count } => {
                let order = match s.settings.offer_order {
                    OfferOrder::Identity => None,
                    OfferOrder::Seeded => Some(seeded_order(seed, round_no, offers.len())),
                };
                let d = s.resource_offers(offers, order.as_deref(), *full, now);
                let got: Vec<String> = d.launches.iter().map(launch_text).collect();
                let mut bad = Vec::new();
                let kind = if *full { "full" } else { "partial" };
                if let Some(exp) = expect {
                    let ok =
                        exp.len() == d.launches.len() && exp.iter().zip(&d.launches).all(|(e, l)| launch_matches(e, l));
                    if !ok {
                        let want: Vec<String> = exp.iter().map(|e| e.to_string()).collect();
                        bad.push(format!(
                            "{kind} round at {now} ms: expected [{}], got [{}]",
                            want.join(", "),
                            got.join(", ")
                        ));
                    }
                }
                if let Some(n) = expect_count.filter(|&n| n as usize != d.launches.len()) {
                    bad.push(format!(
                        "{kind} round at {now} ms: expected {n} tasks, got {} [{}]",
                        d.launches.len(),
                        got.join(", ")
                    ));
                }
                let (tracker, host) = match &offers[..] {
                    [one] => (one.executor.clone(), one.host.clone()),
                    _ => ("driver".to_string(), String::new()),
                };
                let rec = self.spark_record(&tracker, &host, d);
                for m in bad {
                    self.fail(step, m);
                }
                return Some(rec);
            }
        };
        match res {
            Err(e) if sp.is_check() => self.fail(step, e),
            Err(e) => self.stop(step.path.clone(), e),
            Ok(()) => {}
        }
        None
    }
}

fn names(ls: &[TaskLocality]) -> String {
    format!("[{}]", ls.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(", "))
}
