//! Capacity Scheduler questions on high-memory jobs: slots per task, memory matching and the
//! reservation of a tracker.

use super::answer::{Answer, Form};
use super::capacity::{Flavour, decision, first_lookup, job_lines, scenario, sched_before, standing_limits};
use super::capacity_walk as walk;
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header};
use crate::model::{JobId, TaskType};
use crate::sched::capacity::decision::{JobVerdict, LookupResult, ReservationStep};
use serde_json::Value;

fn memory_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { queues: (1, 2), memory: true, map_slots: (2, 3), ..Default::default() })
}

fn memory_options(job: u32, tracker: &str) -> Vec<crate::lesson::Bi> {
    vec![
        bi(format!("J{job} gets a map on {tracker}"), format!("J{job} 在 {tracker} 上得到一个 map")),
        bi(
            format!("{tracker} is reserved for J{job}: no map runs there on this heartbeat"),
            format!("{tracker} 为 J{job} 预留：本次心跳该节点不运行新的 map"),
        ),
        bi(format!("J{job} is passed over and another job gets the map"), format!("跳过 J{job}，由其他作业得到 map")),
        bi(format!("J{job} is passed over and no map is assigned"), format!("跳过 J{job}，没有分配 map")),
    ]
}

/// `capacity.high_memory`: what happens when a job whose maps need two slots meets this
/// tracker.
fn high_memory(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let c = sched_before(m)?;
    let l = first_lookup(d)?;
    let big = |j: u32| m.before.cluster.jobs.get(&JobId(j)).is_some_and(|x| x.slots_per_map > 1);
    let someone = matches!(l.result, LookupResult::Local { .. } | LookupResult::OffSwitch { .. });
    let (job, answer, category) = match &l.reservation {
        Some(ReservationStep::Kept { job, .. }) => (*job, 1, 1),
        Some(ReservationStep::Honoured { job, got_task: true, .. }) => (*job, 0, 0),
        Some(_) => return None,
        None => l.queues.iter().flat_map(|q| &q.jobs).find(|v| big(v.job)).and_then(|v| match &v.verdict {
            JobVerdict::Assigned { .. } => Some((v.job, 0, 0)),
            JobVerdict::Memory { reserved: true, .. } => Some((v.job, 1, 1)),
            JobVerdict::Memory { reserved: false, .. } => Some((v.job, if someone { 2 } else { 3 }, 2)),
            _ => None,
        })?,
    };
    if walk::hidden_init(m, l) {
        return None;
    }
    let t = m.before.cluster.trackers.iter().find(|t| t.name == m.rec.tracker)?;
    let reserved: Vec<String> = c
        .reservations
        .0
        .iter()
        .filter(|((_, k), _)| *k == TaskType::Map)
        .map(|((tr, _), r)| format!("{tr} → J{}", r.job.0))
        .collect();
    let reserved = if reserved.is_empty() { "none".to_string() } else { reserved.join(", ") };
    let mut prompt = header(m);
    prompt.push(bi(
        format!(
            "Memory-based scheduling: a map slot is 1024 MB; a map needing 2048 MB takes 2 slots. {} has {} map slots, {} free after its reports. Map reservations before this heartbeat: {reserved}.",
            m.rec.tracker,
            t.max_map_slots,
            d.map.available
        ),
        format!(
            "按内存调度：每个 map slot 为 1024 MB；需要 2048 MB 的 map 占 2 个 slot。{} 有 {} 个 map slot，汇报后空闲 {} 个。本次心跳前的 map 预留：{}。",
            m.rec.tracker,
            t.max_map_slots,
            d.map.available,
            if reserved == "none" { "无".to_string() } else { reserved.clone() }
        ),
    ));
    prompt.extend(walk::poll_line(m));
    prompt.extend(l.order.iter().map(|q| standing_limits(m, q)));
    // A reserved tracker serves its job first: no queue is walked, nothing else decides.
    let walked = l.reservation.is_none();
    if walked {
        prompt.extend(walk::tie_line(l));
    }
    prompt.extend(job_lines(m));
    if walked {
        prompt.extend(walk::locality_lines(m));
    }
    prompt.push(bi(
        format!("What happens to J{job} when {} asks for a map?", m.rec.tracker),
        format!("{} 请求 map 时，J{job} 会怎样？", m.rec.tracker),
    ));
    Some(Posed {
        category,
        prompt,
        form: Form::Choose { options: memory_options(job, &m.rec.tracker) },
        expected: Answer::Choice(answer),
        focus_job: Some(job),
        focus_queue: None,
    })
}

pub static HIGH_MEMORY: Kind = Kind {
    id: "capacity.high_memory",
    concept: "capacity.high_memory",
    scenario: memory_scenario,
    pose: high_memory,
    categories: 3,
};
