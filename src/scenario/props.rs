//! Scenario `config` properties: each has a friendly name and, where Hadoop has one, its own
//! property name (the `mapred-default.xml` name, listed in `docs/scenario-format.md`), a type, a range and a default.

use crate::input::json::{Errs, as_bool, as_f64_in, as_str, as_u64_in, child, suggest};
use crate::model::RunningCounts;
use serde::Serialize;
use serde_json::Value;

#[derive(Debug, Clone, Copy)]
enum Kind {
    Float(f64, f64),
    Int(u64, u64),
    Bool,
    Counts,
}

struct Prop {
    friendly: &'static str,
    hadoop: Option<&'static str>,
    kind: Kind,
}

const fn p(friendly: &'static str, hadoop: Option<&'static str>, kind: Kind) -> Prop {
    Prop { friendly, hadoop, kind }
}

const PROPS: &[Prop] = &[
    p("pad_fraction", Some("mapred.jobtracker.taskalloc.capacitypad"), Kind::Float(0.0, 1.0)),
    p("cache_levels", Some("mapred.task.cache.levels"), Kind::Int(1, 16)),
    p("speculative_maps", Some("mapred.map.tasks.speculative.execution"), Kind::Bool),
    p("speculative_reduces", Some("mapred.reduce.tasks.speculative.execution"), Kind::Bool),
    p("slowstart", Some("mapred.reduce.slowstart.completed.maps"), Kind::Float(0.0, 1.0)),
    p("map_max_attempts", Some("mapred.map.max.attempts"), Kind::Int(1, 100)),
    p("reduce_max_attempts", Some("mapred.reduce.max.attempts"), Kind::Int(1, 100)),
    p("max_map_failures_percent", Some("mapred.max.map.failures.percent"), Kind::Int(0, 100)),
    p("max_reduce_failures_percent", Some("mapred.max.reduce.failures.percent"), Kind::Int(0, 100)),
    p("max_tracker_failures", Some("mapred.max.tracker.failures"), Kind::Int(1, 1000)),
    p("map_slots", Some("mapred.tasktracker.map.tasks.maximum"), Kind::Int(0, 1000)),
    p("reduce_slots", Some("mapred.tasktracker.reduce.tasks.maximum"), Kind::Int(0, 1000)),
    p("heartbeats_in_second", Some("mapred.heartbeats.in.second"), Kind::Int(0, 1_000_000)),
    p("heartbeat_scaling_factor", Some("mapreduce.jobtracker.heartbeats.scaling.factor"), Kind::Float(0.0, 1e6)),
    p("out_of_band_heartbeat", Some("mapreduce.tasktracker.outofband.heartbeat"), Kind::Bool),
    p("nodegroup_aware", Some("mapred.jobtracker.nodegroup.aware"), Kind::Bool),
    p(
        "max_running_tasks_per_job",
        Some("mapred.jobtracker.taskScheduler.maxRunningTasksPerJob"),
        Kind::Int(1, i64::MAX as u64),
    ),
    p("jobinit_threads", Some("mapred.jobinit.threads"), Kind::Int(1, 1000)),
    p("tracker_expiry_ms", Some("mapred.tasktracker.expiry.interval"), Kind::Int(1, 1 << 40)),
    p("cluster_running_counts", None, Kind::Counts),
    p("rack_local_slowdown", None, Kind::Float(1.0, 100.0)),
    p("off_switch_slowdown", None, Kind::Float(1.0, 100.0)),
    p("map_duration_ms", None, Kind::Int(1, 1_000_000_000)),
    p("reduce_duration_ms", None, Kind::Int(1, 1_000_000_000)),
];

/// Resolved configuration.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct Config {
    pub pad_fraction: f32,
    pub cache_levels: u32,
    pub speculative_maps: bool,
    pub speculative_reduces: bool,
    pub slowstart: f32,
    pub map_max_attempts: u32,
    pub reduce_max_attempts: u32,
    pub max_map_failures_percent: u32,
    pub max_reduce_failures_percent: u32,
    pub max_tracker_failures: u32,
    pub map_slots: u32,
    pub reduce_slots: u32,
    pub heartbeats_in_second: i64,
    pub heartbeat_scaling_factor: f32,
    pub out_of_band_heartbeat: bool,
    pub nodegroup_aware: bool,
    pub max_running_tasks_per_job: Option<u64>,
    pub jobinit_threads: u32,
    /// `mapred.tasktracker.expiry.interval`: a tracker silent longer than this is lost.
    pub tracker_expiry_ms: i64,
    pub cluster_running_counts: RunningCounts,
    pub rack_local_slowdown: f64,
    pub off_switch_slowdown: f64,
    pub map_duration_ms: i64,
    pub reduce_duration_ms: i64,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            pad_fraction: 0.01,
            cache_levels: 2,
            speculative_maps: true,
            speculative_reduces: true,
            slowstart: 0.05,
            map_max_attempts: 4,
            reduce_max_attempts: 4,
            max_map_failures_percent: 0,
            max_reduce_failures_percent: 0,
            max_tracker_failures: 4,
            map_slots: 2,
            reduce_slots: 2,
            heartbeats_in_second: 100,
            heartbeat_scaling_factor: 1.0,
            out_of_band_heartbeat: false,
            nodegroup_aware: false,
            max_running_tasks_per_job: None,
            jobinit_threads: 4,
            tracker_expiry_ms: 600_000,
            cluster_running_counts: RunningCounts::AsReported,
            rack_local_slowdown: 1.5,
            off_switch_slowdown: 3.0,
            map_duration_ms: 10_000,
            reduce_duration_ms: 20_000,
        }
    }
}

/// Read the `config` object.
pub fn parse_config(v: &Value, path: &str, errs: &mut Errs) -> Config {
    parse_config_with(v, path, &|_| false, &[], errs)
}

/// Read the `config` object of a scheduler that reads some keys itself: `theirs` are skipped,
/// and each `(alias, friendly)` of `aliases` is the property `friendly` by another name (given
/// once: the alias or the friendly name, not both).
pub fn parse_config_with(
    v: &Value,
    path: &str,
    theirs: &dyn Fn(&str) -> bool,
    aliases: &[(&str, &str)],
    errs: &mut Errs,
) -> Config {
    let mut c = Config::default();
    let Value::Object(map) = v else {
        errs.expected(path, v, "an object of properties");
        return c;
    };
    let mut seen: Vec<&'static str> = Vec::new();
    for (key, val) in map {
        let at = child(path, key);
        let key = match aliases.iter().find(|(a, _)| a == key) {
            Some((_, friendly)) if map.contains_key(*friendly) => {
                errs.push(&at, format!("both {key:?} and {friendly:?} given; expected one of them"));
                continue;
            }
            Some((_, friendly)) => *friendly,
            None if theirs(key) => continue,
            None => key.as_str(),
        };
        let Some(prop) = PROPS.iter().find(|p| p.friendly == key || p.hadoop == Some(key)) else {
            let names = PROPS.iter().flat_map(|p| std::iter::once(p.friendly).chain(p.hadoop));
            let hint = match suggest(key, names) {
                Some(s) => format!("; did you mean {s:?}?"),
                None => "; see docs/scenario-format.md for the property names".into(),
            };
            errs.push(&at, format!("unknown property{hint}"));
            continue;
        };
        if seen.contains(&prop.friendly) {
            errs.push(&at, format!("property {} is given twice (friendly and Hadoop name)", prop.friendly));
            continue;
        }
        seen.push(prop.friendly);
        if prop.friendly == "max_running_tasks_per_job" {
            // Hadoop refuses a value <= 0 at start-up.
            if let Some(n) = as_u64_in(val, &at, 1, i64::MAX as u64, errs) {
                c.max_running_tasks_per_job = Some(n);
            }
            continue;
        }
        match prop.kind {
            Kind::Float(lo, hi) => {
                if let Some(f) = as_f64_in(val, &at, lo, hi, errs) {
                    set_float(&mut c, prop.friendly, f);
                }
            }
            Kind::Int(lo, hi) => {
                if let Some(n) = as_u64_in(val, &at, lo, hi, errs) {
                    set_int(&mut c, prop.friendly, n);
                }
            }
            Kind::Bool => {
                if let Some(b) = as_bool(val, &at, errs) {
                    set_bool(&mut c, prop.friendly, b);
                }
            }
            Kind::Counts => match as_str(val, &at, errs) {
                Some("immediate") => c.cluster_running_counts = RunningCounts::Immediate,
                Some("as_reported") => c.cluster_running_counts = RunningCounts::AsReported,
                Some(_) => errs.expected(&at, val, "\"immediate\" or \"as_reported\""),
                None => {}
            },
        }
    }
    c
}

fn set_float(c: &mut Config, name: &str, f: f64) {
    match name {
        "pad_fraction" => c.pad_fraction = f as f32,
        "slowstart" => c.slowstart = f as f32,
        "heartbeat_scaling_factor" => c.heartbeat_scaling_factor = f as f32,
        "rack_local_slowdown" => c.rack_local_slowdown = f,
        "off_switch_slowdown" => c.off_switch_slowdown = f,
        _ => unreachable!("float property {name}"),
    }
}

fn set_int(c: &mut Config, name: &str, n: u64) {
    match name {
        "cache_levels" => c.cache_levels = n as u32,
        "map_max_attempts" => c.map_max_attempts = n as u32,
        "reduce_max_attempts" => c.reduce_max_attempts = n as u32,
        "max_map_failures_percent" => c.max_map_failures_percent = n as u32,
        "max_reduce_failures_percent" => c.max_reduce_failures_percent = n as u32,
        "max_tracker_failures" => c.max_tracker_failures = n as u32,
        "map_slots" => c.map_slots = n as u32,
        "reduce_slots" => c.reduce_slots = n as u32,
        "heartbeats_in_second" => c.heartbeats_in_second = n as i64,
        "jobinit_threads" => c.jobinit_threads = n as u32,
        "tracker_expiry_ms" => c.tracker_expiry_ms = n as i64,
        "map_duration_ms" => c.map_duration_ms = n as i64,
        "reduce_duration_ms" => c.reduce_duration_ms = n as i64,
        _ => unreachable!("int property {name}"),
    }
}

fn set_bool(c: &mut Config, name: &str, b: bool) {
    match name {
        "speculative_maps" => c.speculative_maps = b,
        "speculative_reduces" => c.speculative_reduces = b,
        "out_of_band_heartbeat" => c.out_of_band_heartbeat = b,
        "nodegroup_aware" => c.nodegroup_aware = b,
        _ => unreachable!("bool property {name}"),
    }
}
