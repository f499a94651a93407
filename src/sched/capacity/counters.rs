//! A queue's slot usage kept as counters, mirroring what `CapacitySchedulerQueue.updateAll`
//! counts at the start of every heartbeat (called by `CapacityTaskScheduler.updateAllQueues`,
//! `src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerQueue.java`):
//! for every RUNNING job of the queue's running list, its running tasks and the slots they and
//! its reservations occupy, by user, and whether it makes its user active (pending tasks;
//! reduces only once `scheduleReduces()`). Hadoop recounts these from all running jobs on every
//! heartbeat; here each job's share is counted again only when something it depends on
//! changed (an attempt launched or ended, a map re-run after a lost tracker, the job's state,
//! list or reservations: `Cluster::changed_jobs` and the scheduler's own notes), and the
//! heartbeat's refresh reads the sums. `recount.rs` keeps the whole recount as the oracle.

use super::JobInfo;
use super::queue::{CapacitySchedulerQueue, JobKey};
use crate::model::{Job, JobId, RunState, TaskType};
use std::collections::{BTreeMap, BTreeSet};

/// What one counted job adds to its queue's usage (index 0 maps, 1 reduces).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Share {
    /// The queue's number for the job's user (`CapacitySchedulerQueue::user_ix`).
    pub ix: u32,
    /// The job's key in the running list (its place in `updateAll`'s pass).
    pub key: JobKey,
    pub running: [i32; 2],
    pub occupied: [i32; 2],
    pub active: [bool; 2],
}

/// One user's sums over the counted jobs.
#[derive(Debug, Clone, Default, PartialEq)]
struct UserCount {
    occupied: [i32; 2],
    active_jobs: [u32; 2],
    /// The running-list keys of the user's counted jobs: the first decides the user's place in
    /// `numSlotsOccupiedByUser`'s insertion order.
    keys: BTreeSet<JobKey>,
}

/// The counters of one queue.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct UsageCounters {
    shares: BTreeMap<JobId, Share>,
    running: [i32; 2],
    occupied: [i32; 2],
    /// By user number.
    users: Vec<UserCount>,
    /// The users with counted jobs in the order `updateAll` first meets them.
    order: Vec<u32>,
    order_stale: bool,
}

/// The share of `job`, filed under `key` in its queue's running list, as `updateAll` counts it:
/// none unless the job is RUNNING. Also the job's scheduling-info tuple
/// (`CapacityTaskScheduler.getJobQueueSchedInfo`).
pub(super) fn share_of(job: &Job, info: Option<&JobInfo>, ix: u32, key: JobKey) -> Option<(Share, [i64; 6])> {
    if job.state != RunState::Running {
        return None;
    }
    let mut s = Share { ix, key, running: [0; 2], occupied: [0; 2], active: [false; 2] };
    let mut tuple = [0i64; 6];
    for (k, kind) in [TaskType::Map, TaskType::Reduce].into_iter().enumerate() {
        let (running, per, pending) = match kind {
            TaskType::Map => (job.running_maps as i32, job.slots_per_map as i32, job.pending_maps()),
            TaskType::Reduce => (job.running_reduces as i32, job.slots_per_reduce as i32, job.pending_reduces()),
        };
        let reserved = info.map(|i| i.reserved_count(kind)).unwrap_or(0) as i32;
        s.running[k] = running;
        s.occupied[k] = (reserved + running) * per;
        s.active[k] = match kind {
            TaskType::Map => pending > 0,
            TaskType::Reduce => job.schedule_reduces() && pending > 0,
        };
        tuple[k * 3] = running as i64;
        tuple[k * 3 + 1] = (running * per) as i64;
        tuple[k * 3 + 2] = (reserved * per) as i64;
    }
    Some((s, tuple))
}

impl UsageCounters {
    pub(super) fn share(&self, id: JobId) -> Option<&Share> {
        self.shares.get(&id)
    }

    /// Replace the job's share (none: it is not counted any more).
    pub(super) fn set(&mut self, id: JobId, new: Option<Share>) {
        let old = self.shares.remove(&id);
        let same_place = matches!((&old, &new), (Some(o), Some(n)) if o.ix == n.ix && o.key == n.key);
        if let Some(o) = &old {
            self.add(o, -1);
            if !same_place {
                self.file(o, false);
            }
        }
        if let Some(n) = new {
            self.add(&n, 1);
            if !same_place {
                self.file(&n, true);
            }
            self.shares.insert(id, n);
        }
    }

    fn user(&mut self, ix: u32) -> &mut UserCount {
        let at = ix as usize;
        if self.users.len() <= at {
            self.users.resize(at + 1, UserCount::default());
        }
        &mut self.users[at]
    }

    /// Add (`sign` 1) or take away (−1) a share's numbers.
    fn add(&mut self, s: &Share, sign: i32) {
        for k in 0..2 {
            self.running[k] += sign * s.running[k];
            self.occupied[k] += sign * s.occupied[k];
        }
        let u = self.user(s.ix);
        for k in 0..2 {
            u.occupied[k] += sign * s.occupied[k];
            if s.active[k] {
                u.active_jobs[k] = u.active_jobs[k].wrapping_add_signed(sign);
            }
        }
    }

    /// File a share's key under its user (or take it out).
    fn file(&mut self, s: &Share, add: bool) {
        let u = self.user(s.ix);
        let first = u.keys.first().copied();
        if add {
            u.keys.insert(s.key);
        } else {
            u.keys.remove(&s.key);
        }
        if u.keys.first().copied() != first {
            self.order_stale = true;
        }
    }

    /// The users in `updateAll`'s first-met order: by the first running-list key of their
    /// counted jobs.
    fn refresh_order(&mut self) {
        if self.order_stale {
            let mut firsts: Vec<(JobKey, u32)> =
                (self.users.iter().enumerate()).filter_map(|(ix, u)| u.keys.first().map(|k| (*k, ix as u32))).collect();
            firsts.sort_unstable();
            self.order = firsts.into_iter().map(|(_, ix)| ix).collect();
            self.order_stale = false;
        }
    }
}

impl CapacitySchedulerQueue {
    /// `updateAll`'s usage from the counters: the same `SlotsUsage` as clearing it and counting
    /// every running job again (capacities are set by the caller).
    pub(super) fn usage_from_counters(&mut self) {
        let c = &mut self.counts;
        c.refresh_order();
        let names = &self.user_names;
        for (k, u) in [&mut self.map, &mut self.reduce].into_iter().enumerate() {
            u.num_running_tasks = c.running[k];
            u.num_slots_occupied = c.occupied[k];
            u.set_by_user(&c.order, names, |ix| c.users[ix as usize].occupied[k]);
            let active = (0..c.users.len() as u32).filter(|&ix| c.users[ix as usize].active_jobs[k] > 0);
            u.set_active(active, names);
        }
    }
}
