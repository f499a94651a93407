//! The yew page (wasm only). It renders `sim::view::ClusterView`, the current heartbeat's
//! decision record and the scheduler's state, and turns clicks and keys into
//! `actions::Action`s. The simulation itself lives in the pure core; nothing here decides
//! anything. All browser I/O is in `platform`.
//!
//! The folders follow what a user sees: `stage/` (the grid, the transport and one overlay per
//! scheduler), `side/` (why, code path, charts, jobs, log: the tabs beside the stage),
//! `lesson/` (the narrative card, predictions, pointing), `dialogs/` (editor, share, import,
//! help), `compare/` (compare mode). The shell (`app`, `topbar`), the one reducer
//! (`state` + `actions`, `links` for opening share links, `ahead` for computing the run ahead) and `platform` stay here.

mod actions;
mod ahead;
mod app;
mod big_cluster;
mod compare;
mod dialogs;
mod embed;
mod hant;
mod icons;
mod lesson;
mod links;
pub mod platform;
mod practice;
mod scenarios;
mod side;
mod stage;
mod state;
mod topbar;

pub use actions::Action;
pub use app::App;
pub use state::{Lab, ScenarioEntry};

use crate::i18n::Lang;

/// An interface string (see `i18n::ui`).
pub fn t(lang: Lang, key: &str) -> &'static str {
    crate::i18n::ui(lang, key)
}

pub use crate::i18n::fill;

/// An interface string that depends on a count: `key_one` when `n` is 1 (if it exists).
pub fn t_n(lang: Lang, key: &str, n: usize) -> &'static str {
    let one = format!("{key}_one");
    match (n, crate::i18n::ui(lang, &one)) {
        (1, s) if s != "?" => s,
        _ => crate::i18n::ui(lang, key),
    }
}
