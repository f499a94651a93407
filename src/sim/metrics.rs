//! Honest numbers for charts and compare mode, computed from a run's own records and engine
//! state: the locality mix of launched maps over time, slots in use over time, each pool's
//! (Fair) or queue's (Capacity) running tasks against its fair share or capacity, and job
//! response times by job size, in the Facebook 2009 bins of the delay scheduling paper
//! (Zaharia et al., EuroSys 2010; `scenario::generator::FACEBOOK_2009_BINS`).

mod by_size;
pub mod spark;

pub use by_size::{BinLocality, LocalityTally, bin_of, data_nodes_of, locality_by_size, node_locality_of};

use super::Engine;
use crate::explain::{Decision, HeartbeatRecord};
use crate::model::{JobId, Locality, Millis, TaskType};
use crate::scenario::generator::FACEBOOK_2009_BINS;
use serde::Serialize;

/// A pool's or queue's running maps against what it is entitled to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Share {
    pub name: String,
    pub running: f64,
    /// Fair share (Fair Scheduler) or capacity in slots (Capacity Scheduler).
    pub target: f64,
}

/// The cluster right after one heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sample {
    pub hb: u64,
    pub time_ms: Millis,
    /// Maps launched so far, by locality (cumulative).
    pub node: u64,
    pub rack: u64,
    pub off_switch: u64,
    /// Maps launched so far whose input has locations, and of them the node-local ones.
    pub located: u64,
    pub located_node: u64,
    pub running_maps: u32,
    pub running_reduces: u32,
    pub map_slots: u32,
    pub reduce_slots: u32,
    /// Map shares, when the scheduler has pools or queues (carried forward between records).
    pub shares: Vec<Share>,
}

/// Feeds on each heartbeat as it is computed (the page calls `observe` after each new record).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Recorder {
    pub samples: Vec<Sample>,
    /// Locality per job and sticky slots, for the by-size figures.
    pub locality: LocalityTally,
}

/// Whether map `index` of `job` has input locations (the maps the paper's locality counts).
pub fn has_locations(e: &Engine, job: u32, index: u32) -> bool {
    e.cluster.jobs.get(&JobId(job)).and_then(|j| j.maps.get(index as usize)).is_some_and(|m| !m.locations.is_empty())
}

fn shares_of(rec: &HeartbeatRecord) -> Option<Vec<Share>> {
    match &rec.decision {
        Decision::Fair(f) => f.turns.iter().find(|t| t.kind == crate::model::TaskType::Map).map(|t| {
            let mut v: Vec<Share> = t
                .order
                .iter()
                .map(|p| Share { name: p.pool.clone(), running: p.running as f64, target: p.fair_share })
                .collect();
            crate::sort::sort_by(&mut v, |a, b| a.name.cmp(&b.name));
            v
        }),
        Decision::Capacity(c) => c.map.lookups.first().map(|l| {
            let mut v: Vec<Share> = l
                .order
                .iter()
                .map(|q| Share { name: q.queue.clone(), running: q.used as f64, target: q.capacity as f64 })
                .collect();
            crate::sort::sort_by(&mut v, |a, b| a.name.cmp(&b.name));
            v
        }),
        _ => None,
    }
}

impl Recorder {
    /// Record heartbeat `rec`, with `e` the engine just after it.
    pub fn observe(&mut self, rec: &HeartbeatRecord, e: &Engine) {
        let mut s = match self.samples.last() {
            Some(p) => Sample { hb: rec.hb, time_ms: rec.time_ms, ..p.clone() },
            None => Sample {
                hb: rec.hb,
                time_ms: rec.time_ms,
                node: 0,
                rack: 0,
                off_switch: 0,
                located: 0,
                located_node: 0,
                running_maps: 0,
                running_reduces: 0,
                map_slots: 0,
                reduce_slots: 0,
                shares: Vec::new(),
            },
        };
        for a in rec.assigned.iter().filter(|a| a.kind == TaskType::Map) {
            let loc = a.locality;
            match loc {
                Some(Locality::Node) => s.node += 1,
                Some(Locality::Rack) => s.rack += 1,
                _ => s.off_switch += 1,
            }
            if has_locations(e, a.job, a.index) {
                s.located += 1;
                if loc == Some(Locality::Node) {
                    s.located_node += 1;
                }
            }
        }
        s.running_maps = e.cluster.trackers.iter().map(|t| t.count_map_tasks()).sum();
        s.running_reduces = e.cluster.trackers.iter().map(|t| t.count_reduce_tasks()).sum();
        s.map_slots = e.cluster.capacity(TaskType::Map);
        s.reduce_slots = e.cluster.capacity(TaskType::Reduce);
        if let Some(sh) = shares_of(rec) {
            s.shares = sh;
        }
        self.samples.push(s);
        self.locality.observe(rec, e);
    }

    /// Time-weighted share of slots busy, from the first heartbeat to `end_ms`: each sample's
    /// running counts hold until the next sample.
    pub fn utilisation(&self, end_ms: Millis) -> f64 {
        let (mut busy, mut cap) = (0.0, 0.0);
        for (i, s) in self.samples.iter().enumerate() {
            let next = self.samples.get(i + 1).map(|n| n.time_ms).unwrap_or(end_ms).max(s.time_ms);
            let dt = (next - s.time_ms) as f64;
            busy += dt * (s.running_maps + s.running_reduces) as f64;
            cap += dt * (s.map_slots + s.reduce_slots) as f64;
        }
        if cap > 0.0 { busy / cap } else { 0.0 }
    }
}

/// Response times of the jobs of one size bin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BinStat {
    pub bin: usize,
    pub min_maps: u32,
    pub max_maps: u32,
    pub jobs: usize,
    pub finished: usize,
    pub mean_response_ms: Option<f64>,
    pub max_response_ms: Option<Millis>,
}

/// Job response times (finish − submit) by the number of maps, in the Facebook 2009 bins.
pub fn response_by_size(e: &Engine) -> Vec<BinStat> {
    FACEBOOK_2009_BINS
        .iter()
        .enumerate()
        .map(|(i, &(lo, hi, _))| {
            let hi = if i + 1 == FACEBOOK_2009_BINS.len() { u32::MAX } else { hi };
            let jobs: Vec<_> = e.cluster.jobs.values().filter(|j| (lo..=hi).contains(&j.num_maps().max(1))).collect();
            let resp: Vec<Millis> = jobs.iter().filter_map(|j| j.finish_time.map(|f| f - j.start_time)).collect();
            BinStat {
                bin: i + 1,
                min_maps: lo,
                max_maps: hi,
                jobs: jobs.len(),
                finished: resp.len(),
                mean_response_ms: (!resp.is_empty()).then(|| resp.iter().sum::<Millis>() as f64 / resp.len() as f64),
                max_response_ms: resp.iter().max().copied(),
            }
        })
        .filter(|b| b.jobs > 0)
        .collect()
}

/// One run, summed up.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RunSummary {
    pub label: String,
    pub heartbeats: u64,
    pub end_ms: Millis,
    pub makespan_ms: Option<Millis>,
    pub maps_node: u64,
    pub maps_rack: u64,
    pub maps_off_switch: u64,
    /// Node-local share of the maps whose input has locations (the paper's measure).
    pub node_locality: f64,
    pub jobs: usize,
    pub unfinished_jobs: usize,
    pub mean_response_ms: Option<f64>,
    pub utilisation: f64,
    pub by_size: Vec<BinStat>,
    /// Node locality by job-size bin (the paper's head-of-line evidence).
    pub locality_by_size: Vec<BinLocality>,
    /// Share of freed map slots refilled in the same heartbeat that went back to the job that
    /// had freed them (sticky slots); `None` when no slot was refilled so.
    pub sticky_share: Option<f64>,
}

/// Sum up a finished (or stopped) run.
pub fn summarise(label: &str, rec: &Recorder, e: &Engine) -> RunSummary {
    let last = rec.samples.last();
    let jobs: Vec<_> = e.cluster.jobs.values().collect();
    let resp: Vec<Millis> = jobs.iter().filter_map(|j| j.finish_time.map(|f| f - j.start_time)).collect();
    let end_ms = e.cluster.now;
    RunSummary {
        label: label.to_string(),
        heartbeats: e.hb,
        end_ms,
        makespan_ms: if resp.len() == jobs.len() { jobs.iter().filter_map(|j| j.finish_time).max() } else { None },
        maps_node: last.map_or(0, |s| s.node),
        maps_rack: last.map_or(0, |s| s.rack),
        maps_off_switch: last.map_or(0, |s| s.off_switch),
        node_locality: last.filter(|s| s.located > 0).map_or(0.0, |s| s.located_node as f64 / s.located as f64),
        jobs: jobs.len(),
        unfinished_jobs: jobs.len() - resp.len(),
        mean_response_ms: (!resp.is_empty()).then(|| resp.iter().sum::<Millis>() as f64 / resp.len() as f64),
        utilisation: rec.utilisation(end_ms),
        by_size: response_by_size(e),
        locality_by_size: locality_by_size(e, &rec.locality),
        sticky_share: rec.locality.sticky_share(),
    }
}

/// Run an engine to its end (or `max_heartbeats`), recording every heartbeat.
pub fn run(mut e: Engine, label: &str, max_heartbeats: u64) -> (RunSummary, Recorder) {
    let mut rec = Recorder::default();
    let mut n = 0;
    while n < max_heartbeats {
        let Some(r) = e.next_heartbeat() else { break };
        rec.observe(&r, &e);
        n += 1;
    }
    (summarise(label, &rec, &e), rec)
}
