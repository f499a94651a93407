//! Fair Scheduler questions on pools: a pool's fair share and the order pools are offered a
//! slot (`FairShareComparator`). The scenario builder is shared with `fair_delay.rs`,
//! `fair_multiple.rs` and `fair_preemption.rs`.

use super::answer::{Answer, Form};
use super::build::{self, Shape};
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header};
use crate::explain::Decision;
use crate::lesson::Bi;
use crate::sched::fair::decision::{FairDecision, PoolLine, Turn};
use serde_json::{Map, Value, json};

/// What a Fair scenario stresses.
#[derive(Default, Clone, Copy)]
pub struct Flavour {
    /// Pools with jobs (range).
    pub pools: (i64, i64),
    pub weights: bool,
    pub min_shares: bool,
    /// Input on a few hosts, so jobs wait for locality.
    pub concentrate: bool,
    /// Node and rack locality delays in ms (`None`: 0, every job may run anywhere at once).
    pub delays: Option<(i64, i64)>,
    /// A pool with a min share and a min-share preemption timeout whose job arrives late.
    pub starving_pool: bool,
    pub preemption: bool,
    /// Draw `assignmultiple` and its map cap.
    pub assign_multiple: bool,
    pub map_slots: (i64, i64),
    /// Every map's input on every node, so every map runs node-local: the stage shows one
    /// locality and suggests no rule about it (preemption reads pools and start times only).
    pub input_everywhere: bool,
    /// One map per heartbeat (`assignmultiple` false), so no two maps start at the same moment
    /// on one tracker.
    pub one_map_per_heartbeat: bool,
}

pub const POOL_NAMES: [&str; 4] = ["ads", "batch", "etl", "reports"];

pub fn scenario(draw: &mut Draw, d: Difficulty, f: Flavour) -> Value {
    let slots = if f.map_slots == (0, 0) { (2, 3) } else { f.map_slots };
    let s = build::shape_racks(draw, d, slots, 2, if f.delays.is_some() { 2 } else { 1 });
    let n_pools = draw.range(f.pools.0.max(1), f.pools.1.max(1)) as usize;
    let capacity = (s.trackers() * s.map_slots) as i64;
    let hot_rack = draw.range(1, s.racks as i64) as u32;
    let hot: Vec<String> = {
        let mut h = vec![Shape::host(hot_rack, draw.range(1, s.nodes as i64) as u32)];
        if draw.chance(50) {
            h.push(Shape::host(hot_rack, draw.range(1, s.nodes as i64) as u32));
        }
        h
    };
    let mut pools = Map::new();
    let mut jobs = Vec::new();
    let mut id = 0;
    for (i, name) in POOL_NAMES.iter().take(n_pools).enumerate() {
        let mut p = Map::new();
        if f.weights && draw.chance(60) {
            p.insert("weight".into(), json!(*draw.pick(&[2.0, 3.0, 0.5])));
        }
        let starving = f.starving_pool && i == n_pools - 1;
        if (f.min_shares && draw.chance(50)) || starving {
            p.insert("minMaps".into(), json!(draw.range(1, (capacity / 2).max(1))));
        }
        if starving || f.preemption {
            p.insert("minSharePreemptionTimeout".into(), json!(draw.range(3, 12)));
        }
        pools.insert(name.to_string(), Value::Object(p));
        let per_pool = if d == Difficulty::Hard { draw.range(1, 2) } else { 1 };
        for _ in 0..per_pool {
            id += 1;
            let late = starving || (f.preemption && i == n_pools - 1);
            let submit = if late { draw.range(8, 16) * 500 } else { draw.range(0, 6) * 500 };
            let count = draw.range(2, capacity.max(3)) as u32;
            let dur = build::duration(draw, 4, 12) * if f.starving_pool || f.preemption { 2 } else { 1 };
            let maps = if f.input_everywhere {
                build::maps_everywhere(count, &s.hosts(), dur)
            } else if f.concentrate && (draw.chance(70) || late) {
                build::maps_on(draw, count, &hot, dur)
            } else {
                build::spread_maps(count, draw.range(1, 3) as u32, dur)
            };
            jobs.push(build::job(id, &format!("user{id}"), Some(("pool", name)), submit, maps, 0));
        }
    }
    let (node, rack) = f.delays.unwrap_or((0, 0));
    let mut props = json!({"node_locality_delay": node, "rack_locality_delay": rack});
    if f.assign_multiple {
        props["assign_multiple"] = json!(draw.chance(60));
        props["assign_multiple_maps"] = json!(*draw.pick(&[-1, 1, 2]));
    }
    if f.one_map_per_heartbeat {
        props["assign_multiple"] = json!(false);
    }
    if f.preemption {
        props["preemption"] = json!(true);
        props["preemption_interval_ms"] = json!(1000);
    }
    let mut v = build::scenario("fair", draw.u64(), s, json!({}), jobs);
    v["fair"] = json!({"properties": props, "allocations": {"pools": Value::Object(pools)}});
    v
}

pub fn decision<'a>(m: &'a Moment) -> Option<&'a FairDecision> {
    match &m.rec.decision {
        Decision::Fair(d) => Some(d),
        _ => None,
    }
}

/// The heartbeat's first map turn.
pub fn first_map_turn(d: &FairDecision) -> Option<&Turn> {
    d.turns.iter().find(|t| t.kind == crate::model::TaskType::Map)
}

fn pool_givens(p: &PoolLine, with_running: bool) -> Bi {
    let running = if with_running { format!("runs {} maps, ", p.running) } else { String::new() };
    let running_zh = if with_running { format!("运行 {} 个 map，", p.running) } else { String::new() };
    bi(
        format!("Pool {}: {running}demand {} maps, min share {}, weight {}.", p.pool, p.demand, p.min_share, p.weight),
        format!(
            "资源池 {}：{running_zh}需求 {} 个 map，最小份额 {}，权重 {}。",
            p.pool, p.demand, p.min_share, p.weight
        ),
    )
}

fn shares_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let f = match d {
        Difficulty::Easy => Flavour { pools: (2, 2), weights: true, ..Default::default() },
        Difficulty::Medium => Flavour { pools: (2, 3), weights: true, ..Default::default() },
        Difficulty::Hard => Flavour { pools: (3, 4), weights: true, min_shares: true, ..Default::default() },
    };
    scenario(draw, d, f)
}

/// `fair.shares`: one pool's fair share of map slots, as the last `update()` computed it.
fn fair_share(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let t = first_map_turn(d)?;
    let busy: Vec<&PoolLine> = t.order.iter().filter(|p| p.demand > 0).collect();
    let total: i64 = busy.iter().map(|p| p.demand).sum();
    if busy.len() < 2 || total <= d.total_map_slots {
        return None;
    }
    let p = busy[(m.rec.hb % busy.len() as u64) as usize];
    let mut prompt = header(m);
    prompt.push(bi(
        format!("The cluster has {} map slots. At the last update the pools were:", d.total_map_slots),
        format!("集群共有 {} 个 map slot。上一次 update 时各资源池如下：", d.total_map_slots),
    ));
    let mut lines: Vec<&PoolLine> = t.order.iter().collect();
    crate::sort::sort_by(&mut lines, |a, b| a.pool.cmp(&b.pool));
    prompt.extend(lines.into_iter().map(|p| pool_givens(p, false)));
    prompt.push(bi(
        format!("What is pool {}'s fair share of map slots (two decimals)?", p.pool),
        format!("资源池 {} 的 map 公平份额是多少（保留两位小数）？", p.pool),
    ));
    Some(Posed {
        category: u8::from(p.fair_share + 1e-6 >= p.demand as f64),
        prompt,
        form: Form::Number { decimals: 2, tolerance: 0.01 },
        expected: Answer::Number(p.fair_share),
        focus_job: None,
        focus_queue: Some(p.pool.clone()),
    })
}

pub static FAIR_SHARE: Kind =
    Kind { id: "fair.fair_share", concept: "fair.shares", scenario: shares_scenario, pose: fair_share, categories: 2 };

fn order_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let f = match d {
        Difficulty::Easy => Flavour { pools: (2, 3), ..Default::default() },
        Difficulty::Medium => Flavour { pools: (3, 3), weights: true, ..Default::default() },
        Difficulty::Hard => Flavour { pools: (3, 4), weights: true, min_shares: true, ..Default::default() },
    };
    scenario(draw, d, f)
}

/// `fair.shares`: the order in which pools are offered the heartbeat's first map slot.
fn pool_order(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let t = first_map_turn(d)?;
    let with_jobs = t.order.iter().filter(|p| p.demand > 0).count();
    if t.order.len() < 3 || with_jobs < 2 {
        return None;
    }
    let mut names: Vec<&str> = t.order.iter().map(|p| p.pool.as_str()).collect();
    crate::sort::sort(&mut names);
    let expected: Vec<usize> =
        t.order.iter().map(|p| names.iter().position(|n| *n == p.pool)).collect::<Option<_>>()?;
    let mut prompt = header(m);
    let mut lines: Vec<&PoolLine> = t.order.iter().collect();
    crate::sort::sort_by(&mut lines, |a, b| a.pool.cmp(&b.pool));
    prompt.extend(lines.into_iter().map(|p| pool_givens(p, true)));
    // `FairShareComparator` breaks a tie by start time (a pool's is 0) and then by name; without
    // this line tied pools (often: two running nothing) have no order the facts give.
    prompt.push(bi(
        "Pools that tie are offered in name order (FairShareComparator then compares start times, 0 for every pool, then names).",
        "公平程度相同的资源池按名称顺序排列（FairShareComparator 接着比较开始时间，每个池都是 0，再比较名称）。",
    ));
    prompt.push(bi(
        "In which order are the pools offered this heartbeat's first map slot?",
        "本次心跳的第一个 map slot 按什么顺序提供给各资源池？",
    ));
    Some(Posed {
        category: u8::from(t.order.iter().any(|p| p.needy)),
        prompt,
        form: Form::Order { items: names.iter().map(|n| bi(*n, *n)).collect() },
        expected: Answer::Order(expected),
        focus_job: None,
        focus_queue: None,
    })
}

pub static POOL_ORDER: Kind =
    Kind { id: "fair.pool_order", concept: "fair.shares", scenario: order_scenario, pose: pool_order, categories: 2 };
