//! What is built in (scenarios, lessons) and lessons checked against their runs.

use crate::convert::{Input, error, input, scenario_errors, text, to_js};
use schedscope::lesson::{self, Lesson};
use schedscope::scenario;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[derive(Serialize)]
struct ScenarioEntry {
    id: &'static str,
    title: Option<scenario::Text>,
    scheduler: Option<scenario::SchedulerKind>,
}

#[derive(Serialize)]
struct LessonEntry<'a> {
    id: &'static str,
    title: &'a lesson::Bi,
    /// As shown: configuration references filled.
    summary: lesson::Bi,
    concepts: &'a [String],
    steps: usize,
}

/// The package version (`Cargo.toml`), e.g. `"0.1.0"`.
#[wasm_bindgen]
pub fn version() -> String {
    env!("CARGO_PKG_VERSION").to_string()
}

/// The built-in scenarios: `[{id, title: {en, zh}, scheduler}]`; load one with
/// `new Simulation("builtin:<id>")`.
#[wasm_bindgen]
pub fn scenarios() -> Result<JsValue, JsValue> {
    let list: Vec<ScenarioEntry> = scenario::builtin()
        .iter()
        .map(|(id, json)| {
            let s = scenario::parse(json).ok();
            ScenarioEntry { id, title: s.as_ref().and_then(|s| s.title.clone()), scheduler: s.map(|s| s.scheduler) }
        })
        .collect();
    to_js(&list)
}

/// A built-in scenario as an object (the JSON of `docs/scenario-format.md`), to edit and load.
#[wasm_bindgen]
pub fn scenario(id: JsValue) -> Result<JsValue, JsValue> {
    let id = text(&id, "scenario")?;
    let id = id.strip_prefix("builtin:").unwrap_or(&id);
    let json = builtin_scenario(id)?;
    let v: serde_json::Value = serde_json::from_str(json).map_err(|e| error(&e.to_string(), &[]))?;
    to_js(&v)
}

pub fn builtin_scenario(id: &str) -> Result<&'static str, JsValue> {
    scenario::builtin()
        .iter()
        .find(|(i, _)| *i == id)
        .map(|(_, j)| *j)
        .ok_or_else(|| error(&format!("no built-in scenario {id:?}; scenarios() lists them"), &[]))
}

/// The built-in lessons: `[{id, title: {en, zh}, summary: {en, zh}, concepts, steps}]`.
#[wasm_bindgen]
pub fn lessons() -> Result<JsValue, JsValue> {
    let parsed: Vec<(&'static str, Lesson)> =
        lesson::builtin().iter().filter_map(|(id, json)| lesson::parse(json).ok().map(|l| (*id, l))).collect();
    let list: Vec<LessonEntry> = parsed
        .iter()
        .map(|(id, l)| LessonEntry {
            id,
            title: &l.title,
            summary: l.summary_shown(),
            concepts: &l.concepts,
            steps: l.steps.len(),
        })
        .collect();
    to_js(&list)
}

/// A lesson from `"builtin:<id>"`, JSON text or an object (`docs/lesson-format.md`).
pub fn read_lesson(v: JsValue) -> Result<Lesson, JsValue> {
    let parsed = match input(v, "lesson")? {
        Input::Builtin(id) => {
            let json = lesson::builtin()
                .iter()
                .find(|(i, _)| *i == id)
                .map(|(_, j)| *j)
                .ok_or_else(|| error(&format!("no built-in lesson {id:?}; lessons() lists them"), &[]))?;
            lesson::parse(json)
        }
        Input::Text(t) => lesson::parse(&t),
        Input::Object(o) => lesson::from_value(&o),
    };
    parsed.map_err(|e| scenario_errors("lesson", &e))
}

/// A lesson read and validated: `{id, concepts, title, summary, scenario_ref, steps}`, each
/// step with its heartbeat or `when` event, claims, pointer, text and prediction.
#[wasm_bindgen]
pub fn lesson(lesson: JsValue) -> Result<JsValue, JsValue> {
    to_js(&read_lesson(lesson)?)
}

/// Run a lesson's scenario and check every claim its steps make (`schedscope lesson`):
/// `{hbs: [heartbeat of each step, or null], failures: [{path, hb, message}], run_hbs}`. A
/// lesson whose narrative holds has no failures.
#[wasm_bindgen(js_name = checkLesson)]
pub fn check_lesson(lesson: JsValue) -> Result<JsValue, JsValue> {
    to_js(&lesson::resolve(&read_lesson(lesson)?))
}

/// Simplified Chinese text in Traditional characters, as SchedScope shows 繁體中文 (lesson
/// and scenario texts come in `en` and `zh`; this gives their Traditional form). Throws on
/// anything but a string.
#[wasm_bindgen(js_name = toHant)]
pub fn to_hant(simplified: JsValue) -> Result<String, JsValue> {
    Ok(schedscope::i18n::to_hant(&text(&simplified, "toHant")?))
}
