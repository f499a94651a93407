//! The dense drawing for big clusters (more than `grid::DENSE_FROM` trackers, up to a few
//! hundred): each rack a panel of small node tiles, each slot a short bar in its job's colour
//! with the locality pattern; names and details in tooltips. The heartbeating tracker, new
//! tasks and the selected job's input blocks are marked as in the full drawing.

use std::collections::HashSet;

use yew::prelude::*;

use super::grid::{job_class, loc_class, short_host, slot_title};
use crate::i18n::Lang;
use crate::sim::view::{NodeView, RackView, SlotTask};

pub fn rack(rack: &RackView, heartbeating: Option<&str>, hosts: &HashSet<&str>, lang: Lang) -> Html {
    let holds = rack.nodes.iter().any(|n| hosts.contains(n.host.as_str()));
    let busy: usize = rack.nodes.iter().map(|n| n.map_slots.iter().chain(&n.reduce_slots).filter(|s| s.is_some()).count()).sum();
    let total: usize = rack.nodes.iter().map(|n| n.map_slots.len() + n.reduce_slots.len()).sum();
    html! {
        <div class={classes!("rack", "dense-rack", holds.then_some("holds-input"))} key={rack.name.clone()}
             data-testid={format!("rack-{}", rack.name.trim_start_matches('/'))}>
            <div class="rack-head">
                <span class="rack-name">{rack.name.trim_start_matches('/')}</span>
                <span class="meta small">{format!("{busy}/{total}")}</span>
            </div>
            <div class="dnodes">
                { for rack.nodes.iter().map(|n| node(n, heartbeating == Some(n.tracker.as_str()), hosts.contains(n.host.as_str()), lang)) }
            </div>
        </div>
    }
}

fn node(node: &NodeView, heartbeating: bool, holds: bool, lang: Lang) -> Html {
    let class = classes!("dnode", "node", heartbeating.then_some("hb-now"), holds.then_some("holds-input"));
    let title = format!("{} · {}", node.tracker, node.host);
    html! {
        <div class={class} key={node.tracker.clone()} data-testid={format!("node-{}", node.tracker)} data-point={format!("tracker:{}", node.tracker)} title={title}
             aria-current={heartbeating.then_some("true")}>
            <span class="dname">{short_host(&node.host)}</span>
            <span class="dslots">
                { for node.map_slots.iter().enumerate().map(|(i, s)| slot(i, s.as_ref(), "map", lang)) }
                <span class="dsep"></span>
                { for node.reduce_slots.iter().enumerate().map(|(i, s)| slot(i, s.as_ref(), "reduce", lang)) }
            </span>
        </div>
    }
}

fn slot(i: usize, task: Option<&SlotTask>, kind: &'static str, lang: Lang) -> Html {
    match task {
        None => html! { <span class={classes!("dslot", "free", kind)} data-testid="slot" key={format!("free-{i}")}></span> },
        Some(task) => html! {
            <span class={classes!("dslot", "filled", kind, job_class(task.job), loc_class(task), task.new_this_hb.then_some("new"))}
                  data-testid="slot" key={format!("{}#{}", task.label, task.attempt)} title={slot_title(task, lang)}></span>
        },
    }
}
