//! A seeded workload generator: racks × nodes × slots, jobs whose sizes follow the Facebook
//! October 2009 job-size bins of the delay scheduling paper (Zaharia et al., EuroSys 2010,
//! the workload table of its evaluation), Poisson-like arrivals, replication 3 with rack-aware
//! placement (done by the engine from the seed). The output is an ordinary scenario, so it
//! can be saved, edited and shared.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde_json::{Value, json};

/// Job-size bins: (min maps, max maps, share of jobs in %).
pub const FACEBOOK_2009_BINS: [(u32, u32, u32); 9] = [
    (1, 1, 39),
    (2, 2, 16),
    (3, 20, 14),
    (21, 60, 9),
    (61, 150, 6),
    (151, 300, 6),
    (301, 500, 4),
    (501, 1500, 4),
    (1501, 4800, 3),
];

/// What to generate.
#[derive(Debug, Clone)]
pub struct WorkloadSpec {
    pub racks: u32,
    pub nodes_per_rack: u32,
    pub map_slots: u32,
    pub reduce_slots: u32,
    /// Stop adding jobs once this many map + reduce tasks exist.
    pub target_tasks: u64,
    /// Mean time between job arrivals.
    pub mean_interarrival_ms: i64,
    pub users: u32,
    /// Queue / pool names the jobs are spread over (round robin by user).
    pub queues: Vec<String>,
    pub scheduler: String,
    pub seed: u64,
    pub map_duration_ms: i64,
    pub reduce_duration_ms: i64,
}

impl Default for WorkloadSpec {
    fn default() -> Self {
        WorkloadSpec {
            racks: 5,
            nodes_per_rack: 20,
            map_slots: 4,
            reduce_slots: 2,
            target_tasks: 2_500,
            mean_interarrival_ms: 14_000,
            users: 10,
            queues: vec!["default".into()],
            scheduler: "fifo".into(),
            seed: 1,
            map_duration_ms: 20_000,
            reduce_duration_ms: 30_000,
        }
    }
}

fn uniform(rng: &mut ChaCha8Rng, lo: u64, hi: u64) -> u64 {
    lo + rng.next_u64() % (hi - lo + 1)
}

/// Draw a job size (maps) from the Facebook bins.
pub fn draw_maps(rng: &mut ChaCha8Rng) -> u32 {
    let total: u32 = FACEBOOK_2009_BINS.iter().map(|b| b.2).sum();
    let mut x = (rng.next_u64() % total as u64) as u32;
    for (lo, hi, share) in FACEBOOK_2009_BINS {
        if x < share {
            return uniform(rng, lo as u64, hi as u64) as u32;
        }
        x -= share;
    }
    1
}

/// Generate the scenario JSON.
pub fn generate(spec: &WorkloadSpec) -> Value {
    let mut rng = ChaCha8Rng::seed_from_u64(spec.seed ^ 0x5eed_5c0be);
    let mut jobs = Vec::new();
    let mut tasks = 0u64;
    let mut t = 0i64;
    let mut id = 0u32;
    while tasks < spec.target_tasks && id < 9999 {
        id += 1;
        let maps = draw_maps(&mut rng).min((spec.target_tasks - tasks).max(1) as u32);
        // Small jobs are often map-only; bigger ones get about one reduce per 20 maps.
        let reduces = if maps < 3 { (rng.next_u64() % 2) as u32 } else { (maps / 20).clamp(1, 100) };
        let user = (rng.next_u64() % spec.users.max(1) as u64) as usize;
        let queue = &spec.queues[user % spec.queues.len().max(1)];
        // Exponential inter-arrival times from a uniform draw.
        let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        let gap = (-(1.0 - u).ln() * spec.mean_interarrival_ms as f64) as i64;
        let dur_jitter = 0.5 + (rng.next_u64() % 1000) as f64 / 1000.0;
        jobs.push(json!({
            "id": id,
            "name": format!("job{id}-{maps}m"),
            "user": format!("user{}", user + 1),
            "queue": queue,
            "submit_time": t,
            "maps": {"count": maps, "replicas": 3, "duration_ms": ((spec.map_duration_ms as f64) * dur_jitter) as i64},
            "reduces": {"count": reduces, "duration_ms": spec.reduce_duration_ms},
        }));
        tasks += (maps + reduces) as u64;
        t += gap;
    }
    let mut config = json!({"map_slots": spec.map_slots, "reduce_slots": spec.reduce_slots, "speculative_maps": false,
                            "speculative_reduces": false});
    if spec.scheduler == "capacity" {
        // Equal shares that add up to 100 (the first queue takes the remainder).
        let n = spec.queues.len().max(1) as u32;
        let queues: Vec<Value> = spec
            .queues
            .iter()
            .enumerate()
            .map(|(i, q)| json!({"name": q, "capacity": 100 / n + if i == 0 { 100 % n } else { 0 }}))
            .collect();
        config["queues"] = json!(queues);
    }
    json!({
        "version": 1,
        "id": format!("generated-{}x{}-{}", spec.racks, spec.nodes_per_rack, spec.target_tasks),
        "title": format!("Generated workload: {} racks × {} nodes, {} tasks", spec.racks, spec.nodes_per_rack, tasks),
        "scheduler": spec.scheduler,
        "seed": spec.seed,
        "config": config,
        "racks": {"count": spec.racks, "nodes_per_rack": spec.nodes_per_rack},
        "jobs": jobs,
        "run": {"max_heartbeats": 10_000_000}
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_scenarios_are_valid_and_deterministic() {
        let spec = WorkloadSpec { target_tasks: 500, ..Default::default() };
        let a = generate(&spec);
        assert_eq!(a, generate(&spec));
        let s = crate::scenario::from_value(&a).unwrap();
        let total: u64 = s.jobs.iter().map(|j| j.num_maps() + j.reduces).sum();
        assert!(total >= 500, "{total}");
        assert_eq!(s.trackers.len(), 100);
        for sched in ["fair", "capacity"] {
            let spec = WorkloadSpec {
                target_tasks: 200,
                scheduler: sched.into(),
                queues: vec!["a".into(), "b".into(), "c".into()],
                ..Default::default()
            };
            let v = generate(&spec);
            crate::scenario::from_value(&v).unwrap_or_else(|e| panic!("{sched}: {e}"));
        }
    }

    #[test]
    fn sizes_follow_the_bins() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let draws: Vec<u32> = (0..10_000).map(|_| draw_maps(&mut rng)).collect();
        let ones = draws.iter().filter(|&&m| m == 1).count() as f64 / 10_000.0;
        assert!((ones - 0.39).abs() < 0.03, "{ones}");
        assert!(draws.iter().all(|&m| (1..=4800).contains(&m)));
    }
}
