//! The cluster: racks side by side, each TaskTracker a card with its map and reduce slots.

use yew::prelude::*;

use crate::sim::view::{ClusterView, NodeView, RackView, SlotTask};

/// Number of job colours in `style.css` (`.job-c0` ..).
const JOB_COLOURS: u32 = 7;

fn job_class(job: u32) -> String {
    format!("job-c{}", job.saturating_sub(1) % JOB_COLOURS)
}

fn busy(slots: &[Option<SlotTask>]) -> usize {
    slots.iter().filter(|s| s.is_some()).count()
}

pub fn cluster(view: &ClusterView) -> Html {
    let nodes: Vec<&NodeView> = view.racks.iter().flat_map(|r| r.nodes.iter()).collect();
    let map_total: usize = nodes.iter().map(|n| n.map_slots.len()).sum();
    let red_total: usize = nodes.iter().map(|n| n.reduce_slots.len()).sum();
    let map_busy: usize = nodes.iter().map(|n| busy(&n.map_slots)).sum();
    let red_busy: usize = nodes.iter().map(|n| busy(&n.reduce_slots)).sum();
    html! {
        <section class="card cluster" aria-label="Cluster">
            <header class="card-head">
                <h2>{"Cluster"}</h2>
                <span class="meta" data-testid="cluster-summary">
                    {format!("{} racks · {} TaskTrackers · map slots {}/{} busy · reduce slots {}/{} busy",
                        view.racks.len(), nodes.len(), map_busy, map_total, red_busy, red_total)}
                </span>
            </header>
            <div class="racks" data-testid="racks">
                { for view.racks.iter().map(|r| rack(r, view.heartbeating.as_deref())) }
            </div>
            { legend() }
        </section>
    }
}

/// Column classes for a rack: every node of the rack uses the rack's largest slot counts so
/// the columns line up; a rack with many slots per node stacks map over reduce slots.
#[derive(Clone, Copy)]
struct Columns {
    map: usize,
    reduce: usize,
    stacked: bool,
}

/// Most slots one row shows (style.css has `cols-1` .. `cols-8`); more wrap.
const MAX_COLS: usize = 8;

impl Columns {
    fn of(rack: &RackView) -> Columns {
        let map = rack
            .nodes
            .iter()
            .map(|n| n.map_slots.len())
            .max()
            .unwrap_or(0);
        let reduce = rack
            .nodes
            .iter()
            .map(|n| n.reduce_slots.len())
            .max()
            .unwrap_or(0);
        Columns {
            map,
            reduce,
            stacked: map + reduce > 5,
        }
    }

    fn group(&self, count: usize) -> Classes {
        let cols = if self.stacked {
            self.map.max(self.reduce)
        } else {
            count
        };
        let cols = cols.clamp(1, MAX_COLS);
        classes!(
            format!("cols-{cols}"),
            (!self.stacked).then(|| format!("grow-{cols}"))
        )
    }
}

fn rack(rack: &RackView, heartbeating: Option<&str>) -> Html {
    let cols = Columns::of(rack);
    html! {
        <div class={classes!("rack", cols.stacked.then_some("stacked"))} key={rack.name.clone()}
             data-testid={format!("rack-{}", rack.name)}>
            <div class="rack-head">
                <span class="rack-name">{&rack.name}</span>
                if cols.stacked {
                    <span class="col-label stacked-label">{"map slots above · reduce slots below"}</span>
                } else {
                    <span class={classes!("col-label", cols.group(cols.map))}>
                        {if cols.map > 1 { "map slots" } else { "map" }}
                    </span>
                    <span class={classes!("col-label", cols.group(cols.reduce))}>
                        {if cols.reduce > 1 { "reduce slots" } else { "reduce" }}
                    </span>
                }
            </div>
            { for rack.nodes.iter().map(|n| node(n, cols, heartbeating == Some(n.tracker.as_str()))) }
        </div>
    }
}

fn short_host(host: &str) -> &str {
    host.rsplit('.').next().unwrap_or(host)
}

fn node(node: &NodeView, cols: Columns, heartbeating: bool) -> Html {
    let class = classes!("node", heartbeating.then_some("hb-now"));
    html! {
        <div class={class} key={node.tracker.clone()} data-testid={format!("node-{}", node.tracker)}
             aria-current={heartbeating.then_some("true")}>
            <div class="node-name" title={node.host.clone()}>
                <span class="host">{short_host(&node.host)}</span>
                <span class="tracker">
                    {&node.tracker}
                    if heartbeating { <span class="pulse" title="heartbeating now">{" ♥"}</span> }
                </span>
            </div>
            <div class={classes!("slots", "map-slots", cols.group(cols.map))}>
                { for node.map_slots.iter().map(|s| slot(s.as_ref(), true)) }
            </div>
            <div class={classes!("slots", "reduce-slots", cols.group(cols.reduce))}>
                { for node.reduce_slots.iter().map(|s| slot(s.as_ref(), false)) }
            </div>
        </div>
    }
}

fn slot(task: Option<&SlotTask>, map_slot: bool) -> Html {
    let kind = if map_slot { "map" } else { "reduce" };
    let Some(task) = task else {
        return html! { <div class={classes!("slot", "free", kind)} data-testid="slot" title={format!("free {kind} slot")}></div> };
    };
    let loc = task.locality.map(|l| l.letter());
    let loc_class = match loc {
        Some('N') => Some("loc-node"),
        Some('R') => Some("loc-rack"),
        Some(_) => Some("loc-off"),
        None => None,
    };
    let loc_word = match loc {
        Some('N') => ", node-local",
        Some('R') => ", rack-local",
        Some(_) => ", off-switch",
        None => "",
    };
    let title = format!(
        "{} ({} task {}, attempt {}{}){}",
        task.label,
        if task.is_map { "map" } else { "reduce" },
        task.index,
        task.attempt,
        loc_word,
        if task.new_this_hb {
            " — launched this heartbeat"
        } else {
            ""
        }
    );
    let class = classes!(
        "slot",
        "filled",
        kind,
        job_class(task.job),
        loc_class,
        task.new_this_hb.then_some("new")
    );
    html! {
        <div class={class} data-testid="slot" title={title}>
            <span class="slot-label">{&task.label}</span>
            if let Some(letter) = loc {
                <span class="loc" data-testid="locality">{letter}</span>
            }
            if task.new_this_hb { <span class="new-tag" aria-hidden="true">{"new"}</span> }
        </div>
    }
}

fn legend() -> Html {
    html! {
        <footer class="legend" aria-label="Legend">
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-node"><span class="loc">{"N"}</span></span>{"node-local"}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-rack"><span class="loc">{"R"}</span></span>{"rack-local"}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 loc-off"><span class="loc">{"O"}</span></span>{"off-switch"}</span>
            <span class="legend-item"><span class="swatch slot filled reduce job-c0"></span>{"reduce task"}</span>
            <span class="legend-item"><span class="swatch slot free"></span>{"free slot"}</span>
            <span class="legend-item"><span class="swatch hb-frame"></span>{"heartbeating tracker"}</span>
            <span class="legend-item"><span class="swatch slot filled map job-c0 new"></span>{"launched now"}</span>
        </footer>
    }
}
