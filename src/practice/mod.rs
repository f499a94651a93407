//! Practice mode (issue 15): endless graded questions generated from the real schedulers.
//!
//! A question is a small random cluster and workload (a scenario, from a seed) run by the
//! engine to a heartbeat where one lesson concept decides something: a locality level changes,
//! padding bites, a re-sort changes the queue order, a high-memory job reserves a tracker. The
//! student sees the stage just before that heartbeat and predicts what the scheduler will do;
//! the expected answer is read from the engine's own decision record of that heartbeat (never
//! computed by a second implementation of the rules), and the explanation is that record in
//! words (`explain::text`) and its code path (`explain::code`).
//!
//! * `kinds/` — the question kinds, at least one per lesson concept (`CONCEPTS`): each builds
//!   random scenarios for its scheduler and recognises, from the decision records, the
//!   heartbeats where its concept decides something. What a kind is given and gives back is
//!   there too, so `kinds/` names nothing of this folder: `kinds/moment.rs` (`Draw`, `Moment`,
//!   `Posed`), `kinds/difficulty.rs` (`Difficulty`) and `kinds/answer.rs` (answer forms —
//!   choose, order, number, pick on the grid — and grading), re-exported here.
//! * `situation.rs` — running a generated scenario and choosing the heartbeat to ask about.
//! * `set.rs` — a set of questions (concepts, difficulty, seed, count) and its link.
//! * `result.rs` — per-concept score, the CSV of the answers and the result code.
//! * `words.rs` — prompts, answers and mistakes in English and Chinese.

pub mod kinds;
pub mod result;
pub mod set;
pub mod situation;
pub mod words;

pub use kinds::answer::{self, Answer, Form, Grade, Mistake, Pickable, Token};
pub use kinds::difficulty::Difficulty;
pub use set::SetSpec;
pub use situation::Question;

use crate::lesson::Bi;

/// The lesson concepts (issue 12), in the order sets list them: id, scheduler, title.
pub const CONCEPTS: [(&str, &str, &str, &str); 19] = [
    ("fifo.small_jobs", "fifo", "FIFO job order: small jobs wait", "FIFO 作业顺序：小作业等待"),
    ("fifo.multi_assign", "fifo", "FIFO: several maps per heartbeat", "FIFO：一次心跳分配多个 map"),
    ("fifo.load_factor", "fifo", "FIFO load factor", "FIFO 负载因子"),
    ("fifo.padding", "fifo", "FIFO padding", "FIFO padding"),
    ("fifo.off_switch", "fifo", "FIFO: one off-switch map per heartbeat", "FIFO：每次心跳至多一个 off-switch map"),
    ("fifo.one_reduce", "fifo", "FIFO: one reduce per heartbeat", "FIFO：每次心跳至多一个 reduce"),
    ("fair.shares", "fair", "Fair shares and pool order", "公平份额与资源池顺序"),
    ("fair.delay", "fair", "Delay scheduling", "延迟调度"),
    ("fair.starvation", "fair", "Starvation overrides the delay", "饥饿时跳过延迟"),
    ("fair.assign_multiple", "fair", "assignmultiple and the load cap", "assignmultiple 与负载上限"),
    ("fair.preemption", "fair", "Preemption", "抢占"),
    ("capacity.capacity", "capacity", "Capacity and maximum capacity", "容量与最大容量"),
    ("capacity.queue_order", "capacity", "Queue order", "队列顺序"),
    ("capacity.user_limits", "capacity", "User limits", "用户资源上限"),
    ("capacity.admission", "capacity", "Admission and lazy initialisation", "作业准入与延迟初始化"),
    ("capacity.high_memory", "capacity", "High-memory jobs and reservations", "大内存作业与预留"),
    ("capacity.locality_delay", "capacity", "Waiting for locality", "等待数据本地性"),
    ("capacity.tasks_per_heartbeat", "capacity", "Tasks per heartbeat", "每次心跳的任务数"),
    ("spark.delay", "spark", "Delay scheduling in Spark", "Spark 的延迟调度"),
];

/// The position of a concept id in `CONCEPTS`.
pub fn concept_index(id: &str) -> Option<usize> {
    CONCEPTS.iter().position(|c| c.0 == id)
}

/// A concept's title in both languages.
pub fn concept_title(id: &str) -> Bi {
    match CONCEPTS.iter().find(|c| c.0 == id) {
        Some(c) => Bi { en: c.2.into(), zh: c.3.into() },
        None => Bi { en: id.into(), zh: id.into() },
    }
}
