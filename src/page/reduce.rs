//! What the page can be asked to do (`Action`), and `Page::reduce`: each feature's action goes
//! to that feature's reducer; the few that reach across features (a new scenario, a lesson
//! step, a practice answer, an embed message) are composed here. Nothing here touches the
//! browser: storage is written by the page after a change (`Prefs::remembered`,
//! `SavedList::saves`).

use crate::i18n::{Text, k};
use std::rc::Rc;

use super::compare::{Building, CompareAction, retarget_text};
use super::job::JobKind;
use super::lesson::LessonRun;
use super::practice::{Outcome, PracticeAction, PracticeRun};
use super::prefs::{PrefsAction, speed_index};
use super::shared::Shared;
use super::side::SideAction;
use super::{Dialog, Origin, Page};
use crate::i18n::{fill, t};
use crate::share::embed::{Command, PREFIX};

/// Moving through the run shown.
#[derive(Clone, Debug, PartialEq)]
pub enum RunAction {
    Next,
    Prev,
    First,
    Last,
    GoTo(u64),
    NextInteresting,
    TogglePlay,
    /// A timer tick while playing: advance this many heartbeats.
    Tick(u32),
    /// One slice of the long job running (`page::job`; scheduled by the page while
    /// `Page::job` is set): computing ahead, Last, the search for the next interesting one.
    Slice,
    /// Stop the long job running, keeping what it computed.
    Cancel,
    /// Slow motion: moving inside the shown heartbeat (`page::slow`).
    Visit(super::slow::VisitMove),
}

/// Following a lesson.
#[derive(Clone, Debug, PartialEq)]
pub enum LessonAction {
    /// Open the built-in lesson with this index at its first step.
    Open(usize),
    /// Go to step `i` of the lesson.
    Step(usize),
    /// Choose an answer of the prediction being asked (ignored past its choices or after Reveal).
    Choose(usize),
    /// Step to the prediction's heartbeat.
    Reveal,
    /// Start the class's countdown at this time of the page's clock, or stop it if it runs
    /// (class mode, `docs/lesson-format.md`).
    Countdown(f64),
    Exit,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    Run(RunAction),
    Prefs(PrefsAction),
    Side(SideAction),
    Lesson(LessonAction),
    Practice(PracticeAction),
    Compare(CompareAction),
    /// Open built-in scenario `i`.
    Select(usize),
    SelectSaved(String),
    /// Run the same workload under another scheduler (`"fifo"`, `"fair"`, ...).
    SetScheduler(&'static str),
    SelectJob(Option<u32>),
    Open(Dialog),
    Close,
    /// Load scenario text (editor, file): `(label, text)`.
    Apply(String, String),
    /// Save scenario text in the browser under a name: `(name, text)`.
    Save(String, String),
    /// Open a share link's hash (with or without `#`).
    OpenLink(String),
    DismissBanner,
    Toast(Option<Text>),
    /// Open compare mode on the current scenario (or the paper's workload).
    OpenCompare,
    CloseCompare,
    /// A message from the page embedding this one (`embed`), or why it cannot be obeyed.
    Embed(Result<Command, String>),
}

impl Page {
    /// The page after `action`; the same `Rc` when nothing changed.
    pub fn reduce(self: Rc<Self>, action: Action) -> Rc<Page> {
        let action = match action {
            Action::Embed(message) => return self.embed_message(message),
            a => a,
        };
        if self.practice_holds(&action) {
            let mut held = (*self).clone();
            held.playing = false;
            held.toast = Some(k::practice_answer_first);
            return Rc::new(held);
        }
        if let Action::Run(a) = action {
            return self.reduce_run(a);
        }
        let mut next = (*self).clone();
        next.toast = None;
        match action {
            Action::Run(_) | Action::Embed(_) => {}
            Action::Prefs(a) => next.prefs = next.prefs.reduce(a),
            Action::Side(a) => next.side = next.side.reduce(a),
            Action::Lesson(a) => next.lesson_action(a),
            Action::Practice(a) => next.practice_action(a),
            Action::Compare(a) => next.compare_action(a),
            Action::SelectJob(job) => next.selected_job = if next.selected_job == job { None } else { job },
            Action::Select(i) => {
                if let Some(entry) = next.catalogue.scenarios.get(i) {
                    let text: Rc<str> = entry.text().into();
                    next.install(text, Origin::Builtin(i), 0);
                    next.banner = None;
                }
            }
            Action::SelectSaved(name) => {
                if let Some(s) = next.saved.find(&name) {
                    let text: Rc<str> = s.text.as_str().into();
                    next.install(text, Origin::Saved(name), 0);
                    next.banner = None;
                }
            }
            Action::SetScheduler(name) => {
                if !next.set_scheduler(name) {
                    return self;
                }
            }
            Action::Open(d) => {
                next.dialog = if next.dialog == Some(d) { None } else { Some(d) };
                next.playing = false;
            }
            Action::Close => next.dialog = None,
            Action::Apply(label, text) => {
                next.install(text.into(), Origin::Custom(label), 0);
                next.dialog = None;
                next.banner = None;
            }
            Action::Save(name, text) => {
                next.saved.save(&name, &text);
                if let Ok(built) = next.run.build(&text) {
                    next.install_built(text.into(), Origin::Saved(name), 0, Ok(built));
                }
            }
            Action::OpenLink(hash) => next.open_link(&hash),
            Action::DismissBanner => {
                next.banner = None;
                next.note = None;
            }
            Action::Toast(t) => next.toast = t,
            Action::OpenCompare => {
                next.open_compare();
                next.playing = false;
            }
            Action::CloseCompare => {
                next.compare = None;
                next.drop_compare_job();
                next.playing = false;
            }
        }
        Rc::new(next)
    }

    /// Moving through the run (or, in compare mode, the shared clock).
    fn reduce_run(self: Rc<Self>, action: RunAction) -> Rc<Page> {
        match action {
            RunAction::Visit(m) => return if self.compare.is_some() { self } else { self.visit_move(m) },
            RunAction::Slice => return self.job_slice(),
            RunAction::Cancel if self.job.is_none() => return self,
            RunAction::Cancel => {
                let mut next = (*self).clone();
                next.cancel_job();
                return Rc::new(next);
            }
            _ => {}
        }
        let mut next = (*self).clone();
        // Any other move leaves slow motion (a stale tick moves nothing).
        if !matches!(action, RunAction::Tick(_)) || self.playing {
            next.slow = None;
        }
        if let Some(c) = &self.compare {
            let nav = match action {
                RunAction::Next | RunAction::NextInteresting => Some(CompareAction::Next),
                RunAction::Prev => Some(CompareAction::Prev),
                RunAction::First => Some(CompareAction::First),
                RunAction::Last => Some(CompareAction::Last),
                _ => None,
            };
            next.toast = None;
            match action {
                _ if nav.is_some() => next.compare_action(nav.unwrap_or(CompareAction::Next)),
                RunAction::Tick(_) if !self.playing => return self,
                RunAction::Tick(n) => {
                    let c = c.tick(n);
                    if c.at_end() {
                        next.playing = false;
                    }
                    next.compare = Some(Shared::new(c));
                }
                RunAction::TogglePlay => next.playing = !next.playing,
                _ => return self,
            }
            return Rc::new(next);
        }
        match action {
            // One of them is under way already (its button is off meanwhile).
            RunAction::Last | RunAction::NextInteresting if self.asked_job() => return self,
            RunAction::NextInteresting if self.run.finished() => return self,
            RunAction::Last if self.run.end_known().is_none() => {
                next.start_job(JobKind::Last);
                return Rc::new(next);
            }
            RunAction::NextInteresting => {
                next.start_job(JobKind::Interesting);
                return Rc::new(next);
            }
            _ => {}
        }
        let moved = match action {
            RunAction::Next => next.run.apply(|s| s.step_forward()),
            RunAction::Prev => next.run.apply(|s| s.step_back()),
            RunAction::First => next.run.go_to(0),
            RunAction::GoTo(hb) => next.run.go_to(hb),
            // The end is known (else Last is a long job, above).
            RunAction::Last => next.run.end_known().is_some_and(|end| next.run.go_to(end)),
            RunAction::NextInteresting | RunAction::Visit(_) | RunAction::Slice | RunAction::Cancel => false,
            // A tick queued by the play timer before a pause (a lesson stop, the user's
            // pause) must not move the run on: the timer is only dropped on the next render.
            RunAction::Tick(_) if !self.playing => return self,
            RunAction::Tick(n) => {
                let mut ended = false;
                let mut paused = false;
                let stop = self.lesson.as_ref().and_then(|l| l.next_pause_after(self.run.hb()));
                let moved = next.run.apply(|s| {
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
                if ended || paused || next.run.finished() {
                    next.playing = false;
                }
                if !moved && next.playing == self.playing {
                    return self;
                }
                moved
            }
            RunAction::TogglePlay => {
                if !next.playing && next.run.finished() {
                    next.run.apply(|s| {
                        s.go_to(0);
                        true
                    });
                }
                next.playing = !next.playing && next.run.sim().is_ok();
                next.toast = None;
                next.after_move();
                return Rc::new(next);
            }
        };
        if !moved {
            return self;
        }
        next.after_move();
        Rc::new(next)
    }

    /// After the heartbeat changed: the lesson follows (its step, and what the step points at).
    pub(super) fn after_move(&mut self) {
        let hb = self.run.hb();
        if let Some(run) = self.lesson.as_mut() {
            let before = run.step;
            run.sync(hb);
            if run.step != before {
                self.apply_point();
            }
        }
    }

    /// Show what the current lesson step points at: its side tab, and its job selected.
    /// Everything else it may point at is on the stage. A step that points nowhere is about
    /// the stage too: whichever way it was reached, it shows the same screen.
    fn apply_point(&mut self) {
        let Some(run) = &self.lesson else { return };
        // The last step reached: the lesson counts as walked on this device.
        if run.step + 1 == run.len()
            && let Some(entry) = self.catalogue.lessons.get(run.index)
        {
            self.walked = self.walked.with(entry.id);
        }
        let Some(run) = &self.lesson else { return };
        self.side = self.side.follow_point(run.point().unwrap_or(""));
        if let Some(job) = run.point_selects() {
            self.selected_job = job;
        }
    }

    /// Run the same workload under scheduler `name`, adapted (`compare::retarget_text`: the
    /// other scheduler's settings dropped; for Capacity, one queue per job queue or Fair pool),
    /// the page saying what was adapted (`note`). A scripted Hadoop test (`steps`) checks one
    /// scheduler's decisions and is not adapted. False when the text cannot name another
    /// scheduler at all.
    fn set_scheduler(&mut self, name: &'static str) -> bool {
        let hb = self.run.hb();
        let from = self.run.scheduler_name().to_string();
        let Some(mut text) = crate::json_locate::set_top_level(self.run.text(), "scheduler", &format!("\"{name}\""))
        else {
            return false;
        };
        let mut built = self.run.build(&text);
        let mut adapted = Vec::new();
        let scripted = serde_json::from_str::<serde_json::Value>(&text).is_ok_and(|v| v.get("steps").is_some());
        if built.is_err() && scripted && from != name {
            self.banner =
                Some(k::cannot_run_under.fill(self.lang(), &[name, &k::switch_scripted.fill(self.lang(), &[&from])]));
            return true;
        }
        for _ in 0..2 {
            let Err(errs) = &built else { break };
            let mut more = Vec::new();
            let Some(t) = retarget_text(&text, name, errs, &mut more) else { break };
            let b = self.run.build(&t);
            if b.is_ok() || t != text {
                (text, built) = (t, b);
                adapted.extend(more);
            }
        }
        match built {
            Ok(b) => {
                let label = match self.run.origin() {
                    Origin::Builtin(i) => self.catalogue.scenarios[*i].title(self.lang()).to_string(),
                    Origin::Saved(n) | Origin::Custom(n) => n.clone(),
                };
                self.install_built(text.into(), Origin::Custom(label), hb, Ok(b));
                self.banner = None;
                self.note =
                    (!adapted.is_empty()).then(|| super::SwitchNote { scheduler: name, adapted: adapted.into() });
            }
            Err(errs) => {
                let first =
                    errs.first().map(|e| format!("{}: {}", e.path, without_java(&e.message))).unwrap_or_default();
                self.banner = Some(k::cannot_run_under.fill(self.lang(), &[name, &first]));
            }
        }
        true
    }

    fn lesson_action(&mut self, action: LessonAction) {
        match action {
            LessonAction::Open(i) => {
                self.open_lesson(i, 0, 0);
                self.banner = None;
                self.dialog = None;
                self.compare = None;
            }
            LessonAction::Step(i) => {
                let Some(target) = self.lesson.as_mut().and_then(|r| r.go_to_step(i)) else { return };
                self.playing = false;
                self.run.show(target);
                self.show_step_visit();
                self.apply_point();
            }
            LessonAction::Choose(c) => {
                let hb = self.run.hb();
                if let Some(run) = self.lesson.as_mut().filter(|r| r.asking(hb) && c < r.choices()) {
                    run.choice = Some(c);
                }
            }
            LessonAction::Countdown(now) => {
                let hb = self.run.hb();
                if let Some(run) = self.lesson.as_mut().filter(|r| r.asking(hb)) {
                    run.countdown_from = if run.countdown_from.is_some() { None } else { Some(now) };
                }
            }
            LessonAction::Reveal => {
                let Some(target) = self.lesson.as_ref().map(LessonRun::reveal_hb) else { return };
                self.playing = false;
                self.run.show(target);
                // Class mode: the heartbeat plays in slow motion to its decisive visit (the
                // step's visit, else the end), and the verdict waits for it.
                let decisive = self.lesson.as_ref().and_then(|r| r.visit(r.step));
                self.slow = None;
                if self.prefs.present
                    && let Some(mut s) = self.record_slow(0)
                {
                    let until = decisive.unwrap_or(s.visits.len() - 1);
                    s.playing = until > 0;
                    s.until = Some(until);
                    self.slow = Some(s);
                } else {
                    self.show_step_visit();
                }
            }
            LessonAction::Exit => self.lesson = None,
        }
    }

    /// Slow motion at the current step's visit when the step stops inside its heartbeat and
    /// that heartbeat is shown; otherwise the after-state.
    fn show_step_visit(&mut self) {
        let at = self.lesson.as_ref().filter(|r| self.run.hb() == r.hb(r.step)).and_then(|r| r.visit(r.step));
        self.slow = at.and_then(|a| self.record_slow(a));
    }

    /// Open lesson `index` at `step`; `hb` > 0 goes to that heartbeat instead of the step's stop.
    pub(super) fn open_lesson(&mut self, index: usize, step: usize, hb: u64) {
        let Some(entry) = self.catalogue.lessons.get(index).cloned() else { return };
        let text: Rc<str> = entry.lesson.scenario_json().into();
        let origin = match self.catalogue.scenarios.iter().position(|s| *s.json == *text) {
            Some(i) => Origin::Builtin(i),
            None => Origin::Custom(entry.title(self.lang()).to_string()),
        };
        let (run, target) = LessonRun::opened(index, entry.lesson.clone(), step, hb);
        self.install(text, origin, target);
        self.lesson = Some(run);
        self.after_move();
        self.show_step_visit();
        self.apply_point();
    }

    pub(super) fn open_practice(&mut self, spec: crate::practice::SetSpec) {
        self.practice = Some(PracticeRun::new(spec));
        self.compare = None;
        self.dialog = None;
        self.banner = None;
        self.practice_do(|run| run.show(0).map_or(Outcome::Stay, Outcome::Show));
    }

    fn practice_action(&mut self, action: PracticeAction) {
        if let PracticeAction::Start(spec) = action {
            return self.open_practice(spec);
        }
        self.practice_do(|run| run.reduce(action));
    }

    /// Apply `f` to the practice set, then do what it asks of the page.
    fn practice_do(&mut self, f: impl FnOnce(&mut PracticeRun) -> Outcome) {
        let Some(mut run) = self.practice.take() else { return };
        match f(&mut run) {
            Outcome::Stay => {}
            Outcome::Show(q) => {
                let label = fill(t(self.lang(), k::practice_origin), &[&q.number.to_string()]);
                self.install(q.scenario, Origin::Custom(label), q.hb);
                self.selected_job = q.select;
            }
            Outcome::Answered { hb, select } => {
                // The heartbeat asked about runs.
                self.run.show(hb);
                self.playing = false;
                self.selected_job = select;
                self.after_move();
            }
            Outcome::Exit => return,
        }
        self.practice = Some(run);
    }

    /// Whether `action` would step past the heartbeat before the question (held until the
    /// student answers); switching the scheduler is held for the whole set.
    fn practice_holds(&self, action: &Action) -> bool {
        if self.practice.is_some() && matches!(action, Action::SetScheduler(_)) {
            return true;
        }
        let Some(limit) = self.practice_limit() else { return false };
        let hb = self.run.hb();
        match action {
            Action::Run(RunAction::Next | RunAction::TogglePlay) => hb >= limit,
            // Slow motion may replay a heartbeat already shown, never step past the limit.
            Action::Run(RunAction::Visit(crate::page::VisitMove::Next)) => {
                hb >= limit && self.slow_shown().is_none_or(|s| s.at_end())
            }
            Action::Run(RunAction::Tick(n)) => hb + *n as u64 > limit,
            Action::Run(RunAction::Last | RunAction::NextInteresting) => true,
            Action::Run(RunAction::GoTo(h)) => *h > limit,
            _ => false,
        }
    }

    /// Compare mode on the current scenario, or the paper's workload when it is scripted.
    fn open_compare(&mut self) {
        let current = self.run.sim().as_ref().ok().map(|s| s.borrow().scenario().clone());
        self.lesson = None;
        self.dialog = None;
        self.start_compare(Building::open(current));
    }

    fn compare_action(&mut self, a: CompareAction) {
        let Some(cur) = &self.compare else { return };
        if a == CompareAction::ThisScenario {
            // The state shown stays until the new one's runs are done.
            return self.open_compare();
        }
        if let Some(b) = cur.rebuild(&a) {
            return self.start_compare(b);
        }
        if a == CompareAction::Sweep {
            return self.start_sweep();
        }
        let c = cur.reduce(&a);
        if c.at_end() {
            self.playing = false;
        }
        self.compare = Some(Shared::new(c));
    }

    /// A message from the embedding page (or why it cannot be obeyed).
    fn embed_message(self: Rc<Self>, message: Result<Command, String>) -> Rc<Page> {
        let fail = |page: &Page, why: String| {
            let mut next = page.clone();
            if let Some(e) = next.embed.as_mut() {
                e.fail(why);
            }
            Rc::new(next)
        };
        let command = match message {
            Ok(c) => c,
            Err(why) => return fail(&self, why),
        };
        match command {
            Command::Step => self.reduce(Action::Run(RunAction::Next)),
            Command::Back => self.reduce(Action::Run(RunAction::Prev)),
            Command::GoTo(hb) => self.reduce(Action::Run(RunAction::GoTo(hb))),
            Command::Play(speed) => {
                let mut next = (*self).clone();
                // The slide's speed is shown, not remembered.
                if let Some(i) = speed.and_then(speed_index) {
                    next.prefs.speed = i;
                }
                let next = Rc::new(next);
                if self.playing { next } else { next.reduce(Action::Run(RunAction::TogglePlay)) }
            }
            Command::Pause if self.playing => self.reduce(Action::Run(RunAction::TogglePlay)),
            Command::Pause => self,
            Command::LessonStep(i) => match &self.lesson {
                Some(run) if i < run.len() => self.reduce(Action::Lesson(LessonAction::Step(i))),
                Some(run) => {
                    let last = run.len() - 1;
                    fail(&self, format!("{PREFIX}lesson: step {i} is past the lesson's last step ({last})"))
                }
                None => fail(&self, format!("{PREFIX}lesson: no lesson is shown")),
            },
            Command::Lang(l) => {
                let mut next = (*self).clone();
                next.prefs.locale = l;
                Rc::new(next)
            }
            Command::Get => {
                let mut next = (*self).clone();
                if let Some(e) = next.embed.as_mut() {
                    e.ask();
                }
                Rc::new(next)
            }
        }
    }
}

/// A message without the Java exception class it quotes (`java.io.IOException: Queue ...`:
/// the page says it in its own words; the CLI's `validate` keeps Hadoop's).
fn without_java(message: &str) -> String {
    let mut out = message.to_string();
    while let Some(start) = out.find("java.") {
        match out[start..].find(": ") {
            Some(end) if out[start..start + end].chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '$') => {
                out.replace_range(start..start + end + 2, "");
            }
            _ => break,
        }
    }
    out
}
