//! Building blocks of the generated scenarios: a small cluster whose size follows the
//! difficulty, jobs with rack-aware replicas or with their input on chosen hosts, and the
//! automatic-mode settings every practice scenario shares (no speculation, a heartbeat every
//! second, readable task durations).

use super::difficulty::Difficulty;
use super::moment::Draw;
use serde_json::{Value, json};

/// Racks × nodes and slots per tracker.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub racks: u32,
    pub nodes: u32,
    pub map_slots: u32,
    pub reduce_slots: u32,
}

impl Shape {
    pub fn trackers(&self) -> u32 {
        self.racks * self.nodes
    }
    /// The host of node `n` (1-based) of rack `r` (1-based), as the `racks` generator names it.
    pub fn host(r: u32, n: u32) -> String {
        format!("rack{r}.node{n}")
    }
    pub fn hosts(&self) -> Vec<String> {
        (1..=self.racks).flat_map(|r| (1..=self.nodes).map(move |n| Shape::host(r, n))).collect()
    }
    pub fn rack_hosts(&self, r: u32) -> Vec<String> {
        (1..=self.nodes).map(|n| Shape::host(r, n)).collect()
    }
}

/// A cluster for this difficulty: easy 1–2 racks of 2 nodes, medium 2 racks of 2–3, hard 2–3
/// racks of 2–3; `min_trackers` raises the node count where a rule needs more trackers (FIFO
/// padding needs more than 3).
pub fn shape(draw: &mut Draw, d: Difficulty, map_slots: (i64, i64), min_trackers: u32) -> Shape {
    shape_racks(draw, d, map_slots, min_trackers, 1)
}

/// `shape` with at least `min_racks` racks (off-switch and rack-local need two).
pub fn shape_racks(draw: &mut Draw, d: Difficulty, map_slots: (i64, i64), min_trackers: u32, min_racks: i64) -> Shape {
    let (racks, nodes) = match d {
        Difficulty::Easy => (draw.range(min_racks.max(1), 2), 2),
        Difficulty::Medium => (2, draw.range(2, 3)),
        Difficulty::Hard => (draw.range(2, 3), draw.range(2, 3)),
    };
    let (racks, mut nodes) = (racks as u32, nodes as u32);
    while racks * nodes < min_trackers {
        nodes += 1;
    }
    Shape { racks, nodes, map_slots: draw.range(map_slots.0, map_slots.1) as u32, reduce_slots: 2 }
}

/// The scenario around `jobs`: automatic mode, one heartbeat per tracker per second, no
/// speculation; `config` adds to the shared settings.
pub fn scenario(scheduler: &str, seed: u64, s: Shape, mut config: Value, jobs: Vec<Value>) -> Value {
    let shared = json!({
        "speculative_maps": false,
        "speculative_reduces": false,
        "heartbeats_in_second": s.trackers(),
        "map_slots": s.map_slots,
        "reduce_slots": s.reduce_slots,
    });
    for (k, v) in shared.as_object().into_iter().flatten() {
        if config.get(k).is_none() {
            config[k] = v.clone();
        }
    }
    json!({
        "version": 1,
        "id": format!("practice-{scheduler}-{seed}"),
        "title": {"en": "Practice", "zh": "练习"},
        "scheduler": scheduler,
        "seed": seed % 1_000_000_007,
        "config": config,
        "racks": {"count": s.racks, "nodes_per_rack": s.nodes},
        "jobs": jobs,
        "run": {"max_heartbeats": 2_000}
    })
}

/// Maps with rack-aware replicas placed from the scenario seed.
pub fn spread_maps(count: u32, replicas: u32, duration_ms: i64) -> Value {
    json!({"count": count, "replicas": replicas, "duration_ms": duration_ms})
}

/// Maps whose input lives on hosts drawn from `hosts` (one to two replicas each).
pub fn maps_on(draw: &mut Draw, count: u32, hosts: &[String], duration_ms: i64) -> Value {
    let maps: Vec<Value> = (0..count)
        .map(|_| {
            let a = draw.pick(hosts).clone();
            let mut locs = vec![a.clone()];
            if hosts.len() > 1 && draw.chance(40) {
                let b = draw.pick(hosts).clone();
                if b != a {
                    locs.push(b);
                }
            }
            json!({"locations": locs, "duration_ms": duration_ms + draw.range(0, 4) * 250})
        })
        .collect();
    Value::Array(maps)
}

/// Maps whose input has a replica on every one of `hosts`: node-local wherever they run.
pub fn maps_everywhere(count: u32, hosts: &[String], duration_ms: i64) -> Value {
    Value::Array((0..count).map(|_| json!({"locations": hosts, "duration_ms": duration_ms})).collect())
}

/// A job object; `group` is the pool (Fair) or the queue (Capacity, FIFO ignores it).
#[allow(clippy::too_many_arguments)]
pub fn job(id: u32, user: &str, group: Option<(&str, &str)>, submit_ms: i64, maps: Value, reduces: u32) -> Value {
    let mut j = json!({"id": id, "user": user, "submit_time": submit_ms, "maps": maps});
    if reduces > 0 {
        j["reduces"] = json!({"count": reduces, "duration_ms": 4000});
    }
    if let Some((field, name)) = group {
        j[field] = json!(name);
    }
    j
}

/// A duration between `lo` and `hi` seconds, in quarter seconds.
pub fn duration(draw: &mut Draw, lo: i64, hi: i64) -> i64 {
    draw.range(lo * 4, hi * 4) * 250
}
