//! A heartbeat in slow motion in the browser: for a sample of built-in scenarios (one per
//! scheduler with a per-visit record), the wasm build's sub-steps of every heartbeat pass the
//! native test's order-and-shape check (`visits/shape.rs`, also run by `tests/visits.rs`).
//! `cargo test --target wasm32-unknown-unknown --test web_visits`.
#![cfg(target_arch = "wasm32")]

#[path = "visits/shape.rs"]
mod shape;

use schedscope::explain::visit;
use schedscope::sim::Engine;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Heartbeats checked per scenario (the sample's lesson heartbeats come before).
const MAX_HEARTBEATS: u64 = 120;

#[wasm_bindgen_test]
fn the_browser_plays_each_heartbeat_in_the_schedulers_order() {
    for id in ["fifo-two-racks", "fair-delay-worked-example", "capacity-users-highmem"] {
        let json = schedscope::scenario::builtin().iter().find(|(i, _)| *i == id).expect("built in").1;
        let mut e = Engine::new(schedscope::scenario::parse(json).expect("a valid scenario")).expect("it starts");
        let mut played = 0;
        while e.hb < MAX_HEARTBEATS {
            let Some(rec) = e.next_heartbeat() else { break };
            let v = visit::visits(&rec);
            if let Err(m) = shape::check(&rec, &v) {
                panic!("{id}, heartbeat {}: {m}", rec.hb);
            }
            played += v.len();
        }
        assert!(e.hb > 0 && played as u64 > e.hb, "{id}: {} heartbeats, {played} sub-steps", e.hb);
    }
}
