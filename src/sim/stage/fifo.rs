//! FIFO (`JobQueueTaskScheduler.assignTasks`) on the stage: the padding check as a gauge on
//! the cluster header (running + padding against capacity, `exceededPadding`), each
//! tracker's load-factor cap (`trackerCurrentCapacity` at this heartbeat's load factor), and
//! the heartbeating tracker's budget for this heartbeat (maps launched, the one off-switch
//! map, the one reduce).

use crate::explain::HeartbeatRecord;
use crate::model::TaskType;
use crate::sched::fifo::{FifoDecision, LoadCalc, MIN_CLUSTER_SIZE_FOR_PADDING, MapStop, PaddingCheck, ReduceStop};
use crate::sim::Engine;
use serde::Serialize;

/// `exceededPadding` for maps, with what the gauge needs to show its arithmetic.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PaddingGauge {
    pub check: PaddingCheck,
    /// `maxTaskTrackerSlots`: the heartbeating tracker's map slots, the cap on the padding.
    pub tracker_slots: u32,
    /// A cluster of at most `MIN_CLUSTER_SIZE_FOR_PADDING` trackers pads nothing.
    pub small_cluster: bool,
}

/// One tracker's load-factor cap: the slots the current load factor lets it fill.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TrackerCap {
    pub tracker: String,
    pub map_slots: u32,
    pub map_cap: u32,
    pub reduce_slots: u32,
    pub reduce_cap: u32,
}

/// What the heartbeating tracker got against what one heartbeat allows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Budget {
    pub tracker: String,
    /// Free map slots under the cap (`availableMapSlots`).
    pub map_available: i64,
    pub maps_given: u32,
    /// The one off-switch (non-local) map of the heartbeat was launched, by this job.
    pub off_switch: Option<u32>,
    /// Off-switch maps launched: 0 or 1 (`JobQueueTaskScheduler.assignTasks` stops the map
    /// loop at the first).
    pub off_switch_given: u32,
    /// Padding was exceeded: the first map ended map assignment (by this job).
    pub padding_only_one: Option<u32>,
    pub reduce_available: i64,
    pub reduces_given: u32,
    pub map_stop: MapStop,
    pub reduce_stop: ReduceStop,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FifoStage {
    /// Maps running in the cluster when the heartbeat began, and the map slots.
    pub running_maps: u32,
    pub map_capacity: u32,
    pub map: LoadCalc,
    pub reduce: LoadCalc,
    /// `None` when padding was not checked (no free map slot under the cap).
    pub padding: Option<PaddingGauge>,
    pub caps: Vec<TrackerCap>,
    pub budget: Budget,
}

pub fn build(e: &Engine, r: &HeartbeatRecord, d: &FifoDecision) -> FifoStage {
    let caps = e
        .cluster
        .trackers
        .iter()
        .map(|t| TrackerCap {
            tracker: t.name.clone(),
            map_slots: t.max_map_slots,
            map_cap: crate::sched::fifo::current_capacity(d.map.load_factor, t.max_map_slots),
            reduce_slots: t.max_reduce_slots,
            reduce_cap: crate::sched::fifo::current_capacity(d.reduce.load_factor, t.max_reduce_slots),
        })
        .collect();
    let padding = d.map_padding.clone().map(|check| PaddingGauge {
        small_cluster: check.num_trackers <= MIN_CLUSTER_SIZE_FOR_PADDING,
        tracker_slots: d.map.tracker_capacity,
        check,
    });
    let count = |kind: TaskType| r.assigned.iter().filter(|a| a.kind == kind).count() as u32;
    let budget = Budget {
        tracker: r.tracker.clone(),
        map_available: d.map.available.max(0),
        maps_given: count(TaskType::Map),
        off_switch: match d.map_stop {
            MapStop::OffSwitch { job } => Some(job),
            _ => None,
        },
        off_switch_given: matches!(d.map_stop, MapStop::OffSwitch { .. }) as u32,
        padding_only_one: match d.map_stop {
            MapStop::PaddingExceeded { job } => Some(job),
            _ => None,
        },
        reduce_available: d.reduce.available.max(0),
        reduces_given: count(TaskType::Reduce),
        map_stop: d.map_stop,
        reduce_stop: d.reduce_stop,
    };
    FifoStage {
        running_maps: d.cluster_running_maps,
        map_capacity: d.map.cluster_capacity,
        map: d.map.clone(),
        reduce: d.reduce.clone(),
        padding,
        caps,
        budget,
    }
}
