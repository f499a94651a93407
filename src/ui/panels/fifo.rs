//! The FIFO panel (`JobQueueTaskScheduler`): the job queue in order with what each job got,
//! the load factor as a worked sum with this tracker's cap, the padding check, and the
//! one-off-switch-map and one-reduce rules, lit when they bite.

use yew::prelude::*;

use super::{QueueRow, bar, queue_rows};
use crate::explain::{Assignment, JobLine, text};
use crate::i18n::Lang;
use crate::sched::fifo::{FifoDecision, LoadCalc, MapStop, PaddingCheck, ReduceStop};
use crate::ui::{fill, t};

fn f2(x: f64) -> String {
    format!("{x:.2}")
}

pub fn panel(d: &FifoDecision, assigned: &[Assignment], lang: Lang) -> Html {
    html! {
        <div class="fifo-panel" data-testid="fifo-panel">
            { job_queue(&d.queue, d, assigned, lang) }
            <div class="panel-cols">
                { load("map", &d.map, d.map_padding.as_ref(), lang) }
                { load("reduce", &d.reduce, d.reduce_padding.as_ref(), lang) }
            </div>
            { rules(d, lang) }
        </div>
    }
}

fn job_queue(queue: &[JobLine], d: &FifoDecision, assigned: &[Assignment], lang: Lang) -> Html {
    let rows: Vec<QueueRow> = queue
        .iter()
        .map(|j| {
            let got: Vec<String> = assigned.iter().filter(|a| a.job == j.job).map(text::short).collect();
            let outcome = d.jobs.iter().find(|o| o.job == j.job);
            let why = outcome.and_then(|o| o.map_why.as_ref().or(o.reduce_why.as_ref())).map(|w| text::why(w, lang));
            let detail = if !got.is_empty() {
                format!("→ {}", got.join(", "))
            } else {
                why.map(|w| format!("{} {w}", t(lang, "nothing_because"))).unwrap_or_default()
            };
            QueueRow {
                key: format!("J{}", j.job),
                job: Some(j.job),
                title: format!("J{} {}", j.job, j.name),
                tags: format!("{} · {}", j.priority.as_str(), j.state.as_str()),
                detail,
                lit: !got.is_empty(),
                bar: Some(bar(j.finished_maps as f64, (j.running_maps) as f64, j.desired_maps.max(1) as f64)),
                bar_text: fill(
                    t(lang, "maps_done_running"),
                    &[&j.finished_maps.to_string(), &j.running_maps.to_string(), &j.desired_maps.to_string()],
                ),
            }
        })
        .collect();
    html! {
        <section class="panel-section" data-point="panel:fifo.queue">
            <h3>{t(lang, "fifo_queue")}<span class="sub">{t(lang, "fifo_queue_order")}</span></h3>
            { queue_rows(&rows, lang) }
        </section>
    }
}

fn load(kind: &'static str, l: &LoadCalc, pad: Option<&PaddingCheck>, lang: Lang) -> Html {
    let title = if kind == "map" { t(lang, "map_load") } else { t(lang, "reduce_load") };
    let sum1 =
        fill(t(lang, "lf_sum"), &[&l.remaining_load.to_string(), &l.cluster_capacity.to_string(), &f2(l.load_factor)]);
    let sum2 = format!(
        "min(⌈{} × {}⌉, {}) = {}",
        f2(l.load_factor),
        l.tracker_capacity,
        l.tracker_capacity,
        l.tracker_current_capacity
    );
    let free = l.available.max(0);
    let cells = (0..l.tracker_capacity).map(|i| {
        let class = if i < l.tracker_running {
            "busy"
        } else if i < l.tracker_current_capacity {
            if (i - l.tracker_running) < free as u32 { "free" } else { "capped" }
        } else {
            "capped"
        };
        html! { <span class={classes!("cap-cell", class)}></span> }
    });
    let avail = fill(t(lang, "lf_available"), &[&l.tracker_running.to_string(), &free.to_string()]);
    html! {
        <section class="panel-section" data-testid={format!("load-{kind}")} data-point="panel:fifo.load">
            <h3>{title}</h3>
            <div class="sum"><code>{"loadFactor = "}</code>{sum1}</div>
            <div class="sum"><code>{"cap = "}</code><code>{sum2}</code></div>
            <div class="cap-row" title={t(lang, "cap_legend")}>
                <span class="cap-cells">{ for cells }</span>
                <span class="cap-text">{avail}</span>
            </div>
            if kind == "reduce" {
                <div class="note">{t(lang, "reduce_cap_one")}</div>
            }
            { padding(pad, kind, lang) }
        </section>
    }
}

fn padding(p: Option<&PaddingCheck>, kind: &str, lang: Lang) -> Html {
    let Some(p) = p else {
        return html! { <div class="padding muted">{t(lang, "padding_not_checked")}</div> };
    };
    if p.no_eligible_job {
        return html! { <div class="padding muted">{t(lang, "padding_no_job")}</div> };
    }
    let sum = fill(
        t(lang, "padding_sum"),
        &[
            &p.total_tasks.to_string(),
            &p.padding.to_string(),
            &(p.total_tasks + p.padding).to_string(),
            if p.exceeded { "≥" } else { "<" },
            &p.total_capacity.to_string(),
        ],
    );
    let pad_how = if p.num_trackers > crate::sched::fifo::MIN_CLUSTER_SIZE_FOR_PADDING {
        format!("padding = min({}, ⌊{} × {}⌋) = {}", p.total_capacity, p.total_needed, p.pad_fraction, p.padding)
    } else {
        fill(t(lang, "padding_small_cluster"), &[&p.num_trackers.to_string()])
    };
    let cap = p.total_capacity.max(1) as f64;
    let (run_w, pad_w) = ((p.total_tasks as f64 / cap * 100.0).min(100.0), (p.padding as f64 / cap * 100.0).min(100.0));
    let verdict = if p.exceeded {
        fill(t(lang, "padding_exceeded_at"), &[&p.tripped_by.map(|j| format!("J{j}")).unwrap_or_default()])
    } else {
        t(lang, "padding_ok").to_string()
    };
    html! {
        <div class={classes!("padding", p.exceeded.then_some("bit"))} data-testid={format!("padding-{kind}")} data-point="panel:fifo.padding">
            <div class="padding-head"><b>{t(lang, "padding_check")}</b>
                <span class={classes!("pill", if p.exceeded { "amber" } else { "ok" })}>{verdict}</span></div>
            <div class="pad-bar" role="img" aria-label={sum.clone()}>
                { super::svg_bar(&[(0.0, run_w, "seg-a"), (run_w, pad_w.min(100.0 - run_w), "seg-amber")], &[100.0]) }
            </div>
            <div class="sum">{sum}</div>
            <div class="sum small"><code>{pad_how}</code></div>
        </div>
    }
}

fn rules(d: &FifoDecision, lang: Lang) -> Html {
    let off = match d.map_stop {
        MapStop::OffSwitch { job } => Some(fill(t(lang, "rule_offswitch_bit"), &[&format!("J{job}")])),
        _ => None,
    };
    let pad = match d.map_stop {
        MapStop::PaddingExceeded { job } => Some(fill(t(lang, "rule_padding_bit"), &[&format!("J{job}")])),
        _ => None,
    };
    let taken = d.jobs.iter().any(|o| matches!(o.reduce_why, Some(crate::explain::Why::ReduceTaken { .. })));
    let red = match d.reduce_stop {
        ReduceStop::Assigned { job } if taken => Some(fill(t(lang, "rule_reduce_bit"), &[&format!("J{job}")])),
        ReduceStop::PaddingOnlyFirst { job } => Some(fill(t(lang, "rule_reduce_pad_bit"), &[&format!("J{job}")])),
        _ => None,
    };
    let rule = |name: &'static str, bit: Option<String>, testid: &'static str| {
        html! {
            <li class={classes!("rule", bit.is_some().then_some("bit"))} data-testid={testid}>
                <span class="rule-dot" aria-hidden="true">{if bit.is_some() { "!" } else { "·" }}</span>
                <span><b>{t(lang, name)}</b>
                    if let Some(b) = &bit { <span class="rule-bit">{format!(" — {b}")}</span> }
                    else { <span class="muted">{format!(" — {}", t(lang, "rule_idle"))}</span> }
                </span>
            </li>
        }
    };
    html! {
        <section class="panel-section">
            <h3>{t(lang, "rules")}</h3>
            <ul class="rules">
                { rule("rule_offswitch", off, "rule-offswitch") }
                { rule("rule_padding", pad, "rule-padding") }
                { rule("rule_reduce", red, "rule-reduce") }
            </ul>
        </section>
    }
}
