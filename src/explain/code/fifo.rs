//! The code view of `JobQueueTaskScheduler.assignTasks` and its padding check
//! (`exceededPadding`), from a FIFO heartbeat's decision record.

use super::*;
use crate::sched::fifo::{FifoDecision, MapStop, PaddingCheck, ReduceStop};

pub(super) fn fifo_assign(d: &FifoDecision) -> CodeView {
    let mut t = Vec::new();
    match d.map_stop {
        MapStop::NoAvailableSlots => t.push("maps.no_slots"),
        stop => {
            t.push("maps.loop");
            if d.map_tries.iter().any(|x| x.call == "local" && x.assigned.is_some()) {
                t.push("maps.local");
            }
            let off = d.map_tries.iter().any(|x| x.call == "non_local");
            if off {
                t.push("maps.non_local");
            }
            match stop {
                MapStop::PaddingExceeded { .. } => {
                    let last_non_local =
                        d.map_tries.iter().rev().find(|x| x.assigned.is_some()).is_some_and(|x| x.call == "non_local");
                    t.push(if last_non_local { "maps.off_switch_stop" } else { "maps.padding_stop" });
                }
                MapStop::OffSwitch { .. } => t.push("maps.off_switch_stop"),
                MapStop::NoTask => t.push("maps.no_task"),
                _ => t.push("maps.filled"),
            }
        }
    }
    match d.reduce_stop {
        ReduceStop::NoAvailableSlots => t.push("reduces.no_slots"),
        ReduceStop::Assigned { .. } => t.extend(["reduces.loop", "reduces.assigned"]),
        ReduceStop::PaddingOnlyFirst { .. } => t.extend(["reduces.loop", "reduces.padding_only_first"]),
        ReduceStop::NoTask => t.extend(["reduces.loop", "reduces.no_task"]),
    }
    let m = &d.map;
    let vars = vec![
        var("remainingMapLoad", m.remaining_load),
        var("clusterMapCapacity", m.cluster_capacity),
        var("mapLoadFactor", format!("{:.2}", m.load_factor)),
        var("trackerMapCapacity", m.tracker_capacity),
        var("trackerCurrentMapCapacity", m.tracker_current_capacity),
        var("trackerRunningMaps", m.tracker_running),
        var("availableMapSlots", m.available),
        var("exceededMapPadding", d.map_padding.as_ref().is_some_and(|p| p.exceeded)),
        var("remainingReduceLoad", d.reduce.remaining_load),
        var("availableReduceSlots", d.reduce.available),
    ];
    view(&FIFO_ASSIGN, None, t, vars)
}

pub(super) fn fifo_padding(p: &PaddingCheck, kind: &str) -> CodeView {
    let mut t = Vec::new();
    if !p.no_eligible_job {
        t.push("loop");
    }
    if p.exceeded {
        t.push("exceeded");
    } else {
        if !p.no_eligible_job && p.num_trackers <= crate::sched::fifo::MIN_CLUSTER_SIZE_FOR_PADDING {
            t.push("capped");
        }
        t.push("not_exceeded");
    }
    let vars = vec![
        var("type", kind),
        var("totalTasks", p.total_tasks),
        var("totalTaskCapacity", p.total_capacity),
        var("numTaskTrackers", p.num_trackers),
        var("padFraction", p.pad_fraction),
        var("totalNeededTasks", p.total_needed),
        var("padding", p.padding),
        var("result", p.exceeded),
    ];
    view(&FIFO_PADDING, Some(kind.to_string()), t, vars)
}
