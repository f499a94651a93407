//! The yew page (wasm only). It renders the page's state (`crate::page::Page`: the run, the
//! preferences, the side area, the lesson, practice, compare and embed states, each with its own
//! reducer, all compiled and tested natively) and turns clicks and keys into `page::Action`s.
//! The simulation itself lives in the pure core; nothing here decides anything. All browser
//! I/O is in `platform`; the state's storage is written after each change (`app`, effects).
//!
//! The folders follow what a user sees: `stage/` (the grid, the transport and one overlay per
//! scheduler), `side/` (why, code path, charts, jobs, log: the tabs beside the stage),
//! `lesson/` (the narrative card, predictions, pointing), `dialogs/` (editor, share, import,
//! help), `compare/` (compare mode), `practice/` (the question card, forms, results). The
//! shell (`app`, `topbar`, `embed`) stays here; `kit/` holds what every folder uses (the
//! reducer as yew's, `platform` for all browser I/O, the icons) and uses none of them.

mod app;
mod compare;
mod dialogs;
mod embed;
mod hant;
mod kit;
mod lesson;
mod practice;
mod side;
mod stage;
mod topbar;

pub use app::App;
pub use kit::{Dispatch, platform};

pub use crate::i18n::{fill, t, t_n};
