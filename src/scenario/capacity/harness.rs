//! Hadoop's test-harness shape of jobs and steps (`TestCapacityScheduler`'s fake jobs and
//! trackers, `FakeJobInProgress` and `FakeTaskTrackerManager`, `src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`;
//! `docs/scenario-format.md` § "Capacity steps"): job fields
//! such as `map_mem_mb`, `split_hosts`, `fails_init`, and step forms such as `submit` with
//! `init` / `expect_reject` or `finish` with a Hadoop attempt name, rewritten into the generic
//! scenario format by `scenario::capacity` (the capacity-only parts go to [`CapacityScenario`]).

use crate::input::json::{Errs, found};
use crate::sched::capacity::settings::{CapacityScenario, JobExtra, child};
use serde_json::{Map, Value};

/// Turn a capacity job object into a generic one, recording its capacity-only fields.
pub(crate) fn normalise_job(
    v: &Value,
    path: &str,
    harness: bool,
    init: bool,
    out: &mut CapacityScenario,
    errs: &mut Errs,
) -> Value {
    let Value::Object(m) = v else { return v.clone() };
    let mut m = m.clone();
    let mut x = JobExtra::default();
    let num = |m: &mut Map<String, Value>, keys: &[&str], errs: &mut Errs| -> Option<f64> {
        let mut r = None;
        for k in keys {
            if let Some(val) = m.remove(*k) {
                match val.as_f64() {
                    Some(f) => r = Some(f),
                    None => errs.expected(&child(path, k), &val, "a number"),
                }
            }
        }
        r
    };
    if let Some(f) = num(&mut m, &["map_mem_mb", "mapred.job.map.memory.mb"], errs) {
        x.map_mb = if f < 0.0 { -1 } else { f as i64 };
    }
    if let Some(f) = num(&mut m, &["reduce_mem_mb", "mapred.job.reduce.memory.mb"], errs) {
        x.reduce_mb = if f < 0.0 { -1 } else { f as i64 };
    }
    if let Some(f) = num(&mut m, &["mapred.task.maxvmem"], errs) {
        let mb = if f < 0.0 { -1 } else { f as i64 / (1024 * 1024) };
        x.map_mb = mb;
        x.reduce_mb = mb;
    }
    x.slowstart_maps = num(&mut m, &["reduce_slowstart_maps"], errs).map(|f| f.max(0.0) as u32);
    x.locality_wait_factor =
        num(&mut m, &["locality_wait_factor", "mapreduce.job.locality.wait.factor"], errs).map(|f| f as f32);
    let flag = |m: &mut Map<String, Value>, k: &str, errs: &mut Errs| -> Option<bool> {
        let val = m.remove(k)?;
        match val.as_bool() {
            Some(b) => Some(b),
            None => {
                errs.expected(&child(path, k), &val, "true or false");
                None
            }
        }
    };
    x.fails_init = flag(&mut m, "fails_init", errs).unwrap_or(false);
    let spec_m = flag(&mut m, "map_speculative", errs);
    let spec_r = flag(&mut m, "reduce_speculative", errs);
    if m.get("queue").is_some_and(Value::is_null) {
        m.remove("queue");
    }
    let split = m.remove("split_hosts");
    let counted = m.get("maps").map(|v| v.is_number()).unwrap_or(true);
    if let Some(s) = &split {
        let n = m.get("maps").and_then(Value::as_u64).unwrap_or(0);
        match s {
            Value::Array(a) if a.iter().all(Value::is_string) => {
                m.insert("maps".into(), serde_json::json!({"count": n, "locations": a}));
            }
            Value::Array(a) if a.iter().all(Value::is_array) => {
                let list: Vec<Value> = a.iter().map(|h| serde_json::json!({"locations": h})).collect();
                m.insert("maps".into(), Value::Array(list));
            }
            other => errs.push(
                &child(path, "split_hosts"),
                format!("found {}, expected a list of hosts or a list of host lists (one per map)", found(other)),
            ),
        }
    }
    let initial = m.remove("initial_state");
    x.harness_local = harness && split.is_none() && counted;
    if harness {
        x.spec_maps = spec_m.unwrap_or(false);
        x.spec_reduces = spec_r.unwrap_or(false);
        if !x.harness_local {
            m.insert("speculative_maps".into(), Value::Bool(x.spec_maps));
            m.insert("speculative_reduces".into(), Value::Bool(x.spec_reduces));
        }
        if !m.contains_key("slowstart") {
            m.insert("slowstart".into(), serde_json::json!(0));
        }
    } else {
        if let Some(b) = spec_m {
            m.insert("speculative_maps".into(), Value::Bool(b));
        }
        if let Some(b) = spec_r {
            m.insert("speculative_reduces".into(), Value::Bool(b));
        }
    }
    if init {
        m.insert("state".into(), Value::String("RUNNING".into()));
    } else if let Some(Value::String(s)) = &initial {
        if s != "PREP" && s != "RUNNING" {
            m.insert("state".into(), Value::String(s.clone()));
        }
    }
    let id = m.get("id").and_then(Value::as_u64).unwrap_or(0) as u32;
    if id > 0 {
        out.jobs.insert(id, x);
    }
    Value::Object(m)
}

pub(crate) fn normalise_step(
    s: &Value,
    path: &str,
    harness: bool,
    out: &mut CapacityScenario,
    errs: &mut Errs,
) -> Value {
    let Value::Object(m) = s else { return s.clone() };
    let mut m = m.clone();
    match m.get("op").and_then(Value::as_str).unwrap_or("") {
        "heartbeat" => {
            for k in ["asserted", "asserted_only_count"] {
                m.remove(k);
            }
            if m.remove("any_order").and_then(|v| v.as_bool()) == Some(true) {
                if let Some(Value::Array(list)) = m.get_mut("expect") {
                    let is_map = |v: &Value| v.as_str().is_some_and(|s| s.contains("_m_") || s.contains(" m"));
                    crate::sort::sort_by_key(list, |v| !is_map(v));
                }
            }
        }
        "finish" if m.contains_key("task") => {
            m.insert("op".into(), Value::String("finish_task".into()));
        }
        "set_start_time" => {
            if let Some(d) = m.remove("delta") {
                m.insert("offset".into(), d);
            }
        }
        "submit" => {
            let init = m.remove("init").and_then(|v| v.as_bool()).unwrap_or(false);
            let reject = m.remove("expect_reject");
            if let Some(j) = m.get("job") {
                let nj = normalise_job(j, &child(path, "job"), harness, init, out, errs);
                m.insert("job".into(), nj);
            }
            match reject {
                None | Some(Value::Bool(false)) | Some(Value::Null) => {}
                Some(r) => {
                    m.insert("op".into(), Value::String("submit_rejected".into()));
                    if let Value::String(msg) = r {
                        m.insert("message".into(), Value::String(msg));
                    }
                }
            }
        }
        "expect_start_error" => out.expects_start_error = true,
        _ => {}
    }
    Value::Object(m)
}
