//! Cross-checks of scripted steps against the scenario: trackers and jobs they name exist.

use super::*;

/// Steps must name trackers and jobs that exist.
pub fn validate_steps(s: &Scenario, steps: &[Step], errs: &mut Errs) {
    let mut jobs: Vec<u32> = s.jobs.iter().map(|j| j.id).collect();
    // Trackers that scheduler-specific steps add (e.g. the Capacity tests' `add_tracker`).
    let mut added: Vec<String> = Vec::new();
    let check_job = |id: u32, path: &str, jobs: &[u32], errs: &mut Errs| {
        if !jobs.contains(&id) {
            errs.push(path, format!("job {id} does not exist at this step; expected one of {jobs:?}"));
        }
    };
    for st in steps {
        let jp = child(&st.path, "job");
        match &st.kind {
            StepKind::Heartbeat { tracker, expect, .. } => {
                if !s.trackers.iter().any(|t| t.name == *tracker) && !added.contains(tracker) {
                    let names: Vec<&str> =
                        s.trackers.iter().map(|t| t.name.as_str()).chain(added.iter().map(String::as_str)).collect();
                    errs.push(&st.path, format!("found tracker {tracker:?}, expected one of {names:?}"));
                }
                for (i, e) in expect.iter().flatten().enumerate() {
                    check_job(e.attempt.job, &index(&child(&st.path, "expect"), i), &jobs, errs);
                }
            }
            StepKind::Submit { job } => {
                if jobs.contains(&job.id) || job.id == 0 {
                    // id 0 = not given: the next free id
                } else {
                    jobs.push(job.id);
                }
                if job.id == 0 {
                    jobs.push(jobs.iter().max().copied().unwrap_or(0) + 1);
                } else if jobs.iter().filter(|&&x| x == job.id).count() > 1 {
                    errs.push(&jp, format!("job id {} is used twice; expected a new id", job.id));
                }
            }
            StepKind::Finish { attempt }
            | StepKind::Fail { attempt }
            | StepKind::KillTask { attempt }
            | StepKind::Progress { attempt, .. } => check_job(attempt.job, &child(&st.path, "attempt"), &jobs, errs),
            StepKind::SetPriority { job, .. }
            | StepKind::SetState { job, .. }
            | StepKind::KillJob { job }
            | StepKind::Init { job }
            | StepKind::ExpectJob { job, .. } => check_job(*job, &jp, &jobs, errs),
            StepKind::SetStartTime { job, relative_to, .. } => {
                check_job(*job, &jp, &jobs, errs);
                if let Some(r) = relative_to {
                    check_job(*r, &child(&st.path, "relative_to"), &jobs, errs);
                }
            }
            StepKind::Sched { op, args } => {
                if let Some(t) = crate::sched::step_adds_tracker(op, args) {
                    added.push(t);
                }
            }
            _ => {}
        }
    }
}
