//! What a history checkpoint costs: the bytes of one state that another does not share.
//! Not part of Hadoop. The engine's big parts (jobs, their TIPs and task caches, trackers,
//! topology) are shared copy-on-write between the running engine and its checkpoints, so a
//! checkpoint's own memory is what was copied after it was taken; history measures it to keep
//! its checkpoints within a memory budget.

use super::Cluster;
use crate::model::chunked::Chunked;
use crate::model::job::Job;
use crate::model::map_caches::MapCaches;
use crate::model::task::{ActiveAttempt, Tip};
use crate::model::tracker::{RunningTask, Tracker};
use std::mem::size_of;
use std::sync::Arc;

/// Heap bytes a TIP owns beyond its own size (its running attempts).
fn tip_heap(t: &Tip) -> usize {
    t.active.iter().map(|a| size_of::<ActiveAttempt>() + a.tracker.len() + a.host.len() + 32).sum::<usize>()
        + t.failed_hosts.iter().map(|h| h.len() + 48).sum::<usize>()
}

fn tracker_heap(t: &Tracker) -> usize {
    t.name.len() + t.host.len() + 32 + t.running.capacity() * size_of::<RunningTask>()
}

impl MapCaches {
    /// Bytes of `self` not shared with `other` (all of it when `other` is `None`).
    pub fn bytes_not_shared_with(&self, other: Option<&MapCaches>) -> usize {
        let empty = MapCaches::default();
        let o = other.unwrap_or(&empty);
        let vecs = [
            &self.non_local_maps,
            &self.failed_maps,
            &self.non_local_running_maps,
            &self.non_running_reduces,
            &self.running_reduces,
        ];
        size_of::<MapCaches>()
            + vecs.iter().map(|v| v.capacity() * 4).sum::<usize>()
            + self.non_running_map_cache.bytes_not_shared_with(&o.non_running_map_cache)
            + self.running_map_cache.bytes_not_shared_with(&o.running_map_cache)
    }
}

impl Job {
    /// Bytes of `self` not shared with `other`, an earlier state of the same job (all of it
    /// when `None`).
    pub fn bytes_not_shared_with(&self, other: Option<&Job>) -> usize {
        let empty = Chunked::default();
        let (maps, reduces) = other.map(|o| (&o.maps, &o.reduces)).unwrap_or((&empty, &empty));
        let caches = match other {
            Some(o) if Arc::ptr_eq(&self.caches, &o.caches) => 0,
            _ => self.caches.bytes_not_shared_with(other.map(|o| &*o.caches)),
        };
        size_of::<Job>()
            + self.name.len()
            + self.user.len()
            + self.queue.len()
            + self.maps.bytes_not_shared_with(maps, tip_heap)
            + self.reduces.bytes_not_shared_with(reduces, tip_heap)
            + caches
    }
}

impl Cluster {
    /// Bytes of `self` not shared with `other`, an earlier state of the same cluster.
    pub fn bytes_not_shared_with(&self, other: &Cluster) -> usize {
        let topology = if Arc::ptr_eq(&self.topology, &other.topology) { 0 } else { self.topology.len() * 96 };
        size_of::<Cluster>()
            + self.trackers.bytes_not_shared_with(&other.trackers, tracker_heap)
            + topology
            + self.jobs.bytes_not_shared_with(&other.jobs)
    }
}
