//! Capacity Scheduler questions on admission and lazy initialisation: jobs wait in PREP until
//! the poller initialises them within the per-user limits.

use super::answer::{Answer, Form};
use super::capacity::{
    Flavour, decision, first_job_question, first_lookup, first_map_choice, job_lines, job_options, scenario,
    sched_before, standing_limits,
};
use super::capacity_walk as walk;
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, maps, secs};
use crate::model::RunState;
use serde_json::Value;

fn admission_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { queues: (1, 2), admission: true, ..Default::default() })
}

/// `capacity.admission`: jobs wait in PREP until the poller initialises them within the
/// per-user limit of initialised tasks; only initialised jobs are offered slots.
fn admission(m: &Moment) -> Option<Posed> {
    let c = sched_before(m)?;
    let d = decision(m)?;
    let l = first_lookup(d)?;
    let prep: Vec<u32> = m.before.cluster.jobs.values().filter(|j| j.state == RunState::Prep).map(|j| j.id.0).collect();
    if prep.is_empty() {
        return None;
    }
    // Every job the poller may initialise before the scheduler runs is one the stage shows.
    if walk::hidden_init(m, l) {
        return None;
    }
    let first = maps(m.rec).first().map(|a| a.job);
    let (ids, options) = job_options(m);
    let mut prompt = header(m);
    prompt.push(bi(
        format!(
            "The initialisation poller runs every second; its next pass is at {}. No job has reduces: a job's tasks are its maps.",
            secs(c.next_poll)
        ),
        format!("作业初始化线程每秒运行一次；下一次在 {}。作业都没有 reduce：作业的任务数即其 map 数。", secs(c.next_poll)),
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
    // The queue order and the user limits decide among the initialised jobs.
    prompt.extend(l.order.iter().map(|q| standing_limits(m, q)));
    prompt.extend(walk::tie_line(l));
    prompt.extend(job_lines(m));
    prompt.extend(walk::locality_lines(m));
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
