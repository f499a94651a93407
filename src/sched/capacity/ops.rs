//! The capacity ops a scenario may use, with the fields each accepts, and their parse-time
//! check (called from `crate::sched::validate_step`).

use crate::input::json::Obj;
use serde_json::Value;

/// Every op with the fields it accepts (besides `op` and `note`).
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

pub const OPS: &[&str] = &[
    "init_direct",
    "finish_task",
    "complete_job",
    "poll",
    "promote",
    "refresh",
    "refresh_queues",
    "submit_rejected",
    "expect_used",
    "expect_capacity",
    "expect_info",
    "expect_info_lines",
    "expect_sched_info",
    "expect_mem",
    "expect_queue_order",
    "expect_job_order",
    "expect_count",
    "expect_in_list",
    "expect_initialized",
    "expect_initialized_count",
    "expect_initialized_contains",
    "expect_initialized_excludes",
    "expect_reserved",
    "expect_reserved_count",
    "expect_get_jobs",
    "expect_pending",
    "expect_start_error",
    "expect_config",
    "expect_job_state",
    "expect_job_state_not",
];

/// Parse-time check of a capacity op: known fields only, required fields present.
pub fn validate(op: &str, step: &Value, path: &str) -> Result<(), Vec<(String, String)>> {
    let mut errs = crate::input::json::Errs::default();
    let fields = OPS_FIELDS.iter().find(|(o, _)| *o == op).map(|(_, f)| *f).unwrap_or(&[]);
    if let Some(mut o) = Obj::new(step, path, &mut errs) {
        o.get("op");
        o.get("note");
        for f in fields {
            o.allow(f);
        }
        o.finish(&mut errs);
    }
    let required: &[&str] = match op {
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
    };
    for r in required {
        if step.get(r).is_none() {
            errs.push(&crate::input::json::child(path, r), format!("missing; the {op} step needs it"));
        }
    }
    if errs.0.is_empty() { Ok(()) } else { Err(errs.0.into_iter().map(|e| (e.path, e.message)).collect()) }
}
