//! Transport: first / previous / play-pause / next / last, the next interesting heartbeat,
//! the speed stepper (heartbeats per second on a doubling scale) and the timeline scrubber
//! with marks at landmark heartbeats; under them, while a long job runs (`page::job`), its
//! progress bar with what it is doing and a Cancel.

use crate::i18n::k;
use crate::ui::kit::Dispatch;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::{Action, LessonAction, PrefsAction, RunAction};
use crate::page::{JobKind, LessonRun, LongJob, Page, Run, SPEEDS, Slow, VisitMove};
use crate::sim::interesting::Reason;
use crate::ui::kit::icons;

/// Simulated time as the page shows it: `t = 6.2 s`.
pub fn format_time(ms: i64, lang: Lang) -> String {
    fill(t(lang, k::t_eq), &[&format!("{:.1}", ms as f64 / 1000.0)])
}

pub fn format_speed(hbs: f64, lang: Lang) -> String {
    let n = if hbs < 1.0 { format!("{hbs}") } else { format!("{hbs:.0}") };
    fill(t(lang, k::speed_value), &[&n])
}

/// What the transport draws: the run, the lesson's stops, playing and speed, and the last
/// heartbeat a practice question lets the student see.
#[derive(Properties, PartialEq)]
pub struct TransportProps {
    pub run: Run,
    pub lesson: Option<LessonRun>,
    pub playing: bool,
    pub speed: usize,
    pub lang: Lang,
    pub limit: Option<u64>,
    /// Slow motion at the shown heartbeat.
    pub slow: Option<Slow>,
    /// At a lesson's last step: the next lesson of its group (index, title), or `None` for the
    /// list (the phone bar's way on).
    pub next_lesson: Option<(usize, String)>,
    /// The long job whose progress bar shows.
    pub job: Option<LongJob>,
    pub dispatch: Dispatch,
}

impl TransportProps {
    pub fn of(page: &Page, dispatch: &Dispatch) -> TransportProps {
        TransportProps {
            run: page.run.clone(),
            lesson: page.lesson.clone(),
            playing: page.playing,
            speed: page.prefs.speed,
            lang: page.lang(),
            limit: page.practice_limit(),
            slow: page.slow_shown().cloned(),
            next_lesson: page.lesson.as_ref().and_then(|r| {
                let n = crate::page::lesson::next_in_group(&page.catalogue.lessons, r.index)?;
                Some((n, page.catalogue.lessons.get(n)?.title(page.lang()).to_string()))
            }),
            job: page.job_shown().cloned(),
            dispatch: dispatch.clone(),
        }
    }
}

/// `n` with its thousands grouped as the language writes them (`12,345`).
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A template's text around its `{0}`, with `value` in between as an element of its own.
fn around(template: &str, value: Html) -> Html {
    let (before, after) = template.split_once("{0}").unwrap_or((template, ""));
    html! { <>{before.to_string()}{value}{after.to_string()}</> }
}

/// The progress bar of the long job running: what it is doing, how far it got (the
/// heartbeat reached and the share of the run, as numerals in `data-value`) and a Cancel.
pub fn job_bar(job: &LongJob, lang: Lang, dispatch: &Dispatch) -> Html {
    let what = match job.what {
        JobKind::Ahead => k::job_ahead,
        JobKind::Last => k::job_last,
        JobKind::Interesting => k::job_interesting,
        JobKind::Compare => k::job_compare,
        JobKind::Sweep => k::job_sweep,
    };
    let permille = (job.share * 1000.0).round() as u64;
    let hb = html! { <span class="job-num" data-of="progress.hb" data-value={job.at.to_string()} data-testid="job-hb">{grouped(job.at)}</span> };
    let pct = html! { <span class="job-num" data-of="progress.share" data-value={format!("{:.3}", job.share)}>{format!("{}%", permille / 10)}</span> };
    let d = dispatch.clone();
    html! {
        <div class="long-job" role="status" data-testid="long-job" data-what={job.what.id()}>
            <span class="job-what">{t(lang, what)}</span>
            <progress class="job-bar" data-testid="progress-bar" max="1000" value={permille.to_string()}
                      aria-label={t(lang, what)} aria-valuetext={format!("{} %", permille / 10)}></progress>
            <span class="job-at">{around(t(lang, k::job_at_hb), hb)}</span>
            <span class="job-share">{around(t(lang, k::job_share), pct)}</span>
            <button class="btn tiny" data-testid="cancel-job" aria-keyshortcuts="Escape" title={t(lang, k::job_cancel_title)}
                    onclick={Callback::from(move |_: MouseEvent| d.dispatch(Action::Run(RunAction::Cancel)))}>
                {t(lang, k::job_cancel)}<kbd aria-hidden="true">{"Esc"}</kbd>
            </button>
        </div>
    }
}

fn reason_word(r: Reason, lang: Lang) -> &'static str {
    match r {
        Reason::Assignment => t(lang, k::mark_assign),
        Reason::Reorder => t(lang, k::mark_reorder),
        Reason::LevelChange => t(lang, k::mark_level),
        Reason::RuleBit => t(lang, k::mark_rule),
    }
}

#[component]
pub fn Transport(props: &TransportProps) -> Html {
    let lab = props;
    let lang = lab.lang;
    let Ok(cell) = &lab.run.sim() else { return html! {} };
    let sim = cell.borrow();
    // Last or the search under way: their buttons wait for it (or its Cancel).
    let asked = lab.job.as_ref().is_some_and(LongJob::asked);
    let (hb, time_ms, finished) = (sim.hb(), sim.time_ms(), sim.finished());
    // The known range grows while the run is computed ahead in slices (`Page::computing`).
    let known = lab.run.known_hbs();
    // A practice question holds the run at the heartbeat before the one it asks about.
    let limit = lab.limit;
    let held = limit.is_some_and(|l| hb >= l);
    let end = lab.run.end_known();
    let d = props.dispatch.clone();
    let act = move |a: fn() -> Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a()))
    };
    let onscrub = {
        let d = props.dispatch.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<u64>() {
                d.dispatch(Action::Run(RunAction::GoTo(v)));
            }
        })
    };
    let max = known.max(1);
    let pct = |h: u64| (h as f64 / max as f64 * 100.0).clamp(0.0, 100.0);
    // At most ~160 marks on the track, so a long run stays readable.
    let stride = (lab.run.marks().len() / 160).max(1);
    let marks = lab.run.marks().iter().filter(|(h, _)| limit.is_none_or(|l| *h <= l)).step_by(stride).map(|(h, reasons)| {
        let words: Vec<&str> = reasons.iter().map(|r| reason_word(*r, lang)).collect();
        let title = format!("{} {h}: {}", t(lang, k::heartbeat), words.join(", "));
        let kind = if reasons.contains(&Reason::Reorder) {
            "reorder"
        } else if reasons.contains(&Reason::LevelChange) {
            "level"
        } else {
            "rule"
        };
        let d = props.dispatch.clone();
        let h = *h;
        html! {
            <rect class={classes!("mark", kind)} x={format!("{:.1}", pct(h) * 10.0 - 4.0)} y="0" width="8" height="9"
                  onclick={Callback::from(move |_| d.dispatch(Action::Run(RunAction::GoTo(h))))}><title>{title}</title></rect>
        }
    });
    let total = match end {
        Some(e) => e.to_string(),
        None => format!("{known}+"),
    };
    // Lesson stops: a diamond per step (amber when it pauses), the next one labelled. A second
    // SVG without a viewBox, so x can be a percentage while the shapes keep their size.
    let stops = lab.lesson.as_ref().map(|run| {
        let next = Some(run.step + 1).filter(|&i| i < run.len() && run.stop(i) >= hb);
        let marks = (0..run.len()).map(|i| {
            let s = run.stop(i);
            let d = props.dispatch.clone();
            let kind = if run.lesson.steps[i].predict.is_some() { "predict" } else if run.pauses(i) { "pause" } else { "plain" };
            html! {
                <svg x={format!("{:.2}%", pct(s))} y="0" overflow="visible" class={classes!("stop", kind, (i == run.step).then_some("current"), (Some(i) == next).then_some("next"))}
                     data-testid={format!("stop-{i}")} data-hb={s.to_string()}>
                    <path d="M0 9.5L5.5 15L0 20.5L-5.5 15Z" onclick={Callback::from(move |_| d.dispatch(Action::Lesson(LessonAction::Step(i))))}>
                        <title>{fill(t(lang, k::go_step), &[&(i + 1).to_string(), &run.hb(i).to_string()])}</title></path>
                </svg>
            }
        });
        let label = next.map(|i| {
            let p = pct(run.stop(i));
            let what = if run.lesson.steps[i].predict.is_some() { fill(t(lang, k::stop_label_predict), &[&run.hb(i).to_string()]) } else { fill(t(lang, k::stop_label), &[&run.hb(i).to_string()]) };
            let anchor = if p < 15.0 { "start" } else if p > 85.0 { "end" } else { "middle" };
            html! { <text class="stop-label" x={format!("{p:.2}%")} y="8" text-anchor={anchor} data-testid="next-stop-label">{what}</text> }
        });
        html! { <svg class="stops-svg" aria-hidden="true">{ for marks }{ for label }</svg> }
    });
    let play_label = if lab.playing { t(lang, k::pause) } else { t(lang, k::play) };
    // Phones: one row of big buttons at the thumb; in a lesson they walk its steps.
    let phone = match &lab.lesson {
        Some(run) => {
            let i = run.step;
            let last = i + 1 >= run.len();
            let asking = run.lesson.steps.get(i).is_some_and(|s| s.predict.is_some()) && !run.revealed(hb);
            let go = |k: usize| {
                let d = props.dispatch.clone();
                Callback::from(move |_: MouseEvent| d.dispatch(Action::Lesson(LessonAction::Step(k))))
            };
            // The last step leads on: the next lesson of the group, or the list.
            let on = {
                let d = props.dispatch.clone();
                let next = lab.next_lesson.as_ref().map(|(n, _)| *n);
                Callback::from(move |_: MouseEvent| {
                    d.dispatch(match next {
                        Some(n) => Action::Lesson(LessonAction::Open(n)),
                        None => Action::Open(crate::page::Dialog::Lessons),
                    })
                })
            };
            let next_label = if last {
                match &lab.next_lesson {
                    Some((_, title)) => fill(t(lang, k::lesson_next_lesson), &[title]),
                    None => t(lang, k::lesson_all_lessons).to_string(),
                }
            } else if run.hb(i + 1) == hb {
                t(lang, k::next_step_here).to_string()
            } else {
                fill(t(lang, k::next_stop_hb), &[&run.hb(i + 1).to_string()])
            };
            html! {
                <div class="phone-bar">
                    <button class="btn big" data-testid="phone-back" disabled={i == 0} onclick={go(i.saturating_sub(1))}>{t(lang, k::lesson_back)}</button>
                    <button class={classes!("btn", "big", "icon", lab.playing.then_some("playing"))} data-testid="phone-play" onclick={act(|| Action::Run(RunAction::TogglePlay))}
                            aria-label={play_label}>{if lab.playing { icons::pause() } else { icons::play() }}</button>
                    <button class="btn big primary grow" data-testid="phone-next" disabled={asking} onclick={if last { on } else { go(i + 1) }}>{next_label}</button>
                </div>
            }
        }
        None => html! {
            <div class="phone-bar">
                <button class="btn big" data-testid="phone-prev" onclick={act(|| Action::Run(RunAction::Prev))} disabled={hb == 0}>{t(lang, k::previous)}</button>
                <button class={classes!("btn", "big", "icon", lab.playing.then_some("playing"))} data-testid="phone-play" onclick={act(|| Action::Run(RunAction::TogglePlay))}
                        aria-label={play_label}>{if lab.playing { icons::pause() } else { icons::play() }}</button>
                <button class="btn big primary grow" data-testid="phone-next" onclick={act(|| Action::Run(RunAction::Next))} disabled={finished || held}>{t(lang, k::next)}</button>
            </div>
        },
    };
    html! {
        <>
        <nav class="transport" aria-label={t(lang, k::transport)}>
            <div class="buttons">
                <button class="btn icon" data-testid="first" onclick={act(|| Action::Run(RunAction::First))} disabled={hb == 0}
                        title={format!("{} (Home)", t(lang, k::first))} aria-label={t(lang, k::first)} aria-keyshortcuts="Home">{icons::first()}</button>
                <button class="btn" data-testid="prev" onclick={act(|| Action::Run(RunAction::Prev))} disabled={hb == 0}
                        aria-keyshortcuts="ArrowLeft" title={t(lang, k::prev_title)}>
                    <span class="lbl">{t(lang, k::previous)}</span><kbd aria-hidden="true">{"←"}</kbd>
                </button>
                <button class={classes!("btn", "primary", "play", lab.playing.then_some("playing"))} data-testid="play" disabled={held && !lab.playing}
                        onclick={act(|| Action::Run(RunAction::TogglePlay))} aria-pressed={lab.playing.to_string()} aria-keyshortcuts="Space">
                    {if lab.playing { icons::pause() } else { icons::play() }}
                    <span class="lbl">{play_label}</span><kbd aria-hidden="true">{t(lang, k::key_space)}</kbd>
                </button>
                <button class="btn" data-testid="next" onclick={act(|| Action::Run(RunAction::Next))} disabled={finished || held}
                        aria-keyshortcuts="ArrowRight" title={t(lang, k::next_title)}>
                    <span class="lbl">{t(lang, k::next)}</span><kbd aria-hidden="true">{"→"}</kbd>
                </button>
                <button class="btn icon" data-testid="last" onclick={act(|| Action::Run(RunAction::Last))} disabled={finished || limit.is_some() || asked}
                        title={format!("{} (End)", t(lang, k::last))} aria-label={t(lang, k::last)} aria-keyshortcuts="End">{icons::last()}</button>
                <button class="btn subtle" data-testid="next-interesting" onclick={act(|| Action::Run(RunAction::NextInteresting))} disabled={finished || limit.is_some() || asked}
                        title={t(lang, k::interesting_title)} aria-keyshortcuts="N">
                    {icons::jump()}<span class="lbl">{t(lang, k::interesting)}</span><kbd aria-hidden="true">{"N"}</kbd>
                </button>
            </div>
            if matches!(lab.run.scheduler_name(), "fifo" | "fair" | "capacity") {
                <div class="slow-motion" role="group" aria-label={t(lang, k::slow_play)}>
                    <button class="btn icon subtle" data-testid="visit-back" onclick={act(|| Action::Run(RunAction::Visit(VisitMove::Prev)))}
                            disabled={hb == 0} title={t(lang, k::slow_prev)} aria-label={t(lang, k::slow_prev)} aria-keyshortcuts="Shift+ArrowLeft">{"‹"}</button>
                    <button class={classes!("btn", "subtle", lab.slow.as_ref().is_some_and(|s| s.playing).then_some("playing"))} data-testid="slow-motion"
                            onclick={act(|| Action::Run(RunAction::Visit(VisitMove::Play)))} disabled={held && hb == 0}
                            title={t(lang, k::slow_play_title)} aria-pressed={lab.slow.as_ref().is_some_and(|s| s.playing).to_string()}>
                        <span class="lbl">{t(lang, k::slow_play)}</span><span class="lbl-short">{t(lang, k::slow_short)}</span>
                    </button>
                    <button class="btn icon subtle" data-testid="visit-forward" onclick={act(|| Action::Run(RunAction::Visit(VisitMove::Next)))}
                            disabled={finished && lab.slow.as_ref().is_none_or(|s| s.at_end())} title={t(lang, k::slow_next)} aria-label={t(lang, k::slow_next)}
                            aria-keyshortcuts="Shift+ArrowRight">{"›"}</button>
                </div>
            }
            <div class="speed" role="group" aria-label={t(lang, k::speed)}>
                <span class="speed-label">{t(lang, k::speed)}</span>
                <button class="btn tiny" data-testid="slower" onclick={act(|| Action::Prefs(PrefsAction::Slower))} disabled={lab.speed == 0}
                        title={format!("{} (−)", t(lang, k::slower))} aria-label={t(lang, k::slower)}>{"−"}</button>
                <output class="speed-value" data-testid="speed" aria-live="off">{format_speed(SPEEDS[lab.speed], lang)}</output>
                <button class="btn tiny" data-testid="faster" onclick={act(|| Action::Prefs(PrefsAction::Faster))} disabled={lab.speed + 1 == SPEEDS.len()}
                        title={format!("{} (+)", t(lang, k::faster))} aria-label={t(lang, k::faster)}>{"+"}</button>
            </div>
            <div class={classes!("scrubber", stops.is_some().then_some("with-stops"))} data-point="panel:timeline"
                 data-testid="timeline" data-computing={lab.run.computing().to_string()}>
                // SVG geometry, since the page's CSP forbids style attributes.
                <svg class="track-svg" viewBox="0 0 1000 24" preserveAspectRatio="none" aria-hidden="true">
                    <rect class="track" x="0" y="12" width="1000" height="6" rx="3" />
                    <rect class="progress" x="0" y="12" width={format!("{:.1}", pct(hb) * 10.0)} height="6" rx="3" />
                    { for marks }
                </svg>
                { for stops }
                <input type="range" data-testid="scrubber" min="0" max={max.to_string()} value={hb.to_string()}
                       aria-label={t(lang, k::timeline)} aria-valuetext={fill(t(lang, k::hb_of), &[&hb.to_string(), &total])}
                       oninput={onscrub} />
            </div>
            <div class="clock">
                <div class="clock-line">
                    <span class="clock-label">{t(lang, k::heartbeat)}</span>
                    <span class="clock-hb" data-testid="hb">{hb}</span>
                    <span class="clock-total">{format!("/ {total}")}</span>
                </div>
                <span class="clock-time" data-testid="time">{format_time(time_ms, lang)}</span>
            </div>
            { phone }
        </nav>
        { for lab.job.as_ref().map(|j| job_bar(j, lang, &props.dispatch)) }
        </>
    }
}
