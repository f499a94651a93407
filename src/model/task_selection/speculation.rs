//! Speculative execution in task selection: `JobInProgress.findSpeculativeTask` and step 4 of
//! `findNewMapTask` (running maps searched bottom-up from the tracker's host, then other
//! racks, then maps without locations), with `TaskInProgress.hasSpeculativeTask`
//! (`src/mapred/org/apache/hadoop/mapred/JobInProgress.java`, `TaskInProgress.java`).

use super::*;

impl Job {
    /// `findSpeculativeTask`.
    pub(super) fn find_speculative_task(
        tips: &Tips,
        list: &mut Vec<u32>,
        t: &TrackerCtx,
        avg_progress: f32,
        remove_from_set: bool,
    ) -> Option<u32> {
        let mut i = 0;
        while i < list.len() {
            let tip = &tips[list[i] as usize];
            if !tip.is_running() || !tip.is_runnable() {
                list.remove(i);
                continue;
            }
            let has_run = tip.has_run_on(t.host, t.name);
            if tip.has_speculative_task(t.now, avg_progress) {
                let idx = list[i];
                if remove_from_set {
                    list.remove(i);
                } else {
                    i += 1;
                }
                if !has_run {
                    return Some(idx);
                }
                continue;
            } else if remove_from_set && has_run {
                list.remove(i);
                continue;
            }
            i += 1;
        }
        None
    }

    /// Step 4 of `findNewMapTask`: a running map worth a speculative attempt on this tracker.
    pub(super) fn find_speculative_map(
        &mut self,
        topo: &Topology,
        t: &TrackerCtx,
        own_rack: Option<NodeId>,
    ) -> Option<u32> {
        let avg = self.map_progress;
        if let Some(node) = t.node {
            let mut key = Some(node);
            for level in 0..self.max_level {
                let Some(k) = key else { break };
                if let Some(set) = Arc::make_mut(&mut self.caches).running_map_cache.get_mut(&k) {
                    let found = Self::find_speculative_task(&self.maps, set, t, avg, level == 0);
                    if set.is_empty() {
                        Arc::make_mut(&mut self.caches).running_map_cache.remove(&k);
                    }
                    if let Some(idx) = found {
                        return Some(idx);
                    }
                }
                key = topo.parent(k);
            }
        }
        for &parent in topo.nodes_at_max_level() {
            if Some(parent) == own_rack {
                continue;
            }
            if let Some(set) = Arc::make_mut(&mut self.caches).running_map_cache.get_mut(&parent) {
                let found = Self::find_speculative_task(&self.maps, set, t, avg, false);
                if set.is_empty() {
                    Arc::make_mut(&mut self.caches).running_map_cache.remove(&parent);
                }
                if let Some(idx) = found {
                    return Some(idx);
                }
            }
        }
        if let Some(idx) = Self::find_speculative_task(
            &self.maps,
            &mut Arc::make_mut(&mut self.caches).non_local_running_maps,
            t,
            avg,
            false,
        ) {
            return Some(idx);
        }
        None
    }
}
