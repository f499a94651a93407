//! `JobMap`: the JobTracker's jobs by id, with `BTreeMap`'s interface (the subset the code
//! uses) and order (ascending id), but O(1) lookups: ids below `DENSE_LIMIT` index a vector,
//! larger ones (rare, but a scenario may use them) fall back to a `BTreeMap`. Schedulers look
//! jobs up many times per heartbeat, so this is on every hot path.
//!
//! Each job sits behind an `Arc` and `get_mut` copies it on write: cloning the map (an engine
//! checkpoint for history) costs one reference count per job, and a checkpoint only holds its
//! own copy of the jobs that changed after it was taken (finished jobs never do).

use super::job::{Job, JobId};
use std::collections::BTreeMap;
use std::sync::Arc;

/// Ids below this live in the vector (so a hostile id cannot make it huge).
pub const DENSE_LIMIT: u32 = 1 << 16;

#[derive(Debug, Clone, Default)]
pub struct JobMap {
    dense: Vec<Option<Arc<Job>>>,
    sparse: BTreeMap<JobId, Arc<Job>>,
    len: usize,
}

impl JobMap {
    pub fn new() -> JobMap {
        JobMap::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, id: &JobId) -> Option<&Job> {
        if id.0 < DENSE_LIMIT {
            self.dense.get(id.0 as usize).and_then(Option::as_deref)
        } else {
            self.sparse.get(id).map(|j| &**j)
        }
    }

    /// The job, for changing: copied first if a checkpoint shares it.
    pub fn get_mut(&mut self, id: &JobId) -> Option<&mut Job> {
        if id.0 < DENSE_LIMIT {
            self.dense.get_mut(id.0 as usize).and_then(Option::as_mut).map(Arc::make_mut)
        } else {
            self.sparse.get_mut(id).map(Arc::make_mut)
        }
    }

    pub fn contains_key(&self, id: &JobId) -> bool {
        self.get(id).is_some()
    }

    /// Insert under `id` (which must be `job.id`), returning the job it replaces.
    pub fn insert(&mut self, id: JobId, job: Job) -> Option<Job> {
        debug_assert_eq!(id, job.id);
        let old = if id.0 < DENSE_LIMIT {
            let i = id.0 as usize;
            if self.dense.len() <= i {
                self.dense.resize_with(i + 1, || None);
            }
            self.dense[i].replace(Arc::new(job))
        } else {
            self.sparse.insert(id, Arc::new(job))
        };
        if old.is_none() {
            self.len += 1;
        }
        old.map(|j| Arc::try_unwrap(j).unwrap_or_else(|shared| (*shared).clone()))
    }

    pub fn remove(&mut self, id: &JobId) -> Option<Job> {
        let old = if id.0 < DENSE_LIMIT {
            self.dense.get_mut(id.0 as usize).and_then(Option::take)
        } else {
            self.sparse.remove(id)
        };
        if old.is_some() {
            self.len -= 1;
        }
        old.map(|j| Arc::try_unwrap(j).unwrap_or_else(|shared| (*shared).clone()))
    }

    /// Jobs in ascending id order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Job> + Clone {
        self.dense.iter().filter_map(Option::as_deref).chain(self.sparse.values().map(|j| &**j))
    }

    /// Every job for changing (each shared one is copied).
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Job> {
        self.dense.iter_mut().filter_map(Option::as_mut).chain(self.sparse.values_mut()).map(Arc::make_mut)
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &JobId> + Clone {
        self.values().map(|j| &j.id)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&JobId, &Job)> + Clone {
        self.values().map(|j| (&j.id, j))
    }

    /// Roughly the bytes this map holds that `other` does not share: the jobs copied on write
    /// since one was cloned from the other, each counted by what of it is not shared.
    pub fn bytes_not_shared_with(&self, other: &JobMap) -> usize {
        let mut bytes = self.dense.len() * 8;
        for job in self.dense.iter().flatten().chain(self.sparse.values()) {
            let theirs = if job.id.0 < DENSE_LIMIT {
                other.dense.get(job.id.0 as usize).and_then(Option::as_ref)
            } else {
                other.sparse.get(&job.id)
            };
            if !theirs.is_some_and(|t| Arc::ptr_eq(job, t)) {
                bytes += job.bytes_not_shared_with(theirs.map(|t| &**t));
            }
        }
        bytes
    }
}

impl std::ops::Index<&JobId> for JobMap {
    type Output = Job;
    fn index(&self, id: &JobId) -> &Job {
        self.get(id).expect("no job with this id")
    }
}

impl<'a> IntoIterator for &'a JobMap {
    type Item = (&'a JobId, &'a Job);
    type IntoIter = Box<dyn Iterator<Item = (&'a JobId, &'a Job)> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

/// Values by job id, with the same dense/sparse layout as `JobMap` (for schedulers' per-job
/// state, looked up on every visit of a job). Iteration is in ascending id order.
#[derive(Debug, Clone, PartialEq)]
pub struct IdMap<V> {
    dense: Vec<Option<(JobId, V)>>,
    sparse: BTreeMap<JobId, V>,
    len: usize,
}

impl<V> Default for IdMap<V> {
    fn default() -> Self {
        IdMap { dense: Vec::new(), sparse: BTreeMap::new(), len: 0 }
    }
}

impl<V> IdMap<V> {
    pub fn new() -> Self {
        Self::default()
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn get(&self, id: &JobId) -> Option<&V> {
        if id.0 < DENSE_LIMIT {
            self.dense.get(id.0 as usize).and_then(|e| e.as_ref().map(|(_, v)| v))
        } else {
            self.sparse.get(id)
        }
    }
    pub fn get_mut(&mut self, id: &JobId) -> Option<&mut V> {
        if id.0 < DENSE_LIMIT {
            self.dense.get_mut(id.0 as usize).and_then(|e| e.as_mut().map(|(_, v)| v))
        } else {
            self.sparse.get_mut(id)
        }
    }
    pub fn contains_key(&self, id: &JobId) -> bool {
        self.get(id).is_some()
    }
    pub fn insert(&mut self, id: JobId, v: V) -> Option<V> {
        let old = if id.0 < DENSE_LIMIT {
            let i = id.0 as usize;
            if self.dense.len() <= i {
                self.dense.resize_with(i + 1, || None);
            }
            self.dense[i].replace((id, v)).map(|(_, v)| v)
        } else {
            self.sparse.insert(id, v)
        };
        if old.is_none() {
            self.len += 1;
        }
        old
    }
    pub fn remove(&mut self, id: &JobId) -> Option<V> {
        let old = if id.0 < DENSE_LIMIT {
            self.dense.get_mut(id.0 as usize).and_then(Option::take).map(|(_, v)| v)
        } else {
            self.sparse.remove(id)
        };
        if old.is_some() {
            self.len -= 1;
        }
        old
    }
    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&JobId, &V)> + Clone {
        self.dense.iter().filter_map(|e| e.as_ref().map(|(k, v)| (k, v))).chain(self.sparse.iter())
    }
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = (&JobId, &mut V)> {
        self.dense.iter_mut().filter_map(|e| e.as_mut().map(|(k, v)| (&*k, v))).chain(self.sparse.iter_mut())
    }
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &JobId> + Clone {
        self.iter().map(|(k, _)| k)
    }
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + Clone {
        self.iter().map(|(_, v)| v)
    }
    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut V> {
        self.iter_mut().map(|(_, v)| v)
    }
}

impl<V> std::ops::Index<&JobId> for IdMap<V> {
    type Output = V;
    fn index(&self, id: &JobId) -> &V {
        self.get(id).expect("no entry for this job id")
    }
}

impl<V: serde::Serialize> serde::Serialize for IdMap<V> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(self.iter().map(|(k, v)| (k.0, v)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn id_map_orders_dense_then_sparse_and_counts() {
        let mut m = IdMap::new();
        for id in [5u32, DENSE_LIMIT + 3, 1, DENSE_LIMIT, 3] {
            assert!(m.insert(JobId(id), id).is_none());
        }
        assert_eq!(m.insert(JobId(3), 33), Some(3));
        assert_eq!(m.len(), 5);
        let keys: Vec<u32> = m.keys().map(|k| k.0).collect();
        assert_eq!(keys, vec![1, 3, 5, DENSE_LIMIT, DENSE_LIMIT + 3]);
        assert_eq!(m.remove(&JobId(5)), Some(5));
        assert_eq!(m.remove(&JobId(5)), None);
        assert_eq!(m.len(), 4);
        assert_eq!(m[&JobId(3)], 33);
        assert!(m.get(&JobId(u32::MAX)).is_none());
    }
}
