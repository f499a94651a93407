//! Page state. `Lab` holds the simulation behind a shared cell and mutates it in place (a
//! `version` counter tells yew that something changed), so a step never clones the whole
//! history. `Lab::reduce` (in `actions.rs`) turns commands into `Simulation` calls.

use std::cell::RefCell;
use std::rc::Rc;

use crate::i18n::{Lang, Locale};
use crate::scenario::{self, ScenarioError};
use crate::sim::Simulation;
use crate::sim::interesting::{self, Reason};

use super::ahead::{AheadCell, Built, Metrics, MetricsCell, build};
use super::compare::CompareState;
use super::lesson::{LessonEntry, LessonRun};
use super::platform;
use super::practice::PracticeRun;
use super::scenarios::load_saved;
pub use super::scenarios::{Saved, ScenarioEntry};

/// Speeds the page offers, in heartbeats per second (a log scale: each step doubles).
pub const SPEEDS: [f64; 11] = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0, 64.0, 128.0, 256.0];
pub const DEFAULT_SPEED: usize = 3;
/// The page refuses scenarios bigger than this (the CLI takes more).
pub const MAX_PAGE_TRACKERS: usize = 4000;
pub const MAX_PAGE_TASKS: u64 = 200_000;

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
    /// The phone's menu (scheduler, scenario and tools).
    Menu,
    /// Making a practice set.
    Practice,
}

/// The side area's tabs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tab {
    Why,
    Code,
    Charts,
    Jobs,
    Log,
}

impl Tab {
    pub fn id(self) -> &'static str {
        match self {
            Tab::Why => "why",
            Tab::Code => "code",
            Tab::Charts => "charts",
            Tab::Jobs => "jobs",
            Tab::Log => "log",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Prefs {
    /// English, 简体 or 繁體 (the page renders with `locale.lang()`; `ui::hant` shows 繁體).
    pub locale: Locale,
    pub dark: bool,
    pub present: bool,
    pub speed: usize,
}

/// The loaded simulation, shared and mutated in place.
pub type SimCell = Rc<RefCell<Simulation>>;

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
    /// Embed mode (`embed=1` in the link), when on.
    pub embed: Option<super::embed::EmbedState>,
    /// The practice set being answered, if any.
    pub practice: Option<PracticeRun>,
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
            && self.embed == other.embed
            && self.practice == other.practice
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
    // The reader's choice, else the browser's language (zh-TW, zh-HK, zh-Hant: 繁體), else English.
    let locale = platform::load(KEY_LANG)
        .and_then(|l| Locale::parse(&l))
        .or_else(|| Locale::parse(&platform::browser_language()))
        .unwrap_or(Locale::En);
    let dark = match platform::load(KEY_THEME).as_deref() {
        Some("dark") => true,
        Some("light") => false,
        _ => platform::prefers_dark(),
    };
    let speed = platform::load(KEY_SPEED)
        .and_then(|s| s.parse().ok())
        .filter(|&s: &usize| s < SPEEDS.len())
        .unwrap_or(DEFAULT_SPEED);
    Prefs { locale, dark, present: false, speed }
}

pub fn marks_of(sim: &Simulation) -> Rc<Vec<(u64, Vec<Reason>)>> {
    Rc::new(interesting::landmarks(sim.records()))
}

impl Lab {
    /// Landmarks from whichever run knows more.
    pub fn refresh_marks(&mut self) {
        let Ok(cell) = &self.sim else { return };
        let sim = cell.borrow();
        self.marks = match &self.ahead {
            Some(a) if a.borrow().sim.total_hbs_known() > sim.total_hbs_known() => marks_of(&a.borrow().sim),
            _ => marks_of(&sim),
        };
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
            tab: Tab::Why,
            banner: None,
            toast: None,
            metrics: Rc::new(RefCell::new(Metrics::empty())),
            ahead: None,
            ahead_gen: 0,
            lessons: super::lesson::builtin_lessons(),
            lesson: None,
            chart: Chart::Locality,
            code_method: None,
            code_job: None,
            compare: None,
            embed: None,
            practice: None,
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
        self.practice = None;
        self.code_method = None;
        self.code_job = None;
    }

    /// The language the texts are written in (繁體 is 简体 converted as it is shown).
    pub fn lang(&self) -> Lang {
        self.prefs.locale.lang()
    }

    pub fn locale(&self) -> Locale {
        self.prefs.locale
    }

    /// The job the stage focuses on: the one selected (by the reader, or by entering a lesson
    /// step that points at it), else the one the lesson step points at (`job:J2`, `reach:J2`),
    /// else the last job an earlier step of the lesson pointed at.
    pub fn focus_job(&self) -> Option<u32> {
        fn job_of(point: Option<&str>) -> Option<u32> {
            point
                .into_iter()
                .flat_map(str::split_whitespace)
                .find_map(|tok| tok.strip_prefix("reach:J").or_else(|| tok.strip_prefix("job:J")))
                .and_then(|n| n.parse().ok())
        }
        let run = self.lesson.as_ref();
        self.selected_job.or_else(|| job_of(run.and_then(|r| r.point()))).or_else(|| {
            let run = run?;
            run.lesson.steps[..run.step.min(run.lesson.steps.len())]
                .iter()
                .rev()
                .find_map(|s| job_of(s.point.as_deref()))
        })
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
        if let Some(run) = &self.practice {
            return run.spec.link();
        }
        let hb = self.sim.as_ref().map(|s| s.borrow().hb()).unwrap_or(0);
        if let Some(run) = &self.lesson {
            let id = self.lessons.get(run.index).map(|l| l.id).unwrap_or_default().to_string();
            // A prediction step links to its question, never to its answer.
            let hb = if run.asks(run.step) && hb >= run.hb(run.step) { run.stop(run.step) } else { hb };
            return crate::share::encode(&crate::share::Link {
                source: crate::share::Source::Lesson { id, step: run.step as u32 },
                hb,
                lang: Some(self.locale()),
            });
        }
        let source = match self.builtin() {
            Some(entry) if *self.text == *entry.text() => crate::share::Source::Builtin(entry.id.to_string()),
            _ => crate::share::Source::Text(self.text.to_string()),
        };
        crate::share::encode(&crate::share::Link { source, hb, lang: Some(self.locale()) })
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}
