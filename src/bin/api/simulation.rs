//! `Simulation` in JavaScript: `schedscope::sim::Simulation` (history, checkpoints, replay)
//! behind methods that take and return plain values.

use crate::catalogue::{builtin_scenario, read_lesson};
use crate::convert::{Input, heartbeat, heartbeat_or, index, input, lang, scenario_errors, text as text_arg, to_js};
use schedscope::explain::text;
use schedscope::scenario;
use schedscope::sim::{self, interesting};
use wasm_bindgen::prelude::*;

/// A run of one scenario that steps forward and back and jumps; every heartbeat's record is
/// kept or recomputed on demand, so any heartbeat can be read again.
#[wasm_bindgen(js_name = Simulation)]
pub struct JsSimulation {
    sim: sim::Simulation,
}

#[wasm_bindgen(js_class = Simulation)]
impl JsSimulation {
    /// `new Simulation(scenario)`: a scenario as JSON text, `"builtin:<id>"`, or an object.
    /// Throws an `Error` listing every problem (`error.errors`: `[{path, message}]`).
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: JsValue) -> Result<JsSimulation, JsValue> {
        let parsed = match input(scenario, "scenario")? {
            Input::Builtin(id) => scenario::parse(builtin_scenario(&id)?),
            Input::Text(t) => scenario::parse(&t),
            Input::Object(v) => scenario::from_value(&v),
        };
        let s = parsed.map_err(|e| scenario_errors("scenario", &e))?;
        let sim = sim::Simulation::new(s).map_err(|e| scenario_errors("scenario", &e))?;
        Ok(JsSimulation { sim })
    }

    /// The run of a lesson's scenario (`"builtin:<id>"`, JSON text or an object).
    #[wasm_bindgen(js_name = forLesson)]
    pub fn for_lesson(lesson: JsValue) -> Result<JsSimulation, JsValue> {
        let l = read_lesson(lesson)?;
        let sim = sim::Simulation::new(l.scenario).map_err(|e| scenario_errors("lesson scenario", &e))?;
        Ok(JsSimulation { sim })
    }

    /// The current heartbeat (0: before the first).
    #[wasm_bindgen(getter)]
    pub fn hb(&self) -> f64 {
        self.sim.hb() as f64
    }

    /// Simulated time of the current heartbeat, in milliseconds.
    #[wasm_bindgen(getter, js_name = timeMs)]
    pub fn time_ms(&self) -> f64 {
        self.sim.time_ms() as f64
    }

    /// Heartbeats computed so far.
    #[wasm_bindgen(getter)]
    pub fn known(&self) -> f64 {
        self.sim.total_hbs_known() as f64
    }

    /// The run's last heartbeat once the end has been reached, otherwise `null`.
    #[wasm_bindgen(getter, js_name = endHb)]
    pub fn end_hb(&self) -> JsValue {
        self.sim.end_known().map_or(JsValue::NULL, |h| JsValue::from_f64(h as f64))
    }

    /// Whether the run has ended and this is its last heartbeat.
    #[wasm_bindgen(getter)]
    pub fn finished(&self) -> bool {
        self.sim.finished()
    }

    /// Run the next heartbeat; its record, or `null` when the run has ended.
    #[wasm_bindgen(js_name = stepForward)]
    pub fn step_forward(&mut self) -> Result<JsValue, JsValue> {
        if !self.sim.step_forward() {
            return Ok(JsValue::NULL);
        }
        to_js(&self.sim.last_record())
    }

    /// Step back one heartbeat; `false` at heartbeat 0.
    #[wasm_bindgen(js_name = stepBack)]
    pub fn step_back(&mut self) -> bool {
        self.sim.step_back()
    }

    /// Jump to heartbeat `hb` (computing forward if needed; past the end: the end). Returns the
    /// heartbeat reached. `hb` must be a whole number from 0 (a number: `'10'` throws).
    #[wasm_bindgen(js_name = goTo)]
    pub fn go_to(&mut self, hb: JsValue) -> Result<f64, JsValue> {
        self.sim.go_to(heartbeat(&hb, "goTo")?);
        Ok(self.sim.hb() as f64)
    }

    /// Run to the end (at most `max` heartbeats more, default 100,000). Returns the heartbeat
    /// reached.
    #[wasm_bindgen(js_name = runToEnd)]
    pub fn run_to_end(&mut self, max: JsValue) -> Result<f64, JsValue> {
        self.sim.run_to_end(heartbeat_or(&max, "runToEnd", 100_000)?);
        Ok(self.sim.hb() as f64)
    }

    /// Step forward to the next heartbeat worth stopping at (a task assigned, an order or a
    /// locality level changed, a rule bit; at most `max` heartbeats, default 10,000). Returns
    /// the reasons (`["assignment", "reorder", "level_change", "rule_bit"]`), or `null` if the
    /// run ended first.
    #[wasm_bindgen(js_name = nextInteresting)]
    pub fn next_interesting(&mut self, max: JsValue) -> Result<JsValue, JsValue> {
        let max = heartbeat_or(&max, "nextInteresting", 10_000)?;
        to_js(&interesting::step_to_next(&mut self.sim, max))
    }

    /// The record of heartbeat `hb` (default: the current one), exactly as
    /// `schedscope run --json` prints it; `null` for heartbeat 0 and heartbeats not computed.
    pub fn record(&self, hb: JsValue) -> Result<JsValue, JsValue> {
        let hb = heartbeat_or(&hb, "record", self.sim.hb())?;
        to_js(&self.sim.record_at(hb))
    }

    /// The records of heartbeats `from..=to` (default: all computed), clamped to those
    /// computed.
    pub fn records(&self, from: JsValue, to: JsValue) -> Result<JsValue, JsValue> {
        let from = heartbeat_or(&from, "records (from)", 1)?;
        let to = heartbeat_or(&to, "records (to)", self.sim.total_hbs_known())?;
        let mut out = Vec::new();
        self.sim.for_each_record(from, to, |r| out.push(r.clone()));
        to_js(&out)
    }

    /// Heartbeat `hb` (default: the current one) in slow motion: the scheduler's visits in
    /// order, each `{kind, step: {what, ...values}, launched, launch?, code?: {method, line}}`,
    /// ending with `{step: {what: 'end'}}` (`explain::visit`); `[]` for heartbeat 0 and
    /// heartbeats not computed.
    pub fn visits(&self, hb: JsValue) -> Result<JsValue, JsValue> {
        let hb = heartbeat_or(&hb, "visits", self.sim.hb())?;
        to_js(&self.sim.record_at(hb).map(|r| schedscope::explain::visit::visits(&r)).unwrap_or_default())
    }

    /// Slow motion's sentence for each of `visits()`, in `lang` (as `explain`): what the visit
    /// checked, with its values.
    #[wasm_bindgen(js_name = visitCaptions)]
    pub fn visit_captions(&self, lang_code: JsValue) -> Result<Vec<String>, JsValue> {
        let lang = lang(&lang_code, "visitCaptions")?;
        Ok(self
            .sim
            .last_record()
            .map(|r| {
                schedscope::explain::visit::visits(r)
                    .iter()
                    .map(|v| lang.text(schedscope::explain::visit::text::caption(r, v, lang.lang())))
                    .collect()
            })
            .unwrap_or_default())
    }

    /// What the grid shows now: `{hb, time_ms, heartbeating, racks: [{name, nodes: [{tracker,
    /// host, map_slots, reduce_slots}]}], jobs, counted}`. With `visit` (an index into
    /// `visits()`), the grid part-way through the current heartbeat as slow motion draws it: the
    /// launches of the later visits not made yet.
    pub fn view(&self, visit: JsValue) -> Result<JsValue, JsValue> {
        let view = self.sim.view();
        if visit.is_undefined() || visit.is_null() {
            return to_js(&view);
        }
        let at = index(&visit, "view: visit")?;
        let Some(rec) = self.sim.last_record() else {
            return Err(crate::convert::error(
                &format!(
                    "view: visit {at}: expected a visit of the current heartbeat, found heartbeat 0, which has none"
                ),
                &[],
            ));
        };
        let visits = schedscope::explain::visit::visits(rec);
        let Some(v) = visits.get(at) else {
            return Err(crate::convert::error(
                &format!(
                    "view: visit {at}: expected one of heartbeat {}'s visits (0 to {}), found {at}",
                    rec.hb,
                    visits.len().saturating_sub(1)
                ),
                &[],
            ));
        };
        let pending: Vec<_> = rec.assigned.iter().skip(v.launched).map(|a| a.attempt_id()).collect();
        to_js(&view.before_launches(&pending))
    }

    /// What the stage draws besides the slots, after the current heartbeat (`sim::stage`): the
    /// scheduler's state and the values it decided with, tagged by `scheduler` (`fifo`, `fair`,
    /// `capacity`, `spark`). The page's overlays draw exactly this (`docs/js-api.md`, "Checking
    /// the screen").
    pub fn stage(&self) -> Result<JsValue, JsValue> {
        to_js(&self.sim.stage())
    }

    /// The code view of the current heartbeat: each Hadoop method that ran, with the branches
    /// taken and its variables' values (`explain::code::views`). `job` and `queue` (optional)
    /// choose whose path is shown when the heartbeat evaluated several, as the page's focus
    /// does.
    #[wasm_bindgen(js_name = codeViews)]
    pub fn code_views(&self, job: JsValue, queue: JsValue) -> Result<JsValue, JsValue> {
        let job = if job.is_undefined() || job.is_null() { None } else { Some(index(&job, "codeViews: job")? as u32) };
        let queue =
            if queue.is_undefined() || queue.is_null() { None } else { Some(text_arg(&queue, "codeViews: queue")?) };
        let focus = schedscope::explain::code::Focus { job, queue };
        to_js(&self.sim.last_record().map(|r| schedscope::explain::code::views(r, &focus)).unwrap_or_default())
    }

    /// Why heartbeat `hb` (default: the current one) went as it did, in sentences: the CLI's
    /// text, one string per line. `lang`: `"en"` (default), `"zh"` (简体) or `"zh-Hant"` (繁體;
    /// also `"zh-TW"`, `"zh-HK"`).
    pub fn explain(&self, lang_code: JsValue, hb: JsValue) -> Result<Vec<String>, JsValue> {
        let lang = lang(&lang_code, "explain")?;
        let hb = heartbeat_or(&hb, "explain", self.sim.hb())?;
        Ok(self.sim.record_at(hb).map(|r| lang.lines(text::render(&r, lang.lang()))).unwrap_or_default())
    }

    /// Expectations of a self-checking scenario that the run did not meet so far:
    /// `[{step, hb, message}]`.
    pub fn failures(&self) -> Result<JsValue, JsValue> {
        to_js(self.sim.failures())
    }
}
