//! Capacity-specific scripted ops (`capacity-tests.md` §0.6): the test harness's actions
//! (`poll`, `promote`, `refresh`, `complete_job`, `add_tracker`, ...) and its checks
//! (`expect_used`, `expect_info`, `expect_sched_info`, `expect_queue_order`, ...). They reach
//! the scheduler through the generic `StepKind::Sched` mechanism.

use super::{CapacityTaskScheduler, conf, display, memory};
use crate::model::cluster::AttemptEnd;
use crate::model::{AttemptId, Cluster, JobId, RunState, TaskType};
use crate::scenario::json::found;
use serde_json::Value;

pub use super::ops::{OPS, OPS_FIELDS, added_tracker, validate};

fn s<'a>(a: &'a Value, k: &str) -> Result<&'a str, String> {
    a.get(k)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("{k}: expected a string, found {}", a.get(k).map(found).unwrap_or("nothing".into())))
}
fn n(a: &Value, k: &str) -> Result<i64, String> {
    a.get(k)
        .and_then(Value::as_i64)
        .ok_or_else(|| format!("{k}: expected an integer, found {}", a.get(k).map(found).unwrap_or("nothing".into())))
}
fn job(a: &Value) -> Result<JobId, String> {
    n(a, "job").map(|j| JobId(j as u32))
}
fn kind(a: &Value) -> Result<TaskType, String> {
    match s(a, "type")? {
        "map" => Ok(TaskType::Map),
        "reduce" => Ok(TaskType::Reduce),
        o => Err(format!("type: found {o:?}, expected \"map\" or \"reduce\"")),
    }
}
fn ids(a: &Value, k: &str) -> Result<Vec<u32>, String> {
    a.get(k)
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(Value::as_u64).map(|x| x as u32).collect())
        .ok_or_else(|| format!("{k}: expected a list of job ids"))
}
fn check<T: PartialEq + std::fmt::Debug>(what: &str, want: T, got: T) -> Result<(), String> {
    if want == got { Ok(()) } else { Err(format!("{what}: expected {want:?}, got {got:?}")) }
}
fn state(a: &Value) -> Result<RunState, String> {
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

fn queue<'a>(sc: &'a CapacityTaskScheduler, a: &Value) -> Result<&'a super::queue::CapacitySchedulerQueue, String> {
    let q = s(a, "queue")?;
    sc.queues.get(q).ok_or_else(|| format!("no queue {q:?}; the queues are {:?}", sc.config_order))
}

fn list_of<'a>(q: &'a super::queue::CapacitySchedulerQueue, name: &str) -> Result<&'a super::queue::JobList, String> {
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
                return cluster.end_attempt(aid, AttemptEnd::Succeeded);
            }
            let done =
                cluster.jobs.get(&JobId(j)).and_then(|x| x.tips(k).get(index as usize)).is_some_and(|tip| tip.complete);
            if done { Ok(()) } else { Err(format!("{t} is not running")) }
        }
        "add_tracker" => {
            let t = a.get("tracker").ok_or("tracker: missing")?;
            let name = s(t, "name")?;
            let host =
                t.get("host").and_then(Value::as_str).map(str::to_string).unwrap_or_else(|| format!("{name}.host"));
            let rack = t.get("rack").and_then(Value::as_str).unwrap_or(crate::model::topology::DEFAULT_RACK);
            let ms = t.get("map_slots").and_then(Value::as_u64).map(|x| x as u32).unwrap_or(sc.setup.default_map_slots);
            let rs = t
                .get("reduce_slots")
                .and_then(Value::as_u64)
                .map(|x| x as u32)
                .unwrap_or(sc.setup.default_reduce_slots);
            if cluster.tracker_index(name).is_some() {
                return Err(format!("tracker {name} already exists"));
            }
            cluster.add_tracker(name, &host, rack, ms.min(1000), rs.min(1000)).map(|_| ())
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
            let desired = j.get("maps").and_then(Value::as_i64).unwrap_or(0)
                + j.get("reduces").and_then(Value::as_i64).unwrap_or(0);
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
        "expect_used" => {
            sc.refresh(cluster);
            let q = queue(sc, a)?;
            let k = kind(a)?;
            let u = q.usage(k);
            let got = format!(
                "Used capacity: {} ({}% of Capacity)",
                u.num_slots_occupied,
                display::pct(u.num_slots_occupied, u.capacity)
            );
            check(&format!("{} {} used capacity", q.name, k.as_str()), s(a, "text")?.to_string(), got)
        }
        "expect_capacity" => {
            let q = queue(sc, a)?;
            let k = kind(a)?;
            check(&format!("{} {} capacity in slots", q.name, k.as_str()), n(a, "slots")?, q.usage(k).capacity as i64)
        }
        "expect_info" => {
            let q = queue(sc, a)?;
            let want: Vec<String> = a
                .get("lines")
                .and_then(Value::as_array)
                .ok_or("lines: expected a list of strings")?
                .iter()
                .map(|l| l.as_str().unwrap_or("").to_string())
                .collect();
            let got = display::queue_info_lines(q);
            if want == got {
                Ok(())
            } else {
                Err(format!(
                    "scheduling info of {}:\nexpected:\n  {}\ngot:\n  {}",
                    q.name,
                    want.join("\n  "),
                    got.join("\n  ")
                ))
            }
        }
        "expect_info_lines" => {
            let q = queue(sc, a)?;
            let got = display::queue_info_lines(q);
            let mut bad = Vec::new();
            if let Some(c) = a.get("count").and_then(Value::as_u64) {
                if c as usize != got.len() {
                    bad.push(format!("expected {c} lines, got {}", got.len()));
                }
            }
            if let Some(Value::Object(at)) = a.get("at") {
                for (i, want) in at {
                    let line = i.parse::<usize>().ok().and_then(|i| got.get(i));
                    if line.map(String::as_str) != want.as_str() {
                        bad.push(format!("line {i}: expected {want}, got {:?}", line));
                    }
                }
            }
            if bad.is_empty() {
                Ok(())
            } else {
                Err(format!("scheduling info of {}: {}\n  {}", q.name, bad.join("; "), got.join("\n  ")))
            }
        }
        "expect_sched_info" => {
            let id = job(a)?;
            let got = sc.jobs.get(&id).and_then(|i| i.sched_info).unwrap_or([0; 6]);
            if let Some(t) = a.get("text").and_then(Value::as_str) {
                check(&format!("J{} scheduling info", id.0), t.to_string(), display::job_sched_info(got))?;
            }
            match a.get("values").and_then(Value::as_array) {
                Some(v) => {
                    let want: Vec<i64> = v.iter().filter_map(Value::as_i64).collect();
                    check(
                        &format!(
                            "J{} scheduling info (running maps, map slots, reserved, running reduces, reduce slots, reserved)",
                            id.0
                        ),
                        want,
                        got.to_vec(),
                    )
                }
                None => Ok(()),
            }
        }
        "expect_mem" => {
            let t = s(a, "tracker")?;
            let ti = cluster.tracker_index(t).ok_or_else(|| format!("no tracker {t}"))?;
            let tr = &cluster.trackers[ti];
            let mem = &sc.sched.memory;
            let m = memory::mem_reserved_for_tasks(mem, tr, TaskType::Map, n(a, "map_avail").unwrap_or(0));
            let r = memory::mem_reserved_for_tasks(mem, tr, TaskType::Reduce, n(a, "reduce_avail").unwrap_or(0));
            check(
                &format!("memory reserved for tasks on {t} (map MB, reduce MB)"),
                (n(a, "map_mb")?, n(a, "reduce_mb")?),
                (m, r),
            )
        }
        "expect_queue_order" => {
            let k = kind(a)?;
            let want: Vec<String> = a
                .get("order")
                .and_then(Value::as_array)
                .ok_or("order: expected a list")?
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_string)
                .collect();
            let got = if k == TaskType::Map { sc.map_order.clone() } else { sc.reduce_order.clone() };
            check(&format!("{} queue order", k.as_str()), want, got)
        }
        "expect_job_order" => {
            let q = queue(sc, a)?;
            let l = list_of(q, s(a, "list")?)?;
            check(&format!("{} {} list", q.name, s(a, "list")?), ids(a, "jobs")?, l.ids().iter().map(|j| j.0).collect())
        }
        "expect_count" => {
            let q = queue(sc, a)?;
            let l = list_of(q, s(a, "list")?)?;
            check(&format!("{} {} list size", q.name, s(a, "list")?), n(a, "value")?, l.len() as i64)
        }
        "expect_in_list" => {
            let id = job(a)?;
            let mut bad = Vec::new();
            for q in sc.queues.values() {
                if !(q.waiting.contains(id) || q.initializing.contains(id) || q.running.contains(id))
                    && cluster.jobs.get(&id).is_none_or(|j| j.queue != q.name)
                {
                    continue;
                }
                for name in ["waiting", "initializing", "running"] {
                    if let Some(want) = a.get(name).and_then(Value::as_bool) {
                        let got = list_of(q, name)?.contains(id);
                        if got != want {
                            bad.push(format!(
                                "J{} {} the {name} list of {}",
                                id.0,
                                if want { "should be in" } else { "should not be in" },
                                q.name
                            ));
                        }
                    }
                }
            }
            if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) }
        }
        "expect_initialized" => {
            check("initialised jobs", ids(a, "jobs")?, sc.initialized.iter().map(|j| j.0).collect())
        }
        "expect_initialized_count" => check("number of initialised jobs", n(a, "value")?, sc.initialized.len() as i64),
        "expect_initialized_contains" | "expect_initialized_excludes" => {
            let want = op.ends_with("contains");
            let bad: Vec<u32> =
                ids(a, "jobs")?.into_iter().filter(|j| sc.initialized.contains(&JobId(*j)) != want).collect();
            if bad.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "initialised jobs {:?} should {}contain {bad:?}",
                    sc.initialized.iter().map(|j| j.0).collect::<Vec<_>>(),
                    if want { "" } else { "not " }
                ))
            }
        }
        "expect_reserved" => {
            let t = s(a, "tracker")?;
            let k = kind(a)?;
            let got = sc.reservations.get(t, k).map(|r| r.job.0 as i64);
            let want = a.get("job").and_then(Value::as_i64);
            check(&format!("job holding {t}'s {} reservation", k.as_str()), want, got)
        }
        "expect_reserved_count" => {
            let id = job(a)?;
            let k = kind(a)?;
            let got = sc.jobs.get(&id).map(|i| i.reserved_count(k)).unwrap_or(0) as i64;
            check(&format!("J{} reserved trackers for {}s", id.0, k.as_str()), n(a, "value")?, got)
        }
        "expect_get_jobs" => {
            let q = queue(sc, a)?;
            let mut got: Vec<u32> = q
                .initializing
                .ids()
                .into_iter()
                .chain(q.running.ids())
                .chain(q.waiting.ids().into_iter().filter(|j| !q.running.contains(*j)))
                .map(|j| j.0)
                .collect();
            got.sort_unstable();
            got.dedup();
            let mut want = ids(a, "jobs")?;
            want.sort_unstable();
            check(&format!("getJobs({})", q.name), want, got)
        }
        "expect_pending" => {
            let id = job(a)?;
            let j = cluster.jobs.get(&id).ok_or_else(|| format!("no job {}", id.0))?;
            check(
                &format!("J{} pending (maps, reduces)", id.0),
                (n(a, "maps")?, n(a, "reduces")?),
                (j.pending_maps(), j.pending_reduces()),
            )
        }
        "expect_start_error" => {
            let want = s(a, "error")?;
            match &sc.start_error {
                None => Err(format!("expected the scheduler to fail to start with {want:?}, but it started")),
                Some(e) if e == want || conf::bare_message(e) == want => Ok(()),
                Some(e) => Err(format!("start error: expected {want:?}, got {:?}", conf::bare_message(e))),
            }
        }
        "expect_config" => {
            let mut p = sc.setup.props.clone();
            if let Some(Value::Object(set)) = a.get("set") {
                for (k, v) in set {
                    p.set(k, &v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()));
                }
            }
            let m = conf::memory_conf(&p);
            let mut bad = Vec::new();
            for (k, got) in [
                ("limit_max_map_mb", m.max_map_mb),
                ("limit_max_reduce_mb", m.max_reduce_mb),
                ("map_slot_mb", m.map_slot_mb),
                ("reduce_slot_mb", m.reduce_slot_mb),
            ] {
                if let Some(want) = a.get(k).and_then(Value::as_i64) {
                    if want != got {
                        bad.push(format!("{k}: expected {want}, got {got}"));
                    }
                }
            }
            if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) }
        }
        "expect_job_state" | "expect_job_state_not" => {
            let id = job(a)?;
            let st = state(a)?;
            let got = cluster.jobs.get(&id).map(|j| j.state).ok_or_else(|| format!("no job {}", id.0))?;
            let same = got == st;
            if same == (op == "expect_job_state") { Ok(()) } else { Err(format!("J{} is {}", id.0, got.as_str())) }
        }
        _ => Err(format!("op {op} is not implemented")),
    }
}

/// `mradmin -refreshQueues` → `CapacityTaskScheduler.refresh` (spec §2.4 item 5).
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
