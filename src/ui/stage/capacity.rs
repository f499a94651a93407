//! The Capacity Scheduler beside the grid: one lane per queue in the order of the last sort
//! (`sortQueues`: lowest used ÷ capacity first), sliding to its new place when the order
//! changes; each lane shows its slots by job against the capacity (solid mark) and the
//! maximum capacity (dashed mark), the ratio, and each user's slots against the user limit.

use crate::i18n::k;
use crate::ui::kit::num;
use yew::prelude::*;

use super::Mask;
use super::bars::cells;
use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::lesson::key::{Key, Keys};
use crate::sim::stage::CapacityStage;
use crate::sim::stage::capacity::{Lane, UserLane};

/// Lanes animated by rank up to this many queues (then a plain list).
const MAX_ANIMATED: usize = 10;
/// Users listed per lane.
const MAX_USERS: usize = 4;
/// Slots drawn one by one up to this many.
const MAX_CELLS: usize = 24;

/// Job colour classes per slot cell (`c-job-cN`), then free cells.
fn lane_cells(l: &Lane) -> Html {
    let top = l.max_capacity.unwrap_or(l.capacity).max(l.capacity).max(l.used).max(1) as usize;
    let mut classes: Vec<&'static str> = Vec::new();
    for (job, n) in &l.slots_by_job {
        let c = JOB_CELL[(job.saturating_sub(1) % 7) as usize];
        classes.extend(std::iter::repeat_n(c, (*n).max(0) as usize));
    }
    classes.truncate(top);
    while classes.len() < top {
        classes.push(if classes.len() < l.capacity as usize { "cell-free" } else { "cell-over" });
    }
    let mut marks = vec![(l.capacity.max(0) as u32, "mark-cap")];
    if let Some(m) = l.max_capacity {
        marks.push((m.max(0) as u32, "mark-max"));
    }
    cells(&classes, &marks, MAX_CELLS).unwrap_or_else(|| {
        let pct = |v: i32| (v as f64 / top as f64 * 100.0).clamp(0.0, 100.0);
        let ticks: Vec<f64> = marks.iter().map(|(m, _)| pct(*m as i32)).collect();
        super::bars::svg_bar(&[(0.0, pct(l.used), "seg-accent")], &ticks)
    })
}

const JOB_CELL: [&str; 7] =
    ["cell-job-c0", "cell-job-c1", "cell-job-c2", "cell-job-c3", "cell-job-c4", "cell-job-c5", "cell-job-c6"];

/// A user's slots against the user limit (a practice question on the user limit hides the
/// limit: `hide_limit`).
fn user_row(queue: &str, u: &UserLane, hide_limit: bool, keys: Keys, lang: Lang) -> Html {
    let of = format!("stage.maps[queue={queue}].users[user={}]", u.user);
    if hide_limit {
        return html! {
            <div class="user-row" data-testid={format!("user-{queue}-{}", u.user)} data-point={format!("user:{queue}/{}", u.user)}>
                <span class="user-name">{&u.user}</span>
                <span class="user-num" data-key={keys.attr(Key::CapacityUserLimit)}>{num::fill(t(lang, k::cs_user_used), &[num::int(format!("{of}.used"), u.used)])}</span>
            </div>
        };
    }
    let at_limit = u.used >= u.limit && u.limit > 0;
    let top = u.limit.max(u.used).max(1) as usize;
    let classes: Vec<&'static str> = (0..top)
        .map(|i| if (i as i32) < u.used { if at_limit { "cell-user-full" } else { "cell-user" } } else { "cell-free" })
        .collect();
    let mark = [(u.limit.max(0) as u32, "mark-user")];
    let bar = cells(&classes, &mark, MAX_CELLS).unwrap_or_else(|| {
        let pct = |v: i32| (v as f64 / top as f64 * 100.0).clamp(0.0, 100.0);
        super::bars::svg_bar(&[(0.0, pct(u.used), if at_limit { "seg-amber" } else { "seg-accent" })], &[pct(u.limit)])
    });
    html! {
        <div class={classes!("user-row", at_limit.then_some("at-limit"))} data-testid={format!("user-{queue}-{}", u.user)}
             data-point={format!("user:{queue}/{}", u.user)} title={fill(t(lang, k::cs_user_bar), &[&u.user, &u.used.to_string(), &u.limit.to_string()])}>
            <span class="user-name">{&u.user}</span>
            <span class="user-cells">{bar}</span>
            <span class="user-num" data-key={keys.attr(Key::CapacityUserLimit)}>{num::int(format!("{of}.used"), u.used)}{" / "}{num::int(format!("{of}.limit"), u.limit)}</span>
            if at_limit { <span class="user-flag">{t(lang, k::cs_at_user_limit)}</span> }
        </div>
    }
}

/// A place in an order, drawn from 1.
fn ordinal(of: String, n: usize, lang: Lang) -> Html {
    num::fill(t(lang, k::nth), &[num::int(of, n as i64)])
}

fn lane(l: &Lane, rank: usize, animated: bool, mask: &Mask, keys: Keys, lang: Lang) -> Html {
    let max = l.max_capacity.map(|m| m.to_string()).unwrap_or_else(|| t(lang, k::cs_no_max).to_string());
    let of = format!("stage.maps[queue={}]", l.queue);
    let max_num = match l.max_capacity {
        Some(m) => num::int(format!("{of}.max_capacity"), m),
        None => html! { {t(lang, k::cs_no_max)} },
    };
    let moved = l.was.map(|w| if w > rank { ("up", "▲") } else { ("down", "▼") }).filter(|_| !mask.queue_order);
    html! {
        <li class={classes!("lane", l.lit.then_some("lit"), animated.then(|| format!("rank-{rank}")), moved.map(|m| m.0))}
            key={l.queue.clone()} data-testid={format!("lane-{}", l.queue)} data-rank={(!mask.queue_order).then(|| rank.to_string())}
            data-point={format!("queue:{}", l.queue)}>
            <div class="lane-head">
                <span class="lane-rank">{if mask.queue_order { html! { "·" } } else { num::int(format!("{of}#"), rank as i64 + 1) }}</span>
                <b class="lane-name">{&l.queue}</b>
                if let (Some((_, arrow)), Some(w)) = (moved, l.was) {
                    <span class="pill amber was" data-testid={format!("was-{}", l.queue)}>{arrow}{" "}{num::fill(t(lang, k::cs_was), &[ordinal(format!("stage.before[0={}]#", l.queue), w + 1, lang)])}</span>
                }
                <span class="lane-ratio" data-key={keys.attr(Key::CapacityRatio)} title={t(lang, k::cs_ratio_title)}>
                    {num::int(format!("{of}.used"), l.used)}{" / "}{num::int(format!("{of}.capacity"), l.capacity)}{" = "}<b>{num::fixed(format!("{of}.ratio"), l.ratio, 2)}</b>
                </span>
            </div>
            <div class="lane-cells" title={fill(t(lang, k::cs_lane_title), &[&l.used.to_string(), &l.capacity.to_string(), &max])}>
                { lane_cells(l) }
            </div>
            <div class="lane-caps">
                <span>{num::fill(t(lang, k::cs_capacity_n), &[num::int(format!("{of}.capacity"), l.capacity)])}</span>
                <span>{num::fill(t(lang, k::cs_max_n), &[max_num])}</span>
            </div>
            <div class="lane-users">
                { for l.users.iter().take(MAX_USERS).map(|u| user_row(&l.queue, u, mask.user_limits, keys, lang)) }
                if l.users.is_empty() { <span class="meta small">{t(lang, k::cs_no_users)}</span> }
            </div>
        </li>
    }
}

/// The lanes; a practice question on the queue order lists them by name, without rank or
/// the order before the sort (`Mask::queue_order`).
pub fn lanes(c: &CapacityStage, mask: &Mask, keys: Keys, lang: Lang) -> Html {
    if let Some(e) = &c.start_error {
        return html! { <section class="lanes errors" data-testid="lanes"><p>{e}</p></section> };
    }
    let animated = c.maps.len() <= MAX_ANIMATED && !mask.queue_order;
    let users = c.maps.iter().map(|l| l.users.len().clamp(1, MAX_USERS)).max().unwrap_or(1);
    // Stable DOM order (by name), placed by rank: a re-sort slides the lanes.
    let mut keyed: Vec<(usize, &Lane)> = c.maps.iter().enumerate().collect();
    if animated || mask.queue_order {
        crate::sort::sort_by(&mut keyed, |a, b| a.1.queue.cmp(&b.1.queue));
    }
    let before = c.before.as_deref().filter(|_| !mask.queue_order).unwrap_or_default();
    // The values this heartbeat's first sort compared, when they are not what the lanes show
    // now (tasks reported finished before the sort, tasks launched after it).
    let differs = c.decided.iter().any(|d| {
        c.maps.iter().find(|l| l.queue == d.queue).is_none_or(|l| l.used != d.used || l.capacity != d.capacity)
    });
    let decided: &[crate::sim::stage::capacity::Standing] =
        if differs && !mask.queue_order && !mask.user_limits { &c.decided } else { &[] };
    // Lanes with a step's values drawn large (`lesson::key`) are taller.
    let tall = (keys.has(Key::CapacityRatio) || keys.has(Key::CapacityUserLimit)).then_some("keyed");
    let list_class =
        if animated { classes!(format!("n{}", c.maps.len()), format!("u{users}"), tall) } else { classes!("static") };
    let reduce_line: Vec<Html> = c
        .reduces
        .iter()
        .enumerate()
        .map(|(i, l)| {
            let of = format!("stage.reduces[queue={}]", l.queue);
            html! { <>{if i > 0 { " · " } else { "" }}{format!("{} ", l.queue)}{num::int(format!("{of}.used"), l.used)}{"/"}{num::int(format!("{of}.capacity"), l.capacity)}</> }
        })
        .collect();
    html! {
        <section class="lanes" data-testid="lanes" data-point="panel:capacity.queues panel:capacity.users panel:capacity.memory"
                 data-order={(!mask.queue_order).then(|| c.maps.iter().map(|l| l.queue.as_str()).collect::<Vec<_>>().join(","))}>
            <h3 class="band-title">{t(lang, k::cs_map_queues)}<span class="sub">{t(lang, k::cs_order)}</span></h3>
            if !before.is_empty() {
                <p class="before-order" data-testid="before-order">
                    <span class="caps">{t(lang, k::cs_before_sort)}</span>
                    { for before.iter().enumerate().map(|(r, (q, ratio))| html! {
                        <span class="ghost-chip">{num::int(format!("stage.before[0={q}]#"), r as i64 + 1)}{format!(" {q} ")}{num::fixed(format!("stage.before[0={q}].1"), *ratio, 2)}</span>
                    }) }
                </p>
            }
            if !decided.is_empty() {
                <p class="before-order decided" data-testid="decided-order">
                    <span class="caps">{t(lang, k::cs_at_decision)}</span>
                    { for decided.iter().enumerate().map(|(r, q)| html! {
                        <span class="ghost-chip" data-key={keys.attr(Key::CapacityRatio)}>
                            {num::int(format!("stage.decided[queue={}]#", q.queue), r as i64 + 1)}{format!(" {} ", q.queue)}
                            {num::int(format!("stage.decided[queue={}].used", q.queue), q.used)}{"/"}{num::int(format!("stage.decided[queue={}].capacity", q.queue), q.capacity)}
                            {" = "}{num::fixed(format!("stage.decided[queue={}].ratio", q.queue), q.ratio, 2)}
                        </span>
                    }) }
                </p>
            }
            <ol class={classes!("lane-list", list_class)} aria-label={t(lang, k::in_order)}>
                { for keyed.iter().map(|(rank, l)| lane(l, *rank, animated, mask, keys, lang)) }
            </ol>
            if !reduce_line.is_empty() {
                <p class="meta small reduce-line">{format!("{}: ", t(lang, k::cs_reduce_queues))}{ for reduce_line }</p>
            }
            if let Some((given, max, _)) = c.budget.filter(|b| b.1 > 0 && b.1 < i16::MAX as i32 && !mask.budget) {
                <p class="meta small" data-key={keys.attr(Key::Budget)}>{num::fill(t(lang, k::cs_budget), &[num::int("stage.budget.0", given), num::int("stage.budget.1", max)])}</p>
            }
        </section>
    }
}
