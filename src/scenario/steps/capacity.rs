//! The Capacity Scheduler's scripted steps (`docs/scenario-format.md`, "Capacity steps"), read
//! once into [`CapacityStep`]: the actions of `TestCapacityScheduler`'s harness
//! (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`:
//! `poll`, `promote`, `refresh`, `complete_job`, a Hadoop attempt finishing, `refresh_queues`
//! as `mradmin -refreshQueues`) and its assertions (`expect_*`, read in `capacity/expect.rs`).
//! `sim::scripted::capacity` runs them.

use crate::input::json::{Errs, Obj, child, index};
use crate::model::{RunState, TaskType};
use serde_json::Value;

mod attempt;
mod expect;
pub use attempt::{HadoopAttempt, parse_attempt_name};
pub use expect::{CapacityCheck, JobListName};

/// Every Capacity op with the fields it accepts (besides `op` and `note`).
pub const OPS_FIELDS: &[(&str, &[&str])] = &[
    ("init_direct", &["job"]),
    ("finish_task", &["task"]),
    ("complete_job", &["job", "state"]),
    ("poll", &["promote"]),
    ("promote", &["queue"]),
    ("refresh", &[]),
    ("refresh_queues", &["set", "expect_error"]),
    ("submit_rejected", &["job", "message"]),
    ("expect_used", &["queue", "type", "text"]),
    ("expect_capacity", &["queue", "type", "slots"]),
    ("expect_info", &["queue", "lines", "asserted"]),
    ("expect_info_lines", &["queue", "count", "at"]),
    ("expect_sched_info", &["job", "values", "text"]),
    ("expect_mem", &["tracker", "map_mb", "reduce_mb", "map_avail", "reduce_avail"]),
    ("expect_queue_order", &["type", "order"]),
    ("expect_job_order", &["queue", "list", "jobs"]),
    ("expect_count", &["queue", "list", "value"]),
    ("expect_in_list", &["job", "waiting", "initializing", "running"]),
    ("expect_initialized", &["jobs"]),
    ("expect_initialized_count", &["value"]),
    ("expect_initialized_contains", &["jobs"]),
    ("expect_initialized_excludes", &["jobs"]),
    ("expect_reserved", &["tracker", "type", "job", "asserted"]),
    ("expect_reserved_count", &["job", "type", "value"]),
    ("expect_get_jobs", &["queue", "jobs"]),
    ("expect_pending", &["job", "maps", "reduces"]),
    ("expect_start_error", &["error"]),
    ("expect_config", &["set", "limit_max_map_mb", "limit_max_reduce_mb", "map_slot_mb", "reduce_slot_mb"]),
    ("expect_job_state", &["job", "state"]),
    ("expect_job_state_not", &["job", "state"]),
];

/// Every Capacity op.
pub fn ops() -> impl Iterator<Item = &'static str> {
    OPS_FIELDS.iter().map(|(o, _)| *o)
}

/// Is `op` a Capacity op?
pub fn is_op(op: &str) -> bool {
    ops().any(|o| o == op)
}

/// One Capacity step, read once.
#[derive(Debug, Clone, PartialEq)]
pub enum CapacityStep {
    /// `init_direct`: `JobInProgress.initTasks` called by the test.
    InitDirect {
        job: u32,
    },
    /// `finish_task` (`finish` with a Hadoop attempt name): the attempt succeeds.
    FinishTask(HadoopAttempt),
    /// `complete_job`: the job ends in `state` (SUCCEEDED, FAILED or KILLED).
    CompleteJob {
        job: u32,
        state: RunState,
    },
    /// `poll`: `JobInitializationPoller.selectJobsToInitialize` and the initialisation threads;
    /// `promote: false` leaves the initialised jobs' RUNNING event unheard.
    Poll {
        promote: bool,
    },
    /// `promote`: the RUNNING event of the queue's initialised jobs is heard.
    Promote {
        queue: String,
    },
    /// `refresh`: `updateAllQueues` with the current cluster.
    Refresh,
    /// `refresh_queues`: `mradmin -refreshQueues` with properties changed (`None` removes one).
    RefreshQueues {
        set: Vec<(String, Option<String>)>,
        expect_error: Option<String>,
    },
    /// `submit_rejected` (`submit` with `expect_reject`): the listener refuses the job.
    SubmitRejected {
        id: u32,
        user: String,
        queue: String,
        desired_tasks: i64,
        message: Option<String>,
    },
    Check(Box<CapacityCheck>),
}

impl CapacityStep {
    /// A check (its failure is reported and the run goes on), not an action.
    pub fn is_check(&self) -> bool {
        matches!(self, CapacityStep::SubmitRejected { .. } | CapacityStep::Check(_))
    }

    /// The op's name in a scenario.
    pub fn op(&self) -> &'static str {
        match self {
            CapacityStep::InitDirect { .. } => "init_direct",
            CapacityStep::FinishTask(_) => "finish_task",
            CapacityStep::CompleteJob { .. } => "complete_job",
            CapacityStep::Poll { .. } => "poll",
            CapacityStep::Promote { .. } => "promote",
            CapacityStep::Refresh => "refresh",
            CapacityStep::RefreshQueues { .. } => "refresh_queues",
            CapacityStep::SubmitRejected { .. } => "submit_rejected",
            CapacityStep::Check(c) => c.op(),
        }
    }
}

/// How many tasks a job's `maps` or `reduces` field gives, in any of its forms: a count, a
/// list (one entry per task, e.g. split hosts), or `{"count": N, ...}`.
fn task_count(v: Option<&Value>) -> i64 {
    match v {
        Some(Value::Array(list)) => list.len() as i64,
        Some(Value::Object(o)) => o.get("count").and_then(Value::as_i64).unwrap_or(0),
        Some(v) => v.as_i64().unwrap_or(0),
        None => 0,
    }
}

/// The fields every op needs.
fn required(op: &str) -> &'static [&'static str] {
    match op {
        "init_direct"
        | "complete_job"
        | "expect_sched_info"
        | "expect_pending"
        | "expect_in_list"
        | "expect_job_state"
        | "expect_job_state_not" => &["job"],
        "finish_task" => &["task"],
        "promote" | "expect_info" | "expect_info_lines" | "expect_get_jobs" => &["queue"],
        "expect_used" | "expect_capacity" => &["queue", "type"],
        "expect_queue_order" => &["type", "order"],
        "expect_job_order" | "expect_count" => &["queue", "list"],
        "expect_reserved" => &["tracker", "type"],
        "expect_start_error" => &["error"],
        "submit_rejected" => &["job"],
        _ => &[],
    }
}

/// Read a Capacity step: known fields only, required fields present (each said), then every
/// field of its type. `None` when anything is wrong (said in `errs`).
pub fn read(op: &str, step: &Value, path: &str, errs: &mut Errs) -> Option<CapacityStep> {
    read_as(op, step, path, false, errs)
}

/// The harness's `submit` with `expect_reject` (`steps/harness.rs`), read as `submit_rejected`.
pub fn read_harness_submit(step: &Value, path: &str, errs: &mut Errs) -> Option<CapacityStep> {
    read_as("submit_rejected", step, path, true, errs)
}

fn read_as(op: &str, step: &Value, path: &str, harness: bool, errs: &mut Errs) -> Option<CapacityStep> {
    let n0 = errs.0.len();
    let fields = match harness {
        true => &["job", "init", "expect_reject", "message"][..],
        false => OPS_FIELDS.iter().find(|(o, _)| *o == op).map(|(_, f)| *f).unwrap_or(&[]),
    };
    let mut o = Obj::new(step, path, errs)?;
    o.get("op");
    o.get("note");
    for f in fields {
        o.allow(f);
    }
    o.finish(errs);
    for r in required(op) {
        if step.get(r).is_none() {
            errs.push(&child(path, r), format!("missing; the {op} step needs it"));
        }
    }
    if errs.0.len() > n0 {
        return None;
    }
    let mut f = Fields { op, step, path, errs };
    let s = match op {
        "init_direct" => CapacityStep::InitDirect { job: f.job()? },
        "finish_task" => {
            let name = f.string("task")?;
            match parse_attempt_name(&name) {
                Some((job, kind, number, attempt)) => {
                    CapacityStep::FinishTask(HadoopAttempt { name, job, kind, number, attempt })
                }
                None => {
                    let p = child(path, "task");
                    f.errs.push(&p, format!("found {name:?}, expected attempt_test_0001_m_000001_0"));
                    return None;
                }
            }
        }
        "complete_job" => {
            let job = f.job()?;
            let state = f.state()?;
            if !state.is_terminal() {
                return f.wrong("state", "SUCCEEDED, FAILED or KILLED");
            }
            CapacityStep::CompleteJob { job, state }
        }
        "poll" => CapacityStep::Poll { promote: f.opt_bool("promote")?.unwrap_or(true) },
        "promote" => CapacityStep::Promote { queue: f.string("queue")? },
        "refresh" => CapacityStep::Refresh,
        "refresh_queues" => {
            let set = f.props("set")?;
            CapacityStep::RefreshQueues { set, expect_error: f.opt_string("expect_error")? }
        }
        "submit_rejected" => {
            let job = &step["job"];
            let jp = child(path, "job");
            let mut j = Fields { op, step: job, path: &jp, errs: &mut *f.errs };
            let id = j.int("id")?;
            let user = j.opt_string("user")?.unwrap_or_else(|| "user".into());
            let queue = j.opt_string("queue")?.unwrap_or_else(|| "default".into());
            let maps = match harness {
                true => crate::scenario::capacity::harness::split_maps(job),
                false => None,
            };
            let desired_tasks = maps.unwrap_or_else(|| task_count(job.get("maps"))) + task_count(job.get("reduces"));
            let message = match step.get("expect_reject") {
                Some(Value::String(m)) if harness => Some(m.clone()),
                _ => f.opt_string("message")?,
            };
            CapacityStep::SubmitRejected { id: id as u32, user, queue, desired_tasks, message }
        }
        _ => CapacityStep::Check(Box::new(expect::read(op, &mut f)?)),
    };
    (errs.0.len() == n0).then_some(s)
}

/// A step's fields read by type, each error with its path.
pub(crate) struct Fields<'a, 'e> {
    op: &'a str,
    step: &'a Value,
    path: &'a str,
    errs: &'e mut Errs,
}

impl<'a> Fields<'a, '_> {
    fn get(&self, k: &str) -> Option<&'a Value> {
        self.step.get(k).filter(|v| !v.is_null())
    }

    fn wrong<T>(&mut self, k: &str, what: &str) -> Option<T> {
        let v = self.step.get(k).cloned().unwrap_or(Value::Null);
        self.errs.expected(&child(self.path, k), &v, what);
        None
    }

    /// A required field (its absence is said by `read`).
    fn need<T>(&mut self, k: &str, x: Option<Option<T>>) -> Option<T> {
        match x? {
            Some(v) => Some(v),
            None => {
                self.errs.push(&child(self.path, k), format!("missing; the {} step needs it", self.op));
                None
            }
        }
    }

    fn opt_string(&mut self, k: &str) -> Option<Option<String>> {
        match self.get(k) {
            None => Some(None),
            Some(Value::String(s)) => Some(Some(s.clone())),
            Some(_) => self.wrong(k, "a string"),
        }
    }

    fn string(&mut self, k: &str) -> Option<String> {
        let x = self.opt_string(k);
        self.need(k, x)
    }

    fn opt_int(&mut self, k: &str) -> Option<Option<i64>> {
        match self.get(k) {
            None => Some(None),
            Some(v) => match v.as_i64() {
                Some(n) => Some(Some(n)),
                None => self.wrong(k, "an integer"),
            },
        }
    }

    fn int(&mut self, k: &str) -> Option<i64> {
        let x = self.opt_int(k);
        self.need(k, x)
    }

    fn opt_bool(&mut self, k: &str) -> Option<Option<bool>> {
        match self.get(k) {
            None => Some(None),
            Some(Value::Bool(b)) => Some(Some(*b)),
            Some(_) => self.wrong(k, "true or false"),
        }
    }

    fn job(&mut self) -> Option<u32> {
        let j = self.int("job")?;
        if !(1..=crate::model::MAX_JOB_ID as i64).contains(&j) {
            return self.wrong("job", &format!("a job number from 1 to {}", crate::model::MAX_JOB_ID));
        }
        Some(j as u32)
    }

    fn kind(&mut self) -> Option<TaskType> {
        match self.string("type")?.as_str() {
            "map" => Some(TaskType::Map),
            "reduce" => Some(TaskType::Reduce),
            _ => self.wrong("type", "\"map\" or \"reduce\""),
        }
    }

    fn state(&mut self) -> Option<RunState> {
        let s = self.string("state")?;
        match RunState::parse(&s) {
            Some(st) => Some(st),
            None => self.wrong("state", "PREP, RUNNING, SUCCEEDED, FAILED or KILLED"),
        }
    }

    fn strings(&mut self, k: &str) -> Option<Vec<String>> {
        let list = match self.get(k) {
            Some(Value::Array(list)) => list,
            Some(_) => return self.wrong(k, "a list of strings"),
            None => return self.need(k, Some(None)),
        };
        let mut out = Vec::new();
        for (i, x) in list.iter().enumerate() {
            match x.as_str() {
                Some(s) => out.push(s.to_string()),
                None => self.errs.expected(&index(&child(self.path, k), i), x, "a string"),
            }
        }
        (out.len() == list.len()).then_some(out)
    }

    fn ids(&mut self, k: &str) -> Option<Vec<u32>> {
        let list = match self.get(k) {
            Some(Value::Array(list)) => list,
            Some(_) => return self.wrong(k, "a list of job ids"),
            None => return self.need(k, Some(None)),
        };
        let mut out = Vec::new();
        for (i, x) in list.iter().enumerate() {
            match x.as_u64().filter(|j| (1..=crate::model::MAX_JOB_ID).contains(j)) {
                Some(j) => out.push(j as u32),
                None => self.errs.expected(
                    &index(&child(self.path, k), i),
                    x,
                    &format!("a job number from 1 to {}", crate::model::MAX_JOB_ID),
                ),
            }
        }
        (out.len() == list.len()).then_some(out)
    }

    /// Hadoop properties to set: name → value as `Configuration` holds it (`null` removes one).
    fn props(&mut self, k: &str) -> Option<Vec<(String, Option<String>)>> {
        match self.get(k) {
            None => Some(Vec::new()),
            Some(Value::Object(set)) => Some(
                set.iter()
                    .map(|(k, v)| match v {
                        Value::Null => (k.clone(), None),
                        v => (k.clone(), Some(v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string()))),
                    })
                    .collect(),
            ),
            Some(_) => self.wrong(k, "an object of Hadoop properties"),
        }
    }
}
