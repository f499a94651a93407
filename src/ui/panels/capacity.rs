//! The Capacity Scheduler panel: queues as bars (used, capacity, maximum capacity) in the
//! order of this heartbeat's first lookup, sliding when the order changes; the jobs each
//! queue offered with why they gave nothing, per-user usage against the user limit, and the
//! tracker reservation.

use yew::prelude::*;

use super::{QueueRow, queue_rows};
use crate::explain::Assignment;
use crate::i18n::Lang;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict, Phase, QueueStanding, ReservationStep};
use crate::ui::stage::cap_extras::UserUsage;
use crate::ui::{fill, t};

fn queue_bar(q: &QueueStanding) -> Html {
    let top = if q.max_capacity > 0 { q.max_capacity } else { q.capacity.max(q.used) }.max(1) as f64;
    let pct = |v: i32| (v as f64 / top * 100.0).clamp(0.0, 100.0);
    super::svg_bar(&[(0.0, pct(q.used), "seg-accent")], &[pct(q.capacity)])
}

fn verdict(v: &JobVerdict, lang: Lang) -> String {
    match v {
        JobVerdict::NotRunning { state } => fill(t(lang, "cs_not_running"), &[state.as_str()]),
        JobVerdict::MaxCapacity { used, slots, max } => {
            fill(t(lang, "cs_max_capacity"), &[&used.to_string(), &slots.to_string(), &max.to_string()])
        }
        JobVerdict::UserLimit { user, calc } => {
            fill(t(lang, "cs_user_limit"), &[user, &calc.user_holds.to_string(), &calc.limit.to_string()])
        }
        JobVerdict::Memory { slots, free_slots, .. } => {
            fill(t(lang, "cs_memory"), &[&slots.to_string(), &free_slots.to_string()])
        }
        JobVerdict::LocalityWait { opportunities, required_slots, .. } => {
            fill(t(lang, "cs_locality_wait"), &[&opportunities.to_string(), &required_slots.to_string()])
        }
        JobVerdict::OffSwitchUsed => t(lang, "cs_offswitch_used").to_string(),
        JobVerdict::NoTask { detail } => crate::explain::text::no_task(*detail, lang),
        JobVerdict::Assigned { task, off_switch, .. } => {
            format!("→ {task}{}", if *off_switch { " (off-switch)" } else { "" })
        }
    }
}

/// Per-user bars of one task type: slots used against the user limit (the tick), per queue.
fn user_bars(users: &[UserUsage], is_map: bool, lang: Lang) -> Html {
    let users: Vec<&UserUsage> = users.iter().filter(|u| u.is_map == is_map).collect();
    if users.is_empty() {
        return html! { <p class="hint" data-testid="cs-no-users">{t(lang, "cs_no_users")}</p> };
    }
    html! {
        <ul class="ubars" aria-label={t(lang, "cs_users")}>
            { for users.iter().map(|u| {
                let top = u.limit.max(u.used).max(1) as f64;
                let pct = |v: i32| (v as f64 / top * 100.0).clamp(0.0, 100.0);
                let over = u.used >= u.limit;
                let text = fill(t(lang, "cs_user_bar"), &[&u.user, &u.used.to_string(), &u.limit.to_string()]);
                html! {
                    <li class={classes!("ubar", over.then_some("at-limit"))} key={format!("{}/{}", u.queue, u.user)}
                        data-testid={format!("user-bar-{}-{}-{}", if is_map { "map" } else { "reduce" }, u.queue, u.user)} title={text.clone()}>
                        <span class="ulabel">{format!("{} · {}", u.queue, u.user)}</span>
                        <span class="qbar">{super::svg_bar(&[(0.0, pct(u.used), if over { "seg-warn" } else { "seg-accent" })], &[pct(u.limit)])}</span>
                        <span class="unum">{format!("{}/{}", u.used, u.limit)}</span>
                    </li>
                }
            }) }
        </ul>
    }
}

fn phase(p: &Phase, kind: &'static str, users: &[UserUsage], lang: Lang) -> Html {
    let Some(first) = p.lookups.first() else {
        return html! { <p class="hint">{fill(t(lang, "cs_no_lookup"), &[kind])}</p> };
    };
    let rows: Vec<QueueRow> = first
        .order
        .iter()
        .map(|q| {
            let visits: Vec<String> = p
                .lookups
                .iter()
                .flat_map(|l| l.queues.iter())
                .filter(|v| v.queue == q.queue)
                .flat_map(|v| v.jobs.iter().map(|j| format!("J{}: {}", j.job, verdict(&j.verdict, lang))))
                .collect();
            let max = if q.max_capacity > 0 { q.max_capacity.to_string() } else { "—".into() };
            QueueRow {
                key: q.queue.clone(),
                job: None,
                title: q.queue.clone(),
                tags: fill(t(lang, "cs_used_cap_max"), &[&q.used.to_string(), &q.capacity.to_string(), &max]),
                detail: if visits.is_empty() { t(lang, "cs_not_visited").to_string() } else { visits.join(" · ") },
                lit: p
                    .lookups
                    .iter()
                    .flat_map(|l| &l.queues)
                    .filter(|v| v.queue == q.queue)
                    .flat_map(|v| &v.jobs)
                    .any(|j| matches!(j.verdict, JobVerdict::Assigned { .. })),
                bar: Some(queue_bar(q)),
                bar_text: format!("{:.2}", q.ratio),
            }
        })
        .collect();
    let reservation = p.lookups.iter().find_map(|l| l.reservation.as_ref()).map(|r| match r {
        ReservationStep::Kept { job, slots, available } => {
            fill(t(lang, "cs_reserved_kept"), &[&format!("J{job}"), &slots.to_string(), &available.to_string()])
        }
        ReservationStep::Honoured { job, slots, .. } => {
            fill(t(lang, "cs_reserved_honoured"), &[&format!("J{job}"), &slots.to_string()])
        }
    });
    html! {
        <section class="panel-section" data-testid={format!("cs-{kind}")} data-point={if kind == "map" { "panel:capacity.queues panel:capacity.users" } else { "" }}>
            <h3>{if kind == "map" { t(lang, "cs_map_queues") } else { t(lang, "cs_reduce_queues") }}
                <span class="sub">{t(lang, "cs_order")}</span></h3>
            { queue_rows(&rows, lang) }
            if let Some(r) = reservation { <div class="note amber">{r}</div> }
            <h4 class="sub-head">{t(lang, "cs_users")}</h4>
            { user_bars(users, kind == "map", lang) }
        </section>
    }
}

pub fn panel(d: &CapacityDecision, _assigned: &[Assignment], users: &[UserUsage], lang: Lang) -> Html {
    if let Some(e) = &d.start_error {
        return html! { <p class="errors">{e}</p> };
    }
    html! {
        <div class="capacity-panel" data-testid="capacity-panel" data-point="panel:capacity.memory">
            <div class="sum">{fill(t(lang, "cs_limits"), &[&d.max_tasks_per_heartbeat.to_string(), &d.max_tasks_after_offswitch.to_string()])}</div>
            { phase(&d.map, "map", users, lang) }
            { phase(&d.reduce, "reduce", users, lang) }
        </div>
    }
}
