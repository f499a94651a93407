//! What the stage draws besides the slots (`sim::stage`), checked on the built-in lessons'
//! scenarios: the Fair focus job's reach NODE → RACK → ANY and back, the Capacity lanes in the
//! order of the last sort with the queue's users, FIFO's padding gauge and load-factor caps,
//! high-memory tasks spanning their slots, rejected submissions; the stage as JSON, Fair's wait
//! meter and the header's counts.

use schedscope::lesson;
use schedscope::sched::fair::delay::LocalityLevel;
use schedscope::sim::Simulation;
use schedscope::sim::stage::SchedStage;
use schedscope::sim::stage::fair::LevelChange;
use schedscope::sim::view::NodeView;

fn lesson_sim(id: &str) -> Simulation {
    let (_, json) = lesson::builtin().iter().find(|(i, _)| *i == id).unwrap_or_else(|| panic!("lesson {id}"));
    let l = lesson::parse(json).unwrap_or_else(|e| panic!("{e}"));
    Simulation::from_json(&l.scenario_json()).unwrap_or_else(|e| panic!("{e:?}"))
}

fn at(sim: &mut Simulation, hb: u64) -> SchedStage {
    sim.go_to(hb);
    sim.stage()
}

#[test]
fn the_fair_reach_grows_with_the_wait_and_snaps_back_after_a_node_local_launch() {
    let mut sim = lesson_sim("fair-delay-scheduling");
    let reach = |s: SchedStage| {
        let SchedStage::Fair(f) = s else { panic!("a Fair stage") };
        let j = f.jobs.iter().find(|j| Some(j.job) == f.focus).cloned().expect("a focus job");
        assert_eq!(j.job, 1);
        j
    };
    let j = reach(at(&mut sim, 1));
    assert_eq!((j.reach.level, j.skipped, j.reach.all), (LocalityLevel::Node, true, false));
    assert_eq!(j.reach.hosts.len(), 1, "J1's input sits on one host");
    let j = reach(at(&mut sim, 4));
    assert_eq!((j.reach.level, j.change, j.waited_ms), (LocalityLevel::Rack, LevelChange::Rose, 6000));
    assert_eq!(j.reach.racks, vec!["/rack2".to_string()]);
    let j = reach(at(&mut sim, 10));
    assert_eq!((j.reach.level, j.reach.all), (LocalityLevel::Any, true));
    assert_eq!(j.launched, Some(LocalityLevel::Any));
    let j = reach(at(&mut sim, 16));
    assert_eq!(
        (j.reach.level, j.change, j.launched),
        (LocalityLevel::Node, LevelChange::Reset, Some(LocalityLevel::Node))
    );
}

#[test]
fn fair_pools_are_listed_even_when_no_slot_is_offered() {
    let mut sim = lesson_sim("fair-preemption");
    let total = {
        sim.run_to_end(10_000);
        sim.total_hbs_known()
    };
    for hb in 1..=total.min(60) {
        let SchedStage::Fair(f) = at(&mut sim, hb) else { panic!("a Fair stage") };
        assert!(!f.pools.is_empty(), "heartbeat {hb}: the pools are listed");
    }
}

#[test]
fn capacity_lanes_follow_the_last_sort_and_mark_the_first_one() {
    let mut sim = lesson_sim("capacity-queue-order");
    let SchedStage::Capacity(c) = at(&mut sim, 22) else { panic!("a Capacity stage") };
    assert_eq!(c.maps.iter().map(|l| l.queue.as_str()).collect::<Vec<_>>(), ["prod", "research"]);
    let SchedStage::Capacity(c) = at(&mut sim, 23) else { panic!("a Capacity stage") };
    assert_eq!(c.maps.iter().map(|l| l.queue.as_str()).collect::<Vec<_>>(), ["research", "prod"]);
    let research = &c.maps[0];
    assert_eq!(research.was, Some(1), "research was second before heartbeat 23");
    assert_eq!(c.before.as_ref().map(|b| b[0].0.as_str()), Some("prod"));
    assert_eq!((research.used, research.capacity), (8, 8));
    assert!(!research.users.is_empty(), "research lists its users against the user limit");
    assert!(c.job_queue.iter().any(|(_, q)| q == "prod"), "each job's queue");
}

#[test]
fn capacity_high_memory_tasks_span_their_slots_and_the_header_counts_slots() {
    let mut sim = lesson_sim("capacity-high-memory");
    sim.run_to_end(10_000);
    let total = sim.total_hbs_known();
    let mut spans = 0;
    for hb in 1..=total.min(80) {
        sim.go_to(hb);
        let v = sim.view();
        for n in v.racks.iter().flat_map(|r| &r.nodes) {
            let (busy, slots) = NodeView::slot_counts(&n.map_slots);
            assert!(busy <= slots);
            let tracker = &sim.engine().cluster.trackers.iter().find(|t| t.name == n.tracker).unwrap().clone();
            assert_eq!(slots, tracker.max_map_slots, "heartbeat {hb}: {}'s slots add up", n.tracker);
            assert_eq!(
                busy,
                tracker.occupied_slots(schedscope::model::TaskType::Map),
                "heartbeat {hb}: occupied slots"
            );
            spans += n.map_slots.iter().flatten().filter(|t| t.slots > 1).count();
        }
    }
    assert!(spans > 0, "some high-memory task takes several slots");
}

#[test]
fn fifo_padding_gauge_and_load_caps() {
    let mut sim = lesson_sim("fifo-padding");
    let SchedStage::Fifo(Some(f)) = at(&mut sim, 61) else { panic!("a FIFO stage with a record") };
    let p = f.padding.as_ref().expect("padding checked");
    assert!(p.check.exceeded);
    assert_eq!((p.check.padding, p.tracker_slots, f.map_capacity), (2, 3, 18));
    assert_eq!(f.caps.len(), 6, "one cap per tracker");
    assert!(f.caps.iter().all(|c| c.map_cap <= c.map_slots));
    assert_eq!(f.budget.padding_only_one, Some(2));
    let SchedStage::Fifo(Some(f)) = at(&mut sim, 42) else { panic!("a FIFO stage") };
    assert!(!f.padding.expect("checked").check.exceeded);
}

#[test]
fn rejected_submissions_stay_visible() {
    let mut sim = lesson_sim("capacity-admission-init");
    sim.go_to(29);
    let v = sim.view();
    let rejected: Vec<u32> = v.rejected.iter().map(|r| r.job).collect();
    assert_eq!(rejected, [4, 5], "J4 and J5 never entered the queue");
    assert!(v.rejected.iter().all(|r| !r.message.is_empty()));
}

/// The stage as the JavaScript API gives it (`docs/js-api.md`, "The stage"): the scheduler's
/// fields beside `scheduler`; FIFO before its first heartbeat only its name.
#[test]
fn the_stage_as_json_names_its_scheduler_beside_its_fields() {
    let json = |s: &SchedStage| serde_json::to_value(s).expect("the stage serializes");
    let mut sim = lesson_sim("fifo-padding");
    assert_eq!(json(&at(&mut sim, 0)), serde_json::json!({"scheduler": "fifo"}));
    let v = json(&at(&mut sim, 61));
    assert_eq!(v["scheduler"], "fifo");
    assert!(v["padding"]["check"]["exceeded"].as_bool().expect("the padding check"), "{v}");
    let mut sim = lesson_sim("fair-delay-scheduling");
    let v = json(&at(&mut sim, 4));
    assert_eq!(v["scheduler"], "fair");
    assert!(v["jobs"][0]["meter"]["thresholds"].is_array(), "{v}");
    let mut sim = lesson_sim("capacity-user-limits");
    let v = json(&at(&mut sim, 9));
    assert_eq!(v["scheduler"], "capacity");
    assert!(v["maps"][0]["users"].is_array(), "{v}");
}

/// Fair's wait meter: the thresholds ahead of the level it counts from, and the next one with
/// the time still to wait, as the stage draws them.
#[test]
fn the_fair_meter_counts_down_to_the_next_threshold() {
    let mut sim = lesson_sim("fair-delay-scheduling");
    for hb in 1..=16 {
        let SchedStage::Fair(f) = at(&mut sim, hb) else { panic!("a Fair stage") };
        for j in &f.jobs {
            let m = &j.meter;
            let ahead: Vec<i64> = m.thresholds.iter().map(|t| t.ms).collect();
            match m.from {
                LocalityLevel::Node => assert_eq!(ahead, vec![f.node_delay_ms, f.node_delay_ms + f.rack_delay_ms]),
                LocalityLevel::Rack => assert_eq!(ahead, vec![f.rack_delay_ms]),
                _ => assert!(ahead.is_empty()),
            }
            let waited = if j.launched.is_some() { j.waited_after_ms } else { j.waited_ms };
            assert_eq!(m.waited_ms, waited, "hb {hb} J{}", j.job);
            match m.thresholds.iter().find(|t| t.ms > waited) {
                Some(t) => assert_eq!(m.next.as_ref().map(|n| (n.to, n.ms)), Some((t.to, t.ms - waited))),
                None => assert!(m.next.is_none()),
            }
        }
    }
}

/// The header's counts are the grid's: racks, counted trackers and their occupied slots.
#[test]
fn the_counted_cluster_is_the_grid_summed() {
    let mut sim = lesson_sim("capacity-high-memory");
    for hb in [0, 5, 10, 14] {
        sim.go_to(hb);
        let v = sim.view();
        let (mut busy, mut slots) = (0, 0);
        for n in v.racks.iter().flat_map(|r| &r.nodes) {
            let (b, t) = NodeView::slot_counts(&n.map_slots);
            busy += b;
            slots += t;
        }
        assert_eq!((v.counted.map_busy, v.counted.map_slots), (busy, slots), "hb {hb}");
        assert_eq!(v.counted.racks as usize, v.racks.len());
        let rack_total: u32 = v.racks.iter().map(|r| r.counted.busy).sum();
        assert_eq!(rack_total, v.counted.map_busy + v.counted.reduce_busy, "hb {hb}: every tracker is live here");
    }
}
