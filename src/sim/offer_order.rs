//! The order a Spark round offers its executors in when `spark.offer_order` is `seeded`: the
//! driver's permutation (Spark's `TaskSchedulerImpl.resourceOffers` shuffles its offers with
//! `Random.shuffle`; this project uses its own seeded shuffle instead, so a run is the same
//! natively and in wasm). Both drivers use it: the scripted steps (`scripted/spark.rs`) and
//! automatic mode (`spark_backend.rs`).

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The project's seeded offer order for a round: a Fisher–Yates shuffle driven by ChaCha8
/// seeded from the scenario's seed and the round's number (not Scala's `Random.shuffle`).
pub fn seeded_order(seed: u64, round: u64, n: usize) -> Vec<usize> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ round.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let mut p: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (rng.next_u64() % (i as u64 + 1)) as usize;
        p.swap(i, j);
    }
    p
}
