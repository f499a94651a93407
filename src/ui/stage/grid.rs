//! The cluster: racks side by side, each TaskTracker a card with its map and reduce slots.
//! Big clusters switch to the denser drawing in `grid_dense`, very big ones (more than
//! `grid_canvas::CANVAS_FROM` trackers) to one canvas in `grid_canvas`.

use std::collections::HashSet;
use std::rc::Rc;

use yew::prelude::*;

use super::{grid_canvas, grid_dense};
use crate::i18n::Lang;
use crate::model::TaskType;
use crate::sim::view::{ClusterView, NodeView, RackView, SlotTask};
use crate::ui::actions::Action;
use crate::ui::stage::cap_extras::{CapExtras, Reserved};
use crate::ui::state::Lab;
use crate::ui::{fill, t};

/// Above this many trackers the grid uses the dense drawing.
pub const DENSE_FROM: usize = 40;
/// Number of job colours in `style.css` (`.job-c0` ..).
const JOB_COLOURS: u32 = 7;

pub fn job_class(job: u32) -> String {
    format!("job-c{}", job.saturating_sub(1) % JOB_COLOURS)
}

pub fn slot_label(task: &SlotTask) -> String {
    task.label.replacen(' ', ".", 1)
}

pub fn loc_class(task: &SlotTask) -> Option<&'static str> {
    task.locality.map(|l| match l.letter() {
        'N' => "loc-node",
        'R' => "loc-rack",
        _ => "loc-off",
    })
}

pub fn slot_title(task: &SlotTask, lang: Lang) -> String {
    let loc = task.locality.map(|l| match l.letter() {
        'N' => t(lang, "loc_node"),
        'R' => t(lang, "loc_rack"),
        _ => t(lang, "loc_off"),
    });
    let mut s = format!(
        "{} · {} {} · #{}",
        slot_label(task),
        if task.is_map { "map" } else { "reduce" },
        task.index,
        task.attempt
    );
    if let Some(l) = loc {
        s.push_str(&format!(" · {l}"));
    }
    if task.new_this_hb {
        s.push_str(&format!(" · {}", t(lang, "launched_now")));
    }
    s
}

/// A task whose end the heartbeating tracker reported in this heartbeat: drawn fading out
/// in a free slot of its kind.
#[derive(Clone, PartialEq)]
pub struct Ghost {
    pub label: String,
    pub job: u32,
    pub is_map: bool,
}

#[derive(Properties, PartialEq)]
pub struct GridProps {
    pub view: Rc<ClusterView>,
    pub ghosts: Rc<Vec<Ghost>>,
    pub selected_job: Option<u32>,
    pub lang: Lang,
    pub dispatch: yew::UseReducerDispatcher<Lab>,
    /// Capacity reservations (fallow slots) to mark.
    #[prop_or_default]
    pub extras: Rc<CapExtras>,
}

/// The reservation mark of a slot or tracker: "R·J2".
pub fn reserved_label(r: &Reserved) -> String {
    format!("R·J{}", r.job)
}

/// How many free slots of each kind to draw as reserved on a tracker, and for which job.
pub fn reserved_of<'a>(extras: &'a CapExtras, tracker: &'a str, is_map: bool) -> Option<&'a Reserved> {
    extras.reserved_on(tracker).find(|r| r.is_map == is_map)
}

#[component]
pub fn Grid(props: &GridProps) -> Html {
    let view = &props.view;
    let lang = props.lang;
    let nodes: Vec<&NodeView> = view.racks.iter().flat_map(|r| r.nodes.iter()).collect();
    let busy = |f: fn(&NodeView) -> &Vec<Option<SlotTask>>| -> (usize, usize) {
        (
            nodes.iter().map(|n| f(n).iter().filter(|s| s.is_some()).count()).sum(),
            nodes.iter().map(|n| f(n).len()).sum(),
        )
    };
    let (mb, mt) = busy(|n| &n.map_slots);
    let (rb, rt) = busy(|n| &n.reduce_slots);
    let hosts: HashSet<&str> = props
        .selected_job
        .and_then(|j| view.jobs.iter().find(|x| x.job == j))
        .map(|j| j.input_hosts.iter().map(String::as_str).collect())
        .unwrap_or_default();
    let dense = nodes.len() > DENSE_FROM;
    let canvas = nodes.len() > grid_canvas::CANVAS_FROM;
    let pixels = canvas.then(|| Rc::new(grid_canvas::pixels(view, &props.extras, &hosts)));
    {
        let pixels = pixels.clone();
        use_effect(move || {
            if let Some(p) = pixels {
                crate::ui::platform::paint_canvas(grid_canvas::CANVAS_ID, p.width, p.height, &p.rgba);
            }
        });
    }
    let extras = &props.extras;
    let summary = fill(
        t(lang, "cluster_summary"),
        &[
            &view.racks.len().to_string(),
            &nodes.len().to_string(),
            &mb.to_string(),
            &mt.to_string(),
            &rb.to_string(),
            &rt.to_string(),
        ],
    );
    html! {
        <section class={classes!("card", "cluster", dense.then_some("dense"))} aria-label={t(lang, "cluster")} data-testid="cluster">
            <header class="card-head">
                <h2>{t(lang, "cluster")}</h2>
                <span class="meta" data-testid="cluster-summary">{summary}</span>
                { job_chips(view, props.selected_job, lang, &props.dispatch) }
            </header>
            <div class="racks" data-testid="racks">
                if let Some(p) = &pixels {
                    { grid_canvas::view(view, p, lang) }
                } else if dense {
                    { for view.racks.iter().map(|r| grid_dense::rack(r, view.heartbeating.as_deref(), &hosts, extras, lang)) }
                } else {
                    { for view.racks.iter().map(|r| rack(r, view.heartbeating.as_deref(), &hosts, &props.ghosts, extras, lang)) }
                }
            </div>
            { legend(props.selected_job, extras.reserved.first(), lang) }
        </section>
    }
}

fn job_chips(view: &ClusterView, selected: Option<u32>, lang: Lang, dispatch: &yew::UseReducerDispatcher<Lab>) -> Html {
    let mut jobs: Vec<_> = view.jobs.iter().collect();
    jobs.sort_by_key(|j| j.job);
    let shown = jobs.len().min(8);
    html! {
        <div class="job-chips" role="group" aria-label={t(lang, "select_job")}>
            { for jobs[..shown].iter().map(|j| {
                let d = dispatch.clone();
                let id = j.job;
                let on = selected == Some(id);
                html! {
                    <button class={classes!("job-chip", on.then_some("on"))} data-testid={format!("job-chip-{id}")} data-point={format!("job:J{id}")}
                            aria-pressed={on.to_string()} title={fill(t(lang, "job_chip_title"), &[&format!("J{id}")])}
                            onclick={Callback::from(move |_| d.dispatch(Action::SelectJob(Some(id))))}>
                        <span class={classes!("swatch-dot", job_class(id))}></span>
                        <b>{format!("J{id}")}</b>
                        <span class="chip-name">{&j.name}</span>
                        <span class="chip-state">{format!("{}/{}", j.maps_done, j.maps_total)}</span>
                        if on { <span class="block-icon" aria-hidden="true">{"▤"}</span> }
                    </button>
                }
            }) }
            if jobs.len() > shown { <span class="meta">{format!("+{}", jobs.len() - shown)}</span> }
        </div>
    }
}

/// Column counts for a rack: every node uses the rack's largest slot counts so columns line
/// up; a rack with many slots per node stacks map over reduce slots.
#[derive(Clone, Copy)]
struct Columns {
    map: usize,
    reduce: usize,
    stacked: bool,
}

impl Columns {
    fn of(rack: &RackView) -> Columns {
        let map = rack.nodes.iter().map(|n| n.map_slots.len()).max().unwrap_or(0);
        let reduce = rack.nodes.iter().map(|n| n.reduce_slots.len()).max().unwrap_or(0);
        Columns { map, reduce, stacked: map + reduce > 5 }
    }

    fn group(&self, count: usize) -> Classes {
        let cols = if self.stacked { self.map.max(self.reduce) } else { count };
        let cols = cols.clamp(1, 8);
        classes!(format!("cols-{cols}"), (!self.stacked).then(|| format!("grow-{cols}")))
    }
}

fn rack(
    rack: &RackView,
    heartbeating: Option<&str>,
    hosts: &HashSet<&str>,
    ghosts: &[Ghost],
    extras: &CapExtras,
    lang: Lang,
) -> Html {
    let cols = Columns::of(rack);
    let holds = rack.nodes.iter().any(|n| hosts.contains(n.host.as_str()));
    html! {
        <div class={classes!("rack", cols.stacked.then_some("stacked"), holds.then_some("holds-input"))} key={rack.name.clone()}
             data-testid={format!("rack-{}", rack.name.trim_start_matches('/'))} data-point={format!("rack:{}", rack.name)}>
            <div class="rack-head">
                <span class="rack-name">{rack.name.trim_start_matches('/')}</span>
                if cols.stacked {
                    <span class="col-label stacked-label">{t(lang, "stacked_label")}</span>
                } else {
                    <span class={classes!("col-label", cols.group(cols.map))}>{t(lang, "map_slots")}</span>
                    <span class={classes!("col-label", cols.group(cols.reduce))}>{t(lang, "reduce_slots")}</span>
                }
            </div>
            { for rack.nodes.iter().map(|n| {
                let hb = heartbeating == Some(n.tracker.as_str());
                node(n, cols, hb, hosts.contains(n.host.as_str()), if hb { ghosts } else { &[] }, extras, lang)
            }) }
        </div>
    }
}

pub fn short_host(host: &str) -> &str {
    host.rsplit('.').next().unwrap_or(host)
}

fn node(
    node: &NodeView,
    cols: Columns,
    heartbeating: bool,
    holds: bool,
    ghosts: &[Ghost],
    extras: &CapExtras,
    lang: Lang,
) -> Html {
    let (res_map, res_red) = (reserved_of(extras, &node.tracker, true), reserved_of(extras, &node.tracker, false));
    let res = res_map.or(res_red);
    let class =
        classes!("node", heartbeating.then_some("hb-now"), holds.then_some("holds-input"), res.map(|_| "reserved"));
    let mut map_res = res_map.map(|r| (r, r.slots)).into_iter().flat_map(|(r, n)| std::iter::repeat_n(r, n as usize));
    let mut red_res = res_red.map(|r| (r, r.slots)).into_iter().flat_map(|(r, n)| std::iter::repeat_n(r, n as usize));
    let mut map_ghosts = ghosts.iter().filter(|g| g.is_map);
    let mut red_ghosts = ghosts.iter().filter(|g| !g.is_map);
    html! {
        <div class={class} key={node.tracker.clone()} data-testid={format!("node-{}", node.tracker)} data-point={format!("tracker:{}", node.tracker)}
             aria-current={heartbeating.then_some("true")} data-reserved={res.map(reserved_label)}>
            <div class="node-name" title={node.host.clone()}>
                <span class="host">{short_host(&node.host)}</span>
                <span class="tracker">
                    {&node.tracker}
                    if heartbeating { <span class="pulse" title={t(lang, "hb_now")}>{" ♥"}</span> }
                    if holds { <span class="block-icon" title={t(lang, "holds_input")}>{" ▤"}</span> }
                    if let Some(r) = res {
                        <span class={classes!("res-tag", job_class(r.job))} data-testid="reserved-tag"
                              title={fill(t(lang, "reserved_for"), &[&r.slots.to_string(), &format!("J{}", r.job)])}>{reserved_label(r)}</span>
                    }
                </span>
            </div>
            <div class={classes!("slots", "map-slots", cols.group(cols.map))}>
                { for node.map_slots.iter().enumerate().map(|(i, s)| slot(i, s.as_ref(), TaskType::Map, &mut map_ghosts, &mut map_res, lang)) }
            </div>
            <div class={classes!("slots", "reduce-slots", cols.group(cols.reduce))}>
                { for node.reduce_slots.iter().enumerate().map(|(i, s)| slot(i, s.as_ref(), TaskType::Reduce, &mut red_ghosts, &mut red_res, lang)) }
            </div>
        </div>
    }
}

fn slot<'a, 'b>(
    i: usize,
    task: Option<&SlotTask>,
    kind: TaskType,
    ghosts: &mut impl Iterator<Item = &'a Ghost>,
    reserved: &mut impl Iterator<Item = &'b Reserved>,
    lang: Lang,
) -> Html {
    let kind = kind.as_str();
    let Some(task) = task else {
        if let Some(r) = reserved.next() {
            return html! {
                <div class={classes!("slot", "free", "reserved", kind, job_class(r.job))} data-testid="slot" key={format!("res-{i}")}
                     title={fill(t(lang, "reserved_for"), &[&r.slots.to_string(), &format!("J{}", r.job)])}>
                    <span class="slot-label">{reserved_label(r)}</span>
                </div>
            };
        }
        if let Some(g) = ghosts.next() {
            return html! {
                <div class={classes!("slot", "free", "ghost", kind, job_class(g.job))} data-testid="slot" key={format!("ghost-{}", g.label)}
                     title={fill(t(lang, "finished_here"), &[&g.label])}>
                    <span class="slot-label">{&g.label}</span><span class="done-mark" aria-hidden="true">{"✓"}</span>
                </div>
            };
        }
        return html! { <div class={classes!("slot", "free", kind)} data-testid="slot" key={format!("free-{i}")} title={t(lang, "free_slot")}></div> };
    };
    let class =
        classes!("slot", "filled", kind, job_class(task.job), loc_class(task), task.new_this_hb.then_some("new"));
    // A key per attempt, so a newly launched task is a new element and its animation runs.
    html! {
        <div class={class} data-testid="slot" title={slot_title(task, lang)} key={format!("{}#{}", task.label, task.attempt)}>
            <span class="slot-label">{slot_label(task)}</span>
            if let Some(l) = task.locality {
                <span class="loc" data-testid="locality">{l.letter()}</span>
            }
            if task.new_this_hb { <span class="new-tag" aria-hidden="true">{t(lang, "new_tag")}</span> }
        </div>
    }
}

fn legend(selected: Option<u32>, reserved: Option<&Reserved>, lang: Lang) -> Html {
    html! {
        <footer class="legend" aria-label={t(lang, "legend")}>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-node"><span class="loc">{"N"}</span></span>{t(lang, "loc_node")}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-rack"><span class="loc">{"R"}</span></span>{t(lang, "loc_rack")}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-off"><span class="loc">{"O"}</span></span>{t(lang, "loc_off")}</span>
            <span class="legend-item"><span class="swatch slot filled reduce job-c0"></span>{t(lang, "reduce_task")}</span>
            <span class="legend-item"><span class="swatch slot free"></span>{t(lang, "free_slot")}</span>
            <span class="legend-item"><span class="swatch hb-frame"></span>{t(lang, "hb_tracker")}</span>
            if let Some(r) = reserved {
                <span class="legend-item" data-testid="legend-reserved"><span class={classes!("swatch", "slot", "free", "reserved", "map", job_class(r.job))}></span>{t(lang, "reserved_slot")}</span>
            }
            <span class="legend-item"><span class="swatch slot filled map job-c0 new legend-new"></span>{t(lang, "launched_now")}</span>
            if let Some(j) = selected {
                <span class="legend-item"><span class="block-icon">{"▤"}</span>{fill(t(lang, "input_blocks_of"), &[&format!("J{j}")])}</span>
            } else {
                <span class="legend-item hint">{t(lang, "select_job_hint")}</span>
            }
        </footer>
    }
}
