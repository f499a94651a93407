//! The side area beside the stage: why this heartbeat, the code path, charts, jobs and the
//! decision log, as tabs. A lesson step that points at one of them brings it to the front
//! (`Page::apply_point`); otherwise the reader chooses.

pub mod chart_svg;
pub mod charts;
pub mod code_view;
pub mod jobs;
pub mod log;
pub mod why;

use crate::i18n::{Text, k};
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::explain::HeartbeatRecord;
use crate::i18n::t;
use crate::page::{Action, SideAction};
use crate::page::{Page, Tab};
use crate::sim::Simulation;
use log::{DecisionLog, window_of};
use why::WhyPanel;

/// The tab strip and the open tab.
pub fn area(
    lab: &Page,
    sim: &Simulation,
    record: Option<&HeartbeatRecord>,
    intro: String,
    dispatch: &Dispatch,
) -> Html {
    let lang = lab.lang();
    let tab = lab.side.tab;
    let jobs = sim.engine().cluster.jobs.len();
    let tab_btn = |which: Tab, label: Text, badge: Option<String>| {
        let d = dispatch.clone();
        let on = tab == which;
        html! {
            <button role="tab" class={classes!("tab", on.then_some("on"))} aria-selected={on.to_string()}
                    data-testid={format!("tab-{}", which.id())} id={format!("tab-{}", which.id())}
                    aria-controls="side-panel" onclick={Callback::from(move |_| d.dispatch(Action::Side(SideAction::SetTab(which))))}>
                {t(lang, label)}
                if let Some(b) = badge { <span class="tab-badge">{b}</span> }
            </button>
        }
    };
    let body = match tab {
        Tab::Why => html! { <WhyPanel record={record.cloned()} lang={lang} intro={AttrValue::from(intro)} /> },
        Tab::Code => code_view::card(lab, record, dispatch),
        Tab::Charts => charts::card(lab, sim, dispatch),
        Tab::Jobs => html! {
            <section class="card jobs-card" data-point="panel:jobs" data-testid="jobs-panel">
                { jobs::table(&lab.run.view().map(|v| v.jobs.clone()).unwrap_or_default(), lab.selected_job, lang, dispatch) }
            </section>
        },
        Tab::Log => html! {
            <section class="card log-card" data-point="panel:log" data-testid="log-panel">
                <DecisionLog window={window_of(sim, sim.hb())} hb={sim.hb()} known={sim.total_hbs_known()} lang={lang} dispatch={dispatch.clone()} />
            </section>
        },
    };
    html! {
        <section class="side-area" data-testid="side-area" aria-label={t(lang, k::side_area)}>
            <div class="tabs" role="tablist" aria-label={t(lang, k::side_area)}>
                { tab_btn(Tab::Why, k::tab_why, None) }
                { tab_btn(Tab::Code, k::tab_code, None) }
                { tab_btn(Tab::Charts, k::tab_charts, None) }
                { tab_btn(Tab::Jobs, k::tab_jobs, Some(jobs.to_string())) }
                { tab_btn(Tab::Log, k::tab_log, None) }
            </div>
            <div class="side-panel" id="side-panel" role="tabpanel" aria-labelledby={format!("tab-{}", tab.id())} data-testid={format!("side-{}", tab.id())}>
                { body }
            </div>
        </section>
    }
}
