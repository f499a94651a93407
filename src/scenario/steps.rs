//! Scripted steps: heartbeats with expected assignments, clock moves, task completions,
//! job changes and checks (`docs/scenario-format.md`, "steps").

use super::{JobSpec, MAX_SCRIPTED_STEPS, Scenario, TrackerSpec, read_job};
use crate::input::json::{Errs, Obj, as_array, as_str, child, found, index, need};
use crate::model::{AttemptId, JobPriority, Locality, Millis, RunState, TaskType};
use crate::sched::capacity::settings::CapacityScenario;
use serde_json::Value;

mod attempts;
pub mod capacity;
mod checks;
pub mod fair;
mod harness;
pub mod spark;
mod validate;
use attempts::read_attempt;
pub use attempts::{parse_hadoop_name, parse_short};
pub use checks::{ExpectTask, JobChecks};
pub use validate::validate_steps;

/// An attempt named in a step.
pub type AttemptRef = AttemptId;

#[derive(Debug, Clone, PartialEq)]
pub enum StepKind {
    Heartbeat {
        tracker: String,
        expect: Option<Vec<ExpectTask>>,
        expect_count: Option<u32>,
        note: Option<String>,
    },
    Advance {
        ms: Millis,
    },
    Submit {
        job: Box<JobSpec>,
    },
    Finish {
        attempt: AttemptRef,
    },
    Fail {
        attempt: AttemptRef,
    },
    KillTask {
        attempt: AttemptRef,
    },
    SetPriority {
        job: u32,
        priority: JobPriority,
    },
    SetStartTime {
        job: u32,
        time: Option<Millis>,
        relative_to: Option<u32>,
        offset: Millis,
    },
    SetState {
        job: u32,
        state: RunState,
    },
    KillJob {
        job: u32,
    },
    Init {
        job: u32,
    },
    Progress {
        attempt: AttemptRef,
        value: f32,
    },
    ExpectQueue {
        order: Vec<u32>,
    },
    ExpectJob {
        job: u32,
        checks: JobChecks,
    },
    ExpectHeartbeatInterval {
        ms: Millis,
    },
    ExpectMatchingLevel {
        a: String,
        b: String,
        max_level: u32,
        level: u32,
    },
    Run {
        until_ms: Millis,
    },
    /// A tracker joins now (`JobTracker.addNewTracker`), or joins again after it was lost.
    AddTracker {
        tracker: Box<TrackerSpec>,
    },
    /// The JobTracker declares the tracker lost now (`lostTaskTracker`), as the expiry thread
    /// does once it has been silent longer than the expiry interval.
    LoseTracker {
        tracker: String,
    },
    /// One pass of the `ExpireTrackers` thread: trackers silent longer than
    /// `mapred.tasktracker.expiry.interval` are lost.
    ExpireTrackers,
    /// The cluster's size as the JobTracker counts it.
    ExpectCluster {
        trackers: Option<u32>,
        map_slots: Option<u32>,
        reduce_slots: Option<u32>,
    },
    /// A Capacity Scheduler step, run by `sim::scripted::capacity`.
    Capacity(Box<capacity::CapacityStep>),
    /// A Spark step (`"scheduler": "spark"`), run by `sim::scripted::spark`.
    Spark(Box<spark::SparkStep>),
    /// A Fair Scheduler step, run by `sim::scripted::fair`.
    Fair(Box<fair::FairStep>),
}

#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// JSON path of the step, for messages.
    pub path: String,
    pub kind: StepKind,
    pub note: Option<String>,
}

const OPS: &[&str] = &[
    "heartbeat",
    "advance",
    "submit",
    "finish",
    "fail",
    "kill_task",
    "set_priority",
    "set_start_time",
    "set_state",
    "kill_job",
    "init",
    "progress",
    "expect_queue",
    "expect_job",
    "expect_heartbeat_interval",
    "expect_matching_level",
    "run",
    "add_tracker",
    "lose_tracker",
    "expire_trackers",
    "expect_cluster",
];

/// What steps are read against: the configuration (a new tracker's default slots) and the
/// topology (its rack).
pub struct Ctx<'a> {
    pub config: &'a super::props::Config,
    /// Each host's rack per `topology`.
    pub rack_of: &'a std::collections::HashMap<&'a str, &'a str>,
    /// A Spark scenario: only Spark's steps and `advance`.
    pub spark: bool,
}

/// Read the steps. A capacity scenario's (`cap`: its settings) may take the forms of Hadoop's
/// test harness (`steps/harness.rs`).
pub fn read_steps(
    v: &Value,
    path: &str,
    ctx: &Ctx,
    mut cap: Option<&mut CapacityScenario>,
    errs: &mut Errs,
) -> Vec<Step> {
    let Some(list) = as_array(v, path, MAX_SCRIPTED_STEPS, errs) else { return Vec::new() };
    list.iter().enumerate().filter_map(|(i, s)| read_step(s, &index(path, i), ctx, cap.as_deref_mut(), errs)).collect()
}

fn read_step(v: &Value, path: &str, ctx: &Ctx, cap: Option<&mut CapacityScenario>, errs: &mut Errs) -> Option<Step> {
    let mut o = Obj::new(v, path, errs)?;
    // `{"op": "heartbeat", "tracker": "tt1"}` or the shorthand `{"heartbeat": "tt1"}`.
    let (op, short): (String, Option<&Value>) = match o.get("op") {
        Some(Value::String(s)) => (s.clone(), None),
        Some(other) => {
            errs.expected(&o.path_of("op"), other, &format!("one of {}", OPS.join(", ")));
            return None;
        }
        None => {
            let short_ops = ["heartbeat", "advance", "finish", "fail", "kill_task", "submit"];
            match short_ops.iter().find(|k| o.has(k)) {
                Some(k) => (k.to_string(), o.get(k)),
                None => {
                    errs.push(
                        path,
                        format!("found a step without \"op\", expected {{\"op\": one of {}}}", OPS.join(", ")),
                    );
                    return None;
                }
            }
        }
    };
    let note = o.str("note", errs).map(str::to_string);
    // The harness's forms are written with `op`.
    let mut harness = harness::of(cap.filter(|_| short.is_none()), &op);
    // In a Spark scenario Spark's ops take their names; elsewhere a name another scheduler
    // also uses (Capacity's `finish_task`) is that scheduler's.
    let is_spark_op = spark::OPS.contains(&op.as_str()) && (ctx.spark || !is_scheduler_op(&op));
    if ctx.spark && !is_spark_op && op != "advance" {
        errs.push(
            &o.path_of("op"),
            format!("found {op:?}; a Spark scenario takes advance and the Spark steps: {}", spark::OPS.join(", ")),
        );
        return None;
    }
    if is_spark_op {
        if !ctx.spark {
            errs.push(&o.path_of("op"), format!("{op:?} is a Spark step; expected \"scheduler\": \"spark\""));
            return None;
        }
        let kind = StepKind::Spark(Box::new(spark::read(&op, &mut o, errs)?));
        o.finish(errs);
        return Some(Step { path: path.to_string(), kind, note });
    }
    let attempt_of = |o: &mut Obj, errs: &mut Errs| -> Option<(AttemptRef, Option<Locality>)> {
        let p = o.path_of("attempt");
        let v = short.or_else(|| o.get("attempt"));
        match v {
            Some(v) => read_attempt(v, if short.is_some() { &o.path } else { &p }, errs),
            None => {
                errs.push(&p, "missing; expected an attempt like \"J1 m0#0\"");
                None
            }
        }
    };
    let kind = match op.as_str() {
        "heartbeat" => {
            let tracker = match short {
                Some(t) => as_str(t, &o.path_of("heartbeat"), errs).map(str::to_string),
                None => {
                    let t = o.str("tracker", errs).map(str::to_string);
                    need(t, &o, "tracker", "the tracker's name", errs)
                }
            };
            let any_order = harness.is_some() && harness::heartbeat(&mut o);
            let expect = checks::read_expected(&mut o, any_order, errs);
            let expect_count = o.u64_in("expect_count", 0, 100_000, errs).map(|x| x as u32);
            StepKind::Heartbeat { tracker: tracker?, expect, expect_count, note: note.clone() }
        }
        "advance" => {
            let ms = match short {
                Some(v) => crate::input::json::as_i64_in(v, &o.path_of("advance"), 0, 1 << 45, errs),
                None => {
                    let m = o.i64_in("ms", 0, 1 << 45, errs);
                    need(m, &o, "ms", "milliseconds to advance", errs)
                }
            };
            StepKind::Advance { ms: ms? }
        }
        "submit" => {
            let (init, rejected) = match harness.as_deref_mut() {
                Some(_) => harness::submit(&mut o),
                None => (false, false),
            };
            if let (Some(c), true) = (harness.as_deref_mut(), rejected) {
                let kind = StepKind::Capacity(Box::new(harness::rejected(v, path, c, init, errs)?));
                return Some(Step { path: path.to_string(), kind, note });
            }
            let jp = o.path_of(if short.is_some() { "submit" } else { "job" });
            let jv = short.or_else(|| o.get("job"));
            let Some(jv) = jv else {
                errs.push(&jp, "missing; expected a job object");
                return None;
            };
            StepKind::Submit { job: Box::new(read_job(jv, &jp, 0, harness.map(|c| (c, init)), errs)?) }
        }
        // The harness's `finish` names a Hadoop attempt (`task`): Capacity's `finish_task`.
        "finish" if harness.is_some() && o.has("task") => {
            let kind = StepKind::Capacity(Box::new(capacity::read("finish_task", v, path, errs)?));
            return Some(Step { path: path.to_string(), kind, note });
        }
        "finish" => StepKind::Finish { attempt: attempt_of(&mut o, errs)?.0 },
        "fail" => StepKind::Fail { attempt: attempt_of(&mut o, errs)?.0 },
        "kill_task" => StepKind::KillTask { attempt: attempt_of(&mut o, errs)?.0 },
        "progress" => {
            let a = attempt_of(&mut o, errs);
            let v = o.f64_in("value", 0.0, 1.0, errs);
            let v = need(v, &o, "value", "a progress from 0 to 1", errs);
            StepKind::Progress { attempt: a?.0, value: v? as f32 }
        }
        "set_priority" => {
            let job = job_of(&mut o, errs);
            let p = match o.get("priority") {
                Some(p) => p.as_str().and_then(JobPriority::parse).or_else(|| {
                    errs.expected(&o.path_of("priority"), p, "one of VERY_HIGH, HIGH, NORMAL, LOW, VERY_LOW");
                    None
                }),
                None => {
                    errs.push(&o.path_of("priority"), "missing; expected a priority");
                    None
                }
            };
            StepKind::SetPriority { job: job?, priority: p? }
        }
        "set_start_time" => {
            let job = job_of(&mut o, errs);
            let time = o.i64_in("time", -(1 << 50), 1 << 50, errs);
            let rel = o.u64_in("relative_to", 1, super::MAX_JOB_ID, errs).map(|x| x as u32);
            let offset_key = if harness.is_some() { harness::offset_key(&mut o) } else { "offset" };
            let offset = o.i64_in(offset_key, -(1 << 50), 1 << 50, errs).unwrap_or(0);
            if time.is_none() && rel.is_none() {
                errs.push(path, "expected \"time\" or \"relative_to\" (+ \"offset\")");
                return None;
            }
            StepKind::SetStartTime { job: job?, time, relative_to: rel, offset }
        }
        "set_state" => {
            let job = job_of(&mut o, errs);
            let st = state_of(&mut o, "state", errs);
            StepKind::SetState { job: job?, state: need(st, &o, "state", "a run state", errs)? }
        }
        "kill_job" => StepKind::KillJob { job: job_of(&mut o, errs)? },
        "init" => StepKind::Init { job: job_of(&mut o, errs)? },
        "run" => {
            let u = o.i64_in("until_ms", 0, super::MAX_TIME_MS, errs);
            StepKind::Run { until_ms: need(u, &o, "until_ms", "the time to run until", errs)? }
        }
        "add_tracker" => {
            let tp = o.path_of("tracker");
            let Some(tv) = o.get("tracker") else {
                errs.push(&tp, "missing; expected a tracker object like {\"name\": \"tt3\"}");
                return None;
            };
            let t = super::readers::read_tracker(tv, &tp, ctx.config, ctx.rack_of, errs)?;
            for (key, v) in [("join_ms", t.join_ms), ("silent_ms", t.silent_ms)] {
                if v.is_some() {
                    errs.push(&child(&tp, key), "automatic mode only; a step adds the tracker when it runs");
                }
            }
            StepKind::AddTracker { tracker: Box::new(t) }
        }
        "lose_tracker" => {
            let t = o.str("tracker", errs).map(str::to_string);
            StepKind::LoseTracker { tracker: need(t, &o, "tracker", "the tracker's name", errs)? }
        }
        "expire_trackers" => StepKind::ExpireTrackers,
        op if checks::OPS.contains(&op) => checks::read(op, &mut o, errs)?,
        op if fair::OPS.contains(&op) => StepKind::Fair(Box::new(fair::read(op, &mut o, errs)?)),
        // A Capacity step is read from the whole step object (its own field list).
        op if capacity::is_op(op) => {
            let kind = StepKind::Capacity(Box::new(capacity::read(op, v, path, errs)?));
            return Some(Step { path: path.to_string(), kind, note });
        }
        other => {
            let hint = match crate::input::json::suggest(
                other,
                OPS.iter().copied().chain(capacity::ops()).chain(fair::OPS.iter().copied()),
            ) {
                Some(s) => format!("; did you mean {s:?}?"),
                None => String::new(),
            };
            errs.push(
                &o.path_of("op"),
                format!("found {}, expected one of {}{hint}", found(&Value::String(other.into())), OPS.join(", ")),
            );
            return None;
        }
    };
    o.finish(errs);
    Some(Step { path: path.to_string(), kind, note })
}

/// A step only the Capacity or the Fair Scheduler runs.
fn is_scheduler_op(op: &str) -> bool {
    capacity::is_op(op) || fair::OPS.contains(&op)
}

pub(super) fn job_of(o: &mut Obj, errs: &mut Errs) -> Option<u32> {
    let j = o.u64_in("job", 1, super::MAX_JOB_ID, errs).map(|x| x as u32);
    need(j, o, "job", "a job number", errs)
}

pub(super) fn state_of(o: &mut Obj, key: &'static str, errs: &mut Errs) -> Option<RunState> {
    let p = o.path_of(key);
    let v = o.get(key)?;
    v.as_str().and_then(RunState::parse).or_else(|| {
        errs.expected(&p, v, "one of PREP, RUNNING, SUCCEEDED, FAILED, KILLED");
        None
    })
}
