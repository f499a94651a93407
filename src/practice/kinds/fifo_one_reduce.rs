//! FIFO questions on reduces: at most one reduce per heartbeat, to the first job in queue order
//! that has one.

use super::answer::{Answer, Form, Pickable};
use super::difficulty::Difficulty;
use super::fifo::{Flavour, decision, queue_lines, scenario};
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, picks_of, task_candidates};
use crate::model::TaskType;
use serde_json::Value;

fn one_reduce_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let slots = draw.range(2, 3) as u32;
    scenario(draw, d, Flavour { reduce_slots: slots, ..Default::default() })
}

/// `fifo.one_reduce`: the reduces this tracker gets with two or more reduce slots free.
fn one_reduce(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let r = &d.reduce;
    let free = r.tracker_current_capacity as i64 - r.tracker_running as i64;
    if free < 2 || d.reduce_padding.as_ref().is_none_or(|p| p.exceeded) {
        return None;
    }
    let candidates: Vec<Pickable> = task_candidates(m.before, false, true);
    if candidates.is_empty() {
        return None;
    }
    let given: Vec<_> = m.rec.assigned.iter().filter(|a| a.kind == TaskType::Reduce).collect();
    let expected = picks_of(&candidates, &given)?;
    let mut prompt = header(m);
    prompt.extend(queue_lines(&d.queue));
    prompt.push(bi(
        format!(
            "Every job starts its reduces at once (slow start 0). Under the load factor {} may run {} reduces now and runs {}; reduce padding is not reached.",
            m.rec.tracker, r.tracker_current_capacity, r.tracker_running
        ),
        format!(
            "每个作业都立即开始 reduce（慢启动阈值为 0）。按负载因子，{} 现在最多运行 {} 个 reduce，正在运行 {} 个；未触及 reduce 的 padding。",
            m.rec.tracker, r.tracker_current_capacity, r.tracker_running
        ),
    ));
    prompt.push(bi(
        format!("Which reduces does {} get on this heartbeat, in order?", m.rec.tracker),
        format!("本次心跳 {} 按顺序得到哪些 reduce？", m.rec.tracker),
    ));
    Some(Posed {
        category: u8::from(expected.first().is_some_and(|&i| i > 0)),
        prompt,
        form: Form::Pick { max: 4, candidates, ordered: true, repeat: true },
        expected: Answer::Picks(expected),
        focus_job: None,
        focus_queue: None,
    })
}

pub static ONE_REDUCE: Kind = Kind {
    id: "fifo.reduces",
    concept: "fifo.one_reduce",
    scenario: one_reduce_scenario,
    pose: one_reduce,
    categories: 2,
};
