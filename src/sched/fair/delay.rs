//! Delay scheduling in the Hadoop 1.2.1 Fair Scheduler
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/FairScheduler.java`,
//! `LocalityLevel.java`): the per-job `lastMapLocalityLevel`, `timeWaitedForLocalMap` and
//! `skippedAtLastHeartbeat`, `FairScheduler.updateLocalityWaitTimes`, `updateLastMapLocalityLevel`,
//! `getAllowedLocalityLevel` with its starvation override, `LocalityLevel.fromTask`, and the node /
//! rack delays (explicit, or auto-computed from the heartbeat interval).

use super::FairScheduler;
use super::pools::PoolManager;
use crate::model::{Cluster, Job, JobId, Millis};
use serde::Serialize;

/// `FairScheduler.MAX_AUTOCOMPUTED_LOCALITY_DELAY`.
pub const MAX_AUTOCOMPUTED_LOCALITY_DELAY: Millis = 15_000;

/// `LocalityLevel`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LocalityLevel {
    Node,
    Nodegroup,
    Rack,
    Any,
}

impl LocalityLevel {
    pub fn as_str(self) -> &'static str {
        match self {
            LocalityLevel::Node => "NODE",
            LocalityLevel::Nodegroup => "NODEGROUP",
            LocalityLevel::Rack => "RACK",
            LocalityLevel::Any => "ANY",
        }
    }
    pub fn parse(s: &str) -> Option<LocalityLevel> {
        [LocalityLevel::Node, LocalityLevel::Nodegroup, LocalityLevel::Rack, LocalityLevel::Any]
            .into_iter()
            .find(|l| l.as_str().eq_ignore_ascii_case(s))
    }
    /// `LocalityLevel.fromTask`: the level of a launched map from `getLocalityLevel(tip, tts)`
    /// (0 node, 1 rack; with node groups 0 node, 1 node group, 2 rack; anything else ANY).
    pub fn from_task_level(level: Option<u32>, nodegroup_aware: bool) -> LocalityLevel {
        match (level, nodegroup_aware) {
            (Some(0), _) => LocalityLevel::Node,
            (Some(1), false) => LocalityLevel::Rack,
            (Some(1), true) => LocalityLevel::Nodegroup,
            (Some(2), true) => LocalityLevel::Rack,
            _ => LocalityLevel::Any,
        }
    }
    /// The `maxCacheLevel` the allowed level stands for: NODE → `obtainNewNodeLocalMapTask`
    /// (1), RACK → `obtainNewNodeOrRackLocalMapTask` (`maxLevel`), anything else →
    /// `obtainNewMapTask` (`maxLevel + 1`).
    pub fn max_cache_level(self, cache_levels: u32) -> i32 {
        match self {
            LocalityLevel::Node => 1,
            LocalityLevel::Rack => cache_levels as i32,
            _ => cache_levels as i32 + 1,
        }
    }
    /// The `JobInProgress` method the Fair Scheduler calls for this level.
    pub fn call(self) -> &'static str {
        match self {
            LocalityLevel::Node => "obtainNewNodeLocalMapTask",
            LocalityLevel::Rack => "obtainNewNodeOrRackLocalMapTask",
            _ => "obtainNewMapTask",
        }
    }
}

/// The delay-scheduling fields of `FairScheduler.JobInfo`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct DelayState {
    pub last_map_locality_level: LocalityLevel,
    pub time_waited_for_local_map: Millis,
    pub skipped_at_last_heartbeat: bool,
}

impl Default for DelayState {
    fn default() -> Self {
        DelayState {
            last_map_locality_level: LocalityLevel::Node,
            time_waited_for_local_map: 0,
            skipped_at_last_heartbeat: false,
        }
    }
}

/// `nodeLocalityDelay`, `rackLocalityDelay` and `autoComputeLocalityDelay`
/// (`FairScheduler.start`, `FairScheduler.update`).
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
pub struct Delays {
    pub node: Millis,
    pub rack: Millis,
    pub auto: bool,
}

impl Delays {
    /// `FairScheduler.start`: `locality.delay` (default −1) is the default of `.node` and
    /// `.rack`; if it is −1 and either of them is −1, both are computed at every `update()`.
    pub fn from_conf(locality_delay: Millis, node: Option<Millis>, rack: Option<Millis>) -> Delays {
        let node = node.unwrap_or(locality_delay);
        let rack = rack.unwrap_or(locality_delay);
        Delays { node, rack, auto: locality_delay == -1 && (node == -1 || rack == -1) }
    }
    /// `min(15000, (long) (1.5 × getNextHeartbeatInterval()))` for both delays.
    pub fn auto_compute(&mut self, heartbeat_interval: Millis) {
        let d = MAX_AUTOCOMPUTED_LOCALITY_DELAY.min((1.5 * heartbeat_interval as f64) as Millis);
        self.node = d;
        self.rack = d;
    }
}

/// Why a job is allowed the level it is.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum LevelReason {
    /// The job has no JobInfo (should not happen).
    NoInfo,
    /// `job.nonLocalMaps` is not empty: maps without input locations, no delay scheduling.
    NoLocalityInfo,
    /// The pool has starved for maps longer than a preemption timeout (`getAllowedLocalityLevel`;
    /// `docs/hadoop/fair.md` §F1).
    Starved {
        since_min_share_ms: Millis,
        min_share_timeout_ms: Millis,
        since_half_fair_share_ms: Millis,
        fair_share_timeout_ms: Millis,
    },
    /// The usual case: from the last launch's level and the time waited since.
    Waited,
}

/// The outcome of `getAllowedLocalityLevel` with everything a student needs to check it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Allowed {
    pub level: LocalityLevel,
    pub reason: LevelReason,
    pub last_level: LocalityLevel,
    pub waited_ms: Millis,
    pub node_delay_ms: Millis,
    pub rack_delay_ms: Millis,
}

/// Whether the job "has no locality information" for delay scheduling: the real
/// `JobInProgress` keeps unscheduled location-less maps in `nonLocalMaps` (`docs/hadoop/fair.md` §F8); the
/// unit-test fake keeps every map of a job created without locations there for good, and a job
/// created with location lists, even all empty, has none there (`TestFairScheduler.FakeJobInProgress`).
pub fn has_no_locality_info(job: &Job, fake: bool) -> bool {
    if fake { !job.maps.is_empty() && !job.locations_given } else { !job.caches.non_local_maps.is_empty() }
}

/// The level table of `getAllowedLocalityLevel` step 4 (thresholds are "≥", cumulative).
pub fn level_by_wait(last: LocalityLevel, waited: Millis, d: &Delays) -> LocalityLevel {
    match last {
        LocalityLevel::Node => {
            if waited >= d.node + d.rack {
                LocalityLevel::Any
            } else if waited >= d.node {
                LocalityLevel::Rack
            } else {
                LocalityLevel::Node
            }
        }
        LocalityLevel::Rack => {
            if waited >= d.rack {
                LocalityLevel::Any
            } else {
                LocalityLevel::Rack
            }
        }
        _ => LocalityLevel::Any,
    }
}

/// Starvation check of `getAllowedLocalityLevel` step 3 on the pool's map schedulable.
pub fn starvation(pm: &PoolManager, pool: &str, now: Millis) -> Option<LevelReason> {
    let p = &pm.pools[pm.find(pool)?];
    let min_t = pm.min_share_timeout(pool);
    let fair_t = pm.fair_share_timeout();
    let since_min = now - p.map.last_time_at_min_share;
    let since_half = now - p.map.last_time_at_half_fair_share;
    (since_min > min_t || since_half > fair_t).then_some(LevelReason::Starved {
        since_min_share_ms: since_min,
        min_share_timeout_ms: min_t,
        since_half_fair_share_ms: since_half,
        fair_share_timeout_ms: fair_t,
    })
}

/// One job whose wait grew at the start of a heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaitGrowth {
    pub job: u32,
    pub before_ms: Millis,
    pub after_ms: Millis,
}

impl FairScheduler {
    /// `updateLocalityWaitTimes(currentTime)`: charge the time since the previous heartbeat
    /// (from any tracker) to every job skipped at that heartbeat. Returns the delta, the
    /// previous heartbeat time (`None` for the 0 sentinel) and the growth per job.
    pub fn update_locality_wait_times(&mut self, now: Millis) -> (Millis, Option<Millis>, Vec<WaitGrowth>) {
        let prev = (self.last_heartbeat_time != 0).then_some(self.last_heartbeat_time);
        let delta = if self.last_heartbeat_time == 0 { 0 } else { now - self.last_heartbeat_time };
        self.last_heartbeat_time = now;
        // Only jobs marked at the previous heartbeat can be set (`skipped_jobs`), in id order.
        let mut skipped = std::mem::take(&mut self.skipped_jobs);
        skipped.sort_unstable();
        skipped.dedup();
        let mut grew = Vec::with_capacity(skipped.len());
        for id in &skipped {
            let Some(info) = self.infos.get_mut(id) else { continue };
            if info.delay.skipped_at_last_heartbeat {
                let before = info.delay.time_waited_for_local_map;
                info.delay.time_waited_for_local_map += delta;
                info.delay.skipped_at_last_heartbeat = false;
                grew.push(WaitGrowth { job: id.0, before_ms: before, after_ms: info.delay.time_waited_for_local_map });
            }
        }
        // The list's room is kept for the marks of this heartbeat.
        skipped.clear();
        self.skipped_jobs = skipped;
        (delta, prev, grew)
    }

    /// `getAllowedLocalityLevel(job, currentTime)`.
    pub fn allowed_locality_level(&self, cluster: &Cluster, id: JobId, now: Millis) -> Allowed {
        let starved = self.infos.get(&id).and_then(|info| starvation(&self.pm, &info.pool, now));
        self.allowed_locality_level_given(cluster, id, starved)
    }

    /// `allowed_locality_level` with the starvation check of the job's pool already made.
    pub fn allowed_locality_level_given(&self, cluster: &Cluster, id: JobId, starved: Option<LevelReason>) -> Allowed {
        let d = self.delays;
        let mk = |level, reason, last, waited| Allowed {
            level,
            reason,
            last_level: last,
            waited_ms: waited,
            node_delay_ms: d.node,
            rack_delay_ms: d.rack,
        };
        let Some(info) = self.infos.get(&id) else {
            return mk(LocalityLevel::Any, LevelReason::NoInfo, LocalityLevel::Node, 0);
        };
        let last = info.delay.last_map_locality_level;
        let waited = info.delay.time_waited_for_local_map;
        let fake = self.conf.harness.fake_task_choice();
        if cluster.jobs.get(&id).is_some_and(|j| has_no_locality_info(j, fake)) {
            return mk(LocalityLevel::Any, LevelReason::NoLocalityInfo, last, waited);
        }
        if let Some(starved) = starved {
            return mk(LocalityLevel::Any, starved, last, waited);
        }
        mk(level_by_wait(last, waited, &d), LevelReason::Waited, last, waited)
    }

    /// `updateLastMapLocalityLevel(job, task, tracker)`: record the actual level of the
    /// launched map and reset the wait.
    pub fn update_last_map_locality_level(&mut self, id: JobId, level: LocalityLevel) {
        if let Some(info) = self.infos.get_mut(&id) {
            info.delay.last_map_locality_level = level;
            info.delay.time_waited_for_local_map = 0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thresholds_are_cumulative_and_inclusive() {
        let d = Delays { node: 5000, rack: 10000, auto: false };
        assert_eq!(level_by_wait(LocalityLevel::Node, 4999, &d), LocalityLevel::Node);
        assert_eq!(level_by_wait(LocalityLevel::Node, 5000, &d), LocalityLevel::Rack);
        assert_eq!(level_by_wait(LocalityLevel::Node, 14999, &d), LocalityLevel::Rack);
        assert_eq!(level_by_wait(LocalityLevel::Node, 15000, &d), LocalityLevel::Any);
        assert_eq!(level_by_wait(LocalityLevel::Rack, 9999, &d), LocalityLevel::Rack);
        assert_eq!(level_by_wait(LocalityLevel::Rack, 10000, &d), LocalityLevel::Any);
        assert_eq!(level_by_wait(LocalityLevel::Any, 0, &d), LocalityLevel::Any);
        assert_eq!(level_by_wait(LocalityLevel::Nodegroup, 0, &d), LocalityLevel::Any);
    }

    #[test]
    fn auto_delay() {
        let mut d = Delays::from_conf(-1, Some(2000), None);
        assert!(d.auto, "one explicit value does not stop auto mode");
        d.auto_compute(300);
        assert_eq!((d.node, d.rack), (450, 450));
        d.auto_compute(20_000);
        assert_eq!(d.node, 15_000);
        assert!(!Delays::from_conf(-1, Some(5000), Some(10000)).auto);
        assert!(!Delays::from_conf(3000, None, None).auto);
    }
}
