//! Bad scenarios get precise errors: the JSON path, what was found, what was expected.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::scenario::parse;
use serde_json::{Value, json};

fn base() -> Value {
    json!({
        "version": 1,
        "scheduler": "fifo",
        "trackers": [{"name": "tt1", "host": "h1"}, {"name": "tt2", "host": "h2"}],
        "jobs": [{"id": 1, "maps": [{"locations": ["h1"]}], "reduces": 1}],
        "steps": [{"heartbeat": "tt1"}]
    })
}

/// Parse `v` and return the errors as "path: message" lines.
fn errors(v: &Value) -> Vec<String> {
    match parse(&v.to_string()) {
        Ok(_) => vec![],
        Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
    }
}

fn assert_error(v: Value, path: &str, needles: &[&str]) {
    let errs = errors(&v);
    let hit = errs.iter().find(|e| e.starts_with(&format!("{path}: ")));
    let Some(hit) = hit else { panic!("no error at {path}; got {errs:#?}") };
    for n in needles {
        assert!(hit.contains(n), "error {hit:?} should mention {n:?}");
    }
}

#[test]
fn the_base_scenario_is_valid() {
    assert_eq!(errors(&base()), Vec::<String>::new());
}

#[test]
fn invalid_json_names_line_and_column() {
    let e = parse("{\n  \"version\": 1,\n  \"jobs\": [\n}").unwrap_err();
    assert!(e.errors[0].path.starts_with("line 4, column"), "{}", e);
}

#[test]
fn unknown_top_level_field_suggests_the_right_one() {
    let mut v = base();
    v["trackres"] = json!([]);
    assert_error(v, "$.trackres", &["unknown field", "\"trackers\""]);
}

#[test]
fn bad_enum_value_says_what_was_found_and_expected() {
    let mut v = base();
    v["jobs"][0]["priority"] = json!("URGENT");
    assert_error(v, "$.jobs[0].priority", &["found \"URGENT\"", "VERY_HIGH", "VERY_LOW"]);
}

#[test]
fn unknown_hadoop_property_is_reported_with_a_suggestion() {
    let mut v = base();
    v["config"] = json!({"mapred.jobtracker.taskalloc.capacitypd": 0.02});
    assert_error(v, "$.config[\"mapred.jobtracker.taskalloc.capacitypd\"]", &["unknown property", "capacitypad"]);
}

#[test]
fn friendly_and_hadoop_name_together_is_an_error() {
    let mut v = base();
    v["config"] = json!({"pad_fraction": 0.02, "mapred.jobtracker.taskalloc.capacitypad": 0.03});
    let errs = errors(&v);
    assert!(errs.iter().any(|e| e.contains("given twice")), "{errs:?}");
}

#[test]
fn out_of_range_number() {
    let mut v = base();
    v["config"] = json!({"pad_fraction": 2.5});
    assert_error(v, "$.config.pad_fraction", &["found 2.5", "from 0 to 1"]);
}

#[test]
fn hadoop_values_as_strings_are_read_but_junk_is_not() {
    let mut v = base();
    v["config"] = json!({"mapred.tasktracker.map.tasks.maximum": "4"});
    assert_eq!(errors(&v), Vec::<String>::new());
    v["config"] = json!({"mapred.tasktracker.map.tasks.maximum": "four"});
    assert_error(v, "$.config[\"mapred.tasktracker.map.tasks.maximum\"]", &["found \"four\"", "whole number"]);
}

#[test]
fn negative_slot_count() {
    let mut v = base();
    v["trackers"][0]["map_slots"] = json!(-1);
    assert_error(v, "$.trackers[0].map_slots", &["found -1", "whole number"]);
}

#[test]
fn duplicate_tracker_names() {
    let mut v = base();
    v["trackers"][1]["name"] = json!("tt1");
    assert_error(v, "$.trackers[1]", &["used twice"]);
}

#[test]
fn duplicate_job_ids() {
    let mut v = base();
    v["jobs"] = json!([{"id": 3}, {"id": 3}]);
    assert_error(v, "$.jobs[1].id", &["used twice"]);
}

#[test]
fn heartbeat_of_an_unknown_tracker() {
    let mut v = base();
    v["steps"] = json!([{"heartbeat": "tt9"}]);
    assert_error(v, "$.steps[0]", &["found tracker \"tt9\"", "tt1"]);
}

#[test]
fn malformed_short_attempt() {
    let mut v = base();
    v["steps"] = json!([{"heartbeat": "tt1", "expect": ["J1 x0#0"]}]);
    assert_error(v, "$.steps[0].expect[0]", &["found \"J1 x0#0\"", "J1 m0#0"]);
}

#[test]
fn unknown_step_op_suggests() {
    let mut v = base();
    v["steps"] = json!([{"op": "heartbeet", "tracker": "tt1"}]);
    assert_error(v, "$.steps[0].op", &["\"heartbeet\"", "did you mean \"heartbeat\""]);
}

#[test]
fn step_naming_a_missing_job() {
    let mut v = base();
    v["steps"] = json!([{"op": "set_priority", "job": 7, "priority": "HIGH"}]);
    assert_error(v, "$.steps[0].job", &["job 7 does not exist"]);
}

#[test]
fn unsupported_version() {
    let mut v = base();
    v["version"] = json!(2);
    assert_error(v, "$.version", &["found 2", "expected 1"]);
}

#[test]
fn tracker_rack_contradicting_topology() {
    let mut v = base();
    v["topology"] = json!({"/r1": ["h1"]});
    v["trackers"][0]["rack"] = json!("/r2");
    assert_error(v, "$.trackers[0].rack", &["\"/r2\"", "\"/r1\""]);
}

#[test]
fn missing_required_field() {
    let mut v = base();
    v["trackers"][0] = json!({"host": "h1"});
    assert_error(v, "$.trackers[0].name", &["missing"]);
}

#[test]
fn huge_cluster_is_refused_not_allocated() {
    let mut v = base();
    v["trackers"] = json!([]);
    v["racks"] = json!({"count": 1000, "nodes_per_rack": 1000});
    assert_error(v, "$.racks", &["1000000 trackers", "at most"]);
}

#[test]
fn huge_job_is_refused() {
    let mut v = base();
    v["jobs"] = json!([{"id": 1, "maps": 1000000000u64}]);
    assert_error(v, "$.jobs[0].maps", &["1000000000", "from 0 to 1000000"]);
}

#[test]
fn every_problem_is_reported_at_once() {
    let mut v = base();
    v["jobs"][0]["priority"] = json!("URGENT");
    v["trackers"][1]["reduce_slots"] = json!("x");
    v["config"] = json!({"slowstart": -1});
    v["bogus"] = json!(1);
    let errs = errors(&v);
    assert_eq!(errs.len(), 4, "{errs:#?}");
}

#[test]
fn garbage_never_panics() {
    for text in
        ["", "null", "[]", "42", "\"x\"", "{\"jobs\": {}}", "{\"steps\": [1, null, {}]}", "{\"topology\": {\"\": [1]}}"]
    {
        assert!(parse(text).is_err(), "{text:?} should be rejected");
    }
}

#[test]
fn a_jobs_own_failure_settings_are_checked_with_their_paths() {
    let mut v = base();
    v["jobs"][0]["conf"] = json!({"mapred.map.max.attempts": "zero", "mapred.max.map.failures.percent": 150});
    v["jobs"][0]["max_tracker_failures"] = json!(0);
    assert_error(v.clone(), "$.jobs[0].conf[\"mapred.map.max.attempts\"]", &["found \"zero\"", "from 1 to 100"]);
    assert_error(v.clone(), "$.jobs[0].conf[\"mapred.max.map.failures.percent\"]", &["found 150", "from 0 to 100"]);
    assert_error(v, "$.jobs[0].max_tracker_failures", &["found 0", "from 1 to 1000"]);
    let mut v = base();
    v["jobs"][0]["reduce_max_attempts"] = json!(2);
    v["jobs"][0]["conf"] = json!({"mapred.reduce.max.attempts": "3"});
    assert_error(
        v,
        "$.jobs[0].conf[\"mapred.reduce.max.attempts\"]",
        &["also given as the job field", "reduce_max_attempts"],
    );
    let mut v = base();
    v["jobs"][0]["conf"] = json!({"mapred.max.reduce.failures.percent": "25", "mapred.max.tracker.failures": 2});
    v["jobs"][0]["map_max_attempts"] = json!(1);
    assert_eq!(errors(&v), Vec::<String>::new());
}

#[test]
fn run_until_ms_in_a_scripted_scenario_points_to_the_run_step() {
    let mut v = base();
    v["run"] = json!({"until_ms": 5000});
    assert_error(v, "$.run.until_ms", &["automatic mode", "\"op\": \"run\""]);
}

#[test]
fn null_is_refused_where_a_value_is_expected() {
    let v = json!({"racks": null, "jobs": null, "config": null, "scheduler": null});
    let errs = errors(&v);
    let why = "found null, expected a value (leave the field out to get its default)";
    for path in ["$.racks", "$.jobs", "$.config", "$.scheduler"] {
        assert!(errs.contains(&format!("{path}: {why}")), "{path}: {errs:#?}");
    }
    assert_eq!(errs.len(), 4, "{errs:#?}");
    // Deeper down too: a job's field.
    let mut v = base();
    v["jobs"][0]["reduces"] = Value::Null;
    assert_eq!(errors(&v), vec![format!("$.jobs[0].reduces: {why}")]);
}

#[test]
fn a_version_given_as_a_string_is_refused() {
    let mut v = base();
    v["version"] = json!("1");
    assert_eq!(errors(&v), vec!["$.version: found \"1\", expected the number 1"]);
}

#[test]
fn an_unknown_huge_key_is_not_echoed_in_full() {
    let mut v = base();
    let key = "k".repeat(1 << 20);
    v[key.as_str()] = json!(1);
    let errs = errors(&v);
    assert_eq!(errs.len(), 1, "{} errors", errs.len());
    assert!(errs[0].len() < 1000, "{} bytes of message", errs[0].len());
    assert!(errs[0].starts_with(&format!("$[\"{}\"…]: unknown field", "k".repeat(64))), "{}", &errs[0][..200]);
}

/// Capacity and Fair steps are read once, when the scenario is: a field of the wrong type, a
/// list name or an attempt name that cannot be, a missing field a check needs, each with its
/// path (before, most of these were found only when the step ran).
#[test]
fn scheduler_steps_are_typed_when_read() {
    let capacity = json!({
        "scheduler": "capacity",
        "config": {"queues": [{"name": "default", "capacity": 100}]},
        "trackers": [{"name": "tt1"}],
        "steps": [
            {"op": "expect_used", "queue": 3, "type": "map", "text": "x"},
            {"op": "expect_job_order", "queue": "default", "list": "done", "jobs": []},
            {"op": "finish", "task": "attempt_x"},
            {"op": "expect_initialized", "jobs": [1, "a"]},
            {"op": "expect_mem", "tracker": "tt1"},
            {"op": "complete_job", "job": 1, "state": "RUNNING"},
            {"op": "expect_capacity", "queue": "default", "type": "both"}
        ]
    });
    let got = errors(&capacity);
    assert_eq!(
        got,
        [
            "$.steps[0].queue: found 3, expected a string",
            "$.steps[1].list: found \"done\", expected waiting, initializing or running",
            "$.steps[2].task: found \"attempt_x\", expected attempt_test_0001_m_000001_0",
            "$.steps[3].jobs[1]: found \"a\", expected a job number from 1 to 100000",
            "$.steps[4].map_mb: missing; the expect_mem step needs it",
            "$.steps[5].state: found \"RUNNING\", expected SUCCEEDED, FAILED or KILLED",
            "$.steps[6].type: found \"both\", expected \"map\" or \"reduce\"",
        ]
    );
    let fair = json!({
        "scheduler": "fair",
        "trackers": [{"name": "tt1"}],
        "steps": [
            {"op": "expect_fair_job", "job": 1, "last_locality": "HOST"},
            {"op": "advance_no_update"},
            {"op": "expect_pool", "pool": "p", "weigth": 2}
        ]
    });
    let got = errors(&fair);
    assert_eq!(
        got,
        [
            "$.steps[0].last_locality: found \"HOST\", expected NODE, RACK or ANY",
            "$.steps[1].ms: missing; expected milliseconds to advance",
            "$.steps[2].weigth: unknown field; did you mean \"weight\"?",
        ]
    );
}
