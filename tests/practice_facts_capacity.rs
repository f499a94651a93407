//! Capacity questions allow one answer only, from what they show (with `practice_facts.rs`):
//! over 1,002 questions, the expected answer is what Hadoop's rule gives from the question's
//! own English lines.
//!
//! - `capacity.locality_wait`: `CapacityTaskScheduler.MapSchedulingMgr.obtainNewTask` counts a
//!   scheduling opportunity (`JobInProgress.schedulingOpportunity`), gives a node- or
//!   rack-local map if the job's input line has one, else an off-switch map only if
//!   `scheduleOffSwitch`: min(maps not finished, trackers) × locality wait factor < the
//!   opportunities missed; else the job waits.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{between, chosen, lines, questions};

#[test]
fn locality_wait_questions_follow_from_their_lines() {
    let mut waits = 0;
    for (q, tag) in questions("capacity.locality_wait") {
        let l = lines(&q).find(|l| l.contains(" scheduling opportunities since its last local map")).unwrap();
        let job: u32 = between(l, "J", " has missed").parse().unwrap();
        let missed: f64 = between(l, "has missed ", " scheduling").parse().unwrap();
        let factor: f32 = between(l, "locality wait factor is ", ";").parse().unwrap();
        let left: f64 = between(l, "; it has ", " maps not finished after the reports").parse().unwrap();
        let trackers: f64 = between(l, "the cluster has ", " trackers").parse().unwrap();
        let input = lines(&q)
            .find(|x| x.starts_with(&format!("J{job} has ")) && x.contains(" waiting maps: "))
            .unwrap_or_else(|| panic!("{tag}: J{job}'s input is not shown"));
        let node: i64 = between(input, "waiting maps: ", " with input").parse().unwrap();
        let rack: i64 = between(input, "host, ", " elsewhere").parse().unwrap();
        // This lookup is an opportunity too: counted before the off-switch test.
        let off_switch = left.min(trackers) * (factor as f64) < missed + 1.0;
        let want = if node > 0 {
            "a node-local map"
        } else if rack > 0 {
            "a rack-local map"
        } else if off_switch {
            "an off-switch map"
        } else {
            "nothing: it waits for a local map"
        };
        let shown: Vec<&str> = lines(&q).collect();
        assert_eq!(chosen(&q, &tag), want, "{tag}: the lines give {want}: {shown:#?}");
        waits += usize::from(want.starts_with("nothing"));
    }
    assert!(waits > 0, "some questions have the job wait");
}
