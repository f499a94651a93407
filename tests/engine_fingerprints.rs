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
use serde_json::{Value, json};

const PER_SCHEDULER: u64 = 2_000;
/// A generated run is short; this only guards against a run that would not end.
const MAX_HB: u64 = 20_000;

mod common;
use common::Rng;

/// Scenario `seed` for `scheduler`.
fn scenario(scheduler: &str, seed: u64) -> Value {
    let mut r = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ 0x5DEE_CE66_D1CE_4E5B | 1);
    let racks = 1 + r.below(2);
    let per = 2 + r.below(3);
    let mut topology = serde_json::Map::new();
    let mut trackers = Vec::new();
    let mut hosts = Vec::new();
    for k in 0..racks {
        let names: Vec<String> = (0..per).map(|n| format!("r{k}n{n}")).collect();
        for h in &names {
            let mut t = json!({"name": format!("tt{}", trackers.len() + 1), "host": h,
                "map_slots": 1 + r.below(3), "reduce_slots": r.below(3)});
            if r.chance(10) {
                t["join_ms"] = json!(1_000 + r.below(15_000));
            } else if r.chance(8) {
                t["silent_ms"] = json!(2_000 + r.below(15_000));
            }
            trackers.push(t);
            hosts.push(h.clone());
        }
        topology.insert(format!("/rack{k}"), json!(names));
    }
    // At least one reduce slot somewhere that is always there, for the jobs' reduces.
    trackers[0]["reduce_slots"] = json!(1 + r.below(2));
    trackers[0].as_object_mut().unwrap().remove("silent_ms");
    let users = ["alice", "bob", "carol"];
    let queues = ["qa", "qb"];
    let jobs: Vec<Value> = (0..2 + r.below(4))
        .map(|i| {
            let n = 1 + r.below(6);
            let maps = match r.below(3) {
                0 => json!({"count": n, "replicas": 1 + r.below(3)}),
                1 => json!(
                    (0..n)
                        .map(|_| json!({"locations": [hosts[r.below(hosts.len() as u64) as usize]],
                    "duration_ms": 1_000 + r.below(3_000)}))
                        .collect::<Vec<_>>()
                ),
                _ => json!({"count": n}),
            };
            let mut j = json!({"id": i + 1, "user": users[r.below(3) as usize], "submit_time": r.below(10_000),
                "maps": maps, "reduces": r.below(2)});
            if scheduler == "capacity" {
                j["queue"] = json!(queues[r.below(2) as usize]);
            }
            if r.chance(20) {
                j["priority"] = json!(["HIGH", "LOW", "VERY_HIGH"][r.below(3) as usize]);
            }
            j
        })
        .collect();
    let mut config = json!({"map_duration_ms": 1_000 + r.below(3_000), "reduce_duration_ms": 1_000 + r.below(2_000),
        "speculative_maps": r.chance(40), "speculative_reduces": r.chance(20),
        "mapred.tasktracker.expiry.interval": 10_000 + r.below(10_000)});
    let mut v = json!({"version": 1, "id": format!("{scheduler}-{seed}"), "seed": seed, "scheduler": scheduler,
        "topology": topology, "trackers": trackers, "jobs": jobs});
    match scheduler {
        "fair" => {
            v["fair"] = json!({"properties": {"mapred.fairscheduler.assignmultiple": r.chance(50),
                "node_locality_delay": r.below(6_000), "rack_locality_delay": r.below(6_000)}});
        }
        "capacity" => {
            let a = 20 + r.below(61);
            let mut qa = json!({"name": "qa", "capacity": a, "min_user_limit_percent": 10 + r.below(91),
                "user_limit_factor": 1 + r.below(3)});
            if r.chance(40) {
                qa["max_capacity"] = json!(a + r.below(101 - a));
            }
            config["queues"] = json!([qa, {"name": "qb", "capacity": 100 - a}]);
        }
        _ => {}
    }
    v["config"] = config;
    v
}

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
