//! `Chunked<T, N>`: a vector stored in chunks of `N` elements that are shared copy-on-write, so that
//! cloning it costs one reference count per chunk, and changing an element copies only its
//! chunk (not part of Hadoop: it is how history stays cheap).
//!
//! A job's TIPs live in one of these. History keeps checkpoints of the engine; a checkpoint
//! shares every chunk with the running engine, and when the engine then changes a TIP only
//! that TIP's chunk of `CHUNK` TIPs is copied, not the job's thousands of TIPs. Indexing is
//! O(1) (a division and two loads), which matters because `findNewMapTask` indexes TIPs in its
//! inner loop; a persistent tree (`im`'s `Vector`) would make every lookup O(log n).

use serde::Serialize;
use std::sync::Arc;

/// Elements per chunk by default.
pub const CHUNK: usize = 32;

#[derive(Clone)]
pub struct Chunked<T, const N: usize = CHUNK> {
    chunks: Vec<Arc<Vec<T>>>,
    len: usize,
}

impl<T, const N: usize> Default for Chunked<T, N> {
    fn default() -> Self {
        Chunked { chunks: Vec::new(), len: 0 }
    }
}

impl<T: Clone, const N: usize> Chunked<T, N> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        if i < self.len { Some(&self.chunks[i / N][i % N]) } else { None }
    }

    /// The element, for changing: its chunk is copied first if a clone shares it.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i < self.len { Some(&mut Arc::make_mut(&mut self.chunks[i / N])[i % N]) } else { None }
    }

    pub fn push(&mut self, v: T) {
        if self.len % N == 0 {
            self.chunks.push(Arc::new(Vec::with_capacity(N)));
        }
        Arc::make_mut(self.chunks.last_mut().expect("a chunk with room")).push(v);
        self.len += 1;
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    /// Every element, for changing (every shared chunk is copied).
    pub fn iter_mut(&mut self) -> impl DoubleEndedIterator<Item = &mut T> {
        self.chunks.iter_mut().flat_map(|c| Arc::make_mut(c).iter_mut())
    }

    pub fn first(&self) -> Option<&T> {
        self.get(0)
    }

    pub fn last(&self) -> Option<&T> {
        self.len.checked_sub(1).and_then(|i| self.get(i))
    }

    /// Roughly the bytes this holds that `other` does not share: the chunk pointers, and each
    /// unshared chunk with what `heap` says its elements own beyond their own size.
    pub fn bytes_not_shared_with(&self, other: &Chunked<T, N>, heap: impl Fn(&T) -> usize) -> usize {
        let chunk = N * std::mem::size_of::<T>() + 48;
        self.chunks.len() * 8 + self.unshared(other).map(|c| chunk + c.iter().map(&heap).sum::<usize>()).sum::<usize>()
    }

    fn unshared<'a>(&'a self, other: &'a Chunked<T, N>) -> impl Iterator<Item = &'a Arc<Vec<T>>> {
        self.chunks
            .iter()
            .enumerate()
            .filter(|(i, c)| other.chunks.get(*i).is_none_or(|o| !Arc::ptr_eq(c, o)))
            .map(|(_, c)| c)
    }
}

impl<T: Clone, const N: usize> std::ops::Index<usize> for Chunked<T, N> {
    type Output = T;
    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(v) => v,
            None => panic!("index {i} out of range for a list of {}", self.len),
        }
    }
}

impl<T: Clone, const N: usize> std::ops::IndexMut<usize> for Chunked<T, N> {
    fn index_mut(&mut self, i: usize) -> &mut T {
        let len = self.len;
        match self.get_mut(i) {
            Some(v) => v,
            None => panic!("index {i} out of range for a list of {len}"),
        }
    }
}

impl<T: Clone, const N: usize> FromIterator<T> for Chunked<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut c = Chunked::<T, N>::new();
        for v in iter {
            c.push(v);
        }
        c
    }
}

impl<T: Clone, const N: usize> From<Vec<T>> for Chunked<T, N> {
    fn from(v: Vec<T>) -> Self {
        v.into_iter().collect()
    }
}

impl<'a, T: Clone, const N: usize> IntoIterator for &'a Chunked<T, N> {
    type Item = &'a T;
    type IntoIter = Box<dyn DoubleEndedIterator<Item = &'a T> + 'a>;
    fn into_iter(self) -> Self::IntoIter {
        Box::new(self.iter())
    }
}

impl<T: Clone + std::fmt::Debug, const N: usize> std::fmt::Debug for Chunked<T, N> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Clone + PartialEq, const N: usize> PartialEq for Chunked<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Clone + Serialize, const N: usize> Serialize for Chunked<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_vector() {
        let v: Vec<u32> = (0..100).collect();
        let c: Chunked<u32> = v.iter().copied().collect();
        assert_eq!(c.len(), 100);
        assert_eq!(c.iter().copied().collect::<Vec<_>>(), v);
        assert_eq!(c.iter().rev().copied().collect::<Vec<_>>(), v.iter().rev().copied().collect::<Vec<_>>());
        assert_eq!((c[0], c[31], c[32], c[99]), (0, 31, 32, 99));
        assert_eq!(c.get(100), None);
        assert_eq!((c.first(), c.last()), (Some(&0), Some(&99)));
        assert!(Chunked::<u32>::new().last().is_none());
    }

    #[test]
    fn a_change_copies_only_its_chunk() {
        let a: Chunked<u32> = (0..100).collect();
        let mut b = a.clone();
        assert_eq!(b.unshared(&a).count(), 0);
        b[40] = 7;
        assert_eq!(b.unshared(&a).count(), 1);
        assert_eq!((a[40], b[40]), (40, 7));
        b.push(100);
        assert_eq!(b.unshared(&a).count(), 2);
        assert_eq!(a.len(), 100);
        for x in b.iter_mut() {
            *x += 1;
        }
        assert_eq!(a.iter().copied().collect::<Vec<_>>(), (0..100).collect::<Vec<_>>());
        assert_eq!(b[0], 1);
    }

    #[test]
    #[should_panic(expected = "index 5 out of range for a list of 5")]
    fn out_of_range_says_so() {
        let c: Chunked<u32> = (0..5).collect();
        let _ = c[5];
    }
}
