//! Fair Scheduler questions on how many maps one heartbeat gives (`assignmultiple`,
//! `maxTasksToAssign`, `CapBasedLoadManager`).

use super::answer::{Answer, Form};
use super::difficulty::Difficulty;
use super::fair::{Flavour, decision, scenario};
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, maps, maps_count_question};
use crate::sched::Scheduler;
use crate::sched::fair::decision::Rejected;
use serde_json::Value;

fn count_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let f = Flavour { pools: (1, 3), assign_multiple: true, map_slots: (3, 4), ..Default::default() };
    scenario(draw, d, f)
}

/// `fair.assign_multiple`: how many maps the heartbeat gives a tracker with free slots.
fn maps_count(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let Scheduler::Fair(f) = &m.before.scheduler else { return None };
    let t = m.before.cluster.trackers.iter().find(|t| t.name == m.rec.tracker)?;
    let free = t.max_map_slots as i64 - d.tracker_maps;
    if free < 2 || d.runnable_maps <= d.running_maps {
        return None;
    }
    let category = match d.map_rejected {
        _ if !d.assign_multiple => 0,
        Some(Rejected::LoadCap { .. }) => 2,
        _ => 1,
    };
    let cap = f.conf.assign_multiple_maps;
    let mut prompt = header(m);
    prompt.push(bi(
        format!(
            "mapred.fairscheduler.assignmultiple = {}; mapred.fairscheduler.assignmultiple.maps = {cap} (−1: no cap). Locality delays are 0, so every job may run a map anywhere.",
            d.assign_multiple
        ),
        format!(
            "mapred.fairscheduler.assignmultiple = {}；mapred.fairscheduler.assignmultiple.maps = {cap}（−1 表示不限）。本地性延迟为 0，任何作业都可以在任意节点运行 map。",
            d.assign_multiple
        ),
    ));
    prompt.push(bi(
        format!(
            "{} has {} map slots and runs {} maps. Cluster-wide, {} maps are runnable (demand at the last update) and {} run, on {} map slots; load.max.diff is {}.",
            m.rec.tracker, t.max_map_slots, d.tracker_maps, d.runnable_maps, d.running_maps, d.total_map_slots, d.map_cap.max_diff
        ),
        format!(
            "{} 有 {} 个 map slot，正在运行 {} 个 map。全集群可运行的 map（上次 update 时的需求）为 {} 个，正在运行 {} 个，共 {} 个 map slot；load.max.diff 为 {}。",
            m.rec.tracker, t.max_map_slots, d.tracker_maps, d.runnable_maps, d.running_maps, d.total_map_slots, d.map_cap.max_diff
        ),
    ));
    // The runnable count is the demand at the last update: maps that finished since still count
    // there, so how many are really waiting to start is a fact of its own, counted at the
    // stage's moment; a heartbeat where a job may have started since (one in PREP, or one the
    // scheduler knows and the stage does not) is not asked about.
    let jobs = &m.before.cluster.jobs;
    if jobs.len() != d.jobs_total || jobs.values().any(|j| j.state == crate::model::RunState::Prep) {
        return None;
    }
    let waiting: usize = m
        .before
        .cluster
        .jobs
        .values()
        .filter(|j| j.state == crate::model::RunState::Running)
        .map(|j| j.pending_maps() as usize)
        .sum();
    prompt.push(bi(
        format!("{waiting} maps are waiting to start (no attempt yet) in the running jobs."),
        format!("运行中的作业里有 {waiting} 个 map 在等待启动（尚无 attempt）。"),
    ));
    prompt.push(maps_count_question(&m.rec.tracker));
    Some(Posed {
        category,
        prompt,
        form: Form::Number { decimals: 0, tolerance: 0.0 },
        expected: Answer::Number(maps(m.rec).len() as f64),
        focus_job: None,
        focus_queue: None,
    })
}

pub static MAPS_COUNT: Kind = Kind {
    id: "fair.maps_count",
    concept: "fair.assign_multiple",
    scenario: count_scenario,
    pose: maps_count,
    categories: 3,
};
