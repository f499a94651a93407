//! Limits that keep a hostile scenario (or a share link) from exhausting memory, overflowing
//! the clock or freezing a browser tab, and checks that a run can do anything at all.
//! `docs/scenario-format.md` ("Limits") states them.

use super::{Scenario, StepKind};
use crate::input::json::Errs;
use crate::model::Millis;

pub const MAX_SCENARIO_BYTES: usize = 64 * 1024 * 1024;
pub const MAX_TRACKERS: usize = 10_000;
/// As many jobs as there are job ids (`model::MAX_JOB_ID`): ids are given (`"id"`) or implicit
/// (a job's position in `jobs`).
pub const MAX_JOBS: usize = MAX_JOB_ID as usize;
pub use crate::model::MAX_JOB_ID;
/// The latest time the clock may reach (2^50 ms, about 35,700 years): time sums stay far
/// from overflowing. Defined with the clock (`model`), so every reader imports it downwards.
pub use crate::model::MAX_TIME_MS;
pub const MAX_TASKS_PER_JOB: u64 = 1_000_000;
pub const MAX_TOTAL_TASKS: u64 = 2_000_000;
/// The most scripted steps one scenario may list (`$.steps`).
pub const MAX_SCRIPTED_STEPS: usize = 1_000_000;
/// The largest heartbeat number a share link (`#hb=`, an embed's `goto`) or a lesson step
/// (`"hb"`) may name.
pub const MAX_NAMED_HEARTBEAT: u64 = 1_000_000;
/// Pools an allocation file may declare and queues a Capacity configuration may name: each
/// scheduler reads its own list and stops at the first entry past its cap.
pub use crate::sched::capacity::queue_list::MAX_QUEUES;
pub use crate::sched::fair::allocs::MAX_POOLS;

/// The work size: the most tasks the engine builds in one go. Submitting a job builds its
/// tasks and, when it initialises, `createCache` (a few µs per task natively, more in the
/// browser), all before the next heartbeat can be shown. 200,000 tasks take well under a
/// second; the 4,000-node / 100,000-task workload of `schedscope bench` stays far below.
pub const MAX_TASKS_AT_ONCE: u64 = 200_000;
/// Jobs of an automatic-mode run submitted within this much simulated time count as
/// submitted at once (heartbeats of a cluster are seconds apart at most).
pub const AT_ONCE_WINDOW_MS: Millis = 10_000;

fn tasks_of(j: &super::JobSpec) -> u64 {
    j.num_maps() + j.reduces
}

fn too_much(found: u64, when: &str) -> String {
    format!(
        "found {found} tasks submitted {when}, expected at most {MAX_TASKS_AT_ONCE} (the work size: the engine builds \
         a job's tasks in one go, and more would freeze a browser tab before the next heartbeat); spread the \
         submit times or make the jobs smaller"
    )
}

/// The work size (`MAX_TASKS_AT_ONCE`): in automatic mode, the tasks of the jobs submitted
/// within any `AT_ONCE_WINDOW_MS`; in scripted mode, the tasks of `jobs` (submitted together
/// at the start) and of the `submit` steps between two heartbeats.
pub(super) fn check_work(s: &Scenario, errs: &mut Errs) {
    match &s.steps {
        None => {
            let mut by_time: Vec<(Millis, u64)> =
                s.jobs.iter().map(|j| (j.submit_time.unwrap_or(0), tasks_of(j))).collect();
            by_time.sort_unstable();
            // A sliding window over the submit times.
            let (mut first, mut sum) = (0, 0u64);
            for (last, &(t, n)) in by_time.iter().enumerate() {
                sum += n;
                while by_time[first].0 < t.saturating_sub(AT_ONCE_WINDOW_MS - 1) {
                    sum -= by_time[first].1;
                    first += 1;
                }
                if sum > MAX_TASKS_AT_ONCE {
                    let when = match (first, by_time[first].0) {
                        (f, t0) if f == last => format!("at {t0} ms"),
                        (_, t0) => format!("between {t0} and {t} ms"),
                    };
                    errs.push("$.jobs", too_much(sum, &when));
                    return;
                }
            }
        }
        Some(steps) => {
            let mut sum: u64 = s.jobs.iter().map(tasks_of).sum();
            if sum > MAX_TASKS_AT_ONCE {
                errs.push("$.jobs", too_much(sum, "at the start"));
                return;
            }
            for st in steps {
                match &st.kind {
                    StepKind::Heartbeat { .. } => sum = 0,
                    StepKind::Submit { job } => {
                        sum += tasks_of(job);
                        if sum > MAX_TASKS_AT_ONCE {
                            errs.push(&st.path, too_much(sum, "since the last heartbeat step"));
                            return;
                        }
                    }
                    _ => {}
                }
            }
        }
    }
}

/// An automatic-mode run whose cluster has no slot for a kind of task its jobs have would
/// heartbeat until its limit with nothing able to run: refused.
pub(super) fn check_slots(s: &Scenario, errs: &mut Errs) {
    if s.steps.is_some() || s.trackers.is_empty() {
        return;
    }
    let maps: u64 = s.jobs.iter().map(|j| j.num_maps()).sum();
    let reduces: u64 = s.jobs.iter().map(|j| j.reduces).sum();
    for (kind, tasks, slots) in [
        ("map", maps, s.trackers.iter().map(|t| u64::from(t.map_slots)).sum::<u64>()),
        ("reduce", reduces, s.trackers.iter().map(|t| u64::from(t.reduce_slots)).sum()),
    ] {
        if tasks > 0 && slots == 0 {
            errs.push(
                "$.trackers",
                format!(
                    "found 0 {kind} slots in the cluster and {tasks} {kind}s in the jobs; expected at least one tracker \
                     with {kind}_slots ≥ 1 (no {kind} could ever run)"
                ),
            );
        }
    }
}
