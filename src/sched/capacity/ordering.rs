//! Queue ordering, mirroring `CapacityTaskScheduler.TaskSchedulingMgr.QueueComparator`,
//! `sortQueues` and `initialize` (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`): a persistent list per task type, sorted with a
//! stable sort by occupied slots / capacity, so ties keep whatever order the previous sort left.
//! The very first order comes from Java 6's `HashMap` iteration over the queue names, unless the
//! scenario gives an explicit `initial_queue_order`.

use super::queue::CapacitySchedulerQueue;
use crate::model::TaskType;
use std::collections::BTreeMap;

/// `String.hashCode()`: 31-polynomial over UTF-16 code units with 32-bit wrap.
pub fn java_string_hash(s: &str) -> i32 {
    s.encode_utf16().fold(0i32, |h, c| h.wrapping_mul(31).wrapping_add(c as i32))
}

/// Java 6/7 `HashMap.hash(int)`: the supplemental bit spreading.
fn spread(h: i32) -> u32 {
    let mut h = h as u32;
    h ^= (h >> 20) ^ (h >> 12);
    h ^ (h >> 7) ^ (h >> 4)
}

/// Iteration order of a Java 6 `HashMap<String, _>` filled with `names` in this order: buckets
/// ascending; inside a bucket the most recently inserted entry first. (Collisions that survive a
/// resize are rare and none of Hadoop's test queue sets has one.)
pub fn java_hash_order(names: &[String]) -> Vec<String> {
    let mut table = 16usize;
    while names.len() > table * 3 / 4 {
        table *= 2;
    }
    let mut keyed: Vec<(usize, usize, &String)> =
        names.iter().enumerate().map(|(i, n)| ((spread(java_string_hash(n)) as usize) & (table - 1), i, n)).collect();
    crate::sort::sort_by(&mut keyed, |a, b| a.0.cmp(&b.0).then(b.1.cmp(&a.1)));
    let mut out: Vec<String> = Vec::new();
    for (_, _, n) in keyed {
        if !out.contains(n) {
            out.push(n.clone());
        }
    }
    out
}

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

#[cfg(test)]
mod tests {
    use super::*;
    fn v(x: &[&str]) -> Vec<String> {
        x.iter().map(|s| s.to_string()).collect()
    }
    #[test]
    fn java6_orders_of_the_test_queue_sets() {
        assert_eq!(java_hash_order(&v(&["default", "q2"])), v(&["default", "q2"]));
        assert_eq!(java_hash_order(&v(&["default", "q1"])), v(&["default", "q1"]));
        assert_eq!(java_hash_order(&v(&["q1", "q2"])), v(&["q2", "q1"]));
        assert_eq!(java_hash_order(&v(&["defaultXYZ", "q2"])), v(&["q2", "defaultXYZ"]));
    }
}
