//! The top bar: brand, scheduler switch, scenario picker, editor / share / theme /
//! presentation / help buttons and the language switch.

use crate::i18n::k;
use crate::ui::kit::{Dispatch, SCHEDULERS};

use yew::prelude::*;

use super::kit::icons;
use crate::i18n::Locale;
use crate::i18n::t;
use crate::page::{Action, PrefsAction};
use crate::page::{Catalogue, Dialog, LessonRun, Origin, Page, Prefs, Saved, Shared};

/// What the top bar draws: the scenarios it offers, which one is shown under which
/// scheduler, the preferences, and which mode the page is in.
#[derive(Properties, PartialEq)]
pub struct TopbarProps {
    pub catalogue: Catalogue,
    pub saved: Shared<Vec<Saved>>,
    pub origin: Origin,
    pub scheduler: AttrValue,
    pub prefs: Prefs,
    pub comparing: bool,
    pub menu_open: bool,
    pub lesson: Option<LessonRun>,
    /// While practising: questions answered and in the set.
    pub practice: Option<(usize, usize)>,
    pub dispatch: Dispatch,
}

impl TopbarProps {
    pub fn of(page: &Page, dispatch: &Dispatch) -> TopbarProps {
        TopbarProps {
            catalogue: page.catalogue.clone(),
            saved: page.saved.list.clone(),
            origin: page.run.origin().clone(),
            scheduler: AttrValue::from(page.run.scheduler_name().to_string()),
            prefs: page.prefs,
            comparing: page.compare.is_some(),
            menu_open: page.dialog == Some(Dialog::Menu),
            lesson: page.lesson.clone(),
            practice: page.practice.as_ref().map(|r| (r.answers.iter().filter(|a| a.is_some()).count(), r.len())),
            dispatch: dispatch.clone(),
        }
    }
}

#[component]
pub fn Topbar(props: &TopbarProps) -> Html {
    let lab = props;
    let lang = lab.prefs.lang();
    let d = &props.dispatch;
    let current = lab.scheduler.as_str();
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
    let locale = lab.prefs.locale;
    let lang_btn = |l: Locale, label: &'static str, name: &'static str, tag: &'static str| {
        let d = d.clone();
        let on = locale == l;
        html! {
            <button class={classes!("seg", on.then_some("on"))} aria-pressed={on.to_string()}
                    data-testid={format!("lang-{}", l.code())} lang={tag} title={name} aria-label={name}
                    data-keep-script={(l == Locale::Zh).then_some("")}
                    onclick={Callback::from(move |_| d.dispatch(Action::Prefs(PrefsAction::SetLang(l))))}>{label}</button>
        }
    };
    let tools = html! {
        <>
            <button class={classes!("btn", "tool", lab.comparing.then_some("on"))} data-testid="open-compare" aria-pressed={lab.comparing.to_string()}
                    onclick={click(if lab.comparing { || Action::CloseCompare } else { || Action::OpenCompare })} title={t(lang, k::compare_title)}>
                {t(lang, k::compare)}</button>
            <button class="btn tool icon" data-testid="open-editor" onclick={click(|| Action::Open(Dialog::Editor))}
                    title={t(lang, k::edit_title)} aria-label={t(lang, k::edit)}>
                <span aria-hidden="true">{"✎"}</span><span class="tool-word">{t(lang, k::edit)}</span></button>
            <button class="btn tool icon" data-testid="open-share" onclick={click(|| Action::Open(Dialog::Share))}
                    title={t(lang, k::share_title)} aria-label={t(lang, k::share)}>
                <span aria-hidden="true">{"⇪"}</span><span class="tool-word">{t(lang, k::share)}</span></button>
            <button class="btn tool icon" data-testid="theme" onclick={click(|| Action::Prefs(PrefsAction::ToggleTheme))} aria-pressed={lab.prefs.dark.to_string()}
                    title={t(lang, k::theme_title)} aria-label={t(lang, k::theme_title)}>{if lab.prefs.dark { "☀" } else { "☾" }}</button>
            <button class="btn tool icon" data-testid="present" onclick={click(|| Action::Prefs(PrefsAction::TogglePresent))} aria-pressed={lab.prefs.present.to_string()}
                    title={t(lang, k::present_title)} aria-label={t(lang, k::present_title)}>{icons::present()}</button>
            <button class="btn tool" data-testid="open-help" onclick={click(|| Action::Open(Dialog::Help))} aria-keyshortcuts="?" aria-label={t(lang, k::help)}>
                <span class="help-word">{t(lang, k::help)}</span><kbd aria-hidden="true">{"?"}</kbd></button>
        </>
    };
    let sched_switch = html! {
        <div class="sched-switch" role="group" aria-label={t(lang, k::scheduler)}>
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
            <span class="sr-only">{t(lang, k::scenario)}</span>
            <select data-testid="scenario-picker" onchange={onpick} aria-label={t(lang, k::scenario)}>
                { for lab.catalogue.scenarios.iter().enumerate().map(|(i, s)| html! {
                    <option value={format!("b:{i}")} selected={lab.origin == Origin::Builtin(i)} title={s.id}>{s.title(lang)}</option>
                }) }
                if !lab.saved.is_empty() {
                    <optgroup label={t(lang, k::saved_group)}>
                        { for lab.saved.iter().map(|s| html! {
                            <option value={format!("s:{}", s.name)} selected={lab.origin == Origin::Saved(s.name.clone())}>{&s.name}</option>
                        }) }
                    </optgroup>
                }
                if let Origin::Custom(label) = &lab.origin {
                    <option value="custom" selected=true disabled=true>{format!("{} ({})", label, t(lang, k::edited))}</option>
                }
            </select>
        </label>
    };
    let langs = html! {
        <span class="segs lang-switch" role="group" aria-label={t(lang, k::language_group)}>
            { lang_btn(Locale::En, "EN", "English", "en") }
            { lang_btn(Locale::Zh, "简", "简体中文", "zh-Hans") }
            { lang_btn(Locale::ZhHant, "繁", "繁體中文", "zh-Hant") }
        </span>
    };
    let menu_open = lab.menu_open;
    html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">{"S"}</span>
                <h1>{"SchedScope"}</h1>
            </div>
            if lab.practice.is_none() { <div class="wide-only">{ sched_switch.clone() }</div> }
            <span class="narrow-only sched-now" data-testid="sched-now">{t(lang, SCHEDULERS.iter().find(|s| s.0 == current).map(|s| s.1).unwrap_or(k::sched_fifo))}</span>
            <button class={classes!("btn", "tool", "lesson-btn", lab.lesson.is_some().then_some("on"))} data-testid="open-lessons"
                    onclick={click(|| Action::Open(Dialog::Lessons))} title={t(lang, k::lessons_title)}>
                {icons::book()}
                { match &lab.lesson {
                    Some(run) => html! { <span class="lesson-now"><span class="caps">{super::fill(t(lang, k::lesson_n), &[&(run.index + 1).to_string()])}</span>
                        <span class="lesson-now-title" data-testid="lesson-now-title">{run.lesson.title.pick(lang)}</span></span> },
                    None => html! { <span>{t(lang, k::lessons)}</span> },
                } }
            </button>
            <div class="wide-only">{ super::practice::setup::topbar_button(lab.practice, lang, d) }</div>
            if lab.lesson.is_none() && lab.practice.is_none() { <div class="wide-only picker-wrap">{ picker.clone() }</div> }
            <div class="tools wide-only">{ tools.clone() }</div>
            { langs }
            <button class="btn tool icon narrow-only menu-btn" data-testid="open-menu" aria-expanded={menu_open.to_string()}
                    aria-label={t(lang, k::menu)} title={t(lang, k::menu)} onclick={click(|| Action::Open(Dialog::Menu))}>{"☰"}</button>
            if menu_open {
                { super::dialogs::frame(t(lang, k::menu), "menu", false, d, t(lang, k::close), html! {
                    <div class="menu-body">
                        { super::practice::setup::topbar_button(lab.practice, lang, d) }
                        if lab.practice.is_none() { { sched_switch } }
                        if lab.lesson.is_none() && lab.practice.is_none() { { picker } }
                        <div class="menu-tools">{ tools }</div>
                    </div>
                }) }
            }
        </header>
    }
}
