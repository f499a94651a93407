//! Lesson claims about a `CapacityTaskScheduler.assignTasks` record: queue order, the verdict on
//! each job asked, queues skipped at their maximum capacity, reservations, and why a phase
//! ended.

use super::Event;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict, LookupResult, PhaseStop, ReservationStep};

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

pub(super) fn holds(e: &Event, cd: &CapacityDecision) -> bool {
    let lookups = || [&cd.map, &cd.reduce].into_iter().flat_map(|p| &p.lookups);
    match e {
        Event::Order { kind, order } => {
            let phase = if kind == "map" { &cd.map } else { &cd.reduce };
            let seen: Vec<&str> =
                phase.lookups.first().map(|l| l.order.iter().map(|q| q.queue.as_str()).collect()).unwrap_or_default();
            !order.is_empty() && seen.len() >= order.len() && seen[..order.len()] == order[..]
        }
        Event::Verdict { job, verdict } => lookups()
            .flat_map(|l| &l.queues)
            .flat_map(|q| &q.jobs)
            .any(|v| v.job == *job && verdict_name(&v.verdict) == verdict),
        Event::AtMaxCapacity { queue, kind } => {
            let phase = if kind == "map" { &cd.map } else { &cd.reduce };
            phase.lookups.iter().flat_map(|l| &l.queues).any(|q| q.queue == *queue && q.at_max_capacity)
        }
        Event::Reserved { job } => lookups().any(|l| {
            matches!(l.reservation, Some(ReservationStep::Kept { job: j, .. }) if j == *job)
                || matches!(l.result, LookupResult::Memory { job: j, new_reservation: true } if j == *job)
        }),
        Event::ReservationHonoured { job } => {
            lookups().any(|l| matches!(l.reservation, Some(ReservationStep::Honoured { job: j, .. }) if j == *job))
        }
        Event::CapacityStop { kind, stop } => {
            let p = if kind == "map" { &cd.map } else { &cd.reduce };
            phase_stop_name(p.stop) == stop
        }
        _ => false,
    }
}
