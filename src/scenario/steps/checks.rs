//! The checks a scripted step makes (`expect_queue`, `expect_job`, `expect_heartbeat_interval`,
//! `expect_matching_level`, `expect_cluster`) and a heartbeat's expected tasks, read strictly.

use super::attempts::{parse_hadoop_name, read_attempt};
use super::{AttemptRef, StepKind, harness, job_of, need, state_of};
use crate::input::json::{Errs, Obj, as_array, index};
use crate::model::{Locality, RunState};

/// The check ops read here.
pub(super) const OPS: [&str; 5] =
    ["expect_queue", "expect_job", "expect_heartbeat_interval", "expect_matching_level", "expect_cluster"];

/// One expected task of a heartbeat.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectTask {
    pub attempt: AttemptRef,
    pub locality: Option<Locality>,
    /// Written as Hadoop's attempt name (`attempt_test_0001_m_000001_0`): compared with the
    /// scheduler's name for the attempt (Hadoop's test harness numbers tasks in launch order).
    pub label: Option<String>,
    /// `... on tt1`: the tracker named with it.
    pub on: Option<String>,
}

impl std::fmt::Display for ExpectTask {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(label) = &self.label {
            write!(f, "{label}")?;
            if let Some(t) = &self.on {
                write!(f, " on {t}")?;
            }
            return Ok(());
        }
        write!(f, "{}", self.attempt)?;
        if let Some(l) = self.locality {
            write!(f, "/{}", l.as_str())?;
        }
        Ok(())
    }
}

/// Checks of `expect_job`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct JobChecks {
    pub state: Option<RunState>,
    pub numbers: Vec<(&'static str, i64)>,
    pub schedule_reduces: Option<bool>,
    pub counters: Vec<(String, u64)>,
}

/// Read check `op` from step object `o`.
pub(super) fn read(op: &str, o: &mut Obj, errs: &mut Errs) -> Option<StepKind> {
    Some(match op {
        "expect_queue" => {
            let op_ = o.path_of("order");
            let order = match o.get("order") {
                Some(v) => as_array(v, &op_, 100_000, errs).map(|l| {
                    l.iter()
                        .enumerate()
                        .filter_map(|(i, x)| {
                            crate::input::json::as_u64_in(x, &index(&op_, i), 1, crate::scenario::MAX_JOB_ID, errs)
                                .map(|x| x as u32)
                        })
                        .collect::<Vec<_>>()
                }),
                None => {
                    errs.push(&op_, "missing; expected the job ids head first");
                    None
                }
            };
            StepKind::ExpectQueue { order: order? }
        }
        "expect_job" => {
            let job = job_of(o, errs);
            let mut checks = JobChecks { state: state_of(o, "state", errs), ..Default::default() };
            for key in [
                "running_maps",
                "running_reduces",
                "pending_maps",
                "pending_reduces",
                "finished_maps",
                "finished_reduces",
                "failed_map_tips",
                "failed_reduce_tips",
            ] {
                if let Some(n) = o.i64_in(key, -(1 << 40), 1 << 40, errs) {
                    checks.numbers.push((key, n));
                }
            }
            checks.schedule_reduces = o.bool("schedule_reduces", errs);
            if let Some(cv) = o.get("counters") {
                let cp = o.path_of("counters");
                if let Some(mut co) = Obj::new(cv, &cp, errs) {
                    for name in crate::model::job::Counters::NAMES {
                        if let Some(n) = co.u64_in(name, 0, u64::MAX, errs) {
                            checks.counters.push((name.to_string(), n));
                        }
                    }
                    co.finish(errs);
                }
            }
            StepKind::ExpectJob { job: job?, checks }
        }
        "expect_heartbeat_interval" => {
            let ms = o.i64_in("ms", 0, i64::MAX / 4, errs);
            StepKind::ExpectHeartbeatInterval { ms: need(ms, o, "ms", "the interval in ms", errs)? }
        }
        "expect_matching_level" => {
            let a = o.str("a", errs).map(str::to_string);
            let b = o.str("b", errs).map(str::to_string);
            let ml = o.u64_in("max_level", 1, 16, errs).map(|x| x as u32);
            let l = o.u64_in("level", 0, 16, errs).map(|x| x as u32);
            let a = need(a, o, "a", "a host name", errs);
            let b = need(b, o, "b", "a host name", errs);
            let ml = need(ml, o, "max_level", "the maxLevel argument", errs);
            let l = need(l, o, "level", "the expected level", errs);
            StepKind::ExpectMatchingLevel { a: a?, b: b?, max_level: ml?, level: l? }
        }
        "expect_cluster" => {
            let count = |o: &mut Obj, k: &'static str, errs: &mut Errs| o.u64_in(k, 0, 1 << 32, errs).map(|x| x as u32);
            let trackers = count(o, "trackers", errs);
            let map_slots = count(o, "map_slots", errs);
            let reduce_slots = count(o, "reduce_slots", errs);
            StepKind::ExpectCluster { trackers, map_slots, reduce_slots }
        }
        _ => unreachable!("not a check op: {op}"),
    })
}

/// A heartbeat's `expect`: each task as the short form or an object, or as Hadoop names it
/// (`attempt_test_0001_m_000001_0 on tt1`). `any_order` (the Capacity harness's): maps first.
pub(super) fn read_expected(o: &mut Obj, any_order: bool, errs: &mut Errs) -> Option<Vec<ExpectTask>> {
    let ep = o.path_of("expect");
    let list = as_array(o.get("expect")?, &ep, 10_000, errs)?;
    let order = if any_order { harness::maps_first(list) } else { (0..list.len()).collect() };
    let read = |i: usize, errs: &mut Errs| match list[i].as_str().filter(|s| s.starts_with("attempt_")) {
        Some(s) => match parse_hadoop_name(s) {
            Ok((attempt, label, on)) => Some(ExpectTask { attempt, locality: None, label: Some(label), on }),
            Err(e) => {
                errs.push(&index(&ep, i), e);
                None
            }
        },
        None => read_attempt(&list[i], &index(&ep, i), errs).map(|(attempt, locality)| ExpectTask {
            attempt,
            locality,
            label: None,
            on: None,
        }),
    };
    Some(order.into_iter().filter_map(|i| read(i, errs)).collect())
}
