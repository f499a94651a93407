//! Which heartbeats are worth stopping at: the page's "next interesting" jump and the marks
//! on its timeline. Pure functions of consecutive decision records.
//!
//! A heartbeat is interesting when it assigned a task, when the scheduler's order changed
//! since the previous heartbeat (the FIFO job queue, the Capacity queue order), when a
//! locality level changed, or when one of the scheduler's rules bit (FIFO padding, the one
//! off-switch map per heartbeat).

use super::Simulation;
use crate::explain::{Decision, HeartbeatRecord};
use crate::model::TaskType;
use crate::sched::fifo::MapStop;
use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// At least one task was launched.
    Assignment,
    /// The job or queue order differs from the previous heartbeat's.
    Reorder,
    /// A job's (or the launched task's) locality level changed.
    LevelChange,
    /// A rule of the scheduler stopped assignment (padding, off-switch limit).
    RuleBit,
}

impl Reason {
    /// Timeline marks show these (assignments are too common to mark).
    pub fn is_landmark(self) -> bool {
        !matches!(self, Reason::Assignment)
    }
}

/// The order the scheduler considered jobs or queues in, as comparable names.
fn order(d: &Decision) -> Vec<String> {
    match d {
        Decision::Fifo(f) => f.queue.iter().map(|j| format!("J{}", j.job)).collect(),
        Decision::LimitTasksPerJob(l) => l.queue.iter().map(|j| format!("J{}", j.job)).collect(),
        #[allow(unreachable_patterns)]
        _ => other_order(d),
    }
}

fn other_order(d: &Decision) -> Vec<String> {
    match d {
        Decision::Capacity(c) => c
            .map
            .lookups
            .first()
            .or_else(|| c.reduce.lookups.first())
            .map(|l| l.order.iter().map(|q| q.queue.clone()).collect())
            .unwrap_or_default(),
        Decision::Fair(f) => {
            f.turns.first().map(|t| t.order.iter().map(|p| p.pool.clone()).collect()).unwrap_or_default()
        }
        _ => Vec::new(),
    }
}

/// Fair Scheduler: each visited job's allowed locality level this heartbeat.
fn allowed_levels(d: &Decision) -> Vec<(u32, &'static str)> {
    match d {
        Decision::Fair(f) => f
            .turns
            .iter()
            .flat_map(|t| &t.visits)
            .flat_map(|p| &p.jobs)
            .filter_map(|v| v.allowed.as_ref().map(|a| (v.job, a.level.as_str())))
            .collect(),
        _ => Vec::new(),
    }
}

fn rule_bit(d: &Decision) -> bool {
    match d {
        Decision::Fifo(f) => matches!(f.map_stop, MapStop::PaddingExceeded { .. } | MapStop::OffSwitch { .. }),
        _ => false,
    }
}

/// Locality levels of the maps launched, as `(job, level)`.
fn launched_levels(r: &HeartbeatRecord) -> Vec<(u32, u32)> {
    r.assigned.iter().filter(|a| a.kind == TaskType::Map).filter_map(|a| a.level.map(|l| (a.job, l))).collect()
}

/// Why heartbeat `cur` is interesting given the one before it (`None` for the first).
pub fn reasons(prev: Option<&HeartbeatRecord>, cur: &HeartbeatRecord) -> Vec<Reason> {
    let mut out = Vec::new();
    if !cur.assigned.is_empty() {
        out.push(Reason::Assignment);
    }
    if let Some(p) = prev {
        let (a, b) = (order(&p.decision), order(&cur.decision));
        // Jobs joining or leaving the end of the queue are not a reorder; a change in the
        // relative order of the jobs present in both is.
        let common_a: Vec<&String> = a.iter().filter(|x| b.contains(x)).collect();
        let common_b: Vec<&String> = b.iter().filter(|x| a.contains(x)).collect();
        let head_changed = !a.is_empty() && !b.is_empty() && a[0] != b[0];
        if common_a != common_b || head_changed {
            out.push(Reason::Reorder);
        }
        // Delay scheduling: a job's allowed level escalated (NODE → RACK → ANY) or reset.
        let (la, lb) = (allowed_levels(&p.decision), allowed_levels(&cur.decision));
        if lb.iter().any(|(job, level)| la.iter().any(|(j, l)| j == job && l != level)) {
            out.push(Reason::LevelChange);
        }
        // A job launching a map at a different locality level than its previous launch.
        let before = launched_levels(p);
        for (job, level) in launched_levels(cur) {
            if before.iter().any(|&(j, l)| j == job && l != level) {
                if !out.contains(&Reason::LevelChange) {
                    out.push(Reason::LevelChange);
                }
                break;
            }
        }
    }
    if rule_bit(&cur.decision) {
        out.push(Reason::RuleBit);
    }
    out
}

/// Reasons for heartbeat `hb` (1-based) among `records`.
pub fn reasons_at(records: &[HeartbeatRecord], hb: u64) -> Vec<Reason> {
    let i = hb as usize;
    if i == 0 || i > records.len() {
        return Vec::new();
    }
    reasons(if i >= 2 { records.get(i - 2) } else { None }, &records[i - 1])
}

/// Heartbeats among `records` with a landmark reason (reorder, level change, rule), for the
/// timeline.
pub fn landmarks(records: &[HeartbeatRecord]) -> Vec<(u64, Vec<Reason>)> {
    (1..=records.len() as u64)
        .filter_map(|hb| {
            let r: Vec<Reason> = reasons_at(records, hb).into_iter().filter(|r| r.is_landmark()).collect();
            (!r.is_empty()).then_some((hb, r))
        })
        .collect()
}

/// Step `sim` forward to the next interesting heartbeat, at most `max` heartbeats. Returns
/// the reasons found there, or `None` if the run ended (or `max` ran out) first; `sim` then
/// stays where the search stopped. Each record is compared with the one before it as the
/// search goes, so this holds past history's record window too.
pub fn step_to_next(sim: &mut Simulation, max: u64) -> Option<Vec<Reason>> {
    let mut prev = sim.last_record().cloned();
    for _ in 0..max {
        if !sim.step_forward() {
            return None;
        }
        let cur = sim.last_record()?;
        let found = reasons(prev.as_ref(), cur);
        if !found.is_empty() {
            return Some(found);
        }
        prev = Some(cur.clone());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lesson() -> Simulation {
        let json = crate::scenario::builtin().iter().find(|(id, _)| *id == "fifo-two-racks").unwrap().1;
        Simulation::from_json(json).unwrap()
    }

    #[test]
    fn next_interesting_lands_on_an_assignment_and_matches_reasons_at() {
        let mut sim = lesson();
        let found = step_to_next(&mut sim, 1000).expect("the lesson assigns tasks");
        assert!(found.contains(&Reason::Assignment));
        assert!(!sim.last_record().unwrap().assigned.is_empty());
        for hb in 1..sim.hb() {
            assert!(reasons_at(sim.records(), hb).is_empty(), "heartbeat {hb} was interesting too");
        }
        assert_eq!(reasons_at(sim.records(), sim.hb()), found);
    }

    #[test]
    fn the_lesson_has_a_reorder_and_rules_that_bite() {
        let mut sim = lesson();
        sim.run_to_end(100_000);
        let marks = landmarks(sim.records());
        assert!(marks.iter().any(|(_, r)| r.contains(&Reason::Reorder)), "the HIGH job should reorder the queue");
        assert!(marks.iter().any(|(_, r)| r.contains(&Reason::RuleBit)), "padding or off-switch should bite");
        assert!(marks.iter().all(|(_, r)| r.iter().all(|x| x.is_landmark())));
        assert_eq!(reasons_at(sim.records(), 0), vec![]);
        assert_eq!(reasons_at(sim.records(), u64::MAX), vec![]);
    }

    #[test]
    fn stepping_past_the_end_returns_none() {
        let mut sim = lesson();
        sim.run_to_end(100_000);
        assert_eq!(step_to_next(&mut sim, 10), None);
    }
}
