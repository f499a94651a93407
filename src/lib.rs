//! SchedScope: a classroom laboratory for Hadoop 1.x (MRv1) MapReduce task scheduling.
//!
//! The simulation core (`model`, `sched`, `sim`, `scenario`, `explain`) is pure Rust with no
//! browser dependency; `page` is the page's state and reducers, also without the browser;
//! `ui` (yew) renders it and is compiled only for `wasm32`. See `ARCHITECTURE.md`.

pub mod explain;
pub mod export;
pub mod i18n;
pub mod input;
pub mod json_locate;
pub mod lesson;
pub mod model;
pub mod page;
pub mod practice;
pub mod scenario;
pub mod sched;
pub mod share;
pub mod sim;
pub mod sort;

#[cfg(target_arch = "wasm32")]
pub mod ui;
