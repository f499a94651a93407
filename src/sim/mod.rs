//! The engine that drives time: the JobTracker's heartbeat handling (`JobTracker.heartbeat`,
//! `processHeartbeat`, `getNextHeartbeatInterval`), job arrival and initialisation
//! (`EagerTaskInitializationListener`), and the two drivers: scripted steps and the automatic
//! clock. `history` adds checkpoints for stepping backwards.

mod automatic;
pub mod bench;
pub mod history;
pub mod interesting;
mod jobs;
pub mod metrics;
mod offer_order;
pub mod placement;
pub mod runs;
mod scripted;
pub mod spark_backend;
pub mod spark_mapping;
pub mod stage;
mod trackers;
mod validate;
pub mod view;

pub use validate::validate;

pub use history::Simulation;
/// Compare mode and the delay sweep, by their old paths.
pub use runs::{compare, sweep};

use crate::explain::{HeartbeatRecord, KillReason, Reported};
use crate::model::cluster::{AttemptEnd, ClusterConf};
use crate::model::job::{Counters, JobConf};
use crate::model::task::Tip;
use crate::model::{AttemptId, Cluster, Job, JobId, Locality, Millis, RunState, TaskType};
use crate::scenario::{JobSpec, MapsSpec, Scenario, ScenarioError, SchedulerKind, Step, StepKind};
use crate::sched::{Refusal, Scheduler, fifo, limit_tasks};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;
use validate::refused;

/// A failed expectation of a self-checking scenario.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CheckFailure {
    pub step: String,
    pub hb: Option<u64>,
    pub message: String,
}

/// A submission the scheduler refused at admission.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Rejection {
    pub job: u32,
    pub name: String,
    pub time_ms: Millis,
    pub message: String,
}

/// The deterministic state machine. Cloning it is a checkpoint.
#[derive(Debug, Clone)]
pub struct Engine {
    pub scenario: Arc<Scenario>,
    pub cluster: Cluster,
    pub scheduler: Scheduler,
    rng: ChaCha8Rng,
    /// Next scripted step.
    cursor: usize,
    /// Heartbeats so far.
    pub hb: u64,
    /// Automatic driver: (time, tracker index) of each tracker's next heartbeat.
    heartbeats: BinaryHeap<Reverse<(Millis, usize)>>,
    auto_started: bool,
    /// Automatic driver: the jobs in reverse submit-time order (shared by checkpoints); the
    /// first `arrivals_left` are still to come, the next one last.
    arrivals: Arc<[JobSpec]>,
    arrivals_left: usize,
    /// `EagerTaskInitializationListener`: queued jobs and initialisations in progress.
    init_queue: Vec<JobId>,
    initializing: Vec<(Millis, JobId)>,
    /// Automatic driver: trackers still to join, (time, index in `scenario.trackers`), the
    /// next one last.
    joins: Vec<(Millis, usize)>,
    /// Automatic driver: when each tracker (by cluster index) stops heartbeating.
    silent_at: Vec<Option<Millis>>,
    /// Automatic driver: passes of the `ExpireTrackers` thread that may lose a tracker.
    expiries: BinaryHeap<Reverse<(Millis, usize)>>,
    /// While running a `run` step: its end time.
    run_until: Option<Millis>,
    pub failures: Vec<CheckFailure>,
    /// Submissions the scheduler refused (`jobAdded` threw), in order; shared by checkpoints.
    pub rejected: std::sync::Arc<Vec<Rejection>>,
    /// The step (or automatic-mode job) that could not run: the run stopped there. It is
    /// also the last of `failures`.
    pub stopped: Option<CheckFailure>,
    pub ended: bool,
    /// Replica placement over the trackers' hosts, built once.
    placement: Arc<placement::Placement>,
    /// Spark's automatic mode: the driver's events and executors' free cores.
    pub spark_backend: Option<Box<spark_backend::Backend>>,
    /// Under a benchmark's clock (`cluster.init_clock`): the time spent in job arrivals
    /// (`JobTracker.submitJob`, replica placement included), initialisations apart.
    pub arrival_cpu_ms: f64,
}

impl Engine {
    pub fn new(scenario: Scenario) -> Result<Engine, String> {
        Engine::create(scenario).map_err(|e| e.to_string())
    }

    /// `new`, with the JSON path of what failed (`$.jobs[2]` for a job the scheduler refuses).
    pub fn create(scenario: Scenario) -> Result<Engine, ScenarioError> {
        let at_root = |message: String| ScenarioError { path: "$".into(), message };
        let s = Arc::new(scenario);
        let c = &s.config;
        let conf = ClusterConf {
            cache_levels: c.cache_levels,
            nodegroup_aware: c.nodegroup_aware,
            heartbeats_in_second: c.heartbeats_in_second,
            heartbeat_scaling_factor: c.heartbeat_scaling_factor,
            running_counts: c.cluster_running_counts,
            jt_identifier: "test".into(),
            ..ClusterConf::default()
        };
        let mut cluster = Cluster::new(conf);
        // Hosts named in the topology but running no tracker are DataNodes; they are resolved
        // when a job's splits name them. Trackers are resolved here, in file order.
        // Trackers with a `join_ms` join then (automatic mode).
        let mut joins = Vec::new();
        let mut silent_at = Vec::new();
        for (i, t) in s.trackers.iter().enumerate() {
            match t.join_ms {
                Some(at) => joins.push((at, i)),
                None => {
                    cluster.add_tracker(&t.name, &t.host, &t.rack, t.map_slots, t.reduce_slots).map_err(at_root)?;
                    silent_at.push(t.silent_ms);
                }
            }
        }
        crate::sort::sort_by_key(&mut joins, |&(at, i)| std::cmp::Reverse((at, i)));
        cluster.tracker_events.clear();
        cluster.tracker_changes.clear();
        let scheduler = match s.scheduler {
            SchedulerKind::Fifo => Scheduler::Fifo(fifo::JobQueueTaskScheduler::new(c.pad_fraction)),
            SchedulerKind::LimitTasksPerJob => Scheduler::LimitTasksPerJob(
                limit_tasks::LimitTasksPerJobTaskScheduler::new(c.max_running_tasks_per_job),
            ),
            SchedulerKind::Capacity => Scheduler::Capacity(Box::new(
                crate::sched::capacity::CapacityTaskScheduler::new(
                    &s.capacity.clone().unwrap_or_default(),
                    &mut cluster,
                )
                .map_err(at_root)?,
            )),
            SchedulerKind::Fair => Scheduler::Fair(Box::new(crate::sched::fair::FairScheduler::new(
                s.fair.clone().unwrap_or_default(),
                &mut cluster,
            ))),
            SchedulerKind::Spark => Scheduler::Spark(Box::new(crate::sched::spark::SparkScheduler::new(
                s.spark.clone().unwrap_or_default(),
            ))),
        };
        let mut e = Engine {
            rng: ChaCha8Rng::seed_from_u64(s.seed),
            scenario: s.clone(),
            cluster,
            scheduler,
            cursor: 0,
            hb: 0,
            heartbeats: BinaryHeap::new(),
            auto_started: false,
            arrivals: Arc::new([]),
            arrivals_left: 0,
            init_queue: Vec::new(),
            initializing: Vec::new(),
            joins,
            silent_at,
            expiries: BinaryHeap::new(),
            run_until: None,
            failures: Vec::new(),
            rejected: Default::default(),
            stopped: None,
            ended: false,
            placement: Arc::new(placement::Placement::new(
                s.trackers.iter().map(|t| (t.host.as_str(), t.rack.as_str())),
            )),
            spark_backend: s.spark_app.clone().map(|a| Box::new(spark_backend::Backend::new(Arc::new(a)))),
            arrival_cpu_ms: 0.0,
        };
        if s.steps.is_some() {
            for (i, j) in s.jobs.iter().enumerate() {
                e.submit(j, j.submit_time.unwrap_or(0))
                    .map_err(|m| ScenarioError { path: format!("$.jobs[{i}]"), message: refused(j.id, &m) })?;
            }
        } else {
            let mut arr = s.jobs.clone();
            crate::sort::sort_by_key(&mut arr, |j| (j.submit_time.unwrap_or(0), j.id));
            arr.reverse();
            e.arrivals_left = arr.len();
            e.arrivals = arr.into();
        }
        e.flush_events();
        Ok(e)
    }

    /// Roughly the bytes this engine holds that `other`, an earlier or later state of the same
    /// run, does not share (`model::cluster::sharing`): what a checkpoint costs, for history's budget.
    /// The scheduler's own state is copied whole by a checkpoint and is estimated per job.
    pub fn bytes_not_shared_with(&self, other: &Engine) -> usize {
        std::mem::size_of::<Engine>()
            + self.cluster.bytes_not_shared_with(&other.cluster)
            + self.cluster.jobs.len() * 320
            + self.heartbeats.len() * 24
            + (self.init_queue.len() + self.initializing.len()) * 16
    }

    pub fn is_scripted(&self) -> bool {
        self.scenario.steps.is_some()
    }

    /// Deliver job events to the scheduler's listeners.
    fn flush_events(&mut self) {
        // Under the Fair unit-test harness, attempts the JobTracker closes end at once.
        self.cluster.close_now();
        let events = std::mem::take(&mut self.cluster.events);
        for ev in &events {
            self.scheduler.job_event(&self.cluster, ev);
        }
        for ev in std::mem::take(&mut self.cluster.tracker_events) {
            self.scheduler.tracker_event(&self.cluster, &ev);
        }
        // Jobs the scheduler hands to its job initializer (Fair: `updateRunnability`).
        for id in self.scheduler.take_init_requests() {
            self.enqueue_init(id);
        }
    }

    fn set_now(&mut self, t: Millis) {
        if t > self.cluster.now {
            // Initialisations finishing in between happen at their own times.
            loop {
                let next = self.initializing.iter().map(|(t, _)| *t).min();
                match next {
                    Some(n) if n <= t => {
                        self.cluster.now = n.max(self.cluster.now);
                        self.start_inits();
                    }
                    _ => break,
                }
            }
            self.cluster.now = t;
            self.start_inits();
            self.scheduler.on_clock(&mut self.cluster, t);
            self.flush_events();
        }
    }

    /// One TaskTracker heartbeat (`JobTracker.heartbeat`): process the tracker's report,
    /// then ask the scheduler for tasks.
    pub fn heartbeat(&mut self, ti: usize) -> HeartbeatRecord {
        let now = self.cluster.now;
        let mut reported = Vec::new();
        // The report: attempts the tracker killed when told to at its previous heartbeat, and
        // (automatic mode) attempts whose time is up.
        let due: Vec<(AttemptId, AttemptEnd, Option<KillReason>)> = self.cluster.trackers[ti]
            .running
            .iter()
            .filter_map(|r| match r.kill_sent {
                Some(k) => Some((r.attempt, AttemptEnd::Killed, Some(k))),
                None if r.end_time.is_some_and(|e| e <= now) => {
                    Some((r.attempt, AttemptEnd::Succeeded, self.cluster.close_reason(r)))
                }
                None => None,
            })
            .collect();
        for (aid, how, why) in due {
            if let Ok(outcome) = self.cluster.end_attempt(aid, how) {
                let kill = if outcome == AttemptEnd::Killed { why } else { None };
                reported.push(Reported { attempt: aid, outcome, kill });
            }
        }
        self.update_progress(ti);
        self.cluster.record_report(ti);
        self.cluster.trackers[ti].last_heartbeat = Some(now);
        let kills = self.cluster.deliver_kills(ti);
        self.flush_events();
        let (assigned, decision) = self.scheduler.assign_tasks(&mut self.cluster, ti);
        self.flush_events();
        self.hb += 1;
        for a in &assigned {
            self.set_end_time(ti, a.attempt_id(), a.locality);
        }
        let interval = self.cluster.heartbeat_interval();
        let t = &self.cluster.trackers[ti];
        HeartbeatRecord {
            hb: self.hb,
            time_ms: now,
            tracker: t.name.clone(),
            host: t.host.clone(),
            tracker_changes: std::mem::take(&mut self.cluster.tracker_changes),
            reported,
            kills,
            assigned,
            decision,
            next_interval_ms: interval,
        }
    }

    /// Advance to the next heartbeat (running scripted steps on the way). `None` at the end.
    pub fn next_heartbeat(&mut self) -> Option<HeartbeatRecord> {
        if self.ended {
            return None;
        }
        let r = if self.is_scripted() {
            self.scripted_next()
        } else if self.spark_backend.is_some() {
            self.spark_next()
        } else {
            self.auto_next(self.scenario.run.until_ms)
        };
        if r.is_none() {
            self.ended = true;
        }
        r
    }

    /// Launches recorded in this engine's last heartbeat have `Launched` info in the record;
    /// this is a helper for invariant checks.
    pub fn check_invariants(&self) -> Result<(), String> {
        if let Scheduler::Spark(s) = &self.scheduler {
            return s.check_invariants();
        }
        for t in &self.cluster.trackers {
            for kind in [TaskType::Map, TaskType::Reduce] {
                if t.occupied_slots(kind) > t.max_slots(kind) {
                    return Err(format!(
                        "{} has {} {} slots in use of {}",
                        t.name,
                        t.occupied_slots(kind),
                        kind.as_str(),
                        t.max_slots(kind)
                    ));
                }
            }
        }
        for j in self.cluster.jobs.values() {
            let running: u32 = j.maps.iter().map(|t| t.active.len() as u32).sum();
            if running != j.running_maps {
                return Err(format!(
                    "J{}: running_maps {} but {} active map attempts",
                    j.id.0, j.running_maps, running
                ));
            }
            let on_trackers = self
                .cluster
                .trackers
                .iter()
                .flat_map(|t| t.running.iter())
                .filter(|r| r.attempt.job == j.id.0 && r.attempt.kind == TaskType::Map)
                .count() as u32;
            if on_trackers != running {
                return Err(format!("J{}: {} map attempts on trackers, {} active", j.id.0, on_trackers, running));
            }
            // Hadoop's pendingMaps() reads −1 per twin whose sibling succeeded until the twin's
            // kill is reported (its running count drops then, the speculative count already did).
            let closing = |kind: TaskType| -> i64 {
                j.tips(kind).iter().filter(|t| t.complete || t.failed).map(|t| t.active.len() as i64).sum()
            };
            // The Capacity harness's counted twins (`over_finishes`) lower it as much again.
            let over = |k: usize| j.over_finishes[k] as i64;
            if j.pending_maps() + closing(TaskType::Map) + over(0) < 0
                || j.pending_reduces() + closing(TaskType::Reduce) + over(1) < 0
            {
                return Err(format!("J{}: negative pending count", j.id.0));
            }
            if j.maps.iter().any(|t| t.complete && t.failed) {
                return Err(format!("J{}: a TIP both complete and failed", j.id.0));
            }
        }
        Ok(())
    }
}
