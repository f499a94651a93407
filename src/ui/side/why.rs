//! "Why this heartbeat": the current heartbeat's decision record in words, one numbered line
//! per step; launches in teal, rules that stopped assignment in amber.

use crate::i18n::k;
use crate::ui::kit::num;
use yew::prelude::*;

use crate::explain::lines::LineKind;
use crate::explain::{HeartbeatRecord, text};
use crate::i18n::Lang;
use crate::i18n::t;

#[derive(Properties, PartialEq)]
pub struct WhyProps {
    pub record: Option<HeartbeatRecord>,
    pub lang: Lang,
    /// Shown before the first heartbeat.
    pub intro: AttrValue,
}

/// The class and icon of a decision line, from the kind its renderer gave it.
pub fn look(kind: LineKind) -> (&'static str, &'static str) {
    match kind {
        LineKind::Heartbeat => ("hb", "♥"),
        LineKind::Result => ("result", "■"),
        LineKind::Launch => ("launch", "✓"),
        LineKind::Rule => ("rule", "!"),
        LineKind::Order => ("order", "≡"),
        LineKind::Step => ("step", "·"),
    }
}

#[component]
pub fn WhyPanel(props: &WhyProps) -> Html {
    let lang = props.lang;
    let time = |ms: i64, of: &str| num::fill(t(lang, k::t_eq), &[num::secs(of, ms)]);
    let chip = match &props.record {
        Some(r) => num::fill(
            t(lang, k::why_chip),
            &[num::int("record.hb", r.hb as i64), html! { {r.tracker.clone()} }, time(r.time_ms, "record.time_ms")],
        ),
        None => num::fill(t(lang, k::why_chip0), &[time(0, "view.time_ms")]),
    };
    html! {
        <section class="card why" aria-label={t(lang, k::why_title)} data-testid="why" data-point="panel:why">
            <header class="card-head">
                <h2>{t(lang, k::why_title)}</h2>
                <span class="chip">{chip}</span>
            </header>
            { match &props.record {
                None => html! {
                    <div class="why-intro">
                        if !props.intro.is_empty() { <p>{props.intro.clone()}</p> }
                        <p class="hint">{t(lang, k::no_heartbeat)}</p>
                    </div>
                },
                Some(r) => {
                    let lines = text::render_lines(r, lang);
                    html! {
                        <ol class="why-list" data-testid="why-lines">
                            { for lines.0.iter().enumerate().map(|(i, l)| {
                                let (k, icon) = look(l.kind);
                                html! { <li class={k}><span class="why-icon" aria-hidden="true">{icon}</span>{num::text(format!("why.{i}"), l.text.clone())}</li> }
                            }) }
                        </ol>
                    }
                }
            } }
        </section>
    }
}
