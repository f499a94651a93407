//! Making a set: the dialog where a teacher (or a student) picks the concepts, the difficulty,
//! the number of questions and the seed, and gets the set's link to hand out; and the landing
//! page's entry (one click starts ten questions on one scheduler, with a fresh seed).

use crate::i18n::{Text, k};
use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::Action;
use crate::page::PracticeAction;
use crate::page::{Dialog, Page};
use crate::practice::set::{MAX_COUNT, parse_concepts, parse_count};
use crate::practice::{CONCEPTS, Difficulty, SetSpec};
use crate::ui::dialogs;
use crate::ui::kit::platform;

use crate::ui::kit::Dispatch;

const SCHEDULERS: [(&str, Text); 4] =
    [("fifo", k::sched_fifo), ("fair", k::sched_fair), ("capacity", k::sched_capacity), ("spark", k::sched_spark)];

/// Ten questions of medium difficulty on `concepts` (a scheduler name or `all`), fresh seed.
fn quick(concepts: &str) -> SetSpec {
    SetSpec {
        concepts: parse_concepts(concepts).unwrap_or_else(|_| SetSpec::default().concepts),
        seed: platform::random_seed(),
        ..SetSpec::default()
    }
}

/// The landing page's practice entry.
pub fn landing(lab: &Page, d: &Dispatch) -> Html {
    let lang = lab.lang();
    let start = |c: &'static str| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Practice(PracticeAction::Start(quick(c)))))
    };
    let open = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Open(Dialog::Practice)))
    };
    html! {
        <section class="practice-entry" data-testid="landing-practice">
            <h3 class="caps landing-all">{t(lang, k::practice)}<span class="meta">{t(lang, k::practice_landing_line)}</span></h3>
            <div class="practice-quick">
                <button class="btn primary" data-testid="practice-quick-all" onclick={start("all")}>{t(lang, k::practice_quick_all)}</button>
                { for SCHEDULERS.iter().map(|&(s, key)| html! {
                    <button class="btn" data-testid={format!("practice-quick-{s}")} onclick={start(s)}>{t(lang, key)}</button>
                }) }
                <button class="btn subtle" data-testid="open-practice-setup" onclick={open}>{t(lang, k::practice_make_set)}</button>
            </div>
        </section>
    }
}

#[derive(Properties, PartialEq)]
pub struct SetupProps {
    pub lab: Rc<Page>,
    pub dispatch: Dispatch,
}

/// The set being made. Every edit is applied to the latest draft (a reducer, not a state
/// captured at the last render), so two edits before the next render both count.
#[derive(Clone, PartialEq)]
struct Draft(SetSpec);

impl Reducible for Draft {
    type Action = Rc<dyn Fn(&mut SetSpec)>;

    fn reduce(self: Rc<Self>, edit: Self::Action) -> Rc<Self> {
        let mut s = self.0.clone();
        edit(&mut s);
        Rc::new(Draft(s))
    }
}

/// A field value the set maker refused, as typed (the set's own readers decide: `parse_count`,
/// and a seed is any `u32`, as in a set's link).
#[derive(Clone, PartialEq)]
enum Refused {
    Count(String),
    Seed(String),
}

/// The set maker (`Dialog::Practice`), starting from the set being practised, if any.
#[component]
pub fn PracticeSetup(props: &SetupProps) -> Html {
    let lab = &props.lab;
    let lang = lab.lang();
    let d = &props.dispatch;
    let current = lab.practice.as_ref().map(|r| (*r.spec).clone());
    let draft = use_reducer(move || Draft(current.unwrap_or_else(|| quick("all"))));
    let spec = &draft.0;
    let edit = |f: Rc<dyn Fn(&mut SetSpec)>| {
        let draft = draft.clone();
        move || draft.dispatch(f.clone())
    };
    let update = |f: Rc<dyn Fn(&mut SetSpec)>| {
        let apply = edit(f);
        Callback::from(move |_: Event| apply())
    };
    let toggle = |ids: Vec<&'static str>| {
        update(Rc::new(move |s: &mut SetSpec| {
            let all_on = ids.iter().all(|id| s.concepts.contains(id));
            let keep: Vec<&'static str> = CONCEPTS
                .iter()
                .map(|c| c.0)
                .filter(|c| if ids.contains(c) { !all_on } else { s.concepts.contains(c) })
                .collect();
            s.concepts = keep;
        }))
    };
    let number = |e: &Event| e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
    // A value out of range is refused with what was found; the set keeps its value.
    let bad = use_state(|| None::<Refused>);
    let on_count = {
        let (draft, bad) = (draft.clone(), bad.clone());
        Callback::from(move |e: Event| {
            let text = number(&e).trim().to_string();
            match parse_count(&text) {
                Ok(n) => {
                    bad.set(None);
                    draft.dispatch(Rc::new(move |s: &mut SetSpec| s.count = n));
                }
                Err(_) => bad.set(Some(Refused::Count(text))),
            }
        })
    };
    let on_seed = {
        let (draft, bad) = (draft.clone(), bad.clone());
        Callback::from(move |e: Event| {
            let text = number(&e).trim().to_string();
            match text.parse::<u32>() {
                Ok(seed) => {
                    bad.set(None);
                    draft.dispatch(Rc::new(move |s: &mut SetSpec| s.seed = seed));
                }
                Err(_) => bad.set(Some(Refused::Seed(text))),
            }
        })
    };
    let bad_msg = (*bad).as_ref().map(|r| match r {
        Refused::Count(found) => {
            fill(t(lang, k::practice_count_bad), &[&MAX_COUNT.to_string(), found, &spec.count.to_string()])
        }
        Refused::Seed(found) => fill(t(lang, k::practice_seed_bad), &[found, &spec.seed.to_string()]),
    });
    let new_seed = {
        let (draft, bad) = (draft.clone(), bad.clone());
        Callback::from(move |_: MouseEvent| {
            if matches!(*bad, Some(Refused::Seed(_))) {
                bad.set(None);
            }
            let seed = platform::random_seed();
            draft.dispatch(Rc::new(move |s: &mut SetSpec| s.seed = seed));
        })
    };
    let ok = !spec.concepts.is_empty();
    let url = if ok { platform::url_with_hash(&spec.link()) } else { String::new() };
    let start = {
        let spec = spec.clone();
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Practice(PracticeAction::Start(spec.clone()))))
    };
    let body = html! {
        <div class="practice-setup">
            <p class="hint">{t(lang, k::practice_setup_hint)}</p>
            <fieldset class="setup-concepts">
                <legend>{t(lang, k::practice_concepts)}</legend>
                { for SCHEDULERS.iter().map(|&(s, key)| {
                    let ids: Vec<&'static str> = CONCEPTS.iter().filter(|c| c.1 == s).map(|c| c.0).collect();
                    let all_on = ids.iter().all(|id| spec.concepts.contains(id));
                    html! {
                        <div class="concept-group">
                            <label class="group-check"><input type="checkbox" checked={all_on} data-testid={format!("concepts-{s}")}
                                   onchange={toggle(ids.clone())} /><b>{t(lang, key)}</b></label>
                            <ul>
                                { for ids.iter().map(|&id| html! {
                                    <li><label><input type="checkbox" checked={spec.concepts.contains(&id)} data-testid={format!("concept-{id}")}
                                                      onchange={toggle(vec![id])} />{crate::practice::concept_title(id).pick(lang).to_string()}</label></li>
                                }) }
                            </ul>
                        </div>
                    }
                }) }
            </fieldset>
            <div class="setup-row">
                <span class="setup-field" role="group" aria-label={t(lang, k::practice_difficulty)}>
                    <span class="caps">{t(lang, k::practice_difficulty)}</span>
                    <span class="segs">
                        { for Difficulty::ALL.iter().map(|&level| {
                            let on = spec.difficulty == level;
                            let pick = edit(Rc::new(move |s: &mut SetSpec| s.difficulty = level));
                            html! {
                                <button class={classes!("seg", on.then_some("on"))} aria-pressed={on.to_string()} data-testid={format!("difficulty-{}", level.as_str())}
                                        onclick={Callback::from(move |_| pick())}>
                                    {level.title().pick(lang).to_string()}</button>
                            }
                        }) }
                    </span>
                </span>
                <label class="setup-field"><span class="caps">{t(lang, k::practice_count)}</span>
                    <input type="number" min="1" max={MAX_COUNT.to_string()} value={spec.count.to_string()} data-testid="practice-count"
                           aria-invalid={matches!(*bad, Some(Refused::Count(_))).to_string()} onchange={on_count} /></label>
                <label class="setup-field"><span class="caps">{t(lang, k::practice_seed)}</span>
                    <input type="number" min="0" max={u32::MAX.to_string()} value={spec.seed.to_string()} data-testid="practice-seed"
                           aria-invalid={matches!(*bad, Some(Refused::Seed(_))).to_string()} onchange={on_seed} /></label>
                <button class="btn tiny" data-testid="practice-new-seed" onclick={new_seed}>{t(lang, k::practice_new_seed)}</button>
            </div>
            if let Some(msg) = bad_msg { <p class="q-error" role="alert" data-testid="practice-field-error">{msg}</p> }
            if ok {
                <h3>{t(lang, k::practice_link_title)}</h3>
                <p class="hint">{t(lang, k::practice_link_hint)}</p>
                { super::results::copy_row(&url, "practice-url", t(lang, k::practice_link_title), d, lang) }
                if let Some(msg) = lab.toast { <p class="toast" role="status">{t(lang, msg)}</p> }
            } else {
                <p class="q-error" role="alert">{t(lang, k::practice_no_concept)}</p>
            }
            <div class="setup-foot">
                <button class="btn primary" data-testid="practice-start" disabled={!ok} onclick={start}>{t(lang, k::practice_start)}</button>
            </div>
        </div>
    };
    dialogs::frame(t(lang, k::practice_setup_title), "practice-setup", true, d, t(lang, k::close), body)
}

/// The top bar's practice button: the set's progress while practising.
pub fn topbar_button(practice: Option<(usize, usize)>, lang: Lang, d: &Dispatch) -> Html {
    let open = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Open(Dialog::Practice)))
    };
    let now =
        practice.map(|(done, len)| crate::i18n::fill(t(lang, k::practice_now), &[&done.to_string(), &len.to_string()]));
    html! {
        <button class={classes!("btn", "tool", "practice-btn", now.is_some().then_some("on"))} data-testid="open-practice"
                aria-pressed={now.is_some().to_string()} title={t(lang, k::practice_title)} onclick={open}>
            {crate::ui::kit::icons::practice()}
            <span lang={if lang == Lang::Zh { "zh-CN" } else { "en" }}>{now.unwrap_or_else(|| t(lang, k::practice).to_string())}</span>
        </button>
    }
}
