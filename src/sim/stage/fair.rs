//! The Fair Scheduler on the stage: each job's delay-scheduling state (`getAllowedLocalityLevel`
//! as this heartbeat computed it, or the state it ended with) and its *reach* on the grid — at
//! NODE the hosts holding its input blocks, at RACK their whole racks, at ANY every tracker —
//! the pools in `FairShareComparator` order (listed on every heartbeat, whether or not a slot
//! was offered), and the tasks preemption killed since the previous heartbeat.

use crate::explain::{Decision, HeartbeatRecord};
use crate::model::{JobId, Millis, RunState, TaskType};
use crate::sched::fair::FairScheduler;
use crate::sched::fair::decision::{FairDecision, JobVisit, PoolLine, Preempted};
use crate::sched::fair::delay::{LevelReason, LocalityLevel, level_by_wait};
use crate::sim::Engine;
use serde::Serialize;

/// Where a job may launch a map now: its allowed level and the hosts and racks that level
/// reaches (`all`: every tracker, at ANY).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reach {
    pub level: LocalityLevel,
    /// Hosts holding the job's input blocks (NODE reach).
    pub hosts: Vec<String>,
    /// Racks of those hosts (RACK reach), as the grid names racks.
    pub racks: Vec<String>,
    pub all: bool,
}

/// How the allowed level moved in this heartbeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LevelChange {
    None,
    /// The wait passed a threshold: the level rose above `lastMapLocalityLevel`.
    Rose,
    /// A map launched at a more local level than before: the level came back down.
    Reset,
}

/// Why the level is what it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Basis {
    /// From `lastMapLocalityLevel` and the time waited (the delay thresholds).
    Waited,
    /// The pool is starved: ANY at once.
    Starved,
    /// Maps without input locations: no delay scheduling.
    NoLocalityInfo,
}

/// One job's delay-scheduling state on the stage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FairJob {
    pub job: u32,
    pub pool: String,
    /// `getAllowedLocalityLevel` ran for it in this heartbeat.
    pub asked: bool,
    pub basis: Basis,
    /// `lastMapLocalityLevel` at the start of the heartbeat.
    pub last_level: LocalityLevel,
    /// `lastMapLocalityLevel` after it (a launch sets it to the launch's level).
    pub after_level: LocalityLevel,
    /// The wait the level was computed from (when asked), else the wait it ended with.
    pub waited_ms: Millis,
    /// The wait it ended the heartbeat with.
    pub waited_after_ms: Millis,
    pub change: LevelChange,
    /// Visited for a map, launched none: `skippedAtLastHeartbeat = true`.
    pub skipped: bool,
    /// The level of the map it launched in this heartbeat.
    pub launched: Option<LocalityLevel>,
    /// RUNNING and runnable, with maps still to launch.
    pub wants_maps: bool,
    pub reach: Reach,
    /// The wait meter as the stage draws it.
    pub meter: Meter,
}

/// A job's wait meter: the level it counts from and the wait, with the thresholds ahead of
/// that level (`getAllowedLocalityLevel`: from NODE the node delay, then node + rack; from
/// RACK the rack delay). A job that launched a map in this heartbeat starts over from the
/// launch's level with its wait reset (the state after the heartbeat); otherwise the meter
/// shows the level and the wait the scheduler compared (at the decision).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Meter {
    pub from: LocalityLevel,
    pub waited_ms: Millis,
    /// Each threshold ahead: the wait at which the level becomes `to`.
    pub thresholds: Vec<Threshold>,
    /// The first threshold not reached yet: the level it leads to and the time still to wait.
    pub next: Option<Threshold>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Threshold {
    pub to: LocalityLevel,
    pub ms: Millis,
}

fn meter(from: LocalityLevel, waited_ms: Millis, node: Millis, rack: Millis) -> Meter {
    let thresholds = match from {
        LocalityLevel::Node => {
            vec![Threshold { to: LocalityLevel::Rack, ms: node }, Threshold { to: LocalityLevel::Any, ms: node + rack }]
        }
        LocalityLevel::Rack | LocalityLevel::Nodegroup => vec![Threshold { to: LocalityLevel::Any, ms: rack }],
        _ => vec![],
    };
    let next = thresholds.iter().find(|t| t.ms > waited_ms).map(|t| Threshold { to: t.to, ms: t.ms - waited_ms });
    Meter { from, waited_ms, thresholds, next }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FairStage {
    pub node_delay_ms: Millis,
    pub rack_delay_ms: Millis,
    /// The heartbeating tracker, if any.
    pub tracker: Option<String>,
    /// Jobs that want maps or were visited, by id.
    pub jobs: Vec<FairJob>,
    /// The job the reach shows unless the page chooses another: the first job waiting for
    /// locality (skipped in this heartbeat), else one that launched a map in it, else the first
    /// that wants maps.
    pub focus: Option<u32>,
    /// Pools for maps, in `FairShareComparator` order as it stands after the heartbeat.
    pub pools: Vec<PoolLine>,
    /// Tasks preemption killed since the previous heartbeat (not log-only).
    pub preempted: Vec<Preempted>,
}

fn visit(d: &FairDecision, job: u32) -> Option<&JobVisit> {
    d.turns.iter().flat_map(|t| &t.visits).flat_map(|p| &p.jobs).find(|v| v.job == job && v.allowed.is_some())
}

fn launched(d: &FairDecision, job: u32) -> Option<LocalityLevel> {
    d.turns.iter().flat_map(|t| &t.visits).flat_map(|p| &p.jobs).filter(|v| v.job == job).find_map(|v| v.new_level)
}

pub fn build(e: &Engine, fs: &FairScheduler, last: Option<&HeartbeatRecord>) -> FairStage {
    let d = last.and_then(|r| match &r.decision {
        Decision::Fair(d) => Some(d),
        _ => None,
    });
    let c = &e.cluster;
    let topo = &c.topology;
    let mut jobs = Vec::new();
    for (&id, info) in fs.infos.iter() {
        let Some(job) = c.jobs.get(&id) else { continue };
        let line = d.and_then(|d| d.jobs.iter().find(|l| l.job == id.0));
        let v = d.and_then(|d| visit(d, id.0));
        let wants_maps = info.runnable && job.state == RunState::Running && job.pending_maps() > 0;
        if !wants_maps && v.is_none() {
            continue;
        }
        let last_level = line.map(|l| l.last_map_locality_level).unwrap_or(info.delay.last_map_locality_level);
        let allowed = v.and_then(|v| v.allowed.as_ref());
        let launched = d.and_then(|d| launched(d, id.0));
        let basis = match allowed.map(|a| &a.reason) {
            Some(LevelReason::Starved { .. }) => Basis::Starved,
            Some(LevelReason::NoLocalityInfo) => Basis::NoLocalityInfo,
            _ => Basis::Waited,
        };
        let waited_after_ms = info.delay.time_waited_for_local_map;
        let waited_ms = allowed.map(|a| a.waited_ms).unwrap_or(waited_after_ms);
        let level = match (launched, allowed) {
            (Some(_), _) => info.delay.last_map_locality_level,
            (None, Some(a)) => a.level,
            (None, None) => level_by_wait(info.delay.last_map_locality_level, waited_after_ms, &fs.delays),
        };
        let change = match (launched, allowed) {
            (Some(l), _) if l < last_level => LevelChange::Reset,
            (Some(l), _) if l > last_level => LevelChange::Rose,
            (None, Some(a)) if basis == Basis::Waited && a.level > last_level => LevelChange::Rose,
            _ => LevelChange::None,
        };
        let hosts: Vec<String> = job.split_hosts.iter().cloned().collect();
        let mut racks: Vec<String> = Vec::new();
        for h in &hosts {
            if let Some(n) = topo.host_node(h) {
                let r = topo.location_of(n).to_string();
                if !racks.contains(&r) {
                    racks.push(r);
                }
            }
        }
        jobs.push(FairJob {
            job: id.0,
            pool: info.pool.clone(),
            asked: allowed.is_some(),
            basis,
            last_level,
            after_level: info.delay.last_map_locality_level,
            waited_ms,
            waited_after_ms,
            change,
            skipped: d.is_some_and(|d| d.skipped.contains(&id.0)),
            launched,
            wants_maps,
            meter: match launched {
                Some(_) => meter(info.delay.last_map_locality_level, waited_after_ms, fs.delays.node, fs.delays.rack),
                None => meter(last_level, waited_ms, fs.delays.node, fs.delays.rack),
            },
            reach: Reach { level, all: level >= LocalityLevel::Any, hosts, racks },
        });
    }
    // Skipped in this heartbeat, else launched a map in it (its reach just changed), else
    // waiting with some wait, else the first that wants maps.
    let focus = jobs
        .iter()
        .find(|j| j.skipped)
        .or_else(|| jobs.iter().find(|j| j.launched.is_some()))
        .or_else(|| jobs.iter().find(|j| j.wants_maps && j.waited_after_ms > 0))
        .or_else(|| jobs.iter().find(|j| j.wants_maps))
        .map(|j| j.job);
    let pools = fs.sorted_pools(c, TaskType::Map).into_iter().map(|i| fs.pool_line(c, i, TaskType::Map)).collect();
    let preempted = d
        .map(|d| d.preemptions.iter().filter(|p| !p.only_log).flat_map(|p| p.killed.iter().cloned()).collect())
        .unwrap_or_default();
    FairStage {
        node_delay_ms: fs.delays.node,
        rack_delay_ms: fs.delays.rack,
        tracker: last.map(|r| r.tracker.clone()),
        jobs,
        focus,
        pools,
        preempted,
    }
}

/// A job on the stage by id.
pub fn job(stage: &FairStage, id: JobId) -> Option<&FairJob> {
    stage.jobs.iter().find(|j| j.job == id.0)
}
