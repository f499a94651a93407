//! What a step's `point` names, and whether it exists at the step's heartbeat: a lesson may
//! only point at something the stage can show then (a job that has been submitted, the budget
//! of the tracker that is heartbeating, the ghost of a task preempted at this heartbeat, the
//! code of a method this heartbeat ran). Whether the element is on screen is the page's job;
//! this is the lesson's half of the promise, checked for every built-in lesson by
//! `tests/lessons.rs`.

use super::event::{Ctx, Event};
use crate::explain::Decision;
use crate::explain::code::{self, Focus};
use crate::model::{JobId, RunState};
use crate::sched::Scheduler;

/// Why the element `point` names is absent at the context's heartbeat (`ctx.records` ends with
/// it; empty at heartbeat 0), or `None` when it is there.
pub fn missing(point: &str, ctx: &Ctx) -> Option<String> {
    let Some((kind, name)) = point.split_once(':') else { return Some(format!("{point:?} is not kind:name")) };
    let engine = ctx.engine;
    let cluster = &engine.cluster;
    let sched = &engine.scheduler;
    let job_of = |n: &str| n.strip_prefix('J').and_then(|x| x.parse::<u32>().ok()).map(JobId);
    let running = |j: &crate::model::Job| j.state == RunState::Running;
    let fifo = matches!(sched, Scheduler::Fifo(_) | Scheduler::LimitTasksPerJob(_));
    let has_running_job = cluster.jobs.values().any(running);
    let absent = |why: &str| Some(format!("{point}: {why}"));
    match kind {
        "tracker" => (!cluster.trackers.iter().any(|t| t.name == name)).then(|| format!("{point}: no such tracker")),
        "rack" => None,
        "budget" => match ctx.records.last() {
            _ if !fifo => absent("the budget is drawn for the FIFO scheduler only"),
            Some(r) if r.tracker == name => None,
            Some(r) => absent(&format!("{} is heartbeating, not {name}", r.tracker)),
            None => absent("no heartbeat yet"),
        },
        "job" => match job_of(name).and_then(|id| cluster.jobs.get(&id)) {
            Some(_) => None,
            None => absent("the job has not been submitted (or was rejected)"),
        },
        "reach" => match (sched, job_of(name).and_then(|id| cluster.jobs.get(&id))) {
            (Scheduler::Fair(_), Some(j)) if running(j) && j.pending_maps() > 0 && !j.split_hosts.is_empty() => None,
            (Scheduler::Fair(_), Some(_)) => absent("the job has no pending map with input locations to reach for"),
            (Scheduler::Fair(_), None) => absent("the job has not been submitted"),
            _ => absent("a reach is drawn for the Fair Scheduler only"),
        },
        "pool" | "queue" => {
            let known = match sched {
                Scheduler::Fair(f) => f.pm.find(name).is_some(),
                Scheduler::Capacity(c) => c.queues.contains_key(name),
                _ => cluster.jobs.values().any(|j| j.queue == name),
            };
            (!known).then(|| format!("{point}: no such {kind} yet"))
        }
        "user" => {
            let (q, u) = name.split_once('/')?;
            let active = matches!(sched, Scheduler::Capacity(_))
                && cluster.jobs.values().any(|j| running(j) && j.queue == q && j.user == u);
            (!active).then(|| format!("{point}: no running job of {u} in queue {q}"))
        }
        "ghost" => {
            let preempted = Event::Preempted { job: None, pool: None, count: None };
            (ctx.records.is_empty() || !preempted.holds(ctx)).then(|| format!("{point}: nothing was preempted"))
        }
        "panel" => match name {
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
            "capacity.memory" => match sched {
                Scheduler::Capacity(c) if c.sched.memory.enabled() => None,
                _ => absent("memory-based scheduling is off"),
            },
            _ => absent("unknown panel"),
        },
        "chart" => None,
        // Compare mode and the sweeps show whole runs; the lesson's reader checks that the step
        // opens them (`view`) and that the lesson declares them.
        "compare" | "sweep" => None,
        "code" => match ctx.records.last() {
            Some(r) if code::views(r, &Focus::default()).iter().any(|v| v.method == name) => None,
            Some(_) => absent("this heartbeat did not run that method"),
            None => absent("no heartbeat yet"),
        },
        _ => absent("unknown kind"),
    }
}
