//! Scenario format v1 (`docs/scenario-format.md`): the JSON a lesson, a test or a student
//! writes, read strictly into a validated [`Scenario`].

pub mod builtin;
pub mod capacity;
pub mod generator;
pub mod job_conf;
pub mod limits;
pub mod props;
mod readers;
pub mod spark_app;
pub mod steps;
pub mod traces;

pub use crate::input::{ScenarioError, ScenarioErrors};
pub use builtin::builtin;
pub use limits::*;
pub use props::Config;
pub use steps::{AttemptRef, ExpectTask, Step, StepKind};

use crate::input::json::{Errs, Obj, as_array, child, index};
use crate::model::{JobPriority, Millis, RunState};
use crate::sched::capacity::settings::{DEFAULT_SLOTS, is_config_key};
use serde_json::Value;

pub(crate) use readers::read_job;
use readers::{read_rack_generator, read_topology, read_tracker};

/// Text in English, optionally with a Chinese version.
#[derive(Debug, Clone, PartialEq, Default, serde::Serialize)]
pub struct Text {
    pub en: String,
    pub zh: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SchedulerKind {
    Fifo,
    LimitTasksPerJob,
    Capacity,
    Fair,
    /// Spark's `TaskSchedulerImpl` with delay scheduling in `TaskSetManager` (`docs/spark.md`).
    Spark,
}

impl SchedulerKind {
    /// The name as a scenario's `scheduler` field writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            SchedulerKind::Fifo => "fifo",
            SchedulerKind::LimitTasksPerJob => "limit_tasks_per_job",
            SchedulerKind::Capacity => "capacity",
            SchedulerKind::Fair => "fair",
            SchedulerKind::Spark => "spark",
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct TrackerSpec {
    pub name: String,
    pub host: String,
    pub rack: String,
    pub map_slots: u32,
    pub reduce_slots: u32,
    /// Automatic mode: the tracker joins (its first heartbeat) at this time, not at the start.
    pub join_ms: Option<Millis>,
    /// Automatic mode: the tracker stops heartbeating at this time (it will be declared lost).
    pub silent_ms: Option<Millis>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct MapSpec {
    pub locations: Vec<String>,
    pub duration_ms: Option<Millis>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum MapsSpec {
    List(Vec<MapSpec>),
    /// `{"count": N, "replicas": R}`: replicas placed rack-aware from the seed.
    Placed {
        count: u64,
        replicas: u32,
        duration_ms: Option<Millis>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub struct JobSpec {
    pub id: u32,
    pub name: Option<String>,
    pub user: String,
    pub queue: String,
    pub priority: JobPriority,
    pub submit_time: Option<Millis>,
    pub state: Option<RunState>,
    pub init_ms: Millis,
    pub maps: MapsSpec,
    /// `maps` was written with split locations (a list of maps, or `locations` / `replicas`),
    /// possibly empty ones, rather than as a bare count.
    pub locations_given: bool,
    pub reduces: u64,
    pub reduce_duration_ms: Option<Millis>,
    pub slowstart: Option<f32>,
    pub speculative_maps: Option<bool>,
    pub speculative_reduces: Option<bool>,
    /// Failure settings from the job's own conf (`job_conf`).
    pub limits: job_conf::JobLimits,
    /// Job-conf properties (`"conf"`); a `"pool"` field also sets `mapred.fairscheduler.pool`.
    pub conf: Vec<(String, String)>,
}

impl JobSpec {
    pub fn num_maps(&self) -> u64 {
        match &self.maps {
            MapsSpec::List(l) => l.len() as u64,
            MapsSpec::Placed { count, .. } => *count,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct RunLimits {
    pub until_ms: Option<Millis>,
    pub max_heartbeats: u64,
}

/// A validated scenario.
#[derive(Debug, Clone, PartialEq)]
pub struct Scenario {
    pub version: u32,
    pub id: String,
    pub source: Option<String>,
    pub title: Option<Text>,
    pub description: Option<Text>,
    pub scheduler: SchedulerKind,
    pub seed: u64,
    pub config: Config,
    /// rack → hosts, in file order.
    pub topology: Vec<(String, Vec<String>)>,
    pub trackers: Vec<TrackerSpec>,
    pub jobs: Vec<JobSpec>,
    pub steps: Option<Vec<Step>>,
    pub run: RunLimits,
    /// The Capacity Scheduler's settings (`"scheduler": "capacity"`).
    pub capacity: Option<crate::sched::capacity::settings::CapacityScenario>,
    /// The Fair Scheduler's properties, allocation file and harness model (`$.fair`).
    pub fair: Option<crate::sched::fair::config::FairConfig>,
    /// What was accepted but is worth saying (`schedscope validate` and `run` print each as
    /// `warning: path: message`), e.g. a property given twice in `capacity-scheduler.xml`.
    pub warnings: Vec<ScenarioError>,
    /// Spark's properties (from `config`, by their Spark names) and the `spark` section.
    pub spark: Option<crate::sched::spark::conf::SparkSettings>,
    /// A Spark scenario in automatic mode: its executors and stages (`$.spark.executors`,
    /// `$.spark.stages`).
    pub spark_app: Option<spark_app::SparkApp>,
}

impl Scenario {
    /// The rack of a host per `topology` (`/default-rack` if not listed).
    pub fn rack_of(&self, host: &str) -> &str {
        self.topology
            .iter()
            .find(|(_, hosts)| hosts.iter().any(|h| h == host))
            .map(|(r, _)| r.as_str())
            .unwrap_or(crate::model::topology::DEFAULT_RACK)
    }
}

/// Parse and validate a scenario; on failure, every problem found.
pub fn parse(text: &str) -> Result<Scenario, ScenarioErrors> {
    from_value(&crate::input::strict::parse_json(text, MAX_SCENARIO_BYTES)?)
}

pub fn from_value(v: &Value) -> Result<Scenario, ScenarioErrors> {
    let mut errs = Errs::default();
    crate::input::strict::check_control_chars(v, "$", &mut errs);
    let s = read(v, &mut errs).map(|mut s| {
        s.warnings = std::mem::take(&mut errs.1);
        s
    });
    match s {
        Some(s) if errs.0.is_empty() => Ok(s),
        s => {
            if errs.0.is_empty() {
                errs.push("$", "invalid scenario");
            }
            let warnings = s.map(|s| s.warnings).unwrap_or(errs.1);
            Err(ScenarioErrors { errors: errs.0, warnings })
        }
    }
}

fn text(v: &Value, path: &str, errs: &mut Errs) -> Option<Text> {
    match v {
        Value::String(s) => Some(Text { en: s.clone(), zh: None }),
        Value::Object(_) => {
            let mut o = Obj::new(v, path, errs)?;
            let en = o.str("en", errs).map(str::to_string);
            let zh = o.str("zh", errs).map(str::to_string);
            o.finish(errs);
            match en {
                Some(en) => Some(Text { en, zh }),
                None => {
                    errs.push(&child(path, "en"), "missing; expected the English text");
                    None
                }
            }
        }
        _ => {
            errs.expected(path, v, "a string or {\"en\": ..., \"zh\": ...}");
            None
        }
    }
}

fn read(v: &Value, errs: &mut Errs) -> Option<Scenario> {
    let mut o = Obj::new(v, "$", errs)?;
    // A number: `"1"` (a string) is refused, though other numbers may be numeric strings.
    let version = match o.get("version") {
        None => 1,
        Some(v @ Value::Number(_)) => crate::input::json::as_u64_in(v, "$.version", 1, u64::MAX, errs).unwrap_or(1),
        Some(v) => {
            errs.expected("$.version", v, "the number 1");
            1
        }
    };
    if version != 1 {
        errs.push("$.version", format!("found {version}, expected 1 (the only scenario format version)"));
    }
    let id = o.str("id", errs).unwrap_or("scenario").to_string();
    let source = o.str("source", errs).map(str::to_string);
    let title = o.get("title").and_then(|t| text(t, "$.title", errs));
    let description = o.get("description").and_then(|t| text(t, "$.description", errs));
    let scheduler = match o.get("scheduler") {
        None => SchedulerKind::Fifo,
        Some(Value::String(s)) if s == "fifo" => SchedulerKind::Fifo,
        Some(Value::String(s)) if s == "limit_tasks_per_job" => SchedulerKind::LimitTasksPerJob,
        Some(Value::String(s)) if s == "capacity" => SchedulerKind::Capacity,
        Some(Value::String(s)) if s == "fair" => SchedulerKind::Fair,
        Some(Value::String(s)) if s == "spark" => SchedulerKind::Spark,
        Some(other) => {
            errs.expected(
                "$.scheduler",
                other,
                "\"fifo\", \"limit_tasks_per_job\", \"capacity\", \"fair\" or \"spark\"",
            );
            SchedulerKind::Fifo
        }
    };
    let fair = o.get("fair").map(|f| crate::sched::fair::config::parse(f, "$.fair", errs));
    if fair.is_some() && scheduler != SchedulerKind::Fair {
        errs.push("$.fair", "the Fair Scheduler's settings need \"scheduler\": \"fair\"");
    }
    let fair = fair.or_else(|| (scheduler == SchedulerKind::Fair).then(Default::default));
    let seed = o.u64_in("seed", 0, u64::MAX, errs).unwrap_or(1);
    let is_spark = scheduler == SchedulerKind::Spark;
    // The Capacity Scheduler's settings are in `config`, read with its generic properties.
    let mut capacity = None;
    let mut config_trackers = None;
    let (config, spark) = match (o.get("config"), is_spark) {
        (c, false) if scheduler == SchedulerKind::Capacity => {
            let (mut settings, read) = capacity::read_settings(c, o.has("trackers"), errs);
            let config = match c {
                Some(c) => props::parse_config_with(c, "$.config", &is_config_key, DEFAULT_SLOTS, errs),
                None => Config::default(),
            };
            capacity::settle(&mut settings, &read, (config.map_slots, config.reduce_slots), errs);
            capacity = Some(settings);
            config_trackers = read.trackers;
            (config, None)
        }
        (Some(c), false) => (props::parse_config(c, "$.config", errs), None),
        (None, false) => (Config::default(), None),
        (c, true) => {
            let conf = c.map(|c| crate::sched::spark::conf::parse_conf(c, "$.config", errs)).unwrap_or_default();
            (Config::default(), Some(crate::sched::spark::conf::parse_section(o.get("spark"), "$.spark", conf, errs)))
        }
    };
    if !is_spark && o.get("spark").is_some() {
        errs.push("$.spark", "Spark's settings need \"scheduler\": \"spark\"");
    }
    if is_spark {
        for key in ["topology", "racks", "trackers", "jobs", "run"] {
            if o.has(key) {
                errs.push(
                    &child("$", key),
                    "a Spark scenario has executors and task sets, not Hadoop's; expected add_executor, submit_task_set \
                     and offer_round steps (racks go in spark.racks)",
                );
            }
        }
    }
    let spark_app = spark_application(is_spark, o.has("steps"), o.map.get("spark"), errs);
    if config.max_running_tasks_per_job.is_some() && scheduler != SchedulerKind::LimitTasksPerJob {
        errs.push(
            "$.config.max_running_tasks_per_job",
            "only the limit_tasks_per_job scheduler reads this property; expected \"scheduler\": \"limit_tasks_per_job\"",
        );
    }
    let topology = o.get("topology").map(|t| read_topology(t, errs)).unwrap_or_default();
    let mut trackers = Vec::new();
    if let Some(r) = o.get("racks") {
        trackers.extend(read_rack_generator(r, &config, errs));
    }
    let mut topology = topology;
    // The harness lists its trackers inside `config`.
    let tracker_list = match o.get("trackers") {
        Some(tv) => Some((tv, "$.trackers")),
        None => config_trackers.map(|tv| (tv, "$.config.trackers")),
    };
    if let Some((tv, tp)) = tracker_list {
        if let Some(list) = as_array(tv, tp, MAX_TRACKERS, errs) {
            // Each host's rack per `topology` (the first that lists it).
            let mut rack_of = std::collections::HashMap::new();
            for (r, hs) in &topology {
                for h in hs {
                    rack_of.entry(h.as_str()).or_insert(r.as_str());
                }
            }
            for (i, t) in list.iter().enumerate() {
                if let Some(spec) = read_tracker(t, &index(tp, i), &config, &rack_of, errs) {
                    trackers.push(spec);
                }
            }
        }
    }
    if trackers.len() > MAX_TRACKERS {
        errs.push("$.trackers", format!("found {} trackers, expected at most {MAX_TRACKERS}", trackers.len()));
    }
    let mut names = std::collections::HashSet::new();
    for (i, t) in trackers.iter().enumerate() {
        if !names.insert(t.name.as_str()) {
            errs.push(
                &index("$.trackers", i),
                format!("tracker name {:?} is used twice; expected unique names", t.name),
            );
        }
    }
    // Racks given on trackers (not in topology) join the topology (looked up by name: a
    // cluster of 10,000 trackers must not take quadratic time).
    let mut hosts: std::collections::HashSet<String> = topology.iter().flat_map(|(_, hs)| hs.iter().cloned()).collect();
    let mut racks: std::collections::HashMap<String, usize> =
        topology.iter().enumerate().map(|(i, (r, _))| (r.clone(), i)).collect();
    for t in &trackers {
        if hosts.insert(t.host.clone()) {
            match racks.get(&t.rack) {
                Some(&i) => topology[i].1.push(t.host.clone()),
                None => {
                    racks.insert(t.rack.clone(), topology.len());
                    topology.push((t.rack.clone(), vec![t.host.clone()]));
                }
            }
        }
    }
    let mut jobs = Vec::new();
    if let Some(jv) = o.get("jobs") {
        if let Some(list) = as_array(jv, "$.jobs", MAX_JOBS, errs) {
            for (i, j) in list.iter().enumerate() {
                let cap = capacity.as_mut().map(|c| (c, false));
                if let Some(spec) = read_job(j, &index("$.jobs", i), i as u32 + 1, cap, errs) {
                    jobs.push(spec);
                }
            }
        }
    }
    let steps = o.get("steps").map(|s| {
        // A tracker a step adds gets its rack from `topology` (the first rack listing its host).
        let mut rack_of = std::collections::HashMap::new();
        for (r, hs) in &topology {
            for h in hs {
                rack_of.entry(h.as_str()).or_insert(r.as_str());
            }
        }
        let ctx = steps::Ctx { config: &config, rack_of: &rack_of, spark: is_spark };
        steps::read_steps(s, "$.steps", &ctx, capacity.as_mut(), errs)
    });
    if let Some(c) = &capacity {
        capacity::check_start(c, errs);
    }
    let mut run = RunLimits { until_ms: None, max_heartbeats: 100_000 };
    if let Some(rv) = o.get("run") {
        if let Some(mut r) = Obj::new(rv, "$.run", errs) {
            run.until_ms = r.i64_in("until_ms", 0, MAX_TIME_MS, errs);
            if let Some(m) = r.u64_in("max_heartbeats", 1, 10_000_000, errs) {
                run.max_heartbeats = m;
            }
            r.finish(errs);
        }
    }
    o.finish(errs);
    let scenario = Scenario {
        version: version as u32,
        id,
        source,
        title,
        description,
        scheduler,
        seed,
        config,
        topology,
        trackers,
        jobs,
        steps,
        run,
        capacity,
        fair,
        warnings: Vec::new(),
        spark,
        spark_app,
    };
    validate(&scenario, errs);
    Some(scenario)
}

/// A Spark scenario runs scripted steps, or in automatic mode the application of
/// `spark.executors` and `spark.stages`: one of the two.
fn spark_application(
    is_spark: bool,
    has_steps: bool,
    section: Option<&Value>,
    errs: &mut Errs,
) -> Option<spark_app::SparkApp> {
    if !is_spark {
        return None;
    }
    let (ex, st) = match section.and_then(Value::as_object) {
        Some(m) => (m.get("executors").filter(|v| !v.is_null()), m.get("stages").filter(|v| !v.is_null())),
        None => (None, None),
    };
    match (has_steps, ex, st) {
        (true, None, None) => None,
        (true, _, _) => {
            let key = if ex.is_some() { "$.spark.executors" } else { "$.spark.stages" };
            errs.push(key, "a Spark scenario runs scripted steps or an application (executors and stages), not both; expected one of the two");
            None
        }
        (false, Some(e), Some(s)) => Some(spark_app::parse(e, s, "$.spark", errs)),
        (false, None, None) => {
            errs.push(
                "$.steps",
                "missing; a Spark scenario runs scripted steps, or in automatic mode the application of spark.executors and spark.stages",
            );
            None
        }
        (false, e, _) => {
            let missing = if e.is_none() { "$.spark.executors" } else { "$.spark.stages" };
            errs.push(missing, "missing; automatic mode needs both spark.executors and spark.stages");
            None
        }
    }
}

/// Cross-field checks that need the whole scenario.
fn validate(s: &Scenario, errs: &mut Errs) {
    let mut total: u64 = 0;
    let mut ids = std::collections::HashSet::new();
    for (i, j) in s.jobs.iter().enumerate() {
        let path = index("$.jobs", i);
        if !ids.insert(j.id) {
            errs.push(&child(&path, "id"), format!("job id {} is used twice; expected unique ids", j.id));
        }
        total += j.num_maps() + j.reduces;
        if let MapsSpec::Placed { .. } = j.maps {
            if s.trackers.is_empty() {
                errs.push(&child(&path, "maps"), "replica placement needs trackers (hosts) to place blocks on");
            }
        }
    }
    if total > MAX_TOTAL_TASKS {
        errs.push("$.jobs", format!("found {total} tasks in all, expected at most {MAX_TOTAL_TASKS}"));
    }
    if s.steps.is_none() && s.trackers.is_empty() && !s.jobs.is_empty() {
        errs.push("$.trackers", "automatic mode needs at least one tracker");
    }
    limits::check_slots(s, errs);
    limits::check_work(s, errs);
    if let Some(steps) = &s.steps {
        steps::validate_steps(s, steps, errs);
    }
}
