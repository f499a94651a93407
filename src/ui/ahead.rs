//! Computing the run ahead: a scenario is built, its first heartbeats computed at once and
//! the rest in short slices (`Ahead`), each a task of its own, so a big scenario never blocks
//! the page for long; the charts' series are recorded on the way (`Metrics`).

use std::cell::RefCell;
use std::rc::Rc;

use crate::scenario::{self, ScenarioError};
use crate::sim::metrics::Recorder;
use crate::sim::{Engine, Simulation};

use super::platform;
use super::state::{Lab, MAX_PAGE_TASKS, MAX_PAGE_TRACKERS, SimCell};

/// Heartbeats computed ahead when a scenario loads: the first `FIRST_SLICE_MS` in one go, the
/// rest in slices of `SLICE_MS`, each a task of its own (`Ahead`), so a big scenario never
/// blocks the page for long.
pub const LOOKAHEAD_HBS: u64 = 40_000;
/// At most this much computing ahead in all (as when it was done in one go).
pub const LOOKAHEAD_MS: f64 = 1500.0;
pub const FIRST_SLICE_MS: f64 = 10.0;
/// ... but up to this long for a scenario of at most `SMALL_TRACKERS` trackers, whose
/// heartbeats are cheap: a classroom scenario is then known whole as soon as it shows.
pub const FIRST_SLICE_SMALL_MS: f64 = 150.0;
pub const SMALL_TRACKERS: usize = 1000;
pub const SLICE_MS: f64 = 25.0;
/// While computing ahead, the page shows the grown range at most this often (a render is a
/// task of its own, between slices).
pub const SHOW_EVERY_MS: f64 = 250.0;

/// The charts' series (`sim::metrics`), recorded while the run is computed ahead. Past the
/// look-ahead, a shadow engine (the run's frontier when the look-ahead stopped) catches up.
pub struct Metrics {
    pub rec: Recorder,
    shadow: Option<Engine>,
}

impl Metrics {
    pub fn empty() -> Metrics {
        Metrics { rec: Recorder::default(), shadow: None }
    }

    /// Record up to `known` heartbeats.
    pub fn catch_up(&mut self, known: usize) {
        let Metrics { rec, shadow } = self;
        while rec.samples.len() < known {
            let Some(e) = shadow.as_mut() else { return };
            match e.next_heartbeat() {
                Some(r) => rec.observe(&r, e),
                None => *shadow = None,
            }
        }
    }
}

pub type MetricsCell = Rc<RefCell<Metrics>>;

/// The run being computed ahead in slices, a second simulation at its frontier. The shown
/// simulation stays where the user is; the timeline's known range is the larger of the two,
/// and a jump past what the shown one knows takes this one over (`Lab::take_ahead`).
/// While `running`, the charts' series are recorded from it (in step with its `known`).
pub struct Ahead {
    pub sim: Simulation,
    pub running: bool,
    /// Milliseconds spent computing so far (up to `LOOKAHEAD_MS`).
    pub spent_ms: f64,
    /// When the page last showed the range (`platform::now_ms`).
    pub shown_at: f64,
}

pub type AheadCell = Rc<RefCell<Ahead>>;

/// A simulation built from scenario text, with its series.
pub struct Built {
    pub sim: SimCell,
    pub metrics: MetricsCell,
    pub ahead: Option<AheadCell>,
}

/// Parse, check the page's size limits, build the simulation and compute the run ahead,
/// recording the charts' series on the way.
pub fn build(text: &str) -> Result<Built, Vec<ScenarioError>> {
    let s = scenario::parse(text).map_err(|e| e.errors)?;
    let tasks: u64 = s.jobs.iter().map(|j| j.num_maps() + j.reduces).sum();
    let mut errs = Vec::new();
    if s.trackers.len() > MAX_PAGE_TRACKERS {
        errs.push(ScenarioError {
            path: "$.trackers".into(),
            message: format!(
                "found {} trackers; the page shows at most {MAX_PAGE_TRACKERS} (the CLI takes more)",
                s.trackers.len()
            ),
        });
    }
    if tasks > MAX_PAGE_TASKS {
        errs.push(ScenarioError {
            path: "$.jobs".into(),
            message: format!("found {tasks} tasks; the page runs at most {MAX_PAGE_TASKS} (the CLI takes more)"),
        });
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let first = if s.trackers.len() <= SMALL_TRACKERS { FIRST_SLICE_SMALL_MS } else { FIRST_SLICE_MS };
    let sim = Simulation::new(s).map_err(|e| e.errors)?;
    Ok(lookahead(sim, LOOKAHEAD_HBS, first))
}

/// Step `sim` forward for up to `max` heartbeats in total or `ms` of wall time, recording the
/// series (which must be in step with it). Returns whether it is done: the run ended or `max`
/// heartbeats are known. (`start`: when the time began, `platform::now_ms`.)
fn compute(sim: &mut Simulation, rec: &mut Recorder, max: u64, ms: f64, start: f64) -> bool {
    let mut n = 0u32;
    while sim.total_hbs_known() < max {
        if !sim.step_forward() {
            return true;
        }
        if let Some(r) = sim.last_record() {
            rec.observe(r, sim.engine());
        }
        n += 1;
        if n % 8 == 0 && platform::now_ms() - start > ms {
            return sim.end_known().is_some() || sim.total_hbs_known() >= max;
        }
    }
    true
}

/// Compute up to `max` heartbeats ahead, recording the series: `ms` of wall time now, and if
/// that is not enough, the rest later in slices (`Built::ahead`, see `Lab::compute_ahead`).
pub fn lookahead(mut sim: Simulation, max: u64, ms: f64) -> Built {
    let start = platform::now_ms();
    let fresh = sim.clone();
    let mut rec = Recorder::default();
    if compute(&mut sim, &mut rec, max, ms, start) {
        let shadow = sim.end_known().is_none().then(|| sim.engine().clone());
        sim.go_to(0);
        return Built {
            sim: Rc::new(RefCell::new(sim)),
            metrics: Rc::new(RefCell::new(Metrics { rec, shadow })),
            ahead: None,
        };
    }
    Built {
        sim: Rc::new(RefCell::new(fresh)),
        metrics: Rc::new(RefCell::new(Metrics { rec, shadow: None })),
        ahead: Some(Rc::new(RefCell::new(Ahead {
            sim,
            running: true,
            spent_ms: platform::now_ms() - start,
            shown_at: platform::now_ms(),
        }))),
    }
}

impl Lab {
    /// Heartbeats known on the timeline (the shown run's or the one computed ahead).
    pub fn known_hbs(&self) -> u64 {
        let shown = self.sim.as_ref().map(|s| s.borrow().total_hbs_known()).unwrap_or(0);
        let ahead = self.ahead.as_ref().map(|a| a.borrow().sim.total_hbs_known()).unwrap_or(0);
        shown.max(ahead)
    }

    /// The run's length, if known.
    pub fn end_known(&self) -> Option<u64> {
        let shown = self.sim.as_ref().ok().and_then(|s| s.borrow().end_known());
        shown.or_else(|| self.ahead.as_ref().and_then(|a| a.borrow().sim.end_known()))
    }

    /// Whether the run is still being computed ahead in slices.
    pub fn computing(&self) -> bool {
        self.ahead.as_ref().is_some_and(|a| a.borrow().running)
    }

    /// One task of computing ahead: a slice of `SLICE_MS` (in place, nothing to render: returns
    /// false), or, every `SHOW_EVERY_MS` and at the end, showing the grown range (returns true:
    /// `self` changed). When done, the series go on from the ahead run's frontier, and if the
    /// page is at the start the shown run becomes that one.
    pub fn compute_ahead(&mut self) -> bool {
        let Some(cell) = self.ahead.clone() else { return false };
        {
            let mut guard = cell.borrow_mut();
            let ahead = &mut *guard;
            if !ahead.running {
                return false;
            }
            let now = platform::now_ms();
            if now - ahead.shown_at < SHOW_EVERY_MS {
                let mut m = self.metrics.borrow_mut();
                let ms = SLICE_MS.min(LOOKAHEAD_MS - ahead.spent_ms);
                let done = compute(&mut ahead.sim, &mut m.rec, LOOKAHEAD_HBS, ms, now);
                ahead.spent_ms += platform::now_ms() - now;
                if done || ahead.spent_ms >= LOOKAHEAD_MS {
                    ahead.running = false;
                    m.shadow = ahead.sim.end_known().is_none().then(|| ahead.sim.engine().clone());
                } else {
                    return false;
                }
            }
            ahead.shown_at = now;
        }
        self.version += 1;
        self.refresh_marks();
        let at_start = self.sim.as_ref().map(|s| s.borrow().hb() == 0).unwrap_or(false);
        if !self.computing() && at_start {
            self.take_ahead(u64::MAX, 0);
        }
        true
    }

    /// Before a jump past heartbeat `beyond`: if that is past what the shown run knows and the
    /// run computed ahead knows more, show (a copy of) the run computed ahead instead, at
    /// heartbeat `to`, so the jump replays from its checkpoints rather than computing again.
    /// Returns whether it did.
    pub fn take_ahead(&mut self, beyond: u64, to: u64) -> bool {
        let (Ok(cell), Some(ahead)) = (&self.sim, self.ahead.clone()) else { return false };
        let known = cell.borrow().total_hbs_known();
        if beyond <= known || ahead.borrow().sim.total_hbs_known() <= known {
            return false;
        }
        let mut sim = if ahead.borrow().running {
            ahead.borrow().sim.clone()
        } else {
            self.ahead = None;
            match Rc::try_unwrap(ahead) {
                Ok(a) => a.into_inner().sim,
                Err(rc) => rc.borrow().sim.clone(),
            }
        };
        sim.go_to(to);
        *cell.borrow_mut() = sim;
        self.version += 1;
        self.refresh_marks();
        true
    }
}
