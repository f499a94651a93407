//! Capacity-specific scripted ops (`docs/scenario-format.md` § "Capacity steps"): the test
//! harness's actions
//! (`poll`, `promote`, `refresh`, `complete_job`, ...); its checks
//! (`expect_used`, `expect_info`, ...) are in `checks.rs`. They reach the scheduler through the
//! generic `StepKind::Sched` mechanism.

use super::{CapacityTaskScheduler, conf};
use crate::input::json::found;
use crate::model::cluster::AttemptEnd;
use crate::model::{AttemptId, Cluster, JobId, RunState, TaskType};
use serde_json::Value;

pub use super::ops::{OPS, OPS_FIELDS, validate};

pub(super) fn s<'a>(a: &'a Value, k: &str) -> Result<&'a str, String> {
    a.get(k)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{k}: expected a string, found {}", a.get(k).map(found).unwrap_or("nothing".into())))
}
pub(super) fn n(a: &Value, k: &str) -> Result<i64, String> {
    a.get(k)
        .and_then(Value::as_i64)
        .ok_or_else(|| format!("{k}: expected an integer, found {}", a.get(k).map(found).unwrap_or("nothing".into())))
}
/// How many tasks a job's `maps` or `reduces` field gives, in any of its forms: a count, a
/// list (one entry per task, e.g. split hosts), or `{"count": N, ...}`.
pub(super) fn task_count(v: Option<&Value>) -> i64 {
    match v {
        Some(Value::Array(list)) => list.len() as i64,
        Some(Value::Object(o)) => o.get("count").and_then(Value::as_i64).unwrap_or(0),
        Some(v) => v.as_i64().unwrap_or(0),
        None => 0,
    }
}
pub(super) fn job(a: &Value) -> Result<JobId, String> {
    n(a, "job").map(|j| JobId(j as u32))
}
pub(super) fn kind(a: &Value) -> Result<TaskType, String> {
    match s(a, "type")? {
        "map" => Ok(TaskType::Map),
        "reduce" => Ok(TaskType::Reduce),
        o => Err(format!("type: found {o:?}, expected \"map\" or \"reduce\"")),
    }
}
pub(super) fn ids(a: &Value, k: &str) -> Result<Vec<u32>, String> {
    a.get(k)
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_u64).map(|x| x as u32).collect())
        .ok_or_else(|| format!("{k}: expected a list of job ids"))
}
pub(super) fn check<T: PartialEq + std::fmt::Debug>(what: &str, want: T, got: T) -> Result<(), String> {
    if want == got { Ok(()) } else { Err(format!("{what}: expected {want:?}, got {got:?}")) }
}
pub(super) fn state(a: &Value) -> Result<RunState, String> {
    RunState::parse(s(a, "state")?)
        .ok_or_else(|| "state: expected PREP, RUNNING, SUCCEEDED, FAILED or KILLED".to_string())
}

/// Parse `attempt_<jt>_<job>_<m|r>_<number>_<attempt>` (optionally ` on <tracker>`).
pub fn parse_attempt_name(t: &str) -> Option<(u32, TaskType, u32, u32)> {
    let name = t.split(" on ").next()?.trim();
    let parts: Vec<&str> = name.split('_').collect();
    if parts.len() < 6 || parts[0] != "attempt" {
        return None;
    }
    let l = parts.len();
    let k = match parts[l - 3] {
        "m" => TaskType::Map,
        "r" => TaskType::Reduce,
        _ => return None,
    };
    Some((parts[l - 4].parse().ok()?, k, parts[l - 2].parse().ok()?, parts[l - 1].parse().ok()?))
}

pub fn exec(sc: &mut CapacityTaskScheduler, cluster: &mut Cluster, op: &str, a: &Value) -> Option<Result<(), String>> {
    if !OPS.contains(&op) {
        return None;
    }
    if let Some(e) = &sc.start_error {
        if op != "expect_start_error" {
            return Some(Err(format!("the Capacity Scheduler did not start: {e}")));
        }
    }
    Some(run(sc, cluster, op, a))
}

pub(super) fn queue<'a>(
    sc: &'a CapacityTaskScheduler,
    a: &Value,
) -> Result<&'a super::queue::CapacitySchedulerQueue, String> {
    let q = s(a, "queue")?;
    sc.queues.get(q).ok_or_else(|| format!("no queue {q:?}; the queues are {:?}", sc.config_order))
}

pub(super) fn list_of<'a>(
    q: &'a super::queue::CapacitySchedulerQueue,
    name: &str,
) -> Result<&'a super::queue::JobList, String> {
    match name {
        "waiting" => Ok(&q.waiting),
        "initializing" => Ok(&q.initializing),
        "running" => Ok(&q.running),
        o => Err(format!("list: found {o:?}, expected waiting, initializing or running")),
    }
}

fn run(sc: &mut CapacityTaskScheduler, cluster: &mut Cluster, op: &str, a: &Value) -> Result<(), String> {
    match op {
        "init_direct" => cluster.init_job(job(a)?),
        "complete_job" => {
            let st = state(a)?;
            if !st.is_terminal() {
                return Err("state: expected SUCCEEDED, FAILED or KILLED".into());
            }
            cluster.set_state(job(a)?, st);
            Ok(())
        }
        "finish_task" => {
            let t = s(a, "task")?;
            let (j, k, num, att) = parse_attempt_name(t)
                .ok_or_else(|| format!("task: found {t:?}, expected attempt_test_0001_m_000001_0"))?;
            let index = if sc.setup.harness {
                sc.numbers
                    .iter()
                    .find(|((jj, kk, _), nn)| *jj == j && *kk == k && **nn == num)
                    .map(|((_, _, i), _)| *i)
                    .ok_or_else(|| format!("{t} was never launched"))?
            } else {
                num
            };
            let aid = AttemptId { job: j, kind: k, index, attempt: att };
            if cluster.is_running(aid) {
                return cluster.end_attempt(aid, AttemptEnd::Succeeded).map(|_| ());
            }
            let done =
                cluster.jobs.get(&JobId(j)).and_then(|x| x.tips(k).get(index as usize)).is_some_and(|tip| tip.complete);
            if done { Ok(()) } else { Err(format!("{t} is not running")) }
        }
        "poll" => {
            let promote = a.get("promote").and_then(Value::as_bool).unwrap_or(true);
            sc.poll(cluster, promote);
            Ok(())
        }
        "promote" => {
            let q = queue(sc, a)?;
            let ids = q.initializing.ids();
            for id in ids {
                if cluster.jobs.get(&id).is_some_and(|j| j.state == RunState::Running) {
                    sc.muted.remove(&id);
                    sc.make_running(cluster, id);
                }
            }
            Ok(())
        }
        "refresh" => {
            sc.refresh(cluster);
            Ok(())
        }
        "refresh_queues" => refresh_queues(sc, cluster, a),
        "submit_rejected" => {
            let j = a.get("job").ok_or("job: missing")?;
            let id = JobId(n(j, "id")? as u32);
            let user = j.get("user").and_then(Value::as_str).unwrap_or("user");
            let q = j.get("queue").and_then(Value::as_str).unwrap_or("default");
            let desired = task_count(j.get("maps")) + task_count(j.get("reduces"));
            match sc.admit(cluster, id, user, q, desired) {
                Ok(()) => Err(format!("expected job {} to be rejected, but it was accepted", id.0)),
                Err(r) => match a.get("message").and_then(Value::as_str) {
                    Some(want) if want != r.message() => {
                        Err(format!("rejection message: expected {want:?}, got {:?}", r.message()))
                    }
                    _ => Ok(()),
                },
            }
        }
        _ => super::checks::run(sc, cluster, op, a),
    }
}

/// `mradmin -refreshQueues` → `CapacityTaskScheduler.refresh` (the queues re-read and checked as at start-up).
fn refresh_queues(sc: &mut CapacityTaskScheduler, _cluster: &mut Cluster, a: &Value) -> Result<(), String> {
    let mut p = sc.setup.props.clone();
    if let Some(Value::Object(set)) = a.get("set") {
        for (k, v) in set {
            match v {
                Value::Null => {
                    p.0.remove(k);
                }
                v => p.set(k, &v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())),
            }
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
    match (result, a.get("expect_error").and_then(Value::as_str)) {
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
