//! Fair-Scheduler-specific scripted steps (the generic `StepKind::Sched` mechanism): the
//! unit-test harness actions of `TestFairScheduler` (`update()`, advancing the clock without an
//! update, `preemptTasksIfNecessary()`, `reloadAllocs()`, `PoolManager.getPool` / `setPool`) and
//! its checks (fair share, demand, running, min share, `tasksToPreempt`, locality state,
//! `PoolManager` queries, and the pure functions of `TestComputeFairShares`,
//! `TestCapBasedLoadManager` and `testMaxTasksToAssign`). Listed in `docs/scenario-format.md`.

use super::allocs::{self, Allocations};
use super::delay::LocalityLevel;
use super::load_manager::{max_tasks_to_assign, CapCheck};
use super::pools::{EXPLICIT_POOL_PROPERTY, UNLIMITED};
use super::shares::{compute_fair_shares, ShareInput};
use super::FairScheduler;
use crate::model::{Cluster, JobId, TaskType};
use crate::scenario::json::{as_array, as_f64_in, as_i64_in, child, index, Errs, Obj};
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
    fn check(&self, what: &str, got: f64, out: &mut Vec<String>) {
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

fn num(v: &Value, path: &str, tol: Option<f64>, errs: &mut Errs) -> Option<Num> {
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

fn type_checks(v: &Value, path: &str, keys: &[&'static str], tol: Option<f64>, errs: &mut Errs) -> TypeChecks {
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

const JOB_TYPE_KEYS: &[&str] = &["fair_share", "demand", "running", "weight"];
const POOL_TYPE_KEYS: &[&str] = &["fair_share", "demand", "running", "min_share", "max_share", "tasks_to_preempt"];

/// Validate a step of one of [`OPS`] (unknown fields included).
pub fn validate(op: &str, v: &Value, path: &str) -> Result<(), Vec<(String, String)>> {
    let mut errs = Errs::default();
    if let Some(r) = read(op, v, path, &mut errs) {
        r.o.finish(&mut errs);
    }
    if errs.0.is_empty() { Ok(()) } else { Err(errs.0.into_iter().map(|e| (e.path, e.message)).collect()) }
}

/// What a step reads; `checks` are evaluated against the scheduler by `exec`.
struct Read<'a> {
    o: Obj<'a>,
    tol: Option<f64>,
}

fn read<'a>(op: &str, v: &'a Value, path: &str, errs: &mut Errs) -> Option<Read<'a>> {
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
            o.u64_in("job", 1, 9999, errs);
            o.str("pool", errs);
        }
        "expect_fair_job" => need(&mut o, "job", "a job number", errs),
        _ => {}
    }
    match op {
        "expect_fair_job" => {
            o.u64_in("job", 1, 9999, errs);
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

fn read_items(o: &mut Obj, errs: &mut Errs) -> Vec<ShareInput> {
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

fn kind_of(k: &str) -> TaskType {
    if k == "map" { TaskType::Map } else { TaskType::Reduce }
}

/// Run one op. `None` if the op is not a Fair op.
pub fn exec(fs: &mut FairScheduler, cluster: &mut Cluster, op: &str, v: &Value) -> Option<Result<(), String>> {
    if !OPS.contains(&op) {
        return None;
    }
    let mut errs = Errs::default();
    let r = read(op, v, "$", &mut errs);
    if !errs.0.is_empty() {
        return Some(Err(errs.0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; ")));
    }
    let Read { o, tol } = r?;
    let m = o.map;
    let s = |k: &str| m.get(k).and_then(|x| x.as_str().map(str::to_string));
    let i = |k: &str| m.get(k).and_then(|x| x.as_i64().or_else(|| x.as_str().and_then(|s| s.trim().parse().ok())));
    let f = |k: &str| m.get(k).and_then(|x| x.as_f64().or_else(|| x.as_str().and_then(|s| s.trim().parse().ok())));
    let b = |k: &str| m.get(k).and_then(|x| x.as_bool().or_else(|| x.as_str().and_then(|s| s.parse().ok())));
    let mut bad: Vec<String> = Vec::new();
    match op {
        "fair_update" => fs.update(cluster),
        "advance_no_update" => {
            cluster.now += i("ms").unwrap_or(0);
            fs.skip_update_ticks(cluster.now);
        }
        "fair_preempt" => {
            fs.preempt_tasks_if_necessary(cluster);
        }
        "fair_reload" => {
            let mut e = Errs::default();
            let a: Allocations = allocs::parse_value(&m["allocations"], "allocations", &mut e);
            fs.pm.reload(a, cluster.now);
        }
        "create_pool" => {
            fs.pm.get_pool(&s("pool").unwrap_or_default(), cluster.now);
        }
        "move_pool" => {
            let id = JobId(i("job").unwrap_or(0) as u32);
            let pool = s("pool").unwrap_or_default().trim().to_string();
            let Some(job) = cluster.jobs.get_mut(&id) else { return Some(Err(format!("no job {}", id.0))) };
            job.conf.props.insert(EXPLICIT_POOL_PROPERTY.to_string(), pool.clone());
            if let Some(info) = fs.infos.get_mut(&id) {
                let old = std::mem::replace(&mut info.pool, pool.clone());
                fs.pm.remove_job(&old, id);
                fs.pm.add_job(&pool, id, cluster.now);
            }
        }
        "expect_fair_job" => {
            let id = JobId(i("job").unwrap_or(0) as u32);
            let Some(info) = fs.infos.get(&id).cloned() else {
                let inited = cluster.jobs.get(&id).map(|j| j.inited);
                if b("initialized").is_some() && b("initialized") == inited && m.keys().all(|k| ["op", "note", "job", "initialized"].contains(&k.as_str())) {
                    return Some(Ok(()));
                }
                return Some(Err(format!("job {} is not known to the Fair Scheduler (never submitted, or removed after finishing)", id.0)));
            };
            for k in ["map", "reduce"] {
                let kind = kind_of(k);
                let Some(x) = m.get(k) else { continue };
                let c = type_checks(x, k, JOB_TYPE_KEYS, tol, &mut Errs::default());
                for (what, n) in c.items {
                    let got = match what {
                        "fair_share" => info.sched(kind).fair_share,
                        "demand" => info.sched(kind).demand as f64,
                        "running" => FairScheduler::job_running(cluster, id, kind) as f64,
                        _ => fs.job_weight(cluster, id, kind),
                    };
                    n.check(&format!("J{} {k} {what}", id.0), got, &mut bad);
                }
            }
            if let Some(p) = s("pool") {
                if info.pool != p {
                    bad.push(format!("J{} pool expected {p:?}, got {:?}", id.0, info.pool));
                }
            }
            let flags = [
                ("runnable", info.runnable),
                ("initialized", cluster.jobs.get(&id).is_some_and(|j| j.inited)),
                ("skipped", info.delay.skipped_at_last_heartbeat),
            ];
            for (k, got) in flags {
                if let Some(want) = b(k) {
                    if want != got {
                        bad.push(format!("J{} {k} expected {want}, got {got}", id.0));
                    }
                }
            }
            if let Some(w) = i("time_waited_ms") {
                if w != info.delay.time_waited_for_local_map {
                    bad.push(format!("J{} timeWaitedForLocalMap expected {w} ms, got {} ms", id.0, info.delay.time_waited_for_local_map));
                }
            }
            if let Some(l) = s("last_locality").and_then(|x| LocalityLevel::parse(&x)) {
                if l != info.delay.last_map_locality_level {
                    bad.push(format!("J{} lastMapLocalityLevel expected {}, got {}", id.0, l.as_str(), info.delay.last_map_locality_level.as_str()));
                }
            }
            if let Some(l) = s("allowed_locality").and_then(|x| LocalityLevel::parse(&x)) {
                let got = fs.allowed_locality_level(cluster, id, cluster.now).level;
                if l != got {
                    bad.push(format!("J{} allowed locality level expected {}, got {}", id.0, l.as_str(), got.as_str()));
                }
            }
        }
        "expect_pool" => {
            let name = s("pool").unwrap_or_default();
            let found = fs.pm.find(&name);
            if let Some(e) = b("exists") {
                if e != found.is_some() {
                    bad.push(format!("pool {name:?} exists expected {e}, got {}", found.is_some()));
                }
            }
            for k in ["map", "reduce"] {
                let kind = kind_of(k);
                let Some(x) = m.get(k) else { continue };
                let Some(pi) = found else {
                    bad.push(format!("no pool {name:?}"));
                    break;
                };
                let c = type_checks(x, k, POOL_TYPE_KEYS, tol, &mut Errs::default());
                for (what, n) in c.items {
                    let sch = fs.pm.pools[pi].sched(kind);
                    let got = match what {
                        "fair_share" => sch.fair_share,
                        "demand" => sch.demand as f64,
                        "running" => fs.pool_running(cluster, pi, kind) as f64,
                        "min_share" => fs.pm.min_share(&name, kind) as f64,
                        "max_share" => fs.pm.max_slots(&name, kind) as f64,
                        _ => {
                            let d = fs.tasks_to_preempt(cluster, pi, kind, cluster.now);
                            d.due_min.max(d.due_fair) as f64
                        }
                    };
                    n.check(&format!("pool {name} {k} {what}"), got, &mut bad);
                }
            }
            let ints = [
                ("max_running_jobs", fs.pm.pool_max_jobs(&name)),
                ("min_share_timeout_ms", fs.pm.min_share_timeout(&name)),
            ];
            for (k, got) in ints {
                if let Some(want) = i(k) {
                    if want != got {
                        bad.push(format!("pool {name} {k} expected {want}, got {got}"));
                    }
                }
            }
            if let Some(w) = f("weight") {
                Num { value: w, tol }.check(&format!("pool {name} weight"), fs.pm.weight(&name), &mut bad);
            }
            if let Some(mode) = s("scheduling_mode") {
                let got = found.map(|pi| fs.pm.pools[pi].mode.as_str()).unwrap_or("-");
                if !mode.eq_ignore_ascii_case(got) {
                    bad.push(format!("pool {name} scheduling mode expected {mode}, got {got}"));
                }
            }
        }
        "expect_pool_manager" => {
            if let Some(n) = i("pool_count") {
                if n != fs.pm.pools.len() as i64 {
                    bad.push(format!("pool count expected {n}, got {}", fs.pm.pools.len()));
                }
            }
            if let Some(Value::Array(l)) = m.get("pools") {
                let want: Vec<String> = l.iter().filter_map(|x| x.as_str().map(str::to_string)).collect();
                let got: Vec<String> = fs.pm.pools.iter().map(|p| p.name.clone()).collect();
                let (mut w, mut g) = (want.clone(), got.clone());
                w.sort();
                g.sort();
                if w != g {
                    bad.push(format!("pools expected {want:?}, got {got:?}"));
                }
            }
            if let Some(Value::Object(u)) = m.get("user_max_jobs") {
                for (user, n) in u {
                    let want = n.as_i64().unwrap_or(-1);
                    let got = fs.pm.user_max_jobs(user);
                    if want != got {
                        bad.push(format!("user {user} max jobs expected {want}, got {got}"));
                    }
                }
            }
            for (k, got) in [
                ("fair_share_timeout_ms", fs.pm.fair_share_timeout()),
                ("node_delay_ms", fs.delays.node),
                ("rack_delay_ms", fs.delays.rack),
            ] {
                if let Some(want) = i(k) {
                    if want != got {
                        bad.push(format!("{k} expected {want}, got {got}"));
                    }
                }
            }
        }
        "expect_pool_admission" => {
            let res = fs.admission(s("pool").unwrap_or_default().trim());
            let want = b("accepted").unwrap_or(true);
            match (&res, want) {
                (Ok(()), false) => bad.push("expected the job to be rejected, but it was accepted".into()),
                (Err(e), true) => bad.push(format!("expected the job to be accepted, but: {e}")),
                (Err(e), false) => {
                    if let Some(c) = s("message_contains") {
                        if !e.contains(&c) {
                            bad.push(format!("rejection message {e:?} does not contain {c:?}"));
                        }
                    }
                }
                _ => {}
            }
        }
        "expect_fair_shares" => {
            let mut o2 = Obj::new(v, "$", &mut errs)?;
            let items = read_items(&mut o2, &mut Errs::default());
            let got = compute_fair_shares(&items, f("total_slots").unwrap_or(0.0));
            let want: Vec<Num> = match m.get("shares") {
                Some(Value::Array(l)) => l.iter().filter_map(|x| num(x, "$", tol, &mut Errs::default())).collect(),
                _ => Vec::new(),
            };
            if want.len() != got.len() {
                bad.push(format!("expected {} shares, got {} {got:?}", want.len(), got.len()));
            } else {
                for (k, (w, g)) in want.iter().zip(&got).enumerate() {
                    w.check(&format!("share {k}"), *g, &mut bad);
                }
            }
        }
        "expect_load_cap" => {
            let c = CapCheck::new(
                i("total_runnable").unwrap_or(0),
                i("tracker_slots").unwrap_or(0),
                i("total_slots").unwrap_or(0),
                f("max_diff").unwrap_or(0.0) as f32,
                i("tracker_running").unwrap_or(0),
            );
            if let Some(want) = i("cap") {
                if want != c.cap {
                    bad.push(format!("getCap expected {want}, got {}", c.cap));
                }
            }
            if let Some(want) = i("assignable") {
                let got = (0..=c.tracker_slots.max(0) + 1).take_while(|a| c.can_assign(*a)).count() as i64;
                if want != got {
                    bad.push(format!("assignable tasks expected {want}, got {got} (cap {})", c.cap));
                }
            }
        }
        "expect_max_tasks_to_assign" => {
            let got = max_tasks_to_assign(b("assign_multiple").unwrap_or(true), i("assign_cap").unwrap_or(-1), i("available_slots").unwrap_or(0));
            if Some(got) != i("result") {
                bad.push(format!("maxTasksToAssign expected {:?}, got {got}", i("result")));
            }
        }
        _ => return None,
    }
    let _ = UNLIMITED;
    Some(if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) })
}
