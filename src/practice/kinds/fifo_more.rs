//! FIFO questions on the rules that stop assignment early: padding, at most one off-switch map
//! per heartbeat, at most one reduce per heartbeat.

use super::super::Difficulty;
use super::super::answer::{Answer, Form, Pickable};
use super::super::situation::{Draw, Moment, Posed};
use super::fifo::{Flavour, budget_line, decision, queue_lines, scenario};
use super::{Kind, bi, header, input_lines, inputs_shown, maps, picks_of, task_candidates};
use crate::model::RunState;
use crate::sched::fifo::{MIN_CLUSTER_SIZE_FOR_PADDING, MapStop};
use serde_json::Value;

fn padding_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { slots: (2, 3), min_trackers: 4, padding: true, extra_jobs: 1, ..Default::default() })
}

pub const PADDING_OPTIONS: [(&str, &str); 3] = [
    (
        "Padding is not reached: the tracker may fill its available map slots",
        "未触及 padding：该节点可以填满可用的 map slot",
    ),
    ("Padding is exceeded: at most one map on this heartbeat", "padding 已超出：本次心跳至多分配一个 map"),
    ("Padding cannot apply: no running job has reduces", "padding 不起作用：没有带 reduce 的运行中作业"),
];

/// `fifo.padding`: is `exceededPadding` true on this heartbeat, and what follows.
fn padding(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let p = d.map_padding.as_ref()?;
    if d.map.available < 2
        || maps(m.rec).is_empty()
        || p.num_trackers <= MIN_CLUSTER_SIZE_FOR_PADDING
        || p.no_eligible_job
        || p.padding == 0
    {
        return None;
    }
    // Not exceeded only counts when it was close: within one tracker's slots of the capacity.
    if !p.exceeded && p.total_tasks + p.padding + d.map.tracker_capacity < p.total_capacity {
        return None;
    }
    let mut prompt = header(m);
    prompt.extend(queue_lines(&d.queue));
    prompt.push(bi(
        format!(
            "The JobTracker counts {} running maps (as the trackers last reported them) in a cluster of {} trackers with {} map slots; {} has {} map slots; the padding fraction (mapred.jobtracker.taskalloc.capacitypad) is {}.",
            p.total_tasks, p.num_trackers, p.total_capacity, m.rec.tracker, d.map.tracker_capacity, p.pad_fraction
        ),
        format!(
            "JobTracker 统计到 {} 个运行中的 map（按各 TaskTracker 上次汇报），集群有 {} 个 TaskTracker、{} 个 map slot；{} 有 {} 个 map slot；padding 比例（mapred.jobtracker.taskalloc.capacitypad）为 {}。",
            p.total_tasks, p.num_trackers, p.total_capacity, m.rec.tracker, d.map.tracker_capacity, p.pad_fraction
        ),
    ));
    prompt.push(budget_line(d, &m.rec.tracker));
    prompt.push(bi("What does padding do on this heartbeat?", "本次心跳 padding 起什么作用？"));
    Some(Posed {
        category: u8::from(p.exceeded),
        prompt,
        form: Form::Choose { options: PADDING_OPTIONS.iter().map(|(en, zh)| bi(*en, *zh)).collect() },
        expected: Answer::Choice(usize::from(p.exceeded)),
        focus_job: None,
        focus_queue: None,
    })
}

pub static PADDING: Kind =
    Kind { id: "fifo.padding", concept: "fifo.padding", scenario: padding_scenario, pose: padding, categories: 2 };

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
    prompt.push(bi(
        format!("How many maps does {} get on this heartbeat?", m.rec.tracker),
        format!("本次心跳 {} 得到几个 map？", m.rec.tracker),
    ));
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
    let given: Vec<_> = m.rec.assigned.iter().filter(|a| a.kind == "reduce").collect();
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
