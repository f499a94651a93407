//! The yew page (wasm only). It renders `sim::view::ClusterView` and the current heartbeat's
//! decision record, and turns clicks and keys into `state::Action`s. The simulation itself
//! lives in the pure core; nothing here decides anything.

mod app;
mod grid;
mod state;
mod transport;
mod why;

pub use app::App;
pub use state::{Action, Lab, ScenarioEntry};
