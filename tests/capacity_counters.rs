//! The Capacity Scheduler's usage counters (`sched/capacity/counters.rs`, moved by attempt,
//! state, list and reservation changes) against `CapacitySchedulerQueue.updateAll`'s recount
//! from every running job (`sched/capacity/recount.rs`): with `usage_check` on, every usage
//! refresh (each heartbeat's `updateAllQueues`, each scripted refresh) is compared, for every
//! capacity scenario under `scenarios/` and `tests/scenarios/`, the lessons' own scenarios, the
//! generated scenarios of `engine_fingerprints.rs` and those scenarios mutated to use
//! high-memory jobs (reservations), more users and a third queue.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::sched::Scheduler;
use schedscope::sim::Engine;
use serde_json::{Value, json};
use std::path::Path;

mod common;
#[path = "common/generated.rs"]
mod generated;
use common::Rng;

/// Run `text` to its end (at most `max_hb` heartbeats) with the check on: the number of usage
/// refreshes compared, or the first difference.
fn checked(text: &str, max_hb: u64) -> Result<u64, String> {
    let scenario = schedscope::scenario::parse(text).map_err(|e| e.to_string())?;
    let mut e = Engine::new(scenario)?;
    match &mut e.scheduler {
        Scheduler::Capacity(cs) => cs.usage_check = true,
        _ => return Err("not a capacity scenario".into()),
    }
    while e.hb < max_hb && e.next_heartbeat().is_some() {}
    let Scheduler::Capacity(cs) = &e.scheduler else { unreachable!() };
    match &cs.usage_mismatch {
        Some(m) => Err(m.clone()),
        None => Ok(cs.usage_checked),
    }
}

fn is_capacity(text: &str) -> bool {
    serde_json::from_str::<Value>(text).is_ok_and(|v| v["scheduler"] == json!("capacity"))
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

#[test]
fn every_builtin_capacity_scenario_refreshes_as_the_recount() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    json_files(&root.join("scenarios"), &mut files);
    json_files(&root.join("tests/scenarios"), &mut files);
    files.sort();
    let mut texts: Vec<(String, String)> = Vec::new();
    for f in files {
        let t = std::fs::read_to_string(&f).unwrap();
        if is_capacity(&t) {
            texts.push((f.display().to_string(), t));
        }
    }
    for (id, json) in schedscope::lesson::builtin() {
        let v: Value = serde_json::from_str(json).unwrap();
        if v["scenario"].is_object() && v["scenario"]["scheduler"] == json!("capacity") {
            texts.push((format!("lesson {id}"), v["scenario"].to_string()));
        }
    }
    let (mut runs, mut refreshes, mut problems) = (0, 0, Vec::new());
    for (name, t) in &texts {
        match checked(t, 20_000) {
            Ok(n) => {
                runs += 1;
                refreshes += n;
            }
            Err(e) => problems.push(format!("{name}: {e}")),
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    assert!(runs >= 40, "expected the capacity scenarios, found {runs}");
    assert!(refreshes > 500, "only {refreshes} refreshes compared");
}

/// A generated scenario with high-memory jobs (two-slot maps or reduces that reserve trackers),
/// five users and a third queue.
fn mutated(seed: u64) -> Value {
    let mut v = generated::scenario("capacity", seed);
    let mut r = Rng(seed ^ 0xC0FF_EE00_DEAD_BEEF | 1);
    v["config"]["memory"] =
        json!({"map_slot_mb": 1024, "reduce_slot_mb": 1024, "max_map_mb": 2048, "max_reduce_mb": 2048});
    if r.chance(50) {
        let a = v["config"]["queues"][0]["capacity"].as_u64().unwrap();
        let b = 100 - a;
        let c = b / 2;
        v["config"]["queues"][1]["capacity"] = json!(b - c);
        v["config"]["queues"].as_array_mut().unwrap().push(json!({"name": "qc", "capacity": c,
            "min_user_limit_percent": 25, "user_limit_factor": 2}));
    }
    let three = v["config"]["queues"].as_array().unwrap().len() == 3;
    for j in v["jobs"].as_array_mut().unwrap() {
        j["map_mem_mb"] = json!(if r.chance(30) { 2048 } else { 1024 });
        j["reduce_mem_mb"] = json!(if r.chance(30) { 2048 } else { 1024 });
        j["user"] = json!(["alice", "bob", "carol", "dave", "erin"][r.below(5) as usize]);
        if three && r.chance(33) {
            j["queue"] = json!("qc");
        }
    }
    v
}

#[test]
fn generated_and_mutated_scenarios_refresh_as_the_recount() {
    let (mut refreshes, mut problems) = (0, Vec::new());
    for seed in 0..300 {
        for (kind, v) in [("generated", generated::scenario("capacity", seed)), ("mutated", mutated(seed))] {
            match checked(&v.to_string(), 20_000) {
                Ok(n) => refreshes += n,
                Err(e) => problems.push(format!("{kind} seed {seed}: {e}")),
            }
        }
    }
    assert!(problems.is_empty(), "{} runs differ:\n{}", problems.len(), problems[..problems.len().min(20)].join("\n"));
    assert!(refreshes > 10_000, "only {refreshes} refreshes compared");
}
