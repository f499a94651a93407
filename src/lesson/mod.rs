//! Guided lessons (`docs/lesson-format.md`): a scenario plus a narrative of steps in English
//! and Chinese. Each step is tied to a heartbeat (a number, or "the first heartbeat where X
//! happens", resolved by running the engine), may pause the run, point at a grid element or a
//! panel, and may ask the student to predict what that heartbeat does. Every claim a step makes
//! is an [`Event`] checked against the simulation's own decision records (`check`).

pub mod builtin;
pub mod check;
pub mod event;
pub mod key;
pub mod point;
pub mod recap;
pub mod runs;
mod steps;
pub mod text;
pub mod visit;

pub use recap::{RECAP_LINES, Recap};
use steps::{bi, check_views, prefixed, read_step};

pub use builtin::builtin;
pub use check::{LessonFailure, Resolved, resolve};
pub use event::{Ctx, Event};

use crate::input::json::{Errs, Obj, as_array, child, index};
use crate::scenario::{self, Scenario, ScenarioErrors};
use serde::Serialize;
use serde_json::Value;

/// The only lesson format version.
pub const VERSION: u64 = 1;
/// The most steps one lesson may have (also the bound of a link's or an embed's step number).
pub const MAX_LESSON_STEPS: usize = 100;
pub const MAX_CHOICES: usize = 6;

/// The concepts the built-in lessons teach, in teaching order: `basics` (racks, trackers,
/// slots, heartbeats, locality) first, then each scheduler's concepts (issue 12's list of the
/// product brief's seed concepts). Every one has at least one built-in lesson.
pub const CONCEPTS: &[&str] = &[
    "basics",
    "fifo.small_jobs",
    "fifo.multi_assign",
    "fifo.load_factor",
    "fifo.padding",
    "fifo.off_switch",
    "fifo.one_reduce",
    "fair.shares",
    "fair.delay",
    "fair.starvation",
    "fair.assign_multiple",
    "fair.preemption",
    "capacity.capacity",
    "capacity.queue_order",
    "capacity.user_limits",
    "capacity.admission",
    "capacity.high_memory",
    "capacity.locality_delay",
    "capacity.tasks_per_heartbeat",
    "paper.head_of_line",
    "paper.sticky_slots",
    "paper.bound",
    "spark.delay",
    "spark.reset",
    "spark.compare",
];

/// Panels the page can highlight (`"point": "panel:<id>"`).
pub const PANELS: &[&str] = &[
    "why",
    "timeline",
    "fifo.queue",
    "fifo.load",
    "fifo.padding",
    "fair.pools",
    "fair.delay",
    "fair.preemption",
    "capacity.queues",
    "capacity.users",
    "capacity.memory",
    "spark.delay",
    "jobs",
    "log",
];
/// Marks the stage leaves for one heartbeat (`"point": "ghost:<id>"`): a task killed by
/// preemption.
pub const GHOSTS: &[&str] = &["preempted"];
/// Charts (`"point": "chart:<id>"`).
pub const CHARTS: &[&str] = &["locality", "slots", "shares", "response"];
/// Compare-mode elements (`"point": "compare:<id>"`): node locality by job-size bin, sticky
/// slots, the Spark runs' own table.
pub const COMPARE_POINTS: &[&str] = &["bins", "sticky", "spark"];
/// Sweep elements (`"point": "sweep:<id>"`): the measured-vs-bound curve, the table explaining
/// the gap (skips, distinct trackers, bounds, remembered levels).
pub const SWEEP_POINTS: &[&str] = &["curve", "gap"];
/// What a step shows (`"view"`): the stage (default), compare mode on the lesson's `compare`, or
/// the lesson's sweeps.
pub const VIEWS: &[&str] = &["stage", "compare", "sweep"];

/// Text in both languages.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Bi {
    pub en: String,
    pub zh: String,
}

impl Bi {
    pub fn pick(&self, lang: crate::i18n::Lang) -> &str {
        match lang {
            crate::i18n::Lang::En => &self.en,
            crate::i18n::Lang::Zh => &self.zh,
        }
    }
}

/// One answer of a prediction; `event` says what must happen for it to be right.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    pub text: Bi,
    pub event: Event,
}

/// "What happens at this heartbeat?" — asked one heartbeat before the step's, revealed at it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Predict {
    pub question: Bi,
    pub choices: Vec<Choice>,
    /// Index of the right choice; checked: its event holds, no other choice's does.
    pub answer: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LessonStep {
    /// The heartbeat the step shows (0 = before the first).
    pub hb: Option<u64>,
    /// Anchor on the first heartbeat after the previous step's where this holds.
    pub when: Option<Event>,
    /// Claims about that heartbeat, all checked.
    pub check: Vec<Event>,
    pub pause: bool,
    /// What to highlight: `tracker:tt3`, `rack:/rack1`, `job:J2`, `pool:p`, `queue:q`,
    /// `panel:<id>`, `chart:<id>`, `code:<method>`, `reach:J2`, `user:q/alice`, `budget:tt3`,
    /// `ghost:preempted` (see `docs/lesson-format.md`), parsed.
    pub point: Option<point::Point>,
    /// The values the step is about (`key`): the page marks and enlarges them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub keys: Vec<key::Key>,
    pub text: Bi,
    pub predict: Option<Predict>,
    /// `stage` (default), `compare` or `sweep`.
    pub view: Option<String>,
    /// The visit of its heartbeat the step stops at (slow motion), if it stops inside it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visit: Option<visit::VisitPick>,
}

/// Where the lesson's scenario comes from.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScenarioRef {
    Builtin(String),
    Inline(Value),
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lesson {
    pub id: String,
    pub concepts: Vec<String>,
    pub title: Bi,
    pub summary: Bi,
    /// Where the lesson stands in its group (1 first; `order`), for the list and "next lesson".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<u32>,
    /// What the lesson showed, in `RECAP_LINES` lines per language (`recap`), shown on its
    /// last step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recap: Option<Recap>,
    pub scenario_ref: ScenarioRef,
    #[serde(skip)]
    pub scenario: Scenario,
    /// The scenario as written: configuration references in the text are paths into it.
    #[serde(skip)]
    pub scenario_value: Value,
    pub steps: Vec<LessonStep>,
    /// The whole-run experiments its `figure` claims read (`compare`, `sweeps`).
    pub runs: runs::RunsRef,
}

impl Lesson {
    /// The summary as shown: its configuration references filled (`lesson::text`).
    pub fn summary_shown(&self) -> Bi {
        let f = |t: &str, lang| text::fill_config(t, lang, &self.scenario_value);
        Bi { en: f(&self.summary.en, crate::i18n::Lang::En), zh: f(&self.summary.zh, crate::i18n::Lang::Zh) }
    }

    /// The scenario as JSON text, for `Simulation::from_json` and share links.
    pub fn scenario_json(&self) -> String {
        match &self.scenario_ref {
            ScenarioRef::Builtin(id) => {
                scenario::builtin().iter().find(|(i, _)| i == id).map(|(_, j)| j.to_string()).unwrap_or_default()
            }
            ScenarioRef::Inline(v) => serde_json::to_string_pretty(v).unwrap_or_default(),
        }
    }
}

/// Parse and validate a lesson; on failure, every problem with its JSON path.
pub fn parse(text: &str) -> Result<Lesson, ScenarioErrors> {
    from_value(&crate::input::strict::parse_json(text, MAX_LESSON_BYTES)?)
}

/// The largest lesson file read.
pub const MAX_LESSON_BYTES: usize = 4 * 1024 * 1024;

pub fn from_value(v: &Value) -> Result<Lesson, ScenarioErrors> {
    let mut errs = Errs::default();
    // The scenario's own strings are checked with it.
    for (k, x) in v.as_object().into_iter().flatten().filter(|(k, _)| *k != "scenario") {
        crate::input::strict::check_control_chars(x, &child("$", k), &mut errs);
    }
    let lesson = read(v, &mut errs);
    match lesson {
        Some(l) if errs.0.is_empty() => Ok(l),
        _ => {
            if errs.0.is_empty() {
                errs.push("$", "invalid lesson");
            }
            Err(ScenarioErrors { errors: errs.0, warnings: errs.1 })
        }
    }
}

fn read(v: &Value, errs: &mut Errs) -> Option<Lesson> {
    let mut o = Obj::new(v, "$", errs)?;
    match o.str("format", errs) {
        Some("schedscope-lesson") => {}
        Some(f) => errs.push("$.format", format!("found {f:?}, expected \"schedscope-lesson\"")),
        None if !o.has("format") => errs.push("$.format", "missing; expected \"schedscope-lesson\""),
        None => {}
    }
    let version = o.u64_in("version", 0, u64::MAX, errs).unwrap_or(VERSION);
    if version != VERSION {
        errs.push("$.version", format!("found {version}, expected {VERSION} (the only lesson format version)"));
    }
    let id = o.str("id", errs).unwrap_or("lesson").to_string();
    let mut concepts = Vec::new();
    if let Some(list) = o.get("concepts").and_then(|c| as_array(c, "$.concepts", 20, errs)) {
        for (i, c) in list.iter().enumerate() {
            let p = index("$.concepts", i);
            match c.as_str() {
                Some(name) if CONCEPTS.contains(&name) => concepts.push(name.to_string()),
                _ => errs.expected(&p, c, &format!("one of {}", CONCEPTS.join(", "))),
            }
        }
    }
    let title = bi(o.get("title"), "$.title", errs);
    let summary = bi(o.get("summary"), "$.summary", errs);
    let order = o.u64_in("order", 1, 999, errs).map(|n| n as u32);
    let recap = o.get("recap").and_then(|r| recap::read(r, errs));
    let (scenario_ref, scenario) = match o.get("scenario") {
        Some(Value::String(s)) => match s
            .strip_prefix("builtin:")
            .and_then(|id| scenario::builtin().iter().find(|(i, _)| *i == id))
        {
            Some((id, json)) => match scenario::parse(json) {
                Ok(sc) => (ScenarioRef::Builtin(id.to_string()), Some(sc)),
                Err(e) => {
                    e.errors.into_iter().for_each(|x| errs.0.push(prefixed(x, "$.scenario")));
                    (ScenarioRef::Builtin(id.to_string()), None)
                }
            },
            None => {
                errs.push(
                    "$.scenario",
                    format!("found {s:?}, expected \"builtin:<id>\" naming a built-in scenario, or a scenario object"),
                );
                (ScenarioRef::Builtin(s.clone()), None)
            }
        },
        Some(inline @ Value::Object(_)) => match scenario::from_value(inline) {
            Ok(sc) => (ScenarioRef::Inline(inline.clone()), Some(sc)),
            Err(e) => {
                e.errors.into_iter().for_each(|x| errs.0.push(prefixed(x, "$.scenario")));
                (ScenarioRef::Inline(inline.clone()), None)
            }
        },
        Some(other) => {
            errs.expected("$.scenario", other, "\"builtin:<id>\" or a scenario object");
            (ScenarioRef::Inline(Value::Null), None)
        }
        None => {
            errs.push("$.scenario", "missing; expected \"builtin:<id>\" or a scenario object");
            (ScenarioRef::Inline(Value::Null), None)
        }
    };
    let runs = runs::RunsRef(std::sync::Arc::new(runs::Runs::read(
        o.get("compare"),
        o.get("sweeps"),
        scenario.as_ref(),
        errs,
    )));
    let scenario_value = match &scenario_ref {
        ScenarioRef::Builtin(id) => scenario::builtin()
            .iter()
            .find(|(i, _)| i == id)
            .and_then(|(_, j)| serde_json::from_str(j).ok())
            .unwrap_or(Value::Null),
        ScenarioRef::Inline(v) => v.clone(),
    };
    let known = steps::known(scenario.as_ref(), &scenario_value, &runs);
    // The summary is shown before the run (configuration references only); the title as written.
    if let Some(b) = &summary {
        text::check_config_only(&b.en, "$.summary.en", &known, errs);
        text::check_config_only(&b.zh, "$.summary.zh", &known, errs);
    }
    if let Some(r) = &recap {
        for (lines, lang) in [(&r.en, "en"), (&r.zh, "zh")] {
            for (i, l) in lines.iter().enumerate() {
                text::check_config_only(l, &index(&format!("$.recap.{lang}"), i), &known, errs);
            }
        }
    }
    for (t, p) in title.iter().flat_map(|b| [(&b.en, "$.title.en"), (&b.zh, "$.title.zh")]) {
        if text::skeleton(t, "") != *t || t.contains('}') {
            errs.push(p, "a title is shown as written; expected no placeholder (no braces)");
        }
    }
    let mut steps = Vec::new();
    if let Some(list) = o.get("steps").and_then(|s| as_array(s, "$.steps", MAX_LESSON_STEPS, errs)) {
        let mut last_hb = 0u64;
        for (i, st) in list.iter().enumerate() {
            let p = index("$.steps", i);
            if let Some(step) = read_step(st, &p, scenario.as_ref(), &runs, &known, errs) {
                if let Some(h) = step.hb {
                    if h < last_hb {
                        errs.push(
                            &child(&p, "hb"),
                            format!("found {h}, expected {last_hb} or later (steps go forward in time)"),
                        );
                    }
                    last_hb = h;
                }
                steps.push(step);
            }
        }
        if list.is_empty() {
            errs.push("$.steps", "found no steps, expected at least one");
        }
    } else if !o.has("steps") {
        errs.push("$.steps", "missing; expected the narrative steps");
    }
    check_views(&steps, &runs, errs);
    o.finish(errs);
    Some(Lesson {
        id,
        concepts,
        title: title?,
        summary: summary?,
        order,
        recap,
        scenario_ref,
        scenario: scenario?,
        scenario_value,
        steps,
        runs,
    })
}
