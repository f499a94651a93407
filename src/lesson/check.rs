//! Resolving a lesson against its run: each step's heartbeat (a number, or the first heartbeat
//! after the previous step's where its `when` event holds), then every claim the step makes —
//! its `check` events, and the right answer of its prediction (and only that answer) — checked
//! on the decision records of that heartbeat. The page uses the resolved heartbeats to pause;
//! the tests use the failures to keep every lesson's narrative true.

use super::{Bi, Event, Lesson, text};
use crate::i18n::Lang;
use crate::lesson::event::Ctx;
use crate::sim::Simulation;
use serde::Serialize;

/// Heartbeats a lesson may run before its steps must have resolved.
pub const MAX_LESSON_HEARTBEATS: u64 = 50_000;

/// A narrative claim that the run does not bear out.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LessonFailure {
    /// JSON path of the step (or claim).
    pub path: String,
    pub hb: Option<u64>,
    pub message: String,
}

impl std::fmt::Display for LessonFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.hb {
            Some(hb) => write!(f, "{} (heartbeat {hb}): {}", self.path, self.message),
            None => write!(f, "{}: {}", self.path, self.message),
        }
    }
}

/// The lesson against its run.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Resolved {
    /// The heartbeat of each step, `None` where it could not be resolved.
    pub hbs: Vec<Option<u64>>,
    pub failures: Vec<LessonFailure>,
    /// Heartbeats the run has in all (or as far as it was computed).
    pub run_hbs: u64,
    /// Each step's texts with their placeholders filled at its heartbeat (`lesson::text`):
    /// `None` where the heartbeat could not be resolved.
    pub texts: Vec<Option<StepTexts>>,
    /// The visit (index into its heartbeat's `explain::visit::visits`) each step stops at.
    pub visits: Vec<Option<usize>>,
    /// That visit in words (`explain::visit::text::caption`), as the page's card says it.
    pub visit_texts: Vec<Option<Bi>>,
}

/// A step's rendered texts in English and Simplified Chinese.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StepTexts {
    pub text: Bi,
    pub question: Option<Bi>,
    pub choices: Vec<Bi>,
}

impl Resolved {
    /// Step `i`'s filled texts, if it resolved.
    pub fn texts(&self, i: usize) -> Option<&StepTexts> {
        self.texts.get(i).and_then(Option::as_ref)
    }
}

/// Fill a step's texts from the run at its heartbeat; a placeholder with no value there is a
/// failure at the text's path.
fn fill_step(lesson: &Lesson, i: usize, ctx: &Ctx, out: &mut Resolved, hb: u64) {
    let step = &lesson.steps[i];
    let src = text::Source { ctx, scenario: &lesson.scenario_value, runs: &lesson.runs };
    let mut fill = |b: &Bi, path: String| {
        let mut one = |s: &str, lang, p: String| {
            let (t, missing) = text::fill(s, lang, &src);
            for m in missing {
                out.failures.push(LessonFailure { path: p.clone(), hb: Some(hb), message: m });
            }
            t
        };
        Bi { en: one(&b.en, Lang::En, format!("{path}.en")), zh: one(&b.zh, Lang::Zh, format!("{path}.zh")) }
    };
    let p = format!("$.steps[{i}]");
    let text = fill(&step.text, format!("{p}.text"));
    let question = step.predict.as_ref().map(|q| fill(&q.question, format!("{p}.predict.question")));
    let choices = step
        .predict
        .iter()
        .flat_map(|q| q.choices.iter().enumerate())
        .map(|(k, c)| fill(&c.text, format!("{p}.predict.choices[{k}].text")))
        .collect();
    out.texts.push(Some(StepTexts { text, question, choices }));
}

fn describe(e: &Event) -> String {
    serde_json::to_string(e).unwrap_or_else(|_| format!("{e:?}"))
}

/// A claim that does not hold, with what the run gave where the claim can say.
fn failure(path: String, hb: u64, e: &Event) -> LessonFailure {
    let found = e.found().map(|f| format!(" ({f})")).unwrap_or_default();
    LessonFailure { path, hb: Some(hb), message: format!("{} does not hold{found}", describe(e)) }
}

/// Run the lesson's scenario and resolve every step. Never panics; a scenario that cannot
/// start is one failure at `$.scenario`.
pub fn resolve(lesson: &Lesson) -> Resolved {
    let mut out = Resolved {
        hbs: Vec::new(),
        failures: Vec::new(),
        run_hbs: 0,
        texts: Vec::new(),
        visits: Vec::new(),
        visit_texts: Vec::new(),
    };
    let mut sim = match Simulation::new(lesson.scenario.clone()) {
        Ok(s) => s,
        Err(e) => {
            out.failures.push(LessonFailure { path: "$.scenario".into(), hb: None, message: e.to_string() });
            return out;
        }
    };
    let mut prev = 0u64;
    let mut ended = false;
    for (i, step) in lesson.steps.iter().enumerate() {
        let path = format!("$.steps[{i}]");
        let fail = |out: &mut Resolved, hb, message: String| {
            out.failures.push(LessonFailure { path: path.clone(), hb, message })
        };
        // Where the step is.
        let hb = match (&step.when, step.hb) {
            (None, Some(h)) => Some(h),
            (Some(ev), fixed) => {
                let mut found = None;
                let mut h = prev + 1;
                while h <= MAX_LESSON_HEARTBEATS && fixed.is_none_or(|f| h <= f) {
                    if sim.hb() < h {
                        sim.go_to(h);
                        if sim.hb() < h {
                            ended = true;
                            break;
                        }
                    }
                    let recs = prefix(&sim, h);
                    let ctx = Ctx { records: &recs, engine: sim.engine() };
                    if ev.holds(&ctx) {
                        found = Some(h);
                        break;
                    }
                    h += 1;
                }
                match (found, fixed) {
                    (Some(f), Some(x)) if f != x => {
                        fail(
                            &mut out,
                            Some(f),
                            format!("\"when\" first holds at heartbeat {f}, but the step says {x}"),
                        );
                    }
                    (None, Some(x)) => fail(
                        &mut out,
                        Some(x),
                        format!(
                            "\"when\" {} does not hold at heartbeat {x} (nor between the previous step and it)",
                            describe(ev)
                        ),
                    ),
                    (None, None) => {
                        fail(&mut out, None, format!("\"when\" {} never holds after heartbeat {prev}", describe(ev)))
                    }
                    _ => {}
                }
                found.or(fixed)
            }
            (None, None) => None,
        };
        out.hbs.push(hb);
        out.visits.push(None);
        out.visit_texts.push(None);
        let Some(hb) = hb else {
            out.texts.push(None);
            continue;
        };
        prev = prev.max(hb);
        if hb == 0 {
            fill_step(lesson, i, &Ctx { records: &[], engine: sim.engine() }, &mut out, 0);
            for (k, ev) in step.check.iter().enumerate() {
                if !ev.is_run_level() {
                    fail(&mut out, Some(0), "claims need a heartbeat; heartbeat 0 is before the first".into());
                } else if !ev.holds(&Ctx { records: &[], engine: sim.engine() }) {
                    out.failures.push(failure(format!("{path}.check[{k}]"), 0, ev));
                }
            }
            continue;
        }
        if sim.hb() != hb {
            sim.go_to(hb);
        }
        if sim.hb() != hb {
            ended = true;
            fail(&mut out, Some(hb), format!("the run ends after heartbeat {}", sim.hb()));
            out.texts.push(None);
            continue;
        }
        let recs = prefix(&sim, hb);
        let ctx = Ctx { records: &recs, engine: sim.engine() };
        fill_step(lesson, i, &ctx, &mut out, hb);
        if let (Some(pick), Some(rec)) = (&step.visit, sim.last_record()) {
            let visits = crate::explain::visit::visits(rec);
            match pick.find(&visits) {
                Some(at) => {
                    use crate::explain::visit::text::caption;
                    out.visits[i] = Some(at);
                    let v = &visits[at];
                    out.visit_texts[i] = Some(Bi { en: caption(rec, v, Lang::En), zh: caption(rec, v, Lang::Zh) });
                }
                None => {
                    let has: Vec<&str> = visits.iter().map(|v| v.step.name()).collect();
                    out.failures.push(LessonFailure {
                        path: format!("{path}.visit"),
                        hb: Some(hb),
                        message: format!(
                            "no visit {} at this heartbeat; its visits: {}",
                            pick.describe(),
                            has.join(", ")
                        ),
                    });
                }
            }
        }
        for (k, ev) in step.check.iter().enumerate() {
            if !ev.holds(&ctx) {
                out.failures.push(failure(format!("{path}.check[{k}]"), hb, ev));
            }
        }
        if let Some(p) = &step.predict {
            for (k, c) in p.choices.iter().enumerate() {
                let holds = c.event.holds(&ctx);
                if k == p.answer && !holds {
                    out.failures.push(LessonFailure {
                        path: format!("{path}.predict.choices[{k}]"),
                        hb: Some(hb),
                        message: format!("the answer's event {} does not hold", describe(&c.event)),
                    });
                } else if k != p.answer && holds {
                    out.failures.push(LessonFailure {
                        path: format!("{path}.predict.choices[{k}]"),
                        hb: Some(hb),
                        message: format!("a wrong choice's event {} holds too", describe(&c.event)),
                    });
                }
            }
        }
    }
    // The scenario's own expectations (scripted lessons are self-checking too). In automatic
    // mode the engine's failures are only rejected submissions, which a lesson may show.
    if lesson.scenario.steps.is_none() {
        out.run_hbs = sim.total_hbs_known();
        return out;
    }
    if !ended {
        let last = out.hbs.iter().flatten().max().copied().unwrap_or(0);
        sim.go_to(last);
    }
    for f in sim.failures() {
        out.failures.push(LessonFailure {
            path: format!("$.scenario ({})", f.step),
            hb: f.hb,
            message: f.message.clone(),
        });
    }
    out.run_hbs = sim.total_hbs_known();
    out
}

/// The narrative as the CLI prints it: each step with its heartbeat, then any failure.
pub fn render(lesson: &Lesson, r: &Resolved, lang: crate::i18n::Lang) -> Vec<String> {
    let mut out = vec![
        format!("{} — {}", lesson.id, lesson.title.pick(lang)),
        format!("  {}", lesson.summary_shown().pick(lang)),
    ];
    for (i, step) in lesson.steps.iter().enumerate() {
        let hb = r.hbs.get(i).copied().flatten().map(|h| h.to_string()).unwrap_or_else(|| "?".into());
        let pause = if step.pause { " ‖" } else { "" };
        let filled = r.texts(i);
        let text = filled.map(|t| t.text.pick(lang)).unwrap_or(step.text.pick(lang));
        out.push(format!("  [hb {hb}{pause}] {text}"));
        if let (Some(at), Some(t)) = (r.visits.get(i).copied().flatten(), r.visit_texts.get(i).and_then(Option::as_ref))
        {
            let which = crate::i18n::k::lesson_visit.fill(lang, &[&(at + 1).to_string()]);
            out.push(format!("      ▸ {which}: {}", t.pick(lang)));
        }
        // Run-level figures, with what the run gave, so the narrative's numbers can be compared.
        for e in step.check.iter() {
            if let (true, Some(found)) = (e.is_run_level(), e.found()) {
                out.push(format!("      = {} {found}", describe(e)));
            }
        }
        if let Some(p) = &step.predict {
            let q = filled.and_then(|t| t.question.as_ref()).unwrap_or(&p.question);
            out.push(format!("      ? {}", q.pick(lang)));
            for (k, c) in p.choices.iter().enumerate() {
                let c = filled.and_then(|t| t.choices.get(k)).unwrap_or(&c.text);
                out.push(format!("      {} {}", if k == p.answer { "*" } else { "-" }, c.pick(lang)));
            }
        }
    }
    for f in &r.failures {
        out.push(format!("  FAIL {f}"));
    }
    out
}

/// Records of heartbeats 1..=h: borrowed while history keeps them all, recomputed past its
/// record window (long runs), so claims about earlier heartbeats still see every record.
fn prefix(sim: &crate::sim::Simulation, h: u64) -> std::borrow::Cow<'_, [crate::explain::HeartbeatRecord]> {
    if sim.records_start() == 0 && sim.records().len() as u64 >= h {
        std::borrow::Cow::Borrowed(&sim.records()[..h as usize])
    } else {
        let mut v = Vec::with_capacity(h as usize);
        sim.for_each_record(1, h, |r| v.push(r.clone()));
        std::borrow::Cow::Owned(v)
    }
}
