//! Compare mode's runs being computed (`Building`): each column's run stepped to its end (at
//! most `MAX_COMPARE_HBS` heartbeats) with its series, in slices of a given time on the page's
//! `Clock`, so opening Compare or the paper's preset never blocks the page for long
//! (`page::job` runs it as a long job with a progress bar and Cancel); then `finish` gives
//! the `CompareState` stepped together on one clock. `CompareState::build` computes it all at
//! once, as the CLI's `compare` does.

use std::rc::Rc;

use super::compare::{Column, CompareState, MAX_COLUMNS, MAX_COMPARE_HBS, PAPER_DELAY_MS, PAPER_SEED};
use super::run::Clock;
use crate::model::Millis;
use crate::scenario::{self, Scenario};
use crate::sim::Simulation;
use crate::sim::compare::{self, facebook_mix, parse_variant};
use crate::sim::metrics::{self, Recorder};
use crate::sim::sweep::SweepResult;

/// A column's run under way.
struct Partial {
    spec: String,
    sim: Simulation,
    rec: Recorder,
    times: Vec<Millis>,
}

impl Partial {
    fn start(s: &Scenario, spec: &str) -> Result<Partial, String> {
        let v = parse_variant(spec)?;
        let sc = compare::retarget(s, &v)?;
        let sim = Simulation::new(sc).map_err(|e| format!("{spec}: {e}"))?;
        Ok(Partial { spec: spec.to_string(), sim, rec: Recorder::default(), times: Vec::new() })
    }

    /// Step on until the run ends or has `MAX_COMPARE_HBS` heartbeats (true), or `ms` of the
    /// clock `now` have passed since `start` (false).
    fn step(&mut self, ms: f64, start: f64, now: Clock) -> bool {
        while self.sim.hb() < MAX_COMPARE_HBS {
            if !self.sim.step_forward() {
                return true;
            }
            if let Some(r) = self.sim.last_record() {
                self.rec.observe(r, self.sim.engine());
                self.times.push(r.time_ms);
            }
            if self.sim.hb() % 8 == 0 && now() - start > ms {
                return false;
            }
        }
        true
    }

    fn finish(mut self) -> Column {
        let finished = self.sim.end_known().is_some();
        let summary = metrics::summarise(&self.spec, &self.rec, self.sim.engine());
        self.sim.go_to(0);
        let Partial { spec, sim, rec, times } = self;
        Column { spec, sim: std::cell::RefCell::new(sim), rec, summary, times, finished }
    }
}

/// Compare mode's runs being computed, column after column.
pub struct Building {
    scenario: Option<Rc<Scenario>>,
    label: String,
    paper: bool,
    /// The columns' variants still to start, in order.
    specs: Vec<String>,
    columns: usize,
    done: Vec<Column>,
    current: Option<Partial>,
    error: Option<String>,
    /// What a rebuild keeps of the state it replaces: the sweep and the clock.
    sweep: Option<Rc<Result<SweepResult, String>>>,
    t_ms: Millis,
    /// Whether it replaces a compare state (`keeping`).
    rebuild: bool,
}

impl Building {
    /// The runs of `specs` (at most `MAX_COLUMNS`) on `scenario`, none computed yet.
    pub fn new(scenario: Option<Rc<Scenario>>, label: String, specs: &[String], paper: bool) -> Building {
        let mut error = None;
        let specs: Vec<String> = match scenario.as_deref() {
            None => {
                error = Some("no scenario".to_string());
                Vec::new()
            }
            Some(s) if s.steps.is_some() => {
                error = Some("steps".to_string());
                Vec::new()
            }
            Some(_) => specs.iter().take(MAX_COLUMNS).cloned().collect(),
        };
        let columns = specs.len();
        Building {
            scenario,
            label,
            paper,
            specs,
            columns,
            done: Vec::new(),
            current: None,
            error,
            sweep: None,
            t_ms: -1,
            rebuild: false,
        }
    }

    /// Compare mode on `current` (the page's scenario) under FIFO, Fair and Capacity, or the
    /// paper's workload when there is none or it is scripted.
    pub fn open(current: Option<Scenario>) -> Building {
        match current {
            Some(s) if s.steps.is_none() => {
                let label = s.id.clone();
                Building::new(Some(Rc::new(s)), label, &["fifo".into(), "fair".into(), "capacity".into()], false)
            }
            _ => Building::paper(),
        }
    }

    /// The paper's experiment in miniature: its Facebook-like mix, Fair without and with
    /// delay scheduling.
    pub fn paper() -> Building {
        let v = crate::scenario::generator::generate(&facebook_mix(PAPER_SEED));
        match scenario::from_value(&v) {
            Ok(s) => Building::new(
                Some(Rc::new(s)),
                "facebook-mix".into(),
                &["fair@0".into(), format!("fair@{PAPER_DELAY_MS}")],
                true,
            ),
            Err(e) => {
                let mut b = Building::new(None, String::new(), &[], true);
                b.error = Some(e.to_string());
                b
            }
        }
    }

    /// Keep `sweep` and go to `t_ms` once built (a rebuild of the state that had them).
    pub fn keeping(self, sweep: Option<Rc<Result<SweepResult, String>>>, t_ms: Millis) -> Building {
        Building { sweep, t_ms, rebuild: true, ..self }
    }

    /// Whether it replaces a compare state, keeping its sweep and clock.
    pub fn is_rebuild(&self) -> bool {
        self.rebuild
    }

    /// Compute for up to `ms` of the clock `now`; whether every run is done.
    pub fn step(&mut self, ms: f64, now: Clock) -> bool {
        let start = now();
        loop {
            if self.current.is_none() {
                if self.specs.is_empty() {
                    return true;
                }
                let spec = self.specs.remove(0);
                let Some(s) = self.scenario.as_deref() else { return true };
                match Partial::start(s, &spec) {
                    Ok(p) => self.current = Some(p),
                    Err(e) => {
                        self.error = Some(e);
                        continue;
                    }
                }
            }
            let Some(p) = self.current.as_mut() else { continue };
            if !p.step(ms, start, now) {
                return false;
            }
            if let Some(p) = self.current.take() {
                self.done.push(p.finish());
            }
            if now() - start > ms {
                return self.current.is_none() && self.specs.is_empty();
            }
        }
    }

    /// How far it got: the column under way (from 1) of how many, its heartbeat, and the
    /// share of the work done (columns done, and the one under way by `work::run_share`).
    pub fn progress(&self) -> (usize, usize, u64, f64) {
        let done = self.done.len();
        let (hb, part) = self.current.as_ref().map_or((0, 0.0), |p| (p.sim.hb(), super::work::run_share(&p.sim)));
        let share = if self.columns == 0 { 1.0 } else { (done as f64 + part) / self.columns as f64 };
        ((done + 1).min(self.columns.max(1)), self.columns, hb, share.clamp(0.0, 1.0))
    }

    /// The compare state of the runs computed (call once `step` said done).
    pub fn finish(self) -> CompareState {
        let columns = self.done;
        let end_ms = columns.iter().filter_map(|c| c.times.last().copied()).max().unwrap_or(0);
        let mut c = CompareState {
            scenario: self.scenario,
            label: self.label,
            paper: self.paper,
            columns: Rc::new(columns),
            t_ms: -1,
            end_ms,
            error: self.error,
            sweep: self.sweep,
        };
        if self.t_ms != -1 {
            c.seek(self.t_ms);
        }
        c
    }
}
