//! Hostile input, bounded: the scenario reader and validator, the Hadoop XML readers (Fair
//! Scheduler allocations, capacity-scheduler.xml) and the share-link decoder get random and
//! mutated input and must answer — a value or an error — without panicking, hanging or
//! allocating without bound. Longer runs of the same targets: `fuzz/` (cargo-fuzz, README).
#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use schedscope::sim::Simulation;

/// Every scenario file of the repository: seeds for mutation.
fn seeds() -> Vec<String> {
    let mut out = Vec::new();
    for dir in ["tests/scenarios/fifo", "tests/scenarios/fair", "tests/scenarios/capacity", "scenarios"] {
        let Ok(rd) = std::fs::read_dir(dir) else { continue };
        let mut paths: Vec<_> =
            rd.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "json")).collect();
        paths.sort();
        for p in paths {
            if let Ok(t) = std::fs::read_to_string(&p) {
                out.push(t);
            }
        }
    }
    assert!(!out.is_empty(), "no scenario files found");
    out
}

/// A seed text changed by a few edits: bytes replaced, spans deleted or duplicated, numbers
/// blown up.
fn mutate(seed: &str, edits: &[(u8, usize, usize, u8)]) -> String {
    let mut b = seed.as_bytes().to_vec();
    for &(kind, at, len, byte) in edits {
        if b.is_empty() {
            break;
        }
        let at = at % b.len();
        let len = (len % 64).min(b.len() - at);
        match kind % 6 {
            0 => b[at] = byte,
            1 => {
                b.drain(at..at + len);
            }
            2 => {
                let span: Vec<u8> = b[at..at + len].to_vec();
                b.splice(at..at, span);
            }
            3 => {
                let n = ["999999999", "-1", "1e308", "4294967296", "0", "18446744073709551616", "NaN", "null"]
                    [byte as usize % 8];
                b.splice(at..at, n.bytes());
            }
            4 => {
                let t = ["{", "}", "[", "]", "\"", ",", ":", "\\u0000"][byte as usize % 8];
                b.splice(at..at, t.bytes());
            }
            _ => b.truncate(at),
        }
    }
    String::from_utf8_lossy(&b).into_owned()
}

/// Parse, and if it is a valid scenario, run a bounded number of heartbeats with history
/// (a hang would show as the test never finishing; no wall-clock limit is asserted).
fn exercise(text: &str) {
    if let Ok(mut sim) = Simulation::from_json(text) {
        let mut n = 0;
        while n < 300 && sim.step_forward() {
            n += 1;
        }
        if n > 2 {
            sim.step_back();
            sim.go_to(n / 2);
        }
    }
}

fn edits() -> impl Strategy<Value = Vec<(u8, usize, usize, u8)>> {
    prop::collection::vec((any::<u8>(), any::<usize>(), any::<usize>(), any::<u8>()), 1..6)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn scenario_reader_survives_mutated_scenarios(pick in any::<usize>(), e in edits()) {
        let seeds = seeds();
        let text = mutate(&seeds[pick % seeds.len()], &e);
        exercise(&text);
    }

    #[test]
    fn scenario_reader_survives_replaced_values(pick in any::<usize>(), at in any::<usize>(), v in json_value()) {
        exercise(&replaced(pick, at, v));
    }

    #[test]
    fn scenario_reader_survives_arbitrary_text(text in ".{0,400}") {
        exercise(&text);
    }

    #[test]
    fn scenario_reader_survives_arbitrary_json(v in json_value()) {
        exercise(&v.to_string());
        // The same value as the top level's fields.
        let wrapped = serde_json::json!({"version": 1, "trackers": v.clone(), "jobs": v.clone(), "config": v.clone(), "steps": v});
        exercise(&wrapped.to_string());
    }

    #[test]
    fn fair_allocation_reader_survives(text in ".{0,300}", e in edits()) {
        let _ = schedscope::sched::fair::allocs::parse_xml(&text);
        let seed = "<?xml version=\"1.0\"?><allocations><pool name=\"a\"><minMaps>2</minMaps><maxMaps>5</maxMaps><weight>2.0</weight><schedulingMode>fifo</schedulingMode><minSharePreemptionTimeout>5</minSharePreemptionTimeout></pool><user name=\"u\"><maxRunningJobs>3</maxRunningJobs></user><poolMaxJobsDefault>4</poolMaxJobsDefault><fairSharePreemptionTimeout>60</fairSharePreemptionTimeout><defaultPoolSchedulingMode>fair</defaultPoolSchedulingMode></allocations>";
        prop_assert!(schedscope::sched::fair::allocs::parse_xml(seed).is_ok());
        let _ = schedscope::sched::fair::allocs::parse_xml(&mutate(seed, &e));
    }

    #[test]
    fn capacity_xml_reader_survives(text in ".{0,300}", e in edits()) {
        use schedscope::sched::capacity::xml::XmlFile;
        let mut p = schedscope::sched::capacity::conf::Props::default();
        let _ = p.merge_xml(&text, XmlFile::CapacityScheduler);
        let seed = "<?xml version=\"1.0\"?><configuration><property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>100</value></property><property><name>mapred.capacity-scheduler.queue.default.maximum-capacity</name><value>-1</value></property><property><name>mapred.capacity-scheduler.queue.default.minimum-user-limit-percent</name><value>25</value></property></configuration>";
        let mut p = schedscope::sched::capacity::conf::Props::default();
        prop_assert!(p.merge_xml(seed, XmlFile::CapacityScheduler).is_ok());
        let mut p = schedscope::sched::capacity::conf::Props::default();
        if p.merge_xml(&mutate(seed, &e), XmlFile::CapacityScheduler).is_ok() {
            let _ = schedscope::sched::capacity::conf::start(&p);
        }
    }

    #[test]
    fn trace_importers_survive(pick in 0usize..3, e in edits(), text in ".{0,300}") {
        use schedscope::scenario::traces::{import, ImportOptions};
        let fixtures = [
            include_str!("data/rumen-2jobs-cut.json"),
            include_str!("data/swim-fb2009-first40.tsv"),
            include_str!("data/swim-fb2010-first40.tsv"),
        ];
        let o = ImportOptions { max_jobs: 20, ..Default::default() };
        prop_assert!(import(fixtures[pick], &o).is_ok());
        for t in [mutate(fixtures[pick], &e), text] {
            // Whatever imports must be a valid scenario that runs.
            if let Ok(v) = import(&t, &o) {
                prop_assert!(schedscope::scenario::from_value(&v).is_ok(), "an import that is not a valid scenario");
                exercise(&v.to_string());
            }
        }
    }

    #[test]
    fn lesson_reader_survives(pick in any::<usize>(), e in edits(), text in ".{0,300}") {
        let lessons = schedscope::lesson::builtin::builtin();
        let seed = lessons[pick % lessons.len()].1;
        prop_assert!(schedscope::lesson::parse(seed).is_ok());
        let _ = schedscope::lesson::parse(&mutate(seed, &e));
        let _ = schedscope::lesson::parse(&text);
    }

    #[test]
    fn share_link_decoder_survives(text in ".{0,600}", b64 in "[A-Za-z0-9_\\-=#&.]{0,600}") {
        let _ = schedscope::share::decode(&text);
        let _ = schedscope::share::decode(&b64);
        let _ = schedscope::share::decode(&format!("#s={b64}"));
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{Value, json};
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        any::<u64>().prop_map(|n| json!(n)),
        (-1e12f64..1e12).prop_map(|f| json!(f)),
        "[a-z_./ ]{0,12}".prop_map(Value::String),
        prop::sample::select(vec!["fifo", "fair", "capacity", "map", "reduce", "RUNNING", "/rack1", "tt1", "h1"])
            .prop_map(|s| json!(s)),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::Array),
            prop::collection::vec(
                (
                    prop::sample::select(vec![
                        "version",
                        "scheduler",
                        "trackers",
                        "jobs",
                        "racks",
                        "count",
                        "nodes_per_rack",
                        "maps",
                        "reduces",
                        "name",
                        "host",
                        "rack",
                        "id",
                        "steps",
                        "heartbeat",
                        "expect",
                        "config",
                        "map_slots",
                        "run",
                        "max_heartbeats",
                        "submit_time",
                        "replicas",
                        "queues",
                        "capacity",
                        "pools",
                        "op",
                        "tracker",
                    ]),
                    inner,
                ),
                0..6,
            )
            .prop_map(|kv| serde_json::Value::Object(kv.into_iter().map(|(k, v)| (k.to_string(), v)).collect())),
        ]
    })
}

/// Hostile sizes are refused with a message, not attempted.
#[test]
fn huge_sizes_are_refused_with_a_message() {
    for (what, json) in [
        ("nodes", r#"{"version":1,"racks":{"count":1000000,"nodes_per_rack":1000},"jobs":[]}"#),
        ("nodes", r#"{"version":1,"racks":{"count":1000000000,"nodes_per_rack":1000000000},"jobs":[]}"#),
        ("tasks", r#"{"version":1,"racks":{"count":1,"nodes_per_rack":1},"jobs":[{"id":1,"maps":1000000000000}]}"#),
        (
            "tasks",
            r#"{"version":1,"racks":{"count":1,"nodes_per_rack":1},"jobs":[{"id":1,"maps":{"count":1000000000,"replicas":3}}]}"#,
        ),
        ("job id", r#"{"version":1,"racks":{"count":1,"nodes_per_rack":1},"jobs":[{"id":4294967295,"maps":1}]}"#),
    ] {
        let r = schedscope::scenario::parse(json);
        match r {
            Err(e) => assert!(!e.to_string().trim().is_empty(), "{what}: empty message"),
            // A large job id is fine as long as running it stays cheap.
            Ok(s) => {
                let mut sim = Simulation::new(s).unwrap();
                sim.run_to_end(100);
            }
        }
    }
    let e = schedscope::scenario::parse(
        r#"{"version":1,"racks":{"count":1000000000,"nodes_per_rack":1000000000},"jobs":[]}"#,
    )
    .unwrap_err();
    assert!(e.to_string().contains("racks"), "{e}");
}

/// Every JSON pointer in `v`.
/// Seed `pick` (of `seeds()`) with the value at its `at`-th JSON pointer replaced by `v`.
fn replaced(pick: usize, at: usize, v: serde_json::Value) -> String {
    let seeds = seeds();
    let mut doc: serde_json::Value = serde_json::from_str(&seeds[pick % seeds.len()]).unwrap();
    let mut paths = Vec::new();
    pointers(&doc, String::new(), &mut paths);
    let p = &paths[at % paths.len()];
    if let Some(slot) = doc.pointer_mut(p) {
        *slot = v;
    }
    doc.to_string()
}

fn pointers(v: &serde_json::Value, at: String, out: &mut Vec<String>) {
    out.push(at.clone());
    match v {
        serde_json::Value::Object(m) => {
            m.iter().for_each(|(k, x)| pointers(x, format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")), out))
        }
        serde_json::Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| pointers(x, format!("{at}/{i}"), out)),
        _ => {}
    }
}

/// A case proptest found: a Capacity memory size near 2^53 (`mapred.cluster.map.memory.mb`
/// replaced by 9007199254740993) overflowed `getMemReservedForTasks`' arithmetic. Java's
/// `long` arithmetic wraps, and so does the mirrored code: no panic.
#[test]
fn a_huge_capacity_memory_size_does_not_panic() {
    exercise(&replaced(16095139959681597339, 2943185549515867520, serde_json::json!(9007199254740993u64)));
}
