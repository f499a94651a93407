//! The lesson on the page: the narrative card (step text in the current language, the step's
//! claims checked on the page's own run, a prediction to answer and reveal, back / next stop)
//! and the lesson list (the landing page's picker and the lessons dialog).

use crate::i18n::{Text, k};
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::LessonRun;
use crate::page::Page;
use crate::page::lesson::COUNTDOWN_MS;
use crate::page::{Action, LessonAction};
use crate::sim::Simulation;
use crate::ui::kit::{icons, platform};

fn group_key(g: &str) -> Text {
    match g {
        "basics" => k::group_basics,
        "fair" => k::sched_fair,
        "capacity" => k::sched_capacity,
        "paper" => k::group_paper,
        "spark" => k::sched_spark,
        _ => k::sched_fifo,
    }
}

/// Every built-in lesson, grouped by scheduler; one click opens one.
pub fn lesson_list(lab: &Page, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let groups = ["basics", "fifo", "fair", "capacity", "paper", "spark"];
    html! {
        <div class="lesson-list" data-testid="lesson-list">
            { for groups.iter().filter(|g| lab.catalogue.lessons.iter().any(|l| l.group() == **g)).map(|g| html! {
                <section class="lesson-group">
                    <h3 class="caps">{t(lang, group_key(g))}</h3>
                    <ol>
                        { for lab.catalogue.lessons.iter().enumerate().filter(|(_, l)| l.group() == *g).map(|(i, l)| {
                            let d = dispatch.clone();
                            let current = lab.lesson.as_ref().is_some_and(|r| r.index == i);
                            let walked = lab.walked.has(l.id);
                            html! {
                                <li><button class={classes!("lesson-item", current.then_some("on"), walked.then_some("walked"))} data-testid={format!("open-lesson-{}", l.id)}
                                            data-walked={walked.to_string()}
                                            title={l.lesson.summary_shown().pick(lang).to_string()} onclick={Callback::from(move |_| d.dispatch(Action::Lesson(LessonAction::Open(i))))}>
                                    <span class="lesson-no">{i + 1}</span>
                                    <span class="lesson-name">{l.title(lang)}</span>
                                    if walked { <span class="lesson-walked" title={t(lang, k::lesson_walked)} aria-label={t(lang, k::lesson_walked)}>{"✓"}</span> }
                                </button></li>
                            }
                        }) }
                    </ol>
                </section>
            }) }
        </div>
    }
}

/// The landing page: what the page is, in two lines, the first lesson offered first, then
/// every lesson.
pub fn landing(lab: &Page, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let first = lab.catalogue.lessons.iter().position(|l| l.id == "basics").unwrap_or(0);
    let start = lab.catalogue.lessons.get(first).map(|l| {
        let d = dispatch.clone();
        html! {
            <button class="btn primary start-btn" data-testid="start-first-lesson" onclick={Callback::from(move |_| d.dispatch(Action::Lesson(LessonAction::Open(first))))}>
                <span class="start-k">{t(lang, k::start_here)}</span>
                <span class="start-title">{l.title(lang)}</span>
            </button>
        }
    });
    html! {
        <section class="card lessons-card landing-card" data-testid="landing-lessons" aria-label={t(lang, k::lessons)}>
            <h2 class="landing-title">{t(lang, k::landing_title)}</h2>
            <p class="landing-lines" data-testid="landing-lines">{t(lang, k::landing_line1)}<br />{t(lang, k::landing_line2)}</p>
            { for start }
            { crate::ui::practice::setup::landing(lab, dispatch) }
            <h3 class="caps landing-all">{t(lang, k::lessons)}<span class="meta">{t(lang, k::lessons_hint)}</span></h3>
            { lesson_list(lab, dispatch) }
        </section>
    }
}

/// Letters of the choices in class mode (keys A–F).
const LETTERS: [&str; 6] = ["A", "B", "C", "D", "E", "F"];

/// The class's countdown: the seconds left, redrawn four times a second; it never reveals.
#[derive(Properties, PartialEq)]
struct CountdownProps {
    from: f64,
    lang: Lang,
}

#[component]
fn Countdown(p: &CountdownProps) -> Html {
    let now = use_state(platform::now_ms);
    {
        let now = now.clone();
        use_effect_with(p.from, move |_| {
            let tick = gloo::timers::callback::Interval::new(250, move || now.set(platform::now_ms()));
            move || drop(tick)
        });
    }
    let left = ((COUNTDOWN_MS - (*now - p.from)) / 1000.0).ceil().max(0.0) as u64;
    html! {
        <span class={classes!("countdown", (left == 0).then_some("over"))} data-testid="countdown" role="timer">
            { if left == 0 { t(p.lang, k::countdown_over).to_string() } else { fill(t(p.lang, k::countdown_left), &[&left.to_string()]) } }
        </span>
    }
}

/// The prediction. In class mode (presenting) the choices are lettered A–F for the keyboard
/// and large; before Reveal nothing on them tells the answer.
fn prediction(run: &LessonRun, sim: &Simulation, class: bool, hold: bool, lang: Lang, dispatch: &Dispatch) -> Html {
    let Some(p) = run.lesson.steps.get(run.step).and_then(|s| s.predict.as_ref()) else { return html! {} };
    // The question and choices as filled from the run at the step's heartbeat.
    let filled = run.texts.get(run.step).and_then(Option::as_ref);
    let question = filled.and_then(|f| f.question.as_ref()).unwrap_or(&p.question);
    // `hold`: a Reveal is playing the heartbeat to its decisive visit; nothing is revealed yet.
    let revealed = run.revealed(sim.hb()) && !hold;
    html! {
        <div class={classes!("predict", revealed.then_some("revealed"), class.then_some("class-mode"))} data-testid="predict">
            <fieldset>
                <legend><span class="predict-tag">{t(lang, k::predict)}</span>{question.pick(lang)}</legend>
                { for p.choices.iter().enumerate().map(|(k, c)| {
                    let d = dispatch.clone();
                    let chosen = run.choice == Some(k);
                    let right = revealed && k == p.answer;
                    html! {
                        <label class={classes!("choice", chosen.then_some("chosen"), right.then_some("right"))} data-testid={format!("choice-{k}")}>
                            <input type="radio" name="predict" checked={chosen} disabled={revealed}
                                   onchange={Callback::from(move |_| d.dispatch(Action::Lesson(LessonAction::Choose(k))))} />
                            if class { <span class="choice-letter" aria-hidden="true">{LETTERS.get(k).copied().unwrap_or("")}</span> }
                            <span>{filled.and_then(|f| f.choices.get(k)).unwrap_or(&c.text).pick(lang)}</span>
                            if right { <span class="pill ok">{t(lang, k::predict_answer)}</span> }
                        </label>
                    }
                }) }
            </fieldset>
            if class && !revealed {
                <p class="class-keys meta">
                    <span>{t(lang, k::class_keys)}</span>
                    if let Some(from) = run.countdown_from { <Countdown from={from} lang={lang} /> }
                </p>
            }
        </div>
    }
}

pub fn card(lab: &Page, run: &LessonRun, sim: &Simulation, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let i = run.step;
    let Some(step) = run.lesson.steps.get(i) else { return html! {} };
    let hb = sim.hb();
    let text = run.texts.get(i).and_then(Option::as_ref).map(|f| &f.text).unwrap_or(&step.text);
    // A Reveal in class mode plays the heartbeat first: the verdict waits for its decisive visit.
    let hold = lab.revealing();
    let asking = step.predict.is_some() && (!run.revealed(hb) || hold);
    // Class mode: presenting, the room answers by letter and the lecturer reveals (key R).
    let class = lab.prefs.present;
    let go = |k: usize| {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Lesson(LessonAction::Step(k))))
    };
    let exit = {
        let d = dispatch.clone();
        Callback::from(move |_| d.dispatch(Action::Lesson(LessonAction::Exit)))
    };
    let last = i + 1 >= run.len();
    let at_step = hb == run.stop(i) || hb == run.hb(i);
    let checks = run.checks(sim);
    // Reveal, and after it the verdict, stand beside the card's buttons, which never scroll
    // away: the lecturer goes on without scrolling a side panel in front of the room.
    let reveal = {
        let d = dispatch.clone();
        Callback::from(move |_| d.dispatch(Action::Lesson(LessonAction::Reveal)))
    };
    let verdict = step.predict.as_ref().filter(|_| run.revealed(hb) && !hold).and_then(|_| run.choice_holds(sim));
    // The last step: the lesson's recap, and the way on (the next lesson of its group, or the
    // list at the end of a group).
    let next_lesson = last.then(|| crate::page::lesson::next_in_group(&lab.catalogue.lessons, run.index)).flatten();
    let on = {
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(match next_lesson {
                Some(n) => Action::Lesson(LessonAction::Open(n)),
                None => Action::Open(crate::page::Dialog::Lessons),
            })
        })
    };
    let on_label = match next_lesson.and_then(|n| lab.catalogue.lessons.get(n)) {
        Some(n) => fill(t(lang, k::lesson_next_lesson), &[n.title(lang)]),
        None => t(lang, k::lesson_all_lessons).to_string(),
    };
    let recap = run.lesson.recap.as_ref().filter(|_| last && !asking).map(|r| {
        html! {
            <section class="recap" data-testid="lesson-recap">
                <h3 class="caps">{t(lang, k::lesson_recap)}</h3>
                <ul>{ for r.lines(lang).iter().map(|l| html! { <li>{crate::lesson::text::fill_config(l, lang, &run.lesson.scenario_value)}</li> }) }</ul>
            </section>
        }
    });
    let next_label = if last {
        t(lang, k::lesson_done).to_string()
    } else if run.hb(i + 1) == hb {
        t(lang, k::next_step_here).to_string()
    } else {
        let s = run.lesson.steps.get(i + 1).is_some_and(|s| s.predict.is_some());
        fill(t(lang, if s { k::next_stop_predict } else { k::next_stop_hb }), &[&run.hb(i + 1).to_string()])
    };
    html! {
        <section class={classes!("card", "narrative", (last && !asking).then_some("at-end"),
                                 (last && !asking && run.point().is_some_and(crate::page::side::points_at_side)).then_some("beside-side"))}
                 data-testid="narrative" data-step={i.to_string()} data-step-hb={run.hb(i).to_string()}
                 data-lesson={lab.catalogue.lessons.get(run.index).map(|l| l.id).unwrap_or_default()} aria-label={t(lang, k::lesson)}>
            <header class="card-head narrative-head">
                <span class="lesson-badge">{icons::book()}{fill(t(lang, k::lesson_n), &[&(run.index + 1).to_string()])}</span>
                <h2 class="lesson-title">{run.lesson.title.pick(lang)}</h2>
                <button class="btn tiny" data-testid="exit-lesson" aria-label={t(lang, k::exit_lesson)} title={t(lang, k::exit_lesson)} onclick={exit}>{"✕"}</button>
            </header>
            <div class="step-bar">
                <span class="step-count" data-testid="step-count">{fill(t(lang, k::step_of), &[&(i + 1).to_string(), &run.len().to_string(), &run.hb(i).to_string()])}</span>
                <span class="step-dots" role="group" aria-label={t(lang, k::steps)}>
                    { for (0..run.len()).map(|k| html! {
                        <button class={classes!("dot", (k == i).then_some("on"), (k < i).then_some("done"), run.pauses(k).then_some("stop"))}
                                aria-label={fill(t(lang, k::go_step), &[&(k + 1).to_string(), &run.hb(k).to_string()])} aria-current={(k == i).then_some("step")}
                                data-testid={format!("step-dot-{k}")} onclick={go(k)}></button>
                    }) }
                </span>
            </div>
            <div class="narrative-body" data-testid="narrative-body">
            if !at_step {
                <p class="hint upcoming">{fill(t(lang, k::step_upcoming), &[&run.stop(i).to_string()])}</p>
            }
            if asking {
                { prediction(run, sim, class, hold, lang, dispatch) }
            } else {
                <p class="step-text" data-testid="step-text" lang={if lang == Lang::Zh { "zh-CN" } else { "en" }}>{text.pick(lang)}</p>
                if step.predict.is_some() { { prediction(run, sim, class, hold, lang, dispatch) } }
            }
            if let Some((held, total)) = checks.filter(|c| c.1 > 0) {
                <p class={classes!("checks", (held == total).then_some("ok"))} data-testid="step-checks" data-held={held.to_string()} data-total={total.to_string()}>
                    { if held == total { fill(crate::i18n::t_n(lang, k::checks_hold, k::checks_hold_one, total), &[&total.to_string(), &run.hb(i).to_string()]) }
                      else { fill(crate::i18n::t_n(lang, k::checks_fail, k::checks_fail_one, total), &[&(total - held).to_string(), &total.to_string()]) } }
                </p>
            }
            </div>
            <footer class="step-foot">
                if asking {
                    <button class="btn primary reveal-btn" data-testid="reveal" disabled={(run.choice.is_none() && !class) || hold} onclick={reveal}
                            aria-keyshortcuts={class.then_some("R")}>
                        {fill(t(lang, k::reveal_at), &[&run.hb(i).to_string()])}</button>
                }
                if let Some(ok) = verdict {
                    <p class={classes!("verdict-line", if ok { "ok" } else { "no" })} data-testid="predict-verdict" role="status">
                        { if ok { t(lang, k::predict_right) } else { t(lang, k::predict_wrong) } }</p>
                }
                // The recap stands with the way on, never scrolled away.
                { for recap }
                <div class="step-nav">
                    <button class="btn" data-testid="lesson-back" disabled={i == 0} onclick={go(i.saturating_sub(1))}>{t(lang, k::lesson_back)}</button>
                    // Embedded in slides there is no lesson list to go back to.
                    if last && !asking && (next_lesson.is_some() || lab.embed.is_none()) {
                        <button class="btn primary" data-testid="lesson-next" onclick={on}
                                data-next-lesson={next_lesson.and_then(|n| lab.catalogue.lessons.get(n)).map(|n| n.id)}>{on_label}</button>
                    } else {
                        <button class="btn primary" data-testid="lesson-next" disabled={last || asking} onclick={go(i + 1)}>{next_label}</button>
                    }
                </div>
            </footer>
        </section>
    }
}
