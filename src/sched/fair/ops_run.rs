//! Running the Fair-specific scripted steps read by `ops` (the harness actions and checks).

use super::FairScheduler;
use super::allocs::{self, Allocations};
use super::delay::LocalityLevel;
use super::load_manager::{CapCheck, max_tasks_to_assign};
use super::ops::*;
use super::pools::{EXPLICIT_POOL_PROPERTY, UNLIMITED};
use super::shares::compute_fair_shares;
use crate::input::json::{Errs, Obj};
use crate::model::{Cluster, JobId};
use serde_json::Value;

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
                if b("initialized").is_some()
                    && b("initialized") == inited
                    && m.keys().all(|k| ["op", "note", "job", "initialized"].contains(&k.as_str()))
                {
                    return Some(Ok(()));
                }
                return Some(Err(format!(
                    "job {} is not known to the Fair Scheduler (never submitted, or removed after finishing)",
                    id.0
                )));
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
                    bad.push(format!(
                        "J{} timeWaitedForLocalMap expected {w} ms, got {} ms",
                        id.0, info.delay.time_waited_for_local_map
                    ));
                }
            }
            if let Some(l) = s("last_locality").and_then(|x| LocalityLevel::parse(&x)) {
                if l != info.delay.last_map_locality_level {
                    bad.push(format!(
                        "J{} lastMapLocalityLevel expected {}, got {}",
                        id.0,
                        l.as_str(),
                        info.delay.last_map_locality_level.as_str()
                    ));
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
                crate::sort::sort(&mut w);
                crate::sort::sort(&mut g);
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
            let got = max_tasks_to_assign(
                b("assign_multiple").unwrap_or(true),
                i("assign_cap").unwrap_or(-1),
                i("available_slots").unwrap_or(0),
            );
            if Some(got) != i("result") {
                bad.push(format!("maxTasksToAssign expected {:?}, got {got}", i("result")));
            }
        }
        _ => return None,
    }
    let _ = UNLIMITED;
    Some(if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) })
}
