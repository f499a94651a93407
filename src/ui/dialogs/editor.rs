//! The scenario editor: the JSON in place, validated as you type by `scenario::parse`; each
//! error is listed with its JSON path and line and marked in the gutter, and clicking it
//! selects the offending text. Load a file, apply, save in the browser.

use crate::i18n::k;
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::json_locate::{self, Span};
use crate::page::Action;
use crate::page::run::{MAX_PAGE_TASKS, MAX_PAGE_TRACKERS};
use crate::scenario;
use crate::ui::dialogs::frame;
use crate::ui::kit::platform;

const AREA_ID: &str = "scenario-text";

#[derive(Clone, PartialEq)]
struct Problem {
    path: String,
    message: String,
    span: Option<Span>,
}

/// The problems of the text, and what its reader accepted but warns of (`Scenario::warnings`).
fn check(text: &str) -> (Vec<Problem>, Vec<Problem>) {
    let warnings;
    let errors = match scenario::parse(text) {
        Ok(s) => {
            warnings = s.warnings.clone();
            let tasks: u64 = s.jobs.iter().map(|j| j.num_maps() + j.reduces).sum();
            let mut e = Vec::new();
            if s.trackers.len() > MAX_PAGE_TRACKERS {
                e.push(scenario::ScenarioError {
                    path: "$.trackers".into(),
                    message: format!("{} > {MAX_PAGE_TRACKERS}", s.trackers.len()),
                });
            }
            if tasks > MAX_PAGE_TASKS {
                e.push(scenario::ScenarioError {
                    path: "$.jobs".into(),
                    message: format!("{tasks} tasks > {MAX_PAGE_TASKS}"),
                });
            }
            e
        }
        Err(e) => {
            warnings = e.warnings;
            e.errors
        }
    };
    let located = |list: Vec<scenario::ScenarioError>| -> Vec<Problem> {
        list.into_iter()
            .take(200)
            .map(|e| Problem { span: json_locate::locate(text, &e.path), path: e.path, message: e.message })
            .collect()
    };
    (located(errors), located(warnings))
}

#[derive(Properties, PartialEq)]
pub struct EditorProps {
    pub text: AttrValue,
    pub label: AttrValue,
    /// The current scheduler (what an imported trace starts under).
    pub scheduler: AttrValue,
    pub lang: Lang,
    pub dispatch: Dispatch,
}

#[component]
pub fn Editor(props: &EditorProps) -> Html {
    let lang = props.lang;
    let text = use_state(|| props.text.to_string());
    let checked = use_memo((*text).clone(), |t| check(t));
    let (problems, warnings) = (&checked.0, &checked.1);
    let name = use_state(|| props.label.to_string());
    let gutter = use_node_ref();

    let oninput = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            text.set(area.value());
        })
    };
    let onscroll = {
        let gutter = gutter.clone();
        Callback::from(move |e: Event| {
            let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
            if let Some(g) = gutter.cast::<web_sys::Element>() {
                g.set_scroll_top(area.scroll_top());
            }
        })
    };
    let onfile = {
        let text = text.clone();
        let name = name.clone();
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                let (text, name) = (text.clone(), name.clone());
                platform::read_file(file, move |fname, result| match result {
                    Ok(s) => {
                        text.set(s);
                        name.set(fname);
                    }
                    Err(e) => text.set(format!("// {e}")),
                });
            }
        })
    };
    let apply = {
        let (d, text, name) = (props.dispatch.clone(), text.clone(), name.clone());
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Apply((*name).clone(), (*text).clone())))
    };
    let save = {
        let (d, text, name) = (props.dispatch.clone(), text.clone(), name.clone());
        Callback::from(move |_: MouseEvent| {
            let n = if name.trim().is_empty() { "scenario".to_string() } else { name.trim().to_string() };
            d.dispatch(Action::Save(n, (*text).clone()))
        })
    };
    let revert = {
        let (text, original) = (text.clone(), props.text.to_string());
        Callback::from(move |_: MouseEvent| text.set(original.clone()))
    };
    let onname = {
        let name = name.clone();
        Callback::from(move |e: InputEvent| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            name.set(i.value());
        })
    };

    let bad_lines: Vec<usize> = problems.iter().filter_map(|p| p.span.map(|s| s.line)).collect();
    let lines = text.matches('\n').count() + 1;
    let gutter_html = (1..=lines).map(|n| {
        let bad = bad_lines.contains(&n);
        html! { <div class={classes!(bad.then_some("bad"))}>{if bad { format!("● {n}") } else { n.to_string() }}</div> }
    });
    let ok = problems.is_empty();
    let on_import = {
        let (text, name) = (text.clone(), name.clone());
        Callback::from(move |(n, json): (String, String)| {
            text.set(json);
            name.set(n);
        })
    };
    let body = html! {
        <div class="editor">
            <crate::ui::dialogs::trace_import::TraceImport lang={lang} scheduler={props.scheduler.clone()} on_import={on_import} />
            <div class="editor-bar">
                <label class="btn file-btn">{t(lang, k::load_file)}
                    <input type="file" accept=".json,application/json" data-testid="load-file" onchange={onfile} />
                </label>
                <label class="name-field">{t(lang, k::name)}
                    <input type="text" value={(*name).clone()} oninput={onname} data-testid="scenario-name" /></label>
                <span class={classes!("pill", if ok { "ok" } else { "amber" })} data-testid="validity" role="status">
                    { if ok { t(lang, k::valid).to_string() } else { fill(crate::i18n::t_n(lang, k::n_problems, k::n_problems_one, problems.len()), &[&problems.len().to_string()]) } }
                </span>
            </div>
            <div class="editor-main">
                <div class="gutter" ref={gutter} aria-hidden="true">{ for gutter_html }</div>
                <textarea id={AREA_ID} data-testid="scenario-text" spellcheck="false" value={(*text).clone()}
                          aria-label={t(lang, k::scenario_json)} aria-invalid={(!ok).to_string()} {oninput} {onscroll} />
            </div>
            if !ok {
                <ul class="problems" data-testid="scenario-errors" aria-live="polite">
                    { for problems.iter().map(|p| {
                        let (span, all) = (p.span, (*text).clone());
                        let jump = Callback::from(move |_: MouseEvent| if let Some(s) = span { platform::select_in_textarea(AREA_ID, &all, s.start, s.end) });
                        html! {
                            <li><button class="linklike problem" onclick={jump}>
                                if let Some(s) = p.span { <span class="line-no">{fill(t(lang, k::line_n), &[&s.line.to_string()])}</span> }
                                <code class="path" data-testid="error-path">{&p.path}</code>
                                <span class="msg">{&p.message}</span>
                            </button></li>
                        }
                    }) }
                </ul>
            }
            if !warnings.is_empty() {
                <ul class="problems warnings" data-testid="scenario-warnings" aria-live="polite">
                    { for warnings.iter().map(|p| html! {
                        <li><span class="problem">
                            <span class="pill amber">{t(lang, k::warning_word)}</span>
                            if let Some(s) = p.span { <span class="line-no">{fill(t(lang, k::line_n), &[&s.line.to_string()])}</span> }
                            <code class="path">{&p.path}</code>
                            <span class="msg">{&p.message}</span>
                        </span></li>
                    }) }
                </ul>
            }
            <div class="editor-actions">
                <button class="btn" onclick={revert} data-testid="revert">{t(lang, k::revert)}</button>
                <button class="btn" onclick={save} disabled={!ok} data-testid="save">{t(lang, k::save_browser)}</button>
                <button class="btn primary" onclick={apply} disabled={!ok} data-testid="apply">{t(lang, k::apply)}</button>
            </div>
        </div>
    };
    frame(t(lang, k::editor_title), "editor", true, &props.dispatch, t(lang, k::close), body)
}
