//! Spark under the grid (`sim::stage::spark`): the focus task set's five locality levels
//! PROCESS_LOCAL › NODE_LOCAL › NO_PREF › RACK_LOCAL › ANY (the valid ones drawn, the current
//! one lit), its wait meter (time since the timer's reset against the current level's wait),
//! what the round did to the timer (SPARK-18886's reset, rejects, the legacy reset on launch),
//! and one row per other unfinished task set.

use crate::i18n::k;
use crate::ui::kit::num;
use yew::prelude::*;

use super::bars::svg_bar;
use super::grid::job_class;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::key::{Key, Keys};
use crate::sched::spark::decision::{ResetOutcome, RoundKind};
use crate::sched::spark::locality::TaskLocality;
use crate::sim::stage::SparkStage;
use crate::sim::stage::spark::SparkTaskSet;

fn ladder(ts: &SparkTaskSet, keys: Keys) -> Html {
    let pills = TaskLocality::ALL.iter().enumerate().map(|(i, l)| {
        let valid = ts.levels.iter().any(|(v, _)| v == l);
        let on = ts.current == *l;
        html! {
            <>
                if i > 0 { <span class="lvl-sep" aria-hidden="true">{"›"}</span> }
                <span class={classes!("lvl", on.then_some("on"), (!valid).then_some("invalid"))} data-level={l.as_str()}
                      data-valid={valid.to_string()}>{l.as_str()}</span>
            </>
        }
    });
    html! { <span class="levels spark-levels" data-testid="spark-levels" data-key={keys.attr(Key::SparkLevel)}>{ for pills }</span> }
}

fn reset_tag(ts: &SparkTaskSet, lang: Lang) -> Html {
    let pill = |class: &'static str, test: &'static str, text: String| {
        html! { <span class={classes!("pill", class)} data-testid={test}>{text}</span> }
    };
    if let Some(l) = ts.legacy_resets.last() {
        return pill("ok", "spark-reset", format!("↺ {}", fill(t(lang, k::spark_legacy_reset), &[l.as_str()])));
    }
    match ts.reset {
        Some(ResetOutcome::Reset { to }) => {
            pill("ok", "spark-reset", format!("↺ {}", fill(t(lang, k::spark_reset_to), &[to.as_str()])))
        }
        Some(ResetOutcome::Rejected { rejects }) => {
            html! { <span class="pill amber" data-testid="spark-rejected">{"✕ "}{num::fill(t(lang, k::spark_rejected), &[num::int(format!("stage.task_sets[name={}].reset.rejects", ts.name), rejects as i64)])}</span> }
        }
        Some(ResetOutcome::NotSinceReject) => {
            pill("amber", "spark-no-reset", t(lang, k::spark_not_since_reject).to_string())
        }
        Some(ResetOutcome::NoLaunch) if ts.in_round => {
            pill("", "spark-no-launch", t(lang, k::spark_no_launch).to_string())
        }
        _ => html! {},
    }
}

/// The wait meter: the time since the timer's reset against the current level's wait.
fn meter(ts: &SparkTaskSet, keys: Keys, lang: Lang) -> Html {
    let of = format!("stage.task_sets[name={}]", ts.name);
    let secs = |field: &str, ms: i64| num::secs(format!("{of}.{field}"), ms);
    let next = ts.levels.iter().map(|(l, _)| *l).skip_while(|l| *l != ts.current).nth(1);
    let note = match next {
        None => html! { {t(lang, k::spark_last_level)} },
        Some(n) if ts.waited_ms >= ts.wait_ms => {
            num::fill(t(lang, k::spark_next_due), &[html! { {n.as_str()} }, secs("wait_ms", ts.wait_ms)])
        }
        Some(n) => num::fill(
            t(lang, k::spark_next_in),
            &[
                html! { {n.as_str()} },
                num::secs("page.spark_wait_left_ms", ts.wait_ms - ts.waited_ms),
                secs("wait_ms", ts.wait_ms),
            ],
        ),
    };
    let end = (ts.wait_ms.max(1) as f64 * 1.25).max(ts.waited_ms as f64 * 1.05);
    let pct = |ms: i64| (ms as f64 / end * 100.0).clamp(0.0, 100.0);
    let ticks = if next.is_some() { vec![pct(ts.wait_ms)] } else { vec![] };
    html! {
        <div class="meter-wrap spark-meter">
            <span class="mini-meter wide">{ svg_bar(&[(0.0, pct(ts.waited_ms), if ts.rejects > 0 { "seg-amber" } else { "seg-accent" })], &ticks) }</span>
            <div class="meter-foot">
                <span class="waited" data-testid="spark-waited" data-key={keys.attr(Key::SparkWait)} data-value={ts.waited_ms.to_string()}>
                    {num::fill(t(lang, k::spark_waited), &[secs("waited_ms", ts.waited_ms), secs("timer_from_ms", ts.timer_from_ms)])}</span>
                <span class="meter-note" data-testid="spark-next">{note}</span>
            </div>
        </div>
    }
}

fn focus_set(ts: &SparkTaskSet, keys: Keys, lang: Lang) -> Html {
    let n = |field: &str, v: i64| num::int(format!("stage.task_sets[name={}].{field}", ts.name), v);
    html! {
        <div class="ladder-job" data-testid={format!("spark-{}", ts.name)} data-level={ts.current.as_str()}
             data-point={format!("job:J{} reach:J{}", ts.stage, ts.stage)}>
            <div class="ladder-head">
                <span class={classes!("swatch-dot", job_class(ts.stage))}></span>
                <b>{&ts.name}</b>
                if ts.pool != "default" { <span class="qtags">{&ts.pool}</span> }
                <span class="ladder-caption">{num::fill(t(lang, k::spark_tasks), &[n("pending", ts.pending as i64), n("running", ts.running as i64),
                    n("succeeded", ts.succeeded as i64), n("total", ts.total as i64)])}</span>
                { reset_tag(ts, lang) }
            </div>
            <div class="ladder-head">
                <span class="ladder-caption">{t(lang, k::spark_levels)}</span>
                { ladder(ts, keys) }
            </div>
            { meter(ts, keys, lang) }
        </div>
    }
}

fn other_row(ts: &SparkTaskSet) -> Html {
    html! {
        <li>
            <span class="other-job" data-testid={format!("spark-{}", ts.name)} data-level={ts.current.as_str()}>
                <span class={classes!("swatch-dot", job_class(ts.stage))}></span>
                <b>{&ts.name}</b>
                <span class="lvl on mini">{ts.current.as_str()}</span>
                <span class="chip-wait">{num::secs(format!("stage.task_sets[name={}].waited_ms", ts.name), ts.waited_ms)}{" s"}</span>
            </span>
        </li>
    }
}

/// The band under the grid; `focus` is the task set (by stage) whose ladder is large.
pub fn band(s: &SparkStage, focus: Option<u32>, keys: Keys, lang: Lang) -> Html {
    let open: Vec<&SparkTaskSet> = s.task_sets.iter().filter(|t| !t.finished).collect();
    let main =
        focus.or(s.focus).and_then(|id| open.iter().copied().find(|t| t.stage == id)).or_else(|| open.first().copied());
    let others: Vec<&SparkTaskSet> =
        open.iter().copied().filter(|t| Some(t.stage) != main.map(|m| m.stage)).take(3).collect();
    let round = match (s.round, &s.executor) {
        (Some(RoundKind::Full), _) => t(lang, k::spark_round_full).to_string(),
        (Some(_), Some(e)) => fill(t(lang, k::spark_round_partial), &[e]),
        _ => String::new(),
    };
    html! {
        <div class="fair-band spark-band">
            <section class="ladder" data-testid="ladder" data-point="panel:spark.delay">
                <h3 class="band-title">{t(lang, k::spark_delay)}
                    <span class="sub">{if s.legacy_reset {
                        num::fill(t(lang, k::spark_mode_legacy), &[num::text("const.spark_last_legacy_version", "3.0")])
                    } else {
                        num::fill(t(lang, k::spark_mode_new), &[num::text("const.spark_first_reset_rule_version", "3.1")])
                    }}</span></h3>
                if !round.is_empty() { <p class="meta small" data-testid="spark-round">{round}</p> }
                if let Some(ts) = main {
                    { focus_set(ts, keys, lang) }
                } else if s.task_sets.is_empty() {
                    <p class="hint">{t(lang, k::spark_no_task_set)}</p>
                } else {
                    <p class="hint" data-testid="spark-done">{t(lang, k::spark_done)}</p>
                }
                if !others.is_empty() {
                    <ul class="other-jobs">{ for others.iter().map(|t| other_row(t)) }</ul>
                }
            </section>
        </div>
    }
}
