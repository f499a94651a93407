//! Importing a real workload in the editor: a Rumen job history (JSON) or a SWIM Facebook
//! sample (TSV) chosen with a file picker becomes a scenario (`scenario::traces::import`),
//! placed in the editor to apply; anything unusable is listed with its path or line. A job
//! window and a time scale can be chosen, and what the import dropped, scaled or modelled is
//! listed (it is also the scenario's description).

use crate::i18n::k;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::scenario::traces::{self, Format, ImportOptions};
use crate::ui::kit::platform;

#[derive(Properties, PartialEq)]
pub struct TraceImportProps {
    pub lang: Lang,
    /// The scheduler the imported scenario names first.
    pub scheduler: AttrValue,
    /// (name, scenario JSON)
    pub on_import: Callback<(String, String)>,
}

#[component]
pub fn TraceImport(props: &TraceImportProps) -> Html {
    let lang = props.lang;
    let format = use_state(|| "auto".to_string());
    // The window and time scale as typed: checked, never clamped or rewritten under the cursor.
    let max_jobs = use_state(|| "40".to_string());
    let skip_jobs = use_state(|| "0".to_string());
    let time_scale = use_state(|| "1".to_string());
    let notes = use_state(Vec::<String>::new);
    let sched = use_state(|| props.scheduler.to_string());
    let errors = use_state(Vec::<(String, String)>::new);
    let status = use_state(String::new);

    let onfile = {
        let (format, max_jobs, sched, errors, status, done) =
            (format.clone(), max_jobs.clone(), sched.clone(), errors.clone(), status.clone(), props.on_import.clone());
        let (skip_jobs, time_scale, notes) = (skip_jobs.clone(), time_scale.clone(), notes.clone());
        Callback::from(move |e: Event| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            let Some(file) = input.files().and_then(|f| f.get(0)) else { return };
            input.set_value("");
            let Ok((max_jobs, skip_jobs, time_scale)) = window(&max_jobs, &skip_jobs, &time_scale, lang) else {
                return; // the fields' problems are shown above the picker
            };
            let opts = ImportOptions {
                format: Format::parse(&format),
                scheduler: (*sched).clone(),
                max_jobs,
                skip_jobs,
                time_scale,
                ..Default::default()
            };
            let (errors, status, done, notes) = (errors.clone(), status.clone(), done.clone(), notes.clone());
            platform::read_file(file, move |name, text| {
                let result = text.map_err(|e| vec![("$".to_string(), e)]).and_then(|text| {
                    traces::import_notes(&text, &opts)
                        .map_err(|e| e.errors.into_iter().map(|x| (x.path, x.message)).collect())
                });
                match result {
                    Ok(i) => {
                        let jobs = i.scenario["jobs"].as_array().map(|a| a.len()).unwrap_or(0);
                        errors.set(Vec::new());
                        status.set(jobs.to_string());
                        notes.set(i.notes.iter().map(|n| lang.pick(&n.en, &n.zh).to_string()).collect());
                        done.emit((name, serde_json::to_string_pretty(&i.scenario).unwrap_or_default()));
                    }
                    Err(e) => {
                        status.set(name);
                        notes.set(Vec::new());
                        errors.set(e);
                    }
                }
            });
        })
    };
    let onformat = {
        let format = format.clone();
        Callback::from(move |e: Event| format.set(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()))
    };
    let onsched = {
        let sched = sched.clone();
        Callback::from(move |e: Event| sched.set(e.target_unchecked_into::<web_sys::HtmlSelectElement>().value()))
    };
    let typed = |field: &UseStateHandle<String>| {
        let field = field.clone();
        Callback::from(move |e: InputEvent| field.set(e.target_unchecked_into::<web_sys::HtmlInputElement>().value()))
    };
    let (onmax, onskip, onscale) = (typed(&max_jobs), typed(&skip_jobs), typed(&time_scale));
    let problems = window(&max_jobs, &skip_jobs, &time_scale, lang).err().unwrap_or_default();
    html! {
        <details class="trace-import" data-testid="trace-import">
            <summary>{t(lang, k::trace_title)}</summary>
            <p class="hint">{t(lang, k::trace_hint)}</p>
            <div class="editor-bar">
                <label class="name-field">{t(lang, k::trace_format)}
                    <select data-testid="trace-format" onchange={onformat}>
                        <option value="auto" selected={*format == "auto"}>{t(lang, k::trace_auto)}</option>
                        <option value="rumen" selected={*format == "rumen"}>{"Rumen (JSON)"}</option>
                        <option value="swim" selected={*format == "swim"}>{"SWIM (TSV)"}</option>
                    </select></label>
                <label class="name-field">{t(lang, k::scheduler)}
                    <select data-testid="trace-scheduler" onchange={onsched}>
                        { for crate::ui::kit::SCHEDULERS.iter().map(|&(name, key)| html! { <option value={name} selected={*sched == name}>{t(lang, key)}</option> }) }
                    </select></label>
                <label class="name-field">{t(lang, k::trace_max_jobs)}
                    <input type="number" min="1" max="9999" value={max_jobs.to_string()} data-testid="trace-max-jobs" oninput={onmax} /></label>
                <label class="name-field">{t(lang, k::trace_skip_jobs)}
                    <input type="number" min="0" value={skip_jobs.to_string()} data-testid="trace-skip-jobs" oninput={onskip} /></label>
                <label class="name-field">{t(lang, k::trace_time_scale)}
                    <input type="number" min="0.0001" max="10000" step="any" value={time_scale.to_string()} data-testid="trace-time-scale" oninput={onscale} /></label>
                <label class={classes!("btn", "file-btn", "primary", (!problems.is_empty()).then_some("disabled"))}>{t(lang, k::trace_pick)}
                    <input type="file" accept=".json,.tsv,.txt,application/json,text/tab-separated-values" data-testid="trace-file"
                           disabled={!problems.is_empty()} onchange={onfile} />
                </label>
            </div>
            if !problems.is_empty() {
                <div class="trace-errors" data-testid="trace-field-errors" role="alert">
                    <p><b>{t(lang, k::trace_fix_fields)}</b></p>
                    <ul class="problems">{ for problems.iter().map(|(p, m)| html! {
                        <li><code class="path">{p}</code>{format!(": {m}")}</li> }) }</ul>
                </div>
            } else if !errors.is_empty() {
                <div class="trace-errors" data-testid="trace-errors" role="alert">
                    <p><b>{fill(t(lang, k::trace_failed), &[&*status])}</b></p>
                    <ul class="problems">{ for errors.iter().take(50).map(|(p, m)| html! {
                        <li><code class="path">{p}</code>{format!(": {m}")}</li> }) }</ul>
                </div>
            } else if !status.is_empty() {
                <p class="toast" data-testid="trace-ok" role="status">{fill(t(lang, k::trace_ok), &[&*status])}</p>
                if !notes.is_empty() {
                    <div class="trace-notes" data-testid="trace-notes"><p><b>{t(lang, k::trace_notes)}</b></p>
                        <ul>{ for notes.iter().map(|n| html! { <li>{n.clone()}</li> }) }</ul></div>
                }
            }
        </details>
    }
}

/// The import window and time scale from the fields as typed, or each field's problem (its
/// label and what was found against what was expected). The ranges are `traces`' own.
fn window(
    max_jobs: &str,
    skip_jobs: &str,
    time_scale: &str,
    lang: Lang,
) -> Result<(usize, usize, f64), Vec<(String, String)>> {
    let mut problems = Vec::new();
    let max = max_jobs.trim().parse::<usize>().ok().filter(|n| (1..=traces::MAX_IMPORT_JOBS).contains(n));
    if max.is_none() {
        let msg = fill(t(lang, k::trace_bad_jobs), &[max_jobs, &traces::MAX_IMPORT_JOBS.to_string()]);
        problems.push((t(lang, k::trace_max_jobs).to_string(), msg));
    }
    let skip = skip_jobs.trim().parse::<usize>().ok();
    if skip.is_none() {
        problems.push((t(lang, k::trace_skip_jobs).to_string(), fill(t(lang, k::trace_bad_skip), &[skip_jobs])));
    }
    let (lo, hi) = (1.0 / traces::MAX_TIME_SCALE, traces::MAX_TIME_SCALE);
    let scale = time_scale.trim().parse::<f64>().ok().filter(|x| x.is_finite() && (lo..=hi).contains(x));
    if scale.is_none() {
        let msg = fill(t(lang, k::trace_bad_scale), &[time_scale, &lo.to_string(), &hi.to_string()]);
        problems.push((t(lang, k::trace_time_scale).to_string(), msg));
    }
    match (max, skip, scale) {
        (Some(m), Some(s), Some(x)) => Ok((m, s, x)),
        _ => Err(problems),
    }
}
