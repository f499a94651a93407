//! Network topology, mirroring `org.apache.hadoop.net.NetworkTopology` / `NodeBase` and
//! `JobTracker.resolveAndAddToTopology`.
//!
//! The tree has the root at level 0; with the usual `/rack/host` locations a rack is at level 1
//! and a host (leaf) at level 2. Nodes are identified by their full path, one node per path
//! (Hadoop compares nodes by identity, which amounts to the same thing).

use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};

/// FNV-1a 64, a fast hash for short host names (the standard hasher's flood resistance
/// buys nothing here: the names come from the scenario).
#[derive(Debug, Clone, Copy)]
pub struct Fnv1a(u64);

impl Default for Fnv1a {
    fn default() -> Self {
        Fnv1a(0xcbf2_9ce4_8422_2325)
    }
}

impl Hasher for Fnv1a {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// Hadoop's `NetworkTopology.DEFAULT_RACK`.
pub const DEFAULT_RACK: &str = "/default-rack";

/// Index of a node of the topology tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct NodeId(pub u32);

/// One node of the tree (`NodeBase`): a host leaf or an inner node such as a rack.
#[derive(Debug, Clone)]
pub struct Node {
    /// Last path component, e.g. `rack1` or `host1.rack1.com`.
    pub name: String,
    /// Full path, e.g. `/rack1/host1.rack1.com`.
    pub path: String,
    pub parent: Option<NodeId>,
    /// Depth below the root (root = 0).
    pub level: u32,
}

/// The topology tree plus `JobTracker.nodesAtMaxLevel`.
#[derive(Debug, Clone, Default)]
pub struct Topology {
    nodes: Vec<Node>,
    by_path: BTreeMap<String, NodeId>,
    hosts: BTreeMap<String, NodeId>,
    /// The same hosts hashed, for `host_node` (looked up for every split location; never
    /// iterated, so its order does not matter).
    host_index: HashMap<String, NodeId, BuildHasherDefault<Fnv1a>>,
    leaf_level: Option<u32>,
    /// Ancestors `maxLevel-1` steps above each resolved host, in the order first added.
    /// Hadoop iterates a hash set here; first-seen order is our deterministic stand-in.
    nodes_at_max_level: Vec<NodeId>,
}

impl Topology {
    pub fn new() -> Self {
        let mut t = Topology::default();
        t.nodes.push(Node { name: String::new(), path: String::new(), parent: None, level: 0 });
        t.by_path.insert(String::new(), NodeId(0));
        t
    }

    /// Nodes in the tree (the root, inner nodes and hosts).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn node(&self, id: NodeId) -> &Node {
        &self.nodes[id.0 as usize]
    }

    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// The resolved node of a host, if it has been added (`JobTracker.getNode`).
    pub fn host_node(&self, host: &str) -> Option<NodeId> {
        self.host_index.get(host).copied()
    }

    /// Racks (nodes at `maxLevel - 1` above the hosts) in first-seen order.
    pub fn nodes_at_max_level(&self) -> &[NodeId] {
        &self.nodes_at_max_level
    }

    /// The ancestor `steps` levels above `id` (0 = the node itself).
    pub fn ancestor(&self, id: NodeId, steps: u32) -> Option<NodeId> {
        let mut cur = Some(id);
        for _ in 0..steps {
            cur = cur.and_then(|c| self.parent(c));
        }
        cur
    }

    /// `JobTracker.addHostToNodeMapping` + `NetworkTopology.add`: resolve `host` at network
    /// location `location` (e.g. `/rack1`), creating inner nodes as needed. Adding the same host
    /// again returns the existing node. Errors when leaves would sit at different depths, or the
    /// host is shallower than `max_level` (both fatal in Hadoop).
    pub fn add_host(&mut self, host: &str, location: &str, max_level: u32) -> Result<NodeId, String> {
        if let Some(id) = self.host_index.get(host) {
            return Ok(*id);
        }
        let location = normalise_location(location)?;
        let comps: Vec<&str> = location.split('/').filter(|c| !c.is_empty()).collect();
        let leaf_level = comps.len() as u32 + 1;
        if let Some(l) = self.leaf_level {
            if l != leaf_level {
                return Err(format!(
                    "host {host} at {location} would be at depth {leaf_level}, but the topology's hosts are at depth {l} (NetworkTopology rejects mixed depths)"
                ));
            }
        }
        if leaf_level < max_level {
            return Err(format!(
                "host {host} at {location} is at depth {leaf_level}, below mapred.task.cache.levels = {max_level}"
            ));
        }
        let mut parent = NodeId(0);
        let mut path = String::new();
        for (i, c) in comps.iter().enumerate() {
            path.push('/');
            path.push_str(c);
            parent = match self.by_path.get(&path) {
                Some(id) => *id,
                None => self.push(c, &path, parent, i as u32 + 1),
            };
        }
        path.push('/');
        path.push_str(host);
        let id = self.push(host, &path, parent, leaf_level);
        self.hosts.insert(host.to_string(), id);
        self.host_index.insert(host.to_string(), id);
        self.leaf_level = Some(leaf_level);
        if max_level >= 1 {
            if let Some(top) = self.ancestor(id, max_level - 1) {
                if !self.nodes_at_max_level.contains(&top) {
                    self.nodes_at_max_level.push(top);
                }
            }
        }
        Ok(id)
    }

    fn push(&mut self, name: &str, path: &str, parent: NodeId, level: u32) -> NodeId {
        let id = NodeId(self.nodes.len() as u32);
        self.nodes.push(Node { name: name.to_string(), path: path.to_string(), parent: Some(parent), level });
        self.by_path.insert(path.to_string(), id);
        id
    }

    /// The network location (parent path) of a resolved host, e.g. `/rack1`.
    pub fn location_of(&self, id: NodeId) -> &str {
        match self.parent(id) {
            Some(p) => &self.node(p).path,
            None => "",
        }
    }

    /// `JobInProgress.getMatchingLevelForNodes(n1, n2, maxLevel)`: 0 for the same host, 1 for
    /// the same rack, ... capped at `max_level`.
    pub fn matching_level(&self, a: NodeId, b: NodeId, max_level: u32) -> u32 {
        let (mut n1, mut n2) = (Some(a), Some(b));
        let mut count = 0u32;
        let level = |n: Option<NodeId>| n.map(|x| self.node(x).level).unwrap_or(0);
        while level(n1) != level(n2) {
            if level(n1) > level(n2) {
                n1 = n1.and_then(|x| self.parent(x));
            } else {
                n2 = n2.and_then(|x| self.parent(x));
            }
            count += 1;
        }
        while let Some(x) = n1 {
            if Some(x) == n2 || count >= max_level {
                return count.min(max_level);
            }
            count += 1;
            n1 = self.parent(x);
            n2 = n2.and_then(|y| self.parent(y));
        }
        max_level
    }

    /// All resolved hosts, in name order.
    pub fn hosts(&self) -> impl Iterator<Item = (&str, NodeId)> {
        self.hosts.iter().map(|(k, v)| (k.as_str(), *v))
    }
}

/// Accepts `/rack1`, `rack1` or `/a/b/c`; rejects empty components and whitespace.
pub fn normalise_location(loc: &str) -> Result<String, String> {
    let trimmed = loc.trim_end_matches('/');
    if trimmed.is_empty() {
        return Err(format!("network location {loc:?} is empty; expected a path like /rack1"));
    }
    let with_slash = if trimmed.starts_with('/') { trimmed.to_string() } else { format!("/{trimmed}") };
    if with_slash[1..].split('/').any(|c| c.is_empty() || c.chars().any(char::is_whitespace)) {
        return Err(format!("network location {loc:?} has an empty or blank component"));
    }
    Ok(with_slash)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `TestJobInProgress.testLocality`.
    #[test]
    fn matching_levels_three_deep() {
        let mut t = Topology::new();
        let n1 = t.add_host("node1", "/default/rack1", 3).unwrap();
        let n2 = t.add_host("node2", "/default/rack1", 3).unwrap();
        let n3 = t.add_host("node3", "/default/rack2", 3).unwrap();
        assert_eq!(t.matching_level(n1, n1, 3), 0);
        assert_eq!(t.matching_level(n1, n2, 3), 1);
        assert_eq!(t.matching_level(n1, n3, 3), 2);
    }

    #[test]
    fn mixed_depths_rejected() {
        let mut t = Topology::new();
        t.add_host("a", "/r1", 2).unwrap();
        assert!(t.add_host("b", "/x/r2", 2).is_err());
    }

    #[test]
    fn racks_in_first_seen_order() {
        let mut t = Topology::new();
        t.add_host("h3", "/r2", 2).unwrap();
        t.add_host("h1", "/r1", 2).unwrap();
        t.add_host("h2", "/r2", 2).unwrap();
        let names: Vec<_> = t.nodes_at_max_level().iter().map(|n| t.node(*n).path.clone()).collect();
        assert_eq!(names, vec!["/r2", "/r1"]);
    }
}
