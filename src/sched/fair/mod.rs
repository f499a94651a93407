//! `org.apache.hadoop.mapred.FairScheduler` (Hadoop 1.2.1 contrib,
//! `src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/FairScheduler.java`): the job listener (`jobAdded` →
//! `update()`), `update()`, `updateRunnability` and `assignTasks`; its quirks are listed in
//! `docs/hadoop/fair.md`. The other Hadoop concepts live in
//! their own files: `pools` (PoolManager, Pool, PoolSchedulable), `allocs` (the allocation
//! file), `shares` (SchedulingAlgorithms), `delay` (delay scheduling), `load_manager`
//! (CapBasedLoadManager), `preemption`, `decision` (the heartbeat record) and `config` (properties and the harness model). The delay-scheduling paper's locality
//! bound against measurement runs whole simulations, so it lives above the engine in
//! `sim::sweep`.

pub mod allocs;
mod allocs_json;
pub mod config;
pub mod decision;
pub mod delay;
pub mod listener;
pub mod load_manager;
mod order;
pub mod pools;
pub mod preemption;
pub mod schedulables;
pub mod shares;
mod update;
mod visits;

use crate::model::cluster::JobEvent;
use crate::model::{AttemptId, Cluster, Job, JobId, JobPriority, Millis, TaskType};
use crate::sched::common::TaskScheduler;
use crate::sched::common::assignment::Assignment;
use config::{FairConfig, UpdateMode};
use decision::*;
use delay::{DelayState, Delays, LocalityLevel};
use load_manager::{CapCheck, max_tasks_to_assign};
use pools::PoolManager;
use serde::Serialize;
use std::collections::BTreeMap;

/// A job's cached values for one task type (`JobSchedulable`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobSched {
    pub demand: i64,
    pub fair_share: f64,
}

/// `FairScheduler.JobInfo`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobInfo {
    pub pool: String,
    pub runnable: bool,
    pub needs_initializing: bool,
    pub map: JobSched,
    pub reduce: JobSched,
    pub delay: DelayState,
    /// `assignTasks` scratch: the heartbeat stamp at which the job was last visited for a map,
    /// for a reduce, and given a line in the record.
    #[serde(skip)]
    pub stamps: [u64; 3],
}

impl JobInfo {
    pub fn sched(&self, kind: TaskType) -> &JobSched {
        match kind {
            TaskType::Map => &self.map,
            TaskType::Reduce => &self.reduce,
        }
    }
    fn sched_mut(&mut self, kind: TaskType) -> &mut JobSched {
        match kind {
            TaskType::Map => &mut self.map,
            TaskType::Reduce => &mut self.reduce,
        }
    }
}

#[derive(Debug, Clone)]
pub struct FairScheduler {
    pub conf: FairConfig,
    pub pm: PoolManager,
    /// `infos`, by job id (iteration in id order, never by hash).
    pub infos: crate::model::job_map::IdMap<JobInfo>,
    pub delays: Delays,
    /// `lastHeartbeatTime` (0 = none yet; shared by all trackers).
    pub last_heartbeat_time: Millis,
    /// `lastPreemptCheckTime`.
    pub last_preempt_check_time: Millis,
    /// Periodic updates: the update thread's next tick.
    pub next_update_ms: Millis,
    /// Launch order of running attempts (the tie-break of the preemption order).
    launch_seq: BTreeMap<AttemptId, u64>,
    seq: u64,
    init_requests: Vec<JobId>,
    pending_preemptions: Vec<PreemptionCheck>,
    updates_since_hb: u64,
    jt: String,
    /// Jobs with `skippedAtLastHeartbeat` set, so `updateLocalityWaitTimes` need not scan all
    /// (in visit order, each once; sorted by id when read).
    skipped_jobs: Vec<JobId>,
    /// Per-heartbeat scratch state of `assignTasks` (see `cache_pool_running`): pool running
    /// sums, jobs visited per type, jobs with a line in the record, lines added late.
    run_cache: Vec<[i64; 2]>,
    pool_conf: Vec<schedulables::PoolConf>,
    pool_conf_now: Millis,
    run_cache_on: bool,
    stamp: u64,
    late_lines: Vec<FairJobLine>,
    /// Job visits the record may still list in this heartbeat.
    visit_budget: usize,
    /// Which pools' job lists are known to be in comparator order (`order`).
    order: order::KeptOrder,
    /// Check every kept job order against the sort (the tests): how many were checked, and the
    /// first that the sort would have moved.
    pub order_check: bool,
    pub order_checked: u64,
    pub order_mismatch: Option<String>,
    /// Every counted job visit takes the full path (`visits`; the tests compare), and how many
    /// took the quiet one.
    pub full_visits: bool,
    pub quiet_visits: u64,
    /// `assignTasks`' lists of the jobs visited for maps and for reduces and of those that
    /// launched a map, kept between calls.
    scratch: (Vec<JobId>, Vec<JobId>, Vec<JobId>),
}

fn kind_ix(kind: TaskType) -> usize {
    match kind {
        TaskType::Map => 0,
        TaskType::Reduce => 1,
    }
}

/// `FairScheduler.getPriorityFactor`.
pub fn priority_factor(p: JobPriority) -> f64 {
    match p {
        JobPriority::VeryHigh => 4.0,
        JobPriority::High => 2.0,
        JobPriority::Normal => 1.0,
        JobPriority::Low => 0.5,
        JobPriority::VeryLow => 0.25,
    }
}

fn kinds() -> [TaskType; 2] {
    [TaskType::Map, TaskType::Reduce]
}

impl FairScheduler {
    /// `FairScheduler.start` with the configured properties and allocation file. Under the
    /// unit-test harness the JobTracker is `TestFairScheduler`'s fakes: an initialised job stays
    /// PREP until the test sets it RUNNING, and a killed attempt ends at once.
    pub fn new(conf: FairConfig, cluster: &mut Cluster) -> FairScheduler {
        if conf.harness.fake_task_choice() {
            cluster.conf.running_on_init = false;
            cluster.conf.kill_delivery = crate::model::cluster::KillDelivery::AtOnce;
        }
        let pm = PoolManager::new(conf.allocations.clone(), &conf.pool_name_property, cluster.now);
        // The kept job order follows the jobs whose keys may move (`order`).
        cluster.changed_jobs.follow();
        let delays = Delays::from_conf(conf.locality_delay, conf.node_locality_delay, conf.rack_locality_delay);
        FairScheduler {
            next_update_ms: cluster.now + conf.update_interval_ms,
            conf,
            pm,
            infos: crate::model::job_map::IdMap::new(),
            delays,
            last_heartbeat_time: 0,
            last_preempt_check_time: 0,
            launch_seq: BTreeMap::new(),
            seq: 0,
            init_requests: Vec::new(),
            pending_preemptions: Vec::new(),
            updates_since_hb: 0,
            jt: cluster.conf.jt_identifier.clone(),
            skipped_jobs: Vec::new(),
            run_cache: Vec::new(),
            pool_conf: Vec::new(),
            pool_conf_now: 0,
            run_cache_on: false,
            stamp: 0,
            late_lines: Vec::new(),
            visit_budget: 0,
            order: Default::default(),
            order_check: false,
            order_checked: 0,
            order_mismatch: None,
            full_visits: false,
            quiet_visits: 0,
            scratch: Default::default(),
        }
    }

    /// `JobID.toString()`, the job schedulable's name.
    pub fn job_name(&self, id: JobId) -> String {
        format!("job_{}_{:04}", self.jt, id.0)
    }
}

impl FairScheduler {
    /// Every job's Fair Scheduler state, by job id.
    pub fn job_lines(&self, cluster: &Cluster) -> Vec<FairJobLine> {
        self.infos.keys().filter_map(|id| self.job_line(cluster, *id)).collect()
    }

    /// One job's Fair Scheduler state.
    pub fn job_line(&self, cluster: &Cluster, id: JobId) -> Option<FairJobLine> {
        let i = self.infos.get(&id)?;
        // One look-up of the job for its running counts and its weight.
        let job = cluster.jobs.get(&id);
        let (running_maps, running_reduces) = match job.filter(|j| j.inited) {
            Some(j) => (j.running_maps as i64, j.running_reduces as i64),
            None => (0, 0),
        };
        let weight_maps = job.map(|j| self.weight_of(cluster, i, j, TaskType::Map)).unwrap_or(1.0);
        Some(FairJobLine {
            job: id.0,
            pool: i.pool.clone(),
            runnable: i.runnable,
            running_maps,
            demand_maps: i.map.demand,
            fair_share_maps: i.map.fair_share,
            running_reduces,
            demand_reduces: i.reduce.demand,
            fair_share_reduces: i.reduce.fair_share,
            weight_maps,
            last_map_locality_level: i.delay.last_map_locality_level,
            time_waited_ms: i.delay.time_waited_for_local_map,
        })
    }
}

impl TaskScheduler for FairScheduler {
    type Decision = FairDecision;

    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        // jobUpdated does nothing in 1.2.1; finished jobs leave at the next update().
        self.order.forget();
        if let JobEvent::Added { job } = event {
            self.job_added(cluster, *job);
        }
    }

    /// Pools in creation order, each pool's jobs in their (last sorted) list order.
    fn job_order(&self) -> Vec<JobId> {
        self.pm.pools.iter().flat_map(|p| p.map.jobs.iter().copied()).collect()
    }

    /// `FairScheduler.assignTasks(TaskTracker)`.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Self::Decision) {
        let now = cluster.now;
        self.cache_pool_running(cluster, now);
        self.stamp += 1;
        self.late_lines.clear();
        self.visit_budget = VISIT_LINES;
        let (mut runnable_maps, mut running_maps, mut runnable_reduces, mut running_reduces) = (0i64, 0i64, 0i64, 0i64);
        for pi in 0..self.pm.pools.len() {
            runnable_maps += self.pm.pools[pi].map.demand;
            running_maps += self.pool_running(cluster, pi, TaskType::Map);
            runnable_reduces += self.pm.pools[pi].reduce.demand;
            running_reduces += self.pool_running(cluster, pi, TaskType::Reduce);
        }
        let total_map_slots = cluster.capacity(TaskType::Map) as i64;
        let total_reduce_slots = cluster.capacity(TaskType::Reduce) as i64;
        let (delta, prev, growth) = self.update_locality_wait_times(now);
        let mut jobs: Vec<FairJobLine> = Vec::with_capacity(JOB_LINES + VISIT_LINES + 2);
        jobs.extend(self.infos.keys().take(JOB_LINES).filter_map(|id| self.job_line(cluster, *id)));
        let stamp = self.stamp;
        for info in self.infos.values_mut().take(JOB_LINES) {
            info.stamps[2] = stamp;
        }
        let jobs_total = self.infos.len();
        // The tracker's status snapshot: it does not change during this call.
        let t = &cluster.trackers[ti];
        let tracker_maps = t.count_map_tasks() as i64;
        let tracker_reduces = t.count_reduce_tasks() as i64;
        let avail_maps = t.max_map_slots as i64 - t.occupied_slots(TaskType::Map) as i64;
        let avail_reduces = t.max_reduce_slots as i64 - t.occupied_slots(TaskType::Reduce) as i64;
        let multiple = self.conf.assign_multiple;
        let map_capacity = max_tasks_to_assign(multiple, self.conf.assign_multiple_maps, avail_maps);
        let reduce_capacity = max_tasks_to_assign(multiple, self.conf.assign_multiple_reduces, avail_reduces);
        let diff = self.conf.load_max_diff;
        let map_cap = CapCheck::new(runnable_maps, t.max_map_slots as i64, total_map_slots, diff, tracker_maps);
        let reduce_cap =
            CapCheck::new(runnable_reduces, t.max_reduce_slots as i64, total_reduce_slots, diff, tracker_reduces);
        let runnable_at_start = (runnable_maps, running_maps, runnable_reduces, running_reduces);
        let (mut maps_assigned, mut reduces_assigned) = (0i64, 0i64);
        let (mut map_rej, mut reduce_rej): (Option<Rejected>, Option<Rejected>) = (None, None);
        // Scratch lists, kept between calls for their room.
        let (mut visited_map, mut visited_reduce, mut launched_map) = std::mem::take(&mut self.scratch);
        visited_map.clear();
        visited_reduce.clear();
        launched_map.clear();
        let mut assigned: Vec<Assignment> = Vec::new();
        let mut turns = Vec::new();
        for _ in 0..1_000_000 {
            if map_rej.is_none() {
                map_rej = if maps_assigned == map_capacity {
                    Some(Rejected::Capacity { assigned: maps_assigned, capacity: map_capacity })
                } else if running_maps == runnable_maps {
                    Some(Rejected::AllRunning { running: running_maps, demand: runnable_maps })
                } else if !map_cap.can_assign(maps_assigned) {
                    Some(Rejected::LoadCap { running: tracker_maps, assigned: maps_assigned, cap: map_cap.cap })
                } else {
                    None
                };
            }
            if reduce_rej.is_none() {
                reduce_rej = if reduces_assigned == reduce_capacity {
                    Some(Rejected::Capacity { assigned: reduces_assigned, capacity: reduce_capacity })
                } else if running_reduces == runnable_reduces {
                    Some(Rejected::AllRunning { running: running_reduces, demand: runnable_reduces })
                } else if !reduce_cap.can_assign(reduces_assigned) {
                    Some(Rejected::LoadCap {
                        running: tracker_reduces,
                        assigned: reduces_assigned,
                        cap: reduce_cap.cap,
                    })
                } else {
                    None
                };
            }
            if (map_rej.is_some() && reduce_rej.is_some()) || (!multiple && !assigned.is_empty()) {
                break;
            }
            let (kind, choice) = if map_rej.is_some() {
                (TaskType::Reduce, TypeChoice::OnlyReduces)
            } else if reduce_rej.is_some() {
                (TaskType::Map, TypeChoice::OnlyMaps)
            } else {
                let (m, r) = (tracker_maps + maps_assigned, tracker_reduces + reduces_assigned);
                (if m <= r { TaskType::Map } else { TaskType::Reduce }, TypeChoice::Balance { maps: m, reduces: r })
            };
            let order = self.sorted_pools(cluster, kind);
            let lines = order.iter().take(POOL_LINES).map(|pi| self.pool_line(cluster, *pi, kind)).collect();
            let mut turn = Turn { kind, choice, order: lines, visits: Vec::with_capacity(order.len()), assigned: None };
            let mut found = None;
            for pi in order {
                let visited = if kind == TaskType::Map { &mut visited_map } else { &mut visited_reduce };
                let (pv, l) = self.pool_assign(cluster, pi, ti, kind, now, visited);
                turn.visits.push(pv);
                if l.is_some() {
                    found = l;
                    break;
                }
            }
            match found {
                Some(l) => {
                    let job = JobId(l.attempt.job);
                    let idx = assigned.len();
                    let mut via = "obtainNewReduceTask";
                    if let Some(v) = turn.visits.last_mut().and_then(|p| p.jobs.last_mut()) {
                        v.assigned = Some(idx);
                        via = v.call.unwrap_or(via);
                    }
                    assigned.push(Assignment::from_launched(&l, via));
                    turn.assigned = Some(idx);
                    if kind == TaskType::Map {
                        launched_map.push(job);
                        maps_assigned += 1;
                        running_maps += 1;
                        let level = LocalityLevel::from_task_level(l.level, cluster.conf.nodegroup_aware);
                        self.update_last_map_locality_level(job, level);
                    } else {
                        reduces_assigned += 1;
                        running_reduces += 1;
                    }
                }
                None if kind == TaskType::Map => map_rej = Some(Rejected::NoTask),
                None => reduce_rej = Some(Rejected::NoTask),
            }
            turns.push(turn);
        }
        let mut skipped = Vec::with_capacity(visited_map.len());
        self.skipped_jobs.reserve(visited_map.len());
        for j in &visited_map {
            // A heartbeat launches a few maps: the list is short.
            if !launched_map.contains(j) {
                if let Some(info) = self.infos.get_mut(j) {
                    info.delay.skipped_at_last_heartbeat = true;
                    self.skipped_jobs.push(*j);
                }
                skipped.push(j.0);
            }
        }
        self.run_cache_on = false;
        if !self.late_lines.is_empty() {
            jobs.append(&mut self.late_lines);
            crate::sort::sort_by_key(&mut jobs, |l| l.job);
        }
        let mut after = Vec::with_capacity(visited_map.len());
        after.extend(visited_map.iter().filter_map(|j| {
            self.infos.get(j).map(|i| (j.0, i.delay.last_map_locality_level, i.delay.time_waited_for_local_map))
        }));
        self.scratch = (visited_map, visited_reduce, launched_map);
        let d = FairDecision {
            time_ms: now,
            previous_heartbeat_ms: prev,
            delta_ms: delta,
            wait_growth: growth,
            node_delay_ms: self.delays.node,
            rack_delay_ms: self.delays.rack,
            auto_delay: self.delays.auto,
            runnable_maps: runnable_at_start.0,
            running_maps: runnable_at_start.1,
            total_map_slots,
            runnable_reduces: runnable_at_start.2,
            running_reduces: runnable_at_start.3,
            total_reduce_slots,
            tracker_maps,
            tracker_reduces,
            assign_multiple: multiple,
            map_capacity,
            reduce_capacity,
            map_cap,
            reduce_cap,
            jobs,
            jobs_total,
            turns,
            map_rejected: map_rej,
            reduce_rejected: reduce_rej,
            skipped,
            after,
            preemptions: std::mem::take(&mut self.pending_preemptions),
            updates_since_last: std::mem::take(&mut self.updates_since_hb),
        };
        (assigned, d)
    }

    fn on_clock(&mut self, cluster: &mut Cluster, now: Millis) {
        if self.conf.harness.updates == UpdateMode::Periodic {
            self.run_update_thread(cluster, now);
        }
    }

    fn check_admission(&mut self, _cluster: &Cluster, job: &Job) -> Result<(), crate::sched::common::Refusal> {
        // `mapred.fairscheduler.allow.undeclared.pools` false and an undeclared pool.
        self.admission(&self.pm.pool_name_of(job)).map_err(crate::sched::common::Refusal::Config)
    }
}
