//! Steps that cannot run, found by running: `schedscope validate` and `run`/`check` share
//! this one implementation, so they agree. Whether a step can run often depends on what the
//! scheduler did before it (finishing an attempt that never ran or already ended, a job the
//! Capacity Scheduler's queue limits refuse), so the rules are not restated statically: the
//! engine stops at such a step with its JSON path, and `validate` runs the scenario the same
//! way (a dry run, no records kept) to report it.

use super::{CheckFailure, Engine};
use crate::scenario::{Scenario, ScenarioError, ScenarioErrors};
use crate::sched::Refusal;

/// The message for a job that the JobTracker (its scheduler's listener) refuses at submission.
pub(super) fn refused(job: u32, why: &Refusal) -> String {
    format!("job {job} cannot be submitted: {}", why.message())
}

impl Engine {
    /// Stop the run at `path`: the step there cannot run. Recorded as the last failure too,
    /// so `check` lists it with the expectations that failed before it.
    pub(super) fn stop(&mut self, path: String, message: String) {
        let f = CheckFailure { step: path, hb: Some(self.hb), message };
        self.failures.push(f.clone());
        self.stopped = Some(f);
    }

    /// Run as `run` would, without keeping records, until the end or until nothing can be
    /// refused any more (an automatic-mode run whose jobs have all been submitted).
    fn dry_run(&mut self) {
        while self.stopped.is_none() {
            if !self.is_scripted() && self.arrivals_left == 0 {
                return;
            }
            if self.next_heartbeat().is_none() {
                return;
            }
        }
    }
}

/// Every reason the scenario cannot run to its end: the engine's start-up errors, or the
/// first step (or automatic-mode job) that cannot run, each with its JSON path. Failed
/// expectations are not errors here: they are what `schedscope check` reports.
pub fn validate(s: &Scenario) -> Result<(), ScenarioErrors> {
    let mut e = Engine::create(s.clone()).map_err(|e| ScenarioErrors { errors: vec![e] })?;
    e.dry_run();
    match e.stopped {
        None => Ok(()),
        Some(f) => Err(ScenarioErrors { errors: vec![ScenarioError { path: f.step, message: f.message }] }),
    }
}
