//! The scenario reader and validator, then a bounded run with history of whatever parses.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(mut sim) = schedscope::sim::Simulation::from_json(text) {
        let mut n = 0;
        while n < 200 && sim.step_forward() {
            n += 1;
        }
        if n > 2 {
            sim.step_back();
            sim.go_to(n / 2);
        }
    }
});
