//! The Fair Scheduler panel: pools in `FairShareComparator` order with running / demand /
//! min share / fair share, and one delay meter per job — time waited against the node delay
//! and node + rack delay, and the allowed level as NODE › RACK › ANY (lit from this
//! heartbeat's `getAllowedLocalityLevel`, so escalation and reset are visible).

use yew::prelude::*;

use super::{QueueRow, queue_rows, svg_bar};
use crate::explain::Assignment;
use crate::i18n::Lang;
use crate::sched::fair::decision::{FairDecision, JobVisit};
use crate::sched::fair::delay::{LevelReason, LocalityLevel};
use crate::ui::stage::grid::job_class;
use crate::ui::{fill, t};

fn secs(ms: i64) -> String {
    format!("{:.1}", ms as f64 / 1000.0)
}

fn visit(d: &FairDecision, job: u32) -> Option<&JobVisit> {
    d.turns.iter().flat_map(|t| &t.visits).flat_map(|p| &p.jobs).find(|v| v.job == job && v.allowed.is_some())
}

pub fn panel(d: &FairDecision, assigned: &[Assignment], lang: Lang) -> Html {
    html! {
        <div class="fair-panel" data-testid="fair-panel">
            { pools(d, assigned, lang) }
            { delays(d, lang) }
        </div>
    }
}

fn pools(d: &FairDecision, assigned: &[Assignment], lang: Lang) -> Html {
    let Some(turn) = d.turns.iter().find(|t| t.kind == "map").or_else(|| d.turns.first()) else {
        return html! { <p class="hint">{t(lang, "fair_no_turn")}</p> };
    };
    let rows: Vec<QueueRow> = turn
        .order
        .iter()
        .map(|p| {
            let top = (p.demand as f64).max(p.fair_share).max(p.min_share as f64).max(p.running as f64).max(1.0);
            let pct = |v: f64| v / top * 100.0;
            let got: Vec<String> = d
                .jobs
                .iter()
                .filter(|j| j.pool == p.pool)
                .flat_map(|j| assigned.iter().filter(move |a| a.job == j.job))
                .map(crate::explain::text::short)
                .collect();
            QueueRow {
                key: p.pool.clone(),
                job: None,
                title: p.pool.clone(),
                tags: fill(
                    t(lang, "fair_pool_tags"),
                    &[
                        &p.running.to_string(),
                        &p.demand.to_string(),
                        &p.min_share.to_string(),
                        &format!("{:.1}", p.fair_share),
                    ],
                ),
                detail: if got.is_empty() {
                    if p.needy { t(lang, "fair_needy").to_string() } else { String::new() }
                } else {
                    format!("→ {}", got.join(", "))
                },
                lit: !got.is_empty(),
                bar: Some(svg_bar(
                    &[
                        (0.0, pct(p.running as f64), "seg-accent"),
                        (pct(p.running as f64), (pct(p.demand as f64) - pct(p.running as f64)).max(0.0), "seg-b"),
                    ],
                    &[pct(p.fair_share)],
                )),
                bar_text: t(lang, "fair_bar_legend").to_string(),
            }
        })
        .collect();
    html! {
        <section class="panel-section" data-point="panel:fair.pools panel:fair.preemption">
            <h3>{t(lang, "fair_pools")}<span class="sub">{t(lang, "fair_pools_sub")}</span></h3>
            { queue_rows(&rows, lang) }
        </section>
    }
}

fn delays(d: &FairDecision, lang: Lang) -> Html {
    let (node, rack) = (d.node_delay_ms, d.rack_delay_ms);
    let scale = ((node + rack) as f64 * 1.25).max(1.0);
    let pct = |ms: i64| (ms as f64 / scale * 100.0).clamp(0.0, 100.0);
    let rows = d.jobs.iter().filter(|j| j.runnable && j.demand_maps > j.running_maps || visit(d, j.job).is_some()).map(|j| {
        let v = visit(d, j.job);
        let allowed = v.and_then(|v| v.allowed.as_ref());
        let waited = allowed.map(|a| a.waited_ms).unwrap_or(j.time_waited_ms);
        let level = allowed.map(|a| a.level).unwrap_or(j.last_map_locality_level);
        let after = d.after.iter().find(|(job, _, _)| *job == j.job);
        let note = match allowed.map(|a| &a.reason) {
            Some(LevelReason::NoLocalityInfo) => t(lang, "fair_no_locations").to_string(),
            Some(LevelReason::Starved { .. }) => t(lang, "fair_starved").to_string(),
            None => t(lang, "fair_not_asked").to_string(),
            _ => match (level, after) {
                (_, Some((_, l, _))) if v.and_then(|v| v.new_level).is_some() => fill(t(lang, "fair_launched_at"), &[l.as_str()]),
                (LocalityLevel::Node, _) => fill(t(lang, "fair_to_rack"), &[&secs((node - waited).max(0))]),
                (LocalityLevel::Rack | LocalityLevel::Nodegroup, _) => fill(t(lang, "fair_to_any"), &[&secs((node + rack - waited).max(0))]),
                (LocalityLevel::Any, _) => t(lang, "fair_any_now").to_string(),
            },
        };
        let skipped = d.skipped.contains(&j.job);
        let pill = |l: LocalityLevel, name: &'static str| {
            let on = level == l || (l == LocalityLevel::Rack && level == LocalityLevel::Nodegroup);
            html! { <span class={classes!("lvl", on.then_some("on"), allowed.is_none().then_some("dim"))}>{name}</span> }
        };
        html! {
            <li class={classes!("delay-row", skipped.then_some("skipped"))} key={j.job.to_string()} data-testid={format!("delay-J{}", j.job)} data-point={format!("job:J{}", j.job)}
                data-level={level.as_str()}>
                <div class="delay-head">
                    <span class={classes!("swatch-dot", job_class(j.job))}></span>
                    <b>{format!("J{}", j.job)}</b><span class="qtags">{&j.pool}</span>
                    <span class="levels" aria-label={fill(t(lang, "fair_allowed"), &[level.as_str()])}>
                        { pill(LocalityLevel::Node, "NODE") }<span class="lvl-sep">{"›"}</span>
                        { pill(LocalityLevel::Rack, "RACK") }<span class="lvl-sep">{"›"}</span>
                        { pill(LocalityLevel::Any, "ANY") }
                    </span>
                </div>
                <div class="delay-meter">
                    { svg_bar(&[(0.0, pct(waited), if skipped { "seg-amber" } else { "seg-accent" })], &[pct(node), pct(node + rack)]) }
                    <span class="delay-value">{format!("{} s", secs(waited))}</span>
                </div>
                <div class="qdetail">{ if skipped { format!("{} · {}", t(lang, "fair_skipped"), note) } else { note } }</div>
            </li>
        }
    });
    html! {
        <section class="panel-section" data-point="panel:fair.delay">
            <h3>{t(lang, "fair_delay")}
                <span class="sub">{fill(t(lang, "fair_delays"), &[&secs(node), &secs(node + rack)])}</span></h3>
            <ul class="delays">{ for rows }</ul>
        </section>
    }
}
