//! A lesson step that shows whole runs (`"view": "compare"` or `"sweep"`): in place of the
//! stage, the figures of the lesson's own comparison and sweeps (`lesson::runs`, the same runs
//! its claims were checked against), drawn by `ui::compare::figures`. Beside the heading, the
//! cluster at the step's heartbeat in pixels (`ClusterNow`, the big-cluster drawing of
//! `ui::stage::grid_canvas`), so the run the figures summarise stays in sight.

use crate::i18n::k;
use std::rc::Rc;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::Lesson;
use crate::lesson::key::{Key, Keys};
use crate::sim::view::ClusterView;
use crate::ui::compare::figures;
use crate::ui::compare::view::variant_label;
use crate::ui::kit::platform;
use crate::ui::stage::grid_canvas;
use crate::ui::stage::marks::Marks;

/// `keys` are the step's values (`lesson::key`): `figure` marks the tables and draws their
/// values large.
/// `point` is the step's pointer: when it names the gap table (`sweep:gap`), the table comes
/// before the curve, so all of it is on the screen.
pub fn panel(lesson: &Lesson, view: &str, point: Option<&str>, keys: Keys, now: Html, lang: Lang) -> Html {
    let focus = point.and_then(|p| p.split_whitespace().find(|t| *t == "sweep:gap")).map(|_| "gap");
    let runs = &lesson.runs.0;
    let key = keys.attr(Key::Figure);
    let body = match view {
        "compare" => match runs.comparison() {
            Ok(c) => html! { <>
                // A Hadoop workload under Spark: say how it was mapped.
                if !c.spark_runs.is_empty() && c.runs.len() > c.spark_runs.len() {
                    <p class="hint spark-mapping" data-testid="spark-mapping">{t(lang, k::cmp_report_spark_runs)}</p>
                }
                // A Spark scenario's runs: their own table first.
                if !c.spark_runs.is_empty() && c.runs.len() == c.spark_runs.len() {
                    { figures::spark(&c.spark_runs.iter().map(|r| (variant_label(&r.label, lang), r)).collect::<Vec<_>>(), key, lang) }
                }
                { figures::bins(&c.runs.iter().map(|r| (variant_label(&r.label, lang), r)).collect::<Vec<_>>(), key, lang) }
            </> },
            Err(e) => html! { <p class="errors">{e}</p> },
        },
        _ => {
            let all: Vec<_> = (0..runs.sweeps.len()).map(|i| (i, runs.sweep(i))).collect();
            let first = all.first().and_then(|(_, r)| r.as_ref().ok()).copied();
            let rest: Vec<_> = all.iter().skip(1).filter_map(|(i, r)| r.as_ref().ok().map(|r| (*i, *r))).collect();
            let errors: Vec<String> = all.iter().filter_map(|(_, r)| r.as_ref().err().cloned()).collect();
            html! { <>
                if let Some(r) = first {
                    <section class="card cmp-sweep"><header class="card-head"><h2>{t(lang, k::sweep_title)}</h2>
                        <span class="meta">{t(lang, k::sweep_sub)}</span></header>{ figures::sweep(r, key, lang) }</section>
                }
                if !rest.is_empty() { <section class="card">{ figures::sweeps_brief(&rest, lang) }</section> }
                { for errors.iter().map(|e| html! { <p class="errors">{e}</p> }) }
            </> }
        }
    };
    html! {
        <div class="lesson-figures" data-testid="lesson-figures" data-view={view.to_string()} data-focus={focus}>
            <div class="figures-head"><h2 class="caps">{t(lang, k::lesson_figures)}</h2>{ now }</div>
            { body }
        </div>
    }
}

const NOW_ID: &str = "cluster-now-canvas";

#[derive(Properties, PartialEq)]
pub struct NowProps {
    pub view: Rc<ClusterView>,
    pub marks: Rc<Marks>,
    pub hb: u64,
    pub lang: Lang,
}

/// The cluster at the step's heartbeat, one pixel block per slot (as a very big cluster is
/// drawn on the stage), with the heartbeating tracker named.
#[component]
pub fn ClusterNow(p: &NowProps) -> Html {
    let pixels = Rc::new(grid_canvas::pixels(&p.view, &p.marks));
    {
        let px = pixels.clone();
        use_effect(move || platform::paint_canvas(NOW_ID, px.width, px.height, &px.rgba, None));
    }
    let trackers: usize = p.view.racks.iter().map(|r| r.nodes.len()).sum();
    let label = fill(t(p.lang, k::canvas_grid), &[&trackers.to_string()]);
    let hb = p.view.heartbeating.as_deref().map(|tr| format!(" · ♥ {tr}")).unwrap_or_default();
    html! {
        <figure class="cluster-now" data-testid="cluster-now">
            <canvas id={NOW_ID} class="grid-canvas" width={pixels.width.to_string()} height={pixels.height.to_string()}
                    role="img" aria-label={label.clone()} title={label}></canvas>
            <figcaption class="meta small">{fill(t(p.lang, k::figure_cluster), &[&p.hb.to_string()])}{hb}</figcaption>
        </figure>
    }
}
