//! HDFS's default block placement (`BlockPlacementPolicyDefault`), simplified for split
//! replicas: first replica on a random node, second on a node of another rack, third on
//! another node of the second replica's rack; further replicas on random distinct nodes.
//! Each choice is uniform among its candidates.

use rand_chacha::ChaCha8Rng;
use rand_core::Rng;

fn pick(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// The DataNodes (one per distinct tracker host), grouped by rack; built once per run.
#[derive(Debug, Clone, Default)]
pub struct Placement {
    hosts: Vec<String>,
    rack_of: Vec<usize>,
    by_rack: Vec<Vec<usize>>,
}

impl Placement {
    /// `hosts` = (host, rack) pairs; duplicates (several trackers on a host) are merged.
    pub fn new<'a>(hosts: impl IntoIterator<Item = (&'a str, &'a str)>) -> Placement {
        let mut p = Placement::default();
        let mut seen = std::collections::BTreeSet::new();
        let mut racks: Vec<&str> = Vec::new();
        for (h, r) in hosts {
            if !seen.insert(h.to_string()) {
                continue;
            }
            let ri = match racks.iter().position(|x| *x == r) {
                Some(i) => i,
                None => {
                    racks.push(r);
                    p.by_rack.push(Vec::new());
                    racks.len() - 1
                }
            };
            p.by_rack[ri].push(p.hosts.len());
            p.rack_of.push(ri);
            p.hosts.push(h.to_string());
        }
        p
    }

    /// Distinct replica hosts for one block.
    pub fn place(&self, rng: &mut ChaCha8Rng, replicas: u32) -> Vec<String> {
        let n = self.hosts.len();
        let want = (replicas as usize).min(n);
        let mut out: Vec<usize> = Vec::with_capacity(want);
        if want == 0 {
            return Vec::new();
        }
        out.push(pick(rng, n));
        if want >= 2 {
            let r0 = self.rack_of[out[0]];
            let others = n - self.by_rack[r0].len();
            if others > 0 {
                let mut k = pick(rng, others);
                for (ri, hs) in self.by_rack.iter().enumerate() {
                    if ri == r0 {
                        continue;
                    }
                    if k < hs.len() {
                        out.push(hs[k]);
                        break;
                    }
                    k -= hs.len();
                }
            } else {
                out.push(self.any_other(rng, &out));
            }
        }
        if want >= 3 {
            let same: Vec<usize> =
                self.by_rack[self.rack_of[out[1]]].iter().copied().filter(|h| !out.contains(h)).collect();
            let h = if same.is_empty() { self.any_other(rng, &out) } else { same[pick(rng, same.len())] };
            out.push(h);
        }
        while out.len() < want {
            let h = self.any_other(rng, &out);
            out.push(h);
        }
        out.into_iter().map(|i| self.hosts[i].clone()).collect()
    }

    /// A uniformly chosen host not in `chosen` (which is small and never all hosts).
    fn any_other(&self, rng: &mut ChaCha8Rng, chosen: &[usize]) -> usize {
        let free = self.hosts.len() - chosen.len();
        let mut k = pick(rng, free);
        for i in 0..self.hosts.len() {
            if chosen.contains(&i) {
                continue;
            }
            if k == 0 {
                return i;
            }
            k -= 1;
        }
        unreachable!("fewer free hosts than counted")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    #[test]
    fn rack_aware_and_distinct() {
        let hosts: Vec<(String, String)> = (0..12).map(|i| (format!("h{i}"), format!("/r{}", i % 3))).collect();
        let p = Placement::new(hosts.iter().map(|(h, r)| (h.as_str(), r.as_str())));
        let rack = |h: &str| hosts.iter().find(|x| x.0 == h).unwrap().1.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..500 {
            let r = p.place(&mut rng, 3);
            assert_eq!(r.len(), 3);
            assert_ne!(r[0], r[1]);
            assert_ne!(r[1], r[2]);
            assert_ne!(r[0], r[2]);
            assert_ne!(rack(&r[0]), rack(&r[1]), "second replica off the first's rack");
            assert_eq!(rack(&r[1]), rack(&r[2]), "third replica on the second's rack");
        }
    }

    #[test]
    fn small_clusters() {
        let p = Placement::new([("a", "/r"), ("a", "/r"), ("b", "/r")]);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let r = p.place(&mut rng, 3);
        assert_eq!(r.len(), 2);
        assert!(Placement::new([]).place(&mut rng, 3).is_empty());
    }
}
