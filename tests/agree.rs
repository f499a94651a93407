//! `validate` and `run` agree: a step that cannot run is reported by `validate` with its JSON
//! path, and `run` and `check` stop on it with the same message (issue 13, item 5).
#![cfg(not(target_arch = "wasm32"))]

use schedscope::scenario;
use schedscope::sim::{self, Simulation};
use serde_json::{Value, json};
use std::process::Command;

fn fifo(steps: Value) -> Value {
    json!({
        "version": 1,
        "scheduler": "fifo",
        "trackers": [{"name": "tt1", "host": "h1"}, {"name": "tt2", "host": "h2"}],
        "jobs": [{"id": 1, "maps": [{"locations": ["h1"]}, {"locations": ["h2"]}], "reduces": 1}],
        "steps": steps
    })
}

/// Every problem `validate` finds: the text as written, then the dry run.
fn validate(v: &Value) -> Vec<String> {
    match scenario::parse(&v.to_string()).and_then(|s| sim::validate(&s)) {
        Ok(()) => vec![],
        Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
    }
}

/// Where `run` stops, as "path: message" (or the load error, if it does not start).
fn run_stops(v: &Value) -> Option<String> {
    let mut s = match Simulation::from_json(&v.to_string()) {
        Ok(s) => s,
        Err(e) => return Some(e.to_string()),
    };
    s.run_to_end(u64::MAX);
    s.stopped().map(|f| format!("{}: {}", f.step, f.message))
}

/// `validate` reports exactly `line`, and the run stops with the same line.
fn agree(v: Value, line: &str) {
    assert_eq!(validate(&v), vec![line.to_string()], "validate");
    assert_eq!(run_stops(&v).as_deref(), Some(line), "run");
    cli_agrees(&v, line);
}

/// The binary: `validate` prints the line, `run` exits 1 with it on stderr, `check` fails on it.
fn cli_agrees(v: &Value, line: &str) {
    let dir = std::env::temp_dir().join(format!("schedscope-agree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("{:x}.json", md5ish(&v.to_string())));
    std::fs::write(&file, v.to_string()).unwrap();
    let f = file.to_str().unwrap();
    let bin = env!("CARGO_BIN_EXE_schedscope");
    let out = |args: &[&str]| Command::new(bin).args(args).output().unwrap();
    let o = out(&["validate", f]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&o.stdout), format!("{f}: 1 problem(s)\n  {line}\n"));
    let o = out(&["run", f]);
    assert_eq!(o.status.code(), Some(1), "run must not exit 0");
    assert!(String::from_utf8_lossy(&o.stderr).ends_with(&format!("{f}:\n{line}\n")), "{:?}", o);
    assert!(!String::from_utf8_lossy(&o.stdout).contains("Summary"), "run stopped before its summary");
    if v.get("steps").is_none() {
        return; // `check` runs self-checking (scripted) scenarios only
    }
    let o = out(&["check", f]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stdout).contains(&format!("FAIL {f}\n")));
    assert!(String::from_utf8_lossy(&o.stdout).contains(&format!("  {line}\n")), "{o:?}");
    std::fs::remove_file(&file).unwrap();
}

/// A file name per scenario (tests run in parallel).
fn md5ish(s: &str) -> u64 {
    s.bytes().fold(0xcbf29ce484222325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100000001b3))
}

#[test]
fn finishing_an_attempt_that_never_ran() {
    agree(fifo(json!([{"op": "finish", "attempt": "J1 m1#0"}])), "$.steps[0]: attempt J1 m1#0 is not running");
}

#[test]
fn finishing_an_attempt_that_already_ended() {
    agree(
        fifo(json!([
            {"heartbeat": "tt1", "expect": ["J1 m0#0/node", "J1 m1#0/rack"]},
            {"op": "finish", "attempt": "J1 m0#0"},
            {"op": "fail", "attempt": "J1 m0#0"},
            {"heartbeat": "tt2"}
        ])),
        "$.steps[2]: attempt J1 m0#0 is not running",
    );
}

#[test]
fn a_task_index_the_job_does_not_have() {
    agree(
        fifo(json!([{"op": "finish", "attempt": "J1 m2#0"}])),
        "$.steps[0].attempt: found J1 m2#0: job 1 has 2 map(s); expected map 0 to 1",
    );
    agree(
        fifo(json!([{"heartbeat": "tt1", "expect": ["J1 m7"]}])),
        "$.steps[0].expect[0]: found J1 m7#0: job 1 has 2 map(s); expected map 0 to 1",
    );
    agree(
        fifo(json!([{"op": "progress", "attempt": "J1 r1", "value": 0.5}])),
        "$.steps[0].attempt: found J1 r1#0: job 1 has 1 reduce(s); expected reduce 0 to 0",
    );
}

#[test]
fn expect_queue_naming_an_unknown_job() {
    agree(
        fifo(json!([{"op": "expect_queue", "order": [1, 7]}])),
        "$.steps[0].order[1]: job 7 does not exist at this step; expected one of [1]",
    );
}

#[test]
fn a_job_submitted_twice() {
    agree(
        fifo(json!([{"op": "submit", "job": {"id": 1, "maps": 1}}])),
        "$.steps[0].job: job id 1 is used twice; expected a new id",
    );
}

fn capacity(jobs: Value, steps: Option<Value>) -> Value {
    let mut v = json!({
        "version": 1,
        "scheduler": "capacity",
        "config": {"queues": [{"name": "default", "capacity": 100}]},
        "trackers": [{"name": "tt1", "host": "h1"}],
        "jobs": jobs
    });
    if let Some(s) = steps {
        v["steps"] = s;
    }
    v
}

#[test]
fn a_submit_to_an_unknown_queue() {
    agree(
        capacity(json!([]), Some(json!([{"op": "submit", "job": {"id": 1, "maps": 1, "queue": "nosuch"}}]))),
        "$.steps[0]: job 1 cannot be submitted: Queue \"nosuch\" is not running",
    );
    // Automatic mode: the job's own path.
    agree(
        capacity(json!([{"id": 1, "maps": 1}, {"id": 2, "maps": 1, "queue": "nosuch", "submit_time": 5000}]), None),
        "$.jobs[1]: job 2 cannot be submitted: Queue \"nosuch\" is not running",
    );
}

#[test]
fn a_fair_job_whose_pool_is_not_declared() {
    let v = |steps: Option<Value>| {
        let mut v = json!({
            "version": 1,
            "scheduler": "fair",
            "fair": {
                "properties": {"allow_undeclared_pools": false},
                "allocations": "<allocations><pool name=\"research\"/></allocations>"
            },
            "trackers": [{"name": "tt1", "host": "h1"}],
            "jobs": [{"id": 1, "maps": 1, "pool": "research"}, {"id": 2, "maps": 1, "pool": "adhoc"}]
        });
        if let Some(s) = steps {
            v["steps"] = s;
        }
        v
    };
    let line = "$.jobs[1]: job 2 cannot be submitted: Pool name: 'adhoc' is invalid. Add pool name to the fair scheduler allocation file. Valid pools are: research";
    agree(v(None), line);
    agree(v(Some(json!([{"heartbeat": "tt1"}]))), line);
}

#[test]
fn a_queue_limit_in_automatic_mode_is_behaviour_not_an_error() {
    // The queue accepts one job at a time: the second is refused at submission, as Hadoop's
    // JobTracker refuses it, and the run goes on (lessons show this).
    let mut v = capacity(json!([{"id": 1, "maps": 2}, {"id": 2, "maps": 1, "submit_time": 10}]), None);
    v["config"]["max_system_jobs"] = json!(1);
    v["config"]["queues"][0]["init_accept_jobs_factor"] = json!(1);
    assert_eq!(validate(&v), Vec::<String>::new());
    let mut s = Simulation::from_json(&v.to_string()).unwrap();
    s.run_to_end(u64::MAX);
    assert!(s.stopped().is_none());
    assert!(s.failures().iter().any(|f| f.message.contains("rejected since queue 'default'")));
}

#[test]
fn failed_expectations_are_for_check_not_validate() {
    // A wrong expectation is what `check` reports; the scenario itself is valid and runs on.
    let v = fifo(json!([{"heartbeat": "tt1", "expect": []}, {"heartbeat": "tt2"}]));
    assert_eq!(validate(&v), Vec::<String>::new());
    let mut s = Simulation::from_json(&v.to_string()).unwrap();
    s.run_to_end(u64::MAX);
    assert!(s.stopped().is_none());
    assert_eq!(s.hb(), 2);
    assert_eq!(s.failures().len(), 1);
}
