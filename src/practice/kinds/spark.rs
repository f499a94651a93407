//! Spark questions (issue 27; `docs/spark.md`): the shared pieces of the delay-scheduling
//! kinds. Random small automatic-mode applications (executors on hosts, with a rack resolver
//! or without one as in standalone Spark, one or two stages whose tasks prefer hosts, cached
//! executors or nothing), and the lines that tell the student what
//! `TaskSchedulerImpl.resourceOffers` and `TaskSetManager.getAllowedLocalityLevel` read: the
//! round, the offers in the order every pass walks them, a task set's valid levels and waits,
//! its current level and timer, and which levels still have tasks to launch.

use super::difficulty::Difficulty;
use super::moment::{Draw, Moment};
use super::{bi, secs};
use crate::lesson::Bi;
use crate::sched::Scheduler;
use crate::sched::decision::Decision;
use crate::sched::spark::SparkScheduler;
use crate::sched::spark::decision::{Ask, RoundKind, SparkDecision};
use crate::sched::spark::locality::{TaskLocality, TaskLocation};
use crate::sched::spark::task_set::TaskSetManager;
use crate::sim::Engine;
use serde_json::{Value, json};

fn spark_of(e: &Engine) -> Option<&SparkScheduler> {
    match &e.scheduler {
        Scheduler::Spark(s) => Some(s),
        _ => None,
    }
}

/// A task that finished just before the round: (task set, index, executor).
pub type Ended = (String, usize, String);

/// The scheduler as the round finds it: the state the stage shows with the tasks that ended
/// just before the round (a completion round: `statusUpdate` then `makeOffers(executorId)`)
/// marked succeeded, and those tasks. `None` if a stage was submitted or an executor came or
/// went since the stage's moment: the student would not see it.
pub fn at_round(m: &Moment) -> Option<(SparkScheduler, Vec<Ended>)> {
    let (before, after) = (spark_of(m.before)?, spark_of(m.after)?);
    let ids = |s: &SparkScheduler| s.executors.ids().map(|(id, _)| id.clone()).collect::<Vec<_>>();
    if before.task_sets.len() != after.task_sets.len() || ids(before) != ids(after) {
        return None;
    }
    let mut s = before.clone();
    let mut ended = Vec::new();
    for (t, (b, a)) in before.task_sets.iter().zip(&after.task_sets).enumerate() {
        for (i, (x, y)) in b.tasks.iter().zip(&a.tasks).enumerate() {
            if y.successful && !x.successful {
                let exec = x.running_on.first()?.0.clone();
                s.finish_task(t, i).ok()?;
                ended.push((b.name(), i, exec));
            }
        }
    }
    Some((s, ended))
}

/// "Just before the round, task 2 of TaskSet_0.0 finished on exec1."
pub fn ended_lines(ended: &[Ended]) -> Vec<Bi> {
    ended
        .iter()
        .map(|(t, i, e)| {
            bi(
                format!("Just before the round, task {i} of {t} finished on {e}: its core is free again."),
                format!("本轮开始前，{t} 的任务 {i} 在 {e} 上完成：它的核已空出。"),
            )
        })
        .collect()
}

/// The round's decision record.
pub fn decision<'a>(m: &'a Moment) -> Option<&'a SparkDecision> {
    match &m.rec.decision {
        Decision::Spark(d) => Some(d),
        _ => None,
    }
}

/// A random application for `d`: easy 2 hosts, no rack resolver, one stage of host
/// preferences; medium 3 hosts, sometimes two racks, cached executors and tasks without a
/// preference, an executor that registers late; hard 3–4 hosts, usually two racks, a second
/// executor on a host, per-level waits and a second stage. Waits 0–3 s, both reset modes.
pub fn scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let hosts = match d {
        Difficulty::Easy => 2,
        Difficulty::Medium => 3,
        Difficulty::Hard => draw.range(3, 4),
    } as usize;
    let host = |i: usize| format!("host{}", i + 1);
    let with_racks = match d {
        Difficulty::Easy => false,
        Difficulty::Medium => draw.chance(50),
        Difficulty::Hard => draw.chance(75),
    };
    let mut executors: Vec<(String, String)> = (0..hosts).map(|i| (format!("exec{}", i + 1), host(i))).collect();
    if d == Difficulty::Hard && draw.chance(50) {
        executors.push((format!("exec{}", hosts + 1), host(0)));
    }
    let late =
        if d != Difficulty::Easy && draw.chance(40) { Some(draw.range(0, executors.len() as i64 - 1)) } else { None };
    let exec_values: Vec<Value> = executors
        .iter()
        .enumerate()
        .map(|(i, (e, h))| {
            let mut v = json!({"executor": e, "host": h, "cores": draw.range(1, 2)});
            if late == Some(i as i64) {
                v["add_ms"] = json!(draw.range(1, 6) * 500);
            }
            v
        })
        .collect();
    // Preferences lean on the first hosts, so waiting for them matters.
    let hot = draw.range(1, 2.min(hosts as i64)) as usize;
    let location = |draw: &mut Draw| -> Value {
        let h = if draw.chance(70) { draw.range(0, hot as i64 - 1) } else { draw.range(0, hosts as i64 - 1) } as usize;
        let cached = d != Difficulty::Easy && draw.chance(25);
        match executors.iter().find(|(_, x)| *x == host(h)) {
            Some((e, x)) if cached => json!(format!("executor_{x}_{e}")),
            _ => json!(host(h)),
        }
    };
    let stage_count = if d == Difficulty::Hard && draw.chance(50) { 2 } else { 1 };
    let mut stages = Vec::new();
    for s in 0..stage_count {
        let count = match d {
            Difficulty::Easy => draw.range(3, 5),
            _ => draw.range(3, 6),
        };
        let mut tasks = Vec::new();
        let mut durations = Vec::new();
        for _ in 0..count {
            let prefs: Vec<Value> = if d != Difficulty::Easy && draw.chance(15) {
                Vec::new()
            } else if draw.chance(25) {
                let a = location(draw);
                let b = location(draw);
                if a == b { vec![a] } else { vec![a, b] }
            } else {
                vec![location(draw)]
            };
            tasks.push(Value::Array(prefs));
            durations.push(draw.range(2, 8) * 500);
        }
        let submit = if s == 0 { draw.range(0, 1) * 500 } else { draw.range(2, 6) * 500 };
        stages.push(json!({"stage": s, "submit_ms": submit, "tasks": tasks, "duration_ms": durations}));
    }
    let wait = |draw: &mut Draw| format!("{}ms", draw.range(0, 6) * 500);
    let mut config = json!({
        "spark.locality.wait": wait(draw),
        "spark.locality.wait.legacyResetOnTaskLaunch": draw.chance(50),
    });
    if d == Difficulty::Hard {
        for key in ["spark.locality.wait.process", "spark.locality.wait.node", "spark.locality.wait.rack"] {
            if draw.chance(50) {
                config[key] = json!(wait(draw));
            }
        }
    }
    let mut spark = json!({"executors": exec_values, "stages": stages});
    if with_racks {
        let racks: serde_json::Map<String, Value> =
            (0..hosts).map(|i| (host(i), json!(if i < hosts.div_ceil(2) { "rack1" } else { "rack2" }))).collect();
        spark["racks"] = Value::Object(racks);
    }
    let seed = draw.u64() % 1_000_000_007;
    json!({
        "version": 1,
        "id": format!("practice-spark-{seed}"),
        "title": {"en": "Practice", "zh": "练习"},
        "scheduler": "spark",
        "seed": seed,
        "config": config,
        "spark": spark,
    })
}

/// The round: when, and full or one executor's.
pub fn round_line(m: &Moment, d: &SparkDecision) -> Bi {
    let (hb, t) = (m.rec.hb, secs(m.rec.time_ms));
    match (d.round, &d.offers[..]) {
        (RoundKind::Partial, [one]) => bi(
            format!("Round {hb} at {t}: a round of {e} alone (makeOffers({e})).", e = one.executor),
            format!("第 {hb} 轮，时间 {t}：只有 {e} 的一轮（makeOffers({e})）。", e = one.executor),
        ),
        _ => bi(
            format!("Round {hb} at {t}: a full round (makeOffers(): every executor with its free cores)."),
            format!("第 {hb} 轮，时间 {t}：完整的一轮（makeOffers()：每个 executor 及其空闲核数）。"),
        ),
    }
}

/// Where the executors are, and the rack of every host an executor or a task names (or no
/// rack resolver).
pub fn executor_lines(s: &SparkScheduler) -> Vec<Bi> {
    let ex = &s.executors;
    let en: Vec<String> = ex.ids().map(|(id, e)| format!("{id} on {}", e.host)).collect();
    let zh: Vec<String> = ex.ids().map(|(id, e)| format!("{id} 在 {}", e.host)).collect();
    let mut out = vec![bi(format!("Executors: {}.", en.join(", ")), format!("Executor：{}。", zh.join("，")))];
    if !ex.has_rack_resolver() {
        out.push(bi(
            "No rack resolver (standalone Spark): no host has a rack; RACK_LOCAL is never valid.",
            "没有机架解析（standalone Spark）：主机都没有机架；RACK_LOCAL 永远无效。",
        ));
        return out;
    }
    let mut hosts: Vec<&str> = ex.ids().map(|(_, e)| e.host.as_str()).collect();
    hosts.extend(s.task_sets.iter().flat_map(|t| &t.tasks).flat_map(|x| &x.locations).map(|l| l.host()));
    hosts.sort_unstable();
    hosts.dedup();
    let racks: Vec<String> = hosts.iter().filter_map(|h| ex.rack_for_host(h).map(|r| format!("{h} {r}"))).collect();
    out.push(bi(
        format!("Racks (from the rack resolver): {}.", racks.join(", ")),
        format!("机架（由机架解析得出）：{}。", racks.join("，")),
    ));
    out
}

/// The offers in the order every pass walks them, with their free cores.
pub fn offers_line(d: &SparkDecision) -> Bi {
    let core = |n: u32| if n == 1 { "core" } else { "cores" };
    let en: Vec<String> = d
        .offers
        .iter()
        .map(|o| format!("{} on {} with {} free {}", o.executor, o.host, o.cores, core(o.cores)))
        .collect();
    let zh: Vec<String> = d.offers.iter().map(|o| format!("{}（{}）空闲 {} 核", o.executor, o.host, o.cores)).collect();
    bi(
        format!("Offers, in the order every pass walks them (a task takes 1 core): {}.", en.join("; ")),
        format!("各 offer，按每一遍扫描的顺序（每个任务占 1 核）：{}。", zh.join("；")),
    )
}

/// A task set's valid levels with their waits (`myLocalityLevels`, `localityWaits`).
pub fn levels_line(t: &TaskSetManager) -> Bi {
    let last = t.levels.len() - 1;
    let en: Vec<String> = (0..t.levels.len())
        .map(|k| match k == last {
            true => t.levels[k].as_str().to_string(),
            false => format!("{} (wait {})", t.levels[k].as_str(), secs(t.waits[k])),
        })
        .collect();
    let zh: Vec<String> = (0..t.levels.len())
        .map(|k| match k == last {
            true => t.levels[k].as_str().to_string(),
            false => format!("{}（等待 {}）", t.levels[k].as_str(), secs(t.waits[k])),
        })
        .collect();
    bi(
        format!("{}'s valid levels, most local first: {}.", t.name(), en.join(", ")),
        format!("{} 的有效本地性级别（从最本地开始）：{}。", t.name(), zh.join("，")),
    )
}

/// Whether a task still to launch prefers something at `level`, as the task set's lists show
/// it: an executor's cache (PROCESS_LOCAL), any host (NODE_LOCAL), nothing (NO_PREF), a host
/// with a rack (RACK_LOCAL).
pub fn waiting_at(s: &SparkScheduler, t: &TaskSetManager, level: TaskLocality) -> bool {
    t.tasks.iter().filter(|x| x.copies_running == 0 && !x.successful).any(|x| match level {
        TaskLocality::ProcessLocal => x.locations.iter().any(|l| matches!(l, TaskLocation::ExecutorCache { .. })),
        TaskLocality::NodeLocal => !x.locations.is_empty(),
        TaskLocality::NoPref => x.locations.is_empty(),
        TaskLocality::RackLocal => x.locations.iter().any(|l| s.executors.rack_for_host(l.host()).is_some()),
        TaskLocality::Any => true,
    })
}

/// What `getAllowedLocalityLevel` reads: the current level, the timer, and for each level
/// from the current one up to the last whether tasks still wait there. `None` if the lists
/// (cleaned lazily: a stale no-preference entry counts for Spark) say otherwise than the tasks.
pub fn clock_lines(s: &SparkScheduler, t: &TaskSetManager) -> Option<Vec<Bi>> {
    let mut probe = t.clone();
    let mut en = Vec::new();
    let mut zh = Vec::new();
    for &level in &t.levels[t.current_index..t.levels.len() - 1] {
        let more = waiting_at(s, t, level);
        if probe.more_tasks_at(level) != more {
            return None;
        }
        en.push(format!("{} {}", level.as_str(), if more { "yes" } else { "no" }));
        zh.push(format!("{} {}", level.as_str(), if more { "有" } else { "没有" }));
    }
    let name = t.name();
    let mut out = vec![bi(
        format!(
            "{name}'s current level is {}; its wait timer counts from {} (lastLocalityWaitResetTime).",
            t.current_level().as_str(),
            secs(t.last_reset)
        ),
        format!(
            "{name} 当前的本地性级别为 {}；其等待计时从 {} 开始（lastLocalityWaitResetTime）。",
            t.current_level().as_str(),
            secs(t.last_reset)
        ),
    )];
    if !en.is_empty() {
        out.push(bi(
            format!("Tasks of {name} still to launch, by level from the current one: {}.", en.join(", ")),
            format!("{name} 从当前级别起各级别是否还有待启动的任务：{}。", zh.join("，")),
        ));
    }
    Some(out)
}

/// The task set's tasks still to launch and what each prefers.
pub fn tasks_line(t: &TaskSetManager) -> Bi {
    let (mut en, mut zh) = (Vec::new(), Vec::new());
    for (i, x) in t.tasks.iter().enumerate().filter(|(_, x)| x.copies_running == 0 && !x.successful) {
        if x.locations.is_empty() {
            en.push(format!("task {i} has no preference"));
            zh.push(format!("任务 {i} 没有偏好"));
            continue;
        }
        let locs: Vec<String> = x
            .locations
            .iter()
            .map(|l| match l {
                TaskLocation::ExecutorCache { host, executor } => format!("executor {executor} ({host})"),
                other => other.host().to_string(),
            })
            .collect();
        en.push(format!("task {i} prefers {}", locs.join(", ")));
        zh.push(format!("任务 {i} 偏好 {}", locs.join("、")));
    }
    let cached = t
        .tasks
        .iter()
        .filter(|x| x.copies_running == 0 && !x.successful)
        .flat_map(|x| &x.locations)
        .any(|l| matches!(l, TaskLocation::ExecutorCache { .. }));
    let (note_en, note_zh) = match cached {
        true => (
            " (\"executor E (H)\": cached in E; PROCESS_LOCAL on E, NODE_LOCAL on H)",
            "（“executor E (H)”：缓存在 E 中；在 E 上为 PROCESS_LOCAL，在 H 上为 NODE_LOCAL）",
        ),
        false => ("", ""),
    };
    bi(
        format!("{}'s tasks still to launch: {}{note_en}.", t.name(), en.join("; ")),
        format!("{} 待启动的任务：{}{note_zh}。", t.name(), zh.join("；")),
    )
}

/// The first `resourceOffer` call a task set gets in the round, if any.
pub fn first_ask<'a>(d: &'a SparkDecision, name: &str) -> Option<&'a Ask> {
    d.task_sets.iter().find(|t| t.task_set == name)?.passes.first()?.asks.first()
}

/// The task set manager of `name` before the round.
pub fn manager<'a>(s: &'a SparkScheduler, name: &str) -> Option<&'a TaskSetManager> {
    s.task_sets.iter().find(|t| t.name() == name)
}

/// A task set has a task still to launch.
pub fn has_waiting(t: &TaskSetManager) -> bool {
    t.tasks.iter().any(|x| x.copies_running == 0 && !x.successful)
}
