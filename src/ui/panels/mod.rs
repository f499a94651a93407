//! Scheduler panels: one module per scheduler, each reading its own decision record. The
//! panel shown follows the current heartbeat's `Decision` variant; a scheduler without a
//! panel yet falls back to its text in the "why" panel.

mod capacity;
mod fair;
mod fifo;

use yew::prelude::*;

use super::stage::grid::job_class;
use super::{fill, t};
use crate::explain::{Decision, HeartbeatRecord};
use crate::i18n::Lang;
use crate::sched::limit_tasks::LimitDecision;

/// A row of an ordered list (jobs, queues) that slides to its new place when the order
/// changes: rows keep a stable DOM order (by key) and are positioned by rank.
#[derive(Clone, PartialEq)]
pub struct QueueRow {
    pub key: String,
    pub job: Option<u32>,
    pub title: String,
    pub tags: String,
    pub detail: String,
    pub lit: bool,
    pub bar: Option<Html>,
    pub bar_text: String,
}

/// Rows positioned by rank class (`.rank-N` in panels.css); longer lists do not animate.
const MAX_ANIMATED: usize = 24;

pub fn queue_rows(rows: &[QueueRow], lang: Lang) -> Html {
    let animated = rows.len() <= MAX_ANIMATED;
    let mut order: Vec<(usize, &QueueRow)> = rows.iter().enumerate().collect();
    if animated {
        order.sort_by(|a, b| a.1.key.cmp(&b.1.key));
    }
    // The page's CSP forbids style attributes: the list height and row places are classes.
    let list_class = if animated { format!("rows-{}", rows.len()) } else { "static".to_string() };
    html! {
        <ol class={classes!("qrows", list_class)} aria-label={t(lang, "in_order")}>
            { for order.into_iter().map(|(rank, r)| html! {
                <li class={classes!("qrow", r.lit.then_some("lit"), animated.then(|| format!("rank-{rank}")))} key={r.key.clone()}
                    data-testid={format!("qrow-{}", r.key)} data-rank={rank.to_string()}
                    data-point={match r.job { Some(j) => format!("job:J{j}"), None => format!("pool:{0} queue:{0}", r.key) }}>
                    <span class="rank">{rank + 1}</span>
                    <div class="qmain">
                        <div class="qline">
                            if let Some(j) = r.job { <span class={classes!("swatch-dot", job_class(j))}></span> }
                            <b class="qtitle">{&r.title}</b>
                            <span class="qtags">{&r.tags}</span>
                            if let Some(b) = &r.bar { <span class="qbar" title={r.bar_text.clone()}>{b.clone()}</span> }
                        </div>
                        <div class="qdetail" title={r.detail.clone()}>{&r.detail}</div>
                    </div>
                </li>
            }) }
        </ol>
    }
}

/// A horizontal bar: `done` solid, `more` lighter after it, out of `total`.
pub fn bar(done: f64, more: f64, total: f64) -> Html {
    let total = total.max(1e-9);
    let a = (done / total * 100.0).clamp(0.0, 100.0);
    let b = (more / total * 100.0).clamp(0.0, 100.0 - a);
    svg_bar(&[(0.0, a, "seg-a"), (a, b, "seg-b")], &[])
}

/// An SVG bar (SVG geometry is attributes, which the CSP allows): segments `(x, width,
/// class)` in percent, and an optional tick at a percentage.
pub fn svg_bar(segments: &[(f64, f64, &'static str)], ticks: &[f64]) -> Html {
    html! {
        <svg class="hbar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect class="track" x="0" y="0" width="100" height="10" />
            { for segments.iter().map(|&(x, w, class)| html! {
                <rect class={class} x={format!("{x:.2}")} y="0" width={format!("{w:.2}")} height="10" />
            }) }
            { for ticks.iter().map(|t| html! {
                <rect class="tick" x={format!("{:.2}", (t - 0.6).clamp(0.0, 98.8))} y="0" width="1.2" height="10" />
            }) }
        </svg>
    }
}

/// The panel's title for a record's scheduler.
pub fn title(d: &Decision, lang: Lang) -> String {
    match d {
        Decision::Fifo(_) => format!("{} · JobQueueTaskScheduler", t(lang, "sched_fifo")),
        Decision::LimitTasksPerJob(_) => format!("{} · LimitTasksPerJobTaskScheduler", t(lang, "sched_limit")),
        #[allow(unreachable_patterns)]
        _ => other_title(d, lang),
    }
}

fn other_title(d: &Decision, lang: Lang) -> String {
    match d {
        Decision::Capacity(_) => format!("{} · CapacityTaskScheduler", t(lang, "sched_capacity")),
        Decision::Fair(_) => format!("{} · FairScheduler", t(lang, "sched_fair")),
        _ => t(lang, "scheduler").to_string(),
    }
}

#[derive(Properties, PartialEq)]
pub struct PanelProps {
    pub record: Option<HeartbeatRecord>,
    pub lang: Lang,
    /// Capacity: per-user usage against the user limit (from the scheduler's state).
    #[prop_or_default]
    pub extras: std::rc::Rc<super::stage::cap_extras::CapExtras>,
}

#[component]
pub fn SchedulerPanel(props: &PanelProps) -> Html {
    let lang = props.lang;
    let Some(r) = &props.record else {
        return html! { <p class="hint" data-testid="panel-empty">{t(lang, "panel_before_first")}</p> };
    };
    match &r.decision {
        Decision::Fifo(d) => fifo::panel(d, &r.assigned, lang),
        Decision::LimitTasksPerJob(d) => limit(d, lang),
        #[allow(unreachable_patterns)]
        d => other(d, r, &props.extras, lang),
    }
}

fn other(d: &Decision, r: &HeartbeatRecord, extras: &super::stage::cap_extras::CapExtras, lang: Lang) -> Html {
    match d {
        Decision::Capacity(c) => capacity::panel(c, &r.assigned, &extras.users, lang),
        Decision::Fair(f) => fair::panel(f, &r.assigned, lang),
        _ => html! { <p class="hint">{t(lang, "panel_missing")}</p> },
    }
}

fn limit(d: &LimitDecision, lang: Lang) -> Html {
    let rows: Vec<QueueRow> = d
        .queue
        .iter()
        .map(|j| {
            let running = j.running_maps + j.running_reduces;
            QueueRow {
                key: format!("J{}", j.job),
                job: Some(j.job),
                title: format!("J{} {}", j.job, j.name),
                tags: format!("{} · {}", j.priority.as_str(), j.state.as_str()),
                detail: match d.cap {
                    Some(cap) => fill(t(lang, "limit_running_cap"), &[&running.to_string(), &cap.to_string()]),
                    None => fill(t(lang, "limit_running"), &[&running.to_string()]),
                },
                lit: d.cap.is_some_and(|c| running as u64 >= c),
                bar: d.cap.map(|c| bar(running as f64, 0.0, c as f64)),
                bar_text: String::new(),
            }
        })
        .collect();
    html! {
        <div class="limit-panel" data-testid="limit-panel">
            <section class="panel-section">
                <h3>{t(lang, "fifo_queue")}<span class="sub">{t(lang, "fifo_queue_order")}</span></h3>
                { queue_rows(&rows, lang) }
            </section>
            <section class="panel-section">
                <div class="sum">{fill(t(lang, "limit_loads"), &[&d.max_map_load.to_string(), &d.tracker_maps.to_string(), &d.max_reduce_load.to_string(), &d.tracker_reduces.to_string()])}</div>
            </section>
        </div>
    }
}
