//! Theory against measurement for delay scheduling (Zaharia et al., "Delay Scheduling",
//! EuroSys 2010, section 5.1, the analysis of how locality grows with the delay). A job with N tasks whose input blocks
//! have R replicas on M nodes, allowed D skipped scheduling opportunities, reaches node locality
//!
//! l(D) ≥ 1 − e^(−RD/M) / (N · (1 − e^(−RD/M))).
//!
//! `sweep` runs one automatic-mode Fair Scheduler workload once per locality delay and reports
//! the node locality it measured next to that bound. Hadoop's delay is a time, not a count: a
//! job is charged the gap between consecutive heartbeats (from any tracker) after each skip, and
//! M trackers heartbeat every I ms, so a delay of W ms is about D = W · M / I skips. The rack
//! delay is 0 by default, so after W a job may launch anywhere, as in the paper's two-level
//! analysis.
//!
//! The bound is idealised, and `waits` says how the run differs from it: each job's real skips
//! and the distinct trackers they offered, with the bound recomputed for each count, and the
//! launches a remembered level allowed without waiting.

mod render;
mod waits;

pub use render::render;

use crate::model::{Locality, TaskType};
use crate::scenario::{Scenario, SchedulerKind};
use crate::sim::Engine;
use crate::sim::metrics::has_locations;
use serde::Serialize;

/// The paper's lower bound on node locality, clamped to [0, 1].
pub fn locality_bound(n: f64, r: f64, m: f64, d: f64) -> f64 {
    if n <= 0.0 || m <= 0.0 || d <= 0.0 || r <= 0.0 {
        return 0.0;
    }
    let x = (-r * d / m).exp();
    (1.0 - x / (n * (1.0 - x))).clamp(0.0, 1.0)
}

/// Skips `D` equivalent to a delay of `delay_ms` on `trackers` trackers heartbeating every
/// `interval_ms`.
pub fn skips_for_delay(delay_ms: i64, interval_ms: i64, trackers: usize) -> f64 {
    delay_ms as f64 * trackers as f64 / interval_ms.max(1) as f64
}

/// The delay (ms) that stands for `d` skips.
pub fn delay_for_skips(d: f64, interval_ms: i64, trackers: usize) -> i64 {
    (d * interval_ms as f64 / trackers.max(1) as f64).round() as i64
}

/// One run of the sweep.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepPoint {
    pub node_delay_ms: i64,
    pub skips: f64,
    /// Maps with input locations, by the locality they launched at.
    pub node_local: u64,
    pub rack_local: u64,
    pub off_switch: u64,
    pub measured: f64,
    /// Task-weighted mean of each job's bound l_j(D), D estimated from the delay (`skips`).
    pub bound: f64,
    /// Mean over jobs of the skips of a full wait (`waits`), and the bound with that D.
    pub mean_skips: Option<f64>,
    pub bound_skips: Option<f64>,
    /// Mean over jobs of the distinct trackers those skips offered, and the bound with that D.
    pub mean_trackers: Option<f64>,
    pub bound_trackers: Option<f64>,
    /// Full waits counted (jobs whose wait reached the node delay, each time it did).
    pub full_waits: u64,
    /// Rack-local or off-switch maps allowed by a remembered level (no wait needed).
    pub remembered: u64,
    /// Node locality of the other maps: `node_local / (all − remembered)`.
    pub measured_without_remembered: f64,
    pub makespan_ms: Option<i64>,
    pub mean_response_ms: Option<f64>,
    pub unfinished_jobs: usize,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SweepResult {
    pub scenario: String,
    /// M: distinct tracker hosts.
    pub nodes: usize,
    pub trackers: usize,
    pub heartbeat_interval_ms: i64,
    pub rack_delay_ms: i64,
    /// (job, N, mean R) of the jobs whose maps have locations.
    pub jobs: Vec<(u32, u64, f64)>,
    pub points: Vec<SweepPoint>,
}

/// What to vary.
#[derive(Debug, Clone, PartialEq)]
pub enum Sweep {
    DelaysMs(Vec<i64>),
    Skips(Vec<f64>),
}

/// The default sweep: D = 0, 1, 2, 3, 5, 8, 13, 21, 34 skips.
pub fn default_sweep() -> Sweep {
    Sweep::Skips(vec![0.0, 1.0, 2.0, 3.0, 5.0, 8.0, 13.0, 21.0, 34.0])
}

/// One point's run under way: the Fair Scheduler run with a node delay, its maps counted by
/// the locality they launched at, its waits tallied.
struct PointRun {
    node_delay: i64,
    e: Engine,
    counts: [u64; 3],
    waits: waits::WaitTally,
}

impl PointRun {
    fn new(s: &Scenario, node_delay: i64, rack_delay: i64) -> Result<PointRun, String> {
        let mut s = s.clone();
        let mut f = s.fair.clone().unwrap_or_default();
        f.node_locality_delay = Some(node_delay);
        f.rack_locality_delay = Some(rack_delay);
        s.fair = Some(f);
        let e = Engine::new(s)?;
        Ok(PointRun { node_delay, e, counts: [0; 3], waits: waits::WaitTally::default() })
    }

    /// At most `n` heartbeats more; whether the run ended.
    fn step(&mut self, n: u64) -> bool {
        for _ in 0..n {
            let Some(rec) = self.e.next_heartbeat() else { return true };
            for a in rec.assigned.iter().filter(|a| a.kind == TaskType::Map) {
                if !has_locations(&self.e, a.job, a.index) {
                    continue;
                }
                let i = match a.locality {
                    Some(Locality::Node) => 0,
                    Some(Locality::Rack) => 1,
                    _ => 2,
                };
                self.counts[i] += 1;
            }
            self.waits.observe(&rec, &self.e);
        }
        false
    }

    fn finish(self) -> (SweepPoint, Engine) {
        let PointRun { node_delay, e, counts: [node, rack, off], waits } = self;
        let total = node + rack + off;
        let jobs: Vec<_> = e.cluster.jobs.values().collect();
        let finished: Vec<i64> = jobs.iter().filter_map(|j| j.finish_time.map(|f| f - j.start_time)).collect();
        let (mean_skips, mean_trackers, full_waits) = waits.means();
        let ratio = |n: u64, d: u64| if d > 0 { n as f64 / d as f64 } else { 0.0 };
        let point = SweepPoint {
            node_delay_ms: node_delay,
            skips: 0.0,
            node_local: node,
            rack_local: rack,
            off_switch: off,
            measured: ratio(node, total),
            bound: 0.0,
            mean_skips,
            bound_skips: None,
            mean_trackers,
            bound_trackers: None,
            full_waits,
            remembered: waits.remembered,
            measured_without_remembered: ratio(node, total - waits.remembered.min(total)),
            makespan_ms: if finished.len() == jobs.len() {
                jobs.iter().filter_map(|j| j.finish_time).max()
            } else {
                None
            },
            mean_response_ms: (!finished.is_empty())
                .then(|| finished.iter().sum::<i64>() as f64 / finished.len() as f64),
            unfinished_jobs: jobs.len() - finished.len(),
        };
        drop(jobs);
        (point, e)
    }
}

/// The bound averaged over `jobs` (job, N, mean R), weighted by N, for one D.
pub fn mean_bound(jobs: &[(u32, u64, f64)], nodes: usize, d: f64) -> f64 {
    let total: u64 = jobs.iter().map(|(_, n, _)| n).sum();
    if total == 0 {
        return 0.0;
    }
    jobs.iter().map(|(_, n, r)| *n as f64 * locality_bound(*n as f64, *r, nodes as f64, d)).sum::<f64>() / total as f64
}

/// Run the sweep. The scenario must be an automatic-mode Fair Scheduler scenario.
pub fn sweep(s: &Scenario, what: &Sweep, rack_delay_ms: i64) -> Result<SweepResult, String> {
    let mut run = SweepRun::new(s, what, rack_delay_ms)?;
    while !run.step(u64::MAX)? {}
    Ok(run.finish())
}

/// The sweep run a few heartbeats at a time (`step`), one point's run after the other, so a
/// caller can spread it out (the page computes it in slices) and stop it; `sweep` runs it
/// whole. The same points either way.
pub struct SweepRun {
    s: Scenario,
    what: Sweep,
    rack_delay_ms: i64,
    delays: Vec<i64>,
    interval: i64,
    trackers: usize,
    nodes: usize,
    jobs_nr: Option<Vec<(u32, u64, f64)>>,
    points: Vec<SweepPoint>,
    current: Option<PointRun>,
}

impl SweepRun {
    /// Check the scenario and the delays; nothing run yet.
    pub fn new(s: &Scenario, what: &Sweep, rack_delay_ms: i64) -> Result<SweepRun, String> {
        if s.scheduler != SchedulerKind::Fair {
            return Err(
                "the sweep varies the Fair Scheduler's locality delay: the scenario needs \"scheduler\": \"fair\""
                    .into(),
            );
        }
        if s.steps.is_some() {
            return Err("the sweep measures a whole run: the scenario must be in automatic mode (no \"steps\")".into());
        }
        if rack_delay_ms < 0 {
            return Err(format!("rack delay {rack_delay_ms} ms: a delay cannot be negative"));
        }
        let probe = Engine::new(s.clone())?;
        let interval = probe.cluster.heartbeat_interval();
        let trackers = probe.cluster.trackers.len();
        let nodes = probe.cluster.num_unique_hosts() as usize;
        let delays: Vec<i64> = match what {
            Sweep::DelaysMs(d) => d.clone(),
            Sweep::Skips(k) => k.iter().map(|d| delay_for_skips(*d, interval, trackers)).collect(),
        };
        if let Some(d) = delays.iter().find(|d| **d < 0) {
            return Err(format!("delay {d} ms: a delay cannot be negative"));
        }
        Ok(SweepRun {
            s: s.clone(),
            what: what.clone(),
            rack_delay_ms,
            delays,
            interval,
            trackers,
            nodes,
            jobs_nr: None,
            points: Vec::new(),
            current: None,
        })
    }

    /// Run at most `n` heartbeats more (finishing a point's run may take one more step);
    /// whether every point is done.
    pub fn step(&mut self, n: u64) -> Result<bool, String> {
        let i = self.points.len();
        let Some(&d) = self.delays.get(i) else { return Ok(true) };
        let run = match self.current.as_mut() {
            Some(r) => r,
            None => self.current.insert(PointRun::new(&self.s, d, self.rack_delay_ms)?),
        };
        if !run.step(n) {
            return Ok(false);
        }
        let Some(run) = self.current.take() else { return Ok(false) };
        let (mut p, e) = run.finish();
        let jobs = self.jobs_nr.get_or_insert_with(|| {
            e.cluster
                .jobs
                .values()
                .filter_map(|j| {
                    let located: Vec<_> = j.maps.iter().filter(|m| !m.locations.is_empty()).collect();
                    if located.is_empty() {
                        return None;
                    }
                    let r = located.iter().map(|m| m.locations.len() as f64).sum::<f64>() / located.len() as f64;
                    Some((j.id.0, located.len() as u64, r))
                })
                .collect()
        });
        p.skips = match &self.what {
            Sweep::Skips(k) => k[i],
            Sweep::DelaysMs(_) => skips_for_delay(d, self.interval, self.trackers),
        };
        p.bound = mean_bound(jobs, self.nodes, p.skips);
        p.bound_skips = p.mean_skips.map(|d| mean_bound(jobs, self.nodes, d));
        p.bound_trackers = p.mean_trackers.map(|d| mean_bound(jobs, self.nodes, d));
        self.points.push(p);
        Ok(self.points.len() == self.delays.len())
    }

    /// The points done and how many there are, and the heartbeat of the one under way.
    pub fn progress(&self) -> (usize, usize, u64) {
        (self.points.len(), self.delays.len(), self.current.as_ref().map_or(0, |r| r.e.hb))
    }

    /// The result (of the points done: all of them once `step` said so).
    pub fn finish(self) -> SweepResult {
        SweepResult {
            scenario: self.s.id.clone(),
            nodes: self.nodes,
            trackers: self.trackers,
            heartbeat_interval_ms: self.interval,
            rack_delay_ms: self.rack_delay_ms,
            jobs: self.jobs_nr.unwrap_or_default(),
            points: self.points,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bound_matches_the_paper_example() {
        // λ = 0.95, N = 20, R = 3 needs D ≥ 0.23 M: at D = 0.231 M the bound is ≈ 0.95.
        let m = 100.0;
        let b = locality_bound(20.0, 3.0, m, 0.231 * m);
        assert!((b - 0.95).abs() < 0.005, "{b}");
        assert_eq!(locality_bound(20.0, 3.0, m, 0.0), 0.0);
        assert!(locality_bound(20.0, 3.0, m, 10.0) < locality_bound(20.0, 3.0, m, 20.0));
    }

    #[test]
    fn skips_and_delays() {
        assert_eq!(delay_for_skips(10.0, 300, 20), 150);
        assert!((skips_for_delay(150, 300, 20) - 10.0).abs() < 1e-9);
    }
}
