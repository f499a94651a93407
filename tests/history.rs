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

/// FNV-1a 64 of a text: the straight run's records kept small.
fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3))
}

/// Checkpoints placed by replay cost bound every replay, counted in job visits: each back-step
/// from the end to the start and a scrub over the run replay less than the spacing plus the
/// target heartbeat's own cost, for every scheduler, and land on the straight run's state.
#[test]
fn every_replay_is_bounded_in_job_visits() {
    use schedscope::sim::history::cost::replay_cost;
    const SPACING: u64 = 4_096;
    for scheduler in ["fifo", "fair", "capacity", "limit_tasks_per_job"] {
        let case = BenchCase { scheduler: scheduler.into(), nodes: 200, tasks: 2_000 };
        let mut scenario = schedscope::scenario::from_value(&generate(&workload(&case))).expect("valid");
        // A busy stretch of the run, to keep the test quick.
        scenario.run.max_heartbeats = 5_000;
        // The straight run: each heartbeat's record (hashed) and cost, and its costliest one.
        let mut engine = Engine::new(scenario.clone()).expect("engine");
        let (mut straight, mut costs) = (vec![0u64], vec![0u64]);
        while let Some(rec) = engine.next_heartbeat() {
            straight.push(hash(&serde_json::to_string(&rec).expect("records serialise")));
            costs.push(replay_cost(&rec));
        }
        let total = (straight.len() - 1) as u64;
        let costliest = *costs.iter().max().expect("heartbeats");
        let bound = SPACING + costliest;

        let mut sim = Simulation::new(scenario).expect("simulation");
        sim.set_checkpoint_spacing(SPACING);
        sim.run_to_end(u64::MAX);
        sim.settle_history();
        assert_eq!(sim.hb(), total, "{scheduler}");
        assert_eq!(sim.total_cost(), costs.iter().sum::<u64>(), "{scheduler}: the run's cost is its records'");
        assert_eq!(sim.checkpoint_spacing(), SPACING, "{scheduler}: no thinning within the budget");
        assert_eq!(sim.replay_bound(), bound, "{scheduler}");
        let (spaced, _, _) = sim.history_counts();
        assert!(
            spaced as u64 >= sim.total_cost() / SPACING,
            "{scheduler}: one checkpoint per {SPACING} visits ({spaced} for {})",
            sim.total_cost()
        );
        assert!(sim.checkpoint_memory() <= CHECKPOINT_BUDGET_BYTES, "{scheduler}");

        let check = |sim: &Simulation, what: &str| {
            let hb = sim.hb();
            assert!(
                sim.last_replay_cost() <= bound,
                "{scheduler}: {what} to {hb} replayed {} visits, over the bound {bound}",
                sim.last_replay_cost()
            );
            let got = sim.last_record().map(|r| hash(&serde_json::to_string(r).expect("serialises")));
            assert_eq!(got, (hb > 0).then_some(straight[hb as usize]), "{scheduler}: heartbeat {hb} after {what}");
        };
        // Every back-step from the end to the start.
        let mut replays = 0;
        while sim.step_back() {
            check(&sim, "a step back");
            replays += u64::from(sim.last_replay_cost() > 0);
        }
        assert_eq!(sim.hb(), 0);
        assert!(replays > total / 2, "{scheduler}: most back-steps replay ({replays} of {total})");
        // A scrub: scattered jumps, forwards and backwards, the largest replay near the bound.
        let mut largest = 0;
        for k in 0..60u64 {
            let target = (k * 7919 + 13) % (total + 1);
            sim.go_to(target);
            assert_eq!(sim.hb(), target, "{scheduler}");
            check(&sim, "a jump");
            largest = largest.max(sim.last_replay_cost());
        }
        assert!(largest > SPACING / 4, "{scheduler}: the scrub replays ({largest} visits at most)");
        // The state after a step back is a fresh run's at that heartbeat: the same view, and
        // the same heartbeats from there on.
        let at = total * 2 / 3;
        sim.go_to(at + 1);
        sim.step_back();
        let mut fresh = Simulation::new(sim.scenario().clone()).expect("simulation");
        fresh.go_to(at);
        assert_eq!(fingerprint(sim.last_record(), &sim.view()), fingerprint(fresh.last_record(), &fresh.view()));
        for _ in 0..20 {
            assert_eq!(sim.step_forward(), fresh.step_forward());
            assert_eq!(fingerprint(sim.last_record(), &sim.view()), fingerprint(fresh.last_record(), &fresh.view()));
        }
        eprintln!(
            "{scheduler}: {total} heartbeats, {} visits, {spaced} checkpoints, {} KiB, bound {bound}, largest scrub {largest}",
            sim.total_cost(),
            sim.checkpoint_memory() / 1024
        );
    }
}
