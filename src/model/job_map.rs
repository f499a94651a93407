//! `JobMap`: the JobTracker's jobs by id, with `BTreeMap`'s interface (the subset the code
//! uses) and order (ascending id), but O(1) lookups: ids below `DENSE_LIMIT` index a vector,
//! larger ones (rare, but a scenario may use them) fall back to a `BTreeMap`. Schedulers look
//! jobs up many times per heartbeat, so this is on every hot path.

use super::job::{Job, JobId};
use std::collections::BTreeMap;

/// Ids below this live in the vector (so a hostile id cannot make it huge).
pub const DENSE_LIMIT: u32 = 1 << 16;

#[derive(Debug, Clone, Default)]
pub struct JobMap {
    dense: Vec<Option<Job>>,
    sparse: BTreeMap<JobId, Job>,
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
            self.dense.get(id.0 as usize).and_then(Option::as_ref)
        } else {
            self.sparse.get(id)
        }
    }

    pub fn get_mut(&mut self, id: &JobId) -> Option<&mut Job> {
        if id.0 < DENSE_LIMIT {
            self.dense.get_mut(id.0 as usize).and_then(Option::as_mut)
        } else {
            self.sparse.get_mut(id)
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
            self.dense[i].replace(job)
        } else {
            self.sparse.insert(id, job)
        };
        if old.is_none() {
            self.len += 1;
        }
        old
    }

    pub fn remove(&mut self, id: &JobId) -> Option<Job> {
        let old = if id.0 < DENSE_LIMIT { self.dense.get_mut(id.0 as usize).and_then(Option::take) } else { self.sparse.remove(id) };
        if old.is_some() {
            self.len -= 1;
        }
        old
    }

    /// Jobs in ascending id order.
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &Job> + Clone {
        self.dense.iter().filter_map(Option::as_ref).chain(self.sparse.values())
    }

    pub fn values_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut Job> {
        self.dense.iter_mut().filter_map(Option::as_mut).chain(self.sparse.values_mut())
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &JobId> + Clone {
        self.values().map(|j| &j.id)
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = (&JobId, &Job)> + Clone {
        self.values().map(|j| (&j.id, j))
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
