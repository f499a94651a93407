//! Visits of `findNewMapTask` and `findNewReduceTask` that find nothing and change nothing, recognised without
//! touching the job (not part of Hadoop: an optimisation that changes no decision).
//!
//! Under delay scheduling most visits are of this kind: the scheduler asks a job for a
//! node-local map on a tracker where the job has no split, `findNewMapTask` walks the cache
//! levels, finds no list for the tracker's host or rack, and returns nothing. Only lists that
//! exist can be cleaned up or yield a task, so when none of the lists the search would open
//! exists, the answer is known from the counters alone. Answering it read-only matters for
//! history: asking for `&mut Job` makes a job shared with a checkpoint copy itself.

use super::*;

impl Job {
    /// `Some(answer)` when `find_new_map_task(topo, t, max_cache_level)` would return
    /// `Err(answer)` without changing anything; `None` when it must run (it may find a task or
    /// clean up a list).
    pub fn idle_map_search(&self, topo: &Topology, t: &TrackerCtx, max_cache_level: i32) -> Option<NoTask> {
        if let Some(no) = self.map_search_refusal(t.host, t.cluster_size) {
            return Some(no);
        }
        // 0. failed maps
        if !self.caches.failed_maps.is_empty() {
            return None;
        }
        // 1. the tracker's host and its ancestors, up to the allowed level
        let own_rack = t.node.and_then(|n| topo.ancestor(n, self.max_level.saturating_sub(1)));
        if let Some(node) = t.node {
            let max_to_schedule = max_cache_level.min(self.max_level as i32);
            let mut key = Some(node);
            let mut level: i32 = 0;
            while level < max_to_schedule {
                let Some(k) = key else { break };
                if self.caches.non_running_map_cache.contains_key(&k) {
                    return None;
                }
                key = topo.parent(k);
                level += 1;
            }
            if level == max_cache_level {
                return Some(self.why_no_map(t));
            }
        }
        // 2. other racks
        let other_racks = topo.nodes_at_max_level().iter().filter(|&&p| Some(p) != own_rack);
        if other_racks.into_iter().any(|p| self.caches.non_running_map_cache.contains_key(p)) {
            return None;
        }
        // 3. maps without locations; 4. speculative copies (their search cleans up lists)
        if !self.caches.non_local_maps.is_empty() || self.conf.speculative_maps {
            return None;
        }
        Some(self.why_no_map(t))
    }

    /// The same for `find_new_reduce_task(t)`: with no reduce waiting in `nonRunningReduces`
    /// and no speculation, it returns at once.
    pub fn idle_reduce_search(&self, t: &TrackerCtx) -> Option<NoTask> {
        if let Some(no) = self.reduce_search_refusal(t.host, t.cluster_size) {
            return Some(no);
        }
        if !self.caches.non_running_reduces.is_empty() || self.conf.speculative_reduces {
            return None;
        }
        Some(self.why_no_reduce())
    }
}
