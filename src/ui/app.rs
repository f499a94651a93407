//! The page shell: top bar, transport, the stage (grid and the scheduler's state) with the side
//! area beside it (narrative, why, code, charts, jobs, log), dialogs; and the effects that
//! connect it to the browser (keyboard, the play timer, the URL hash, the document language).

use crate::i18n::k;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::compare::view as compare_view;
use super::dialogs;
use super::dialogs::editor::Editor;
use super::lesson::figures as lesson_figures;
use super::lesson::narrative;
use super::practice::card::{PracticeColumn, PracticeProps};
use super::practice::setup::PracticeSetup;
use super::side;
use super::stage::transport::{Transport, TransportProps};
use super::stage::{Stage, StageProps};
use super::topbar::{Topbar, TopbarProps};
use super::{fill, platform, t};
use crate::explain::HeartbeatRecord;
use crate::i18n::{Lang, Locale};
use crate::page::{Action, LessonAction, PrefsAction, RunAction, VisitMove};
use crate::page::{Dialog, JobKind, Origin, Page, SPEEDS, Tab};

/// A key's action; `class` is class mode (presenting, a prediction waiting for its Reveal):
/// A–F choose, R reveals, T starts or stops the countdown. `job`: a long job's progress bar
/// shows (Escape cancels it).
fn key_action(key: &str, shift: bool, dialog_open: bool, class: bool, job: bool) -> Option<Action> {
    if dialog_open {
        return match key {
            "Escape" => Some(Action::Close),
            "?" => Some(Action::Open(Dialog::Help)),
            _ => None,
        };
    }
    if class {
        let letter = key.chars().next().filter(|_| key.chars().count() == 1).map(|c| c.to_ascii_lowercase());
        match letter {
            Some(c @ 'a'..='f') => return Some(Action::Lesson(LessonAction::Choose(c as usize - 'a' as usize))),
            Some('r') => return Some(Action::Lesson(LessonAction::Reveal)),
            Some('t') => return Some(Action::Lesson(LessonAction::Countdown(platform::now_ms()))),
            _ => {}
        }
    }
    Some(match key {
        // Slow motion: visit by visit inside the heartbeat (`page::slow`).
        "ArrowRight" if shift => Action::Run(RunAction::Visit(VisitMove::Next)),
        "ArrowLeft" if shift => Action::Run(RunAction::Visit(VisitMove::Prev)),
        " " | "Spacebar" | "k" | "." => Action::Run(RunAction::TogglePlay),
        "ArrowRight" => Action::Run(RunAction::Next),
        "ArrowLeft" => Action::Run(RunAction::Prev),
        "Home" => Action::Run(RunAction::First),
        "End" => Action::Run(RunAction::Last),
        "+" | "=" => Action::Prefs(PrefsAction::Faster),
        "-" | "_" | "−" => Action::Prefs(PrefsAction::Slower),
        "n" | "N" => Action::Run(RunAction::NextInteresting),
        "p" | "P" => Action::Prefs(PrefsAction::TogglePresent),
        "l" | "L" => Action::Prefs(PrefsAction::ToggleLang),
        "?" => Action::Open(Dialog::Help),
        "Escape" if job => Action::Run(RunAction::Cancel),
        "Escape" => Action::DismissBanner,
        _ => return None,
    })
}

/// One short sentence for screen readers after each heartbeat: who heartbeated and what it got.
/// The cluster at this heartbeat, drawn small beside the figures of a lesson step about whole runs.
pub(crate) fn figure_cluster(run: &crate::page::Run, sim: &crate::sim::Simulation, lang: Lang) -> Html {
    let Some(view) = run.view() else { return html! {} };
    let Some(stage) = run.stage() else { return html! {} };
    let marks = Rc::new(super::stage::marks::gather(&stage, sim.last_record(), None, None, &[]));
    html! { <lesson_figures::ClusterNow view={view} marks={marks} hb={sim.hb()} lang={lang} /> }
}

fn announce(record: Option<&HeartbeatRecord>, lang: Lang) -> String {
    let Some(r) = record else { return String::new() };
    let lines = crate::explain::text::render(r, lang);
    let head = lines.first().cloned().unwrap_or_default();
    let result = lines.iter().rev().find(|l| l.starts_with("Result") || l.starts_with("结果")).cloned();
    match result {
        Some(res) => format!("{head} {res}"),
        None => head,
    }
}

#[component]
pub fn App() -> Html {
    let lab = use_reducer(|| Page::from_hash(&platform::hash(), &super::kit::browser(), platform::now_ms));
    let dispatch = lab.dispatcher();
    let dialog_open = lab.dialog.is_some();

    // Keyboard shortcuts, off while typing in a field.
    {
        let d = dispatch.clone();
        let class = lab.prefs.present && lab.lesson.as_ref().is_some_and(|r| r.asking(lab.run.hb()));
        let job = lab.job_shown().is_some();
        use_effect_with((dialog_open, class, job), move |&(open, class, job)| {
            let options = EventListenerOptions::enable_prevent_default();
            let listener =
                EventListener::new_with_options(&gloo::utils::document(), "keydown", options, move |event| {
                    let Some(event) = event.dyn_ref::<KeyboardEvent>() else { return };
                    if event.alt_key() || event.ctrl_key() || event.meta_key() || event.is_composing() {
                        return;
                    }
                    if platform::typing_in_field() && event.key() != "Escape" {
                        return;
                    }
                    if platform::focus_on_radio()
                        && matches!(event.key().as_str(), " " | "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown")
                    {
                        return;
                    }
                    if let Some(action) = key_action(&event.key(), event.shift_key(), open, class, job) {
                        event.prevent_default();
                        d.dispatch(action);
                    }
                });
            move || drop(listener)
        });
    }

    // After every render: how many cluster views the run has built (a redraw builds none).
    {
        let run = lab.run.clone();
        use_effect(move || platform::show_view_builds(run.view_builds()));
    }

    // The lessons walked to their end on this device, kept after each one.
    use_effect_with(lab.walked.clone(), |walked| {
        if !walked.0.is_empty() {
            platform::store(crate::page::lesson::KEY_WALKED, &walked.to_stored());
        }
    });

    // Browser storage, written after the state changed (the reducer never writes): what the
    // reader chose (language, theme, speed), and the saved scenarios after a save, with a toast
    // saying whether storage took them.
    use_effect_with(lab.prefs.remembered, |remembered| {
        for (key, value) in remembered.entries() {
            platform::store(key, &value);
        }
    });
    {
        let d = dispatch.clone();
        use_effect_with(lab.saved.clone(), move |saved| {
            if saved.saves > 0 {
                let ok = platform::store(crate::page::prefs::KEY_SAVED, &saved.to_stored());
                d.dispatch(Action::Toast(Some(if ok { k::toast_saved } else { k::toast_not_saved })));
            }
        });
    }

    // A share link pasted into the address bar of the open page.
    {
        let d = dispatch.clone();
        use_effect_with((), move |_| {
            let listener = EventListener::new(&gloo::utils::window(), "hashchange", move |_| {
                d.dispatch(Action::OpenLink(platform::hash()))
            });
            move || drop(listener)
        });
    }

    // The play timer: one tick per heartbeat up to 30 hb/s, then several heartbeats a tick.
    {
        let d = dispatch.clone();
        use_effect_with((lab.playing, lab.prefs.speed), move |&(playing, speed)| {
            let timer = playing.then(|| {
                let hbs = SPEEDS[speed];
                let (ms, per_tick) =
                    if hbs <= 30.0 { ((1000.0 / hbs) as u32, 1) } else { (33, (hbs * 0.033).round() as u32) };
                gloo::timers::callback::Interval::new(ms, move || d.dispatch(Action::Run(RunAction::Tick(per_tick))))
            });
            move || drop(timer)
        });
    }

    // Slow motion's timer: one visit per tick, at the page's speed kept readable.
    {
        let d = dispatch.clone();
        let playing = lab.slow.as_ref().is_some_and(|s| s.playing);
        use_effect_with((playing, lab.prefs.speed), move |&(playing, speed)| {
            let timer = playing.then(|| {
                let ms = (1000.0 / crate::page::slow::visits_per_second(SPEEDS[speed])) as u32;
                gloo::timers::callback::Interval::new(ms, move || {
                    d.dispatch(Action::Run(RunAction::Visit(VisitMove::Tick)))
                })
            });
            move || drop(timer)
        });
    }

    // The long job running (`page::job`: computing ahead, Last, the next interesting
    // heartbeat), one slice of at most ~16 ms a task, each after the browser has had its turn
    // (input, rendering, the play timer), until the job ends or is cancelled and the page
    // renders without it (a new scenario's job restarts this).
    {
        let d = dispatch.clone();
        let running = lab.job.as_ref().map(|j| (j.what, lab.run.ahead_gen()));
        use_effect_with(running, move |running| {
            let slices = running.map(|_| {
                platform::repeat_soon(move || {
                    d.dispatch(Action::Run(RunAction::Slice));
                    true
                })
            });
            move || drop(slices)
        });
    }

    // Keep the URL a share link of what is shown (not while playing), <html lang>, and 繁體
    // (`hant`: the rendered Simplified text converted as it is shown).
    {
        // (An embed keeps the link it was given: the slide holds it.)
        let hash = (!lab.playing && lab.embed.is_none()).then(|| lab.share_hash());
        use_effect_with(hash, |hash| {
            if let Some(h) = hash {
                platform::replace_hash(h);
            }
        });
        use_effect_with(lab.locale(), |locale| {
            super::hant::show(*locale == Locale::ZhHant);
            platform::set_document_lang(*locale);
        });
    }
    // Ring what the lesson step points at (after every render: elements come and go). The page
    // does not scroll by itself: on a projector the teacher decides what is on screen.
    {
        let point = lab.lesson.as_ref().and_then(|r| r.point()).map(str::to_string);
        use_effect(move || platform::point_at(point.as_deref()));
    }
    // Dialogs take the keyboard focus, keep it, and give it back.
    use_effect_with(lab.dialog, |d| {
        let trap = platform::dialog_focus(d.is_some());
        move || drop(trap)
    });
    // Keep the current heartbeat in view in the decision log, and the current line in the code
    // view (it moves with the heartbeat, slow motion's visit and the method or job chosen):
    // within the listing, then within the side panel that scrolls in presentation mode.
    {
        let hb = lab.run.sim().as_ref().map(|s| s.borrow().hb()).unwrap_or(0);
        let visit = lab.slow.as_ref().map(|s| (s.hb, s.at));
        use_effect_with((hb, lab.side.tab, visit, lab.side.code_method, lab.side.code_job), |(hb, tab, ..)| {
            if *tab == Tab::Log {
                platform::scroll_within(&format!("log-{hb}"), ".side-panel");
            }
            if *tab == Tab::Code {
                platform::scroll_within("code-current", ".code-lines");
                platform::scroll_within("code-current", ".side-panel");
            }
        });
    }

    // Embed mode: messages from the embedding page, the state sent back.
    let fit = super::embed::use_embed(&lab, &dispatch);

    let lang = lab.lang();
    let rc: Rc<Page> = Rc::new((*lab).clone());
    let banner = lab.banner.as_ref().map(|msg| {
        let d = dispatch.clone();
        html! {
            <div class="banner" role="alert" data-testid="banner">
                <span>{msg}</span>
                <button class="btn tiny" aria-label={t(lang, k::close)} onclick={Callback::from(move |_| d.dispatch(Action::DismissBanner))}>{"✕"}</button>
            </div>
        }
    });

    // What switching the scheduler adapted in the workload (`Page::note`).
    let note = lab.note.as_ref().map(|n| {
        let d = dispatch.clone();
        let key = super::kit::SCHEDULERS.iter().find(|s| s.0 == n.scheduler).map_or(k::sched_fifo, |s| s.1);
        let sched = t(lang, key);
        html! {
            <div class="banner note" role="status" data-testid="switch-note">
                <span>{ fill(t(lang, k::switch_note), &[sched]) }{" "}
                    { n.adapted.iter().map(|(key, arg)| fill(t(lang, *key), &[arg.as_str()])).collect::<Vec<_>>().join("; ") }{"."}</span>
                <button class="btn tiny" aria-label={t(lang, k::close)} onclick={Callback::from(move |_| d.dispatch(Action::DismissBanner))}>{"✕"}</button>
            </div>
        }
    });

    if lab.embed.is_some() {
        let record = lab.run.sim().as_ref().ok().and_then(|s| s.borrow().last_record().cloned());
        return super::embed::page(&rc, &dispatch, fit, banner, announce(record.as_ref(), lang));
    }

    let body = match &lab.run.sim() {
        _ if lab.compare.is_some() => {
            lab.compare.as_ref().map(|c| compare_view::view(&lab, c, &dispatch)).unwrap_or_default()
        }
        Err(errors) => html! {
            <main class="layout single">
                <section class="card errors" data-testid="scenario-errors">
                    <h2>{t(lang, k::does_not_load)}</h2>
                    <ul>{ for errors.iter().map(|e| html! { <li><code>{&e.path}</code>{format!(": {}", e.message)}</li> }) }</ul>
                </section>
            </main>
        },
        Ok(cell) => {
            let sim = cell.borrow();
            let record = sim.last_record();
            // In a lesson the narrative introduces the scenario, its numbers filled from the run;
            // the scenario's own description (typed text) would be a second, unchecked account.
            let intro = lab
                .builtin()
                .filter(|_| lab.lesson.is_none())
                .map(|b| lang.pick(&b.description.0, &b.description.1).to_string())
                .unwrap_or_default();
            let side_top = match &lab.lesson {
                Some(run) => narrative::card(&lab, run, &sim, &dispatch),
                None if sim.hb() == 0 => narrative::landing(&lab, &dispatch),
                None => html! {},
            };
            // A run that stopped at a step that cannot run says so, as the CLI does.
            let stopped = sim.stopped().filter(|_| sim.finished()).map(|f| {
                html! {
                    <div class="banner stopped" role="status" data-testid="run-stopped">
                        <span>{fill(t(lang, k::run_stopped), &[&f.step, &f.message])}</span>
                    </div>
                }
            });
            let practising = lab.practice.is_some();
            let landing = lab.lesson.is_none() && !practising && sim.hb() == 0;
            html! {
                <main class={classes!("layout", lab.lesson.is_some().then_some("in-lesson"), practising.then_some("in-practice"), landing.then_some("landing"),
                                     (lab.side.tab != Tab::Why).then_some("side-wide"))}>
                    { for stopped }
                    // A lesson step about whole runs shows the lesson's figures in place of the stage.
                    if let Some(run) = lab.lesson.as_ref().filter(|r| r.view() != "stage") {
                        <section class="lesson-figures-area">{ lesson_figures::panel(&run.lesson, run.view(), run.point(), run.keys(), figure_cluster(&lab.run, &sim, lang), lang) }</section>
                    } else {
                        <Stage ..StageProps::of(&lab, &dispatch) />
                    }
                    <div class="col-side">
                        if practising {
                            <PracticeColumn ..PracticeProps::of(&lab, &dispatch) />
                        } else {
                            { side_top }
                            { side::area(&lab, &sim, record, intro, &dispatch) }
                        }
                    </div>
                    <div class="sr-only" aria-live="polite" data-testid="announce">{ announce(record, lang) }</div>
                </main>
            }
        }
    };

    let dialog = match lab.dialog {
        Some(Dialog::Help) => dialogs::help(&lab, &dispatch),
        Some(Dialog::Share) => dialogs::share(&rc, &dispatch),
        Some(Dialog::Lessons) => dialogs::frame(
            t(lang, k::lessons),
            "lessons-dialog",
            true,
            &dispatch,
            t(lang, k::close),
            narrative::lesson_list(&lab, &dispatch),
        ),
        Some(Dialog::Editor) => {
            let label = match &lab.run.origin() {
                Origin::Builtin(i) => lab.catalogue.scenarios[*i].id.to_string(),
                Origin::Saved(n) | Origin::Custom(n) => n.clone(),
            };
            html! { <Editor text={AttrValue::from(lab.run.text().clone())} label={AttrValue::from(label)} scheduler={AttrValue::from(lab.run.scheduler_name())} lang={lang} dispatch={dispatch.clone()} /> }
        }
        Some(Dialog::Practice) => html! { <PracticeSetup lab={rc.clone()} dispatch={dispatch.clone()} /> },
        Some(Dialog::Menu) | None => html! {},
    };

    let class = classes!(
        "app",
        if lab.prefs.dark { "theme-dark" } else { "theme-light" },
        lab.prefs.present.then_some("present"),
        (lang == crate::i18n::Lang::Zh).then_some("lang-zh")
    );
    html! {
        <div class={class} data-testid="app">
            <Topbar ..TopbarProps::of(&lab, &dispatch) />
            if lab.compare.is_none() { <Transport ..TransportProps::of(&lab, &dispatch) /> }
            else if let Some(job) = lab.job_shown().filter(|j| matches!(j.what, JobKind::Compare | JobKind::Sweep)) {
                { super::stage::transport::job_bar(job, lang, &dispatch) }
            }
            { for banner }
            { for note }
            { body }
            if let Some(msg) = lab.toast.filter(|_| lab.dialog.is_none()) {
                <div class="toast floating" role="status">{t(lang, msg)}</div>
            }
            { dialog }
        </div>
    }
}
