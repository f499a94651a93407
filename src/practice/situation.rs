//! Situations: a question kind's random scenario run by the engine, heartbeat by heartbeat,
//! until heartbeats where the kind's concept decides something; one of them is asked about.
//!
//! Everything is seeded (`ChaCha8Rng`): the same kind, seed and difficulty give the same
//! scenario, heartbeat and expected answer, natively and in the browser. A kind's `pose` sees
//! the engine just before the heartbeat, the previous record and the heartbeat's own record;
//! it reads the expected answer from that record.

use super::Difficulty;
use super::answer::{Answer, Form};
use super::kinds::moment::{Draw, Moment, Posed};
use super::kinds::{self, Kind};
use crate::explain::HeartbeatRecord;
use crate::explain::code::Focus;
use crate::lesson::Bi;
use crate::model::Millis;
use crate::sim::{Engine, Simulation};
use serde::Serialize;

/// Scenarios tried per question before giving up (each with its own seed).
pub const MAX_ATTEMPTS: u64 = 60;
/// Heartbeats run per scenario at most.
pub const MAX_HEARTBEATS: u64 = 400;
/// Candidate heartbeats collected per scenario before one is chosen.
pub const MAX_CANDIDATES: usize = 10;

/// `splitmix64`: spreads consecutive seeds apart.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// One generated question.
#[derive(Debug, Clone, Serialize)]
pub struct Question {
    pub kind: &'static str,
    pub concept: &'static str,
    pub difficulty: Difficulty,
    pub seed: u64,
    /// The scenario (JSON text): load it and go to heartbeat `hb - 1` to show the stage.
    pub scenario: String,
    /// The heartbeat asked about.
    pub hb: u64,
    pub tracker: String,
    pub time_ms: Millis,
    pub prompt: Vec<Bi>,
    pub form: Form,
    pub expected: Answer,
    pub focus_job: Option<u32>,
    pub focus_queue: Option<String>,
    /// The engine's record of heartbeat `hb`: the answer and its explanation.
    #[serde(skip)]
    pub record: HeartbeatRecord,
}

impl Question {
    /// The simulation at the moment of the question (heartbeat `hb - 1`).
    pub fn simulation(&self) -> Simulation {
        let mut sim = Simulation::from_json(&self.scenario).expect("a generated scenario is valid");
        sim.go_to(self.hb - 1);
        sim
    }
    /// FNV-1a 64 of the question as JSON and of its record: the same on every platform (the
    /// browser test compares it with the native one).
    pub fn fingerprint(&self) -> String {
        let text =
            serde_json::to_string(self).unwrap_or_default() + &serde_json::to_string(&self.record).unwrap_or_default();
        let h = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x0100_0000_01b3));
        format!("{h:016x}")
    }
    /// The code view's focus.
    pub fn focus(&self) -> Focus {
        Focus { job: self.focus_job, queue: self.focus_queue.clone() }
    }
}

struct Candidate {
    hb: u64,
    posed: Posed,
    record: HeartbeatRecord,
}

/// Generate a question of `kind` from `seed`. `None` only if no scenario in `MAX_ATTEMPTS`
/// had a fitting heartbeat (the property tests check that this does not happen).
pub fn generate(kind: &'static Kind, seed: u64, difficulty: Difficulty) -> Option<Question> {
    for attempt in 0..MAX_ATTEMPTS {
        let mut draw = Draw::new(mix(seed ^ mix(attempt.wrapping_add(kind_salt(kind)))));
        let value = (kind.scenario)(&mut draw, difficulty);
        let variant = draw.u64();
        let Some(q) = try_scenario(kind, seed, difficulty, value, variant) else { continue };
        return Some(q);
    }
    None
}

fn kind_salt(kind: &Kind) -> u64 {
    kind.id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ b as u64).wrapping_mul(0x100_0000_01b3))
}

fn try_scenario(
    kind: &'static Kind,
    seed: u64,
    difficulty: Difficulty,
    value: serde_json::Value,
    variant: u64,
) -> Option<Question> {
    let scenario = crate::scenario::from_value(&value).ok()?;
    let mut engine = Engine::new(scenario).ok()?;
    let mut prev: Option<HeartbeatRecord> = None;
    // Candidates of the wanted category, and (fewer) of any other as a fallback.
    let wanted = (variant % kind.categories.max(1) as u64) as u8;
    let (mut found, mut other): (Vec<Candidate>, Vec<Candidate>) = (Vec::new(), Vec::new());
    while engine.hb < MAX_HEARTBEATS && found.len() < MAX_CANDIDATES {
        let before = engine.clone();
        let Some(rec) = engine.next_heartbeat() else { break };
        let m = Moment { before: &before, after: &engine, prev: prev.as_ref(), rec: &rec, difficulty };
        if let Some(posed) = (kind.pose)(&m) {
            let c = Candidate { hb: rec.hb, posed, record: rec.clone() };
            if c.posed.category == wanted {
                found.push(c);
            } else if other.len() < MAX_CANDIDATES {
                other.push(c);
            }
        }
        prev = Some(rec);
    }
    if found.is_empty() {
        found = other;
    }
    if found.is_empty() {
        return None;
    }
    let i = ((variant >> 8) % found.len() as u64) as usize;
    let c = found.swap_remove(i);
    Some(Question {
        kind: kind.id,
        concept: kind.concept,
        difficulty,
        seed,
        scenario: value.to_string(),
        hb: c.hb,
        tracker: c.record.tracker.clone(),
        time_ms: c.record.time_ms,
        prompt: c.posed.prompt,
        form: c.posed.form,
        expected: c.posed.expected,
        focus_job: c.posed.focus_job,
        focus_queue: c.posed.focus_queue,
        record: c.record,
    })
}

/// The sample both the native and the browser tests fingerprint: three seeds of every kind,
/// one at each difficulty, and a whole set.
pub fn fingerprint_sample() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for k in kinds::KINDS {
        for (i, d) in Difficulty::ALL.into_iter().enumerate() {
            let seed = 1_000 + 17 * i as u64;
            let fp = generate(k, seed, d).map(|q| q.fingerprint()).unwrap_or_default();
            out.push((format!("{}/{}/{}", k.id, seed, d.as_str()), fp));
        }
    }
    let set = super::SetSpec::parse_link("p=1&c=all&d=hard&seed=2024&n=6").expect("a valid link");
    for (i, q) in set.questions().iter().enumerate() {
        out.push((format!("set p=1&c=all&d=hard&seed=2024&n=6 #{}", i + 1), q.fingerprint()));
    }
    out
}

/// Generate a question by kind id.
pub fn generate_by_id(kind: &str, seed: u64, difficulty: Difficulty) -> Option<Question> {
    generate(kinds::by_id(kind)?, seed, difficulty)
}
