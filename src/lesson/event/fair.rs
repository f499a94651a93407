//! Lesson claims about a `FairScheduler.assignTasks` record: allowed locality levels and skips
//! (delay scheduling), preemption, pool order and shares, the load manager's cap, and why a
//! task type stopped being offered.

use super::Event;
use crate::sched::fair::decision::{FairDecision, Rejected};
use crate::sched::fair::delay::LevelReason;

fn reason_name(r: &LevelReason) -> &'static str {
    match r {
        LevelReason::NoInfo | LevelReason::Waited => "waited",
        LevelReason::NoLocalityInfo => "no_locality_info",
        LevelReason::Starved { .. } => "starved",
    }
}

fn stop_name(r: &Rejected) -> &'static str {
    match r {
        Rejected::Capacity { .. } => "max_tasks",
        Rejected::AllRunning { .. } => "all_running",
        Rejected::LoadCap { .. } => "load_cap",
        Rejected::NoTask => "no_task",
    }
}

pub(super) fn holds(e: &Event, f: &FairDecision) -> bool {
    match e {
        Event::AllowedLevel { job, level, reason, waited_ms } => f
            .turns
            .iter()
            .flat_map(|t| &t.visits)
            .flat_map(|p| &p.jobs)
            .find(|v| v.job == *job && v.allowed.is_some())
            .and_then(|v| v.allowed.as_ref())
            .is_some_and(|a| {
                a.level.as_str() == level
                    && reason.as_deref().is_none_or(|x| reason_name(&a.reason) == x)
                    && waited_ms.is_none_or(|w| a.waited_ms == w)
            }),
        Event::Skipped { job } => f.skipped.contains(job),
        Event::Preempted { job, pool, count } => {
            let n = f
                .preemptions
                .iter()
                .filter(|p| !p.only_log)
                .flat_map(|p| &p.killed)
                .filter(|k| job.is_none_or(|j| k.attempt.job == j))
                .filter(|k| pool.as_deref().is_none_or(|p| k.pool == p))
                .count() as u32;
            super::count_ok(n, *count)
        }
        Event::Order { kind, order } => {
            let seen: Vec<&str> = f
                .turns
                .iter()
                .find(|t| t.kind.as_str() == kind)
                .map(|t| t.order.iter().map(|p| p.pool.as_str()).collect())
                .unwrap_or_default();
            !order.is_empty() && seen.len() >= order.len() && seen[..order.len()] == order[..]
        }
        Event::PoolShare { pool, kind, fair_share, min_share } => f
            .turns
            .iter()
            .find(|t| t.kind.as_str() == kind)
            .and_then(|t| t.order.iter().find(|p| p.pool == *pool))
            .is_some_and(|p| (p.fair_share - fair_share).abs() < 0.01 && min_share.is_none_or(|m| p.min_share == m)),
        Event::FairStop { kind, stop } => {
            let r = if kind == "map" { &f.map_rejected } else { &f.reduce_rejected };
            r.as_ref().is_some_and(|r| stop_name(r) == stop)
        }
        Event::LoadCap { kind, capacity, available, remaining } => {
            let (c, running) =
                if kind == "map" { (&f.map_cap, f.tracker_maps) } else { (&f.reduce_cap, f.tracker_reduces) };
            capacity.is_none_or(|x| c.cap == x as i64)
                && available.is_none_or(|x| c.cap - running == x)
                && remaining.is_none_or(|x| c.total_runnable == x as i64)
        }
        _ => false,
    }
}
