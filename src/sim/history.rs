//! Stepping both ways at any scale: engine checkpoints plus deterministic replay, and a bounded
//! window of heartbeat records.
//!
//! * **Checkpoints.** Placed by replay cost, counted in job visits from each heartbeat's record
//!   (`history/cost.rs`): the start, then one wherever the run's cumulative cost reaches a
//!   multiple of `spacing` (`CHECKPOINT_VISITS` at first), so the replay behind any back-step
//!   or jump costs less than `spacing` plus the target heartbeat's own cost
//!   (`replay_bound`), whatever the scheduler and however busy that part of the run.
//!   A checkpoint is a clone of the engine, whose big parts (jobs, their TIPs and task
//!   caches, trackers, topology) are shared copy-on-write (`model::chunked`, `model::cluster::sharing`):
//!   a checkpoint holds its own copy only of what changed after it was taken, and history
//!   measures that (`Engine::bytes_not_shared_with`). When there are more than
//!   `MAX_CHECKPOINTS`, or their measured memory passes `CHECKPOINT_BUDGET_BYTES`, the spacing
//!   doubles (and with it the bound), keeping the checkpoints the doubled spacing places, so
//!   their number and memory stay bounded however long the run (`history/checkpoints.rs`,
//!   which also spreads the work of thinning over the following heartbeats).
//! * **Near checkpoints.** A replay towards heartbeat `t` also leaves a few checkpoints just
//!   before `t` (every `NEAR_EVERY` heartbeats), so stepping back again and again from there
//!   replays at most `NEAR_EVERY` heartbeats each time. At most `NEAR_MAX` are kept.
//! * **Records.** Every heartbeat's record is kept while the run has at most `RECORDS_KEPT`
//!   heartbeats (every classroom scenario); past that, `records()` is a window of at most that
//!   many consecutive records (`records_start()` says where it begins), the one of the current
//!   heartbeat is always at hand (`last_record`), and any other is recomputed on demand
//!   (`record_at`, `for_each_record`).

use super::view::{self, ClusterView};
use super::{CheckFailure, Engine};
use crate::explain::HeartbeatRecord;
use crate::model::Millis;
use crate::scenario::{self, Scenario, ScenarioErrors};

mod checkpoints;
pub mod cost;
mod records;
use checkpoints::Checkpoints;
pub use checkpoints::{CHECKPOINT_BUDGET_BYTES, CHECKPOINT_VISITS, MAX_CHECKPOINTS, MIN_CHECKPOINTS, TARGET_VISITS};

/// Spacing of the checkpoints a replay leaves just before where it stops.
pub const NEAR_EVERY: u64 = 16;
/// At most this many near checkpoints.
pub const NEAR_MAX: usize = 6;
/// Records kept in memory.
pub const RECORDS_KEPT: usize = 2_000;

/// A simulation that can be stepped forward and back, scrubbed and jumped.
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The engine at heartbeat `engine.hb`.
    engine: Engine,
    /// The record of heartbeat `engine.hb` when it is not in `records` (most of the time it
    /// is, and this is empty: the record is not kept twice).
    current: Option<HeartbeatRecord>,
    /// Spaced checkpoints (`checkpoints.rs`).
    checkpoints: Checkpoints,
    /// Checkpoints left by replays, most recent last.
    near: Vec<Engine>,
    /// The furthest engine reached (and its record), so returning there is cheap.
    frontier: Option<(Engine, Option<HeartbeatRecord>)>,
    /// Records of heartbeats `records_start + 1 ..= records_start + records.len()`.
    records: Vec<HeartbeatRecord>,
    records_start: u64,
    /// Heartbeats computed so far.
    known: u64,
    ended_at: Option<u64>,
    /// The replay cost (`cost.rs`) of the heartbeats the latest move replayed.
    replayed: u64,
}

impl Simulation {
    pub fn new(s: Scenario) -> Result<Simulation, ScenarioErrors> {
        let engine = Engine::create(s).map_err(|e| ScenarioErrors::of(vec![e]))?;
        Ok(Simulation {
            checkpoints: Checkpoints::new(engine.clone()),
            engine,
            current: None,
            near: Vec::new(),
            frontier: None,
            records: Vec::new(),
            records_start: 0,
            known: 0,
            ended_at: None,
            replayed: 0,
        })
    }

    pub fn from_json(json: &str) -> Result<Simulation, ScenarioErrors> {
        Simulation::new(scenario::parse(json)?)
    }

    pub fn scenario(&self) -> &Scenario {
        &self.engine.scenario
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Current heartbeat (0 = before the first).
    pub fn hb(&self) -> u64 {
        self.engine.hb
    }

    pub fn time_ms(&self) -> Millis {
        self.engine.cluster.now
    }

    /// Heartbeats computed so far (the timeline's known extent).
    pub fn total_hbs_known(&self) -> u64 {
        self.known
    }

    /// The run has ended and we are at its last heartbeat.
    pub fn finished(&self) -> bool {
        self.ended_at == Some(self.engine.hb)
    }

    /// Whether the whole run's length is known.
    pub fn end_known(&self) -> Option<u64> {
        self.ended_at
    }

    pub fn last_record(&self) -> Option<&HeartbeatRecord> {
        self.record(self.engine.hb)
    }

    pub fn failures(&self) -> &[CheckFailure] {
        &self.engine.failures
    }

    /// The step that could not run, where the run stopped (`sim::validate` reports it too).
    pub fn stopped(&self) -> Option<&CheckFailure> {
        self.engine.stopped.as_ref()
    }

    /// A freshly computed heartbeat at the frontier: count it, keep it, checkpoint if due.
    fn computed(&mut self, rec: HeartbeatRecord) {
        self.known = self.engine.hb;
        let c = cost::replay_cost(&rec);
        self.keep_current(rec);
        self.checkpoints.on_frontier(&self.engine, c);
    }

    /// Set the checkpoints' memory budget (from the start of a run; a smaller one makes jumps
    /// replay longer).
    pub fn set_checkpoint_budget(&mut self, bytes: usize) {
        self.checkpoints.set_budget(bytes);
    }

    /// Place the spaced checkpoints every `visits` of replay cost rather than every
    /// `CHECKPOINT_VISITS` (from the start of a run; for tests and measurements).
    pub fn set_checkpoint_spacing(&mut self, visits: u64) {
        self.checkpoints.set_spacing(visits);
    }

    /// The spaced checkpoints' memory: measured, or an upper bound for pairs merged by the
    /// latest thinning and not yet measured again (`settle_history` measures them).
    pub fn checkpoint_memory(&self) -> usize {
        self.checkpoints.memory()
    }

    /// Finish history's spread-out bookkeeping now (measure merged checkpoints, free dropped
    /// ones): for measurements.
    pub fn settle_history(&mut self) {
        self.checkpoints.settle();
    }

    /// The replay cost between spaced checkpoints now, in job visits (`CHECKPOINT_VISITS`
    /// unless the memory budget or the count doubled it).
    pub fn checkpoint_spacing(&self) -> u64 {
        self.checkpoints.spacing()
    }

    /// What any back-step or jump replays at most, in job visits: less than the spacing before
    /// the target heartbeat, plus the target's own cost (at most the costliest heartbeat
    /// computed so far).
    pub fn replay_bound(&self) -> u64 {
        self.checkpoints.replay_bound()
    }

    /// The replay cost of the heartbeats computed so far, in job visits.
    pub fn total_cost(&self) -> u64 {
        self.checkpoints.total_cost()
    }

    /// What the latest move (`step_forward`, `step_back`, `go_to`) replayed, in job visits
    /// (heartbeats computed for the first time are not a replay).
    pub fn last_replay_cost(&self) -> u64 {
        self.replayed
    }

    /// Run to the next heartbeat. Returns false when the run has ended.
    pub fn step_forward(&mut self) -> bool {
        self.replayed = 0;
        self.forward()
    }

    fn forward(&mut self) -> bool {
        let hb = self.engine.hb;
        if hb < self.known {
            if let Some((f, rec)) = &self.frontier {
                if f.hb == hb + 1 {
                    self.engine = f.clone();
                    self.current = rec.clone();
                    return true;
                }
            }
            // The engine is deterministic: the next heartbeat from here is the one computed
            // before.
            self.advance_to(hb + 1);
            return true;
        }
        if self.ended_at.is_some() {
            return false;
        }
        match self.engine.next_heartbeat() {
            Some(rec) => {
                self.computed(rec);
                true
            }
            None => {
                self.ended_at = Some(self.engine.hb);
                // A frontier saved here predates the tail the engine has just run.
                if self.frontier.as_ref().is_some_and(|(f, _)| f.hb == self.engine.hb) {
                    self.frontier = None;
                }
                false
            }
        }
    }

    /// Step back one heartbeat. Returns false at the start.
    pub fn step_back(&mut self) -> bool {
        let hb = self.engine.hb;
        if hb == 0 {
            return false;
        }
        if hb == self.known {
            self.frontier = Some((self.engine.clone(), self.last_record().cloned()));
        }
        self.replayed = 0;
        self.jump(hb - 1);
        true
    }

    /// Jump to heartbeat `target` (clamped to the run's end), computing forward if needed.
    pub fn go_to(&mut self, target: u64) {
        self.replayed = 0;
        self.jump(target);
    }

    fn jump(&mut self, target: u64) {
        if target > self.known {
            if self.engine.hb < self.known {
                self.jump(self.known);
            }
            while self.engine.hb < target && self.forward() {}
            return;
        }
        if target == self.engine.hb {
            return;
        }
        if let Some((f, rec)) = &self.frontier {
            if f.hb == target {
                self.engine = f.clone();
                self.current = rec.clone();
                return;
            }
        }
        if target == 0 {
            self.engine = self.checkpoints.start().clone();
            self.current = None;
            return;
        }
        // A checkpoint at the target itself will do if its record is at hand.
        if self.record(target).is_some() {
            if let Some(c) = self.checkpoints.iter().chain(&self.near).find(|c| c.hb == target) {
                // `target` is not the current heartbeat, so its record is in the window.
                self.engine = c.clone();
                self.current = None;
                return;
            }
        }
        if self.engine.hb < target && self.base_at_most(target - 1).hb <= self.engine.hb {
            self.advance_to(target);
            return;
        }
        self.engine = self.base_at_most(target - 1).clone();
        self.advance_to(target);
    }

    /// The latest checkpoint (spaced or near) at or before `hb`.
    fn base_at_most(&self, hb: u64) -> &Engine {
        let spaced = self.checkpoints.at_most(hb);
        self.near.iter().filter(|c| c.hb <= hb && c.hb > spaced.hb).max_by_key(|c| c.hb).unwrap_or(spaced)
    }

    /// Replay the current engine forward to `target` (≤ `known`), leaving near checkpoints
    /// behind when the replay is long enough to be worth it.
    fn advance_to(&mut self, target: u64) {
        let start = self.engine.hb;
        while self.engine.hb < target {
            let Some(rec) = self.engine.next_heartbeat() else { break };
            self.replayed += cost::replay_cost(&rec);
            self.keep_current(rec);
            let hb = self.engine.hb;
            if target - start > NEAR_EVERY
                && hb < target
                && hb % NEAR_EVERY == 0
                && target - hb <= NEAR_EVERY * (NEAR_MAX as u64 / 2)
                && !self.near.iter().chain(self.checkpoints.iter()).any(|c| c.hb == hb)
            {
                if self.near.len() >= NEAR_MAX {
                    // Drop the one farthest from where we are going.
                    let far =
                        (0..self.near.len()).max_by_key(|&i| self.near[i].hb.abs_diff(target)).expect("not empty");
                    self.near.remove(far);
                }
                self.near.push(self.engine.clone());
            }
        }
        if self.ended_at == Some(target) && self.engine.hb == target {
            // The state at the last heartbeat includes what happened after it (late arrivals,
            // jobs finishing with no task): run the tail exactly as the first pass did.
            let _ = self.engine.next_heartbeat();
        }
    }

    /// Run to the end (or `max` heartbeats), keeping history.
    pub fn run_to_end(&mut self, max: u64) {
        let mut n = 0;
        self.replayed = 0;
        while n < max && self.forward() {
            n += 1;
        }
    }

    /// What the grid shows now.
    pub fn view(&self) -> ClusterView {
        view::build(&self.engine, self.last_record())
    }

    /// The scheduler's state as the stage draws it (`sim::stage`).
    pub fn stage(&self) -> super::stage::SchedStage {
        super::stage::build(&self.engine, self.last_record(), &|| self.map_order_before())
    }

    /// The Capacity Scheduler's map queue order (with each queue's ratio) as the current
    /// heartbeat found it: the last sort of the latest earlier heartbeat that sorted, looked up
    /// in the records in memory (`None` at the start, or if none is in memory).
    fn map_order_before(&self) -> Option<Vec<(String, f64)>> {
        let hb = self.engine.hb;
        let from = self.records_start.max(hb.saturating_sub(256));
        (from + 1..hb).rev().filter_map(|h| self.record(h)).find_map(|r| match &r.decision {
            crate::explain::Decision::Capacity(d) => {
                d.map.lookups.last().map(|l| l.order.iter().map(|q| (q.queue.clone(), q.ratio)).collect())
            }
            _ => None,
        })
    }

    /// History's extent, for measurement: (spaced checkpoints, near checkpoints, records in
    /// memory).
    pub fn history_counts(&self) -> (usize, usize, usize) {
        (self.checkpoints.len(), self.near.len(), self.records.len())
    }
}
