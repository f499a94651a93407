//! FIFO's visits (`JobQueueTaskScheduler.assignTasks`): the map load factor and padding, one
//! `obtainNew*MapTask` call per job asked for each slot, why the map loop ended; the same for
//! the reduce (one job asked after another until one gives the heartbeat's one reduce).

use super::{CodeAt, Seq, Step};
use crate::explain::code_listings::{FIFO_ASSIGN, FIFO_PADDING};
use crate::model::TaskType;
use crate::sched::common::assignment::Why;
use crate::sched::fifo::{FifoDecision, MapStop, QUEUE_LINES, ReduceStop};

fn assign(branch: &'static str, frag: &str) -> Option<CodeAt> {
    CodeAt::at(&FIFO_ASSIGN, branch, frag)
}

pub(super) fn visits(d: &FifoDecision, s: &mut Seq) {
    let map = Some(TaskType::Map);
    let no_slots = d.map_stop == MapStop::NoAvailableSlots;
    s.push(
        map,
        Step::FifoLoad { calc: d.map.clone() },
        None,
        if no_slots { assign("maps.no_slots", "") } else { assign("", "availableMapSlots =") },
    );
    if let Some(p) = &d.map_padding {
        let b = if p.exceeded { "exceeded" } else { "not_exceeded" };
        s.push(map, Step::FifoPadding { check: p.clone() }, None, CodeAt::at(&FIFO_PADDING, b, ""));
    }
    for t in &d.map_tries {
        let code = match (t.call, t.assigned) {
            ("local", Some(_)) => assign("maps.local", "if t"),
            ("local", None) => assign("maps.loop", "obtainNewNodeOrRackLocalMapTask"),
            (_, Some(_)) => assign("maps.off_switch_stop", ""),
            _ => assign("maps.non_local", "obtainNewNonLocalMapTask"),
        };
        s.push(map, Step::FifoMap { visit: t.clone() }, t.assigned, code);
    }
    if !no_slots {
        let code = match d.map_stop {
            MapStop::PaddingExceeded { .. } => {
                let off =
                    d.map_tries.iter().rev().find(|x| x.assigned.is_some()).is_some_and(|x| x.call == "non_local");
                if off { assign("maps.off_switch_stop", "") } else { assign("maps.padding_stop", "") }
            }
            MapStop::OffSwitch { .. } => assign("maps.off_switch_stop", ""),
            MapStop::NoTask => assign("maps.no_task", ""),
            _ => assign("maps.filled", ""),
        };
        s.push(map, Step::FifoMapStop { stop: d.map_stop }, None, code);
    }
    let reduce = Some(TaskType::Reduce);
    let no_reduce_slot = d.reduce_stop == ReduceStop::NoAvailableSlots;
    s.push(
        reduce,
        Step::FifoLoad { calc: d.reduce.clone() },
        None,
        if no_reduce_slot { assign("reduces.no_slots", "") } else { assign("", "availableReduceSlots =") },
    );
    if no_reduce_slot {
        return;
    }
    if let Some(p) = &d.reduce_padding {
        let b = if p.exceeded { "exceeded" } else { "not_exceeded" };
        s.push(reduce, Step::FifoPadding { check: p.clone() }, None, CodeAt::at(&FIFO_PADDING, b, ""));
    }
    // The jobs asked for the reduce, in queue order: those whose `obtainNewReduceTask` was
    // called (a job not RUNNING or without reduces is passed by `continue`; one after the
    // reduce was given, or after padding stopped the loop, is not reached).
    // Those past the queue's listed lines, counted not listed, come after the listed head
    // (`jobs` lists the first `QUEUE_LINES`, then any later job given a task).
    let got = reduce_index(d);
    for (i, j) in d.jobs.iter().enumerate() {
        if i == QUEUE_LINES.min(d.jobs.len()) && d.reduce_unlisted > 0 {
            s.push(reduce, Step::Unlisted { count: d.reduce_unlisted, group: None }, None, None);
        }
        let asked = j.reduce || matches!(j.reduce_why, Some(Why::SlowStart { .. } | Why::NoTask { .. }));
        if !asked {
            continue;
        }
        let assigned = if j.reduce { got } else { None };
        let code =
            if j.reduce { assign("reduces.assigned", "") } else { assign("reduces.loop", "obtainNewReduceTask") };
        s.push(reduce, Step::FifoReduce { job: j.job, assigned, why: j.reduce_why }, assigned, code);
    }
    if d.jobs.len() <= QUEUE_LINES && d.reduce_unlisted > 0 {
        s.push(reduce, Step::Unlisted { count: d.reduce_unlisted, group: None }, None, None);
    }
    let code = match d.reduce_stop {
        ReduceStop::Assigned { .. } => assign("reduces.assigned", ""),
        ReduceStop::PaddingOnlyFirst { .. } => assign("reduces.padding_only_first", ""),
        _ => assign("reduces.no_task", ""),
    };
    s.push(reduce, Step::FifoReduceStop { stop: d.reduce_stop }, None, code);
}

/// The index of the heartbeat's reduce among its assignments: FIFO launches its maps first,
/// then at most one reduce, so it follows every map.
fn reduce_index(d: &FifoDecision) -> Option<usize> {
    matches!(d.reduce_stop, ReduceStop::Assigned { .. })
        .then(|| d.map_tries.iter().filter(|t| t.assigned.is_some()).count())
}
