//! A capacity scenario read in place (`docs/scenario-format.md`, "Capacity Scheduler"), as the
//! Fair section is: the scheduler's settings out of `config` into a [`CapacityScenario`]
//! (`sched::capacity::settings::read_config`; the generic reader skips those keys), and the job
//! fields and step forms of `TestCapacityScheduler`'s harness read beside the generic ones
//! (`capacity/harness.rs` for jobs, `steps` for the step forms), so Hadoop's tests can be
//! encoded as they are written.

use crate::input::json::Errs;
use crate::sched::capacity::queue_list::queue_names;
use crate::sched::capacity::settings::{CapacityScenario, ClusterCapacityRule, ConfigRead, read_config};
use serde_json::Value;

pub mod harness;

/// Read the capacity settings of a capacity scenario's `config` (if given; the generic reader
/// reads the rest, skipping `is_config_key`). `top_trackers`: the scenario lists `$.trackers`
/// too. Also the trackers the harness lists inside `config`, if any; `settle` follows once the
/// default slots per tracker are known.
pub fn read_settings<'a>(
    config: Option<&'a Value>,
    top_trackers: bool,
    errs: &mut Errs,
) -> (CapacityScenario, ConfigRead<'a>) {
    let mut out = CapacityScenario::default();
    let read = match config {
        Some(Value::Object(m)) => read_config(m, top_trackers, &mut out, errs),
        _ => ConfigRead { harness_given: false, trackers: None },
    };
    (out, read)
}

/// The settings that follow from the others: the default slots per tracker (the generic
/// `map_slots` / `reduce_slots`), `harness` by default, and the initial queue order checked.
pub fn settle(out: &mut CapacityScenario, read: &ConfigRead, slots: (u32, u32), errs: &mut Errs) {
    (out.default_map_slots, out.default_reduce_slots) = slots;
    if !read.harness_given {
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
}

/// Once the steps are read (one may expect the start to fail): the scheduler starts with
/// these settings.
pub fn check_start(out: &CapacityScenario, errs: &mut Errs) {
    if !out.expects_start_error && !out.too_many_queues {
        if let Err(e) = crate::sched::capacity::conf::start(&out.props) {
            let why = match out.unreadable.is_empty() {
                true => String::new(),
                false => format!(" ({})", out.unreadable.join("; ")),
            };
            errs.push("$.config", format!("CapacityTaskScheduler could not start: {e}{why}"));
        }
    }
}

/// The settings of a capacity `config` alone (no jobs or steps; `slots`: the default map and
/// reduce slots per tracker), checked as a scenario's are.
pub fn settings_of(config: &Value, slots: (u32, u32), errs: &mut Errs) -> CapacityScenario {
    let (mut out, read) = read_settings(Some(config), false, errs);
    settle(&mut out, &read, slots, errs);
    check_start(&out, errs);
    out
}
