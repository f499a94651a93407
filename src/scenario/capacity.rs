//! A capacity scenario read (`docs/scenario-format.md`, "Capacity Scheduler"): the scheduler's
//! settings out of `config` (`sched::capacity::settings::read_config`), and the job fields and
//! step forms of `TestCapacityScheduler`'s harness (`capacity/harness.rs`) turned into the
//! generic scenario format, so Hadoop's tests can be encoded as they are written. The result is
//! the generic document plus a [`CapacityScenario`].

use crate::input::json::Errs;
use crate::sched::capacity::queue_list::queue_names;
use crate::sched::capacity::settings::{CapacityScenario, ClusterCapacityRule, read_config};
use serde_json::Value;

mod harness;

/// If `v` is a capacity scenario, its generic form and the capacity settings.
pub fn normalise(v: &Value, errs: &mut Errs) -> Option<(Value, CapacityScenario)> {
    let Value::Object(top) = v else { return None };
    if top.get("scheduler").and_then(Value::as_str) != Some("capacity") {
        return None;
    }
    let mut top = top.clone();
    let mut out = CapacityScenario::default();
    let mut harness_given = false;
    if let Some(Value::Object(cfg)) = top.get("config").cloned() {
        let mut cfg = cfg;
        harness_given = read_config(&mut cfg, &mut out, &mut top, errs);
        top.insert("config".into(), Value::Object(cfg));
    } else {
        out.default_map_slots = 2;
        out.default_reduce_slots = 2;
    }
    if !harness_given {
        out.harness = out.cluster_capacity == ClusterCapacityRule::TrackersTimesDefault;
    }
    if let Some(o) = out.initial_queue_order.as_ref().filter(|_| !out.too_many_queues) {
        let names = queue_names(&out.props);
        let mut a = o.clone();
        let mut b = names.clone();
        crate::sort::sort(&mut a);
        crate::sort::sort(&mut b);
        if a != b {
            errs.push(
                "$.config.initial_queue_order",
                format!("found {o:?}, expected an order of exactly the configured queues {names:?}"),
            );
        }
    }
    let harness = out.harness;
    if let Some(Value::Array(jobs)) = top.get("jobs").cloned() {
        let list: Vec<Value> = jobs
            .iter()
            .enumerate()
            .map(|(i, j)| harness::normalise_job(j, &format!("$.jobs[{i}]"), harness, false, &mut out, errs))
            .collect();
        top.insert("jobs".into(), Value::Array(list));
    }
    if let Some(Value::Array(steps)) = top.get("steps").cloned() {
        let list: Vec<Value> = steps
            .iter()
            .enumerate()
            .map(|(i, s)| harness::normalise_step(s, &format!("$.steps[{i}]"), harness, &mut out, errs))
            .collect();
        top.insert("steps".into(), Value::Array(list));
    }
    if !out.expects_start_error && !out.too_many_queues {
        if let Err(e) = crate::sched::capacity::conf::start(&out.props) {
            let why = match out.unreadable.is_empty() {
                true => String::new(),
                false => format!(" ({})", out.unreadable.join("; ")),
            };
            errs.push("$.config", format!("CapacityTaskScheduler could not start: {e}{why}"));
        }
    }
    Some((Value::Object(top), out))
}
