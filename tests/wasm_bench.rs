//! The engine's speed in the browser, next to the native `schedscope bench` figures.
//! `cargo test --target wasm32-unknown-unknown --test wasm_bench` runs the 100-node case
//! (quick even in a debug build, so it stays in the test command); for the README figures:
//! `cargo test --release --target wasm32-unknown-unknown --test wasm_bench -- --include-ignored`.
//! `history_4000_nodes_*` print `schedscope bench --history`'s table for the page's big cluster,
//! measured in the browser.
#![cfg(target_arch = "wasm32")]

use schedscope::sim::bench::{BenchCase, BenchClock, HISTORY_HEADER, HISTORY_RULE, run_case, run_history_case};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

fn measure(scheduler: &str, nodes: u32, tasks: u64) {
    let case = BenchCase { scheduler: scheduler.into(), nodes, tasks };
    // The browser has no thread CPU clock: wall time, as the line says.
    let clock = BenchClock { read_ms: js_sys::Date::now, kind: "wall time" };
    let r = run_case(&case, clock).expect("the generated workload runs");
    assert!(r.heartbeats > 0 && r.assignments > 0);
    console_log!(
        "{}",
        format!(
            "wasm bench ({}) | {} | {} nodes | {} tasks | {} heartbeats | {:.2} s | {:.1} µs/heartbeat | {:.1} µs/assignment",
            r.clock,
            scheduler,
            nodes,
            tasks,
            r.heartbeats,
            r.wall_ms / 1000.0,
            r.us_per_heartbeat,
            r.us_per_assignment
        )
    );
}

#[wasm_bindgen_test]
fn fifo_100_nodes() {
    measure("fifo", 100, 2_500);
}

#[wasm_bindgen_test]
#[ignore]
fn all_schedulers_100_and_1000_nodes() {
    for s in ["fifo", "fair", "capacity"] {
        measure(s, 100, 2_500);
        measure(s, 1_000, 25_000);
    }
}

/// History at 4,000 nodes in the browser: checkpoints, their memory, and every timeline move's
/// replay in job visits (the same figures as native: they are counted) and in time. One test
/// per scheduler, so the page answers the test driver in between.
fn history_4000_nodes(scheduler: &str) {
    let case = BenchCase { scheduler: scheduler.into(), nodes: 4_000, tasks: 100_000 };
    let r = run_history_case(&case, &|| js_sys::Date::now()).expect("the generated workload runs");
    assert!(r.replay_visits_max <= r.bound_visits, "{scheduler}: a replay over the bound");
    console_log!("{}", format!("wasm history\n{HISTORY_HEADER}\n{HISTORY_RULE}\n{}", r.markdown_row()));
}

#[wasm_bindgen_test]
#[ignore]
fn history_4000_nodes_fifo() {
    history_4000_nodes("fifo");
}

#[wasm_bindgen_test]
#[ignore]
fn history_4000_nodes_fair() {
    history_4000_nodes("fair");
}

#[wasm_bindgen_test]
#[ignore]
fn history_4000_nodes_capacity() {
    history_4000_nodes("capacity");
}

#[wasm_bindgen_test]
#[ignore]
fn history_4000_nodes_limit_tasks_per_job() {
    history_4000_nodes("limit_tasks_per_job");
}

/// Native and wasm traces are identical: the browser reproduces the fingerprints that the
/// native `tests/determinism.rs` checks.
#[wasm_bindgen_test]
fn traces_match_native_fingerprints() {
    let golden: serde_json::Value =
        serde_json::from_str(include_str!("data/trace-fingerprints.json")).expect("golden file");
    for (id, json) in schedscope::scenario::builtin() {
        let (n, fp) = schedscope::sim::bench::trace_fingerprint(json, 3_000).unwrap();
        assert_eq!(golden[*id]["heartbeats"], serde_json::json!(n), "{id}");
        assert_eq!(golden[*id]["fnv1a64"], serde_json::json!(fp), "{id}: the wasm trace differs from native");
    }
}
