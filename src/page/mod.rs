//! The page's state and what it can be asked to do, without the browser: compiled natively
//! and tested there (`tests/page.rs`); `ui` renders it and sends it `Action`s.
//!
//! Each feature owns its state and a pure reducer over it:
//!
//! * `run` — the run shown: scenario text, simulation, landmarks, series, computing ahead
//!   (`ahead`); changed only through its methods (`work.rs` holds those of the long jobs),
//!   which bump its version.
//! * `job` — the long job running in slices (computing ahead, Last, the next interesting
//!   heartbeat) and its progress bar (`LongJob`).
//! * `prefs` — language, theme, presentation, speed, and the part the reader chose, which
//!   the page keeps in browser storage (written by the page in an effect, never here).
//! * `side` — the side area's tab, chart and code-view focus.
//! * `lesson` — the lesson being followed (`LessonRun`).
//! * `practice` — the practice set being answered (`PracticeRun`).
//! * `compare` — compare mode (`CompareState`) and the delay sweep; `compare_build.rs`
//!   computes its runs in slices (`Building`, a long job), and the sweep runs in slices too
//!   (`sim::sweep::SweepRun`).
//! * `embed` — what an embed link asked for (`EmbedState`).
//! * `catalogue` — the built-in scenarios and lessons, and the saved scenarios.
//!
//! `Page` composes them with the shell's own state (playing, the selected job, the dialog, the
//! banner, the toast), and `reduce` (`reduce.rs`, with `links.rs` for share links) is the one
//! place where an action reaches across features: a lesson step moves the run and brings a
//! side tab forward, a practice answer runs its heartbeat.

pub mod ahead;
pub mod catalogue;
pub mod compare;
mod compare_build;
pub mod embed;
pub mod job;
pub mod lesson;
mod links;
pub mod practice;
pub mod prefs;
mod reduce;
pub mod run;
pub mod shared;
pub mod side;
pub mod slow;
pub mod work;

use std::rc::Rc;

pub use catalogue::{Catalogue, Saved, SavedList, ScenarioEntry};
pub use compare::{CompareAction, CompareState};
pub use embed::EmbedState;
pub use job::{JobKind, LongJob};
pub use lesson::{LessonEntry, LessonRun};
pub use practice::{PracticeAction, PracticeRun};
pub use prefs::{Browser, Prefs, PrefsAction, Remembered, SPEEDS};
pub use reduce::{Action, LessonAction, RunAction};
pub use run::{Clock, Origin, Run, SimCell};
pub use shared::Shared;
pub use side::{Chart, Side, SideAction, Tab};
pub use slow::{Slow, VisitMove};

use crate::i18n::{Lang, Locale, Text};

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

/// What `Action::SetScheduler` changed in the workload so that it runs under `scheduler`: each
/// an interface phrase (`i18n::k`) and its argument (`compare::retarget_text`).
#[derive(Clone, Debug, PartialEq)]
pub struct SwitchNote {
    pub scheduler: &'static str,
    pub adapted: Rc<[(Text, String)]>,
}

/// Everything the page shows. Cloning is cheap (reference counts); equality is cheap too (the
/// run by version, large shared values by identity).
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub catalogue: Catalogue,
    pub saved: SavedList,
    /// The lessons walked to their last step on this device (stored by the page).
    pub walked: lesson::Walked,
    pub run: Run,
    pub prefs: Prefs,
    pub side: Side,
    pub playing: bool,
    /// The job the reader selected (or a lesson step pointed at).
    pub selected_job: Option<u32>,
    pub dialog: Option<Dialog>,
    /// An error to show above the page (a bad link, a scheduler the workload cannot use).
    pub banner: Option<String>,
    /// A short confirmation ("Saved", "Link copied"): an interface string key.
    pub toast: Option<Text>,
    /// What switching the scheduler adapted in the workload, shown under the banner area
    /// until the next run.
    pub note: Option<SwitchNote>,
    /// The lesson being followed, if any.
    pub lesson: Option<LessonRun>,
    /// The practice set being answered, if any.
    pub practice: Option<PracticeRun>,
    /// Compare mode, when open.
    pub compare: Option<Shared<CompareState>>,
    /// Embed mode (`embed=1` in the link), when on.
    pub embed: Option<EmbedState>,
    /// Slow motion: the shown heartbeat's visits, when on.
    pub slow: Option<Slow>,
    /// The long job running in slices (`job`), if any.
    pub job: Option<LongJob>,
    /// Compare mode's runs being computed (a long job), shown once done.
    pub building: Option<Shared<std::cell::RefCell<Option<compare::Building>>>>,
    /// The delay sweep being run (a long job), shown in compare mode once done.
    pub sweeping: Option<Shared<std::cell::RefCell<Option<crate::sim::sweep::SweepRun>>>>,
}

impl Page {
    /// The page as it opens: the first built-in scenario, with what the browser remembers.
    pub fn new(browser: &Browser, clock: Clock) -> Page {
        let catalogue = Catalogue::builtin();
        let text: Rc<str> = catalogue.first_text().into();
        let walked = lesson::Walked::from_stored(browser.walked.as_deref(), &catalogue.lessons);
        let mut page = Page {
            catalogue,
            saved: SavedList::from_stored(browser.saved.as_deref()),
            walked,
            run: Run::empty(clock),
            prefs: Prefs::from_browser(browser),
            side: Side::default(),
            playing: false,
            selected_job: None,
            dialog: None,
            banner: None,
            toast: None,
            note: None,
            lesson: None,
            practice: None,
            compare: None,
            embed: None,
            slow: None,
            job: None,
            building: None,
            sweeping: None,
        };
        page.install(text, Origin::Builtin(0), 0);
        page
    }

    /// The page opened on a share link (the URL's hash at start-up).
    pub fn from_hash(hash: &str, browser: &Browser, clock: Clock) -> Page {
        let mut page = Page::new(browser, clock);
        page.open_link(hash);
        page
    }

    /// Replace the scenario (already known to be the one wanted) and go to `hb`.
    pub fn install(&mut self, text: Rc<str>, origin: Origin, hb: u64) {
        let built = self.run.build(&text);
        self.install_built(text, origin, hb, built);
    }

    /// `install` with the simulation already built from `text`. A new run ends the lesson and
    /// the practice set (their callers start them again), and the code view follows it.
    pub fn install_built(
        &mut self,
        text: Rc<str>,
        origin: Origin,
        hb: u64,
        built: Result<ahead::Built, Vec<crate::scenario::ScenarioError>>,
    ) {
        self.run.install(text, origin, hb, built);
        self.job_for_new_run();
        self.playing = false;
        self.slow = None;
        self.selected_job = None;
        self.lesson = None;
        self.note = None;
        self.practice = None;
        self.side = self.side.for_new_run();
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
        self.selected_job.or_else(|| self.lesson.as_ref().and_then(LessonRun::focus_job))
    }

    /// The built-in scenario shown, if it is one.
    pub fn builtin(&self) -> Option<&ScenarioEntry> {
        match self.run.origin() {
            Origin::Builtin(i) => self.catalogue.scenarios.get(*i),
            _ => None,
        }
    }

    /// How the picker names the scenario shown.
    pub fn scenario_label(&self) -> String {
        match self.run.origin() {
            Origin::Builtin(i) => self.catalogue.scenarios.get(*i).map(|s| s.id.to_string()).unwrap_or_default(),
            Origin::Saved(n) | Origin::Custom(n) => n.clone(),
        }
    }

    /// The built-in scenario's description (the landing text), empty for others.
    pub fn intro(&self) -> String {
        self.builtin().map(|b| b.description(self.lang()).to_string()).unwrap_or_default()
    }

    /// While a practice question waits for its answer: the last heartbeat the student may look at.
    pub fn practice_limit(&self) -> Option<u64> {
        self.practice.as_ref().and_then(PracticeRun::limit)
    }

    /// The share link's hash for the current scenario and heartbeat (or lesson and step).
    pub fn share_hash(&self) -> String {
        if let Some(run) = &self.practice {
            return run.spec.link();
        }
        let hb = self.run.hb();
        if let Some(run) = &self.lesson {
            let id = self.catalogue.lessons.get(run.index).map(|l| l.id).unwrap_or_default().to_string();
            // A prediction step links to its question, never to its answer.
            let hb = if run.asks(run.step) && hb >= run.hb(run.step) { run.stop(run.step) } else { hb };
            return crate::share::encode(&crate::share::Link {
                source: crate::share::Source::Lesson { id, step: run.step as u32 },
                hb,
                lang: Some(self.locale()),
                visit: self.slow_shown().filter(|_| hb == self.run.hb()).map(|s| s.at as u32),
            });
        }
        let source = match self.builtin() {
            Some(entry) if **self.run.text() == *entry.text() => crate::share::Source::Builtin(entry.id.to_string()),
            _ => crate::share::Source::Text(self.run.text().to_string()),
        };
        let visit = self.slow_shown().map(|s| s.at as u32);
        crate::share::encode(&crate::share::Link { source, hb, lang: Some(self.locale()), visit })
    }
}
