//! FIFO (`JobQueueTaskScheduler`) questions: which job the queue serves first, which tasks a
//! tracker gets, and the load factor's cap. The scenario builder is shared with
//! `fifo_padding.rs`, `fifo_off_switch.rs` and `fifo_one_reduce.rs`.

use super::answer::{Answer, Form};
use super::build::{self, Shape};
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, input_lines, inputs_shown, maps, picks_of, task_candidates};
use crate::explain::Decision;
use crate::lesson::Bi;
use crate::model::RunState;
use crate::sched::decision::JobLine;
use crate::sched::fifo::FifoDecision;
use serde_json::{Value, json};

/// What a FIFO scenario stresses.
#[derive(Default, Clone, Copy)]
pub struct Flavour {
    /// Map slots per tracker (range).
    pub slots: (i64, i64),
    /// At least this many trackers.
    pub min_trackers: u32,
    /// A padding fraction that bites in a small cluster (and jobs with reduces).
    pub padding: bool,
    /// Input on a few hosts only, so trackers elsewhere take off-switch maps.
    pub concentrate: bool,
    /// Jobs with several reduces and no slow start; reduce slots per tracker.
    pub reduce_slots: u32,
    /// Jobs beyond the difficulty's count.
    pub extra_jobs: i64,
}

pub fn scenario(draw: &mut Draw, d: Difficulty, f: Flavour) -> Value {
    let slots = if f.slots == (0, 0) { (2, 3) } else { f.slots };
    let mut s = build::shape_racks(draw, d, slots, f.min_trackers, if f.concentrate { 2 } else { 1 });
    if f.reduce_slots > 0 {
        s.reduce_slots = f.reduce_slots;
    }
    let hosts = s.hosts();
    // Concentrated input: one host per rack, so a tracker runs out of local maps quickly.
    let hot: Vec<String> = if f.concentrate {
        (1..=s.racks).map(|r| Shape::host(r, draw.range(1, s.nodes as i64) as u32)).collect()
    } else {
        hosts.clone()
    };
    let n_jobs = match d {
        Difficulty::Easy => 2,
        Difficulty::Medium => 3,
        Difficulty::Hard => draw.range(3, 4),
    } + f.extra_jobs;
    let capacity = (s.trackers() * s.map_slots) as i64;
    let mut jobs = Vec::new();
    let mut t = 0;
    for id in 1..=n_jobs as u32 {
        let big = id == 1 || draw.chance(30);
        let count = if big { draw.range(capacity / 2, capacity + 4) } else { draw.range(1, 3) } as u32;
        let dur = build::duration(draw, 3, 9);
        let maps = if f.concentrate || draw.chance(30) {
            build::maps_on(draw, count, &hot, dur)
        } else {
            build::spread_maps(count, draw.range(1, 3) as u32, dur)
        };
        let reduces = if f.reduce_slots > 0 {
            draw.range(1, 4) as u32
        } else if f.padding || draw.chance(40) {
            draw.range(1, 2) as u32
        } else {
            0
        };
        let mut j = build::job(id, &format!("user{}", draw.range(1, 3)), None, t, maps, reduces);
        if f.reduce_slots > 0 {
            j["slowstart"] = json!(0.0);
        }
        let priority = match d {
            Difficulty::Easy => "NORMAL",
            Difficulty::Medium if draw.chance(25) => "HIGH",
            Difficulty::Hard if draw.chance(40) => *draw.pick(&["HIGH", "LOW", "VERY_HIGH"]),
            _ => "NORMAL",
        };
        if priority != "NORMAL" {
            j["priority"] = json!(priority);
        }
        jobs.push(j);
        t += draw.range(0, 12) * 250;
    }
    let mut config = json!({});
    if f.padding {
        config["pad_fraction"] = json!(*draw.pick(&[0.2, 0.3, 0.4, 0.5]));
    }
    build::scenario("fifo", draw.u64(), s, config, jobs)
}

pub fn decision<'a>(m: &'a Moment) -> Option<&'a FifoDecision> {
    match &m.rec.decision {
        Decision::Fifo(d) => Some(d),
        _ => None,
    }
}

/// The job queue as the scheduler holds it at the heartbeat (after the tracker's reports).
pub fn queue_lines(q: &[JobLine]) -> Vec<Bi> {
    q.iter()
        .map(|j| {
            let state = if j.state == RunState::Running { String::new() } else { format!(", {}", j.state.as_str()) };
            bi(
                format!(
                    "J{}: priority {}, submitted at {}, {} maps ({} finished, {} running), {} reduces{state}.",
                    j.job,
                    j.priority.as_str(),
                    super::secs(j.start_time),
                    j.desired_maps,
                    j.finished_maps,
                    j.running_maps,
                    j.desired_reduces
                ),
                format!(
                    "J{}：优先级 {}，提交于 {}，{} 个 map（已完成 {}，运行中 {}），{} 个 reduce{state}。",
                    j.job,
                    j.priority.as_str(),
                    super::secs(j.start_time),
                    j.desired_maps,
                    j.finished_maps,
                    j.running_maps,
                    j.desired_reduces
                ),
            )
        })
        .collect()
}

/// The tracker's map budget under the load factor, as a given.
pub fn budget_line(d: &FifoDecision, tracker: &str) -> Bi {
    bi(
        format!(
            "Under the load factor {tracker} may run {} maps now and runs {}.",
            d.map.tracker_current_capacity, d.map.tracker_running
        ),
        format!(
            "按负载因子，{tracker} 现在最多运行 {} 个 map，正在运行 {} 个。",
            d.map.tracker_current_capacity, d.map.tracker_running
        ),
    )
}

fn job_options(q: &[JobLine]) -> (Vec<u32>, Vec<Bi>) {
    let mut ids: Vec<u32> = q.iter().map(|j| j.job).collect();
    crate::sort::sort(&mut ids);
    let mut opts: Vec<Bi> = ids.iter().map(|j| bi(format!("J{j}"), format!("J{j}"))).collect();
    opts.push(bi("no map this heartbeat", "本次心跳不分配 map"));
    (ids, opts)
}

fn first_job_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { extra_jobs: 1, ..Default::default() })
}

/// `fifo.small_jobs`: which job gets the first map; the queue is priority then submit time,
/// so a small job waits behind a big one that still has maps to hand out.
fn first_job(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let first = maps(m.rec).first()?.job;
    let waiting: Vec<&JobLine> = d
        .queue
        .iter()
        .filter(|j| j.state == RunState::Running && j.desired_maps > j.finished_maps + j.running_maps)
        .collect();
    let small_waits = waiting.iter().any(|j| j.job != first && j.desired_maps <= 3);
    if waiting.len() < 2 || !small_waits {
        return None;
    }
    let lowest = waiting.iter().map(|j| j.job).min()?;
    let (ids, options) = job_options(&d.queue);
    let mut prompt = header(m);
    prompt.extend(queue_lines(&d.queue));
    prompt.push(bi(
        format!("Which job gets the first map {} is given on this heartbeat?", m.rec.tracker),
        format!("本次心跳中 {} 得到的第一个 map 属于哪个作业？", m.rec.tracker),
    ));
    Some(Posed {
        category: u8::from(first != lowest),
        prompt,
        form: Form::Choose { options },
        expected: Answer::Choice(ids.iter().position(|&j| j == first)?),
        focus_job: Some(first),
        focus_queue: None,
    })
}

pub static FIRST_JOB: Kind = Kind {
    id: "fifo.first_job",
    concept: "fifo.small_jobs",
    scenario: first_job_scenario,
    pose: first_job,
    categories: 2,
};

fn tasks_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { slots: (3, 4), ..Default::default() })
}

/// `fifo.multi_assign`: the tasks this tracker gets, in order; after each map the queue is
/// scanned again from its head.
fn tasks(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let given = maps(m.rec);
    if given.len() < 2 || d.map_padding.as_ref().is_some_and(|p| p.exceeded) {
        return None;
    }
    let waiting =
        d.queue.iter().filter(|j| j.state == RunState::Running && j.desired_maps > j.finished_maps + j.running_maps);
    if !inputs_shown(m.before, waiting.map(|j| j.job)) {
        return None;
    }
    let jobs: std::collections::BTreeSet<u32> = given.iter().map(|a| a.job).collect();
    let candidates = task_candidates(m.before, true, true);
    let expected = picks_of(&candidates, &m.rec.assigned.iter().collect::<Vec<_>>())?;
    let mut prompt = header(m);
    prompt.extend(queue_lines(&d.queue));
    prompt.extend(input_lines(m.before, &m.rec.tracker));
    prompt.push(budget_line(d, &m.rec.tracker));
    prompt.push(bi("Padding is not reached on this heartbeat.", "本次心跳未触及 padding。"));
    prompt.push(reduce_line(m, d));
    prompt.push(bi(
        format!("Which tasks does {} get, in order (maps first, then at most one reduce)?", m.rec.tracker),
        format!("{} 按顺序得到哪些任务（先 map，再至多一个 reduce）？", m.rec.tracker),
    ));
    Some(Posed {
        category: u8::from(jobs.len() > 1),
        prompt,
        form: Form::Pick { max: candidates.len().max(8), candidates, ordered: true, repeat: true },
        expected: Answer::Picks(expected),
        focus_job: None,
        focus_queue: None,
    })
}

/// What decides the reduce: the tracker's reduce budget, reduce padding and each RUNNING job's
/// slow start (`JobInProgress.scheduleReduces`: its finished maps against
/// `completedMapsForReduceSlowstart`), which the queue lines alone do not give.
fn reduce_line(m: &Moment, d: &FifoDecision) -> Bi {
    let (pad, pad_zh) = match &d.reduce_padding {
        Some(p) if p.exceeded => ("exceeded", "已超出"),
        Some(_) => ("not reached", "未触及"),
        None => ("not checked (no reduce slot free)", "未检查（没有空闲的 reduce slot）"),
    };
    let starts: Vec<(u32, u32)> = d
        .queue
        .iter()
        .filter(|j| j.state == RunState::Running && j.desired_reduces > 0)
        .filter_map(|j| {
            m.before
                .cluster
                .jobs
                .get(&crate::model::JobId(j.job))
                .map(|x| (j.job, x.completed_maps_for_reduce_slowstart))
        })
        .collect();
    let en: Vec<String> = starts.iter().map(|(j, n)| format!("J{j} {n}")).collect();
    let zh: Vec<String> = starts.iter().map(|(j, n)| format!("J{j} {n} 个")).collect();
    let (t, r) = (&m.rec.tracker, &d.reduce);
    bi(
        format!(
            "Reduces: {t} may run {} reduces now and runs {}; reduce padding is {pad}; a job's reduces start once this many of its maps have finished (slow start): {}.",
            r.tracker_current_capacity,
            r.tracker_running,
            if en.is_empty() { "no job has reduces".to_string() } else { en.join(", ") }
        ),
        format!(
            "Reduce：{t} 现在最多运行 {} 个 reduce，正在运行 {} 个；reduce 的 padding {pad_zh}；作业完成这么多个 map 后才开始 reduce（慢启动）：{}。",
            r.tracker_current_capacity,
            r.tracker_running,
            if zh.is_empty() { "没有作业带 reduce".to_string() } else { zh.join("，") }
        ),
    )
}

pub static TASKS: Kind =
    Kind { id: "fifo.tasks", concept: "fifo.multi_assign", scenario: tasks_scenario, pose: tasks, categories: 2 };

fn load_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { slots: (3, 4), min_trackers: 3, ..Default::default() })
}

/// `fifo.load_factor`: the tracker's current map capacity `min(⌈loadFactor × slots⌉, slots)`.
fn load_cap(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let l = &d.map;
    if l.tracker_current_capacity >= l.tracker_capacity || l.remaining_load == 0 {
        return None;
    }
    let mut prompt = header(m);
    prompt.extend(queue_lines(&d.queue));
    prompt.push(bi(
        format!("The cluster has {} map slots; {} has {}.", l.cluster_capacity, m.rec.tracker, l.tracker_capacity),
        format!("集群共有 {} 个 map slot；{} 有 {} 个。", l.cluster_capacity, m.rec.tracker, l.tracker_capacity),
    ));
    prompt.push(bi(
        format!("Under the load factor, how many maps may {} run now (its current map capacity)?", m.rec.tracker),
        format!("按负载因子，{} 现在最多可以运行多少个 map（当前 map 容量）？", m.rec.tracker),
    ));
    Some(Posed {
        category: u8::from(l.tracker_current_capacity <= l.tracker_running),
        prompt,
        form: Form::Number { decimals: 0, tolerance: 0.0 },
        expected: Answer::Number(l.tracker_current_capacity as f64),
        focus_job: None,
        focus_queue: None,
    })
}

pub static LOAD_CAP: Kind =
    Kind { id: "fifo.load_cap", concept: "fifo.load_factor", scenario: load_scenario, pose: load_cap, categories: 2 };
