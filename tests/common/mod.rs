//! Helpers shared by the property tests.
#![allow(dead_code)]

pub mod facts;
pub mod practice_spark;

use serde_json::{Value, json};

/// `racks` racks of `per` hosts each (`r<rack>n<k>`), one tracker per host (`tt_<host>`): the
/// scenario's `trackers` list and its `topology`.
pub fn racks_of_trackers(racks: usize, per: usize) -> (Vec<Value>, serde_json::Map<String, Value>) {
    let mut trackers = Vec::new();
    let mut topo = serde_json::Map::new();
    for r in 1..=racks {
        let hosts: Vec<String> = (1..=per).map(|k| format!("r{r}n{k}")).collect();
        for h in &hosts {
            trackers.push(json!({"name": format!("tt_{h}"), "host": h}));
        }
        topo.insert(format!("/rack{r}"), json!(hosts));
    }
    (trackers, topo)
}

/// A xorshift64 generator for tests that build their own random inputs (seeded, so every run
/// sees the same ones).
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    pub fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }
}
