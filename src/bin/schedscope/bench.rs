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

pub(super) fn bench(args: BenchArgs) -> ExitCode {
    use schedscope::sim::bench::{BenchCase, run_case, run_history_case, standard_cases};
    let BenchArgs { scheduler, nodes, tasks, history, json } = args;
    let scheduler = scheduler.as_str().to_string();
    let cases = match (nodes, tasks) {
        (Some(n), Some(t)) => vec![BenchCase { scheduler: scheduler.clone(), nodes: n, tasks: t }],
        (None, None) => {
            // Each standard case runs in its own process so peak memory is per case.
            let exe = std::env::current_exe().expect("own path");
            if !json && history {
                println!("{} peak MiB |", schedscope::sim::bench::HISTORY_HEADER);
                println!("{}---|", schedscope::sim::bench::HISTORY_RULE);
            } else if !json {
                println!(
                    "| scheduler | nodes | tasks | jobs | heartbeats | simulated h | wall s | sim h / wall s | µs / heartbeat | µs / assignment | peak MiB |"
                );
                println!("|---|---|---|---|---|---|---|---|---|---|---|");
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
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    for c in cases {
        // The figures as JSON and as a markdown row (without the peak memory, added below).
        let result = if history {
            run_history_case(&c, &clock).map(|r| (serde_json::to_value(&r), r.markdown_row()))
        } else {
            run_case(&c, &clock).map(|r| (serde_json::to_value(&r), engine_row(&r)))
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

fn engine_row(r: &schedscope::sim::bench::BenchResult) -> String {
    format!(
        "| {} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.1} | {:.1} |",
        r.case.scheduler,
        r.case.nodes,
        r.case.tasks,
        r.jobs,
        r.heartbeats,
        r.simulated_ms as f64 / 3_600_000.0,
        r.wall_ms / 1000.0,
        r.sim_hours_per_wall_second,
        r.us_per_heartbeat,
        r.us_per_assignment,
    )
}

/// One result as a JSON line, with the process's peak memory.
fn print_json(mut v: serde_json::Value, peak: Option<f64>) {
    v["peak_rss_mib"] = serde_json::json!(peak);
    println!("{v}");
}
