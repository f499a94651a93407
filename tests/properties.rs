//! Property tests over random clusters and workloads: the engine's invariants hold after
//! every heartbeat, every job finishes with each task done exactly once, and the history
//! reproduces identical states.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use proptest::prelude::*;
use schedscope::model::RunState;
use schedscope::sim::{Engine, Simulation};
use serde_json::{Value, json};

fn scenario_strategy() -> impl Strategy<Value = Value> {
    (
        1usize..=3, // racks
        1usize..=4, // nodes per rack
        0u32..=3,   // map slots
        0u32..=2,   // reduce slots
        prop::collection::vec((0u32..=12, 0u32..=3, 0usize..5, 0i64..5000, prop::bool::ANY), 1..=4),
        prop::bool::ANY, // speculation
        0u64..1000,      // seed
        prop::bool::ANY, // immediate counts
    )
        .prop_map(|(racks, per, ms, rs, jobs, spec, seed, immediate)| {
            let (trackers, topo) = common::racks_of_trackers(racks, per);
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

/// A random automatic-mode workload for `sched`: users, pools (Fair, by user) or queues
/// (Capacity, with maximum capacities and user limits), placed or location-less maps.
fn any_scheduler_strategy() -> impl Strategy<Value = Value> {
    (
        scenario_strategy(),
        prop::sample::select(vec!["fifo", "fair", "capacity"]),
        prop::collection::vec((0usize..3, 0usize..2), 4),  // (user, queue) per job
        (20u32..=80, prop::option::of(60u32..=100), 10u32..=100, 1u32..=3),  // capacity knobs
        (prop::bool::ANY, 0i64..8000, 0i64..8000),  // fair: assign multiple, node and rack delays
    )
        .prop_map(|(mut v, sched, who, (cap_a, max_a, ul, factor), (multiple, node, rack))| {
            v["scheduler"] = json!(sched);
            let jobs = v["jobs"].as_array_mut().unwrap();
            for (i, j) in jobs.iter_mut().enumerate() {
                let (u, q) = who[i % who.len()];
                j["user"] = json!(format!("u{u}"));
                if sched == "capacity" {
                    j["queue"] = json!(["qa", "qb"][q]);
                }
            }
            match sched {
                "capacity" => {
                    let mut qa = json!({"name": "qa", "capacity": cap_a, "min_user_limit_percent": ul, "user_limit_factor": factor});
                    if let Some(m) = max_a {
                        qa["max_capacity"] = json!(m.max(cap_a));
                    }
                    v["config"]["queues"] = json!([qa, {"name": "qb", "capacity": 100 - cap_a}]);
                }
                "fair" => {
                    v["fair"] = json!({"properties": {"mapred.fairscheduler.assignmultiple": multiple,
                        "node_locality_delay": node, "rack_locality_delay": rack}});
                }
                _ => {}
            }
            v
        })
}

/// Per-heartbeat checks specific to each scheduler, from its decision record and the state.
fn scheduler_rules(e: &Engine, rec: &schedscope::explain::HeartbeatRecord) -> Result<(), String> {
    use schedscope::explain::Decision;
    use schedscope::model::TaskType;
    use schedscope::sched::capacity::decision::JobVerdict;
    use schedscope::sched::fair::delay::{LevelReason, level_by_wait};
    match (&rec.decision, &e.scheduler) {
        (Decision::Capacity(d), schedscope::sched::Scheduler::Capacity(cs)) => {
            for p in [&d.map, &d.reduce] {
                for l in &p.lookups {
                    for q in &l.queues {
                        for j in &q.jobs {
                            if let JobVerdict::Assigned { user_limit: Some(c), .. } = &j.verdict {
                                if c.user_holds + c.slots > c.limit {
                                    return Err(format!("J{} assigned past the user limit: {c:?}", j.job));
                                }
                            }
                        }
                    }
                }
            }
            // Maximum capacity: what a queue's jobs occupy never passes it.
            for q in cs.queues.values() {
                for kind in [TaskType::Map, TaskType::Reduce] {
                    let max = q.usage(kind).max_capacity;
                    if max <= 0 {
                        continue;
                    }
                    let used: u32 = e
                        .cluster
                        .jobs
                        .values()
                        .filter(|j| j.queue == q.name)
                        .map(|j| match kind {
                            TaskType::Map => j.running_maps * j.slots_per_map,
                            TaskType::Reduce => j.running_reduces * j.slots_per_reduce,
                        })
                        .sum();
                    if used as i32 > max {
                        return Err(format!(
                            "queue {} holds {used} {} slots, above its maximum {max}",
                            q.name,
                            kind.as_str()
                        ));
                    }
                }
            }
        }
        (Decision::Fair(d), _) => {
            let delays = schedscope::sched::fair::delay::Delays {
                node: d.node_delay_ms,
                rack: d.rack_delay_ms,
                auto: d.auto_delay,
            };
            for t in &d.turns {
                for v in t.visits.iter().flat_map(|p| &p.jobs) {
                    let Some(a) = &v.allowed else { continue };
                    // The allowed level follows the wait table unless an override applies.
                    if a.reason == LevelReason::Waited && a.level != level_by_wait(a.last_level, a.waited_ms, &delays) {
                        return Err(format!(
                            "J{}: allowed {:?} after waiting {} ms at {:?}",
                            v.job, a.level, a.waited_ms, a.last_level
                        ));
                    }
                    if a.reason != LevelReason::Waited && a.level != schedscope::sched::fair::delay::LocalityLevel::Any
                    {
                        return Err(format!("J{}: override {:?} must allow ANY", v.job, a.reason));
                    }
                }
            }
            // The wait only grows for jobs skipped at the previous heartbeat, by the time since.
            for g in &d.wait_growth {
                if g.after_ms - g.before_ms != d.delta_ms {
                    return Err(format!(
                        "J{} waited {} → {} over a {} ms gap",
                        g.job, g.before_ms, g.after_ms, d.delta_ms
                    ));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, .. ProptestConfig::default() })]

    /// Every scheduler: no slot over-committed, no task lost or run twice, every job done; the
    /// Capacity Scheduler keeps maximum capacities and user limits, the Fair Scheduler's delay
    /// levels move only as the wait table allows.
    #[test]
    fn every_scheduler_keeps_invariants_and_finishes(v in any_scheduler_strategy()) {
        let s = schedscope::scenario::parse(&v.to_string()).unwrap();
        let mut e = Engine::new(s).unwrap();
        while let Some(rec) = e.next_heartbeat() {
            if let Err(m) = e.check_invariants() {
                prop_assert!(false, "{} heartbeat {}: {}", v["scheduler"], e.hb, m);
            }
            if let Err(m) = scheduler_rules(&e, &rec) {
                prop_assert!(false, "{} heartbeat {}: {}", v["scheduler"], e.hb, m);
            }
        }
        prop_assert!(e.hb < 20000, "the run did not finish");
        for j in e.cluster.jobs.values() {
            prop_assert_eq!(j.state, RunState::Succeeded, "{} J{} ended {:?}", v["scheduler"], j.id.0, j.state);
            prop_assert_eq!(j.finished_maps, j.num_maps());
            prop_assert_eq!(j.finished_reduces, j.num_reduces());
            prop_assert!(j.maps.iter().chain(&j.reduces).all(|t| t.complete && t.active.is_empty()));
            if !j.conf.speculative_maps {
                prop_assert_eq!(j.counters.total_launched_maps, j.num_maps() as u64, "a map ran twice");
            }
        }
        prop_assert!(e.cluster.trackers.iter().all(|t| t.running.is_empty()));
    }

    /// Forward, back to a random point, forward again: identical states and records, for
    /// every scheduler.
    #[test]
    fn every_scheduler_history_is_identical(v in any_scheduler_strategy(), back in 1u64..80, hop in 0u64..40) {
        let mut sim = Simulation::from_json(&v.to_string()).unwrap();
        sim.run_to_end(300);
        let n = sim.hb();
        let end_view = sim.view();
        let records = sim.records().to_vec();
        let target = n.saturating_sub(back);
        sim.go_to(target);
        prop_assert_eq!(sim.hb(), target);
        prop_assert_eq!(sim.last_record(), if target == 0 { None } else { records.get(target as usize - 1) });
        // A detour further back and forward again.
        sim.go_to(target.saturating_sub(hop));
        sim.go_to(target);
        prop_assert_eq!(sim.last_record(), if target == 0 { None } else { records.get(target as usize - 1) });
        while sim.hb() < n {
            prop_assert!(sim.step_forward());
        }
        prop_assert_eq!(sim.view(), end_view);
        prop_assert_eq!(sim.records(), &records[..]);
    }
}
