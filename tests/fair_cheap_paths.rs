//! The Fair Scheduler's cheap paths against its full ones, for every fair scenario under
//! `scenarios/` and `tests/scenarios/`, the lessons' own scenarios, the generated scenarios of
//! `engine_fingerprints.rs`, and the bench's workload (many pools, hundreds of jobs):
//!
//! - the kept job order (`sched/fair/order.rs`): a pool's job list that passed
//!   `PoolSchedulable.assignTask`'s sort unchanged and whose keys did not move since is not
//!   sorted again. With `order_check` on, every list kept as sorted is sorted all the same, and
//!   the sort must never move one;
//! - the quiet visits (`sched/fair/visits.rs`): every heartbeat record of a run with them is
//!   byte for byte the record of the same run with `full_visits` on.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::sched::Scheduler;
use schedscope::sim::Engine;
use serde_json::{Value, json};
use std::path::Path;

mod common;
#[path = "common/generated.rs"]
mod generated;

/// Run `scenario` to its end (at most `max_hb` heartbeats) with the check on: the number of
/// kept orders checked, or the first the sort would have moved.
fn checked(scenario: schedscope::scenario::Scenario, max_hb: u64) -> Result<u64, String> {
    let mut e = Engine::new(scenario)?;
    match &mut e.scheduler {
        Scheduler::Fair(fs) => fs.order_check = true,
        _ => return Err("not a fair scenario".into()),
    }
    while e.hb < max_hb && e.next_heartbeat().is_some() {}
    let Scheduler::Fair(fs) = &e.scheduler else { unreachable!() };
    match &fs.order_mismatch {
        Some(m) => Err(m.clone()),
        None => Ok(fs.order_checked),
    }
}

/// A hash of each `run --json` line of `scenario` to its end (at most `max_hb` heartbeats),
/// with every counted visit on the full path or not, and the number of quiet visits.
fn records(scenario: schedscope::scenario::Scenario, max_hb: u64, full: bool) -> (Vec<u64>, u64) {
    use std::hash::{Hash, Hasher};
    let mut e = Engine::new(scenario).unwrap();
    let Scheduler::Fair(fs) = &mut e.scheduler else { panic!("not a fair scenario") };
    fs.full_visits = full;
    let mut out = Vec::new();
    while e.hb < max_hb {
        let Some(rec) = e.next_heartbeat() else { break };
        let mut h = std::collections::hash_map::DefaultHasher::new();
        serde_json::to_string(&rec).unwrap().hash(&mut h);
        out.push(h.finish());
    }
    let Scheduler::Fair(fs) = &e.scheduler else { unreachable!() };
    (out, fs.quiet_visits)
}

/// The first heartbeat whose record differs between the quiet and the full visits; `quiet`
/// counts the visits that took the quiet path.
fn quiet_differs(text: &str, max_hb: u64, quiet_count: &mut u64) -> Option<String> {
    let ((quiet, n), (full, none)) = (records(parse(text), max_hb, false), records(parse(text), max_hb, true));
    assert_eq!(none, 0, "full_visits on, yet quiet visits");
    *quiet_count += n;
    if quiet.len() != full.len() {
        return Some(format!("{} heartbeats with quiet visits, {} with full ones", quiet.len(), full.len()));
    }
    let at = (0..quiet.len()).find(|&i| quiet[i] != full[i])?;
    Some(format!("heartbeat {} differs", at + 1))
}

fn parse(text: &str) -> schedscope::scenario::Scenario {
    schedscope::scenario::parse(text).unwrap()
}

fn json_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for f in std::fs::read_dir(dir).unwrap() {
        let f = f.unwrap().path();
        if f.is_dir() {
            json_files(&f, out);
        } else if f.extension().is_some_and(|e| e == "json") {
            out.push(f);
        }
    }
}

fn is_fair(v: &Value) -> bool {
    v["scheduler"] == json!("fair")
}

/// Every fair scenario of the repository and the lessons, by name.
fn builtin_fair_texts() -> Vec<(String, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    json_files(&root.join("scenarios"), &mut files);
    json_files(&root.join("tests/scenarios"), &mut files);
    files.sort();
    let mut texts: Vec<(String, String)> = Vec::new();
    for f in files {
        let t = std::fs::read_to_string(&f).unwrap();
        if serde_json::from_str::<Value>(&t).is_ok_and(|v| is_fair(&v)) {
            texts.push((f.display().to_string(), t));
        }
    }
    for (id, json) in schedscope::lesson::builtin() {
        let v: Value = serde_json::from_str(json).unwrap();
        if v["scenario"].is_object() && is_fair(&v["scenario"]) {
            texts.push((format!("lesson {id}"), v["scenario"].to_string()));
        }
    }
    texts
}

#[test]
fn every_builtin_fair_scenario_keeps_the_sorted_order() {
    let texts = builtin_fair_texts();
    let (mut runs, mut kept, mut problems) = (0, 0, Vec::new());
    for (name, t) in &texts {
        let Ok(s) = schedscope::scenario::parse(t) else { continue };
        match checked(s, 20_000) {
            Ok(n) => {
                runs += 1;
                kept += n;
            }
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(runs >= 20, "expected the fair scenarios, found {runs}");
    assert!(kept > 100, "only {kept} kept orders checked");
}

#[test]
fn generated_scenarios_keep_the_sorted_order() {
    let (mut kept, mut problems) = (0, Vec::new());
    for seed in 0..600 {
        match checked(parse(&generated::scenario("fair", seed).to_string()), 20_000) {
            Ok(n) => kept += n,
            Err(e) => problems.push(format!("seed {seed}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{} runs differ:\n{}", problems.len(), problems[..problems.len().min(20)].join("\n"));
    assert!(kept > 1_000, "only {kept} kept orders checked");
}

#[test]
fn the_bench_workload_keeps_the_sorted_order() {
    use schedscope::sim::bench::{BenchCase, workload};
    let case = BenchCase { scheduler: "fair".into(), nodes: 100, tasks: 2_500 };
    let v = schedscope::scenario::generator::generate(&workload(&case));
    let s = schedscope::scenario::from_value(&v).unwrap();
    let kept = checked(s, 1_000_000).unwrap();
    assert!(kept > 10_000, "only {kept} kept orders checked");
}

#[test]
fn quiet_visits_record_what_the_full_visits_record() {
    let mut problems = Vec::new();
    let (mut runs, mut quiet) = (0, 0);
    for (name, t) in builtin_fair_texts() {
        if schedscope::scenario::parse(&t).is_err() {
            continue;
        }
        runs += 1;
        if let Some(d) = quiet_differs(&t, 20_000, &mut quiet) {
            problems.push(format!("{name}: {d}"));
        }
    }
    for seed in 0..300 {
        if let Some(d) = quiet_differs(&generated::scenario("fair", seed).to_string(), 20_000, &mut quiet) {
            problems.push(format!("seed {seed}: {d}"));
        }
    }
    use schedscope::sim::bench::{BenchCase, workload};
    // More jobs than the record lists: most visits are counted, and most of those are quiet.
    for (nodes, tasks, hb) in [(100, 2_500, 10_000), (1_000, 25_000, 1_000_000)] {
        let case = BenchCase { scheduler: "fair".into(), nodes, tasks };
        let bench = schedscope::scenario::generator::generate(&workload(&case)).to_string();
        if let Some(d) = quiet_differs(&bench, hb, &mut quiet) {
            problems.push(format!("bench workload, {nodes} nodes: {d}"));
        }
    }
    assert!(problems.is_empty(), "{}", problems[..problems.len().min(10)].join("\n"));
    assert!(runs >= 20, "expected the fair scenarios, found {runs}");
    assert!(quiet > 100_000, "only {quiet} quiet visits compared");
}
