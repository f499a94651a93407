//! "Why this heartbeat": the current heartbeat's decision record in words, one numbered line
//! per step; launches in teal, rules that stopped assignment in amber.

use yew::prelude::*;

use crate::explain::{HeartbeatRecord, text};
use crate::i18n::Lang;
use crate::ui::stage::transport::format_time;
use crate::ui::{fill, t};

#[derive(Properties, PartialEq)]
pub struct WhyProps {
    pub record: Option<HeartbeatRecord>,
    pub lang: Lang,
    /// Shown before the first heartbeat.
    pub intro: AttrValue,
}

/// The kind of a decision line, for its icon and tint.
pub fn kind(i: usize, line: &str, launched: &[String]) -> (&'static str, &'static str) {
    let starts = |p: &[&str]| p.iter().any(|x| line.starts_with(x));
    if i == 0 {
        ("hb", "♥")
    } else if starts(&["Result", "结果"]) {
        ("result", "■")
    } else if launched.iter().any(|a| line.starts_with(a.as_str()) || line.contains(&format!("{a} →"))) {
        ("launch", "✓")
    } else if ["stopped", "exceeded", "停止", "超出", "one off-switch", "唯一"].iter().any(|w| line.contains(w))
        && !line.contains("not reached")
    {
        ("rule", "!")
    } else if starts(&["Job queue", "作业队列", "Queue", "队列"]) {
        ("order", "≡")
    } else {
        ("step", "·")
    }
}

#[component]
pub fn WhyPanel(props: &WhyProps) -> Html {
    let lang = props.lang;
    let chip = match &props.record {
        Some(r) => fill(t(lang, "why_chip"), &[&r.hb.to_string(), &r.tracker, &format_time(r.time_ms, lang)]),
        None => fill(t(lang, "why_chip0"), &[&format_time(0, lang)]),
    };
    html! {
        <section class="card why" aria-label={t(lang, "why_title")} data-testid="why" data-point="panel:why">
            <header class="card-head">
                <h2>{t(lang, "why_title")}</h2>
                <span class="chip">{chip}</span>
            </header>
            { match &props.record {
                None => html! {
                    <div class="why-intro">
                        if !props.intro.is_empty() { <p>{props.intro.clone()}</p> }
                        <p class="hint">{t(lang, "no_heartbeat")}</p>
                    </div>
                },
                Some(r) => {
                    let launched: Vec<String> = r.assigned.iter().map(|a| a.attempt_id().to_string()).collect();
                    let lines = text::render(r, lang);
                    html! {
                        <ol class="why-list" data-testid="why-lines">
                            { for lines.iter().enumerate().map(|(i, l)| {
                                let (k, icon) = kind(i, l, &launched);
                                html! { <li class={k}><span class="why-icon" aria-hidden="true">{icon}</span><span>{l}</span></li> }
                            }) }
                        </ol>
                    }
                }
            } }
        </section>
    }
}
