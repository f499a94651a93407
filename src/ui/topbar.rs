//! The top bar: brand, scheduler switch, scenario picker, editor / share / theme /
//! presentation / help buttons and the language switch.

use std::rc::Rc;

use yew::prelude::*;

use super::actions::Action;
use super::state::{Dialog, Lab, Origin};
use super::{icons, t};
use crate::i18n::Locale;

/// Schedulers the switch offers: (scenario name, i18n key).
pub const SCHEDULERS: [(&str, &str); 4] = [
    ("fifo", "sched_fifo"),
    ("limit_tasks_per_job", "sched_limit"),
    ("fair", "sched_fair"),
    ("capacity", "sched_capacity"),
];

#[derive(Properties, PartialEq)]
pub struct TopbarProps {
    pub lab: Rc<Lab>,
    pub dispatch: yew::UseReducerDispatcher<Lab>,
}

#[component]
pub fn Topbar(props: &TopbarProps) -> Html {
    let lab = &props.lab;
    let lang = lab.lang();
    let d = &props.dispatch;
    let current = lab.scheduler_name();
    let onpick = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let v = select.value();
            if let Some(i) = v.strip_prefix("b:").and_then(|i| i.parse().ok()) {
                d.dispatch(Action::Select(i));
            } else if let Some(name) = v.strip_prefix("s:") {
                d.dispatch(Action::SelectSaved(name.to_string()));
            }
        })
    };
    let click = |a: fn() -> Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(a()))
    };
    // Each language named in itself; the 简 button keeps its Simplified characters in 繁體.
    let locale = lab.locale();
    let lang_btn = |l: Locale, label: &'static str, name: &'static str, tag: &'static str| {
        let d = d.clone();
        let on = locale == l;
        html! {
            <button class={classes!("seg", on.then_some("on"))} aria-pressed={on.to_string()}
                    data-testid={format!("lang-{}", l.code())} lang={tag} title={name} aria-label={name}
                    data-keep-script={(l == Locale::Zh).then_some("")}
                    onclick={Callback::from(move |_| d.dispatch(Action::SetLang(l)))}>{label}</button>
        }
    };
    let tools = html! {
        <>
            <button class={classes!("btn", "tool", lab.compare.is_some().then_some("on"))} data-testid="open-compare" aria-pressed={lab.compare.is_some().to_string()}
                    onclick={click(if lab.compare.is_some() { || Action::CloseCompare } else { || Action::OpenCompare })} title={t(lang, "compare_title")}>
                {t(lang, "compare")}</button>
            <button class="btn tool icon" data-testid="open-editor" onclick={click(|| Action::Open(Dialog::Editor))}
                    title={t(lang, "edit_title")} aria-label={t(lang, "edit")}>
                <span aria-hidden="true">{"✎"}</span><span class="tool-word">{t(lang, "edit")}</span></button>
            <button class="btn tool icon" data-testid="open-share" onclick={click(|| Action::Open(Dialog::Share))}
                    title={t(lang, "share_title")} aria-label={t(lang, "share")}>
                <span aria-hidden="true">{"⇪"}</span><span class="tool-word">{t(lang, "share")}</span></button>
            <button class="btn tool icon" data-testid="theme" onclick={click(|| Action::ToggleTheme)} aria-pressed={lab.prefs.dark.to_string()}
                    title={t(lang, "theme_title")} aria-label={t(lang, "theme_title")}>{if lab.prefs.dark { "☀" } else { "☾" }}</button>
            <button class="btn tool icon" data-testid="present" onclick={click(|| Action::TogglePresent)} aria-pressed={lab.prefs.present.to_string()}
                    title={t(lang, "present_title")} aria-label={t(lang, "present_title")}>{icons::present()}</button>
            <button class="btn tool" data-testid="open-help" onclick={click(|| Action::Open(Dialog::Help))} aria-keyshortcuts="?" aria-label={t(lang, "help")}>
                <span class="help-word">{t(lang, "help")}</span><kbd aria-hidden="true">{"?"}</kbd></button>
        </>
    };
    let sched_switch = html! {
        <div class="sched-switch" role="group" aria-label={t(lang, "scheduler")}>
            <span class="segs">
            { for SCHEDULERS.iter().map(|&(name, key)| {
                let d = d.clone();
                let on = current == name;
                html! {
                    <button class={classes!("seg", on.then_some("on"))} aria-pressed={on.to_string()} data-testid={format!("sched-{name}")}
                            onclick={Callback::from(move |_| if !on { d.dispatch(Action::SetScheduler(name)) })}>{t(lang, key)}</button>
                }
            }) }
            </span>
        </div>
    };
    let picker = html! {
        <label class="picker">
            <span class="sr-only">{t(lang, "scenario")}</span>
            <select data-testid="scenario-picker" onchange={onpick} aria-label={t(lang, "scenario")}>
                { for lab.scenarios.iter().enumerate().map(|(i, s)| html! {
                    <option value={format!("b:{i}")} selected={lab.origin == Origin::Builtin(i)} title={s.id}>{s.title(lang)}</option>
                }) }
                if !lab.saved.is_empty() {
                    <optgroup label={t(lang, "saved_group")}>
                        { for lab.saved.iter().map(|s| html! {
                            <option value={format!("s:{}", s.name)} selected={lab.origin == Origin::Saved(s.name.clone())}>{&s.name}</option>
                        }) }
                    </optgroup>
                }
                if let Origin::Custom(label) = &lab.origin {
                    <option value="custom" selected=true disabled=true>{format!("{} ({})", label, t(lang, "edited"))}</option>
                }
            </select>
        </label>
    };
    let langs = html! {
        <span class="segs lang-switch" role="group" aria-label={t(lang, "language_group")}>
            { lang_btn(Locale::En, "EN", "English", "en") }
            { lang_btn(Locale::Zh, "简", "简体中文", "zh-Hans") }
            { lang_btn(Locale::ZhHant, "繁", "繁體中文", "zh-Hant") }
        </span>
    };
    let menu_open = lab.dialog == Some(Dialog::Menu);
    html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">{"S"}</span>
                <h1>{"SchedScope"}</h1>
            </div>
            if lab.practice.is_none() { <div class="wide-only">{ sched_switch.clone() }</div> }
            <span class="narrow-only sched-now" data-testid="sched-now">{t(lang, SCHEDULERS.iter().find(|s| s.0 == current).map(|s| s.1).unwrap_or("sched_fifo"))}</span>
            <button class={classes!("btn", "tool", "lesson-btn", lab.lesson.is_some().then_some("on"))} data-testid="open-lessons"
                    onclick={click(|| Action::Open(Dialog::Lessons))} title={t(lang, "lessons_title")}>
                {icons::book()}
                { match &lab.lesson {
                    Some(run) => html! { <span class="lesson-now"><span class="caps">{super::fill(t(lang, "lesson_n"), &[&(run.index + 1).to_string()])}</span>
                        <span class="lesson-now-title" data-testid="lesson-now-title">{run.lesson.title.pick(lang)}</span></span> },
                    None => html! { <span>{t(lang, "lessons")}</span> },
                } }
            </button>
            <div class="wide-only">{ super::practice::setup::topbar_button(lab, d) }</div>
            if lab.lesson.is_none() && lab.practice.is_none() { <div class="wide-only picker-wrap">{ picker.clone() }</div> }
            <div class="tools wide-only">{ tools.clone() }</div>
            { langs }
            <button class="btn tool icon narrow-only menu-btn" data-testid="open-menu" aria-expanded={menu_open.to_string()}
                    aria-label={t(lang, "menu")} title={t(lang, "menu")} onclick={click(|| Action::Open(Dialog::Menu))}>{"☰"}</button>
            if menu_open {
                { super::dialogs::frame(t(lang, "menu"), "menu", false, d, t(lang, "close"), html! {
                    <div class="menu-body">
                        { super::practice::setup::topbar_button(lab, d) }
                        if lab.practice.is_none() { { sched_switch } }
                        if lab.lesson.is_none() && lab.practice.is_none() { { picker } }
                        <div class="menu-tools">{ tools }</div>
                    </div>
                }) }
            }
        </header>
    }
}
