//! What the grid draws on top of the slots, gathered from the scheduler's state on the stage
//! (`sim::stage`) and the heartbeat's record: the Fair focus job's reach, FIFO's load-factor
//! caps, the queue each Capacity task runs for, reservations, and the ghosts of tasks that
//! ended in this heartbeat (finished, or killed by preemption).

use crate::i18n::k;
use std::collections::{HashMap, HashSet};

use yew::prelude::*;

use crate::explain::HeartbeatRecord;
use crate::model::TaskType;
use crate::model::cluster::AttemptEnd;
use crate::sched::fair::delay::LocalityLevel;
use crate::sim::stage::capacity::Reserved;
use crate::sim::stage::fair::{FairJob, LevelChange};
use crate::sim::stage::spark::SparkTaskSet;
use crate::sim::stage::{FifoStage, SchedStage};

/// The focus job's delay-scheduling reach, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct ReachMarks {
    pub job: u32,
    /// How the reach labels name the job (`J1`, `TaskSet_0.0`) and its level (`NODE`,
    /// `NODE_LOCAL`).
    pub name: String,
    pub level_name: &'static str,
    pub level: LocalityLevel,
    pub change: LevelChange,
    pub hosts: HashSet<String>,
    pub racks: HashSet<String>,
    pub all: bool,
    /// The job was skipped on the heartbeating tracker (outside its reach).
    pub skipped: bool,
}

impl ReachMarks {
    pub fn of(j: &FairJob) -> ReachMarks {
        ReachMarks {
            job: j.job,
            name: format!("J{}", j.job),
            level_name: match j.reach.level {
                LocalityLevel::Node => "NODE",
                LocalityLevel::Nodegroup | LocalityLevel::Rack => "RACK",
                LocalityLevel::Any => "ANY",
            },
            level: j.reach.level,
            change: j.change,
            hosts: j.reach.hosts.iter().cloned().collect(),
            racks: j.reach.racks.iter().cloned().collect(),
            all: j.reach.all,
            skipped: j.skipped,
        }
    }
    /// A Spark task set's reach at its current level (PROCESS_LOCAL, NODE_LOCAL and NO_PREF
    /// reach the preferred hosts, RACK_LOCAL their racks, ANY every executor).
    pub fn of_spark(t: &SparkTaskSet) -> ReachMarks {
        use crate::sched::spark::locality::TaskLocality as L;
        ReachMarks {
            job: t.stage,
            name: t.name.clone(),
            level_name: t.current.as_str(),
            level: match t.current {
                L::ProcessLocal | L::NodeLocal | L::NoPref => LocalityLevel::Node,
                L::RackLocal => LocalityLevel::Rack,
                L::Any => LocalityLevel::Any,
            },
            change: match t.reset {
                Some(crate::sched::spark::decision::ResetOutcome::Reset { .. }) => LevelChange::Reset,
                _ if !t.legacy_resets.is_empty() => LevelChange::Reset,
                _ => LevelChange::None,
            },
            hosts: t.reach.hosts.iter().cloned().collect(),
            racks: t.reach.racks.iter().cloned().collect(),
            all: t.reach.all,
            skipped: t.rejects > 0,
        }
    }
    /// Whether a tracker on `host` in `rack` is in reach.
    pub fn covers(&self, host: &str, rack: &str) -> bool {
        self.all
            || self.hosts.contains(host)
            || (self.level >= LocalityLevel::Rack && self.racks.contains(rack))
            || (self.level == LocalityLevel::Nodegroup && self.racks.contains(rack))
    }
    /// Whether `rack` is in reach as a whole (RACK or ANY).
    pub fn covers_rack(&self, rack: &str) -> bool {
        self.all || (self.level >= LocalityLevel::Nodegroup && self.racks.contains(rack))
    }
}

/// A task that ended in this heartbeat, drawn fading out in a free slot of its tracker.
#[derive(Clone, Debug, PartialEq)]
pub struct Ghost {
    pub tracker: String,
    pub label: String,
    pub job: u32,
    pub is_map: bool,
    /// Killed by preemption (else it finished).
    pub preempted: bool,
}

/// Running attempts a practice question lets the student pick on the grid: each slot's
/// `(tracker, label)` (`J1.m3`, as `grid::slot_label`) with its candidate index and whether it
/// is picked, and what a click does.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Picks {
    pub slots: Vec<(String, String, usize, bool)>,
    pub on_pick: Option<yew::Callback<usize>>,
}

impl Picks {
    /// The candidate index of the attempt in this slot, and whether it is picked.
    pub fn of(&self, tracker: &str, label: &str) -> Option<(usize, bool)> {
        self.slots.iter().find(|s| s.0 == tracker && s.1 == label).map(|s| (s.2, s.3))
    }

    /// A slot's click and its Enter / Space: pick candidate `k`.
    pub fn handlers(&self, k: usize) -> Option<(Callback<MouseEvent>, Callback<KeyboardEvent>)> {
        let cb = self.on_pick.clone()?;
        let key = cb.clone();
        Some((
            Callback::from(move |_: MouseEvent| cb.emit(k)),
            Callback::from(move |e: KeyboardEvent| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    e.stop_propagation();
                    key.emit(k);
                }
            }),
        ))
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Marks {
    pub reach: Option<ReachMarks>,
    /// FIFO: each tracker's (map, reduce) load-factor cap.
    pub caps: HashMap<String, (u32, u32)>,
    /// Capacity: each job's queue, tagged on its tasks.
    pub queues: HashMap<u32, String>,
    pub reserved: Vec<Reserved>,
    pub ghosts: Vec<Ghost>,
    /// The selected job's input hosts (block icons), when no reach is drawn.
    pub input_hosts: HashSet<String>,
    /// Practice: the tasks the student picked for the heartbeating tracker (job, label).
    pub planned: Vec<(u32, String)>,
    /// Practice: running attempts to pick on the grid.
    pub picks: Picks,
}

impl Marks {
    /// Practice: the tasks picked for the heartbeating tracker, under its slots.
    pub fn plan_tag(&self, lang: crate::i18n::Lang) -> Html {
        if self.planned.is_empty() {
            return html! {};
        }
        html! {
            <span class="plan-tag" data-testid="plan-tag" aria-label={crate::i18n::t(lang, k::practice_plan)}>
                { for self.planned.iter().enumerate().map(|(i, (job, label))| html! {
                    <span class={classes!("plan-chip", super::grid::job_class(*job))}><b>{i + 1}</b>{label}</span>
                }) }
            </span>
        }
    }

    /// How many free slots of one kind to draw as reserved on a tracker, and for which job.
    pub fn reserved_of(&self, tracker: &str, is_map: bool) -> Option<&Reserved> {
        self.reserved.iter().find(|r| r.tracker == tracker && r.is_map == is_map)
    }
    pub fn ghosts_on<'a>(&'a self, tracker: &'a str) -> impl Iterator<Item = &'a Ghost> + 'a {
        self.ghosts.iter().filter(move |g| g.tracker == tracker)
    }
    /// Hosts whose trackers carry the input-block icon.
    pub fn holds_input(&self, host: &str) -> bool {
        match &self.reach {
            Some(r) => r.hosts.contains(host),
            None => self.input_hosts.contains(host),
        }
    }
}

fn label(attempt: &crate::model::AttemptId) -> String {
    format!("J{}.{}{}", attempt.job, attempt.kind.letter(), attempt.index)
}

/// Gather the marks. `focus` is the Fair job whose reach to draw (the lesson's or the user's
/// choice, else the stage's default); `selected` the job whose input hosts to mark otherwise.
pub fn gather(
    stage: &SchedStage,
    record: Option<&HeartbeatRecord>,
    focus: Option<u32>,
    selected: Option<u32>,
    input_hosts: &[String],
) -> Marks {
    let mut m = Marks { input_hosts: input_hosts.iter().cloned().collect(), ..Marks::default() };
    if let Some(r) = record {
        // Finished here, or killed here by preemption (reported KILLED): a ghost in its slot.
        let preempted = |rep: &crate::explain::Reported| rep.kill == Some(crate::model::task::KillReason::Preempted);
        m.ghosts.extend(r.reported.iter().filter(|rep| rep.outcome == AttemptEnd::Succeeded || preempted(rep)).map(
            |rep| Ghost {
                tracker: r.tracker.clone(),
                label: label(&rep.attempt),
                job: rep.attempt.job,
                is_map: rep.attempt.kind == TaskType::Map,
                preempted: preempted(rep),
            },
        ));
    }
    match stage {
        SchedStage::Fair(f) => {
            let job = focus.or(selected).and_then(|j| f.jobs.iter().find(|x| x.job == j));
            let job = job.or_else(|| f.focus.and_then(|j| f.jobs.iter().find(|x| x.job == j)));
            m.reach = job.map(ReachMarks::of);
            m.ghosts.extend(f.preempted.iter().map(|p| Ghost {
                tracker: p.tracker.clone(),
                label: label(&p.attempt),
                job: p.attempt.job,
                is_map: p.attempt.kind == TaskType::Map,
                preempted: true,
            }));
        }
        SchedStage::Capacity(c) => {
            m.queues = c.job_queue.iter().cloned().collect();
            m.reserved = c.reserved.clone();
        }
        SchedStage::Fifo(Some(FifoStage { caps, .. })) => {
            m.caps = caps.iter().map(|c| (c.tracker.clone(), (c.map_cap, c.reduce_cap))).collect();
        }
        SchedStage::Fifo(None) => {}
        SchedStage::Spark(s) => {
            let pick = |id: Option<u32>| id.and_then(|j| s.task_sets.iter().find(|t| t.stage == j && !t.finished));
            m.reach = pick(focus.or(selected)).or_else(|| pick(s.focus)).map(ReachMarks::of_spark);
        }
    }
    m
}
