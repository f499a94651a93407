//! The delay scheduling paper's evidence, by job size (Zaharia et al., EuroSys 2010, sections 2
//! and 5): node locality of each Facebook 2009 job-size bin, beside the share of nodes holding
//! the bin's input (head-of-line scheduling: under naive fair sharing a small job gets node
//! locality about as often as a random node holds its data), and how often a freed map slot
//! went straight back to the job that had just left it (sticky slots).

use super::Engine;
use crate::explain::HeartbeatRecord;
use crate::model::cluster::AttemptEnd;
use crate::model::{Locality, TaskType};
use crate::scenario::generator::FACEBOOK_2009_BINS;
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// Per-job locality counts and the sticky-slot tally, fed heartbeat by heartbeat.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct LocalityTally {
    /// Job → (maps launched whose input has locations, of them node-local).
    pub per_job: BTreeMap<u32, (u64, u64)>,
    /// Maps launched by a heartbeat into map slots that the same heartbeat reported freed
    /// (per heartbeat: the smaller of maps freed and maps launched).
    pub refilled: u64,
    /// Of those, launched for the job whose map had just finished there.
    pub returned: u64,
}

impl LocalityTally {
    /// Count heartbeat `rec`; `e` is the engine right after it.
    pub fn observe(&mut self, rec: &HeartbeatRecord, e: &Engine) {
        let mut launched: BTreeMap<u32, u64> = BTreeMap::new();
        for a in rec.assigned.iter().filter(|a| a.kind == TaskType::Map) {
            *launched.entry(a.job).or_default() += 1;
            if super::has_locations(e, a.job, a.index) {
                let c = self.per_job.entry(a.job).or_default();
                c.0 += 1;
                if a.locality == Some(Locality::Node) {
                    c.1 += 1;
                }
            }
        }
        let mut freed: BTreeMap<u32, u64> = BTreeMap::new();
        for r in rec.reported.iter().filter(|r| r.attempt.kind == TaskType::Map) {
            if matches!(r.outcome, AttemptEnd::Succeeded | AttemptEnd::Failed | AttemptEnd::Killed) {
                *freed.entry(r.attempt.job).or_default() += 1;
            }
        }
        let total_freed: u64 = freed.values().sum();
        let total_launched: u64 = launched.values().sum();
        self.refilled += total_freed.min(total_launched);
        self.returned += freed.iter().map(|(j, n)| (*n).min(launched.get(j).copied().unwrap_or(0))).sum::<u64>();
    }

    /// Share of refilled slots that went back to the job that had freed them.
    pub fn sticky_share(&self) -> Option<f64> {
        (self.refilled > 0).then(|| self.returned as f64 / self.refilled as f64)
    }
}

/// Node locality of the jobs of one size bin.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BinLocality {
    pub bin: usize,
    pub min_maps: u32,
    pub max_maps: u32,
    /// Jobs of the bin with at least one launched map that has input locations.
    pub jobs: usize,
    pub maps_located: u64,
    pub maps_node: u64,
    /// `maps_node / maps_located`.
    pub node_locality: Option<f64>,
    /// Mean over those jobs of the share of the cluster's nodes holding some of the job's
    /// input: the chance that a random node could run one of its maps node-locally.
    pub data_nodes: Option<f64>,
}

/// The bin (1-based) of a job with `maps` maps.
pub fn bin_of(maps: u32) -> usize {
    FACEBOOK_2009_BINS.iter().position(|&(_, hi, _)| maps.max(1) <= hi).unwrap_or(FACEBOOK_2009_BINS.len() - 1) + 1
}

/// Node locality by job-size bin (bins without a launched located map are left out).
pub fn locality_by_size(e: &Engine, t: &LocalityTally) -> Vec<BinLocality> {
    let hosts = e.cluster.num_unique_hosts().max(1) as f64;
    let mut out: Vec<BinLocality> = Vec::new();
    for (i, &(lo, hi, _)) in FACEBOOK_2009_BINS.iter().enumerate() {
        let hi = if i + 1 == FACEBOOK_2009_BINS.len() { u32::MAX } else { hi };
        let (mut jobs, mut located, mut node, mut frac) = (0usize, 0u64, 0u64, 0.0f64);
        for j in e.cluster.jobs.values().filter(|j| (lo..=hi).contains(&j.num_maps().max(1))) {
            let Some(&(l, n)) = t.per_job.get(&j.id.0).filter(|c| c.0 > 0) else { continue };
            let holders: BTreeSet<&str> = j.maps.iter().flat_map(|m| m.locations.iter().map(String::as_str)).collect();
            jobs += 1;
            located += l;
            node += n;
            frac += (holders.len() as f64 / hosts).min(1.0);
        }
        if jobs > 0 {
            out.push(BinLocality {
                bin: i + 1,
                min_maps: lo,
                max_maps: hi,
                jobs,
                maps_located: located,
                maps_node: node,
                node_locality: Some(node as f64 / located as f64),
                data_nodes: Some(frac / jobs as f64),
            });
        }
    }
    out
}

/// Node locality over the jobs of the given bins together (`None` when they launched no
/// located map).
pub fn node_locality_of(bins: &[BinLocality], which: &[usize]) -> Option<f64> {
    let (l, n) = bins
        .iter()
        .filter(|b| which.contains(&b.bin))
        .fold((0u64, 0u64), |(l, n), b| (l + b.maps_located, n + b.maps_node));
    (l > 0).then(|| n as f64 / l as f64)
}

/// The job-weighted mean share of nodes holding the input of the jobs of the given bins.
pub fn data_nodes_of(bins: &[BinLocality], which: &[usize]) -> Option<f64> {
    let (jobs, sum) = bins
        .iter()
        .filter(|b| which.contains(&b.bin))
        .fold((0usize, 0.0), |(j, s), b| (j + b.jobs, s + b.data_nodes.unwrap_or(0.0) * b.jobs as f64));
    (jobs > 0).then(|| sum / jobs as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bins_follow_the_facebook_table() {
        assert_eq!(bin_of(0), 1);
        assert_eq!(bin_of(1), 1);
        assert_eq!(bin_of(2), 2);
        assert_eq!(bin_of(3), 3);
        assert_eq!(bin_of(20), 3);
        assert_eq!(bin_of(21), 4);
        assert_eq!(bin_of(4800), 9);
        assert_eq!(bin_of(100_000), 9);
    }
}
