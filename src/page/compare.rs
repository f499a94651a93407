//! Compare mode's state: one automatic-mode workload run under two or three schedulers (or
//! Fair Scheduler delays) with `sim::compare::retarget`, each run computed to its end with its
//! series (`sim::metrics`), then stepped together on one simulated clock: every column shows
//! its run at the last heartbeat at or before the shared time. The delay scheduling paper's
//! experiment in miniature and the measured-vs-bound locality sweep live here too.

use crate::i18n::{Text, k};
use std::cell::RefCell;
use std::rc::Rc;

pub use super::compare_build::Building;
use crate::model::Millis;
use crate::scenario::{Scenario, SchedulerKind};
use crate::sim::Simulation;
use crate::sim::compare::{self, parse_variant};
use crate::sim::metrics::{Recorder, RunSummary};
use crate::sim::sweep::{self, SweepResult, SweepRun};

/// Most heartbeats one compared run may take on the page.
pub const MAX_COMPARE_HBS: u64 = 60_000;
/// The delay of the paper experiment's "with delay scheduling" run (ms).
pub const PAPER_DELAY_MS: Millis = 3000;
pub const PAPER_SEED: u64 = 1;
pub const MAX_COLUMNS: usize = 3;

/// The variants a column can run: (spec for `compare::parse_variant`, i18n key).
pub const VARIANTS: [(&str, Text); 8] = [
    ("fifo", k::sched_fifo),
    ("limit_tasks_per_job", k::sched_limit),
    ("fair", k::cmp_fair_as_set),
    ("fair@0", k::cmp_fair_no_delay),
    ("fair@1500", k::cmp_fair_1500),
    ("fair@3000", k::cmp_fair_3000),
    ("fair@6000", k::cmp_fair_6000),
    ("capacity", k::sched_capacity),
];

/// One run.
pub struct Column {
    pub spec: String,
    pub sim: RefCell<Simulation>,
    pub rec: Recorder,
    pub summary: RunSummary,
    /// Simulated time of each heartbeat (records in order).
    pub times: Vec<Millis>,
    pub finished: bool,
}

impl Column {
    /// Heartbeats at or before `t` (`t` < 0: none yet).
    pub fn hb_at(&self, t: Millis) -> u64 {
        if t < 0 { 0 } else { self.times.partition_point(|x| *x <= t) as u64 }
    }
}

#[derive(Clone)]
pub struct CompareState {
    /// The workload's scenario (automatic mode) and how the page names it.
    pub scenario: Option<Rc<Scenario>>,
    pub label: String,
    pub paper: bool,
    pub columns: Rc<Vec<Column>>,
    /// The shared clock (ms); -1 before the first heartbeat.
    pub t_ms: Millis,
    pub end_ms: Millis,
    pub error: Option<String>,
    pub sweep: Option<Rc<Result<SweepResult, String>>>,
}

#[derive(Clone, Debug, PartialEq)]
pub enum CompareAction {
    Next,
    Prev,
    First,
    Last,
    /// Go to this simulated time (ms).
    Seek(Millis),
    /// Column `i` runs this variant spec.
    SetVariant(usize, String),
    AddColumn,
    RemoveColumn(usize),
    /// The paper's Facebook-like mix, Fair without and with delay scheduling.
    Paper,
    /// The page's current scenario under FIFO, Fair and Capacity.
    ThisScenario,
    /// Measure node locality against the paper's bound for a range of delays.
    Sweep,
}

impl CompareState {
    /// Compare mode on `specs`, every column computed now (`Building` computes them in
    /// slices).
    pub fn build(scenario: Option<Rc<Scenario>>, label: String, specs: &[String], paper: bool) -> CompareState {
        let mut b = Building::new(scenario, label, specs, paper);
        b.step(f64::INFINITY, || 0.0);
        b.finish()
    }

    /// The paper's experiment in miniature.
    pub fn paper() -> CompareState {
        let mut b = Building::paper();
        b.step(f64::INFINITY, || 0.0);
        b.finish()
    }

    pub fn specs(&self) -> Vec<String> {
        self.columns.iter().map(|c| c.spec.clone()).collect()
    }

    pub fn seek(&mut self, t: Millis) {
        self.t_ms = t.clamp(-1, self.end_ms);
        for c in self.columns.iter() {
            let hb = c.hb_at(self.t_ms);
            c.sim.borrow_mut().go_to(hb);
        }
    }

    /// The next heartbeat time of any column after the clock.
    fn next_time(&self) -> Option<Millis> {
        self.columns.iter().filter_map(|c| c.times.get(c.hb_at(self.t_ms) as usize).copied()).min()
    }

    fn prev_time(&self) -> Millis {
        self.columns
            .iter()
            .filter_map(|c| c.times.partition_point(|x| *x < self.t_ms).checked_sub(1).map(|i| c.times[i]))
            .max()
            .unwrap_or(-1)
    }

    pub fn at_end(&self) -> bool {
        self.next_time().is_none()
    }

    fn act(&mut self, a: &CompareAction) {
        match a {
            CompareAction::Next => {
                if let Some(t) = self.next_time() {
                    self.seek(t)
                }
            }
            CompareAction::Prev => self.seek(self.prev_time()),
            CompareAction::First => self.seek(-1),
            CompareAction::Last => self.seek(self.end_ms),
            CompareAction::Seek(t) => self.seek(*t),
            _ => {}
        }
    }
}

/// What switching the scheduler changed in the workload (`retarget_text`), each an interface
/// phrase (`i18n::k`, filled with the argument) the page shows under the banner area.
pub type Adapted = Vec<(Text, String)>;

/// Scenario JSON that runs under scheduler `name` when the text as it is does not: the
/// settings only another scheduler knows (`errors` flagged as unknown, and the Fair Scheduler's
/// `fair` object for any other scheduler) are dropped, and a workload without queues gets one
/// Capacity queue per job queue, or, coming from Fair, one queue per Fair pool
/// (`PoolManager.getPoolName`: the job's `pool`, else its user, else `default`), each job sent
/// to its pool's queue, capacities from the pools' weights (`fair.allocations`), summing to
/// 100. `adapted` says what was changed.
pub fn retarget_text(
    text: &str,
    name: &str,
    errors: &[crate::scenario::ScenarioError],
    adapted: &mut Adapted,
) -> Option<String> {
    let mut v: serde_json::Value = serde_json::from_str(text).ok()?;
    let mut changed = false;
    let mut dropped = Vec::new();
    for e in errors.iter().filter(|e| e.message.starts_with("unknown")) {
        let Some(path) = e.path.strip_prefix("$.") else { continue };
        let (parent, key) = match path.rsplit_once('.') {
            Some((p, k)) => (p, k),
            None => ("", path),
        };
        let pointer = if parent.is_empty() {
            String::new()
        } else {
            format!("/{}", parent.replace(['.', '['], "/").replace(']', ""))
        };
        if let Some(obj) = v.pointer_mut(&pointer).and_then(|o| o.as_object_mut()) {
            if obj.remove(key).is_some() {
                changed = true;
                dropped.push(path.to_string());
            }
        }
    }
    if !dropped.is_empty() {
        adapted.push((k::switch_dropped, dropped.join(", ")));
    }
    // Coming from Fair: each job's pool, and the pools' weights.
    let mut pools: Option<Vec<(String, f64)>> = None;
    if name != "fair" {
        if let Some(fair) = v.as_object_mut().and_then(|o| o.remove("fair")) {
            changed = true;
            adapted.push((k::switch_dropped_fair, String::new()));
            if name == "capacity" && v.pointer("/config/queues").is_none() {
                let weight = |pool: &str| {
                    fair.pointer(&format!("/allocations/pools/{}/weight", pool.replace('~', "~0").replace('/', "~1")))
                        .and_then(|w| w.as_f64())
                        .filter(|w| w.is_finite() && *w > 0.0)
                        .unwrap_or(1.0)
                };
                let mut list: Vec<(String, f64)> = Vec::new();
                for job in v.get_mut("jobs").and_then(|j| j.as_array_mut()).into_iter().flatten() {
                    let pool = ["pool", "user"]
                        .iter()
                        .find_map(|k| job.get(*k).and_then(|p| p.as_str()))
                        .unwrap_or("default")
                        .to_string();
                    if !list.iter().any(|(p, _)| *p == pool) {
                        list.push((pool.clone(), weight(&pool)));
                    }
                    if let Some(job) = job.as_object_mut() {
                        // A job names its pool or its queue, not both (`docs/scenario-format.md`).
                        job.remove("pool");
                        job.insert("queue".into(), serde_json::Value::String(pool));
                    }
                }
                pools = (!list.is_empty()).then_some(list);
            }
        }
    }
    if name != "capacity" || v.pointer("/config/queues").is_some() {
        return changed.then(|| serde_json::to_string_pretty(&v).ok()).flatten();
    }
    let from_pools = pools.is_some();
    let mut queues: Vec<(String, f64)> = match pools {
        Some(p) => p,
        None => {
            v["jobs"].as_array()?.iter().map(|j| (j["queue"].as_str().unwrap_or("default").to_string(), 1.0)).collect()
        }
    };
    queues.sort_by(|a, b| a.0.cmp(&b.0));
    queues.dedup_by(|a, b| a.0 == b.0);
    if queues.is_empty() {
        queues.push(("default".into(), 1.0));
    }
    let caps = percentages(&queues.iter().map(|q| q.1).collect::<Vec<_>>());
    let list: Vec<serde_json::Value> =
        queues.iter().zip(&caps).map(|((q, _), c)| serde_json::json!({"name": q, "capacity": c})).collect();
    if !v["config"].is_object() {
        v["config"] = serde_json::json!({});
    }
    v["config"]["queues"] = serde_json::json!(list);
    let names: Vec<&str> = queues.iter().map(|q| q.0.as_str()).collect();
    v["config"]["initial_queue_order"] = serde_json::json!(names);
    let shown: Vec<String> = names.iter().zip(&caps).map(|(q, c)| format!("{q} {c} %")).collect();
    adapted.push((if from_pools { k::switch_queues_from_pools } else { k::switch_queues_from_jobs }, shown.join(", ")));
    serde_json::to_string_pretty(&v).ok()
}

/// Whole percentages in proportion to `weights`, summing to exactly 100 (largest remainder).
pub fn percentages(weights: &[f64]) -> Vec<u64> {
    let total: f64 = weights.iter().sum();
    if weights.is_empty() || total <= 0.0 {
        return vec![];
    }
    let exact: Vec<f64> = weights.iter().map(|w| w / total * 100.0).collect();
    let mut caps: Vec<u64> = exact.iter().map(|e| e.floor() as u64).collect();
    let mut order: Vec<usize> = (0..weights.len()).collect();
    order.sort_by(|&a, &b| (exact[b] - exact[b].floor()).total_cmp(&(exact[a] - exact[a].floor())).then(a.cmp(&b)));
    let short = 100 - caps.iter().sum::<u64>().min(100);
    for &i in order.iter().cycle().take(short as usize) {
        caps[i] += 1;
    }
    caps
}

impl CompareState {
    /// Compare mode on `current` (the page's scenario), or on the paper's workload when there is
    /// none or it is scripted.
    pub fn open(current: Option<Scenario>) -> CompareState {
        let mut b = Building::open(current);
        b.step(f64::INFINITY, || 0.0);
        b.finish()
    }

    /// `n` steps of the shared clock while playing.
    pub fn tick(&self, n: u32) -> CompareState {
        let mut c = self.clone();
        for _ in 0..n {
            c.act(&CompareAction::Next);
        }
        c
    }

    /// The runs `a` asks to compute again (another variant, a column more or less, the paper's
    /// workload), as a `Building` that keeps the sweep and the clock; `None` for the other
    /// actions.
    pub fn rebuild(&self, a: &CompareAction) -> Option<Building> {
        let again = |specs: Vec<String>| {
            let b = Building::new(self.scenario.clone(), self.label.clone(), &specs, self.paper);
            Some(b.keeping(self.sweep.clone(), self.t_ms))
        };
        let mut specs = self.specs();
        match a {
            CompareAction::SetVariant(i, spec) => {
                if let Some(s) = specs.get_mut(*i) {
                    *s = spec.clone();
                }
                again(specs)
            }
            CompareAction::AddColumn if self.columns.len() < MAX_COLUMNS => {
                let fair = self.scenario.as_ref().is_some_and(|s| s.scheduler == SchedulerKind::Fair);
                specs.push(if fair || self.paper { "fair@6000".into() } else { "fair".into() });
                again(specs)
            }
            CompareAction::RemoveColumn(i) if self.columns.len() > 1 => {
                specs.remove(*i);
                again(specs)
            }
            CompareAction::Paper => Some(Building::paper()),
            _ => None,
        }
    }

    /// The delay sweep of this workload under Fair (`sim::sweep`, the default delays), to be
    /// run (`SweepRun::step`), or why it cannot.
    pub fn sweep_run(&self) -> Result<SweepRun, String> {
        let s = self.scenario.as_deref().ok_or_else(|| "no scenario".to_string())?;
        let fair = parse_variant("fair").and_then(|v| compare::retarget(s, &v))?;
        SweepRun::new(&fair, &sweep::default_sweep(), 0)
    }

    /// The state after `a` (`ThisScenario` is the page's: it opens compare mode anew), the runs
    /// it asks for computed now.
    pub fn reduce(&self, a: &CompareAction) -> CompareState {
        if let Some(mut b) = self.rebuild(a) {
            b.step(f64::INFINITY, || 0.0);
            return b.finish();
        }
        let c = self.clone();
        match a {
            CompareAction::Sweep => {
                let r = self.sweep_run().and_then(|mut run| {
                    while !run.step(u64::MAX)? {}
                    Ok(run.finish())
                });
                CompareState { sweep: Some(Rc::new(r)), ..c }
            }
            nav => {
                let mut c = c;
                c.act(nav);
                c
            }
        }
    }
}
