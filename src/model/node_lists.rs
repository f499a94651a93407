//! `NodeLists`: the node → TIP-list maps of `JobInProgress`'s caches (`nonRunningMapCache`,
//! `runningMapCache`), laid out so that history's checkpoints stay cheap (not part of Hadoop).
//!
//! Lists are found by node id (`NodeId` is a small dense index into the topology): ids are
//! grouped in chunks of `NODE_CHUNK`, a chunk exists only once one of its nodes has a list,
//! and both chunks and lists are shared copy-on-write. Copying the caches (a job copied for a
//! checkpoint) copies one pointer per chunk; changing a list then copies that list and its
//! chunk of `NODE_CHUNK` pointers, not the job's thousands of lists. The lists are only ever
//! looked up by node, never iterated, so the layout changes no decision.

use super::topology::NodeId;
use std::sync::Arc;

/// Node ids per chunk.
pub const NODE_CHUNK: usize = 8;

type Chunk = [Option<Arc<Vec<u32>>>; NODE_CHUNK];

#[derive(Debug, Clone, Default)]
pub struct NodeLists {
    chunks: Vec<Option<Arc<Chunk>>>,
    len: usize,
}

fn split(node: &NodeId) -> (usize, usize) {
    (node.0 as usize / NODE_CHUNK, node.0 as usize % NODE_CHUNK)
}

impl NodeLists {
    pub fn get(&self, node: &NodeId) -> Option<&Vec<u32>> {
        let (c, i) = split(node);
        self.chunks.get(c)?.as_ref()?[i].as_deref()
    }

    /// The list of `node`, for changing (copied first if a checkpoint shares it).
    pub fn get_mut(&mut self, node: &NodeId) -> Option<&mut Vec<u32>> {
        self.get(node)?;
        let (c, i) = split(node);
        let chunk = Arc::make_mut(self.chunks[c].as_mut()?);
        chunk[i].as_mut().map(Arc::make_mut)
    }

    /// The list of `node`, created empty if there is none.
    pub fn entry(&mut self, node: NodeId) -> &mut Vec<u32> {
        let (c, i) = split(&node);
        if self.chunks.len() <= c {
            self.chunks.resize(c + 1, None);
        }
        let chunk = Arc::make_mut(self.chunks[c].get_or_insert_with(Default::default));
        if chunk[i].is_none() {
            self.len += 1;
        }
        Arc::make_mut(chunk[i].get_or_insert_with(Default::default))
    }

    pub fn remove(&mut self, node: &NodeId) {
        if self.get(node).is_none() {
            return;
        }
        let (c, i) = split(node);
        if let Some(chunk) = self.chunks[c].as_mut() {
            let chunk = Arc::make_mut(chunk);
            chunk[i] = None;
            self.len -= 1;
            if chunk.iter().all(Option::is_none) {
                self.chunks[c] = None;
            }
        }
    }

    pub fn contains_key(&self, node: &NodeId) -> bool {
        self.get(node).is_some()
    }

    /// Nodes with a list.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Roughly the bytes this holds that `other` does not share (for history's budget).
    pub fn bytes_not_shared_with(&self, other: &NodeLists) -> usize {
        let mut bytes = self.chunks.len() * 8;
        for (c, chunk) in self.chunks.iter().enumerate() {
            let Some(chunk) = chunk else { continue };
            let theirs = other.chunks.get(c).and_then(Option::as_ref);
            if theirs.is_some_and(|t| Arc::ptr_eq(chunk, t)) {
                continue;
            }
            bytes += std::mem::size_of::<Chunk>() + 16;
            for (i, list) in chunk.iter().enumerate() {
                let Some(list) = list else { continue };
                if !theirs.and_then(|t| t[i].as_ref()).is_some_and(|t| Arc::ptr_eq(list, t)) {
                    bytes += 40 + list.capacity() * 4;
                }
            }
        }
        bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_by_node_shared_copy_on_write() {
        let mut a = NodeLists::default();
        assert!(a.is_empty() && a.get(&NodeId(5)).is_none() && a.get_mut(&NodeId(500)).is_none());
        a.entry(NodeId(3)).push(7);
        a.entry(NodeId(40)).extend([1, 2]);
        a.entry(NodeId(3)).push(8);
        assert_eq!((a.len(), a.get(&NodeId(3)), a.get(&NodeId(40))), (2, Some(&vec![7, 8]), Some(&vec![1, 2])));
        let b = a.clone();
        a.get_mut(&NodeId(40)).expect("has a list").retain(|&x| x != 1);
        a.remove(&NodeId(3));
        a.remove(&NodeId(3));
        assert_eq!((a.len(), a.get(&NodeId(3)), a.get(&NodeId(40))), (1, None, Some(&vec![2])));
        assert_eq!((b.len(), b.get(&NodeId(3)), b.get(&NodeId(40))), (2, Some(&vec![7, 8]), Some(&vec![1, 2])));
        a.remove(&NodeId(40));
        assert!(a.is_empty() && a.chunks.iter().all(Option::is_none));
    }
}
