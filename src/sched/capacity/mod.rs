//! Hadoop 1.2.1's Capacity Scheduler (`src/contrib/capacity-scheduler`), mirroring
//! `CapacityTaskScheduler`: `assignTasks` (usage refresh, then `addMapTasks` and
//! `addReduceTask`) with the per-type engine `TaskSchedulingMgr` in `mgr.rs`. The other Hadoop
//! classes live next to it: `queue` (CapacitySchedulerQueue), `ordering` (QueueComparator),
//! `memory` (MemoryMatcher, fallow slots), `init` (JobQueuesManager, JobInitializationPoller),
//! `conf` (CapacitySchedulerConf), `display` (the scheduling-info texts), `decision` (the
//! heartbeat record), `settings` (what the scheduler is started with, read from a scenario's
//! `config`). The harness's scripted steps are read by `scenario::steps::capacity` and run by
//! `sim::scripted::capacity`.

pub mod conf;
mod counters;
pub mod decision;
pub mod display;
pub mod init;
pub mod memory;
pub mod mgr;
pub mod ordering;
pub mod queue;
pub mod queue_list;
mod recount;
pub mod settings;
mod usage;
pub mod xml;

use crate::model::cluster::JobEvent;
use crate::model::{AttemptId, Cluster, JobId, Millis, TaskType};
use crate::sched::common::assignment::Assignment;
use decision::{CapacityDecision, LookupResult, Phase, PhaseStop};
use memory::Reservations;
use queue::CapacitySchedulerQueue;
use serde::Serialize;
use settings::{CapacityScenario, JobExtra};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

/// What the scheduler keeps per job besides `JobInProgress` itself.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct JobInfo {
    pub extra: JobExtra,
    /// Trackers reserved for this job (`trackersReservedForMaps/Reduces`), tracker → slots.
    pub reserved_maps: BTreeMap<String, u32>,
    pub reserved_reduces: BTreeMap<String, u32>,
    /// The per-job scheduling info tuple of the last refresh (`CapacityTaskScheduler.getJobQueueSchedInfo`).
    pub sched_info: Option<[i64; 6]>,
    /// Slots per task applied (`preInitializeJob`).
    pub setup_done: bool,
    pub factor_applied: bool,
    /// Harness speculation: the one extra attempt was handed out.
    pub spec_given: [bool; 2],
    /// Everything `sync` applies has been applied (the job is initialised): skip it. Every
    /// job not synced is in `CapacityTaskScheduler::unsynced`.
    #[serde(skip)]
    pub synced: bool,
    /// The user's number in the job's queue (`CapacitySchedulerQueue::user_ix`).
    #[serde(skip)]
    pub user_ix: Option<u32>,
}

impl JobInfo {
    pub fn reserved(&self, kind: TaskType) -> &BTreeMap<String, u32> {
        match kind {
            TaskType::Map => &self.reserved_maps,
            TaskType::Reduce => &self.reserved_reduces,
        }
    }
    pub fn reserved_mut(&mut self, kind: TaskType) -> &mut BTreeMap<String, u32> {
        match kind {
            TaskType::Map => &mut self.reserved_maps,
            TaskType::Reduce => &mut self.reserved_reduces,
        }
    }
    pub fn reserved_count(&self, kind: TaskType) -> u32 {
        self.reserved(kind).len() as u32
    }
    pub fn memory(&self, kind: TaskType) -> i64 {
        match kind {
            TaskType::Map => self.extra.map_mb,
            TaskType::Reduce => self.extra.reduce_mb,
        }
    }
}

/// `CapacityTaskScheduler`.
#[derive(Debug, Clone)]
pub struct CapacityTaskScheduler {
    pub setup: Arc<CapacityScenario>,
    pub sched: conf::SchedulerConf,
    pub queues: BTreeMap<String, CapacitySchedulerQueue>,
    /// Queue names in `mapred.queue.names` order.
    pub config_order: Vec<String>,
    /// `queuesForAssigningTasks` of the map and reduce `TaskSchedulingMgr`.
    pub map_order: Vec<String>,
    pub reduce_order: Vec<String>,
    pub jobs: BTreeMap<JobId, JobInfo>,
    pub reservations: Reservations,
    /// `JobInitializationPoller.initializedJobs`.
    pub initialized: BTreeSet<JobId>,
    pub next_poll: Millis,
    /// Jobs initialised by a poll without listener (`promote: false`): their RUNNING event is
    /// not heard.
    pub muted: BTreeSet<JobId>,
    pub start_error: Option<String>,
    /// Harness task numbers: (job, type, TIP index) → number, in launch order from 1.
    pub numbers: BTreeMap<(u32, TaskType, u32), u32>,
    /// How many TIPs of (job, type) have a number, and the TIP that got the last one.
    pub numbered: BTreeMap<(u32, TaskType), (u32, u32)>,
    /// Job visits the heartbeat's record may still list (`decision::VISIT_LINES` at start).
    pub visit_budget: usize,
    /// The jobs whose `JobInfo::synced` is false: what `sync` visits.
    pub(crate) unsynced: BTreeSet<JobId>,
    /// Jobs whose list, reservations or slots per task changed since the last usage refresh
    /// (`counters.rs`).
    pub(crate) usage_notes: Vec<JobId>,
    /// Compare every usage refresh with the recount from all running jobs (`recount.rs`);
    /// the first difference is kept in `usage_mismatch`.
    pub usage_check: bool,
    pub usage_mismatch: Option<String>,
    /// How many refreshes were compared.
    pub usage_checked: u64,
}

impl CapacityTaskScheduler {
    /// `start()`: read the configuration and build the queues. A configuration error is kept
    /// (and reported by every heartbeat) when the scenario expects it, otherwise returned.
    pub fn new(setup: &CapacityScenario, cluster: &mut Cluster) -> Result<Self, String> {
        if setup.harness {
            cluster.conf.auto_succeed = false;
            cluster.conf.kill_delivery = crate::model::cluster::KillDelivery::ByStep;
            cluster.conf.finish_counts_every_success = true;
        }
        let mut s = CapacityTaskScheduler {
            setup: Arc::new(setup.clone()),
            sched: conf::SchedulerConf {
                max_system_jobs: 0,
                poll_interval_ms: 3000,
                worker_threads: 1,
                max_tasks_per_heartbeat: 0,
                max_tasks_after_offswitch: 0,
                memory: conf::memory_conf(&setup.props),
            },
            queues: BTreeMap::new(),
            config_order: Vec::new(),
            map_order: Vec::new(),
            reduce_order: Vec::new(),
            jobs: BTreeMap::new(),
            reservations: Reservations::default(),
            initialized: BTreeSet::new(),
            next_poll: 0,
            muted: BTreeSet::new(),
            start_error: None,
            numbers: BTreeMap::new(),
            numbered: BTreeMap::new(),
            visit_budget: decision::VISIT_LINES,
            unsynced: BTreeSet::new(),
            usage_notes: Vec::new(),
            usage_check: false,
            usage_mismatch: None,
            usage_checked: 0,
        };
        cluster.changed_jobs.follow();
        match conf::start(&setup.props) {
            Ok(started) => s.install(started),
            Err(e) if setup.expects_start_error => s.start_error = Some(e),
            Err(e) => return Err(format!("CapacityTaskScheduler could not start: {e}")),
        }
        Ok(s)
    }

    /// `initialize`: (re)build the queue map and both ordering lists.
    pub fn install(&mut self, started: conf::Started) {
        self.sched = started.sched;
        self.config_order = started.queues.iter().map(|q| q.name.clone()).collect();
        for qc in started.queues {
            match self.queues.get_mut(&qc.name) {
                Some(q) => {
                    // A refresh cannot change supports-priority.
                    let sp = q.conf.supports_priorities;
                    q.conf = conf::QueueConf { supports_priorities: sp, ..qc };
                }
                None => {
                    self.queues.insert(qc.name.clone(), CapacitySchedulerQueue::new(qc));
                }
            }
        }
        let order = match &self.setup.initial_queue_order {
            Some(o) => o.iter().filter(|n| self.queues.contains_key(*n)).cloned().collect(),
            None => crate::sched::common::java::hash_order(&self.config_order),
        };
        let mut order: Vec<String> = order;
        let mut listed: std::collections::BTreeSet<String> = order.iter().cloned().collect();
        for n in &self.config_order {
            if listed.insert(n.clone()) {
                order.push(n.clone());
            }
        }
        self.map_order = order.clone();
        self.reduce_order = order;
        ordering::sort_queues(&mut self.map_order, &self.queues, TaskType::Map);
        ordering::sort_queues(&mut self.reduce_order, &self.queues, TaskType::Reduce);
    }

    /// Give a harness task number to a newly launched TIP.
    /// Only the test harness names tasks by these numbers, so only it keeps them.
    pub(crate) fn number(&mut self, aid: AttemptId) {
        if !self.setup.harness {
            return;
        }
        let key = (aid.job, aid.kind, aid.index);
        if !self.numbers.contains_key(&key) {
            let count = self.numbered.entry((aid.job, aid.kind)).or_insert((0, aid.index));
            count.0 += 1;
            count.1 = aid.index;
            self.numbers.insert(key, count.0);
        }
    }

    fn empty_phase(available: i32, stop: PhaseStop) -> Phase {
        Phase { available, lookups: Vec::new(), stop }
    }
}

impl crate::sched::common::TaskScheduler for CapacityTaskScheduler {
    type Decision = CapacityDecision;

    fn job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        self.on_job_event(cluster, event);
    }

    /// A lost tracker's reservations go (`JobTracker.lostTaskTracker` →
    /// `TaskTracker.cancelAllReservations`); capacities follow the cluster at every heartbeat.
    fn tracker_event(&mut self, _cluster: &Cluster, event: &crate::model::cluster::TrackerEvent) {
        if let crate::model::cluster::TrackerEvent::Lost { tracker } = event {
            for (job, kind) in self.reservations.cancel_tracker(tracker) {
                self.usage_notes.push(job);
                if let Some(j) = self.jobs.get_mut(&job) {
                    j.reserved_mut(kind).remove(tracker);
                }
            }
        }
    }

    fn job_order(&self) -> Vec<JobId> {
        let mut out = Vec::new();
        for q in &self.config_order {
            if let Some(q) = self.queues.get(q) {
                out.extend(q.running.ids());
                out.extend(q.initializing.ids());
                out.extend(q.waiting.ids().into_iter().filter(|j| !q.running.contains(*j)));
            }
        }
        out
    }

    fn on_clock(&mut self, cluster: &mut Cluster, now: Millis) {
        if self.start_error.is_some() || now < self.next_poll {
            return;
        }
        self.sync(cluster);
        self.poll(cluster, true);
        let iv = self.sched.poll_interval_ms.max(1);
        self.next_poll = now - now.rem_euclid(iv) + iv;
    }

    fn check_admission(
        &mut self,
        cluster: &Cluster,
        job: &crate::model::Job,
    ) -> Result<(), crate::sched::common::Refusal> {
        self.admit(cluster, job.id, &job.user, &job.queue, (job.desired_maps() + job.desired_reduces()) as i64)
    }

    /// `assignTasks(TaskTracker)`: refresh usage, the map phase, then at most one reduce.
    fn assign_tasks(&mut self, cluster: &mut Cluster, ti: usize) -> (Vec<Assignment>, Self::Decision) {
        self.sync(cluster);
        self.visit_budget = decision::VISIT_LINES;
        let mut d = CapacityDecision {
            start_error: self.start_error.clone(),
            map_cluster_capacity: 0,
            reduce_cluster_capacity: 0,
            map: Self::empty_phase(0, PhaseStop::NoFreeSlots),
            reduce: Self::empty_phase(0, PhaseStop::NoFreeSlots),
            max_tasks_per_heartbeat: self.sched.max_tasks_per_heartbeat,
            max_tasks_after_offswitch: self.sched.max_tasks_after_offswitch,
        };
        if self.start_error.is_some() {
            return (Vec::new(), d);
        }
        self.update_all_queues(cluster);
        d.map_cluster_capacity = self.cluster_capacity(cluster, TaskType::Map);
        d.reduce_cluster_capacity = self.cluster_capacity(cluster, TaskType::Reduce);
        let mut assigned = Vec::new();
        d.map = self.add_map_tasks(cluster, ti, &mut assigned);
        d.reduce = self.add_reduce_task(cluster, ti, &mut assigned);
        (assigned, d)
    }

    fn attempt_label(&self, jt: &str, aid: AttemptId) -> Option<String> {
        if !self.setup.harness {
            return None;
        }
        let n = self.numbers.get(&(aid.job, aid.kind, aid.index)).copied().unwrap_or(aid.index + 1);
        Some(format!("attempt_{jt}_{:04}_{}_{:06}_{}", aid.job, aid.kind.letter(), n, aid.attempt))
    }
}

impl CapacityTaskScheduler {
    /// `addMapTasks` (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`).
    fn add_map_tasks(&mut self, cluster: &mut Cluster, ti: usize, out: &mut Vec<Assignment>) -> Phase {
        let t = &cluster.trackers[ti];
        let mut available = t.max_map_slots as i32 - t.occupied_slots(TaskType::Map) as i32;
        let mut phase = Self::empty_phase(available, PhaseStop::NoFreeSlots);
        let mut assign_off_switch = true;
        let mut after = self.sched.max_tasks_after_offswitch;
        let mut maps = 0;
        if available > 0 {
            phase.stop = PhaseStop::Filled;
        }
        while available > 0 {
            ordering::sort_queues(&mut self.map_order, &self.queues, TaskType::Map);
            let (lookup, got) = self.lookup(cluster, ti, TaskType::Map, available, assign_off_switch);
            let result = lookup.result.clone();
            phase.lookups.push(lookup);
            let Some(a) = got else {
                phase.stop = if matches!(result, LookupResult::Memory { .. }) {
                    PhaseStop::MemoryBlocked
                } else {
                    PhaseStop::NoTask
                };
                break;
            };
            let job = &cluster.jobs[&JobId(a.job)];
            let (slots, user, queue, pending) =
                (job.slots_per_map as i32, job.user.clone(), job.queue.clone(), job.pending_maps() > 0);
            out.push(a);
            maps += 1;
            if maps >= self.sched.max_tasks_per_heartbeat {
                phase.stop = PhaseStop::MaxTasksPerHeartbeat;
                break;
            }
            if matches!(result, LookupResult::OffSwitch { .. }) {
                assign_off_switch = false;
            }
            if !assign_off_switch {
                if after == 0 {
                    phase.stop = PhaseStop::OffSwitchLimit;
                    break;
                }
                after -= 1;
            }
            available -= slots;
            if let Some(q) = self.queues.get_mut(&queue) {
                q.update_after_assign(TaskType::Map, &user, slots, pending);
            }
        }
        phase
    }

    /// `addReduceTask`: at most one reduce.
    fn add_reduce_task(&mut self, cluster: &mut Cluster, ti: usize, out: &mut Vec<Assignment>) -> Phase {
        let t = &cluster.trackers[ti];
        let available = t.max_reduce_slots as i32 - t.occupied_slots(TaskType::Reduce) as i32;
        let mut phase = Self::empty_phase(available, PhaseStop::NoFreeSlots);
        if available > 0 {
            ordering::sort_queues(&mut self.reduce_order, &self.queues, TaskType::Reduce);
            let (lookup, got) = self.lookup(cluster, ti, TaskType::Reduce, available, true);
            phase.stop = match (&lookup.result, got) {
                (LookupResult::Local { .. }, Some(a)) => {
                    out.push(a);
                    PhaseStop::OneReduce
                }
                (LookupResult::Memory { .. }, _) => PhaseStop::MemoryBlocked,
                _ => PhaseStop::NoTask,
            };
            phase.lookups.push(lookup);
        }
        phase
    }
}
