//! Compare mode on the page: two or three runs of one workload side by side on a shared clock
//! (each with its live numbers, cluster and locality mix), the whole-run summary with response
//! times by job size, node locality by job-size bin and sticky slots, and the delay scheduling
//! paper's measured-vs-bound locality curve with what explains the gap (`figures`).

use crate::i18n::{Text, k};
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::Page;
use crate::page::compare::{Column, CompareAction, CompareState, VARIANTS};
use crate::page::{Action, RunAction};
use crate::sim::metrics::Sample;
use crate::ui::compare::figures;
use crate::ui::kit::icons;
use crate::ui::side::chart_svg;
use crate::ui::side::charts;
use crate::ui::stage::grid_dense;
use crate::ui::stage::transport::format_time;

fn pct(x: f64) -> String {
    format!("{:.1}%", x * 100.0)
}

fn secs(ms: Option<f64>) -> String {
    ms.map(|v| format!("{:.1} s", v / 1000.0)).unwrap_or_else(|| "—".into())
}

pub fn variant_label(spec: &str, lang: Lang) -> String {
    if let Some((_, key)) = VARIANTS.iter().find(|(s, _)| *s == spec) {
        return t(lang, *key).to_string();
    }
    // Spark: its reset rule, and its wait when the variant sets one.
    match crate::sim::compare::parse_variant(spec) {
        Ok(v) if v.spark_legacy.is_some() => {
            let rule = t(lang, if v.spark_legacy == Some(true) { k::cmp_spark_legacy } else { k::cmp_spark });
            match v.spark_wait_ms {
                Some(ms) => fill(t(lang, k::cmp_spark_wait), &[rule, &format!("{}", ms as f64 / 1000.0)]),
                None => rule.to_string(),
            }
        }
        _ => spec.to_string(),
    }
}

fn column(k: usize, c: &Column, cs: &CompareState, lang: Lang, d: &Dispatch) -> Html {
    let sim = c.sim.borrow();
    let hb = sim.hb() as usize;
    let s: Option<&Sample> = hb.checked_sub(1).and_then(|i| c.rec.samples.get(i));
    let located = s.map(|s| if s.located > 0 { s.located_node as f64 / s.located as f64 } else { 0.0 }).unwrap_or(0.0);
    let jobs = &sim.engine().cluster.jobs;
    let resp: Vec<i64> = jobs.values().filter_map(|j| j.finish_time.map(|f| f - j.start_time)).collect();
    let mean = (!resp.is_empty()).then(|| resp.iter().sum::<i64>() as f64 / resp.len() as f64);
    let view = sim.view();
    let onpick = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let sel: web_sys::HtmlSelectElement = e.target_unchecked_into();
            d.dispatch(Action::Compare(CompareAction::SetVariant(k, sel.value())));
        })
    };
    let remove = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(Action::Compare(CompareAction::RemoveColumn(k))))
    };
    let id = format!("cmp-chart-{k}");
    html! {
        <section class={classes!("card", "cmp-col", format!("run-{k}"))} data-testid={format!("cmp-col-{k}")} data-spec={c.spec.clone()}>
            <header class="cmp-col-head">
                <span class={classes!("run-dot", format!("run-{k}"))}></span>
                <select data-testid={format!("cmp-variant-{k}")} aria-label={t(lang, k::cmp_scheduler)} onchange={onpick}>
                    { for VARIANTS.iter().map(|(spec, key)| html! { <option value={*spec} selected={c.spec == *spec}>{t(lang, *key)}</option> }) }
                </select>
                if cs.columns.len() > 1 {
                    <button class="btn tiny" aria-label={t(lang, k::cmp_remove)} title={t(lang, k::cmp_remove)} onclick={remove}>{"✕"}</button>
                }
            </header>
            <div class="cmp-stats">
                <div class="stat big" data-testid={format!("cmp-node-locality-{k}")} data-value={format!("{located:.4}")}>
                    <span class="stat-v">{pct(located)}</span><span class="stat-k">{t(lang, k::cmp_node_locality)}</span></div>
                <div class="stat"><span class="stat-v">{s.map(|s| format!("{} · {} · {}", s.node, s.rack, s.off_switch)).unwrap_or_else(|| "0 · 0 · 0".into())}</span>
                    <span class="stat-k">{t(lang, k::cmp_maps_nro)}</span></div>
                <div class="stat"><span class="stat-v">{s.map(|s| format!("{}/{}", s.running_maps + s.running_reduces, s.map_slots + s.reduce_slots)).unwrap_or_default()}</span>
                    <span class="stat-k">{t(lang, k::cmp_slots_busy)}</span></div>
                <div class="stat" data-testid={format!("cmp-done-{k}")}><span class="stat-v">{format!("{}/{}", resp.len(), jobs.len())}</span>
                    <span class="stat-k">{t(lang, k::cmp_jobs_done)}</span></div>
                <div class="stat"><span class="stat-v">{secs(mean)}</span><span class="stat-k">{t(lang, k::cmp_mean_resp)}</span></div>
            </div>
            <div class="cmp-grid cluster dense">
                <div class="racks">{ for view.racks.iter().map(|r| grid_dense::rack(r, view.heartbeating.as_deref(), &Default::default(), lang)) }</div>
            </div>
            { chart_svg::locality(&c.rec.samples, hb, &|s: &Sample| s.time_ms as f64 / 1000.0, cs.end_ms as f64 / 1000.0, t(lang, k::chart_time_axis), &id, lang) }
            if !c.finished { <p class="hint">{t(lang, k::cmp_cut)}</p> }
        </section>
    }
}

fn summary(cs: &CompareState, lang: Lang) -> Html {
    let best = |f: &dyn Fn(&Column) -> f64, high: bool| -> Option<usize> {
        let vals: Vec<f64> = cs.columns.iter().map(f).collect();
        let b = if high {
            vals.iter().cloned().fold(f64::MIN, f64::max)
        } else {
            vals.iter().cloned().fold(f64::MAX, f64::min)
        };
        (cs.columns.len() > 1).then(|| vals.iter().position(|v| *v == b)).flatten()
    };
    let row = |key: Text, testid: &'static str, f: &dyn Fn(&Column) -> String, best: Option<usize>| {
        html! {
            <tr><th scope="row">{t(lang, key)}</th>
                { for cs.columns.iter().enumerate().map(|(k, c)| html! {
                    <td class={classes!((best == Some(k)).then_some("best"))} data-testid={format!("{testid}-{k}")}>{f(c)}</td>
                }) }
            </tr>
        }
    };
    let runs: Vec<(String, Vec<_>)> = cs.columns.iter().map(|c| (c.spec.clone(), c.summary.by_size.clone())).collect();
    html! {
        <section class="card cmp-summary" data-testid="cmp-summary">
            <header class="card-head"><h2>{t(lang, k::cmp_summary)}</h2><span class="meta">{t(lang, k::cmp_summary_sub)}</span></header>
            <div class="cmp-summary-body">
                <table class="jobs cmp-table">
                    <thead><tr><th></th>{ for cs.columns.iter().enumerate().map(|(k, c)| html! {
                        <th><span class={classes!("run-dot", format!("run-{k}"))}></span>{variant_label(&c.spec, lang)}</th> }) }</tr></thead>
                    <tbody>
                        { row(k::cmp_node_locality, "sum-node", &|c| pct(c.summary.node_locality), best(&|c| c.summary.node_locality, true)) }
                        { row(k::cmp_maps_nro, "sum-maps", &|c| format!("{} · {} · {}", c.summary.maps_node, c.summary.maps_rack, c.summary.maps_off_switch), None) }
                        { row(k::cmp_mean_resp, "sum-resp", &|c| secs(c.summary.mean_response_ms), best(&|c| c.summary.mean_response_ms.unwrap_or(f64::MAX), false)) }
                        { row(k::cmp_makespan, "sum-makespan", &|c| secs(c.summary.makespan_ms.map(|m| m as f64)), best(&|c| c.summary.makespan_ms.unwrap_or(i64::MAX) as f64, false)) }
                        { row(k::cmp_util, "sum-util", &|c| pct(c.summary.utilisation), best(&|c| c.summary.utilisation, true)) }
                    </tbody>
                </table>
                <div class="cmp-resp">
                    <h3>{t(lang, k::chart_response)}</h3>
                    { chart_svg::response(&runs, lang) }
                </div>
            </div>
        </section>
    }
}

fn sweep(cs: &CompareState, lang: Lang, d: &Dispatch) -> Html {
    let run = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(Action::Compare(CompareAction::Sweep)))
    };
    html! {
        <section class="card cmp-sweep" data-testid="cmp-sweep">
            <header class="card-head"><h2>{t(lang, k::sweep_title)}</h2><span class="meta">{t(lang, k::sweep_sub)}</span>
                <button class="btn" data-testid="run-sweep" onclick={run}>{t(lang, k::sweep_run)}</button></header>
            { match cs.sweep.as_deref() {
                None => html! { <p class="hint">{t(lang, k::sweep_hint)}</p> },
                Some(Err(e)) => html! { <p class="errors">{e}</p> },
                Some(Ok(r)) => figures::sweep(r, None, lang),
            } }
        </section>
    }
}

pub fn view(lab: &Page, cs: &CompareState, d: &Dispatch) -> Html {
    let lang = lab.lang();
    let act = |a: CompareAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Compare(a.clone())))
    };
    let close = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(Action::CloseCompare))
    };
    let play = {
        let d = d.clone();
        Callback::from(move |_| d.dispatch(Action::Run(RunAction::TogglePlay)))
    };
    let onscrub = {
        let d = d.clone();
        Callback::from(move |e: InputEvent| {
            let input: web_sys::HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().parse::<i64>() {
                d.dispatch(Action::Compare(CompareAction::Seek(v)));
            }
        })
    };
    let error = cs.error.as_ref().map(|e| if e == "steps" { t(lang, k::cmp_scripted).to_string() } else { e.clone() });
    html! {
        <main class="compare" data-testid="compare">
            <section class="card cmp-head">
                <div class="cmp-title">
                    <h2>{t(lang, k::compare)}</h2>
                    <span class="meta" data-testid="cmp-workload">{ if cs.paper { t(lang, k::cmp_paper_label).to_string() } else { fill(t(lang, k::cmp_workload), &[&cs.label]) } }</span>
                    <span class="cmp-presets">
                        <button class={classes!("btn", cs.paper.then_some("on"))} data-testid="cmp-paper" onclick={act(CompareAction::Paper)}>{t(lang, k::cmp_paper)}</button>
                        <button class="btn" data-testid="cmp-this" onclick={act(CompareAction::ThisScenario)}>{t(lang, k::cmp_this)}</button>
                        <button class="btn tiny" data-testid="close-compare" aria-label={t(lang, k::cmp_close)} title={t(lang, k::cmp_close)} onclick={close}>{"✕"}</button>
                    </span>
                </div>
                <div class="cmp-transport">
                    <button class="btn icon" data-testid="cmp-first" aria-label={t(lang, k::first)} onclick={act(CompareAction::First)}>{icons::first()}</button>
                    <button class="btn" data-testid="cmp-prev" onclick={act(CompareAction::Prev)}>{t(lang, k::previous)}</button>
                    <button class={classes!("btn", "primary", "play")} data-testid="cmp-play" aria-pressed={lab.playing.to_string()} onclick={play}>
                        {if lab.playing { icons::pause() } else { icons::play() }}<span class="lbl">{if lab.playing { t(lang, k::pause) } else { t(lang, k::play) }}</span></button>
                    <button class="btn" data-testid="cmp-next" disabled={cs.at_end()} onclick={act(CompareAction::Next)}>{t(lang, k::next)}</button>
                    <button class="btn icon" data-testid="cmp-last" aria-label={t(lang, k::last)} onclick={act(CompareAction::Last)}>{icons::last()}</button>
                    <input type="range" class="cmp-scrub" data-testid="cmp-scrubber" min="-1" max={cs.end_ms.to_string()} value={cs.t_ms.to_string()}
                           aria-label={t(lang, k::timeline)} oninput={onscrub} />
                    <span class="clock-time" data-testid="cmp-time">{format_time(cs.t_ms.max(0), lang)}</span>
                </div>
                if let Some(e) = error { <p class="errors" data-testid="cmp-error">{e}</p> }
                <p class="hint">{t(lang, if cs.paper { k::cmp_paper_hint } else { k::cmp_hint })}</p>
            </section>
            <div class={classes!("cmp-cols", format!("n-{}", cs.columns.len()))}>
                { for cs.columns.iter().enumerate().map(|(k, c)| column(k, c, cs, lang, d)) }
                if cs.columns.len() < crate::page::compare::MAX_COLUMNS && cs.error.is_none() {
                    <button class="btn subtle cmp-add" data-testid="cmp-add" onclick={act(CompareAction::AddColumn)}>{t(lang, k::cmp_add)}</button>
                }
            </div>
            <div class="chart-legend cmp-legend">{ charts::locality_legend(lang) }</div>
            if !cs.columns.is_empty() { { summary(cs, lang) } }
            if !cs.columns.is_empty() {
                { figures::bins(&cs.columns.iter().map(|c| (variant_label(&c.spec, lang), &c.summary)).collect::<Vec<_>>(), None, lang) }
            }
            { sweep(cs, lang, d) }
        </main>
    }
}
