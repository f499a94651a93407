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
//! shell (`app`, `topbar`), `store` (the reducer as yew's) and `platform` stay here.

mod app;
mod compare;
mod dialogs;
mod embed;
mod hant;
mod icons;
mod lesson;
pub mod platform;
mod practice;
mod side;
mod stage;
mod store;
mod topbar;

pub use app::App;
pub use store::Dispatch;

pub use crate::i18n::{fill, t, t_n};
