//! The order and shape of a heartbeat's sub-steps (`explain::visit::visits`) against its
//! record: shared by the native test (`tests/visits.rs`) and the browser's (`tests/web_visits.rs`).
//!
//! The sub-steps must follow the scheduler's visits in the record's order: the jobs asked are
//! the record's listed job visits flattened in order (FIFO's `obtainNew*MapTask` calls and the
//! jobs asked for the reduce; Fair's turns, pools and jobs; Capacity's lookups, queues and
//! jobs), each counted-not-listed run is one `Unlisted` with the record's count, `launched`
//! grows by one at each launch (a prefix of `assigned`), every launch names its assignment's
//! job, every listing line exists, and the last sub-step is the after-state.

#![allow(dead_code)]

use schedscope::explain::code;
use schedscope::explain::visit::{Step, Visit};
use schedscope::explain::{Decision, HeartbeatRecord};
use schedscope::sched::capacity::decision::ReservationStep;
use schedscope::sched::common::assignment::Why;

/// The job a sub-step asks, counting a reservation honoured at the start of a Capacity
/// lookup (its job is asked first) and leaving out FIFO's map-loop end (it names the job
/// whose map ended the loop, already asked).
pub fn asked(v: &Visit) -> Option<u32> {
    match &v.step {
        Step::FifoMapStop { .. } => None,
        Step::CapacityReservation { reservation: ReservationStep::Honoured { job, .. } } => Some(*job),
        _ => v.job(),
    }
}

/// The record's job visits in the scheduler's order, and each group's (pool's or queue's)
/// unlisted count in the same order.
pub fn record_jobs(rec: &HeartbeatRecord) -> (Vec<u32>, Vec<(Option<String>, u32)>) {
    let mut jobs = Vec::new();
    let mut unlisted = Vec::new();
    match &rec.decision {
        Decision::Fifo(d) => {
            jobs.extend(d.map_tries.iter().map(|t| t.job));
            // The jobs whose `obtainNewReduceTask` was called: the one that got the reduce and
            // those that answered slow start or "nothing".
            for j in &d.jobs {
                if j.reduce || matches!(j.reduce_why, Some(Why::SlowStart { .. } | Why::NoTask { .. })) {
                    jobs.push(j.job);
                }
            }
            if d.reduce_unlisted > 0 {
                unlisted.push((None, d.reduce_unlisted));
            }
        }
        Decision::Fair(d) => {
            for t in &d.turns {
                for p in &t.visits {
                    jobs.extend(p.jobs.iter().map(|j| j.job));
                    if p.unlisted > 0 {
                        unlisted.push((Some(p.pool.clone()), p.unlisted));
                    }
                }
            }
        }
        Decision::Capacity(d) => {
            for l in d.map.lookups.iter().chain(&d.reduce.lookups) {
                if let Some(ReservationStep::Honoured { job, .. }) = &l.reservation {
                    jobs.push(*job);
                }
                for q in &l.queues {
                    jobs.extend(q.jobs.iter().map(|j| j.job));
                    if q.unlisted > 0 {
                        unlisted.push((Some(q.queue.clone()), q.unlisted));
                    }
                }
            }
        }
        Decision::LimitTasksPerJob(_) | Decision::Spark(_) => {}
    }
    (jobs, unlisted)
}

/// How many sub-steps of each structural kind the record calls for: FIFO's map tries, Fair's
/// turns, Capacity's lookups.
fn structure(rec: &HeartbeatRecord, v: &[Visit]) -> Result<(), String> {
    let count = |f: fn(&Step) -> bool| v.iter().filter(|x| f(&x.step)).count();
    match &rec.decision {
        Decision::Fifo(d) => {
            let tries = count(|s| matches!(s, Step::FifoMap { .. }));
            if tries != d.map_tries.len() {
                return Err(format!("{tries} map tries played, the record has {}", d.map_tries.len()));
            }
            let loads = count(|s| matches!(s, Step::FifoLoad { .. }));
            if loads != 2 {
                return Err(format!("{loads} load-factor sub-steps, expected one per task type"));
            }
            let pads = count(|s| matches!(s, Step::FifoPadding { .. }));
            let want = d.map_padding.is_some() as usize + d.reduce_padding.is_some() as usize;
            if pads != want {
                return Err(format!("{pads} padding sub-steps, the record has {want}"));
            }
        }
        Decision::Fair(d) => {
            let turns = count(|s| matches!(s, Step::FairTurn { .. }));
            if turns != d.turns.len() {
                return Err(format!("{turns} turns played, the record has {}", d.turns.len()));
            }
            let at_max = count(|s| matches!(s, Step::FairPoolAtMax { .. }));
            let want = d.turns.iter().flat_map(|t| &t.visits).filter(|p| p.at_max.is_some()).count();
            if at_max != want {
                return Err(format!("{at_max} pools at their maximum played, the record has {want}"));
            }
            // A turn's pools and jobs follow the turn they belong to.
            let mut turn = None;
            for x in v {
                match &x.step {
                    Step::FairTurn { .. } => turn = x.kind,
                    Step::FairJob { .. } | Step::FairPoolAtMax { .. } if turn.is_none() || x.kind != turn => {
                        return Err(format!("a {:?} visit outside a {:?} turn", x.kind, turn));
                    }
                    _ => {}
                }
            }
            if !d.wait_growth.is_empty() && !matches!(v.first().map(|x| &x.step), Some(Step::FairWaits { .. })) {
                return Err("updateLocalityWaitTimes is not the first sub-step".into());
            }
        }
        Decision::Capacity(d) => {
            let lookups = count(|s| matches!(s, Step::CapacityOrder { .. } | Step::CapacityReservation { .. }));
            let want = d.map.lookups.len() + d.reduce.lookups.len();
            if lookups != want {
                return Err(format!("{lookups} lookups played, the record has {want}"));
            }
            let stops = count(|s| matches!(s, Step::CapacityStop { .. }));
            if stops != 2 {
                return Err(format!("{stops} phase ends, expected one per task type"));
            }
        }
        Decision::LimitTasksPerJob(_) | Decision::Spark(_) => {
            if v.len() != 1 {
                return Err(format!("{} sub-steps for a scheduler without a per-visit record", v.len()));
            }
        }
    }
    Ok(())
}

/// Every check of this file on one heartbeat.
pub fn check(rec: &HeartbeatRecord, v: &[Visit]) -> Result<(), String> {
    let n = rec.assigned.len();
    let Some(last) = v.last() else { return Err("no sub-steps".into()) };
    if last.step != Step::End || last.launched != n || last.launch.is_some() {
        return Err(format!(
            "the last sub-step is {:?} with {} launched, not the after-state with {n}",
            last.step, last.launched
        ));
    }
    if let Some(i) = v[..v.len() - 1].iter().position(|x| x.step == Step::End) {
        return Err(format!("the after-state at sub-step {i} of {}", v.len()));
    }
    let per_visit = !matches!(rec.decision, Decision::LimitTasksPerJob(_) | Decision::Spark(_));
    let mut prev = 0;
    let mut next_launch = 0;
    for (k, x) in v.iter().enumerate() {
        if x.launched < prev || x.launched > n {
            return Err(format!("sub-step {k}: {} launched after {prev} (of {n})", x.launched));
        }
        if let Some(i) = x.launch {
            if i != next_launch {
                return Err(format!("sub-step {k} launches assignment {i}, the next is {next_launch}"));
            }
            next_launch += 1;
            let a = rec.assigned.get(i).ok_or_else(|| format!("sub-step {k} launches {i} of {n}"))?;
            if Some(a.job) != asked(x) {
                return Err(format!("sub-step {k} ({:?}) launches J{}'s {:?}", x.step, a.job, a.kind));
            }
            if x.kind != Some(a.kind) {
                return Err(format!("sub-step {k} is a {:?} visit launching a {:?}", x.kind, a.kind));
            }
            if x.launched != i + 1 {
                return Err(format!("sub-step {k} launches {i} with {} launched", x.launched));
            }
        } else if per_visit && x.step != Step::End && x.launched != prev {
            return Err(format!("sub-step {k} launched nothing but moved from {prev} to {}", x.launched));
        }
        prev = x.launched;
        if let Some(c) = &x.code {
            let m = code::method(c.method).ok_or_else(|| format!("sub-step {k}: no listing {}", c.method))?;
            if c.line >= m.lines.len() {
                return Err(format!("sub-step {k}: line {} of {} ({} lines)", c.line, c.method, m.lines.len()));
            }
        }
    }
    if per_visit && next_launch != n {
        return Err(format!("{next_launch} of {n} assignments launched by a sub-step"));
    }
    let (jobs, unlisted) = record_jobs(rec);
    let played: Vec<u32> = v.iter().filter_map(asked).collect();
    if played != jobs {
        return Err(format!("jobs asked {played:?}, the record's visits {jobs:?}"));
    }
    let groups: Vec<(Option<String>, u32)> = v
        .iter()
        .filter_map(|x| match &x.step {
            Step::Unlisted { count, group } => Some((group.clone(), *count)),
            _ => None,
        })
        .collect();
    if groups != unlisted {
        return Err(format!("unlisted runs {groups:?}, the record's {unlisted:?}"));
    }
    structure(rec, v)
}
