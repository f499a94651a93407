//! HDFS's default block placement (`BlockPlacementPolicyDefault`), simplified for split
//! replicas: first replica on a random node, second on a node of another rack, third on
//! another node of the second replica's rack; further replicas on random distinct nodes.

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// `hosts` = (host, rack) of the DataNodes; returns distinct replica hosts.
pub fn place_replicas(rng: &mut ChaCha8Rng, hosts: &[(String, String)], replicas: u32) -> Vec<String> {
    let mut uniq: Vec<(String, String)> = Vec::new();
    for h in hosts {
        if !uniq.iter().any(|u| u.0 == h.0) {
            uniq.push(h.clone());
        }
    }
    let want = (replicas as usize).min(uniq.len());
    let mut out: Vec<usize> = Vec::new();
    if want == 0 {
        return Vec::new();
    }
    out.push(pick(rng, uniq.len()));
    while out.len() < want {
        let candidates: Vec<usize> = match out.len() {
            1 => (0..uniq.len()).filter(|&i| uniq[i].1 != uniq[out[0]].1).collect(),
            2 => (0..uniq.len()).filter(|&i| uniq[i].1 == uniq[out[1]].1 && !out.contains(&i)).collect(),
            _ => Vec::new(),
        };
        let candidates = if candidates.is_empty() {
            (0..uniq.len()).filter(|i| !out.contains(i)).collect::<Vec<_>>()
        } else {
            candidates
        };
        out.push(candidates[pick(rng, candidates.len())]);
    }
    out.into_iter().map(|i| uniq[i].0.clone()).collect()
}
