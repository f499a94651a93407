//! FIFO on the stage: the padding gauge on the cluster header (`exceededPadding`: running maps
//! plus padding against the cluster's map slots, the threshold line, the verdict), and under
//! the grid the heartbeating tracker's budget (its load-factor cap as a worked sum, the maps
//! launched, the one off-switch map, the one reduce).

use crate::i18n::k;
use crate::ui::kit::num;
use yew::prelude::*;

use super::bars::cells;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::key::{Key, Keys};
use crate::sim::stage::FifoStage;

/// Map slots drawn one by one up to this many.
const MAX_CELLS: usize = 40;

pub fn gauge(f: &FifoStage, keys: Keys, lang: Lang) -> Html {
    let cap = f.map_capacity;
    let Some(p) = &f.padding else {
        return html! {
            <section class="gauge muted" data-testid="padding-gauge" data-exceeded="false" data-point="panel:fifo.padding">
                <div class="gauge-title"><b>{t(lang, k::padding_check)}</b></div>
                <div class="gauge-text" data-key={keys.attr(Key::FifoPadding)}>{fill(t(lang, k::padding_not_checked_on), &[&f.budget.tracker])}</div>
            </section>
        };
    };
    let c = &p.check;
    let running = c.total_tasks;
    let pad = if c.no_eligible_job { 0 } else { c.padding };
    let mut classes: Vec<&'static str> = Vec::new();
    classes.extend(std::iter::repeat_n("cell-run", running.min(cap) as usize));
    classes.extend(std::iter::repeat_n("cell-pad", pad.min(cap.saturating_sub(running)) as usize));
    while (classes.len() as u32) < cap {
        classes.push("cell-free");
    }
    let overflow = (running + pad).saturating_sub(cap);
    let bar = cells(&classes, &[(cap, "mark-line")], MAX_CELLS).unwrap_or_else(|| {
        let pct = |v: u32| (v as f64 / cap.max(1) as f64 * 100.0).min(100.0);
        super::bars::svg_bar(&[(0.0, pct(running), "seg-a"), (pct(running), pct(pad), "seg-amber")], &[100.0])
    });
    let sum = format!("{running} + {pad} {} {cap}", if c.exceeded { "≥" } else { "<" });
    let check = "stage.padding.check";
    let running_n = || num::int(format!("{check}.total_tasks"), running);
    let pad_n = || {
        if c.no_eligible_job {
            num::int("page.padding_without_eligible_job", 0)
        } else {
            num::int(format!("{check}.padding"), pad)
        }
    };
    let cap_n = || num::int("stage.map_capacity", cap);
    let formula = if c.no_eligible_job {
        html! { {t(lang, k::padding_no_job)} }
    } else if p.small_cluster {
        num::fill(
            t(lang, k::padding_small_cluster),
            &[
                num::int(format!("{check}.num_trackers"), c.num_trackers),
                num::int(format!("{check}.padding"), c.padding),
                num::int("const.min_cluster_size_for_padding", crate::sched::fifo::MIN_CLUSTER_SIZE_FOR_PADDING as i64),
            ],
        )
    } else {
        html! { <>{"padding = min("}{num::int("stage.padding.tracker_slots", p.tracker_slots)}{", ⌊"}
        {num::int(format!("{check}.total_needed"), c.total_needed as i64)}{" × "}{num::text(format!("{check}.pad_fraction"), c.pad_fraction.to_string())}
        {"⌋) = "}{num::int(format!("{check}.padding"), c.padding)}</> }
    };
    // Past the padding, assignTasks launches the one map and leaves the loop.
    let tripped = c.tripped_by.map(|j| format!("J{j}")).unwrap_or_default();
    let verdict = if c.exceeded {
        fill(t(lang, k::padding_reached), &[&tripped, "1"])
    } else {
        t(lang, k::padding_ok).to_string()
    };
    let verdict_html = if c.exceeded {
        num::fill(t(lang, k::padding_reached), &[html! { {tripped.clone()} }, num::int("const.maps_past_padding", 1)])
    } else {
        html! { {t(lang, k::padding_ok)} }
    };
    html! {
        <section class={classes!("gauge", c.exceeded.then_some("bit"))} data-testid="padding-gauge"
                 data-exceeded={c.exceeded.to_string()} data-point="panel:fifo.padding">
            <div class="gauge-title"><b>{t(lang, k::padding_check)}</b><span class="sub">{t(lang, k::padding_all_map_slots)}</span>
                <span class="sub" data-testid="padding-at-decision">{t(lang, k::cs_at_decision)}</span></div>
            <div class="gauge-main">
                <div class="gauge-labels" aria-hidden="true">
                    <span class="g-run">{num::fill(t(lang, k::padding_running_n), &[running_n()])}</span>
                    if pad > 0 { <span class="g-pad">{num::fill(t(lang, k::padding_pad_n), &[pad_n()])}</span> }
                    <span class="g-cap">{num::fill(t(lang, k::padding_slots_n), &[cap_n()])}</span>
                </div>
                <div class="gauge-bar" role="img" aria-label={format!("{sum} · {verdict}")}>{bar}</div>
                <code class="gauge-formula">{formula}</code>
            </div>
            <div class="gauge-side" data-key={keys.attr(Key::FifoPadding)}>
                <span class="gauge-sum" data-testid="padding-sum">{running_n()}{" + "}{pad_n()}{if c.exceeded { " ≥ " } else { " < " }}{cap_n()}</span>
                if overflow > 0 { <span class="meta small">{num::fill(t(lang, k::padding_over_by), &[num::int("page.padding_over_by", overflow)])}</span> }
                <span class={classes!("pill", if c.exceeded { "amber-solid" } else { "ok" })} data-testid="padding-verdict">{verdict_html}</span>
            </div>
        </section>
    }
}

pub fn budget(f: &FifoStage, keys: Keys, lang: Lang) -> Html {
    let b = &f.budget;
    let m = &f.map;
    let n = |of: &str, v: i64| num::int(format!("stage.map.{of}"), v);
    let cap_sum = html! { <>{"min(⌈"}{num::fixed("stage.map.load_factor", m.load_factor, 2)}{" × "}{n("tracker_capacity", m.tracker_capacity.into())}
    {"⌉, "}{n("tracker_capacity", m.tracker_capacity.into())}{") = "}{n("tracker_current_capacity", m.tracker_current_capacity.into())}</> };
    let lf = num::fill(
        t(lang, k::lf_sum),
        &[
            n("remaining_load", m.remaining_load as i64),
            n("cluster_capacity", m.cluster_capacity.into()),
            num::fixed("stage.map.load_factor", m.load_factor, 2),
        ],
    );
    let off_used = b.off_switch.is_some();
    let red_used = b.reduces_given > 0;
    let one = |what: &str| num::int(format!("const.{what}_per_heartbeat"), 1);
    html! {
        <section class="budget" data-testid="budget" data-point={format!("budget:{} panel:fifo.load", b.tracker)}>
            <div class="budget-head">
                <b>{fill(t(lang, k::budget_title), &[&b.tracker])}</b>
                <span class="budget-lf"><code>{"loadFactor = "}</code>{lf}</span>
                <span class="budget-cap" data-key={keys.attr(Key::FifoLoadCap)}><code>{"cap = "}{cap_sum}</code>
                    {num::fill(t(lang, k::budget_free), &[n("tracker_running", m.tracker_running.into()), num::int("stage.budget.map_available", b.map_available)])}</span>
            </div>
            <div class="budget-items" data-key={keys.attr(Key::Budget)}>
                <span class="budget-item" data-testid="budget-maps">
                    <span class="bi-k">{t(lang, k::budget_maps)}</span>
                    <b>{num::fill(t(lang, k::budget_given), &[num::int("stage.budget.maps_given", b.maps_given)])}</b>
                    if let Some(j) = b.padding_only_one { <span class="pill amber">{num::fill(t(lang, k::budget_padding_one), &[html! { {format!("J{j}")} }, num::int("stage.budget.maps_given", b.maps_given)])}</span> }
                </span>
                <span class={classes!("budget-item", off_used.then_some("used"))} data-testid="budget-offswitch">
                    <span class="bi-k">{t(lang, k::budget_offswitch)}</span>
                    <b>{num::int("stage.budget.off_switch_given", b.off_switch_given)}{" / "}{one("off_switch_maps")}</b>
                    if let Some(j) = b.off_switch { <span class="pill amber">{fill(t(lang, k::budget_offswitch_by), &[&format!("J{j}")])}</span> }
                </span>
                <span class={classes!("budget-item", red_used.then_some("used"))} data-testid="budget-reduce">
                    <span class="bi-k">{t(lang, k::budget_reduce)}</span>
                    <b>{num::int("stage.budget.reduces_given", b.reduces_given)}{" / "}{one("reduces")}</b>
                </span>
            </div>
        </section>
    }
}
