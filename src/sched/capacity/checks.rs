//! The Capacity test harness's checks (`docs/scenario-format.md` § "Capacity steps"), after the
//! assertions of `TestCapacityScheduler`
//! (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`):
//! `expect_used`, `expect_info`, `expect_sched_info`, `expect_mem`, `expect_queue_order`, the
//! job-list and poller checks, reservations, `getJobs`, pending counts, start-up errors and memory
//! settings.

use super::steps::{check, ids, job, kind, list_of, n, queue, s, state};
use super::{CapacityTaskScheduler, conf, display, memory};
use crate::model::{Cluster, JobId, TaskType};
use serde_json::Value;

/// Run one `expect_*` op.
pub(super) fn run(sc: &mut CapacityTaskScheduler, cluster: &mut Cluster, op: &str, a: &Value) -> Result<(), String> {
    match op {
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
