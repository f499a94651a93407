//! `schedscope bench`: the engine on generated workloads (see `schedscope::sim::bench`).

use super::cli::BenchArgs;
use std::process::ExitCode;

/// Peak resident memory of this process (Linux `VmHWM`), in MiB.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// This thread's CPU time in milliseconds (`CLOCK_THREAD_CPUTIME_ID`): the figure does not
/// depend on what else the (shared) machine runs.
#[cfg(unix)]
fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: `ts` is a valid, writable timespec; the call only writes it.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    if rc != 0 {
        return wall_ms();
    }
    ts.tv_sec as f64 * 1000.0 + ts.tv_nsec as f64 / 1e6
}

/// Wall time in milliseconds since the first call.
fn wall_ms() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64() * 1000.0
}

/// The clock of the engine figures: thread CPU time where the platform has one.
fn clock() -> schedscope::sim::bench::BenchClock {
    #[cfg(unix)]
    return schedscope::sim::bench::BenchClock { read_ms: thread_cpu_ms, kind: "thread CPU time" };
    #[cfg(not(unix))]
    return schedscope::sim::bench::BenchClock { read_ms: wall_ms, kind: "wall time" };
}

pub(super) fn bench(args: BenchArgs) -> ExitCode {
    use schedscope::sim::bench::{BenchCase, run_case, run_history_case, standard_cases};
    let BenchArgs { scheduler, nodes, tasks, history, json } = args;
    let scheduler = scheduler.as_str().to_string();
    let cases = match (nodes, tasks) {
        (Some(n), Some(t)) => {
            // A standard case's own process prints its row under its parent's header.
            if !json && !history && std::env::var_os(CHILD).is_none() {
                println!("{}", engine_note(clock().kind));
                println!("{ENGINE_HEADER}");
            }
            vec![BenchCase { scheduler: scheduler.clone(), nodes: n, tasks: t }]
        }
        (None, None) => {
            // Each standard case runs in its own process so peak memory is per case.
            let exe = std::env::current_exe().expect("own path");
            if !json && history {
                println!("{} peak MiB |", schedscope::sim::bench::HISTORY_HEADER);
                println!("{}---|", schedscope::sim::bench::HISTORY_RULE);
            } else if !json {
                println!("{}", engine_note(clock().kind));
                println!("{ENGINE_HEADER}");
            }
            let mut ok = true;
            for c in standard_cases(&scheduler) {
                let mut cmd = std::process::Command::new(&exe);
                cmd.args([
                    "bench",
                    "--scheduler",
                    &c.scheduler,
                    "--nodes",
                    &c.nodes.to_string(),
                    "--tasks",
                    &c.tasks.to_string(),
                ]);
                cmd.env(CHILD, "1");
                if json {
                    cmd.arg("--json");
                }
                if history {
                    cmd.arg("--history");
                }
                ok &= cmd.status().map(|s| s.success()).unwrap_or(false);
            }
            return if ok { ExitCode::SUCCESS } else { ExitCode::from(1) };
        }
        _ => unreachable!("clap requires --nodes and --tasks together"),
    };
    let start = std::time::Instant::now();
    let history_clock = move || start.elapsed().as_secs_f64() * 1000.0;
    for c in cases {
        // The figures as JSON and as a markdown row (without the peak memory, added below).
        let result = if history {
            run_history_case(&c, &history_clock).map(|r| (serde_json::to_value(&r), r.markdown_row()))
        } else {
            run_case(&c, clock()).map(|r| (serde_json::to_value(&r), engine_row(&r)))
        };
        match result {
            Ok((value, row)) => {
                let peak = peak_rss_mib();
                if json {
                    print_json(value.expect("serialises"), peak);
                } else {
                    println!("{row} {} |", peak.map(|p| format!("{p:.0}")).unwrap_or_else(|| "?".into()));
                }
            }
            Err(e) => {
                // Name the options that asked for this workload, then what refused it.
                eprintln!(
                    "bench --scheduler {} --nodes {} --tasks {}: the generated workload:\n{e}",
                    c.scheduler, c.nodes, c.tasks
                );
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

/// Set in a standard case's process by `bench` without `--nodes`.
const CHILD: &str = "SCHEDSCOPE_BENCH_CASE";

const ENGINE_HEADER: &str = "| scheduler | nodes | tasks | jobs | heartbeats | simulated h | CPU s | real-time factor | jobs s | µs / heartbeat | scheduling µs / heartbeat | µs / assignment | peak MiB |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|";

/// What the engine table's times measure.
fn engine_note(kind: &str) -> String {
    format!(
        "Times are {kind}. Real-time factor: simulated time ÷ measured time. Jobs: arrivals \
         (submitJob, replica placement) and initialisations (initTasks); scheduling µs / heartbeat \
         leaves them out (the report, assignTasks and its record)."
    )
}

fn engine_row(r: &schedscope::sim::bench::BenchResult) -> String {
    format!(
        "| {} | {} | {} | {} | {} | {:.2} | {:.2} | {:.0}× | {:.2} | {:.1} | {:.1} | {:.1} |",
        r.case.scheduler,
        r.case.nodes,
        r.case.tasks,
        r.jobs,
        r.heartbeats,
        r.simulated_ms as f64 / 3_600_000.0,
        r.wall_ms / 1000.0,
        r.realtime_factor,
        r.jobs_ms / 1000.0,
        r.us_per_heartbeat,
        r.us_per_heartbeat_scheduling,
        r.us_per_assignment,
    )
}

/// One result as a JSON line, with the process's peak memory.
fn print_json(mut v: serde_json::Value, peak: Option<f64>) {
    v["peak_rss_mib"] = serde_json::json!(peak);
    println!("{v}");
}
