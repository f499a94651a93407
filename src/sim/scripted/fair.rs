//! Running the Fair Scheduler's scripted steps (`scenario::steps::fair`), the harness actions
//! and checks of `TestFairScheduler` (whose `FakeTaskTrackerManager` and `FakeClock` the
//! engine's scripted driver plays)
//! (`src/contrib/fairscheduler/src/test/org/apache/hadoop/mapred/TestFairScheduler.java`),
//! against a `FairScheduler`.

use crate::model::{Cluster, JobId};
use crate::scenario::steps::fair::{ExpectFairJob, ExpectPool, ExpectPoolManager, FairStep, Num};
use crate::sched::fair::FairScheduler;
use crate::sched::fair::load_manager::{CapCheck, max_tasks_to_assign};
use crate::sched::fair::pools::EXPLICIT_POOL_PROPERTY;
use crate::sched::fair::shares::compute_fair_shares;

/// Run one Fair step: `Err` is a failed check or a step that cannot run.
pub fn run(fs: &mut FairScheduler, cluster: &mut Cluster, step: &FairStep) -> Result<(), String> {
    let mut bad: Vec<String> = Vec::new();
    match step {
        FairStep::Update => fs.update(cluster),
        FairStep::AdvanceNoUpdate { ms } => {
            cluster.now += ms;
            fs.skip_update_ticks(cluster.now);
        }
        FairStep::Preempt => {
            fs.preempt_tasks_if_necessary(cluster);
        }
        FairStep::Reload(a) => fs.pm.reload((**a).clone(), cluster.now),
        FairStep::CreatePool { pool } => {
            fs.pm.get_pool(pool, cluster.now);
        }
        FairStep::MovePool { job, pool } => {
            let id = JobId(*job);
            let Some(job) = cluster.jobs.get_mut(&id) else { return Err(format!("no job {}", id.0)) };
            job.conf.props.insert(EXPLICIT_POOL_PROPERTY.to_string(), pool.clone());
            if let Some(info) = fs.infos.get_mut(&id) {
                let old = std::mem::replace(&mut info.pool, pool.clone());
                fs.pm.remove_job(&old, id);
                fs.pm.add_job(pool, id, cluster.now);
            }
        }
        FairStep::ExpectFairJob(e) => return expect_job(fs, cluster, e),
        FairStep::ExpectPool(e) => expect_pool(fs, cluster, e, &mut bad),
        FairStep::ExpectPoolManager(e) => expect_manager(fs, e, &mut bad),
        FairStep::ExpectPoolAdmission { pool, accepted, message_contains } => match (&fs.admission(pool), *accepted) {
            (Ok(()), false) => bad.push("expected the job to be rejected, but it was accepted".into()),
            (Err(e), true) => bad.push(format!("expected the job to be accepted, but: {e}")),
            (Err(e), false) => {
                if let Some(c) = message_contains {
                    if !e.contains(c.as_str()) {
                        bad.push(format!("rejection message {e:?} does not contain {c:?}"));
                    }
                }
            }
            _ => {}
        },
        FairStep::ExpectFairShares { items, total_slots, shares } => {
            let got = compute_fair_shares(items, *total_slots);
            if shares.len() != got.len() {
                bad.push(format!("expected {} shares, got {} {got:?}", shares.len(), got.len()));
            } else {
                for (k, (w, g)) in shares.iter().zip(&got).enumerate() {
                    w.check(&format!("share {k}"), *g, &mut bad);
                }
            }
        }
        FairStep::ExpectLoadCap(e) => {
            let c =
                CapCheck::new(e.total_runnable, e.tracker_slots, e.total_slots, e.max_diff as f32, e.tracker_running);
            if let Some(want) = e.cap {
                if want != c.cap {
                    bad.push(format!("getCap expected {want}, got {}", c.cap));
                }
            }
            if let Some(want) = e.assignable {
                let got = (0..=c.tracker_slots.max(0) + 1).take_while(|a| c.can_assign(*a)).count() as i64;
                if want != got {
                    bad.push(format!("assignable tasks expected {want}, got {got} (cap {})", c.cap));
                }
            }
        }
        FairStep::ExpectMaxTasksToAssign { assign_multiple, assign_cap, available_slots, result } => {
            let got = max_tasks_to_assign(*assign_multiple, *assign_cap, *available_slots);
            if got != *result {
                bad.push(format!("maxTasksToAssign expected {:?}, got {got}", Some(*result)));
            }
        }
    }
    if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) }
}

/// `expect_fair_job`.
fn expect_job(fs: &FairScheduler, cluster: &Cluster, e: &ExpectFairJob) -> Result<(), String> {
    let id = JobId(e.job);
    let mut bad = Vec::new();
    let Some(info) = fs.infos.get(&id).cloned() else {
        let inited = cluster.jobs.get(&id).map(|j| j.inited);
        if e.initialized.is_some() && e.initialized == inited && e.only_initialized {
            return Ok(());
        }
        return Err(format!(
            "job {} is not known to the Fair Scheduler (never submitted, or removed after finishing)",
            id.0
        ));
    };
    for (kind, k, c) in e.types.each() {
        for (what, n) in &c.items {
            let got = match *what {
                "fair_share" => info.sched(kind).fair_share,
                "demand" => info.sched(kind).demand as f64,
                "running" => FairScheduler::job_running(cluster, id, kind) as f64,
                _ => fs.job_weight(cluster, id, kind),
            };
            n.check(&format!("J{} {k} {what}", id.0), got, &mut bad);
        }
    }
    if let Some(p) = &e.pool {
        if info.pool != *p {
            bad.push(format!("J{} pool expected {p:?}, got {:?}", id.0, info.pool));
        }
    }
    let flags = [
        ("runnable", e.runnable, info.runnable),
        ("initialized", e.initialized, cluster.jobs.get(&id).is_some_and(|j| j.inited)),
        ("skipped", e.skipped, info.delay.skipped_at_last_heartbeat),
    ];
    for (k, want, got) in flags {
        if let Some(want) = want {
            if want != got {
                bad.push(format!("J{} {k} expected {want}, got {got}", id.0));
            }
        }
    }
    if let Some(w) = e.time_waited_ms {
        if w != info.delay.time_waited_for_local_map {
            bad.push(format!(
                "J{} timeWaitedForLocalMap expected {w} ms, got {} ms",
                id.0, info.delay.time_waited_for_local_map
            ));
        }
    }
    if let Some(l) = e.last_locality {
        if l != info.delay.last_map_locality_level {
            bad.push(format!(
                "J{} lastMapLocalityLevel expected {}, got {}",
                id.0,
                l.as_str(),
                info.delay.last_map_locality_level.as_str()
            ));
        }
    }
    if let Some(l) = e.allowed_locality {
        let got = fs.allowed_locality_level(cluster, id, cluster.now).level;
        if l != got {
            bad.push(format!("J{} allowed locality level expected {}, got {}", id.0, l.as_str(), got.as_str()));
        }
    }
    if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) }
}

/// `expect_pool`.
fn expect_pool(fs: &FairScheduler, cluster: &Cluster, e: &ExpectPool, bad: &mut Vec<String>) {
    let name = &e.pool;
    let found = fs.pm.find(name);
    if let Some(want) = e.exists {
        if want != found.is_some() {
            bad.push(format!("pool {name:?} exists expected {want}, got {}", found.is_some()));
        }
    }
    for (kind, k, c) in e.types.each() {
        let Some(pi) = found else {
            bad.push(format!("no pool {name:?}"));
            break;
        };
        for (what, n) in &c.items {
            let sch = fs.pm.pools[pi].sched(kind);
            let got = match *what {
                "fair_share" => sch.fair_share,
                "demand" => sch.demand as f64,
                "running" => fs.pool_running(cluster, pi, kind) as f64,
                "min_share" => fs.pm.min_share(name, kind) as f64,
                "max_share" => fs.pm.max_slots(name, kind) as f64,
                _ => {
                    let d = fs.tasks_to_preempt(cluster, pi, kind, cluster.now);
                    d.due_min.max(d.due_fair) as f64
                }
            };
            n.check(&format!("pool {name} {k} {what}"), got, bad);
        }
    }
    let ints = [
        ("max_running_jobs", e.max_running_jobs, fs.pm.pool_max_jobs(name)),
        ("min_share_timeout_ms", e.min_share_timeout_ms, fs.pm.min_share_timeout(name)),
    ];
    for (k, want, got) in ints {
        if let Some(want) = want {
            if want != got {
                bad.push(format!("pool {name} {k} expected {want}, got {got}"));
            }
        }
    }
    if let Some(w) = e.weight {
        Num { value: w.value, tol: w.tol }.check(&format!("pool {name} weight"), fs.pm.weight(name), bad);
    }
    if let Some(mode) = &e.scheduling_mode {
        let got = found.map(|pi| fs.pm.pools[pi].mode.as_str()).unwrap_or("-");
        if !mode.eq_ignore_ascii_case(got) {
            bad.push(format!("pool {name} scheduling mode expected {mode}, got {got}"));
        }
    }
}

/// `expect_pool_manager`.
fn expect_manager(fs: &FairScheduler, e: &ExpectPoolManager, bad: &mut Vec<String>) {
    if let Some(n) = e.pool_count {
        if n != fs.pm.pools.len() as u64 {
            bad.push(format!("pool count expected {n}, got {}", fs.pm.pools.len()));
        }
    }
    if let Some(want) = &e.pools {
        let got: Vec<String> = fs.pm.pools.iter().map(|p| p.name.clone()).collect();
        let (mut w, mut g) = (want.clone(), got.clone());
        crate::sort::sort(&mut w);
        crate::sort::sort(&mut g);
        if w != g {
            bad.push(format!("pools expected {want:?}, got {got:?}"));
        }
    }
    for (user, want) in &e.user_max_jobs {
        let got = fs.pm.user_max_jobs(user);
        if *want != got {
            bad.push(format!("user {user} max jobs expected {want}, got {got}"));
        }
    }
    for (k, want, got) in [
        ("fair_share_timeout_ms", e.fair_share_timeout_ms, fs.pm.fair_share_timeout()),
        ("node_delay_ms", e.node_delay_ms, fs.delays.node),
        ("rack_delay_ms", e.rack_delay_ms, fs.delays.rack),
    ] {
        if let Some(want) = want {
            if want != got {
                bad.push(format!("{k} expected {want}, got {got}"));
            }
        }
    }
}
