//! Same scenario and seed → byte-identical trace; stepping back and forward restores the
//! exact state.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::sim::Simulation;

fn trace(json: &str) -> String {
    let mut sim = Simulation::from_json(json).unwrap();
    sim.run_to_end(5_000);
    sim.records().iter().map(|r| serde_json::to_string(r).unwrap() + "\n").collect()
}

#[test]
fn same_scenario_same_trace() {
    for (id, json) in schedscope::scenario::builtin() {
        let a = trace(json);
        let b = trace(json);
        assert!(!a.is_empty(), "{id}");
        assert_eq!(a, b, "{id}: traces differ");
    }
}

#[test]
fn different_seed_changes_placement() {
    let json = schedscope::scenario::builtin()[0].1;
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["seed"] = serde_json::json!(12345);
    let other = trace(&v.to_string());
    assert_ne!(trace(json), other, "the seed drives replica placement and heartbeat phases");
}

#[test]
fn back_and_forth_restores_identical_state() {
    let json = schedscope::scenario::builtin()[0].1;
    let mut sim = Simulation::from_json(json).unwrap();
    let mut views = vec![sim.view()];
    for _ in 0..80 {
        if !sim.step_forward() {
            break;
        }
        views.push(sim.view());
    }
    let n = sim.hb();
    assert!(n >= 40, "the built-in scenario should run a while, ran {n}");
    // step all the way back, checking each state
    for k in (0..n).rev() {
        assert!(sim.step_back());
        assert_eq!(sim.hb(), k);
        assert_eq!(sim.view(), views[k as usize], "state at heartbeat {k} after stepping back");
    }
    assert!(!sim.step_back());
    // jump around
    for k in [n / 2, 3, n, 0, n - 1, 1] {
        sim.go_to(k);
        assert_eq!(sim.view(), views[k as usize], "state after jumping to {k}");
    }
    // and forward again reproduces the same records
    sim.go_to(0);
    let before: Vec<_> = sim.records().to_vec();
    for k in 1..=n {
        assert!(sim.step_forward());
        assert_eq!(sim.last_record(), Some(&before[k as usize - 1]));
        assert_eq!(sim.view(), views[k as usize]);
    }
}

/// The golden fingerprints that `tests/wasm_bench.rs` checks in the browser: the same
/// scenario gives the same trace natively and in wasm. After an intended change of
/// behaviour, regenerate with `UPDATE_GOLDEN=1 cargo test --test determinism`.
#[test]
fn golden_trace_fingerprints() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trace-fingerprints.json");
    let mut now = serde_json::Map::new();
    for (id, json) in schedscope::scenario::builtin() {
        let (n, fp) = schedscope::sim::bench::trace_fingerprint(json, 3_000).unwrap();
        now.insert(id.to_string(), serde_json::json!({"heartbeats": n, "fnv1a64": fp}));
    }
    let now = serde_json::Value::Object(now);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
    }
    let golden: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(now, golden, "traces changed; if intended, run UPDATE_GOLDEN=1 cargo test --test determinism");
}

/// A record reads the same in JavaScript as on the command line, and reads well. Every number
/// of a record is exact as a JavaScript number (integers below 2^53; the JavaScript API would
/// refuse others), and no `f32` reaches a record unconverted: `explain::json` writes an `f32` as
/// JavaScript gets it (widened to `f64`, `0.01` becoming `0.009999999776482582`), so the CLI's
/// line and `JSON.stringify` agree either way, but records carry Hadoop's float settings as
/// decimals (`sched::decision::f32_as_decimal`).
#[test]
fn record_numbers_are_exact_javascript_numbers() {
    use serde_json::Value;
    // `widened`: the record as serde_json's Value holds it (an f32 widened to f64); `text`: as
    // serde_json writes it (an f32 as its shortest decimal) and reads it back (floats within an
    // ulp or two: serde_json's default float parser is not exact).
    fn same(widened: &Value, text: &Value, at: &str) {
        match (widened, text) {
            (Value::Number(a), Value::Number(b)) => {
                let big = a.as_u64().is_some_and(|u| u > (1 << 53)) || a.as_i64().is_some_and(|i| i < -(1 << 53));
                assert!(!big, "{at}: {a} is not exact as a JavaScript number");
                let (x, y) = (a.as_f64().unwrap(), b.as_f64().unwrap());
                assert!(x == y || (x - y).abs() <= 1e-12 * x.abs().max(y.abs()), "{at}: {x} (an f32?) against {y}");
            }
            (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
                a.iter().zip(b).enumerate().for_each(|(i, (x, y))| same(x, y, &format!("{at}[{i}]")))
            }
            (Value::Object(a), Value::Object(b)) if a.len() == b.len() => {
                a.iter().zip(b).for_each(|((k, x), (_, y))| same(x, y, &format!("{at}.{k}")))
            }
            (a, b) => assert_eq!(a, b, "{at}"),
        }
    }
    for (id, json) in schedscope::scenario::builtin() {
        let mut sim = Simulation::from_json(json).unwrap();
        sim.run_to_end(3_000);
        for r in sim.records() {
            let text: Value = serde_json::from_str(&serde_json::to_string(r).unwrap()).unwrap();
            same(&serde_json::to_value(r).unwrap(), &text, &format!("{id} hb {}", r.hb));
        }
    }
}
