//! The step forms of `TestCapacityScheduler`'s harness in a capacity scenario
//! (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`;
//! `docs/scenario-format.md`, "Capacity steps"), read in place beside the generic step fields
//! by `read_step`: a heartbeat's `asserted` / `asserted_only_count` (the test's own
//! assertions, not checked again) and `any_order` (maps expected before reduces, each in any
//! order); `finish` with a Hadoop attempt name (`task`: Capacity's `finish_task`);
//! `set_start_time` with `delta` (the offset); `submit` with `init` (the job starts
//! initialised) or `expect_reject` (the listener refuses it: `submit_rejected`, with the
//! message when it is one); `expect_start_error` (the scheduler must fail to start, so the
//! scenario's own start check stands back).

use super::capacity::{self, CapacityStep};
use crate::input::json::{Errs, Obj};
use crate::scenario::capacity::harness;
use crate::sched::capacity::settings::CapacityScenario;
use serde_json::Value;

/// The capacity settings a step written with `op` may add to (its harness forms); an
/// `expect_start_error` step says the scheduler must fail to start.
pub fn of<'a>(cap: Option<&'a mut CapacityScenario>, op: &str) -> Option<&'a mut CapacityScenario> {
    cap.map(|c| {
        c.expects_start_error |= op == "expect_start_error";
        c
    })
}

/// `set_start_time`'s offset key: the harness names it `delta` (`offset` is then not read).
pub fn offset_key(o: &mut Obj) -> &'static str {
    match o.has("delta") {
        true => {
            o.allow("offset");
            "delta"
        }
        false => "offset",
    }
}

/// A heartbeat's harness fields, marked known: whether its expected tasks are in any order.
pub fn heartbeat(o: &mut Obj) -> bool {
    o.allow("asserted");
    o.allow("asserted_only_count");
    o.allow("any_order").and_then(Value::as_bool) == Some(true)
}

/// The order to read a heartbeat's `expect` in when it is in any order: the maps (a Hadoop
/// attempt name with `_m_`, or ` m`), then the rest, each in the order given.
pub fn maps_first(list: &[Value]) -> Vec<usize> {
    let is_map = |v: &Value| v.as_str().is_some_and(|s| s.contains("_m_") || s.contains(" m"));
    let mut order: Vec<usize> = (0..list.len()).collect();
    crate::sort::sort_by_key(&mut order, |&i| !is_map(&list[i]));
    order
}

/// A submit's harness fields, marked known: whether it initialises the job, and whether the
/// job is expected to be refused.
pub fn submit(o: &mut Obj) -> (bool, bool) {
    let init = o.allow("init").and_then(Value::as_bool).unwrap_or(false);
    let rejected = !matches!(o.allow("expect_reject"), None | Some(Value::Bool(false)) | Some(Value::Null));
    (init, rejected)
}

/// A submit the listener is expected to refuse: its job's harness settings recorded, the step
/// read as `submit_rejected`.
pub fn rejected(
    step: &Value,
    path: &str,
    cap: &mut CapacityScenario,
    init: bool,
    errs: &mut Errs,
) -> Option<CapacityStep> {
    if let Some(job @ Value::Object(_)) = step.get("job") {
        if let Some(mut o) = Obj::new(job, &crate::input::json::child(path, "job"), errs) {
            harness::read_job(&mut o, cap.harness, init, cap, errs);
        }
    }
    capacity::read_harness_submit(step, path, errs)
}
