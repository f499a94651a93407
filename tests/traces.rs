//! Real workloads: the Rumen job history and the SWIM Facebook samples (fixtures cut from
//! `shared/data`, see `tests/data/README.md`) import into scenarios that run to the end under
//! every scheduler; unusable input is reported with its JSON path or line, never a panic.

use schedscope::scenario::traces::{Format, ImportOptions, import};
use schedscope::sim::Simulation;

const RUMEN: &str = include_str!("data/rumen-2jobs-cut.json");
const SWIM09: &str = include_str!("data/swim-fb2009-first40.tsv");
const SWIM10: &str = include_str!("data/swim-fb2010-first40.tsv");

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
    assert!(
        trackers.iter().all(|t| t["rack"] == "/default-rack" && t["host"].as_str().unwrap().ends_with(".smile.com"))
    );
    assert_eq!(Format::sniff(RUMEN), Format::Rumen);
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
