//! Trackers that come and go in automatic mode, under every scheduler (issue 13): a tracker
//! that joins at `join_ms` heartbeats from then on and takes work; one that goes silent at
//! `silent_ms` is declared lost by the `ExpireTrackers` pass more than
//! `mapred.tasktracker.expiry.interval` after its last heartbeat, its running attempts are
//! killed and run elsewhere, its slots leave the cluster; every job still finishes. The
//! records explain it in English and Chinese, and `ClusterView` shows each tracker's state.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::explain::{HeartbeatRecord, TrackerChange};
use schedscope::i18n::Lang;
use schedscope::model::RunState;
use schedscope::sim::view::TrackerState;
use schedscope::sim::{Engine, Simulation};
use serde_json::{Value, json};

/// Three trackers on two racks: tt3 joins at 20 s, tt2 goes silent at 30 s (expiry 60 s, so
/// the expiry thread wakes every 20 s and loses it at the first pass after its last heartbeat
/// + 60 s). Two jobs with maps long enough to be running on tt2 when it goes silent.
fn scenario(sched: &str) -> Value {
    let mut v = json!({
        "version": 1, "seed": 5, "scheduler": sched,
        "config": {"speculative_maps": false, "speculative_reduces": false,
                   "mapred.tasktracker.expiry.interval": 60000,
                   "map_duration_ms": 40000, "reduce_duration_ms": 5000},
        "topology": {"/r1": ["h1", "h2"], "/r2": ["h3"]},
        "trackers": [
            {"name": "tt1", "host": "h1", "map_slots": 2, "reduce_slots": 1},
            {"name": "tt2", "host": "h2", "map_slots": 2, "reduce_slots": 1, "silent_ms": 30000},
            {"name": "tt3", "host": "h3", "map_slots": 2, "reduce_slots": 1, "join_ms": 20000}
        ],
        "jobs": [
            {"id": 1, "user": "u1", "maps": {"count": 6, "locations": ["h1", "h2", "h3"]}, "reduces": 1},
            {"id": 2, "user": "u2", "submit_time": 5000, "maps": {"count": 4, "locations": ["h2"]}, "reduces": 1}
        ]
    });
    match sched {
        "capacity" => {
            v["config"]["queues"] = json!([{"name": "default", "capacity": 100}]);
        }
        "limit_tasks_per_job" => v["config"]["max_running_tasks_per_job"] = json!(3),
        _ => {}
    }
    v
}

const SCHEDULERS: [&str; 4] = ["fifo", "limit_tasks_per_job", "fair", "capacity"];

fn run(v: &Value) -> (Engine, Vec<HeartbeatRecord>) {
    let mut e = Engine::new(schedscope::scenario::parse(&v.to_string()).unwrap()).unwrap();
    let mut recs = Vec::new();
    while let Some(r) = e.next_heartbeat() {
        e.check_invariants().unwrap_or_else(|m| panic!("{} heartbeat {}: {m}", v["scheduler"], r.hb));
        recs.push(r);
    }
    assert!(e.stopped.is_none(), "{:?}", e.stopped);
    (e, recs)
}

#[test]
fn a_tracker_joins_and_a_silent_one_is_lost_under_every_scheduler() {
    for sched in SCHEDULERS {
        let (e, recs) = run(&scenario(sched));
        // tt3 joins at 20 s: the record of that heartbeat says so, and it is tt3's own.
        let joined = recs
            .iter()
            .find(|r| {
                r.tracker_changes.iter().any(|c| matches!(c, TrackerChange::Joined { tracker, .. } if tracker == "tt3"))
            })
            .unwrap_or_else(|| panic!("{sched}: no record of tt3 joining"));
        assert_eq!((joined.tracker.as_str(), joined.time_ms), ("tt3", 20_000), "{sched}");
        assert!(recs.iter().any(|r| r.tracker == "tt3" && !r.assigned.is_empty()), "{sched}: tt3 never got work");
        // tt2's last heartbeat is before 30 s; the pass that loses it is the first multiple of
        // 20 s more than 60 s later.
        let last = recs.iter().filter(|r| r.tracker == "tt2").map(|r| r.time_ms).max().unwrap();
        assert!(last < 30_000, "{sched}: tt2 heartbeat at {last} ms");
        let lost_at = ((last + 60_000) / 20_000 + 1) * 20_000;
        let lost = recs
            .iter()
            .flat_map(|r| r.tracker_changes.iter())
            .find_map(|c| match c {
                TrackerChange::Lost { tracker, at_ms, killed, after, .. } if tracker == "tt2" => {
                    Some((*at_ms, killed.clone(), *after))
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("{sched}: tt2 never lost"));
        assert_eq!(lost.0, lost_at, "{sched}");
        assert!(!lost.1.is_empty(), "{sched}: tt2 ran nothing when it went silent");
        assert_eq!((lost.2.trackers, lost.2.map_slots, lost.2.reduce_slots), (2, 4, 2), "{sched}");
        // Its killed attempts ran again elsewhere, and every job finished.
        for a in &lost.1 {
            let again = recs.iter().filter(|r| r.time_ms >= lost_at).flat_map(|r| &r.assigned).any(|x| {
                let id = x.attempt_id();
                (id.job, id.kind, id.index) == (a.job, a.kind, a.index)
            });
            assert!(again, "{sched}: {a} never ran again");
        }
        assert!(recs.iter().all(|r| r.tracker != "tt2" || r.time_ms < 30_000), "{sched}: tt2 heartbeated while silent");
        for j in e.cluster.jobs.values() {
            assert_eq!(j.state, RunState::Succeeded, "{sched}: J{}", j.id.0);
        }
        assert_eq!(e.cluster.num_task_trackers(), 2, "{sched}");
    }
}

#[test]
fn the_records_explain_joins_and_losses_in_both_languages() {
    let (_, recs) = run(&scenario("fifo"));
    let with =
        |pred: &dyn Fn(&TrackerChange) -> bool| recs.iter().find(|r| r.tracker_changes.iter().any(pred)).unwrap();
    let join = with(&|c| matches!(c, TrackerChange::Joined { .. }));
    let lost = with(&|c| matches!(c, TrackerChange::Lost { .. }));
    let en = schedscope::explain::text::render(join, Lang::En).join("\n");
    assert!(en.contains("tt3 (h3, /r2) joined the cluster at 20.0 s"), "{en}");
    assert!(en.contains("the cluster now has 3 trackers, 6 map slots and 3 reduce slots"), "{en}");
    let zh = schedscope::explain::text::render(join, Lang::Zh).join("\n");
    assert!(zh.contains("加入集群") && zh.contains("集群现有 3 个 TaskTracker"), "{zh}");
    let en = schedscope::explain::text::render(lost, Lang::En).join("\n");
    assert!(en.contains("tt2 was declared lost at"), "{en}");
    assert!(en.contains("longer than mapred.tasktracker.expiry.interval (60.0 s)"), "{en}");
    assert!(en.contains("will run elsewhere"), "{en}");
    assert!(en.contains("Its slots leave the cluster: the cluster now has 2 trackers"), "{en}");
    let zh = schedscope::explain::text::render(lost, Lang::Zh).join("\n");
    assert!(zh.contains("被判定丢失") && zh.contains("mapred.tasktracker.expiry.interval"), "{zh}");
}

#[test]
fn the_cluster_view_shows_each_trackers_state() {
    let mut sim = Simulation::from_json(&scenario("fair").to_string()).unwrap();
    let state = |sim: &Simulation, name: &str| {
        sim.view().racks.iter().flat_map(|r| r.nodes.iter()).find(|n| n.tracker == name).map(|n| n.state.clone())
    };
    assert!(sim.step_forward());
    assert_eq!(state(&sim, "tt3"), Some(TrackerState::NotJoined { at_ms: 20_000 }));
    assert_eq!(state(&sim, "tt1"), Some(TrackerState::Live { joined_ms: None }));
    while sim.time_ms() < 31_000 {
        assert!(sim.step_forward());
    }
    assert_eq!(state(&sim, "tt3"), Some(TrackerState::Live { joined_ms: Some(20_000) }));
    let Some(TrackerState::Silent { since_ms, lost_at_ms }) = state(&sim, "tt2") else {
        panic!("tt2 is not silent: {:?}", state(&sim, "tt2"))
    };
    assert!(since_ms < 30_000 && lost_at_ms > since_ms + 60_000);
    while sim.time_ms() <= lost_at_ms {
        assert!(sim.step_forward());
    }
    assert_eq!(state(&sim, "tt2"), Some(TrackerState::Lost { at_ms: lost_at_ms }));
    let v = sim.view();
    assert_eq!((v.size.trackers, v.size.map_slots), (2, 4));
    assert_eq!(v.expiry_ms, 60_000);
    // Back and forward again: the same view (history replays joins and losses).
    let n = sim.hb();
    sim.go_to(n / 2);
    sim.go_to(n);
    assert_eq!(sim.view(), v);
}

#[test]
fn trackers_joining_and_silent_are_automatic_mode_fields() {
    let mut v = scenario("fifo");
    v["steps"] = json!([{"heartbeat": "tt1"}]);
    let e = schedscope::scenario::parse(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("$.trackers[1].silent_ms"), "{e}");
    assert!(e.contains("$.trackers[2].join_ms"), "{e}");
    let mut v = scenario("fifo");
    v["trackers"][1]["join_ms"] = json!(40_000);
    let e = schedscope::scenario::parse(&v.to_string()).unwrap_err().to_string();
    assert!(e.contains("$.trackers[1].silent_ms: found 30000, expected a time after join_ms (40000)"), "{e}");
}

#[test]
fn when_every_tracker_is_lost_the_run_ends() {
    let v = json!({
        "version": 1, "scheduler": "fifo",
        "config": {"mapred.tasktracker.expiry.interval": 3000, "map_duration_ms": 60000},
        "trackers": [{"name": "tt1", "silent_ms": 1000}],
        "jobs": [{"id": 1, "maps": 1, "reduces": 0}]
    });
    let (e, recs) = run(&v);
    assert!(!recs.is_empty());
    assert_eq!(e.cluster.num_task_trackers(), 0);
    assert_eq!(e.cluster.jobs.values().next().unwrap().state, RunState::Running);
}
