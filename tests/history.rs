//! History on a run long enough that its checkpoints are thinned and its records windowed:
//! every jump lands on exactly the state a straight run reaches, and the checkpoints stay
//! within their count and measured-memory budget.

use schedscope::scenario::generator::generate;
use schedscope::sim::bench::{BenchCase, workload};
use schedscope::sim::history::{CHECKPOINT_BUDGET_BYTES, MAX_CHECKPOINTS, MIN_CHECKPOINTS, RECORDS_KEPT};
use schedscope::sim::{Engine, Simulation};

fn long_run(scheduler: &str) -> schedscope::scenario::Scenario {
    let case = BenchCase { scheduler: scheduler.into(), nodes: 40, tasks: 600 };
    schedscope::scenario::from_value(&generate(&workload(&case))).expect("generated scenarios are valid")
}

/// What a heartbeat looks like from outside: its record and the grid's view.
fn fingerprint(
    rec: Option<&schedscope::explain::HeartbeatRecord>,
    view: &schedscope::sim::view::ClusterView,
) -> String {
    format!(
        "{}\n{}",
        serde_json::to_string(&rec).expect("records serialise"),
        serde_json::to_string(view).expect("views serialise")
    )
}

#[test]
fn jumps_on_a_long_run_match_a_straight_run() {
    for (scheduler, budget) in [("fifo", None), ("fair", None), ("capacity", None), ("fair", Some(1 << 20))] {
        let scenario = long_run(scheduler);
        // The straight run: fingerprints of some heartbeats, in order.
        let mut engine = Engine::new(scenario.clone()).expect("engine");
        let mut straight = Vec::new();
        let mut hb = 0u64;
        while let Some(rec) = engine.next_heartbeat() {
            hb += 1;
            if hb % 97 == 0 || hb == 1 {
                straight.push((hb, serde_json::to_string(&rec).expect("records serialise")));
            }
        }
        let total = hb;
        assert!(total > 4 * RECORDS_KEPT as u64, "{scheduler}: the run is long enough to window records ({total})");

        let mut sim = Simulation::new(scenario).expect("simulation");
        if let Some(b) = budget {
            sim.set_checkpoint_budget(b);
        }
        sim.run_to_end(u64::MAX);
        sim.settle_history();
        assert_eq!(sim.hb(), total, "{scheduler}");
        let (spaced, near, records) = sim.history_counts();
        eprintln!(
            "{scheduler}: {total} heartbeats, {spaced} checkpoints, {near} near, {records} records, {} KiB",
            sim.checkpoint_memory() / 1024
        );
        assert!(spaced <= MAX_CHECKPOINTS, "{scheduler}: {spaced} checkpoints");
        let b = budget.unwrap_or(CHECKPOINT_BUDGET_BYTES);
        assert!(spaced <= MIN_CHECKPOINTS || sim.checkpoint_memory() <= b, "{scheduler}: over the budget");
        if budget.is_none() {
            assert!(spaced > 256, "{scheduler}: a small cluster's run keeps many checkpoints ({spaced})");
        } else {
            assert!(spaced < 200, "{scheduler}: a small budget thins the checkpoints ({spaced})");
        }
        assert!(near <= schedscope::sim::history::NEAR_MAX && records <= RECORDS_KEPT, "{scheduler}");

        // Scattered jumps, backwards and forwards, each checked against the straight run, and
        // the whole state (the view) checked by stepping on from there.
        let order: Vec<usize> = (0..straight.len()).map(|i| (i * 7919) % straight.len()).collect();
        for &i in &order {
            let (target, want) = &straight[i];
            sim.go_to(*target);
            assert_eq!(sim.hb(), *target, "{scheduler}");
            let got = serde_json::to_string(&sim.last_record()).expect("records serialise");
            assert_eq!(&got, want, "{scheduler}: heartbeat {target} after a jump");
            assert_eq!(sim.record_at(*target).map(|r| serde_json::to_string(&r).expect("ok")).as_ref(), Some(want));
        }
        // The same heartbeat reached by a jump and by stepping: identical views.
        let mid = total / 2;
        sim.go_to(mid + 40);
        let jumped = fingerprint(sim.last_record(), &sim.view());
        sim.go_to(mid);
        for _ in 0..40 {
            assert!(sim.step_forward());
        }
        assert_eq!(fingerprint(sim.last_record(), &sim.view()), jumped, "{scheduler}");
        for _ in 0..30 {
            assert!(sim.step_back());
        }
        assert_eq!(sim.hb(), mid + 10);
    }
}
