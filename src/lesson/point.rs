//! What a step's `point` names, parsed once into a [`Point`] (the token `kind:name` the page's
//! elements carry in `data-point`, `docs/lesson-format.md`), and whether it exists at the step's
//! heartbeat: a lesson may only point at something the stage can show then (a job that has
//! been submitted, the budget of the tracker that is heartbeating, the ghost of a task
//! preempted at this heartbeat, the code of a method this heartbeat ran). Whether the element is
//! on screen is the page's job; this is the lesson's half of the promise, checked for every
//! built-in lesson by `tests/lessons.rs`.

use std::fmt;
use std::str::FromStr;

use super::event::{Ctx, Event};
use super::{CHARTS, COMPARE_POINTS, GHOSTS, PANELS, SWEEP_POINTS};
use crate::explain::Decision;
use crate::explain::code::{self, Focus};
use crate::model::{JobId, RunState};
use crate::sched::Scheduler;

/// What a point names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    Tracker(String),
    Rack(String),
    Job(u32),
    /// The racks and trackers holding a job's pending input (Fair).
    Reach(u32),
    Pool(String),
    Queue(String),
    User {
        queue: String,
        user: String,
    },
    /// FIFO's per-tracker budget.
    Budget(String),
    Ghost(String),
    Panel(String),
    Chart(String),
    Code(String),
    Compare(String),
    Sweep(String),
}

/// A parsed point token. Written back (`Display`, serde) as the token it was read from, and
/// read as that text where the page matches it against `data-point` (it derefs to the token).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Point {
    target: Target,
    token: String,
}

/// Why a token is not a point.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PointError {
    /// No `kind:` prefix.
    NotKindName(String),
    UnknownKind(String),
    /// A job token is `J<number>`.
    BadJob(String),
    /// A user token is `<queue>/<user>`, both non-empty.
    BadUser(String),
    /// A name that is not one of its kind's (a panel, chart, ghost, compare or sweep id, a
    /// code method), or an empty one.
    Unknown {
        kind: &'static str,
        name: String,
    },
}

impl fmt::Display for PointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PointError::NotKindName(p) => {
                write!(f, "found {p:?}, expected kind:name, e.g. \"tracker:tt1\" or \"panel:why\"")
            }
            PointError::UnknownKind(k) => write!(
                f,
                "unknown kind {k:?}; expected tracker, rack, job, pool, queue, panel, chart, code, reach, user, \
                 budget, ghost, compare or sweep"
            ),
            PointError::BadJob(p) => write!(f, "found {p:?}: a job is J<number>, e.g. \"job:J2\""),
            PointError::BadUser(p) => write!(f, "found {p:?}: a user is <queue>/<user>, e.g. \"user:research/alice\""),
            PointError::Unknown { kind, name } => write!(f, "found \"{kind}:{name}\": no such {kind} in this lesson"),
        }
    }
}

impl Point {
    pub fn target(&self) -> &Target {
        &self.target
    }
    /// The kind before the colon.
    pub fn kind(&self) -> &'static str {
        match &self.target {
            Target::Tracker(_) => "tracker",
            Target::Rack(_) => "rack",
            Target::Job(_) => "job",
            Target::Reach(_) => "reach",
            Target::Pool(_) => "pool",
            Target::Queue(_) => "queue",
            Target::User { .. } => "user",
            Target::Budget(_) => "budget",
            Target::Ghost(_) => "ghost",
            Target::Panel(_) => "panel",
            Target::Chart(_) => "chart",
            Target::Code(_) => "code",
            Target::Compare(_) => "compare",
            Target::Sweep(_) => "sweep",
        }
    }
    /// The job a `job:` or `reach:` point names.
    pub fn job(&self) -> Option<u32> {
        match self.target {
            Target::Job(j) | Target::Reach(j) => Some(j),
            _ => None,
        }
    }
    pub fn new(target: Target) -> Point {
        let name = match &target {
            Target::Job(j) | Target::Reach(j) => format!("J{j}"),
            Target::User { queue, user } => format!("{queue}/{user}"),
            Target::Tracker(n)
            | Target::Rack(n)
            | Target::Pool(n)
            | Target::Queue(n)
            | Target::Budget(n)
            | Target::Ghost(n)
            | Target::Panel(n)
            | Target::Chart(n)
            | Target::Code(n)
            | Target::Compare(n)
            | Target::Sweep(n) => n.clone(),
        };
        let mut p = Point { target, token: String::new() };
        p.token = format!("{}:{name}", p.kind());
        p
    }
}

impl FromStr for Point {
    type Err = PointError;
    fn from_str(s: &str) -> Result<Point, PointError> {
        let Some((kind, name)) = s.split_once(':') else { return Err(PointError::NotKindName(s.to_string())) };
        let job =
            || name.strip_prefix('J').and_then(|n| n.parse::<u32>().ok()).ok_or(PointError::BadJob(s.to_string()));
        let named = |kind: &'static str, ok: bool| {
            if ok && !name.is_empty() {
                Ok(name.to_string())
            } else {
                Err(PointError::Unknown { kind, name: name.to_string() })
            }
        };
        let target = match kind {
            "tracker" => Target::Tracker(named("tracker", true)?),
            "rack" => Target::Rack(named("rack", true)?),
            "budget" => Target::Budget(named("budget", true)?),
            "job" => Target::Job(job()?),
            "reach" => Target::Reach(job()?),
            "pool" => Target::Pool(named("pool", true)?),
            "queue" => Target::Queue(named("queue", true)?),
            "user" => match name.split_once('/') {
                Some((q, u)) if !q.is_empty() && !u.is_empty() => {
                    Target::User { queue: q.to_string(), user: u.to_string() }
                }
                _ => return Err(PointError::BadUser(s.to_string())),
            },
            "ghost" => Target::Ghost(named("ghost", GHOSTS.contains(&name))?),
            "panel" => Target::Panel(named("panel", PANELS.contains(&name))?),
            "chart" => Target::Chart(named("chart", CHARTS.contains(&name))?),
            "compare" => Target::Compare(named("compare", COMPARE_POINTS.contains(&name))?),
            "sweep" => Target::Sweep(named("sweep", SWEEP_POINTS.contains(&name))?),
            "code" => Target::Code(named("code", crate::explain::code::METHODS.iter().any(|m| m.id == name))?),
            _ => return Err(PointError::UnknownKind(kind.to_string())),
        };
        Ok(Point { target, token: s.to_string() })
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.token)
    }
}

impl std::ops::Deref for Point {
    type Target = str;
    fn deref(&self) -> &str {
        &self.token
    }
}

impl serde::Serialize for Point {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.token)
    }
}

impl<'de> serde::Deserialize<'de> for Point {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Point, D::Error> {
        let s = String::deserialize(d)?;
        s.parse().map_err(serde::de::Error::custom)
    }
}

/// Why the element `point` names is absent at the context's heartbeat (`ctx.records` ends with
/// it; empty at heartbeat 0), or `None` when it is there.
pub fn missing(point: &Point, ctx: &Ctx) -> Option<String> {
    let engine = ctx.engine;
    let cluster = &engine.cluster;
    let sched = &engine.scheduler;
    let running = |j: &crate::model::Job| j.state == RunState::Running;
    let fifo = matches!(sched, Scheduler::Fifo(_) | Scheduler::LimitTasksPerJob(_));
    let has_running_job = cluster.jobs.values().any(running);
    let absent = |why: &str| Some(format!("{point}: {why}"));
    match point.target() {
        Target::Tracker(name) => {
            (!cluster.trackers.iter().any(|t| &t.name == name)).then(|| format!("{point}: no such tracker"))
        }
        Target::Rack(_) => None,
        Target::Budget(name) => match ctx.records.last() {
            _ if !fifo => absent("the budget is drawn for the FIFO scheduler only"),
            Some(r) if &r.tracker == name => None,
            Some(r) => absent(&format!("{} is heartbeating, not {name}", r.tracker)),
            None => absent("no heartbeat yet"),
        },
        Target::Job(j) => match cluster.jobs.get(&JobId(*j)) {
            Some(_) => None,
            None => absent("the job has not been submitted (or was rejected)"),
        },
        Target::Reach(j) => match (sched, cluster.jobs.get(&JobId(*j))) {
            (Scheduler::Fair(_), Some(j)) if running(j) && j.pending_maps() > 0 && !j.split_hosts.is_empty() => None,
            (Scheduler::Fair(_), Some(_)) => absent("the job has no pending map with input locations to reach for"),
            (Scheduler::Fair(_), None) => absent("the job has not been submitted"),
            _ => absent("a reach is drawn for the Fair Scheduler only"),
        },
        Target::Pool(name) | Target::Queue(name) => {
            let known = match sched {
                Scheduler::Fair(f) => f.pm.find(name).is_some(),
                Scheduler::Capacity(c) => c.queues.contains_key(name),
                _ => cluster.jobs.values().any(|j| &j.queue == name),
            };
            (!known).then(|| format!("{point}: no such {} yet", point.kind()))
        }
        Target::User { queue, user } => {
            let active = matches!(sched, Scheduler::Capacity(_))
                && cluster.jobs.values().any(|j| running(j) && &j.queue == queue && &j.user == user);
            (!active).then(|| format!("{point}: no running job of {user} in queue {queue}"))
        }
        Target::Ghost(_) => {
            let preempted = Event::Preempted { job: None, pool: None, count: None };
            (ctx.records.is_empty() || !preempted.holds(ctx)).then(|| format!("{point}: nothing was preempted"))
        }
        Target::Panel(name) => match name.as_str() {
            "why" | "timeline" | "jobs" | "log" => None,
            "fifo.queue" => (!fifo).then(|| format!("{point}: not a FIFO scenario")),
            // The load caps and the padding gauge draw this heartbeat's arithmetic.
            n if n.starts_with("fifo.") => match ctx.records.last() {
                _ if !fifo => absent("not a FIFO scenario"),
                Some(_) => None,
                None => absent("no heartbeat has computed it yet"),
            },
            "fair.pools" => (!matches!(sched, Scheduler::Fair(_))).then(|| format!("{point}: not a Fair scenario")),
            "fair.delay" => match sched {
                Scheduler::Fair(_) if has_running_job => None,
                Scheduler::Fair(_) => absent("no running job has a delay to show"),
                _ => absent("not a Fair scenario"),
            },
            "fair.preemption" => match ctx.records.last().map(|r| &r.decision) {
                Some(Decision::Fair(f)) if !f.preemptions.is_empty() => None,
                _ => absent("no preemption check found work since the previous heartbeat"),
            },
            "capacity.queues" => {
                (!matches!(sched, Scheduler::Capacity(_))).then(|| format!("{point}: not a Capacity scenario"))
            }
            "capacity.users" => match sched {
                Scheduler::Capacity(_) if has_running_job => None,
                _ => absent("no running Capacity job has a user to show"),
            },
            "spark.delay" => match sched {
                Scheduler::Spark(s) if s.task_sets.iter().any(|t| !t.finished) => None,
                Scheduler::Spark(_) => absent("no task set is waiting"),
                _ => absent("not a Spark scenario"),
            },
            "capacity.memory" => match sched {
                Scheduler::Capacity(c) if c.sched.memory.enabled() => None,
                _ => absent("memory-based scheduling is off"),
            },
            _ => absent("unknown panel"),
        },
        Target::Chart(_) => None,
        // Compare mode and the sweeps show whole runs; the lesson's reader checks that the step
        // opens them (`view`) and that the lesson declares them.
        Target::Compare(_) | Target::Sweep(_) => None,
        Target::Code(name) => match ctx.records.last() {
            Some(r) if code::views(r, &Focus::default()).iter().any(|v| &v.method == name) => None,
            Some(_) => absent("this heartbeat did not run that method"),
            None => absent("no heartbeat yet"),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_round_trip_as_their_tokens() {
        for t in [
            "tracker:tt3",
            "rack:/rack1",
            "job:J2",
            "reach:J1",
            "pool:default",
            "queue:etl",
            "user:research/alice",
            "budget:tt4",
            "ghost:preempted",
            "panel:fair.delay",
            "chart:locality",
            "code:fair.getAllowedLocalityLevel",
            "compare:bins",
            "sweep:gap",
        ] {
            let p: Point = t.parse().unwrap_or_else(|e| panic!("{t}: {e}"));
            assert_eq!(p.to_string(), t);
            assert_eq!(Point::new(p.target().clone()), p, "{t}");
            let json = serde_json::to_string(&p).unwrap();
            assert_eq!(json, format!("\"{t}\""));
            assert_eq!(serde_json::from_str::<Point>(&json).unwrap(), p);
        }
        let u: Point = "user:prod/carol".parse().unwrap();
        assert_eq!(u.target(), &Target::User { queue: "prod".into(), user: "carol".into() });
        assert_eq!("reach:J7".parse::<Point>().unwrap().job(), Some(7));
        assert_eq!("tracker:tt1".parse::<Point>().unwrap().job(), None);
    }

    #[test]
    fn malformed_points_are_errors() {
        let err = |t: &str| t.parse::<Point>().unwrap_err();
        assert_eq!(err("user:research"), PointError::BadUser("user:research".into()));
        assert_eq!(err("user:/alice"), PointError::BadUser("user:/alice".into()));
        assert_eq!(err("user:research/"), PointError::BadUser("user:research/".into()));
        assert_eq!(err("job:2"), PointError::BadJob("job:2".into()));
        assert_eq!(err("reach:Jx"), PointError::BadJob("reach:Jx".into()));
        assert_eq!(err("tracker"), PointError::NotKindName("tracker".into()));
        assert_eq!(err("grid:tt1"), PointError::UnknownKind("grid".into()));
        assert_eq!(err("panel:nosuch"), PointError::Unknown { kind: "panel", name: "nosuch".into() });
        assert_eq!(err("tracker:"), PointError::Unknown { kind: "tracker", name: String::new() });
        assert!(serde_json::from_str::<Point>("\"user:q\"").is_err());
        assert_eq!(err("panel:nosuch").to_string(), "found \"panel:nosuch\": no such panel in this lesson");
    }
}
