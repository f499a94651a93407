//! Queue ordering, mirroring `CapacityTaskScheduler.TaskSchedulingMgr.QueueComparator`,
//! `sortQueues` and `initialize`
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`):
//! a persistent list per task type, sorted with a stable sort by occupied slots / capacity, so
//! ties keep whatever order the previous sort left. The very first order comes from Java 6's
//! `HashMap` iteration over the queue names (`sched::java::hash_order`), unless the scenario
//! gives an explicit `initial_queue_order`.

use super::queue::CapacitySchedulerQueue;
use crate::model::TaskType;
use std::collections::BTreeMap;

/// The comparator's key: `numSlotsOccupied / capacity` in double, 1.0 when capacity is 0.
pub fn ratio(q: &CapacitySchedulerQueue, kind: TaskType) -> f64 {
    let u = q.usage(kind);
    if u.capacity == 0 { 1.0 } else { u.num_slots_occupied as f64 / u.capacity as f64 }
}

/// `sortQueues`: `Collections.sort` (stable) of the persistent list.
pub fn sort_queues(order: &mut [String], queues: &BTreeMap<String, CapacitySchedulerQueue>, kind: TaskType) {
    crate::sort::sort_by(order, |a, b| {
        let ra = queues.get(a).map(|q| ratio(q, kind)).unwrap_or(1.0);
        let rb = queues.get(b).map(|q| ratio(q, kind)).unwrap_or(1.0);
        ra.partial_cmp(&rb).unwrap_or(std::cmp::Ordering::Equal)
    });
}
