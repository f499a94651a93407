//! The generated automatic-mode scenarios of `engine_fingerprints.rs` (also run by
//! `capacity_counters.rs`): racks of trackers with map and reduce slots, some joining late or
//! going silent, jobs with placed, located or location-less maps arriving over time,
//! speculation on or off, Fair delays and pools, Capacity queues and user limits.

use super::common::Rng;
use serde_json::{Value, json};

/// Scenario `seed` for `scheduler`.
pub fn scenario(scheduler: &str, seed: u64) -> Value {
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
