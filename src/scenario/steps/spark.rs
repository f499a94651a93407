//! The scripted steps of a Spark scenario (`"scheduler": "spark"`; `docs/scenario-format.md`,
//! "Spark"), read strictly: the calls Spark's `TaskSetManagerSuite` and
//! `TaskSchedulerImplSuite` make (executors added, lost and decommissioned, task sets
//! submitted, direct `resourceOffer` calls, full and partial offer rounds, tasks finishing or
//! failing, zombies, excluded nodes) and their checks (the task launched, the valid levels,
//! the current level). `sim::scripted::spark` runs them. The static cross-check (a task set
//! named before it is submitted, a task index it does not have) is `validate`.

use crate::input::json::{Errs, Obj, as_array, as_str, child, index, need};
use crate::model::Millis;
use crate::sched::spark::decision::Offer;
use crate::sched::spark::locality::{TaskLocality, TaskLocation};
use serde_json::Value;

mod validate;
pub use validate::validate;

/// The Spark ops (besides the generic `advance`).
pub const OPS: &[&str] = &[
    "add_executor",
    "lose_executor",
    "decommission_executor",
    "submit_task_set",
    "resource_offer",
    "offer_round",
    "finish_task",
    "fail_task",
    "speculate",
    "set_zombie",
    "exclude_node",
    "exclude_executor",
    "exclude_task",
    "expect_levels",
    "expect_level",
    "expect_task_set",
];

/// The most tasks one task set may have, and offers one round.
pub(crate) const MAX_TASKS: usize = 100_000;
const MAX_OFFERS: usize = 10_000;

/// An expected launch: the task index, and optionally its task set, executor and locality.
#[derive(Debug, Clone, PartialEq)]
pub struct ExpectLaunch {
    pub task_set: Option<String>,
    pub index: usize,
    pub executor: Option<String>,
    pub locality: Option<TaskLocality>,
}

impl std::fmt::Display for ExpectLaunch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(t) = &self.task_set {
            write!(f, "{t}:")?;
        }
        write!(f, "{}", self.index)?;
        if let Some(e) = &self.executor {
            write!(f, " on {e}")?;
        }
        if let Some(l) = self.locality {
            write!(f, " ({})", l.as_str())?;
        }
        Ok(())
    }
}

#[derive(Debug, Clone, PartialEq)]
pub enum SparkStep {
    AddExecutor {
        executor: String,
        host: String,
        cores: u32,
    },
    LoseExecutor {
        executor: String,
    },
    DecommissionExecutor {
        executor: String,
        with_host: bool,
    },
    SubmitTaskSet {
        stage: u32,
        attempt: u32,
        priority: u32,
        pool: Option<String>,
        tasks: Vec<Vec<TaskLocation>>,
    },
    /// `expect`: `Some(None)` = nothing launched.
    ResourceOffer {
        task_set: Option<String>,
        executor: String,
        host: String,
        max_locality: TaskLocality,
        expect: Option<Option<ExpectLaunch>>,
        expect_reject: Option<bool>,
    },
    OfferRound {
        full: bool,
        offers: Vec<Offer>,
        expect: Option<Vec<ExpectLaunch>>,
        expect_count: Option<u32>,
    },
    FinishTask {
        task_set: Option<String>,
        index: usize,
    },
    FailTask {
        task_set: Option<String>,
        index: usize,
        executor: Option<String>,
    },
    Speculate {
        task_set: Option<String>,
        index: usize,
    },
    SetZombie {
        task_set: Option<String>,
        zombie: bool,
    },
    ExcludeNode {
        task_set: Option<String>,
        host: String,
        excluded: bool,
    },
    ExcludeExecutor {
        task_set: Option<String>,
        executor: String,
        excluded: bool,
    },
    /// `on_host`: `name` is a host (`isNodeExcludedForTask`), else an executor.
    ExcludeTask {
        task_set: Option<String>,
        index: usize,
        on_host: bool,
        name: String,
        excluded: bool,
    },
    ExpectLevels {
        task_set: Option<String>,
        levels: Vec<TaskLocality>,
    },
    /// The task set's counts: running and succeeded tasks, and whether it finished.
    ExpectTaskSet {
        task_set: Option<String>,
        running: Option<u32>,
        succeeded: Option<u32>,
        finished: Option<bool>,
    },
    ExpectLevel {
        task_set: Option<String>,
        level: TaskLocality,
        timer_ms: Option<Millis>,
    },
}

impl SparkStep {
    pub fn is_check(&self) -> bool {
        matches!(self, SparkStep::ExpectLevels { .. } | SparkStep::ExpectLevel { .. } | SparkStep::ExpectTaskSet { .. })
    }
}

pub(crate) fn name(o: &mut Obj, key: &'static str, what: &str, errs: &mut Errs) -> Option<String> {
    let s = o.str(key, errs).map(str::to_string);
    if s.as_deref() == Some("") {
        errs.push(&o.path_of(key), format!("found \"\", expected {what}"));
        return None;
    }
    need(s, o, key, what, errs)
}

fn level_of(v: &Value, path: &str, errs: &mut Errs) -> Option<TaskLocality> {
    let l = v.as_str().and_then(TaskLocality::parse);
    if l.is_none() {
        errs.expected(path, v, "one of PROCESS_LOCAL, NODE_LOCAL, NO_PREF, RACK_LOCAL, ANY");
    }
    l
}

fn level(o: &mut Obj, key: &'static str, errs: &mut Errs) -> Option<TaskLocality> {
    let p = o.path_of(key);
    match o.get(key) {
        Some(v) => level_of(v, &p, errs),
        None => need(None, o, key, "one of PROCESS_LOCAL, NODE_LOCAL, NO_PREF, RACK_LOCAL, ANY", errs),
    }
}

fn locations(v: &Value, path: &str, errs: &mut Errs) -> Option<Vec<TaskLocation>> {
    let list = as_array(v, path, 1000, errs)?;
    let mut out = Vec::new();
    for (i, x) in list.iter().enumerate() {
        let p = index(path, i);
        if let Some(s) = as_str(x, &p, errs) {
            match TaskLocation::parse(s) {
                Ok(l) => out.push(l),
                Err(m) => errs.push(&p, m),
            }
        }
    }
    Some(out)
}

/// `tasks`: a list of location lists, or `{"count": N, "locations": [...]}`.
pub(crate) fn tasks(o: &mut Obj, errs: &mut Errs) -> Option<Vec<Vec<TaskLocation>>> {
    let p = o.path_of("tasks");
    let Some(v) = o.get("tasks") else {
        return need(None, o, "tasks", "a list of tasks' preferred locations, e.g. [[\"host1\"], []]", errs);
    };
    if v.is_object() {
        let mut t = Obj::new(v, &p, errs)?;
        let count = t.u64_in("count", 1, MAX_TASKS as u64, errs);
        let count = need(count, &t, "count", "the number of tasks", errs);
        let locs = match t.get("locations") {
            Some(l) => locations(l, &child(&p, "locations"), errs),
            None => Some(Vec::new()),
        };
        t.finish(errs);
        return Some(vec![locs?; count? as usize]);
    }
    let list = as_array(v, &p, MAX_TASKS, errs)?;
    if list.is_empty() {
        errs.push(&p, "found an empty list, expected at least one task");
        return None;
    }
    let all: Vec<Option<Vec<TaskLocation>>> =
        list.iter().enumerate().map(|(i, x)| locations(x, &index(&p, i), errs)).collect();
    all.into_iter().collect()
}

fn expect_launch(v: &Value, path: &str, errs: &mut Errs) -> Option<ExpectLaunch> {
    let mut o = Obj::new(v, path, errs)?;
    let task_set = o.str("task_set", errs).map(str::to_string);
    let index = o.u64_in("index", 0, MAX_TASKS as u64, errs).map(|x| x as usize);
    let index = need(index, &o, "index", "the task index launched", errs);
    let executor = o.str("executor", errs).map(str::to_string);
    let lp = o.path_of("locality");
    let locality = o.get("locality").and_then(|l| level_of(l, &lp, errs));
    o.finish(errs);
    Some(ExpectLaunch { task_set, index: index?, executor, locality })
}

fn offers(o: &mut Obj, errs: &mut Errs) -> Option<Vec<Offer>> {
    let p = o.path_of("offers");
    let Some(v) = o.get("offers") else {
        return need(
            None,
            o,
            "offers",
            "a list of offers like {\"executor\": \"exec1\", \"host\": \"host1\", \"cores\": 1}",
            errs,
        );
    };
    let list = as_array(v, &p, MAX_OFFERS, errs)?;
    let mut out = Vec::new();
    for (i, x) in list.iter().enumerate() {
        let Some(mut q) = Obj::new(x, &index(&p, i), errs) else { continue };
        let executor = name(&mut q, "executor", "the executor's id", errs);
        let host = name(&mut q, "host", "the executor's host", errs);
        let cores = q.u64_in("cores", 0, 1_000_000, errs).map(|c| c as u32);
        let cores = need(cores, &q, "cores", "the executor's free cores", errs);
        q.finish(errs);
        if let (Some(executor), Some(host), Some(cores)) = (executor, host, cores) {
            out.push(Offer { executor, host, cores });
        }
    }
    Some(out)
}

/// Read Spark op `op` from step object `o`.
pub(super) fn read(op: &str, o: &mut Obj, errs: &mut Errs) -> Option<SparkStep> {
    let ts = |o: &mut Obj, errs: &mut Errs| o.str("task_set", errs).map(str::to_string);
    let step = match op {
        "add_executor" => {
            let executor = name(o, "executor", "the executor's id", errs);
            let host = name(o, "host", "the executor's host", errs);
            let cores = o.u64_in("cores", 1, 1_000_000, errs).unwrap_or(1) as u32;
            SparkStep::AddExecutor { executor: executor?, host: host?, cores }
        }
        "lose_executor" => SparkStep::LoseExecutor { executor: name(o, "executor", "the executor's id", errs)? },
        "decommission_executor" => {
            let executor = name(o, "executor", "the executor's id", errs);
            let with_host = o.bool("with_host", errs).unwrap_or(false);
            SparkStep::DecommissionExecutor { executor: executor?, with_host }
        }
        "submit_task_set" => {
            let stage = o.u64_in("stage", 0, u32::MAX as u64, errs).map(|x| x as u32);
            let stage = need(stage, o, "stage", "the stage id", errs);
            let attempt = o.u64_in("attempt", 0, u32::MAX as u64, errs).unwrap_or(0) as u32;
            let priority = o.u64_in("priority", 0, u32::MAX as u64, errs).map(|x| x as u32);
            let pool = o.str("pool", errs).map(str::to_string);
            let tasks = tasks(o, errs);
            let stage = stage?;
            SparkStep::SubmitTaskSet { stage, attempt, priority: priority.unwrap_or(stage), pool, tasks: tasks? }
        }
        "resource_offer" => {
            let task_set = ts(o, errs);
            let executor = name(o, "executor", "the executor's id", errs);
            let host = name(o, "host", "the host offered", errs);
            let max_locality = level(o, "max_locality", errs);
            let ep = o.path_of("expect");
            // `"expect": null` says the call launches nothing.
            let expect = match o.allow("expect") {
                None => None,
                Some(Value::Null) => Some(None),
                Some(v) => Some(Some(expect_launch(v, &ep, errs)?)),
            };
            let expect_reject = o.bool("expect_reject", errs);
            SparkStep::ResourceOffer {
                task_set,
                executor: executor?,
                host: host?,
                max_locality: max_locality?,
                expect,
                expect_reject,
            }
        }
        "offer_round" => {
            let full = o.bool("full", errs);
            let full = need(full, o, "full", "true (a full round, makeOffers()) or false (a partial one)", errs);
            let offers = offers(o, errs);
            let ep = o.path_of("expect");
            let expect = match o.get("expect") {
                Some(v) => as_array(v, &ep, MAX_OFFERS, errs).map(|l| {
                    l.iter().enumerate().filter_map(|(i, x)| expect_launch(x, &index(&ep, i), errs)).collect()
                }),
                None => None,
            };
            let expect_count = o.u64_in("expect_count", 0, u32::MAX as u64, errs).map(|x| x as u32);
            SparkStep::OfferRound { full: full?, offers: offers?, expect, expect_count }
        }
        "finish_task" | "fail_task" | "speculate" => {
            let task_set = ts(o, errs);
            let i = o.u64_in("index", 0, MAX_TASKS as u64, errs).map(|x| x as usize);
            let executor = if op == "fail_task" { o.str("executor", errs).map(str::to_string) } else { None };
            let index = need(i, o, "index", "the task index", errs)?;
            match op {
                "finish_task" => SparkStep::FinishTask { task_set, index },
                "fail_task" => SparkStep::FailTask { task_set, index, executor },
                _ => SparkStep::Speculate { task_set, index },
            }
        }
        "set_zombie" => SparkStep::SetZombie { task_set: ts(o, errs), zombie: o.bool("zombie", errs).unwrap_or(true) },
        "exclude_node" => {
            let task_set = ts(o, errs);
            let host = name(o, "host", "the host excluded", errs);
            let excluded = o.bool("excluded", errs).unwrap_or(true);
            SparkStep::ExcludeNode { task_set, host: host?, excluded }
        }
        "exclude_executor" => {
            let task_set = ts(o, errs);
            let executor = name(o, "executor", "the executor excluded", errs);
            let excluded = o.bool("excluded", errs).unwrap_or(true);
            SparkStep::ExcludeExecutor { task_set, executor: executor?, excluded }
        }
        "exclude_task" => {
            let task_set = ts(o, errs);
            let i = o.u64_in("index", 0, MAX_TASKS as u64, errs).map(|x| x as usize);
            let index = need(i, o, "index", "the task index", errs);
            let executor = o.str("executor", errs).map(str::to_string);
            let host = o.str("host", errs).map(str::to_string);
            let excluded = o.bool("excluded", errs).unwrap_or(true);
            let (on_host, name) = match (executor, host) {
                (Some(e), None) if !e.is_empty() => (false, e),
                (None, Some(h)) if !h.is_empty() => (true, h),
                _ => {
                    errs.push(
                        &o.path,
                        "expected exactly one of \"executor\" or \"host\" (a name) for the task's exclusion",
                    );
                    return None;
                }
            };
            SparkStep::ExcludeTask { task_set, index: index?, on_host, name, excluded }
        }
        "expect_levels" => {
            let task_set = ts(o, errs);
            let lp = o.path_of("levels");
            let levels = match o.get("levels") {
                Some(v) => as_array(v, &lp, 5, errs)
                    .map(|l| l.iter().enumerate().filter_map(|(i, x)| level_of(x, &index(&lp, i), errs)).collect()),
                None => need(None, o, "levels", "the valid levels, e.g. [\"NODE_LOCAL\", \"ANY\"]", errs),
            };
            SparkStep::ExpectLevels { task_set, levels: levels? }
        }
        "expect_level" => {
            let task_set = ts(o, errs);
            let level = level(o, "level", errs);
            let timer_ms = o.i64_in("timer_ms", 0, crate::model::MAX_TIME_MS, errs);
            SparkStep::ExpectLevel { task_set, level: level?, timer_ms }
        }
        "expect_task_set" => {
            let task_set = ts(o, errs);
            let running = o.u64_in("running", 0, MAX_TASKS as u64, errs).map(|x| x as u32);
            let succeeded = o.u64_in("succeeded", 0, MAX_TASKS as u64, errs).map(|x| x as u32);
            let finished = o.bool("finished", errs);
            SparkStep::ExpectTaskSet { task_set, running, succeeded, finished }
        }
        _ => return None,
    };
    Some(step)
}
