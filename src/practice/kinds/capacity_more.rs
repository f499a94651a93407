//! Capacity Scheduler questions on one tracker's heartbeat: a high-memory job and its
//! reservation, waiting for locality by missed scheduling opportunities, and the limits on
//! tasks per heartbeat; and admission with lazy initialisation.

use super::super::Difficulty;
use super::super::answer::{Answer, Form};
use super::super::situation::{Draw, Moment, Posed};
use super::capacity::{
    Flavour, decision, first_job_question, first_lookup, first_map_choice, job_lines, job_options, scenario,
    sched_before, standing_line,
};
use super::{Kind, bi, header, input_lines, inputs_shown, maps, secs};
use crate::model::RunState;
use crate::model::{JobId, TaskType};
use crate::sched::capacity::decision::{JobVerdict, LookupResult, PhaseStop, ReservationStep};
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
    prompt.extend(l.order.iter().map(standing_line));
    prompt.extend(job_lines(m));
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
                Some("node") if job.num_scheduling_opportunities > 0 => (0, 2),
                Some("rack") if job.num_scheduling_opportunities > 0 => (1, 2),
                Some("off-switch") => (2, 1),
                _ => return None,
            }
        }
        _ => return None,
    };
    let trackers = m.before.cluster.trackers.len();
    // scheduleOffSwitch reads the maps not finished when the scheduler runs: after this
    // heartbeat's reports (a map reported finished here no longer counts).
    let reported = m
        .rec
        .reported
        .iter()
        .filter(|x| {
            x.outcome == crate::model::cluster::AttemptEnd::Succeeded
                && x.attempt.job == v.job
                && x.attempt.kind == TaskType::Map
        })
        .count() as u32;
    let left = job.desired_maps() - job.finished_maps - reported.min(job.desired_maps() - job.finished_maps);
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
    if given == 0 {
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
    prompt.extend(l.order.iter().map(standing_line));
    prompt.extend(job_lines(m));
    prompt.extend(input_lines(m.before, &m.rec.tracker));
    prompt.push(bi(
        format!("How many maps does {} get on this heartbeat?", m.rec.tracker),
        format!("本次心跳 {} 得到几个 map？", m.rec.tracker),
    ));
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

fn admission_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { queues: (1, 2), admission: true, ..Default::default() })
}

/// `capacity.admission`: jobs wait in PREP until the poller initialises them within the
/// per-user limit of initialised tasks; only initialised jobs are offered slots.
fn admission(m: &Moment) -> Option<Posed> {
    let c = sched_before(m)?;
    let d = decision(m)?;
    first_lookup(d)?;
    let prep: Vec<u32> = m.before.cluster.jobs.values().filter(|j| j.state == RunState::Prep).map(|j| j.id.0).collect();
    if prep.is_empty() {
        return None;
    }
    let first = maps(m.rec).first().map(|a| a.job);
    let (ids, options) = job_options(m);
    let mut prompt = header(m);
    prompt.push(bi(
        format!("The initialisation poller runs every second; its next pass is at {}.", secs(c.next_poll)),
        format!("作业初始化线程每秒运行一次；下一次在 {}。", secs(c.next_poll)),
    ));
    for q in c.queues.values() {
        let users: Vec<String> = q.users.iter().map(|(u, i)| format!("{u} {}", i.active_tasks)).collect();
        prompt.push(bi(
            format!(
                "Queue {}: at most {} initialised tasks per user (maximum-initialized-active-tasks-per-user); initialised tasks now: {}.",
                q.name,
                q.conf.max_active_tasks_per_user,
                users.join(", ")
            ),
            format!(
                "队列 {}：每个用户最多 {} 个已初始化任务（maximum-initialized-active-tasks-per-user）；当前已初始化任务：{}。",
                q.name,
                q.conf.max_active_tasks_per_user,
                users.join("，")
            ),
        ));
    }
    prompt.extend(job_lines(m));
    prompt.push(first_job_question(m));
    Some(Posed {
        category: u8::from(first.is_some_and(|j| prep.contains(&j))),
        prompt,
        form: Form::Choose { options },
        expected: Answer::Choice(first_map_choice(m, &ids)?),
        focus_job: first,
        focus_queue: None,
    })
}

pub static ADMISSION: Kind = Kind {
    id: "capacity.admission",
    concept: "capacity.admission",
    scenario: admission_scenario,
    pose: admission,
    categories: 2,
};
