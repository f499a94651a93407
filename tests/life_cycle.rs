//! Property tests of the attempt life cycle (issue 13): random scripted runs under every
//! scheduler, with speculation on, progress reports, successes, failures, killed tasks and
//! killed jobs (and Fair preemption), checked after every step:
//!
//! - a job's progress of each type is the mean of its TIPs' progress (up to float32 rounding:
//!   Hadoop keeps a float32 running sum) and stays in [0, 1];
//! - no slot is freed before its tracker reports: an attempt leaves its tracker only in that
//!   tracker's heartbeat (the report) or by a step that is its report (`finish`, `fail`,
//!   `kill_task`), never because its twin finished or its job was killed or preempted;
//! - every attempt is launched once, then ends exactly once (a run is drained at the end by
//!   killing every job and letting each tracker heartbeat until it has reported everything).
//!
//! Trackers are also lost (their attempts end with them, the one way a slot goes without a
//! report) and join again.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use proptest::prelude::*;
use schedscope::model::{AttemptId, TaskType};
use schedscope::scenario::{Step, StepKind};
use schedscope::sim::Engine;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};

/// Random cluster, jobs and failure settings for `sched`, in scripted mode (no steps of its
/// own: the test drives it).
fn scenario(sched: &'static str) -> impl Strategy<Value = Value> {
    (
        (1usize..=2, 1usize..=3, 1u32..=2, 1u32..=2),
        prop::collection::vec((0u32..=5, 0u32..=2, prop::bool::ANY, 0usize..3), 1..=3),
        (1u32..=4, 1u32..=4, prop::sample::select(vec![0u32, 50]), 1u32..=4),
        (prop::bool::ANY, 0u64..1000, prop::bool::ANY, 1u32..=4),
    )
        .prop_map(move |((racks, per, ms, rs), jobs, (map_att, red_att, fail_pct, tt_fail), (imm, seed, preempt, limit))| {
            let (trackers, topo) = common::racks_of_trackers(racks, per);
            let jobs: Vec<Value> = jobs
                .iter()
                .enumerate()
                .map(|(i, (maps, reds, placed, user))| {
                    let maps = if *placed { json!({"count": maps, "replicas": 2}) } else { json!(maps) };
                    let mut j = json!({"id": i + 1, "maps": maps, "reduces": reds, "user": format!("u{user}"),
                                       "slowstart": 0.0});
                    if sched == "capacity" {
                        j["queue"] = json!(["qa", "qb"][user % 2]);
                    }
                    if i % 2 == 1 {
                        // The job's own failure settings (its JobConf) instead of the cluster's.
                        j["conf"] = json!({"mapred.map.max.attempts": i % 3 + 1, "mapred.reduce.max.attempts": 1,
                                           "mapred.max.map.failures.percent": 50, "mapred.max.tracker.failures": 1});
                    }
                    j
                })
                .collect();
            let mut v = json!({
                "version": 1, "seed": seed, "scheduler": sched, "topology": topo, "trackers": trackers,
                "jobs": jobs, "steps": [],
                "config": {"map_slots": ms, "reduce_slots": rs, "speculative_maps": true, "speculative_reduces": true,
                           "map_max_attempts": map_att, "reduce_max_attempts": red_att,
                           "max_map_failures_percent": fail_pct, "max_reduce_failures_percent": fail_pct,
                           "max_tracker_failures": tt_fail,
                           "cluster_running_counts": if imm { "immediate" } else { "as_reported" }}
            });
            match sched {
                "capacity" => {
                    v["config"]["queues"] = json!([{"name": "qa", "capacity": 50}, {"name": "qb", "capacity": 50}]);
                }
                "limit_tasks_per_job" => v["config"]["max_running_tasks_per_job"] = json!(limit),
                "fair" if preempt => {
                    v["fair"] = json!({
                        "properties": {"preemption": true, "preemption_interval_ms": 1000, "assign_multiple": true},
                        "allocations": {"pools": {"u0": {"minMaps": 2, "minReduces": 1, "minSharePreemptionTimeout": 5}}}
                    });
                }
                _ => {}
            }
            v
        })
}

fn step(kind: StepKind) -> Step {
    Step { path: "$.property".into(), kind, note: None }
}

/// What the test has seen: attempts launched and not yet reported (with their tracker), and
/// attempts that ended.
#[derive(Default)]
struct Ledger {
    alive: BTreeMap<AttemptId, String>,
    ended: BTreeSet<AttemptId>,
    /// Per (job, type): the failed TIPs' share that the last "every TIP done" success counted
    /// into the progress by setting it to 1 (a failed TIP is 0 in the mean).
    topped: BTreeMap<(u32, TaskType), f64>,
}

impl Ledger {
    fn launched(&mut self, a: AttemptId, tracker: &str) -> Result<(), String> {
        if self.alive.contains_key(&a) || self.ended.contains(&a) {
            return Err(format!("{a} launched twice"));
        }
        self.alive.insert(a, tracker.to_string());
        Ok(())
    }
    fn ended(&mut self, a: AttemptId, tracker: Option<&str>) -> Result<(), String> {
        match self.alive.remove(&a) {
            None if self.ended.contains(&a) => Err(format!("{a} ended twice")),
            None => Err(format!("{a} ended without being launched")),
            Some(t) if tracker.is_some_and(|x| x != t) => {
                Err(format!("{a} runs on {t} but {} reported it", tracker.unwrap_or("")))
            }
            Some(_) => {
                self.ended.insert(a);
                Ok(())
            }
        }
    }
    /// The trackers hold exactly the attempts launched and not yet reported.
    fn matches(&self, e: &Engine) -> Result<(), String> {
        let on: BTreeMap<AttemptId, String> =
            e.cluster.trackers.iter().flat_map(|t| t.running.iter().map(|r| (r.attempt, t.name.clone()))).collect();
        if on != self.alive {
            let freed: Vec<String> = self.alive.keys().filter(|a| !on.contains_key(a)).map(|a| a.to_string()).collect();
            let extra: Vec<String> = on.keys().filter(|a| !self.alive.contains_key(a)).map(|a| a.to_string()).collect();
            return Err(format!("slots freed without a report: {freed:?}; attempts never launched: {extra:?}"));
        }
        Ok(())
    }
}

/// Job progress is the mean of its TIPs' progress and within [0, 1] (float32 rounding aside).
/// Once a success finishes every TIP of a type the progress is 1, which also counts the failed
/// TIPs (0 in the mean); that share stays in the sum if a lost tracker takes a map output back.
fn progress_is_the_mean(e: &Engine, led: &mut Ledger) -> Result<(), String> {
    for j in e.cluster.jobs.values() {
        for kind in [TaskType::Map, TaskType::Reduce] {
            let tips = j.tips(kind);
            if tips.is_empty() {
                continue;
            }
            let (p, done, failed) = match kind {
                TaskType::Map => (j.map_progress as f64, j.finished_maps + j.failed_map_tips, j.failed_map_tips),
                TaskType::Reduce => {
                    (j.reduce_progress as f64, j.finished_reduces + j.failed_reduce_tips, j.failed_reduce_tips)
                }
            };
            if !(-1e-6..=1.0 + 1e-6).contains(&p) {
                return Err(format!("J{} {} progress {p} outside [0, 1]", j.id.0, kind.as_str()));
            }
            let n = tips.len() as f64;
            let mean = tips.iter().map(|t| t.progress() as f64).sum::<f64>() / n;
            if done as usize == tips.len() && p == 1.0 {
                led.topped.insert((j.id.0, kind), failed as f64 / n);
                continue;
            }
            let offset = led.topped.get(&(j.id.0, kind)).copied().unwrap_or(0.0);
            if (p - mean).abs() > 1e-4 && (p - mean - offset).abs() > 1e-4 {
                return Err(format!("J{} {} progress {p}, but its TIPs average {mean}", j.id.0, kind.as_str()));
            }
        }
    }
    Ok(())
}

/// Run one step and account for what it launched and ended.
fn apply(e: &mut Engine, led: &mut Ledger, kind: StepKind) -> Result<(), String> {
    let report = match &kind {
        StepKind::Finish { attempt } | StepKind::Fail { attempt } | StepKind::KillTask { attempt } => Some(*attempt),
        _ => None,
    };
    // A lost tracker's attempts end with it (`lostTaskTracker`): the one way a slot goes
    // without its tracker reporting.
    let lost: Vec<AttemptId> = match &kind {
        StepKind::LoseTracker { tracker } => e
            .cluster
            .trackers
            .iter()
            .filter(|t| t.name == *tracker)
            .flat_map(|t| t.running.iter().map(|r| r.attempt))
            .collect(),
        _ => Vec::new(),
    };
    let rec = e.run_step(&step(kind));
    if let Some(s) = &e.stopped {
        return Err(format!("the engine stopped: {}", s.message));
    }
    if let Some(a) = report {
        led.ended(a, None)?;
    }
    for a in lost {
        led.ended(a, None)?;
    }
    if let Some(rec) = rec {
        for r in &rec.reported {
            led.ended(r.attempt, Some(&rec.tracker))?;
        }
        for a in &rec.assigned {
            led.launched(a.attempt_id(), &rec.tracker)?;
        }
    }
    led.matches(e)?;
    progress_is_the_mean(e, led)?;
    e.check_invariants()
}

/// A job arriving later (so pools and queues can starve, and the Fair Scheduler preempt).
fn late_job(e: &Engine, arg: u32) -> StepKind {
    let capacity = e.scheduler.name() == "capacity";
    let user = arg % 3;
    let mut job = json!({"maps": arg % 5 + 1, "reduces": arg % 2, "user": format!("u{user}"), "slowstart": 0.0});
    if capacity {
        job["queue"] = json!(["qa", "qb"][user as usize % 2]);
    }
    let v = json!({"version": 1, "scheduler": e.scheduler.name(), "trackers": [{"name": "tt"}],
                   "config": if capacity { json!({"queues": [{"name": "qa", "capacity": 50}, {"name": "qb", "capacity": 50}]}) } else { json!({}) },
                   "steps": [{"op": "submit", "job": job}]});
    let s = schedscope::scenario::parse(&v.to_string()).expect("a valid submit step");
    s.steps.expect("scripted").remove(0).kind
}

/// One random action, chosen by `c` among those that can run now.
fn action(e: &Engine, c: u32) -> StepKind {
    let trackers: Vec<String> = e.cluster.trackers.iter().filter(|t| t.is_live()).map(|t| t.name.clone()).collect();
    let running: Vec<AttemptId> = e.cluster.trackers.iter().flat_map(|t| t.running.iter().map(|r| r.attempt)).collect();
    let arg = c / 20;
    let heartbeat = || StepKind::Heartbeat {
        tracker: trackers[arg as usize % trackers.len()].clone(),
        expect: None,
        expect_count: None,
        note: None,
    };
    let pick = || running[arg as usize % running.len()];
    // Failures prefer an attempt racing a twin half of the time (a TIP that fails then still
    // has an attempt to close).
    let racing: Vec<AttemptId> = running
        .iter()
        .copied()
        .filter(|a| e.cluster.jobs[&schedscope::model::JobId(a.job)].tips(a.kind)[a.index as usize].active.len() > 1)
        .collect();
    match c % 20 {
        7 | 8 => StepKind::Advance { ms: (arg % 7) as i64 * 5000 },
        9..=11 if !running.is_empty() => {
            StepKind::Progress { attempt: pick(), value: ((c / 1000) % 101) as f32 / 100.0 }
        }
        12 | 13 if !running.is_empty() => StepKind::Finish { attempt: pick() },
        14 | 15 if !racing.is_empty() && arg % 2 == 0 => {
            StepKind::Fail { attempt: racing[(arg / 2) as usize % racing.len()] }
        }
        14 | 15 if !running.is_empty() => StepKind::Fail { attempt: pick() },
        16 if !running.is_empty() => StepKind::KillTask { attempt: pick() },
        17 if arg % 8 == 0 => {
            let ids: Vec<u32> = e.cluster.jobs.keys().map(|j| j.0).collect();
            StepKind::KillJob { job: ids[(arg / 8) as usize % ids.len()] }
        }
        18 if arg % 4 == 0 && e.cluster.jobs.len() < 8 => late_job(e, arg / 4),
        // A tracker is lost (keeping at least one), or a lost one joins again.
        18 if arg % 4 == 1 => {
            let lost: Vec<&schedscope::model::Tracker> = e.cluster.trackers.iter().filter(|t| !t.is_live()).collect();
            let live: Vec<&schedscope::model::Tracker> = e.cluster.trackers.iter().filter(|t| t.is_live()).collect();
            match (lost.first(), live.len()) {
                (Some(t), _) if arg % 8 == 1 => StepKind::AddTracker {
                    tracker: Box::new(schedscope::scenario::TrackerSpec {
                        name: t.name.clone(),
                        host: t.host.clone(),
                        rack: e.cluster.topology.location_of(t.node).to_string(),
                        map_slots: t.max_map_slots,
                        reduce_slots: t.max_reduce_slots,
                        join_ms: None,
                        silent_ms: None,
                    }),
                },
                (_, n) if n > 1 => StepKind::LoseTracker { tracker: live[(arg / 4) as usize % n].name.clone() },
                _ => heartbeat(),
            }
        }
        _ => heartbeat(),
    }
}

fn run(v: &Value, choices: &[u32]) -> Result<(), String> {
    let s = schedscope::scenario::parse(&v.to_string()).map_err(|e| e.to_string())?;
    let mut e = Engine::new(s)?;
    let mut led = Ledger::default();
    apply(&mut e, &mut led, StepKind::Advance { ms: 100 })?;
    for (i, &c) in choices.iter().enumerate() {
        let k = action(&e, c);
        let what = format!("{k:?}");
        apply(&mut e, &mut led, k).map_err(|m| format!("step {i} ({what}): {m}"))?;
    }
    // Drain: kill every job still going; each tracker is told at its next heartbeat and
    // reports the kills at the one after.
    let ids: Vec<u32> = e.cluster.jobs.values().filter(|j| !j.state.is_terminal()).map(|j| j.id.0).collect();
    for id in ids {
        apply(&mut e, &mut led, StepKind::KillJob { job: id })?;
    }
    let names: Vec<String> = e.cluster.trackers.iter().filter(|t| t.is_live()).map(|t| t.name.clone()).collect();
    for _ in 0..2 {
        for t in &names {
            let hb = StepKind::Heartbeat { tracker: t.clone(), expect: None, expect_count: None, note: None };
            apply(&mut e, &mut led, hb)?;
        }
    }
    if !led.alive.is_empty() {
        return Err(format!("attempts never reported: {:?}", led.alive.keys().collect::<Vec<_>>()));
    }
    Ok(())
}

fn choices() -> impl Strategy<Value = Vec<u32>> {
    prop::collection::vec(any::<u32>(), 40..160)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn fifo_attempt_life_cycle(v in scenario("fifo"), c in choices()) {
        if let Err(m) = run(&v, &c) { prop_assert!(false, "{m}"); }
    }

    #[test]
    fn limit_tasks_per_job_attempt_life_cycle(v in scenario("limit_tasks_per_job"), c in choices()) {
        if let Err(m) = run(&v, &c) { prop_assert!(false, "{m}"); }
    }

    #[test]
    fn fair_attempt_life_cycle(v in scenario("fair"), c in choices()) {
        if let Err(m) = run(&v, &c) { prop_assert!(false, "{m}"); }
    }

    #[test]
    fn capacity_attempt_life_cycle(v in scenario("capacity"), c in choices()) {
        if let Err(m) = run(&v, &c) { prop_assert!(false, "{m}"); }
    }
}

/// The random runs above do exercise what they check: over a fixed sample, speculative
/// attempts launch, twins and attempts of killed jobs wait for their kill, tasks fail and
/// are killed, and the Fair Scheduler preempts.
#[test]
fn the_random_runs_reach_speculation_kills_and_failures() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
    let mut seen: BTreeMap<&str, u32> = BTreeMap::new();
    for sched in ["fifo", "limit_tasks_per_job", "fair", "capacity"] {
        let rng = TestRng::from_seed(RngAlgorithm::ChaCha, &[7; 32]);
        let mut runner = TestRunner::new_with_rng(Config::default(), rng);
        for _ in 0..150 {
            let v = scenario(sched).new_tree(&mut runner).unwrap().current();
            let c = choices().new_tree(&mut runner).unwrap().current();
            let s = schedscope::scenario::parse(&v.to_string()).unwrap();
            let mut e = Engine::new(s).unwrap();
            e.run_step(&step(StepKind::Advance { ms: 100 }));
            for &x in &c {
                let k = action(&e, x);
                let failed = matches!(k, StepKind::Fail { .. });
                let killed = matches!(k, StepKind::KillTask { .. } | StepKind::KillJob { .. });
                if let Some(rec) = e.run_step(&step(k)) {
                    *seen.entry("speculative").or_default() +=
                        rec.assigned.iter().filter(|a| a.speculative).count() as u32;
                    for k in &rec.kills {
                        *seen.entry(k.reason.as_str()).or_default() += 1;
                    }
                    *seen.entry("kill reported").or_default() +=
                        rec.reported.iter().filter(|r| r.kill.is_some()).count() as u32;
                    for c in &rec.tracker_changes {
                        if let schedscope::explain::TrackerChange::Lost { lost_outputs, .. } = c {
                            *seen.entry("tracker lost").or_default() += 1;
                            *seen.entry("map output lost").or_default() += lost_outputs.len() as u32;
                        }
                    }
                }
                *seen.entry("fail").or_default() += failed as u32;
                *seen.entry("kill step").or_default() += killed as u32;
            }
        }
    }
    for key in [
        "speculative",
        "twin_succeeded",
        "job_killed",
        "tip_failed",
        "preempted",
        "kill reported",
        "fail",
        "kill step",
        "tracker lost",
        "map output lost",
    ] {
        assert!(seen.get(key).copied().unwrap_or(0) > 0, "no {key} in the sample: {seen:?}");
    }
    println!("{seen:?}");
}
