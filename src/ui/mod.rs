//! The yew page (wasm only). It renders `sim::view::ClusterView`, the current heartbeat's
//! decision record and the scheduler's panel, and turns clicks and keys into
//! `actions::Action`s. The simulation itself lives in the pure core; nothing here decides
//! anything. All browser I/O is in `platform`.

mod actions;
mod ahead;
mod app;
mod big_cluster;
mod cap_extras;
mod chart_svg;
mod charts;
mod code_view;
mod compare_state;
mod compare_view;
mod dialogs;
mod editor;
mod grid;
mod grid_canvas;
mod grid_dense;
mod icons;
mod jobs;
mod lesson_run;
mod log;
mod narrative;
mod panels;
pub mod platform;
mod state;
mod topbar;
mod trace_import;
mod transport;
mod why;

pub use actions::Action;
pub use app::App;
pub use state::{Lab, ScenarioEntry};

use crate::i18n::Lang;

/// An interface string (see `i18n::ui`).
pub fn t(lang: Lang, key: &str) -> &'static str {
    crate::i18n::ui(lang, key)
}

pub use crate::i18n::fill;
