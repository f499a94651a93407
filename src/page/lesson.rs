//! A lesson on the page: the built-in lessons as the picker shows them, and the lesson being
//! followed — its resolved heartbeats (`lesson::resolve`, the same check the tests run), the
//! step shown, the student's prediction. Where a step *stops* is its heartbeat, or the one
//! before it for a prediction (the question is asked before the heartbeat that answers it).

use std::rc::Rc;

use crate::explain::HeartbeatRecord;
use crate::i18n::Lang;
use crate::lesson::{self, Ctx, Lesson};
use crate::sim::Simulation;

/// The records up to and including heartbeat `hb` that are in memory (a lesson's run always
/// has them all: lessons are far shorter than the record window).
fn records_to(sim: &Simulation, hb: u64) -> Option<&[HeartbeatRecord]> {
    let end = hb.checked_sub(sim.records_start())?;
    sim.records().get(..end as usize)
}

/// A built-in lesson, parsed once.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonEntry {
    pub id: &'static str,
    pub lesson: Rc<Lesson>,
}

impl LessonEntry {
    /// `basics`, `fifo`, `fair`, `capacity`, `paper` or `spark`, from the lesson's first concept.
    pub fn group(&self) -> &str {
        self.lesson.concepts.first().and_then(|c| c.split('.').next()).unwrap_or("fifo")
    }

    pub fn title(&self, lang: Lang) -> &str {
        self.lesson.title.pick(lang)
    }
}

pub fn builtin_lessons() -> Rc<[LessonEntry]> {
    lesson::builtin()
        .iter()
        .filter_map(|&(id, json)| lesson::parse(json).ok().map(|l| LessonEntry { id, lesson: Rc::new(l) }))
        .collect()
}

/// The storage key of the lessons walked to their last step on this device.
pub const KEY_WALKED: &str = "schedscope.walked";

/// The lessons walked to their last step on this device (their ids), for the lesson list's
/// marks; stored as a JSON list, anything unreadable or unknown dropped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Walked(pub Rc<std::collections::BTreeSet<String>>);

impl Walked {
    pub fn from_stored(stored: Option<&str>, lessons: &[LessonEntry]) -> Walked {
        let ids: Vec<String> = stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default();
        Walked(Rc::new(ids.into_iter().filter(|id| lessons.iter().any(|l| l.id == id)).collect()))
    }

    pub fn to_stored(&self) -> String {
        serde_json::to_string(&*self.0).unwrap_or_default()
    }

    pub fn has(&self, id: &str) -> bool {
        self.0.contains(id)
    }

    /// With `id` added (the same set, shared, when it was in already).
    pub fn with(&self, id: &str) -> Walked {
        if self.has(id) {
            return self.clone();
        }
        let mut set = (*self.0).clone();
        set.insert(id.to_string());
        Walked(Rc::new(set))
    }
}

/// The lesson after `index` in its group (`order`), if any.
pub fn next_in_group(lessons: &[LessonEntry], index: usize) -> Option<usize> {
    let here = lessons.get(index)?;
    let order = here.lesson.order?;
    lessons.iter().position(|l| l.group() == here.group() && l.lesson.order == Some(order + 1))
}

/// The lesson being followed.
#[derive(Clone, Debug, PartialEq)]
pub struct LessonRun {
    /// Index into `Catalogue::lessons`.
    pub index: usize,
    pub lesson: Rc<Lesson>,
    /// Each step's heartbeat as `lesson::resolve` found it.
    pub hbs: Rc<Vec<u64>>,
    /// Claims that failed to resolve (shown, never expected for built-ins).
    pub failures: usize,
    /// Each step's texts filled from the run at its heartbeat (`lesson::text`).
    pub texts: Rc<Vec<Option<lesson::check::StepTexts>>>,
    /// The visit each step stops at inside its heartbeat (slow motion), resolved.
    pub visits: Rc<Vec<Option<usize>>>,
    pub step: usize,
    /// The chosen answer of the current step's prediction.
    pub choice: Option<usize>,
    /// When the lecturer started the class's countdown for the current prediction (the page's
    /// clock, ms): it only shows the time left, it never reveals.
    pub countdown_from: Option<f64>,
}

/// How long the class's countdown runs.
pub const COUNTDOWN_MS: f64 = 30_000.0;

impl LessonRun {
    pub fn new(index: usize, lesson: Rc<Lesson>) -> LessonRun {
        let r = lesson::resolve(&lesson);
        let mut last = 0;
        let hbs = r
            .hbs
            .iter()
            .map(|h| {
                last = h.unwrap_or(last);
                last
            })
            .collect();
        let failures = r.failures.len();
        LessonRun {
            index,
            lesson,
            hbs: Rc::new(hbs),
            failures,
            texts: Rc::new(r.texts),
            visits: Rc::new(r.visits),
            step: 0,
            choice: None,
            countdown_from: None,
        }
    }

    pub fn len(&self) -> usize {
        self.lesson.steps.len()
    }

    /// The heartbeat step `i` is about.
    pub fn hb(&self, i: usize) -> u64 {
        self.hbs.get(i).copied().unwrap_or(0)
    }

    /// The visit of its heartbeat step `i` stops at, if it stops inside it.
    pub fn visit(&self, i: usize) -> Option<usize> {
        self.visits.get(i).copied().flatten()
    }

    /// Where the page stops for step `i`.
    pub fn stop(&self, i: usize) -> u64 {
        let hb = self.hb(i);
        match self.lesson.steps.get(i) {
            Some(s) if s.predict.is_some() => hb.saturating_sub(1),
            _ => hb,
        }
    }

    /// Whether playing pauses at step `i` (a prediction always waits for an answer).
    pub fn pauses(&self, i: usize) -> bool {
        self.lesson.steps.get(i).is_some_and(|s| s.pause || s.predict.is_some())
    }

    /// The first pausing stop after heartbeat `hb`, if any.
    pub fn next_pause_after(&self, hb: u64) -> Option<u64> {
        (0..self.len()).filter(|&i| self.pauses(i)).map(|i| self.stop(i)).filter(|&s| s > hb).min()
    }

    /// Follow free navigation: the step shown for heartbeat `hb` is the last one whose stop is
    /// at or before it (the current one is kept when several share that stop).
    pub fn sync(&mut self, hb: u64) {
        let at = (0..self.len()).rfind(|&i| self.stop(i) <= hb);
        let step = match at {
            Some(i) if self.stop(self.step) == self.stop(i) && self.step <= i => self.step,
            Some(i) => (0..=i).find(|&k| self.stop(k) == self.stop(i)).unwrap_or(i),
            None => 0,
        };
        if step != self.step {
            self.step = step;
            self.choice = None;
            self.countdown_from = None;
        }
    }

    /// The number of choices of the current step's prediction (0 when it asks none).
    pub fn choices(&self) -> usize {
        self.lesson.steps.get(self.step).and_then(|s| s.predict.as_ref()).map_or(0, |p| p.choices.len())
    }

    /// Whether the current step's prediction waits for its Reveal at heartbeat `hb`.
    pub fn asking(&self, hb: u64) -> bool {
        self.asks(self.step) && !self.revealed(hb)
    }

    /// Whether step `i` asks a prediction.
    pub fn asks(&self, i: usize) -> bool {
        self.lesson.steps.get(i).is_some_and(|s| s.predict.is_some())
    }

    /// The prediction of the current step has been answered by the run (we are at its heartbeat
    /// or later).
    pub fn revealed(&self, hb: u64) -> bool {
        hb >= self.hb(self.step)
    }

    /// What the current step shows: `stage`, `compare` or `sweep` (`docs/lesson-format.md`).
    pub fn view(&self) -> &str {
        self.lesson.steps.get(self.step).and_then(|s| s.view.as_deref()).unwrap_or("stage")
    }

    /// The values the current step is about (`lesson::key`).
    pub fn keys(&self) -> crate::lesson::key::Keys {
        self.lesson.steps.get(self.step).map(|s| crate::lesson::key::Keys::of(&s.keys)).unwrap_or_default()
    }

    /// What the current step points at.
    pub fn point(&self) -> Option<&str> {
        self.lesson.steps.get(self.step).and_then(|s| s.point.as_deref())
    }

    /// The step's claims checked on the page's own simulation: `(held, total)`, `None` when the
    /// page is not at the step's heartbeat.
    pub fn checks(&self, sim: &Simulation) -> Option<(usize, usize)> {
        let step = self.lesson.steps.get(self.step)?;
        let hb = self.hb(self.step);
        // Heartbeat 0 takes run-level claims only (they hold at every heartbeat alike).
        let run_level = hb == 0 && !step.check.is_empty() && step.check.iter().all(lesson::Event::is_run_level);
        if sim.hb() != hb || (hb == 0 && !run_level) {
            return None;
        }
        let ctx = Ctx { records: records_to(sim, hb)?, engine: sim.engine() };
        let mut events: Vec<&lesson::Event> = step.check.iter().collect();
        events.extend(step.when.iter());
        if let Some(p) = &step.predict {
            events.extend(p.choices.get(p.answer).map(|c| &c.event));
        }
        Some((events.iter().filter(|e| e.holds(&ctx)).count(), events.len()))
    }

    /// Whether the chosen answer's event holds at the step's heartbeat on the page's run.
    pub fn choice_holds(&self, sim: &Simulation) -> Option<bool> {
        let p = self.lesson.steps.get(self.step)?.predict.as_ref()?;
        let c = p.choices.get(self.choice?)?;
        let hb = self.hb(self.step);
        if sim.hb() != hb {
            return None;
        }
        let ctx = Ctx { records: records_to(sim, hb)?, engine: sim.engine() };
        Some(c.event.holds(&ctx))
    }

    /// The lesson `lesson` (number `index`) opened at `step`, and the heartbeat to show: the
    /// step's stop, or `hb` when it is > 0. A link never shows a prediction answered: at or
    /// after the heartbeat that answers the step the link lands on, it opens at the question.
    pub fn opened(index: usize, lesson: Rc<Lesson>, step: usize, hb: u64) -> (LessonRun, u64) {
        let mut run = LessonRun::new(index, lesson);
        run.step = step.min(run.len().saturating_sub(1));
        let mut target = if hb > 0 { hb } else { run.stop(run.step) };
        let mut probe = run.clone();
        probe.sync(target);
        if probe.asks(probe.step) && target >= probe.hb(probe.step) {
            target = probe.stop(probe.step);
            run.step = probe.step;
        }
        (run, target)
    }

    /// Go to step `i`: the heartbeat to show (its stop), or `None` past the last step.
    pub fn go_to_step(&mut self, i: usize) -> Option<u64> {
        if i >= self.len() {
            return None;
        }
        self.step = i;
        self.choice = None;
        self.countdown_from = None;
        Some(self.stop(i))
    }

    /// The heartbeat that answers the current step's prediction.
    pub fn reveal_hb(&self) -> u64 {
        self.hb(self.step)
    }

    /// The job the current step points at (`job:J2`, `reach:J2`), else the last job an earlier
    /// step pointed at.
    pub fn focus_job(&self) -> Option<u32> {
        fn job_of(point: Option<&str>) -> Option<u32> {
            point
                .into_iter()
                .flat_map(str::split_whitespace)
                .find_map(|tok| tok.strip_prefix("reach:J").or_else(|| tok.strip_prefix("job:J")))
                .and_then(|n| n.parse().ok())
        }
        job_of(self.point()).or_else(|| {
            self.lesson.steps[..self.step.min(self.lesson.steps.len())]
                .iter()
                .rev()
                .find_map(|s| job_of(s.point.as_deref()))
        })
    }

    /// The job a step's point selects on the stage (`job:J2`, `reach:J2`), if it names one;
    /// `Some(None)` when it names a job token that is not a job number.
    pub fn point_selects(&self) -> Option<Option<u32>> {
        let p = self.point()?;
        p.split_whitespace()
            .filter_map(|t| t.split_once(':'))
            .filter(|(k, _)| matches!(*k, "job" | "reach"))
            .last()
            .map(|(_, name)| name.strip_prefix('J').and_then(|n| n.parse().ok()))
    }
}
