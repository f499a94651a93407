//! The chart card beside the code view: locality mix over time, slots in use, pool / queue
//! shares against fair share or capacity, job response times by job size — one at a time,
//! chosen by tabs (a lesson step pointing at `chart:<id>` switches to it).

use crate::i18n::{Text, k};
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::{Action, SideAction};
use crate::page::{Chart, Page};
use crate::sim::Simulation;
use crate::sim::metrics::{self, Sample};
use crate::ui::side::chart_svg;

fn title_key(c: Chart) -> Text {
    match c {
        Chart::Locality => k::chart_locality,
        Chart::Slots => k::chart_slots,
        Chart::Shares => k::chart_shares,
        Chart::Response => k::chart_response,
    }
}

fn tab_key(c: Chart) -> Text {
    match c {
        Chart::Locality => k::chart_tab_locality,
        Chart::Slots => k::chart_tab_slots,
        Chart::Shares => k::chart_tab_shares,
        Chart::Response => k::chart_tab_response,
    }
}

/// Legend for the locality patterns, as on the grid.
pub fn locality_legend(lang: Lang) -> Html {
    html! {
        <div class="chart-legend">
            <span class="lg"><span class="sw sw-node"></span>{t(lang, k::loc_node)}</span>
            <span class="lg"><span class="sw sw-rack"></span>{t(lang, k::loc_rack)}</span>
            <span class="lg"><span class="sw sw-off"></span>{t(lang, k::loc_off)}</span>
        </div>
    }
}

pub fn card(lab: &Page, sim: &Simulation, dispatch: &Dispatch) -> Html {
    let lang = lab.lang();
    let metrics = lab.run.metrics().borrow();
    let samples: &[Sample] = &metrics.rec.samples;
    let hb = sim.hb() as usize;
    let upto = hb.min(samples.len());
    let known = lab.run.known_hbs() as f64;
    let chart = lab.side.chart;
    let now = samples[..upto].last();
    let body = match chart {
        Chart::Locality => html! { <>
            { locality_legend(lang) }
            { chart_svg::locality(samples, upto, &|s: &Sample| s.hb as f64, known, t(lang, k::chart_hb_axis), "chart-locality", lang) }
        </> },
        Chart::Slots => chart_svg::slots(samples, upto, known, lang),
        Chart::Shares => {
            let fair = matches!(sim.scenario().scheduler, crate::scenario::SchedulerKind::Fair);
            chart_svg::shares(now.map(|s| s.shares.as_slice()).unwrap_or(&[]), fair, lang)
        }
        Chart::Response => {
            let bins = metrics::response_by_size(sim.engine());
            let done: usize = bins.iter().map(|b| b.finished).sum();
            let jobs: usize = bins.iter().map(|b| b.jobs).sum();
            html! { <>
                <p class="chart-note">{fill(t(lang, k::chart_finished_of), &[&done.to_string(), &jobs.to_string()])}</p>
                { chart_svg::response(&[(String::new(), bins)], lang) }
            </> }
        }
    };
    let meta = match (chart, now) {
        (Chart::Locality, Some(s)) => {
            fill(t(lang, k::chart_locality_meta), &[&(s.node + s.rack + s.off_switch).to_string()])
        }
        (Chart::Slots, Some(s)) => fill(
            t(lang, k::chart_slots_meta),
            &[&(s.running_maps + s.running_reduces).to_string(), &(s.map_slots + s.reduce_slots).to_string()],
        ),
        _ => String::new(),
    };
    html! {
        <section class="card chart-card" data-testid="charts" data-point={format!("chart:{}", chart.id())}>
            <header class="card-head">
                <h2>{t(lang, title_key(chart))}</h2>
                <span class="meta">{meta}</span>
            </header>
            <div class="segs chart-tabs" role="tablist" aria-label={t(lang, k::charts)}>
                { for Chart::ALL.iter().map(|&c| {
                    let d = dispatch.clone();
                    let on = c == chart;
                    html! {
                        <button role="tab" class={classes!("seg", on.then_some("on"))} aria-selected={on.to_string()}
                                data-testid={format!("chart-tab-{}", c.id())}
                                onclick={Callback::from(move |_| d.dispatch(Action::Side(SideAction::SetChart(c))))}>{t(lang, tab_key(c))}</button>
                    }
                }) }
            </div>
            <div class="chart-body" data-testid={format!("chart-{}", chart.id())}>{ body }</div>
        </section>
    }
}
