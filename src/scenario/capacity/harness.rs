//! Hadoop's test-harness shape of jobs (`TestCapacityScheduler`'s fake jobs, `FakeJobInProgress`,
//! `src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`;
//! `docs/scenario-format.md`, "Capacity steps"): job fields such as `map_mem_mb`,
//! `split_hosts`, `fails_init`, read in place beside the generic job fields (`read_job`). The
//! capacity-only settings go to [`CapacityScenario`]; what they say about the generic job
//! (its maps, state, speculation, slow start) is returned as a [`HarnessJob`].

use crate::input::json::{Errs, Obj, found};
use crate::sched::capacity::settings::{CapacityScenario, JobExtra, child};
use serde_json::Value;

/// Where a harness job's maps have their input (`split_hosts`).
pub enum Split<'a> {
    /// One host list for every map: `maps` (a count) maps on these hosts.
    Hosts { count: u64, hosts: &'a Value },
    /// One host list per map.
    PerMap(&'a Value),
}

/// What a harness job's own fields say about its generic fields.
#[derive(Default)]
pub struct HarnessJob<'a> {
    /// `"queue": null`: the default queue.
    pub null_queue: bool,
    pub split: Option<Split<'a>>,
    /// The job's run state, and where it was given: `RUNNING` for a submit with `init`, or
    /// `initial_state` when it is neither PREP nor RUNNING.
    pub state: Option<(&'a str, &'static str)>,
    /// Speculation the harness decides (the fake job's flags), over `speculative_*`.
    pub speculative_maps: Option<bool>,
    pub speculative_reduces: Option<bool>,
    /// The harness's slow start when the job gives none: reduces may start at once.
    pub slowstart: Option<f32>,
}

/// The fields read here (besides the generic job fields).
pub const FIELDS: &[&str] = &[
    "map_mem_mb",
    "mapred.job.map.memory.mb",
    "reduce_mem_mb",
    "mapred.job.reduce.memory.mb",
    "mapred.task.maxvmem",
    "reduce_slowstart_maps",
    "locality_wait_factor",
    "mapreduce.job.locality.wait.factor",
    "fails_init",
    "map_speculative",
    "reduce_speculative",
    "split_hosts",
    "initial_state",
];

/// Read a capacity job's harness fields from `o` (marking them known), recording its
/// capacity-only settings in `out` (by its `id`). `init`: a submit step with `init`.
pub fn read_job<'a>(
    o: &mut Obj<'a>,
    harness: bool,
    init: bool,
    out: &mut CapacityScenario,
    errs: &mut Errs,
) -> HarnessJob<'a> {
    let path = o.path.clone();
    let mut x = JobExtra::default();
    let mut h = HarnessJob::default();
    let num = |o: &mut Obj<'a>, keys: &[&'static str], errs: &mut Errs| -> Option<f64> {
        let mut r = None;
        for k in keys {
            if let Some(val) = o.allow(k) {
                match val.as_f64() {
                    Some(f) => r = Some(f),
                    None => errs.expected(&child(&path, k), val, "a number"),
                }
            }
        }
        r
    };
    if let Some(f) = num(o, &["map_mem_mb", "mapred.job.map.memory.mb"], errs) {
        x.map_mb = if f < 0.0 { -1 } else { f as i64 };
    }
    if let Some(f) = num(o, &["reduce_mem_mb", "mapred.job.reduce.memory.mb"], errs) {
        x.reduce_mb = if f < 0.0 { -1 } else { f as i64 };
    }
    if let Some(f) = num(o, &["mapred.task.maxvmem"], errs) {
        let mb = if f < 0.0 { -1 } else { f as i64 / (1024 * 1024) };
        x.map_mb = mb;
        x.reduce_mb = mb;
    }
    x.slowstart_maps = num(o, &["reduce_slowstart_maps"], errs).map(|f| f.max(0.0) as u32);
    x.locality_wait_factor =
        num(o, &["locality_wait_factor", "mapreduce.job.locality.wait.factor"], errs).map(|f| f as f32);
    let path = o.path.clone();
    let flag = |o: &mut Obj<'a>, k: &'static str, errs: &mut Errs| -> Option<bool> {
        let val = o.allow(k)?;
        match val.as_bool() {
            Some(b) => Some(b),
            None => {
                errs.expected(&child(&path, k), val, "true or false");
                None
            }
        }
    };
    x.fails_init = flag(o, "fails_init", errs).unwrap_or(false);
    let spec_m = flag(o, "map_speculative", errs);
    let spec_r = flag(o, "reduce_speculative", errs);
    h.null_queue = o.map.get("queue").is_some_and(Value::is_null);
    let split = o.allow("split_hosts");
    let counted = o.map.get("maps").map(|v| v.is_number()).unwrap_or(true);
    if let Some(s) = split {
        match s {
            Value::Array(a) if a.iter().all(Value::is_string) => {
                let count = o.map.get("maps").and_then(Value::as_u64).unwrap_or(0);
                h.split = Some(Split::Hosts { count, hosts: s });
            }
            Value::Array(a) if a.iter().all(Value::is_array) => h.split = Some(Split::PerMap(s)),
            other => errs.push(
                &child(&path, "split_hosts"),
                format!("found {}, expected a list of hosts or a list of host lists (one per map)", found(other)),
            ),
        }
    }
    let initial = o.allow("initial_state");
    x.harness_local = harness && split.is_none() && counted;
    if harness {
        x.spec_maps = spec_m.unwrap_or(false);
        x.spec_reduces = spec_r.unwrap_or(false);
        if !x.harness_local {
            h.speculative_maps = Some(x.spec_maps);
            h.speculative_reduces = Some(x.spec_reduces);
        }
        if !o.has("slowstart") {
            h.slowstart = Some(0.0);
        }
    } else {
        h.speculative_maps = spec_m;
        h.speculative_reduces = spec_r;
    }
    if init {
        h.state = Some(("RUNNING", "state"));
    } else if let Some(Value::String(s)) = initial {
        if s != "PREP" && s != "RUNNING" {
            h.state = Some((s.as_str(), "initial_state"));
        }
    }
    let id = o.map.get("id").and_then(Value::as_u64).unwrap_or(0) as u32;
    if id > 0 {
        out.jobs.insert(id, x);
    }
    h
}

/// The number of maps `split_hosts` gives a harness job (for a rejected submit, whose job is
/// not read further): `maps` maps on one host list, or one map per host list. `None` without
/// a readable `split_hosts`.
pub fn split_maps(job: &Value) -> Option<i64> {
    match job.get("split_hosts") {
        Some(Value::Array(a)) if a.iter().all(Value::is_string) => {
            Some(job.get("maps").and_then(Value::as_u64).unwrap_or(0) as i64)
        }
        Some(Value::Array(a)) if a.iter().all(Value::is_array) => Some(a.len() as i64),
        _ => None,
    }
}
