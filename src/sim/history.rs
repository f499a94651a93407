//! Stepping both ways: the record of every heartbeat seen so far, engine checkpoints every
//! `CHECKPOINT_EVERY` heartbeats, and deterministic replay from the nearest checkpoint.

use super::view::{self, ClusterView};
use super::{CheckFailure, Engine};
use crate::explain::HeartbeatRecord;
use crate::model::Millis;
use crate::scenario::{self, Scenario, ScenarioErrors};

/// Heartbeats between checkpoints.
pub const CHECKPOINT_EVERY: u64 = 32;

/// A simulation that can be stepped forward and back, scrubbed and jumped.
#[derive(Debug, Clone)]
pub struct Simulation {
    /// The engine at heartbeat `pos`.
    engine: Engine,
    /// `checkpoints[k]` is the engine after heartbeat `k * CHECKPOINT_EVERY`.
    checkpoints: Vec<Engine>,
    /// Records of heartbeats 1..=records.len().
    records: Vec<HeartbeatRecord>,
    /// The furthest engine reached, so stepping forward past a back-step is cheap.
    frontier: Option<Engine>,
    ended_at: Option<u64>,
}

impl Simulation {
    pub fn new(s: Scenario) -> Result<Simulation, ScenarioErrors> {
        let engine = Engine::new(s).map_err(|e| ScenarioErrors {
            errors: vec![scenario::ScenarioError { path: "$".into(), message: e }],
        })?;
        Ok(Simulation { checkpoints: vec![engine.clone()], engine, records: Vec::new(), frontier: None, ended_at: None })
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
        self.records.len() as u64
    }

    /// The run has ended and we are at its last heartbeat.
    pub fn finished(&self) -> bool {
        self.ended_at == Some(self.engine.hb)
    }

    /// Whether the whole run's length is known.
    pub fn end_known(&self) -> Option<u64> {
        self.ended_at
    }

    pub fn records(&self) -> &[HeartbeatRecord] {
        &self.records
    }

    pub fn last_record(&self) -> Option<&HeartbeatRecord> {
        let hb = self.engine.hb;
        if hb == 0 { None } else { self.records.get(hb as usize - 1) }
    }

    pub fn failures(&self) -> &[CheckFailure] {
        &self.engine.failures
    }

    /// Run to the next heartbeat. Returns false when the run has ended.
    pub fn step_forward(&mut self) -> bool {
        let hb = self.engine.hb;
        if (hb as usize) < self.records.len() {
            if let Some(f) = &self.frontier {
                if f.hb == hb + 1 {
                    self.engine = self.frontier.take().expect("checked");
                    return true;
                }
            }
            let target = hb + 1;
            self.go_to(target);
            return true;
        }
        if self.ended_at.is_some() {
            return false;
        }
        match self.engine.next_heartbeat() {
            Some(rec) => {
                self.records.push(rec);
                if self.engine.hb % CHECKPOINT_EVERY == 0 && self.checkpoints.len() as u64 == self.engine.hb / CHECKPOINT_EVERY {
                    self.checkpoints.push(self.engine.clone());
                }
                true
            }
            None => {
                self.ended_at = Some(self.engine.hb);
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
        if hb as usize == self.records.len() {
            self.frontier = Some(self.engine.clone());
        }
        self.go_to(hb - 1);
        true
    }

    /// Jump to heartbeat `target` (clamped to the run's end), computing forward if needed.
    pub fn go_to(&mut self, target: u64) {
        if target > self.records.len() as u64 {
            if self.engine.hb < self.records.len() as u64 {
                self.go_to(self.records.len() as u64);
            }
            while self.engine.hb < target && self.step_forward() {}
            return;
        }
        if target == self.engine.hb {
            return;
        }
        let k = (target / CHECKPOINT_EVERY) as usize;
        let k = k.min(self.checkpoints.len() - 1);
        let mut e = self.checkpoints[k].clone();
        while e.hb < target {
            if e.next_heartbeat().is_none() {
                break;
            }
        }
        if self.ended_at == Some(target) {
            // The state at the last heartbeat includes what happened after it (late arrivals,
            // jobs finishing with no task): run the tail exactly as the first pass did.
            let _ = e.next_heartbeat();
        }
        self.engine = e;
    }

    /// Run to the end (or `max` heartbeats), keeping history.
    pub fn run_to_end(&mut self, max: u64) {
        let mut n = 0;
        while n < max && self.step_forward() {
            n += 1;
        }
    }

    /// What the grid shows now.
    pub fn view(&self) -> ClusterView {
        view::build(&self.engine, self.last_record())
    }
}
