//! Running the Capacity Scheduler's scripted steps (`scenario::steps::capacity`) against a
//! `CapacityTaskScheduler`: the actions of `TestCapacityScheduler`'s harness (its
//! `FakeTaskTrackerManager` and `FakeJobInProgress`)
//! (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`)
//! here, its assertions in `capacity/checks.rs`.

use crate::model::cluster::AttemptEnd;
use crate::model::{AttemptId, Cluster, JobId, RunState};
use crate::scenario::steps::capacity::{CapacityStep, HadoopAttempt};
use crate::sched::capacity::queue::CapacitySchedulerQueue;
use crate::sched::capacity::{CapacityTaskScheduler, conf};

mod checks;

/// Run one Capacity step: `Err` is a failed check or a step that cannot run.
pub fn run(sc: &mut CapacityTaskScheduler, cluster: &mut Cluster, step: &CapacityStep) -> Result<(), String> {
    sc.sync(cluster);
    if let Some(e) = &sc.start_error {
        if step.op() != "expect_start_error" {
            return Err(format!("the Capacity Scheduler did not start: {e}"));
        }
    }
    match step {
        CapacityStep::InitDirect { job } => cluster.init_job(JobId(*job)),
        CapacityStep::CompleteJob { job, state } => {
            cluster.set_state(JobId(*job), *state);
            Ok(())
        }
        CapacityStep::FinishTask(t) => finish_task(sc, cluster, t),
        CapacityStep::Poll { promote } => {
            sc.poll(cluster, *promote);
            Ok(())
        }
        CapacityStep::Promote { queue: q } => {
            let ids = queue(sc, q)?.initializing.ids();
            for id in ids {
                if cluster.jobs.get(&id).is_some_and(|j| j.state == RunState::Running) {
                    sc.muted.remove(&id);
                    sc.make_running(cluster, id);
                }
            }
            Ok(())
        }
        CapacityStep::Refresh => {
            sc.refresh(cluster);
            Ok(())
        }
        CapacityStep::RefreshQueues { set, expect_error } => refresh_queues(sc, set, expect_error.as_deref()),
        CapacityStep::SubmitRejected { id, user, queue, desired_tasks, message } => {
            match sc.admit(cluster, JobId(*id), user, queue, *desired_tasks) {
                Ok(()) => Err(format!("expected job {id} to be rejected, but it was accepted")),
                Err(r) => match message {
                    Some(want) if want != r.message() => {
                        Err(format!("rejection message: expected {want:?}, got {:?}", r.message()))
                    }
                    _ => Ok(()),
                },
            }
        }
        CapacityStep::Check(c) => checks::run(sc, cluster, c),
    }
}

/// The queue a step names.
fn queue<'a>(sc: &'a CapacityTaskScheduler, q: &str) -> Result<&'a CapacitySchedulerQueue, String> {
    sc.queues.get(q).ok_or_else(|| format!("no queue {q:?}; the queues are {:?}", sc.config_order))
}

/// A Hadoop attempt name finishes: the harness numbers tasks in launch order.
fn finish_task(sc: &CapacityTaskScheduler, cluster: &mut Cluster, t: &HadoopAttempt) -> Result<(), String> {
    let HadoopAttempt { name, job: j, kind: k, number: num, attempt: att } = t;
    let index = if sc.setup.harness {
        sc.numbers
            .iter()
            .find(|((jj, kk, _), nn)| jj == j && kk == k && *nn == num)
            .map(|((_, _, i), _)| *i)
            .ok_or_else(|| format!("{name} was never launched"))?
    } else {
        *num
    };
    let aid = AttemptId { job: *j, kind: *k, index, attempt: *att };
    if cluster.is_running(aid) {
        return cluster.end_attempt(aid, AttemptEnd::Succeeded).map(|_| ());
    }
    let done =
        cluster.jobs.get(&JobId(*j)).and_then(|x| x.tips(*k).get(index as usize)).is_some_and(|tip| tip.complete);
    if done { Ok(()) } else { Err(format!("{name} is not running")) }
}

/// `mradmin -refreshQueues` → `CapacityTaskScheduler.refresh` (the queues re-read and checked as at start-up).
fn refresh_queues(
    sc: &mut CapacityTaskScheduler,
    set: &[(String, Option<String>)],
    expect_error: Option<&str>,
) -> Result<(), String> {
    let mut p = sc.setup.props.clone();
    for (k, v) in set {
        match v {
            None => {
                p.0.remove(k);
            }
            Some(v) => p.set(k, v),
        }
    }
    let result = conf::start(&p).and_then(|started| {
        for old in &sc.config_order {
            if !started.queues.iter().any(|q| q.name == *old) {
                return Err(format!("java.io.IOException: Couldn't find queue '{old}' during refresh!"));
            }
        }
        Ok(started)
    });
    match (result, expect_error) {
        (Ok(started), None) => {
            let mut setup = (*sc.setup).clone();
            setup.props = p;
            sc.setup = std::sync::Arc::new(setup);
            sc.install(started);
            Ok(())
        }
        (Ok(_), Some(want)) => Err(format!("expected the refresh to fail with {want:?}, but it succeeded")),
        (Err(e), Some(want)) if e == want || conf::bare_message(&e) == want => Ok(()),
        (Err(e), _) => Err(format!("refresh failed: {}", conf::bare_message(&e))),
    }
}
