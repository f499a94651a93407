//! The decision part of a heartbeat record, as data: `Decision`, one variant per scheduler,
//! each variant's type defined beside the scheduler that fills it (`FifoDecision`,
//! `CapacityDecision`, ...). `explain` only renders them, so the dependency runs one way:
//! `explain` → `sched`, never back. What every scheduler returns besides its decision
//! (`Assignment`, `JobLine`, `Why`) is in `common::assignment`, re-exported here.

use super::capacity::decision::CapacityDecision;
use super::fair::decision::FairDecision;
use super::fifo::FifoDecision;
use super::limit_tasks::LimitDecision;
use super::spark::decision::SparkDecision;
use serde::Serialize;

pub use super::common::assignment::{Assignment, JobLine, Why, f32_as_decimal};

/// The per-scheduler part of the record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "scheduler")]
pub enum Decision {
    Fifo(FifoDecision),
    LimitTasksPerJob(LimitDecision),
    Capacity(CapacityDecision),
    Fair(FairDecision),
    /// One Spark offer round (or direct `resourceOffer` call).
    Spark(Box<SparkDecision>),
}
