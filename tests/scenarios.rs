//! Every self-checking scenario under `tests/scenarios/` and every built-in scenario runs
//! through the same engine as `schedscope check`, with the engine's invariants checked after
//! every heartbeat.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::sim::{Engine, Simulation};
use std::path::Path;

fn scenario_files() -> Vec<std::path::PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(&root).expect("tests/scenarios exists") {
        let dir = dir.unwrap().path();
        if dir.is_dir() {
            for f in std::fs::read_dir(&dir).unwrap() {
                let f = f.unwrap().path();
                if f.extension().is_some_and(|e| e == "json") {
                    out.push(f);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn every_scenario_file_passes_its_own_checks() {
    let files = scenario_files();
    assert!(files.len() >= 30, "expected the Hadoop test scenarios, found {}", files.len());
    let mut problems = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let scenario = match schedscope::scenario::parse(&text) {
            Ok(s) => s,
            Err(e) => {
                problems.push(format!("{}: {e}", f.display()));
                continue;
            }
        };
        if scenario.source.is_none() {
            problems.push(format!("{}: no \"source\" naming the Hadoop test", f.display()));
        }
        let mut engine = Engine::new(scenario).unwrap();
        while engine.next_heartbeat().is_some() {
            if let Err(e) = engine.check_invariants() {
                problems.push(format!("{} at heartbeat {}: invariant broken: {e}", f.display(), engine.hb));
                break;
            }
        }
        for x in &engine.failures {
            problems.push(format!("{}: {}: {}", f.display(), x.step, x.message));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn every_fifo_test_is_encoded() {
    // Hadoop's FIFO-side unit tests (`TestJobQueueTaskScheduler`, `TestLimitTasksPerJobTaskScheduler`,
    // `TestJobInProgressListener`, `TestJobInProgress`, ... under `src/test/org/apache/hadoop/mapred/`),
    // restated as `a02_` .. `a17_`, one prefix per test, each naming its Hadoop test in `source`.
    let names: Vec<String> = scenario_files()
        .iter()
        .filter(|p| p.parent().unwrap().ends_with("fifo"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    for n in 2..=17 {
        let prefix = format!("a{n:02}_");
        assert!(names.iter().any(|f| f.starts_with(&prefix)), "no scenario a{n:02}_*");
    }
}

#[test]
fn builtin_scenarios_parse_and_run() {
    for (id, json) in schedscope::scenario::builtin() {
        let mut sim = Simulation::from_json(json).unwrap_or_else(|e| panic!("{id}: {e}"));
        sim.run_to_end(20_000);
        assert!(sim.hb() > 0, "{id}: no heartbeat");
        assert!(sim.failures().is_empty(), "{id}: {:?}", sim.failures());
        let e = sim.engine();
        e.check_invariants().unwrap_or_else(|m| panic!("{id}: {m}"));
    }
}

/// `run.until_ms` ends an automatic run at the first heartbeat past it (issue 13): one 60 s map
/// with `until_ms: 5000` stops with the clock at 5000 ms, its job still running, both through
/// the engine (the CLI) and through `Simulation` (the page).
#[test]
fn an_automatic_run_stops_at_until_ms() {
    let json = r#"{"version": 1, "scheduler": "fifo", "trackers": [{"name": "tt1"}],
        "jobs": [{"id": 1, "maps": [{"duration_ms": 60000}], "reduces": 0}], "run": {"until_ms": 5000}}"#;
    let mut e = Engine::new(schedscope::scenario::parse(json).unwrap()).unwrap();
    let mut last = 0;
    while let Some(r) = e.next_heartbeat() {
        assert!(r.time_ms <= 5000, "heartbeat {} at {} ms, after until_ms", r.hb, r.time_ms);
        last = r.time_ms;
    }
    let interval = e.cluster.heartbeat_interval();
    assert!(last + interval > 5000, "stopped early, at {last} ms");
    assert_eq!(e.cluster.now, 5000);
    assert_eq!(e.cluster.jobs.values().next().unwrap().state, schedscope::model::RunState::Running);
    let mut sim = Simulation::from_json(json).unwrap();
    sim.run_to_end(100_000);
    assert_eq!(sim.hb(), e.hb);
    assert!(sim.finished());
    assert_eq!(sim.time_ms(), 5000);
}
