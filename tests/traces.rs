//! Real workloads: the Rumen job history and the SWIM Facebook samples (fixtures cut from
//! public traces, see `tests/data/README.md`) import into scenarios that run to the end under
//! every scheduler; unusable input is reported with its JSON path or line, never a panic.

use schedscope::scenario::traces::{Format, ImportOptions, import, import_notes};
use schedscope::sim::Simulation;

const RUMEN: &str = include_str!("data/rumen-2jobs-cut.json");
const SWIM09: &str = include_str!("data/swim-fb2009-first40.tsv");
const SWIM10: &str = include_str!("data/swim-fb2010-first40.tsv");
const SWIM09_200: &str = include_str!("data/swim-fb2009-first200.tsv");

fn run(v: &serde_json::Value, max: u64) -> Simulation {
    let mut sim = Simulation::from_json(&v.to_string()).expect("an imported scenario is valid");
    sim.run_to_end(max);
    sim
}

fn opts(scheduler: &str) -> ImportOptions {
    ImportOptions { scheduler: scheduler.into(), ..Default::default() }
}

fn run_to_end(v: &serde_json::Value) -> Simulation {
    let sim = run(v, 2_000_000);
    assert!(sim.end_known().is_some(), "the run ends");
    for j in sim.engine().cluster.jobs.values() {
        assert_eq!(j.state.as_str(), "SUCCEEDED", "J{} {}", j.id.0, j.name);
    }
    sim
}

#[test]
fn rumen_trace_keeps_times_tasks_and_hosts() {
    let v = import(RUMEN, &opts("fifo")).unwrap();
    let jobs = v["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 2);
    assert_eq!(jobs[0]["submit_time"], 0);
    assert_eq!(jobs[1]["submit_time"], 105_204, "job 2 was submitted 105.204 s after job 1");
    assert_eq!(jobs[0]["maps"].as_array().unwrap().len(), 5);
    assert_eq!(jobs[0]["user"], "jenkins");
    assert_eq!(jobs[0]["queue"], "sls_queue_1");
    // The first attempt of job 1 ran 17.043 s (finish − start of the successful attempt).
    assert_eq!(jobs[0]["maps"][0]["duration_ms"], 17_043);
    let trackers = v["trackers"].as_array().unwrap();
    assert!(!trackers.is_empty() && trackers.len() <= 4);
    // Readable host names: the common domain is dropped (the page shows a2118, not "com").
    let hosts: Vec<&str> = trackers.iter().map(|t| t["host"].as_str().unwrap()).collect();
    assert!(trackers.iter().all(|t| t["rack"] == "/default-rack"));
    assert!(hosts.iter().all(|h| h.starts_with("a21") && !h.contains('.')), "{hosts:?}");
    // TeraGen reads no input: each map's location is the host its attempt ran on.
    assert_eq!(jobs[0]["maps"][0]["locations"], serde_json::json!(["a2118"]));
    assert_eq!(Format::sniff(RUMEN), Format::Rumen);
    assert_eq!(Format::sniff("\u{feff} [{}]"), Format::Rumen);
}

/// Issue 12: the Rumen sample imports with host names that are not all the same and runs maps
/// node-local; the import says what it changed.
#[test]
fn rumen_hosts_are_readable_and_maps_run_node_local() {
    let full = std::fs::read_to_string("/work/shared/data/sls/2jobs2min-rumen-jh.json").ok();
    for text in [Some(RUMEN.to_string()), full].into_iter().flatten() {
        let i = import_notes(&text, &opts("fair")).unwrap();
        let hosts: std::collections::BTreeSet<String> = i.scenario["trackers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["host"].as_str().unwrap().to_string())
            .collect();
        assert!(hosts.len() > 1, "{hosts:?}");
        let sim = run_to_end(&i.scenario);
        let node = sim
            .records()
            .iter()
            .flat_map(|r| &r.assigned)
            .filter(|a| a.locality == Some(schedscope::model::Locality::Node))
            .count();
        assert!(node > 0, "node-local maps");
        let en: Vec<&str> = i.notes.iter().map(|n| n.en.as_str()).collect();
        assert!(
            en.iter().any(|n| n.starts_with("Host names shortened: the common domain .smile.com dropped")),
            "{en:?}"
        );
        assert!(en.iter().any(|n| n.contains("each takes the host its successful attempt ran on")), "{en:?}");
        assert!(i.notes.iter().all(|n| !n.zh.is_empty()));
        assert_eq!(i.scenario["description"]["en"].as_str().unwrap(), en.join(" "));
    }
}

/// Issue 12: a SWIM hour is mostly idle; with a time scale it keeps at least half the map
/// slots busy for at least half the time from the first submission to the last completion.
#[test]
fn swim_with_a_time_scale_keeps_the_cluster_busy() {
    let busy_share = |scale: f64| {
        let o = ImportOptions { time_scale: scale, ..opts("fifo") };
        let i = import_notes(SWIM09_200, &o).unwrap();
        let s = schedscope::scenario::from_value(&i.scenario).unwrap();
        let (sum, rec) = schedscope::sim::metrics::run(schedscope::sim::Engine::new(s).unwrap(), "swim", 10_000_000);
        assert_eq!(sum.unfinished_jobs, 0);
        let end = sum.makespan_ms.unwrap();
        let mut busy = 0;
        for (k, x) in rec.samples.iter().enumerate() {
            let next = rec.samples.get(k + 1).map_or(end, |n| n.time_ms).min(end);
            if x.time_ms < end && 2 * x.running_maps >= x.map_slots {
                busy += next - x.time_ms;
            }
        }
        (busy as f64 / end as f64, i.notes)
    };
    let (idle, _) = busy_share(1.0);
    assert!(idle < 0.1, "as recorded, the cluster is mostly idle: {idle}");
    let (busy, notes) = busy_share(20.0);
    assert!(busy >= 0.5, "{busy}");
    assert!(
        notes.iter().any(
            |n| n.en == "Submit times divided by 20: 6584.0 s of arrivals become 329.2 s. Task durations are kept."
        ),
        "{notes:?}"
    );
}

#[test]
fn a_window_of_jobs_is_kept_and_said() {
    let o = ImportOptions { skip_jobs: 10, max_jobs: 5, ..opts("fifo") };
    let i = import_notes(SWIM09, &o).unwrap();
    let names: Vec<&str> = i.scenario["jobs"].as_array().unwrap().iter().map(|j| j["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["job10", "job11", "job12", "job13", "job14"]);
    assert_eq!(i.scenario["jobs"][0]["submit_time"], 0, "times start at the window's first job");
    assert_eq!(i.notes[0].en, "Jobs 11–15 of the trace's 40 kept; 35 left out.");
    assert_eq!(i.notes[0].zh, "保留了轨迹中 40 个作业里的第 11–15 个；其余 35 个未导入。");
    let o = ImportOptions { skip_jobs: 1, max_jobs: 1, ..opts("fifo") };
    let r = import_notes(RUMEN, &o).unwrap();
    assert_eq!(r.scenario["jobs"].as_array().unwrap().len(), 1);
    assert!(r.scenario["jobs"][0]["name"].as_str().unwrap().ends_with("_1206"));
    // A window past the end, and scales out of range.
    let e = import(SWIM09, &ImportOptions { skip_jobs: 40, ..opts("fifo") }).unwrap_err().errors;
    assert_eq!(
        (e[0].path.as_str(), e[0].message.as_str()),
        ("skip_jobs", "found 40 jobs in the trace, but the window starts at job 41")
    );
    for bad in [0.0, -2.0, f64::NAN, 1e9] {
        let e = import(SWIM09, &ImportOptions { time_scale: bad, ..opts("fifo") }).unwrap_err().errors;
        assert_eq!(e[0].path, "time_scale");
        assert!(e[0].message.ends_with("expected a number from 0.0001 to 10000"), "{}", e[0].message);
    }
}

#[test]
fn both_real_traces_run_under_each_scheduler() {
    for sched in ["fifo", "fair", "capacity"] {
        let sim = run_to_end(&import(RUMEN, &opts(sched)).unwrap());
        assert_eq!(
            sim.scenario().scheduler,
            schedscope::scenario::parse(&import(RUMEN, &opts(sched)).unwrap().to_string()).unwrap().scheduler
        );
        for swim in [SWIM09, SWIM10] {
            let o = ImportOptions { max_jobs: 15, ..opts(sched) };
            let v = import(swim, &o).unwrap();
            assert_eq!(v["jobs"].as_array().unwrap().len(), 15);
            run_to_end(&v);
        }
    }
}

#[test]
fn swim_sizes_follow_the_replay_rules() {
    let v = import(SWIM09, &opts("fifo")).unwrap();
    let jobs = v["jobs"].as_array().unwrap();
    assert_eq!(jobs.len(), 40);
    // job0: submit 49 s, input 740773 bytes → 1 map, shuffle 2339561 + output 627471 → round(0.003) → at least 1 reduce.
    assert_eq!(jobs[0]["name"], "job0");
    assert_eq!(jobs[0]["submit_time"], 0);
    assert_eq!(jobs[1]["submit_time"], 52_000);
    assert_eq!(jobs[0]["maps"]["count"], 1);
    assert_eq!(jobs[0]["reduces"], 1);
    for (row, job) in SWIM09.lines().zip(jobs) {
        let c: Vec<&str> = row.split('\t').collect();
        let input: f64 = c[3].parse().unwrap();
        let maps = ((input / (64.0 * 1024.0 * 1024.0)).ceil() as u64).clamp(1, 2000);
        assert_eq!(job["maps"]["count"], maps, "{row}");
        if c[4] == "0" {
            assert_eq!(job["reduces"], 0, "map-only: {row}");
        }
    }
}

#[test]
fn the_full_shared_traces_load_when_present() {
    for (path, fmt) in [
        ("/work/shared/data/sls/2jobs2min-rumen-jh.json", Format::Rumen),
        ("/work/shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv", Format::Swim),
    ] {
        let Ok(text) = std::fs::read_to_string(path) else { continue };
        let v = import(&text, &ImportOptions { format: Some(fmt), max_jobs: 30, ..Default::default() }).unwrap();
        let sim = run(&v, 20_000);
        assert!(sim.records().iter().any(|r| !r.assigned.is_empty()));
    }
}

#[test]
fn unusable_input_is_reported_where_it_is() {
    let e = |text: &str, o: &ImportOptions| import(text, o).unwrap_err().errors;
    let o = opts("fifo");
    // Rumen: broken JSON, a missing submit time, a task without times, an unknown host layout.
    let bad = e("{\"submitTime\": 1,\n \"mapTasks\": [", &o);
    assert!(bad[0].path.starts_with("line 2"), "{bad:?}");
    let bad = e(r#"{"jobID": "j", "mapTasks": []}"#, &o);
    assert_eq!(bad[0].path, "$[0].submitTime");
    let bad = e(
        r#"{"submitTime": 5, "mapTasks": [{"attempts": [{"result": "SUCCESS", "startTime": 9, "finishTime": 3, "hostName": "/r/h"}]}]}"#,
        &o,
    );
    assert_eq!(bad[0].path, "$[0].mapTasks[0].attempts[0].finishTime");
    let bad = e(r#"{"submitTime": 5, "mapTasks": "many"}"#, &o);
    assert_eq!(bad[0].path, "$[0].mapTasks");
    let bad = e(r#"{"submitTime": 5, "mapTasks": [{"startTime": 1, "finishTime": 2}]}"#, &o);
    assert!(bad[0].message.contains("no attempt names a host"), "{bad:?}");
    // SWIM: wrong column count, a non-number, out of order.
    let bad = e("job0\t1\t1\t5\t0\t0\njob1\t2\t1\n", &o);
    assert_eq!(bad[0].path, "line 2");
    let bad = e("job0\t1\t1\tlots\t0\t0\n", &o);
    assert_eq!(bad[0].path, "line 1, column 4");
    let bad = e("job0\t10\t1\t5\t0\t0\njob1\t2\t1\t5\t0\t0\n", &o);
    assert_eq!(bad[0].path, "line 2, column 2");
    assert!(!e("", &o).is_empty());
    // Options and sizes.
    assert_eq!(e(SWIM09, &ImportOptions { max_jobs: 0, ..opts("fifo") })[0].path, "max_jobs");
    assert_eq!(e(SWIM09, &opts("lottery"))[0].path, "scheduler");
    // Truncations and garbage never panic.
    for cut in (0..RUMEN.len()).step_by(97) {
        let _ = import(&RUMEN[..cut], &o);
    }
    for cut in (0..SWIM10.len()).step_by(31) {
        let _ = import(&SWIM10[..cut], &o);
    }
    for junk in [
        "[]",
        "[1, 2]",
        "{}",
        "null",
        "\t\t\t\t\t",
        "{\"submitTime\": 1e400}",
        "{\"submitTime\": -5, \"mapTasks\": [{\"attempts\": [5]}]}",
    ] {
        let _ = import(junk, &o);
    }
}

/// Issue 13: errors name the trace's line or JSON path — also for what only the scenario built
/// from it would refuse — with precise messages; a trace is read as a stream that stops at the
/// size cap, so an endless input ends with a message.
#[test]
fn errors_point_into_the_trace_and_the_cap_holds() {
    let e = |text: &str| import(text, &opts("fifo")).unwrap_err().errors;
    let one = |text: &str| {
        let e = e(text);
        (e[0].path.clone(), e[0].message.clone())
    };
    let task = |attempt: &str| format!(r#"{{"submitTime": 5, "mapTasks": [{{"attempts": [{attempt}]}}]}}"#);
    assert_eq!(
        one(&task(r#"{"result": "SUCCESS", "startTime": 1, "finishTime": 2000000000000000, "hostName": "/r/h"}"#)),
        (
            "$[0].mapTasks[0].attempts[0].finishTime".into(),
            "found a task of 1999999999999999 ms, expected at most 1099511627776 ms".into()
        )
    );
    // A control character is refused by the scenario reader; the error names the trace's field.
    let bad_user = r#"{"submitTime": 5, "user": "a\u0007b", "mapTasks": [{"attempts": [{"startTime": 1, "finishTime": 9, "hostName": "/r/h"}]}]}"#;
    assert_eq!(
        one(bad_user),
        ("$[0].user".into(), "found \"a\\u{7}b\", expected text without control characters (U+0007)".into())
    );
    assert_eq!(
        one("job0\t1\t1\t5\t0\t0\njob1\t1000000000000000\t1\t5\t0\t0\n"),
        ("line 2, column 2".into(), "found a submit time of 1000000000000000 s, expected at most 1099511627 s".into())
    );
    for x in e(bad_user).iter().chain(&e("job0\t1\t1\t5\t0\t0\njob1\t1000000000000000\t1\t5\t0\t0\n")) {
        assert!(!x.path.contains("jobs["), "a path in the generated scenario: {x:?}");
    }
    // A top-level array streams like a sequence of documents.
    let arr = format!("[{}]", RUMEN.trim().replace("}\n{", "},\n{"));
    assert_eq!(import(&arr, &opts("fifo")).unwrap(), import(RUMEN, &opts("fifo")).unwrap());
    // An endless input (like /dev/zero) stops at the cap.
    use std::io::Read;
    let endless = std::io::BufReader::new(std::io::repeat(b' '));
    let err = schedscope::scenario::traces::import_reader(endless.take(u64::MAX), &opts("fifo")).unwrap_err().errors;
    assert_eq!(
        (err[0].path.as_str(), err[0].message.as_str()),
        ("$", "found more than 64 MiB, expected a file of at most 64 MiB")
    );
    let out =
        std::process::Command::new(env!("CARGO_BIN_EXE_schedscope")).args(["import", "/dev/zero"]).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(out.stdout.is_empty());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "/dev/zero: found more than 64 MiB, expected a file of at most 64 MiB\n"
    );
}

/// The first error of an import, as `path: message`.
fn first_error(text: &str, o: &ImportOptions) -> String {
    match import(text, o) {
        Ok(_) => panic!("imported"),
        Err(e) => e.errors[0].to_string(),
    }
}

#[test]
fn a_tsv_file_imported_as_rumen_suggests_swim() {
    let o = ImportOptions { format: Some(Format::Rumen), ..opts("fifo") };
    let e = first_error(SWIM09, &o);
    assert!(e.starts_with("line 1, column 1: invalid JSON: "), "{e}");
    assert!(e.ends_with("the file looks tab-separated, like a SWIM workload, not a Rumen job history: import it as SWIM (--format swim)"), "{e}");
    // Bad JSON that is not tab-separated gets no such hint.
    assert!(!first_error("jobs", &o).contains("SWIM"));
}

#[test]
fn a_rumen_job_with_a_key_given_twice_is_refused() {
    let job = r#"{"jobID": "job_1", "submitTime": 1, "jobID": "job_2"}"#;
    let e = first_error(job, &opts("fifo"));
    assert_eq!(
        e,
        "line 1, column 43: the key \"jobID\" appears twice in job 1 (at $.jobID of document 1); expected each key once"
    );
    let list = format!("[{RUMEN_JOB}, {job}]", RUMEN_JOB = r#"{"jobID": "job_0"}"#);
    let e = first_error(&list, &opts("fifo"));
    assert!(e.contains("the key \"jobID\" appears twice in job 2 (at $[1].jobID); expected each key once"), "{e}");
    // Deeper in a job too.
    let nested = r#"{"jobID": "job_1", "mapTasks": [{"taskID": "t", "taskID": "u"}]}"#;
    let e = first_error(nested, &opts("fifo"));
    assert!(e.contains("(at $.mapTasks[0].taskID of document 1)"), "{e}");
}
