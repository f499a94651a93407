//! How a job picks its next task, mirroring `JobInProgress.createCache`, `findNewMapTask`,
//! `findTaskFromList`, `findSpeculativeTask`, `scheduleMap` / `retireMap` / `failMap` and
//! `findNewReduceTask` in Hadoop 1.2.1 (`src/mapred/org/apache/hadoop/mapred/JobInProgress.java`).
//!
//! The per-node lists are kept exactly as Hadoop keeps them, lazy clean-up included, so a
//! student can follow `findNewMapTask` line by line.

use super::Millis;
use super::job::{Job, Tips};
use super::map_caches::MapCaches;
use super::task::Tip;
use super::topology::{NodeId, Topology};
use std::sync::Arc;

mod cache_upkeep;
mod idle;
mod speculation;

/// `JobInProgress.NON_LOCAL_CACHE_LEVEL`.
pub const NON_LOCAL_CACHE_LEVEL: i32 = -1;

/// Where `findNewMapTask` found a map (used for the explanation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum MapSource {
    /// Step 0: a failed map re-run, any locality.
    FailedRerun,
    /// Step 1: the non-running cache at this level above the tracker's host (0 = host).
    Cache { level: u32 },
    /// Step 2: the list of another rack.
    OtherRack,
    /// Step 3: a map without split locations.
    NoLocation,
    /// Step 4: a speculative attempt of a running map.
    Speculative,
}

/// The tracker a job is asked to find a task for.
#[derive(Debug, Clone, Copy)]
pub struct TrackerCtx<'a> {
    pub name: &'a str,
    pub host: &'a str,
    pub node: Option<NodeId>,
    /// `clusterSize` (active trackers).
    pub cluster_size: u32,
    /// `numUniqueHosts`.
    pub unique_hosts: u32,
    pub now: Millis,
}

/// Why a job returned no task (for the explanation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum NoTask {
    NotInitialized,
    NotRunning,
    NoTasksOfType,
    /// `shouldRunOnTaskTracker` refused: too many failures of this job on this host.
    TrackerBlacklisted,
    /// Every task is running or done, and no speculative attempt is due.
    NothingPending,
    /// Pending maps exist, but none local enough for this call.
    NoneLocalEnough,
    /// Pending tasks exist, but each has failed on this host.
    FailedOnThisHost,
    /// `scheduleReduces()` is false.
    SlowStart,
    /// The attempt limit of the TIP was reached.
    AttemptLimit,
}

impl Job {
    /// `JobInProgress.initTasks` (the parts that matter for scheduling): TIP start times,
    /// `createCache`, the slow-start threshold, the locality wait factor. Split hosts must
    /// already be resolved in `topo`.
    pub fn init_tasks(&mut self, topo: &Topology, now: Millis, unique_hosts: u32) {
        for t in self.maps.iter_mut().chain(self.reduces.iter_mut()) {
            t.start_time = now;
        }
        let mut caches = MapCaches::default();
        for tip in &self.maps {
            if tip.locations.is_empty() {
                caches.non_local_maps.push(tip.index);
                continue;
            }
            for host in tip.locations.iter() {
                let Some(mut node) = topo.host_node(host) else { continue };
                for _ in 0..self.max_level {
                    let list = caches.non_running_map_cache.entry(node);
                    if list.last() != Some(&tip.index) {
                        list.push(tip.index);
                    }
                    match topo.parent(node) {
                        Some(p) => node = p,
                        None => break,
                    }
                }
            }
        }
        caches.non_running_reduces = (0..self.num_reduces()).collect();
        self.caches = Arc::new(caches);
        self.completed_maps_for_reduce_slowstart =
            super::job::slowstart_threshold(self.conf.slowstart, self.num_maps());
        if self.locality_wait_factor == 1.0 && unique_hosts > 0 {
            self.locality_wait_factor = (self.distinct_split_hosts() as f32 / unique_hosts as f32).min(1.0);
        }
        self.inited = true;
        self.init_time = Some(now);
    }

    /// `shouldRunOnTaskTracker`: the per-job tracker blacklist.
    pub fn should_run_on_tracker(&self, host: &str, cluster_size: u32) -> bool {
        // `flaky_trackers` counts the hosts whose failures reached the maximum: with none, no
        // host can be refused, and the look-up by name is skipped.
        if self.flaky_trackers == 0 && self.conf.max_tracker_failures > 0 {
            return true;
        }
        let failures = self.tracker_failures.get(host).copied().unwrap_or(0);
        !(failures >= self.conf.max_tracker_failures && (self.flaky_trackers as f64) < cluster_size as f64 * 0.25)
    }

    /// `findTaskFromList`: first runnable, non-running TIP that has not failed on this host
    /// (or has failed on every host), removing what it passes as Hadoop does.
    fn find_task_from_list(
        tips: &Tips,
        list: &mut Vec<u32>,
        host: &str,
        unique_hosts: u32,
        remove_failed: bool,
    ) -> Option<u32> {
        let mut i = 0;
        while i < list.len() {
            let tip = &tips[list[i] as usize];
            if tip.is_runnable() && !tip.is_running() {
                if !tip.has_failed_on(host) || tip.failed_hosts.len() as u32 >= unique_hosts {
                    return Some(list.remove(i));
                } else if remove_failed {
                    list.remove(i);
                    continue;
                }
                i += 1;
            } else {
                list.remove(i);
            }
        }
        None
    }

    /// `findNewMapTask(tts, clusterSize, numUniqueHosts, maxCacheLevel, avgProgress)`:
    /// its preconditions, then the search order. Returns the TIP index and where it was found.
    pub fn find_new_map_task(
        &mut self,
        topo: &Topology,
        t: &TrackerCtx,
        max_cache_level: i32,
    ) -> Result<(u32, MapSource), NoTask> {
        if let Some(no) = self.map_search_refusal(t.host, t.cluster_size) {
            return Err(no);
        }
        let max_level = self.max_level as i32;
        // 0. failed maps first, ignoring locality
        if let Some(idx) = Self::find_task_from_list(
            &self.maps,
            &mut Arc::make_mut(&mut self.caches).failed_maps,
            t.host,
            t.unique_hosts,
            false,
        ) {
            self.schedule_map(topo, idx);
            return Ok((idx, MapSource::FailedRerun));
        }
        // 1. non-running tasks, bottom-up from the tracker's host
        let own_rack = t.node.and_then(|n| topo.ancestor(n, self.max_level.saturating_sub(1)));
        if let Some(node) = t.node {
            let max_to_schedule = max_cache_level.min(max_level);
            let mut key = Some(node);
            let mut level: i32 = 0;
            while level < max_to_schedule {
                let Some(k) = key else { break };
                if let Some(list) = Arc::make_mut(&mut self.caches).non_running_map_cache.get_mut(&k) {
                    let found = Self::find_task_from_list(&self.maps, list, t.host, t.unique_hosts, level == 0);
                    let empty = list.is_empty();
                    if empty {
                        Arc::make_mut(&mut self.caches).non_running_map_cache.remove(&k);
                    }
                    if let Some(idx) = found {
                        self.schedule_map(topo, idx);
                        return Ok((idx, MapSource::Cache { level: level as u32 }));
                    }
                }
                key = topo.parent(k);
                level += 1;
            }
            if level == max_cache_level {
                return Err(self.why_no_map(t));
            }
        }
        // 2. other racks, breadth-wise
        for &parent in topo.nodes_at_max_level() {
            if Some(parent) == own_rack {
                continue;
            }
            if let Some(list) = Arc::make_mut(&mut self.caches).non_running_map_cache.get_mut(&parent) {
                let found = Self::find_task_from_list(&self.maps, list, t.host, t.unique_hosts, false);
                if list.is_empty() {
                    Arc::make_mut(&mut self.caches).non_running_map_cache.remove(&parent);
                }
                if let Some(idx) = found {
                    self.schedule_map(topo, idx);
                    return Ok((idx, MapSource::OtherRack));
                }
            }
        }
        // 3. maps without locations
        if let Some(idx) = Self::find_task_from_list(
            &self.maps,
            &mut Arc::make_mut(&mut self.caches).non_local_maps,
            t.host,
            t.unique_hosts,
            false,
        ) {
            self.schedule_map(topo, idx);
            return Ok((idx, MapSource::NoLocation));
        }
        // 4. speculative attempts
        if self.conf.speculative_maps {
            if let Some(idx) = self.find_speculative_map(topo, t, own_rack) {
                return Ok((idx, MapSource::Speculative));
            }
        }
        Err(self.why_no_map(t))
    }

    /// The early refusals of `findNewMapTask`, before any list is looked at: no maps, the
    /// tracker blacklisted for the job, or nothing waiting and no speculative copy possible
    /// (every list would then come up empty; their lazy clean-up never changes a decision).
    pub fn map_search_refusal(&self, host: &str, cluster_size: u32) -> Option<NoTask> {
        if self.num_maps() == 0 {
            Some(NoTask::NoTasksOfType)
        } else if !self.should_run_on_tracker(host, cluster_size) {
            Some(NoTask::TrackerBlacklisted)
        } else if self.pending_maps() <= 0 && !self.conf.speculative_maps {
            Some(NoTask::NothingPending)
        } else {
            None
        }
    }

    /// The early refusals of `findNewReduceTask`: no reduces, or the tracker blacklisted.
    pub(super) fn reduce_search_refusal(&self, host: &str, cluster_size: u32) -> Option<NoTask> {
        if self.num_reduces() == 0 {
            Some(NoTask::NoTasksOfType)
        } else if !self.should_run_on_tracker(host, cluster_size) {
            Some(NoTask::TrackerBlacklisted)
        } else {
            None
        }
    }

    /// A readable reason for "no map for this tracker" (not part of Hadoop's logic).
    pub(super) fn why_no_map(&self, t: &TrackerCtx) -> NoTask {
        // From the counters, not a scan of every TIP: this runs for every job that has no
        // task for a tracker, on every heartbeat.
        if self.pending_maps() <= 0 {
            NoTask::NothingPending
        } else if !self.caches.failed_maps.is_empty()
            && self.finished_maps + self.failed_map_tips + self.caches.failed_maps.len() as u32 + self.running_maps
                >= self.num_maps()
            && self.caches.failed_maps.iter().all(|&i| self.maps[i as usize].has_failed_on(t.host))
        {
            NoTask::FailedOnThisHost
        } else {
            NoTask::NoneLocalEnough
        }
    }

    /// `findNewReduceTask`: the non-running reduces, then a speculative one.
    pub fn find_new_reduce_task(&mut self, t: &TrackerCtx) -> Result<(u32, bool), NoTask> {
        if let Some(no) = self.reduce_search_refusal(t.host, t.cluster_size) {
            return Err(no);
        }
        if let Some(idx) = Self::find_task_from_list(
            &self.reduces,
            &mut Arc::make_mut(&mut self.caches).non_running_reduces,
            t.host,
            t.unique_hosts,
            false,
        ) {
            if !self.caches.running_reduces.contains(&idx) {
                Arc::make_mut(&mut self.caches).running_reduces.push(idx);
            }
            return Ok((idx, false));
        }
        if self.conf.speculative_reduces {
            let avg = self.reduce_progress;
            if let Some(idx) = Self::find_speculative_task(
                &self.reduces,
                &mut Arc::make_mut(&mut self.caches).running_reduces,
                t,
                avg,
                false,
            ) {
                return Ok((idx, true));
            }
        }
        Err(self.why_no_reduce())
    }

    /// A readable reason for "no reduce for this tracker".
    pub(super) fn why_no_reduce(&self) -> NoTask {
        let pending = self.reduces.iter().any(|r| r.is_runnable() && !r.is_running());
        if pending { NoTask::FailedOnThisHost } else { NoTask::NothingPending }
    }

    /// `getLocalityLevel(tip, tts)`: the minimum matching level between the tracker's host and
    /// the TIP's split hosts; `maxLevel` when there are none or nodes are unknown.
    pub fn locality_level(&self, topo: &Topology, tip: &Tip, tracker_node: Option<NodeId>) -> u32 {
        let mut level = self.max_level;
        let Some(tn) = tracker_node else { return level };
        for host in tip.locations.iter() {
            if let Some(dn) = topo.host_node(host) {
                level = level.min(topo.matching_level(tn, dn, self.max_level));
                if level == 0 {
                    break;
                }
            }
        }
        level
    }
}
