//! The decision log: every heartbeat of the run in words (the text alternative to the
//! graphics). A window around the current heartbeat is in the page; the whole log downloads
//! as text.

use crate::i18n::k;
use crate::ui::kit::Dispatch;
use yew::prelude::*;

use crate::explain::{HeartbeatRecord, text};
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::page::{Action, RunAction};

/// Heartbeats shown before and after the current one.
const WINDOW: u64 = 12;

/// The whole run as plain text.
pub fn full_text(records: &[HeartbeatRecord], lang: Lang) -> String {
    let mut out = String::new();
    for r in records {
        for (i, l) in text::render(r, lang).iter().enumerate() {
            out.push_str(if i == 0 { "" } else { "  " });
            out.push_str(l);
            out.push('\n');
        }
    }
    out
}

#[derive(Properties, PartialEq)]
pub struct LogProps {
    /// Records of the heartbeats in the window, and the current heartbeat.
    pub window: Vec<HeartbeatRecord>,
    pub hb: u64,
    pub known: u64,
    pub lang: Lang,
    pub dispatch: Dispatch,
}

pub fn window_of(sim: &crate::sim::Simulation, hb: u64) -> Vec<HeartbeatRecord> {
    let from = hb.saturating_sub(WINDOW).max(1);
    let to = (hb + WINDOW).min(sim.total_hbs_known());
    let mut out = Vec::new();
    sim.for_each_record(from, to, |r| out.push(r.clone()));
    out
}

/// Every record of the run computed so far (those outside the memory window recomputed).
pub fn all_records(sim: &crate::sim::Simulation) -> Vec<HeartbeatRecord> {
    if sim.records_complete() {
        return sim.records().to_vec();
    }
    let mut out = Vec::new();
    sim.for_each_record(1, sim.total_hbs_known(), |r| out.push(r.clone()));
    out
}

#[component]
pub fn DecisionLog(props: &LogProps) -> Html {
    let lang = props.lang;
    if props.window.is_empty() {
        return html! { <p class="hint">{t(lang, k::log_empty)}</p> };
    }
    let first = props.window.first().map(|r| r.hb).unwrap_or(1);
    let last = props.window.last().map(|r| r.hb).unwrap_or(1);
    html! {
        <div class="log" data-testid="decision-log">
            <p class="meta">{fill(t(lang, k::log_window), &[&first.to_string(), &last.to_string(), &props.known.to_string()])}</p>
            { for props.window.iter().map(|r| {
                let d = props.dispatch.clone();
                let hb = r.hb;
                let current = hb == props.hb;
                let lines = text::render(r, lang);
                html! {
                    <article class={classes!("log-entry", current.then_some("current"))} id={format!("log-{hb}")} key={hb.to_string()}
                             aria-current={current.then_some("step")}>
                        <h4><button class="linklike" onclick={Callback::from(move |_| d.dispatch(Action::Run(RunAction::GoTo(hb))))}>{&lines[0]}</button></h4>
                        <ul>{ for lines[1..].iter().map(|l| html! { <li>{l}</li> }) }</ul>
                    </article>
                }
            }) }
        </div>
    }
}
