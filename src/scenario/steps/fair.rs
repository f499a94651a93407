//! The Fair Scheduler's scripted steps (`docs/scenario-format.md`, "Fair steps"), read once
//! into [`FairStep`]: the unit-test harness actions of `TestFairScheduler`
//! (`src/contrib/fairscheduler/src/test/org/apache/hadoop/mapred/TestFairScheduler.java`:
//! `update()`, advancing the clock without an update, `preemptTasksIfNecessary()`,
//! `reloadAllocs()`, `PoolManager.getPool` / `setPool`) and its checks (fair share, demand,
//! running, min share, `tasksToPreempt`, locality state, `PoolManager` queries, and the pure
//! functions of `TestComputeFairShares`, `TestCapBasedLoadManager` and `testMaxTasksToAssign`).
//! `sim::scripted::fair` runs them.

use crate::input::json::{Errs, Obj, as_array, as_i64_in, child, index};
use crate::sched::fair::allocs::{self, Allocations, SchedulingMode};
use crate::sched::fair::delay::LocalityLevel;
use crate::sched::fair::shares::ShareInput;
use serde_json::Value;

/// Every Fair op.
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

mod numbers;
pub use numbers::{ByType, Num, TypeChecks};
use numbers::{JOB_TYPE_KEYS, POOL_TYPE_KEYS, num, read_items, type_checks};

/// `expect_fair_job`: a job's schedulable and its delay-scheduling state.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectFairJob {
    pub job: u32,
    pub types: ByType,
    pub pool: Option<String>,
    pub runnable: Option<bool>,
    pub initialized: Option<bool>,
    pub skipped: Option<bool>,
    pub time_waited_ms: Option<i64>,
    pub last_locality: Option<LocalityLevel>,
    pub allowed_locality: Option<LocalityLevel>,
    /// Only `initialized` is checked (besides `op`, `note`, `job`): it may be checked on a job
    /// the scheduler has not heard of.
    pub only_initialized: bool,
}

/// `expect_pool`: a pool's schedulable and its allocation.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectPool {
    pub pool: String,
    pub types: ByType,
    pub max_running_jobs: Option<i64>,
    pub min_share_timeout_ms: Option<i64>,
    pub weight: Option<Num>,
    pub scheduling_mode: Option<String>,
    pub exists: Option<bool>,
}

/// `expect_pool_manager`: `PoolManager`'s pools, user limits, timeouts and delays.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectPoolManager {
    pub pool_count: Option<u64>,
    pub pools: Option<Vec<String>>,
    pub user_max_jobs: Vec<(String, i64)>,
    pub fair_share_timeout_ms: Option<i64>,
    pub node_delay_ms: Option<i64>,
    pub rack_delay_ms: Option<i64>,
}

/// `expect_load_cap`: `CapBasedLoadManager.getCap` and `canAssign*`.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectLoadCap {
    pub total_runnable: i64,
    pub tracker_slots: i64,
    pub total_slots: i64,
    pub max_diff: f64,
    pub tracker_running: i64,
    pub cap: Option<i64>,
    pub assignable: Option<i64>,
}

/// One Fair step, read once.
#[derive(Debug, Clone, PartialEq)]
pub enum FairStep {
    /// `fair_update`: `FairScheduler.update()`.
    Update,
    /// `advance_no_update`: the clock moves, the update thread does not run.
    AdvanceNoUpdate {
        ms: i64,
    },
    /// `fair_preempt`: `preemptTasksIfNecessary()`.
    Preempt,
    /// `fair_reload`: `PoolManager.reloadAllocs()` with a new allocation file.
    Reload(Box<Allocations>),
    /// `create_pool`: `PoolManager.getPool(name)`.
    CreatePool {
        pool: String,
    },
    /// `move_pool`: `PoolManager.setPool(job, pool)`.
    MovePool {
        job: u32,
        pool: String,
    },
    ExpectFairJob(Box<ExpectFairJob>),
    ExpectPool(Box<ExpectPool>),
    ExpectPoolManager(Box<ExpectPoolManager>),
    /// `expect_pool_admission`: would a job submitted to `pool` be accepted.
    ExpectPoolAdmission {
        pool: String,
        accepted: bool,
        message_contains: Option<String>,
    },
    /// `expect_fair_shares`: `SchedulingAlgorithms.computeFairShares`.
    ExpectFairShares {
        items: Vec<ShareInput>,
        total_slots: f64,
        shares: Vec<Num>,
    },
    ExpectLoadCap(Box<ExpectLoadCap>),
    /// `expect_max_tasks_to_assign`: `FairScheduler.maxTasksToAssign` (`testMaxTasksToAssign`).
    ExpectMaxTasksToAssign {
        assign_multiple: bool,
        assign_cap: i64,
        available_slots: i64,
        result: i64,
    },
}

impl FairStep {
    /// The op's name in a scenario.
    pub fn op(&self) -> &'static str {
        match self {
            FairStep::Update => "fair_update",
            FairStep::AdvanceNoUpdate { .. } => "advance_no_update",
            FairStep::Preempt => "fair_preempt",
            FairStep::Reload(_) => "fair_reload",
            FairStep::CreatePool { .. } => "create_pool",
            FairStep::MovePool { .. } => "move_pool",
            FairStep::ExpectFairJob(_) => "expect_fair_job",
            FairStep::ExpectPool(_) => "expect_pool",
            FairStep::ExpectPoolManager(_) => "expect_pool_manager",
            FairStep::ExpectPoolAdmission { .. } => "expect_pool_admission",
            FairStep::ExpectFairShares { .. } => "expect_fair_shares",
            FairStep::ExpectLoadCap(_) => "expect_load_cap",
            FairStep::ExpectMaxTasksToAssign { .. } => "expect_max_tasks_to_assign",
        }
    }

    /// A check (its failure is reported and the run goes on), not an action.
    pub fn is_check(&self) -> bool {
        !matches!(
            self,
            FairStep::Update
                | FairStep::AdvanceNoUpdate { .. }
                | FairStep::Preempt
                | FairStep::Reload(_)
                | FairStep::CreatePool { .. }
                | FairStep::MovePool { .. }
        )
    }
}

fn need(o: &Obj, key: &'static str, what: &str, errs: &mut Errs) {
    if !o.has(key) {
        errs.push(&o.path_of(key), format!("missing; expected {what}"));
    }
}

fn by_type(o: &mut Obj, keys: &[&'static str], tol: Option<f64>, errs: &mut Errs) -> ByType {
    let mut t = ByType::default();
    for k in ["map", "reduce"] {
        let p = o.path_of(k);
        if let Some(x) = o.get(k) {
            let c = type_checks(x, &p, keys, tol, errs);
            if k == "map" { t.map = Some(c) } else { t.reduce = Some(c) }
        }
    }
    t
}

fn level(o: &mut Obj, key: &'static str, errs: &mut Errs) -> Option<LocalityLevel> {
    let p = o.path_of(key);
    let s = o.str(key, errs)?;
    let l = LocalityLevel::parse(s);
    if l.is_none() {
        errs.push(&p, format!("found {s:?}, expected NODE, RACK or ANY"));
    }
    l
}

/// Read a step of one of [`OPS`] (`op` and `note` already read from `o`; unknown fields are
/// reported by the caller's `finish`). `None` when a field is missing or wrong (said in `errs`).
pub fn read(op: &str, o: &mut Obj, errs: &mut Errs) -> Option<FairStep> {
    let n0 = errs.0.len();
    let tol = o.f64_in("tolerance", 0.0, 1e300, errs);
    let step = match op {
        "fair_update" => FairStep::Update,
        "fair_preempt" => FairStep::Preempt,
        "advance_no_update" => {
            need(o, "ms", "milliseconds to advance", errs);
            FairStep::AdvanceNoUpdate { ms: o.i64_in("ms", 0, 1 << 45, errs).unwrap_or(0) }
        }
        "fair_reload" => {
            need(o, "allocations", "the allocation file (XML text or JSON object)", errs);
            let p = o.path_of("allocations");
            let a = o.get("allocations").map(|a| allocs::parse_value(a, &p, errs));
            FairStep::Reload(Box::new(a.unwrap_or_default()))
        }
        "create_pool" => {
            need(o, "pool", "a pool name", errs);
            FairStep::CreatePool { pool: o.str("pool", errs).unwrap_or_default().to_string() }
        }
        "move_pool" => {
            need(o, "job", "a job number", errs);
            need(o, "pool", "a pool name", errs);
            let job = o.u64_in("job", 1, crate::model::MAX_JOB_ID, errs).unwrap_or(0) as u32;
            let pool = o.str("pool", errs).unwrap_or_default().trim().to_string();
            FairStep::MovePool { job, pool }
        }
        "expect_fair_job" => {
            need(o, "job", "a job number", errs);
            let only_initialized = o.map.keys().all(|k| ["op", "note", "job", "initialized"].contains(&k.as_str()));
            let job = o.u64_in("job", 1, crate::model::MAX_JOB_ID, errs).unwrap_or(0) as u32;
            let types = by_type(o, JOB_TYPE_KEYS, tol, errs);
            let pool = o.str("pool", errs).map(str::to_string);
            let runnable = o.bool("runnable", errs);
            let initialized = o.bool("initialized", errs);
            let skipped = o.bool("skipped", errs);
            let time_waited_ms = o.i64_in("time_waited_ms", 0, i64::MAX, errs);
            let last_locality = level(o, "last_locality", errs);
            let allowed_locality = level(o, "allowed_locality", errs);
            FairStep::ExpectFairJob(Box::new(ExpectFairJob {
                job,
                types,
                pool,
                runnable,
                initialized,
                skipped,
                time_waited_ms,
                last_locality,
                allowed_locality,
                only_initialized,
            }))
        }
        "expect_pool" => {
            need(o, "pool", "a pool name", errs);
            let pool = o.str("pool", errs).unwrap_or_default().to_string();
            let types = by_type(o, POOL_TYPE_KEYS, tol, errs);
            let max_running_jobs = o.i64_in("max_running_jobs", 0, i64::MAX, errs);
            let min_share_timeout_ms = o.i64_in("min_share_timeout_ms", 0, i64::MAX, errs);
            let weight = o.f64_in("weight", 0.0, 1e300, errs).map(|value| Num { value, tol });
            let scheduling_mode = o.str("scheduling_mode", errs).map(str::to_string);
            if let Some(m) = &scheduling_mode {
                if SchedulingMode::parse(m).is_none() {
                    errs.push(&o.path_of("scheduling_mode"), format!("found {m:?}, expected fair or fifo"));
                }
            }
            let exists = o.bool("exists", errs);
            FairStep::ExpectPool(Box::new(ExpectPool {
                pool,
                types,
                max_running_jobs,
                min_share_timeout_ms,
                weight,
                scheduling_mode,
                exists,
            }))
        }
        "expect_pool_manager" => {
            let pool_count = o.u64_in("pool_count", 0, u64::MAX, errs);
            let pools = o.get("pools").and_then(|l| {
                let p = o.path_of("pools");
                as_array(l, &p, 100_000, errs)
                    .map(|l| l.iter().filter_map(|x| x.as_str().map(str::to_string)).collect())
            });
            let mut user_max_jobs = Vec::new();
            if let Some(u) = o.get("user_max_jobs") {
                let p = o.path_of("user_max_jobs");
                if let Value::Object(m) = u {
                    for (k, n) in m {
                        if let Some(n) = as_i64_in(n, &child(&p, k), 0, i64::MAX, errs) {
                            user_max_jobs.push((k.clone(), n));
                        }
                    }
                } else {
                    errs.expected(&p, u, "an object mapping user names to limits");
                }
            }
            FairStep::ExpectPoolManager(Box::new(ExpectPoolManager {
                pool_count,
                pools,
                user_max_jobs,
                fair_share_timeout_ms: o.i64_in("fair_share_timeout_ms", 0, i64::MAX, errs),
                node_delay_ms: o.i64_in("node_delay_ms", -1, i64::MAX, errs),
                rack_delay_ms: o.i64_in("rack_delay_ms", -1, i64::MAX, errs),
            }))
        }
        "expect_pool_admission" => {
            need(o, "pool", "a pool name", errs);
            let pool = o.str("pool", errs).unwrap_or_default().trim().to_string();
            o.str("user", errs);
            need(o, "accepted", "true or false", errs);
            let accepted = o.bool("accepted", errs).unwrap_or(true);
            let message_contains = o.str("message_contains", errs).map(str::to_string);
            FairStep::ExpectPoolAdmission { pool, accepted, message_contains }
        }
        "expect_fair_shares" => {
            need(o, "items", "a list of [demand, minShare, weight]", errs);
            need(o, "total_slots", "the slots to share", errs);
            need(o, "shares", "the expected shares", errs);
            let items = read_items(o, errs);
            let total_slots = o.f64_in("total_slots", 0.0, 1e300, errs).unwrap_or(0.0);
            let mut shares = Vec::new();
            if let Some(s) = o.get("shares") {
                let p = o.path_of("shares");
                if let Some(l) = as_array(s, &p, 100_000, errs) {
                    shares = l.iter().enumerate().filter_map(|(i, x)| num(x, &index(&p, i), tol, errs)).collect();
                }
            }
            FairStep::ExpectFairShares { items, total_slots, shares }
        }
        "expect_load_cap" => {
            for k in ["total_runnable", "tracker_slots", "total_slots"] {
                need(o, k, "a whole number", errs);
            }
            let whole = |o: &mut Obj, k: &'static str, errs: &mut Errs| o.i64_in(k, 0, i32::MAX as i64, errs);
            FairStep::ExpectLoadCap(Box::new(ExpectLoadCap {
                total_runnable: whole(o, "total_runnable", errs).unwrap_or(0),
                tracker_slots: whole(o, "tracker_slots", errs).unwrap_or(0),
                total_slots: whole(o, "total_slots", errs).unwrap_or(0),
                max_diff: o.f64_in("max_diff", -1e6, 1e6, errs).unwrap_or(0.0),
                tracker_running: whole(o, "tracker_running", errs).unwrap_or(0),
                cap: whole(o, "cap", errs),
                assignable: whole(o, "assignable", errs),
            }))
        }
        "expect_max_tasks_to_assign" => {
            for k in ["assign_multiple", "available_slots", "result"] {
                need(o, k, "a value", errs);
            }
            let assign_multiple = o.bool("assign_multiple", errs).unwrap_or(true);
            let assign_cap = o.i64_in("assign_cap", -1, i32::MAX as i64, errs).unwrap_or(-1);
            let available_slots = o.i64_in("available_slots", 0, i32::MAX as i64, errs).unwrap_or(0);
            let result = o.i64_in("result", -1, i32::MAX as i64, errs);
            FairStep::ExpectMaxTasksToAssign { assign_multiple, assign_cap, available_slots, result: result? }
        }
        _ => return None,
    };
    (errs.0.len() == n0).then_some(step)
}
