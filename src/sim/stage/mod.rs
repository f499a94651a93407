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

/// One scheduler's state on the stage. As JSON: the scheduler's fields with `scheduler`
/// (`fifo`, `fair`, `capacity`, `spark`) beside them; FIFO before its first heartbeat is
/// `{"scheduler": "fifo"}`.
#[derive(Debug, Clone, PartialEq)]
pub enum SchedStage {
    /// FIFO and `LimitTasksPerJob` (the FIFO gauge needs a FIFO record: `None` before the
    /// first heartbeat).
    Fifo(Option<FifoStage>),
    Fair(FairStage),
    Capacity(CapacityStage),
    Spark(SparkStage),
}

impl Serialize for SchedStage {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let (name, fields) = match self {
            SchedStage::Fifo(f) => ("fifo", serde_json::to_value(f)),
            SchedStage::Fair(f) => ("fair", serde_json::to_value(f)),
            SchedStage::Capacity(c) => ("capacity", serde_json::to_value(c)),
            SchedStage::Spark(s) => ("spark", serde_json::to_value(s)),
        };
        let fields = fields.map_err(S::Error::custom)?;
        let mut m = ser.serialize_map(None)?;
        m.serialize_entry("scheduler", name)?;
        if let serde_json::Value::Object(o) = fields {
            for (k, v) in o {
                m.serialize_entry(&k, &v)?;
            }
        }
        m.end()
    }
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
