//! Steps that cannot run, found by running: `schedscope validate` and `run`/`check` share
//! this one implementation, so they agree. Whether a step can run often depends on what the
//! scheduler did before it (finishing an attempt that never ran or already ended, a job the
//! Capacity Scheduler's queue limits refuse), so the rules are not restated statically: the
//! engine stops at such a step with its JSON path, and `validate` runs the scenario the same
//! way (a dry run, no records kept) to report it.

use super::{CheckFailure, Engine};
use crate::model::Millis;
use crate::scenario::JobSpec;
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

    /// Automatic mode: submit an arriving job. A job refused by a limit of the moment is
    /// recorded and the run goes on, as Hadoop's JobTracker goes on; a job that can never run
    /// (`Refusal::Config`) stops the run at its path. `false`: the run stopped.
    pub(super) fn submit_arrival(&mut self, spec: &JobSpec, t: Millis) -> bool {
        match self.submit(spec, t) {
            Ok(()) => true,
            Err(Refusal::Limit(e)) => {
                self.failures.push(CheckFailure { step: format!("job {}", spec.id), hb: None, message: e });
                true
            }
            Err(r) => {
                let i = self.scenario.jobs.iter().position(|j| j.id == spec.id).unwrap_or(0);
                self.stop(format!("$.jobs[{i}]"), refused(spec.id, &r));
                false
            }
        }
    }

    /// Run as `run` would, without keeping records, until the end. In automatic mode only a
    /// submission can stop a run, and whether a job can ever run (`Refusal::Config`) does not
    /// depend on what ran before it, so the jobs are submitted in arrival order without
    /// heartbeats in between: the same refusals, at the cost of building the jobs.
    fn dry_run(&mut self) {
        if !self.is_scripted() {
            let arrivals = self.arrivals.clone();
            for spec in arrivals.iter().rev() {
                let t = spec.submit_time.unwrap_or(0);
                if !self.submit_arrival(spec, t) {
                    return;
                }
            }
            return;
        }
        while self.stopped.is_none() && self.next_heartbeat().is_some() {}
    }
}

/// Every reason the scenario cannot run to its end: the engine's start-up errors, or the
/// first step (or automatic-mode job) that cannot run, each with its JSON path. Failed
/// expectations are not errors here: they are what `schedscope check` reports.
pub fn validate(s: &Scenario) -> Result<(), ScenarioErrors> {
    let mut e = Engine::create(s.clone()).map_err(|e| ScenarioErrors::of(vec![e]))?;
    e.dry_run();
    match e.stopped {
        None => Ok(()),
        Some(f) => Err(ScenarioErrors::of(vec![ScenarioError { path: f.step, message: f.message }])),
    }
}
