//! The Fair Scheduler under the grid: the focus job's level ladder NODE › RACK › ANY over its
//! wait meter (time waited against the node delay and node + rack delay, zones for the three
//! levels), one compact row per other job waiting for maps, and the pools in
//! `FairShareComparator` order with what preemption killed since the previous heartbeat.

use crate::i18n::k;
use crate::ui::kit::{Dispatch, num};
use yew::prelude::*;

use super::Mask;
use super::bars::{at, svg_bar};
use super::grid::job_class;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::key::{Key, Keys};
use crate::page::Action;
use crate::sched::fair::decision::PoolLine;
use crate::sched::fair::delay::LocalityLevel;
use crate::sim::stage::FairStage;
use crate::sim::stage::fair::{Basis, FairJob, LevelChange};

fn secs(ms: i64) -> String {
    format!("{:.1}", ms as f64 / 1000.0)
}

/// Other jobs shown under the focus job.
const OTHER_ROWS: usize = 3;

fn ladder(level: LocalityLevel, asked: bool, keys: Keys, lang: Lang) -> Html {
    let pill = |l: LocalityLevel, name: &'static str| {
        let on = level == l || (l == LocalityLevel::Rack && level == LocalityLevel::Nodegroup);
        html! { <span class={classes!("lvl", on.then_some("on"), (!asked).then_some("dim"))} data-level={name}>{name}</span> }
    };
    html! {
        <span class="levels" data-key={keys.attr(Key::FairLevel)} aria-label={fill(t(lang, k::fair_allowed), &[level.as_str()])}>
            { pill(LocalityLevel::Node, "NODE") }<span class="lvl-sep" aria-hidden="true">{"›"}</span>
            { pill(LocalityLevel::Rack, "RACK") }<span class="lvl-sep" aria-hidden="true">{"›"}</span>
            { pill(LocalityLevel::Any, "ANY") }
        </span>
    }
}

fn change_tag(j: &FairJob, lang: Lang) -> Html {
    match (j.change, j.skipped, j.launched) {
        (LevelChange::Rose, _, _) => {
            html! { <span class="pill amber" data-testid="level-rose">{format!("▲ {}", t(lang, k::fair_just_rose))}</span> }
        }
        (LevelChange::Reset, _, launched) => {
            // The level falls to where the launch was: lastMapLocalityLevel.
            let to = launched.unwrap_or(j.reach.level).as_str();
            html! { <span class="pill ok" data-testid="level-reset">{format!("↺ {}", fill(t(lang, k::fair_reset), &[to]))}</span> }
        }
        (_, _, Some(l)) => html! { <span class="pill ok">{fill(t(lang, k::fair_launched_at), &[l.as_str()])}</span> },
        (_, true, _) => html! { <span class="pill amber">{format!("✕ {}", t(lang, k::fair_skipped))}</span> },
        _ => html! {},
    }
}

/// The wait meter: the levels the job can still climb to as zones, with a tick at each
/// threshold (`sim::stage::fair::Meter`: from NODE the node delay and node + rack; from RACK
/// the rack delay).
fn meter(j: &FairJob, keys: Keys, lang: Lang) -> Html {
    let m = &j.meter;
    let of = format!("stage.jobs[job={}].meter", j.job);
    let waited = m.waited_ms;
    let last = m.thresholds.last().map(|t| t.ms).unwrap_or(0);
    let end = ((last.max(1)) as f64 * 1.25).max(waited as f64 * 1.05).max(1.0);
    let pct = |ms: i64| (ms as f64 / end * 100.0).clamp(0.0, 100.0);
    let names: &[&str] = match m.thresholds.len() {
        2 => &["NODE", "RACK", "ANY"],
        1 => &["RACK", "ANY"],
        _ => &["ANY"],
    };
    let threshold_text = |i: usize| {
        let phrase = match (m.thresholds.len(), i) {
            (2, 0) => k::fair_node_delay,
            (2, _) => k::fair_node_rack_delay,
            _ => k::fair_rack_delay,
        };
        (phrase, m.thresholds[i].ms)
    };
    let mut edges: Vec<f64> = vec![0.0];
    edges.extend(m.thresholds.iter().map(|t| pct(t.ms)));
    edges.push(100.0);
    let w = pct(waited);
    let fill_class = if j.skipped { "seg-amber" } else { "seg-accent" };
    let note = match j.basis {
        Basis::Starved => html! { {t(lang, k::fair_starved)} },
        Basis::NoLocalityInfo => html! { {t(lang, k::fair_no_locations)} },
        Basis::Waited => match &m.next {
            Some(n) => num::fill(
                t(lang, k::fair_next_level_in),
                &[html! { {n.to.as_str()} }, num::secs(format!("{of}.next.ms"), n.ms)],
            ),
            None => html! { {t(lang, k::fair_any_now)} },
        },
    };
    let label = fill(
        t(lang, k::fair_meter_label),
        &[
            &secs(waited),
            &(0..m.thresholds.len())
                .map(|i| {
                    let (phrase, ms) = threshold_text(i);
                    fill(t(lang, phrase), &[&secs(ms)])
                })
                .collect::<Vec<_>>()
                .join(", "),
        ],
    );
    html! {
        <div class="meter-wrap">
            <div class="meter-ticks" aria-hidden="true" data-key={keys.attr(Key::FairDelays)}>
                { for (0..m.thresholds.len()).map(|i| {
                    let (phrase, ms) = threshold_text(i);
                    html! { <span class={classes!("tick-label", at(pct(ms)))}>{num::fill(t(lang, phrase), &[num::secs(format!("{of}.thresholds.{i}.ms"), ms)])}</span> }
                }) }
            </div>
            <svg class="meter" viewBox="0 0 100 10" preserveAspectRatio="none" role="img" aria-label={label}>
                { for names.iter().enumerate().map(|(i, n)| html! {
                    <rect class={classes!("zone", format!("zone-{}", n.to_ascii_lowercase()))} x={format!("{:.2}", edges[i])} y="0"
                          width={format!("{:.2}", edges[i + 1] - edges[i])} height="10" />
                }) }
                <rect class={fill_class} x="0" y="2.5" width={format!("{w:.2}")} height="5" />
                { for m.thresholds.iter().map(|th| html! {
                    <rect class="threshold" x={format!("{:.2}", (pct(th.ms) - 0.4).max(0.0))} y="0" width="0.8" height="10" />
                }) }
            </svg>
            <div class="meter-zones" aria-hidden="true">
                { for names.iter().enumerate().map(|(i, n)| html! {
                    <span class={classes!("zone-label", at((edges[i] + edges[i + 1]) / 2.0), (*n == j.reach.level.as_str()).then_some("on"))}>{*n}</span>
                }) }
            </div>
            <div class="meter-foot">
                <span class="waited" data-testid="waited" data-key={keys.attr(Key::FairWaited)}>{num::fill(t(lang, k::fair_waited), &[num::secs(format!("{of}.waited_ms"), waited)])}</span>
                <span class="meter-note">{note}</span>
            </div>
        </div>
    }
}

fn focus_job(f: &FairStage, j: &FairJob, keys: Keys, lang: Lang) -> Html {
    html! {
        <div class="ladder-job" data-testid={format!("delay-J{}", j.job)} data-level={j.reach.level.as_str()}
             data-asked={j.asked.to_string()} data-point={format!("job:J{} reach:J{}", j.job, j.job)}>
            <div class="ladder-head">
                <span class={classes!("swatch-dot", job_class(j.job))}></span>
                <b>{format!("J{}", j.job)}</b>
                <span class="qtags">{&j.pool}</span>
                <span class="ladder-caption">{t(lang, if j.asked { k::fair_allowed_now } else { k::fair_not_asked })}</span>
                { ladder(j.reach.level, j.asked, keys, lang) }
                { change_tag(j, lang) }
            </div>
            // Without locality delays there is nothing to wait for: a meter would only stack its
            // labels at 0.
            if f.node_delay_ms == 0 && f.rack_delay_ms == 0 {
                <p class="meter-note" data-testid="no-delay">{num::fill(t(lang, k::fair_no_delay), &[num::secs("stage.node_delay_ms", f.node_delay_ms)])}</p>
            } else {
                { meter(j, keys, lang) }
            }
        </div>
    }
}

fn other_row(f: &FairStage, j: &FairJob, dispatch: &Dispatch) -> Html {
    let end = ((f.node_delay_ms + f.rack_delay_ms) as f64 * 1.25).max(1.0);
    let pct = |ms: i64| (ms as f64 / end * 100.0).clamp(0.0, 100.0);
    let d = dispatch.clone();
    let id = j.job;
    html! {
        <li>
            <button class={classes!("other-job", j.skipped.then_some("skipped"))} data-testid={format!("delay-J{}", j.job)}
                    data-level={j.reach.level.as_str()} data-point={format!("job:J{}", j.job)}
                    onclick={Callback::from(move |_| d.dispatch(Action::SelectJob(Some(id))))}>
                <span class={classes!("swatch-dot", job_class(j.job))}></span>
                <b>{format!("J{}", j.job)}</b>
                <span class={classes!("lvl", "on", "mini", (!j.asked).then_some("dim"))}>{j.reach.level.as_str()}</span>
                <span class="mini-meter">{ svg_bar(&[(0.0, pct(j.waited_ms), if j.skipped { "seg-amber" } else { "seg-accent" })],
                    &[pct(f.node_delay_ms), pct(f.node_delay_ms + f.rack_delay_ms)]) }</span>
                <span class="chip-wait">{num::secs(format!("stage.jobs[job={}].waited_ms", j.job), j.waited_ms)}{" s"}</span>
            </button>
        </li>
    }
}

/// The pools in comparator order with their shares; a practice question may hide the fair
/// shares or the order (`Mask`): then the pools are listed by name, without rank.
fn pools(f: &FairStage, mask: &Mask, keys: Keys, lang: Lang) -> Html {
    let mut listed: Vec<&PoolLine> = f.pools.iter().collect();
    if mask.pool_order {
        crate::sort::sort_by(&mut listed, |a, b| a.pool.cmp(&b.pool));
    }
    let rows = listed.into_iter().take(6).enumerate().map(|(i, p): (usize, &PoolLine)| {
        let top = (p.demand as f64).max(p.fair_share).max(p.min_share as f64).max(p.running as f64).max(1.0);
        let pct = |v: f64| v / top * 100.0;
        let below_min = p.running < p.min_share.min(p.demand);
        let of = format!("stage.pools[pool={}]", p.pool);
        html! {
            <li class={classes!("pool-row", below_min.then_some("needy"))} key={p.pool.clone()} data-testid={format!("pool-{}", p.pool)}
                data-point={format!("pool:{}", p.pool)}>
                <span class="rank">{if mask.pool_order { html! { "·" } } else { num::int(format!("{of}#"), i as i64 + 1) }}</span>
                <b class="pool-name">{&p.pool}</b>
                <span class="pool-bar">{ svg_bar(&[(0.0, pct(p.running as f64), "seg-accent"),
                    (pct(p.running as f64), (pct(p.demand as f64) - pct(p.running as f64)).max(0.0), "seg-b")],
                    &if mask.fair_shares { vec![] } else { vec![pct(p.fair_share)] }) }</span>
                <span class="pool-nums" data-key={keys.attr(Key::FairPools)}>{if mask.fair_shares {
                    num::fill(t(lang, k::fair_pool_nums_hidden), &[num::int(format!("{of}.running"), p.running),
                        num::int(format!("{of}.demand"), p.demand), num::int(format!("{of}.min_share"), p.min_share)])
                } else {
                    num::fill(t(lang, k::fair_pool_nums), &[num::int(format!("{of}.running"), p.running),
                        num::int(format!("{of}.demand"), p.demand), num::int(format!("{of}.min_share"), p.min_share),
                        num::fixed(format!("{of}.fair_share"), p.fair_share, 1)])
                }}</span>
            </li>
        }
    });
    html! {
        <section class="pools" data-testid="fair-pools" data-point="panel:fair.pools panel:fair.preemption">
            <h3>{t(lang, k::fair_pools)}<span class="sub">{t(lang, k::fair_pools_sub)}</span></h3>
            <ol class="pool-list">{ for rows }</ol>
            if f.pools.len() > 6 { <p class="meta small">{"+"}{num::int("page.pools_not_drawn", f.pools.len() as i64 - 6)}</p> }
            { for f.preempted.iter().take(3).map(|p| html! {
                <p class="preempt-line" data-testid="preempt-line">
                    {fill(t(lang, k::fair_preempted_line), &[&format!("J{}.{}{}", p.attempt.job, p.attempt.kind.letter(), p.attempt.index), &p.tracker, &p.pool])}
                </p>
            }) }
        </section>
    }
}

/// The band under the grid; `focus` is the job whose ladder is large.
pub fn band(f: &FairStage, focus: Option<u32>, mask: &Mask, keys: Keys, lang: Lang, dispatch: &Dispatch) -> Html {
    let main = focus.and_then(|id| f.jobs.iter().find(|j| j.job == id)).or_else(|| f.jobs.first());
    let others: Vec<&FairJob> =
        f.jobs.iter().filter(|j| Some(j.job) != main.map(|m| m.job) && j.wants_maps).take(OTHER_ROWS).collect();
    let more = f.jobs.iter().filter(|j| j.wants_maps).count().saturating_sub(others.len() + 1);
    html! {
        <div class="fair-band">
            <section class="ladder" data-testid="ladder" data-point="panel:fair.delay">
                <h3 class="band-title">{t(lang, k::fair_delay)}</h3>
                if let Some(j) = main {
                    { focus_job(f, j, keys, lang) }
                } else {
                    <p class="hint">{t(lang, k::fair_no_waiting)}</p>
                }
                if !others.is_empty() {
                    <ul class="other-jobs">{ for others.iter().map(|j| other_row(f, j, dispatch)) }</ul>
                }
                if more > 0 { <p class="meta small">{num::fill(t(lang, k::more_jobs), &[num::int("page.jobs_not_drawn", more as i64)])}</p> }
            </section>
            { pools(f, mask, keys, lang) }
        </div>
    }
}
