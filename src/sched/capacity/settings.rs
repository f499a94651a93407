//! What the Capacity Scheduler is started with (`docs/scenario-format.md`, "Capacity
//! Scheduler"): the Hadoop properties `CapacitySchedulerConf` reads (given inside `config` by
//! friendly names, by Hadoop property names, or as an inline `capacity-scheduler.xml`), the
//! test-harness options (`TestCapacityScheduler`'s fake cluster as explicit settings) and the
//! capacity-only settings of each job, read by [`read_config`]. `scenario::capacity` calls it
//! for a capacity scenario.

use super::conf::Props;
use super::queue_list::{MAX_QUEUES, QueueSet, read_queues, too_many};
use super::xml::XmlFile;
use crate::input::json::Errs;
use serde::Serialize;
use serde_json::{Map, Value};
use std::collections::BTreeMap;

/// How the scheduler sees the cluster's slot totals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ClusterCapacityRule {
    /// `ClusterStatus.getMaxMapTasks()` of a real JobTracker: Σ slots of the trackers.
    #[default]
    SumOfTrackerSlots,
    /// Hadoop's test harness: trackers × the default slots per tracker.
    TrackersTimesDefault,
}

/// Capacity-specific settings of one job.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobExtra {
    /// `mapred.job.map.memory.mb` / `mapred.job.reduce.memory.mb`; −1 = unset.
    pub map_mb: i64,
    pub reduce_mb: i64,
    /// Reduces become schedulable after this many finished maps (overrides the fraction).
    pub slowstart_maps: Option<u32>,
    pub locality_wait_factor: Option<f32>,
    pub fails_init: bool,
    /// Harness fake job: every map is local on any tracker; speculation as the fake does it.
    pub harness_local: bool,
    pub spec_maps: bool,
    pub spec_reduces: bool,
}

impl Default for JobExtra {
    fn default() -> Self {
        JobExtra {
            map_mb: -1,
            reduce_mb: -1,
            slowstart_maps: None,
            locality_wait_factor: None,
            fails_init: false,
            harness_local: false,
            spec_maps: false,
            spec_reduces: false,
        }
    }
}

/// Everything the Capacity Scheduler reads from a scenario.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct CapacityScenario {
    /// Hadoop properties (capacity-scheduler.xml, mapred.queue.names, memory settings).
    pub props: Props,
    pub initial_queue_order: Option<Vec<String>>,
    pub harness: bool,
    pub cluster_capacity: ClusterCapacityRule,
    pub default_map_slots: u32,
    pub default_reduce_slots: u32,
    pub jobs: BTreeMap<u32, JobExtra>,
    pub expects_start_error: bool,
    /// More queues than `queue_list::MAX_QUEUES` (refused; the scheduler is not started).
    pub too_many_queues: bool,
    /// Values Hadoop's getters cannot read (they use the default), with where they were given:
    /// appended to a start-up error, which they may explain.
    pub unreadable: Vec<String>,
}

/// Friendly per-queue names → Hadoop's property suffix.
pub const QUEUE_FIELDS: &[(&str, &str)] = &[
    ("capacity", "capacity"),
    ("max_capacity", "maximum-capacity"),
    ("supports_priority", "supports-priority"),
    ("min_user_limit_percent", "minimum-user-limit-percent"),
    ("user_limit_factor", "user-limit-factor"),
    ("max_initialized_active_tasks", "maximum-initialized-active-tasks"),
    ("max_initialized_active_tasks_per_user", "maximum-initialized-active-tasks-per-user"),
    ("init_accept_jobs_factor", "init-accept-jobs-factor"),
];

/// Friendly scheduler-wide names → Hadoop properties.
pub const SCHED_FIELDS: &[(&str, &str)] = &[
    ("queue_names", "mapred.queue.names"),
    ("max_system_jobs", "mapred.capacity-scheduler.maximum-system-jobs"),
    ("init_poll_interval_ms", "mapred.capacity-scheduler.init-poll-interval"),
    ("init_worker_threads", "mapred.capacity-scheduler.init-worker-threads"),
    ("max_tasks_per_heartbeat", "mapred.capacity-scheduler.maximum-tasks-per-heartbeat"),
    ("max_tasks_after_offswitch", "mapred.capacity-scheduler.maximum-tasks-after-offswitch"),
    ("default_supports_priority", "mapred.capacity-scheduler.default-supports-priority"),
    ("default_min_user_limit_percent", "mapred.capacity-scheduler.default-minimum-user-limit-percent"),
    ("default_user_limit_factor", "mapred.capacity-scheduler.default-user-limit-factor"),
    ("default_max_active_tasks_per_queue", "mapred.capacity-scheduler.default-maximum-active-tasks-per-queue"),
    ("default_max_active_tasks_per_user", "mapred.capacity-scheduler.default-maximum-active-tasks-per-user"),
    ("default_init_accept_jobs_factor", "mapred.capacity-scheduler.default-init-accept-jobs-factor"),
];

pub const MEMORY_FIELDS: &[(&str, &str)] = &[
    ("map_slot_mb", "mapred.cluster.map.memory.mb"),
    ("reduce_slot_mb", "mapred.cluster.reduce.memory.mb"),
    ("max_map_mb", "mapred.cluster.max.map.memory.mb"),
    ("max_reduce_mb", "mapred.cluster.max.reduce.memory.mb"),
];

pub const OTHER_HADOOP: &[&str] = &["mapred.task.limit.maxvmem", "mapred.task.default.maxvmem"];

/// Is `k` a Hadoop property the Capacity Scheduler reads (rather than a generic config key)?
pub fn is_capacity_property(k: &str) -> bool {
    k.starts_with("mapred.capacity-scheduler.")
        || k == "mapred.queue.names"
        || MEMORY_FIELDS.iter().any(|(_, h)| *h == k)
        || OTHER_HADOOP.contains(&k)
}

/// A JSON scalar as Hadoop would hold it in its `Configuration`.
pub(super) fn prop_value(v: &Value, path: &str, errs: &mut Errs) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::Bool(b) => Some(b.to_string()),
        Value::String(s) => Some(s.clone()),
        Value::Null => {
            errs.push(path, "found null, expected a value (leave the property out to get its default)");
            None
        }
        other => {
            errs.expected(path, other, "a number, boolean or string property value");
            None
        }
    }
}

pub(crate) fn child(path: &str, key: &str) -> String {
    crate::input::json::child(path, key)
}

pub(super) fn set_unique(
    props: &mut Props,
    from: &mut BTreeMap<String, String>,
    key: &str,
    val: String,
    path: &str,
    errs: &mut Errs,
) {
    if let Some(prev) = from.get(key) {
        errs.push(path, format!("{key} is also given at {prev}; expected it once"));
        return;
    }
    from.insert(key.to_string(), path.to_string());
    props.set(key, &val);
}

/// The keys of `config` that `read_config` reads (the generic reader skips them).
pub fn is_config_key(k: &str) -> bool {
    is_capacity_property(k)
        || SCHED_FIELDS.iter().any(|(f, _)| *f == k)
        || CONFIG_KEYS.contains(&k)
        || DEFAULT_SLOTS.iter().any(|(f, _)| *f == k)
}

/// The other capacity keys of `config`.
const CONFIG_KEYS: &[&str] = &[
    "capacity_scheduler_xml",
    "mapred_site_xml",
    "queues",
    "memory",
    "initial_queue_order",
    "cluster_capacity_rule",
    "harness",
    "trackers",
];

/// The harness's names of the default slots per tracker → the generic `config` property
/// they are (read by the generic reader under that name).
pub const DEFAULT_SLOTS: &[(&str, &str)] =
    &[("default_map_slots", "map_slots"), ("default_reduce_slots", "reduce_slots")];

/// What `read_config` found besides the settings in `out`.
pub struct ConfigRead<'a> {
    /// `harness` was given (otherwise it follows `cluster_capacity_rule`).
    pub harness_given: bool,
    /// The trackers listed in `config` (a harness shape), read as `$.trackers` would be.
    pub trackers: Option<&'a Value>,
}

/// Read the capacity settings of `config` (the object at `$.config`) into `out`, leaving the
/// generic properties to the generic reader (`is_config_key` says which are read here); the
/// default slots per tracker are the generic `map_slots` / `reduce_slots`, set by the caller.
/// `top_trackers`: the scenario lists `$.trackers` too.
pub fn read_config<'a>(
    cfg: &'a Map<String, Value>,
    top_trackers: bool,
    out: &mut CapacityScenario,
    errs: &mut Errs,
) -> ConfigRead<'a> {
    let path = "$.config";
    let mut read = ConfigRead { harness_given: false, trackers: None };
    let mut from: BTreeMap<String, String> = BTreeMap::new();
    // Properties read from XML: (name, the file's JSON path, "line L, column C").
    let mut xml_at: Vec<(String, String, String)> = Vec::new();
    for (key, file) in
        [("capacity_scheduler_xml", XmlFile::CapacityScheduler), ("mapred_site_xml", XmlFile::MapredSite)]
    {
        if let Some(v) = cfg.get(key) {
            let p = child(path, key);
            match v.as_str() {
                Some(x) => {
                    let r = out.props.merge_xml(x, file);
                    r.errors.into_iter().for_each(|e| errs.push(&p, e));
                    r.warnings.into_iter().for_each(|w| errs.warn(&p, w));
                    xml_at.extend(r.properties.into_iter().map(|(n, a)| (n, p.clone(), a)));
                }
                None => errs.expected(&p, v, "the XML file's text"),
            }
        }
    }
    let mut queue_names: Option<Vec<String>> = None;
    for (k, v) in cfg {
        let p = child(path, k);
        if is_capacity_property(k) {
            if let Err(e) = super::xml::check_name(k) {
                errs.push(&p, e);
            } else if let Some(s) = prop_value(v, &p, errs) {
                set_unique(&mut out.props, &mut from, k, s, &p, errs);
            }
        } else if let Some((_, h)) = SCHED_FIELDS.iter().find(|(f, _)| f == k) {
            let value = match (v, k.as_str()) {
                (Value::Array(a), "queue_names") => prop_value(
                    &Value::String(a.iter().filter_map(Value::as_str).collect::<Vec<_>>().join(",")),
                    &p,
                    errs,
                ),
                _ => prop_value(v, &p, errs),
            };
            if let Some(s) = value {
                set_unique(&mut out.props, &mut from, h, s, &p, errs);
            }
        } else if k == "queues" {
            queue_names = Some(read_queues(v, &p, &mut out.props, &mut from, errs));
            // Refused where reading stopped; the scheduler is not started.
            out.too_many_queues |= v.as_array().is_some_and(|a| a.len() > MAX_QUEUES);
        } else if k == "memory" {
            let Value::Object(m) = v else {
                errs.expected(&p, v, "{\"map_slot_mb\", \"reduce_slot_mb\", \"max_map_mb\", \"max_reduce_mb\"}");
                continue;
            };
            for (mk, mv) in m {
                let mp = child(&p, mk);
                match MEMORY_FIELDS.iter().find(|(f, _)| f == mk) {
                    Some((_, h)) => {
                        if let Some(s) = prop_value(mv, &mp, errs) {
                            set_unique(&mut out.props, &mut from, h, s, &mp, errs);
                        }
                    }
                    None => errs.push(
                        &mp,
                        "unknown memory setting; expected map_slot_mb, reduce_slot_mb, max_map_mb or max_reduce_mb",
                    ),
                }
            }
        } else if k == "initial_queue_order" {
            match v.as_array().map(|a| a.iter().map(|x| x.as_str().map(str::to_string)).collect::<Option<Vec<_>>>()) {
                Some(Some(l)) => out.initial_queue_order = Some(l),
                _ => errs.expected(&p, v, "a list of queue names"),
            }
        } else if k == "cluster_capacity_rule" {
            match v.as_str() {
                Some("trackers_x_default_slots") => out.cluster_capacity = ClusterCapacityRule::TrackersTimesDefault,
                Some("sum_of_tracker_slots") => out.cluster_capacity = ClusterCapacityRule::SumOfTrackerSlots,
                _ => errs.expected(&p, v, "\"sum_of_tracker_slots\" or \"trackers_x_default_slots\""),
            }
        } else if k == "harness" {
            read.harness_given = true;
            match v.as_bool() {
                Some(b) => out.harness = b,
                None => errs.expected(&p, v, "true or false"),
            }
        } else if k == "trackers" {
            if top_trackers {
                errs.push(&p, "trackers are given both here and at $.trackers; expected one list");
            } else {
                read.trackers = Some(v);
            }
        }
    }
    if out.props.get("mapred.queue.names").is_none() {
        if let Some(n) = queue_names {
            out.props.set("mapred.queue.names", &n.join(","));
        }
    }
    // Every per-queue property names a configured queue.
    let names = out.props.get("mapred.queue.names").unwrap_or("default").to_string();
    let queues = QueueSet::new(&names);
    if queues.list.len() > MAX_QUEUES {
        // Where the list was given: a JSON key, an XML file's property, or the queue objects.
        let list_at = match (from.get("mapred.queue.names"), xml_at.iter().find(|(n, ..)| n == "mapred.queue.names")) {
            (Some(p), _) => p.clone(),
            (None, Some((_, p, pos))) => format!("{p}: {pos}"),
            (None, None) => String::new(),
        };
        if !list_at.is_empty() {
            errs.push(&list_at, format!("mapred.queue.names: {}", too_many()));
        }
        out.too_many_queues = true;
    } else {
        for (name, p, pos) in &xml_at {
            if errs.full() {
                break;
            }
            if let Err(e) = super::xml::check_queue_of(name, &queues) {
                errs.push(p, format!("{pos}: {e}"));
            }
        }
        for (name, p) in &from {
            if errs.full() {
                break;
            }
            if let Err(e) = super::xml::check_queue_of(name, &queues) {
                errs.push(p, e);
            }
        }
    }
    // A value Hadoop cannot read falls back to the getter's default, as in Hadoop, but said: a
    // warning where it was given, and a note for the start-up error it may cause.
    let xml_pos: BTreeMap<&str, (&str, &str)> =
        xml_at.iter().map(|(n, p, pos)| (n.as_str(), (p.as_str(), pos.as_str()))).collect();
    for (name, value) in &out.props.0 {
        let Some(why) = super::xml::unreadable(name, value) else { continue };
        let (path, note) = match (from.get(name), xml_pos.get(name.as_str())) {
            (Some(p), _) => (p.clone(), format!("{why} ({p})")),
            (None, Some((p, pos))) => {
                errs.warn(p, format!("{pos}: {why}"));
                out.unreadable.push(format!("{why} ({p}, {pos})"));
                continue;
            }
            (None, None) => continue,
        };
        errs.warn(&path, why);
        out.unreadable.push(note);
    }
    read
}
