//! Modal dialogs: the keyboard help overlay, and "share & export" (the share link, the trace
//! as JSON/CSV, the decision log as text, the grid as SVG/PNG).

pub mod editor;
pub mod trace_import;

use crate::i18n::{Text, k};
use crate::ui::kit::Dispatch;
use std::rc::Rc;

use yew::prelude::*;

use crate::export;
use crate::i18n::t;
use crate::page::Action;
use crate::page::Page;
use crate::ui::kit::platform;
use crate::ui::side::log;

/// A dialog frame; Escape and the close button dispatch `Close`.
pub fn frame(
    title: &str,
    testid: &'static str,
    wide: bool,
    dispatch: &Dispatch,
    close_label: &str,
    body: Html,
) -> Html {
    let d = dispatch.clone();
    let d2 = dispatch.clone();
    html! {
        <div class="overlay" onclick={Callback::from(move |e: MouseEvent| {
            if e.target() == e.current_target() { d2.dispatch(Action::Close) }
        })}>
            <div class={classes!("dialog", wide.then_some("wide"))} role="dialog" aria-modal="true" aria-label={title.to_string()} data-testid={testid}>
                <header class="dialog-head">
                    <h2>{title}</h2>
                    <button class="btn tiny" data-testid="close-dialog" aria-label={close_label.to_string()}
                            onclick={Callback::from(move |_| d.dispatch(Action::Close))}>{"✕"}</button>
                </header>
                { body }
            </div>
        </div>
    }
}

pub fn help(lab: &Page, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let keys: [(&str, Text); 14] = [
        (t(lang, k::key_space), k::help_space),
        ("→", k::help_right),
        ("←", k::help_left),
        ("Shift+→", k::help_visit_next),
        ("Shift+←", k::help_visit_prev),
        ("Home", k::help_home),
        ("End", k::help_end),
        ("N", k::help_n),
        ("+", k::help_plus),
        ("−", k::help_minus),
        ("P", k::help_p),
        ("A–F T R", k::help_class),
        ("L", k::help_l),
        ("?", k::help_q),
    ];
    let body = html! {
        <div class="help">
            <table class="keys-table">
                { for keys.iter().map(|(k, what)| html! { <tr><td><kbd>{*k}</kbd></td><td>{t(lang, *what)}</td></tr> }) }
                <tr><td><kbd>{"Esc"}</kbd></td><td>{t(lang, k::help_esc)}</td></tr>
            </table>
            <p class="hint">{t(lang, k::help_typing)}</p>
            <h3>{t(lang, k::help_reading)}</h3>
            <p>{t(lang, k::help_reading_text)}</p>
        </div>
    };
    frame(t(lang, k::help_title), "help", false, dispatch, t(lang, k::close), body)
}

pub fn share(lab: &Rc<Page>, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let locale = lab.locale();
    let url = platform::url_with_hash(&lab.share_hash());
    let Ok(cell) = &lab.run.sim() else { return html! {} };
    let id = cell.borrow().scenario().id.clone();
    let scenario_id = if id.is_empty() { "schedscope".to_string() } else { id };
    // Files are named after what is shown: the lesson, else the scenario.
    let lesson = lab.lesson.as_ref().and_then(|r| lab.catalogue.lessons.get(r.index)).map(|l| l.id.to_string());
    let make = |what: &'static str| {
        let cell = cell.clone();
        let scenario_id = scenario_id.clone();
        let lesson = lesson.clone();
        Callback::from(move |_: MouseEvent| {
            let sim = cell.borrow();
            let sc = sim.scenario();
            let title = sc.title.as_ref().map(|t| t.en.as_str()).unwrap_or_default();
            let shown = lesson.as_deref().or((!sc.id.is_empty()).then_some(sc.id.as_str())).unwrap_or(title);
            let names = export::file_name::ExportNames::new(shown, sc.scheduler, sim.hb());
            match what {
                "json" => platform::download(
                    &names.trace_json(),
                    "application/json",
                    &export::trace_json(&scenario_id, &log::all_records(&sim)),
                ),
                "csv" => {
                    platform::download(&names.trace_csv(), "text/csv", &export::trace_csv(&log::all_records(&sim)))
                }
                // Text for people in the page's language (繁體: converted as the page shows it).
                "log" => platform::download(
                    &names.log(locale),
                    "text/plain;charset=utf-8",
                    &locale.text(log::full_text(&log::all_records(&sim), lang)),
                ),
                "svg" => platform::download(
                    &names.grid("svg"),
                    "image/svg+xml",
                    &locale.text(export::grid_svg(&sim.view(), lang)),
                ),
                _ => platform::download_svg_as_png(
                    &names.grid("png"),
                    &locale.text(export::grid_svg(&sim.view(), lang)),
                    2.0,
                ),
            }
        })
    };
    let copy = {
        let url = url.clone();
        let d = dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            platform::copy(&url);
            d.dispatch(Action::Toast(Some(k::toast_copied)));
        })
    };
    let body = html! {
        <div class="share">
            <h3>{t(lang, k::share_link)}</h3>
            <p class="hint">{t(lang, k::share_hint)}</p>
            <div class="share-row">
                <input type="text" readonly=true value={url} data-testid="share-url" aria-label={t(lang, k::share_link)}
                       onfocus={Callback::from(|e: FocusEvent| { let i: web_sys::HtmlInputElement = e.target_unchecked_into(); i.select(); })} />
                <button class="btn primary" data-testid="copy-link" onclick={copy}>{t(lang, k::copy)}</button>
            </div>
            if let Some(msg) = lab.toast { <p class="toast" role="status">{t(lang, msg)}</p> }
            <h3>{t(lang, k::export)}</h3>
            <div class="export-grid">
                <button class="btn" data-testid="export-json" onclick={make("json")}>{t(lang, k::export_json)}</button>
                <button class="btn" data-testid="export-csv" onclick={make("csv")}>{t(lang, k::export_csv)}</button>
                <button class="btn" data-testid="export-log" onclick={make("log")}>{t(lang, k::export_log)}</button>
                <button class="btn" data-testid="export-svg" onclick={make("svg")}>{t(lang, k::export_svg)}</button>
                <button class="btn" data-testid="export-png" onclick={make("png")}>{t(lang, k::export_png)}</button>
            </div>
        </div>
    };
    frame(t(lang, k::share_title), "share", false, dispatch, t(lang, k::close), body)
}
