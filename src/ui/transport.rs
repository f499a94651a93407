//! Transport controls: previous / next heartbeat and the clock.

use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TransportProps {
    pub hb: u64,
    pub time_ms: i64,
    pub finished: bool,
    pub onprev: Callback<()>,
    pub onnext: Callback<()>,
}

/// Simulated time as the page shows it: `t = 6.2 s`.
pub fn format_time(ms: i64) -> String {
    format!("t = {:.1} s", ms as f64 / 1000.0)
}

#[component]
pub fn Transport(props: &TransportProps) -> Html {
    let onprev = props.onprev.reform(|_: MouseEvent| ());
    let onnext = props.onnext.reform(|_: MouseEvent| ());
    html! {
        <nav class="transport" aria-label="Heartbeat controls">
            <button class="btn" data-testid="prev" onclick={onprev}
                    disabled={props.hb == 0} aria-keyshortcuts="ArrowLeft"
                    title="Back one heartbeat (←)">
                {"< Previous"}
            </button>
            <button class="btn primary" data-testid="next" onclick={onnext}
                    disabled={props.finished} aria-keyshortcuts="ArrowRight"
                    title="Run to the next heartbeat (→)">
                {"Next >"}
            </button>
            <span class="keys" aria-hidden="true">{"keys"}<kbd>{"←"}</kbd><kbd>{"→"}</kbd></span>
            if props.finished {
                <span class="badge done" data-testid="finished">{"run finished"}</span>
            }
            <div class="clock">
                <span class="clock-label">{"Heartbeat"}</span>
                <span class="clock-hb" data-testid="hb">{props.hb}</span>
                <span class="clock-time" data-testid="time">{format_time(props.time_ms)}</span>
            </div>
        </nav>
    }
}
