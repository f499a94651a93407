//! The job chips on the stage's header: every job with its colour, label, progress and state
//! (PREP jobs waiting to be initialised, rejected submissions struck through), in the order
//! the scheduler considers them for FIFO (the job queue), else by id; the Fair Scheduler's
//! allowed level and wait on the chip of each job that wants maps. A click focuses a job
//! (its input blocks, its reach).

use crate::i18n::k;
use crate::ui::kit::{Dispatch, num};
use yew::prelude::*;

use super::grid::job_class;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::key::{Key, Keys};
use crate::page::Action;
use crate::sim::stage::SchedStage;
use crate::sim::view::ClusterView;

/// Most chips drawn; the rest are counted.
const MAX_CHIPS: usize = 8;

pub fn chips(
    view: &ClusterView,
    stage: &SchedStage,
    queue_order: Option<&[u32]>,
    focus: Option<u32>,
    keys: Keys,
    lang: Lang,
    dispatch: &Dispatch,
) -> Html {
    let mut jobs: Vec<_> = view.jobs.iter().collect();
    match queue_order {
        Some(order) => crate::sort::sort_by_key(&mut jobs, |j| {
            (order.iter().position(|&o| o == j.job).unwrap_or(usize::MAX), j.job)
        }),
        None => crate::sort::sort_by_key(&mut jobs, |j| j.job),
    }
    // Finished jobs last: the chips show what is still in play first.
    crate::sort::sort_by_key(&mut jobs, |j| matches!(j.state, "SUCCEEDED" | "FAILED" | "KILLED"));
    let shown = jobs.len().min(MAX_CHIPS);
    let rejected = view.rejected.iter().take(MAX_CHIPS.saturating_sub(shown).max(2));
    let numbered = queue_order.is_some();
    html! {
        <div class="job-chips" data-key={keys.attr(Key::Jobs)} role="group" aria-label={t(lang, k::select_job)} data-testid="job-chips"
             data-point={numbered.then_some("panel:fifo.queue")}>
            { for jobs[..shown].iter().enumerate().map(|(i, j)| {
                let d = dispatch.clone();
                let id = j.job;
                let on = focus == Some(id);
                let fair = match stage {
                    SchedStage::Fair(f) => f.jobs.iter().find(|x| x.job == id && x.wants_maps),
                    _ => None,
                };
                let state = match j.state {
                    "PREP" => Some(("prep", t(lang, k::state_prep))),
                    "SUCCEEDED" => Some(("done", t(lang, k::state_done))),
                    "FAILED" | "KILLED" => Some(("done", j.state)),
                    _ => None,
                };
                let queue = matches!(stage, SchedStage::Capacity(_)).then_some(j.queue.as_str());
                html! {
                    <button class={classes!("job-chip", on.then_some("on"), state.map(|s| s.0))} data-testid={format!("job-chip-{id}")}
                            data-point={format!("job:J{id}")} data-state={j.state}
                            aria-pressed={on.to_string()} title={fill(t(lang, k::job_chip_title), &[&j.label, &j.name])}
                            onclick={Callback::from(move |_| d.dispatch(Action::SelectJob(Some(id))))}>
                        if numbered { <span class="chip-rank">{num::int(format!("record.decision.queue[job={id}]#"), i as i64 + 1)}</span> }
                        <span class={classes!("swatch-dot", job_class(id))}></span>
                        <b>{&j.label}</b>
                        if j.name != j.label { <span class="chip-name">{&j.name}</span> }
                        if let Some(q) = queue { <span class="qtag">{q}</span> }
                        if let Some(f) = fair {
                            <span class={classes!("lvl", "on", "mini", (!f.asked).then_some("dim"))} data-testid={format!("chip-level-{id}")}>{f.reach.level.as_str()}</span>
                            <span class="chip-wait">{num::secs(format!("stage.jobs[job={id}].waited_after_ms"), f.waited_after_ms)}{" s"}</span>
                        } else if let Some((_, word)) = state {
                            <span class="chip-state-word">{word}</span>
                        } else {
                            <span class="chip-state">{num::int(format!("view.jobs[job={id}].maps_done"), j.maps_done as i64)}{"/"}{num::int(format!("view.jobs[job={id}].maps_total"), j.maps_total as i64)}</span>
                        }
                    </button>
                }
            }) }
            if jobs.len() > shown { <span class="meta">{"+"}{num::int("page.jobs_not_drawn", (jobs.len() - shown) as i64)}</span> }
            { for rejected.map(|r| html! {
                <span class="job-chip rejected" data-testid={format!("job-chip-{}", r.job)} data-point={format!("job:J{}", r.job)}
                      data-state="REJECTED" title={r.message.clone()}>
                    <span class={classes!("swatch-dot", job_class(r.job))}></span>
                    <b>{format!("J{}", r.job)}</b><span class="chip-state-word">{t(lang, k::state_rejected)}</span>
                </span>
            }) }
        </div>
    }
}
