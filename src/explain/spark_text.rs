//! A Spark offer round (`sched::spark::decision`) in English and Simplified Chinese: the
//! offers in order, each task set's ladder of passes, each `resourceOffer` call with the
//! level `getAllowedLocalityLevel` allowed and why lower levels were passed, the launch or the
//! reject, and the delay timer's reset. Spark's level names are kept as they are.

use super::HeartbeatRecord;
use crate::i18n::Lang;
use crate::sched::spark::conf::OfferOrder;
use crate::sched::spark::decision::{
    Ask, LevelStep, LevelWhy, Refused, ResetOutcome, RoundKind, SparkDecision, TaskSetTurn,
};
use crate::sched::spark::locality::TaskLocality;

fn secs(ms: i64) -> String {
    format!("{:.1} s", ms as f64 / 1000.0)
}

fn levels(ls: &[TaskLocality]) -> String {
    format!("[{}]", ls.iter().map(|l| l.as_str()).collect::<Vec<_>>().join(", "))
}

/// All lines for one round.
pub fn render(r: &HeartbeatRecord, d: &SparkDecision, lang: Lang) -> Vec<String> {
    let t = secs(r.time_ms);
    let offers: Vec<String> = d
        .offers
        .iter()
        .map(|o| match lang {
            Lang::En => {
                format!("{}@{} ({} free core{})", o.executor, o.host, o.cores, if o.cores == 1 { "" } else { "s" })
            }
            Lang::Zh => format!("{}@{}（{} 个空闲核）", o.executor, o.host, o.cores),
        })
        .collect();
    let order = match (d.offer_order, lang) {
        (OfferOrder::Identity, Lang::En) => "in the order listed (identity shuffle, as Spark's tests)",
        (OfferOrder::Seeded, Lang::En) => "in this project's seeded shuffle order",
        (OfferOrder::Identity, Lang::Zh) => "按列出的顺序（恒等洗牌，与 Spark 单元测试相同）",
        (OfferOrder::Seeded, Lang::Zh) => "按本项目的带种子洗牌顺序",
    };
    let mut out = vec![match (d.round, lang) {
        (RoundKind::Full, Lang::En) => format!(
            "Round {} at {t}: a full offer round (makeOffers(), isAllFreeResources = true), offers {order}: {}.",
            r.hb,
            offers.join(", ")
        ),
        (RoundKind::Partial, Lang::En) => format!(
            "Round {} at {t}: a partial offer round (isAllFreeResources = false), offers {order}: {}.",
            r.hb,
            offers.join(", ")
        ),
        (RoundKind::Direct, Lang::En) => {
            format!(
                "Call {} at {t}: TaskSetManager.resourceOffer called directly, as Spark's TaskSetManagerSuite does.",
                r.hb
            )
        }
        (RoundKind::Full, Lang::Zh) => format!(
            "第 {} 轮，时间 {t}：完整的资源 offer 轮（makeOffers()，isAllFreeResources = true），offer {order}：{}。",
            r.hb,
            offers.join("，")
        ),
        (RoundKind::Partial, Lang::Zh) => format!(
            "第 {} 轮，时间 {t}：部分资源 offer 轮（isAllFreeResources = false），offer {order}：{}。",
            r.hb,
            offers.join("，")
        ),
        (RoundKind::Direct, Lang::Zh) => {
            format!(
                "第 {} 次调用，时间 {t}：直接调用 TaskSetManager.resourceOffer（如 Spark 的 TaskSetManagerSuite）。",
                r.hb
            )
        }
    }];
    if !d.new_executors.is_empty() {
        out.push(match lang {
            Lang::En => format!(
                "New executors registered: {} (newExecAvail: every task set recomputes its valid levels).",
                d.new_executors.join(", ")
            ),
            Lang::Zh => format!(
                "新注册的 executor：{}（newExecAvail：每个任务集重新计算有效的本地性级别）。",
                d.new_executors.join("，")
            ),
        });
    }
    for c in &d.recomputed {
        out.push(match lang {
            Lang::En => format!(
                "{}: valid levels {} → {}; current level {}.",
                c.task_set,
                levels(&c.before),
                levels(&c.after),
                c.level_after.as_str()
            ),
            Lang::Zh => format!(
                "{}：有效级别 {} → {}；当前级别 {}。",
                c.task_set,
                levels(&c.before),
                levels(&c.after),
                c.level_after.as_str()
            ),
        });
    }
    for turn in &d.task_sets {
        render_turn(turn, lang, &mut out);
    }
    if d.launches.is_empty() {
        out.push(lang.pick("Result: no task launched.", "结果：没有启动任务。").to_string());
    } else {
        let list: Vec<String> = d
            .launches
            .iter()
            .map(|l| match lang {
                Lang::En => format!("{} task {} on {} ({})", l.task_set, l.index, l.executor, l.locality.as_str()),
                Lang::Zh => format!("{} 的任务 {} 在 {}（{}）", l.task_set, l.index, l.executor, l.locality.as_str()),
            })
            .collect();
        out.push(match lang {
            Lang::En => format!("Result: {}.", list.join(", ")),
            Lang::Zh => format!("结果：{}。", list.join("，")),
        });
    }
    out
}

fn render_turn(turn: &TaskSetTurn, lang: Lang, out: &mut Vec<String>) {
    let ladder: Vec<String> = turn
        .levels
        .iter()
        .zip(&turn.waits_ms)
        .map(|(l, w)| if *w > 0 { format!("{} {}", l.as_str(), secs(*w)) } else { l.as_str().to_string() })
        .collect();
    let pool = turn.pool.as_ref().map(|p| match lang {
        Lang::En => format!(", pool {p}"),
        Lang::Zh => format!("，资源池 {p}"),
    });
    out.push(match lang {
        Lang::En => format!("{} (levels and waits: {}{}):", turn.task_set, ladder.join(", "), pool.unwrap_or_default()),
        Lang::Zh => {
            format!("{}（本地性级别与等待：{}{}）：", turn.task_set, ladder.join("，"), pool.unwrap_or_default())
        }
    });
    for pass in &turn.passes {
        for a in &pass.asks {
            out.push(format!("  {}", ask(a, lang)));
        }
        if pass.asks.is_empty() {
            out.push(match lang {
                Lang::En => format!("  maxLocality {}: no offer has cores left.", pass.max_locality.as_str()),
                Lang::Zh => format!("  maxLocality {}：没有 offer 还有空闲核。", pass.max_locality.as_str()),
            });
        }
    }
    if let Some(r) = turn.reset {
        out.push(format!("  {}", reset(r, lang)));
    }
    out.push(match lang {
        Lang::En => format!(
            "  Now at {}, the wait timer counting from {}.",
            turn.level_after.as_str(),
            secs(turn.timer_after_ms)
        ),
        Lang::Zh => {
            format!("  当前级别 {}，等待计时从 {} 算起。", turn.level_after.as_str(), secs(turn.timer_after_ms))
        }
    });
}

fn step(s: &LevelStep, lang: Lang) -> String {
    let (l, w, wait) = (s.level.as_str(), secs(s.waited_ms), secs(s.wait_ms));
    match (s.why, lang) {
        (LevelWhy::NoMoreTasks, Lang::En) => format!("{l} passed: no task left for it (timer restarts now)"),
        (LevelWhy::WaitExpired, Lang::En) => format!("{l} passed: waited {w} ≥ {wait} (timer moves on by {wait})"),
        (LevelWhy::Waiting, Lang::En) => format!("{l} holds: waited {w} < {wait}"),
        (LevelWhy::Last, Lang::En) => format!("{l}, the last level"),
        (LevelWhy::NoMoreTasks, Lang::Zh) => format!("跳过 {l}：没有任务还在等它（计时从现在重新开始）"),
        (LevelWhy::WaitExpired, Lang::Zh) => format!("跳过 {l}：已等 {w} ≥ {wait}（计时前移 {wait}）"),
        (LevelWhy::Waiting, Lang::Zh) => format!("停在 {l}：已等 {w} < {wait}"),
        (LevelWhy::Last, Lang::Zh) => format!("{l}，最后一级"),
    }
}

fn ask(a: &Ask, lang: Lang) -> String {
    let head = format!("maxLocality {}{}{}@{}", a.max_locality.as_str(), lang.pick(", ", "，"), a.executor, a.host);
    if let Some(r) = a.refused {
        return match (r, lang) {
            (Refused::Zombie, Lang::En) => format!("{head}: refused, the task set is a zombie (not a reject)"),
            (Refused::NodeExcluded, Lang::En) => {
                format!("{head}: refused, the host is excluded for this task set (not a reject)")
            }
            (Refused::ExecutorExcluded, Lang::En) => {
                format!("{head}: refused, the executor is excluded for this task set (not a reject)")
            }
            (Refused::ExecutorExcluded, Lang::Zh) => {
                format!("{head}：拒绝，该 executor 已被此任务集排除（不算延迟调度拒绝）")
            }
            (Refused::Zombie, Lang::Zh) => format!("{head}：拒绝，任务集已是 zombie（不算延迟调度拒绝）"),
            (Refused::NodeExcluded, Lang::Zh) => format!("{head}：拒绝，该主机已被此任务集排除（不算延迟调度拒绝）"),
        };
    }
    let clock = if a.ladder.is_empty() {
        lang.pick("the NO_PREF pass does not consult the clock", "NO_PREF 这一轮不看等待计时").to_string()
    } else {
        a.ladder.iter().map(|s| step(s, lang)).collect::<Vec<_>>().join(lang.pick("; ", "；"))
    };
    let outcome = match (&a.launched, a.reject, lang) {
        (Some(l), _, Lang::En) if l.speculative => {
            format!("launched a speculative copy of task {} ({})", l.index, l.locality.as_str())
        }
        (Some(l), _, Lang::Zh) if l.speculative => {
            format!("启动任务 {} 的推测副本（{}）", l.index, l.locality.as_str())
        }
        (Some(l), _, Lang::En) => format!("launched task {} ({})", l.index, l.locality.as_str()),
        (Some(l), _, Lang::Zh) => format!("启动任务 {}（{}）", l.index, l.locality.as_str()),
        (None, true, Lang::En) => "nothing: a delay-schedule reject (tasks are pending)".to_string(),
        (None, true, Lang::Zh) => "没有任务：计为一次延迟调度拒绝（仍有待运行任务）".to_string(),
        (None, false, Lang::En) => "nothing".to_string(),
        (None, false, Lang::Zh) => "没有任务".to_string(),
    };
    let legacy = a.legacy_reset.map(|l| match lang {
        Lang::En => format!("; legacy reset: timer = now, level {}", l.as_str()),
        Lang::Zh => format!("；旧版重置：计时归零，级别回到 {}", l.as_str()),
    });
    match lang {
        Lang::En => {
            format!("{head}: {clock}; allowed {} → {outcome}{}", a.allowed.as_str(), legacy.unwrap_or_default())
        }
        Lang::Zh => format!("{head}：{clock}；允许 {} → {outcome}{}", a.allowed.as_str(), legacy.unwrap_or_default()),
    }
}

fn reset(r: ResetOutcome, lang: Lang) -> String {
    match (r, lang) {
        (ResetOutcome::Legacy, Lang::En) => "Legacy mode: the timer resets on each launch, not per round.".into(),
        (ResetOutcome::Reset { to }, Lang::En) => {
            format!("No offer rejected and a task launched: the timer resets now, level {}.", to.as_str())
        }
        (ResetOutcome::NoLaunch, Lang::En) => "Nothing launched and nothing rejected: the timer is unchanged.".into(),
        (ResetOutcome::NotSinceReject, Lang::En) => {
            "Launched without rejects, but a partial round after a rejecting one: no reset (SPARK-18886).".into()
        }
        (ResetOutcome::Rejected { rejects }, Lang::En) => {
            format!(
                "{rejects} delay-schedule reject(s): no reset, and partial rounds cannot reset until a full round does."
            )
        }
        (ResetOutcome::Legacy, Lang::Zh) => "旧版模式：每次启动任务都重置计时，不按轮计算。".into(),
        (ResetOutcome::Reset { to }, Lang::Zh) => {
            format!("没有拒绝且启动了任务：计时从现在重新开始，级别 {}。", to.as_str())
        }
        (ResetOutcome::NoLaunch, Lang::Zh) => "没有启动也没有拒绝：计时不变。".into(),
        (ResetOutcome::NotSinceReject, Lang::Zh) => {
            "启动了任务且没有拒绝，但这是拒绝之后的部分轮：不重置（SPARK-18886）。".into()
        }
        (ResetOutcome::Rejected { rejects }, Lang::Zh) => {
            format!("{rejects} 次延迟调度拒绝：不重置计时，且在完整轮重置之前部分轮都不能重置。")
        }
    }
}
