//! The engine's decisions, pinned before it is made faster (issue 24): 2,000 generated
//! automatic-mode scenarios per scheduler (FIFO, Fair, Capacity) — racks of trackers with map
//! and reduce slots, jobs with placed or located or location-less maps and reduces arriving over
//! time, speculation on or off, trackers joining late and going silent (their attempts killed,
//! the jobs' failures on their hosts counted), Fair delays and pools, Capacity queues and user
//! limits — each run to its end; the FNV-1a fingerprint of its `run --json` lines
//! (`sim::bench::trace_fingerprint`) must stay what `tests/data/engine-fingerprints-*.json`
//! recorded. After an intended change of behaviour, regenerate with
//! `UPDATE_GOLDEN=1 cargo test --test engine_fingerprints` and say why in the commit.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::sim::bench::trace_fingerprint;
use serde_json::json;

const PER_SCHEDULER: u64 = 2_000;
/// A generated run is short; this only guards against a run that would not end.
const MAX_HB: u64 = 20_000;

mod common;
#[path = "common/generated.rs"]
mod generated;
use generated::scenario;

/// `heartbeats:fingerprint` of each of the scheduler's runs, by seed.
fn fingerprints(sched: &str) -> Vec<String> {
    (0..PER_SCHEDULER)
        .map(|seed| {
            let text = scenario(sched, seed).to_string();
            let (n, fp) = trace_fingerprint(&text, MAX_HB).unwrap_or_else(|e| panic!("{sched} seed {seed}: {e}"));
            assert!(n < MAX_HB, "{sched} seed {seed} did not end within {MAX_HB} heartbeats");
            format!("{n}:{fp}")
        })
        .collect()
}

/// One file per scheduler, so the three tests can run (and be regenerated) side by side.
fn check(sched: &str) {
    let path = format!("{}/tests/data/engine-fingerprints-{sched}.json", env!("CARGO_MANIFEST_DIR"));
    let now = fingerprints(sched);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(&path, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
    }
    let golden: Vec<String> = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(now.len(), golden.len(), "{sched}: scenario count");
    let changed: Vec<usize> = (0..now.len()).filter(|&i| now[i] != golden[i]).collect();
    assert!(
        changed.is_empty(),
        "{sched}: {} of {} runs changed, first seeds {:?}; if intended, UPDATE_GOLDEN=1 cargo test --test engine_fingerprints",
        changed.len(),
        now.len(),
        &changed[..changed.len().min(10)]
    );
}

#[test]
fn fifo_makes_the_recorded_decisions() {
    check("fifo");
}

#[test]
fn fair_makes_the_recorded_decisions() {
    check("fair");
}

#[test]
fn capacity_makes_the_recorded_decisions() {
    check("capacity");
}

/// The generator covers what the fingerprints are meant to pin.
#[test]
fn the_generated_scenarios_cover_speculation_joins_and_silence() {
    let (mut spec, mut join, mut silent) = (0, 0, 0);
    for seed in 0..200 {
        let v = scenario("fifo", seed);
        spec += usize::from(v["config"]["speculative_maps"] == json!(true));
        let t = v["trackers"].as_array().unwrap();
        join += usize::from(t.iter().any(|x| x.get("join_ms").is_some()));
        silent += usize::from(t.iter().any(|x| x.get("silent_ms").is_some()));
    }
    assert!(spec > 40 && join > 20 && silent > 20, "speculation {spec}, joins {join}, silent {silent} of 200");
}
