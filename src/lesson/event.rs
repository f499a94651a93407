//! Lesson events: the claims a narrative step makes about one heartbeat ("J2 gets its first
//! map", "the allowed level of J1 is RACK", "padding stopped map assignment"), read strictly
//! from JSON and checked against the simulation's own decision records (and, for job and
//! pool state, the engine right after that heartbeat). The same predicate answers "the first
//! heartbeat where X happens" when a step is anchored on an event instead of a number.

pub use super::event_json::parse;
use crate::explain::{Decision, HeartbeatRecord};
use crate::model::{JobId, RunState};
use crate::sched::capacity::decision::{JobVerdict, LookupResult, PhaseStop, ReservationStep};
use crate::sched::fair::delay::{LevelReason, LocalityLevel};
use crate::sched::fifo::{MapStop, ReduceStop};
use crate::sim::Engine;
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
    /// FIFO: why map assignment stopped (`no_slots`, `filled`, `padding`, `off_switch`, `no_task`).
    FifoMapStop {
        stop: String,
        job: Option<u32>,
    },
    /// FIFO: how reduce assignment ended (`no_slots`, `assigned`, `padding`, `no_task`).
    FifoReduceStop {
        stop: String,
    },
    /// FIFO load factor: the tracker's current capacity `min(⌈loadFactor × slots⌉, slots)`.
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
    /// A number of the lesson's whole-run experiments (`compare`, `sweeps`) in a range: holds
    /// at every heartbeat (`lesson::figure`).
    Figure(super::figure::FigureClaim),
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

fn level_name(l: LocalityLevel) -> &'static str {
    l.as_str()
}

fn reason_name(r: &LevelReason) -> &'static str {
    match r {
        LevelReason::NoInfo | LevelReason::Waited => "waited",
        LevelReason::NoLocalityInfo => "no_locality_info",
        LevelReason::Starved { .. } => "starved",
    }
}

fn verdict_name(v: &JobVerdict) -> &'static str {
    match v {
        JobVerdict::NotRunning { .. } => "not_running",
        JobVerdict::MaxCapacity { .. } => "max_capacity",
        JobVerdict::UserLimit { .. } => "user_limit",
        JobVerdict::Memory { .. } => "memory",
        JobVerdict::LocalityWait { .. } => "locality_wait",
        JobVerdict::OffSwitchUsed => "off_switch_used",
        JobVerdict::NoTask { .. } => "no_task",
        JobVerdict::Assigned { .. } => "assigned",
    }
}

fn phase_stop_name(s: PhaseStop) -> &'static str {
    match s {
        PhaseStop::NoFreeSlots => "no_free_slots",
        PhaseStop::Filled => "filled",
        PhaseStop::NoTask => "no_task",
        PhaseStop::MemoryBlocked => "memory_blocked",
        PhaseStop::MaxTasksPerHeartbeat => "max_tasks_per_heartbeat",
        PhaseStop::OffSwitchLimit => "off_switch_limit",
        PhaseStop::OneReduce => "one_reduce",
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

    /// Every event inside this one (itself included), with its JSON path below `path`.
    pub fn walk_mut(&mut self, path: &str, f: &mut dyn FnMut(&mut Event, &str)) {
        f(self, path);
        match self {
            Event::Not { of } => of.walk_mut(&format!("{path}.of"), f),
            Event::All { of } | Event::Any { of } => {
                for (i, e) in of.iter_mut().enumerate() {
                    e.walk_mut(&format!("{path}.of[{i}]"), f);
                }
            }
            _ => {}
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
            Event::Assigned { job, kind, locality, count, first } => {
                let n = r
                    .assigned
                    .iter()
                    .filter(|a| job.is_none_or(|j| a.job == j))
                    .filter(|a| kind.as_deref().is_none_or(|k| a.kind == k))
                    .filter(|a| locality.as_deref().is_none_or(|l| a.locality == Some(l)))
                    .count() as u32;
                let count_ok = match count {
                    Some(c) => n == *c,
                    None => n > 0,
                };
                let first_ok = !*first
                    || !c.records[..c.records.len() - 1]
                        .iter()
                        .flat_map(|x| &x.assigned)
                        .any(|a| job.is_some_and(|j| a.job == j) && kind.as_deref().is_none_or(|k| a.kind == k));
                count_ok && first_ok
            }
            Event::AllowedLevel { job, level, reason, waited_ms } => match d {
                Decision::Fair(f) => f
                    .turns
                    .iter()
                    .flat_map(|t| &t.visits)
                    .flat_map(|p| &p.jobs)
                    .find(|v| v.job == *job && v.allowed.is_some())
                    .and_then(|v| v.allowed.as_ref())
                    .is_some_and(|a| {
                        level_name(a.level) == level
                            && reason.as_deref().is_none_or(|x| reason_name(&a.reason) == x)
                            && waited_ms.is_none_or(|w| a.waited_ms == w)
                    }),
                _ => false,
            },
            Event::Skipped { job } => matches!(d, Decision::Fair(f) if f.skipped.contains(job)),
            Event::Preempted { job, pool, count } => match d {
                Decision::Fair(f) => {
                    let n = f
                        .preemptions
                        .iter()
                        .filter(|p| !p.only_log)
                        .flat_map(|p| &p.killed)
                        .filter(|k| job.is_none_or(|j| k.attempt.job == j))
                        .filter(|k| pool.as_deref().is_none_or(|p| k.pool == p))
                        .count() as u32;
                    match count {
                        Some(c) => n == *c,
                        None => n > 0,
                    }
                }
                _ => false,
            },
            Event::Order { kind, order } => {
                let seen: Vec<String> = match d {
                    Decision::Fair(f) => f
                        .turns
                        .iter()
                        .find(|t| t.kind == kind)
                        .map(|t| t.order.iter().map(|p| p.pool.clone()).collect())
                        .unwrap_or_default(),
                    Decision::Capacity(cd) => {
                        let phase = if kind == "map" { &cd.map } else { &cd.reduce };
                        phase
                            .lookups
                            .first()
                            .map(|l| l.order.iter().map(|q| q.queue.clone()).collect())
                            .unwrap_or_default()
                    }
                    _ => Vec::new(),
                };
                !order.is_empty() && seen.len() >= order.len() && seen[..order.len()] == order[..]
            }
            Event::PoolShare { pool, kind, fair_share, min_share } => match d {
                Decision::Fair(f) => f
                    .turns
                    .iter()
                    .find(|t| t.kind == kind)
                    .and_then(|t| t.order.iter().find(|p| p.pool == *pool))
                    .is_some_and(|p| {
                        (p.fair_share - fair_share).abs() < 0.01 && min_share.is_none_or(|m| p.min_share == m)
                    }),
                _ => false,
            },
            Event::FifoMapStop { stop, job } => match d {
                Decision::Fifo(f) => {
                    let (name, j) = match f.map_stop {
                        MapStop::NoAvailableSlots => ("no_slots", None),
                        MapStop::Filled => ("filled", None),
                        MapStop::PaddingExceeded { job } => ("padding", Some(job)),
                        MapStop::OffSwitch { job } => ("off_switch", Some(job)),
                        MapStop::NoTask => ("no_task", None),
                    };
                    name == stop && job.is_none_or(|x| j == Some(x))
                }
                _ => false,
            },
            Event::FifoReduceStop { stop } => match d {
                Decision::Fifo(f) => {
                    let name = match f.reduce_stop {
                        ReduceStop::NoAvailableSlots => "no_slots",
                        ReduceStop::Assigned { .. } => "assigned",
                        ReduceStop::PaddingOnlyFirst { .. } => "padding",
                        ReduceStop::NoTask => "no_task",
                    };
                    name == stop
                }
                _ => false,
            },
            Event::LoadCap { kind, capacity, available, remaining } => match d {
                Decision::Fifo(f) => {
                    let l = if kind == "map" { &f.map } else { &f.reduce };
                    capacity.is_none_or(|x| l.tracker_current_capacity == x)
                        && available.is_none_or(|x| l.available == x)
                        && remaining.is_none_or(|x| l.remaining_load == x)
                }
                _ => false,
            },
            Event::Verdict { job, verdict } => match d {
                Decision::Capacity(cd) => [&cd.map, &cd.reduce]
                    .iter()
                    .flat_map(|p| &p.lookups)
                    .flat_map(|l| &l.queues)
                    .flat_map(|q| &q.jobs)
                    .any(|v| v.job == *job && verdict_name(&v.verdict) == verdict),
                _ => false,
            },
            Event::Reserved { job } => match d {
                Decision::Capacity(cd) => [&cd.map, &cd.reduce].iter().flat_map(|p| &p.lookups).any(|l| {
                    matches!(l.reservation, Some(ReservationStep::Kept { job: j, .. }) if j == *job)
                        || matches!(l.result, LookupResult::Memory { job: j, new_reservation: true } if j == *job)
                }),
                _ => false,
            },
            Event::ReservationHonoured { job } => match d {
                Decision::Capacity(cd) => [&cd.map, &cd.reduce]
                    .iter()
                    .flat_map(|p| &p.lookups)
                    .any(|l| matches!(l.reservation, Some(ReservationStep::Honoured { job: j, .. }) if j == *job)),
                _ => false,
            },
            Event::CapacityStop { kind, stop } => match d {
                Decision::Capacity(cd) => {
                    let p = if kind == "map" { &cd.map } else { &cd.reduce };
                    phase_stop_name(p.stop) == stop
                }
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
            Event::Figure(f) => f.holds(),
            Event::Not { of } => !of.holds(c),
            Event::All { of } => of.iter().all(|e| e.holds(c)),
            Event::Any { of } => of.iter().any(|e| e.holds(c)),
        }
    }
}
