//! Fair Scheduler questions on preemption: which running maps the update thread kills for a
//! starved pool.

use super::answer::{Answer, Form, Pickable, Token};
use super::difficulty::Difficulty;
use super::fair::{Flavour, decision, scenario};
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, secs};
use crate::model::{AttemptId, JobId, Millis, TaskType};
use crate::sched::Scheduler;
use serde_json::Value;

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
