//! Fair Scheduler questions on how many maps one heartbeat gives (`assignmultiple`,
//! `maxTasksToAssign`, `CapBasedLoadManager`) and which tasks preemption kills.

use super::super::Difficulty;
use super::super::answer::{Answer, Form, Pickable, Token};
use super::super::situation::{Draw, Moment, Posed};
use super::fair::{Flavour, decision, scenario};
use super::{Kind, bi, header, maps, secs};
use crate::model::{AttemptId, JobId, Millis, TaskType};
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
    prompt.push(bi(
        format!("How many maps does {} get on this heartbeat?", m.rec.tracker),
        format!("本次心跳 {} 得到几个 map？", m.rec.tracker),
    ));
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

fn preemption_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let pools = if d == Difficulty::Hard { (2, 3) } else { (2, 2) };
    let f = Flavour {
        pools,
        preemption: true,
        starving_pool: true,
        map_slots: (1, 2),
        input_everywhere: true,
        one_map_per_heartbeat: true,
        ..Default::default()
    };
    scenario(draw, d, f)
}

/// `fair.preemption`: the running maps the update thread kills before this heartbeat.
fn preempted(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let Scheduler::Fair(f) = &m.before.scheduler else { return None };
    let checks: Vec<_> = d.preemptions.iter().filter(|c| c.kind == "map" && !c.only_log).collect();
    if checks.len() != 1 || checks[0].killed.is_empty() || d.jobs_total != f.infos.len() {
        return None;
    }
    let check = checks[0];
    let mut candidates: Vec<Pickable> = Vec::new();
    for t in &m.before.cluster.trackers {
        for r in t.running.iter().filter(|r| r.attempt.kind == TaskType::Map) {
            let pool = f.infos.get(&JobId(r.attempt.job)).map(|i| i.pool.clone()).unwrap_or_default();
            let (a, tr, start) = (r.attempt, t.name.clone(), secs(r.launch_time));
            candidates.push(Pickable {
                label: bi(
                    format!("{a} on {tr} (pool {pool}, started {start})"),
                    format!("{tr} 上的 {a}（资源池 {pool}，{start} 启动）"),
                ),
                token: Token::Attempt { attempt: a, tracker: tr },
            });
        }
    }
    // Hadoop's `preemptTasks` orders the candidates by start time only: when a killed attempt
    // started at the same moment as a spared one, which of them dies is the order of Hadoop's
    // lists, which no fact shows. Such a check is not asked about (docs/practice.md).
    let started = |a: AttemptId| candidates_start(m, a);
    let killed: Vec<AttemptId> = check.killed.iter().map(|k| k.attempt).collect();
    let spared = candidates.iter().filter_map(|c| match &c.token {
        Token::Attempt { attempt, .. } if !killed.contains(attempt) => Some(*attempt),
        _ => None,
    });
    let starts: Vec<_> = killed.iter().map(|a| started(*a)).collect();
    if spared.clone().any(|a| starts.contains(&started(a))) {
        return None;
    }
    let expected: Vec<usize> = check
        .killed
        .iter()
        .map(|k| {
            candidates.iter().position(|c| matches!(&c.token, Token::Attempt { attempt, .. } if *attempt == k.attempt))
        })
        .collect::<Option<_>>()?;
    let mut prompt = vec![bi(
        format!(
            "Preemption is on. Before heartbeat {} ({} at {}), the update thread checks for preemption at {}.",
            m.rec.hb,
            m.rec.tracker,
            secs(m.rec.time_ms),
            secs(check.time_ms)
        ),
        format!(
            "抢占已开启。第 {} 次心跳（{}，{}）之前，更新线程在 {} 检查是否需要抢占。",
            m.rec.hb,
            m.rec.tracker,
            secs(m.rec.time_ms),
            secs(check.time_ms)
        ),
    )];
    for (pi, p) in f.pm.pools.iter().enumerate() {
        if p.map.demand == 0 && f.pool_running(&m.before.cluster, pi, TaskType::Map) == 0 {
            continue;
        }
        let running = f.pool_running(&m.before.cluster, pi, TaskType::Map);
        let min = f.pm.min_share(&p.name, TaskType::Map);
        let timeout = f.pm.min_share_timeout(&p.name);
        let timeout = if timeout == crate::sched::fair::pools::NO_TIMEOUT {
            ("none".to_string(), "无".to_string())
        } else {
            (format!("{} s", timeout / 1000), format!("{} 秒", timeout / 1000))
        };
        prompt.push(bi(
            format!(
                "Pool {}: min share {min} maps, demand {}, runs {running}, fair share {:.2}; last at its min share at {}; min share preemption timeout {}.",
                p.name,
                p.map.demand,
                p.map.fair_share,
                secs(p.map.last_time_at_min_share),
                timeout.0
            ),
            format!(
                "资源池 {}：最小份额 {min} 个 map，需求 {}，运行 {running} 个，公平份额 {:.2}；上一次达到最小份额在 {}；最小份额抢占超时 {}。",
                p.name,
                p.map.demand,
                p.map.fair_share,
                secs(p.map.last_time_at_min_share),
                timeout.1
            ),
        ));
    }
    if f.pm.fair_share_timeout() == crate::sched::fair::pools::NO_TIMEOUT {
        prompt.push(bi(
            "No fair share preemption timeout is set: only min shares are owed.",
            "未设置公平份额抢占超时：只按最小份额抢占。",
        ));
    }
    prompt.push(bi(
        "Every map's input has a replica on every node, so every map runs node-local.",
        "每个 map 的输入在每个节点上都有副本，所以每个 map 都是节点本地运行。",
    ));
    prompt.push(bi("Which running maps does the check kill?", "这次检查会杀死哪些正在运行的 map？"));
    Some(Posed {
        category: 0,
        prompt,
        form: Form::Pick { max: candidates.len(), candidates, ordered: false, repeat: false },
        expected: Answer::Picks(expected),
        focus_job: check.killed.first().map(|k| k.attempt.job),
        focus_queue: None,
    })
}

pub static PREEMPTED: Kind = Kind {
    id: "fair.preempted",
    concept: "fair.preemption",
    scenario: preemption_scenario,
    pose: preempted,
    categories: 1,
};

/// When a running attempt started (`None` if it is not running before the heartbeat).
fn candidates_start(m: &Moment, a: AttemptId) -> Option<Millis> {
    m.before.cluster.trackers.iter().flat_map(|t| &t.running).find(|r| r.attempt == a).map(|r| r.launch_time)
}
