//! The JobTracker's view of the cluster, mirroring the parts of `JobTracker` the schedulers
//! depend on: `getClusterStatus`, `getNextHeartbeatInterval`, job submission and
//! initialisation, and the task life cycle of `JobInProgress` (`obtainNewMapTaskCommon`,
//! `addRunningTaskToTIP`, `completedTask`, `failedTask`).

use super::Millis;
use super::job::{Job, JobId, JobPriority, RunState};
use super::task::{ActiveAttempt, AttemptId, Locality, MAX_TASK_EXECS, TaskType};
use super::task_selection::{MapSource, NoTask, TrackerCtx};
use super::topology::Topology;
use super::tracker::{RunningTask, Tracker};
use serde::Serialize;
use std::collections::BTreeMap;

mod attempts;

/// `MRConstants.HEARTBEAT_INTERVAL_MIN`.
pub const HEARTBEAT_INTERVAL_MIN: Millis = 300;

/// How the cluster-wide running task counts are taken (spec §14.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunningCounts {
    /// A task counts as soon as it is assigned (Hadoop's unit-test harness).
    Immediate,
    /// Each tracker contributes what it reported at its last heartbeat (the real JobTracker).
    AsReported,
}

#[derive(Debug, Clone, Serialize)]
pub struct ClusterConf {
    /// `mapred.task.cache.levels`.
    pub cache_levels: u32,
    pub nodegroup_aware: bool,
    pub heartbeats_in_second: i64,
    pub heartbeat_scaling_factor: f32,
    pub running_counts: RunningCounts,
    /// The JobTracker identifier in job and attempt ids.
    pub jt_identifier: String,
    /// A job whose tasks have all completed becomes SUCCEEDED at once (false: it stays
    /// RUNNING until a step ends it, like the fake jobs of Hadoop's unit tests).
    pub auto_succeed: bool,
}

impl Default for ClusterConf {
    fn default() -> Self {
        ClusterConf {
            cache_levels: 2,
            nodegroup_aware: false,
            heartbeats_in_second: 100,
            heartbeat_scaling_factor: 1.0,
            running_counts: RunningCounts::AsReported,
            jt_identifier: "test".into(),
            auto_succeed: true,
        }
    }
}

/// A job life-cycle event the schedulers' listeners react to (`JobChangeEvent`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum JobEvent {
    Added { job: JobId },
    PriorityChanged { job: JobId },
    StartTimeChanged { job: JobId },
    StateChanged { job: JobId, from: RunState, to: RunState },
}

/// A task handed to a tracker.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Launched {
    pub attempt: AttemptId,
    /// Locality level (maps only).
    pub level: Option<u32>,
    pub locality: Option<Locality>,
    pub speculative: bool,
    /// Where `findNewMapTask` found it (maps only).
    pub source: Option<MapSource>,
}

/// How an attempt ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttemptEnd {
    Succeeded,
    Failed,
    Killed,
}

#[derive(Debug, Clone)]
pub struct Cluster {
    /// Shared with history's checkpoints until a host is added.
    pub topology: std::sync::Arc<Topology>,
    /// One copy-on-write chunk per tracker: a heartbeat changes one tracker, and a checkpoint
    /// then holds its own copy of that tracker only.
    pub trackers: super::chunked::Chunked<Tracker, 1>,
    pub jobs: super::job_map::JobMap,
    pub conf: ClusterConf,
    pub now: Millis,
    /// Events not yet delivered to the scheduler.
    pub events: Vec<JobEvent>,
    /// Shared with history's checkpoints (trackers are only added before the run).
    tracker_by_name: std::sync::Arc<BTreeMap<String, usize>>,
    unique_hosts: u32,
    /// Cached sums over trackers, indexed by `kind_ix`: slots, tasks running now, tasks as
    /// last reported.
    capacity_sum: [u32; 2],
    live_sum: [u32; 2],
    reported_sum: [u32; 2],
}

fn kind_ix(kind: TaskType) -> usize {
    match kind {
        TaskType::Map => 0,
        TaskType::Reduce => 1,
    }
}

impl Cluster {
    pub fn new(conf: ClusterConf) -> Cluster {
        Cluster {
            topology: Default::default(),
            trackers: Default::default(),
            jobs: super::job_map::JobMap::new(),
            conf,
            now: 0,
            events: Vec::new(),
            tracker_by_name: Default::default(),
            unique_hosts: 0,
            capacity_sum: [0; 2],
            live_sum: [0; 2],
            reported_sum: [0; 2],
        }
    }

    pub fn tracker_index(&self, name: &str) -> Option<usize> {
        self.tracker_by_name.get(name).copied()
    }

    /// Register a tracker, resolving its host (`JobTracker.addNewTracker`).
    pub fn add_tracker(
        &mut self,
        name: &str,
        host: &str,
        location: &str,
        map_slots: u32,
        reduce_slots: u32,
    ) -> Result<usize, String> {
        let node = std::sync::Arc::make_mut(&mut self.topology).add_host(host, location, self.conf.cache_levels)?;
        if self.tracker_by_name.contains_key(name) {
            return Err(format!("tracker {name} is already registered"));
        }
        self.trackers.push(Tracker::new(name, host, node, map_slots, reduce_slots));
        std::sync::Arc::make_mut(&mut self.tracker_by_name).insert(name.to_string(), self.trackers.len() - 1);
        self.capacity_sum[0] += map_slots;
        self.capacity_sum[1] += reduce_slots;
        if !self.trackers.iter().take(self.trackers.len() - 1).any(|t| t.host == host) {
            self.unique_hosts += 1;
        }
        Ok(self.trackers.len() - 1)
    }

    /// `numTaskTrackers`: active (non-blacklisted) trackers.
    pub fn num_task_trackers(&self) -> u32 {
        self.trackers.len() as u32
    }

    /// `numUniqueHosts`.
    pub fn num_unique_hosts(&self) -> u32 {
        self.unique_hosts
    }

    /// `clusterMapCapacity` / `clusterReduceCapacity`.
    pub fn capacity(&self, kind: TaskType) -> u32 {
        self.capacity_sum[kind_ix(kind)]
    }

    /// `ClusterStatus.getMapTasks()` / `getReduceTasks()` under the configured counting rule.
    pub fn running_tasks(&self, kind: TaskType) -> u32 {
        match self.conf.running_counts {
            RunningCounts::Immediate => self.live_sum[kind_ix(kind)],
            RunningCounts::AsReported => self.reported_sum[kind_ix(kind)],
        }
    }

    /// Record tracker `ti`'s heartbeat report: its running task counts as the cluster sees them.
    pub fn record_report(&mut self, ti: usize) {
        let t = &mut self.trackers[ti];
        let (m, r) = (t.count_map_tasks(), t.count_reduce_tasks());
        self.reported_sum[0] = self.reported_sum[0] - t.reported_maps + m;
        self.reported_sum[1] = self.reported_sum[1] - t.reported_reduces + r;
        t.reported_maps = m;
        t.reported_reduces = r;
    }

    /// `JobTracker.getNextHeartbeatInterval()`: spec §11.
    pub fn heartbeat_interval(&self) -> Millis {
        let hps = if self.conf.heartbeats_in_second < 1 { 100 } else { self.conf.heartbeats_in_second };
        let factor = if self.conf.heartbeat_scaling_factor < 0.01 { 1.0 } else { self.conf.heartbeat_scaling_factor };
        let scaled = (1000.0f32 * factor) as f64 * (self.num_task_trackers() as f64 / hps as f64);
        (scaled as Millis).max(HEARTBEAT_INTERVAL_MIN)
    }

    /// Submit a job (`JobTracker.submitJob` → listeners' `jobAdded`).
    pub fn submit(&mut self, job: Job) {
        let id = job.id;
        self.jobs.insert(id, job);
        self.events.push(JobEvent::Added { job: id });
    }

    /// `JobInProgress.initTasks`, then (setup tasks not modelled) PREP → RUNNING.
    pub fn init_job(&mut self, id: JobId) -> Result<(), String> {
        let levels = self.conf.cache_levels;
        let unique = self.num_unique_hosts();
        let Some(job) = self.jobs.get(&id) else { return Err(format!("no job {id}")) };
        if job.inited {
            return Ok(());
        }
        let hosts: Vec<String> = job.maps.iter().flat_map(|m| m.locations.iter().cloned()).collect();
        for h in hosts {
            if self.topology.host_node(&h).is_none() {
                // A DataNode host without a tracker: `/default-rack` unless the scenario placed it.
                std::sync::Arc::make_mut(&mut self.topology).add_host(&h, super::topology::DEFAULT_RACK, levels)?;
            }
        }
        let now = self.now;
        let job = self.jobs.get_mut(&id).expect("checked");
        job.init_tasks(&self.topology, now, unique);
        if job.state == RunState::Prep {
            self.set_state(id, RunState::Running);
        }
        self.check_job_done(id);
        Ok(())
    }

    /// Set a job's run state and fire the event (`JobStatus` change → `jobUpdated`).
    pub fn set_state(&mut self, id: JobId, to: RunState) {
        let Some(job) = self.jobs.get_mut(&id) else { return };
        let from = job.state;
        if from == to {
            return;
        }
        job.state = to;
        if to.is_terminal() && job.finish_time.is_none() {
            job.finish_time = Some(self.now);
        }
        self.events.push(JobEvent::StateChanged { job: id, from, to });
    }

    pub fn set_priority(&mut self, id: JobId, p: JobPriority) {
        if let Some(job) = self.jobs.get_mut(&id) {
            job.priority = p;
            self.events.push(JobEvent::PriorityChanged { job: id });
        }
    }

    pub fn set_start_time(&mut self, id: JobId, t: Millis) {
        if let Some(job) = self.jobs.get_mut(&id) {
            job.start_time = t;
            self.events.push(JobEvent::StartTimeChanged { job: id });
        }
    }

    /// `obtainNewMapTaskCommon(tts, clusterSize, numUniqueHosts, maxCacheLevel)`: spec §5.1.
    pub fn obtain_new_map_task(&mut self, id: JobId, ti: usize, max_cache_level: i32) -> Result<Launched, NoTask> {
        let ctx = tracker_ctx(&self.trackers[ti], self.num_task_trackers(), self.unique_hosts, self.now);
        let job = self.jobs.get(&id).ok_or(NoTask::NotRunning)?;
        if !job.inited {
            return Err(NoTask::NotInitialized);
        }
        // Most visits find nothing and change nothing: answer those without `get_mut`, which
        // would copy a job shared with a history checkpoint.
        if let Some(no) = job.idle_map_search(&self.topology, &ctx, max_cache_level) {
            return Err(no);
        }
        let job = self.jobs.get_mut(&id).expect("just found");
        let (idx, source) = job.find_new_map_task(&self.topology, &ctx, max_cache_level)?;
        let level = job.locality_level(&self.topology, &job.maps[idx as usize], ctx.node);
        let launched = self.launch(id, TaskType::Map, idx, ti, Some(level), Some(source))?;
        if max_cache_level != super::task_selection::NON_LOCAL_CACHE_LEVEL {
            if let Some(job) = self.jobs.get_mut(&id) {
                job.num_scheduling_opportunities = 0;
            }
        }
        Ok(launched)
    }

    /// What `obtain_new_map_task(id, ti, any level)` would answer without looking at any list:
    /// the early refusals of `obtainNewMapTaskCommon` / `findNewMapTask` (no job, not
    /// initialised, no maps, tracker blacklisted for the job, nothing pending and no
    /// speculation). `None` = the lists must be searched. Such a call changes nothing, so
    /// callers may skip it.
    pub fn map_quick_no(&self, id: JobId, ti: usize) -> Option<NoTask> {
        let Some(job) = self.jobs.get(&id) else { return Some(NoTask::NotRunning) };
        if !job.inited {
            return Some(NoTask::NotInitialized);
        }
        if job.num_maps() == 0 {
            return Some(NoTask::NoTasksOfType);
        }
        if !job.tracker_failures.is_empty()
            && !job.should_run_on_tracker(&self.trackers[ti].host, self.num_task_trackers())
        {
            return Some(NoTask::TrackerBlacklisted);
        }
        if job.pending_maps() <= 0 && !job.conf.speculative_maps {
            return Some(NoTask::NothingPending);
        }
        None
    }

    /// `obtainNewReduceTask(tts, clusterSize, numUniqueHosts)`: spec §6.2.
    pub fn obtain_new_reduce_task(&mut self, id: JobId, ti: usize) -> Result<Launched, NoTask> {
        let ctx = tracker_ctx(&self.trackers[ti], self.num_task_trackers(), self.unique_hosts, self.now);
        let job = self.jobs.get(&id).ok_or(NoTask::NotRunning)?;
        if job.state != RunState::Running {
            return Err(NoTask::NotRunning);
        }
        if !job.inited {
            return Err(NoTask::NotInitialized);
        }
        if !job.schedule_reduces() {
            return Err(NoTask::SlowStart);
        }
        if let Some(no) = job.idle_reduce_search(&ctx) {
            return Err(no);
        }
        let job = self.jobs.get_mut(&id).expect("just found");
        let (idx, _spec) = job.find_new_reduce_task(&ctx)?;
        self.launch(id, TaskType::Reduce, idx, ti, None, None)
    }

    /// `TaskInProgress.getTaskToRun` + `addRunningTaskToTIP`: create the attempt, count it and
    /// put it on the tracker.
    pub(crate) fn launch(
        &mut self,
        id: JobId,
        kind: TaskType,
        idx: u32,
        ti: usize,
        level: Option<u32>,
        source: Option<MapSource>,
    ) -> Result<Launched, NoTask> {
        let now = self.now;
        let nodegroup = self.conf.nodegroup_aware;
        let tracker = &mut self.trackers[ti];
        let job = self.jobs.get_mut(&id).expect("job exists");
        let max_attempts = match kind {
            TaskType::Map => job.conf.map_max_attempts,
            TaskType::Reduce => job.conf.reduce_max_attempts,
        };
        let max_level = job.max_level;
        let tip = &mut job.tips_mut(kind)[idx as usize];
        if tip.next_attempt >= MAX_TASK_EXECS + max_attempts + tip.num_killed {
            return Err(NoTask::AttemptLimit);
        }
        let attempt = tip.next_attempt;
        tip.next_attempt += 1;
        let speculative = tip.is_running();
        if speculative {
            job.had_concurrent_attempts[kind_ix(kind)] = true;
        }
        let tip = &mut job.tips_mut(kind)[idx as usize];
        tip.active.push(ActiveAttempt {
            attempt,
            tracker: tracker.name.clone(),
            host: tracker.host.clone(),
            launch_time: now,
            level,
            progress: 0.0,
            speculative,
        });
        let aid = AttemptId { job: id.0, kind, index: idx, attempt };
        match kind {
            TaskType::Map => {
                job.running_maps += 1;
                job.counters.total_launched_maps += 1;
                if speculative {
                    job.speculative_maps += 1;
                }
                let l = level.unwrap_or(max_level);
                count_locality(&mut job.counters, l, max_level, nodegroup);
            }
            TaskType::Reduce => {
                job.running_reduces += 1;
                job.counters.total_launched_reduces += 1;
                if speculative {
                    job.speculative_reduces += 1;
                }
            }
        }
        let slots = match kind {
            TaskType::Map => job.slots_per_map,
            TaskType::Reduce => job.slots_per_reduce,
        };
        tracker.running.push(RunningTask { attempt: aid, slots, end_time: None, launch_time: now });
        self.live_sum[kind_ix(kind)] += 1;
        Ok(Launched { attempt: aid, level, locality: level.map(|l| classify(l, nodegroup)), speculative, source })
    }

    fn remove_from_tracker(&mut self, tracker: &str, aid: AttemptId) {
        if let Some(ti) = self.tracker_index(tracker) {
            let before = self.trackers[ti].running.len();
            self.trackers[ti].running.retain(|r| r.attempt != aid);
            if self.trackers[ti].running.len() < before {
                self.live_sum[kind_ix(aid.kind)] -= 1;
            }
        }
    }
}

/// The tracker as `findNewMapTask` sees it (a free function so that it borrows only the
/// tracker, leaving the jobs free to be borrowed mutably).
fn tracker_ctx(t: &Tracker, cluster_size: u32, unique_hosts: u32, now: Millis) -> TrackerCtx<'_> {
    TrackerCtx { name: &t.name, host: &t.host, node: Some(t.node), cluster_size, unique_hosts, now }
}

/// Locality class of a level (node-group-aware trackers treat level 2 as rack-local).
pub fn classify(level: u32, nodegroup_aware: bool) -> Locality {
    match (level, nodegroup_aware) {
        (0, _) => Locality::Node,
        (1, _) => Locality::Rack,
        (2, true) => Locality::Rack,
        _ => Locality::OffSwitch,
    }
}

/// `JobInProgress.logAndIncreJobCounters` / the counter part of `addRunningTaskToTIP` (spec §7.3).
fn count_locality(c: &mut super::job::Counters, level: u32, max_level: u32, nodegroup: bool) {
    match (level, nodegroup) {
        (0, _) => c.data_local_maps += 1,
        (1, false) => c.rack_local_maps += 1,
        (1, true) => c.nodegroup_local_maps += 1,
        (2, true) => c.rack_local_maps += 1,
        (l, _) => {
            c.off_switch_maps += 1;
            if l != max_level {
                c.other_local_maps += 1;
            }
        }
    }
}
