//! Computing the run ahead: a scenario is built, its first heartbeats computed at once and
//! the rest in short slices (`Ahead`), each a task of its own, so a big scenario never blocks
//! the page for long; the charts' series are recorded on the way (`Metrics`).

use std::cell::RefCell;
use std::rc::Rc;

use crate::scenario::{self, ScenarioError};
use crate::sim::metrics::Recorder;
use crate::sim::{Engine, Simulation};

use super::run::{Clock, MAX_PAGE_TASKS, MAX_PAGE_TRACKERS, SimCell};

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
/// One slice of any long job (computing ahead, Last, the next interesting heartbeat): at most
/// this long, then the page yields to the browser (`page::job`).
pub const SLICE_MS: f64 = 16.0;
/// While computing ahead, the page shows the grown range at most this often (a render is a
/// task of its own, between slices).
pub const SHOW_EVERY_MS: f64 = 250.0;

/// The charts' series (`sim::metrics`), recorded while the run is computed ahead. Past the
/// look-ahead, a shadow engine (the run's frontier when the look-ahead stopped) catches up.
pub struct Metrics {
    pub rec: Recorder,
    pub(super) shadow: Option<Engine>,
}

impl Metrics {
    pub fn empty() -> Metrics {
        Metrics { rec: Recorder::default(), shadow: None }
    }

    /// Record up to `known` heartbeats (from the shadow engine, when it is where the series
    /// stop; one that is not has been overtaken and is dropped).
    pub fn catch_up(&mut self, known: usize) {
        let Metrics { rec, shadow } = self;
        if shadow.as_ref().is_some_and(|e| e.hb as usize != rec.samples.len()) {
            *shadow = None;
        }
        while rec.samples.len() < known {
            let Some(e) = shadow.as_mut() else { return };
            match e.next_heartbeat() {
                Some(r) => rec.observe(&r, e),
                None => *shadow = None,
            }
        }
    }
}

impl Metrics {
    /// After `sim` computed a heartbeat at its frontier: record it if it is the next one the
    /// series lack (a heartbeat another copy of the run recorded already is not recorded twice).
    pub fn observe_frontier(&mut self, sim: &Simulation) {
        if sim.hb() == sim.total_hbs_known() && self.rec.samples.len() as u64 + 1 == sim.hb() {
            if let Some(r) = sim.last_record() {
                self.rec.observe(r, sim.engine());
                self.shadow = None;
            }
        }
    }

    /// When computing on `sim` stops: if the series end where it does (and the run goes on),
    /// its engine becomes the shadow that records on from there.
    pub fn park(&mut self, sim: &Simulation) {
        let at = sim.total_hbs_known();
        if sim.end_known().is_none() && sim.hb() == at && self.rec.samples.len() as u64 == at {
            self.shadow = Some(sim.engine().clone());
        }
    }
}

pub type MetricsCell = Rc<RefCell<Metrics>>;

/// The run being computed ahead in slices, a second simulation at its frontier. The shown
/// simulation stays where the user is; the timeline's known range is the larger of the two,
/// and a jump past what the shown one knows takes this one over (`Run::take_ahead`).
/// While `running`, the charts' series are recorded from it (in step with its `known`).
pub struct Ahead {
    pub sim: Simulation,
    pub running: bool,
    /// Milliseconds spent computing so far (up to `LOOKAHEAD_MS`).
    pub spent_ms: f64,
    /// When the page last showed the range (on the run's clock).
    pub shown_at: f64,
    /// Going on to the run's end (Last), past the look-ahead's limits.
    pub to_end: bool,
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
pub fn build(text: &str, now: Clock) -> Result<Built, Vec<ScenarioError>> {
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
    Ok(lookahead(sim, LOOKAHEAD_HBS, first, now))
}

/// Step `sim` forward for up to `max` heartbeats in total or `ms` of wall time, recording the
/// series where they lack the heartbeat computed. Returns whether it is done: the run ended or
/// `max` heartbeats are known. (`start`: when the time began, on the clock `now`.)
pub(super) fn compute(sim: &mut Simulation, m: &mut Metrics, max: u64, ms: f64, start: f64, now: Clock) -> bool {
    let mut n = 0u32;
    while sim.total_hbs_known() < max {
        if !sim.step_forward() {
            return true;
        }
        m.observe_frontier(sim);
        n += 1;
        if n % 8 == 0 && now() - start > ms {
            return sim.end_known().is_some() || sim.total_hbs_known() >= max;
        }
    }
    true
}

/// Compute up to `max` heartbeats ahead, recording the series: `ms` of wall time now, and if
/// that is not enough, the rest later in slices (`Built::ahead`, see `Run::compute_ahead`).
pub fn lookahead(mut sim: Simulation, max: u64, ms: f64, now: Clock) -> Built {
    let start = now();
    let fresh = sim.clone();
    let mut m = Metrics::empty();
    if compute(&mut sim, &mut m, max, ms, start, now) {
        m.park(&sim);
        sim.go_to(0);
        return Built { sim: Rc::new(RefCell::new(sim)), metrics: Rc::new(RefCell::new(m)), ahead: None };
    }
    let ahead = Ahead { sim, running: true, spent_ms: now() - start, shown_at: now(), to_end: false };
    Built {
        sim: Rc::new(RefCell::new(fresh)),
        metrics: Rc::new(RefCell::new(m)),
        ahead: Some(Rc::new(RefCell::new(ahead))),
    }
}
