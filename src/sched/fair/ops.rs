//! Fair-Scheduler-specific scripted steps (the generic `StepKind::Sched` mechanism): the
//! unit-test harness actions of `TestFairScheduler` (`update()`, advancing the clock without an
//! update, `preemptTasksIfNecessary()`, `reloadAllocs()`, `PoolManager.getPool` / `setPool`) and
//! its checks (fair share, demand, running, min share, `tasksToPreempt`, locality state,
//! `PoolManager` queries, and the pure functions of `TestComputeFairShares`,
//! `TestCapBasedLoadManager` and `testMaxTasksToAssign`). Listed in `docs/scenario-format.md`.

use super::allocs::{self};
use super::delay::LocalityLevel;
use super::shares::ShareInput;
use crate::input::json::{Errs, Obj, as_array, as_f64_in, as_i64_in, child, index};
use crate::model::TaskType;
use serde_json::Value;

/// Every op this module handles.
pub const OPS: &[&str] = &[
    "fair_update",
    "advance_no_update",
    "fair_preempt",
    "fair_reload",
    "create_pool",
    "move_pool",
    "expect_fair_job",
    "expect_pool",
    "expect_pool_manager",
    "expect_pool_admission",
    "expect_fair_shares",
    "expect_load_cap",
    "expect_max_tasks_to_assign",
];

/// An expected number: exact (bit-identical doubles, as Hadoop's `assertEquals(Double, Double)`)
/// or within a tolerance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Num {
    pub value: f64,
    pub tol: Option<f64>,
}

impl Num {
    pub(super) fn check(&self, what: &str, got: f64, out: &mut Vec<String>) {
        let ok = match self.tol {
            None => got == self.value,
            Some(t) => (got - self.value).abs() <= t,
        };
        if !ok {
            match self.tol {
                None => out.push(format!("{what} expected exactly {:?}, got {got:?}", self.value)),
                Some(t) => out.push(format!("{what} expected {:?} ± {t}, got {got:?}", self.value)),
            }
        }
    }
}

pub(super) fn num(v: &Value, path: &str, tol: Option<f64>, errs: &mut Errs) -> Option<Num> {
    match v {
        Value::Object(_) => {
            let mut o = Obj::new(v, path, errs)?;
            let value = o.f64_in("value", -1e300, 1e300, errs);
            let t = o.f64_in("tolerance", 0.0, 1e300, errs).or(tol);
            if value.is_none() && !o.has("value") {
                errs.push(&o.path_of("value"), "missing; expected the number");
            }
            o.finish(errs);
            Some(Num { value: value?, tol: t })
        }
        _ => as_f64_in(v, path, -1e300, 1e300, errs).map(|value| Num { value, tol }),
    }
}

/// Checks of one task type (`"map": {...}`, `"reduce": {...}`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeChecks {
    pub items: Vec<(&'static str, Num)>,
}

pub(super) fn type_checks(
    v: &Value,
    path: &str,
    keys: &[&'static str],
    tol: Option<f64>,
    errs: &mut Errs,
) -> TypeChecks {
    let mut c = TypeChecks::default();
    let Some(mut o) = Obj::new(v, path, errs) else { return c };
    for k in keys {
        let p = o.path_of(k);
        if let Some(x) = o.get(k) {
            if let Some(n) = num(x, &p, tol, errs) {
                c.items.push((k, n));
            }
        }
    }
    o.finish(errs);
    c
}

pub(super) const JOB_TYPE_KEYS: &[&str] = &["fair_share", "demand", "running", "weight"];
pub(super) const POOL_TYPE_KEYS: &[&str] =
    &["fair_share", "demand", "running", "min_share", "max_share", "tasks_to_preempt"];

/// Validate a step of one of [`OPS`] (unknown fields included).
pub fn validate(op: &str, v: &Value, path: &str) -> Result<(), Vec<(String, String)>> {
    let mut errs = Errs::default();
    if let Some(r) = read(op, v, path, &mut errs) {
        r.o.finish(&mut errs);
    }
    if errs.0.is_empty() { Ok(()) } else { Err(errs.0.into_iter().map(|e| (e.path, e.message)).collect()) }
}

/// What a step reads; `checks` are evaluated against the scheduler by `exec`.
pub(super) struct Read<'a> {
    pub(super) o: Obj<'a>,
    pub(super) tol: Option<f64>,
}

pub(super) fn read<'a>(op: &str, v: &'a Value, path: &str, errs: &mut Errs) -> Option<Read<'a>> {
    let mut o = Obj::new(v, path, errs)?;
    o.get("op");
    o.get("note");
    let tol = o.f64_in("tolerance", 0.0, 1e300, errs);
    let need = |o: &mut Obj, key: &'static str, what: &str, errs: &mut Errs| {
        if !o.has(key) {
            errs.push(&o.path_of(key), format!("missing; expected {what}"));
        }
    };
    match op {
        "fair_update" | "fair_preempt" => {}
        "advance_no_update" => {
            need(&mut o, "ms", "milliseconds to advance", errs);
            o.i64_in("ms", 0, 1 << 45, errs);
        }
        "fair_reload" => {
            need(&mut o, "allocations", "the allocation file (XML text or JSON object)", errs);
            let p = o.path_of("allocations");
            if let Some(a) = o.get("allocations") {
                allocs::parse_value(a, &p, errs);
            }
        }
        "create_pool" | "expect_pool_admission" | "expect_pool" => {
            need(&mut o, "pool", "a pool name", errs);
            o.str("pool", errs);
        }
        "move_pool" => {
            need(&mut o, "job", "a job number", errs);
            need(&mut o, "pool", "a pool name", errs);
            o.u64_in("job", 1, crate::model::MAX_JOB_ID, errs);
            o.str("pool", errs);
        }
        "expect_fair_job" => need(&mut o, "job", "a job number", errs),
        _ => {}
    }
    match op {
        "expect_fair_job" => {
            o.u64_in("job", 1, crate::model::MAX_JOB_ID, errs);
            for k in ["map", "reduce"] {
                let p = o.path_of(k);
                if let Some(x) = o.get(if k == "map" { "map" } else { "reduce" }) {
                    type_checks(x, &p, JOB_TYPE_KEYS, tol, errs);
                }
            }
            o.str("pool", errs);
            o.bool("runnable", errs);
            o.bool("initialized", errs);
            o.bool("skipped", errs);
            o.i64_in("time_waited_ms", 0, i64::MAX, errs);
            for k in ["last_locality", "allowed_locality"] {
                let p = o.path_of(k);
                if let Some(s) = o.str(if k == "last_locality" { "last_locality" } else { "allowed_locality" }, errs) {
                    if LocalityLevel::parse(s).is_none() {
                        errs.push(&p, format!("found {s:?}, expected NODE, RACK or ANY"));
                    }
                }
            }
        }
        "expect_pool" => {
            for k in ["map", "reduce"] {
                let p = o.path_of(k);
                if let Some(x) = o.get(if k == "map" { "map" } else { "reduce" }) {
                    type_checks(x, &p, POOL_TYPE_KEYS, tol, errs);
                }
            }
            o.i64_in("max_running_jobs", 0, i64::MAX, errs);
            o.i64_in("min_share_timeout_ms", 0, i64::MAX, errs);
            o.f64_in("weight", 0.0, 1e300, errs);
            if let Some(m) = o.str("scheduling_mode", errs) {
                if super::allocs::SchedulingMode::parse(m).is_none() {
                    errs.push(&o.path_of("scheduling_mode"), format!("found {m:?}, expected fair or fifo"));
                }
            }
            o.bool("exists", errs);
        }
        "expect_pool_manager" => {
            o.u64_in("pool_count", 0, u64::MAX, errs);
            if let Some(l) = o.get("pools") {
                let p = o.path_of("pools");
                as_array(l, &p, 100_000, errs);
            }
            if let Some(u) = o.get("user_max_jobs") {
                let p = o.path_of("user_max_jobs");
                if let Value::Object(m) = u {
                    for (k, n) in m {
                        as_i64_in(n, &child(&p, k), 0, i64::MAX, errs);
                    }
                } else {
                    errs.expected(&p, u, "an object mapping user names to limits");
                }
            }
            o.i64_in("fair_share_timeout_ms", 0, i64::MAX, errs);
            o.i64_in("node_delay_ms", -1, i64::MAX, errs);
            o.i64_in("rack_delay_ms", -1, i64::MAX, errs);
        }
        "expect_pool_admission" => {
            o.str("user", errs);
            need(&mut o, "accepted", "true or false", errs);
            o.bool("accepted", errs);
            o.str("message_contains", errs);
        }
        "expect_fair_shares" => {
            need(&mut o, "items", "a list of [demand, minShare, weight]", errs);
            need(&mut o, "total_slots", "the slots to share", errs);
            need(&mut o, "shares", "the expected shares", errs);
            read_items(&mut o, errs);
            o.f64_in("total_slots", 0.0, 1e300, errs);
            if let Some(s) = o.get("shares") {
                let p = o.path_of("shares");
                if let Some(l) = as_array(s, &p, 100_000, errs) {
                    for (i, x) in l.iter().enumerate() {
                        num(x, &index(&p, i), tol, errs);
                    }
                }
            }
        }
        "expect_load_cap" => {
            for k in ["total_runnable", "tracker_slots", "total_slots"] {
                need(&mut o, k, "a whole number", errs);
            }
            o.i64_in("total_runnable", 0, i32::MAX as i64, errs);
            o.i64_in("tracker_slots", 0, i32::MAX as i64, errs);
            o.i64_in("total_slots", 0, i32::MAX as i64, errs);
            o.f64_in("max_diff", -1e6, 1e6, errs);
            o.i64_in("tracker_running", 0, i32::MAX as i64, errs);
            o.i64_in("cap", 0, i32::MAX as i64, errs);
            o.i64_in("assignable", 0, i32::MAX as i64, errs);
        }
        "expect_max_tasks_to_assign" => {
            for k in ["assign_multiple", "available_slots", "result"] {
                need(&mut o, k, "a value", errs);
            }
            o.bool("assign_multiple", errs);
            o.i64_in("assign_cap", -1, i32::MAX as i64, errs);
            o.i64_in("available_slots", 0, i32::MAX as i64, errs);
            o.i64_in("result", -1, i32::MAX as i64, errs);
        }
        _ => {}
    }
    Some(Read { o, tol })
}

pub(super) fn read_items(o: &mut Obj, errs: &mut Errs) -> Vec<ShareInput> {
    let p = o.path_of("items");
    let Some(list) = o.get("items").and_then(|l| as_array(l, &p, 100_000, errs)) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, it) in list.iter().enumerate() {
        let ip = index(&p, i);
        let Some(a) = as_array(it, &ip, 3, errs) else { continue };
        if a.is_empty() {
            errs.push(&ip, "expected [demand] or [demand, minShare] or [demand, minShare, weight]");
            continue;
        }
        let d = as_f64_in(&a[0], &index(&ip, 0), 0.0, 1e15, errs);
        let m = a.get(1).map(|x| as_f64_in(x, &index(&ip, 1), 0.0, 1e15, errs)).unwrap_or(Some(0.0));
        let w = a.get(2).map(|x| as_f64_in(x, &index(&ip, 2), 1e-300, 1e300, errs)).unwrap_or(Some(1.0));
        if let (Some(d), Some(m), Some(w)) = (d, m, w) {
            out.push(ShareInput { demand: d as i64, min_share: m as i64, weight: w });
        }
    }
    out
}

pub(super) fn kind_of(k: &str) -> TaskType {
    if k == "map" { TaskType::Map } else { TaskType::Reduce }
}

pub use super::ops_run::exec;
