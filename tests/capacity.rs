//! The Capacity Scheduler: bad configuration gets Hadoop's own error text (never a panic),
//! every heartbeat-level test of Hadoop's `TestCapacityScheduler` is encoded, and the built-in lesson tells its story.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::explain::text;
use schedscope::i18n::Lang;
use schedscope::sim::Simulation;
use serde_json::{Value, json};

fn scenario(config: Value) -> Value {
    json!({
        "scheduler": "capacity",
        "config": config,
        "trackers": [{"name": "tt1"}],
        "jobs": [{"id": 1, "user": "u1", "maps": 2, "reduces": 1, "queue": "default"}]
    })
}

/// The error text when building the simulation fails (parse or start-up).
fn start_error(v: &Value) -> String {
    match Simulation::from_json(&v.to_string()) {
        Ok(_) => String::new(),
        Err(e) => e.to_string(),
    }
}

#[test]
fn start_up_errors_use_hadoops_words() {
    let cases: Vec<(Value, &str)> = vec![
        (
            json!({"queues": [{"name": "default", "capacity": 60}, {"name": "q2", "capacity": 30}]}),
            "java.lang.IllegalArgumentException: Sum of queue capacities not 100% at 90.0",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 60}, {"name": "q2", "capacity": 50}]}),
            "Sum of queue capacities not 100% at 110.0",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 50}, {"name": "q2", "capacity": 50, "max_capacity": 40}]}),
            "maximum-capacity 40.0 for a queue should be greater than or equal to capacity ",
        ),
        (
            json!({"queues": [{"name": "default"}]}),
            "java.io.IOException: Queue 'default' doesn't have configured capacity!",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100, "max_capacity": 120}]}),
            "Illegal maximum-capacity for queue default of 120.0",
        ),
        (json!({"queues": [{"name": "default", "capacity": 101}]}), "Illegal capacity for queue default of 101.0"),
        (
            json!({"queues": [{"name": "default", "capacity": 100, "min_user_limit_percent": 0}]}),
            "Invalid user limit : 0 for queue : default",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100, "init_accept_jobs_factor": 0}]}),
            "Invalid maximum jobs per user configuration 0",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100, "max_initialized_active_tasks": 5, "max_initialized_active_tasks_per_user": 10}]}),
            "Illegal queue configuration for queue 'default'",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100}], "max_system_jobs": 0}),
            "Invalid maximum system jobs: 0",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100}], "init_poll_interval_ms": 0}),
            "Invalid initializater poller interval 0",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100}], "init_worker_threads": -1}),
            "Invalid initializater worker thread number -1",
        ),
        (
            json!({"mapred.queue.names": "default,q9", "mapred.capacity-scheduler.queue.default.capacity": "100"}),
            "Queue 'q9' doesn't have configured capacity!",
        ),
        (json!({"queue_names": []}), "System has no queue configured"),
    ];
    for (config, want) in cases {
        let got = start_error(&scenario(config.clone()));
        assert!(got.contains(want), "config {config}: expected {want:?}, got {got:?}");
    }
}

#[test]
fn a_hundred_point_nine_is_accepted() {
    let v = scenario(json!({"queues": [{"name": "default", "capacity": 50.9}, {"name": "q2", "capacity": 50}]}));
    assert_eq!(start_error(&v), "");
}

#[test]
fn xml_configuration_is_read_and_checked() {
    let xml = r#"<?xml version="1.0"?>
<configuration>
  <property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>70</value></property>
  <property><name>mapred.capacity-scheduler.queue.research.capacity</name><value>20</value></property>
</configuration>"#;
    let v = scenario(json!({"mapred.queue.names": "default,research", "capacity_scheduler_xml": xml}));
    assert!(start_error(&v).contains("Sum of queue capacities not 100% at 90.0"));
    let v = scenario(json!({"capacity_scheduler_xml": "<configuration><property>"}));
    let e = start_error(&v);
    assert!(
        e.contains("$.config.capacity_scheduler_xml: line 1, column 1: malformed XML: the root node was opened but never closed"),
        "{e}"
    );
}

#[test]
fn malformed_capacity_settings_get_json_paths() {
    let bad = [
        (json!({"queues": {"default": 100}}), "$.config.queues"),
        (json!({"queues": [{"capacity": 100}]}), "$.config.queues[0].name"),
        (json!({"queues": [{"name": "default", "capacty": 100}]}), "$.config.queues[0].capacty"),
        (json!({"queues": [{"name": "default", "capacity": [1]}]}), "$.config.queues[0].capacity"),
        (
            json!({"queues": [{"name": "default", "capacity": 100}], "initial_queue_order": ["nope"]}),
            "$.config.initial_queue_order",
        ),
        (
            json!({"queues": [{"name": "default", "capacity": 100}], "cluster_capacity_rule": "all"}),
            "$.config.cluster_capacity_rule",
        ),
        (json!({"queues": [{"name": "default", "capacity": 100}], "memory": {"slot": 1}}), "$.config.memory.slot"),
        (
            json!({"queues": [{"name": "default", "capacity": 100}], "mapred.capacity-scheduler.queue.default.capacity": 100}),
            "mapred.capacity-scheduler.queue.default.capacity",
        ),
    ];
    for (config, path) in bad {
        let e = start_error(&scenario(config.clone()));
        assert!(e.contains(path), "config {config}: expected an error at {path}, got {e:?}");
    }
}

#[test]
fn odd_values_never_panic() {
    let odd = [
        json!({"queues": [{"name": "default", "capacity": "abc"}]}),
        json!({"queues": [{"name": "default", "capacity": -1}]}),
        json!({"queues": [{"name": "default", "capacity": 100, "user_limit_factor": -3}]}),
        json!({"queues": [{"name": "default", "capacity": 0}]}),
        json!({"queues": [{"name": "default", "capacity": 100, "max_capacity": 0.001}]}),
        json!({"queues": [{"name": "default", "capacity": 100}], "memory": {"map_slot_mb": 0, "reduce_slot_mb": 0, "max_map_mb": 0, "max_reduce_mb": 0}}),
        json!({"queues": [{"name": "default", "capacity": 100}], "max_tasks_per_heartbeat": -5, "max_tasks_after_offswitch": -1}),
        json!({"mapred.capacity-scheduler.queue.default.capacity": "1e40"}),
        json!({"mapred.capacity-scheduler.queue.default.capacity": "100", "mapred.capacity-scheduler.maximum-system-jobs": "2147483647"}),
    ];
    for config in odd {
        if let Ok(mut sim) = Simulation::from_json(&scenario(config).to_string()) {
            sim.run_to_end(500);
            for r in sim.records() {
                text::render(r, Lang::En);
                text::render(r, Lang::Zh);
            }
        }
    }
}

/// The heartbeat-level test methods of Hadoop 1.2.1's `TestCapacityScheduler`
/// (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`;
/// its other methods check configuration parsing only, and `tests/hostile.rs` covers those errors).
const CAPACITY_TESTS: &[&str] = &[
    "testQueueOrdering",
    "testMultiTaskAssignmentInMultipleQueues",
    "testMultiTaskAssignmentInSingleQueue",
    "testCapacityBasedAllocation",
    "testSubmitToQueues",
    "testJobFinished",
    "testUserLimit",
    "testUserLimitWithMaxCapacity",
    "testUserLimits",
    "testUserLimits2",
    "testUserLimits4",
    "testUserLimitsWithMaxCapacities",
    "testUserLimitsForHighMemoryJobs",
    "testMaxCapacities",
    "testCapacityAllocFailureWithLowerMaxCapacity",
    "testHighMemoryBlockingWithMaxCapacity",
    "testClusterBlockingForLackOfMemory",
    "testTTReservingWithHighMemoryJobs",
    "testHighMemoryBlockingAcrossTaskTypes",
    "testMemoryMatchingWithRetiredJobs",
    "testDisabledMemoryBasedScheduling",
    "testDeprecatedMemoryValues",
    "testJobRunStateChange",
    "testJobInitialization",
    "testHighPriorityJobInitialization",
    "testSchedulingInformation",
    "testJobMovement",
    "testFailedJobInitalizations",
    "testStartWithoutDefaultQueueConfigured",
    "testGetJobs",
    "testSpeculativeTaskScheduling",
];

#[test]
fn every_capacity_test_is_encoded() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/capacity");
    for name in CAPACITY_TESTS {
        let f = dir.join(format!("{name}.json"));
        let text = std::fs::read_to_string(&f).unwrap_or_else(|_| panic!("{} is missing", f.display()));
        assert!(
            text.contains(&format!("\"source\": \"TestCapacityScheduler.{name}\"")),
            "{} names its source",
            f.display()
        );
    }
}

#[test]
fn the_builtin_lesson_tells_its_story() {
    let json =
        schedscope::scenario::builtin().iter().find(|(id, _)| *id == "capacity-users-highmem").expect("registered").1;
    let mut sim = Simulation::from_json(json).expect("valid");
    sim.run_to_end(10_000);
    assert!(sim.failures().is_empty());
    let en: Vec<String> = sim.records().iter().flat_map(|r| text::render(r, Lang::En)).collect();
    let all = en.join("\n");
    assert!(all.contains("user alice held 8 of a limit of 9 (1 active user)"), "alice alone");
    assert!(all.contains("exceed the limit of 6 (2 active users"), "the limit shrinks when bob joins");
    assert!(all.contains("are reserved for it (fallow slots)"), "a reservation is made");
    assert!(all.contains("The reservation for J2 is released"), "and released");
    let zh: Vec<String> = sim.records().iter().flat_map(|r| text::render(r, Lang::Zh)).collect();
    assert!(zh.join("\n").contains("预留"));
    let states: Vec<&str> = sim.engine().cluster.jobs.values().map(|j| j.state.as_str()).collect();
    assert_eq!(states, ["SUCCEEDED"; 3]);
}

/// A speculative twin's success after its sibling's: the real JobTracker counts it KILLED
/// (`alreadyCompletedTask`); the harness's `finishTask` counts it finished, so `finished_maps`
/// exceeds the maps and `pending_maps` reads −1, as the fake job's counters do.
#[test]
fn a_twins_success_counts_as_finished_only_under_the_harness() {
    let run = |harness: bool, finished: i64, pending: i64| {
        let v = json!({
            "scheduler": "capacity",
            "config": {
                "trackers": [{"name": "tt1", "map_slots": 1, "reduce_slots": 1}, {"name": "tt2", "map_slots": 1, "reduce_slots": 1}],
                "harness": harness,
                "queues": [{"name": "default", "capacity": 100}]
            },
            "steps": [
                {"op": "submit", "job": {"id": 1, "user": "u1", "maps": 2, "reduces": 1, "queue": "default", "map_speculative": true, "reduce_slowstart_maps": 2}, "init": true},
                {"op": "heartbeat", "tracker": "tt1", "expect": ["J1 m0#0"]},
                {"op": "heartbeat", "tracker": "tt2", "expect": ["J1 m1#0"]},
                {"op": "progress", "attempt": "J1 m0#0", "value": 0.9},
                {"op": "finish", "attempt": "J1 m0#0"},
                {"op": "advance", "ms": 61000},
                {"op": "heartbeat", "tracker": "tt1", "expect": ["J1 m1#1"]},
                {"op": "finish", "attempt": "J1 m1#0"},
                {"op": "finish", "attempt": "J1 m1#1"},
                {"op": "expect_job", "job": 1, "finished_maps": finished, "pending_maps": pending}
            ]
        });
        let mut sim = Simulation::from_json(&v.to_string()).unwrap();
        sim.run_to_end(100);
        let failures: Vec<String> = sim.failures().iter().map(|f| f.message.clone()).collect();
        assert!(failures.is_empty(), "harness {harness}: {failures:?}");
        sim.engine().check_invariants().unwrap();
    };
    run(false, 2, 0);
    run(true, 3, -1);
}
