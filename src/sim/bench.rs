//! Benchmark workloads and their measurement, shared by `schedscope bench` (native) and the
//! page (wasm). The clock is passed in, since `std::time::Instant` does not exist in the
//! browser.

use super::Engine;
use crate::scenario::generator::{generate, WorkloadSpec};
use serde::Serialize;

pub static TMP: [std::sync::atomic::AtomicU64; 4] = [const { std::sync::atomic::AtomicU64::new(0) }; 4];
/// One benchmark case: a cluster size and a workload size.
#[derive(Debug, Clone, Serialize)]
pub struct BenchCase {
    pub scheduler: String,
    pub nodes: u32,
    pub tasks: u64,
}

/// Measured figures.
#[derive(Debug, Clone, Serialize)]
pub struct BenchResult {
    pub case: BenchCase,
    pub heartbeats: u64,
    pub assignments: u64,
    pub simulated_ms: i64,
    pub wall_ms: f64,
    pub us_per_heartbeat: f64,
    pub us_per_assignment: f64,
    pub sim_hours_per_wall_second: f64,
    pub jobs: usize,
}

/// The standard cases: 100, 1,000 and 4,000 nodes.
pub fn standard_cases(scheduler: &str) -> Vec<BenchCase> {
    [(100, 2_500), (1_000, 25_000), (4_000, 100_000)]
        .into_iter()
        .map(|(nodes, tasks)| BenchCase { scheduler: scheduler.to_string(), nodes, tasks })
        .collect()
}

/// The workload of a case: 40 nodes per rack (20 for small clusters), 4 map + 2 reduce slots.
pub fn workload(case: &BenchCase) -> WorkloadSpec {
    let per_rack = if case.nodes <= 100 { 20 } else { 40 };
    WorkloadSpec {
        racks: case.nodes.div_ceil(per_rack),
        nodes_per_rack: per_rack,
        target_tasks: case.tasks,
        // Arrivals scale with the cluster so it stays busy but not hopelessly overloaded.
        mean_interarrival_ms: (1_400_000 / case.nodes.max(1) as i64).max(200),
        scheduler: case.scheduler.clone(),
        ..WorkloadSpec::default()
    }
}

/// Run one case to the end with the engine alone (no history), timing it with `clock_ms`.
pub fn run_case(case: &BenchCase, clock_ms: &dyn Fn() -> f64) -> Result<BenchResult, String> {
    let scenario = crate::scenario::from_value(&generate(&workload(case))).map_err(|e| e.to_string())?;
    let jobs = scenario.jobs.len();
    let mut engine = Engine::new(scenario)?;
    let (mut heartbeats, mut assignments) = (0u64, 0u64);
    let start = clock_ms();
    while let Some(rec) = engine.next_heartbeat() {
        heartbeats += 1;
        assignments += rec.assigned.len() as u64;
    }
    let wall_ms = (clock_ms() - start).max(1e-6);
    eprintln!("TMP {:?}", TMP.iter().map(|a| a.load(std::sync::atomic::Ordering::Relaxed)).collect::<Vec<_>>());
    let simulated_ms = engine.cluster.now;
    Ok(BenchResult {
        case: case.clone(),
        heartbeats,
        assignments,
        simulated_ms,
        wall_ms,
        us_per_heartbeat: wall_ms * 1000.0 / heartbeats.max(1) as f64,
        us_per_assignment: wall_ms * 1000.0 / assignments.max(1) as f64,
        sim_hours_per_wall_second: (simulated_ms as f64 / 3_600_000.0) / (wall_ms / 1000.0),
        jobs,
    })
}
