//! One queue, mirroring `CapacitySchedulerQueue`: its configuration, the per-type `SlotsUsage`
//! (capacity, maximum capacity, occupied slots, active users), the waiting / initializing /
//! running job lists with their snapshot keys, per-user bookkeeping (`UserInfo`,
//! `numJobsByUser`), the usage refresh `updateAll`, and the limits `assignSlotsToQueue` and
//! `assignSlotsToJob` (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerQueue.java`).

use super::conf::QueueConf;
use crate::model::{Job, JobId, JobPriority, Millis, TaskType};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// `CapacitySchedulerQueue.SlotsUsage` for one task type.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct SlotsUsage {
    pub capacity: i32,
    /// −1 until a maximum-capacity percentage > 0 is applied.
    pub max_capacity: i32,
    pub num_running_tasks: i32,
    pub num_slots_occupied: i32,
    /// Active users: a RUNNING job with pending tasks of this type.
    pub users: BTreeSet<String>,
    /// `numSlotsOccupiedByUser`, in insertion order (shown in Java HashMap order).
    pub by_user: Vec<(String, i32)>,
    /// The queue's user numbers (`CapacitySchedulerQueue::user_ix`) of `by_user`, in its order,
    /// and of `users`, ascending: the refresh from the counters rebuilds the named collections
    /// only when their users change.
    #[serde(skip)]
    by_user_ix: Vec<u32>,
    #[serde(skip)]
    users_ix: Vec<u32>,
    /// By user number: 1 + the user's place in `by_user`, 0 if not there (the user's slots are
    /// read by number, not by comparing names).
    #[serde(skip)]
    by_user_at: Vec<u32>,
}

impl SlotsUsage {
    fn new() -> Self {
        SlotsUsage { max_capacity: -1, ..Default::default() }
    }
    pub fn user_slots(&self, user: &str) -> i32 {
        self.by_user.iter().find(|(u, _)| u == user).map(|(_, s)| *s).unwrap_or(0)
    }
    /// The slots of the user numbered `ix`.
    pub fn user_slots_of(&self, ix: u32) -> i32 {
        match self.by_user_at.get(ix as usize) {
            Some(&at) if at > 0 => self.by_user[at as usize - 1].1,
            _ => 0,
        }
    }
    /// `numSlotsOccupiedByUser.put(user, old + n)` for the user numbered `ix`.
    fn add_user_slots(&mut self, ix: u32, user: &str, n: i32) {
        match self.by_user_at.get(ix as usize) {
            Some(&at) if at > 0 => self.by_user[at as usize - 1].1 += n,
            _ => {
                self.by_user.push((user.to_string(), n));
                self.by_user_ix.push(ix);
                if self.by_user_at.len() <= ix as usize {
                    self.by_user_at.resize(ix as usize + 1, 0);
                }
                self.by_user_at[ix as usize] = self.by_user.len() as u32;
            }
        }
    }
    /// `users.add(user)` for the user numbered `ix`.
    fn add_active_user(&mut self, ix: u32, user: &str) {
        if let Err(at) = self.users_ix.binary_search(&ix) {
            self.users_ix.insert(at, ix);
            self.users.insert(user.to_string());
        }
    }
    /// `numSlotsOccupiedByUser` cleared and refilled: the users numbered `order`, in that
    /// order, each with `slots(ix)`.
    pub(super) fn set_by_user(&mut self, order: &[u32], names: &[String], slots: impl Fn(u32) -> i32) {
        if self.by_user_ix != order {
            self.by_user = order.iter().map(|&ix| (names[ix as usize].clone(), 0)).collect();
            self.by_user_ix = order.to_vec();
            self.by_user_at.clear();
            for (at, &ix) in order.iter().enumerate() {
                if self.by_user_at.len() <= ix as usize {
                    self.by_user_at.resize(ix as usize + 1, 0);
                }
                self.by_user_at[ix as usize] = at as u32 + 1;
            }
        }
        for (entry, &ix) in self.by_user.iter_mut().zip(&self.by_user_ix) {
            entry.1 = slots(ix);
        }
    }
    /// `users` cleared and refilled with the users numbered `active` (ascending).
    pub(super) fn set_active(&mut self, active: impl Iterator<Item = u32> + Clone, names: &[String]) {
        if !self.users_ix.iter().copied().eq(active.clone()) {
            self.users_ix = active.collect();
            self.users = self.users_ix.iter().map(|&ix| names[ix as usize].clone()).collect();
        }
    }
    /// `SlotsUsage.updateCapacities` in float with truncation.
    fn update_capacities(&mut self, pct: f32, max_pct: f32, cluster: i32) {
        self.capacity = (pct * cluster as f32 / 100.0) as i32;
        if max_pct > 0.0 {
            self.max_capacity = (max_pct * cluster as f32 / 100.0) as i32;
        }
    }
}

/// The snapshot key of a job in a list (priority only if the queue supports it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct JobKey {
    pub priority: Option<JobPriority>,
    pub start_time: Millis,
    pub job: u32,
}

/// A job list sorted by its snapshot keys (`TreeMap<JobSchedulingInfo, JobInProgress>`).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct JobList(pub Vec<(JobKey, JobId)>);

impl JobList {
    pub fn contains(&self, id: JobId) -> bool {
        self.0.iter().any(|(_, j)| *j == id)
    }
    pub fn insert(&mut self, key: JobKey, id: JobId) {
        let pos = self.0.iter().position(|(k, _)| *k > key).unwrap_or(self.0.len());
        self.0.insert(pos, (key, id));
    }
    pub fn remove(&mut self, id: JobId) -> bool {
        let before = self.0.len();
        self.0.retain(|(_, j)| *j != id);
        self.0.len() != before
    }
    pub fn ids(&self) -> Vec<JobId> {
        self.0.iter().map(|(_, j)| *j).collect()
    }
    pub fn len(&self) -> usize {
        self.0.len()
    }
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// `CapacitySchedulerQueue.UserInfo`.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct UserInfo {
    pub waiting: BTreeSet<JobId>,
    pub initializing: BTreeSet<JobId>,
    pub running: BTreeSet<JobId>,
    pub active_tasks: i64,
}

/// The user-limit arithmetic of one `assignSlotsToJob` check, kept for the explanation.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct LimitCalc {
    pub queue_capacity: i32,
    pub current_capacity: i32,
    pub active_users: i32,
    pub limit: i32,
    pub user_holds: i32,
    pub slots: i32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapacitySchedulerQueue {
    pub name: String,
    pub conf: QueueConf,
    pub map: SlotsUsage,
    pub reduce: SlotsUsage,
    pub waiting: JobList,
    pub initializing: JobList,
    pub running: JobList,
    pub users: BTreeMap<String, UserInfo>,
    pub active_tasks: i64,
    pub num_jobs_by_user: BTreeMap<String, i32>,
    /// Every user that submitted a job to the queue, numbered in order of arrival (`user_ix`).
    #[serde(skip)]
    pub(super) user_names: Vec<String>,
    #[serde(skip)]
    user_numbers: BTreeMap<String, u32>,
    /// The running jobs' usage as counters, read by `update_all`.
    #[serde(skip)]
    pub counts: super::counters::UsageCounters,
}

fn ceil_div(a: i32, b: i32) -> i32 {
    if b == 0 { 0 } else { (a + b - 1) / b }
}

impl CapacitySchedulerQueue {
    pub fn new(conf: QueueConf) -> Self {
        CapacitySchedulerQueue {
            name: conf.name.clone(),
            conf,
            map: SlotsUsage::new(),
            reduce: SlotsUsage::new(),
            waiting: JobList::default(),
            initializing: JobList::default(),
            running: JobList::default(),
            users: BTreeMap::new(),
            active_tasks: 0,
            num_jobs_by_user: BTreeMap::new(),
            user_names: Vec::new(),
            user_numbers: BTreeMap::new(),
            counts: Default::default(),
        }
    }

    /// The queue's number for `user` (given at the user's first job, kept for good).
    pub fn user_ix(&mut self, user: &str) -> u32 {
        if let Some(&ix) = self.user_numbers.get(user) {
            return ix;
        }
        let ix = self.user_names.len() as u32;
        self.user_names.push(user.to_string());
        self.user_numbers.insert(user.to_string(), ix);
        ix
    }

    /// The queue's number for `user`, if it has one.
    pub fn user_number(&self, user: &str) -> Option<u32> {
        self.user_numbers.get(user).copied()
    }

    pub fn usage(&self, kind: TaskType) -> &SlotsUsage {
        match kind {
            TaskType::Map => &self.map,
            TaskType::Reduce => &self.reduce,
        }
    }
    pub fn usage_mut(&mut self, kind: TaskType) -> &mut SlotsUsage {
        match kind {
            TaskType::Map => &mut self.map,
            TaskType::Reduce => &mut self.reduce,
        }
    }

    pub fn key_of(&self, job: &Job) -> JobKey {
        JobKey {
            priority: self.conf.supports_priorities.then_some(job.priority),
            start_time: job.start_time,
            job: job.id.0,
        }
    }

    pub fn user(&mut self, u: &str) -> &mut UserInfo {
        self.users.entry(u.to_string()).or_default()
    }

    /// `updateAll`: capacities from the cluster totals, then the usage of the running jobs,
    /// read from the queue's counters (`counters.rs`).
    pub fn update_all(&mut self, map_cluster: i32, reduce_cluster: i32) {
        let (pct, max) = (self.conf.capacity_percent, self.conf.max_capacity_percent);
        self.map.update_capacities(pct, max, map_cluster);
        self.reduce.update_capacities(pct, max, reduce_cluster);
        self.usage_from_counters();
    }

    /// `CapacitySchedulerQueue.update`: the incremental usage update after a map is assigned.
    pub fn update_after_assign(&mut self, kind: TaskType, user: &str, slots: i32, still_pending: bool) {
        let ix = self.user_ix(user);
        let u = self.usage_mut(kind);
        u.num_running_tasks += 1;
        u.num_slots_occupied += slots;
        u.add_user_slots(ix, user, slots);
        if still_pending {
            u.add_active_user(ix, user);
        }
    }

    /// `assignSlotsToQueue(type, k)`: false only when a maximum is set and would be crossed.
    pub fn assign_slots_to_queue(&self, kind: TaskType, k: i32) -> bool {
        self.bare_limits(kind).assign_slots_to_queue(k)
    }

    fn bare_limits(&self, kind: TaskType) -> Limits {
        let u = self.usage(kind);
        Limits {
            capacity: u.capacity,
            max_capacity: u.max_capacity,
            occupied: u.num_slots_occupied,
            active_users: (u.users.len() as i32).max(1),
            ul_min: self.conf.ul_min,
            ul_min_factor: self.conf.ul_min_factor,
            held: Vec::new(),
        }
    }

    /// What `assignSlotsToQueue` and `assignSlotsToJob` read of the queue for `kind`, with
    /// every numbered user's slots.
    pub fn limits(&self, kind: TaskType) -> Limits {
        let u = self.usage(kind);
        let held = u.by_user_at.iter().map(|&at| if at > 0 { u.by_user[at as usize - 1].1 } else { 0 }).collect();
        Limits { held, ..self.bare_limits(kind) }
    }

    /// Per-user usage against the user limit, for display (the page's user bars): every
    /// active user of `kind` and every user still holding slots, in name order, as
    /// `(user, occupied slots, user limit for a one-slot task)`. Reads only; the limit is
    /// `user_limit(kind, 1, user).limit` as it stands now.
    pub fn user_usage(&self, kind: TaskType) -> Vec<(String, i32, i32)> {
        let u = self.usage(kind);
        let mut names: BTreeSet<&str> = u.users.iter().map(String::as_str).collect();
        names.extend(u.by_user.iter().filter(|(_, s)| *s > 0).map(|(n, _)| n.as_str()));
        names.into_iter().map(|n| (n.to_string(), u.user_slots(n), self.user_limit(kind, 1, n).limit)).collect()
    }

    /// `user_limit` for a job of the user the queue numbered `ix` (`user_ix`), without
    /// comparing names.
    pub fn user_limit_of(&self, kind: TaskType, n: i32, user: &str, ix: Option<u32>) -> LimitCalc {
        let Some(ix) = ix else { return self.user_limit(kind, n, user) };
        self.bare_limits(kind).calc(n, self.usage(kind).user_slots_of(ix))
    }

    /// The user limit of `assignSlotsToJob`: the capacity, the minimum user limit, the factor.
    pub fn user_limit(&self, kind: TaskType, n: i32, user: &str) -> LimitCalc {
        self.bare_limits(kind).calc(n, self.usage(kind).user_slots(user))
    }
}

/// What `assignSlotsToQueue` and `assignSlotsToJob` read of a queue for one task type, taken
/// once for a pass of `getTaskFromQueue` (nothing in the pass changes the queue's usage), so
/// that a job visit neither looks the queue up by name nor compares user names.
#[derive(Debug, Clone)]
pub struct Limits {
    pub capacity: i32,
    pub max_capacity: i32,
    pub occupied: i32,
    /// The active users, at least 1.
    active_users: i32,
    ul_min: i32,
    ul_min_factor: f32,
    /// Slots held, by the queue's user number.
    held: Vec<i32>,
}

impl Limits {
    /// `assignSlotsToQueue(type, k)`: false only when a maximum is set and would be crossed.
    pub fn assign_slots_to_queue(&self, k: i32) -> bool {
        !(self.max_capacity > 0 && self.occupied + k > self.max_capacity)
    }

    /// The user limit of `assignSlotsToJob` for an `n`-slot task of the user the queue
    /// numbered `ix` (`CapacitySchedulerQueue::user_ix`).
    pub fn user_limit(&self, n: i32, ix: u32) -> LimitCalc {
        self.calc(n, self.held.get(ix as usize).copied().unwrap_or(0))
    }

    fn calc(&self, n: i32, user_holds: i32) -> LimitCalc {
        let queue_capacity = self.capacity.max(n);
        let current_capacity = if self.occupied + n <= queue_capacity { queue_capacity } else { self.occupied + n };
        let active_users = self.active_users;
        let factor_cap = (queue_capacity as f32 * self.ul_min_factor) as i32;
        let limit =
            ceil_div(current_capacity, active_users).max(ceil_div(self.ul_min * current_capacity, 100)).min(factor_cap);
        LimitCalc { queue_capacity, current_capacity, active_users, limit, user_holds, slots: n }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(cap: i32, occupied: i32, users: &[&str], ul: i32, f: f32, holds: i32) -> CapacitySchedulerQueue {
        let conf = super::super::conf::read_queue(&Default::default(), "default", 1).unwrap_or_else(|_| unreachable!());
        let mut q = CapacitySchedulerQueue::new(QueueConf { ul_min: ul, ul_min_factor: f, ..conf });
        q.map.capacity = cap;
        q.map.num_slots_occupied = occupied;
        q.map.users = users.iter().map(|s| s.to_string()).collect();
        q.map.by_user = vec![("u1".into(), holds)];
        q
    }

    #[test]
    fn worked_examples_of_assign_slots_to_job() {
        let l = q(4, 2, &["u1", "u2"], 50, 1.0, 2).user_limit(TaskType::Map, 1, "u1");
        assert_eq!((l.current_capacity, l.limit), (4, 2));
        let l = q(4, 4, &["u1", "u2"], 50, 1.0, 2).user_limit(TaskType::Map, 1, "u1");
        assert_eq!((l.current_capacity, l.limit), (5, 3));
        let l = q(10, 12, &["u1"], 50, 2.0, 12).user_limit(TaskType::Map, 4, "u1");
        assert_eq!((l.current_capacity, l.limit), (16, 16));
        let l = q(6, 5, &["u1"], 25, 1.0, 5).user_limit(TaskType::Map, 2, "u1");
        assert_eq!((l.current_capacity, l.limit), (7, 6));
    }
}
