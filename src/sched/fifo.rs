//! Hadoop's default scheduler, `org.apache.hadoop.mapred.JobQueueTaskScheduler`
//! (`assignTasks`, `exceededPadding`), exactly as in 1.2.1
//! (`src/mapred/org/apache/hadoop/mapred/JobQueueTaskScheduler.java`). Its quirks are listed in `docs/hadoop/fifo.md`.

use crate::model::cluster::JobEvent;
use crate::model::task_selection::{NON_LOCAL_CACHE_LEVEL, NoTask};
use crate::model::{Cluster, JobId, RunState, TaskType};
use crate::sched::common::TaskScheduler;
use crate::sched::common::assignment::{Assignment, JobLine, Why};
use crate::sched::common::job_queue::JobQueue;

mod decision;
pub use decision::*;

/// `JobQueueTaskScheduler.MIN_CLUSTER_SIZE_FOR_PADDING`.
pub const MIN_CLUSTER_SIZE_FOR_PADDING: u32 = 3;

/// The padding of `exceededPadding`: `min(maxTrackerSlots, (int) (totalNeeded * padFraction))`,
/// the product in float32 as Java multiplies an `int` by a `float` (`docs/hadoop/fifo.md` §D3).
pub fn padding_slots(total_needed: u64, pad_fraction: f32, max_tracker_slots: u32) -> u32 {
    max_tracker_slots.min((total_needed as f32 * pad_fraction) as u32)
}

#[derive(Debug, Clone)]
pub struct JobQueueTaskScheduler {
    /// `padFraction` (`mapred.jobtracker.taskalloc.capacitypad`).
    pub pad_fraction: f32,
    pub queue: JobQueue,
}

impl JobQueueTaskScheduler {
    pub fn new(pad_fraction: f32) -> Self {
        JobQueueTaskScheduler { pad_fraction, queue: JobQueue::default() }
    }

    /// `exceededPadding`.
    pub fn exceeded_padding(&self, cluster: &Cluster, kind: TaskType, max_tracker_slots: u32) -> PaddingCheck {
        let snap = snapshot(cluster, &self.queue.jobs());
        self.padding_from(&snap, cluster, kind, max_tracker_slots)
    }

    fn padding_from(&self, snap: &[Snap], cluster: &Cluster, kind: TaskType, max_tracker_slots: u32) -> PaddingCheck {
        let num_trackers = cluster.num_task_trackers();
        let mut check = PaddingCheck {
            total_tasks: cluster.running_tasks(kind),
            total_capacity: cluster.capacity(kind),
            num_trackers,
            pad_fraction: self.pad_fraction,
            total_needed: 0,
            padding: 0,
            tripped_by: None,
            exceeded: false,
            no_eligible_job: true,
        };
        for j in snap {
            if !j.running || j.reduces == 0 {
                continue;
            }
            check.no_eligible_job = false;
            check.total_needed += match kind {
                TaskType::Map => j.desired_maps,
                TaskType::Reduce => j.desired_reduces,
            } as u64;
            check.padding = if num_trackers > MIN_CLUSTER_SIZE_FOR_PADDING {
                padding_slots(check.total_needed, self.pad_fraction, max_tracker_slots)
            } else {
                0
            };
            if check.total_tasks + check.padding >= check.total_capacity {
                check.exceeded = true;
                check.tripped_by = Some(j.id.0);
                break;
            }
            if check.padding == max_tracker_slots || (num_trackers <= MIN_CLUSTER_SIZE_FOR_PADDING) {
                // Padding can grow no further, so no later job can trip the check.
                break;
            }
        }
        check
    }

    fn load(snap: &[Snap], cluster: &Cluster, kind: TaskType, ti: usize) -> LoadCalc {
        let mut remaining = 0u64;
        for j in snap.iter().filter(|j| j.running) {
            match kind {
                TaskType::Map => remaining += (j.desired_maps - j.finished_maps) as u64,
                TaskType::Reduce => {
                    if j.schedule_reduces {
                        remaining += (j.desired_reduces - j.finished_reduces) as u64
                    }
                }
            }
        }
        let cap = cluster.capacity(kind);
        let factor = if cap > 0 { remaining as f64 / cap as f64 } else { 0.0 };
        let t = &cluster.trackers[ti];
        let tcap = t.max_slots(kind);
        let current = current_capacity(factor, tcap);
        let running = match kind {
            TaskType::Map => t.count_map_tasks(),
            TaskType::Reduce => t.count_reduce_tasks(),
        };
        let mut available = current as i64 - running as i64;
        if kind == TaskType::Reduce {
            available = available.min(1);
        }
        LoadCalc {
            remaining_load: remaining,
            cluster_capacity: cap,
            load_factor: factor,
            tracker_capacity: tcap,
            tracker_current_capacity: current,
            tracker_running: running,
            available,
        }
    }
}

/// `trackerCurrentCapacity = min(ceil(loadFactor × trackerCapacity), trackerCapacity)` (`assignTasks`):
/// how many slots of a tracker with `tcap` slots the load factor lets it fill.
pub fn current_capacity(load_factor: f64, tcap: u32) -> u32 {
    ((load_factor * tcap as f64).ceil() as u32).min(tcap)
}

/// How many queue entries a decision record lists (the rest are counted, not listed).
pub const QUEUE_LINES: usize = 40;

/// What the scheduler reads of each queued job, taken in one pass per heartbeat.
#[derive(Debug, Clone)]
struct Snap {
    id: JobId,
    running: bool,
    reduces: u32,
    desired_maps: u32,
    finished_maps: u32,
    desired_reduces: u32,
    finished_reduces: u32,
    schedule_reduces: bool,
    /// `obtainNew*MapTask` could return something (a non-running map waits, or speculation
    /// is on). Other jobs would answer "nothing pending" without looking at their lists.
    map_hopeful: bool,
}

fn snapshot(cluster: &Cluster, order: &[JobId]) -> Vec<Snap> {
    order
        .iter()
        .filter_map(|id| cluster.jobs.get(id))
        .map(|j| Snap {
            id: j.id,
            running: j.state == RunState::Running,
            reduces: j.num_reduces(),
            desired_maps: j.desired_maps(),
            finished_maps: j.finished_maps,
            desired_reduces: j.desired_reduces(),
            finished_reduces: j.finished_reduces,
            schedule_reduces: j.schedule_reduces(),
            map_hopeful: j.num_maps() > 0 && (j.pending_maps() > 0 || j.conf.speculative_maps),
        })
        .collect()
}

/// The first `QUEUE_LINES` jobs of the queue, for the record.
pub(crate) fn job_lines(cluster: &Cluster, order: &[JobId]) -> Vec<JobLine> {
    order
        .iter()
        .take(QUEUE_LINES)
        .filter_map(|id| cluster.jobs.get(id))
        .map(|j| JobLine {
            job: j.id.0,
            name: j.name.clone(),
            priority: j.priority,
            start_time: j.start_time,
            state: j.state,
            desired_maps: j.desired_maps(),
            finished_maps: j.finished_maps,
            running_maps: j.running_maps,
            desired_reduces: j.desired_reduces(),
            finished_reduces: j.finished_reduces,
            running_reduces: j.running_reduces,
        })
        .collect()
}

impl TaskScheduler for JobQueueTaskScheduler {
    type Decision = FifoDecision;

    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        self.queue.on_event(cluster, event);
    }

    fn job_order(&self) -> Vec<JobId> {
        self.queue.jobs()
    }

    /// `JobQueueTaskScheduler.assignTasks(TaskTracker)`.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Self::Decision) {
        let order = self.queue.jobs();
        let queue = job_lines(cluster, &order);
        let snap = snapshot(cluster, &order);
        let map = Self::load(&snap, cluster, TaskType::Map, ti);
        let reduce = Self::load(&snap, cluster, TaskType::Reduce, ti);
        let hopeful: Vec<JobId> = snap.iter().filter(|j| j.running && j.map_hopeful).map(|j| j.id).collect();
        let cluster_running_maps = cluster.running_tasks(TaskType::Map);
        let cluster_running_reduces = cluster.running_tasks(TaskType::Reduce);
        let mut assigned: Vec<Assignment> = Vec::new();
        let mut tries: Vec<MapTry> = Vec::new();

        // Maps: the padding check, then the map loop.
        let mut map_padding = None;
        let map_stop;
        if map.available > 0 {
            let pad = self.padding_from(&snap, cluster, TaskType::Map, map.tracker_capacity);
            let exceeded = pad.exceeded;
            map_padding = Some(pad);
            let mut stop = MapStop::Filled;
            'schedule_maps: for slot in 0..map.available as u32 {
                let mut found = false;
                for id in &hopeful {
                    let max_level = cluster.conf.cache_levels as i32;
                    match cluster.obtain_new_map_task(*id, ti, max_level) {
                        Ok(l) => {
                            assigned.push(Assignment::from_launched(&l, "obtainNewNodeOrRackLocalMapTask"));
                            tries.push(MapTry {
                                slot,
                                job: id.0,
                                call: "local",
                                assigned: Some(assigned.len() - 1),
                                none: None,
                            });
                            if exceeded {
                                stop = MapStop::PaddingExceeded { job: id.0 };
                                break 'schedule_maps;
                            }
                            found = true;
                            break;
                        }
                        Err(e) => tries.push(MapTry { slot, job: id.0, call: "local", assigned: None, none: Some(e) }),
                    }
                    match cluster.obtain_new_map_task(*id, ti, NON_LOCAL_CACHE_LEVEL) {
                        Ok(l) => {
                            assigned.push(Assignment::from_launched(&l, "obtainNewNonLocalMapTask"));
                            tries.push(MapTry {
                                slot,
                                job: id.0,
                                call: "non_local",
                                assigned: Some(assigned.len() - 1),
                                none: None,
                            });
                            stop = if exceeded {
                                MapStop::PaddingExceeded { job: id.0 }
                            } else {
                                MapStop::OffSwitch { job: id.0 }
                            };
                            break 'schedule_maps;
                        }
                        Err(e) => {
                            tries.push(MapTry { slot, job: id.0, call: "non_local", assigned: None, none: Some(e) })
                        }
                    }
                }
                if !found {
                    // Hadoop would repeat the same fruitless search for the remaining slots.
                    stop = MapStop::NoTask;
                    break;
                }
            }
            map_stop = stop;
        } else {
            map_stop = MapStop::NoAvailableSlots;
        }

        // Reduces: at most one per heartbeat.
        let mut reduce_padding = None;
        let mut reduce_stop = ReduceStop::NoAvailableSlots;
        // (queue position, why), in queue order.
        let mut reduce_whys: Vec<(usize, Why)> = Vec::new();
        if reduce.available > 0 {
            let pad = self.padding_from(&snap, cluster, TaskType::Reduce, reduce.tracker_capacity);
            let exceeded = pad.exceeded;
            reduce_padding = Some(pad);
            reduce_stop = ReduceStop::NoTask;
            for (pos, id) in order.iter().enumerate() {
                let Some(job) = cluster.jobs.get(id) else { continue };
                if job.state != RunState::Running {
                    continue;
                }
                if job.num_reduces() == 0 {
                    reduce_whys.push((pos, Why::NoReduces));
                    continue;
                }
                let (done, needed) = (job.finished_maps + job.failed_map_tips, job.completed_maps_for_reduce_slowstart);
                match cluster.obtain_new_reduce_task(*id, ti) {
                    Ok(l) => {
                        assigned.push(Assignment::from_launched(&l, "obtainNewReduceTask"));
                        reduce_stop = ReduceStop::Assigned { job: id.0 };
                        break;
                    }
                    Err(NoTask::SlowStart) => reduce_whys.push((pos, Why::SlowStart { done, needed })),
                    Err(e) => reduce_whys.push((pos, Why::NoTask { detail: e })),
                }
                if exceeded {
                    reduce_stop = ReduceStop::PaddingOnlyFirst { job: id.0 };
                    break;
                }
            }
        }

        // Per-job outcome, for the explanation
        // Each job's last `obtainNew*MapTask` call, in one pass (jobs × slots can be large).
        let mut last_try: std::collections::BTreeMap<u32, &MapTry> = std::collections::BTreeMap::new();
        for t in &tries {
            last_try.insert(t.job, t);
        }
        let reduce_available = reduce.available;
        // Looked up for each listed job: sorted once rather than scanned each time.
        let mut hopeful_sorted = hopeful.clone();
        hopeful_sorted.sort_unstable();
        let reduce_done = matches!(reduce_stop, ReduceStop::Assigned { .. } | ReduceStop::PaddingOnlyFirst { .. });
        let jobs: Vec<JobOutcome> = order
            .iter()
            .enumerate()
            .filter(|(pos, id)| *pos < QUEUE_LINES || assigned.iter().any(|a| a.job == id.0))
            .map(|(pos, id)| {
                let j = &cluster.jobs[id];
                let maps = assigned.iter().filter(|a| a.job == id.0 && a.kind == TaskType::Map).count() as u32;
                let reduce = assigned.iter().any(|a| a.job == id.0 && a.kind == TaskType::Reduce);
                let not_running = (j.state != RunState::Running).then_some(Why::NotRunning { state: j.state });
                let map_why = if maps > 0 {
                    None
                } else if let Some(w) = not_running {
                    Some(w)
                } else if hopeful_sorted.binary_search(id).is_err() {
                    Some(Why::NoTask {
                        detail: if j.num_maps() == 0 { NoTask::NoTasksOfType } else { NoTask::NothingPending },
                    })
                } else {
                    match last_try.get(&id.0) {
                        None => Some(Why::NotReached),
                        Some(t) => {
                            let last_slot = tries.last().map(|x| x.slot);
                            match t.none {
                                Some(e) if Some(t.slot) == last_slot => Some(Why::NoTask { detail: e }),
                                _ => Some(Why::NotReached),
                            }
                        }
                    }
                };
                let reduce_why = if reduce {
                    None
                } else if let Some(w) = not_running {
                    Some(w)
                } else if let Ok(at) = reduce_whys.binary_search_by_key(&pos, |(p, _)| *p) {
                    Some(reduce_whys[at].1)
                } else if reduce_done || reduce_available <= 0 {
                    Some(match reduce_stop {
                        ReduceStop::PaddingOnlyFirst { .. } => Why::PaddingOnlyFirst,
                        ReduceStop::Assigned { job } => Why::ReduceTaken { by: job },
                        _ => Why::NotReached,
                    })
                } else {
                    Some(Why::NotReached)
                };
                JobOutcome { job: id.0, maps, reduce, map_why, reduce_why }
            })
            .collect();

        let listed = |p: usize| p < QUEUE_LINES || assigned.iter().any(|a| a.job == order[p].0);
        let asked = |w: &Why| matches!(w, Why::SlowStart { .. } | Why::NoTask { .. });
        let reduce_unlisted = reduce_whys.iter().filter(|(p, w)| asked(w) && !listed(*p)).count() as u32;
        let decision = FifoDecision {
            queue,
            queue_len: order.len(),
            num_trackers: cluster.num_task_trackers(),
            cluster_running_maps,
            cluster_running_reduces,
            map,
            reduce,
            map_padding,
            reduce_padding,
            map_tries: tries,
            map_stop,
            reduce_stop,
            reduce_unlisted,
            jobs,
        };
        (assigned, decision)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_in_float32() {
        // 0.01f is 0.0099999998: the float32 product of 200 rounds to 2.0, the double one is
        // 1.99999995 and truncates to 1.
        assert_eq!(padding_slots(200, 0.01, 4), 2);
        assert_eq!((200.0 * f64::from(0.01f32)) as u32, 1);
        assert_eq!(padding_slots(203, 0.01, 2), 2);
        assert_eq!(padding_slots(99, 0.01, 2), 0);
        assert_eq!(padding_slots(1000, 0.01, 2), 2, "at most the tracker's slots");
    }
}
