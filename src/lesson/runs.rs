//! A lesson's whole-run experiments (`docs/lesson-format.md`, "Run-level claims"): the
//! comparison that compare mode shows (the lesson's scenario, or another, under two or more
//! schedulers / locality delays, `sim::compare`) and delay-scheduling sweeps
//! (`sim::sweep`). They are read with the lesson and run lazily, once, the first time a
//! `figure` claim asks for one of their numbers — parsing a lesson stays cheap.

pub mod figure;

use crate::input::json::{Errs, Obj, as_array, as_i64_in, as_str, index};
use crate::scenario::{self, Scenario};
use crate::sched::fair::config::MAX_LOCALITY_DELAY_MS;
use crate::sim::compare::{self, Comparison, Variant};
use crate::sim::sweep::{self, Sweep, SweepResult};
use serde::Serialize;
use serde_json::Value;
use std::sync::{Arc, OnceLock};

/// Most runs a lesson's experiments may ask for (each is a whole simulation).
pub const MAX_RUNS: usize = 24;

/// The comparison of the lesson (compare mode).
#[derive(Debug, Serialize)]
pub struct CompareSpec {
    /// `None`: the lesson's own scenario.
    pub scenario_ref: Option<String>,
    /// The named scenario, or the lesson's.
    #[serde(skip)]
    pub scenario: Option<Scenario>,
    pub variants: Vec<String>,
    #[serde(skip)]
    parsed: Vec<Variant>,
    #[serde(skip)]
    result: OnceLock<Result<Comparison, String>>,
}

/// One delay-scheduling sweep of the lesson.
#[derive(Debug, Serialize)]
pub struct SweepSpec {
    pub scenario_ref: Option<String>,
    #[serde(skip)]
    pub scenario: Option<Scenario>,
    pub delays_ms: Vec<i64>,
    pub rack_delay_ms: i64,
    #[serde(skip)]
    result: OnceLock<Result<SweepResult, String>>,
}

/// Everything run-level a lesson's claims may read.
#[derive(Debug, Default, Serialize)]
pub struct Runs {
    pub compare: Option<CompareSpec>,
    pub sweeps: Vec<SweepSpec>,
}

/// Shared by the lesson and each of its `figure` claims; equal when defined alike.
#[derive(Debug, Clone, Default, Serialize)]
pub struct RunsRef(pub Arc<Runs>);

impl PartialEq for RunsRef {
    fn eq(&self, other: &Self) -> bool {
        serde_json::to_value(&*self.0).ok() == serde_json::to_value(&*other.0).ok()
    }
}

fn builtin_scenario(r: &str, path: &str, errs: &mut Errs) -> Option<Scenario> {
    match r.strip_prefix("builtin:").and_then(|id| scenario::builtin().iter().find(|(i, _)| *i == id)) {
        Some((_, json)) => scenario::parse(json).ok(),
        None => {
            errs.push(path, format!("found {r:?}, expected \"builtin:<id>\" naming a built-in scenario"));
            None
        }
    }
}

fn automatic(s: &Option<Scenario>, path: &str, errs: &mut Errs) {
    if s.as_ref().is_some_and(|s| s.steps.is_some()) {
        errs.push(path, "a scripted scenario (with \"steps\") is not a whole workload; expected an automatic-mode one");
    }
}

impl Runs {
    /// Read the lesson's `compare` and `sweeps` fields; `lesson` is the lesson's own scenario.
    pub fn read(compare: Option<&Value>, sweeps: Option<&Value>, lesson: Option<&Scenario>, errs: &mut Errs) -> Runs {
        let mut out = Runs::default();
        let mut runs = 0usize;
        if let Some(v) = compare
            && let Some(mut o) = Obj::new(v, "$.compare", errs)
        {
            let scenario_ref = o.str("scenario", errs).map(str::to_string);
            let scenario = match scenario_ref.as_deref() {
                Some(r) => builtin_scenario(r, "$.compare.scenario", errs),
                None => lesson.cloned(),
            };
            automatic(&scenario, "$.compare.scenario", errs);
            let mut variants = Vec::new();
            let mut parsed = Vec::new();
            match o.get("variants").and_then(|l| as_array(l, "$.compare.variants", 4, errs)) {
                Some(list) if list.len() >= 2 => {
                    for (i, x) in list.iter().enumerate() {
                        let p = index("$.compare.variants", i);
                        let Some(name) = as_str(x, &p, errs) else { continue };
                        match compare::parse_variant(name) {
                            Ok(v) => {
                                variants.push(name.to_string());
                                parsed.push(v);
                            }
                            Err(e) => errs.push(&p, e),
                        }
                    }
                }
                Some(list) => {
                    errs.push("$.compare.variants", format!("found {} variants, expected 2 to 4", list.len()))
                }
                None if !o.has("variants") => errs.push(
                    "$.compare.variants",
                    "missing; expected 2 to 4 schedulers, e.g. [\"fair@0\", \"fair@3000\"]",
                ),
                None => {}
            }
            o.finish(errs);
            runs += parsed.len();
            out.compare = Some(CompareSpec { scenario_ref, scenario, variants, parsed, result: OnceLock::new() });
        }
        if let Some(list) = sweeps.and_then(|l| as_array(l, "$.sweeps", 8, errs)) {
            for (i, v) in list.iter().enumerate() {
                let p = index("$.sweeps", i);
                let Some(mut o) = Obj::new(v, &p, errs) else { continue };
                let scenario_ref = o.str("scenario", errs).map(str::to_string);
                let scenario = match scenario_ref.as_deref() {
                    Some(r) => builtin_scenario(r, &o.path_of("scenario"), errs),
                    None => lesson.cloned(),
                };
                automatic(&scenario, &o.path_of("scenario"), errs);
                if scenario.as_ref().is_some_and(|s| s.scheduler != scenario::SchedulerKind::Fair) {
                    errs.push(
                        &o.path_of("scenario"),
                        "a sweep varies the Fair Scheduler's delay; expected a Fair scenario",
                    );
                }
                let dp = o.path_of("delays_ms");
                let mut delays_ms = Vec::new();
                match o.get("delays_ms").and_then(|l| as_array(l, &dp, 16, errs)) {
                    Some(l) if !l.is_empty() => {
                        for (k, d) in l.iter().enumerate() {
                            delays_ms.extend(as_i64_in(d, &index(&dp, k), 0, MAX_LOCALITY_DELAY_MS, errs));
                        }
                    }
                    Some(_) => errs.push(&dp, "found no delays, expected 1 to 16"),
                    None if !o.has("delays_ms") => errs.push(&dp, "missing; expected the node delays in ms"),
                    None => {}
                }
                let rack_delay_ms = o.i64_in("rack_delay_ms", 0, MAX_LOCALITY_DELAY_MS, errs).unwrap_or(0);
                o.finish(errs);
                runs += delays_ms.len();
                out.sweeps.push(SweepSpec {
                    scenario_ref,
                    scenario,
                    delays_ms,
                    rack_delay_ms,
                    result: OnceLock::new(),
                });
            }
        }
        if runs > MAX_RUNS {
            errs.push("$", format!("the compare and sweeps ask for {runs} runs, expected at most {MAX_RUNS}"));
        }
        out
    }

    /// The comparison's result, run on first use.
    pub fn comparison(&self) -> Result<&Comparison, String> {
        let c = self.compare.as_ref().ok_or("the lesson has no \"compare\"")?;
        let s = c.scenario.as_ref().ok_or("the comparison has no scenario")?;
        c.result.get_or_init(|| compare::compare(s, &c.parsed, 10_000_000)).as_ref().map_err(Clone::clone)
    }

    /// Sweep `i`'s result, run on first use.
    pub fn sweep(&self, i: usize) -> Result<&SweepResult, String> {
        let w = self.sweeps.get(i).ok_or(format!("the lesson has no sweep {i}"))?;
        let s = w.scenario.as_ref().ok_or("the sweep has no scenario")?;
        w.result
            .get_or_init(|| sweep::sweep(s, &Sweep::DelaysMs(w.delays_ms.clone()), w.rack_delay_ms))
            .as_ref()
            .map_err(Clone::clone)
    }
}
