//! Page state. `Lab` holds the simulation behind a shared cell and mutates it in place (a
//! `version` counter tells yew that something changed), so a step never clones the whole
//! history. `Lab::reduce` (in `actions.rs`) turns commands into `Simulation` calls.

use std::cell::RefCell;
use std::rc::Rc;

use crate::i18n::Lang;
use crate::scenario::{self, ScenarioError};
use crate::sim::interesting::{self, Reason};
use crate::sim::metrics::Recorder;
use crate::sim::{Engine, Simulation};

use super::compare_state::CompareState;
use super::lesson_run::{LessonEntry, LessonRun};
use super::platform;

/// Speeds the page offers, in heartbeats per second (a log scale: each step doubles).
pub const SPEEDS: [f64; 11] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];
pub const DEFAULT_SPEED: usize = 3;
/// The page refuses scenarios bigger than this (the CLI takes more).
pub const MAX_PAGE_TRACKERS: usize = 4000;
pub const MAX_PAGE_TASKS: u64 = 200_000;
/// Heartbeats computed ahead when a scenario loads: the first `FIRST_SLICE_MS` in one go, the
/// rest in slices of `SLICE_MS`, each a task of its own (`Ahead`), so a big scenario never
/// blocks the page for long.
pub const LOOKAHEAD_HBS: u64 = 40_000;
/// At most this much computing ahead in all (as when it was done in one go).
pub const LOOKAHEAD_MS: f64 = 1500.0;
pub const FIRST_SLICE_MS: f64 = 10.0;
/// ... but up to this long for a scenario of at most `SMALL_TRACKERS` trackers, whose
/// heartbeats are cheap: a classroom scenario is then known whole as soon as it shows.
pub const FIRST_SLICE_SMALL_MS: f64 = 150.0;
pub const SMALL_TRACKERS: usize = 1000;
pub const SLICE_MS: f64 = 25.0;
/// While computing ahead, the page shows the grown range at most this often (a render is a
/// task of its own, between slices).
pub const SHOW_EVERY_MS: f64 = 250.0;

/// A built-in scenario as the picker shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioEntry {
    pub id: &'static str,
    pub title: (String, String),
    pub description: (String, String),
    /// The scenario text; empty for a generated entry (see `text`).
    pub json: &'static str,
    /// Generated on first use (`big_cluster`).
    pub generated: bool,
}

impl ScenarioEntry {
    pub fn new(id: &'static str, json: &'static str) -> ScenarioEntry {
        let value: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let text = |key: &str| -> (String, String) {
            match value.get(key) {
                Some(serde_json::Value::String(s)) => (s.clone(), s.clone()),
                Some(obj @ serde_json::Value::Object(_)) => {
                    let en = obj.get("en").and_then(|v| v.as_str()).unwrap_or_default().to_string();
                    let zh = obj.get("zh").and_then(|v| v.as_str()).map(str::to_string).unwrap_or_else(|| en.clone());
                    (en, zh)
                }
                _ => (String::new(), String::new()),
            }
        };
        let mut title = text("title");
        if title.0.is_empty() {
            title = (id.to_string(), id.to_string());
        }
        ScenarioEntry { id, title, description: text("description"), json, generated: false }
    }

    /// The scenario text (generating it on first use for a generated entry).
    pub fn text(&self) -> &'static str {
        if self.generated { super::big_cluster::text() } else { self.json }
    }

    pub fn title(&self, lang: Lang) -> &str {
        lang.pick(&self.title.0, &self.title.1)
    }
}

/// A scenario saved in the browser.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Saved {
    pub name: String,
    pub text: String,
}

/// Where the current scenario came from.
#[derive(Clone, Debug, PartialEq)]
pub enum Origin {
    Builtin(usize),
    Saved(String),
    /// Edited, loaded from a file or from a link.
    Custom(String),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialog {
    Help,
    Editor,
    Share,
    Lessons,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Scheduler,
    Jobs,
    Log,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prefs {
    pub lang: Lang,
    pub dark: bool,
    pub present: bool,
    pub speed: usize,
}

/// The loaded simulation, shared and mutated in place.
pub type SimCell = Rc<RefCell<Simulation>>;

/// The charts' series (`sim::metrics`), recorded while the run is computed ahead. Past the
/// look-ahead, a shadow engine (the run's frontier when the look-ahead stopped) catches up.
pub struct Metrics {
    pub rec: Recorder,
    shadow: Option<Engine>,
}

impl Metrics {
    /// Record up to `known` heartbeats.
    pub fn catch_up(&mut self, known: usize) {
        let Metrics { rec, shadow } = self;
        while rec.samples.len() < known {
            let Some(e) = shadow.as_mut() else { return };
            match e.next_heartbeat() {
                Some(r) => rec.observe(&r, e),
                None => *shadow = None,
            }
        }
    }
}

pub type MetricsCell = Rc<RefCell<Metrics>>;

/// The run being computed ahead in slices, a second simulation at its frontier. The shown
/// simulation stays where the user is; the timeline's known range is the larger of the two,
/// and a jump past what the shown one knows takes this one over (`Lab::take_ahead`).
/// While `running`, the charts' series are recorded from it (in step with its `known`).
pub struct Ahead {
    pub sim: Simulation,
    pub running: bool,
    /// Milliseconds spent computing so far (up to `LOOKAHEAD_MS`).
    pub spent_ms: f64,
    /// When the page last showed the range (`platform::now_ms`).
    pub shown_at: f64,
}

pub type AheadCell = Rc<RefCell<Ahead>>;

/// A simulation built from scenario text, with its series.
pub struct Built {
    pub sim: SimCell,
    pub metrics: MetricsCell,
    pub ahead: Option<AheadCell>,
}

/// Which chart the chart card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chart {
    Locality,
    Slots,
    Shares,
    Response,
}

impl Chart {
    pub const ALL: [Chart; 4] = [Chart::Locality, Chart::Slots, Chart::Shares, Chart::Response];
    pub fn id(self) -> &'static str {
        match self {
            Chart::Locality => "locality",
            Chart::Slots => "slots",
            Chart::Shares => "shares",
            Chart::Response => "response",
        }
    }
    pub fn parse(id: &str) -> Option<Chart> {
        Chart::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// Everything the page shows. Cloning is cheap (reference counts).
#[derive(Clone)]
pub struct Lab {
    pub scenarios: Rc<[ScenarioEntry]>,
    pub saved: Rc<Vec<Saved>>,
    pub origin: Origin,
    /// The current scenario's text (what the editor starts from and links carry).
    pub text: Rc<str>,
    pub sim: Result<SimCell, Rc<Vec<ScenarioError>>>,
    /// Bumped on every change of `sim`.
    pub version: u64,
    /// Landmark heartbeats (reorders, level changes, rules) for the timeline.
    pub marks: Rc<Vec<(u64, Vec<Reason>)>>,
    pub prefs: Prefs,
    pub playing: bool,
    pub selected_job: Option<u32>,
    pub dialog: Option<Dialog>,
    pub tab: Tab,
    /// An error to show above the page (a bad link, a scheduler the workload cannot use).
    pub banner: Option<String>,
    /// A short confirmation ("Saved", "Link copied").
    pub toast: Option<&'static str>,
    pub metrics: MetricsCell,
    /// The run being computed ahead in slices, if any.
    pub ahead: Option<AheadCell>,
    /// Bumped by every new scenario (restarts the slices of computing ahead).
    pub ahead_gen: u64,
    pub lessons: Rc<[LessonEntry]>,
    /// The lesson being followed, if any.
    pub lesson: Option<LessonRun>,
    pub chart: Chart,
    /// The code view's chosen method and focus job (none: follow the heartbeat).
    pub code_method: Option<&'static str>,
    pub code_job: Option<u32>,
    /// Compare mode, when open.
    pub compare: Option<Rc<CompareState>>,
}

impl PartialEq for Lab {
    fn eq(&self, other: &Lab) -> bool {
        self.version == other.version
            && Rc::ptr_eq(&self.text, &other.text)
            && self.origin == other.origin
            && self.prefs == other.prefs
            && self.playing == other.playing
            && self.selected_job == other.selected_job
            && self.dialog == other.dialog
            && self.tab == other.tab
            && self.banner == other.banner
            && self.toast == other.toast
            && Rc::ptr_eq(&self.saved, &other.saved)
            && self.lesson == other.lesson
            && self.chart == other.chart
            && self.code_method == other.code_method
            && self.code_job == other.code_job
            && match (&self.compare, &other.compare) {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            }
    }
}

pub const KEY_LANG: &str = "schedscope.lang";
pub const KEY_THEME: &str = "schedscope.theme";
pub const KEY_SPEED: &str = "schedscope.speed";
pub const KEY_SAVED: &str = "schedscope.saved";

fn initial_prefs() -> Prefs {
    let lang = platform::load(KEY_LANG).and_then(|l| Lang::parse(&l)).unwrap_or_else(|| {
        if platform::browser_language().to_ascii_lowercase().starts_with("zh") { Lang::Zh } else { Lang::En }
    });
    let dark = match platform::load(KEY_THEME).as_deref() {
        Some("dark") => true,
        Some("light") => false,
        _ => platform::prefers_dark(),
    };
    let speed = platform::load(KEY_SPEED)
        .and_then(|s| s.parse().ok())
        .filter(|&s: &usize| s < SPEEDS.len())
        .unwrap_or(DEFAULT_SPEED);
    Prefs { lang, dark, present: false, speed }
}

fn load_saved() -> Vec<Saved> {
    platform::load(KEY_SAVED).and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default()
}

/// Parse, check the page's size limits, build the simulation and compute the run ahead,
/// recording the charts' series on the way.
pub fn build(text: &str) -> Result<Built, Vec<ScenarioError>> {
    let s = scenario::parse(text).map_err(|e| e.errors)?;
    let tasks: u64 = s.jobs.iter().map(|j| j.num_maps() + j.reduces).sum();
    let mut errs = Vec::new();
    if s.trackers.len() > MAX_PAGE_TRACKERS {
        errs.push(ScenarioError {
            path: "$.trackers".into(),
            message: format!(
                "found {} trackers; the page shows at most {MAX_PAGE_TRACKERS} (the CLI takes more)",
                s.trackers.len()
            ),
        });
    }
    if tasks > MAX_PAGE_TASKS {
        errs.push(ScenarioError {
            path: "$.jobs".into(),
            message: format!("found {tasks} tasks; the page runs at most {MAX_PAGE_TASKS} (the CLI takes more)"),
        });
    }
    if !errs.is_empty() {
        return Err(errs);
    }
    let first = if s.trackers.len() <= SMALL_TRACKERS { FIRST_SLICE_SMALL_MS } else { FIRST_SLICE_MS };
    let sim = Simulation::new(s).map_err(|e| e.errors)?;
    Ok(lookahead(sim, LOOKAHEAD_HBS, first))
}

/// Step `sim` forward for up to `max` heartbeats in total or `ms` of wall time, recording the
/// series (which must be in step with it). Returns whether it is done: the run ended or `max`
/// heartbeats are known. (`start`: when the time began, `platform::now_ms`.)
fn compute(sim: &mut Simulation, rec: &mut Recorder, max: u64, ms: f64, start: f64) -> bool {
    let mut n = 0u32;
    while sim.total_hbs_known() < max {
        if !sim.step_forward() {
            return true;
        }
        if let Some(r) = sim.last_record() {
            rec.observe(r, sim.engine());
        }
        n += 1;
        if n % 8 == 0 && platform::now_ms() - start > ms {
            return sim.end_known().is_some() || sim.total_hbs_known() >= max;
        }
    }
    true
}

/// Compute up to `max` heartbeats ahead, recording the series: `ms` of wall time now, and if
/// that is not enough, the rest later in slices (`Built::ahead`, see `Lab::compute_ahead`).
pub fn lookahead(mut sim: Simulation, max: u64, ms: f64) -> Built {
    let start = platform::now_ms();
    let fresh = sim.clone();
    let mut rec = Recorder::default();
    if compute(&mut sim, &mut rec, max, ms, start) {
        let shadow = sim.end_known().is_none().then(|| sim.engine().clone());
        sim.go_to(0);
        return Built {
            sim: Rc::new(RefCell::new(sim)),
            metrics: Rc::new(RefCell::new(Metrics { rec, shadow })),
            ahead: None,
        };
    }
    Built {
        sim: Rc::new(RefCell::new(fresh)),
        metrics: Rc::new(RefCell::new(Metrics { rec, shadow: None })),
        ahead: Some(Rc::new(RefCell::new(Ahead {
            sim,
            running: true,
            spent_ms: platform::now_ms() - start,
            shown_at: platform::now_ms(),
        }))),
    }
}

pub fn marks_of(sim: &Simulation) -> Rc<Vec<(u64, Vec<Reason>)>> {
    Rc::new(interesting::landmarks(sim.records()))
}

impl Lab {
    /// Heartbeats known on the timeline (the shown run's or the one computed ahead).
    pub fn known_hbs(&self) -> u64 {
        let shown = self.sim.as_ref().map(|s| s.borrow().total_hbs_known()).unwrap_or(0);
        let ahead = self.ahead.as_ref().map(|a| a.borrow().sim.total_hbs_known()).unwrap_or(0);
        shown.max(ahead)
    }

    /// The run's length, if known.
    pub fn end_known(&self) -> Option<u64> {
        let shown = self.sim.as_ref().ok().and_then(|s| s.borrow().end_known());
        shown.or_else(|| self.ahead.as_ref().and_then(|a| a.borrow().sim.end_known()))
    }

    /// Whether the run is still being computed ahead in slices.
    pub fn computing(&self) -> bool {
        self.ahead.as_ref().is_some_and(|a| a.borrow().running)
    }

    /// Landmarks from whichever run knows more.
    pub fn refresh_marks(&mut self) {
        let Ok(cell) = &self.sim else { return };
        let sim = cell.borrow();
        self.marks = match &self.ahead {
            Some(a) if a.borrow().sim.total_hbs_known() > sim.total_hbs_known() => marks_of(&a.borrow().sim),
            _ => marks_of(&sim),
        };
    }

    /// One task of computing ahead: a slice of `SLICE_MS` (in place, nothing to render: returns
    /// false), or, every `SHOW_EVERY_MS` and at the end, showing the grown range (returns true:
    /// `self` changed). When done, the series go on from the ahead run's frontier, and if the
    /// page is at the start the shown run becomes that one.
    pub fn compute_ahead(&mut self) -> bool {
        let Some(cell) = self.ahead.clone() else { return false };
        {
            let mut guard = cell.borrow_mut();
            let ahead = &mut *guard;
            if !ahead.running {
                return false;
            }
            let now = platform::now_ms();
            if now - ahead.shown_at < SHOW_EVERY_MS {
                let mut m = self.metrics.borrow_mut();
                let ms = SLICE_MS.min(LOOKAHEAD_MS - ahead.spent_ms);
                let done = compute(&mut ahead.sim, &mut m.rec, LOOKAHEAD_HBS, ms, now);
                ahead.spent_ms += platform::now_ms() - now;
                if done || ahead.spent_ms >= LOOKAHEAD_MS {
                    ahead.running = false;
                    m.shadow = ahead.sim.end_known().is_none().then(|| ahead.sim.engine().clone());
                } else {
                    return false;
                }
            }
            ahead.shown_at = now;
        }
        self.version += 1;
        self.refresh_marks();
        let at_start = self.sim.as_ref().map(|s| s.borrow().hb() == 0).unwrap_or(false);
        if !self.computing() && at_start {
            self.take_ahead(u64::MAX, 0);
        }
        true
    }

    /// Before a jump past heartbeat `beyond`: if that is past what the shown run knows and the
    /// run computed ahead knows more, show (a copy of) the run computed ahead instead, at
    /// heartbeat `to`, so the jump replays from its checkpoints rather than computing again.
    /// Returns whether it did.
    pub fn take_ahead(&mut self, beyond: u64, to: u64) -> bool {
        let (Ok(cell), Some(ahead)) = (&self.sim, self.ahead.clone()) else { return false };
        let known = cell.borrow().total_hbs_known();
        if beyond <= known || ahead.borrow().sim.total_hbs_known() <= known {
            return false;
        }
        let mut sim = if ahead.borrow().running {
            ahead.borrow().sim.clone()
        } else {
            self.ahead = None;
            match Rc::try_unwrap(ahead) {
                Ok(a) => a.into_inner().sim,
                Err(rc) => rc.borrow().sim.clone(),
            }
        };
        sim.go_to(to);
        *cell.borrow_mut() = sim;
        self.version += 1;
        self.refresh_marks();
        true
    }
}

impl Lab {
    pub fn new() -> Lab {
        let scenarios: Rc<[ScenarioEntry]> = scenario::builtin()
            .iter()
            .map(|&(id, json)| ScenarioEntry::new(id, json))
            .chain([super::big_cluster::entry()])
            .collect();
        let text: Rc<str> = scenarios.first().map(|s| s.json).unwrap_or("{}").into();
        let mut lab = Lab {
            scenarios,
            saved: Rc::new(load_saved()),
            origin: Origin::Builtin(0),
            text: text.clone(),
            sim: Err(Rc::new(Vec::new())),
            version: 0,
            marks: Rc::new(Vec::new()),
            prefs: initial_prefs(),
            playing: false,
            selected_job: None,
            dialog: None,
            tab: Tab::Scheduler,
            banner: None,
            toast: None,
            metrics: Rc::new(RefCell::new(Metrics { rec: Recorder::default(), shadow: None })),
            ahead: None,
            ahead_gen: 0,
            lessons: super::lesson_run::builtin_lessons(),
            lesson: None,
            chart: Chart::Locality,
            code_method: None,
            code_job: None,
            compare: None,
        };
        lab.install(text, Origin::Builtin(0), 0);
        lab
    }

    /// Replace the scenario (already known to be the one wanted) and go to `hb`.
    pub fn install(&mut self, text: Rc<str>, origin: Origin, hb: u64) {
        let built = build(&text);
        self.install_built(text, origin, hb, built);
    }

    /// `install` with the simulation already built from `text`.
    pub fn install_built(&mut self, text: Rc<str>, origin: Origin, hb: u64, built: Result<Built, Vec<ScenarioError>>) {
        self.ahead = None;
        self.ahead_gen += 1;
        let sim = built.map(|b| {
            self.metrics = b.metrics;
            self.ahead = b.ahead;
            b.sim
        });
        self.sim = sim.map_err(Rc::new);
        self.take_ahead(hb, hb);
        if let Ok(cell) = &self.sim {
            if hb > 0 {
                cell.borrow_mut().go_to(hb);
            }
        }
        self.refresh_marks();
        if self.sim.is_err() {
            self.marks = Rc::new(Vec::new());
        }
        self.text = text;
        self.origin = origin;
        self.version += 1;
        self.playing = false;
        self.selected_job = None;
        self.lesson = None;
        self.code_method = None;
        self.code_job = None;
    }

    pub fn lang(&self) -> Lang {
        self.prefs.lang
    }

    pub fn builtin(&self) -> Option<&ScenarioEntry> {
        match self.origin {
            Origin::Builtin(i) => self.scenarios.get(i),
            _ => None,
        }
    }

    /// The scheduler named in the current text (`fifo` by default).
    pub fn scheduler_name(&self) -> String {
        serde_json::from_str::<serde_json::Value>(&self.text)
            .ok()
            .and_then(|v| v.get("scheduler").and_then(|s| s.as_str()).map(str::to_string))
            .unwrap_or_else(|| "fifo".into())
    }

    /// The share link's hash for the current scenario and heartbeat (or lesson and step).
    pub fn share_hash(&self) -> String {
        let hb = self.sim.as_ref().map(|s| s.borrow().hb()).unwrap_or(0);
        if let Some(run) = &self.lesson {
            let id = self.lessons.get(run.index).map(|l| l.id).unwrap_or_default().to_string();
            return crate::share::encode(&crate::share::Link {
                source: crate::share::Source::Lesson { id, step: run.step as u32 },
                hb,
            });
        }
        let source = match self.builtin() {
            Some(entry) if *self.text == *entry.text() => crate::share::Source::Builtin(entry.id.to_string()),
            _ => crate::share::Source::Text(self.text.to_string()),
        };
        crate::share::encode(&crate::share::Link { source, hb })
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}
