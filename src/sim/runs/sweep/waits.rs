//! What the jobs of a sweep run really waited, read from the Fair Scheduler's decision records:
//! why measured node locality can fall below the paper's bound on a nearly full cluster.
//!
//! * A **skip** is a heartbeat at which the job was visited for a map and launched none
//!   (`skippedAtLastHeartbeat`, set in `FairScheduler.assignTasks`). A job is only visited when
//!   the heartbeating tracker has a free map slot, so on a nearly full cluster the same few free
//!   slots are offered again and again: many skips, few **distinct trackers**. The bound assumes
//!   every skip is a fresh random node.
//! * A **full wait** is the run of skips a job took, since its previous map launch (or since it
//!   arrived) at level NODE, until its wait reached the node delay — the job's real D. Only
//!   skips of a job with maps still to launch count (a job whose maps all run is visited and
//!   marked skipped too).
//! * A launch **allowed by a remembered level** is a rack-local or off-switch map launched
//!   although the wait alone (counted from NODE) would not allow it: the job's previous map was
//!   itself that far from its data, and `lastMapLocalityLevel` remembers it
//!   (`FairScheduler.updateLastMapLocalityLevel`).

use crate::explain::{Decision, HeartbeatRecord};
use crate::model::{JobId, Locality};
use crate::sched::fair::delay::{Delays, LevelReason, LocalityLevel, level_by_wait};
use crate::sim::Engine;
use crate::sim::metrics::has_locations;
use std::collections::{BTreeMap, BTreeSet};

/// A job's wait in progress.
#[derive(Debug, Clone, Default)]
struct Episode {
    skips: u64,
    trackers: BTreeSet<String>,
    /// The wait reached the node delay (recorded once).
    full: bool,
}

/// Skips, distinct trackers and remembered-level launches over one run.
#[derive(Debug, Clone, Default)]
pub struct WaitTally {
    open: BTreeMap<u32, Episode>,
    /// Per job: (skips, distinct trackers) of each full wait.
    full_waits: BTreeMap<u32, Vec<(u64, u64)>>,
    /// Rack-local or off-switch maps (with input locations) allowed by a remembered level.
    pub remembered: u64,
}

fn level_of(l: Option<Locality>) -> LocalityLevel {
    match l {
        Some(Locality::Node) => LocalityLevel::Node,
        Some(Locality::Rack) => LocalityLevel::Rack,
        _ => LocalityLevel::Any,
    }
}

impl WaitTally {
    fn close_full(&mut self, job: u32) {
        let ep = self.open.entry(job).or_default();
        if !ep.full {
            ep.full = true;
            let w = (ep.skips, ep.trackers.len() as u64);
            self.full_waits.entry(job).or_default().push(w);
        }
    }

    /// Count heartbeat `rec`; `e` is the engine right after it.
    pub fn observe(&mut self, rec: &HeartbeatRecord, e: &Engine) {
        let Decision::Fair(f) = &rec.decision else { return };
        let delays = Delays { node: f.node_delay_ms, rack: f.rack_delay_ms, auto: false };
        // Launches: the visit that produced each map says what was allowed and why.
        for turn in f.turns.iter().filter(|t| t.kind == crate::model::TaskType::Map) {
            let Some(idx) = turn.assigned else { continue };
            let Some(a) = rec.assigned.get(idx) else { continue };
            let visit = turn.visits.iter().flat_map(|p| &p.jobs).find(|v| v.assigned == Some(idx));
            let Some(allowed) = visit.and_then(|v| v.allowed.as_ref()) else { continue };
            if !has_locations(e, a.job, a.index) {
                continue;
            }
            let by_wait = allowed.reason == LevelReason::Waited;
            if by_wait
                && allowed.last_level == LocalityLevel::Node
                && level_by_wait(LocalityLevel::Node, allowed.waited_ms, &delays) > LocalityLevel::Node
            {
                self.close_full(a.job);
            }
            let launched = level_of(a.locality);
            if by_wait
                && launched > LocalityLevel::Node
                && level_by_wait(LocalityLevel::Node, allowed.waited_ms, &delays) < launched
            {
                self.remembered += 1;
            }
            self.open.insert(a.job, Episode::default());
        }
        // Skips, at the wait the visit saw (the wait grows only at a heartbeat's start). A job
        // with no map left to launch is still visited and marked skipped; that is no wait for
        // locality, so it is not counted.
        for &job in &f.skipped {
            if e.cluster.jobs.get(&JobId(job)).is_none_or(|j| j.pending_maps() <= 0) {
                continue;
            }
            let Some(&(_, last, waited)) = f.after.iter().find(|x| x.0 == job) else { continue };
            if last != LocalityLevel::Node {
                continue;
            }
            if level_by_wait(LocalityLevel::Node, waited, &delays) > LocalityLevel::Node {
                self.close_full(job);
            } else {
                let ep = self.open.entry(job).or_default();
                ep.skips += 1;
                ep.trackers.insert(rec.tracker.clone());
            }
        }
    }

    /// Mean over jobs with a full wait of each job's mean (skips, distinct trackers), and the
    /// number of full waits.
    pub fn means(&self) -> (Option<f64>, Option<f64>, u64) {
        let per_job: Vec<(f64, f64)> = self
            .full_waits
            .values()
            .filter(|w| !w.is_empty())
            .map(|w| {
                let n = w.len() as f64;
                (w.iter().map(|x| x.0 as f64).sum::<f64>() / n, w.iter().map(|x| x.1 as f64).sum::<f64>() / n)
            })
            .collect();
        let waits = self.full_waits.values().map(|w| w.len() as u64).sum();
        if per_job.is_empty() {
            return (None, None, waits);
        }
        let n = per_job.len() as f64;
        (Some(per_job.iter().map(|x| x.0).sum::<f64>() / n), Some(per_job.iter().map(|x| x.1).sum::<f64>() / n), waits)
    }
}
