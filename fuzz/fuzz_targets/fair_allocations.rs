//! The Fair Scheduler allocation-file reader.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = schedscope::sched::fair::allocs::parse_xml(text);
    }
});
