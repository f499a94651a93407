//! The engine that drives time: the JobTracker's heartbeat handling (`JobTracker.heartbeat`,
//! `processHeartbeat`, `getNextHeartbeatInterval`), job arrival and initialisation
//! (`EagerTaskInitializationListener`), and the two drivers: scripted steps and the automatic
//! clock. `history` adds checkpoints for stepping backwards.

pub mod bench;
pub mod compare;
pub mod history;
pub mod interesting;
pub mod metrics;
pub mod placement;
pub mod view;

pub use history::Simulation;

use crate::explain::{HeartbeatRecord, Reported};
use crate::model::cluster::{AttemptEnd, ClusterConf, Launched};
use crate::model::job::{Counters, JobConf};
use crate::model::task::Tip;
use crate::model::task_selection::MapCaches;
use crate::model::{AttemptId, Cluster, Job, JobId, Locality, Millis, RunState, TaskType};
use crate::scenario::{JobSpec, MapsSpec, Scenario, SchedulerKind, Step, StepKind};
use crate::sched::{fifo, limit_tasks, Scheduler};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

/// A failed expectation of a self-checking scenario.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct CheckFailure {
    pub step: String,
    pub hb: Option<u64>,
    pub message: String,
}

/// The deterministic state machine. Cloning it is a checkpoint.
#[derive(Debug, Clone)]
pub struct Engine {
    pub scenario: Arc<Scenario>,
    pub cluster: Cluster,
    pub scheduler: Scheduler,
    rng: ChaCha8Rng,
    /// Next scripted step.
    cursor: usize,
    /// Heartbeats so far.
    pub hb: u64,
    /// Automatic driver: (time, tracker index) of each tracker's next heartbeat.
    heartbeats: BinaryHeap<Reverse<(Millis, usize)>>,
    auto_started: bool,
    /// Automatic driver: jobs not yet submitted, by submit time.
    arrivals: Vec<JobSpec>,
    /// `EagerTaskInitializationListener`: queued jobs and initialisations in progress.
    init_queue: Vec<JobId>,
    initializing: Vec<(Millis, JobId)>,
    /// While running a `run` step: its end time.
    run_until: Option<Millis>,
    pub failures: Vec<CheckFailure>,
    pub ended: bool,
    /// Replica placement over the trackers' hosts, built once.
    placement: Arc<placement::Placement>,
}

impl Engine {
    pub fn new(scenario: Scenario) -> Result<Engine, String> {
        let s = Arc::new(scenario);
        let c = &s.config;
        let conf = ClusterConf {
            cache_levels: c.cache_levels,
            nodegroup_aware: c.nodegroup_aware,
            heartbeats_in_second: c.heartbeats_in_second,
            heartbeat_scaling_factor: c.heartbeat_scaling_factor,
            running_counts: c.cluster_running_counts,
            jt_identifier: "test".into(),
            auto_succeed: true,
        };
        let mut cluster = Cluster::new(conf);
        // Hosts named in the topology but running no tracker are DataNodes; they are resolved
        // when a job's splits name them. Trackers are resolved here, in file order.
        for t in &s.trackers {
            cluster.add_tracker(&t.name, &t.host, &t.rack, t.map_slots, t.reduce_slots)?;
        }
        let scheduler = match s.scheduler {
            SchedulerKind::Fifo => Scheduler::Fifo(fifo::JobQueueTaskScheduler::new(c.pad_fraction)),
            SchedulerKind::LimitTasksPerJob => {
                Scheduler::LimitTasksPerJob(limit_tasks::LimitTasksPerJobTaskScheduler::new(c.max_running_tasks_per_job))
            }
            SchedulerKind::Capacity => Scheduler::Capacity(crate::sched::capacity::CapacityTaskScheduler::new(
                &s.capacity.clone().unwrap_or_default(),
                &mut cluster,
            )?),
            SchedulerKind::Fair => {
                Scheduler::Fair(crate::sched::fair::FairScheduler::new(s.fair.clone().unwrap_or_default(), &cluster))
            }
        };
        let mut e = Engine {
            rng: ChaCha8Rng::seed_from_u64(s.seed),
            scenario: s.clone(),
            cluster,
            scheduler,
            cursor: 0,
            hb: 0,
            heartbeats: BinaryHeap::new(),
            auto_started: false,
            arrivals: Vec::new(),
            init_queue: Vec::new(),
            initializing: Vec::new(),
            run_until: None,
            failures: Vec::new(),
            ended: false,
            placement: Arc::new(placement::Placement::new(s.trackers.iter().map(|t| (t.host.as_str(), t.rack.as_str())))),
        };
        if s.steps.is_some() {
            for j in &s.jobs {
                e.submit(j, j.submit_time.unwrap_or(0))?;
            }
        } else {
            let mut arr = s.jobs.clone();
            arr.sort_by_key(|j| (j.submit_time.unwrap_or(0), j.id));
            arr.reverse();
            e.arrivals = arr;
        }
        e.flush_events();
        Ok(e)
    }

    /// A rough estimate of the memory a checkpoint of this engine comes to hold (the jobs that
    /// can still change, whose copies a checkpoint keeps; trackers), for history's budget.
    pub fn approx_bytes(&self) -> usize {
        let tips: usize = self.cluster.jobs.values().filter(|j| !j.state.is_terminal()).map(|j| j.maps.len() + j.reduces.len()).sum();
        tips * 600 + self.cluster.trackers.len() * 300 + 4096
    }

    pub fn is_scripted(&self) -> bool {
        self.scenario.steps.is_some()
    }

    /// Deliver job events to the scheduler's listeners.
    fn flush_events(&mut self) {
        let events = std::mem::take(&mut self.cluster.events);
        for ev in &events {
            self.scheduler.job_event(&self.cluster, ev);
        }
        // Jobs the scheduler hands to its job initializer (Fair: `updateRunnability`).
        for id in self.scheduler.take_init_requests() {
            self.enqueue_init(id);
        }
    }

    /// Build a `JobInProgress` from its spec and submit it at `start`.
    fn submit(&mut self, spec: &JobSpec, start: Millis) -> Result<(), String> {
        let c = &self.scenario.config;
        let id = JobId(spec.id);
        if self.cluster.jobs.contains_key(&id) {
            return Err(format!("job {} submitted twice", spec.id));
        }
        let map_dur = c.map_duration_ms;
        let maps: Vec<Tip> = match &spec.maps {
            MapsSpec::List(l) => l
                .iter()
                .enumerate()
                .map(|(i, m)| Tip::new(TaskType::Map, i as u32, m.locations.clone(), m.duration_ms.unwrap_or(map_dur)))
                .collect(),
            MapsSpec::Placed { count, replicas, duration_ms } => {
                let placement = self.placement.clone();
                (0..*count as u32)
                    .map(|i| {
                        let locs = placement.place(&mut self.rng, *replicas);
                        Tip::new(TaskType::Map, i, locs, duration_ms.unwrap_or(map_dur))
                    })
                    .collect()
            }
        };
        let red_dur = spec.reduce_duration_ms.unwrap_or(c.reduce_duration_ms);
        let reduces = (0..spec.reduces as u32).map(|i| Tip::new(TaskType::Reduce, i, vec![], red_dur)).collect();
        let job = Job {
            id,
            name: spec.name.clone().unwrap_or_else(|| format!("job{}", spec.id)),
            user: spec.user.clone(),
            queue: spec.queue.clone(),
            priority: spec.priority,
            start_time: start,
            state: RunState::Prep,
            inited: false,
            init_ms: spec.init_ms,
            init_time: None,
            maps,
            reduces,
            finished_maps: 0,
            finished_reduces: 0,
            failed_map_tips: 0,
            failed_reduce_tips: 0,
            running_maps: 0,
            running_reduces: 0,
            speculative_maps: 0,
            speculative_reduces: 0,
            completed_maps_for_reduce_slowstart: 0,
            conf: JobConf {
                speculative_maps: spec.speculative_maps.unwrap_or(c.speculative_maps),
                speculative_reduces: spec.speculative_reduces.unwrap_or(c.speculative_reduces),
                map_max_attempts: c.map_max_attempts,
                reduce_max_attempts: c.reduce_max_attempts,
                max_map_failures_percent: c.max_map_failures_percent,
                max_reduce_failures_percent: c.max_reduce_failures_percent,
                max_tracker_failures: c.max_tracker_failures,
                slowstart: spec.slowstart.unwrap_or(c.slowstart),
                props: spec.conf.iter().cloned().collect(),
            },
            max_level: c.cache_levels,
            caches: MapCaches::default(),
            tracker_failures: Default::default(),
            flaky_trackers: 0,
            counters: Counters::default(),
            map_progress: 0.0,
            reduce_progress: 0.0,
            maps_done_time: None,
            finish_time: None,
            num_scheduling_opportunities: 0,
            locality_wait_factor: 1.0,
            slots_per_map: 1,
            slots_per_reduce: 1,
            had_concurrent_attempts: [false; 2],
        };
        self.scheduler.check_admission(&self.cluster, &job)?;
        // DataNode hosts listed in the topology get their rack when first resolved.
        for m in &job.maps {
            for h in &m.locations {
                if self.cluster.topology.host_node(h).is_none() {
                    let rack = self.scenario.rack_of(h).to_string();
                    self.cluster.topology.add_host(h, &rack, c.cache_levels)?;
                }
            }
        }
        self.cluster.submit(job);
        match spec.state {
            Some(RunState::Prep) => {}
            Some(RunState::Running) => self.cluster.init_job(id)?,
            Some(terminal) => {
                // Put there directly, as Hadoop's tests do: no state-change event.
                if let Some(j) = self.cluster.jobs.get_mut(&id) {
                    j.state = terminal;
                }
            }
            // The Capacity Scheduler's own poller initialises its jobs.
            None if self.scheduler.initializes_jobs() => {}
            None => self.enqueue_init(id),
        }
        Ok(())
    }

    /// `EagerTaskInitializationListener.jobAdded`: queue by priority, then start time.
    fn enqueue_init(&mut self, id: JobId) {
        self.init_queue.push(id);
        let jobs = &self.cluster.jobs;
        self.init_queue.sort_by_key(|j| (jobs[j].priority, jobs[j].start_time));
        self.start_inits();
    }

    /// Start queued initialisations while threads are free; finish those due by now.
    fn start_inits(&mut self) {
        loop {
            let now = self.cluster.now;
            let mut done: Vec<JobId> = Vec::new();
            self.initializing.retain(|(t, j)| {
                if *t <= now {
                    done.push(*j);
                    false
                } else {
                    true
                }
            });
            for j in &done {
                let _ = self.cluster.init_job(*j);
            }
            let threads = self.scenario.config.jobinit_threads as usize;
            let mut started = false;
            while self.initializing.len() < threads && !self.init_queue.is_empty() {
                let j = self.init_queue.remove(0);
                let Some(job) = self.cluster.jobs.get(&j) else { continue };
                if job.state != RunState::Prep {
                    continue;
                }
                self.initializing.push((now + job.init_ms, j));
                started = true;
            }
            if done.is_empty() && !started {
                break;
            }
        }
        self.flush_events();
    }

    fn set_now(&mut self, t: Millis) {
        if t > self.cluster.now {
            // Initialisations finishing in between happen at their own times.
            loop {
                let next = self.initializing.iter().map(|(t, _)| *t).min();
                match next {
                    Some(n) if n <= t => {
                        self.cluster.now = n.max(self.cluster.now);
                        self.start_inits();
                    }
                    _ => break,
                }
            }
            self.cluster.now = t;
            self.start_inits();
            self.scheduler.on_clock(&mut self.cluster, t);
            self.flush_events();
        }
    }

    /// One TaskTracker heartbeat (`JobTracker.heartbeat`): process the tracker's report,
    /// then ask the scheduler for tasks.
    pub fn heartbeat(&mut self, ti: usize) -> HeartbeatRecord {
        let now = self.cluster.now;
        let mut reported = Vec::new();
        // Report: attempts whose time is up (automatic mode) finish now.
        let due: Vec<AttemptId> = self.cluster.trackers[ti]
            .running
            .iter()
            .filter(|r| r.end_time.is_some_and(|e| e <= now))
            .map(|r| r.attempt)
            .collect();
        for aid in due {
            if self.cluster.end_attempt(aid, AttemptEnd::Succeeded).is_ok() {
                reported.push(Reported { attempt: aid, outcome: AttemptEnd::Succeeded });
            }
        }
        self.update_progress(ti);
        self.cluster.record_report(ti);
        self.cluster.trackers[ti].last_heartbeat = Some(now);
        self.flush_events();
        let (assigned, decision) = self.scheduler.assign_tasks(&mut self.cluster, ti);
        self.flush_events();
        self.hb += 1;
        for a in &assigned {
            self.set_end_time(ti, a.attempt_id(), a.locality.and_then(Locality::parse));
        }
        let interval = self.cluster.heartbeat_interval();
        let t = &self.cluster.trackers[ti];
        HeartbeatRecord {
            hb: self.hb,
            time_ms: now,
            tracker: t.name.clone(),
            host: t.host.clone(),
            reported,
            assigned,
            decision,
            next_interval_ms: interval,
        }
    }

    /// Automatic mode: progress of this tracker's attempts, as its report would carry it.
    fn update_progress(&mut self, ti: usize) {
        if !self.auto_started {
            return;
        }
        let now = self.cluster.now;
        let items: Vec<(AttemptId, f32)> = self.cluster.trackers[ti]
            .running
            .iter()
            .filter_map(|r| {
                let end = r.end_time?;
                let span = (end - r.launch_time).max(1) as f32;
                Some((r.attempt, ((now - r.launch_time) as f32 / span).clamp(0.0, 0.999)))
            })
            .collect();
        for (aid, p) in items {
            let _ = self.cluster.set_progress(aid, p);
        }
    }

    /// Automatic mode: when an attempt will finish.
    fn set_end_time(&mut self, ti: usize, aid: AttemptId, locality: Option<Locality>) {
        if !self.auto_started {
            return;
        }
        let c = &self.scenario.config;
        let now = self.cluster.now;
        let job = &self.cluster.jobs[&JobId(aid.job)];
        let tip = &job.tips(aid.kind)[aid.index as usize];
        let end = match aid.kind {
            TaskType::Map => {
                let factor = match locality {
                    Some(Locality::Rack) => c.rack_local_slowdown,
                    Some(Locality::OffSwitch) => c.off_switch_slowdown,
                    _ => 1.0,
                };
                Some(now + (tip.duration_ms as f64 * factor).round() as Millis)
            }
            TaskType::Reduce => job.maps_done_time.map(|m| m.max(now) + tip.duration_ms),
        };
        if let Some(r) = self.cluster.trackers[ti].running.iter_mut().find(|r| r.attempt == aid) {
            r.end_time = end;
        }
    }

    /// Reduces waiting for their job's last map get an end time once it finishes.
    /// Only the heartbeating tracker's reduces matter: completions are noticed at its report.
    fn settle_reduces(&mut self, ti: usize) {
        {
            let t = &mut self.cluster.trackers[ti];
            for r in &mut t.running {
                if r.end_time.is_none() && r.attempt.kind == TaskType::Reduce {
                    let job = &self.cluster.jobs[&JobId(r.attempt.job)];
                    if let Some(m) = job.maps_done_time {
                        let d = job.reduces[r.attempt.index as usize].duration_ms;
                        r.end_time = Some(m.max(r.launch_time) + d);
                    }
                }
            }
        }
    }

    fn start_auto(&mut self) {
        if self.auto_started {
            return;
        }
        self.auto_started = true;
        let interval = self.cluster.heartbeat_interval();
        let now = self.cluster.now;
        for ti in 0..self.cluster.trackers.len() {
            let phase = (self.rng.next_u64() % interval.max(1) as u64) as Millis;
            self.heartbeats.push(Reverse((now + phase, ti)));
        }
        // Attempts launched by earlier scripted steps get their end times now.
        for ti in 0..self.cluster.trackers.len() {
            let ids: Vec<(AttemptId, Option<Locality>)> = self.cluster.trackers[ti]
                .running
                .iter()
                .filter(|r| r.end_time.is_none())
                .map(|r| {
                    let job = &self.cluster.jobs[&JobId(r.attempt.job)];
                    let tip = &job.tips(r.attempt.kind)[r.attempt.index as usize];
                    let lvl = tip.active.iter().find(|a| a.attempt == r.attempt.attempt).and_then(|a| a.level);
                    (r.attempt, lvl.map(|l| crate::model::cluster::classify(l, self.cluster.conf.nodegroup_aware)))
                })
                .collect();
            for (aid, loc) in ids {
                self.set_end_time(ti, aid, loc);
            }
        }
    }

    fn all_done(&self) -> bool {
        self.arrivals.is_empty()
            && self.init_queue.is_empty()
            && self.initializing.is_empty()
            && self.cluster.jobs.values().all(|j| j.state.is_terminal())
    }

    /// Automatic driver: run to the next heartbeat, or `None` when the run is over.
    fn auto_next(&mut self, until: Option<Millis>) -> Option<HeartbeatRecord> {
        self.start_auto();
        loop {
            if self.hb >= self.scenario.run.max_heartbeats {
                return None;
            }
            if self.cluster.trackers.is_empty() {
                return None;
            }
            if self.run_until.is_none() && self.all_done() {
                return None;
            }
            let Reverse((t_hb, ti)) = *self.heartbeats.peek().expect("one entry per tracker");
            let t_arr = self.arrivals.last().map(|j| j.submit_time.unwrap_or(0));
            let t_init = self.initializing.iter().map(|(t, _)| *t).min();
            let next = [Some(t_hb), t_arr, t_init].into_iter().flatten().min().expect("heartbeat time");
            if let Some(u) = until {
                if next > u {
                    self.set_now(u);
                    return None;
                }
            }
            if t_arr == Some(next) {
                let spec = self.arrivals.pop().expect("peeked");
                self.set_now(next);
                if let Err(e) = self.submit(&spec, next) {
                    self.failures.push(CheckFailure { step: format!("job {}", spec.id), hb: None, message: e });
                }
                self.flush_events();
                continue;
            }
            if t_init == Some(next) && next < t_hb {
                self.set_now(next);
                continue;
            }
            self.heartbeats.pop();
            self.set_now(t_hb);
            self.settle_reduces(ti);
            let rec = self.heartbeat(ti);
            let mut next_t = t_hb + rec.next_interval_ms;
            if self.scenario.config.out_of_band_heartbeat {
                if let Some(first_end) = self.cluster.trackers[ti].running.iter().filter_map(|r| r.end_time).min() {
                    next_t = next_t.min(first_end.max(t_hb + 1));
                }
            }
            self.heartbeats.push(Reverse((next_t, ti)));
            return Some(rec);
        }
    }

    /// Advance to the next heartbeat (running scripted steps on the way). `None` at the end.
    pub fn next_heartbeat(&mut self) -> Option<HeartbeatRecord> {
        if self.ended {
            return None;
        }
        let r = if self.is_scripted() { self.scripted_next() } else { self.auto_next(None) };
        if r.is_none() {
            self.ended = true;
        }
        r
    }

    fn scripted_next(&mut self) -> Option<HeartbeatRecord> {
        let steps = self.scenario.clone();
        let steps = steps.steps.as_ref().expect("scripted");
        loop {
            if let Some(u) = self.run_until {
                match self.auto_next(Some(u)) {
                    Some(rec) => return Some(rec),
                    None => self.run_until = None,
                }
            }
            let step = steps.get(self.cursor)?;
            self.cursor += 1;
            if let Some(rec) = self.exec(step) {
                return Some(rec);
            }
        }
    }

    fn fail(&mut self, step: &Step, message: String) {
        self.failures.push(CheckFailure { step: step.path.clone(), hb: Some(self.hb), message });
    }

    /// Run one scripted step; a heartbeat step returns its record.
    fn exec(&mut self, step: &Step) -> Option<HeartbeatRecord> {
        let res: Result<(), String> = match &step.kind {
            StepKind::Heartbeat { tracker, expect, expect_count, .. } => {
                let Some(ti) = self.cluster.tracker_index(tracker) else {
                    self.fail(step, format!("tracker {tracker} has not joined the cluster at this step"));
                    return None;
                };
                let rec = self.heartbeat(ti);
                let got: Vec<String> = rec
                    .assigned
                    .iter()
                    .map(|a| format!("{}/{}", a.attempt_id(), a.locality.unwrap_or("-")))
                    .collect();
                if let Some(exp) = expect {
                    let jt = self.cluster.conf.jt_identifier.clone();
                    let ok = exp.len() == rec.assigned.len()
                        && exp.iter().zip(&rec.assigned).all(|(e, a)| match &e.label {
                            Some(label) => {
                                *label == self.scheduler.attempt_label(&jt, a.attempt_id())
                                    && e.on.as_ref().is_none_or(|t| t == tracker)
                            }
                            None => e.attempt == a.attempt_id() && e.locality.is_none_or(|l| Some(l.as_str()) == a.locality),
                        });
                    if !ok {
                        let want: Vec<String> = exp.iter().map(|e| e.to_string()).collect();
                        self.fail(
                            step,
                            format!(
                                "heartbeat {} ({} at {} ms): expected [{}], got [{}]",
                                rec.hb,
                                tracker,
                                rec.time_ms,
                                want.join(", "),
                                got.join(", ")
                            ),
                        );
                    }
                }
                if let Some(n) = expect_count {
                    if *n as usize != rec.assigned.len() {
                        self.fail(step, format!("heartbeat {}: expected {n} tasks, got {} [{}]", rec.hb, rec.assigned.len(), got.join(", ")));
                    }
                }
                return Some(rec);
            }
            StepKind::Advance { ms } => {
                let t = self.cluster.now + ms;
                self.set_now(t);
                Ok(())
            }
            StepKind::Submit { job } => {
                let mut spec = (**job).clone();
                if spec.id == 0 {
                    spec.id = self.cluster.jobs.keys().map(|j| j.0).max().unwrap_or(0) + 1;
                }
                let start = spec.submit_time.unwrap_or(self.cluster.now);
                self.submit(&spec, start)
            }
            StepKind::Finish { attempt } => self.cluster.end_attempt(*attempt, AttemptEnd::Succeeded),
            StepKind::Fail { attempt } => self.cluster.end_attempt(*attempt, AttemptEnd::Failed),
            StepKind::KillTask { attempt } => self.cluster.end_attempt(*attempt, AttemptEnd::Killed),
            StepKind::Progress { attempt, value } => self.cluster.set_progress(*attempt, *value),
            StepKind::SetPriority { job, priority } => {
                self.cluster.set_priority(JobId(*job), *priority);
                Ok(())
            }
            StepKind::SetStartTime { job, time, relative_to, offset } => {
                let base = match (time, relative_to) {
                    (Some(t), _) => *t,
                    (None, Some(r)) => self.cluster.jobs.get(&JobId(*r)).map(|j| j.start_time).unwrap_or(0) + offset,
                    _ => 0,
                };
                self.cluster.set_start_time(JobId(*job), base);
                Ok(())
            }
            StepKind::SetState { job, state } => {
                self.cluster.set_state(JobId(*job), *state);
                Ok(())
            }
            StepKind::KillJob { job } => {
                self.cluster.terminate(JobId(*job), RunState::Killed);
                Ok(())
            }
            StepKind::Init { job } => self.cluster.init_job(JobId(*job)),
            StepKind::ExpectQueue { order } => {
                let got: Vec<u32> = self.scheduler.job_order().iter().map(|j| j.0).collect();
                if got != *order {
                    Err(format!("expected job queue {order:?}, got {got:?}"))
                } else {
                    Ok(())
                }
            }
            StepKind::ExpectJob { job, checks } => self.check_job(*job, checks),
            StepKind::ExpectHeartbeatInterval { ms } => {
                let got = self.cluster.heartbeat_interval();
                if got != *ms { Err(format!("expected heartbeat interval {ms} ms, got {got} ms")) } else { Ok(()) }
            }
            StepKind::ExpectMatchingLevel { a, b, max_level, level } => {
                // Hosts listed in `topology` are resolved on a scratch copy if not yet known.
                let mut topo = self.cluster.topology.clone();
                for h in [a, b] {
                    if topo.host_node(h).is_none() && self.scenario.topology.iter().any(|(_, hs)| hs.contains(h)) {
                        let _ = topo.add_host(h, self.scenario.rack_of(h), 1);
                    }
                }
                match (topo.host_node(a), topo.host_node(b)) {
                    (Some(x), Some(y)) => {
                        let got = topo.matching_level(x, y, *max_level);
                        if got != *level { Err(format!("expected matching level {level} for {a} and {b}, got {got}")) } else { Ok(()) }
                    }
                    _ => Err(format!("host {a} or {b} is not in the topology (hosts are resolved as trackers register and jobs initialise)")),
                }
            }
            StepKind::Run { until_ms } => {
                self.run_until = Some(*until_ms);
                Ok(())
            }
            StepKind::Sched { op, args } => match self.scheduler.exec_step(&mut self.cluster, op, args) {
                Some(r) => r,
                None => Err(format!("the {} scheduler does not support op {op:?}", self.scheduler.name())),
            },
        };
        self.flush_events();
        if let Err(e) = res {
            self.fail(step, e);
        }
        None
    }

    fn check_job(&self, id: u32, c: &crate::scenario::steps::JobChecks) -> Result<(), String> {
        let j = self.cluster.jobs.get(&JobId(id)).ok_or_else(|| format!("no job {id}"))?;
        let mut bad = Vec::new();
        if let Some(s) = c.state {
            if j.state != s {
                bad.push(format!("state expected {}, got {}", s.as_str(), j.state.as_str()));
            }
        }
        for (k, v) in &c.numbers {
            let got = match *k {
                "running_maps" => j.running_maps as i64,
                "running_reduces" => j.running_reduces as i64,
                "pending_maps" => j.pending_maps(),
                "pending_reduces" => j.pending_reduces(),
                "finished_maps" => j.finished_maps as i64,
                "finished_reduces" => j.finished_reduces as i64,
                "failed_map_tips" => j.failed_map_tips as i64,
                "failed_reduce_tips" => j.failed_reduce_tips as i64,
                _ => unreachable!(),
            };
            if got != *v {
                bad.push(format!("{k} expected {v}, got {got}"));
            }
        }
        if let Some(sr) = c.schedule_reduces {
            if j.schedule_reduces() != sr {
                bad.push(format!("schedule_reduces expected {sr}, got {}", j.schedule_reduces()));
            }
        }
        for (name, v) in &c.counters {
            let got = j.counters.get(name).unwrap_or(0);
            if got != *v {
                bad.push(format!("{name} expected {v}, got {got}"));
            }
        }
        if bad.is_empty() { Ok(()) } else { Err(format!("job {id}: {}", bad.join("; "))) }
    }

    /// Launches recorded in this engine's last heartbeat have `Launched` info in the record;
    /// this is a helper for invariant checks.
    pub fn check_invariants(&self) -> Result<(), String> {
        for t in &self.cluster.trackers {
            for kind in [TaskType::Map, TaskType::Reduce] {
                if t.occupied_slots(kind) > t.max_slots(kind) {
                    return Err(format!("{} has {} {} slots in use of {}", t.name, t.occupied_slots(kind), kind.as_str(), t.max_slots(kind)));
                }
            }
        }
        for j in self.cluster.jobs.values() {
            let running: u32 = j.maps.iter().map(|t| t.active.len() as u32).sum();
            if running != j.running_maps {
                return Err(format!("J{}: running_maps {} but {} active map attempts", j.id.0, j.running_maps, running));
            }
            let on_trackers = self
                .cluster
                .trackers
                .iter()
                .flat_map(|t| t.running.iter())
                .filter(|r| r.attempt.job == j.id.0 && r.attempt.kind == TaskType::Map)
                .count() as u32;
            if on_trackers != running {
                return Err(format!("J{}: {} map attempts on trackers, {} active", j.id.0, on_trackers, running));
            }
            if j.pending_maps() < 0 || j.pending_reduces() < 0 {
                return Err(format!("J{}: negative pending count", j.id.0));
            }
            if j.maps.iter().any(|t| t.complete && t.failed) {
                return Err(format!("J{}: a TIP both complete and failed", j.id.0));
            }
        }
        Ok(())
    }
}

/// Kept for callers that want the launched info of an assignment.
pub fn launched_of(a: &crate::explain::Assignment) -> Launched {
    Launched {
        attempt: a.attempt_id(),
        level: a.level,
        locality: a.locality.and_then(Locality::parse),
        speculative: a.speculative,
        source: None,
    }
}
