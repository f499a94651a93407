//! The answer forms: choose one option (radio buttons), put a list in order (each item moves
//! up or down with its buttons, so the keyboard does everything a mouse does), enter a number
//! (a text box read with `practice::answer::parse_number`: `3`, `2.67`, `2,67`, `8/3`), pick
//! tasks for the heartbeating tracker (job + locality chips, in order; they appear on the
//! tracker's row), pick running attempts (click their slots on the grid, or the list here).

use crate::i18n::k;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::Action;
use crate::page::practice::{Draft, PracticeAction, PracticeRun};
use crate::practice::{Form, Question, Token, words};
use crate::ui::stage::grid::job_class;

use crate::ui::kit::Dispatch;

fn act(d: &Dispatch, a: PracticeAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(Action::Practice(a.clone())))
}

/// The form of the current question (inside the card's `<form>`; the number box is read
/// through `number` on submit).
pub fn view(q: &Question, run: &PracticeRun, number: &NodeRef, lang: Lang, d: &Dispatch) -> Html {
    match (&q.form, &run.draft) {
        (Form::Choose { options }, Draft::Choice(chosen)) => choose(options.len(), *chosen, q, run.current, lang, d),
        (Form::Order { items }, Draft::Order(order)) => order_list(items.len(), order, q, lang, d),
        (Form::Number { .. }, Draft::Number) => html! {
            <div class="q-number-wrap">
                <label class="q-number">
                    <span class="meta">{words::form_hint(&q.form, lang)}</span>
                    <input type="text" inputmode="decimal" autocomplete="off" spellcheck="false" ref={number.clone()}
                           data-testid="q-number" aria-invalid={run.bad_number.to_string()} />
                </label>
                if run.bad_number {
                    <p class="q-error" role="alert" data-testid="q-number-error">{t(lang, k::practice_bad_number)}</p>
                }
            </div>
        },
        (Form::Pick { candidates, max, .. }, Draft::Picks(picked)) => {
            if candidates.iter().all(|c| matches!(c.token, Token::Task { .. })) {
                pick_tasks(q, picked, *max, lang, d)
            } else {
                pick_list(q, picked, lang, d)
            }
        }
        _ => html! {},
    }
}

fn choose(n: usize, chosen: Option<usize>, q: &Question, current: usize, lang: Lang, d: &Dispatch) -> Html {
    html! {
        <fieldset class="q-choices" data-testid="q-choices">
            <legend class="meta">{words::form_hint(&q.form, lang)}</legend>
            { for (0..n).map(|k| {
                let on = chosen == Some(k);
                let d = d.clone();
                html! {
                    <label class={classes!("choice", on.then_some("chosen"))} data-testid={format!("q-choice-{k}")}>
                        <input type="radio" name={format!("q{current}")} checked={on}
                               onchange={Callback::from(move |_| d.dispatch(Action::Practice(PracticeAction::Choose(k))))} />
                        <span>{words::item(&q.form, k, lang)}</span>
                    </label>
                }
            }) }
        </fieldset>
    }
}

fn order_list(n: usize, order: &[usize], q: &Question, lang: Lang, d: &Dispatch) -> Html {
    html! {
        <div class="q-order-wrap">
            <p class="meta">{words::form_hint(&q.form, lang)}</p>
            <ol class="q-order" data-testid="q-order">
                { for order.iter().enumerate().map(|(pos, &item)| {
                    let name = words::item(&q.form, item, lang);
                    html! {
                        <li key={item.to_string()} class="q-order-item" data-testid={format!("q-order-{pos}")} data-item={item.to_string()}>
                            <span class="rank">{pos + 1}</span>
                            <span class="q-order-name">{name.clone()}</span>
                            <button type="button" class="btn tiny" disabled={pos == 0} data-testid={format!("q-up-{pos}")}
                                    aria-label={fill(t(lang, k::practice_move_up), &[&name])}
                                    onclick={act(d, PracticeAction::Move { from: pos, to: pos.saturating_sub(1) })}>{"↑"}</button>
                            <button type="button" class="btn tiny" disabled={pos + 1 >= n} data-testid={format!("q-down-{pos}")}
                                    aria-label={fill(t(lang, k::practice_move_down), &[&name])}
                                    onclick={act(d, PracticeAction::Move { from: pos, to: (pos + 1).min(n - 1) })}>{"↓"}</button>
                        </li>
                    }
                }) }
            </ol>
        </div>
    }
}

/// What the tracker gets so far, each pick removable.
fn picked_row(q: &Question, picked: &[usize], lang: Lang, d: &Dispatch) -> Html {
    let job_of = |k: usize| match &q.form {
        Form::Pick { candidates, .. } => match candidates.get(k).map(|c| &c.token) {
            Some(Token::Task { job, .. }) => Some(*job),
            Some(Token::Attempt { attempt, .. }) => Some(attempt.job),
            _ => None,
        },
        _ => None,
    };
    html! {
        <div class="q-picked" data-testid="q-picked" aria-live="polite">
            <span class="meta">{fill(t(lang, k::practice_picked), &[&q.tracker])}</span>
            if picked.is_empty() { <span class="meta q-none">{t(lang, k::practice_nothing_yet)}</span> }
            { for picked.iter().enumerate().map(|(pos, &k)| {
                let label = words::item(&q.form, k, lang);
                html! {
                    <button type="button" class={classes!("plan-chip", job_of(k).map(job_class))} data-testid={format!("q-picked-{pos}")}
                            aria-label={fill(t(lang, k::practice_unpick), &[&label])} onclick={act(d, PracticeAction::Unpick(pos))}>
                        <b>{pos + 1}</b>{label}<span aria-hidden="true">{" ✕"}</span>
                    </button>
                }
            }) }
            if !picked.is_empty() {
                <button type="button" class="btn tiny" data-testid="q-clear" onclick={act(d, PracticeAction::ClearPicks)}>{t(lang, k::practice_clear)}</button>
            }
        </div>
    }
}

/// Tasks for the heartbeating tracker: one row per job, its map at each locality and its
/// reduce; a click adds the task to the tracker's list (the same task can come twice).
fn pick_tasks(q: &Question, picked: &[usize], max: usize, lang: Lang, d: &Dispatch) -> Html {
    let Form::Pick { candidates, .. } = &q.form else { return html! {} };
    let mut jobs: Vec<u32> = Vec::new();
    for c in candidates {
        if let Token::Task { job, .. } = c.token {
            if !jobs.contains(&job) {
                jobs.push(job);
            }
        }
    }
    let full = picked.len() >= max;
    html! {
        <div class="q-pick">
            <p class="meta">{words::form_hint(&q.form, lang)}</p>
            { picked_row(q, picked, lang, d) }
            <div class="q-palette" role="group" aria-label={fill(t(lang, k::practice_palette), &[&q.tracker])}>
                { for jobs.iter().map(|&job| html! {
                    <div class="q-pal-row">
                        <span class={classes!("swatch-dot", job_class(job))}></span><b class="q-pal-job">{format!("J{job}")}</b>
                        if candidates.iter().any(|c| matches!(c.token, Token::Task { job: j, kind: "map", .. } if j == job)) {
                            <span class="meta">{"map"}</span>
                        }
                        { for candidates.iter().enumerate().filter(|(_, c)| matches!(c.token, Token::Task { job: j, .. } if j == job)).map(|(k, c)| {
                            let short = match &c.token {
                                Token::Task { kind: "map", locality, .. } => match *locality {
                                    Some("node") => t(lang, k::loc_node),
                                    Some("rack") => t(lang, k::loc_rack),
                                    _ => t(lang, k::loc_off),
                                }
                                .to_string(),
                                Token::Task { kind, .. } => kind.to_string(),
                                _ => String::new(),
                            };
                            let reduce = matches!(c.token, Token::Task { kind: "reduce", .. });
                            html! {
                                <button type="button" class={classes!("btn", "q-pal", reduce.then_some("q-pal-reduce"))} data-testid={format!("q-cand-{k}")} disabled={full}
                                        aria-label={words::item(&q.form, k, lang)} onclick={act(d, PracticeAction::Pick(k))}>{short}</button>
                            }
                        }) }
                    </div>
                }) }
            </div>
        </div>
    }
}

/// Attempts (or trackers) to pick: toggles here, and the same toggles on the grid's slots.
fn pick_list(q: &Question, picked: &[usize], lang: Lang, d: &Dispatch) -> Html {
    let Form::Pick { candidates, .. } = &q.form else { return html! {} };
    let on_grid = candidates.iter().any(|c| matches!(c.token, Token::Attempt { .. }));
    html! {
        <div class="q-pick">
            <p class="meta">{words::form_hint(&q.form, lang)}{" "}if on_grid { {t(lang, k::practice_pick_grid)} }</p>
            <div class="q-cands" role="group">
                { for candidates.iter().enumerate().map(|(k, c)| {
                    let on = picked.contains(&k);
                    html! {
                        <button type="button" class={classes!("q-cand", on.then_some("on"))} aria-pressed={on.to_string()}
                                data-testid={format!("q-cand-{k}")} onclick={act(d, PracticeAction::Pick(k))}>
                            <span class="q-check" aria-hidden="true">{if on { "☑" } else { "☐" }}</span>{c.label.pick(lang)}
                        </button>
                    }
                }) }
            </div>
        </div>
    }
}
