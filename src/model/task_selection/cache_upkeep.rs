//! Keeping `JobInProgress`'s task caches as attempts start, finish and fail: `scheduleMap`,
//! `retireMap`, `failMap`, `retireReduce`, `failReduce` (`src/mapred/org/apache/hadoop/mapred/JobInProgress.java`).

use super::*;

fn insert_fail_ordered(list: &mut Vec<u32>, tips: &Tips, idx: u32) {
    if list.contains(&idx) {
        return;
    }
    let key = |i: u32| (std::cmp::Reverse(tips[i as usize].num_failures), i);
    let pos = list.iter().position(|&o| key(o) > key(idx)).unwrap_or(list.len());
    list.insert(pos, idx);
}

impl Job {
    /// `scheduleMap`: index a newly running TIP in the running caches.
    ///
    /// Hadoop keeps the running caches for every job, but only the speculative search (step 4
    /// of `findNewMapTask`) reads them. A job without map speculation never reads them (its
    /// flag is fixed, or only ever turned off), so they are not kept for it: no decision
    /// changes, and a big run does not copy long rack lists into history's checkpoints.
    pub(super) fn schedule_map(&mut self, topo: &Topology, idx: u32) {
        if !self.conf.speculative_maps {
            return;
        }
        let tip = &self.maps[idx as usize];
        let caches = Arc::make_mut(&mut self.caches);
        if tip.locations.is_empty() {
            if !caches.non_local_running_maps.contains(&idx) {
                caches.non_local_running_maps.push(idx);
            }
            return;
        }
        for host in tip.locations.iter() {
            let Some(mut node) = topo.host_node(host) else { continue };
            for _ in 0..self.max_level {
                let set = caches.running_map_cache.entry(node);
                if !set.contains(&idx) {
                    set.push(idx);
                }
                match topo.parent(node) {
                    Some(p) => node = p,
                    None => break,
                }
            }
        }
    }

    /// `retireMap`: remove a TIP from the running caches (its hosts and their ancestors); not
    /// kept for a job without map speculation (see `schedule_map`).
    pub fn retire_map(&mut self, topo: &Topology, idx: u32) {
        if !self.conf.speculative_maps {
            return;
        }
        let tip = &self.maps[idx as usize];
        let caches = Arc::make_mut(&mut self.caches);
        if tip.locations.is_empty() {
            caches.non_local_running_maps.retain(|&i| i != idx);
            return;
        }
        for host in tip.locations.iter() {
            let Some(mut node) = topo.host_node(host) else { continue };
            for _ in 0..self.max_level {
                if let Some(set) = caches.running_map_cache.get_mut(&node) {
                    set.retain(|&i| i != idx);
                    if set.is_empty() {
                        caches.running_map_cache.remove(&node);
                    }
                }
                match topo.parent(node) {
                    Some(p) => node = p,
                    None => break,
                }
            }
        }
    }

    /// `failMap`: queue a TIP for re-execution.
    pub fn fail_map(&mut self, idx: u32) {
        insert_fail_ordered(&mut Arc::make_mut(&mut self.caches).failed_maps, &self.maps, idx);
    }

    /// `retireReduce`.
    pub fn retire_reduce(&mut self, idx: u32) {
        Arc::make_mut(&mut self.caches).running_reduces.retain(|&i| i != idx);
    }

    /// `failReduce`: back into `nonRunningReduces`, ordered by its new failure count.
    pub fn fail_reduce(&mut self, idx: u32) {
        insert_fail_ordered(&mut Arc::make_mut(&mut self.caches).non_running_reduces, &self.reduces, idx);
    }
}
