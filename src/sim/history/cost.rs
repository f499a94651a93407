//! What replaying a heartbeat costs, counted rather than timed: history places its checkpoints
//! by it (`checkpoints.rs`), so the replay behind a back-step or a jump is bounded in a measure
//! that is the same on every machine and every run. Not part of Hadoop.
//!
//! The unit is a *job visit*: the scheduler looking at one job (or one Spark task set) while it
//! handles a heartbeat. A heartbeat costs
//!
//! * `HEARTBEAT_VISITS` for the heartbeat itself (`JobTracker.heartbeat`: the tracker's reports,
//!   the kills sent, the next heartbeat queued, the record built);
//! * the jobs the scheduler goes over on every heartbeat, where its record counts them: the
//!   Fair Scheduler's `FairScheduler.update` (every job it knows, `jobs_total`), FIFO's pass
//!   over its job queue (`queue_len`: the load and padding sums of
//!   `JobQueueTaskScheduler.assignTasks`);
//! * every time the scheduler asked a job for a task, listed in the record or only counted:
//!   FIFO's `obtainNew*MapTask` calls (`map_tries`) and the jobs its reduce step asked; the
//!   jobs of the four steps of `LimitTasksPerJobTaskScheduler.assignTasks`; the jobs asked in
//!   every pool of every turn of `FairScheduler.assignTasks` and in every queue of every
//!   lookup of the Capacity Scheduler's `TaskSchedulingMgr.assignTasks` (`unlisted` ones
//!   included); every offer a Spark task set was asked in every pass
//!   (`TaskSetManager.resourceOffer`).
//!
//! The record is what the engine produces anyway, so counting reads it and changes nothing.
//! FIFO's reduce step lists at most `QUEUE_LINES` jobs, so its asks are counted as the jobs
//! it lists as asked (launched, slow start, nothing, no reduces) (the pass over the queue already counts every job once).

use crate::explain::{Decision, HeartbeatRecord, Why};

/// What a heartbeat costs besides the jobs its scheduler visits, in job visits. Measured on
/// the 4,000-node bench workloads (`sim::bench`), the fixed part of a heartbeat took as long as
/// 20 to 120 visits; 32 keeps long runs of quiet heartbeats from being counted as free.
pub const HEARTBEAT_VISITS: u64 = 32;

/// The replay cost of one heartbeat, in job visits.
pub fn replay_cost(rec: &HeartbeatRecord) -> u64 {
    HEARTBEAT_VISITS + job_visits(&rec.decision)
}

/// The job visits of one decision: the scheduler's per-heartbeat pass over its jobs and every
/// job (or task set) it asked for a task.
pub fn job_visits(d: &Decision) -> u64 {
    match d {
        Decision::Fifo(f) => {
            let asked =
                |w: &Option<Why>| matches!(w, Some(Why::NoTask { .. } | Why::SlowStart { .. } | Why::NoReduces));
            let reduce_asks = f.jobs.iter().filter(|j| j.reduce || asked(&j.reduce_why)).count();
            (f.queue_len + f.map_tries.len() + reduce_asks) as u64
        }
        Decision::LimitTasksPerJob(l) => l.steps.iter().map(|s| s.jobs.len() as u64).sum(),
        Decision::Fair(f) => {
            f.jobs_total as u64
                + f.turns
                    .iter()
                    .flat_map(|t| &t.visits)
                    .map(|p| p.jobs.len() as u64 + u64::from(p.unlisted))
                    .sum::<u64>()
        }
        Decision::Capacity(c) => [&c.map, &c.reduce]
            .into_iter()
            .flat_map(|p| &p.lookups)
            .flat_map(|l| &l.queues)
            .map(|q| q.jobs.len() as u64 + u64::from(q.unlisted))
            .sum(),
        Decision::Spark(s) => s.task_sets.iter().flat_map(|t| &t.passes).map(|p| p.asks.len() as u64).sum(),
    }
}
