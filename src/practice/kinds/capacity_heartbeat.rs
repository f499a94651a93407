//! Capacity Scheduler questions on the limits of one heartbeat: `maximum-tasks-per-heartbeat`
//! and `maximum-tasks-after-offswitch`.

use super::answer::{Answer, Form};
use super::capacity::{Flavour, decision, first_lookup, job_lines, scenario, standing_limits};
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, input_lines, maps, maps_count_question};
use crate::model::{JobId, RunState};
use crate::sched::capacity::decision::PhaseStop;
use serde_json::Value;

fn per_heartbeat_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let mut v = scenario(
        draw,
        d,
        Flavour { queues: (1, 2), per_heartbeat: true, concentrate: true, map_slots: (3, 4), ..Default::default() },
    );
    // Every job takes an off-switch map as soon as nothing local is left for the tracker.
    for j in v["jobs"].as_array_mut().into_iter().flatten() {
        j["locality_wait_factor"] = serde_json::json!(0.0);
    }
    v
}

/// `capacity.tasks_per_heartbeat`: maps per heartbeat under `maximum-tasks-per-heartbeat` and
/// `maximum-tasks-after-offswitch`.
fn tasks_count(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    if d.map.available < 2 || d.map.lookups.is_empty() {
        return None;
    }
    let given = maps(m.rec).len();
    // Every job given a map is one the question shows, with its waiting maps.
    let shown = |j: u32| m.before.cluster.jobs.get(&JobId(j)).is_some_and(|x| x.state == RunState::Running);
    if given == 0 || !maps(m.rec).iter().all(|a| shown(a.job)) {
        return None;
    }
    let category = match d.map.stop {
        PhaseStop::MaxTasksPerHeartbeat => 0,
        PhaseStop::OffSwitchLimit => 1,
        _ => 2,
    };
    let l = first_lookup(d)?;
    let mut prompt = header(m);
    prompt.push(bi(
        format!(
            "maximum-tasks-per-heartbeat = {}, maximum-tasks-after-offswitch = {}. {} has {} free map slots after its reports. Every job takes an off-switch map as soon as nothing local is left for the tracker (locality wait factor 0).",
            d.max_tasks_per_heartbeat, d.max_tasks_after_offswitch, m.rec.tracker, d.map.available
        ),
        format!(
            "maximum-tasks-per-heartbeat = {}，maximum-tasks-after-offswitch = {}。{} 汇报后有 {} 个空闲 map slot。只要该节点没有本地 map，任何作业都会立即接受 off-switch map（locality wait factor 为 0）。",
            d.max_tasks_per_heartbeat, d.max_tasks_after_offswitch, m.rec.tracker, d.map.available
        ),
    ));
    prompt.extend(l.order.iter().map(|q| standing_limits(m, q)));
    prompt.extend(job_lines(m));
    prompt.extend(input_lines(m.before, &m.rec.tracker));
    prompt.push(maps_count_question(&m.rec.tracker));
    Some(Posed {
        category,
        prompt,
        form: Form::Number { decimals: 0, tolerance: 0.0 },
        expected: Answer::Number(given as f64),
        focus_job: None,
        focus_queue: None,
    })
}

pub static TASKS_COUNT: Kind = Kind {
    id: "capacity.tasks_count",
    concept: "capacity.tasks_per_heartbeat",
    scenario: per_heartbeat_scenario,
    pose: tasks_count,
    categories: 3,
};
