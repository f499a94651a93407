//! The decision record of one Spark offer round (or one direct `TaskSetManager.resourceOffer`
//! call, as Spark's `TaskSetManagerSuite` makes them), as data: the offers in the order every
//! pass walks them, each task set in `getSortedTaskSetQueue` order with its ladder of passes
//! (`TaskSchedulerImpl.resourceOffers`, `resourceOfferSingleTaskSet`), every
//! `resourceOffer` call with the level `getAllowedLocalityLevel` allowed and why each level
//! below it was passed, the launch or the reject, and the delay timer's reset (SPARK-18886,
//! or the legacy reset on launch). `explain::spark_text` renders it.

use super::conf::OfferOrder;
use super::locality::TaskLocality;
use crate::model::Millis;
use serde::Serialize;

/// What started the round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RoundKind {
    /// `makeOffers()`: every active executor, `isAllFreeResources = true`.
    Full,
    /// `makeOffers(executorId)` and other partial offers: `isAllFreeResources = false`.
    Partial,
    /// A direct `TaskSetManager.resourceOffer(execId, host, maxLocality)` call, no round.
    Direct,
}

/// One `WorkerOffer`: an executor, its host and its free cores.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Offer {
    pub executor: String,
    pub host: String,
    pub cores: u32,
}

/// A task launched: `TaskInfo.taskLocality` is what `dequeueTask` reported.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Launch {
    pub task_set: String,
    pub index: usize,
    pub executor: String,
    pub host: String,
    pub locality: TaskLocality,
    /// A speculative copy (`pendingSpeculatableTasks`) of a task already running.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub speculative: bool,
}

/// Why `getAllowedLocalityLevel` left a level, or stayed at it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LevelWhy {
    /// No task still to launch prefers this level (SPARK-4939): passed at once, timer = now.
    NoMoreTasks,
    /// Its wait ran out: passed, timer += the wait.
    WaitExpired,
    /// Still waiting: this is the allowed level.
    Waiting,
    /// The last valid level (ANY): nothing left to wait for.
    Last,
}

/// One level looked at by `getAllowedLocalityLevel`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelStep {
    pub level: TaskLocality,
    pub why: LevelWhy,
    /// `curTime - lastLocalityWaitResetTime` when the level was looked at.
    pub waited_ms: Millis,
    /// `localityWaits` of the level.
    pub wait_ms: Millis,
}

/// Why a task set refused an offer before looking at its tasks (never a reject).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Refused {
    Zombie,
    /// `TaskSetExcludelist.isNodeExcludedForTaskSet`.
    NodeExcluded,
    /// `TaskSetExcludelist.isExecutorExcludedForTaskSet`.
    ExecutorExcluded,
}

/// One `TaskSetManager.resourceOffer(execId, host, maxLocality)` call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Ask {
    pub executor: String,
    pub host: String,
    pub max_locality: TaskLocality,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refused: Option<Refused>,
    /// The levels `getAllowedLocalityLevel` went through (empty in the NO_PREF pass, which
    /// does not consult the clock, and for a refused offer).
    pub ladder: Vec<LevelStep>,
    /// The level `dequeueTask` was allowed: the clock's level capped at `max_locality`.
    pub allowed: TaskLocality,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub launched: Option<Launch>,
    /// A delay-schedule reject: nothing launched in the ANY pass although tasks are pending.
    pub reject: bool,
    /// Legacy mode: the launch reset the timer and moved the index to this level.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legacy_reset: Option<TaskLocality>,
}

/// One `resourceOfferSingleTaskSet` pass at `max_locality`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Pass {
    pub max_locality: TaskLocality,
    pub asks: Vec<Ask>,
}

/// The timer bookkeeping after a task set's ladder (SPARK-18886; `noRejectsSinceLastReset`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "outcome")]
pub enum ResetOutcome {
    /// `legacyResetOnTaskLaunch`: resets happen on each launch (see the asks), never here.
    Legacy,
    /// No reject and a launch in a full round, or in a partial one while no round rejected since
    /// the last reset: timer = now, index to the most local level launched.
    Reset { to: TaskLocality },
    /// No reject, no launch: nothing changes.
    NoLaunch,
    /// No reject and a launch, but a partial round after a rejecting one: no reset.
    NotSinceReject,
    /// Some offer was rejected: `noRejectsSinceLastReset` becomes false, no reset.
    Rejected { rejects: u32 },
}

/// A task set's valid levels changed (`recomputeLocality`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct LevelsChange {
    pub task_set: String,
    pub before: Vec<TaskLocality>,
    pub after: Vec<TaskLocality>,
    pub level_after: TaskLocality,
}

/// One task set's turn in the round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TaskSetTurn {
    pub task_set: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pool: Option<String>,
    pub levels: Vec<TaskLocality>,
    pub waits_ms: Vec<Millis>,
    pub passes: Vec<Pass>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reset: Option<ResetOutcome>,
    /// `myLocalityLevels(currentLocalityIndex)` and `lastLocalityWaitResetTime` after the turn.
    pub level_after: TaskLocality,
    pub timer_after_ms: Millis,
}

/// The whole round.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SparkDecision {
    pub round: RoundKind,
    pub offer_order: OfferOrder,
    /// The offers in the order every pass walks them (after the shuffle).
    pub offers: Vec<Offer>,
    /// Executors this round registered (`newExecAvail`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub new_executors: Vec<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub recomputed: Vec<LevelsChange>,
    pub task_sets: Vec<TaskSetTurn>,
    pub launches: Vec<Launch>,
}
