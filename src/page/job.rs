//! Long jobs: work too big for one task of the browser's main thread (computing the run ahead,
//! Last, the next interesting heartbeat, compare mode's runs) runs in slices of at most `SLICE_MS`, one task each
//! (`RunAction::Slice`, sent by the page's timer while `Page::job` is set), until it finishes or
//! is cancelled (`RunAction::Cancel`, the progress bar's button or Escape). The run's side of
//! the work is in `work.rs`, compare mode's in `compare_build.rs`; this is the page's: which job runs, what its progress bar shows,
//! and what the page does when it ends. One job runs at a time; computing ahead, the job no
//! one asked for, waits while Last or the search runs and goes on after them.
//!
//! A slice either computes (on a copy of the run, in place: nothing to render, the page
//! returns itself) or, every `SHOW_EVERY_MS`, shows the progress (a render, a task of its
//! own). The first slice of a job the reader asked for runs at once, in the task of the press,
//! so a short job (every classroom scenario's) is done before the page draws again.

use std::rc::Rc;

use std::cell::RefCell;

use super::ahead::{SHOW_EVERY_MS, SLICE_MS};
use super::compare::Building;
pub use super::work::JobKind;
use super::work::Slice;
use super::{Page, Shared};

/// The job running, as its progress bar shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct LongJob {
    pub what: JobKind,
    /// The heartbeat its copy of the run has reached.
    pub at: u64,
    /// Where it began: the heartbeats known (computing ahead, Last) or the heartbeat shown (a
    /// search).
    pub from: u64,
    /// The share of the run behind `at`, from 0 to 1 (`work::run_share`, an estimate).
    pub share: f64,
    /// When the page last showed its progress (on the run's clock).
    pub shown_at: f64,
    /// Whether the progress bar shows: at once for a job the reader asked for; for computing
    /// ahead, once it has run longer than one show interval.
    pub visible: bool,
}

impl LongJob {
    /// A job the reader asked for (Last, the search), rather than computing ahead.
    pub fn asked(&self) -> bool {
        self.what != JobKind::Ahead
    }
}

impl Page {
    /// Whether Last or the search for the next interesting heartbeat is running.
    pub fn asked_job(&self) -> bool {
        self.job.as_ref().is_some_and(LongJob::asked)
    }

    /// The progress bar's job, when it shows.
    pub fn job_shown(&self) -> Option<&LongJob> {
        self.job.as_ref().filter(|j| j.visible)
    }

    /// After a new scenario: computing ahead, if the run has more to compute.
    pub(super) fn job_for_new_run(&mut self) {
        self.job = None;
        self.building = None;
        self.sweeping = None;
        self.resume_ahead();
    }

    /// Whether `what` is compare mode's (its runs, the sweep) rather than the run's.
    fn compare_kind(what: JobKind) -> bool {
        matches!(what, JobKind::Compare | JobKind::Sweep)
    }

    /// Make way for a job of compare mode: Last or a search under way stops, and so does
    /// another job of compare mode (computing ahead waits).
    fn clear_for_compare(&mut self) {
        self.playing = false;
        if self.job.as_ref().is_some_and(|j| matches!(j.what, JobKind::Last | JobKind::Interesting)) {
            self.run.stop_jobs();
        }
        self.job = None;
        self.building = None;
        self.sweeping = None;
    }

    /// Run compare mode's delay sweep (shown in `compare` once done): a long job from its
    /// first slice, run now.
    pub(super) fn start_sweep(&mut self) {
        let Some(cur) = self.compare.clone() else { return };
        self.clear_for_compare();
        match cur.sweep_run() {
            Ok(run) => {
                let now = (self.run.clock)();
                self.sweeping = Some(Shared::new(RefCell::new(Some(run))));
                self.job =
                    Some(LongJob { what: JobKind::Sweep, at: 0, from: 0, share: 0.0, shown_at: now, visible: true });
                if self.compare_slice(JobKind::Sweep) {
                    self.job_done(JobKind::Sweep);
                }
            }
            Err(e) => self.show_sweep(Err(e)),
        }
    }

    /// The sweep's result, in compare mode.
    fn show_sweep(&mut self, r: Result<crate::sim::sweep::SweepResult, String>) {
        if let Some(c) = &self.compare {
            self.compare = Some(Shared::new(super::CompareState { sweep: Some(Rc::new(r)), ..(**c).clone() }));
        }
    }

    /// Compute compare mode's runs `b`, shown once done: now if the first slice does it, else
    /// as a long job (which replaces Last or a search under way; computing ahead waits).
    pub(super) fn start_compare(&mut self, mut b: Building) {
        self.clear_for_compare();
        let now = (self.run.clock)();
        if b.step(SLICE_MS, self.run.clock) {
            self.compare = Some(Shared::new(b.finish()));
            self.resume_ahead();
            return;
        }
        let (_, _, at, share) = b.progress();
        self.building = Some(Shared::new(RefCell::new(Some(b))));
        self.job = Some(LongJob { what: JobKind::Compare, at, from: 0, share, shown_at: now, visible: true });
    }

    /// Stop computing compare mode's runs or its sweep, if under way (compare mode closed).
    pub(super) fn drop_compare_job(&mut self) {
        self.building = None;
        self.sweeping = None;
        if self.job.as_ref().is_some_and(|j| Self::compare_kind(j.what)) {
            self.job = None;
            self.resume_ahead();
        }
    }

    /// Where compare mode's job `what` has got to: (the heartbeat of the run under way, the
    /// share of the work: for the sweep, of its points done).
    fn compare_progress(&self, what: JobKind) -> Option<(u64, f64)> {
        if what == JobKind::Sweep {
            let s = self.sweeping.as_ref()?.borrow();
            let (done, of, at) = s.as_ref()?.progress();
            return Some((at, if of == 0 { 1.0 } else { done as f64 / of as f64 }));
        }
        let b = self.building.as_ref()?.borrow();
        let (_, _, at, share) = b.as_ref()?.progress();
        Some((at, share))
    }

    /// One slice of compare mode's job `what`; whether it is done (and shown).
    fn compare_slice(&mut self, what: JobKind) -> bool {
        if what == JobKind::Sweep {
            return self.sweep_slice();
        }
        let Some(cell) = self.building.clone() else { return true };
        let clock = self.run.clock;
        let done = cell.borrow_mut().as_mut().is_none_or(|b| b.step(SLICE_MS, clock));
        if done {
            self.building = None;
            if let Some(mut b) = cell.borrow_mut().take() {
                // The state it replaces was stepped meanwhile: the clock it shows now is kept.
                if let Some(cur) = self.compare.as_ref().filter(|_| b.is_rebuild()) {
                    b = b.keeping(cur.sweep.clone(), cur.t_ms);
                }
                self.compare = Some(Shared::new(b.finish()));
            }
        }
        done
    }

    /// One slice of the sweep: its runs stepped 16 heartbeats at a time until `SLICE_MS`
    /// passed; whether it is done (and shown).
    fn sweep_slice(&mut self) -> bool {
        let Some(cell) = self.sweeping.clone() else { return true };
        let start = (self.run.clock)();
        let outcome = {
            let mut guard = cell.borrow_mut();
            let Some(run) = guard.as_mut() else { return true };
            loop {
                match run.step(16) {
                    Ok(false) if (self.run.clock)() - start <= SLICE_MS => {}
                    Ok(false) => return false,
                    Ok(true) => break guard.take().map(|r| Ok(r.finish())),
                    Err(e) => break Some(Err(e)),
                }
            }
        };
        self.sweeping = None;
        if let Some(r) = outcome {
            self.show_sweep(r);
        }
        true
    }

    /// Start job `what` (Last or the search) and run its first slice now.
    pub(super) fn start_job(&mut self, what: JobKind) {
        match what {
            JobKind::Last => self.run.begin_to_end(),
            JobKind::Interesting => self.run.begin_search(),
            JobKind::Ahead | JobKind::Compare | JobKind::Sweep => {}
        }
        let now = (self.run.clock)();
        let (at, share) = self.run.progress(what).unwrap_or((self.run.known_hbs(), 0.0));
        self.job = Some(LongJob { what, at, from: at, share, shown_at: now, visible: what != JobKind::Ahead });
        match self.run.slice(what, SLICE_MS) {
            Slice::Going { at, share } => {
                if let Some(j) = self.job.as_mut() {
                    (j.at, j.share) = (at, share);
                }
            }
            Slice::Done => self.job_done(what),
        }
    }

    /// One slice of the job running (`RunAction::Slice`): computing (the page unchanged, the
    /// same `Rc`), showing the progress, or the job's end.
    pub(super) fn job_slice(self: Rc<Self>) -> Rc<Page> {
        let Some(job) = &self.job else { return self };
        let now = (self.run.clock)();
        let mut next = (*self).clone();
        if now - job.shown_at >= SHOW_EVERY_MS {
            let progress = if Self::compare_kind(job.what) {
                next.compare_progress(job.what)
            } else {
                next.run.progress(job.what)
            };
            match progress {
                Some((at, share)) => {
                    next.job = Some(LongJob { at, share, shown_at: now, visible: true, ..job.clone() });
                    next.run.show_progress();
                }
                None => next.job_done(job.what),
            }
            return Rc::new(next);
        }
        if Self::compare_kind(job.what) {
            // The runs under way moved, in place: nothing to draw until they are done.
            if !next.compare_slice(job.what) {
                return self;
            }
            next.job_done(job.what);
            return Rc::new(next);
        }
        match next.run.slice(job.what, SLICE_MS) {
            // Only the job's copy of the run moved, in place: nothing to draw.
            Slice::Going { .. } => self,
            Slice::Done => {
                next.job_done(job.what);
                Rc::new(next)
            }
        }
    }

    /// Cancel the job running (`RunAction::Cancel`): what it computed is kept, the heartbeat
    /// shown stays, and computing ahead stops too. Compare mode's runs are dropped (the page
    /// stays as it was before they were asked for), and computing ahead goes on.
    pub(super) fn cancel_job(&mut self) {
        if self.job.as_ref().is_some_and(|j| Self::compare_kind(j.what)) {
            return self.drop_compare_job();
        }
        self.run.stop_jobs();
        self.job = None;
    }

    /// Job `what` finished (and the run shows its outcome): the page follows the heartbeat it
    /// moved to, and computing ahead goes on if it has more to do.
    fn job_done(&mut self, what: JobKind) {
        self.job = None;
        if matches!(what, JobKind::Last | JobKind::Interesting) {
            self.slow = None;
            self.after_move();
        }
        self.resume_ahead();
    }

    fn resume_ahead(&mut self) {
        if self.job.is_none() && self.run.computing() {
            let now = (self.run.clock)();
            let (at, share) = self.run.progress(JobKind::Ahead).unwrap_or((0, 0.0));
            self.job = Some(LongJob { what: JobKind::Ahead, at, from: at, share, shown_at: now, visible: false });
        }
    }
}
