//! What the page can be asked to do, and how each request changes `Lab`.

use std::rc::Rc;

use yew::Reducible;

use super::compare::CompareAction;
use super::platform;
use super::practice::PracticeAction;
use super::state::{Chart, Dialog, KEY_LANG, KEY_SAVED, KEY_SPEED, KEY_THEME, Lab, Origin, SPEEDS, Saved, Tab};
use crate::i18n::Locale;
use crate::sim::interesting;

/// Most heartbeats one "next interesting" search or one "last" jump computes.
const SEARCH_LIMIT: u64 = 50_000;

pub enum Action {
    Select(usize),
    SelectSaved(String),
    Next,
    Prev,
    First,
    Last,
    GoTo(u64),
    NextInteresting,
    TogglePlay,
    /// A timer tick while playing: advance this many heartbeats.
    Tick(u32),
    Faster,
    Slower,
    SetLang(Locale),
    ToggleLang,
    ToggleTheme,
    TogglePresent,
    SelectJob(Option<u32>),
    /// Run the same workload under another scheduler (`"fifo"`, `"fair"`, ...).
    SetScheduler(&'static str),
    Open(Dialog),
    Close,
    SetTab(Tab),
    /// Load scenario text (editor, file): `(label, text)`.
    Apply(String, String),
    /// Save scenario text in the browser under a name.
    Save(String, String),
    /// Open a share link's hash (with or without `#`).
    OpenLink(String),
    DismissBanner,
    Toast(Option<&'static str>),
    /// Open the built-in lesson with this index at its first step.
    OpenLesson(usize),
    /// Go to step `i` of the lesson.
    LessonStep(usize),
    LessonChoose(usize),
    /// Step to the prediction's heartbeat.
    LessonReveal,
    ExitLesson,
    SetChart(Chart),
    SetCodeMethod(Option<&'static str>),
    SetCodeJob(Option<u32>),
    /// Open compare mode on the current scenario (or the paper's workload).
    OpenCompare,
    CloseCompare,
    Compare(CompareAction),
    /// One slice of computing the run ahead (scheduled by the page while `Lab::computing`).
    ComputeAhead,
    /// A message from the page embedding this one (`embed`), or why it cannot be obeyed.
    Embed(Result<crate::share::embed::Command, String>),
    Practice(PracticeAction),
}

impl Lab {
    fn with_sim(&self, f: impl FnOnce(&mut crate::sim::Simulation) -> bool) -> Option<Lab> {
        let cell = self.sim.as_ref().ok()?;
        let (changed, grew) = {
            let mut sim = cell.borrow_mut();
            let (hb, known) = (sim.hb(), sim.total_hbs_known());
            let moved = f(&mut sim);
            (moved || sim.hb() != hb, sim.total_hbs_known() != known)
        };
        if !changed {
            return None;
        }
        let mut next = self.clone();
        next.version += 1;
        if grew {
            next.refresh_marks();
        }
        next.after_move();
        Some(next)
    }

    /// After the heartbeat changed: record the charts' series that far, follow the lesson.
    pub fn after_move(&mut self) {
        let Ok(cell) = &self.sim else { return };
        let (hb, known) = {
            let s = cell.borrow();
            (s.hb(), s.total_hbs_known() as usize)
        };
        self.metrics.borrow_mut().catch_up(known);
        if let Some(run) = self.lesson.as_mut() {
            let before = run.step;
            run.sync(hb);
            if run.step != before {
                self.apply_point();
            }
        }
    }
}

impl Reducible for Lab {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let action = match action {
            Action::Embed(message) => return super::embed::reduce(self, message),
            a => a,
        };
        let same = |lab: Option<Lab>| -> Rc<Lab> { lab.map(Rc::new).unwrap_or_else(|| self.clone()) };
        if self.practice_holds(&action) {
            let mut held = (*self).clone();
            held.playing = false;
            held.toast = Some("practice_answer_first");
            return Rc::new(held);
        }
        let mut next = (*self).clone();
        next.toast = None;
        if next.compare.is_some() {
            let nav = match action {
                Action::Next => Some(CompareAction::Next),
                Action::Prev => Some(CompareAction::Prev),
                Action::First => Some(CompareAction::First),
                Action::Last => Some(CompareAction::Last),
                Action::NextInteresting => Some(CompareAction::Next),
                _ => None,
            };
            if let Some(a) = nav {
                next.compare_action(a);
                return Rc::new(next);
            }
        }
        match action {
            Action::Next => return same(self.with_sim(|s| s.step_forward())),
            Action::Prev => return same(self.with_sim(|s| s.step_back())),
            Action::First => {
                return same(self.with_sim(|s| {
                    s.go_to(0);
                    false
                }));
            }
            Action::Last => {
                let end = next.end_known().unwrap_or_else(|| next.known_hbs());
                if next.take_ahead(end, end) {
                    next.after_move();
                }
                return Rc::new(
                    next.with_sim(|s| {
                        s.run_to_end(SEARCH_LIMIT);
                        if let Some(end) = s.end_known() {
                            s.go_to(end)
                        } else {
                            s.go_to(s.total_hbs_known())
                        }
                        false
                    })
                    .unwrap_or(next),
                );
            }
            Action::GoTo(hb) => {
                if next.take_ahead(hb, hb) {
                    next.after_move();
                    return Rc::new(next);
                }
                return same(self.with_sim(|s| {
                    s.go_to(hb);
                    false
                }));
            }
            Action::ComputeAhead => {
                // Most slices change only the shared cells, and render nothing.
                if !next.compute_ahead() {
                    return self;
                }
                next.after_move();
            }
            Action::NextInteresting => {
                return same(self.with_sim(|s| interesting::step_to_next(s, SEARCH_LIMIT).is_some()));
            }
            // A tick queued by the play timer before a pause (a lesson stop, the user's
            // pause) must not move the run on: the timer is only dropped on the next render.
            Action::Tick(_) if !self.playing => return self,
            Action::Tick(n) => {
                if self.compare.is_some() {
                    next.compare_tick(n);
                    return Rc::new(next);
                }
                let mut ended = false;
                let mut paused = false;
                let start = self.sim.as_ref().map(|s| s.borrow().hb()).unwrap_or(0);
                let stop = self.lesson.as_ref().and_then(|l| l.next_pause_after(start));
                let lab = self.with_sim(|s| {
                    for _ in 0..n {
                        if stop.is_some_and(|p| s.hb() >= p) {
                            paused = true;
                            break;
                        }
                        if !s.step_forward() {
                            ended = true;
                            break;
                        }
                    }
                    paused |= stop.is_some_and(|p| s.hb() >= p);
                    false
                });
                let mut lab = lab.unwrap_or(next);
                if ended || paused || lab.sim.as_ref().map(|s| s.borrow().finished()).unwrap_or(true) {
                    lab.playing = false;
                }
                return Rc::new(lab);
            }
            Action::TogglePlay if next.compare.is_some() => next.playing = !next.playing,
            Action::TogglePlay => {
                let at_end = next.sim.as_ref().map(|s| s.borrow().finished()).unwrap_or(true);
                if !next.playing && at_end {
                    if let Ok(s) = &next.sim {
                        s.borrow_mut().go_to(0);
                        next.version += 1;
                    }
                }
                next.playing = !next.playing && next.sim.is_ok();
            }
            Action::Faster | Action::Slower => {
                let s = next.prefs.speed;
                next.prefs.speed =
                    if matches!(action, Action::Faster) { (s + 1).min(SPEEDS.len() - 1) } else { s.saturating_sub(1) };
                platform::store(KEY_SPEED, &next.prefs.speed.to_string());
            }
            Action::SetLang(locale) => {
                next.prefs.locale = locale;
                platform::store(KEY_LANG, locale.code());
            }
            Action::ToggleLang => {
                // EN → 简 → 繁 → EN.
                let all = Locale::ALL;
                let locale = all[(all.iter().position(|&l| l == next.prefs.locale).unwrap_or(0) + 1) % all.len()];
                next.prefs.locale = locale;
                platform::store(KEY_LANG, locale.code());
            }
            Action::ToggleTheme => {
                next.prefs.dark = !next.prefs.dark;
                platform::store(KEY_THEME, if next.prefs.dark { "dark" } else { "light" });
            }
            Action::TogglePresent => next.prefs.present = !next.prefs.present,
            Action::SelectJob(job) => next.selected_job = if next.selected_job == job { None } else { job },
            Action::Select(i) => {
                if let Some(entry) = next.scenarios.get(i) {
                    next.install(entry.text().into(), Origin::Builtin(i), 0);
                    next.banner = None;
                }
            }
            Action::SelectSaved(name) => {
                if let Some(s) = next.saved.iter().find(|s| s.name == name) {
                    let text: Rc<str> = s.text.as_str().into();
                    next.install(text, Origin::Saved(name), 0);
                    next.banner = None;
                }
            }
            Action::SetScheduler(name) => {
                let hb = next.sim.as_ref().map(|s| s.borrow().hb()).unwrap_or(0);
                let Some(mut text) = crate::json_locate::set_top_level(&next.text, "scheduler", &format!("\"{name}\""))
                else {
                    return self;
                };
                let mut built = super::ahead::build(&text);
                // Drop the other scheduler's settings; give a workload without queues one
                // Capacity queue per job queue.
                for _ in 0..2 {
                    let Err(errs) = &built else { break };
                    let Some(t) = super::compare::retarget_text(&text, name, errs) else { break };
                    let b = super::ahead::build(&t);
                    if b.is_ok() || t != text {
                        (text, built) = (t, b);
                    }
                }
                match built {
                    Ok(b) => {
                        let label = match &next.origin {
                            Origin::Builtin(i) => next.scenarios[*i].title(next.lang()).to_string(),
                            Origin::Saved(n) | Origin::Custom(n) => n.clone(),
                        };
                        next.install_built(text.into(), Origin::Custom(label), hb, Ok(b));
                        next.banner = None;
                    }
                    Err(errs) => {
                        let first = errs.first().map(|e| format!("{}: {}", e.path, e.message)).unwrap_or_default();
                        next.banner = Some(format!(
                            "{} {name}: {first}",
                            next.lang().pick("This workload cannot run under", "这个工作负载无法在此调度器下运行：")
                        ));
                    }
                }
            }
            Action::Open(d) => {
                next.dialog = if next.dialog == Some(d) { None } else { Some(d) };
                next.playing = false;
            }
            Action::Close => next.dialog = None,
            Action::SetTab(t) => next.tab = t,
            Action::Apply(label, text) => {
                next.install(text.into(), Origin::Custom(label), 0);
                next.dialog = None;
                next.banner = None;
            }
            Action::Save(name, text) => {
                let mut saved: Vec<Saved> = next.saved.iter().filter(|s| s.name != name).cloned().collect();
                saved.insert(0, Saved { name: name.clone(), text: text.clone() });
                saved.truncate(20);
                let ok = platform::store(KEY_SAVED, &serde_json::to_string(&saved).unwrap_or_default());
                next.saved = Rc::new(saved);
                next.toast = Some(if ok { "toast_saved" } else { "toast_not_saved" });
                if let Ok(built) = super::ahead::build(&text) {
                    next.install_built(text.into(), Origin::Saved(name), 0, Ok(built));
                }
            }
            Action::OpenLink(hash) => next.open_link(&hash),
            Action::DismissBanner => next.banner = None,
            Action::Toast(t) => next.toast = t,
            Action::OpenLesson(i) => {
                next.open_lesson(i, 0, 0);
                next.banner = None;
                next.dialog = None;
                next.compare = None;
            }
            Action::LessonStep(i) => next.lesson_step(i),
            Action::LessonChoose(c) => {
                if let Some(run) = next.lesson.as_mut() {
                    run.choice = Some(c);
                }
            }
            Action::LessonReveal => next.lesson_reveal(),
            Action::ExitLesson => next.lesson = None,
            Action::SetChart(c) => next.chart = c,
            Action::SetCodeMethod(m) => next.code_method = m,
            Action::SetCodeJob(j) => next.code_job = j,
            Action::OpenCompare => {
                next.open_compare();
                next.playing = false;
            }
            Action::CloseCompare => {
                next.compare = None;
                next.playing = false;
            }
            Action::Compare(a) => next.compare_action(a),
            Action::Embed(_) => {}
            Action::Practice(a) => next.practice_action(a),
        }
        Rc::new(next)
    }
}
