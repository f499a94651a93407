//! High-memory jobs: slots per task (`CapacityTaskScheduler.preInitializeJob` /
//! `JobConf.computeNumSlotsPerMap`), memory matching (`MemoryMatcher`), and tracker
//! reservations — Hadoop's "fallow slots" held by the JobTracker-side `TaskTracker` object
//! (`reserveSlots` / `unreserveSlots`) and by `JobInProgress.reserveTaskTracker`
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/MemoryMatcher.java`,
//! `CapacityTaskScheduler.java`,
//! `src/mapred/org/apache/hadoop/mapreduce/server/jobtracker/TaskTracker.java`).

use super::conf::MemoryConf;
use crate::model::{JobId, TaskType, Tracker};
use serde::Serialize;
use std::collections::BTreeMap;

/// `JobConf.computeNumSlotsPerMap/Reduce` as applied by the scheduler at acceptance.
pub fn slots_per_task(mem: &MemoryConf, kind: TaskType, job_mb: i64) -> u32 {
    if !mem.enabled() || job_mb == -1 {
        return 1;
    }
    let slot = match kind {
        TaskType::Map => mem.map_slot_mb,
        TaskType::Reduce => mem.reduce_slot_mb,
    };
    // (A slot size of 0 would make this infinite; the simulator caps it at 1000 slots.)
    (job_mb as f32 / slot as f32).ceil().clamp(0.0, 1000.0) as u32
}

fn slot_mb(mem: &MemoryConf, kind: TaskType) -> i64 {
    match kind {
        TaskType::Map => mem.map_slot_mb,
        TaskType::Reduce => mem.reduce_slot_mb,
    }
}

/// `MemoryMatcher.getMemReservedForTasks(tracker, type, availableSlots)`. The memory sizes are
/// Java `long`s read with `Configuration.getLong`, and Java's `long` arithmetic wraps: so does
/// this (a slot size near 2^63 gives Hadoop's wrapped numbers, never a panic).
pub fn mem_reserved_for_tasks(mem: &MemoryConf, t: &Tracker, kind: TaskType, available: i64) -> i64 {
    let slot = slot_mb(mem, kind);
    let used: i64 = t
        .running
        .iter()
        .filter(|r| r.attempt.kind == kind)
        .fold(0i64, |acc, r| acc.wrapping_add(slot.wrapping_mul(r.slots as i64)));
    let scheduled = (t.max_slots(kind) as i64 - t.occupied_slots(kind) as i64) - available;
    used.wrapping_add(scheduled.wrapping_mul(slot))
}

/// The outcome of `matchesMemoryRequirements`, with its numbers for the explanation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct MemMatch {
    pub matches: bool,
    pub job_mb: i64,
    pub free_mb: i64,
}

/// `MemoryMatcher.matchesMemoryRequirements(job, type, tracker, availableSlots)`.
pub fn matches(mem: &MemoryConf, t: &Tracker, kind: TaskType, available: i64, job_mb: i64) -> MemMatch {
    if !mem.enabled() {
        return MemMatch { matches: true, job_mb, free_mb: -1 };
    }
    // Java `long` arithmetic, wrapping as Hadoop's does (see `mem_reserved_for_tasks`).
    let free = slot_mb(mem, kind)
        .wrapping_mul(t.max_slots(kind) as i64)
        .wrapping_sub(mem_reserved_for_tasks(mem, t, kind, available));
    MemMatch { matches: job_mb == -1 || job_mb <= free, job_mb, free_mb: free }
}

/// A tracker's fallow slots of one type (`TaskTracker.jobForFallowMapSlot` and its count).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Reservation {
    pub job: JobId,
    pub slots: u32,
}

/// All reservations, tracker side, keyed by (tracker name, type).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Reservations(pub BTreeMap<(String, TaskType), Reservation>);

impl Reservations {
    pub fn get(&self, tracker: &str, kind: TaskType) -> Option<Reservation> {
        self.0.get(&(tracker.to_string(), kind)).copied()
    }
    /// `TaskTracker.reserveSlots` (+ `JobInProgress.reserveTaskTracker` on the job side).
    pub fn reserve(
        &mut self,
        tracker: &str,
        kind: TaskType,
        job: JobId,
        slots: u32,
        job_side: &mut BTreeMap<String, u32>,
    ) {
        self.0.insert((tracker.to_string(), kind), Reservation { job, slots });
        job_side.insert(tracker.to_string(), slots);
    }
    /// `TaskTracker.unreserveSlots`.
    pub fn unreserve(&mut self, tracker: &str, kind: TaskType, job_side: Option<&mut BTreeMap<String, u32>>) {
        self.0.remove(&(tracker.to_string(), kind));
        if let Some(js) = job_side {
            js.remove(tracker);
        }
    }
    /// `TaskTracker.cancelAllReservations` (the tracker is lost): its reservations go; returns
    /// the (job, type) pairs whose job-side record must drop it too.
    pub fn cancel_tracker(&mut self, tracker: &str) -> Vec<(JobId, TaskType)> {
        let mut out = Vec::new();
        self.0.retain(|(t, kind), r| {
            let keep = t != tracker;
            if !keep {
                out.push((r.job, *kind));
            }
            keep
        });
        out
    }
    /// `JobInProgress.cancelReservedSlots` (garbage collection of a finished job).
    pub fn cancel_job(&mut self, job: JobId) {
        self.0.retain(|_, r| r.job != job);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn slots_from_memory() {
        let on = MemoryConf { map_slot_mb: 1024, reduce_slot_mb: 1024, max_map_mb: 2048, max_reduce_mb: 2048 };
        assert_eq!(slots_per_task(&on, TaskType::Map, 2048), 2);
        assert_eq!(slots_per_task(&on, TaskType::Map, 1500), 2);
        assert_eq!(slots_per_task(&on, TaskType::Map, -1), 1);
        assert_eq!(slots_per_task(&on, TaskType::Reduce, 0), 0);
        let off = MemoryConf { max_reduce_mb: -1, ..on };
        assert_eq!(slots_per_task(&off, TaskType::Map, 3072), 1);
    }
}
