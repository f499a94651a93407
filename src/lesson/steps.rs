//! Reading one lesson step strictly: its text in both languages, what it points at, its
//! prediction, and whether the view it opens (compare mode, the sweeps) is declared.

use super::VIEWS;
use super::key::Key;
use super::point::{Point, Target};
use super::{Bi, Choice, Event, LessonStep, MAX_CHOICES, Predict, event, runs, text};
use crate::input::json::{Errs, Obj, as_array, child, index};
use crate::scenario::{Scenario, ScenarioError};
use serde_json::Value;

pub(super) fn bi(v: Option<&Value>, path: &str, errs: &mut Errs) -> Option<Bi> {
    let Some(v) = v else {
        errs.push(path, "missing; expected {\"en\": ..., \"zh\": ...}");
        return None;
    };
    let mut o = Obj::new(v, path, errs)?;
    let en = o.str("en", errs).map(str::to_string);
    let zh = o.str("zh", errs).map(str::to_string);
    for (k, t) in [("en", &en), ("zh", &zh)] {
        match t {
            None if !o.has(k) => errs.push(&o.path_of(k), "missing; every lesson text exists in English and Chinese"),
            Some(s) if s.trim().is_empty() => errs.push(&o.path_of(k), "empty text"),
            _ => {}
        }
    }
    o.finish(errs);
    Some(Bi { en: en?, zh: zh? })
}

/// The point parsed, and checked against the lesson's scenario (its trackers and racks).
fn read_point(p: &str, path: &str, s: Option<&Scenario>, errs: &mut Errs) -> Option<Point> {
    let point = match p.parse::<Point>() {
        Ok(point) => point,
        Err(e) => {
            errs.push(path, e.to_string());
            return None;
        }
    };
    let tracker = |n: &str| s.is_none_or(|s| s.trackers.iter().any(|t| t.name == n));
    let ok = match point.target() {
        Target::Tracker(n) | Target::Budget(n) => tracker(n),
        Target::Rack(n) => s.is_none_or(|s| s.topology.iter().any(|(r, _)| r == n)),
        _ => true,
    };
    if !ok {
        errs.push(path, format!("found {p:?}: no such {} in this lesson", point.kind()));
    }
    Some(point)
}

/// A text of a step, with its placeholders checked (`lesson::text`).
fn step_text(v: Option<&Value>, path: &str, known: &text::Known, errs: &mut Errs) -> Option<Bi> {
    let b = bi(v, path, errs)?;
    text::check(&b.en, &child(path, "en"), known, errs);
    text::check(&b.zh, &child(path, "zh"), known, errs);
    Some(b)
}

/// What the placeholders of the lesson's text may name.
pub(super) fn known(s: Option<&Scenario>, value: &Value, runs: &runs::RunsRef) -> text::Known {
    let mut k = text::Known {
        scenario: (!value.is_null()).then(|| value.clone()),
        variants: runs.0.compare.as_ref().map(|c| c.variants.len()).unwrap_or(0),
        sweeps: runs.0.sweeps.iter().map(|w| w.delays_ms.clone()).collect(),
        ..Default::default()
    };
    let Some(s) = s else { return k };
    let submitted = s.steps.iter().flatten().filter_map(|st| match &st.kind {
        crate::scenario::StepKind::Submit { job } => Some(job.as_ref()),
        _ => None,
    });
    let mut jobs = Vec::new();
    for j in s.jobs.iter().chain(submitted) {
        jobs.push(j.id);
        push_new(&mut k.groups, &j.queue);
        push_new(&mut k.users, &j.user);
    }
    k.jobs = Some(jobs);
    if let Some(c) = &s.capacity {
        crate::sched::capacity::queue_list::queue_names(&c.props).iter().for_each(|q| push_new(&mut k.groups, q));
    }
    if let Some(f) = &s.fair {
        f.allocations.pools.iter().for_each(|(p, _)| push_new(&mut k.groups, p));
    }
    k.trackers = s.trackers.iter().map(|t| t.name.clone()).collect();
    k
}

fn push_new(list: &mut Vec<String>, x: &str) {
    if !list.iter().any(|y| y == x) {
        list.push(x.to_string());
    }
}

fn read_predict(v: &Value, path: &str, runs: &runs::RunsRef, known: &text::Known, errs: &mut Errs) -> Option<Predict> {
    let mut o = Obj::new(v, path, errs)?;
    let question = step_text(o.get("question"), &o.path_of("question"), known, errs);
    let cp = o.path_of("choices");
    let mut choices = Vec::new();
    match o.get("choices").and_then(|c| as_array(c, &cp, MAX_CHOICES, errs)) {
        Some(list) => {
            for (i, c) in list.iter().enumerate() {
                let p = index(&cp, i);
                let Some(mut co) = Obj::new(c, &p, errs) else { continue };
                let text = step_text(co.get("text"), &co.path_of("text"), known, errs);
                let ep = co.path_of("event");
                let event = match co.get("event") {
                    Some(e) => event::parse(e, &ep, runs, errs),
                    None => {
                        errs.push(&ep, "missing; every choice names the event that makes it right");
                        None
                    }
                };
                co.finish(errs);
                if let (Some(text), Some(event)) = (text, event) {
                    choices.push(Choice { text, event });
                }
            }
        }
        None if !o.has("choices") => errs.push(&cp, "missing; expected 2 to 6 choices"),
        None => {}
    }
    let answer = o.u64_in("answer", 0, MAX_CHOICES as u64 - 1, errs);
    if answer.is_none() && !o.has("answer") {
        errs.push(&o.path_of("answer"), "missing; expected the index of the right choice");
    }
    o.finish(errs);
    let answer = answer? as usize;
    if choices.len() < 2 {
        errs.push(&cp, format!("found {} choices, expected 2 to {MAX_CHOICES}", choices.len()));
    } else if answer >= choices.len() {
        errs.push(&child(path, "answer"), format!("found {answer}, expected an index below {}", choices.len()));
    }
    Some(Predict { question: question?, choices, answer })
}

/// The step's `keys`: known names, each once, each drawn by the step's view for the lesson's
/// scheduler (a Fair wait on a Capacity stage would mark nothing).
fn read_keys(o: &mut Obj, s: Option<&Scenario>, view: &str, errs: &mut Errs) -> Vec<Key> {
    let kp = o.path_of("keys");
    let Some(list) = o.get("keys").and_then(|k| as_array(k, &kp, super::key::ALL.len(), errs)) else {
        return Vec::new();
    };
    let mut keys = Vec::new();
    for (i, v) in list.iter().enumerate() {
        let p = index(&kp, i);
        let Some(name) = v.as_str() else {
            errs.push(&p, format!("found {v}, expected a key name"));
            continue;
        };
        match name.parse::<Key>() {
            Err(e) => errs.push(&p, e),
            Ok(k) if keys.contains(&k) => errs.push(&p, format!("found {name:?} twice")),
            Ok(k) => {
                if let Some(sc) = s
                    && !k.drawn_by(sc.scheduler, view)
                {
                    errs.push(
                        &p,
                        format!(
                            "found {name:?}, which a {} step of a {} lesson does not draw",
                            view,
                            sc.scheduler.as_str()
                        ),
                    );
                }
                keys.push(k);
            }
        }
    }
    keys
}

pub(super) fn read_step(
    v: &Value,
    path: &str,
    s: Option<&Scenario>,
    runs: &runs::RunsRef,
    known: &text::Known,
    errs: &mut Errs,
) -> Option<LessonStep> {
    let mut o = Obj::new(v, path, errs)?;
    let hb = o.u64_in("hb", 0, crate::scenario::limits::MAX_NAMED_HEARTBEAT, errs);
    let when = o.get("when").and_then(|w| event::parse(w, &child(path, "when"), runs, errs));
    if hb.is_none() && when.is_none() && !o.has("hb") && !o.has("when") {
        errs.push(path, "expected \"hb\" (a heartbeat number) or \"when\" (an event), or both");
    }
    let cp = o.path_of("check");
    let check = match o.get("check").and_then(|c| as_array(c, &cp, 20, errs)) {
        Some(list) => {
            list.iter().enumerate().filter_map(|(i, e)| event::parse(e, &index(&cp, i), runs, errs)).collect()
        }
        None => Vec::new(),
    };
    let pause = o.bool("pause", errs).unwrap_or(false);
    let point = o.str("point", errs).and_then(|p| read_point(p, &child(path, "point"), s, errs));
    let text = step_text(o.get("text"), &o.path_of("text"), known, errs);
    let predict = o.get("predict").and_then(|p| read_predict(p, &child(path, "predict"), runs, known, errs));
    let view = o.str("view", errs).map(str::to_string);
    if let Some(v) = &view
        && !VIEWS.contains(&v.as_str())
    {
        errs.push(&child(path, "view"), format!("found {v:?}, expected one of {}", VIEWS.join(", ")));
    }
    let keys = read_keys(&mut o, s, view.as_deref().unwrap_or("stage"), errs);
    let visit = o.get("visit").and_then(|v| super::visit::VisitPick::read(v, &child(path, "visit"), errs));
    if visit.is_some() && hb == Some(0) {
        errs.push(&child(path, "visit"), "heartbeat 0 has no visits; expected \"hb\" of 1 or more");
    }
    if visit.is_some() && view.as_deref().is_some_and(|v| v != "stage") {
        errs.push(&child(path, "visit"), "a visit is shown on the stage; expected no \"view\" or \"view\": \"stage\"");
    }
    if predict.is_some() && hb == Some(0) {
        errs.push(&child(path, "predict"), "a prediction is revealed by a heartbeat; expected \"hb\" of 1 or more");
    }
    o.finish(errs);
    Some(LessonStep { hb, when, check, pause, point, keys, text: text?, predict, view, visit })
}

pub(super) fn prefixed(e: ScenarioError, prefix: &str) -> ScenarioError {
    let path = match e.path.strip_prefix('$') {
        Some(rest) => format!("{prefix}{rest}"),
        None => format!("{prefix}: {}", e.path),
    };
    ScenarioError { path, message: e.message }
}

/// A step that opens compare mode or the sweeps (or points into them) needs the lesson to
/// declare them; a run-level claim cannot anchor a step (it holds at every heartbeat alike).
pub(super) fn check_views(steps: &[LessonStep], runs: &runs::RunsRef, errs: &mut Errs) {
    for (i, step) in steps.iter().enumerate() {
        let p = format!("$.steps[{i}]");
        if step.when.as_ref().is_some_and(Event::is_run_level) {
            errs.push(&format!("{p}.when"), "a figure holds at every heartbeat alike; put it in \"check\"");
        }
        let view = step.view.as_deref().unwrap_or("stage");
        if view == "compare" && runs.0.compare.is_none() {
            errs.push(&format!("{p}.view"), "opens compare mode, but the lesson has no \"compare\"");
        }
        if view == "sweep" && runs.0.sweeps.is_empty() {
            errs.push(&format!("{p}.view"), "opens the sweeps, but the lesson has no \"sweeps\"");
        }
        if let Some(kind @ ("compare" | "sweep")) = step.point.as_ref().map(Point::kind)
            && kind != view
        {
            errs.push(
                &format!("{p}.point"),
                format!("points into {kind}, but the step shows {view:?}; expected \"view\": \"{kind}\""),
            );
        }
    }
}
