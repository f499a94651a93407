//! What the stage draws besides the slots: each scheduler's state at one heartbeat, read
//! from the engine and the heartbeat's decision record, ready to draw where the slots are
//! (the Fair Scheduler's delay-scheduling reach and level ladder, the Capacity Scheduler's
//! queue lanes, FIFO's padding gauge and load-factor caps). Pure data: the page and the tests
//! read it; nothing here decides anything a scheduler would not decide itself.

pub mod capacity;
pub mod fair;
pub mod fifo;
pub mod spark;

use super::Engine;
use crate::explain::{Decision, HeartbeatRecord};
use crate::sched::Scheduler;
use serde::Serialize;

pub use capacity::CapacityStage;
pub use fair::FairStage;
pub use fifo::FifoStage;
pub use spark::SparkStage;

/// One scheduler's state on the stage.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "scheduler")]
pub enum SchedStage {
    /// FIFO and `LimitTasksPerJob` (the FIFO gauge needs a FIFO record: `None` before the
    /// first heartbeat).
    Fifo(Option<FifoStage>),
    Fair(FairStage),
    Capacity(CapacityStage),
    Spark(SparkStage),
}

/// The order of the Capacity Scheduler's map queues before this heartbeat, with their ratios
/// then (read from earlier records, asked only for Capacity).
pub type OrderBefore<'a> = &'a dyn Fn() -> Option<Vec<(String, f64)>>;

/// The stage's scheduler state after heartbeat `last` (or before the first one).
pub fn build(e: &Engine, last: Option<&HeartbeatRecord>, before: OrderBefore) -> SchedStage {
    match &e.scheduler {
        Scheduler::Fair(fs) => SchedStage::Fair(fair::build(e, fs, last)),
        Scheduler::Capacity(cs) => SchedStage::Capacity(capacity::build(e, cs, last, before())),
        Scheduler::Fifo(_) | Scheduler::LimitTasksPerJob(_) => SchedStage::Fifo(last.and_then(|r| match &r.decision {
            Decision::Fifo(d) => Some(fifo::build(e, r, d)),
            _ => None,
        })),
        Scheduler::Spark(s) => SchedStage::Spark(spark::build(e, s, last)),
    }
}
