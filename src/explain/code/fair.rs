//! The code view of `FairScheduler.assignTasks` and `getAllowedLocalityLevel` (delay
//! scheduling), from a Fair heartbeat's decision record.

use super::*;
use crate::sched::fair::decision::{FairDecision, Rejected};
use crate::sched::fair::delay::{Allowed, LevelReason, LocalityLevel};

pub(super) fn fair_assign(d: &FairDecision) -> CodeView {
    let mut t = Vec::new();
    if !d.wait_growth.is_empty() {
        t.push("wait");
    }
    if d.map_rejected.is_some() {
        t.push("reject_maps");
    }
    if d.reduce_rejected.is_some() {
        t.push("reject_reduces");
    }
    if !d.turns.is_empty() {
        t.push("sort");
    }
    if d.turns.iter().any(|x| x.kind == crate::model::TaskType::Map) {
        t.push("map");
    }
    if d.turns.iter().any(|x| x.kind == crate::model::TaskType::Reduce) {
        t.push("reduce");
    }
    if d.turns.iter().any(|x| x.assigned.is_some()) {
        t.push("assigned");
    }
    if !d.skipped.is_empty() {
        t.extend(["visited", "mark_skipped"]);
    }
    if matches!(d.map_rejected, Some(Rejected::NoTask)) || matches!(d.reduce_rejected, Some(Rejected::NoTask)) {
        t.push("no_task");
    }
    let vars = vec![
        var("now", d.time_ms),
        var("now − lastHeartbeatTime", d.delta_ms),
        var("mapCapacity", d.map_capacity),
        var("reduceCapacity", d.reduce_capacity),
        var("runningMaps / runnableMaps", format!("{} / {}", d.running_maps, d.runnable_maps)),
        var("loadMgr map cap", d.map_cap.cap),
        var("skipped", d.skipped.iter().map(|j| format!("J{j}")).collect::<Vec<_>>().join(", ")),
    ];
    view(&FAIR_ASSIGN, None, t, vars)
}

pub(super) fn first_visited(d: &FairDecision) -> Option<u32> {
    d.turns.iter().flat_map(|t| &t.visits).flat_map(|p| &p.jobs).find(|v| v.allowed.is_some()).map(|v| v.job)
}

/// The branch `getAllowedLocalityLevel` took for `a`.
pub fn level_branches(a: &Allowed) -> Vec<&'static str> {
    let lvl = |l: LocalityLevel| match l {
        LocalityLevel::Node => "node",
        LocalityLevel::Rack => "rack",
        _ => "any",
    };
    match &a.reason {
        LevelReason::NoInfo => vec!["no_info"],
        LevelReason::NoLocalityInfo => vec!["no_locality"],
        LevelReason::Starved { .. } => vec!["starved"],
        LevelReason::Waited => match a.last_level {
            LocalityLevel::Node => vec!["waited", "node", ["node.node", "node.rack", "node.any"][lvl_idx(a.level)]],
            LocalityLevel::Rack => vec!["waited", "rack", if lvl(a.level) == "any" { "rack.any" } else { "rack.rack" }],
            _ => vec!["waited", "any"],
        },
    }
}

fn lvl_idx(l: LocalityLevel) -> usize {
    match l {
        LocalityLevel::Node => 0,
        LocalityLevel::Rack | LocalityLevel::Nodegroup => 1,
        LocalityLevel::Any => 2,
    }
}

/// `getAllowedLocalityLevel` for `job` at this heartbeat (its first visit), if it was asked.
pub fn allowed_level(rec: &HeartbeatRecord, job: u32) -> Option<CodeView> {
    let Decision::Fair(d) = &rec.decision else { return None };
    let a = d
        .turns
        .iter()
        .flat_map(|t| &t.visits)
        .flat_map(|p| &p.jobs)
        .find(|v| v.job == job && v.allowed.is_some())?
        .allowed
        .as_ref()?;
    let mut vars = vec![
        var("now", d.time_ms),
        var("lastMapLocalityLevel", a.last_level.as_str()),
        var("timeWaitedForLocalMap", a.waited_ms),
        var("nodeLocalityDelay", a.node_delay_ms),
        var("rackLocalityDelay", a.rack_delay_ms),
    ];
    if let LevelReason::Starved {
        since_min_share_ms,
        min_share_timeout_ms,
        since_half_fair_share_ms,
        fair_share_timeout_ms,
    } = a.reason
    {
        vars.push(var("below min share for", since_min_share_ms));
        vars.push(var("minSharePreemptionTimeout", min_share_timeout_ms));
        vars.push(var("below half fair share for", since_half_fair_share_ms));
        vars.push(var("fairSharePreemptionTimeout", fair_share_timeout_ms));
    }
    vars.push(var("return", a.level.as_str()));
    Some(view(&FAIR_LEVEL, Some(format!("J{job}")), level_branches(a), vars))
}
