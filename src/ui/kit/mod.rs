//! What every part of the page uses and nothing of the page's own: the reducer as yew's
//! (`Dispatch`), the browser's I/O (`platform`), the icons, and the scheduler switch's list.
//! It uses no other folder of `ui`, so the folders (`stage`, `side`, `dialogs`, `compare`,
//! `practice`, `lesson`) can depend on it and on each other one way only (`tests/modules.rs`).

pub mod icons;
pub mod num;
pub mod platform;
mod store;

pub use store::{Dispatch, browser};

use crate::i18n::{Text, k};

/// Schedulers the switch offers: (scenario name, its phrase).
pub const SCHEDULERS: [(&str, Text); 4] = [
    ("fifo", k::sched_fifo),
    ("limit_tasks_per_job", k::sched_limit),
    ("fair", k::sched_fair),
    ("capacity", k::sched_capacity),
];
