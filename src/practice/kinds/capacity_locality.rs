//! Capacity Scheduler questions on waiting for locality by missed scheduling opportunities
//! (`localityWaitFactor`).

use super::answer::{Answer, Form};
use super::capacity::{Flavour, decision, first_lookup, job_lines, scenario};
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, input_lines, inputs_shown, maps};
use crate::model::JobId;
use crate::model::Locality;
use crate::sched::capacity::decision::JobVerdict;
use serde_json::Value;

fn locality_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { queues: (1, 2), concentrate: true, ..Default::default() })
}

const LOCALITY_OPTIONS: [(&str, &str); 4] = [
    ("a node-local map", "一个 node-local map"),
    ("a rack-local map", "一个 rack-local map"),
    ("an off-switch map", "一个 off-switch map"),
    ("nothing: it waits for a local map", "什么也没有：它继续等待本地 map"),
];

/// `capacity.locality_delay`: a job with nothing local takes an off-switch map only after
/// missing more than `min(maps left, trackers) × localityWaitFactor` scheduling opportunities.
fn locality_wait(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let l = first_lookup(d)?;
    let v = l
        .queues
        .iter()
        .flat_map(|q| &q.jobs)
        .find(|v| matches!(v.verdict, JobVerdict::LocalityWait { .. } | JobVerdict::Assigned { .. }))?;
    let job = m.before.cluster.jobs.get(&JobId(v.job))?;
    // Its input line is read at the stage's moment: not asked if it was initialised since.
    if job.slots_per_map > 1 || !inputs_shown(m.before, std::iter::once(v.job)) {
        return None;
    }
    let (answer, category) = match &v.verdict {
        // Asked again later in the heartbeat, it may have missed enough opportunities: only
        // a job that launches nothing at all on this heartbeat "waits".
        JobVerdict::LocalityWait { .. } if maps(m.rec).iter().all(|a| a.job != v.job) => (3, 0),
        JobVerdict::Assigned { .. } => {
            let a = maps(m.rec).into_iter().find(|a| a.job == v.job)?;
            match a.locality {
                Some(Locality::Node) if job.num_scheduling_opportunities > 0 => (0, 2),
                Some(Locality::Rack) if job.num_scheduling_opportunities > 0 => (1, 2),
                Some(Locality::OffSwitch) => (2, 1),
                _ => return None,
            }
        }
        _ => return None,
    };
    let trackers = m.before.cluster.trackers.len();
    let left = super::capacity_walk::maps_left(m, v.job);
    let mut prompt = header(m);
    prompt.extend(job_lines(m));
    prompt.extend(input_lines(m.before, &m.rec.tracker));
    prompt.push(bi(
        format!(
            "J{} has missed {} scheduling opportunities since its last local map; its locality wait factor is {}; it has {left} maps not finished after the reports; the cluster has {trackers} trackers. No off-switch map has been given on this heartbeat yet.",
            v.job, job.num_scheduling_opportunities, job.locality_wait_factor
        ),
        format!(
            "J{} 自上一个本地 map 以来已错过 {} 次调度机会；其 locality wait factor 为 {}；汇报后还有 {left} 个 map 未完成；集群有 {trackers} 个 TaskTracker。本次心跳尚未分配 off-switch map。",
            v.job, job.num_scheduling_opportunities, job.locality_wait_factor
        ),
    ));
    prompt.push(bi(
        format!("What is the first map J{} gives {} on this heartbeat?", v.job, m.rec.tracker),
        format!("本次心跳 J{} 给 {} 的第一个 map 是什么？", v.job, m.rec.tracker),
    ));
    Some(Posed {
        category,
        prompt,
        form: Form::Choose { options: LOCALITY_OPTIONS.iter().map(|(en, zh)| bi(*en, *zh)).collect() },
        expected: Answer::Choice(answer),
        focus_job: Some(v.job),
        focus_queue: None,
    })
}

pub static LOCALITY_WAIT: Kind = Kind {
    id: "capacity.locality_wait",
    concept: "capacity.locality_delay",
    scenario: locality_scenario,
    pose: locality_wait,
    categories: 3,
};
