//! What a question kind is given and gives back (not part of Hadoop): the seeded `Draw` its
//! scenario builder takes its choices from, the `Moment` its `pose` sees (the engine just
//! before and after one heartbeat, and that heartbeat's decision record), and the `Posed`
//! question it returns, whose expected answer it read from that record (`situation` runs the
//! scenario and turns a `Posed` into a `Question`).

use super::answer::{Answer, Form};
use super::difficulty::Difficulty;
use crate::explain::HeartbeatRecord;
use crate::lesson::Bi;
use crate::sim::Engine;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A seeded source of choices for scenario builders.
pub struct Draw(ChaCha8Rng);

impl Draw {
    pub fn new(seed: u64) -> Draw {
        Draw(ChaCha8Rng::seed_from_u64(seed))
    }
    pub fn u64(&mut self) -> u64 {
        self.0.next_u64()
    }
    /// Uniform in `lo..=hi`.
    pub fn range(&mut self, lo: i64, hi: i64) -> i64 {
        if hi <= lo {
            return lo;
        }
        lo + (self.0.next_u64() % (hi - lo + 1) as u64) as i64
    }
    /// True with probability `percent` / 100.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.0.next_u64() % 100 < percent
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.0.next_u64() % items.len() as u64) as usize]
    }
}

/// What a kind's `pose` sees.
pub struct Moment<'a> {
    /// The engine just before the heartbeat (what the stage shows).
    pub before: &'a Engine,
    /// The engine just after it (a Spark round's record does not say which task ended just
    /// before the round; the state after does).
    pub after: &'a Engine,
    pub prev: Option<&'a HeartbeatRecord>,
    /// The heartbeat asked about.
    pub rec: &'a HeartbeatRecord,
    pub difficulty: Difficulty,
}

/// A question as a kind poses it.
pub struct Posed {
    /// Which kind of situation (e.g. "padding exceeded" / "not reached"): a set spreads its
    /// questions over the categories instead of taking the most frequent one.
    pub category: u8,
    /// What the student is told beyond the stage, then the question itself (last line).
    pub prompt: Vec<Bi>,
    pub form: Form,
    pub expected: Answer,
    /// Whose code path the explanation shows.
    pub focus_job: Option<u32>,
    pub focus_queue: Option<String>,
}
