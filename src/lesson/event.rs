//! Lesson events: the claims a narrative step makes about one heartbeat ("J2 gets its first
//! map", "the allowed level of J1 is RACK", "padding stopped map assignment"), read strictly
//! from JSON and checked against the simulation's own decision records (and, for job and
//! pool state, the engine right after that heartbeat). The same predicate answers "the first
//! heartbeat where X happens" when a step is anchored on an event instead of a number.
//!
//! Claims every scheduler's record answers (the heartbeat itself: who sent it, what it
//! reported, what it got, the interval sent back) are checked here; the scheduler-specific
//! ones in `fifo`, `fair` and `capacity`.

mod capacity;
mod fair;
mod fifo;
pub mod json;
mod spark;

use crate::explain::{Decision, HeartbeatRecord};
use crate::model::cluster::AttemptEnd;
use crate::model::{JobId, Locality, RunState};
use crate::sim::Engine;
pub use json::parse;
use serde::Serialize;

/// Everything an event may look at: the records up to and including heartbeat `hb`, and the
/// engine just after it.
pub struct Ctx<'a> {
    pub records: &'a [HeartbeatRecord],
    pub engine: &'a Engine,
}

impl Ctx<'_> {
    fn rec(&self) -> Option<&HeartbeatRecord> {
        self.records.last()
    }
}

/// One checkable claim about a heartbeat. The JSON form is an object with `"event"` naming
/// the variant (see `docs/lesson-format.md`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum Event {
    /// The heartbeat came from this TaskTracker.
    Tracker {
        tracker: String,
    },
    /// What the heartbeat carried up: attempts the tracker reported ended (matching every given
    /// field; `count` exact, default at least one).
    Reported {
        job: Option<u32>,
        #[serde(rename = "type")]
        kind: Option<String>,
        index: Option<u32>,
        outcome: Option<String>,
        count: Option<u32>,
    },
    /// The tracker's free slots of this type when it heartbeat, before anything was assigned.
    FreeSlots {
        #[serde(rename = "type")]
        kind: String,
        count: u32,
    },
    /// The interval the answer told the tracker to wait before its next heartbeat.
    NextInterval {
        ms: i64,
    },
    /// Tasks launched in this heartbeat matching every given field; `count` is exact (default:
    /// at least one); `first`: the job's first task of that type in the whole run.
    Assigned {
        job: Option<u32>,
        #[serde(rename = "type")]
        kind: Option<String>,
        locality: Option<String>,
        count: Option<u32>,
        first: bool,
    },
    /// Fair Scheduler: `getAllowedLocalityLevel` gave the job this level (first visit of the
    /// heartbeat), optionally for this reason and with this wait.
    AllowedLevel {
        job: u32,
        level: String,
        reason: Option<String>,
        waited_ms: Option<i64>,
    },
    /// Fair Scheduler: the job was visited, launched no map and is marked skipped.
    Skipped {
        job: u32,
    },
    /// Fair Scheduler: the update thread preempted tasks (of this job / pool) since the
    /// previous heartbeat; `count` exact, default at least one.
    Preempted {
        job: Option<u32>,
        pool: Option<String>,
        count: Option<u32>,
    },
    /// Fair Scheduler pools, or Capacity queues, in the order the first turn/lookup of this
    /// task type sorted them (a prefix is enough).
    Order {
        #[serde(rename = "type")]
        kind: String,
        order: Vec<String>,
    },
    /// Fair Scheduler: a pool's fair share (and optionally min share) as the first turn of this
    /// type saw it, within 0.01.
    PoolShare {
        pool: String,
        #[serde(rename = "type")]
        kind: String,
        fair_share: f64,
        min_share: Option<i64>,
    },
    /// Fair Scheduler: why tasks of this type stopped being offered (`max_tasks`: as many as
    /// `maxTasksToAssign` allows; `all_running`: every wanted task of the cluster runs;
    /// `load_cap`: the load manager's per-tracker cap; `no_task`: no pool had one).
    FairStop {
        #[serde(rename = "type")]
        kind: String,
        stop: String,
    },
    /// FIFO: why map assignment stopped (`no_slots`, `filled`, `padding`, `off_switch`, `no_task`).
    FifoMapStop {
        stop: String,
        job: Option<u32>,
    },
    /// FIFO: how reduce assignment ended (`no_slots`, `assigned`, `padding`, `no_task`).
    FifoReduceStop {
        stop: String,
    },
    /// FIFO: some `obtainNew*MapTask` call of the map loop matched every given field: the slot
    /// being filled (0 = the first), the job asked, the call (`local` / `non_local`), whether
    /// it found a map.
    FifoTry {
        slot: Option<u32>,
        job: Option<u32>,
        call: Option<String>,
        found: Option<bool>,
    },
    /// The per-tracker cap from the cluster's load: FIFO's load factor
    /// `min(⌈remaining / cluster slots × slots⌉, slots)`, or the Fair Scheduler's
    /// `CapBasedLoadManager` cap `⌈slots × min(1, demand / cluster slots)⌉` (`remaining` is then
    /// the cluster's demand, `available` the cap minus the tracker's running tasks).
    LoadCap {
        #[serde(rename = "type")]
        kind: String,
        capacity: Option<u32>,
        available: Option<i64>,
        remaining: Option<u64>,
    },
    /// Capacity Scheduler: some lookup of this heartbeat judged the job so (`user_limit`,
    /// `max_capacity`, `memory`, `locality_wait`, `off_switch_used`, `not_running`,
    /// `no_task`, `assigned`).
    Verdict {
        job: u32,
        verdict: String,
    },
    /// Capacity Scheduler: a lookup of this type skipped the queue because it is at its
    /// maximum capacity (`assignSlotsToQueue(type, 1)` failed).
    AtMaxCapacity {
        queue: String,
        #[serde(rename = "type")]
        kind: String,
    },
    /// Capacity Scheduler: the tracker is (re-)reserved for the job.
    Reserved {
        job: u32,
    },
    /// Capacity Scheduler: the job's reservation on this tracker was released and honoured.
    ReservationHonoured {
        job: u32,
    },
    /// Capacity Scheduler: why the map or reduce phase stopped.
    CapacityStop {
        #[serde(rename = "type")]
        kind: String,
        stop: String,
    },
    /// A job's run state after the heartbeat; `"ABSENT"`: never admitted.
    JobState {
        job: u32,
        state: String,
    },
    /// Running tasks of a job or a pool/queue after the heartbeat (exact).
    Running {
        job: Option<u32>,
        pool: Option<String>,
        #[serde(rename = "type")]
        kind: String,
        count: u32,
    },
    /// Spark: a task set's current level after the round (`myLocalityLevels(currentLocalityIndex)`)
    /// and, if given, the time its wait timer counts from (`lastLocalityWaitResetTime`).
    SparkLevel {
        task_set: Option<String>,
        level: String,
        timer_ms: Option<i64>,
    },
    /// Spark: tasks the round launched (matching every given field; `count` exact, default at
    /// least one).
    SparkLaunch {
        task_set: Option<String>,
        index: Option<usize>,
        executor: Option<String>,
        locality: Option<String>,
        count: Option<u32>,
    },
    /// Spark: what the round did to a task set's timer (SPARK-18886): `reset`, `rejected`,
    /// `not_since_reject`, `no_launch`, or `legacy` (the legacy mode's reset on launch).
    SparkReset {
        task_set: Option<String>,
        outcome: String,
    },
    /// A number of the lesson's whole-run experiments (`compare`, `sweeps`) in a range: holds
    /// at every heartbeat (`lesson::runs::figure`).
    Figure(crate::lesson::runs::figure::FigureClaim),
    Not {
        of: Box<Event>,
    },
    All {
        of: Vec<Event>,
    },
    Any {
        of: Vec<Event>,
    },
}

fn count_ok(n: u32, count: Option<u32>) -> bool {
    match count {
        Some(c) => n == c,
        None => n > 0,
    }
}

fn outcome_name(o: &AttemptEnd) -> &'static str {
    match o {
        AttemptEnd::Succeeded => "succeeded",
        AttemptEnd::Failed => "failed",
        AttemptEnd::Killed => "killed",
    }
}

/// The tracker's free slots of a type as the scheduler saw them when the heartbeat arrived.
pub(crate) fn free_slots(d: &Decision, map: bool) -> Option<i64> {
    match d {
        Decision::Fifo(f) => {
            let l = if map { &f.map } else { &f.reduce };
            Some(l.tracker_capacity as i64 - l.tracker_running as i64)
        }
        Decision::Fair(f) => Some(if map {
            f.map_cap.tracker_slots - f.tracker_maps
        } else {
            f.reduce_cap.tracker_slots - f.tracker_reduces
        }),
        Decision::Capacity(c) => Some(if map { c.map.available } else { c.reduce.available } as i64),
        Decision::LimitTasksPerJob(_) | Decision::Spark(_) => None,
    }
}

impl Event {
    /// A claim about the whole run (figures only), true or false at every heartbeat alike.
    pub fn is_run_level(&self) -> bool {
        match self {
            Event::Figure(_) => true,
            Event::Not { of } => of.is_run_level(),
            Event::All { of } | Event::Any { of } => !of.is_empty() && of.iter().all(Event::is_run_level),
            _ => false,
        }
    }

    /// For a failure message: what the run gave, where the event can say.
    pub fn found(&self) -> Option<String> {
        match self {
            Event::Figure(f) => Some(f.found()),
            _ => None,
        }
    }

    /// Whether the claim holds at the context's heartbeat.
    pub fn holds(&self, c: &Ctx) -> bool {
        if let Event::Figure(f) = self {
            return f.holds();
        }
        let Some(r) = c.rec() else { return false };
        let d = &r.decision;
        match self {
            Event::Tracker { tracker } => r.tracker == *tracker,
            Event::Reported { job, kind, index, outcome, count } => {
                let n = r
                    .reported
                    .iter()
                    .filter(|x| job.is_none_or(|j| x.attempt.job == j))
                    .filter(|x| {
                        kind.as_deref().is_none_or(|k| (k == "map") == (x.attempt.kind == crate::model::TaskType::Map))
                    })
                    .filter(|x| index.is_none_or(|i| x.attempt.index == i))
                    .filter(|x| outcome.as_deref().is_none_or(|o| outcome_name(&x.outcome) == o))
                    .count() as u32;
                count_ok(n, *count)
            }
            Event::FreeSlots { kind, count } => free_slots(d, kind == "map") == Some(*count as i64),
            Event::NextInterval { ms } => r.next_interval_ms == *ms,
            Event::Assigned { job, kind, locality, count, first } => {
                let n = r
                    .assigned
                    .iter()
                    .filter(|a| job.is_none_or(|j| a.job == j))
                    .filter(|a| kind.as_deref().is_none_or(|k| a.kind.as_str() == k))
                    .filter(|a| locality.as_deref().is_none_or(|l| a.locality.map(Locality::as_str) == Some(l)))
                    .count() as u32;
                let first_ok = !*first
                    || !c.records[..c.records.len() - 1].iter().flat_map(|x| &x.assigned).any(|a| {
                        job.is_some_and(|j| a.job == j) && kind.as_deref().is_none_or(|k| a.kind.as_str() == k)
                    });
                count_ok(n, *count) && first_ok
            }
            Event::AllowedLevel { .. }
            | Event::Skipped { .. }
            | Event::Preempted { .. }
            | Event::PoolShare { .. }
            | Event::FairStop { .. } => matches!(d, Decision::Fair(f) if fair::holds(self, f)),
            Event::FifoMapStop { .. } | Event::FifoReduceStop { .. } | Event::FifoTry { .. } => {
                matches!(d, Decision::Fifo(f) if fifo::holds(self, f))
            }
            Event::Verdict { .. }
            | Event::AtMaxCapacity { .. }
            | Event::Reserved { .. }
            | Event::ReservationHonoured { .. }
            | Event::CapacityStop { .. } => matches!(d, Decision::Capacity(cd) if capacity::holds(self, cd)),
            Event::Order { .. } => match d {
                Decision::Fair(f) => fair::holds(self, f),
                Decision::Capacity(cd) => capacity::holds(self, cd),
                _ => false,
            },
            Event::LoadCap { .. } => match d {
                Decision::Fifo(f) => fifo::holds(self, f),
                Decision::Fair(f) => fair::holds(self, f),
                _ => false,
            },
            Event::JobState { job, state } => match c.engine.cluster.jobs.get(&JobId(*job)) {
                None => state == "ABSENT",
                Some(j) => RunState::parse(state) == Some(j.state),
            },
            Event::Running { job, pool, kind, count } => {
                let jobs = &c.engine.cluster.jobs;
                let running = |j: &crate::model::Job| if kind == "map" { j.running_maps } else { j.running_reduces };
                let n: u32 = match (job, pool) {
                    (Some(id), _) => jobs.get(&JobId(*id)).map(running).unwrap_or(0),
                    (None, Some(p)) => jobs.values().filter(|j| j.queue == *p).map(running).sum(),
                    _ => return false,
                };
                n == *count
            }
            Event::SparkLevel { .. } | Event::SparkLaunch { .. } | Event::SparkReset { .. } => {
                matches!(d, Decision::Spark(sd) if spark::holds(self, sd))
            }
            Event::Figure(f) => f.holds(),
            Event::Not { of } => !of.holds(c),
            Event::All { of } => of.iter().all(|e| e.holds(c)),
            Event::Any { of } => of.iter().any(|e| e.holds(c)),
        }
    }
}
