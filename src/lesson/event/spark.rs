//! Lesson claims about a Spark offer round's record (`TaskSchedulerImpl.resourceOffers`): a
//! task set's level and timer after the round, the tasks launched, and what the round did to
//! the timer (SPARK-18886's reset, a reject, the legacy reset on launch).

use super::Event;
use crate::sched::spark::decision::{ResetOutcome, SparkDecision, TaskSetTurn};

/// `0.0` and `TaskSet_0.0` name the same task set; none: the round's only (or first) one.
fn turn<'a>(d: &'a SparkDecision, ts: &Option<String>) -> Option<&'a TaskSetTurn> {
    match ts {
        Some(t) => {
            let want = format!("TaskSet_{}", t.trim_start_matches("TaskSet_"));
            d.task_sets.iter().find(|x| x.task_set == want)
        }
        None => d.task_sets.first(),
    }
}

fn outcome_name(o: &ResetOutcome) -> &'static str {
    match o {
        ResetOutcome::Legacy => "legacy",
        ResetOutcome::Reset { .. } => "reset",
        ResetOutcome::NoLaunch => "no_launch",
        ResetOutcome::NotSinceReject => "not_since_reject",
        ResetOutcome::Rejected { .. } => "rejected",
    }
}

pub(super) fn holds(e: &Event, d: &SparkDecision) -> bool {
    match e {
        Event::SparkLevel { task_set, level, timer_ms } => turn(d, task_set)
            .is_some_and(|t| t.level_after.as_str() == level && timer_ms.is_none_or(|ms| t.timer_after_ms == ms)),
        Event::SparkLaunch { task_set, index, executor, locality, count } => {
            let want_ts = task_set.as_ref().map(|t| format!("TaskSet_{}", t.trim_start_matches("TaskSet_")));
            let n = d
                .launches
                .iter()
                .filter(|l| want_ts.as_ref().is_none_or(|t| l.task_set == *t))
                .filter(|l| index.is_none_or(|i| l.index == i))
                .filter(|l| executor.as_ref().is_none_or(|x| l.executor == *x))
                .filter(|l| locality.as_ref().is_none_or(|x| l.locality.as_str() == x))
                .count() as u32;
            super::count_ok(n, *count)
        }
        Event::SparkReset { task_set, outcome } => {
            turn(d, task_set).and_then(|t| t.reset.as_ref()).is_some_and(|o| outcome_name(o) == outcome)
        }
        _ => false,
    }
}
