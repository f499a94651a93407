//! The share-link decoder (the part after `#` of a shared URL).
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data) {
        let _ = schedscope::share::decode(text);
    }
});
