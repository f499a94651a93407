//! Spark on the stage: each task set's delay-scheduling state after the round — its valid
//! levels with their waits, the current level (`myLocalityLevels(currentLocalityIndex)`), the
//! time its wait timer counts from (`lastLocalityWaitResetTime`) and the time waited since —,
//! what the round did to the timer (SPARK-18886's reset, a reject, the legacy reset on launch),
//! the level `getAllowedLocalityLevel` allowed at the round's last offer, and the *reach* of
//! the current level on the grid: at PROCESS_LOCAL and NODE_LOCAL the hosts its pending tasks
//! prefer, at RACK_LOCAL their racks, at ANY every executor.

use crate::explain::{Decision, HeartbeatRecord};
use crate::model::Millis;
use crate::sched::spark::SparkScheduler;
use crate::sched::spark::decision::{ResetOutcome, RoundKind};
use crate::sched::spark::locality::TaskLocality;
use crate::sim::Engine;
use serde::Serialize;

/// Where the task set may launch now: its current level and the hosts and racks it reaches.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SparkReach {
    pub level: TaskLocality,
    /// Hosts its pending tasks prefer.
    pub hosts: Vec<String>,
    /// Their racks (RACK_LOCAL reach).
    pub racks: Vec<String>,
    /// ANY: every executor.
    pub all: bool,
}

/// One task set on the stage.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SparkTaskSet {
    pub name: String,
    pub stage: u32,
    pub pool: String,
    /// Valid levels with their waits, most local first.
    pub levels: Vec<(TaskLocality, Millis)>,
    pub current: TaskLocality,
    pub timer_from_ms: Millis,
    /// Now − the timer.
    pub waited_ms: Millis,
    /// The current level's wait (0 at the last level).
    pub wait_ms: Millis,
    pub pending: u32,
    pub running: u32,
    pub succeeded: u32,
    pub total: u32,
    /// It took part in the round shown, and what the round did to its timer.
    pub in_round: bool,
    pub reset: Option<ResetOutcome>,
    /// Legacy mode: the levels launches reset the timer to in this round.
    pub legacy_resets: Vec<TaskLocality>,
    /// Delay-schedule rejects in the round (offers refused because of the level).
    pub rejects: u32,
    pub launched: u32,
    pub finished: bool,
    pub reach: SparkReach,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SparkStage {
    pub legacy_reset: bool,
    /// The round shown (`None` before the first one).
    pub round: Option<RoundKind>,
    /// The executor of a round of one offer, else `None` (a full round).
    pub executor: Option<String>,
    pub task_sets: Vec<SparkTaskSet>,
    /// The task set the ladder shows: the first unfinished one in the round, else the first
    /// unfinished one.
    pub focus: Option<u32>,
}

pub fn build(e: &Engine, s: &SparkScheduler, last: Option<&HeartbeatRecord>) -> SparkStage {
    let d = last.and_then(|r| match &r.decision {
        Decision::Spark(d) => Some(d.as_ref()),
        _ => None,
    });
    let now = e.cluster.now;
    let mut task_sets = Vec::new();
    for m in &s.task_sets {
        let turn = d.and_then(|d| d.task_sets.iter().find(|t| t.task_set == m.name()));
        let asks = turn.into_iter().flat_map(|t| &t.passes).flat_map(|p| &p.asks);
        let (mut rejects, mut launched, mut legacy_resets) = (0, 0, Vec::new());
        for a in asks {
            rejects += u32::from(a.reject);
            launched += u32::from(a.launched.is_some());
            legacy_resets.extend(a.legacy_reset);
        }
        let pending_ix: Vec<usize> =
            (0..m.tasks.len()).filter(|&i| m.is_live(i) && m.tasks[i].copies_running == 0).collect();
        let mut hosts: Vec<String> =
            pending_ix.iter().flat_map(|&i| m.tasks[i].locations.iter().map(|l| l.host().to_string())).collect();
        crate::sort::sort(&mut hosts);
        hosts.dedup();
        let mut racks: Vec<String> =
            hosts.iter().filter_map(|h| s.executors.rack_for_host(h).map(str::to_string)).collect();
        crate::sort::sort(&mut racks);
        racks.dedup();
        let current = m.current_level();
        let wait_ms = m.waits.get(m.current_index).copied().unwrap_or(0);
        task_sets.push(SparkTaskSet {
            name: m.name(),
            stage: m.stage,
            pool: m.pool.clone(),
            levels: m.levels.iter().copied().zip(m.waits.iter().copied()).collect(),
            current,
            timer_from_ms: m.last_reset,
            waited_ms: (now - m.last_reset).max(0),
            wait_ms: if m.current_index + 1 >= m.levels.len() { 0 } else { wait_ms },
            pending: pending_ix.len() as u32,
            running: m.running_tasks,
            succeeded: m.tasks.iter().filter(|t| t.successful).count() as u32,
            total: m.tasks.len() as u32,
            in_round: turn.is_some(),
            reset: turn.and_then(|t| t.reset),
            legacy_resets,
            rejects,
            launched,
            finished: m.finished,
            reach: SparkReach { level: current, all: current == TaskLocality::Any, hosts, racks },
        });
    }
    let focus = task_sets
        .iter()
        .find(|t| t.in_round && !t.finished)
        .or_else(|| task_sets.iter().find(|t| !t.finished))
        .map(|t| t.stage);
    let executor = last.filter(|r| r.tracker != "driver").map(|r| r.tracker.clone());
    SparkStage { legacy_reset: s.settings.conf.legacy_reset, round: d.map(|d| d.round), executor, task_sets, focus }
}
