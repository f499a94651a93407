//! `CapBasedLoadManager` (the Fair Scheduler's default `LoadManager`): a per-tracker cap that
//! spreads tasks evenly when the cluster is under-loaded
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/CapBasedLoadManager.java`), and
//! `maxTasksToAssign` from `FairScheduler` (`FairScheduler.java`).

use serde::Serialize;

/// `CapBasedLoadManager.getCap(totalRunnableTasks, localMaxTasks, totalSlots)`:
/// `ceil(localMaxTasks × min(1.0, maxDiff + totalRunnable / totalSlots))` in doubles, with
/// `maxDiff` a 32-bit float widened to double. Division by zero follows Java: a positive load
/// over 0 slots is +∞ (cap = localMaxTasks), 0/0 is NaN (cap 0).
pub fn get_cap(total_runnable: i64, local_max: i64, total_slots: i64, max_diff: f32) -> i64 {
    let load = max_diff as f64 + total_runnable as f64 / total_slots as f64;
    let m = super::shares::java_min(1.0, load);
    let v = (local_max as f64 * m).ceil();
    // Java's (int) cast: NaN → 0, saturating at the int range.
    if v.is_nan() { 0 } else { v.clamp(i32::MIN as f64, i32::MAX as f64) as i64 }
}

/// The arithmetic of one `canAssignMap` / `canAssignReduce` call, kept for the explanation.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapCheck {
    /// Cluster demand of this type cached at the last `update()` ("runnable" tasks).
    pub total_runnable: i64,
    pub total_slots: i64,
    pub tracker_slots: i64,
    #[serde(serialize_with = "crate::sched::common::assignment::f32_as_decimal")]
    pub max_diff: f32,
    /// `getCap(...)`.
    pub cap: i64,
    /// `countMapTasks()` (or reduces) from the heartbeat's status snapshot.
    pub tracker_running: i64,
}

impl CapCheck {
    pub fn new(
        total_runnable: i64,
        tracker_slots: i64,
        total_slots: i64,
        max_diff: f32,
        tracker_running: i64,
    ) -> CapCheck {
        CapCheck {
            total_runnable,
            total_slots,
            tracker_slots,
            max_diff,
            cap: get_cap(total_runnable, tracker_slots, total_slots, max_diff),
            tracker_running,
        }
    }
    /// `canAssignMap(tracker, totalRunnable, totalSlots, alreadyAssigned)`:
    /// `countTasks + alreadyAssigned < cap`.
    pub fn can_assign(&self, already_assigned: i64) -> bool {
        self.tracker_running + already_assigned < self.cap
    }
}

/// `FairScheduler.maxTasksToAssign(type, tts)`: 1 without assign-multiple; otherwise the
/// tracker's free slots, capped by `mapred.fairscheduler.assignmultiple.maps` (or
/// `.reduces`) unless that is −1.
pub fn max_tasks_to_assign(assign_multiple: bool, assign_cap: i64, available_slots: i64) -> i64 {
    if !assign_multiple {
        1
    } else if assign_cap == -1 {
        available_slots
    } else {
        assign_cap.min(available_slots)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `TestFairScheduler.testCapBasedLoadManager`.
    #[test]
    fn get_cap_table() {
        for (runnable, local, total, cap) in [
            (1, 1, 100, 1),
            (1, 2, 100, 1),
            (1, 10, 100, 1),
            (200, 1, 100, 1),
            (1, 5, 100, 1),
            (50, 5, 100, 3),
            (100, 5, 100, 5),
            (200, 5, 100, 5),
        ] {
            assert_eq!(get_cap(runnable, local, total, 0.0), cap, "getCap({runnable}, {local}, {total})");
        }
    }

    /// TestCapBasedLoadManager: how many times the assign check succeeds for
    /// alreadyAssigned = 0, 1, 2, ... (identical for maps and reduces).
    #[test]
    fn can_assign_counts() {
        for (max_diff, slots, running, total, runnable, want) in [
            (0.0f32, 5, 0, 50, 1, 1),
            (0.0, 5, 1, 50, 10, 0),
            (0.2, 5, 1, 50, 10, 2),
            (0.0, 5, 1, 50, 11, 1),
            (0.0, 5, 2, 50, 11, 0),
            (0.3, 5, 2, 50, 6, 1),
            (1.0, 5, 5, 50, 50, 0),
        ] {
            let c = CapCheck::new(runnable, slots, total, max_diff, running);
            let n = (0..100).take_while(|&a| c.can_assign(a)).count();
            assert_eq!(n, want, "maxDiff {max_diff} slots {slots} running {running} total {total} runnable {runnable}");
        }
    }

    #[test]
    fn float_widening_matters() {
        // ceil(5 × (0.2f + 10/50)) = 3, not 2.
        assert_eq!(get_cap(10, 5, 50, 0.2), 3);
    }

    #[test]
    fn division_by_zero_slots() {
        assert_eq!(get_cap(3, 2, 0, 0.0), 2);
        assert_eq!(get_cap(0, 2, 0, 0.0), 0);
    }

    /// `TestFairScheduler.testMaxTasksToAssign`.
    #[test]
    fn max_tasks_to_assign_table() {
        assert_eq!(max_tasks_to_assign(false, 10, 5), 1);
        assert_eq!(max_tasks_to_assign(false, -1, 5), 1);
        assert_eq!(max_tasks_to_assign(true, -1, 5), 5);
        assert_eq!(max_tasks_to_assign(true, 10, 5), 5);
        assert_eq!(max_tasks_to_assign(true, 2, 5), 2);
    }
}
