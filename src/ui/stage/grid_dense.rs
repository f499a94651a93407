//! The dense drawing for big clusters (more than `grid::DENSE_FROM` trackers, up to a few
//! hundred): each rack a panel of small node tiles, each slot a short bar in its job's colour
//! with the locality pattern; names and details in tooltips. The heartbeating tracker, new
//! tasks and the selected job's input blocks are marked as in the full drawing.

use std::collections::HashSet;

use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::fill;
use crate::sim::view::{NodeView, RackView, SlotTask};
use crate::ui::stage::cap_extras::CapExtras;
use crate::ui::stage::grid::{job_class, loc_class, reserved_label, reserved_of, short_host, slot_title};

pub fn rack(
    rack: &RackView,
    heartbeating: Option<&str>,
    hosts: &HashSet<&str>,
    extras: &CapExtras,
    lang: Lang,
) -> Html {
    let holds = rack.nodes.iter().any(|n| hosts.contains(n.host.as_str()));
    let busy: usize =
        rack.nodes.iter().map(|n| n.map_slots.iter().chain(&n.reduce_slots).filter(|s| s.is_some()).count()).sum();
    let total: usize = rack.nodes.iter().map(|n| n.map_slots.len() + n.reduce_slots.len()).sum();
    html! {
        <div class={classes!("rack", "dense-rack", holds.then_some("holds-input"))} key={rack.name.clone()}
             data-testid={format!("rack-{}", rack.name.trim_start_matches('/'))}>
            <div class="rack-head">
                <span class="rack-name">{rack.name.trim_start_matches('/')}</span>
                <span class="meta small">{format!("{busy}/{total}")}</span>
            </div>
            <div class="dnodes">
                { for rack.nodes.iter().map(|n| node(n, heartbeating == Some(n.tracker.as_str()), hosts.contains(n.host.as_str()), extras, lang)) }
            </div>
        </div>
    }
}

fn node(node: &NodeView, heartbeating: bool, holds: bool, extras: &CapExtras, lang: Lang) -> Html {
    let (res_map, res_red) = (reserved_of(extras, &node.tracker, true), reserved_of(extras, &node.tracker, false));
    let res = res_map.or(res_red);
    let class = classes!(
        "dnode",
        "node",
        heartbeating.then_some("hb-now"),
        holds.then_some("holds-input"),
        res.map(|_| "reserved")
    );
    let mut title = format!("{} · {}", node.tracker, node.host);
    if let Some(r) = res {
        title.push_str(&format!(
            " · {}",
            fill(crate::ui::t(lang, "reserved_for"), &[&r.slots.to_string(), &format!("J{}", r.job)])
        ));
    }
    let free_res =
        |slots: &[Option<SlotTask>], r: Option<&crate::ui::stage::cap_extras::Reserved>| -> Vec<Option<u32>> {
            let mut left = r.map(|r| r.slots).unwrap_or(0);
            slots
                .iter()
                .map(|s| {
                    (s.is_none() && left > 0).then(|| {
                        left -= 1;
                        r.map(|r| r.job).unwrap_or(0)
                    })
                })
                .collect()
        };
    let (mres, rres) = (free_res(&node.map_slots, res_map), free_res(&node.reduce_slots, res_red));
    html! {
        <div class={class} key={node.tracker.clone()} data-testid={format!("node-{}", node.tracker)} data-point={format!("tracker:{}", node.tracker)} title={title}
             aria-current={heartbeating.then_some("true")} data-reserved={res.map(reserved_label)}>
            <span class="dname">{short_host(&node.host)}</span>
            <span class="dslots">
                { for node.map_slots.iter().enumerate().map(|(i, s)| slot(i, s.as_ref(), mres[i], "map", lang)) }
                <span class="dsep"></span>
                { for node.reduce_slots.iter().enumerate().map(|(i, s)| slot(i, s.as_ref(), rres[i], "reduce", lang)) }
            </span>
        </div>
    }
}

fn slot(i: usize, task: Option<&SlotTask>, reserved_for: Option<u32>, kind: &'static str, lang: Lang) -> Html {
    match task {
        None if reserved_for.is_some() => {
            let job = reserved_for.unwrap_or(0);
            html! { <span class={classes!("dslot", "free", "reserved", kind, job_class(job))} data-testid="slot" key={format!("res-{i}")} title={format!("R·J{job}")}></span> }
        }
        None => {
            html! { <span class={classes!("dslot", "free", kind)} data-testid="slot" key={format!("free-{i}")}></span> }
        }
        Some(task) => html! {
            <span class={classes!("dslot", "filled", kind, job_class(task.job), loc_class(task), task.new_this_hb.then_some("new"))}
                  data-testid="slot" key={format!("{}#{}", task.label, task.attempt)} title={slot_title(task, lang)}></span>
        },
    }
}
