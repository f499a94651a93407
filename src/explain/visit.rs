//! A heartbeat in slow motion: the scheduler's visits inside one `assignTasks` call, in the
//! order it made them, each with the values it decided with (`docs/slow-motion.md`). This is
//! the one per-visit shape of the decision record: the page plays it sub-step by sub-step,
//! lessons stop at a visit, and the stage, the Why panel and the code view read the same
//! entries. It is read from the heartbeat's record, which each scheduler fills as it decides
//! (`JobQueueTaskScheduler.assignTasks`' slot loop, `FairScheduler.assignTasks`' turns,
//! `CapacityTaskScheduler.assignTasks`' lookups); visits the record counts rather than lists
//! (beyond its 40 lines) are one grouped sub-step.
//!
//! Every sequence ends with `Step::End`, the heartbeat's after-state: every assignment
//! launched. A sub-step's `launched` says how many of the record's assignments (a prefix of
//! `assigned`, which each scheduler appends in visit order) have launched once it is done, so
//! the grid at a sub-step is the after-state with the later launches not yet made.

mod capacity;
mod fair;
mod fifo;
pub mod text;

use super::code_listings::Method;
use super::{Decision, HeartbeatRecord};
use crate::model::TaskType;
use crate::sched::capacity::decision::{JobVisit as CapacityJobVisit, PhaseStop, QueueStanding, ReservationStep};
use crate::sched::common::assignment::Why;
use crate::sched::fair::decision::{JobVisit as FairJobVisit, PoolLine, Rejected, TypeChoice};
use crate::sched::fair::delay::WaitGrowth;
use crate::sched::fifo::{LoadCalc, MapStop, MapTry, PaddingCheck, ReduceStop};
use serde::Serialize;

/// What one sub-step shows: the check the scheduler made and what it found.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "what")]
pub enum Step {
    /// FIFO: the load factor and the tracker's current capacity for one task type.
    FifoLoad { calc: LoadCalc },
    /// FIFO: `exceededPadding` for one task type.
    FifoPadding { check: PaddingCheck },
    /// FIFO: one `obtainNew*MapTask` call for a map slot.
    FifoMap { visit: MapTry },
    /// FIFO: one job asked for the heartbeat's reduce.
    FifoReduce { job: u32, assigned: Option<usize>, why: Option<Why> },
    /// FIFO: why the map loop ended.
    FifoMapStop { stop: MapStop },
    /// FIFO: why the reduce loop ended.
    FifoReduceStop { stop: ReduceStop },
    /// Fair: `updateLocalityWaitTimes`, the time since the previous heartbeat charged to the
    /// jobs skipped then.
    FairWaits { delta_ms: i64, growth: Vec<WaitGrowth> },
    /// Fair: a turn of the main loop: its task type and the pools sorted for it.
    FairTurn { choice: TypeChoice, order: Vec<PoolLine> },
    /// Fair: a pool at its maximum share, whose jobs are not asked.
    FairPoolAtMax { pool: String, running: i64, max: i64 },
    /// Fair: one job asked for a task (its allowed level for maps).
    FairJob { pool: String, visit: FairJobVisit },
    /// Fair: a task type stops being offered.
    FairRejected { why: Rejected },
    /// Fair: the jobs visited for a map that launched none: `skippedAtLastHeartbeat = true`,
    /// so the next heartbeat charges them its wait.
    FairSkipped { jobs: Vec<u32> },
    /// Capacity: the queues sorted for one lookup (`QueueComparator`).
    CapacityOrder { available: i32, order: Vec<QueueStanding> },
    /// Capacity: the reservation check at the start of a lookup.
    CapacityReservation { reservation: ReservationStep },
    /// Capacity: a queue at its maximum capacity.
    CapacityQueueMax { queue: String, standing: Option<QueueStanding> },
    /// Capacity: one job asked, with its queue's standing at the lookup.
    CapacityJob { queue: String, standing: Option<QueueStanding>, visit: CapacityJobVisit },
    /// Capacity: why a phase (maps or reduces) ended.
    CapacityStop { stop: PhaseStop },
    /// Visits the record counts but does not list: `count` jobs of `group` (a pool or a queue,
    /// when there is one) asked and passed over.
    Unlisted { count: u32, group: Option<String> },
    /// The heartbeat's after-state.
    End,
}

/// Every `Step`'s name (its `what` in JSON), as lessons name them.
pub const STEP_NAMES: &[&str] = &[
    "fifo_load",
    "fifo_padding",
    "fifo_map",
    "fifo_reduce",
    "fifo_map_stop",
    "fifo_reduce_stop",
    "fair_waits",
    "fair_turn",
    "fair_pool_at_max",
    "fair_job",
    "fair_rejected",
    "fair_skipped",
    "capacity_order",
    "capacity_reservation",
    "capacity_queue_max",
    "capacity_job",
    "capacity_stop",
    "unlisted",
    "end",
];

impl Step {
    /// The step's name (`STEP_NAMES`; its `what` in JSON).
    pub fn name(&self) -> &'static str {
        match self {
            Step::FifoLoad { .. } => "fifo_load",
            Step::FifoPadding { .. } => "fifo_padding",
            Step::FifoMap { .. } => "fifo_map",
            Step::FifoReduce { .. } => "fifo_reduce",
            Step::FifoMapStop { .. } => "fifo_map_stop",
            Step::FifoReduceStop { .. } => "fifo_reduce_stop",
            Step::FairWaits { .. } => "fair_waits",
            Step::FairTurn { .. } => "fair_turn",
            Step::FairPoolAtMax { .. } => "fair_pool_at_max",
            Step::FairJob { .. } => "fair_job",
            Step::FairRejected { .. } => "fair_rejected",
            Step::FairSkipped { .. } => "fair_skipped",
            Step::CapacityOrder { .. } => "capacity_order",
            Step::CapacityReservation { .. } => "capacity_reservation",
            Step::CapacityQueueMax { .. } => "capacity_queue_max",
            Step::CapacityJob { .. } => "capacity_job",
            Step::CapacityStop { .. } => "capacity_stop",
            Step::Unlisted { .. } => "unlisted",
            Step::End => "end",
        }
    }
}

/// One sub-step of a heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Visit {
    /// The task type being assigned (`None`: the heartbeat as a whole).
    pub kind: Option<TaskType>,
    pub step: Step,
    /// How many of the heartbeat's assignments have launched once this sub-step is done.
    pub launched: usize,
    /// The assignment (index into the record's `assigned`) this sub-step launched.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub launch: Option<usize>,
    /// The listing line that decided, if the code view has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub code: Option<CodeAt>,
}

/// Where a visit sits in the code view: a listing (`code_listings`) and the index of the line
/// that decided.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodeAt {
    pub method: &'static str,
    pub line: usize,
}

impl CodeAt {
    /// The first line of `m` in branch `branch` whose English text contains `frag`.
    fn at(m: &Method, branch: &str, frag: &str) -> Option<CodeAt> {
        let line = m.lines.iter().position(|l| l.branch == branch && l.text.contains(frag))?;
        Some(CodeAt { method: m.id, line })
    }
}

impl Visit {
    /// The job this sub-step asks, if it asks one.
    pub fn job(&self) -> Option<u32> {
        match &self.step {
            Step::FifoMap { visit } => Some(visit.job),
            Step::FifoReduce { job, .. } => Some(*job),
            Step::FairJob { visit, .. } => Some(visit.job),
            Step::CapacityJob { visit, .. } => Some(visit.job),
            _ => None,
        }
    }

    /// The pool or queue this sub-step is about, if any.
    pub fn group(&self) -> Option<&str> {
        match &self.step {
            Step::FairJob { pool, .. } | Step::FairPoolAtMax { pool, .. } => Some(pool),
            Step::CapacityJob { queue, .. } | Step::CapacityQueueMax { queue, .. } => Some(queue),
            Step::Unlisted { group, .. } => group.as_deref(),
            _ => None,
        }
    }

    /// The values this sub-step decided with, by the name of the Hadoop variable that holds
    /// them (the code view's names), as the page shows them.
    pub fn values(&self) -> Vec<(&'static str, String)> {
        let secs = |ms: i64| format!("{:.1} s", ms as f64 / 1000.0);
        match &self.step {
            Step::FifoLoad { calc: c } => vec![
                ("loadFactor", format!("{:.2}", c.load_factor)),
                ("trackerCurrentCapacity", c.tracker_current_capacity.to_string()),
                ("trackerRunning", c.tracker_running.to_string()),
                ("availableSlots", c.available.max(0).to_string()),
            ],
            Step::FifoPadding { check: p } => vec![
                ("totalTasks", p.total_tasks.to_string()),
                ("padding", p.padding.to_string()),
                ("totalTaskCapacity", p.total_capacity.to_string()),
                ("exceededPadding", p.exceeded.to_string()),
            ],
            Step::FairWaits { delta_ms, .. } => vec![("now − lastHeartbeatTime", secs(*delta_ms))],
            Step::FairJob { visit, .. } => match &visit.allowed {
                Some(a) => vec![
                    ("lastMapLocalityLevel", a.last_level.as_str().to_string()),
                    ("timeWaitedForLocalMap", secs(a.waited_ms)),
                    ("nodeLocalityDelay", secs(a.node_delay_ms)),
                    ("rackLocalityDelay", secs(a.rack_delay_ms)),
                    ("allowed", a.level.as_str().to_string()),
                ],
                None => Vec::new(),
            },
            Step::FairPoolAtMax { running, max, .. } => {
                vec![("running", running.to_string()), ("maxShare", max.to_string())]
            }
            Step::CapacityJob { standing, visit, .. } => {
                let mut out: Vec<(&'static str, String)> =
                    standing.iter().map(|s| ("used / capacity", format!("{} / {}", s.used, s.capacity))).collect();
                use crate::sched::capacity::decision::JobVerdict as V;
                match &visit.verdict {
                    V::UserLimit { calc, .. } | V::Assigned { user_limit: Some(calc), .. } => {
                        out.push(("occupiedByUser", calc.user_holds.to_string()));
                        out.push(("limit", calc.limit.to_string()));
                    }
                    V::MaxCapacity { used, slots, max } => {
                        out.push(("occupied + n", format!("{used} + {slots}")));
                        out.push(("maximumCapacity", max.to_string()));
                    }
                    V::LocalityWait { opportunities, required_slots, .. } => {
                        out.push(("numSchedulingOpportunities", opportunities.to_string()));
                        out.push(("requiredSlots", required_slots.to_string()));
                    }
                    _ => {}
                }
                out
            }
            Step::CapacityQueueMax { standing: Some(s), .. } => {
                vec![
                    ("used / capacity", format!("{} / {}", s.used, s.capacity)),
                    ("maximumCapacity", s.max_capacity.to_string()),
                ]
            }
            _ => Vec::new(),
        }
    }
}

/// Builds a sequence, keeping `launched` a running prefix.
struct Seq {
    out: Vec<Visit>,
    launched: usize,
}

impl Seq {
    fn new() -> Seq {
        Seq { out: Vec::new(), launched: 0 }
    }
    /// Add a sub-step; `launch` is the assignment it launched, if any.
    fn push(&mut self, kind: Option<TaskType>, step: Step, launch: Option<usize>, code: Option<CodeAt>) {
        if let Some(i) = launch {
            self.launched = self.launched.max(i + 1);
        }
        self.out.push(Visit { kind, step, launched: self.launched, launch, code });
    }
    fn end(mut self, total: usize) -> Vec<Visit> {
        self.launched = total;
        self.push(None, Step::End, None, None);
        self.out
    }
}

/// The sub-steps of heartbeat `rec`, in the scheduler's order, ending with `Step::End`.
/// A scheduler without a per-visit record (`LimitTasksPerJob`, a Spark offer round) has the
/// end alone.
pub fn visits(rec: &HeartbeatRecord) -> Vec<Visit> {
    let mut s = Seq::new();
    match &rec.decision {
        Decision::Fifo(d) => fifo::visits(d, &mut s),
        Decision::Fair(d) => fair::visits(d, &mut s),
        Decision::Capacity(d) => capacity::visits(d, &mut s),
        Decision::LimitTasksPerJob(_) | Decision::Spark(_) => {}
    }
    s.end(rec.assigned.len())
}

/// Whether the heartbeat has visits to play (more than its end).
pub fn has_visits(rec: &HeartbeatRecord) -> bool {
    visits(rec).len() > 1
}
