//! `spark.which_executor`: which executor launches the first task of a Spark offer round
//! (`TaskSchedulerImpl.resourceOffers` and `resourceOfferSingleTaskSet`, `docs/spark.md`):
//! task sets in `getSortedTaskSetQueue` order, each walking its valid levels as `maxLocality`
//! from the most local, one pass over the offers per level (at most one task per offer per
//! pass), each `TaskSetManager.resourceOffer` capped by `getAllowedLocalityLevel` except in the
//! NO_PREF pass, and `dequeueTask` trying the executor's list, the host's, the no-preference
//! list, the rack's and then any.

use super::answer::{Answer, Form};
use super::difficulty::Difficulty;
use super::moment::{Moment, Posed};
use super::spark::{
    at_round, clock_lines, decision, ended_lines, executor_lines, first_ask, has_waiting, levels_line, manager,
    offers_line, round_line, tasks_line,
};
use super::{Kind, bi};

/// A round with an offer that has a free core and a task set with a task to launch.
fn which_executor(m: &Moment) -> Option<Posed> {
    let (s, ended) = at_round(m)?;
    let s = &s;
    let d = decision(m)?;
    if !d.new_executors.is_empty() || !d.recomputed.is_empty() || !d.offers.iter().any(|o| o.cores > 0) {
        return None;
    }
    let mut prompt = vec![round_line(m, d)];
    prompt.extend(ended_lines(&ended));
    prompt.extend(executor_lines(s));
    prompt.push(offers_line(d));
    let shown: Vec<&str> =
        d.task_sets.iter().map(|t| t.task_set.as_str()).filter(|n| manager(s, n).is_some_and(has_waiting)).collect();
    if shown.is_empty() {
        return None;
    }
    if shown.len() > 1 {
        prompt.push(bi(
            format!("Task sets in the round's order (FIFO: priority, then stage): {}.", shown.join(", ")),
            format!("本轮处理任务集的顺序（FIFO：先按优先级，再按 stage）：{}。", shown.join("，")),
        ));
    }
    for name in &shown {
        let t = manager(s, name)?;
        prompt.push(levels_line(t));
        let allowed = t.clone().allowed_locality_level(m.rec.time_ms).0;
        if first_ask(d, name).and_then(|a| a.ladder.last()).is_some_and(|l| l.level != allowed) {
            return None;
        }
        if m.difficulty == Difficulty::Hard {
            prompt.extend(clock_lines(s, t)?);
        } else {
            prompt.push(bi(
                format!(
                    "Until {name} launches a task this round, getAllowedLocalityLevel gives it {}.",
                    allowed.as_str()
                ),
                format!("本轮 {name} 启动任务之前，getAllowedLocalityLevel 都给出 {}。", allowed.as_str()),
            ));
        }
        prompt.push(tasks_line(t));
    }
    prompt.push(bi(
        "Per task set: maxLocality goes up the valid levels; each pass walks the offers, one task per offer; an offer takes from its executor's list, then as far as the allowed level (capped by maxLocality; the NO_PREF pass ignores the clock) reaches: its host's, no-preference, its rack's, any.",
        "每个任务集：maxLocality 依次取各有效级别；每一遍扫描各 offer，每个 offer 一个任务；offer 先取其 executor 的列表，再在允许级别（受 maxLocality 限制；NO_PREF 这一遍不看计时）所及范围内依次取其主机的、无偏好的、其机架的、任意的。",
    ));
    prompt.push(bi("Which executor launches the first task of this round?", "本轮第一个任务由哪个 executor 启动？"));
    let mut options: Vec<_> = s.executors.ids().map(|(id, _)| bi(id.clone(), id.clone())).collect();
    options.push(bi("none this round", "本轮没有任务启动"));
    let (expected, category) = match d.launches.first() {
        Some(l) => {
            let turn = d.task_sets.iter().find(|t| t.task_set == l.task_set)?;
            let pass = turn.passes.iter().position(|p| p.asks.iter().any(|a| a.launched.is_some()))?;
            (s.executors.ids().position(|(id, _)| *id == l.executor)?, u8::from(pass > 0))
        }
        None => (options.len() - 1, 2),
    };
    Some(Posed {
        category,
        prompt,
        form: Form::Choose { options },
        expected: Answer::Choice(expected),
        focus_job: None,
        focus_queue: None,
    })
}

pub static WHICH_EXECUTOR: Kind = Kind {
    id: "spark.which_executor",
    concept: "spark.delay",
    scenario: super::spark::scenario,
    pose: which_executor,
    categories: 3,
};
