//! The dense drawing for big clusters (more than `grid::DENSE_FROM` trackers, up to a few
//! hundred): each rack a panel of small node tiles, each slot a short bar in its job's colour
//! with the locality pattern; names and details in tooltips. The heartbeating tracker, new
//! tasks and the selected job's input blocks are marked as in the full drawing.

use crate::i18n::k;
use crate::ui::kit::num;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::fill;
use crate::sim::stage::capacity::Reserved;
use crate::sim::view::{NodeView, RackView, SlotTask};
use crate::ui::stage::grid::{job_class, loc_class, reserved_label, short_host, slot_title};
use crate::ui::stage::marks::Marks;

pub fn rack(rack: &RackView, heartbeating: Option<&str>, marks: &Marks, lang: Lang) -> Html {
    let holds = rack.nodes.iter().any(|n| marks.holds_input(&n.host));
    let reach = marks.reach.as_ref().filter(|r| !r.all && r.covers_rack(&rack.name));
    let c = &rack.counted;
    let of = format!("view.racks[name={}].counted", rack.name);
    html! {
        <div class={classes!("rack", "dense-rack", holds.then_some("holds-input"), reach.map(|r| classes!("reach-rack", job_class(r.job))))} key={rack.name.clone()}
             data-testid={format!("rack-{}", rack.name.trim_start_matches('/'))} data-point={format!("rack:{}", rack.name)}>
            <div class="rack-head">
                <span class="rack-name">{rack.name.trim_start_matches('/')}</span>
                <span class="meta small">{num::int(format!("{of}.busy"), c.busy)}{"/"}{num::int(format!("{of}.slots"), c.slots)}</span>
            </div>
            <div class="dnodes">
                { for rack.nodes.iter().map(|n| node(n, &rack.name, heartbeating == Some(n.tracker.as_str()), marks, lang)) }
            </div>
        </div>
    }
}

fn node(node: &NodeView, rack: &str, heartbeating: bool, marks: &Marks, lang: Lang) -> Html {
    let (res_map, res_red) = (marks.reserved_of(&node.tracker, true), marks.reserved_of(&node.tracker, false));
    let res = res_map.or(res_red);
    let holds = marks.holds_input(&node.host);
    let in_reach = marks.reach.as_ref().map(|r| r.covers(&node.host, rack));
    let class = classes!(
        "dnode",
        "node",
        heartbeating.then_some("hb-now"),
        holds.then_some("holds-input"),
        (in_reach == Some(true)).then_some("in-reach"),
        (in_reach == Some(false)).then_some("out-of-reach"),
        format!("tt-{}", crate::ui::stage::grid::state_class(&node.state)),
        res.map(|_| "reserved")
    );
    let mut title = format!("{} · {}", node.tracker, node.host);
    if let Some(r) = res {
        title.push_str(&format!(
            " · {}",
            fill(crate::i18n::t(lang, k::reserved_for), &[&r.slots.to_string(), &format!("J{}", r.job)])
        ));
    }
    // One cell per slot: a task taking k slots is drawn k times; free slots may be reserved.
    let cells = |slots: &[Option<SlotTask>], r: Option<&Reserved>| -> Vec<(Option<SlotTask>, Option<u32>)> {
        let mut left = r.map(|r| r.slots).unwrap_or(0);
        let mut out = Vec::new();
        for s in slots {
            match s {
                Some(t) => out.extend(std::iter::repeat_n((Some(t.clone()), None), t.slots.max(1) as usize)),
                None => out.push((
                    None,
                    (left > 0).then(|| {
                        left -= 1;
                        r.map(|r| r.job).unwrap_or(0)
                    }),
                )),
            }
        }
        out
    };
    let (mcells, rcells) = (cells(&node.map_slots, res_map), cells(&node.reduce_slots, res_red));
    html! {
        <div class={class} key={node.tracker.clone()} data-testid={format!("node-{}", node.tracker)} data-point={format!("tracker:{}", node.tracker)} title={title}
             aria-current={heartbeating.then_some("true")} data-reserved={res.map(reserved_label)}>
            <span class="dname">{short_host(&node.host)}</span>
            <span class="dslots">
                { for mcells.iter().enumerate().map(|(i, (s, r))| slot(i, s.as_ref(), *r, "map", lang)) }
                <span class="dsep"></span>
                { for rcells.iter().enumerate().map(|(i, (s, r))| slot(i, s.as_ref(), *r, "reduce", lang)) }
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
                  data-testid="slot" key={format!("{}#{}.{i}", task.label, task.attempt)} title={slot_title(task, lang)}></span>
        },
    }
}
