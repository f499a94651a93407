//! Experiments over whole runs, above the engine and its metrics: compare mode (one workload
//! under several schedulers or delays, `compare`) and the delay-scheduling sweep (`sweep`).
//! They name `sim` and `sim::metrics`; nothing in `sim` names them, so the dependencies run one
//! way. Re-exported as `sim::compare` and `sim::sweep`.

pub mod compare;
pub mod sweep;
