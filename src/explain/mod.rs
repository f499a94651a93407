//! The decision record: what happened in one heartbeat and why, as data, and its renderings.
//! The CLI and the page both render it (see `text`), in English and Chinese. The record wraps
//! the scheduler's own decision types (`sched::decision`); this module depends on `sched`,
//! never the other way round.

pub mod capacity_text;
pub mod code;
pub mod code_listings;
pub mod delay_text;
pub mod fair_text;
pub mod json;
pub mod lines;
pub mod report_text;
pub mod spark_text;
pub mod text;
pub mod tracker_text;
pub mod visit;

use crate::model::{AttemptId, Millis};
use serde::Serialize;

/// The schedulers' part of the record, defined in `sched::decision` (the schedulers own it).
pub use crate::sched::decision::{Assignment, Decision, JobLine, Why};

pub use crate::model::cluster::{ClusterSize, KillSent, TrackerChange};
pub use crate::model::task::KillReason;

/// A task report processed at the start of the heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reported {
    pub attempt: AttemptId,
    pub outcome: crate::model::cluster::AttemptEnd,
    /// A kill: why the JobTracker closed the attempt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kill: Option<KillReason>,
}

/// Everything that happened in one heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct HeartbeatRecord {
    /// 1-based heartbeat number in this run.
    pub hb: u64,
    pub time_ms: Millis,
    pub tracker: String,
    pub host: String,
    /// Trackers that joined or were lost since the previous heartbeat.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub tracker_changes: Vec<TrackerChange>,
    /// Attempts this tracker reported finished / failed before scheduling.
    pub reported: Vec<Reported>,
    /// Kills sent to this tracker in the response (`KillTaskAction`): those attempts keep their
    /// slots until the tracker reports them KILLED at its next heartbeat.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub kills: Vec<KillSent>,
    pub assigned: Vec<Assignment>,
    pub decision: Decision,
    /// The interval handed back to the tracker (`getNextHeartbeatInterval`).
    pub next_interval_ms: Millis,
}
