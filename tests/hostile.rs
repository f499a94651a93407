//! Hostile inputs are refused with a precise message, and nothing is run or written
//! (issue 13, item 7). Each case is checked through `scenario::parse` and, where a file is
//! involved, through the built binary: exit code 1 and an empty stdout.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::scenario::{self, MAX_TASKS_AT_ONCE};
use serde_json::{Value, json};
use std::process::{Command, Output};

fn errors(text: &str) -> Vec<String> {
    match scenario::parse(text) {
        Ok(_) => vec![],
        Err(e) => e.errors.iter().map(|e| e.to_string()).collect(),
    }
}

fn bin(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schedscope")).args(args).output().expect("runs")
}

/// Write `text` to a temporary file and `run` it: refused, nothing on stdout, `line` on stderr.
fn run_refuses(name: &str, text: &[u8], line: &str) {
    let path = std::env::temp_dir().join(format!("schedscope-hostile-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    let o = bin(&["run", path.to_str().unwrap()]);
    std::fs::remove_file(&path).unwrap();
    assert_eq!(o.status.code(), Some(1), "{name}");
    assert!(o.stdout.is_empty(), "{name}: nothing may run, got {:?}", String::from_utf8_lossy(&o.stdout));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains(line), "{name}: stderr {err:?} should contain {line:?}");
    assert!(!o.stderr.contains(&0x1b), "{name}: no raw escape byte reaches the terminal");
}

fn fifo() -> Value {
    json!({"version": 1, "trackers": [{"name": "tt1", "host": "h1"}], "jobs": [{"id": 1, "maps": 1}]})
}

#[test]
fn many_huge_advance_steps_cannot_overflow_the_clock() {
    let mut v = fifo();
    v["steps"] = Value::Array(vec![json!({"advance": 1u64 << 45}); 40]);
    let line = "$.steps[32]: the clock would reach 1161084278931456 ms at this step; expected at most 1125899906842624 ms (2^50 ms, about 35,700 years) in all";
    assert_eq!(errors(&v.to_string()), vec![line]);
    run_refuses("clock.json", v.to_string().as_bytes(), line);
    // A stop time past the limit, in automatic mode or in a `run` step.
    let mut a = fifo();
    a["run"] = json!({"until_ms": (1u64 << 50) + 1});
    assert_eq!(
        errors(&a.to_string()),
        vec!["$.run.until_ms: found 1125899906842625, expected a whole number from 0 to 1125899906842624"]
    );
    let mut r = fifo();
    r["steps"] = json!([{"op": "run", "until_ms": (1u64 << 50) + 1}]);
    assert_eq!(
        errors(&r.to_string()),
        vec!["$.steps[0].until_ms: found 1125899906842625, expected a whole number from 0 to 1125899906842624"]
    );
    // 32 of them reach exactly the limit: accepted.
    v["steps"] = Value::Array(vec![json!({"advance": 1u64 << 45}); 32]);
    assert_eq!(errors(&v.to_string()), Vec::<String>::new());
}

#[test]
fn job_ids_run_to_100000_given_or_implicit_and_duplicates_are_found_in_linear_time() {
    let mut v = json!({"version": 1, "trackers": [{"name": "tt1", "host": "h1"}]});
    let mut jobs: Vec<Value> = (1..=100_000).map(|_| json!({})).collect();
    v["jobs"] = Value::Array(jobs.clone());
    assert_eq!(errors(&v.to_string()), Vec::<String>::new(), "implicit ids 1..=100000");
    jobs[99_999] = json!({"id": 100_000});
    jobs[0] = json!({"id": 100_000});
    v["jobs"] = Value::Array(jobs);
    assert_eq!(errors(&v.to_string()), vec!["$.jobs[99999].id: job id 100000 is used twice; expected unique ids"]);
    let mut v = fifo();
    v["jobs"][0]["id"] = json!(100_001);
    assert_eq!(errors(&v.to_string()), vec!["$.jobs[0].id: found 100001, expected a whole number from 1 to 100000"]);
    let mut v = fifo();
    v["steps"] = json!([{"op": "expect_job", "job": 100_001}]);
    assert_eq!(errors(&v.to_string()), vec!["$.steps[0].job: found 100001, expected a whole number from 1 to 100000"]);
}

#[test]
fn files_are_read_only_up_to_their_cap() {
    for (args, line) in [
        (vec!["validate", "/dev/zero"], "/dev/zero: found more than 64 MiB, expected a file of at most 64 MiB"),
        (vec!["run", "/dev/zero"], "/dev/zero:\nfound more than 64 MiB, expected a file of at most 64 MiB"),
        (vec!["lesson", "/dev/zero"], "/dev/zero:\n  found more than 4 MiB, expected a file of at most 4 MiB"),
        (vec!["import", "/dev/zero"], "/dev/zero: found more than 64 MiB, expected a file of at most 64 MiB"),
    ] {
        let o = bin(&args);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let all = format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr));
        assert_eq!(all.trim_end(), line, "{args:?}");
    }
}

#[test]
fn bytes_that_are_not_utf8_are_named() {
    run_refuses(
        "latin1.json",
        b"{\"id\": \"caf\xe9\"}",
        "found a byte that is not UTF-8 at offset 11, expected UTF-8 text",
    );
}

#[test]
fn duplicate_keys_are_refused_with_their_path() {
    let text = r#"{"version": 1, "scheduler": "fifo", "scheduler": "fair"}"#;
    let line = r#"$.scheduler: the key "scheduler" appears twice in this object (again at line 1, column 47); expected each key once"#;
    assert_eq!(errors(text), vec![line]);
    run_refuses("dup.json", text.as_bytes(), line);
    let nested = "{\"version\": 1,\n \"jobs\": [{\"id\": 1}, {\"id\": 2,\n   \"maps\": 1, \"maps\": 2}]}";
    assert_eq!(
        errors(nested),
        vec![
            "$.jobs[1].maps: the key \"maps\" appears twice in this object (again at line 3, column 20); expected each key once"
        ]
    );
    // Lessons too.
    let lesson = r#"{"format": "schedscope-lesson", "format": "schedscope-lesson"}"#;
    let e = schedscope::lesson::parse(lesson).unwrap_err().to_string();
    assert!(e.starts_with("$.format: the key \"format\" appears twice"), "{e}");
}

#[test]
fn a_byte_order_mark_is_accepted() {
    let text = format!("\u{feff}{}", fifo());
    assert!(scenario::parse(&text).is_ok());
    let lesson = schedscope::lesson::builtin()[0].1;
    assert!(schedscope::lesson::parse(&format!("\u{feff}{lesson}")).is_ok());
}

#[test]
fn a_cluster_without_slots_is_refused_in_automatic_mode() {
    let v = json!({"version": 1, "config": {"map_slots": 0},
        "trackers": [{"name": "tt1", "host": "h1"}, {"name": "tt2", "host": "h2"}],
        "jobs": [{"id": 1, "maps": 3, "reduces": 1}]});
    let line = "$.trackers: found 0 map slots in the cluster and 3 maps in the jobs; expected at least one tracker with map_slots ≥ 1 (no map could ever run)";
    assert_eq!(errors(&v.to_string()), vec![line]);
    run_refuses("noslots.json", v.to_string().as_bytes(), line);
}

#[test]
fn control_characters_are_refused_in_every_string_and_key() {
    let mut v = fifo();
    v["trackers"][0]["name"] = json!("tt\u{1b}[31mred");
    v["title"] = json!("two\nlines\tand a tab are fine");
    v["topology"] = json!({"/r\u{7}": ["h9"]});
    let lines = [
        "$.topology[\"/r\\u{7}\"]: found the key \"/r\\u{7}\", expected a key without control characters (U+0007)",
        "$.trackers[0].name: found \"tt\\u{1b}[31mred\", expected text without control characters (U+001B)",
    ];
    assert_eq!(errors(&v.to_string()), lines);
    run_refuses("escape.json", v.to_string().as_bytes(), lines[1]);
    let lesson = json!({"format": "schedscope-lesson", "title": "\u{9b}2J", "scenario": "builtin:fifo-two-racks"});
    let e = schedscope::lesson::parse(&lesson.to_string()).unwrap_err().to_string();
    assert!(e.contains("$.title: found \"\\u{9b}2J\", expected text without control characters (U+009B)"), "{e}");
}

fn capacity(config: Value) -> Value {
    json!({"version": 1, "scheduler": "capacity", "config": config,
        "trackers": [{"name": "tt1", "host": "h1"}], "jobs": [{"id": 1, "maps": 1}]})
}

#[test]
fn capacity_scheduler_xml_names_are_checked() {
    let xml = "<configuration>\n  <property><name>mapred.capacity-scheduler.queue.default.capacity</name><value>100</value></property>\n  <property><name>mapred.capacity-scheduler.queue.default.user-limit-factr</name><value>2</value></property>\n  <property><name>mapred.capacity-scheduler.queue.defualt.capacity</name><value>100</value></property>\n</configuration>";
    assert_eq!(
        errors(&capacity(json!({"capacity_scheduler_xml": xml})).to_string()),
        vec![
            "$.config.capacity_scheduler_xml: line 3, column 3: unknown property \"mapred.capacity-scheduler.queue.default.user-limit-factr\": Hadoop 1.2.1's Capacity Scheduler does not read it; did you mean \"mapred.capacity-scheduler.queue.default.user-limit-factor\"?",
            "$.config.capacity_scheduler_xml: line 4, column 3: \"mapred.capacity-scheduler.queue.defualt.capacity\" configures queue \"defualt\", which is not in mapred.queue.names (default); did you mean \"default\"?",
        ]
    );
    // Flat Hadoop keys in `config` are checked the same way.
    let v = capacity(
        json!({"queues": [{"name": "default", "capacity": 100}], "mapred.capacity-scheduler.maximum-system-job": 5}),
    );
    assert_eq!(
        errors(&v.to_string()),
        vec![
            "$.config[\"mapred.capacity-scheduler.maximum-system-job\"]: unknown property \"mapred.capacity-scheduler.maximum-system-job\": Hadoop 1.2.1's Capacity Scheduler does not read it; did you mean \"mapred.capacity-scheduler.maximum-system-jobs\"?",
        ]
    );
}

#[test]
fn a_yarn_capacity_scheduler_file_is_named_and_malformed_xml_has_a_position() {
    let yarn = std::fs::read_to_string("../shared/data/sls/capacity-scheduler.xml").unwrap_or_else(|_| {
        "<configuration>\n<property><name>yarn.scheduler.capacity.root.queues</name><value>a</value></property>\n</configuration>"
            .into()
    });
    let e = errors(&capacity(json!({"capacity_scheduler_xml": yarn})).to_string());
    assert!(e[0].starts_with("$.config.capacity_scheduler_xml: line "), "{e:?}");
    assert!(
        e[0].contains(": this is a YARN CapacityScheduler file (Hadoop 2 and later: \"yarn.scheduler.capacity."),
        "{e:?}"
    );
    let bad = "<configuration>\n<property><name>x</name>\n</configuration>";
    assert_eq!(
        errors(&capacity(json!({"capacity_scheduler_xml": bad})).to_string())[0],
        "$.config.capacity_scheduler_xml: line 3, column 1: malformed XML: expected 'property' tag, not 'configuration' at 3:1"
    );
    // A bare XML file given where a scenario is expected.
    assert_eq!(
        errors("<?xml version=\"1.0\"?>\n<configuration/>"),
        vec![
            "line 1, column 1: found XML, expected a JSON scenario (an XML configuration file goes inside one, e.g. \"config\": {\"capacity_scheduler_xml\": \"...\"} or \"fair\": {\"allocations\": \"...\"})"
        ]
    );
}

#[test]
fn a_tiny_scenario_asking_for_huge_work_is_refused_before_anything_runs() {
    let text =
        r#"{"version":1,"racks":{"count":250,"nodes_per_rack":40},"jobs":[{"maps":{"count":1000000,"replicas":3}}]}"#;
    assert!(text.len() < 128);
    let line = format!(
        "$.jobs: found 1000000 tasks submitted at 0 ms, expected at most {MAX_TASKS_AT_ONCE} (the work size: the engine builds a job's tasks in one go, and more would freeze a browser tab before the next heartbeat); spread the submit times or make the jobs smaller"
    );
    assert_eq!(errors(text), vec![line.clone()]);
    run_refuses("huge.json", text.as_bytes(), &line);
    // Jobs close together count together; spread out, the same tasks are fine.
    let jobs = |gap: i64| -> Value {
        json!({"version": 1, "trackers": [{"name": "tt1", "host": "h1"}],
            "jobs": (0..3).map(|i| json!({"maps": 80_000, "submit_time": i * gap})).collect::<Vec<_>>()})
    };
    assert_eq!(
        errors(&jobs(4_000).to_string()),
        vec![format!(
            "$.jobs: found 240000 tasks submitted between 0 and 8000 ms, expected at most {MAX_TASKS_AT_ONCE} (the work size: the engine builds a job's tasks in one go, and more would freeze a browser tab before the next heartbeat); spread the submit times or make the jobs smaller"
        )]
    );
    assert_eq!(errors(&jobs(10_000).to_string()), Vec::<String>::new());
    // Scripted: `jobs` are submitted together at the start, `submit` steps between heartbeats.
    let mut v = jobs(10_000);
    v["steps"] = json!([{"heartbeat": "tt1"}, {"op": "submit", "job": {"maps": 150_000}}, {"op": "submit", "job": {"maps": 60_000}}]);
    let e = errors(&v.to_string());
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(e[0].starts_with("$.jobs: found 240000 tasks submitted at the start, expected at most 200000"), "{e:?}");
    v["jobs"] = json!([]);
    let e = errors(&v.to_string());
    assert!(
        e[0].starts_with(
            "$.steps[2]: found 210000 tasks submitted since the last heartbeat step, expected at most 200000"
        ),
        "{e:?}"
    );
}

#[test]
fn the_4000_node_workload_and_bench_sizes_stay_within_the_work_size() {
    use schedscope::scenario::generator::generate;
    use schedscope::sim::bench::{BenchCase, standard_cases, workload};
    let mut cases = standard_cases("fifo");
    cases.push(BenchCase { scheduler: "fair".into(), nodes: 4_000, tasks: 100_000 });
    for c in cases {
        let v = generate(&workload(&c));
        assert!(scenario::from_value(&v).is_ok(), "{} nodes / {} tasks", c.nodes, c.tasks);
    }
}

fn fair_with(allocations: Value) -> Value {
    json!({"scheduler": "fair", "fair": {"allocations": allocations}, "trackers": [{"name": "tt1"}], "jobs": [{"id": 1, "maps": 1}]})
}

/// Pools past the cap are not read: every pool after the first one past it is invalid, and only
/// the cap's error comes back (one more pool read would add its own error).
#[test]
fn pools_past_the_cap_are_refused_after_reading_one_more() {
    use scenario::MAX_POOLS;
    let name = |i: usize| format!("p{i:07}");
    let mut pools = serde_json::Map::new();
    for i in 0..MAX_POOLS + 5 {
        let props = if i > MAX_POOLS { json!({"minMap": 1}) } else { json!({}) };
        pools.insert(name(i), props);
    }
    let too_many = format!(
        "found more than {MAX_POOLS} pools, expected at most {MAX_POOLS} (SchedScope's limit: the Fair Scheduler visits every pool at every update); reading stopped here"
    );
    let v = fair_with(json!({"pools": pools}));
    assert_eq!(errors(&v.to_string()), vec![format!("$.fair.allocations.pools.{}: {too_many}", name(MAX_POOLS))]);
    // The XML file alike, with the line of the first pool past the cap.
    let xml: String = (0..MAX_POOLS + 5)
        .map(|i| {
            if i > MAX_POOLS {
                "<pool name=\"x\"><minMap>1</minMap></pool>\n".to_string()
            } else {
                format!("<pool name=\"{}\"/>\n", name(i))
            }
        })
        .collect();
    let v = fair_with(json!(format!("<allocations>\n{xml}</allocations>")));
    let line = MAX_POOLS + 2;
    assert_eq!(
        errors(&v.to_string()),
        vec![format!("$.fair.allocations: allocation file line {line}, column 1: {too_many}")]
    );
    // Exactly the cap is accepted.
    let pools: serde_json::Map<String, Value> = (0..MAX_POOLS).map(|i| (name(i), json!({}))).collect();
    assert_eq!(errors(&fair_with(json!({"pools": pools})).to_string()), Vec::<String>::new());
}

#[test]
fn a_million_pools_are_refused() {
    // Written as text: a million `json!` values take long in a debug build.
    let pools: Vec<String> = (0..1_000_000).map(|i| format!("\"p{i:07}\": {{}}")).collect();
    let text = format!(
        "{{\"scheduler\": \"fair\", \"fair\": {{\"allocations\": {{\"pools\": {{{}}}}}}}, \"trackers\": [{{\"name\": \"tt1\"}}]}}",
        pools.join(", ")
    );
    let errs = errors(&text);
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].starts_with("$.fair.allocations.pools.p0010000: found more than 10000 pools"), "{errs:?}");
}

fn capacity_queues(config: Value) -> Value {
    json!({"scheduler": "capacity", "config": config, "trackers": [{"name": "tt1"}], "jobs": [{"id": 1, "maps": 1}]})
}

#[test]
fn queues_past_the_cap_are_refused_after_reading_one_more() {
    use scenario::MAX_QUEUES;
    let too_many = format!(
        "found more than {MAX_QUEUES} queues, expected at most {MAX_QUEUES} (SchedScope's limit: every heartbeat sorts the queues); reading stopped here"
    );
    let queues: Vec<Value> = (0..MAX_QUEUES + 5)
        .map(|i| match i {
            0 => json!({"name": "default", "capacity": 100}),
            i if i > MAX_QUEUES => json!({"name": "x", "capacty": 1}),
            i => json!({"name": format!("q{i}"), "capacity": 0}),
        })
        .collect();
    let v = capacity_queues(json!({"queues": queues}));
    assert_eq!(errors(&v.to_string()), vec![format!("$.config.queues[{MAX_QUEUES}]: {too_many}")]);
    // Exactly the cap is accepted.
    let v = capacity_queues(json!({"queues": queues[..MAX_QUEUES]}));
    assert_eq!(errors(&v.to_string()), Vec::<String>::new());
}

#[test]
fn a_million_queues_are_refused() {
    let names: Vec<String> =
        std::iter::once("default".to_string()).chain((1..1_000_000).map(|i| format!("q{i}"))).collect();
    let needle = "mapred.queue.names: found more than 10000 queues, expected at most 10000";
    // As a list of names, as the Hadoop property, and in capacity-scheduler.xml.
    let v = capacity_queues(
        json!({"queue_names": names.join(","), "mapred.capacity-scheduler.queue.default.capacity": 100}),
    );
    let errs = errors(&v.to_string());
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].starts_with(&format!("$.config.queue_names: {needle}")), "{errs:?}");
    let xml = format!(
        "<configuration>\n<property><name>mapred.queue.names</name><value>{}</value></property>\n</configuration>",
        names.join(",")
    );
    let errs = errors(&capacity_queues(json!({"capacity_scheduler_xml": xml})).to_string());
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].starts_with(&format!("$.config.capacity_scheduler_xml: line 2, column 1: {needle}")), "{errs:?}");
}

const DEFAULT_CAPACITY: &str = "mapred.capacity-scheduler.queue.default.capacity";

fn property(name: &str, value: &str) -> String {
    format!("<property><name>{name}</name><value>{value}</value></property>")
}

/// A property given twice in capacity-scheduler.xml: accepted, the later value used (Hadoop's
/// `Configuration`), and a warning names both lines; `validate` and `run` print it on stderr.
#[test]
fn a_property_given_twice_is_accepted_with_a_warning_naming_both_lines() {
    let xml = format!(
        "<configuration>\n{}\n{}\n</configuration>",
        property(DEFAULT_CAPACITY, "50"),
        property(DEFAULT_CAPACITY, "100")
    );
    let v = capacity(json!({"capacity_scheduler_xml": xml}));
    let s = scenario::parse(&v.to_string()).expect("accepted");
    let warning = format!(
        "$.config.capacity_scheduler_xml: line 3, column 1: property \"{DEFAULT_CAPACITY}\" is given twice, at line 2, column 1 and line 3, column 1; the later value \"100\" is used, as Hadoop's Configuration does"
    );
    assert_eq!(s.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(), vec![warning.clone()]);
    assert_eq!(s.capacity.unwrap().props.get(DEFAULT_CAPACITY), Some("100"));
    let path = std::env::temp_dir().join(format!("schedscope-hostile-{}-twice.json", std::process::id()));
    std::fs::write(&path, v.to_string()).unwrap();
    for cmd in ["validate", "run"] {
        let o = bin(&[cmd, path.to_str().unwrap()]);
        assert!(o.status.success(), "{cmd}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err, format!("warning: {}: {warning}\n", path.display()), "{cmd}");
    }
    std::fs::remove_file(&path).unwrap();
    // No warning for a file that gives each property once.
    let once = capacity(
        json!({"capacity_scheduler_xml": format!("<configuration>{}</configuration>", property(DEFAULT_CAPACITY, "100"))}),
    );
    assert!(scenario::parse(&once.to_string()).unwrap().warnings.is_empty());
    // An error elsewhere keeps the warning: `validate` prints both.
    let mut broken = v.clone();
    broken["jobs"][0]["maps"] = json!("many");
    let e = scenario::parse(&broken.to_string()).unwrap_err();
    assert_eq!(e.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(), vec![warning.clone()]);
    assert!(e.errors.iter().any(|x| x.path == "$.jobs[0].maps"), "{e}");
    std::fs::write(&path, broken.to_string()).unwrap();
    let o = bin(&["validate", path.to_str().unwrap()]);
    assert!(!o.status.success());
    assert_eq!(String::from_utf8_lossy(&o.stderr), format!("warning: {}: {warning}\n", path.display()));
    std::fs::remove_file(&path).unwrap();
}

/// A value Hadoop cannot read falls back to the getter's default, as in Hadoop; the message
/// names the value and where it was given.
#[test]
fn an_unreadable_value_falls_back_to_the_default_and_is_named_with_its_line() {
    let xml = format!("<configuration>\n{}\n</configuration>", property(DEFAULT_CAPACITY, "abc"));
    assert_eq!(
        errors(&capacity(json!({"capacity_scheduler_xml": xml})).to_string()),
        vec![format!(
            "$.config: CapacityTaskScheduler could not start: java.lang.IllegalArgumentException: Illegal capacity for queue default of -1.0 ({DEFAULT_CAPACITY} is \"abc\", not a number: Hadoop's Configuration.getFloat falls back to the default ($.config.capacity_scheduler_xml, line 2, column 1))"
        )]
    );
    // One that does not stop the scheduler is a warning at its path.
    let v = capacity(
        json!({"queues": [{"name": "default", "capacity": 100, "user_limit_factor": "x", "supports_priority": "yes"}]}),
    );
    let s = scenario::parse(&v.to_string()).expect("accepted, as Hadoop accepts it");
    assert_eq!(
        s.warnings.iter().map(|w| w.to_string()).collect::<Vec<_>>(),
        vec![
            "$.config.queues[0].supports_priority: mapred.capacity-scheduler.queue.default.supports-priority is \"yes\", not true or false: Hadoop's Configuration.getBoolean falls back to the default",
            "$.config.queues[0].user_limit_factor: mapred.capacity-scheduler.queue.default.user-limit-factor is \"x\", not a number: Hadoop's Configuration.getFloat falls back to the default",
        ]
    );
}
