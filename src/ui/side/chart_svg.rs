//! Hand-drawn SVG charts over `sim::metrics` series. Geometry lives in SVG attributes and
//! colours in classes (`www/charts.css`): the page's CSP forbids style attributes. Locality
//! uses the grid's patterns — node-local solid, rack-local stripes, off-switch cross-hatch —
//! so it never relies on colour alone. Every number drawn is the simulation's own.

use crate::i18n::k;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::sim::metrics::{BinStat, Sample, Share};

/// Chart box (viewBox units) and plot area.
pub const W: f64 = 400.0;
pub const H: f64 = 200.0;
const L: f64 = 38.0;
const R: f64 = 330.0;
const TOP: f64 = 10.0;
const BOT: f64 = 176.0;

fn f1(x: f64) -> String {
    format!("{x:.1}")
}

/// `[i * stride]` of the first `n` samples, always including the last.
fn thin(n: usize, max_points: usize) -> Vec<usize> {
    if n == 0 {
        return Vec::new();
    }
    let stride = n.div_ceil(max_points).max(1);
    let mut v: Vec<usize> = (0..n).step_by(stride).collect();
    if v.last() != Some(&(n - 1)) {
        v.push(n - 1);
    }
    v
}

/// Pattern definitions for rack-local stripes and off-switch cross-hatch (ids prefixed, so
/// several charts can share a page).
pub fn patterns(id: &str) -> Html {
    html! {
        <defs>
            <pattern id={format!("{id}-rack")} width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
                <rect class="pat-rack-bg" width="6" height="6" /><rect class="pat-rack-line" width="3" height="6" />
            </pattern>
            <pattern id={format!("{id}-off")} width="6" height="6" patternUnits="userSpaceOnUse">
                <rect class="pat-off-bg" width="6" height="6" /><path class="pat-off-line" d="M0 0L6 6M6 0L0 6" />
            </pattern>
        </defs>
    }
}

fn y_axis(ticks: &[(f64, String)]) -> Html {
    html! {
        <g class="axis">
            { for ticks.iter().map(|(v, label)| {
                let y = BOT - v * (BOT - TOP);
                html! { <g><line class="grid-line" x1={f1(L)} x2={f1(R)} y1={f1(y)} y2={f1(y)} />
                    <text class="tick-label" x={f1(L - 4.0)} y={f1(y + 3.5)} text-anchor="end">{label}</text></g> }
            }) }
        </g>
    }
}

fn x_label(x_max: f64, label: &str) -> Html {
    html! {
        <g class="axis">
            <text class="tick-label" x={f1(L)} y={f1(BOT + 14.0)} text-anchor="middle">{"0"}</text>
            <text class="tick-label" x={f1(R)} y={f1(BOT + 14.0)} text-anchor="middle">{format!("{x_max:.0}")}</text>
            <text class="axis-title" x={f1((L + R) / 2.0)} y={f1(BOT + 16.0)} text-anchor="middle">{label}</text>
        </g>
    }
}

/// Right-hand labels at plot fractions, pushed apart (at least 12 units) so they never overlap.
fn side_labels(items: &[(f64, String, &'static str)]) -> Html {
    let mut placed: Vec<(f64, &String, &'static str)> = items
        .iter()
        .map(|(frac, text, class)| (BOT - frac.clamp(0.0, 1.0) * (BOT - TOP) + 4.0, text, *class))
        .collect();
    crate::sort::sort_by(&mut placed, |a, b| a.0.total_cmp(&b.0));
    for i in 1..placed.len() {
        placed[i].0 = placed[i].0.max(placed[i - 1].0 + 12.0);
    }
    let over = placed.last().map(|p| p.0 - (BOT + 4.0)).unwrap_or(0.0).max(0.0);
    html! { <g>{ for placed.iter().map(|(y, text, class)| html! {
        <text class={classes!("side-label", *class)} x={f1(R + 6.0)} y={f1((y - over).max(TOP + 4.0))}>{*text}</text>
    }) }</g> }
}

/// A closed band between two boundary lines (plot fractions 0..1) over the same xs.
fn band(xs: &[f64], lo: &[f64], hi: &[f64], class: &'static str, fill_url: Option<String>) -> Html {
    let y = |v: f64| BOT - v.clamp(0.0, 1.0) * (BOT - TOP);
    let mut d = String::new();
    for (i, (x, v)) in xs.iter().zip(hi).enumerate() {
        d.push_str(&format!("{}{:.1} {:.1}", if i == 0 { "M" } else { "L" }, x, y(*v)));
    }
    for (x, v) in xs.iter().zip(lo).rev() {
        d.push_str(&format!("L{:.1} {:.1}", x, y(*v)));
    }
    d.push('Z');
    html! { <path class={class} d={d} fill={fill_url} /> }
}

/// Locality mix of launched maps, cumulative, over the first `upto` samples; x from `x_of`
/// on [0, x_max]. The testid carries the final fractions for tests and screen readers.
pub fn locality(
    samples: &[Sample],
    upto: usize,
    x_of: &dyn Fn(&Sample) -> f64,
    x_max: f64,
    x_title: &str,
    id: &str,
    lang: Lang,
) -> Html {
    let upto = upto.min(samples.len());
    let first = samples[..upto].iter().position(|s| s.node + s.rack + s.off_switch > 0);
    let x_max = x_max.max(1.0);
    let sx = |v: f64| L + (v / x_max).clamp(0.0, 1.0) * (R - L);
    let body = match first {
        None => {
            html! { <text class="empty-label" x={f1((L + R) / 2.0)} y={f1((TOP + BOT) / 2.0)} text-anchor="middle">{t(lang, k::chart_no_maps)}</text> }
        }
        Some(f) => {
            let idx: Vec<usize> = thin(upto - f, 240).into_iter().map(|i| i + f).collect();
            let xs: Vec<f64> = idx.iter().map(|&i| sx(x_of(&samples[i]))).collect();
            let frac = |s: &Sample, which: u8| {
                let tot = (s.node + s.rack + s.off_switch).max(1) as f64;
                match which {
                    0 => s.node as f64 / tot,
                    _ => (s.node + s.rack) as f64 / tot,
                }
            };
            let n: Vec<f64> = idx.iter().map(|&i| frac(&samples[i], 0)).collect();
            let nr: Vec<f64> = idx.iter().map(|&i| frac(&samples[i], 1)).collect();
            let zeros = vec![0.0; xs.len()];
            let ones = vec![1.0; xs.len()];
            let last = &samples[upto - 1];
            let tot = (last.node + last.rack + last.off_switch).max(1) as f64;
            let pct = |v: u64| format!("{:.0}%", v as f64 / tot * 100.0);
            let (fnode, frack) = (last.node as f64 / tot, last.rack as f64 / tot);
            let now_x = xs.last().copied().unwrap_or(L);
            html! {
                <g>
                    { band(&xs, &zeros, &n, "area-node", None) }
                    { band(&xs, &n, &nr, "area-rack", Some(format!("url(#{id}-rack)"))) }
                    { band(&xs, &nr, &ones, "area-off", Some(format!("url(#{id}-off)"))) }
                    <line class="now-line" x1={f1(now_x)} x2={f1(now_x)} y1={f1(TOP)} y2={f1(BOT)} />
                    { side_labels(&[(1.0 - (1.0 - fnode - frack) / 2.0, pct(last.off_switch), "lbl-off"), (fnode + frack / 2.0, pct(last.rack), "lbl-rack"), (fnode / 2.0, pct(last.node), "lbl-node")]) }
                </g>
            }
        }
    };
    let summary = samples[..upto].last().map(|s| format!("{}/{}/{}", s.node, s.rack, s.off_switch)).unwrap_or_default();
    html! {
        <svg class="chart" viewBox={format!("0 0 {W} {H}")} role="img" data-testid={format!("{id}-svg")} data-mix={summary}
             aria-label={t(lang, k::chart_locality)}>
            { patterns(id) }
            { y_axis(&[(0.0, "0%".into()), (0.5, "50%".into()), (1.0, "100%".into())]) }
            { body }
            { x_label(x_max, x_title) }
        </svg>
    }
}

/// Slots in use over time: running maps, then reduces stacked on them, against the slots.
pub fn slots(samples: &[Sample], upto: usize, x_max: f64, lang: Lang) -> Html {
    let upto = upto.min(samples.len());
    let cap = samples.iter().map(|s| s.map_slots + s.reduce_slots).max().unwrap_or(1).max(1) as f64;
    let x_max = x_max.max(1.0);
    let idx = thin(upto, 240);
    let xs: Vec<f64> = idx.iter().map(|&i| L + (samples[i].hb as f64 / x_max).clamp(0.0, 1.0) * (R - L)).collect();
    let m: Vec<f64> = idx.iter().map(|&i| samples[i].running_maps as f64 / cap).collect();
    let mr: Vec<f64> =
        idx.iter().map(|&i| (samples[i].running_maps + samples[i].running_reduces) as f64 / cap).collect();
    let zeros = vec![0.0; xs.len()];
    let last = upto.checked_sub(1).map(|i| &samples[i]);
    let labels = last.map(|s| {
        side_labels(&[
            (
                (s.running_maps as f64 + s.running_reduces as f64 / 2.0) / cap,
                fill(t(lang, k::chart_reduces_n), &[&s.running_reduces.to_string(), &s.reduce_slots.to_string()]),
                "lbl-reduce",
            ),
            (
                s.running_maps as f64 / 2.0 / cap,
                fill(t(lang, k::chart_maps_n), &[&s.running_maps.to_string(), &s.map_slots.to_string()]),
                "lbl-map",
            ),
        ])
    });
    let map_line = samples.first().map(|s| s.map_slots as f64 / cap).unwrap_or(0.0);
    html! {
        <svg class="chart" viewBox={format!("0 0 {W} {H}")} role="img" data-testid="chart-slots-svg" aria-label={t(lang, k::chart_slots)}>
            { y_axis(&[(0.0, "0".into()), (map_line, format!("{:.0}", map_line * cap)), (1.0, format!("{cap:.0}"))]) }
            if !xs.is_empty() {
                { band(&xs, &zeros, &m, "area-maps", None) }
                { band(&xs, &m, &mr, "area-reduces", None) }
                <line class="now-line" x1={f1(*xs.last().unwrap_or(&L))} x2={f1(*xs.last().unwrap_or(&L))} y1={f1(TOP)} y2={f1(BOT)} />
            }
            { for labels }
            { x_label(x_max, t(lang, k::chart_hb_axis)) }
        </svg>
    }
}

/// Each pool's or queue's running maps against its fair share or capacity, now.
pub fn shares(shares: &[Share], fair: bool, lang: Lang) -> Html {
    if shares.is_empty() {
        return html! { <p class="hint chart-empty">{t(lang, k::chart_no_shares)}</p> };
    }
    let top = shares.iter().map(|s| s.running.max(s.target)).fold(1.0, f64::max);
    let row_h = 28.0;
    let h = shares.len() as f64 * row_h + 24.0;
    let (x0, x1) = (110.0, 330.0);
    let sx = |v: f64| x0 + v / top * (x1 - x0);
    html! {
        <svg class="chart" viewBox={format!("0 0 {W} {h:.0}")} role="img" data-testid="chart-shares-svg" aria-label={t(lang, k::chart_shares)}>
            { for shares.iter().enumerate().map(|(i, s)| {
                let y = 8.0 + i as f64 * row_h;
                html! {
                    <g data-testid={format!("share-{}", s.name)}>
                        <text class="bar-name" x={f1(x0 - 6.0)} y={f1(y + 13.0)} text-anchor="end">{&s.name}</text>
                        <rect class="bar-track" x={f1(x0)} y={f1(y + 2.0)} width={f1(x1 - x0)} height="16" rx="3" />
                        <rect class="bar-run" x={f1(x0)} y={f1(y + 2.0)} width={f1(sx(s.running) - x0)} height="16" rx="3" />
                        <rect class="bar-target" x={f1(sx(s.target) - 1.5)} y={f1(y - 1.0)} width="3" height="22" />
                        <text class="bar-value" x={f1(x1 + 6.0)} y={f1(y + 14.0)}>{format!("{:.0} / {:.1}", s.running, s.target)}</text>
                    </g>
                }
            }) }
            <text class="axis-title" x={f1(x0)} y={f1(h - 4.0)}>{if fair { t(lang, k::chart_shares_fair) } else { t(lang, k::chart_shares_cap) }}</text>
        </svg>
    }
}

pub fn bin_label(b: &BinStat) -> String {
    if b.min_maps == b.max_maps {
        b.min_maps.to_string()
    } else if b.max_maps == u32::MAX {
        format!(">{}", b.min_maps.saturating_sub(1))
    } else {
        format!("{}–{}", b.min_maps, b.max_maps)
    }
}

/// Mean response time by job size; several runs side by side when `runs` has more than one.
pub fn response(runs: &[(String, Vec<BinStat>)], lang: Lang) -> Html {
    let mut bins: Vec<(u32, u32)> = runs.iter().flat_map(|(_, b)| b.iter().map(|x| (x.min_maps, x.max_maps))).collect();
    crate::sort::sort(&mut bins);
    bins.dedup();
    let top = runs.iter().flat_map(|(_, b)| b.iter().filter_map(|x| x.mean_response_ms)).fold(1.0, f64::max);
    if bins.is_empty() || !runs.iter().any(|(_, b)| b.iter().any(|x| x.finished > 0)) {
        return html! { <p class="hint chart-empty">{t(lang, k::chart_no_finished)}</p> };
    }
    let slot = (R - L) / bins.len() as f64;
    let bw = (slot * 0.8 / runs.len() as f64).min(34.0);
    let y = |ms: f64| BOT - ms / top * (BOT - TOP - 12.0);
    html! {
        <svg class="chart" viewBox={format!("0 0 {W} {H}")} role="img" data-testid="chart-response-svg" aria-label={t(lang, k::chart_response)}>
            { y_axis(&[(0.0, "0 s".into()), (1.0 - 12.0 / (BOT - TOP), format!("{:.0} s", top / 1000.0))]) }
            { for bins.iter().enumerate().map(|(i, &(lo, hi))| {
                let cx = L + slot * (i as f64 + 0.5);
                let x0 = cx - bw * runs.len() as f64 / 2.0;
                let label = runs.iter().flat_map(|(_, b)| b.iter()).find(|b| b.min_maps == lo && b.max_maps == hi).map(bin_label).unwrap_or_default();
                html! { <g>
                    { for runs.iter().enumerate().map(|(k, (_, b))| {
                        let stat = b.iter().find(|x| x.min_maps == lo);
                        let ms = stat.and_then(|s| s.mean_response_ms);
                        let x = x0 + bw * k as f64;
                        html! { <g>
                            if let Some(ms) = ms {
                                <rect class={classes!("bar-resp", format!("run-{k}"))} x={f1(x + 1.0)} y={f1(y(ms))} width={f1(bw - 2.0)} height={f1(BOT - y(ms))} rx="2" />
                                <text class="bar-top" x={f1(x + bw / 2.0)} y={f1(y(ms) - 3.0)} text-anchor="middle">{format!("{:.0}", ms / 1000.0)}</text>
                            }
                        </g> }
                    }) }
                    <text class="tick-label" x={f1(cx)} y={f1(BOT + 13.0)} text-anchor="middle">{label}</text>
                </g> }
            }) }
            <text class="axis-title" x={f1(R + 4.0)} y={f1(BOT + 13.0)}>{t(lang, k::chart_maps_axis)}</text>
        </svg>
    }
}
