//! The application a Spark scenario runs in automatic mode (`docs/scenario-format.md`, "Spark
//! in automatic mode"): its executors, each on a host with its cores (as
//! `CoarseGrainedExecutorBackend` registers them with the driver, `RegisterExecutor`), added and
//! lost at given times, and its stages, each submitted at a time as one task set
//! (`DAGScheduler.submitMissingTasks` → `TaskSchedulerImpl.submitTasks`) with its tasks'
//! preferred locations and durations. Read strictly: every problem with its JSON path.
//! `sim::spark_backend` drives the rounds.

use super::steps::spark::{name as name_of, tasks as tasks_of};
use crate::input::json::{Errs, Obj, as_array, as_i64_in, index};
use crate::model::Millis;
use crate::sched::spark::locality::TaskLocation;
use serde_json::Value;

/// The most executors and stages an application may have.
pub const MAX_EXECUTORS: usize = 10_000;
pub const MAX_STAGES: usize = 10_000;
/// The longest task and the latest event accepted (a year in ms).
const MAX_MS: i64 = 365 * 24 * 3600 * 1000;

/// One executor of the application.
#[derive(Debug, Clone, PartialEq)]
pub struct ExecutorSpec {
    pub id: String,
    pub host: String,
    pub cores: u32,
    /// When it registers with the driver (`RegisterExecutor`, then `LaunchedExecutor`).
    pub add_ms: Millis,
    /// When the driver loses it (`RemoveExecutor`), if it does.
    pub lose_ms: Option<Millis>,
}

/// One stage: a task set submitted at `submit_ms`.
#[derive(Debug, Clone, PartialEq)]
pub struct StageSpec {
    pub stage: u32,
    pub priority: u32,
    pub pool: Option<String>,
    pub submit_ms: Millis,
    /// Each task's preferred locations.
    pub tasks: Vec<Vec<TaskLocation>>,
    /// Each task's run time once launched.
    pub durations_ms: Vec<Millis>,
}

/// How much longer a task runs away from its input: a Hadoop workload mapped to Spark keeps
/// Hadoop's `rack_local_slowdown` and `off_switch_slowdown` (`sim::spark_mapping`). A Spark
/// scenario file has none: its durations are as given.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Slowdown {
    pub rack: f64,
    pub off_switch: f64,
}

/// The executors and stages of an automatic-mode Spark scenario.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SparkApp {
    pub executors: Vec<ExecutorSpec>,
    pub stages: Vec<StageSpec>,
    pub slowdown: Option<Slowdown>,
}

fn ms_field(o: &mut Obj, key: &'static str, lo: i64, errs: &mut Errs) -> Option<Millis> {
    o.i64_in(key, lo, MAX_MS, errs)
}

fn executor(v: &Value, path: &str, errs: &mut Errs) -> Option<ExecutorSpec> {
    let mut o = Obj::new(v, path, errs)?;
    let id = name_of(&mut o, "executor", "the executor's id", errs);
    let host = name_of(&mut o, "host", "the executor's host", errs);
    let cores = o.u64_in("cores", 1, 1_000_000, errs).unwrap_or(1) as u32;
    let add_ms = ms_field(&mut o, "add_ms", 0, errs).unwrap_or(0);
    let lose_ms = ms_field(&mut o, "lose_ms", 0, errs);
    if let Some(l) = lose_ms.filter(|&l| l < add_ms) {
        errs.push(&o.path_of("lose_ms"), format!("found {l}, expected a time at or after add_ms ({add_ms})"));
    }
    o.finish(errs);
    Some(ExecutorSpec { id: id?, host: host?, cores, add_ms, lose_ms })
}

/// `duration_ms`: one time for every task, or a list with one per task.
fn durations(o: &mut Obj, n: Option<usize>, errs: &mut Errs) -> Option<Vec<Millis>> {
    let p = o.path_of("duration_ms");
    let Some(v) = o.get("duration_ms") else {
        errs.push(&p, "missing; expected each task's run time in ms: a number, or a list with one per task");
        return None;
    };
    if v.is_array() {
        let list = as_array(v, &p, super::steps::spark::MAX_TASKS, errs)?;
        let all: Option<Vec<Millis>> =
            list.iter().enumerate().map(|(i, x)| as_i64_in(x, &index(&p, i), 0, MAX_MS, errs)).collect();
        if let Some(n) = n.filter(|&n| n != list.len()) {
            errs.push(&p, format!("found {} durations, expected one per task ({n})", list.len()));
            return None;
        }
        return all;
    }
    let one = as_i64_in(v, &p, 0, MAX_MS, errs)?;
    Some(vec![one; n?])
}

fn stage(v: &Value, path: &str, errs: &mut Errs) -> Option<StageSpec> {
    let mut o = Obj::new(v, path, errs)?;
    let stage = o.u64_in("stage", 0, u32::MAX as u64, errs).map(|x| x as u32);
    if stage.is_none() && !o.has("stage") {
        errs.push(&o.path_of("stage"), "missing; expected the stage id");
    }
    let priority = o.u64_in("priority", 0, u32::MAX as u64, errs).map(|x| x as u32);
    let pool = o.str("pool", errs).map(str::to_string);
    let submit_ms = ms_field(&mut o, "submit_ms", 0, errs).unwrap_or(0);
    let tasks = tasks_of(&mut o, errs);
    let durations_ms = durations(&mut o, tasks.as_ref().map(Vec::len), errs);
    o.finish(errs);
    let stage = stage?;
    Some(StageSpec {
        stage,
        priority: priority.unwrap_or(stage),
        pool,
        submit_ms,
        tasks: tasks?,
        durations_ms: durations_ms?,
    })
}

/// `$.spark.executors` and `$.spark.stages`, both given: the application. Executor ids and
/// stage ids are unique.
pub fn parse(executors: &Value, stages: &Value, path: &str, errs: &mut Errs) -> SparkApp {
    let mut app = SparkApp::default();
    let ep = crate::input::json::child(path, "executors");
    if let Some(list) = as_array(executors, &ep, MAX_EXECUTORS, errs) {
        for (i, x) in list.iter().enumerate() {
            let p = index(&ep, i);
            if let Some(e) = executor(x, &p, errs) {
                if app.executors.iter().any(|o| o.id == e.id) {
                    errs.push(&p, format!("found executor {:?} again; expected each executor id once", e.id));
                }
                app.executors.push(e);
            }
        }
    }
    let sp = crate::input::json::child(path, "stages");
    if let Some(list) = as_array(stages, &sp, MAX_STAGES, errs) {
        for (i, x) in list.iter().enumerate() {
            let p = index(&sp, i);
            if let Some(s) = stage(x, &p, errs) {
                if app.stages.iter().any(|o| o.stage == s.stage) {
                    errs.push(&p, format!("found stage {} again; expected each stage id once", s.stage));
                }
                app.stages.push(s);
            }
        }
        if list.is_empty() {
            errs.push(&sp, "found an empty list, expected at least one stage");
        }
    }
    app
}
