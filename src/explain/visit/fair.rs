//! The Fair Scheduler's visits (`FairScheduler.assignTasks`): `updateLocalityWaitTimes`, then
//! each turn of the main loop (its task type, the pools sorted by `FairShareComparator`, every
//! job asked in its pool's order with the level `getAllowedLocalityLevel` allowed it), each
//! task type's rejection where the loop made it, and the jobs marked skipped at the end.

use super::{CodeAt, Seq, Step};
use crate::explain::code::level_branches;
use crate::explain::code_listings::{FAIR_ASSIGN, FAIR_LEVEL};
use crate::model::TaskType;
use crate::sched::fair::decision::{FairDecision, Rejected};

fn assign(branch: &'static str, frag: &str) -> Option<CodeAt> {
    CodeAt::at(&FAIR_ASSIGN, branch, frag)
}

fn rejected(s: &mut Seq, kind: TaskType, why: &Option<Rejected>) {
    if let Some(w) = why {
        let code = match (w, kind) {
            (Rejected::NoTask, _) => assign("no_task", ""),
            (_, TaskType::Map) => assign("reject_maps", ""),
            (_, TaskType::Reduce) => assign("reject_reduces", ""),
        };
        s.push(Some(kind), Step::FairRejected { why: w.clone() }, None, code);
    }
}

pub(super) fn visits(d: &FairDecision, s: &mut Seq) {
    if !d.wait_growth.is_empty() {
        s.push(None, Step::FairWaits { delta_ms: d.delta_ms, growth: d.wait_growth.clone() }, None, assign("wait", ""));
    }
    let last_of = |k: TaskType| d.turns.iter().rposition(|t| t.kind == k);
    let (last_map, last_reduce) = (last_of(TaskType::Map), last_of(TaskType::Reduce));
    // A type never offered was rejected at the top of the first turn.
    if last_map.is_none() {
        rejected(s, TaskType::Map, &d.map_rejected);
    }
    if last_reduce.is_none() {
        rejected(s, TaskType::Reduce, &d.reduce_rejected);
    }
    for (i, t) in d.turns.iter().enumerate() {
        let kind = Some(t.kind);
        s.push(
            kind,
            Step::FairTurn { choice: t.choice.clone(), order: t.order.clone() },
            None,
            assign("sort", "sort pools"),
        );
        for p in &t.visits {
            if let Some((running, max)) = p.at_max {
                s.push(
                    kind,
                    Step::FairPoolAtMax { pool: p.pool.clone(), running, max },
                    None,
                    assign("sort", "for pool"),
                );
                continue;
            }
            // The listed jobs come first; the unlisted ones were asked after them, except the
            // one that launched, which the record always lists last.
            let launched_last = p.jobs.last().is_some_and(|j| j.assigned.is_some()) && p.unlisted > 0;
            let (before, last) = if launched_last { p.jobs.split_at(p.jobs.len() - 1) } else { (&p.jobs[..], &[][..]) };
            for v in before {
                s.push(kind, Step::FairJob { pool: p.pool.clone(), visit: v.clone() }, v.assigned, job_code(v, t.kind));
            }
            if p.unlisted > 0 {
                s.push(kind, Step::Unlisted { count: p.unlisted, group: Some(p.pool.clone()) }, None, None);
            }
            for v in last {
                s.push(kind, Step::FairJob { pool: p.pool.clone(), visit: v.clone() }, v.assigned, job_code(v, t.kind));
            }
        }
        if last_map == Some(i) {
            rejected(s, TaskType::Map, &d.map_rejected);
        }
        if last_reduce == Some(i) {
            rejected(s, TaskType::Reduce, &d.reduce_rejected);
        }
    }
    if !d.skipped.is_empty() {
        s.push(Some(TaskType::Map), Step::FairSkipped { jobs: d.skipped.clone() }, None, assign("mark_skipped", ""));
    }
}

/// A job visit's line: the branch of `getAllowedLocalityLevel` that set its level (maps), or
/// the reduce call.
fn job_code(v: &crate::sched::fair::decision::JobVisit, kind: TaskType) -> Option<CodeAt> {
    match (&v.allowed, kind) {
        (Some(a), _) => {
            let b = level_branches(a);
            CodeAt::at(&FAIR_LEVEL, b.last().copied().unwrap_or(""), "")
        }
        (None, TaskType::Reduce) if v.assigned.is_some() => assign("assigned", ""),
        (None, TaskType::Reduce) => assign("reduce", ""),
        (None, TaskType::Map) => assign("map", "getAllowedLocalityLevel"),
    }
}
