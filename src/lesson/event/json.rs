//! Reading lesson events from JSON, strictly: every field name checked, every problem reported
//! with its JSON path (the reader of `input::json`).

use super::Event;
use crate::input::json::{Errs, Obj, as_array, as_str, index};
use crate::lesson::runs::RunsRef;
use crate::lesson::runs::figure;
use serde_json::Value;

pub const EVENTS: &[&str] = &[
    "tracker",
    "reported",
    "free_slots",
    "next_interval",
    "assigned",
    "allowed_level",
    "skipped",
    "preempted",
    "order",
    "pool_share",
    "fair_stop",
    "fifo_map_stop",
    "fifo_reduce_stop",
    "fifo_try",
    "load_cap",
    "verdict",
    "at_max_capacity",
    "reserved",
    "reservation_honoured",
    "capacity_stop",
    "job_state",
    "spark_level",
    "spark_launch",
    "spark_reset",
    "running",
    "figure",
    "not",
    "all",
    "any",
];

const SPARK_LEVELS: &[&str] = &["PROCESS_LOCAL", "NODE_LOCAL", "NO_PREF", "RACK_LOCAL", "ANY"];

fn one_of(o: &mut Obj, key: &'static str, allowed: &[&str], errs: &mut Errs) -> Option<String> {
    let path = o.path_of(key);
    let v = o.str(key, errs)?;
    if allowed.contains(&v) {
        Some(v.to_string())
    } else {
        errs.push(&path, format!("found {v:?}, expected one of {}", allowed.join(", ")));
        None
    }
}

fn required<T>(v: Option<T>, o: &Obj, key: &str, errs: &mut Errs) -> Option<T> {
    if v.is_none() && !o.has(key) {
        errs.push(&o.path_of(key), "missing");
    }
    v
}

fn kind(o: &mut Obj, errs: &mut Errs) -> String {
    one_of(o, "type", &["map", "reduce"], errs).unwrap_or_else(|| "map".into())
}

fn job(o: &mut Obj, errs: &mut Errs) -> Option<u32> {
    o.u64_in("job", 1, crate::scenario::MAX_JOB_ID, errs).map(|x| x as u32)
}

/// Read an event; `None` (with errors) when it is unusable. `runs`: the lesson's experiments,
/// which `figure` claims read.
pub fn parse(v: &Value, path: &str, runs: &RunsRef, errs: &mut Errs) -> Option<Event> {
    let mut o = Obj::new(v, path, errs)?;
    let name = match o.str("event", errs) {
        Some(n) => n.to_string(),
        None => {
            if !o.has("event") {
                errs.push(&o.path_of("event"), format!("missing; expected one of {}", EVENTS.join(", ")));
            }
            return None;
        }
    };
    let e = match name.as_str() {
        "tracker" => Event::Tracker { tracker: required(o.str("tracker", errs), &o, "tracker", errs)?.to_string() },
        "reported" => Event::Reported {
            job: job(&mut o, errs),
            kind: one_of(&mut o, "type", &["map", "reduce"], errs),
            index: o.u64_in("index", 0, 1_000_000, errs).map(|x| x as u32),
            outcome: one_of(&mut o, "outcome", &["succeeded", "failed", "killed"], errs),
            count: o.u64_in("count", 0, 10_000, errs).map(|x| x as u32),
        },
        "free_slots" => {
            let kind = kind(&mut o, errs);
            let count = required(o.u64_in("count", 0, 10_000, errs), &o, "count", errs)? as u32;
            Event::FreeSlots { kind, count }
        }
        "next_interval" => Event::NextInterval { ms: required(o.i64_in("ms", 0, 1 << 40, errs), &o, "ms", errs)? },
        "assigned" => {
            let job = job(&mut o, errs);
            let kind = one_of(&mut o, "type", &["map", "reduce"], errs);
            let locality = one_of(&mut o, "locality", &["node", "rack", "off-switch"], errs);
            let count = o.u64_in("count", 0, 10_000, errs).map(|x| x as u32);
            let first = o.bool("first", errs).unwrap_or(false);
            if first && job.is_none() {
                errs.push(&o.path_of("first"), "\"first\" needs a \"job\"");
            }
            Event::Assigned { job, kind, locality, count, first }
        }
        "allowed_level" => {
            let j = required(job(&mut o, errs), &o, "job", errs);
            let level = required(one_of(&mut o, "level", &["NODE", "RACK", "ANY"], errs), &o, "level", errs);
            let reason = one_of(&mut o, "reason", &["waited", "starved", "no_locality_info"], errs);
            let waited_ms = o.i64_in("waited_ms", 0, 1 << 50, errs);
            Event::AllowedLevel { job: j?, level: level?, reason, waited_ms }
        }
        "skipped" => Event::Skipped { job: required(job(&mut o, errs), &o, "job", errs)? },
        "preempted" => Event::Preempted {
            job: job(&mut o, errs),
            pool: o.str("pool", errs).map(str::to_string),
            count: o.u64_in("count", 0, 10_000, errs).map(|x| x as u32),
        },
        "order" => {
            let kind = kind(&mut o, errs);
            let p = o.path_of("order");
            let list = required(o.get("order"), &o, "order", errs).and_then(|l| as_array(l, &p, 1000, errs))?;
            let order = list
                .iter()
                .enumerate()
                .filter_map(|(i, x)| as_str(x, &index(&p, i), errs).map(str::to_string))
                .collect();
            Event::Order { kind, order }
        }
        "pool_share" => {
            let pool = required(o.str("pool", errs), &o, "pool", errs).map(str::to_string);
            let kind = kind(&mut o, errs);
            let fair_share = required(o.f64_in("fair_share", 0.0, 1e9, errs), &o, "fair_share", errs);
            let min_share = o.i64_in("min_share", 0, 1 << 40, errs);
            Event::PoolShare { pool: pool?, kind, fair_share: fair_share?, min_share }
        }
        "fair_stop" => {
            let kind = kind(&mut o, errs);
            let allowed = ["max_tasks", "all_running", "load_cap", "no_task"];
            Event::FairStop { kind, stop: required(one_of(&mut o, "stop", &allowed, errs), &o, "stop", errs)? }
        }
        "fifo_try" => Event::FifoTry {
            slot: o.u64_in("slot", 0, 10_000, errs).map(|x| x as u32),
            job: job(&mut o, errs),
            call: one_of(&mut o, "call", &["local", "non_local"], errs),
            found: o.bool("found", errs),
        },
        "fifo_map_stop" => Event::FifoMapStop {
            stop: required(
                one_of(&mut o, "stop", &["no_slots", "filled", "padding", "off_switch", "no_task"], errs),
                &o,
                "stop",
                errs,
            )?,
            job: job(&mut o, errs),
        },
        "fifo_reduce_stop" => Event::FifoReduceStop {
            stop: required(
                one_of(&mut o, "stop", &["no_slots", "assigned", "padding", "no_task"], errs),
                &o,
                "stop",
                errs,
            )?,
        },
        "load_cap" => Event::LoadCap {
            kind: kind(&mut o, errs),
            capacity: o.u64_in("capacity", 0, 10_000, errs).map(|x| x as u32),
            available: o.i64_in("available", -10_000, 10_000, errs),
            remaining: o.u64_in("remaining", 0, u64::MAX, errs),
        },
        "verdict" => {
            let j = required(job(&mut o, errs), &o, "job", errs);
            let allowed = [
                "user_limit",
                "max_capacity",
                "memory",
                "locality_wait",
                "off_switch_used",
                "not_running",
                "no_task",
                "assigned",
            ];
            let verdict = required(one_of(&mut o, "verdict", &allowed, errs), &o, "verdict", errs);
            Event::Verdict { job: j?, verdict: verdict? }
        }
        "at_max_capacity" => {
            let queue = required(o.str("queue", errs), &o, "queue", errs).map(str::to_string);
            let kind = kind(&mut o, errs);
            Event::AtMaxCapacity { queue: queue?, kind }
        }
        "reserved" => Event::Reserved { job: required(job(&mut o, errs), &o, "job", errs)? },
        "reservation_honoured" => Event::ReservationHonoured { job: required(job(&mut o, errs), &o, "job", errs)? },
        "capacity_stop" => {
            let kind = kind(&mut o, errs);
            let allowed = [
                "no_free_slots",
                "filled",
                "no_task",
                "memory_blocked",
                "max_tasks_per_heartbeat",
                "off_switch_limit",
                "one_reduce",
            ];
            Event::CapacityStop { kind, stop: required(one_of(&mut o, "stop", &allowed, errs), &o, "stop", errs)? }
        }
        "spark_level" => {
            let task_set = o.str("task_set", errs).map(str::to_string);
            let level = required(one_of(&mut o, "level", SPARK_LEVELS, errs), &o, "level", errs);
            let timer_ms = o.i64_in("timer_ms", 0, 1 << 50, errs);
            Event::SparkLevel { task_set, level: level?, timer_ms }
        }
        "spark_launch" => Event::SparkLaunch {
            task_set: o.str("task_set", errs).map(str::to_string),
            index: o.u64_in("index", 0, 100_000, errs).map(|x| x as usize),
            executor: o.str("executor", errs).map(str::to_string),
            locality: one_of(&mut o, "locality", SPARK_LEVELS, errs),
            count: o.u64_in("count", 0, 100_000, errs).map(|x| x as u32),
        },
        "spark_reset" => {
            let task_set = o.str("task_set", errs).map(str::to_string);
            let allowed = ["reset", "rejected", "not_since_reject", "no_launch", "legacy"];
            let outcome = required(one_of(&mut o, "outcome", &allowed, errs), &o, "outcome", errs);
            Event::SparkReset { task_set, outcome: outcome? }
        }
        "job_state" => {
            let j = required(job(&mut o, errs), &o, "job", errs);
            let allowed = ["PREP", "RUNNING", "SUCCEEDED", "FAILED", "KILLED", "ABSENT"];
            let state = required(one_of(&mut o, "state", &allowed, errs), &o, "state", errs);
            Event::JobState { job: j?, state: state? }
        }
        "running" => {
            let j = job(&mut o, errs);
            let pool = o.str("pool", errs).map(str::to_string);
            let kind = kind(&mut o, errs);
            let count = required(o.u64_in("count", 0, 1_000_000, errs), &o, "count", errs)? as u32;
            if j.is_some() == pool.is_some() {
                errs.push(&o.path, "expected exactly one of \"job\" and \"pool\"");
            }
            Event::Running { job: j, pool, kind, count }
        }
        "figure" => {
            let mut f = figure::read(&mut o, errs)?;
            f.runs = runs.clone();
            figure::validate(&f, path, errs);
            Event::Figure(f)
        }
        "not" => {
            let p = o.path_of("of");
            let of = required(o.get("of"), &o, "of", errs)?;
            Event::Not { of: Box::new(parse(of, &p, runs, errs)?) }
        }
        "all" | "any" => {
            let p = o.path_of("of");
            let list = required(o.get("of"), &o, "of", errs).and_then(|l| as_array(l, &p, 50, errs))?;
            let of: Vec<Event> =
                list.iter().enumerate().filter_map(|(i, x)| parse(x, &index(&p, i), runs, errs)).collect();
            if name == "all" { Event::All { of } } else { Event::Any { of } }
        }
        other => {
            let hint = match crate::input::json::suggest(other, EVENTS.iter().copied()) {
                Some(s) => format!("; did you mean {s:?}?"),
                None => format!("; expected one of {}", EVENTS.join(", ")),
            };
            errs.push(&o.path_of("event"), format!("unknown event {other:?}{hint}"));
            return None;
        }
    };
    o.finish(errs);
    Some(e)
}
