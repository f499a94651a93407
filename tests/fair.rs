//! The Fair Scheduler from the outside: precise errors for bad configuration, the worked
//! example (`scenarios/fair-delay-worked-example.json`) as a student reads it, and the locality sweep.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::explain::text;
use schedscope::i18n::Lang;
use schedscope::scenario;
use schedscope::sim::Simulation;

fn errors(fair: &str) -> Vec<String> {
    let json = format!(
        r#"{{"scheduler": "fair", "racks": {{"count": 1, "nodes_per_rack": 2}}, "fair": {fair}, "steps": []}}"#
    );
    match scenario::parse(&json) {
        Ok(_) => Vec::new(),
        Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
    }
}

#[test]
fn malformed_allocation_xml_names_its_line() {
    let xml =
        r#""<?xml version=\"1.0\"?>\n<allocations>\n  <pool name=\"a\">\n    <minMaps>1</minMaps>\n</allocations>\n""#;
    let e = errors(&format!(r#"{{"allocations": {xml}}}"#));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("$.fair.allocations: allocation file line 5, column 1: malformed XML"), "{e:?}");
}

#[test]
fn unknown_pool_property_is_an_error_in_xml_and_json() {
    let xml = r#""<allocations>\n<pool name=\"poolA\">\n  <minMap>1</minMap>\n</pool>\n</allocations>""#;
    let e = errors(&format!(r#"{{"allocations": {xml}}}"#));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains("line 3, column 3: unknown pool property <minMap> in pool \"poolA\"; did you mean \"minMaps\"?"),
        "{e:?}"
    );
    let e = errors(r#"{"allocations": {"pools": {"poolA": {"minMap": 1}}}}"#);
    assert_eq!(
        e,
        vec!["$.fair.allocations.pools.poolA.minMap: unknown pool property; did you mean \"minMaps\"?".to_string()]
    );
}

#[test]
fn negative_delay_is_an_error() {
    let e = errors(r#"{"properties": {"node_locality_delay": -5}}"#);
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].starts_with("$.fair.properties.node_locality_delay: found -5: a locality delay cannot be negative"),
        "{e:?}"
    );
    assert!(errors(r#"{"properties": {"mapred.fairscheduler.locality.delay": -1}}"#).is_empty(), "-1 means auto");
}

#[test]
fn other_bad_fair_input() {
    let e = errors(r#"{"properties": {"mapred.fairscheduler.assignmultipel": true}}"#);
    assert!(e[0].contains("did you mean \"mapred.fairscheduler.assignmultiple\""), "{e:?}");
    let e = errors(r#"{"allocations": {"pools": {"a": {"weight": 0, "schedulingMode": "lifo"}}}}"#);
    assert_eq!(e.len(), 2, "{e:?}");
    let e = errors(r#"{"harness": "mock"}"#);
    assert_eq!(e.len(), 1, "{e:?}");
    let e = errors(r#"{"allocations": "<pools/>"}"#);
    assert!(e[0].contains("expected <allocations>"), "{e:?}");
    // Fair settings with another scheduler.
    let e = scenario::parse(r#"{"scheduler": "fifo", "fair": {}}"#).unwrap_err();
    assert_eq!(e.errors[0].path, "$.fair");
    // A Fair step with a typo in a field.
    let e = scenario::parse(
        r#"{"scheduler": "fair", "steps": [{"op": "expect_pool", "pool": "a", "map": {"fairshare": 1}}]}"#,
    )
    .unwrap_err();
    assert_eq!(e.errors[0].path, "$.steps[0].map.fairshare", "{e}");
}

#[test]
fn the_hadoop_sample_allocation_file_parses() {
    let xml = "<?xml version=\"1.0\"?>\n<!-- comment -->\n<allocations>\n\n</allocations>\n";
    let json = serde_json::json!({"scheduler": "fair", "fair": {"allocations": xml}, "steps": []});
    assert!(scenario::parse(&json.to_string()).is_ok());
}

/// The worked example: the levels and waiting times of the table, in the words `schedscope run` prints.
#[test]
fn worked_example_reads_like_the_table() {
    let json = scenario::builtin().iter().find(|(id, _)| *id == "fair-delay-worked-example").unwrap().1;
    let mut sim = Simulation::from_json(json).unwrap();
    sim.run_to_end(1000);
    assert!(sim.failures().is_empty(), "{:?}", sim.failures());
    let lines: Vec<String> = sim.records().iter().map(|r| text::render(r, Lang::En).join("\n")).collect();
    let at = |t: i64, tracker: &str| -> &str {
        let i = sim.records().iter().position(|r| r.time_ms == t && r.tracker == tracker).unwrap();
        &lines[i]
    };
    assert!(at(200, "tt1").contains("waited 0 ms < node delay 5000 ms: allowed NODE"));
    assert!(at(6200, "tt1").contains("J1 0 → 6000 ms"));
    assert!(at(6200, "tt1").contains("waited 6000 ms ≥ node delay 5000 ms (ANY needs 15000 ms): allowed RACK"));
    assert!(at(6400, "tt1").contains("J1 6100 → 6200 ms"));
    assert!(at(17400, "tt1").contains("J1 6200 → 17200 ms"));
    assert!(at(17400, "tt1").contains("waited 17200 ms ≥ node delay + rack delay = 15000 ms: allowed ANY"));
    assert!(at(17400, "tt3").contains("lastMapLocalityLevel = RACK"));
    assert!(at(17500, "tt1").contains("Skipped: J1"));
    assert!(at(17600, "tt4").contains("lastMapLocalityLevel = NODE, wait reset to 0"));
    let zh = text::render(&sim.records()[3], Lang::Zh).join("\n");
    assert!(zh.contains("延迟调度") && zh.contains("允许 RACK"), "{zh}");
}

#[test]
fn sweep_reports_measured_locality_and_the_bound() {
    use schedscope::sim::sweep::{Sweep, sweep};
    let json = scenario::builtin().iter().find(|(id, _)| *id == "fair-delay-sweep").unwrap().1;
    let s = scenario::parse(json).unwrap();
    let r = sweep(&s, &Sweep::Skips(vec![0.0, 5.0, 20.0]), 0).unwrap();
    assert_eq!(r.points.len(), 3);
    assert_eq!(r.points[0].bound, 0.0);
    assert!(r.points[2].bound > r.points[1].bound);
    assert!(r.points[2].measured > r.points[0].measured, "{:?}", r.points);
    assert_eq!(sweep(&s, &Sweep::Skips(vec![1.0]), 0).unwrap(), sweep(&s, &Sweep::Skips(vec![1.0]), 0).unwrap());
    let fifo = scenario::parse(scenario::builtin()[0].1).unwrap();
    assert!(sweep(&fifo, &Sweep::DelaysMs(vec![0]), 0).is_err());
}

/// Issue 12: on the sweep workload the measurement falls below the bound from D ≈ 8 on. The
/// sweep says why: each job's real skips offer far fewer distinct trackers (the same free slots
/// come round again), the bound with D = those trackers matches the measurement once the
/// launches of a remembered level are set aside, and the rack delay changes nothing there.
#[test]
fn sweep_explains_the_gap_below_the_bound() {
    use schedscope::sim::sweep::{Sweep, sweep};
    let builtin = |id: &str| scenario::parse(scenario::builtin().iter().find(|(i, _)| *i == id).unwrap().1).unwrap();
    let s = builtin("fair-delay-sweep");
    let r = sweep(&s, &Sweep::DelaysMs(vec![0, 315]), 0).unwrap();
    let p = &r.points[1];
    assert!(p.measured < p.bound - 0.03, "{p:?}");
    let (skips, trackers) = (p.mean_skips.unwrap(), p.mean_trackers.unwrap());
    assert!((skips - p.skips).abs() < 3.0, "real skips {skips} near the estimate {}", p.skips);
    assert!(trackers < skips / 2.0, "{trackers} distinct trackers for {skips} skips");
    assert!(p.bound_trackers.unwrap() < p.bound_skips.unwrap());
    assert!((p.bound_trackers.unwrap() - p.measured_without_remembered).abs() < 0.01, "{p:?}");
    assert!(p.remembered > 0 && p.remembered < p.rack_local, "{p:?}");
    assert!(p.full_waits > 0);
    // Without a delay every wait is full at once: D = 0.
    assert_eq!(r.points[0].mean_skips, Some(0.0));
    assert_eq!(r.points[0].remembered, 0);
    // Every map has replicas on both racks: the rack delay changes nothing.
    let with_rack = sweep(&s, &Sweep::DelaysMs(vec![315]), 5000).unwrap();
    assert_eq!(with_rack.points[0].node_local, p.node_local);
    assert_eq!(with_rack.points[0].off_switch, 0);
    // Input on one rack only: the rack delay turns off-switch maps into rack-local ones.
    let one = builtin("fair-one-rack-input");
    let off: Vec<u64> = [0, 600, 1500]
        .iter()
        .map(|rd| sweep(&one, &Sweep::DelaysMs(vec![600]), *rd).unwrap().points[0].off_switch)
        .collect();
    assert!(off[0] > off[1] && off[1] > off[2] && off[2] == 0, "{off:?}");
    let text = schedscope::sim::sweep::render(&r, schedscope::i18n::Lang::En).join("\n");
    assert!(text.contains("remembered") && text.contains("trackers"), "{text}");
    let zh = schedscope::sim::sweep::render(&r, schedscope::i18n::Lang::Zh).join("\n");
    assert!(zh.contains("完整等待"), "{zh}");
}

/// Every heartbeat-level test of Hadoop 1.2.1's `TestFairScheduler`
/// (`src/contrib/fairscheduler/src/test/org/apache/hadoop/mapred/TestFairScheduler.java`, and the
/// pure-function test classes beside it) has its self-checking file, naming its Hadoop test.
#[test]
fn every_listed_fair_test_is_encoded() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/scenarios/fair");
    let sources: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|f| std::fs::read_to_string(f.unwrap().path()).unwrap())
        .map(|t| scenario::parse(&t).unwrap().source.unwrap())
        .collect();
    let want = [
        "testAllocationFileParsing",
        "testTaskNotAssignedWhenNoJobsArePresent",
        "testNonRunningJobsAreIgnored",
        "testSmallJobs",
        "testSmallJobsWithAssignMultiple",
        "testLargeJobs",
        "testLargeJobsWithAssignMultiple",
        "testJobsWithPriorities",
        "testLargeJobsWithPools",
        "testLargeJobsWithExcessCapacity",
        "testLargeJobsWithExcessCapacityAndAssignMultiple",
        "testSmallJobInLargePool",
        "testPoolMaxJobs",
        "testUserMaxJobs",
        "testSizeBasedWeight",
        "testPoolWeights",
        "testPoolMaxMapsReduces",
        "testCapBasedLoadManager",
        "testAssignMultipleWithUnderloadedCluster",
        "testMaxTasksToAssign",
        "testDelaySchedulingAtNodeLevel",
        "testDelaySchedulingOffRack",
        "testFifoPool",
        "testFifoAndFairPools",
        "testPoolAssignment",
        "testSetPoolTwice",
        "testMinSharePreemption",
        "testMinSharePreemptionWithSmallJob",
        "testMinAndFairSharePreemption",
        "testNoPreemptionIfDisabled",
        "testNoPreemptionIfOnlyLogging",
        "testFairSharePreemption",
        "testFairSharePreemptionWithShortTimeout",
        "TestComputeFairShares.testEqualSharing",
        "TestComputeFairShares.testEmptyList",
        "TestCapBasedLoadManager.testCanAssignMap",
        "TestCapBasedLoadManager.testCanAssignReduce",
        "TestFairSchedulerPoolNames",
    ];
    for w in want {
        assert!(sources.iter().any(|s| s.ends_with(w) || s.ends_with(&format!(".{w}"))), "no scenario for {w}");
    }
    assert_eq!(sources.iter().filter(|s| s.starts_with("TestComputeFairShares.")).count(), 10);
}
