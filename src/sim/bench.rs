//! Benchmark workloads and their measurement, shared by `schedscope bench` (native) and the
//! page (wasm). The clock is passed in, since `std::time::Instant` does not exist in the
//! browser: natively the thread's CPU time (the machine may be shared), in the browser wall
//! time; `BenchClock::kind` names which.

use super::Engine;
use crate::scenario::generator::{WorkloadSpec, generate};
use serde::Serialize;

/// One benchmark case: a cluster size and a workload size.
#[derive(Debug, Clone, Serialize)]
pub struct BenchCase {
    pub scheduler: String,
    pub nodes: u32,
    pub tasks: u64,
}

/// The clock a benchmark reads, in milliseconds, and what it measures.
#[derive(Debug, Clone, Copy)]
pub struct BenchClock {
    pub read_ms: fn() -> f64,
    /// `"thread CPU time"` or `"wall time"`.
    pub kind: &'static str,
}

/// Measured figures. `*_ms` are read from the case's clock (`clock`).
#[derive(Debug, Clone, Serialize)]
pub struct BenchResult {
    pub case: BenchCase,
    /// What the times measure: `"thread CPU time"` natively, `"wall time"` in the browser.
    pub clock: &'static str,
    pub heartbeats: u64,
    pub assignments: u64,
    pub simulated_ms: i64,
    /// The whole run (`next_heartbeat` to the end).
    pub wall_ms: f64,
    /// Of which job arrivals (`submitJob`, replica placement) and initialisations (`initTasks`).
    pub jobs_ms: f64,
    /// The whole run per heartbeat.
    pub us_per_heartbeat: f64,
    /// Per heartbeat without job arrivals and initialisations: the report, the scheduler's
    /// `assignTasks` and its record.
    pub us_per_heartbeat_scheduling: f64,
    pub us_per_assignment: f64,
    pub sim_hours_per_wall_second: f64,
    /// Simulated time ÷ measured time (the real-time factor).
    pub realtime_factor: f64,
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

/// Run one case to the end with the engine alone (no history), timing it with `clock`; job
/// arrivals and initialisations are timed apart (a few thousand clock reads in all).
pub fn run_case(case: &BenchCase, clock: BenchClock) -> Result<BenchResult, String> {
    let scenario = crate::scenario::from_value(&generate(&workload(case))).map_err(|e| e.to_string())?;
    let jobs = scenario.jobs.len();
    let mut engine = Engine::new(scenario)?;
    engine.cluster.init_clock = Some(clock.read_ms);
    let (mut heartbeats, mut assignments) = (0u64, 0u64);
    let start = (clock.read_ms)();
    while let Some(rec) = engine.next_heartbeat() {
        heartbeats += 1;
        assignments += rec.assigned.len() as u64;
    }
    let wall_ms = ((clock.read_ms)() - start).max(1e-6);
    let jobs_ms = (engine.arrival_cpu_ms + engine.cluster.init_cpu_ms).clamp(0.0, wall_ms);
    let simulated_ms = engine.cluster.now;
    Ok(BenchResult {
        case: case.clone(),
        clock: clock.kind,
        heartbeats,
        assignments,
        simulated_ms,
        wall_ms,
        jobs_ms,
        us_per_heartbeat: wall_ms * 1000.0 / heartbeats.max(1) as f64,
        us_per_heartbeat_scheduling: (wall_ms - jobs_ms) * 1000.0 / heartbeats.max(1) as f64,
        us_per_assignment: wall_ms * 1000.0 / assignments.max(1) as f64,
        sim_hours_per_wall_second: (simulated_ms as f64 / 3_600_000.0) / (wall_ms / 1000.0),
        realtime_factor: simulated_ms as f64 / wall_ms,
        jobs,
    })
}

/// History figures of one case: the whole run kept in a `Simulation`, then the moves a
/// student makes on the timeline, each timed and its replay counted in job visits
/// (`sim::history::cost`: the same on every machine).
#[derive(Debug, Clone, Serialize)]
pub struct HistoryResult {
    pub case: BenchCase,
    pub heartbeats: u64,
    /// Running forward to the end with history.
    pub run_ms: f64,
    pub checkpoints: usize,
    /// The spaced checkpoints' measured memory (`Simulation::checkpoint_memory`), MiB.
    pub checkpoint_mib: f64,
    pub records_in_memory: usize,
    /// The run's whole replay cost, the spacing of the checkpoints at the end and the bound on
    /// any replay (`Simulation::replay_bound`), in job visits.
    pub total_visits: u64,
    pub spacing_visits: u64,
    pub bound_visits: u64,
    /// The first step back from the end, and the mean of the next 50.
    pub first_back_ms: f64,
    pub back_ms_mean: f64,
    /// The 51 steps back: job visits replayed, mean and largest, and the longest in time.
    pub back_visits_mean: f64,
    pub back_visits_max: u64,
    pub back_ms_max: f64,
    /// A jump to the middle, one step forward from there, and a jump back to the end.
    pub jump_middle_ms: f64,
    pub forward_after_jump_ms: f64,
    pub jump_end_ms: f64,
    /// 40 jumps to scattered heartbeats (a scrub): mean and worst.
    pub scrub_mean_ms: f64,
    pub scrub_max_ms: f64,
    /// The same jumps' replays in job visits: mean and largest.
    pub scrub_visits_mean: f64,
    pub scrub_visits_max: u64,
    /// The largest replay of every move above, in job visits (at most `bound_visits`).
    pub replay_visits_max: u64,
}

/// Run one case with history and time the timeline moves.
pub fn run_history_case(case: &BenchCase, clock_ms: &dyn Fn() -> f64) -> Result<HistoryResult, String> {
    let scenario = crate::scenario::from_value(&generate(&workload(case))).map_err(|e| e.to_string())?;
    let mut sim = super::Simulation::new(scenario).map_err(|e| e.to_string())?;
    let mut replay_visits_max = 0u64;
    // A move's time and the job visits it replayed.
    let mut timed = |sim: &mut super::Simulation, f: &dyn Fn(&mut super::Simulation)| {
        let t = clock_ms();
        f(sim);
        let ms = clock_ms() - t;
        replay_visits_max = replay_visits_max.max(sim.last_replay_cost());
        (ms, sim.last_replay_cost())
    };
    let (run_ms, _) = timed(&mut sim, &|s| s.run_to_end(u64::MAX));
    sim.settle_history();
    let checkpoint_mib = sim.checkpoint_memory() as f64 / (1 << 20) as f64;
    let n = sim.hb();
    let back = |s: &mut super::Simulation| {
        s.step_back();
    };
    let (first_back_ms, first_back_visits) = timed(&mut sim, &back);
    let (mut backs, mut back_ms_max) = (0.0, first_back_ms);
    let (mut back_visits, mut back_visits_max) = (first_back_visits, first_back_visits);
    for _ in 0..50 {
        let (ms, v) = timed(&mut sim, &back);
        backs += ms;
        back_ms_max = back_ms_max.max(ms);
        back_visits += v;
        back_visits_max = back_visits_max.max(v);
    }
    let (jump_middle_ms, _) = timed(&mut sim, &|s| s.go_to(n / 2));
    let (forward_after_jump_ms, _) = timed(&mut sim, &|s| {
        s.step_forward();
    });
    let (jump_end_ms, _) = timed(&mut sim, &|s| s.go_to(n));
    let (mut sum, mut max) = (0.0f64, 0.0f64);
    let (mut scrub_visits, mut scrub_visits_max) = (0u64, 0u64);
    for k in 0..40u64 {
        // Scattered, deterministic positions, as a hand dragging the scrubber would visit them.
        let target = (k * 7919 + 13) * n / (40 * 7919 + 13);
        let (t, v) = timed(&mut sim, &|s| s.go_to(target));
        sum += t;
        max = max.max(t);
        scrub_visits += v;
        scrub_visits_max = scrub_visits_max.max(v);
    }
    let (checkpoints, near, records) = sim.history_counts();
    Ok(HistoryResult {
        case: case.clone(),
        heartbeats: n,
        run_ms,
        checkpoints: checkpoints + near,
        checkpoint_mib,
        records_in_memory: records,
        total_visits: sim.total_cost(),
        spacing_visits: sim.checkpoint_spacing(),
        bound_visits: sim.replay_bound(),
        first_back_ms,
        back_ms_mean: backs / 50.0,
        back_visits_mean: back_visits as f64 / 51.0,
        back_visits_max,
        back_ms_max,
        jump_middle_ms,
        forward_after_jump_ms,
        jump_end_ms,
        scrub_mean_ms: sum / 40.0,
        scrub_max_ms: max,
        scrub_visits_mean: scrub_visits as f64 / 40.0,
        scrub_visits_max,
        replay_visits_max,
    })
}

/// The history table's columns (the CLI adds the process's peak memory).
pub const HISTORY_HEADER: &str = "| scheduler | nodes | tasks | heartbeats | run with history s | checkpoints | checkpoint MiB | spacing visits | bound visits | step back visits mean / max | scrub visits mean / max | first step back ms | step back ms mean / max | jump to middle ms | step forward ms | jump to end ms | scrub mean / max ms |";
pub const HISTORY_RULE: &str = "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

impl HistoryResult {
    /// The figures as a row of the history table (`HISTORY_HEADER`).
    pub fn markdown_row(&self) -> String {
        format!(
            "| {} | {} | {} | {} | {:.1} | {} | {:.0} | {} | {} | {:.0} / {} | {:.0} / {} | {:.1} | {:.2} / {:.1} | {:.1} | {:.2} | {:.1} | {:.1} / {:.1} |",
            self.case.scheduler,
            self.case.nodes,
            self.case.tasks,
            self.heartbeats,
            self.run_ms / 1000.0,
            self.checkpoints,
            self.checkpoint_mib,
            self.spacing_visits,
            self.bound_visits,
            self.back_visits_mean,
            self.back_visits_max,
            self.scrub_visits_mean,
            self.scrub_visits_max,
            self.first_back_ms,
            self.back_ms_mean,
            self.back_ms_max,
            self.jump_middle_ms,
            self.forward_after_jump_ms,
            self.jump_end_ms,
            self.scrub_mean_ms,
            self.scrub_max_ms,
        )
    }
}

/// FNV-1a 64 over the `run --json` lines of the first `max_hb` heartbeats of a scenario: a
/// short fingerprint to compare traces across builds and targets (native vs wasm).
pub fn trace_fingerprint(json: &str, max_hb: u64) -> Result<(u64, String), String> {
    let scenario = crate::scenario::parse(json).map_err(|e| e.to_string())?;
    let mut engine = Engine::new(scenario)?;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut n = 0;
    while n < max_hb {
        let Some(rec) = engine.next_heartbeat() else { break };
        let line = serde_json::to_string(&rec).map_err(|e| e.to_string())?;
        for b in line.bytes().chain(std::iter::once(b'\n')) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        n += 1;
    }
    Ok((n, format!("{h:016x}")))
}
