//! `org.apache.hadoop.mapred.LimitTasksPerJobTaskScheduler`: a `JobQueueTaskScheduler` that
//! hands out at most one task per heartbeat and prefers jobs below a running-task cap
//! (`src/mapred/org/apache/hadoop/mapred/LimitTasksPerJobTaskScheduler.java`).

use super::TaskScheduler;
use super::fifo::job_lines;
use super::job_queue::JobQueue;
use crate::model::cluster::JobEvent;
use crate::model::{Cluster, JobId, RunState, TaskType};
use crate::sched::common::assignment::{Assignment, JobLine, Why};
use serde::Serialize;

#[derive(Debug, Clone)]
pub struct LimitTasksPerJobTaskScheduler {
    /// `mapred.jobtracker.taskScheduler.maxRunningTasksPerJob`; `None` = `Long.MAX_VALUE`.
    pub max_tasks_per_job: Option<u64>,
    pub queue: JobQueue,
}

/// One of the four steps of `assignTasks`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LimitStep {
    pub step: u32,
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// Steps 0 and 1 only consider jobs below the cap.
    pub capped: bool,
    /// The step was skipped because the tracker reached its load limit.
    pub tracker_full: bool,
    pub jobs: Vec<(u32, Option<Why>)>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LimitDecision {
    pub queue: Vec<JobLine>,
    pub cap: Option<u64>,
    pub needed_maps: u64,
    pub needed_reduces: u64,
    pub num_trackers: u32,
    pub max_map_load: u32,
    pub max_reduce_load: u32,
    pub tracker_maps: u32,
    pub tracker_reduces: u32,
    pub steps: Vec<LimitStep>,
}

impl LimitTasksPerJobTaskScheduler {
    pub fn new(max_tasks_per_job: Option<u64>) -> Self {
        LimitTasksPerJobTaskScheduler { max_tasks_per_job, queue: JobQueue::default() }
    }
}

impl TaskScheduler for LimitTasksPerJobTaskScheduler {
    type Decision = LimitDecision;

    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        self.queue.on_event(cluster, event);
    }

    fn job_order(&self) -> Vec<JobId> {
        self.queue.jobs()
    }

    /// `LimitTasksPerJobTaskScheduler.assignTasks`.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Self::Decision) {
        let order = self.queue.jobs();
        let (mut needed_maps, mut needed_reduces) = (0u64, 0u64);
        for id in &order {
            let j = &cluster.jobs[id];
            if j.state == RunState::Running {
                needed_maps += (j.desired_maps() - j.finished_maps) as u64;
                needed_reduces += (j.desired_reduces() - j.finished_reduces) as u64;
            }
        }
        let n = cluster.num_task_trackers();
        let t = &cluster.trackers[ti];
        let load = |needed: u64, slots: u32| {
            if n == 0 { 0 } else { slots.min((needed as f64 / n as f64).ceil() as u32) }
        };
        let max_map_load = load(needed_maps, t.max_map_slots);
        let max_reduce_load = load(needed_reduces, t.max_reduce_slots);
        let (tracker_maps, tracker_reduces) = (t.count_map_tasks(), t.count_reduce_tasks());
        let first_step = if self.max_tasks_per_job.is_some() { 0 } else { 2 };
        let mut steps = Vec::new();
        let mut assigned = Vec::new();
        'steps: for step in first_step..4u32 {
            let kind = if step % 2 == 0 { TaskType::Map } else { TaskType::Reduce };
            let capped = step < 2;
            let full = match kind {
                TaskType::Map => tracker_maps >= max_map_load,
                TaskType::Reduce => tracker_reduces >= max_reduce_load,
            };
            let mut rec = LimitStep { step, kind: kind.as_str(), capped, tracker_full: full, jobs: Vec::new() };
            if full {
                steps.push(rec);
                continue;
            }
            for id in &order {
                let j = &cluster.jobs[id];
                if j.state != RunState::Running {
                    continue;
                }
                if capped {
                    let running = j.running_maps + j.running_reduces;
                    let cap = self.max_tasks_per_job.unwrap_or(u64::MAX);
                    if running as u64 >= cap {
                        rec.jobs.push((id.0, Some(Why::AtTaskCap { running, cap })));
                        continue;
                    }
                }
                let res = match kind {
                    TaskType::Map => cluster
                        .obtain_new_map_task(*id, ti, cluster.conf.cache_levels as i32 + 1)
                        .map(|l| Assignment::from_launched(&l, "obtainNewMapTask")),
                    TaskType::Reduce => cluster
                        .obtain_new_reduce_task(*id, ti)
                        .map(|l| Assignment::from_launched(&l, "obtainNewReduceTask")),
                };
                match res {
                    Ok(a) => {
                        assigned.push(a);
                        rec.jobs.push((id.0, None));
                        steps.push(rec);
                        break 'steps;
                    }
                    Err(e) => rec.jobs.push((id.0, Some(Why::NoTask { detail: e }))),
                }
            }
            steps.push(rec);
        }
        let decision = LimitDecision {
            queue: job_lines(cluster, &order),
            cap: self.max_tasks_per_job,
            needed_maps,
            needed_reduces,
            num_trackers: n,
            max_map_load,
            max_reduce_load,
            tracker_maps,
            tracker_reduces,
            steps,
        };
        (assigned, decision)
    }
}
