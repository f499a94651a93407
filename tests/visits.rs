//! A heartbeat in slow motion (`explain::visit`) against the engine:
//! for every built-in scenario, every built-in lesson's scenario and 200 generated ones, each
//! heartbeat is run from a clone of the engine, and its sub-steps are checked
//!
//! - for order and shape (`visits/shape.rs`): the scheduler's visits in the record's order,
//!   launches a growing prefix of the assignments, listing lines that exist, the after-state
//!   last;
//! - for their values, recomputed here from the engine's state (before the heartbeat, and
//!   after it less the launches not yet made at the visit), never read back from the record:
//!   FIFO's load factor, tracker cap and `exceededPadding` (`JobQueueTaskScheduler.assignTasks`);
//!   Fair's allowed level from `lastMapLocalityLevel`, `timeWaitedForLocalMap`, the wait
//!   `updateLocalityWaitTimes` charges and the delays (`FairScheduler.getAllowedLocalityLevel`);
//!   Capacity's used and capacity of each queue at each lookup and the user limit
//!   (`CapacitySchedulerQueue.assignSlotsToJob`).
//!
//! Over the whole set, Fair's level escalations, Capacity's user-limit skips, FIFO's padding
//! and its one off-switch map each occur at least once.
#![cfg(not(target_arch = "wasm32"))]

mod common;
#[path = "visits/shape.rs"]
mod shape;

use schedscope::explain::visit::{self, Step, Visit};
use schedscope::explain::{Decision, HeartbeatRecord};
use schedscope::model::{Cluster, JobId, Millis, RunState, TaskType};
use schedscope::sched::Scheduler;
use schedscope::sched::capacity::CapacityTaskScheduler;
use schedscope::sched::capacity::decision::{JobVerdict, QueueStanding};
use schedscope::sched::capacity::queue::LimitCalc;
use schedscope::sched::capacity::settings::ClusterCapacityRule;
use schedscope::sched::fair::FairScheduler;
use schedscope::sched::fair::decision::POOL_LINES;
use schedscope::sched::fair::delay::{LevelReason, LocalityLevel};
use schedscope::sched::fifo::{LoadCalc, MapStop, PaddingCheck};
use schedscope::sim::Engine;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Heartbeats checked per built-in scenario at most: past the last one a lesson stops at
/// (heartbeat 683 of `paper-sticky-slots`).
const MAX_BUILTIN_HEARTBEATS: u64 = 700;
/// Heartbeats per generated scenario at most.
const MAX_HEARTBEATS: u64 = 400;

/// What the whole set showed, by name: the cases it must cover at least once.
#[derive(Default)]
struct Seen(BTreeMap<&'static str, u32>);

impl Seen {
    fn add(&mut self, what: &'static str) {
        *self.0.entry(what).or_default() += 1;
    }
}

/// One heartbeat as the test sees it: the engine before (`before`, as the previous heartbeat
/// left it) and after (`after`), the record and its sub-steps.
struct Hb<'a> {
    before: &'a Engine,
    after: &'a Engine,
    rec: &'a HeartbeatRecord,
    visits: &'a [Visit],
    ti: usize,
    /// The previous heartbeat's time (any tracker).
    previous_ms: Option<Millis>,
}

impl Hb<'_> {
    /// Assignments of `kind` this heartbeat made to job `job`, among the first `upto`.
    fn launched_of(&self, job: u32, kind: TaskType, upto: usize) -> u32 {
        self.rec.assigned[..upto].iter().filter(|a| a.job == job && a.kind == kind).count() as u32
    }
    /// Tasks of `kind` the heartbeat launched, in all.
    fn launched_kind(&self, kind: TaskType) -> u32 {
        self.rec.assigned.iter().filter(|a| a.kind == kind).count() as u32
    }
}

fn kind_count(c: &Cluster, ti: usize, kind: TaskType) -> u32 {
    c.trackers[ti].running.iter().filter(|r| r.attempt.kind == kind).count() as u32
}

/// The live trackers' slots of `kind` (`ClusterStatus.getMaxMapTasks` / `getMaxReduceTasks`).
fn cluster_slots(c: &Cluster, kind: TaskType) -> u32 {
    c.trackers.iter().filter(|t| t.is_live()).map(|t| t.max_slots(kind)).sum()
}

// ---------------------------------------------------------------------------------------
// FIFO: `JobQueueTaskScheduler.assignTasks` and `exceededPadding`.

fn fifo_load(h: &Hb, kind: TaskType) -> LoadCalc {
    let c = &h.after.cluster;
    let remaining: u64 = c
        .jobs
        .values()
        .filter(|j| j.state == RunState::Running)
        .map(|j| match kind {
            TaskType::Map => (j.desired_maps() - j.finished_maps) as u64,
            TaskType::Reduce if j.schedule_reduces() => (j.desired_reduces() - j.finished_reduces) as u64,
            TaskType::Reduce => 0,
        })
        .sum();
    let cap = cluster_slots(c, kind);
    let factor = if cap > 0 { remaining as f64 / cap as f64 } else { 0.0 };
    let tcap = c.trackers[h.ti].max_slots(kind);
    let current = ((factor * tcap as f64).ceil() as u32).min(tcap);
    // The tracker before this heartbeat's launches (all of them on it).
    let running = kind_count(c, h.ti, kind) - h.launched_kind(kind);
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

/// `exceededPadding(isMap, clusterStatus, maxTaskTrackerSlots)` over the job queue, with the
/// cluster's running count as the JobTracker counts it when the check is made (the maps'
/// before any map launch, the reduces' after the maps).
fn fifo_padding(h: &Hb, kind: TaskType, pad_fraction: f32, max_tracker_slots: u32) -> PaddingCheck {
    let c = &h.after.cluster;
    let live = c.trackers.iter().filter(|t| t.is_live());
    let total_tasks = match (c.conf.running_counts, kind) {
        (schedscope::model::cluster::RunningCounts::Immediate, _) => {
            live.map(|t| t.running.iter().filter(|r| r.attempt.kind == kind).count() as u32).sum::<u32>()
                - h.launched_kind(kind)
        }
        (_, TaskType::Map) => live.map(|t| t.reported_maps).sum(),
        (_, TaskType::Reduce) => live.map(|t| t.reported_reduces).sum(),
    };
    let num_trackers = c.trackers.iter().filter(|t| t.is_live()).count() as u32;
    let mut p = PaddingCheck {
        total_tasks,
        total_capacity: cluster_slots(c, kind),
        num_trackers,
        pad_fraction,
        total_needed: 0,
        padding: 0,
        tripped_by: None,
        exceeded: false,
        no_eligible_job: true,
    };
    for id in h.after.scheduler.job_order() {
        let Some(j) = c.jobs.get(&id) else { continue };
        if j.state != RunState::Running || j.num_reduces() == 0 {
            continue;
        }
        p.no_eligible_job = false;
        p.total_needed += match kind {
            TaskType::Map => j.desired_maps(),
            TaskType::Reduce => j.desired_reduces(),
        } as u64;
        p.padding =
            if num_trackers > 3 { max_tracker_slots.min((p.total_needed as f32 * pad_fraction) as u32) } else { 0 };
        if p.total_tasks + p.padding >= p.total_capacity {
            p.exceeded = true;
            p.tripped_by = Some(id.0);
            break;
        }
        if p.padding == max_tracker_slots || num_trackers <= 3 {
            break;
        }
    }
    p
}

/// The jobs `assignTasks` asks for the heartbeat's one reduce: RUNNING jobs with reduces in
/// queue order, up to the one that got it, or only the first when padding is exceeded.
fn fifo_reduce_asked(h: &Hb, exceeded: bool) -> Vec<u32> {
    let c = &h.after.cluster;
    let got = h.rec.assigned.iter().find(|a| a.kind == TaskType::Reduce).map(|a| a.job);
    let mut out = Vec::new();
    for id in h.after.scheduler.job_order() {
        let Some(j) = c.jobs.get(&id) else { continue };
        if j.state != RunState::Running || j.num_reduces() == 0 {
            continue;
        }
        out.push(id.0);
        if Some(id.0) == got || exceeded {
            break;
        }
    }
    out
}

fn check_fifo(h: &Hb, pad_fraction: f32, seen: &mut Seen) -> Result<(), String> {
    let mut reduce_slot = false;
    let mut reduce_exceeded = false;
    // The map loop: slot after slot, each asking the jobs in queue order.
    let queue: Vec<u32> = h.after.scheduler.job_order().iter().map(|j| j.0).collect();
    let mut last_try: Option<(u32, usize)> = None;
    for x in h.visits {
        if let Step::FifoMap { visit: t } = &x.step {
            let pos = queue.iter().position(|j| *j == t.job).ok_or(format!("J{} asked, not queued", t.job))?;
            let ok = match last_try {
                None => t.slot == 0,
                Some((slot, p)) => (t.slot == slot && pos >= p) || t.slot == slot + 1,
            };
            if !ok {
                return Err(format!("map try J{} for slot {} after {last_try:?} (queue {queue:?})", t.job, t.slot));
            }
            last_try = Some((t.slot, pos));
        }
        match &x.step {
            Step::FifoLoad { calc } => {
                let kind = x.kind.ok_or("a load factor without a task type")?;
                let want = fifo_load(h, kind);
                if *calc != want {
                    return Err(format!("{kind:?} load: played {calc:?}, the engine gives {want:?}"));
                }
                seen.add("checked: fifo load factors");
                if kind == TaskType::Reduce {
                    reduce_slot = want.available > 0;
                }
                if want.tracker_current_capacity < want.tracker_capacity && want.available >= 0 {
                    seen.add("fifo: the load factor caps the tracker");
                }
            }
            Step::FifoPadding { check } => {
                let kind = x.kind.ok_or("padding without a task type")?;
                let want = fifo_padding(h, kind, pad_fraction, fifo_load(h, kind).tracker_capacity);
                if *check != want {
                    return Err(format!("{kind:?} padding: played {check:?}, the engine gives {want:?}"));
                }
                seen.add("checked: fifo padding");
                if kind == TaskType::Reduce {
                    reduce_exceeded = want.exceeded;
                }
                if want.exceeded && want.padding > 0 {
                    seen.add("fifo: padding exceeded");
                }
            }
            Step::FifoMapStop { stop: MapStop::PaddingExceeded { .. } } => seen.add("fifo: padding stops the maps"),
            Step::FifoMapStop { stop: MapStop::OffSwitch { .. } } => seen.add("fifo: the one off-switch map"),
            _ => {}
        }
    }
    // The reduce's askers, recomputed from the queue: the record lists the first 40 jobs.
    if reduce_slot {
        let want = fifo_reduce_asked(h, reduce_exceeded);
        let played: Vec<u32> = h
            .visits
            .iter()
            .filter_map(|x| match &x.step {
                Step::FifoReduce { job, .. } => Some(*job),
                _ => None,
            })
            .collect();
        let unlisted: u32 = h
            .visits
            .iter()
            .filter_map(|x| match (&x.step, x.kind) {
                (Step::Unlisted { count, .. }, Some(TaskType::Reduce)) => Some(*count),
                _ => None,
            })
            .sum();
        // The listed askers in order, the counted ones among them.
        let mut rest = want.iter();
        let in_order = played.iter().all(|j| rest.any(|w| w == j));
        if !in_order || played.len() + unlisted as usize != want.len() {
            return Err(format!("reduce asked {played:?} (+{unlisted} unlisted), the queue gives {want:?}"));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Fair: `updateLocalityWaitTimes` and `getAllowedLocalityLevel`.

/// `getAllowedLocalityLevel`'s wait table: NODE → RACK at `node`, → ANY at `node + rack`;
/// RACK → ANY at `rack`; anything else ANY.
fn my_level(last: LocalityLevel, waited: Millis, node: Millis, rack: Millis) -> LocalityLevel {
    match last {
        LocalityLevel::Node if waited >= node + rack => LocalityLevel::Any,
        LocalityLevel::Node if waited >= node => LocalityLevel::Rack,
        LocalityLevel::Node => LocalityLevel::Node,
        LocalityLevel::Rack if waited >= rack => LocalityLevel::Any,
        LocalityLevel::Rack => LocalityLevel::Rack,
        _ => LocalityLevel::Any,
    }
}

/// `LocalityLevel.fromTask` from a launched map's cache level.
fn my_from_task(level: Option<u32>, nodegroup: bool) -> LocalityLevel {
    match (level, nodegroup) {
        (Some(0), _) => LocalityLevel::Node,
        (Some(1), false) => LocalityLevel::Rack,
        (Some(1), true) => LocalityLevel::Nodegroup,
        (Some(2), true) => LocalityLevel::Rack,
        _ => LocalityLevel::Any,
    }
}

/// The delays in force: as configured (`locality.delay.node` / `.rack`, `locality.delay` their
/// default), or both `min(15000, 1.5 × heartbeat interval)` when computed.
fn fair_delays(h: &Hb, fs: &FairScheduler) -> Vec<(Millis, Millis)> {
    let c = &fs.conf;
    let node = c.node_locality_delay.unwrap_or(c.locality_delay);
    let rack = c.rack_locality_delay.unwrap_or(c.locality_delay);
    if c.locality_delay == -1 && (node == -1 || rack == -1) {
        // Computed at each `update()`: from the interval before or after the heartbeat.
        [&h.before.cluster, &h.after.cluster]
            .iter()
            .map(|cl| {
                let d = 15_000.min((1.5 * cl.heartbeat_interval() as f64) as Millis);
                (d, d)
            })
            .collect()
    } else {
        vec![(node, rack)]
    }
}

fn check_fair(h: &Hb, seen: &mut Seen) -> Result<(), String> {
    let (Scheduler::Fair(fb), Scheduler::Fair(fa)) = (&h.before.scheduler, &h.after.scheduler) else {
        return Err("a Fair record from another scheduler".into());
    };
    let now = h.rec.time_ms;
    // `updateLocalityWaitTimes`: the time since the previous heartbeat (none, or the 0
    // sentinel: nothing) for every job skipped at it.
    let delta = match h.previous_ms {
        Some(p) if p != 0 => now - p,
        _ => 0,
    };
    let delays = fair_delays(h, fa);
    let fake = fa.conf.harness.fake_task_choice();
    let nodegroup = h.after.cluster.conf.nodegroup_aware;
    // Each job's (level, wait) as the heartbeat goes, from the state before it.
    let mut state: BTreeMap<u32, (LocalityLevel, Millis)> = BTreeMap::new();
    let start = |job: u32| match fb.infos.get(&JobId(job)) {
        Some(i) => {
            let d = &i.delay;
            (
                d.last_map_locality_level,
                d.time_waited_for_local_map + if d.skipped_at_last_heartbeat { delta } else { 0 },
            )
        }
        None => (LocalityLevel::Node, 0),
    };
    // The turn's pool order, and the position of the pool asked last.
    let (mut sorted, mut at): (Vec<String>, usize) = (Vec::new(), 0);
    for x in h.visits {
        if let (Some(p), false) = (x.group(), sorted.len() >= POOL_LINES) {
            match sorted.iter().position(|s| s == p) {
                Some(i) if i >= at => at = i,
                _ => return Err(format!("pool {p} asked out of the turn's order {sorted:?}")),
            }
        }
        match &x.step {
            Step::FairTurn { order, .. } => {
                sorted = order.iter().map(|l| l.pool.clone()).collect();
                at = 0;
            }
            Step::FairWaits { delta_ms, growth } => {
                if *delta_ms != delta {
                    return Err(format!("wait charged over {delta_ms} ms, the previous heartbeat was {delta} ms ago"));
                }
                for g in growth {
                    let i =
                        fb.infos.get(&JobId(g.job)).ok_or(format!("J{} charged a wait it has no info for", g.job))?;
                    if !i.delay.skipped_at_last_heartbeat
                        || g.before_ms != i.delay.time_waited_for_local_map
                        || g.after_ms != g.before_ms + delta
                    {
                        return Err(format!(
                            "J{} wait {} → {} ms; before: {:?}",
                            g.job, g.before_ms, g.after_ms, i.delay
                        ));
                    }
                }
                let skipped = fb.infos.iter().filter(|(_, i)| i.delay.skipped_at_last_heartbeat).count();
                if skipped != growth.len() {
                    return Err(format!(
                        "{} jobs charged, {skipped} were skipped at the previous heartbeat",
                        growth.len()
                    ));
                }
            }
            Step::FairJob { pool, visit: v } => {
                let Some(a) = &v.allowed else { continue };
                seen.add("checked: fair allowed levels");
                let (last, waited) = *state.entry(v.job).or_insert_with(|| start(v.job));
                if a.last_level != last || a.waited_ms != waited {
                    return Err(format!(
                        "J{}: played {:?} after {} ms, the engine has {last:?} after {waited} ms",
                        v.job, a.last_level, a.waited_ms
                    ));
                }
                if !delays.contains(&(a.node_delay_ms, a.rack_delay_ms)) {
                    return Err(format!(
                        "J{}: delays {} / {} ms, configured {delays:?}",
                        v.job, a.node_delay_ms, a.rack_delay_ms
                    ));
                }
                let job = h.after.cluster.jobs.get(&JobId(v.job)).ok_or(format!("J{} unknown", v.job))?;
                // Location-less maps left after the heartbeat were there at the visit; a
                // launch of the job in this heartbeat may have taken the last.
                let no_info_after = if fake {
                    !job.maps.is_empty() && !job.locations_given
                } else {
                    !job.caches.non_local_maps.is_empty()
                };
                let launched_here = h.rec.assigned.iter().any(|x| x.job == v.job && x.kind == TaskType::Map);
                let p = fa.pm.find(pool).map(|i| &fa.pm.pools[i]).ok_or(format!("pool {pool} unknown"))?;
                let (min_t, fair_t) = (fa.pm.min_share_timeout(pool), fa.pm.fair_share_timeout());
                let (since_min, since_half) =
                    (now - p.map.last_time_at_min_share, now - p.map.last_time_at_half_fair_share);
                let starved = since_min > min_t || since_half > fair_t;
                match &a.reason {
                    LevelReason::Waited => {
                        if no_info_after || starved {
                            return Err(format!(
                                "J{}: by its wait, but no-locality {no_info_after}, starved {starved}",
                                v.job
                            ));
                        }
                        let want = my_level(last, waited, a.node_delay_ms, a.rack_delay_ms);
                        if a.level != want {
                            return Err(format!("J{}: allowed {:?}, the wait table gives {want:?}", v.job, a.level));
                        }
                        if a.level > last {
                            seen.add(if a.level == LocalityLevel::Any {
                                "fair: escalation to ANY"
                            } else {
                                "fair: escalation to RACK"
                            });
                        }
                    }
                    LevelReason::NoLocalityInfo => {
                        if a.level != LocalityLevel::Any || !(no_info_after || launched_here) {
                            return Err(format!("J{}: no locality information, allowed {:?}", v.job, a.level));
                        }
                    }
                    LevelReason::Starved {
                        since_min_share_ms,
                        min_share_timeout_ms,
                        since_half_fair_share_ms,
                        fair_share_timeout_ms,
                    } => {
                        let played = (
                            *since_min_share_ms,
                            *min_share_timeout_ms,
                            *since_half_fair_share_ms,
                            *fair_share_timeout_ms,
                        );
                        if a.level != LocalityLevel::Any || !starved || played != (since_min, min_t, since_half, fair_t)
                        {
                            return Err(format!(
                                "J{}: starved {played:?} allowing {:?}; the pool: {:?}",
                                v.job,
                                a.level,
                                (since_min, min_t, since_half, fair_t)
                            ));
                        }
                        seen.add("fair: a starved pool allows ANY");
                    }
                    LevelReason::NoInfo => return Err(format!("J{}: asked without a JobInfo", v.job)),
                }
                if let Some(i) = v.assigned {
                    let lvl = my_from_task(h.rec.assigned[i].level, nodegroup);
                    if v.new_level != Some(lvl) {
                        return Err(format!("J{}: launched at {lvl:?}, played {:?}", v.job, v.new_level));
                    }
                    state.insert(v.job, (lvl, 0));
                }
            }
            _ => {}
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Capacity: the queues' standing at each lookup and `assignSlotsToJob`'s user limit.

/// A queue's usage of one type at a lookup, from the engine: slots of its RUNNING jobs' tasks
/// (less this heartbeat's launches not yet made) and reserved trackers, per user.
struct Usage {
    used: i32,
    by_user: BTreeMap<String, i32>,
    active: std::collections::BTreeSet<String>,
}

fn capacity_usage(h: &Hb, cs_before: &CapacityTaskScheduler, queue: &str, kind: TaskType, made: usize) -> Usage {
    let c = &h.after.cluster;
    let mut u = Usage { used: 0, by_user: BTreeMap::new(), active: Default::default() };
    for j in c.jobs.values().filter(|j| j.queue == queue && j.state == RunState::Running) {
        // Running attempts on live trackers after the heartbeat, less the ones it launched later.
        let on_trackers: u32 = c
            .trackers
            .iter()
            .filter(|t| t.is_live())
            .map(|t| t.running.iter().filter(|r| r.attempt.job == j.id.0 && r.attempt.kind == kind).count() as u32)
            .sum();
        let running =
            on_trackers - h.rec.assigned[made..].iter().filter(|a| a.job == j.id.0 && a.kind == kind).count() as u32;
        let per = match kind {
            TaskType::Map => j.slots_per_map,
            TaskType::Reduce => j.slots_per_reduce,
        } as i32;
        let reserved = cs_before.jobs.get(&j.id).map_or(0, |i| i.reserved_count(kind)) as i32;
        let slots = (running as i32 + reserved) * per;
        u.used += slots;
        *u.by_user.entry(j.user.clone()).or_default() += slots;
        // Active: pending tasks at the start of the heartbeat (a map assignment adds its user
        // only if the job still has pending maps, so never one not already counted).
        let launched_all = h.launched_of(j.id.0, kind, h.rec.assigned.len()) as i64;
        let pending_now = match kind {
            TaskType::Map => j.pending_maps(),
            TaskType::Reduce => j.pending_reduces(),
        };
        if pending_now + launched_all > 0 && (kind == TaskType::Map || j.schedule_reduces()) {
            u.active.insert(j.user.clone());
        }
    }
    u
}

/// A queue's slot capacity: its percentage of the cluster's slots, truncated in float.
fn capacity_of(cs: &CapacityTaskScheduler, c: &Cluster, pct: f32, kind: TaskType) -> i32 {
    let cluster = match cs.setup.cluster_capacity {
        ClusterCapacityRule::SumOfTrackerSlots => cluster_slots(c, kind),
        ClusterCapacityRule::TrackersTimesDefault => {
            let d = match kind {
                TaskType::Map => cs.setup.default_map_slots,
                TaskType::Reduce => cs.setup.default_reduce_slots,
            };
            c.trackers.iter().filter(|t| t.is_live()).count() as u32 * d
        }
    } as i32;
    (pct * cluster as f32 / 100.0) as i32
}

fn ceil_div(a: i32, b: i32) -> i32 {
    if b == 0 { 0 } else { (a + b - 1) / b }
}

fn check_standing(
    h: &Hb,
    cb: &CapacityTaskScheduler,
    ca: &CapacityTaskScheduler,
    s: &QueueStanding,
    kind: TaskType,
    made: usize,
) -> Result<(), String> {
    let q = ca.queues.get(&s.queue).ok_or(format!("queue {} unknown", s.queue))?;
    let u = capacity_usage(h, cb, &s.queue, kind, made);
    let cap = capacity_of(ca, &h.after.cluster, q.conf.capacity_percent, kind);
    let max = if q.conf.max_capacity_percent > 0.0 {
        capacity_of(ca, &h.after.cluster, q.conf.max_capacity_percent, kind)
    } else {
        -1
    };
    if (s.used, s.capacity, s.max_capacity) != (u.used, cap, max) {
        return Err(format!(
            "queue {} ({kind:?}, {made} launched): played used {} of {} (max {}), the engine gives {} of {cap} (max {max})",
            s.queue, s.used, s.capacity, s.max_capacity, u.used
        ));
    }
    let ratio = if cap == 0 { 1.0 } else { u.used as f64 / cap as f64 };
    if s.ratio != ratio {
        return Err(format!("queue {}: ratio {} played, {} / {cap} is {ratio}", s.queue, s.ratio, u.used));
    }
    if s.active_users != u.active.len() as u32 {
        return Err(format!(
            "queue {}: {} active users played, the engine has {:?}",
            s.queue, s.active_users, u.active
        ));
    }
    Ok(())
}

fn user_limit(
    h: &Hb,
    cb: &CapacityTaskScheduler,
    ca: &CapacityTaskScheduler,
    queue: &str,
    job: u32,
    kind: TaskType,
    made: usize,
) -> Result<LimitCalc, String> {
    let q = ca.queues.get(queue).ok_or(format!("queue {queue} unknown"))?;
    let j = h.after.cluster.jobs.get(&JobId(job)).ok_or(format!("J{job} unknown"))?;
    let u = capacity_usage(h, cb, queue, kind, made);
    let n = match kind {
        TaskType::Map => j.slots_per_map,
        TaskType::Reduce => j.slots_per_reduce,
    } as i32;
    let queue_capacity = capacity_of(ca, &h.after.cluster, q.conf.capacity_percent, kind).max(n);
    let current = if u.used + n <= queue_capacity { queue_capacity } else { u.used + n };
    let active = (u.active.len() as i32).max(1);
    let limit = ceil_div(current, active)
        .max(ceil_div(q.conf.ul_min * current, 100))
        .min((queue_capacity as f32 * q.conf.ul_min_factor) as i32);
    Ok(LimitCalc {
        queue_capacity,
        current_capacity: current,
        active_users: active,
        limit,
        user_holds: u.by_user.get(&j.user).copied().unwrap_or(0),
        slots: n,
    })
}

fn check_capacity(h: &Hb, seen: &mut Seen) -> Result<(), String> {
    let (Scheduler::Capacity(cb), Scheduler::Capacity(ca)) = (&h.before.scheduler, &h.after.scheduler) else {
        return Err("a Capacity record from another scheduler".into());
    };
    let mut made = 0;
    // The lookup's queue order, and the position of the queue asked last: queues are asked in
    // that order (one without jobs to ask has no sub-step).
    let (mut sorted, mut at): (Vec<String>, usize) = (Vec::new(), 0);
    for x in h.visits {
        let kind = x.kind.unwrap_or(TaskType::Map);
        if let (Some(q), false) = (x.group(), matches!(x.step, Step::CapacityOrder { .. })) {
            match sorted.iter().position(|s| s == q) {
                Some(i) if i >= at => at = i,
                _ => return Err(format!("queue {q} asked out of the lookup's order {sorted:?}")),
            }
        }
        match &x.step {
            Step::CapacityReservation { .. } => sorted.clear(),
            Step::CapacityOrder { order, .. } => {
                for s in order {
                    check_standing(h, cb, ca, s, kind, made)?;
                    seen.add("checked: capacity standings");
                }
                // `QueueComparator`: ascending used / capacity.
                if order.windows(2).any(|w| w[0].ratio > w[1].ratio) {
                    return Err(format!("queues out of order: {order:?}"));
                }
                sorted = order.iter().map(|s| s.queue.clone()).collect();
                at = 0;
            }
            Step::CapacityJob { queue, standing, visit: v } => {
                if let Some(s) = standing {
                    check_standing(h, cb, ca, s, kind, made)?;
                }
                let calc = match &v.verdict {
                    JobVerdict::UserLimit { calc, .. } => {
                        seen.add("capacity: a user-limit skip");
                        Some((calc, false))
                    }
                    JobVerdict::Assigned { user_limit: Some(calc), .. } => Some((calc, true)),
                    JobVerdict::OffSwitchUsed => {
                        seen.add("capacity: the off-switch map already given");
                        None
                    }
                    _ => None,
                };
                if let Some((calc, fits)) = calc {
                    let want = user_limit(h, cb, ca, queue, v.job, kind, made)?;
                    if *calc != want || (want.user_holds + want.slots <= want.limit) != fits {
                        return Err(format!(
                            "J{} user limit ({kind:?}): played {calc:?}, the engine gives {want:?}",
                            v.job
                        ));
                    }
                    seen.add("checked: capacity user limits");
                }
            }
            _ => {}
        }
        made = x.launched;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The walk.

fn walk(name: &str, mut e: Engine, cap: u64, seen: &mut Seen) -> u64 {
    let mut previous_ms = None;
    let mut n = 0;
    while e.hb < cap {
        let before = e.clone();
        let Some(rec) = e.next_heartbeat() else { break };
        n += 1;
        let visits = visit::visits(&rec);
        let fail = |m: String| panic!("{name}, heartbeat {} ({} at {} ms): {m}", rec.hb, rec.tracker, rec.time_ms);
        if let Err(m) = shape::check(&rec, &visits) {
            fail(m);
        }
        if matches!(rec.decision, Decision::Spark(_) | Decision::LimitTasksPerJob(_)) {
            previous_ms = Some(rec.time_ms);
            continue;
        }
        let ti = e.cluster.tracker_index(&rec.tracker).unwrap_or_else(|| fail("unknown tracker".into()));
        let h = Hb { before: &before, after: &e, rec: &rec, visits: &visits, ti, previous_ms };
        let r = match (&rec.decision, &e.scheduler) {
            (Decision::Fifo(_), Scheduler::Fifo(f)) => check_fifo(&h, f.pad_fraction, seen),
            (Decision::Fair(_), _) => check_fair(&h, seen),
            (Decision::Capacity(_), _) => check_capacity(&h, seen),
            _ => Ok(()),
        };
        if let Err(m) = r {
            fail(m);
        }
        if visits.iter().any(|x| matches!(x.step, Step::Unlisted { .. })) {
            seen.add(match rec.decision {
                Decision::Fifo(_) => "fifo: unlisted visits",
                Decision::Fair(_) => "fair: unlisted visits",
                _ => "capacity: unlisted visits",
            });
        }
        previous_ms = Some(rec.time_ms);
    }
    n
}

fn engine(name: &str, json: &str) -> Engine {
    let s = schedscope::scenario::parse(json).unwrap_or_else(|e| panic!("{name}: {e}"));
    Engine::new(s).unwrap_or_else(|e| panic!("{name}: {e}"))
}

#[test]
fn every_built_in_scenario_and_lesson_plays_its_visits_as_the_engine_decided() {
    let mut seen = Seen::default();
    let mut jsons: Vec<(String, String)> =
        schedscope::scenario::builtin().iter().map(|(id, j)| (id.to_string(), j.to_string())).collect();
    for (id, json) in schedscope::lesson::builtin() {
        let l = schedscope::lesson::parse(json).unwrap_or_else(|e| panic!("lesson {id}: {e}"));
        if let schedscope::lesson::ScenarioRef::Inline(_) = &l.scenario_ref {
            jsons.push((format!("lesson {id}"), l.scenario_json()));
        }
    }
    let mut total = 0;
    for (name, json) in &jsons {
        total += walk(name, engine(name, json), MAX_BUILTIN_HEARTBEATS, &mut seen);
    }
    assert!(total > 0);
    eprintln!("{} scenarios, {total} heartbeats: {:?}", jsons.len(), seen.0);
}

/// A generated workload: FIFO, Fair or Capacity on 1–3 racks, with placed or location-less
/// maps, reduces, users, queues with capacities and user limits, and delays short and long.
fn generated(rng: &mut common::Rng) -> Value {
    let sched = ["fifo", "fair", "capacity"][rng.below(3) as usize];
    let (trackers, topo) = common::racks_of_trackers(1 + rng.below(3) as usize, 1 + rng.below(4) as usize);
    let many = rng.chance(8);
    let n_jobs = if many { 42 + rng.below(6) } else { 1 + rng.below(6) };
    let jobs: Vec<Value> = (0..n_jobs)
        .map(|i| {
            let maps = if many { 1 + rng.below(3) } else { rng.below(14) };
            let maps = if rng.chance(75) { json!({"count": maps, "replicas": 1 + rng.below(3)}) } else { json!(maps) };
            let mut j = json!({
                "id": i + 1, "maps": maps, "reduces": rng.below(4),
                "submit_time": if rng.chance(50) { 0 } else { rng.below(6000) },
                "user": format!("u{}", rng.below(3)),
                "priority": (["HIGH", "NORMAL", "NORMAL", "LOW"][rng.below(4) as usize]),
            });
            if sched == "capacity" {
                j["queue"] = json!(["qa", "qb"][rng.below(2) as usize]);
            }
            j
        })
        .collect();
    let mut v = json!({
        "version": 1, "seed": rng.below(1000), "scheduler": sched, "topology": topo, "trackers": trackers,
        "jobs": jobs,
        "config": {"map_slots": 1 + rng.below(3), "reduce_slots": 1 + rng.below(2),
                   "map_duration_ms": 1000 + rng.below(4000), "reduce_duration_ms": 1000 + rng.below(3000),
                   "speculative_maps": rng.chance(20),
                   "cluster_running_counts": if rng.chance(50) { "immediate" } else { "as_reported" }},
        "run": {"max_heartbeats": MAX_HEARTBEATS}
    });
    match sched {
        "fifo" => {
            v["config"]["pad_fraction"] = json!([0.01, 0.1, 0.5][rng.below(3) as usize]);
        }
        "fair" => {
            let mut props = json!({"mapred.fairscheduler.assignmultiple": rng.chance(60)});
            if rng.chance(80) {
                props["node_locality_delay"] = json!(rng.below(6000));
                props["rack_locality_delay"] = json!(rng.below(8000));
            }
            v["fair"] = json!({"properties": props});
        }
        _ => {
            let cap_a = 20 + rng.below(61);
            let mut qa = json!({"name": "qa", "capacity": cap_a, "min_user_limit_percent": ([10, 25, 50, 100][rng.below(4) as usize]),
                                "user_limit_factor": 1 + rng.below(3)});
            if rng.chance(50) {
                qa["max_capacity"] = json!(cap_a + rng.below(101 - cap_a));
            }
            let qb = json!({"name": "qb", "capacity": 100 - cap_a, "min_user_limit_percent": ([25, 100][rng.below(2) as usize])});
            v["config"]["queues"] = json!([qa, qb]);
        }
    }
    v
}

#[test]
fn two_hundred_generated_scenarios_play_their_visits_as_the_engine_decided() {
    let mut seen = Seen::default();
    let mut rng = common::Rng(0x5eed_5c0e);
    let mut total = 0;
    for i in 0..200 {
        let v = generated(&mut rng);
        let name = format!("generated #{i} ({})", v["scheduler"]);
        total += walk(&name, engine(&name, &v.to_string()), MAX_HEARTBEATS, &mut seen);
    }
    eprintln!("200 scenarios, {total} heartbeats: {:?}", seen.0);
    for what in [
        "fair: escalation to RACK",
        "fair: escalation to ANY",
        "capacity: a user-limit skip",
        "fifo: padding exceeded",
        "fifo: padding stops the maps",
        "fifo: the one off-switch map",
        "fifo: the load factor caps the tracker",
        "fifo: unlisted visits",
        "fair: unlisted visits",
        "capacity: unlisted visits",
    ] {
        assert!(seen.0.get(what).is_some_and(|n| *n > 0), "no generated heartbeat shows {what}: {:?}", seen.0);
    }
}
