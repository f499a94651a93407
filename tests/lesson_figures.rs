//! Run-level lesson claims (`figure` events over a lesson's `compare` and `sweeps`): read
//! strictly with JSON paths, checked against the runs with the value found, and allowed before
//! the first heartbeat; and the paper's workload built-in is the generator's.

use schedscope::lesson;
use serde_json::{Value, json};

fn builtin_lesson(id: &str) -> Value {
    serde_json::from_str(lesson::builtin().iter().find(|(i, _)| *i == id).unwrap().1).unwrap()
}

fn paths(v: &Value) -> Vec<(String, String)> {
    lesson::from_value(v).unwrap_err().errors.into_iter().map(|e| (e.path, e.message)).collect()
}

#[test]
fn figure_claims_are_read_strictly() {
    let mut v = builtin_lesson("paper-sticky-slots");
    let fig = |f: Value| {
        let mut e = json!({"event": "figure"});
        e.as_object_mut().unwrap().extend(f.as_object().unwrap().clone());
        e
    };
    v["steps"][1]["check"] = json!([
        fig(json!({"figure": "stiky_share", "variant": 0, "at_least": 0.5})),
        fig(json!({"figure": "sticky_share", "variant": 3, "at_least": 0.5})),
        fig(json!({"figure": "node_locality", "variant": 0})),
        fig(json!({"figure": "measured", "delay_ms": 315, "at_least": 0.5})),
        fig(json!({"figure": "sticky_share", "variant": 0, "bins": [1], "at_least": 0.9, "at_most": 0.1})),
    ]);
    v["steps"][2]["when"] = fig(json!({"figure": "sticky_share", "variant": 0, "at_least": 0.5}));
    v["steps"][3]["view"] = json!("sweep");
    v["steps"][4]["point"] = json!("compare:bins");
    let errs = paths(&v);
    let has = |p: &str, m: &str| errs.iter().any(|(path, msg)| path == p && msg.contains(m));
    assert!(has("$.steps[1].check[0].figure", "did you mean \"sticky_share\""), "{errs:#?}");
    assert!(has("$.steps[1].check[1]", "found variant 3, expected below 2"), "{errs:#?}");
    assert!(has("$.steps[1].check[2]", "expected \"at_least\", \"at_most\" or both"), "{errs:#?}");
    assert!(has("$.steps[1].check[3]", "needs the lesson's \"sweeps\"[0]"), "{errs:#?}");
    assert!(has("$.steps[1].check[4].bins", "not counted by job size"), "{errs:#?}");
    assert!(has("$.steps[1].check[4].at_most", "expected at least \"at_least\""), "{errs:#?}");
    assert!(has("$.steps[2].when", "put it in \"check\""), "{errs:#?}");
    assert!(has("$.steps[3].view", "no \"sweeps\""), "{errs:#?}");
    assert!(has("$.steps[4].point", "expected \"view\": \"compare\""), "{errs:#?}");
    // The experiments themselves.
    let mut v = builtin_lesson("paper-bound");
    v["sweeps"][0]["delays_ms"] = json!([-5]);
    v["sweeps"][1]["scenario"] = json!("builtin:fair-delay-worked-example");
    v["sweeps"][2]["scenario"] = json!("builtin:fifo-two-racks");
    v["sweeps"][3]["rack"] = json!(1);
    let errs = paths(&v);
    let has = |p: &str, m: &str| errs.iter().any(|(path, msg)| path == p && msg.contains(m));
    assert!(has("$.sweeps[0].delays_ms[0]", "found -5"), "{errs:#?}");
    assert!(has("$.sweeps[1].scenario", "scripted scenario"), "{errs:#?}");
    assert!(has("$.sweeps[2].scenario", "expected a Fair scenario"), "{errs:#?}");
    assert!(has("$.sweeps[3].rack", "unknown"), "{errs:#?}");
    let mut v = builtin_lesson("paper-head-of-line");
    v["compare"]["variants"] = json!(["fair@0", "lottery"]);
    assert!(paths(&v).iter().any(|(p, m)| p == "$.compare.variants[1]" && m.contains("unknown scheduler")));
}

#[test]
fn a_false_figure_is_reported_with_what_the_run_gave() {
    let mut v = builtin_lesson("paper-sticky-slots");
    let step = v["steps"].as_array().unwrap().iter().position(|s| s["view"] == "compare").unwrap();
    v["steps"][step]["check"][0]["at_least"] = json!(0.0);
    v["steps"][step]["check"][0]["at_most"] = json!(0.5);
    let l = lesson::from_value(&v).unwrap();
    let r = lesson::resolve(&l);
    let f = r.failures.iter().find(|f| f.path == format!("$.steps[{step}].check[0]")).expect("reported");
    assert!(f.message.contains("found 0.96"), "{f}");
    // Run-level claims may stand before the first heartbeat; heartbeat claims may not.
    let mut v = builtin_lesson("paper-bound");
    v["steps"][0]["hb"] = json!(0);
    assert!(lesson::resolve(&lesson::from_value(&v).unwrap()).failures.is_empty());
    v["steps"][0]["check"].as_array_mut().unwrap().push(json!({"event": "skipped", "job": 1}));
    let r = lesson::resolve(&lesson::from_value(&v).unwrap());
    assert!(r.failures.iter().any(|f| f.path == "$.steps[0]" && f.message.contains("heartbeat 0")), "{:?}", r.failures);
}

#[test]
fn the_paper_workload_is_the_generators() {
    let built: Value = serde_json::from_str(
        schedscope::scenario::builtin().iter().find(|(i, _)| *i == "paper-facebook-mix").unwrap().1,
    )
    .unwrap();
    let generated = schedscope::scenario::generator::generate(&schedscope::sim::compare::facebook_mix(1));
    for k in ["seed", "config", "racks", "jobs"] {
        assert_eq!(built[k], generated[k], "{k}");
    }
    // And `compare --paper` is the lesson's comparison.
    let s = schedscope::scenario::parse(&built.to_string()).unwrap();
    let v: Vec<_> =
        ["fair@0", "fair@3000"].iter().map(|x| schedscope::sim::compare::parse_variant(x).unwrap()).collect();
    let a = schedscope::sim::compare::compare(&s, &v, 10_000_000).unwrap();
    let b = schedscope::sim::compare::delay_experiment(1, 3000).unwrap();
    for (x, y) in a.runs.iter().zip(&b.runs) {
        assert_eq!((x.maps_node, x.maps_rack, &x.locality_by_size), (y.maps_node, y.maps_rack, &y.locality_by_size));
    }
}
