//! Cross-checks of scripted steps against the scenario: the trackers, jobs and tasks they name
//! exist. What depends on the scheduler's decisions (an attempt that never ran, a job a queue
//! refuses) is found by running: `sim::validate`.

use super::*;
use crate::model::TaskType;
use crate::scenario::{MAX_JOB_ID, MAX_TIME_MS};
use std::collections::BTreeMap;

impl StepKind {
    /// A check (its failure is reported and the run goes on) rather than an action (its
    /// failure means the step cannot run, and the run stops there).
    pub fn is_check(&self) -> bool {
        match self {
            StepKind::ExpectQueue { .. }
            | StepKind::ExpectJob { .. }
            | StepKind::ExpectHeartbeatInterval { .. }
            | StepKind::ExpectMatchingLevel { .. }
            | StepKind::ExpectCluster { .. } => true,
            StepKind::Capacity(c) => c.is_check(),
            StepKind::Spark(s) => s.is_check(),
            StepKind::Fair(f) => f.is_check(),
            _ => false,
        }
    }
}

/// Jobs known at a step: id → (maps, reduces).
struct Jobs(BTreeMap<u32, (u64, u64)>);

impl Jobs {
    fn ids(&self) -> Vec<u32> {
        self.0.keys().copied().collect()
    }

    /// The job exists at this step.
    fn check(&self, id: u32, path: &str, errs: &mut Errs) -> bool {
        if self.0.contains_key(&id) {
            return true;
        }
        errs.push(path, format!("job {id} does not exist at this step; expected one of {:?}", self.ids()));
        false
    }

    /// The job exists and has the task the attempt names.
    fn check_attempt(&self, a: &AttemptRef, path: &str, errs: &mut Errs) {
        if !self.check(a.job, path, errs) {
            return;
        }
        let (maps, reduces) = self.0[&a.job];
        let (n, kind) = match a.kind {
            TaskType::Map => (maps, "map"),
            TaskType::Reduce => (reduces, "reduce"),
        };
        if u64::from(a.index) >= n {
            let expected = match n {
                0 => format!("job {} has no {kind}s", a.job),
                _ => format!("expected {kind} 0 to {}", n - 1),
            };
            errs.push(path, format!("found {a}: job {} has {n} {kind}(s); {expected}", a.job));
        }
    }
}

/// The clock after a step that moves it (sums saturate: they are compared with MAX_TIME_MS).
fn clock_after(k: &StepKind, now: Millis) -> Option<Millis> {
    match k {
        StepKind::Advance { ms } => Some(now.saturating_add(*ms)),
        StepKind::Run { until_ms } => Some(now.max(*until_ms)),
        StepKind::Fair(f) => match **f {
            super::fair::FairStep::AdvanceNoUpdate { ms } => Some(now.saturating_add(ms)),
            _ => None,
        },
        _ => None,
    }
}

/// Steps must name trackers, jobs and tasks that exist; fields of automatic mode have no
/// place beside steps.
pub fn validate_steps(s: &Scenario, steps: &[Step], errs: &mut Errs) {
    for (i, t) in s.trackers.iter().enumerate() {
        for (key, v) in [("join_ms", t.join_ms), ("silent_ms", t.silent_ms)] {
            if v.is_some() {
                errs.push(
                    &child(&index("$.trackers", i), key),
                    "automatic mode only, but this scenario has steps; expected add_tracker or lose_tracker steps",
                );
            }
        }
    }
    if s.run.until_ms.is_some() {
        errs.push(
            "$.run.until_ms",
            "the stop time of automatic mode, but this scenario has steps; expected a step \
             {\"op\": \"run\", \"until_ms\": ...} to run the automatic driver until a time",
        );
    }
    let spark = steps.iter().filter_map(|s| match &s.kind {
        StepKind::Spark(sp) => Some((s.path.as_str(), &**sp)),
        _ => None,
    });
    super::spark::validate(spark, errs);
    let mut jobs = Jobs(s.jobs.iter().map(|j| (j.id, (j.num_maps(), j.reduces))).collect());
    // Trackers in the cluster at each step (`add_tracker` adds one, `lose_tracker` removes it).
    let mut live: Vec<String> = s.trackers.iter().map(|t| t.name.clone()).collect();
    let mut lost: Vec<(String, String)> = Vec::new();
    // The clock as the steps move it: it may not pass MAX_TIME_MS.
    let mut clock: Millis = 0;
    for st in steps {
        if let Some(t) = clock_after(&st.kind, clock) {
            if t > MAX_TIME_MS {
                errs.push(
                    &st.path,
                    format!(
                        "the clock would reach {t} ms at this step; expected at most {MAX_TIME_MS} ms (2^50 ms, about 35,700 years) in all"
                    ),
                );
                return;
            }
            clock = t;
        }
        let jp = child(&st.path, "job");
        let ap = child(&st.path, "attempt");
        match &st.kind {
            StepKind::Heartbeat { tracker, expect, .. } => {
                if let Some((_, at)) = lost.iter().find(|(t, _)| t == tracker) {
                    errs.push(
                        &st.path,
                        format!("tracker {tracker:?} was lost at {at}; expected it to join again (add_tracker) first"),
                    );
                } else if !live.contains(tracker) {
                    errs.push(&st.path, format!("found tracker {tracker:?}, expected one of {live:?}"));
                }
                for (i, e) in expect.iter().flatten().enumerate() {
                    let path = index(&child(&st.path, "expect"), i);
                    match e.label {
                        // Hadoop attempt names number tasks as the harness launched them.
                        Some(_) => _ = jobs.check(e.attempt.job, &path, errs),
                        None => jobs.check_attempt(&e.attempt, &path, errs),
                    }
                }
            }
            StepKind::Submit { job } => {
                // id 0 = not given: the next free id.
                let id = if job.id == 0 { jobs.0.keys().max().copied().unwrap_or(0) + 1 } else { job.id };
                if u64::from(id) > MAX_JOB_ID {
                    errs.push(&jp, format!("this submit would give job id {id}; expected ids up to {MAX_JOB_ID}"));
                } else if jobs.0.insert(id, (job.num_maps(), job.reduces)).is_some() {
                    errs.push(&jp, format!("job id {id} is used twice; expected a new id"));
                }
            }
            StepKind::Finish { attempt }
            | StepKind::Fail { attempt }
            | StepKind::KillTask { attempt }
            | StepKind::Progress { attempt, .. } => jobs.check_attempt(attempt, &ap, errs),
            StepKind::SetPriority { job, .. }
            | StepKind::SetState { job, .. }
            | StepKind::KillJob { job }
            | StepKind::Init { job }
            | StepKind::ExpectJob { job, .. } => _ = jobs.check(*job, &jp, errs),
            StepKind::SetStartTime { job, relative_to, .. } => {
                jobs.check(*job, &jp, errs);
                if let Some(r) = relative_to {
                    jobs.check(*r, &child(&st.path, "relative_to"), errs);
                }
            }
            StepKind::ExpectQueue { order } => {
                for (i, j) in order.iter().enumerate() {
                    jobs.check(*j, &index(&child(&st.path, "order"), i), errs);
                }
            }
            StepKind::AddTracker { tracker } => {
                if live.contains(&tracker.name) {
                    errs.push(
                        &child(&child(&st.path, "tracker"), "name"),
                        format!(
                            "tracker {:?} is already in the cluster; expected a new name or a lost tracker",
                            tracker.name
                        ),
                    );
                } else {
                    lost.retain(|(t, _)| *t != tracker.name);
                    live.push(tracker.name.clone());
                }
            }
            StepKind::LoseTracker { tracker } => match live.iter().position(|t| t == tracker) {
                Some(i) => {
                    live.remove(i);
                    lost.push((tracker.clone(), st.path.clone()));
                }
                None => errs.push(
                    &child(&st.path, "tracker"),
                    format!("found tracker {tracker:?}, expected one of the trackers in the cluster {live:?}"),
                ),
            },
            _ => {}
        }
    }
}
