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

mod attempts;
mod kills;
mod obtain;
mod sharing;
mod trackers;

pub use kills::{KillDelivery, KillSent};
pub use trackers::{ClusterSize, TrackerChange, TrackerEvent};

/// `MRConstants.HEARTBEAT_INTERVAL_MIN`.
pub const HEARTBEAT_INTERVAL_MIN: Millis = 300;

/// How the cluster-wide running task counts are taken
/// (`docs/scenario-format.md` § "Divergences from a real JobTracker (stated, not hidden)").
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
    /// An initialised job becomes RUNNING at once (its setup task is not modelled); false in the
    /// Fair unit-test harness, whose fake job stays PREP until the test sets it RUNNING.
    pub running_on_init: bool,
    /// How the JobTracker's kills reach the trackers.
    pub kill_delivery: KillDelivery,
    /// Every reported success counts as finished, even one whose TIP or job was already over (a
    /// speculative twin's): `TestCapacityScheduler`'s `FakeTaskTrackerManager.finishTask`, which
    /// only moves the fake job's counters (running −1, finished +1). False: the real
    /// JobTracker's `alreadyCompletedTask`, which counts such a success as KILLED.
    pub finish_counts_every_success: bool,
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
            running_on_init: true,
            kill_delivery: KillDelivery::NextHeartbeat,
            finish_counts_every_success: false,
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

type TrackerNames = std::collections::HashMap<String, usize, std::hash::BuildHasherDefault<super::topology::Fnv1a>>;

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
    /// Trackers that joined or were lost, not yet told to the scheduler.
    pub tracker_events: Vec<TrackerEvent>,
    /// The same changes, described for the next heartbeat's record.
    pub tracker_changes: Vec<TrackerChange>,
    /// Shared with history's checkpoints (copied when a tracker joins).
    /// Looked up by name, never iterated: hashed.
    tracker_by_name: std::sync::Arc<TrackerNames>,
    unique_hosts: u32,
    live_trackers: u32,
    /// Cached sums over trackers, indexed by `kind_ix`: slots, tasks running now, tasks as
    /// last reported.
    capacity_sum: [u32; 2],
    live_sum: [u32; 2],
    reported_sum: [u32; 2],
    /// A benchmark's clock (milliseconds), when one measures; `init_cpu_ms` then sums the time
    /// spent in `init_job_as` (`JobInProgress.initTasks`), whoever calls it.
    pub init_clock: Option<fn() -> f64>,
    pub init_cpu_ms: f64,
    /// Jobs whose attempt counts or run state changed, for a scheduler that follows them.
    pub changed_jobs: ChangedJobs,
}

/// The jobs whose running, finished, failed or speculative attempt counts, TIPs or run state
/// changed (`JobInProgress`'s `runningMapTasks`, `finishedMapTasks`, `failedMapTIPs`,
/// `speculativeMapTasks` and their reduce twins, `status.runState`), noted where
/// `addRunningTaskToTIP`, `completedTask`, `failedTask`, `initTasks` and the lost tracker's
/// map re-run move them, and whose priority or start time was set. Off unless a scheduler asks
/// (`follow`): the Capacity Scheduler keeps its queues' usage as counters moved by these changes
/// instead of `updateAllQueues`' pass over every running job; the Fair Scheduler knows which
/// pools' job orders may have to move (`sched::fair::order`).
#[derive(Debug, Clone, Default)]
pub struct ChangedJobs {
    on: bool,
    list: Vec<JobId>,
}

impl ChangedJobs {
    /// Start noting changes.
    pub fn follow(&mut self) {
        self.on = true;
    }
    pub(crate) fn note(&mut self, id: JobId) {
        if self.on {
            self.list.push(id);
        }
    }
    /// The jobs changed since the last take (possibly repeated), in the order of the changes.
    pub fn take(&mut self) -> Vec<JobId> {
        std::mem::take(&mut self.list)
    }
    /// The jobs changed since the last take, without taking them.
    pub fn pending(&self) -> &[JobId] {
        &self.list
    }
    /// Forget the noted changes, keeping the list's room.
    pub fn clear(&mut self) {
        self.list.clear();
    }
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
            tracker_events: Vec::new(),
            tracker_changes: Vec::new(),
            tracker_by_name: Default::default(),
            unique_hosts: 0,
            live_trackers: 0,
            capacity_sum: [0; 2],
            live_sum: [0; 2],
            reported_sum: [0; 2],
            init_clock: None,
            init_cpu_ms: 0.0,
            changed_jobs: ChangedJobs::default(),
        }
    }

    pub fn tracker_index(&self, name: &str) -> Option<usize> {
        self.tracker_by_name.get(name).copied()
    }

    /// `numTaskTrackers`: the trackers the JobTracker counts (joined, not lost; none is ever
    /// blacklisted cluster-wide here).
    pub fn num_task_trackers(&self) -> u32 {
        self.live_trackers
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

    /// `JobTracker.getNextHeartbeatInterval()` (`src/mapred/org/apache/hadoop/mapred/JobTracker.java`).
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

    /// `JobInProgress.initTasks`, then (setup tasks not modelled) PREP → RUNNING unless the
    /// Fair unit-test harness keeps it PREP.
    pub fn init_job(&mut self, id: JobId) -> Result<(), String> {
        self.init_job_as(id, self.conf.running_on_init)
    }

    /// `initTasks`, then PREP → RUNNING if `running` (a job submitted RUNNING, as Hadoop's tests
    /// build them, is RUNNING under every harness).
    pub fn init_job_as(&mut self, id: JobId, running: bool) -> Result<(), String> {
        let Some(clock) = self.init_clock else { return self.init_tasks_of(id, running) };
        let start = clock();
        let r = self.init_tasks_of(id, running);
        self.init_cpu_ms += clock() - start;
        r
    }

    fn init_tasks_of(&mut self, id: JobId, running: bool) -> Result<(), String> {
        let levels = self.conf.cache_levels;
        let unique = self.num_unique_hosts();
        let Some(job) = self.jobs.get(&id) else { return Err(format!("no job {id}")) };
        if job.inited {
            return Ok(());
        }
        // Only the hosts not yet resolved are copied (usually none), in the order they come.
        let topology = &self.topology;
        let hosts: Vec<String> = job
            .maps
            .iter()
            .flat_map(|m| m.locations.iter())
            .filter(|h| topology.host_node(h).is_none())
            .cloned()
            .collect();
        for h in hosts {
            if self.topology.host_node(&h).is_none() {
                // A DataNode host without a tracker: `/default-rack` unless the scenario placed it.
                std::sync::Arc::make_mut(&mut self.topology).add_host(&h, super::topology::DEFAULT_RACK, levels)?;
            }
        }
        let now = self.now;
        let job = self.jobs.get_mut(&id).expect("checked");
        job.init_tasks(&self.topology, now, unique);
        self.changed_jobs.note(id);
        if job.state == RunState::Prep && running {
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
        self.changed_jobs.note(id);
        self.events.push(JobEvent::StateChanged { job: id, from, to });
    }

    pub fn set_priority(&mut self, id: JobId, p: JobPriority) {
        if let Some(job) = self.jobs.get_mut(&id) {
            job.priority = p;
            self.changed_jobs.note(id);
            self.events.push(JobEvent::PriorityChanged { job: id });
        }
    }

    pub fn set_start_time(&mut self, id: JobId, t: Millis) {
        if let Some(job) = self.jobs.get_mut(&id) {
            job.start_time = t;
            self.changed_jobs.note(id);
            self.events.push(JobEvent::StartTimeChanged { job: id });
        }
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

/// Locality class of a level (node-group-aware trackers treat level 2 as rack-local).
pub fn classify(level: u32, nodegroup_aware: bool) -> Locality {
    match (level, nodegroup_aware) {
        (0, _) => Locality::Node,
        (1, _) => Locality::Rack,
        (2, true) => Locality::Rack,
        _ => Locality::OffSwitch,
    }
}
