//! FIFO questions on the off-switch rule: at most one non-local map per heartbeat.

use super::answer::{Answer, Form};
use super::difficulty::Difficulty;
use super::fifo::{Flavour, budget_line, decision, queue_lines, scenario};
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, input_lines, inputs_shown, maps, maps_count_question};
use crate::model::RunState;
use crate::sched::fifo::MapStop;
use serde_json::Value;

fn off_switch_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { slots: (3, 4), concentrate: true, ..Default::default() })
}

/// `fifo.off_switch`: how many maps the tracker gets when only non-local maps are left for it.
fn off_switch(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let given = maps(m.rec).len();
    let MapStop::OffSwitch { .. } = d.map_stop else { return None };
    if (given as i64) >= d.map.available || d.map_padding.as_ref().is_some_and(|p| p.exceeded) {
        return None;
    }
    let waiting =
        d.queue.iter().filter(|j| j.state == RunState::Running && j.desired_maps > j.finished_maps + j.running_maps);
    if !inputs_shown(m.before, waiting.map(|j| j.job)) {
        return None;
    }
    let mut prompt = header(m);
    prompt.extend(queue_lines(&d.queue));
    prompt.extend(input_lines(m.before, &m.rec.tracker));
    prompt.push(budget_line(d, &m.rec.tracker));
    prompt.push(bi("Padding is not reached on this heartbeat.", "本次心跳未触及 padding。"));
    prompt.push(maps_count_question(&m.rec.tracker));
    Some(Posed {
        category: u8::from(given > 1),
        prompt,
        form: Form::Number { decimals: 0, tolerance: 0.0 },
        expected: Answer::Number(given as f64),
        focus_job: None,
        focus_queue: None,
    })
}

pub static OFF_SWITCH: Kind = Kind {
    id: "fifo.off_switch_count",
    concept: "fifo.off_switch",
    scenario: off_switch_scenario,
    pose: off_switch,
    categories: 2,
};
