//! The question card, where a lesson's narrative stands beside the stage: the set's progress
//! (one dot per question, right or wrong once answered), what the student is told, the
//! question and its answer form; once answered, the verdict with what was wrong, both answers,
//! and the explanation: the heartbeat's decision record in words and its code path with live
//! values (`explain::code::views` focused on the question's job or queue).

use crate::i18n::Locale;
use crate::i18n::k;

use yew::prelude::*;

use super::forms;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::Page;
use crate::page::practice::{Draft, Explain, PracticeAction, PracticeRun};
use crate::page::{Action, RunAction};
use crate::practice::{Grade, Question, concept_title, words};
use crate::ui::kit::icons;
use crate::ui::side::{code_view, why};

use crate::ui::kit::Dispatch;

fn act(d: &Dispatch, a: PracticeAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(Action::Practice(a.clone())))
}

/// What the practice column draws: the set, the heartbeat shown, the language.
#[derive(Properties, PartialEq)]
pub struct PracticeProps {
    pub practice: Option<PracticeRun>,
    pub hb: u64,
    pub locale: Locale,
    pub dispatch: Dispatch,
}

impl PracticeProps {
    pub fn of(page: &Page, dispatch: &Dispatch) -> PracticeProps {
        PracticeProps {
            practice: page.practice.clone(),
            hb: page.run.hb(),
            locale: page.locale(),
            dispatch: dispatch.clone(),
        }
    }
}

/// The side column in practice mode: the question card, or the results card at the end.
#[component]
pub fn PracticeColumn(props: &PracticeProps) -> Html {
    let number = use_node_ref();
    let card = use_node_ref();
    let run = props.practice.as_ref();
    // The keyboard focus follows the set: a new question, its verdict, the results (the
    // button pressed is gone); not on opening the page.
    {
        let card = card.clone();
        let first = use_mut_ref(|| true);
        let key = run.map(|r| (r.current, r.results, r.answers[r.current].is_some()));
        use_effect_with(key, move |_| {
            if !std::mem::replace(&mut *first.borrow_mut(), false) {
                if let Some(el) = card.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    }
    // The next question is generated while the student reads this one.
    {
        let d = props.dispatch.clone();
        let next = run.and_then(|r| r.to_prepare());
        use_effect_with(next, move |next| {
            let timer = next.map(|_| {
                gloo::timers::callback::Timeout::new(700, move || d.dispatch(Action::Practice(PracticeAction::Prepare)))
            });
            move || drop(timer)
        });
    }
    let Some(run) = run else { return html! {} };
    if run.results {
        return super::results::card(props.locale, run, &card, &props.dispatch);
    }
    question_card(props.locale.lang(), props.hb, run, &number, &card, &props.dispatch)
}

fn head(run: &PracticeRun, concept: &str, lang: Lang, d: &Dispatch) -> Html {
    html! {
        <header class="card-head practice-head">
            <span class="practice-badge">{icons::practice()}{t(lang, k::practice)}</span>
            <h2 class="practice-title">{concept_title(concept).pick(lang).to_string()}</h2>
            <span class="pill">{run.spec.difficulty.title().pick(lang).to_string()}</span>
            <button class="btn tiny" data-testid="exit-practice" aria-label={t(lang, k::practice_exit)} title={t(lang, k::practice_exit)}
                    onclick={act(d, PracticeAction::Exit)}>{"✕"}</button>
        </header>
    }
}

/// One dot per question: answered ones (right or wrong) and the first open one can be shown.
fn dots(run: &PracticeRun, lang: Lang, d: &Dispatch) -> Html {
    let open = run.answers.iter().position(Option::is_none).unwrap_or(run.len());
    html! {
        <div class="step-bar q-bar">
            <span class="step-count" data-testid="q-count">{fill(t(lang, k::practice_q_of), &[&(run.current + 1).to_string(), &run.len().to_string()])}</span>
            <span class="step-dots" role="group" aria-label={t(lang, k::practice_questions)}>
                { for (0..run.len()).map(|k| {
                    let status = match run.grade(k) {
                        Some(g) if g.correct => ("q-right", k::practice_status_right),
                        Some(_) => ("q-wrong", k::practice_status_wrong),
                        None => ("", k::practice_status_open),
                    };
                    html! {
                        <button class={classes!("dot", (k == run.current).then_some("on"), status.0)} disabled={k > open}
                                aria-label={fill(t(lang, k::practice_dot), &[&(k + 1).to_string(), t(lang, status.1)])}
                                aria-current={(k == run.current).then_some("step")} data-testid={format!("q-dot-{k}")}
                                onclick={act(d, PracticeAction::Show(k))}></button>
                    }
                }) }
            </span>
        </div>
    }
}

fn given(lines: &[String]) -> Html {
    html! { <ul class="q-given" data-testid="q-given">{ for lines.iter().map(|l| html! { <li>{l}</li> }) }</ul> }
}

fn verdict(q: &Question, g: &Grade, run: &PracticeRun, lang: Lang) -> Html {
    let lines = words::grade(&q.form, g, lang);
    let given = run.answers[run.current].as_ref().map(|a| words::answer(&q.form, a, lang)).unwrap_or_default();
    html! {
        <div class={classes!("q-verdict", if g.correct { "ok" } else { "no" })} role="status" data-testid="q-verdict"
             data-correct={g.correct.to_string()} data-expected={serde_json::to_string(&q.expected).unwrap_or_default()}
             data-given={serde_json::to_string(&run.answers[run.current]).unwrap_or_default()}>
            <p class="q-verdict-head"><span aria-hidden="true">{if g.correct { "✓ " } else { "✗ " }}</span>{lines[0].clone()}</p>
            if lines.len() > 1 {
                <ul class="q-mistakes" data-testid="q-mistakes">{ for lines[1..].iter().map(|l| html! { <li>{l}</li> }) }</ul>
            }
            <dl class="q-answers">
                <dt>{t(lang, k::practice_your_answer)}</dt><dd data-testid="q-your-answer">{given}</dd>
                <dt>{t(lang, k::practice_expected)}</dt><dd data-testid="q-expected">{words::answer(&q.form, &q.expected, lang)}</dd>
            </dl>
        </div>
    }
}

/// The decision record in words, or one code path with its live values.
fn explanation(q: &Question, run: &PracticeRun, lang: Lang, d: &Dispatch) -> Html {
    let views = words::code_path(q);
    let shown = match run.explain {
        Explain::Code(k) if k < views.len() => Explain::Code(k),
        _ => Explain::Why,
    };
    html! {
        <section class="q-explain" data-testid="q-explain" aria-label={t(lang, k::practice_explain)}>
            <div class="segs q-explain-tabs" role="tablist" aria-label={t(lang, k::practice_explain)}>
                <button role="tab" class={classes!("seg", (shown == Explain::Why).then_some("on"))} aria-selected={(shown == Explain::Why).to_string()}
                        data-testid="q-tab-why" onclick={act(d, PracticeAction::Explain(Explain::Why))}>{t(lang, k::practice_why)}</button>
                { for views.iter().enumerate().map(|(k, v)| {
                    let on = shown == Explain::Code(k);
                    let short = v.method.split_once('.').map(|(_, m)| m).unwrap_or(v.method);
                    html! {
                        <button role="tab" class={classes!("seg", on.then_some("on"))} aria-selected={on.to_string()}
                                data-testid={format!("q-tab-code-{k}")} title={v.hadoop}
                                onclick={act(d, PracticeAction::Explain(Explain::Code(k)))}>{short}</button>
                    }
                }) }
            </div>
            { match shown {
                Explain::Code(k) => {
                    let v = &views[k];
                    html! {
                        <div class="q-code code-card" data-testid="q-code" data-method={v.method}>
                            <p class="meta"><code class="hadoop-name">{v.hadoop}</code>
                                if let Some(s) = &v.subject { {" · "}{fill(t(lang, k::code_subject), &[s])} }</p>
                            { code_view::listing(v, lang) }
                        </div>
                    }
                }
                Explain::Why => html! {
                    <ol class="why-list q-why" data-testid="q-why">
                        { for words::explanation_lines(q, lang).0.iter().map(|l| {
                            let (k, icon) = why::look(l.kind);
                            html! { <li class={k}><span class="why-icon" aria-hidden="true">{icon}</span><span>{l.text.clone()}</span></li> }
                        }) }
                    </ol>
                },
            } }
        </section>
    }
}

fn question_card(lang: Lang, hb: u64, run: &PracticeRun, number: &NodeRef, card: &NodeRef, d: &Dispatch) -> Html {
    let i = run.current;
    let Some(q) = run.question(i) else {
        let concept = run.spec.concepts.first().copied().unwrap_or_default();
        return html! {
            <section class="card practice-card" data-testid="practice" data-question={i.to_string()} data-state="missing"
                     ref={card.clone()} tabindex="-1">
                { head(run, concept, lang, d) }
                { dots(run, lang, d) }
                <p class="hint">{t(lang, k::practice_failed)}</p>
                <footer class="q-foot">{ next_button(run, lang, d) }</footer>
            </section>
        };
    };
    let grade = run.grade(i);
    let prompt = words::prompt(q, lang);
    let (ask, told) = prompt.split_last().map(|(a, rest)| (a.clone(), rest.to_vec())).unwrap_or_default();
    let state = match &grade {
        None => "asking",
        Some(g) if g.correct => "right",
        Some(_) => "wrong",
    };
    let body = match &grade {
        None => {
            let onsubmit = {
                let number = number.clone();
                let d = d.clone();
                Callback::from(move |e: SubmitEvent| {
                    e.prevent_default();
                    let text = number.cast::<web_sys::HtmlInputElement>().map(|i| i.value());
                    d.dispatch(Action::Practice(PracticeAction::Submit(text)));
                })
            };
            let moment = q.hb.saturating_sub(1);
            html! {
                <form class="q-form" onsubmit={onsubmit} data-testid="q-form">
                    <div class="q-body">
                        if hb != moment {
                            <p class="hint q-moment">{fill(t(lang, k::practice_elsewhere), &[&hb.to_string(), &moment.to_string()])}{" "}
                                <button type="button" class="btn tiny" data-testid="q-back-to-moment" onclick={{
                                    let d = d.clone();
                                    Callback::from(move |_: MouseEvent| d.dispatch(Action::Run(RunAction::GoTo(moment))))
                                }}>{fill(t(lang, k::practice_go_moment), &[&moment.to_string()])}</button></p>
                        }
                        <div class="q-told" data-testid="q-told">
                            <h3 class="caps q-told-head">{fill(t(lang, k::practice_told), &[&moment.to_string()])}</h3>
                            { given(&told) }
                        </div>
                        <div class="q-answer">
                            <p class="q-ask" data-testid="q-ask">{ask}</p>
                            { forms::view(q, run, number, lang, d) }
                        </div>
                    </div>
                    <footer class="q-foot">
                        <button type="submit" class="btn primary" data-testid="q-submit" disabled={run.draft == Draft::Choice(None)}>
                            {fill(t(lang, k::practice_submit), &[&q.hb.to_string()])}</button>
                    </footer>
                </form>
            }
        }
        Some(g) => html! {
            <>
                <div class="q-body">
                    { verdict(q, g, run, lang) }
                    <details class="q-again">
                        <summary>{t(lang, k::practice_question)}</summary>
                        { given(&told) }
                        <p class="q-ask">{ask}</p>
                    </details>
                    { explanation(q, run, lang, d) }
                </div>
                <footer class="q-foot">{ next_button(run, lang, d) }</footer>
            </>
        },
    };
    html! {
        <section class={classes!("card", "practice-card", state)} data-testid="practice" data-question={i.to_string()}
                 data-kind={q.kind} data-concept={q.concept} data-state={state} data-hb={q.hb.to_string()}
                 data-tracker={q.tracker.clone()} aria-label={t(lang, k::practice)}
                 lang={if lang == Lang::Zh { "zh-CN" } else { "en" }} ref={card.clone()} tabindex="-1">
            { head(run, q.concept, lang, d) }
            { dots(run, lang, d) }
            { body }
        </section>
    }
}

fn next_button(run: &PracticeRun, lang: Lang, d: &Dispatch) -> Html {
    if run.current + 1 < run.len() {
        html! {
            <>
                // Reviewing a finished set: the results are one click away.
                if run.complete() {
                    <button class="btn" data-testid="q-to-results" onclick={act(d, PracticeAction::Results)}>{t(lang, k::practice_see_results)}</button>
                }
                <button class="btn primary" data-testid="q-next" onclick={act(d, PracticeAction::Next)}>{t(lang, k::practice_next)}</button>
            </>
        }
    } else {
        html! {
            <button class="btn primary" data-testid="q-results" disabled={!run.complete()} onclick={act(d, PracticeAction::Results)}>
                {t(lang, k::practice_see_results)}</button>
        }
    }
}
