//! Importing a real workload in the editor: a Rumen job history (JSON) or a SWIM Facebook
//! sample (TSV) chosen with a file picker becomes a scenario (`scenario::traces::import`),
//! placed in the editor to apply; anything unusable is listed with its path or line. A job
//! window and a time scale can be chosen, and what the import dropped, scaled or modelled is
//! listed (it is also the scenario's description).

use yew::prelude::*;

use crate::i18n::Lang;
use crate::scenario::traces::{self, Format, ImportOptions};
use crate::ui::{fill, platform, t};

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
    let max_jobs = use_state(|| 40usize);
    let skip_jobs = use_state(|| 0usize);
    let time_scale = use_state(|| 1.0f64);
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
            let opts = ImportOptions {
                format: Format::parse(&format),
                scheduler: (*sched).clone(),
                max_jobs: *max_jobs,
                skip_jobs: *skip_jobs,
                time_scale: *time_scale,
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
    let onmax = {
        let max_jobs = max_jobs.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            if let Ok(n) = v.parse::<usize>() {
                max_jobs.set(n.clamp(1, traces::MAX_IMPORT_JOBS));
            }
        })
    };
    let onskip = {
        let skip_jobs = skip_jobs.clone();
        Callback::from(move |e: InputEvent| {
            if let Ok(n) = e.target_unchecked_into::<web_sys::HtmlInputElement>().value().parse::<usize>() {
                skip_jobs.set(n.min(1_000_000_000));
            }
        })
    };
    let onscale = {
        let time_scale = time_scale.clone();
        Callback::from(move |e: InputEvent| {
            let v = e.target_unchecked_into::<web_sys::HtmlInputElement>().value();
            if let Ok(x) = v.parse::<f64>().map(|x| x.clamp(1.0 / traces::MAX_TIME_SCALE, traces::MAX_TIME_SCALE))
                && x.is_finite()
            {
                time_scale.set(x);
            }
        })
    };
    html! {
        <details class="trace-import" data-testid="trace-import">
            <summary>{t(lang, "trace_title")}</summary>
            <p class="hint">{t(lang, "trace_hint")}</p>
            <div class="editor-bar">
                <label class="name-field">{t(lang, "trace_format")}
                    <select data-testid="trace-format" onchange={onformat}>
                        <option value="auto" selected={*format == "auto"}>{t(lang, "trace_auto")}</option>
                        <option value="rumen" selected={*format == "rumen"}>{"Rumen (JSON)"}</option>
                        <option value="swim" selected={*format == "swim"}>{"SWIM (TSV)"}</option>
                    </select></label>
                <label class="name-field">{t(lang, "scheduler")}
                    <select data-testid="trace-scheduler" onchange={onsched}>
                        { for crate::ui::topbar::SCHEDULERS.iter().map(|&(name, key)| html! { <option value={name} selected={*sched == name}>{t(lang, key)}</option> }) }
                    </select></label>
                <label class="name-field">{t(lang, "trace_max_jobs")}
                    <input type="number" min="1" max="9999" value={max_jobs.to_string()} data-testid="trace-max-jobs" oninput={onmax} /></label>
                <label class="name-field">{t(lang, "trace_skip_jobs")}
                    <input type="number" min="0" value={skip_jobs.to_string()} data-testid="trace-skip-jobs" oninput={onskip} /></label>
                <label class="name-field">{t(lang, "trace_time_scale")}
                    <input type="number" min="0.0001" max="10000" step="any" value={time_scale.to_string()} data-testid="trace-time-scale" oninput={onscale} /></label>
                <label class="btn file-btn primary">{t(lang, "trace_pick")}
                    <input type="file" accept=".json,.tsv,.txt,application/json,text/tab-separated-values" data-testid="trace-file" onchange={onfile} />
                </label>
            </div>
            if !errors.is_empty() {
                <div class="trace-errors" data-testid="trace-errors" role="alert">
                    <p><b>{fill(t(lang, "trace_failed"), &[&*status])}</b></p>
                    <ul class="problems">{ for errors.iter().take(50).map(|(p, m)| html! {
                        <li><code class="path">{p}</code>{format!(": {m}")}</li> }) }</ul>
                </div>
            } else if !status.is_empty() {
                <p class="toast" data-testid="trace-ok" role="status">{fill(t(lang, "trace_ok"), &[&*status])}</p>
                if !notes.is_empty() {
                    <div class="trace-notes" data-testid="trace-notes"><p><b>{t(lang, "trace_notes")}</b></p>
                        <ul>{ for notes.iter().map(|n| html! { <li>{n.clone()}</li> }) }</ul></div>
                }
            }
        </details>
    }
}
