//! `spark.allowed_level`: the level Spark's `TaskSetManager.getAllowedLocalityLevel(curTime)`
//! gives a task set at its first `resourceOffer` call of a round (`docs/spark.md`): from the
//! current level, a level with no task left is passed at once (timer = now, SPARK-4939), an
//! expired wait moves on with the timer advanced by the wait, and the first level still
//! waiting is the answer (ANY when every wait ran out).

use super::answer::{Answer, Form};
use super::moment::{Moment, Posed};
use super::spark::{
    clock_lines, decision, ended_lines, executor_lines, first_ask, has_waiting, levels_line, manager, round_line,
};
use super::{Kind, bi, secs};
use crate::sched::spark::decision::LevelWhy;

/// The first task set (in `getSortedTaskSetQueue` order) whose first call consulted the clock
/// while its level was not yet the last, in a round that registered no executor (so its state
/// at that call is the state before the round).
fn allowed_level(m: &Moment) -> Option<Posed> {
    let (s, ended) = super::spark::at_round(m)?;
    let s = &s;
    let d = decision(m)?;
    if !d.new_executors.is_empty() || !d.recomputed.is_empty() {
        return None;
    }
    for turn in &d.task_sets {
        let Some(t) = manager(s, &turn.task_set) else { continue };
        let Some(ask) = first_ask(d, &turn.task_set) else { continue };
        let Some(last) = ask.ladder.last() else { continue };
        if ask.refused.is_some() || t.current_index + 1 >= t.levels.len() || !has_waiting(t) {
            continue;
        }
        let Some(clock) = clock_lines(s, t) else { continue };
        let category = match &ask.ladder[..] {
            [_] => 0,
            steps if steps.iter().any(|x| x.why == LevelWhy::NoMoreTasks) => 2,
            _ => 1,
        };
        let mut prompt = vec![round_line(m, d)];
        prompt.extend(ended_lines(&ended));
        prompt.extend(executor_lines(s));
        prompt.push(levels_line(t));
        prompt.extend(clock);
        let name = t.name();
        prompt.push(bi(
            format!(
                "{name}'s first resourceOffer call of this round is the offer of {} at {} (maxLocality {}).",
                ask.executor,
                secs(m.rec.time_ms),
                ask.max_locality.as_str()
            ),
            format!(
                "本轮 {name} 的第一次 resourceOffer 调用是 {} 的 offer，时间 {}（maxLocality 为 {}）。",
                ask.executor,
                secs(m.rec.time_ms),
                ask.max_locality.as_str()
            ),
        ));
        prompt.push(bi(
            format!(
                "Which locality level does getAllowedLocalityLevel give {name} for this offer (before maxLocality caps it)?"
            ),
            format!("对这个 offer，getAllowedLocalityLevel 给 {name} 的本地性级别是什么（在 maxLocality 限制之前）？"),
        ));
        let options = t.levels.iter().map(|l| bi(l.as_str(), l.as_str())).collect();
        return Some(Posed {
            category,
            prompt,
            form: Form::Choose { options },
            expected: Answer::Choice(t.levels.iter().position(|l| *l == last.level)?),
            focus_job: None,
            focus_queue: Some(name),
        });
    }
    None
}

pub static ALLOWED_LEVEL: Kind = Kind {
    id: "spark.allowed_level",
    concept: "spark.delay",
    scenario: super::spark::scenario,
    pose: allowed_level,
    categories: 3,
};
