//! The delay scheduling paper's figures, drawn from whole-run numbers (`sim::metrics`,
//! `sim::sweep`): node locality by job-size bin with the share of nodes holding each
//! bin's input, sticky slots, and the measured-vs-bound curve with the table explaining the gap
//! (real skips, distinct trackers, the bound for each, remembered-level launches). Compare mode
//! shows them under its runs; a lesson step with `"view": "compare"` or `"sweep"` shows them in
//! place of the stage. Lessons point at them with `compare:bins`, `compare:sticky`,
//! `sweep:curve` and `sweep:gap`.

use crate::i18n::k;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::sim::metrics::RunSummary;
use crate::sim::metrics::spark::SparkSummary;
use crate::sim::sweep::{SweepPoint, SweepResult};
use crate::ui::side::chart_svg::{H, W};

fn pct(x: Option<f64>) -> String {
    x.map(|v| format!("{:.1}%", v * 100.0)).unwrap_or_else(|| "—".into())
}

fn bin_label(lo: u32, hi: u32) -> String {
    if lo == hi {
        lo.to_string()
    } else if hi == u32::MAX {
        format!(">{}", lo - 1)
    } else {
        format!("{lo}–{hi}")
    }
}

/// Node locality by job-size bin, one column per run (`runs`: label, summary), and the sticky
/// slots row.
/// `key`: a lesson step's `figure` key (`lesson::key`), marked on the table.
pub fn bins(runs: &[(String, &RunSummary)], key: Option<&'static str>, lang: Lang) -> Html {
    let mut rows: Vec<(usize, u32, u32)> =
        runs.iter().flat_map(|(_, r)| r.locality_by_size.iter().map(|b| (b.bin, b.min_maps, b.max_maps))).collect();
    crate::sort::sort(&mut rows);
    rows.dedup();
    html! {
        <section class="card cmp-bins" data-testid="cmp-bins" data-point="compare:bins">
            <header class="card-head"><h2>{t(lang, k::cmp_bins)}</h2><span class="meta">{t(lang, k::cmp_bins_sub)}</span></header>
            <div class="table-scroll"><table class="jobs cmp-table" data-key={key}>
                <thead><tr><th scope="col">{t(lang, k::cmp_bin_maps)}</th>
                    { for runs.iter().enumerate().map(|(k, (label, _))| html! {
                        <th scope="col"><span class={classes!("run-dot", format!("run-{k}"))}></span>{label.clone()}</th> }) }</tr></thead>
                <tbody>
                    { for rows.iter().map(|&(bin, lo, hi)| {
                        let data = runs.iter().find_map(|(_, r)| r.locality_by_size.iter().find(|b| b.bin == bin)).and_then(|b| b.data_nodes);
                        html! {
                            <tr data-testid={format!("cmp-bin-{bin}")}>
                                <th scope="row">{bin_label(lo, hi)}<span class="meta">{format!(" [{}]", pct(data))}</span></th>
                                { for runs.iter().enumerate().map(|(k, (_, r))| match r.locality_by_size.iter().find(|b| b.bin == bin) {
                                    Some(b) => html! {
                                        <td data-testid={format!("cmp-bin-{bin}-{k}")} data-value={format!("{:.4}", b.node_locality.unwrap_or(0.0))}>
                                            <b>{pct(b.node_locality)}</b>
                                            <span class="meta">{format!(" {}/{} · {}", b.maps_node, b.maps_located, fill(t(lang, if b.jobs == 1 { k::cmp_bin_job } else { k::cmp_bin_jobs }), &[&b.jobs.to_string()]))}</span>
                                        </td>
                                    },
                                    None => html! { <td>{"—"}</td> },
                                }) }
                            </tr>
                        }
                    }) }
                    <tr class="all-row" data-testid="cmp-bin-all">
                        <th scope="row">{t(lang, k::cmp_node_locality)}</th>
                        { for runs.iter().enumerate().map(|(k, (_, r))| html! {
                            <td data-testid={format!("cmp-bin-all-{k}")}><b>{pct(Some(r.node_locality))}</b></td> }) }
                    </tr>
                    <tr>
                        <th scope="row">{t(lang, k::cmp_mean_resp)}</th>
                        { for runs.iter().map(|(_, r)| html! {
                            <td>{r.mean_response_ms.map(|v| format!("{:.1} s", v / 1000.0)).unwrap_or_else(|| "—".into())}</td> }) }
                    </tr>
                    <tr class="sticky-row" data-point="compare:sticky" data-testid="cmp-sticky">
                        <th scope="row">{t(lang, k::cmp_sticky)}</th>
                        { for runs.iter().enumerate().map(|(k, (_, r))| html! {
                            <td data-testid={format!("cmp-sticky-{k}")} data-value={format!("{:.4}", r.sticky_share.unwrap_or(0.0))}>{pct(r.sticky_share)}</td> }) }
                    </tr>
                </tbody>
            </table></div>
        </section>
    }
}

/// The Spark runs side by side (`sim::metrics::spark`): when the job was done, the tasks each
/// executor ran and the launches by locality level, one column per run.
pub fn spark(runs: &[(String, &SparkSummary)], key: Option<&'static str>, lang: Lang) -> Html {
    let secs = |ms: Option<i64>| ms.map(|v| format!("{:.1} s", v as f64 / 1000.0)).unwrap_or_else(|| "—".into());
    html! {
        <section class="card cmp-spark" data-testid="cmp-spark" data-point="compare:spark">
            <header class="card-head"><h2>{t(lang, k::cmp_spark_title)}</h2></header>
            <div class="table-scroll"><table class="jobs cmp-table" data-key={key}>
                <thead><tr><th></th>
                    { for runs.iter().enumerate().map(|(k, (label, _))| html! {
                        <th scope="col"><span class={classes!("run-dot", format!("run-{k}"))}></span>{label.clone()}</th> }) }</tr></thead>
                <tbody>
                    <tr data-testid="cmp-spark-done">
                        <th scope="row">{t(lang, k::cmp_spark_done)}</th>
                        { for runs.iter().enumerate().map(|(k, (_, r))| html! {
                            <td data-testid={format!("cmp-spark-done-{k}")} data-value={r.makespan_ms.map(|m| m.to_string()).unwrap_or_default()}>
                                <b>{secs(r.makespan_ms)}</b></td> }) }
                    </tr>
                    <tr>
                        <th scope="row">{t(lang, k::cmp_spark_per_executor)}</th>
                        { for runs.iter().map(|(_, r)| html! {
                            <td>{r.per_executor.iter().map(|(e, n)| format!("{e} {n}")).collect::<Vec<_>>().join(" · ")}</td> }) }
                    </tr>
                    <tr>
                        <th scope="row">{t(lang, k::cmp_spark_levels)}</th>
                        { for runs.iter().map(|(_, r)| html! {
                            <td>{r.launches.iter().map(|(l, n)| format!("{} {n}", l.as_str())).collect::<Vec<_>>().join(" · ")}</td> }) }
                    </tr>
                </tbody>
            </table></div>
        </section>
    }
}

fn chart(r: &SweepResult, key: Option<&'static str>, lang: Lang) -> Html {
    let (l, rr, top, bot) = (44.0, 370.0, 12.0, 172.0);
    let dmax = r.points.iter().map(|p| p.skips).fold(1.0, f64::max);
    let x = |d: f64| l + d / dmax * (rr - l);
    let y = |v: f64| bot - v.clamp(0.0, 1.0) * (bot - top);
    let line = |f: &dyn Fn(&SweepPoint) -> Option<f64>| {
        let mut first = true;
        r.points
            .iter()
            .filter_map(|p| f(p).map(|v| (p.skips, v)))
            .map(|(d, v)| {
                let cmd = if std::mem::take(&mut first) { "M" } else { "L" };
                format!("{cmd}{:.1} {:.1}", x(d), y(v))
            })
            .collect::<String>()
    };
    html! {
        <svg class="chart sweep" viewBox={format!("0 0 {W} {H}")} role="img" data-testid="sweep-svg" data-key={key} data-point="sweep:curve" aria-label={t(lang, k::sweep_title)}>
            { for [0.0, 0.5, 1.0].iter().map(|v| html! { <g class="axis">
                <line class="grid-line" x1={format!("{l}")} x2={format!("{rr}")} y1={format!("{:.1}", y(*v))} y2={format!("{:.1}", y(*v))} />
                <text class="tick-label" x={format!("{}", l - 4.0)} y={format!("{:.1}", y(*v) + 3.5)} text-anchor="end">{format!("{:.0}%", v * 100.0)}</text></g> }) }
            <path class="bound-line" d={line(&|p| Some(p.bound))} />
            <path class="bound-line trackers" d={line(&|p| p.bound_trackers)} />
            <path class="measured-line" d={line(&|p| Some(p.measured))} />
            { for r.points.iter().map(|p| html! { <g data-testid="sweep-point" data-skips={format!("{}", p.skips)} data-measured={format!("{:.4}", p.measured)} data-bound={format!("{:.4}", p.bound)}>
                <circle class="measured-dot" cx={format!("{:.1}", x(p.skips))} cy={format!("{:.1}", y(p.measured))} r="3.5" />
                <text class="tick-label" x={format!("{:.1}", x(p.skips))} y={format!("{}", bot + 13.0)} text-anchor="middle">{format!("{}", p.skips)}</text></g> }) }
            <text class="axis-title" x={format!("{}", (l + rr) / 2.0)} y={format!("{}", bot + 26.0)} text-anchor="middle">{t(lang, k::sweep_axis)}</text>
        </svg>
    }
}

fn gap(r: &SweepResult, key: Option<&'static str>, lang: Lang) -> Html {
    let num = |x: Option<f64>| x.map(|v| format!("{v:.1}")).unwrap_or_else(|| "—".into());
    let cols = [
        k::sweep_col_delay,
        k::sweep_col_skips,
        k::sweep_col_trackers,
        k::sweep_measured,
        k::sweep_col_bound,
        k::sweep_col_bound_skips,
        k::sweep_col_bound_trk,
        k::sweep_col_remembered,
        k::sweep_col_node_star,
    ];
    html! {
        <div class="sweep-gap" data-point="sweep:gap" data-testid="sweep-gap">
            <h3>{t(lang, k::sweep_gap_title)}</h3>
            <p class="hint">{t(lang, k::sweep_gap_hint)}</p>
            <div class="table-scroll"><table class="jobs cmp-table" data-key={key}>
                <thead><tr>{ for cols.iter().map(|key| html! { <th scope="col">{t(lang, *key)}</th> }) }</tr></thead>
                <tbody>{ for r.points.iter().map(|p| html! {
                    <tr data-testid={format!("sweep-gap-{}", p.node_delay_ms)} data-skips={num(p.mean_skips)} data-trackers={num(p.mean_trackers)}
                        data-remembered={p.remembered.to_string()}>
                        <th scope="row">{format!("{} (D {:.0})", p.node_delay_ms, p.skips)}</th>
                        <td>{num(p.mean_skips)}</td><td>{num(p.mean_trackers)}</td>
                        <td><b>{pct(Some(p.measured))}</b></td><td>{pct(Some(p.bound))}</td><td>{pct(p.bound_skips)}</td>
                        <td>{pct(p.bound_trackers)}</td><td>{p.remembered}</td><td>{pct(Some(p.measured_without_remembered))}</td>
                    </tr> }) }</tbody>
            </table></div>
        </div>
    }
}

/// The measured-vs-bound curve of one sweep and the table explaining the gap.
pub fn sweep(r: &SweepResult, key: Option<&'static str>, lang: Lang) -> Html {
    html! {
        <div class="sweep-body">
            <div class="chart-legend"><span class="lg"><span class="sw sw-measured"></span>{t(lang, k::sweep_measured)}</span>
                <span class="lg"><span class="sw sw-bound"></span>{t(lang, k::sweep_bound)}</span>
                <span class="lg"><span class="sw sw-bound trackers"></span>{t(lang, k::sweep_bound_trk)}</span></div>
            { chart(r, key, lang) }
            <p class="hint">{fill(t(lang, k::sweep_note), &[&r.nodes.to_string(), &r.heartbeat_interval_ms.to_string(), &r.trackers.to_string()])}</p>
            { gap(r, key, lang) }
        </div>
    }
}

/// Other sweeps of a lesson, in brief: per point, maps by locality (the rack delay's effect).
pub fn sweeps_brief(list: &[(usize, &SweepResult)], lang: Lang) -> Html {
    html! {
        <ul class="sweeps-brief" data-testid="sweeps-brief">
            { for list.iter().flat_map(|(i, r)| r.points.iter().map(move |p| (*i, *r, p))).map(|(i, r, p)| html! {
                <li data-testid={format!("sweep-brief-{i}")} data-off={p.off_switch.to_string()} data-rack={p.rack_local.to_string()}>
                    {fill(t(lang, k::sweep_rack_delay), &[&r.scenario, &p.node_delay_ms.to_string(), &r.rack_delay_ms.to_string()])}
                    {": "}<b>{format!("{} · {} · {}", p.node_local, p.rack_local, p.off_switch)}</b>
                    <span class="meta">{format!(" ({})", t(lang, k::sweep_nro))}</span>
                </li> }) }
        </ul>
    }
}
