//! Fair Scheduler questions on delay scheduling (`getAllowedLocalityLevel`): the level a job
//! is allowed from its last level and the time it has waited, and the starvation override.

use super::answer::{Answer, Form};
use super::difficulty::Difficulty;
use super::fair::{Flavour, decision, scenario};
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, input_lines, secs};
use crate::lesson::Bi;
use crate::model::JobId;
use crate::sched::Scheduler;
use crate::sched::fair::FairScheduler;
use crate::sched::fair::decision::JobVisit;
use crate::sched::fair::delay::{LevelReason, LocalityLevel, level_by_wait};
use serde_json::Value;

const LEVELS: [LocalityLevel; 3] = [LocalityLevel::Node, LocalityLevel::Rack, LocalityLevel::Any];

fn level_options() -> Form {
    Form::Choose { options: LEVELS.iter().map(|l| bi(l.as_str(), l.as_str())).collect() }
}

fn fair_before<'a>(m: &'a Moment) -> Option<&'a FairScheduler> {
    match &m.before.scheduler {
        Scheduler::Fair(f) => Some(f),
        _ => None,
    }
}

/// The visits for a map that `getAllowedLocalityLevel` answered, first visit of each job.
fn level_visits<'a>(m: &'a Moment) -> Vec<&'a JobVisit> {
    let Some(d) = decision(m) else { return Vec::new() };
    let mut seen = Vec::new();
    let mut out = Vec::new();
    for v in
        d.turns.iter().filter(|t| t.kind == crate::model::TaskType::Map).flat_map(|t| &t.visits).flat_map(|p| &p.jobs)
    {
        if v.allowed.is_some() && !seen.contains(&v.job) {
            seen.push(v.job);
            out.push(v);
        }
    }
    out
}

/// What the student needs to work out a job's level: the delays, its last level, its wait
/// at the end of the previous heartbeat and whether it was skipped there.
fn wait_givens(m: &Moment, f: &FairScheduler, job: u32) -> Option<Vec<Bi>> {
    let info = f.infos.get(&JobId(job))?;
    let dl = &info.delay;
    let mut out = vec![bi(
        format!(
            "Delay scheduling: node locality delay {} ms, rack locality delay {} ms.",
            f.delays.node, f.delays.rack
        ),
        format!("延迟调度：nodeLocalityDelay 为 {} ms，rackLocalityDelay 为 {} ms。", f.delays.node, f.delays.rack),
    )];
    let level = dl.last_map_locality_level.as_str();
    out.push(bi(
        format!(
            "J{job}'s lastMapLocalityLevel is {level} (the level of its last launched map; NODE before its first)."
        ),
        format!("J{job} 的 lastMapLocalityLevel 为 {level}（其上一个启动的 map 的级别；尚未启动过 map 时为 NODE）。"),
    ));
    match m.prev {
        Some(p) => {
            let (en, zh) = if dl.skipped_at_last_heartbeat {
                (
                    "and it was skipped there (offered a slot, launched nothing)",
                    "并且在那次心跳中被跳过（得到机会但没有启动任务）",
                )
            } else {
                ("and it was not skipped there", "在那次心跳中没有被跳过")
            };
            out.push(bi(
                format!(
                    "At the end of the previous heartbeat ({} at {}) J{job} had waited {} ms for a local map, {en}.",
                    p.tracker,
                    secs(p.time_ms),
                    dl.time_waited_for_local_map
                ),
                format!(
                    "上一次心跳（{}，{}）结束时，J{job} 已为本地 map 等待 {} ms，{zh}。",
                    p.tracker,
                    secs(p.time_ms),
                    dl.time_waited_for_local_map
                ),
            ));
        }
        None => out.push(bi("This is the first heartbeat of the run.", "这是本次运行的第一次心跳。")),
    }
    Some(out)
}

fn question(job: u32) -> Bi {
    bi(
        format!("Which locality level is J{job} allowed on this heartbeat?"),
        format!("本次心跳 J{job} 被允许的本地性级别是什么？"),
    )
}

fn delay_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let node = draw.range(1, 6) * 500;
    let rack = draw.range(1, 6) * 500;
    let pools = if d == Difficulty::Easy { (1, 1) } else { (1, 2) };
    scenario(draw, d, Flavour { pools, concentrate: true, delays: Some((node, rack)), ..Default::default() })
}

/// `fair.delay`: the level `getAllowedLocalityLevel` gives a job from its wait.
fn allowed_level(m: &Moment) -> Option<Posed> {
    let f = fair_before(m)?;
    let visits: Vec<&JobVisit> = level_visits(m)
        .into_iter()
        .filter(|v| v.allowed.as_ref().is_some_and(|a| a.reason == LevelReason::Waited))
        .collect();
    let v = visits.iter().find(|v| v.allowed.as_ref().is_some_and(|a| a.level != a.last_level)).or(visits.first())?;
    let a = v.allowed.as_ref()?;
    let category = match (a.last_level, a.level) {
        (LocalityLevel::Node, LocalityLevel::Node) => 0,
        (l, n) if l != n => 1,
        _ => 2,
    };
    let mut prompt = header(m);
    prompt.extend(wait_givens(m, f, v.job)?);
    prompt
        .push(bi("No pool is starved (no preemption timeouts are set).", "没有资源池处于饥饿状态（未设置抢占超时）。"));
    prompt.extend(input_lines(m.before, &m.rec.tracker));
    prompt.push(question(v.job));
    Some(Posed {
        category,
        prompt,
        form: level_options(),
        expected: Answer::Choice(LEVELS.iter().position(|l| *l == a.level)?),
        focus_job: Some(v.job),
        focus_queue: None,
    })
}

pub static ALLOWED_LEVEL: Kind = Kind {
    id: "fair.allowed_level",
    concept: "fair.delay",
    scenario: delay_scenario,
    pose: allowed_level,
    categories: 3,
};

fn starvation_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let node = draw.range(10, 30) * 1000;
    let pools = if d == Difficulty::Hard { (2, 3) } else { (2, 2) };
    let f = Flavour {
        pools,
        concentrate: true,
        delays: Some((node, node)),
        starving_pool: true,
        map_slots: (1, 2),
        ..Default::default()
    };
    // Preemption in log-only mode: nothing is killed, but the starvation timestamps are kept
    // (with preemption off they stay at the pool's creation, `docs/hadoop/fair.md` §F1).
    let mut v = scenario(draw, d, f);
    v["fair"]["properties"]["preemption"] = serde_json::json!(true);
    v["fair"]["properties"]["preemption_only_log"] = serde_json::json!(true);
    v
}

/// `fair.starvation`: a job of a pool below its min share; past the pool's min-share timeout
/// delay scheduling is skipped (ANY), before it the wait decides.
fn starved_level(m: &Moment) -> Option<Posed> {
    let f = fair_before(m)?;
    let d = decision(m)?;
    for v in level_visits(m) {
        let a = v.allowed.as_ref()?;
        let info = f.infos.get(&JobId(v.job))?;
        let pool = &f.pm.pools[f.pm.find(&info.pool)?];
        let timeout = f.pm.min_share_timeout(&pool.name);
        let min = f.pm.min_share(&pool.name, crate::model::TaskType::Map);
        let line = d.turns.iter().flat_map(|t| &t.order).find(|p| p.pool == pool.name)?;
        if min == 0 || pool.map.demand == 0 || timeout == crate::sched::fair::pools::NO_TIMEOUT {
            continue;
        }
        let category = match &a.reason {
            LevelReason::Starved { .. } if level_by_wait(a.last_level, a.waited_ms, &f.delays) != a.level => 0,
            LevelReason::Waited if line.needy => 1,
            _ => continue,
        };
        let mut prompt = header(m);
        prompt.extend(wait_givens(m, f, v.job)?);
        prompt.push(bi(
            format!(
                "J{} is in pool {}: min share {} maps, demand {}, running {} at this heartbeat; the pool was last at its min share at {}; its min share preemption timeout is {} s. No fair share preemption timeout is set; preemption runs in log-only mode (it kills nothing but keeps the starvation times).",
                v.job,
                pool.name,
                min,
                pool.map.demand,
                line.running,
                secs(pool.map.last_time_at_min_share),
                timeout / 1000
            ),
            format!(
                "J{} 属于资源池 {}：最小份额 {} 个 map，需求 {}，本次心跳时运行 {} 个；该池上一次达到最小份额是在 {}；其最小份额抢占超时为 {} 秒。未设置公平份额抢占超时；抢占以仅记录日志模式运行（不杀任务，但更新饥饿时间）。",
                v.job,
                pool.name,
                min,
                pool.map.demand,
                line.running,
                secs(pool.map.last_time_at_min_share),
                timeout / 1000
            ),
        ));
        prompt.extend(input_lines(m.before, &m.rec.tracker));
        prompt.push(question(v.job));
        return Some(Posed {
            category,
            prompt,
            form: level_options(),
            expected: Answer::Choice(LEVELS.iter().position(|l| *l == a.level)?),
            focus_job: Some(v.job),
            focus_queue: None,
        });
    }
    None
}

pub static STARVED_LEVEL: Kind = Kind {
    id: "fair.starved_level",
    concept: "fair.starvation",
    scenario: starvation_scenario,
    pose: starved_level,
    categories: 2,
};
