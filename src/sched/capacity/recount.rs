//! The oracle of the usage counters (`counters.rs`): `CapacitySchedulerQueue.updateAll` as
//! Hadoop runs it on every heartbeat
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerQueue.java`):
//! the slots usage cleared, then every RUNNING job of the running list counted in list order —
//! running tasks, the slots they and the job's reservations occupy, the user's slots
//! (`numSlotsOccupiedByUser`, by name, in the order users are first met) and the active users —
//! with each job's scheduling-info tuple. Only `CapacityTaskScheduler::check_usage` runs it
//! (`usage_check`, used by the tests): it compares a refresh from the counters with it.

use super::queue::{CapacitySchedulerQueue, SlotsUsage};
use super::{CapacityTaskScheduler, JobInfo};
use crate::model::{Cluster, JobId, JobMap, RunState, TaskType};
use std::collections::{BTreeMap, BTreeSet};

/// One queue's usage of one type as `updateAll` leaves it.
#[derive(Debug, PartialEq)]
struct Counted {
    num_running_tasks: i32,
    num_slots_occupied: i32,
    by_user: Vec<(String, i32)>,
    users: BTreeSet<String>,
}

impl Counted {
    fn of(u: &SlotsUsage) -> Counted {
        Counted {
            num_running_tasks: u.num_running_tasks,
            num_slots_occupied: u.num_slots_occupied,
            by_user: u.by_user.clone(),
            users: u.users.clone(),
        }
    }
}

/// `updateAll`'s count for the queue: maps, reduces, and each counted job's tuple.
fn recount(
    q: &CapacitySchedulerQueue,
    jobs: &JobMap,
    info: &BTreeMap<JobId, JobInfo>,
) -> ([Counted; 2], Vec<(JobId, [i64; 6])>) {
    let mut out: [Counted; 2] = std::array::from_fn(|_| Counted {
        num_running_tasks: 0,
        num_slots_occupied: 0,
        by_user: Vec::new(),
        users: BTreeSet::new(),
    });
    let mut tuples = Vec::new();
    for &(_, id) in &q.running.0 {
        let Some(j) = jobs.get(&id) else { continue };
        if j.state != RunState::Running {
            continue;
        }
        let ji = info.get(&id);
        let mut tuple = [0i64; 6];
        for (k, kind) in [TaskType::Map, TaskType::Reduce].into_iter().enumerate() {
            let (running, per, pending) = match kind {
                TaskType::Map => (j.running_maps as i32, j.slots_per_map as i32, j.pending_maps()),
                TaskType::Reduce => (j.running_reduces as i32, j.slots_per_reduce as i32, j.pending_reduces()),
            };
            let reserved = ji.map(|i| i.reserved_count(kind)).unwrap_or(0) as i32;
            let occupied = (reserved + running) * per;
            let u = &mut out[k];
            u.num_running_tasks += running;
            u.num_slots_occupied += occupied;
            match u.by_user.iter_mut().find(|(n, _)| *n == j.user) {
                Some(e) => e.1 += occupied,
                None => u.by_user.push((j.user.clone(), occupied)),
            }
            let active = match kind {
                TaskType::Map => pending > 0,
                TaskType::Reduce => j.schedule_reduces() && pending > 0,
            };
            if active {
                u.users.insert(j.user.clone());
            }
            tuple[k * 3] = running as i64;
            tuple[k * 3 + 1] = (running * per) as i64;
            tuple[k * 3 + 2] = (reserved * per) as i64;
        }
        tuples.push((id, tuple));
    }
    (out, tuples)
}

impl CapacityTaskScheduler {
    /// Every queue's usage, and every counted job's scheduling-info tuple, against `updateAll`'s
    /// recount from the running jobs; `Err` names the first difference.
    pub fn check_usage(&self, cluster: &Cluster) -> Result<(), String> {
        for q in self.queues.values() {
            let (want, tuples) = recount(q, &cluster.jobs, &self.jobs);
            for (k, kind) in [TaskType::Map, TaskType::Reduce].into_iter().enumerate() {
                let got = Counted::of(q.usage(kind));
                if got != want[k] {
                    return Err(format!(
                        "queue {} {}s: counters {got:?}, recount {:?}",
                        q.name,
                        kind.as_str(),
                        want[k]
                    ));
                }
                for (user, slots) in &want[k].by_user {
                    let ix = q.user_number(user);
                    let by_ix = ix.map(|ix| q.usage(kind).user_slots_of(ix));
                    if by_ix != Some(*slots) {
                        return Err(format!(
                            "queue {} {}s: user {user} (number {ix:?}) holds {by_ix:?}, recount {slots}",
                            q.name,
                            kind.as_str()
                        ));
                    }
                }
            }
            for (id, t) in tuples {
                let got = self.jobs.get(&id).map(|i| i.sched_info);
                if got.is_some_and(|g| g != Some(t)) {
                    return Err(format!("J{} scheduling info: counters {got:?}, recount {t:?}", id.0));
                }
            }
        }
        Ok(())
    }
}
