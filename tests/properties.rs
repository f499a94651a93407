//! Property tests over random clusters and workloads: the engine's invariants hold after
//! every heartbeat, every job finishes with each task done exactly once, and the history
//! reproduces identical states.
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use schedscope::model::RunState;
use schedscope::sim::{Engine, Simulation};
use serde_json::{json, Value};

fn scenario_strategy() -> impl Strategy<Value = Value> {
    (
        1usize..=3,                // racks
        1usize..=4,                // nodes per rack
        0u32..=3,                  // map slots
        0u32..=2,                  // reduce slots
        prop::collection::vec((0u32..=12, 0u32..=3, 0usize..5, 0i64..5000, prop::bool::ANY), 1..=4),
        prop::bool::ANY,           // speculation
        0u64..1000,                // seed
        prop::bool::ANY,           // immediate counts
    )
        .prop_map(|(racks, per, ms, rs, jobs, spec, seed, immediate)| {
            let mut trackers = Vec::new();
            let mut topo = serde_json::Map::new();
            for r in 1..=racks {
                let hosts: Vec<String> = (1..=per).map(|k| format!("r{r}n{k}")).collect();
                for h in &hosts {
                    trackers.push(json!({"name": format!("tt_{h}"), "host": h}));
                }
                topo.insert(format!("/rack{r}"), json!(hosts));
            }
            let prios = ["VERY_HIGH", "HIGH", "NORMAL", "LOW", "VERY_LOW"];
            let jobs: Vec<Value> = jobs
                .iter()
                .enumerate()
                .map(|(i, (maps, reds, prio, submit, placed))| {
                    let maps = if *placed { json!({"count": maps, "replicas": 3}) } else { json!(maps) };
                    json!({"id": i + 1, "maps": maps, "reduces": reds, "priority": prios[*prio], "submit_time": submit})
                })
                .collect();
            json!({
                "version": 1, "seed": seed, "topology": topo, "trackers": trackers, "jobs": jobs,
                "config": {"map_slots": ms.max(1), "reduce_slots": rs.max(1), "speculative_maps": spec,
                           "speculative_reduces": spec, "map_duration_ms": 3000, "reduce_duration_ms": 2000,
                           "cluster_running_counts": if immediate { "immediate" } else { "as_reported" }},
                "run": {"max_heartbeats": 20000}
            })
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, .. ProptestConfig::default() })]

    #[test]
    fn fifo_runs_keep_invariants_and_finish(v in scenario_strategy()) {
        let s = schedscope::scenario::parse(&v.to_string()).unwrap();
        let mut e = Engine::new(s).unwrap();
        while e.next_heartbeat().is_some() {
            if let Err(m) = e.check_invariants() {
                prop_assert!(false, "heartbeat {}: {}", e.hb, m);
            }
        }
        prop_assert!(e.hb < 20000, "the run did not finish");
        for j in e.cluster.jobs.values() {
            prop_assert_eq!(j.state, RunState::Succeeded, "J{} ended {:?}", j.id.0, j.state);
            prop_assert_eq!(j.finished_maps, j.num_maps());
            prop_assert_eq!(j.finished_reduces, j.num_reduces());
            prop_assert!(j.maps.iter().all(|t| t.complete && t.active.is_empty()));
            // one successful attempt per task; extra launches are speculative copies only
            prop_assert!(j.counters.total_launched_maps >= j.num_maps() as u64);
            if !j.conf.speculative_maps {
                prop_assert_eq!(j.counters.total_launched_maps, j.num_maps() as u64);
            }
        }
        prop_assert!(e.cluster.trackers.iter().all(|t| t.running.is_empty()));
    }

    #[test]
    fn history_forward_back_forward_is_identical(v in scenario_strategy(), back in 1u64..50) {
        let mut sim = Simulation::from_json(&v.to_string()).unwrap();
        sim.run_to_end(200);
        let n = sim.hb();
        let end_view = sim.view();
        let records = sim.records().to_vec();
        let target = n.saturating_sub(back);
        sim.go_to(target);
        prop_assert_eq!(sim.hb(), target);
        while sim.hb() < n {
            prop_assert!(sim.step_forward());
        }
        prop_assert_eq!(sim.view(), end_view);
        prop_assert_eq!(sim.records(), &records[..]);
    }
}
