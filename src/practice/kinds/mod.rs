//! The question kinds, at least one per lesson concept. A kind builds random scenarios for its
//! scheduler (`scenario`) and recognises the heartbeats where its concept decides something
//! (`pose`), reading the expected answer from that heartbeat's decision record.

pub mod answer;
pub mod build;
mod capacity;
mod capacity_admission;
mod capacity_heartbeat;
mod capacity_locality;
mod capacity_memory;
mod capacity_walk;
pub mod difficulty;
mod fair;
mod fair_delay;
mod fair_multiple;
mod fair_preemption;
mod fifo;
mod fifo_off_switch;
mod fifo_one_reduce;
mod fifo_padding;
pub mod moment;
mod spark;
mod spark_executor;
mod spark_level;

use crate::explain::{Assignment, HeartbeatRecord};
use crate::lesson::Bi;
use crate::model::{Locality, Millis, RunState, TaskType};
use crate::sim::Engine;
use answer::{Pickable, Token};
use difficulty::Difficulty;
use moment::{Draw, Moment, Posed};

/// One kind of question.
pub struct Kind {
    pub id: &'static str,
    pub concept: &'static str,
    /// Random scenario for one attempt.
    pub scenario: fn(&mut Draw, Difficulty) -> serde_json::Value,
    /// The question at this heartbeat, if the concept decides something here.
    pub pose: fn(&Moment) -> Option<Posed>,
    /// How many situation categories `pose` distinguishes.
    pub categories: u8,
}

/// Every kind, grouped by scheduler.
pub static KINDS: &[&Kind] = &[
    &fifo::FIRST_JOB,
    &fifo::TASKS,
    &fifo::LOAD_CAP,
    &fifo_padding::PADDING,
    &fifo_off_switch::OFF_SWITCH,
    &fifo_one_reduce::ONE_REDUCE,
    &fair::FAIR_SHARE,
    &fair::POOL_ORDER,
    &fair_delay::ALLOWED_LEVEL,
    &fair_delay::STARVED_LEVEL,
    &fair_multiple::MAPS_COUNT,
    &fair_preemption::PREEMPTED,
    &capacity::FIRST_JOB_CAPACITY,
    &capacity::QUEUE_ORDER,
    &capacity::USER_LIMIT,
    &capacity_admission::ADMISSION,
    &capacity_memory::HIGH_MEMORY,
    &capacity_locality::LOCALITY_WAIT,
    &capacity_heartbeat::TASKS_COUNT,
    &spark_level::ALLOWED_LEVEL,
    &spark_executor::WHICH_EXECUTOR,
];

pub fn by_id(id: &str) -> Option<&'static Kind> {
    KINDS.iter().copied().find(|k| k.id == id)
}

/// The kinds of a concept.
pub fn of_concept(concept: &str) -> Vec<&'static Kind> {
    KINDS.iter().copied().filter(|k| k.concept == concept).collect()
}

pub fn bi(en: impl Into<String>, zh: impl Into<String>) -> Bi {
    Bi { en: en.into(), zh: zh.into() }
}

/// The question of the kinds that ask for a heartbeat's map count.
pub fn maps_count_question(tracker: &str) -> Bi {
    bi(format!("How many maps does {tracker} get on this heartbeat?"), format!("本次心跳 {tracker} 得到几个 map？"))
}

/// `12.3 s` (milliseconds kept when they matter: `12.345 s`).
pub fn secs(ms: Millis) -> String {
    let s = format!("{:.3}", ms as f64 / 1000.0);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    format!("{s} s")
}

/// The heartbeat and what the tracker reports before the scheduler runs.
pub fn header(m: &Moment) -> Vec<Bi> {
    let r = m.rec;
    let mut out = vec![bi(
        format!("Heartbeat {} comes from {} ({}) at {}.", r.hb, r.tracker, r.host, secs(r.time_ms)),
        format!("第 {} 次心跳来自 {}（{}），时间 {}。", r.hb, r.tracker, r.host, secs(r.time_ms)),
    )];
    use crate::model::cluster::AttemptEnd;
    for (end, en, zh) in [
        (AttemptEnd::Succeeded, "finished", "已完成"),
        (AttemptEnd::Failed, "failed", "失败"),
        (AttemptEnd::Killed, "killed", "已被杀死"),
    ] {
        let done: Vec<String> = r.reported.iter().filter(|x| x.outcome == end).map(|x| x.attempt.to_string()).collect();
        if !done.is_empty() {
            out.push(bi(
                format!(
                    "Before the scheduler runs, {} reports {} {en}: those slots are free.",
                    r.tracker,
                    done.join(", ")
                ),
                format!("调度器运行前，{} 汇报 {} {zh}：这些 slot 已空出。", r.tracker, done.join("、")),
            ));
        }
    }
    out
}

/// The task token of an assignment.
pub fn token_of(a: &Assignment) -> Token {
    Token::Task {
        job: a.job,
        kind: a.kind.as_str(),
        locality: if a.kind == TaskType::Map { a.locality.map(Locality::as_str) } else { None },
    }
}

pub fn label_of(t: &Token) -> Bi {
    match t {
        Token::Task { job, kind: "map", locality } => {
            let l = locality.unwrap_or("-");
            bi(format!("J{job} map, {l}"), format!("J{job} 的 map（{l}）"))
        }
        Token::Task { job, kind, .. } => bi(format!("J{job} {kind}"), format!("J{job} 的 {kind}")),
        Token::Attempt { attempt, tracker } => {
            bi(format!("{attempt} on {tracker}"), format!("{tracker} 上的 {attempt}"))
        }
        Token::Tracker { tracker } => bi(tracker.clone(), tracker.clone()),
    }
}

pub fn pickable(t: Token) -> Pickable {
    Pickable { label: label_of(&t), token: t }
}

/// Candidates for "which tasks does the tracker get": each RUNNING job's maps at the three
/// localities (if it has maps waiting) and its reduce (if it has reduces waiting), in job order.
pub fn task_candidates(e: &Engine, maps: bool, reduces: bool) -> Vec<Pickable> {
    let mut out = Vec::new();
    for j in e.cluster.jobs.values().filter(|j| j.state == RunState::Running) {
        if maps && j.pending_maps() > 0 {
            for l in ["node", "rack", "off-switch"] {
                out.push(pickable(Token::Task { job: j.id.0, kind: "map", locality: Some(l) }));
            }
        }
        if reduces && j.pending_reduces() > 0 {
            out.push(pickable(Token::Task { job: j.id.0, kind: "reduce", locality: None }));
        }
    }
    out
}

/// Indices of the assignments' tokens among `candidates` (`None` if one is missing).
pub fn picks_of(candidates: &[Pickable], assigned: &[&Assignment]) -> Option<Vec<usize>> {
    assigned.iter().map(|a| candidates.iter().position(|c| c.token == token_of(a))).collect()
}

/// Maps launched in the record.
pub fn maps(r: &HeartbeatRecord) -> Vec<&Assignment> {
    r.assigned.iter().filter(|a| a.kind == TaskType::Map).collect()
}

/// Where a job's waiting maps have their input, seen from the heartbeating tracker: how many
/// have a replica on its host, elsewhere on its rack, only on other racks.
pub fn waiting_input(e: &Engine, job: u32, tracker: &str) -> Option<(u32, u32, u32)> {
    let c = &e.cluster;
    let t = c.trackers.iter().find(|t| t.name == tracker)?;
    let rack_of = |h: &str| e.scenario.trackers.iter().find(|x| x.host == h).map(|x| x.rack.clone());
    let rack = rack_of(&t.host)?;
    let j = c.jobs.get(&crate::model::JobId(job))?;
    let (mut node, mut same_rack, mut other) = (0, 0, 0);
    for tip in j.maps.iter().filter(|t| t.is_runnable() && !t.is_running()) {
        if tip.locations.contains(&t.host) {
            node += 1;
        } else if tip.locations.iter().any(|h| rack_of(h).as_deref() == Some(rack.as_str())) {
            same_rack += 1;
        } else {
            other += 1;
        }
    }
    Some((node, same_rack, other))
}

/// Whether [`input_lines`], read at the stage's moment (before the heartbeat), has a line for
/// each of `waiting`: a job initialised since has none, so a question whose answer depends on
/// where its input is cannot be asked there.
pub fn inputs_shown(e: &Engine, mut waiting: impl Iterator<Item = u32>) -> bool {
    waiting.all(|job| {
        e.cluster
            .jobs
            .get(&crate::model::JobId(job))
            .is_some_and(|j| j.state == RunState::Running && j.pending_maps() > 0)
    })
}

/// One line per RUNNING job with waiting maps: where their input is, from the tracker's view.
pub fn input_lines(e: &Engine, tracker: &str) -> Vec<Bi> {
    let mut out = Vec::new();
    for j in e.cluster.jobs.values().filter(|j| j.state == RunState::Running && j.pending_maps() > 0) {
        let Some((n, r, o)) = waiting_input(e, j.id.0, tracker) else { continue };
        out.push(bi(
            format!(
                "J{} has {} waiting maps: {n} with input on {tracker}'s host, {r} elsewhere on its rack, {o} only on other racks.",
                j.id.0,
                n + r + o
            ),
            format!(
                "J{} 有 {} 个等待中的 map：{n} 个输入在 {tracker} 所在节点，{r} 个在同机架其他节点，{o} 个只在其他机架。",
                j.id.0,
                n + r + o
            ),
        ));
    }
    out
}
