//! Practice mode in the browser: for a sample of seeds (three per question kind and a whole
//! set), the wasm build generates exactly the questions the native build does: the
//! fingerprints match `tests/data/practice-fingerprints.json`, which `tests/practice.rs` checks
//! natively. `cargo test --target wasm32-unknown-unknown --test web_practice`.
#![cfg(target_arch = "wasm32")]

use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

#[wasm_bindgen_test]
fn the_browser_generates_the_native_questions() {
    let golden: serde_json::Value =
        serde_json::from_str(include_str!("data/practice-fingerprints.json")).expect("golden file");
    let sample = schedscope::practice::situation::fingerprint_sample();
    assert_eq!(sample.len(), golden.as_object().map(|o| o.len()).unwrap_or(0));
    for (key, fp) in sample {
        assert!(!fp.is_empty(), "{key}: no question");
        assert_eq!(golden[&key], serde_json::json!(fp), "{key}: the browser's question differs from native");
    }
}

#[wasm_bindgen_test]
fn the_page_generates_a_set_one_question_at_a_time_as_a_whole_set() {
    // The page generates question i when the student reaches it (`Planned::generate`); the
    // questions are those of the whole set (the golden fingerprints of the sample set).
    let golden: serde_json::Value =
        serde_json::from_str(include_str!("data/practice-fingerprints.json")).expect("golden file");
    let link = "p=1&c=all&d=hard&seed=2024&n=6";
    let spec = schedscope::practice::SetSpec::parse_link(link).expect("a valid link");
    for (i, planned) in spec.plan().iter().enumerate() {
        let q = planned.generate().expect("a question");
        assert_eq!(golden[&format!("set {link} #{}", i + 1)], serde_json::json!(q.fingerprint()), "question {}", i + 1);
    }
}
