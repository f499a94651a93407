//! Theory against measurement for delay scheduling (Zaharia et al., "Delay Scheduling",
//! EuroSys 2010, §5.1; `shared/notes/anchors.md` §4.5). A job with N tasks whose input blocks
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

use crate::model::{JobId, Locality};
use crate::scenario::{Scenario, SchedulerKind};
use crate::sim::Engine;
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
    /// Task-weighted mean of each job's bound l_j(D).
    pub bound: f64,
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

fn run_one(s: &Scenario, node_delay: i64, rack_delay: i64) -> Result<(SweepPoint, Engine), String> {
    let mut s = s.clone();
    let mut f = s.fair.clone().unwrap_or_default();
    f.node_locality_delay = Some(node_delay);
    f.rack_locality_delay = Some(rack_delay);
    s.fair = Some(f);
    let mut e = Engine::new(s)?;
    let (mut node, mut rack, mut off) = (0u64, 0u64, 0u64);
    while let Some(rec) = e.next_heartbeat() {
        for a in rec.assigned.iter().filter(|a| a.kind == "map") {
            let has_locations = e
                .cluster
                .jobs
                .get(&JobId(a.job))
                .and_then(|j| j.maps.get(a.index as usize))
                .is_some_and(|t| !t.locations.is_empty());
            if !has_locations {
                continue;
            }
            match a.locality.and_then(Locality::parse) {
                Some(Locality::Node) => node += 1,
                Some(Locality::Rack) => rack += 1,
                _ => off += 1,
            }
        }
    }
    let total = node + rack + off;
    let jobs: Vec<_> = e.cluster.jobs.values().collect();
    let finished: Vec<i64> = jobs.iter().filter_map(|j| j.finish_time.map(|f| f - j.start_time)).collect();
    let point = SweepPoint {
        node_delay_ms: node_delay,
        skips: 0.0,
        node_local: node,
        rack_local: rack,
        off_switch: off,
        measured: if total > 0 { node as f64 / total as f64 } else { 0.0 },
        bound: 0.0,
        makespan_ms: if finished.len() == jobs.len() { jobs.iter().filter_map(|j| j.finish_time).max() } else { None },
        mean_response_ms: (!finished.is_empty()).then(|| finished.iter().sum::<i64>() as f64 / finished.len() as f64),
        unfinished_jobs: jobs.len() - finished.len(),
    };
    Ok((point, e))
}

/// Run the sweep. The scenario must be an automatic-mode Fair Scheduler scenario.
pub fn sweep(s: &Scenario, what: &Sweep, rack_delay_ms: i64) -> Result<SweepResult, String> {
    if s.scheduler != SchedulerKind::Fair {
        return Err(
            "the sweep varies the Fair Scheduler's locality delay: the scenario needs \"scheduler\": \"fair\"".into()
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
    let mut jobs_nr: Option<Vec<(u32, u64, f64)>> = None;
    let mut points = Vec::new();
    for (i, d) in delays.iter().enumerate() {
        let (mut p, e) = run_one(s, *d, rack_delay_ms)?;
        let jobs = jobs_nr.get_or_insert_with(|| {
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
        p.skips = match what {
            Sweep::Skips(k) => k[i],
            Sweep::DelaysMs(_) => skips_for_delay(*d, interval, trackers),
        };
        let total: u64 = jobs.iter().map(|(_, n, _)| n).sum();
        p.bound = if total == 0 {
            0.0
        } else {
            jobs.iter().map(|(_, n, r)| *n as f64 * locality_bound(*n as f64, *r, nodes as f64, p.skips)).sum::<f64>()
                / total as f64
        };
        points.push(p);
    }
    Ok(SweepResult {
        scenario: s.id.clone(),
        nodes,
        trackers,
        heartbeat_interval_ms: interval,
        rack_delay_ms,
        jobs: jobs_nr.unwrap_or_default(),
        points,
    })
}

/// The sweep as a text table (English or Chinese).
pub fn render(r: &SweepResult, lang: crate::i18n::Lang) -> Vec<String> {
    use crate::i18n::Lang;
    let mut out = Vec::new();
    let (n_avg, r_avg) = if r.jobs.is_empty() {
        (0.0, 0.0)
    } else {
        let n: u64 = r.jobs.iter().map(|j| j.1).sum();
        (n as f64 / r.jobs.len() as f64, r.jobs.iter().map(|j| j.2 * j.1 as f64).sum::<f64>() / n.max(1) as f64)
    };
    out.push(match lang {
        Lang::En => format!(
            "Delay-scheduling sweep of {}: M = {} nodes ({} trackers, heartbeat every {} ms), {} jobs with input locations, N = {:.1} maps per job on average, R = {:.2} replicas; rack delay {} ms. A delay of W ms is about D = W x {} / {} skips.",
            r.scenario, r.nodes, r.trackers, r.heartbeat_interval_ms, r.jobs.len(), n_avg, r_avg, r.rack_delay_ms, r.trackers, r.heartbeat_interval_ms
        ),
        Lang::Zh => format!(
            "{} 的延迟调度扫描：M = {} 个节点（{} 个 TaskTracker，每 {} ms 心跳一次），{} 个有输入位置的作业，平均每个作业 N = {:.1} 个 map，副本数 R = {:.2}；rackLocalityDelay = {} ms。延迟 W ms 约等于 D = W x {} / {} 次跳过。",
            r.scenario, r.nodes, r.trackers, r.heartbeat_interval_ms, r.jobs.len(), n_avg, r_avg, r.rack_delay_ms, r.trackers, r.heartbeat_interval_ms
        ),
    });
    out.push(match lang {
        Lang::En => "Bound: l(D) >= 1 - e^(-RD/M) / (N (1 - e^(-RD/M))), averaged over jobs weighted by N (Zaharia et al., EuroSys 2010).".into(),
        Lang::Zh => "理论下界：l(D) >= 1 - e^(-RD/M) / (N (1 - e^(-RD/M)))，按各作业 N 加权平均（Zaharia 等，EuroSys 2010）。".into(),
    });
    out.push(match lang {
        Lang::En => format!(
            "{:>10} {:>7} {:>11} {:>9} {:>6} {:>6} {:>11} {:>14}",
            "delay ms", "D", "node-local", "bound", "rack", "off", "makespan s", "mean resp. s"
        ),
        Lang::Zh => format!(
            "{:>10} {:>7} {:>11} {:>9} {:>6} {:>6} {:>11} {:>14}",
            "延迟 ms", "D", "node-local", "下界", "rack", "off", "完成时间 s", "平均响应 s"
        ),
    });
    for p in &r.points {
        let f = |x: Option<f64>| x.map(|v| format!("{:.1}", v / 1000.0)).unwrap_or_else(|| "-".into());
        out.push(format!(
            "{:>10} {:>7.1} {:>10.1}% {:>8.1}% {:>6} {:>6} {:>11} {:>14}",
            p.node_delay_ms,
            p.skips,
            100.0 * p.measured,
            100.0 * p.bound,
            p.rack_local,
            p.off_switch,
            f(p.makespan_ms.map(|m| m as f64)),
            f(p.mean_response_ms)
        ));
    }
    out
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
