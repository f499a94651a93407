//! Lesson claims about a `JobQueueTaskScheduler.assignTasks` record: the load factor, the map
//! loop's calls slot by slot, and why map and reduce assignment ended.

use super::Event;
use crate::sched::fifo::{FifoDecision, MapStop, ReduceStop};

pub(super) fn holds(e: &Event, f: &FifoDecision) -> bool {
    match e {
        Event::FifoMapStop { stop, job } => {
            let (name, j) = match f.map_stop {
                MapStop::NoAvailableSlots => ("no_slots", None),
                MapStop::Filled => ("filled", None),
                MapStop::PaddingExceeded { job } => ("padding", Some(job)),
                MapStop::OffSwitch { job } => ("off_switch", Some(job)),
                MapStop::NoTask => ("no_task", None),
            };
            name == stop && job.is_none_or(|x| j == Some(x))
        }
        Event::FifoReduceStop { stop } => {
            let name = match f.reduce_stop {
                ReduceStop::NoAvailableSlots => "no_slots",
                ReduceStop::Assigned { .. } => "assigned",
                ReduceStop::PaddingOnlyFirst { .. } => "padding",
                ReduceStop::NoTask => "no_task",
            };
            name == stop
        }
        Event::FifoTry { slot, job, call, found } => f.map_tries.iter().any(|t| {
            slot.is_none_or(|s| t.slot == s)
                && job.is_none_or(|j| t.job == j)
                && call.as_deref().is_none_or(|c| t.call == c)
                && found.is_none_or(|x| t.assigned.is_some() == x)
        }),
        Event::LoadCap { kind, capacity, available, remaining } => {
            let l = if kind == "map" { &f.map } else { &f.reduce };
            capacity.is_none_or(|x| l.tracker_current_capacity == x)
                && available.is_none_or(|x| l.available == x)
                && remaining.is_none_or(|x| l.remaining_load == x)
        }
        _ => false,
    }
}
