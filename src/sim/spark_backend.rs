//! Spark's automatic mode: the driver side of `CoarseGrainedSchedulerBackend` (its
//! `DriverEndpoint`) around `sched::spark::SparkScheduler`, as `docs/spark.md` ("Automatic
//! mode") states it. The events of the application (`scenario::spark_app`) come in one order:
//! by time, then task ends (`StatusUpdate`: the task succeeds, then `makeOffers(executorId)`
//! for its executor), executors added (`RegisterExecutor` / `LaunchedExecutor`: a round of
//! that executor with all its cores), executors lost (`RemoveExecutor`: its running tasks are
//! pending again, then `reviveOffers()`), stages submitted (`submitTasks`, then
//! `reviveOffers()`), and last the revives (`ReviveOffers`: `makeOffers()`, a full round of
//! every registered executor with its free cores), from the revive thread every
//! `spark.scheduler.revive.interval` from t = 0; revives due at one instant are one round.
//! Among task ends of one instant, by executor id (then launch order); executors and stages of
//! one instant in the scenario's order. A round with no unfinished task set gives no record,
//! except a task's completion round.

use super::Engine;
use crate::explain::HeartbeatRecord;
use crate::model::Millis;
use crate::scenario::spark_app::SparkApp;
use crate::sched::Scheduler;
use crate::sched::spark::conf::OfferOrder;
use crate::sched::spark::decision::{Offer, SparkDecision};
use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap};
use std::sync::Arc;

/// What happens at an instant, in the order events of one instant are handled.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Event {
    /// A task's run time is up (launch number, to tell a stale end from a live one).
    TaskEnd {
        executor: String,
        launch: u64,
    },
    ExecutorAdded {
        executor: usize,
    },
    ExecutorLost {
        executor: usize,
    },
    StageSubmitted {
        stage: usize,
    },
    Revive,
}

/// One task running on an executor: its task set (index into the scheduler's) and task.
#[derive(Debug, Clone, PartialEq)]
struct Running {
    task_set: usize,
    index: usize,
    executor: String,
    since: Millis,
}

/// The driver's state between rounds. Cloning it is part of a checkpoint.
#[derive(Debug, Clone)]
pub struct Backend {
    app: Arc<SparkApp>,
    /// (time, event, tie-break number): the next event first.
    queue: BinaryHeap<Reverse<(Millis, Event, u64)>>,
    seq: u64,
    /// Registered executors in registration order: (id, host, free cores).
    executors: Vec<(String, String, u32)>,
    /// Tasks running, by launch number.
    running: BTreeMap<u64, Running>,
    launches: u64,
    /// Scheduler task-set index → stage index in `app.stages`.
    stage_of: Vec<usize>,
    /// Stages not yet submitted.
    to_submit: usize,
    /// When each stage (by index in `app.stages`) finished.
    pub finished_ms: Vec<Option<Millis>>,
    /// Core-milliseconds tasks ran so far (until they ended or their executor was lost).
    pub busy_core_ms: i64,
    started: bool,
}

impl Backend {
    pub fn new(app: Arc<SparkApp>) -> Backend {
        let n = app.stages.len();
        Backend {
            app,
            queue: BinaryHeap::new(),
            seq: 0,
            executors: Vec::new(),
            running: BTreeMap::new(),
            launches: 0,
            stage_of: Vec::new(),
            to_submit: n,
            finished_ms: vec![None; n],
            busy_core_ms: 0,
            started: false,
        }
    }

    fn push(&mut self, t: Millis, e: Event) {
        self.seq += 1;
        self.queue.push(Reverse((t, e, self.seq)));
    }

    fn start(&mut self) {
        self.started = true;
        let app = self.app.clone();
        for (i, e) in app.executors.iter().enumerate() {
            self.push(e.add_ms, Event::ExecutorAdded { executor: i });
            if let Some(l) = e.lose_ms {
                self.push(l, Event::ExecutorLost { executor: i });
            }
        }
        for (i, s) in app.stages.iter().enumerate() {
            self.push(s.submit_ms, Event::StageSubmitted { stage: i });
        }
        self.push(0, Event::Revive);
    }

    /// The next event: all of one instant's revives count as one.
    fn pop(&mut self) -> Option<(Millis, Event)> {
        let Reverse((t, e, _)) = self.queue.pop()?;
        if e == Event::Revive {
            while self.queue.peek().is_some_and(|Reverse((t2, e2, _))| *t2 == t && *e2 == Event::Revive) {
                self.queue.pop();
            }
        }
        Some((t, e))
    }

    fn free_of(&mut self, id: &str) -> Option<&mut u32> {
        self.executors.iter_mut().find(|(x, _, _)| x == id).map(|(_, _, c)| c)
    }

    /// Whether anything but the revive thread is still to come.
    fn events_pending(&self) -> bool {
        self.queue.iter().any(|Reverse((_, e, _))| *e != Event::Revive)
    }

    /// Every task running, in launch order: (task set, index, executor).
    pub fn running(&self) -> impl Iterator<Item = (usize, usize, &str)> {
        self.running.values().map(|r| (r.task_set, r.index, r.executor.as_str()))
    }

    /// The stage of the scheduler's task set `t`.
    pub fn stage_index(&self, t: usize) -> Option<usize> {
        self.stage_of.get(t).copied()
    }
}

impl Engine {
    /// Spark's automatic mode: the next round's record, `None` at the end.
    pub(super) fn spark_next(&mut self) -> Option<HeartbeatRecord> {
        let mut b = self.spark_backend.take()?;
        let r = self.spark_drive(&mut b);
        self.spark_backend = Some(b);
        r
    }

    fn spark_drive(&mut self, b: &mut Backend) -> Option<HeartbeatRecord> {
        if !b.started {
            b.start();
        }
        loop {
            if self.hb >= self.scenario.run.max_heartbeats || self.stopped.is_some() {
                return None;
            }
            let unfinished = |e: &Engine| match &e.scheduler {
                Scheduler::Spark(s) => s.task_sets.iter().any(|t| !t.finished),
                _ => false,
            };
            if b.to_submit == 0 && !unfinished(self) {
                return None;
            }
            let (t, ev) = b.pop()?;
            self.set_now(t);
            let interval = match &self.scheduler {
                Scheduler::Spark(s) => s.settings.conf.revive_interval,
                _ => return None,
            };
            let offers: Option<(bool, Vec<Offer>)> = match ev {
                Event::Revive => {
                    b.push(t + interval, Event::Revive);
                    let all = b
                        .executors
                        .iter()
                        .map(|(e, h, c)| Offer { executor: e.clone(), host: h.clone(), cores: *c })
                        .collect();
                    unfinished(self).then_some((true, all))
                }
                Event::TaskEnd { executor, launch } => {
                    let Some(r) = b.running.remove(&launch) else { continue };
                    b.busy_core_ms += (t - r.since) * self.spark_cpus() as i64;
                    if let Err(m) = self.spark_finish(b, &r) {
                        self.stop("$".into(), m);
                        return None;
                    }
                    let cpus = self.spark_cpus();
                    b.free_of(&executor)
                        .map(|c| {
                            *c += cpus;
                            *c
                        })
                        .map(|cores| {
                            let host =
                                b.executors.iter().find(|x| x.0 == executor).map(|x| x.1.clone()).unwrap_or_default();
                            (false, vec![Offer { executor, host, cores }])
                        })
                }
                Event::ExecutorAdded { executor } => {
                    let spec = b.app.executors[executor].clone();
                    let Scheduler::Spark(s) = &mut self.scheduler else { return None };
                    if let Err(m) = s.add_executor(&spec.id, &spec.host, spec.cores) {
                        self.stop(format!("$.spark.executors[{executor}]"), m);
                        return None;
                    }
                    b.executors.push((spec.id.clone(), spec.host.clone(), spec.cores));
                    let one = vec![Offer { executor: spec.id, host: spec.host, cores: spec.cores }];
                    unfinished(self).then_some((false, one))
                }
                Event::ExecutorLost { executor } => {
                    let id = b.app.executors[executor].id.clone();
                    let Scheduler::Spark(s) = &mut self.scheduler else { return None };
                    if let Err(m) = s.lose_executor(&id) {
                        self.stop(format!("$.spark.executors[{executor}].lose_ms"), m);
                        return None;
                    }
                    b.executors.retain(|(x, _, _)| *x != id);
                    let cpus = self.spark_cpus() as i64;
                    let lost: i64 = b.running.values().filter(|r| r.executor == id).map(|r| (t - r.since) * cpus).sum();
                    b.busy_core_ms += lost;
                    b.running.retain(|_, r| r.executor != id);
                    b.push(t, Event::Revive);
                    None
                }
                Event::StageSubmitted { stage } => {
                    let spec = b.app.stages[stage].clone();
                    let Scheduler::Spark(s) = &mut self.scheduler else { return None };
                    let r = s.submit_task_set(spec.stage, 0, spec.priority, spec.pool.as_deref(), spec.tasks, t);
                    if let Err(m) = r {
                        self.stop(format!("$.spark.stages[{stage}]"), m);
                        return None;
                    }
                    b.stage_of.push(stage);
                    b.to_submit -= 1;
                    b.push(t, Event::Revive);
                    None
                }
            };
            let Some((full, offers)) = offers else { continue };
            let d = self.spark_round(b, &offers, full);
            if full && d.launches.is_empty() && b.running.is_empty() && !b.events_pending() && self.spark_stuck(b) {
                let rec = self.spark_auto_record(&offers, d);
                self.stop(
                    "$.spark".into(),
                    format!(
                        "stopped at {t} ms: no registered executor can run the tasks still pending (at the last \
                         locality level, with nothing running and no executor or stage still to come)"
                    ),
                );
                return Some(rec);
            }
            return Some(self.spark_auto_record(&offers, d));
        }
    }

    fn spark_cpus(&self) -> u32 {
        match &self.scheduler {
            Scheduler::Spark(s) => s.settings.conf.task_cpus,
            _ => 1,
        }
    }

    /// Waiting cannot help any more: no registered executor has the cores of a task, or every
    /// unfinished task set is at its last valid level.
    fn spark_stuck(&self, b: &Backend) -> bool {
        let Scheduler::Spark(s) = &self.scheduler else { return true };
        let cpus = s.settings.conf.task_cpus;
        b.executors.iter().all(|x| x.2 < cpus)
            || s.task_sets.iter().filter(|t| !t.finished).all(|t| t.current_index + 1 >= t.levels.len())
    }

    /// The task succeeds (`statusUpdate` → `handleSuccessfulTask`); its stage's finish time.
    fn spark_finish(&mut self, b: &mut Backend, r: &Running) -> Result<(), String> {
        let now = self.cluster.now;
        let Scheduler::Spark(s) = &mut self.scheduler else { return Ok(()) };
        s.finish_task(r.task_set, r.index)?;
        if s.task_sets[r.task_set].finished {
            if let Some(st) = b.stage_index(r.task_set) {
                b.finished_ms[st] = Some(now);
            }
        }
        Ok(())
    }

    /// One `resourceOffers` round; each launch takes its cores and ends after its duration.
    fn spark_round(&mut self, b: &mut Backend, offers: &[Offer], full: bool) -> SparkDecision {
        let now = self.cluster.now;
        let round_no = self.hb + 1;
        let seed = self.scenario.seed;
        let Scheduler::Spark(s) = &mut self.scheduler else { unreachable!("a Spark backend runs the Spark scheduler") };
        let order = match s.settings.offer_order {
            OfferOrder::Identity => None,
            OfferOrder::Seeded => Some(super::offer_order::seeded_order(seed, round_no, offers.len())),
        };
        let d = s.resource_offers(offers, order.as_deref(), full, now);
        let cpus = s.settings.conf.task_cpus;
        for l in &d.launches {
            let t = s.task_sets.iter().position(|m| m.name() == l.task_set).expect("a launch names its task set");
            let stage = b.stage_index(t).expect("every task set comes from a stage");
            let spec = &b.app.stages[stage];
            let mut dur = spec.durations_ms[l.index];
            if let Some(k) = b.app.slowdown {
                let rack_of = |h: &str| s.executors.rack_for_host(h).map(str::to_string);
                let homes: Vec<&str> = spec.tasks[l.index].iter().map(|x| x.host()).collect();
                let factor = if homes.is_empty() || homes.contains(&l.host.as_str()) {
                    1.0
                } else if homes.iter().any(|h| rack_of(h).is_some() && rack_of(h) == rack_of(&l.host)) {
                    k.rack
                } else {
                    k.off_switch
                };
                dur = (dur as f64 * factor).round() as Millis;
            }
            if let Some(c) = b.free_of(&l.executor) {
                *c = c.saturating_sub(cpus);
            }
            b.launches += 1;
            let launch = b.launches;
            b.running.insert(launch, Running { task_set: t, index: l.index, executor: l.executor.clone(), since: now });
            b.push(now + dur, Event::TaskEnd { executor: l.executor.clone(), launch });
        }
        d
    }

    fn spark_auto_record(&mut self, offers: &[Offer], d: SparkDecision) -> HeartbeatRecord {
        match offers {
            [one] => self.spark_record(&one.executor.clone(), &one.host.clone(), d),
            _ => self.spark_record("driver", "", d),
        }
    }
}
