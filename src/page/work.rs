//! The run's side of the page's long jobs (`job.rs`): computing ahead, going to the run's end
//! (Last) and searching for the next interesting heartbeat, each done in slices of at most a
//! given time on a copy of the run, never on the one shown, so stepping, playing and the
//! lesson card keep working on the range already known while a job runs. Only a finished job
//! moves the heartbeat shown. Every change to `Run` here bumps its version, as in `run.rs`.

use std::cell::RefCell;
use std::rc::Rc;

use super::ahead::{self, Ahead, LOOKAHEAD_HBS, LOOKAHEAD_MS};
use super::run::Run;
use crate::explain::HeartbeatRecord;
use crate::model::RunState;
use crate::sim::Simulation;
use crate::sim::interesting;

/// What a long job is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// Computing the run ahead after a scenario loads (up to `LOOKAHEAD_HBS` heartbeats or
    /// `LOOKAHEAD_MS` in all).
    Ahead,
    /// Computing to the run's end, then showing its last heartbeat.
    Last,
    /// Stepping on to the next interesting heartbeat (`sim::interesting`), then showing it.
    Interesting,
    /// Computing compare mode's runs (`compare::Building`), then showing them.
    Compare,
    /// Running compare mode's delay sweep (`sim::sweep::SweepRun`), then showing its curve.
    Sweep,
}

impl JobKind {
    /// The name the page's markup gives it (`data-what`).
    pub fn id(self) -> &'static str {
        match self {
            JobKind::Ahead => "ahead",
            JobKind::Last => "last",
            JobKind::Interesting => "interesting",
            JobKind::Compare => "compare",
            JobKind::Sweep => "sweep",
        }
    }
}

/// The search for the next interesting heartbeat: a copy of the run stepping on from the
/// heartbeat shown when it began, with the record before the one it is at (the reasons compare
/// consecutive records, whichever part of the run's record window they fall in).
pub struct Search {
    pub sim: Simulation,
    prev: Option<HeartbeatRecord>,
}

pub type SearchCell = Rc<RefCell<Search>>;

/// How far a slice got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Slice {
    /// More to do: the heartbeat the job's copy of the run has reached, and the share of the
    /// run behind it (`run_share`).
    Going { at: u64, share: f64 },
    /// Finished, and shown.
    Done,
}

/// The share of the run `sim` is at, from 0 to 1, for a progress bar: the larger of the tasks
/// done (a run without an end time ends when every job has), the heartbeats against the
/// scenario's limit and the time against its end time. An estimate: the run may end sooner.
pub fn run_share(sim: &Simulation) -> f64 {
    let (s, e) = (sim.scenario(), sim.engine());
    let total: u64 = s.jobs.iter().map(|j| j.num_maps() + j.reduces).sum();
    let done: u64 = e
        .cluster
        .jobs
        .values()
        .map(|j| {
            let tips = (j.maps.len() + j.reduces.len()) as u64;
            match j.state {
                RunState::Succeeded | RunState::Failed | RunState::Killed => tips,
                _ => (u64::from(j.finished_maps) + u64::from(j.finished_reduces)).min(tips),
            }
        })
        .sum();
    let by_tasks = if total > 0 { done as f64 / total as f64 } else { 0.0 };
    let by_hbs = e.hb as f64 / s.run.max_heartbeats.max(1) as f64;
    let by_time = s.run.until_ms.filter(|&u| u > 0).map_or(0.0, |u| e.cluster.now as f64 / u as f64);
    by_tasks.max(by_hbs).max(by_time).clamp(0.0, 1.0)
}

impl Run {
    /// Begin computing to the run's end: the run computed ahead goes on past the look-ahead's
    /// limits, from whichever copy of the run knows most (a copy of the shown one, at its
    /// frontier, when that is the one).
    pub fn begin_to_end(&mut self) {
        let Ok(cell) = &self.sim else { return };
        let shown = cell.borrow().total_hbs_known();
        let now = (self.clock)();
        match &self.ahead {
            Some(a) if a.borrow().sim.total_hbs_known() >= shown => {
                let mut a = a.borrow_mut();
                a.running = true;
                a.to_end = true;
            }
            _ => {
                let mut sim = cell.borrow().clone();
                sim.go_to(shown);
                let a = Ahead { sim, running: true, spent_ms: 0.0, shown_at: now, to_end: true };
                self.ahead = Some(Rc::new(RefCell::new(a)));
            }
        }
    }

    /// Begin the search for the next interesting heartbeat from the one shown.
    pub fn begin_search(&mut self) {
        let Ok(cell) = &self.sim else { return };
        let sim = cell.borrow().clone();
        let prev = sim.last_record().cloned();
        self.search = Some(Rc::new(RefCell::new(Search { sim, prev })));
    }

    /// One slice of job `what`, at most `ms` of the run's clock.
    pub fn slice(&mut self, what: JobKind, ms: f64) -> Slice {
        match what {
            JobKind::Ahead | JobKind::Last => self.slice_ahead(ms),
            JobKind::Interesting => self.slice_search(ms),
            // Not the run's (`Page::job_slice` computes them).
            JobKind::Compare | JobKind::Sweep => Slice::Done,
        }
    }

    /// Where job `what` has got to (as `Slice::Going` says it), if it is under way.
    pub fn progress(&self, what: JobKind) -> Option<(u64, f64)> {
        match what {
            JobKind::Ahead | JobKind::Last => {
                let a = self.ahead.as_ref()?.borrow();
                Some((a.sim.total_hbs_known(), run_share(&a.sim)))
            }
            JobKind::Interesting => {
                let s = self.search.as_ref()?.borrow();
                Some((s.sim.hb(), run_share(&s.sim)))
            }
            JobKind::Compare | JobKind::Sweep => None,
        }
    }

    /// The landmarks of what a job computed so far, for its progress shows. The version stays:
    /// the heartbeat shown is the same, so nothing drawn from the run needs drawing again but
    /// the transport (its timeline's range and marks), which the job's progress redraws.
    pub fn show_progress(&mut self) {
        self.refresh_marks();
    }

    /// A job ended: what it computed shows everywhere.
    fn job_ended(&mut self) {
        self.version += 1;
        self.refresh_marks();
    }

    /// Stop every job (Cancel): what they computed is kept, the heartbeat shown stays.
    pub fn stop_jobs(&mut self) {
        let now = (self.clock)();
        if let Some(search) = self.search.take() {
            let s = match Rc::try_unwrap(search) {
                Ok(s) => s.into_inner().sim,
                Err(rc) => rc.borrow().sim.clone(),
            };
            // A search that went past everything known is the run computed ahead from now on.
            let at_frontier = s.hb() == s.total_hbs_known();
            if at_frontier && s.total_hbs_known() > self.known_hbs() {
                self.ahead = Some(Rc::new(RefCell::new(Ahead {
                    sim: s,
                    running: false,
                    spent_ms: 0.0,
                    shown_at: now,
                    to_end: false,
                })));
            }
        }
        if let Some(a) = &self.ahead {
            let mut a = a.borrow_mut();
            a.running = false;
            a.to_end = false;
            self.metrics.borrow_mut().park(&a.sim);
        }
        self.version += 1;
        self.refresh_marks();
    }

    fn slice_ahead(&mut self, ms: f64) -> Slice {
        let Some(cell) = self.ahead.clone() else { return Slice::Done };
        let to_end = {
            let mut guard = cell.borrow_mut();
            let a = &mut *guard;
            if !a.running {
                return Slice::Done;
            }
            let now = (self.clock)();
            let (max, ms) = if a.to_end { (u64::MAX, ms) } else { (LOOKAHEAD_HBS, ms.min(LOOKAHEAD_MS - a.spent_ms)) };
            let mut m = self.metrics.borrow_mut();
            let done = ahead::compute(&mut a.sim, &mut m, max, ms, now, self.clock);
            a.spent_ms += (self.clock)() - now;
            if !done && (a.to_end || a.spent_ms < LOOKAHEAD_MS) {
                return Slice::Going { at: a.sim.total_hbs_known(), share: run_share(&a.sim) };
            }
            a.running = false;
            m.park(&a.sim);
            a.to_end
        };
        self.job_ended();
        let at_start = self.sim.as_ref().map(|s| s.borrow().hb() == 0).unwrap_or(false);
        if to_end {
            let end = cell.borrow().sim.end_known().unwrap_or_else(|| cell.borrow().sim.total_hbs_known());
            if !self.take_ahead(end, end) {
                self.go_to(end);
            }
        } else if at_start {
            self.take_ahead(u64::MAX, 0);
        }
        self.catch_up_metrics();
        Slice::Done
    }

    fn slice_search(&mut self, ms: f64) -> Slice {
        let Some(cell) = self.search.clone() else { return Slice::Done };
        let start = (self.clock)();
        {
            let mut guard = cell.borrow_mut();
            let s = &mut *guard;
            let mut m = self.metrics.borrow_mut();
            loop {
                if !s.sim.step_forward() {
                    break;
                }
                m.observe_frontier(&s.sim);
                let Some(cur) = s.sim.last_record() else { break };
                if !interesting::reasons(s.prev.as_ref(), cur).is_empty() {
                    break;
                }
                s.prev = Some(cur.clone());
                if (self.clock)() - start > ms {
                    return Slice::Going { at: s.sim.hb(), share: run_share(&s.sim) };
                }
            }
        }
        // Found, or the run ended: show that heartbeat, on the search's copy of the run when
        // it knows at least as much as the one shown.
        self.search = None;
        let sim = match Rc::try_unwrap(cell) {
            Ok(s) => s.into_inner().sim,
            Err(rc) => rc.borrow().sim.clone(),
        };
        let Ok(shown) = &self.sim else { return Slice::Done };
        if sim.total_hbs_known() >= shown.borrow().total_hbs_known() {
            self.metrics.borrow_mut().park(&sim);
            *shown.borrow_mut() = sim;
        } else {
            shown.borrow_mut().go_to(sim.hb());
        }
        self.job_ended();
        self.catch_up_metrics();
        Slice::Done
    }
}
