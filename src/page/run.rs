//! The run shown: the scenario text and where it came from, the simulation (mutated in place
//! behind a shared cell, so a step never clones the history), the timeline's landmarks, the
//! charts' series and the run computed ahead in slices (`ahead`). Every change goes through
//! `Run`'s methods (here and, for the long jobs computing in slices, `work.rs`), which bump its
//! `version`: two runs are equal when neither changed since one was copied from the other,
//! which is what tells the page a component need not be drawn again.

use std::cell::RefCell;
use std::rc::Rc;

use super::ahead::{self, AheadCell, Built, Metrics, MetricsCell};
use super::shared::Shared;
use crate::scenario::ScenarioError;
use crate::sim::Simulation;
use crate::sim::interesting::{self, Reason};
use crate::sim::stage::SchedStage;
use crate::sim::view::ClusterView;

/// The page refuses scenarios bigger than this (the CLI takes more).
pub const MAX_PAGE_TRACKERS: usize = 4000;
pub const MAX_PAGE_TASKS: u64 = 200_000;

/// The loaded simulation, shared and mutated in place.
pub type SimCell = Rc<RefCell<Simulation>>;

/// Milliseconds from a monotonic clock (the browser's `performance.now`; natively, whatever
/// the caller gives: tests pass a fixed or stepping clock).
pub type Clock = fn() -> f64;

/// Where the current scenario came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    Builtin(usize),
    Saved(String),
    /// Edited, loaded from a file or from a link.
    Custom(String),
}

/// Landmark heartbeats (reorders, level changes, rules) for the timeline.
pub type Marks = Vec<(u64, Vec<Reason>)>;

#[derive(Clone)]
pub struct Run {
    text: Rc<str>,
    origin: Origin,
    /// The scheduler named in `text` (read once per scenario).
    scheduler: Rc<str>,
    pub(super) sim: Result<SimCell, Rc<Vec<ScenarioError>>>,
    pub(super) version: u64,
    marks: Shared<Marks>,
    pub(super) metrics: MetricsCell,
    pub(super) ahead: Option<AheadCell>,
    /// The search for the next interesting heartbeat, while it runs in slices (`work.rs`).
    pub(super) search: Option<super::work::SearchCell>,
    /// Bumped by every new scenario (restarts the slices of computing ahead).
    ahead_gen: u64,
    pub(super) clock: Clock,
    /// The shown heartbeat's cluster view, built once per (scenario, heartbeat) and shared by
    /// every clone (the stage, the figures' cluster, the jobs tab), with how many were built.
    view: Rc<ViewCache>,
}

/// `Run::view`'s and `Run::stage`'s caches, and how many views were built.
#[derive(Default)]
struct ViewCache {
    last: Kept<ClusterView>,
    builds: std::cell::Cell<u64>,
    stage: Kept<SchedStage>,
}

/// The last value built, with the (scenario generation, heartbeat) it shows.
struct Kept<T>(RefCell<Option<((u64, u64), Rc<T>)>>);

impl<T> Default for Kept<T> {
    fn default() -> Self {
        Kept(RefCell::new(None))
    }
}

impl<T> Kept<T> {
    /// The value kept for `at`, or `build()`'s, kept from now on (`true`: it was built).
    fn get(&self, at: (u64, u64), build: impl FnOnce() -> T) -> (Rc<T>, bool) {
        let mut last = self.0.borrow_mut();
        match &*last {
            Some((k, v)) if *k == at => (v.clone(), false),
            _ => {
                let v = Rc::new(build());
                *last = Some((at, v.clone()));
                (v, true)
            }
        }
    }
}

impl PartialEq for Run {
    fn eq(&self, other: &Run) -> bool {
        self.version == other.version && Rc::ptr_eq(&self.text, &other.text) && self.origin == other.origin
    }
}

impl std::fmt::Debug for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Run").field("origin", &self.origin).field("version", &self.version).finish_non_exhaustive()
    }
}

/// The scheduler a scenario text names (`fifo` when it names none or cannot be read).
pub fn scheduler_of(text: &str) -> String {
    serde_json::from_str::<serde_json::Value>(text)
        .ok()
        .and_then(|v| v.get("scheduler").and_then(|s| s.as_str()).map(str::to_string))
        .unwrap_or_else(|| "fifo".into())
}

/// The landmarks among the records in memory, at their heartbeats (past history's record
/// window, `records()` starts later than heartbeat 1).
fn marks_of(sim: &Simulation) -> Shared<Marks> {
    let start = sim.records_start();
    let mut marks = interesting::landmarks(sim.records());
    for (hb, _) in &mut marks {
        *hb += start;
    }
    Shared::new(marks)
}

impl Run {
    /// No scenario yet.
    pub fn empty(clock: Clock) -> Run {
        Run {
            text: "".into(),
            origin: Origin::Builtin(0),
            scheduler: "fifo".into(),
            sim: Err(Rc::new(Vec::new())),
            version: 0,
            marks: Shared::new(Vec::new()),
            metrics: Rc::new(RefCell::new(Metrics::empty())),
            ahead: None,
            search: None,
            ahead_gen: 0,
            clock,
            view: Rc::new(ViewCache::default()),
        }
    }

    /// Parse `text`, check the page's limits, build the simulation and start computing ahead.
    pub fn build(&self, text: &str) -> Result<Built, Vec<ScenarioError>> {
        ahead::build(text, self.clock)
    }

    /// Show the simulation `built` from `text` at heartbeat `hb`.
    pub fn install(&mut self, text: Rc<str>, origin: Origin, hb: u64, built: Result<Built, Vec<ScenarioError>>) {
        self.ahead = None;
        self.search = None;
        self.ahead_gen += 1;
        let sim = built.map(|b| {
            self.metrics = b.metrics;
            self.ahead = b.ahead;
            b.sim
        });
        self.sim = sim.map_err(Rc::new);
        self.take_ahead(hb, hb);
        if let Ok(cell) = &self.sim {
            if hb > 0 {
                cell.borrow_mut().go_to(hb);
            }
        }
        self.refresh_marks();
        if self.sim.is_err() {
            self.marks = Shared::new(Vec::new());
        }
        self.scheduler = scheduler_of(&text).into();
        self.text = text;
        self.origin = origin;
        self.version += 1;
        self.catch_up_metrics();
    }

    /// The cluster at the shown heartbeat (`Simulation::view`), built the first time it is
    /// asked for at this heartbeat of this scenario and kept: redrawing the page for a toast, a
    /// tab or a language builds nothing.
    pub fn view(&self) -> Option<Rc<ClusterView>> {
        let sim = self.sim.as_ref().ok()?.borrow();
        let (v, built) = self.view.last.get((self.ahead_gen, sim.hb()), || sim.view());
        if built {
            self.view.builds.set(self.view.builds.get() + 1);
        }
        Some(v)
    }

    /// The scheduler's state on the stage at the shown heartbeat (`Simulation::stage`), kept
    /// like the view: the overlays, the lesson pointer's marks and the figures' cluster read
    /// this one.
    pub fn stage(&self) -> Option<Rc<SchedStage>> {
        let sim = self.sim.as_ref().ok()?.borrow();
        Some(self.view.stage.get((self.ahead_gen, sim.hb()), || sim.stage()).0)
    }

    /// How many cluster views `view` has built for this run and its clones.
    pub fn view_builds(&self) -> u64 {
        self.view.builds.get()
    }

    /// The simulation, or why the scenario does not load.
    pub fn sim(&self) -> &Result<SimCell, Rc<Vec<ScenarioError>>> {
        &self.sim
    }

    pub fn text(&self) -> &Rc<str> {
        &self.text
    }

    pub fn origin(&self) -> &Origin {
        &self.origin
    }

    /// The scheduler named in the current text (`fifo` by default).
    pub fn scheduler_name(&self) -> &str {
        &self.scheduler
    }

    pub fn marks(&self) -> &Shared<Marks> {
        &self.marks
    }

    pub fn metrics(&self) -> &MetricsCell {
        &self.metrics
    }

    pub fn ahead(&self) -> Option<&AheadCell> {
        self.ahead.as_ref()
    }

    pub fn ahead_gen(&self) -> u64 {
        self.ahead_gen
    }

    /// The heartbeat shown (0 when the scenario does not load).
    pub fn hb(&self) -> u64 {
        self.sim.as_ref().map(|s| s.borrow().hb()).unwrap_or(0)
    }

    /// Whether the run is at its end (or does not load).
    pub fn finished(&self) -> bool {
        self.sim.as_ref().map(|s| s.borrow().finished()).unwrap_or(true)
    }

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

    /// Landmarks from whichever run knows more.
    pub(super) fn refresh_marks(&mut self) {
        let Ok(cell) = &self.sim else { return };
        let sim = cell.borrow();
        self.marks = match &self.ahead {
            Some(a) if a.borrow().sim.total_hbs_known() > sim.total_hbs_known() => marks_of(&a.borrow().sim),
            _ => marks_of(&sim),
        };
    }

    /// Apply `f` to the simulation (`f` returns whether it moved, besides a change of
    /// heartbeat). Whether the run changed.
    pub fn apply(&mut self, f: impl FnOnce(&mut Simulation) -> bool) -> bool {
        let Ok(cell) = &self.sim else { return false };
        let (changed, grew) = {
            let mut sim = cell.borrow_mut();
            let (hb, known) = (sim.hb(), sim.total_hbs_known());
            let moved = f(&mut sim);
            (moved || sim.hb() != hb, sim.total_hbs_known() != known)
        };
        if changed {
            self.version += 1;
            if grew {
                self.refresh_marks();
            }
            self.catch_up_metrics();
        }
        changed
    }

    /// Go to heartbeat `hb` (recomputing the landmarks); whether the run changed.
    pub fn go_to(&mut self, hb: u64) -> bool {
        if self.sim.is_err() {
            return false;
        }
        if self.take_ahead(hb, hb) {
            self.catch_up_metrics();
            return true;
        }
        self.apply(|s| {
            s.go_to(hb);
            false
        })
    }

    /// Go to heartbeat `hb` and count it as a change even if the run was there already (a
    /// lesson step or a practice answer re-shows its heartbeat).
    pub fn show(&mut self, hb: u64) {
        if let Ok(cell) = &self.sim {
            cell.borrow_mut().go_to(hb);
            self.version += 1;
            self.marks = marks_of(&cell.borrow());
            self.catch_up_metrics();
        }
    }

    /// Record the charts' series as far as the run is known.
    pub(super) fn catch_up_metrics(&self) {
        if let Ok(cell) = &self.sim {
            let known = cell.borrow().total_hbs_known() as usize;
            self.metrics.borrow_mut().catch_up(known);
        }
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
