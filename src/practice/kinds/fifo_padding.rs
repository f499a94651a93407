//! FIFO questions on padding (`exceededPadding`): whether the spare slots the padding keeps
//! stop map assignment on this tracker.

use super::answer::{Answer, Form};
use super::difficulty::Difficulty;
use super::fifo::{Flavour, budget_line, decision, queue_lines, scenario};
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, maps};
use crate::sched::fifo::MIN_CLUSTER_SIZE_FOR_PADDING;
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
