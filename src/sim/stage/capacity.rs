//! The Capacity Scheduler on the stage: the queues as lanes in the order of their last sort
//! (`TaskSchedulingMgr.sortQueues`, by occupied slots / capacity), each with its slots by job,
//! its capacity and maximum capacity and each user's slots against the user limit
//! (`assignSlotsToJob`); the order before this heartbeat when its sorts moved the queues; the queue each job runs for; and the trackers reserved for high-memory jobs.

use crate::explain::{Decision, HeartbeatRecord};
use crate::model::{JobId, TaskType};
use crate::sched::capacity::CapacityTaskScheduler;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict, PhaseStop};
use crate::sched::capacity::ordering::ratio;
use crate::sim::Engine;
use serde::Serialize;

/// One user of a queue: slots held against the user limit of a one-slot task.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UserLane {
    pub user: String,
    pub used: i32,
    pub limit: i32,
}

/// One queue for one task type.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lane {
    pub queue: String,
    /// Occupied slots (`numSlotsOccupied`), a high-memory task counting all its slots.
    pub used: i32,
    pub capacity: i32,
    /// `None`: no maximum capacity.
    pub max_capacity: Option<i32>,
    /// The sort key, `used / capacity` (1.0 for capacity 0).
    pub ratio: f64,
    /// Running slots by job, in job order.
    pub slots_by_job: Vec<(u32, i32)>,
    pub users: Vec<UserLane>,
    /// Its place before this heartbeat, when the heartbeat's sorts moved it.
    pub was: Option<usize>,
    /// A task of this queue launched in this heartbeat.
    pub lit: bool,
}

/// A tracker's slots held for a high-memory job.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reserved {
    pub tracker: String,
    pub is_map: bool,
    pub job: u32,
    pub slots: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CapacityStage {
    /// Map lanes in the current order (the last sort).
    pub maps: Vec<Lane>,
    pub reduces: Vec<Lane>,
    /// Each job's queue, by job id.
    pub job_queue: Vec<(u32, String)>,
    pub reserved: Vec<Reserved>,
    /// This heartbeat's task budget: tasks given, `maximum-tasks-per-heartbeat` and why the
    /// map phase stopped (`None` before the first heartbeat).
    pub budget: Option<(u32, i32, PhaseStop)>,
    /// The configuration error that stopped the scheduler, if any.
    pub start_error: Option<String>,
    /// The map queues in their order before this heartbeat (queue, ratio at that sort), when
    /// this heartbeat's sorts changed the order.
    pub before: Option<Vec<(String, f64)>>,
    /// The map queues as this heartbeat's first sort ordered them, with the used slots,
    /// capacity and ratio it compared (`QueueComparator`, from the record: the values at the
    /// decision, which the tasks reported finished at this heartbeat have already changed).
    pub decided: Vec<Standing>,
}

/// A queue as a sort saw it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub queue: String,
    pub used: i32,
    pub capacity: i32,
    pub ratio: f64,
}

fn lanes(
    e: &Engine,
    cs: &CapacityTaskScheduler,
    kind: TaskType,
    d: Option<&CapacityDecision>,
    job_queue: &[(u32, String)],
    before: Option<&[(String, f64)]>,
) -> Vec<Lane> {
    let order = match kind {
        TaskType::Map => &cs.map_order,
        TaskType::Reduce => &cs.reduce_order,
    };
    let phase = d.map(|d| match kind {
        TaskType::Map => &d.map,
        TaskType::Reduce => &d.reduce,
    });
    let mut by_job: Vec<(u32, i32)> = Vec::new();
    for t in &e.cluster.trackers {
        for r in t.running.iter().filter(|r| r.attempt.kind == kind) {
            match by_job.iter_mut().find(|(j, _)| *j == r.attempt.job) {
                Some((_, s)) => *s += r.slots as i32,
                None => by_job.push((r.attempt.job, r.slots as i32)),
            }
        }
    }
    crate::sort::sort(&mut by_job);
    order
        .iter()
        .enumerate()
        .filter_map(|(rank, name)| {
            let q = cs.queues.get(name)?;
            let u = q.usage(kind);
            let was = before.and_then(|f| f.iter().position(|(n, _)| n == name)).filter(|&w| w != rank);
            let lit = phase.is_some_and(|p| {
                p.lookups
                    .iter()
                    .flat_map(|l| &l.queues)
                    .filter(|v| &v.queue == name)
                    .flat_map(|v| &v.jobs)
                    .any(|j| matches!(j.verdict, JobVerdict::Assigned { .. }))
            });
            Some(Lane {
                queue: name.clone(),
                used: u.num_slots_occupied,
                capacity: u.capacity,
                max_capacity: (u.max_capacity >= 0).then_some(u.max_capacity),
                ratio: ratio(q, kind),
                slots_by_job: by_job
                    .iter()
                    .filter(|(j, _)| job_queue.iter().any(|(jj, qq)| jj == j && qq == name))
                    .copied()
                    .collect(),
                users: q
                    .user_usage(kind)
                    .into_iter()
                    .map(|(user, used, limit)| UserLane { user, used, limit })
                    .collect(),
                was,
                lit,
            })
        })
        .collect()
}

pub fn build(
    e: &Engine,
    cs: &CapacityTaskScheduler,
    last: Option<&HeartbeatRecord>,
    before: Option<Vec<(String, f64)>>,
) -> CapacityStage {
    let d = last.and_then(|r| match &r.decision {
        Decision::Capacity(d) => Some(d),
        _ => None,
    });
    let job_queue: Vec<(u32, String)> = e.cluster.jobs.iter().map(|(id, j)| (id.0, j.queue.clone())).collect();
    let reserved = cs
        .reservations
        .0
        .iter()
        .map(|((tracker, kind), r)| Reserved {
            tracker: tracker.clone(),
            is_map: *kind == TaskType::Map,
            job: r.job.0,
            slots: r.slots,
        })
        .collect();
    // Only this heartbeat's sorts move the lanes; before the first sort there is nothing to
    // compare with.
    let sorted = d.is_some_and(|d| !d.map.lookups.is_empty());
    let before = before.filter(|_| sorted);
    let maps = lanes(e, cs, TaskType::Map, d, &job_queue, before.as_deref());
    let before = before.filter(|_| maps.iter().any(|l| l.was.is_some()));
    let decided = d
        .and_then(|d| d.map.lookups.first())
        .map(|l| {
            l.order
                .iter()
                .map(|q| Standing { queue: q.queue.clone(), used: q.used, capacity: q.capacity, ratio: q.ratio })
                .collect()
        })
        .unwrap_or_default();
    CapacityStage {
        maps,
        before,
        decided,
        reduces: lanes(e, cs, TaskType::Reduce, d, &job_queue, None),
        reserved,
        budget: last.zip(d).map(|(r, d)| (r.assigned.len() as u32, d.max_tasks_per_heartbeat, d.map.stop)),
        start_error: d.and_then(|d| d.start_error.clone()),
        job_queue,
    }
}

impl CapacityStage {
    /// The queue a job runs for.
    pub fn queue_of(&self, job: JobId) -> Option<&str> {
        self.job_queue.iter().find(|(j, _)| *j == job.0).map(|(_, q)| q.as_str())
    }
}
