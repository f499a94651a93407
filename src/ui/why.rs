//! "Why this heartbeat": the current heartbeat's decision record, one numbered line per step.

use yew::prelude::*;

use super::transport::format_time;

#[derive(Properties, PartialEq)]
pub struct WhyProps {
    pub hb: u64,
    pub time_ms: i64,
    pub tracker: Option<AttrValue>,
    /// The rendered decision text of the current heartbeat (empty before the first one).
    pub lines: Vec<String>,
    /// Shown before the first heartbeat.
    pub intro: AttrValue,
}

#[component]
pub fn WhyPanel(props: &WhyProps) -> Html {
    let chip = match &props.tracker {
        Some(t) => format!("HB {} · {} · {}", props.hb, t, format_time(props.time_ms)),
        None => format!("HB {} · {}", props.hb, format_time(props.time_ms)),
    };
    html! {
        <aside class="card why" aria-label="Why this heartbeat" data-testid="why">
            <header class="card-head">
                <h2>{"Why this heartbeat"}</h2>
                <span class="chip">{chip}</span>
            </header>
            if props.hb == 0 {
                <div class="why-intro">
                    if !props.intro.is_empty() { <p>{props.intro.clone()}</p> }
                    <p class="hint">{"Press "}<b>{"Next >"}</b>{" (or →) to run the first heartbeat."}</p>
                </div>
            } else if props.lines.is_empty() {
                <p class="hint">{"No decision was recorded for this heartbeat."}</p>
            } else {
                <ol class="why-list" data-testid="why-lines">
                    { for props.lines.iter().map(|l| html! { <li>{l}</li> }) }
                </ol>
            }
        </aside>
    }
}
