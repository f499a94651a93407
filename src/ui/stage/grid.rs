//! The cluster: racks side by side, each TaskTracker a row with its map and reduce slots, and
//! the scheduler's marks drawn on them (`marks::Marks`): the Fair focus job's reach (nodes,
//! racks, the whole cluster), FIFO's load-factor cap on each row, each Capacity task's queue,
//! reservations, and ghosts of tasks that ended this heartbeat. Big clusters switch to the
//! denser drawing in `grid_dense`, very big ones (more than `grid_canvas::CANVAS_FROM`
//! trackers) to one canvas in `grid_canvas`.

use crate::i18n::k;
use std::rc::Rc;

use crate::ui::kit::num;
use yew::prelude::*;

use super::marks::{Ghost, Marks, ReachMarks};
use super::{grid_canvas, grid_dense};
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::model::TaskType;
use crate::sched::fair::delay::LocalityLevel;
use crate::sim::stage::capacity::Reserved;
use crate::sim::stage::fair::LevelChange;
use crate::sim::view::{ClusterView, NodeView, RackView, SlotTask, TrackerState};

/// Above this many trackers the grid uses the dense drawing.
pub const DENSE_FROM: usize = 40;
/// Up to this many tracker rows (racks side by side in pairs, as at 1280 px) the grid draws
/// bigger slots (a projected lesson cluster); taller grids draw compact rows, so the
/// scheduler's band under the grid stays on a 720 px screen.
const ROOMY_ROWS_UP_TO: usize = 4;
/// A job whose input is on more nodes than this shows its node reach as the nodes' outline and
/// tint only (the legend names it): labels on every replica would bury the slots they are
/// about.
const MAX_NODE_REACH_LABELS: usize = 3;
/// Number of job colours in `style.css` (`.job-c0` ..).
const JOB_COLOURS: u32 = 7;

pub fn job_class(job: u32) -> String {
    format!("job-c{}", job.saturating_sub(1) % JOB_COLOURS)
}

pub fn slot_label(task: &SlotTask) -> String {
    task.label.replacen(' ', ".", 1)
}

/// The slot's label as the grid draws it: the job, then the task (`J2` `.m3`); a compact grid
/// shows the job alone (the whole label is the slot's title), so no label is cut off.
fn slot_label_html(task: &SlotTask) -> Html {
    let label = slot_label(task);
    match label.split_once('.') {
        Some((job, rest)) => {
            html! { <><span class="slot-job">{job.to_string()}</span><span class="slot-task">{format!(".{rest}")}</span></> }
        }
        None => html! { {label} },
    }
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
        'N' => t(lang, k::loc_node),
        'R' => t(lang, k::loc_rack),
        _ => t(lang, k::loc_off),
    });
    let mut s = format!(
        "{} · {} {} · #{}",
        slot_label(task),
        if task.is_map { "map" } else { "reduce" },
        task.index,
        task.attempt
    );
    if task.slots > 1 {
        s.push_str(&format!(" · {}", fill(t(lang, k::slots_n), &[&task.slots.to_string()])));
    }
    if let Some(l) = loc {
        s.push_str(&format!(" · {l}"));
    }
    if task.new_this_hb {
        s.push_str(&format!(" · {}", t(lang, k::launched_now)));
    }
    s
}

/// The reservation mark of a slot or tracker: "R·J2".
pub fn reserved_label(r: &Reserved) -> String {
    format!("R·J{}", r.job)
}

pub fn short_host(host: &str) -> &str {
    host.rsplit('.').next().unwrap_or(host)
}

/// The class of a tracker's state (`tt-<class>` on its row).
pub fn state_class(s: &TrackerState) -> &'static str {
    match s {
        TrackerState::Live { joined_ms: Some(_) } => "joined",
        TrackerState::Live { joined_ms: None } => "live",
        TrackerState::Silent { .. } => "silent",
        TrackerState::Lost { .. } => "lost",
        TrackerState::NotJoined { .. } => "not-joined",
    }
}

fn level_name(l: LocalityLevel) -> &'static str {
    match l {
        LocalityLevel::Nodegroup => "RACK",
        other => other.as_str(),
    }
}

#[derive(Properties, PartialEq)]
pub struct GridProps {
    pub view: Rc<ClusterView>,
    pub marks: Rc<Marks>,
    pub lang: Lang,
}

#[component]
pub fn Grid(props: &GridProps) -> Html {
    let view = &props.view;
    let lang = props.lang;
    let marks = &props.marks;
    let trackers: usize = view.racks.iter().map(|r| r.nodes.len()).sum();
    let dense = trackers > DENSE_FROM;
    let canvas = trackers > grid_canvas::CANVAS_FROM;
    let per_rack = view.racks.iter().map(|r| r.nodes.len()).max().unwrap_or(0);
    let roomy = view.racks.len().div_ceil(2) * per_rack <= ROOMY_ROWS_UP_TO;
    let pixels = canvas.then(|| Rc::new(grid_canvas::pixels(view, marks)));
    {
        // Repaint what changed since the drawing on the canvas (the whole image when the
        // canvas was drawn anew: another size, or the first frame).
        let pixels = pixels.clone();
        let painted = use_mut_ref(|| None::<Rc<grid_canvas::Pixels>>);
        use_effect(move || {
            if let Some(p) = pixels {
                let fresh = crate::ui::kit::platform::canvas_is_fresh(grid_canvas::CANVAS_ID);
                let rects = painted.borrow().as_ref().filter(|_| !fresh).and_then(|b| grid_canvas::changed(b, &p));
                crate::ui::kit::platform::paint_canvas(
                    grid_canvas::CANVAS_ID,
                    p.width,
                    p.height,
                    &p.rgba,
                    rects.as_deref(),
                );
                *painted.borrow_mut() = Some(p);
            }
        });
    }
    let reach = marks.reach.as_ref();
    let any = reach.filter(|r| r.all);
    // The reach token goes on the first rack in reach (at RACK).
    let first_reach_rack =
        reach.filter(|r| !r.all).and_then(|r| view.racks.iter().position(|x| r.covers_rack(&x.name)));
    let class = classes!(
        "racks",
        dense.then_some("dense"),
        roomy.then_some("roomy"),
        (!roomy).then_some("compact"),
        (!marks.queues.is_empty()).then_some("with-queues"),
        any.map(|r| classes!("reach-any", super::grid::job_class(r.job), grew(r).then_some("reach-grew"))),
    );
    html! {
        <div class={class} data-testid="racks" data-reach-level={reach.map(|r| level_name(r.level))}
             data-reach-job={reach.map(|r| r.job.to_string())}
             data-point={any.map(|r| format!("reach:J{}", r.job))}>
            if let Some(r) = any {
                <span class="reach-label any" data-testid="reach-label">
                    <span class="lvl on">{r.level_name}</span>{fill(t(lang, k::reach_any), &[&r.name])}</span>
            }
            if let Some(p) = &pixels {
                { grid_canvas::view(view, p, lang) }
            } else if dense {
                { for view.racks.iter().map(|r| grid_dense::rack(r, view.heartbeating.as_deref(), marks, lang)) }
            } else {
                { for view.racks.iter().enumerate().map(|(i, r)| rack(r, Some(i) == first_reach_rack, view.heartbeating.as_deref(), marks, lang)) }
            }
        </div>
    }
}

/// The level just rose (the reach grows, animated).
fn grew(r: &ReachMarks) -> bool {
    r.change == LevelChange::Rose
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
        let slots = |l: &[Option<SlotTask>]| NodeView::slot_counts(l).1 as usize;
        let map = rack.nodes.iter().map(|n| slots(&n.map_slots)).max().unwrap_or(0);
        let reduce = rack.nodes.iter().map(|n| slots(&n.reduce_slots)).max().unwrap_or(0);
        Columns { map, reduce, stacked: map + reduce > 5 }
    }

    fn group(&self, count: usize) -> Classes {
        let cols = if self.stacked { self.map.max(self.reduce) } else { count };
        let cols = cols.clamp(1, 8);
        classes!(format!("cols-{cols}"), (!self.stacked).then(|| format!("grow-{cols}")))
    }
}

fn rack(rack: &RackView, point_reach: bool, heartbeating: Option<&str>, marks: &Marks, lang: Lang) -> Html {
    let cols = Columns::of(rack);
    let reach = marks.reach.as_ref();
    let rack_reach = reach.filter(|r| !r.all && r.covers_rack(&rack.name));
    let holds = rack.nodes.iter().any(|n| marks.holds_input(&n.host));
    // Narrow rows (few slots per tracker) flow in columns inside the rack, so a mid-sized
    // cluster (up to `DENSE_FROM` trackers) stays on one screen.
    let flow = if cols.map + cols.reduce <= 3 { "flow-narrow" } else { "flow-wide" };
    let class = classes!(
        "rack",
        flow,
        cols.stacked.then_some("stacked"),
        holds.then_some("holds-input"),
        rack_reach.map(|r| classes!("reach-rack", job_class(r.job), grew(r).then_some("reach-grew"))),
    );
    html! {
        <div class={class} key={rack.name.clone()}
             data-testid={format!("rack-{}", rack.name.trim_start_matches('/'))}
             data-point={if point_reach { format!("rack:{} reach:J{}", rack.name, reach.map(|r| r.job).unwrap_or(0)) } else { format!("rack:{}", rack.name) }}>
            <div class="rack-head">
                <span class="rack-name">{rack.name.trim_start_matches('/')}</span>
                if let Some(r) = rack_reach {
                    <span class="reach-label rack" data-testid="reach-label">
                        <span class="lvl on">{r.level_name}</span>{fill(t(lang, k::reach_rack), &[&r.name])}</span>
                } else if cols.stacked {
                    <span class="col-label stacked-label">{t(lang, k::stacked_label)}</span>
                } else if cols.reduce == 0 {
                    <span class={classes!("col-label", cols.group(cols.map))}>{t(lang, k::spark_cores)}</span>
                } else {
                    <span class={classes!("col-label", cols.group(cols.map))}>{t(lang, k::map_slots)}</span>
                    <span class={classes!("col-label", cols.group(cols.reduce))}>{t(lang, k::reduce_slots)}</span>
                }
            </div>
            { for rack.nodes.iter().map(|n| node(n, &rack.name, cols, heartbeating == Some(n.tracker.as_str()), marks, lang)) }
        </div>
    }
}

fn node(node: &NodeView, rack: &str, cols: Columns, heartbeating: bool, marks: &Marks, lang: Lang) -> Html {
    let (res_map, res_red) = (marks.reserved_of(&node.tracker, true), marks.reserved_of(&node.tracker, false));
    let res = res_map.or(res_red);
    let reach = marks.reach.as_ref();
    let in_reach = reach.is_some_and(|r| r.covers(&node.host, rack));
    let replica = reach.is_some_and(|r| r.hosts.contains(&node.host));
    let node_reach = reach.filter(|r| replica && r.level == LocalityLevel::Node);
    let holds = marks.holds_input(&node.host);
    let skipped_here = reach.filter(|r| heartbeating && r.skipped);
    let cap = marks.caps.get(&node.tracker).copied();
    let of = format!("view.racks[name={rack}].nodes[tracker={}]", node.tracker);
    let secs = |field: &str, ms: i64| num::secs(format!("{of}.{field}"), ms);
    let state_tag = match &node.state {
        TrackerState::Live { joined_ms: Some(at) } => Some(num::fill(t(lang, k::tt_joined), &[secs("joined_ms", *at)])),
        TrackerState::Live { joined_ms: None } => None,
        TrackerState::Silent { since_ms, lost_at_ms } => {
            Some(num::fill(t(lang, k::tt_silent), &[secs("since_ms", *since_ms), secs("lost_at_ms", *lost_at_ms)]))
        }
        TrackerState::Lost { at_ms } => Some(num::fill(t(lang, k::tt_lost), &[secs("at_ms", *at_ms)])),
        TrackerState::NotJoined { at_ms } => Some(num::fill(t(lang, k::tt_not_joined), &[secs("at_ms", *at_ms)])),
    };
    // Trackers that come and go: joined, silent (counted until the expiry thread declares it
    // lost), lost (its slots left the cluster), not joined yet.
    let state_class = state_class(&node.state);
    let class = classes!(
        "node",
        format!("tt-{state_class}"),
        heartbeating.then_some("hb-now"),
        holds.then_some("holds-input"),
        in_reach.then_some("in-reach"),
        node_reach.map(|r| classes!(
            "reach-node",
            job_class(r.job),
            (r.change == LevelChange::Reset).then_some("reach-reset")
        )),
        (reach.is_some() && !in_reach).then_some("out-of-reach"),
        res.map(|_| "reserved")
    );
    // A ghost for an attempt still running here (a kill not yet reported) is drawn on its slot.
    let running =
        |g: &Ghost| node.map_slots.iter().chain(&node.reduce_slots).flatten().any(|t| slot_label(t) == g.label);
    let ghosts: Vec<&Ghost> = marks.ghosts_on(&node.tracker).filter(|g| !running(g)).collect();
    let mut map_ghosts = ghosts.iter().copied().filter(|g| g.is_map);
    let mut red_ghosts = ghosts.iter().copied().filter(|g| !g.is_map);
    let mut map_res = res_map.into_iter().flat_map(|r| std::iter::repeat_n(r, r.slots as usize));
    let mut red_res = res_red.into_iter().flat_map(|r| std::iter::repeat_n(r, r.slots as usize));
    let slots = |list: &[Option<SlotTask>],
                 kind: TaskType,
                 cap: Option<u32>,
                 ghosts: &mut dyn Iterator<Item = &Ghost>,
                 reserved: &mut dyn Iterator<Item = &Reserved>| {
        let mut at = 0u32;
        list.iter()
            .enumerate()
            .map(|(i, s)| {
                let width = s.as_ref().map(|t| t.slots).unwrap_or(1);
                let (from, to) = (at, at + width);
                at = to;
                let capped = cap.is_some_and(|c| from >= c);
                let edge = cap.is_some_and(|c| c > 0 && to == c);
                let pick = s.as_ref().and_then(|t| marks.picks.of(&node.tracker, &slot_label(t)));
                let of = format!("{of}.{}_slots", if kind == TaskType::Map { "map" } else { "reduce" });
                slot(i, &of, s.as_ref(), kind, capped, edge, pick, ghosts, reserved, marks, lang)
            })
            .collect::<Html>()
    };
    let map_cap = cap.map(|c| c.0);
    let red_cap = cap.map(|c| c.1);
    html! {
        <div class={class} key={node.tracker.clone()} data-testid={format!("node-{}", node.tracker)}
             data-point={if node_reach.is_some() { format!("tracker:{} reach:J{}", node.tracker, node_reach.map(|r| r.job).unwrap_or(0)) } else { format!("tracker:{}", node.tracker) }}
             aria-current={heartbeating.then_some("true")} data-reserved={res.map(reserved_label)} data-state={state_class}>
            <div class="node-name" title={node.host.clone()}>
                if heartbeating { <span class="hb-tag" title={t(lang, k::hb_now)}>{"♥ HB"}</span> }
                <span class="host">{short_host(&node.host)}</span>
                <span class="tracker">
                    {&node.tracker}
                    if holds { <span class="block-icon" title={t(lang, k::holds_input)}>{" ▤"}</span> }
                    if let Some(r) = res {
                        <span class={classes!("res-tag", job_class(r.job))} data-testid="reserved-tag"
                              title={fill(t(lang, k::reserved_for), &[&r.slots.to_string(), &format!("J{}", r.job)])}>{reserved_label(r)}</span>
                    }
                </span>
            </div>
            <div class={classes!("slots", "map-slots", cols.group(cols.map), map_cap.filter(|&c| c == 0).map(|_| "cap-zero"))}>
                { slots(&node.map_slots, TaskType::Map, map_cap, &mut map_ghosts, &mut map_res) }
            </div>
            <div class={classes!("slots", "reduce-slots", cols.group(cols.reduce), red_cap.filter(|&c| c == 0).map(|_| "cap-zero"))}>
                { slots(&node.reduce_slots, TaskType::Reduce, red_cap, &mut red_ghosts, &mut red_res) }
            </div>
            if let Some(tag) = state_tag {
                <span class={classes!("tt-tag", state_class)} data-testid="tracker-state">{tag}</span>
            }
            if let Some(r) = skipped_here {
                <span class="skip-tag" data-testid="skip-tag">{fill(t(lang, if in_reach { k::skipped_here } else { k::skipped_outside }), &[&r.name])}</span>
            }
            if let Some(r) = node_reach.filter(|r| r.hosts.len() <= MAX_NODE_REACH_LABELS) {
                <span class="reach-label node" data-testid="reach-label">
                    <span class="lvl on">{r.level_name}</span>{fill(t(lang, if r.level_name == "NODE" { k::reach_node } else { k::spark_reach_node }), &[&r.name])}</span>
            }
            if heartbeating { { marks.plan_tag(lang) } }
        </div>
    }
}

#[allow(clippy::too_many_arguments)]
fn slot(
    i: usize,
    of: &str,
    task: Option<&SlotTask>,
    kind: TaskType,
    capped: bool,
    edge: bool,
    pick: Option<(usize, bool)>,
    ghosts: &mut dyn Iterator<Item = &Ghost>,
    reserved: &mut dyn Iterator<Item = &Reserved>,
    marks: &Marks,
    lang: Lang,
) -> Html {
    let kind = kind.as_str();
    let cap_class = classes!(capped.then_some("capped"), edge.then_some("cap-edge"));
    let Some(task) = task else {
        if let Some(r) = reserved.next() {
            return html! {
                <div class={classes!("slot", "free", "reserved", kind, job_class(r.job), cap_class)} data-testid="slot" key={format!("res-{i}")}
                     title={fill(t(lang, k::reserved_for), &[&r.slots.to_string(), &format!("J{}", r.job)])}>
                    <span class="slot-label">{reserved_label(r)}</span>
                </div>
            };
        }
        if let Some(g) = ghosts.next() {
            let title = if g.preempted {
                fill(t(lang, k::preempted_here), &[&g.label])
            } else {
                fill(t(lang, k::finished_here), &[&g.label])
            };
            return html! {
                <div class={classes!("slot", "free", "ghost", kind, job_class(g.job), g.preempted.then_some("preempted"), cap_class)}
                     data-testid={if g.preempted { "ghost-preempted" } else { "slot" }} key={format!("ghost-{}", g.label)} title={title}
                     data-point={g.preempted.then_some("ghost:preempted")}>
                    <span class="slot-label">{&g.label}</span>
                    if g.preempted { <span class="ghost-word">{t(lang, k::preempted_word)}</span> }
                    else { <span class="done-mark" aria-hidden="true">{"✓"}</span> }
                </div>
            };
        }
        return html! { <div class={classes!("slot", "free", kind, cap_class)} data-testid="slot" key={format!("free-{i}")} title={t(lang, if capped { k::capped_slot } else { k::free_slot })}></div> };
    };
    let queue = marks.queues.get(&task.job);
    let preempted = task.closing == Some(crate::model::task::KillReason::Preempted);
    let class = classes!(
        "slot",
        "filled",
        kind,
        job_class(task.job),
        loc_class(task),
        task.new_this_hb.then_some("new"),
        (task.slots > 1).then(|| format!("span-{}", task.slots.min(8))),
        task.closing.is_some().then_some("closing"),
        cap_class,
        pick.map(|(_, on)| classes!("pickable", on.then_some("picked"))),
    );
    // A practice question may ask which running attempts to pick: the slot is a toggle.
    let on_pick = pick.and_then(|(k, _)| marks.picks.handlers(k));
    let closing = task.closing.map(|k| {
        let word = if preempted { t(lang, k::preempted_word) } else { t(lang, k::closing_word) };
        let when = if task.kill_sent { t(lang, k::kill_sent) } else { t(lang, k::kill_next_hb) };
        (word, when, crate::explain::report_text::kill_reason(k, lang))
    });
    // A key per attempt, so a newly launched task is a new element and its animation runs.
    html! {
        <div class={class} data-testid="slot" data-slots={task.slots.to_string()} key={format!("{}#{}", task.label, task.attempt)}
             title={match &closing { Some((_, when, why)) => format!("{} · {why} · {when}", slot_title(task, lang)), None => slot_title(task, lang) }}
             data-point={preempted.then_some("ghost:preempted")} data-closing={task.closing.map(|k| k.as_str())}
             role={pick.map(|_| "button")} tabindex={pick.map(|_| "0")} aria-pressed={pick.map(|(_, on)| on.to_string())}
             data-pick={pick.map(|(k, _)| k.to_string())}
             onclick={on_pick.as_ref().map(|c| c.0.clone())} onkeydown={on_pick.map(|c| c.1)}>
            <span class="slot-main">
                <span class="slot-label">{slot_label_html(task)}</span>
                if task.slots > 1 { <span class="span-n">{"×"}{num::int(format!("{of}[label={}].slots", task.label), task.slots)}</span> }
                if let Some(l) = task.locality {
                    <span class="loc" data-testid="locality">{l.letter()}</span>
                }
            </span>
            if let Some(q) = queue { <span class="qtag" data-testid="slot-queue">{q}</span> }
            if let Some((word, when, _)) = &closing { <span class="closing-tag" data-testid="closing-tag" title={when.to_string()}>{format!("✕ {word}")}</span> }
            if task.new_this_hb { <span class="new-tag" aria-hidden="true">{t(lang, k::new_tag)}</span> }
        </div>
    }
}
