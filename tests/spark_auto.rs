//! Spark's automatic mode (issue 27; `docs/spark.md`, "Automatic mode"): the driver's events
//! (`CoarseGrainedSchedulerBackend`: revives every `spark.scheduler.revive.interval`, a
//! completion's `makeOffers(executorId)`, executors registering and lost, stages submitted)
//! drive `resourceOffers` rounds. The SPARK-18886 worked example gives the team notes' tables
//! launch for launch in both reset modes, `compare` prints its finish times (12 s and 8 s), and
//! bad applications are refused with their paths.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::explain::Decision;
use schedscope::scenario::parse;
use schedscope::sched::spark::locality::TaskLocality;
use schedscope::sim::Engine;
use schedscope::sim::compare::{compare, parse_variant};
use serde_json::{Value, json};
use std::process::Command;

const EXAMPLE: &str = include_str!("../scenarios/spark-18886.json");

/// (time, task, executor, level) of every launch, in order.
fn launches(v: &Value) -> Vec<(i64, usize, String, TaskLocality)> {
    let mut e = Engine::new(parse(&v.to_string()).unwrap()).unwrap();
    let mut out = Vec::new();
    while let Some(r) = e.next_heartbeat() {
        if let Decision::Spark(d) = &r.decision {
            out.extend(d.launches.iter().map(|l| (r.time_ms, l.index, l.executor.clone(), l.locality)));
        }
    }
    assert!(e.stopped.is_none(), "{:?}", e.stopped);
    out
}

fn example(legacy: bool) -> Value {
    let mut v: Value = serde_json::from_str(EXAMPLE).unwrap();
    v["config"]["spark.locality.wait.legacyResetOnTaskLaunch"] = json!(legacy);
    v
}

#[test]
fn legacy_reset_keeps_every_task_on_exec1() {
    use TaskLocality::NodeLocal;
    let got = launches(&example(true));
    let want: Vec<(i64, usize, String, TaskLocality)> =
        (0..6).map(|k| (2000 * k as i64, k, "exec1".to_string(), NodeLocal)).collect();
    assert_eq!(got, want);
}

#[test]
fn new_reset_spreads_two_tasks_to_exec2() {
    use TaskLocality::{NodeLocal, RackLocal};
    let got = launches(&example(false));
    let want = vec![
        (0, 0, "exec1".to_string(), NodeLocal),
        (2000, 1, "exec1".into(), NodeLocal),
        (3000, 2, "exec2".into(), RackLocal),
        (4000, 3, "exec1".into(), NodeLocal),
        (5000, 4, "exec2".into(), RackLocal),
        (6000, 5, "exec1".into(), NodeLocal),
    ];
    assert_eq!(got, want);
}

#[test]
fn compare_gives_the_finish_times() {
    let s = parse(EXAMPLE).unwrap();
    let v = [parse_variant("spark-legacy").unwrap(), parse_variant("spark").unwrap()];
    let c = compare(&s, &v, 100_000).unwrap();
    let done: Vec<Option<i64>> = c.spark_runs.iter().map(|r| r.makespan_ms).collect();
    assert_eq!(done, vec![Some(12_000), Some(8_000)]);
    assert_eq!(c.spark_runs[0].per_executor, vec![("exec1".into(), 6), ("exec2".into(), 0), ("exec3".into(), 0)]);
    assert_eq!(c.spark_runs[1].per_executor, vec![("exec1".into(), 4), ("exec2".into(), 2), ("exec3".into(), 0)]);
    // Hadoop's schedulers do not run a Spark scenario (a Hadoop workload runs under Spark as
    // `spark_mapping` maps it: `compare_runs_fair_beside_spark_on_one_workload`).
    let err = compare(&s, &[parse_variant("fair").unwrap()], 100).unwrap_err();
    assert!(err.contains("spark or spark-legacy only"), "{err}");
}

#[test]
fn the_cli_compares_both_modes() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/spark-18886.json");
    let out = Command::new(env!("CARGO_BIN_EXE_schedscope"))
        .args(["compare", "--schedulers", "spark-legacy,spark", path])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let legacy = text.find("spark-legacy:").unwrap();
    let new = text.find("\nspark:").unwrap();
    assert!(text[legacy..new].contains("job done at 12.0 s"), "{text}");
    assert!(text[new..].contains("job done at 8.0 s"), "{text}");
    assert!(text[new..].contains("exec1 4, exec2 2, exec3 0"), "{text}");
}

#[test]
fn a_lost_executor_s_task_runs_again_elsewhere() {
    let v = json!({"version": 1, "scheduler": "spark", "config": {"spark.locality.wait": "0"},
        "spark": {"executors": [{"executor": "e1", "host": "h1"}, {"executor": "e2", "host": "h2", "lose_ms": 1500}],
                  "stages": [{"stage": 0, "tasks": {"count": 2, "locations": ["h2"]}, "duration_ms": 2000}]}});
    let got = launches(&v);
    // Both start at 0; e2 is lost at 1.5 s with its task, which reruns on e1 once e1 is free.
    assert_eq!(got.len(), 3, "{got:?}");
    assert_eq!((got[2].0, got[2].2.as_str()), (2000, "e1"), "{got:?}");
    let mut e = Engine::new(parse(&v.to_string()).unwrap()).unwrap();
    while e.next_heartbeat().is_some() {}
    assert_eq!(e.spark_backend.as_ref().unwrap().finished_ms, vec![Some(4000)]);
}

#[test]
fn a_task_no_executor_can_hold_stops_the_run() {
    let v = json!({"version": 1, "scheduler": "spark", "config": {"spark.task.cpus": 2},
        "spark": {"executors": [{"executor": "e1", "host": "h1"}],
                  "stages": [{"stage": 0, "tasks": [[]], "duration_ms": 10}]}});
    let mut e = Engine::new(parse(&v.to_string()).unwrap()).unwrap();
    let mut rounds = 0;
    while e.next_heartbeat().is_some() {
        rounds += 1;
    }
    assert!(rounds <= 2, "{rounds} rounds");
    let m = &e.stopped.as_ref().expect("the run stops").message;
    assert!(m.contains("no registered executor can run the tasks still pending"), "{m}");
}

#[test]
fn a_later_stage_and_executor_join_the_rounds() {
    let v = json!({"version": 1, "scheduler": "spark",
        "spark": {"executors": [{"executor": "e1", "host": "h1"}, {"executor": "e2", "host": "h2", "add_ms": 2500}],
                  "stages": [{"stage": 0, "tasks": [["h1"]], "duration_ms": [4000]},
                             {"stage": 1, "submit_ms": 2000, "tasks": [["h2"]], "duration_ms": 1000}]}});
    let got = launches(&v);
    // Stage 1's task waits for h2's executor, which registers at 2.5 s and is offered at once.
    assert_eq!(
        got,
        vec![(0, 0, "e1".into(), TaskLocality::NodeLocal), (2500, 0, "e2".into(), TaskLocality::NodeLocal)]
    );
}

#[test]
fn the_run_is_deterministic() {
    let run = || {
        let mut e = Engine::new(parse(EXAMPLE).unwrap()).unwrap();
        let mut out = String::new();
        while let Some(r) = e.next_heartbeat() {
            out += &serde_json::to_string(&r.decision).unwrap();
        }
        out
    };
    assert_eq!(run(), run());
}

#[test]
fn bad_applications_are_refused_with_their_paths() {
    let cases = [
        (json!({"executors": [{"executor": "e1", "host": "h1"}]}), "$.spark.stages", "missing"),
        (
            json!({"executors": [{"executor": "e1", "host": "h1", "add_ms": 5, "lose_ms": 2}], "stages": [{"stage": 0, "tasks": [[]], "duration_ms": 1}]}),
            "$.spark.executors[0].lose_ms",
            "at or after add_ms",
        ),
        (
            json!({"executors": [{"executor": "e1", "host": "h1"}, {"executor": "e1", "host": "h2"}], "stages": [{"stage": 0, "tasks": [[]], "duration_ms": 1}]}),
            "$.spark.executors[1]",
            "each executor id once",
        ),
        (
            json!({"executors": [], "stages": [{"stage": 0, "tasks": [[], []], "duration_ms": [1]}]}),
            "$.spark.stages[0].duration_ms",
            "one per task (2)",
        ),
        (json!({"executors": [], "stages": [{"stage": 0, "tasks": [[]]}]}), "$.spark.stages[0].duration_ms", "missing"),
        (json!({"executors": [], "stages": []}), "$.spark.stages", "at least one stage"),
    ];
    for (section, path, what) in cases {
        let v = json!({"version": 1, "scheduler": "spark", "spark": section});
        let err = parse(&v.to_string()).unwrap_err().to_string();
        assert!(err.contains(path) && err.contains(what), "{section}: {err}");
    }
    let both = json!({"version": 1, "scheduler": "spark", "steps": [],
        "spark": {"executors": [], "stages": [{"stage": 0, "tasks": [[]], "duration_ms": 1}]}});
    let err = parse(&both.to_string()).unwrap_err().to_string();
    assert!(err.contains("$.spark.executors") && err.contains("not both"), "{err}");
    let interval =
        json!({"version": 1, "scheduler": "spark", "config": {"spark.scheduler.revive.interval": 0}, "steps": []});
    let err = parse(&interval.to_string()).unwrap_err().to_string();
    assert!(err.contains("spark.scheduler.revive.interval") && err.contains("at least 1 ms"), "{err}");
}

/// A Hadoop workload under Spark (`sim::spark_mapping`): the stages' preferred hosts are the
/// very splits the Hadoop run places, trackers become executors with their map slots as cores.
#[test]
fn a_hadoop_workload_maps_to_the_same_inputs() {
    use schedscope::scenario::SchedulerKind;
    use schedscope::scenario::generator::{WorkloadSpec, generate};
    use schedscope::sim::spark_mapping::{as_spark, map_inputs};
    let mut scenarios: Vec<schedscope::scenario::Scenario> = schedscope::scenario::builtin::builtin()
        .iter()
        .map(|(_, t)| parse(t).unwrap())
        .filter(|s| s.steps.is_none() && s.scheduler != SchedulerKind::Spark)
        .collect();
    for seed in 1..4 {
        let spec = WorkloadSpec { seed, target_tasks: 200, ..schedscope::sim::compare::facebook_mix(seed) };
        scenarios.push(schedscope::scenario::from_value(&generate(&spec)).unwrap());
    }
    assert!(scenarios.len() >= 8);
    for s in scenarios {
        let want = map_inputs(&s);
        let mut e = Engine::new(s.clone()).unwrap();
        for _ in 0..200_000 {
            if e.next_heartbeat().is_none() {
                break;
            }
        }
        for (i, j) in s.jobs.iter().enumerate() {
            let Some(job) = e.cluster.jobs.get(&schedscope::model::JobId(j.id)) else { continue };
            let got: Vec<Vec<String>> = job.maps.iter().map(|t| t.locations.to_vec()).collect();
            assert_eq!(got, want[i], "{}: job {}", s.id, j.id);
        }
        let sp = as_spark(&s, Default::default());
        let app = sp.spark_app.as_ref().unwrap();
        assert_eq!(app.executors.len(), s.trackers.len());
        assert!(app.executors.iter().zip(&s.trackers).all(|(x, t)| x.cores == t.map_slots && x.host == t.host));
        assert_eq!(app.stages.len(), s.jobs.len());
        assert!(Engine::new(sp).is_ok(), "{}", s.id);
    }
}

#[test]
fn compare_runs_fair_beside_spark_on_one_workload() {
    let s =
        parse(schedscope::scenario::builtin::builtin().iter().find(|(id, _)| *id == "fair-one-rack-input").unwrap().1)
            .unwrap();
    let v: Vec<_> = ["fair", "spark@3000", "spark-legacy"].iter().map(|x| parse_variant(x).unwrap()).collect();
    let c = compare(&s, &v, 1_000_000).unwrap();
    // Every variant sits in the table (the Spark runs summed up as Hadoop runs are, in the
    // variants' order); the Spark runs' own details beside.
    assert_eq!((c.runs.len(), c.spark_runs.len()), (3, 2));
    assert_eq!(c.runs.iter().map(|r| r.label.as_str()).collect::<Vec<_>>(), ["fair", "spark@3000", "spark-legacy"]);
    for (r, sp) in c.runs[1..].iter().zip(&c.spark_runs) {
        assert_eq!(
            (r.maps_node, r.maps_rack, r.maps_off_switch),
            (sp.tasks_node as u64, sp.tasks_rack as u64, sp.tasks_off as u64)
        );
        assert_eq!(r.makespan_ms, sp.makespan_ms);
        assert_eq!(r.sticky_share, None);
        assert!(r.utilisation > 0.0 && r.utilisation <= 1.0, "{}", r.utilisation);
    }
    let maps: u64 = s.jobs.iter().map(|j| j.num_maps()).sum();
    for r in &c.spark_runs {
        assert!(r.stopped.is_none(), "{:?}", r.stopped);
        assert_eq!((r.tasks_node + r.tasks_rack + r.tasks_off) as u64, maps, "{}", r.label);
        assert!(r.stages.iter().all(|x| x.finish_ms.is_some()));
    }
    let text = schedscope::sim::compare::render(&c, schedscope::i18n::Lang::En).join("\n");
    assert!(text.contains("reduces left out"), "{text}");
    assert!(parse_variant("spark@abc").unwrap_err().contains("spark.locality.wait"));
}
