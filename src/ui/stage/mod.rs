//! The stage: the cluster grid with the current scheduler's state drawn where the slots are
//! (`sim::stage`), so that one screen shows what the heartbeat is about: the Fair focus job's
//! reach on the grid with its level ladder and wait meter under it; the Capacity queue lanes
//! beside the grid; FIFO's padding gauge on the header, load-factor caps on the rows and the
//! heartbeating tracker's budget under them. The transport lives here too.

pub mod bars;
pub mod capacity;
pub mod chips;
pub mod fair;
pub mod fifo;
pub mod grid;
pub mod grid_canvas;
pub mod grid_dense;
pub mod marks;
pub mod mask;
pub mod slow;
pub mod spark;
pub mod transport;

use crate::i18n::k;
use crate::ui::kit::{Dispatch, num};
use std::rc::Rc;

use yew::prelude::*;

use crate::explain::Decision;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::key::{Key, Keys};
use crate::page::{Page, PracticeRun, Run, Slow};
use crate::sim::stage::SchedStage;
use grid::Grid;
pub use mask::Mask;

/// What the stage draws: the run, the job in focus and the one selected, and the practice
/// question it must not give away. A change elsewhere on the page (a toast, a tab, a dialog)
/// leaves these equal, and the stage is not drawn again.
#[derive(Properties, PartialEq)]
pub struct StageProps {
    pub run: Run,
    pub lang: Lang,
    pub focus: Option<u32>,
    pub selected: Option<u32>,
    pub practice: Option<PracticeRun>,
    /// The values the lesson step is about: marked `data-key` and drawn large.
    pub keys: Keys,
    /// Slow motion at the shown heartbeat: the visit shown.
    pub slow: Option<Slow>,
    pub dispatch: Dispatch,
}

impl StageProps {
    pub fn of(page: &Page, dispatch: &Dispatch) -> StageProps {
        StageProps {
            run: page.run.clone(),
            lang: page.lang(),
            focus: page.focus_job(),
            selected: page.selected_job,
            practice: page.practice.clone(),
            keys: page.lesson.as_ref().map(|l| l.keys()).unwrap_or_default(),
            slow: page.slow_shown().cloned(),
            dispatch: dispatch.clone(),
        }
    }
}

/// The header's count of the cluster (`sim::view::Counted`).
fn summary(view: &crate::sim::view::ClusterView, lang: Lang) -> Html {
    let c = &view.counted;
    let n = |of: &str, v: u32| num::int(format!("view.counted.{of}"), v);
    if view.spark {
        return num::fill(
            t(lang, k::spark_summary),
            &[n("racks", c.racks), n("trackers", c.trackers), n("map_busy", c.map_busy), n("map_slots", c.map_slots)],
        );
    }
    num::fill(
        t(lang, k::cluster_summary),
        &[
            n("racks", c.racks),
            n("trackers", c.trackers),
            n("map_busy", c.map_busy),
            n("map_slots", c.map_slots),
            n("reduce_busy", c.reduce_busy),
            n("reduce_slots", c.reduce_slots),
        ],
    )
}

fn legend(stage: &SchedStage, marks: &marks::Marks, lang: Lang) -> Html {
    let reach = marks.reach.as_ref().map(|r| r.name.clone());
    html! {
        <footer class="legend" aria-label={t(lang, k::legend)}>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-node"><span class="loc">{"N"}</span></span>{t(lang, k::loc_node)}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-rack"><span class="loc">{"R"}</span></span>{t(lang, k::loc_rack)}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-off"><span class="loc">{"O"}</span></span>{t(lang, k::loc_off)}</span>
            if !matches!(stage, SchedStage::Spark(_)) {
                <span class="legend-item"><span class="swatch slot filled reduce job-c0"></span>{t(lang, k::reduce_task)}</span>
            }
            <span class="legend-item"><span class="swatch slot free"></span>{t(lang, k::free_slot)}</span>
            <span class="legend-item"><span class="swatch hb-frame"></span>{t(lang, if matches!(stage, SchedStage::Spark(_)) { k::spark_offered } else { k::hb_tracker })}</span>
            { match stage {
                SchedStage::Fair(_) | SchedStage::Spark(_) => html! {
                    if let Some(j) = &reach {
                        <span class="legend-item"><span class="swatch reach-swatch job-c0"></span>{fill(t(lang, k::legend_reach), &[j])}</span>
                        <span class="legend-item"><span class="block-icon">{"▤"}</span>{fill(t(lang, k::input_blocks_of), &[j])}</span>
                    }
                },
                SchedStage::Fifo(Some(_)) if !marks.caps.is_empty() => html! {
                    <>
                        <span class="legend-item"><span class="swatch cap-swatch"></span>{t(lang, k::legend_cap)}</span>
                        <span class="legend-item"><span class="swatch slot free capped"></span>{t(lang, k::legend_capped)}</span>
                    </>
                },
                SchedStage::Capacity(c) => html! {
                    <>
                        <span class="legend-item"><span class="qtag">{"queue"}</span>{t(lang, k::legend_queue)}</span>
                        if let Some(r) = c.reserved.first() {
                            <span class="legend-item" data-testid="legend-reserved"><span class={classes!("swatch", "slot", "free", "reserved", "map", grid::job_class(r.job))}></span>{t(lang, k::reserved_slot)}</span>
                        }
                    </>
                },
                _ => html! {},
            } }
            <span class="legend-item"><span class="swatch slot filled map job-c0 new legend-new"></span>{t(lang, k::launched_now)}</span>
        </footer>
    }
}

#[component]
pub fn Stage(props: &StageProps) -> Html {
    let lab = props;
    let lang = lab.lang;
    let keys = lab.keys;
    // The cluster's view is built once per heartbeat shown (`page::Run::view`).
    let base = lab.run.view();
    let (Ok(cell), Some(base)) = (lab.run.sim(), base.as_ref()) else { return html! {} };
    let sim = cell.borrow();
    let mask = mask::for_practice(lab.practice.as_ref(), sim.hb(), lang, &props.dispatch);
    let view = match &mask.next_tracker {
        Some(tr) => {
            let mut view = (**base).clone();
            view.heartbeating = Some(tr.clone());
            Rc::new(view)
        }
        None => base.clone(),
    };
    let Some(stage_rc) = lab.run.stage() else { return html! {} };
    let stage: &SchedStage = &stage_rc;
    let record = sim.last_record();
    // Slow motion: the grid part-way through the heartbeat (the launches still to come not
    // made yet), and the job being asked in focus.
    let slow = lab.slow.as_ref().filter(|s| s.hb == sim.hb()).zip(record);
    let view = match slow {
        Some((s, rec)) => {
            let pending: Vec<_> = rec.assigned.iter().skip(s.visit().launched).map(|a| a.attempt_id()).collect();
            Rc::new(view.before_launches(&pending))
        }
        None => view,
    };
    let focus = slow.and_then(|(s, _)| s.visit().job()).or(lab.focus);
    let selected_hosts: Vec<String> = lab
        .selected
        .and_then(|j| view.jobs.iter().find(|x| x.job == j))
        .map(|j| j.input_hosts.to_vec())
        .unwrap_or_default();
    let mut marks = marks::gather(&stage, record, focus, lab.selected, &selected_hosts);
    if mask.load_caps {
        marks.caps.clear();
    }
    // The frame marks the next tracker: the skip the grid draws on the heartbeating tracker
    // was the previous tracker's.
    if let (Some(_), Some(r)) = (&mask.next_tracker, marks.reach.as_mut()) {
        r.skipped = false;
    }
    // Slow motion at a Fair job's visit: the reach is the level that visit allowed.
    if let (Some((s, _)), Some(r)) = (slow, marks.reach.as_mut()) {
        slow::visit_reach(s.visit(), r);
    }
    marks.planned = mask.planned.clone();
    marks.picks = mask.picks.clone();
    let marks = Rc::new(marks);
    let fair_focus = marks.reach.as_ref().map(|r| r.job).or(focus);
    let queue_order: Option<Vec<u32>> = record.and_then(|r| match &r.decision {
        Decision::Fifo(d) => Some(d.queue.iter().map(|j| j.job).collect()),
        Decision::LimitTasksPerJob(d) => Some(d.queue.iter().map(|j| j.job).collect()),
        _ => None,
    });
    let kind = match &stage {
        SchedStage::Fifo(_) => "fifo",
        SchedStage::Fair(_) => "fair",
        SchedStage::Capacity(_) => "capacity",
        SchedStage::Spark(_) => "spark",
    };
    let trackers: usize = view.racks.iter().map(|r| r.nodes.len()).sum();
    html! {
        <section class={classes!("card", "stage", format!("stage-{kind}"))} data-testid="cluster" data-scheduler={kind}
                 role="figure" aria-label={fill(t(lang, k::grid_label), &[&view.racks.len().to_string(), &trackers.to_string()])}>
            <header class="stage-head">
                <h2>{t(lang, k::cluster)}</h2>
                <span class="meta" data-testid="cluster-summary" data-key={keys.attr(Key::Slots)}>{summary(&view, lang)}</span>
                { chips::chips(&view, &stage, queue_order.as_deref(), fair_focus.or(lab.selected), keys, lang, &props.dispatch) }
            </header>
            if let Some((s, rec)) = slow { { slow::card(rec, s, keys, lang, &props.dispatch) } }
            if let SchedStage::Fifo(Some(f)) = &stage { if !mask.padding { { fifo::gauge(f, keys, lang) } } }
            <div class={classes!("stage-body", matches!(stage, SchedStage::Capacity(_)).then_some("with-lanes"))}>
                <div class="grid-col">
                    <Grid view={view.clone()} marks={marks.clone()} lang={lang} />
                </div>
                if let SchedStage::Capacity(c) = &stage { { capacity::lanes(c, &mask, keys, lang) } }
            </div>
            { match &stage {
                SchedStage::Fair(f) => fair::band(f, fair_focus, &mask, keys, lang, &props.dispatch),
                SchedStage::Spark(s) => spark::band(s, fair_focus, keys, lang),
                SchedStage::Fifo(Some(f)) if !mask.budget => fifo::budget(f, keys, lang),
                _ => html! {},
            } }
            { legend(&stage, &marks, lang) }
        </section>
    }
}
