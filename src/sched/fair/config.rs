//! The Fair Scheduler's configuration in a scenario (`$.fair`): the scheduler properties that
//! `FairScheduler.start`, `PoolManager.initialize`, `CapBasedLoadManager.setConf` and
//! `NewJobWeightBooster.setConf` read from `mapred-site.xml`
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/FairScheduler.java`, `PoolManager.java`,
//! `CapBasedLoadManager.java`, `NewJobWeightBooster.java`), the allocation file
//! (`PoolManager.reloadAllocs`), and the harness model (how Hadoop's unit tests differ from a
//! real JobTracker).

use super::allocs::{self, Allocations};
use crate::input::json::{Errs, Obj, as_bool, as_f64_in, as_i64_in, as_str, child, suggest};
use crate::model::Millis;
use serde::Serialize;
use serde_json::Value;

/// How a job picks its map: the real `JobInProgress.obtainNewMapTask` calls, or the unit-test
/// fake of `TestFairScheduler`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum TaskChoice {
    /// The real `JobInProgress`: failed maps first, then the closest pending map.
    #[default]
    JobInProgress,
    /// `TestFairScheduler.FakeJobInProgress`: the lowest-index pending map within the allowed
    /// level; a job created without locations is exempt from delay scheduling for good.
    FakeJob,
}

/// When `update()` runs besides job submission (the update thread, or the unit tests' own calls).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum UpdateMode {
    /// The real `UpdateThread`: every `update.interval` ms, then the preemption check.
    #[default]
    Periodic,
    /// Hadoop's unit tests ("mock mode"): only on submission and on `fair_update` steps.
    Explicit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Default)]
pub struct Harness {
    pub task_choice: TaskChoice,
    pub updates: UpdateMode,
}

impl Harness {
    pub fn fake_task_choice(&self) -> bool {
        self.task_choice == TaskChoice::FakeJob
    }
}

/// Everything the Fair Scheduler is configured with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FairConfig {
    pub pool_name_property: String,
    pub allow_undeclared_pools: bool,
    pub assign_multiple: bool,
    pub assign_multiple_maps: i64,
    pub assign_multiple_reduces: i64,
    pub locality_delay: Millis,
    pub node_locality_delay: Option<Millis>,
    pub rack_locality_delay: Option<Millis>,
    pub update_interval_ms: Millis,
    pub preemption: bool,
    pub preemption_only_log: bool,
    pub preemption_interval_ms: Millis,
    pub size_based_weight: bool,
    /// `mapred.fairscheduler.weightadjuster` = `NewJobWeightBooster`.
    pub new_job_weight_booster: bool,
    pub booster_factor: f64,
    pub booster_duration_ms: Millis,
    /// `mapred.fairscheduler.load.max.diff`, a Java float.
    pub load_max_diff: f32,
    pub allocations: Allocations,
    pub harness: Harness,
}

impl Default for FairConfig {
    fn default() -> Self {
        FairConfig {
            pool_name_property: "user.name".into(),
            allow_undeclared_pools: true,
            assign_multiple: true,
            assign_multiple_maps: -1,
            assign_multiple_reduces: -1,
            locality_delay: -1,
            node_locality_delay: None,
            rack_locality_delay: None,
            update_interval_ms: 500,
            preemption: false,
            preemption_only_log: false,
            preemption_interval_ms: 15_000,
            size_based_weight: false,
            new_job_weight_booster: false,
            booster_factor: 3.0,
            booster_duration_ms: 300_000,
            load_max_diff: 0.0,
            allocations: Allocations::default(),
            harness: Harness::default(),
        }
    }
}

/// (friendly name, Hadoop property).
pub const PROPERTIES: &[(&str, &str)] = &[
    ("pool_name_property", "mapred.fairscheduler.poolnameproperty"),
    ("allow_undeclared_pools", "mapred.fairscheduler.allow.undeclared.pools"),
    ("assign_multiple", "mapred.fairscheduler.assignmultiple"),
    ("assign_multiple_maps", "mapred.fairscheduler.assignmultiple.maps"),
    ("assign_multiple_reduces", "mapred.fairscheduler.assignmultiple.reduces"),
    ("locality_delay", "mapred.fairscheduler.locality.delay"),
    ("node_locality_delay", "mapred.fairscheduler.locality.delay.node"),
    ("rack_locality_delay", "mapred.fairscheduler.locality.delay.rack"),
    ("update_interval_ms", "mapred.fairscheduler.update.interval"),
    ("preemption", "mapred.fairscheduler.preemption"),
    ("preemption_only_log", "mapred.fairscheduler.preemption.only.log"),
    ("preemption_interval_ms", "mapred.fairscheduler.preemption.interval"),
    ("size_based_weight", "mapred.fairscheduler.sizebasedweight"),
    ("weight_adjuster", "mapred.fairscheduler.weightadjuster"),
    ("new_job_weight_booster_factor", "mapred.newjobweightbooster.factor"),
    ("new_job_weight_booster_duration_ms", "mapred.newjobweightbooster.duration"),
    ("load_manager", "mapred.fairscheduler.loadmanager"),
    ("load_max_diff", "mapred.fairscheduler.load.max.diff"),
    ("task_selector", "mapred.fairscheduler.taskselector"),
];

const BIG: i64 = 1 << 45;

/// The longest locality delay a scenario or a command-line option may set (2^45 ms, about
/// 1,100 years): long enough for any lesson, short enough that no clock sum overflows.
pub const MAX_LOCALITY_DELAY_MS: Millis = BIG;

fn delay(v: &Value, at: &str, errs: &mut Errs) -> Option<Millis> {
    let n = match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    };
    match n {
        Some(n) if n == -1 || (0..=BIG).contains(&n) => Some(n),
        Some(n) if n < -1 => {
            errs.push(at, format!("found {n}: a locality delay cannot be negative; expected -1 (compute it from the heartbeat interval) or a delay in ms ≥ 0"));
            None
        }
        _ => {
            errs.expected(at, v, "-1 or a delay in ms ≥ 0");
            None
        }
    }
}

fn class_name(v: &Value, at: &str, known: &str, errs: &mut Errs) -> Option<bool> {
    let s = as_str(v, at, errs)?.trim();
    let short = known.rsplit('.').next().unwrap_or(known);
    if s.is_empty() {
        Some(false)
    } else if s == known || s == short {
        Some(true)
    } else {
        errs.push(at, format!("found {s:?}, expected {known:?} (the only implementation modelled)"));
        None
    }
}

fn parse_properties(v: &Value, path: &str, c: &mut FairConfig, errs: &mut Errs) {
    let Value::Object(map) = v else {
        errs.expected(path, v, "an object of Fair Scheduler properties");
        return;
    };
    let mut seen: Vec<&str> = Vec::new();
    for (key, val) in map {
        let at = child(path, key);
        let Some(&(friendly, _)) = PROPERTIES.iter().find(|(f, h)| f == key || h == key) else {
            let msg = if key == "mapred.fairscheduler.allocation.file" || key == "allocation_file" {
                "the allocation file is given by its content: put the XML text (or the JSON form) in $.fair.allocations"
                    .to_string()
            } else {
                let names = PROPERTIES.iter().flat_map(|(f, h)| [*f, *h]);
                match suggest(key, names) {
                    Some(s) => format!("unknown Fair Scheduler property; did you mean {s:?}?"),
                    None => {
                        "unknown Fair Scheduler property; see docs/scenario-format.md, \"The Fair Scheduler\"".into()
                    }
                }
            };
            errs.push(&at, msg);
            continue;
        };
        if seen.contains(&friendly) {
            errs.push(&at, format!("property {friendly} is given twice (friendly and Hadoop name)"));
            continue;
        }
        seen.push(friendly);
        let int = |lo: i64, hi: i64, errs: &mut Errs| as_i64_in(val, &at, lo, hi, errs);
        match friendly {
            "pool_name_property" => {
                if let Some(s) = as_str(val, &at, errs) {
                    if s.trim().is_empty() {
                        errs.push(&at, "empty, expected a job-conf property name such as \"user.name\" or \"pool\"");
                    } else {
                        c.pool_name_property = s.trim().to_string();
                    }
                }
            }
            "allow_undeclared_pools" => c.allow_undeclared_pools = as_bool(val, &at, errs).unwrap_or(true),
            "assign_multiple" => c.assign_multiple = as_bool(val, &at, errs).unwrap_or(true),
            "assign_multiple_maps" => c.assign_multiple_maps = int(-1, BIG, errs).unwrap_or(-1),
            "assign_multiple_reduces" => c.assign_multiple_reduces = int(-1, BIG, errs).unwrap_or(-1),
            "locality_delay" => c.locality_delay = delay(val, &at, errs).unwrap_or(-1),
            "node_locality_delay" => c.node_locality_delay = delay(val, &at, errs),
            "rack_locality_delay" => c.rack_locality_delay = delay(val, &at, errs),
            "update_interval_ms" => c.update_interval_ms = int(1, BIG, errs).unwrap_or(500),
            "preemption" => c.preemption = as_bool(val, &at, errs).unwrap_or(false),
            "preemption_only_log" => c.preemption_only_log = as_bool(val, &at, errs).unwrap_or(false),
            "preemption_interval_ms" => c.preemption_interval_ms = int(0, BIG, errs).unwrap_or(15_000),
            "size_based_weight" => c.size_based_weight = as_bool(val, &at, errs).unwrap_or(false),
            "weight_adjuster" => {
                c.new_job_weight_booster =
                    class_name(val, &at, "org.apache.hadoop.mapred.NewJobWeightBooster", errs).unwrap_or(false)
            }
            "new_job_weight_booster_factor" => c.booster_factor = as_f64_in(val, &at, 0.0, 1e9, errs).unwrap_or(3.0),
            "new_job_weight_booster_duration_ms" => c.booster_duration_ms = int(0, BIG, errs).unwrap_or(300_000),
            "load_manager" => {
                class_name(val, &at, "org.apache.hadoop.mapred.CapBasedLoadManager", errs);
            }
            "load_max_diff" => c.load_max_diff = as_f64_in(val, &at, -1e6, 1e6, errs).unwrap_or(0.0) as f32,
            "task_selector" => {
                class_name(val, &at, "org.apache.hadoop.mapred.DefaultTaskSelector", errs);
            }
            _ => unreachable!("property table and match agree"),
        }
    }
}

fn parse_harness(v: &Value, path: &str, errs: &mut Errs) -> Harness {
    match v {
        Value::String(s) if s == "unit_test" => {
            Harness { task_choice: TaskChoice::FakeJob, updates: UpdateMode::Explicit }
        }
        Value::String(s) if s == "jobtracker" => Harness::default(),
        Value::Object(_) => {
            let mut h = Harness::default();
            let Some(mut o) = Obj::new(v, path, errs) else { return h };
            match o.str("task_choice", errs) {
                None => {}
                Some("job_in_progress") => h.task_choice = TaskChoice::JobInProgress,
                Some("fake_job") => h.task_choice = TaskChoice::FakeJob,
                Some(other) => errs.push(
                    &o.path_of("task_choice"),
                    format!("found {other:?}, expected \"job_in_progress\" or \"fake_job\""),
                ),
            }
            match o.str("updates", errs) {
                None => {}
                Some("periodic") => h.updates = UpdateMode::Periodic,
                Some("explicit") => h.updates = UpdateMode::Explicit,
                Some(other) => {
                    errs.push(&o.path_of("updates"), format!("found {other:?}, expected \"periodic\" or \"explicit\""))
                }
            }
            o.finish(errs);
            h
        }
        _ => {
            errs.expected(path, v, "\"unit_test\", \"jobtracker\" or {\"task_choice\": ..., \"updates\": ...}");
            Harness::default()
        }
    }
}

/// Read `$.fair`.
pub fn parse(v: &Value, path: &str, errs: &mut Errs) -> FairConfig {
    let mut c = FairConfig::default();
    let Some(mut o) = Obj::new(v, path, errs) else { return c };
    if let Some(p) = o.get("properties") {
        parse_properties(p, &o.path_of("properties"), &mut c, errs);
    }
    if let Some(a) = o.get("allocations") {
        c.allocations = allocs::parse_value(a, &o.path_of("allocations"), errs);
    }
    if let Some(h) = o.get("harness") {
        c.harness = parse_harness(h, &o.path_of("harness"), errs);
    }
    o.finish(errs);
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(json: &str) -> Vec<String> {
        let v: Value = serde_json::from_str(json).unwrap();
        let mut errs = Errs::default();
        parse(&v, "$.fair", &mut errs);
        errs.0.iter().map(|e| e.to_string()).collect()
    }

    #[test]
    fn negative_delay_is_a_precise_error() {
        let e = errors(r#"{"properties": {"mapred.fairscheduler.locality.delay.node": -5}}"#);
        assert_eq!(e.len(), 1);
        assert!(e[0].starts_with("$.fair.properties[\"mapred.fairscheduler.locality.delay.node\"]: found -5: a locality delay cannot be negative"), "{e:?}");
    }

    #[test]
    fn friendly_and_hadoop_names() {
        let v: Value = serde_json::from_str(r#"{"properties": {"assign_multiple": false, "mapred.fairscheduler.locality.delay.rack": "10000"}, "harness": "unit_test"}"#).unwrap();
        let mut errs = Errs::default();
        let c = parse(&v, "$.fair", &mut errs);
        assert!(errs.0.is_empty());
        assert!(!c.assign_multiple);
        assert_eq!(c.rack_locality_delay, Some(10000));
        assert_eq!(c.harness.updates, UpdateMode::Explicit);
        let e = errors(r#"{"properties": {"assignmultiple": true}}"#);
        assert!(e[0].contains("did you mean \"assign_multiple\""), "{e:?}");
    }

    #[test]
    fn malformed_xml_in_a_scenario() {
        let e = errors(r#"{"allocations": "<allocations>\n<pool name=\"a\">\n<minMaps>1</minMaps>\n</allocations>"}"#);
        assert!(e[0].starts_with("$.fair.allocations: allocation file line 4"), "{e:?}");
    }
}
