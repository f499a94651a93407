//! `schedscope`: run, check and validate scenarios from the command line.

use schedscope::explain::{text, HeartbeatRecord};
use schedscope::i18n::Lang;
use schedscope::model::RunState;
use schedscope::scenario;
use schedscope::sim::Simulation;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "schedscope — Hadoop 1.x MapReduce scheduling laboratory

USAGE:
  schedscope run FILE [--json] [--lang en|zh] [--max-heartbeats N]
      print every heartbeat: time, tracker, tasks with locality, and why
  schedscope check FILE...
      run self-checking scenarios; non-zero exit with a diff on any mismatch
  schedscope validate FILE...
      report every problem in a scenario
  schedscope bench [--scheduler NAME] [--nodes N --tasks T] [--history] [--json]
      measure the engine on generated workloads (100/1,000/4,000 nodes by default);
      --history: keep the run's history and time stepping back, jumps and scrubbing
  schedscope sweep FILE [--delays MS,MS,..|--skips D,D,..] [--rack-delay MS] [--lang en|zh] [--json]
      Fair Scheduler: vary the node locality delay of an automatic-mode workload and print the
      measured node locality next to the delay scheduling paper's bound l(D)
  schedscope compare FILE --schedulers fifo,fair,capacity [--json] [--lang en|zh]
  schedscope compare --paper [--delay MS] [--seed N]
      run one automatic-mode workload under several schedulers (fair@MS sets the Fair locality
      delay) and compare node locality, response times by job size and utilisation; --paper is
      the delay scheduling paper's Facebook-like mix, Fair without and with delay scheduling
  schedscope import FILE [--format rumen|swim] [--scheduler NAME] [--max-jobs N]
      turn a Rumen job history (JSON) or a SWIM workload (TSV) into a scenario on stdout
  schedscope lesson FILE... [--lang en|zh]
      run lessons (builtin:ID or a file), print each step at its heartbeat and check every claim
  schedscope list
      list the built-in scenarios (use builtin:ID as FILE) and lessons
";

fn read(path: &str) -> Result<String, String> {
    if let Some(id) = path.strip_prefix("builtin:") {
        return scenario::builtin()
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, j)| j.to_string())
            .ok_or_else(|| format!("no built-in scenario {id:?}; try `schedscope list`"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    match cmd.as_str() {
        "run" => run(rest),
        "check" => check(rest),
        "validate" => validate(rest),
        "bench" => bench(rest),
        "sweep" => sweep(rest),
        "lesson" => lesson(rest),
        "compare" => compare(rest),
        "import" => import(rest),
        "list" => {
            for (id, json) in scenario::builtin() {
                let title = scenario::parse(json).ok().and_then(|s| s.title).map(|t| t.en).unwrap_or_default();
                println!("{id:24} {title}");
            }
            for (id, json) in schedscope::lesson::builtin() {
                let title = schedscope::lesson::parse(json).map(|l| l.title.en).unwrap_or_default();
                println!("lesson:{id:17} {title}");
            }
            ExitCode::SUCCESS
        }
        "-h" | "--help" | "help" => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("unknown command {other:?}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run(args: &[String]) -> ExitCode {
    let mut file = None;
    let mut json = false;
    let mut lang = Lang::En;
    let mut max = u64::MAX;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--json" => json = true,
            "--lang" => {
                i += 1;
                match args.get(i).and_then(|l| Lang::parse(l)) {
                    Some(l) => lang = l,
                    None => {
                        eprintln!("--lang expects en or zh");
                        return ExitCode::from(2);
                    }
                }
            }
            "--max-heartbeats" => {
                i += 1;
                match args.get(i).and_then(|n| n.parse().ok()) {
                    Some(n) => max = n,
                    None => {
                        eprintln!("--max-heartbeats expects a number");
                        return ExitCode::from(2);
                    }
                }
            }
            f if file.is_none() && !f.starts_with("--") => file = Some(f.to_string()),
            other => {
                eprintln!("unexpected argument {other:?}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
        i += 1;
    }
    let Some(file) = file else {
        eprintln!("run needs a scenario FILE\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let mut sim = match read(&file).and_then(|t| Simulation::from_json(&t).map_err(|e| e.to_string())) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}:\n{e}");
            return ExitCode::from(1);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut n = 0;
    while n < max && sim.step_forward() {
        n += 1;
        let rec = sim.last_record().expect("just stepped");
        let res = if json { print_json(&mut out, rec) } else { print_text(&mut out, rec, lang) };
        if res.is_err() {
            return ExitCode::SUCCESS; // closed pipe
        }
    }
    let _ = summary(&mut out, &sim, lang, json);
    ExitCode::SUCCESS
}

fn print_json(out: &mut impl Write, rec: &HeartbeatRecord) -> std::io::Result<()> {
    let line = serde_json::to_string(rec).expect("records serialise");
    writeln!(out, "{line}")
}

fn print_text(out: &mut impl Write, rec: &HeartbeatRecord, lang: Lang) -> std::io::Result<()> {
    for (i, line) in text::render(rec, lang).iter().enumerate() {
        if i == 0 {
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(())
}

fn summary(out: &mut impl Write, sim: &Simulation, lang: Lang, json: bool) -> std::io::Result<()> {
    let mut by_loc: BTreeMap<&str, u64> = BTreeMap::new();
    let mut reduces = 0u64;
    // Every heartbeat's record, recomputed where a long run no longer holds it in memory.
    sim.for_each_record(1, sim.total_hbs_known(), |r| {
        for a in &r.assigned {
            match a.locality {
                Some(l) => *by_loc.entry(l).or_default() += 1,
                None => reduces += 1,
            }
        }
    });
    let cluster = &sim.engine().cluster;
    let makespan = cluster.jobs.values().filter_map(|j| j.finish_time).max();
    if json {
        let jobs: Vec<serde_json::Value> = cluster
            .jobs
            .values()
            .map(|j| {
                serde_json::json!({"job": j.id.0, "name": j.name, "state": j.state.as_str(), "submit_ms": j.start_time,
                    "finish_ms": j.finish_time, "response_ms": j.finish_time.map(|f| f - j.start_time)})
            })
            .collect();
        let v = serde_json::json!({"summary": {"heartbeats": sim.hb(), "time_ms": sim.time_ms(), "maps_by_locality": by_loc,
            "reduces": reduces, "makespan_ms": makespan, "jobs": jobs}});
        return writeln!(out, "{v}");
    }
    let total_maps: u64 = by_loc.values().sum();
    writeln!(out)?;
    writeln!(out, "{}", lang.pick("Summary", "汇总"))?;
    writeln!(out, "  {}: {}", lang.pick("heartbeats", "心跳次数"), sim.hb())?;
    for key in ["node", "rack", "off-switch"] {
        let n = by_loc.get(key).copied().unwrap_or(0);
        let pct = if total_maps > 0 { 100.0 * n as f64 / total_maps as f64 } else { 0.0 };
        writeln!(out, "  {key:10} {}: {n} ({pct:.0}%)", lang.pick("maps", "个 map"))?;
    }
    writeln!(out, "  reduces: {reduces}")?;
    match makespan {
        Some(m) => writeln!(out, "  {}: {:.1} s", lang.pick("makespan", "完成时间"), m as f64 / 1000.0)?,
        None => writeln!(out, "  {}", lang.pick("makespan: not every job has finished", "完成时间：仍有作业未结束"))?,
    }
    for j in cluster.jobs.values() {
        let resp = match (j.state, j.finish_time) {
            (RunState::Succeeded | RunState::Failed | RunState::Killed, Some(f)) => {
                format!("{} {:.1} s ({} {:.1} s)", j.state.as_str(), f as f64 / 1000.0, lang.pick("response", "响应"), (f - j.start_time) as f64 / 1000.0)
            }
            _ => j.state.as_str().to_string(),
        };
        writeln!(out, "  J{} {:16} {}", j.id.0, j.name, resp)?;
    }
    Ok(())
}

fn check(files: &[String]) -> ExitCode {
    if files.is_empty() {
        eprintln!("check needs at least one FILE");
        return ExitCode::from(2);
    }
    let (mut passed, mut failed) = (0, 0);
    for f in files {
        let sim = read(f).and_then(|t| Simulation::from_json(&t).map_err(|e| e.to_string()));
        let mut sim = match sim {
            Ok(s) => s,
            Err(e) => {
                failed += 1;
                println!("FAIL {f}\n{}", indent(&e));
                continue;
            }
        };
        if sim.scenario().steps.is_none() {
            failed += 1;
            println!("FAIL {f}\n  not a self-checking scenario: it has no \"steps\"");
            continue;
        }
        sim.run_to_end(u64::MAX);
        let fails = sim.failures();
        if fails.is_empty() {
            passed += 1;
            println!("ok   {f}");
        } else {
            failed += 1;
            println!("FAIL {f}");
            for x in fails {
                println!("  {}: {}", x.step, x.message);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}

fn validate(files: &[String]) -> ExitCode {
    if files.is_empty() {
        eprintln!("validate needs at least one FILE");
        return ExitCode::from(2);
    }
    let mut bad = false;
    for f in files {
        match read(f).map(|t| scenario::parse(&t)) {
            Err(e) => {
                bad = true;
                println!("{e}");
            }
            Ok(Err(errs)) => {
                bad = true;
                println!("{f}: {} problem(s)", errs.errors.len());
                println!("{}", indent(&errs.to_string()));
            }
            Ok(Ok(_)) => println!("{f}: ok"),
        }
    }
    if bad { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// Peak resident memory of this process (Linux `VmHWM`), in MiB.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn bench(args: &[String]) -> ExitCode {
    use schedscope::sim::bench::{run_case, run_history_case, standard_cases, BenchCase};
    let mut scheduler = "fifo".to_string();
    let (mut nodes, mut tasks, mut json, mut history) = (None, None, false, false);
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned();
        match args[i].as_str() {
            "--scheduler" => scheduler = val.unwrap_or_default(),
            "--nodes" => nodes = val.and_then(|v| v.parse::<u32>().ok()),
            "--tasks" => tasks = val.and_then(|v| v.parse::<u64>().ok()),
            "--json" => {
                json = true;
                i += 1;
                continue;
            }
            "--history" => {
                history = true;
                i += 1;
                continue;
            }
            other => {
                eprintln!("unexpected argument {other:?}\n\n{USAGE}");
                return ExitCode::from(2);
            }
        }
        i += 2;
    }
    let cases = match (nodes, tasks) {
        (Some(n), Some(t)) => vec![BenchCase { scheduler: scheduler.clone(), nodes: n, tasks: t }],
        (None, None) => {
            // Each standard case runs in its own process so peak memory is per case.
            let exe = std::env::current_exe().expect("own path");
            if !json && history {
                println!("| scheduler | nodes | tasks | heartbeats | run with history s | checkpoints | records kept | first step back ms | step back ms | jump to middle ms | step forward ms | jump to end ms | scrub mean / max ms | peak MiB |");
                println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
            } else if !json {
                println!("| scheduler | nodes | tasks | jobs | heartbeats | simulated h | wall s | sim h / wall s | µs / heartbeat | µs / assignment | peak MiB |");
                println!("|---|---|---|---|---|---|---|---|---|---|---|");
            }
            let mut ok = true;
            for c in standard_cases(&scheduler) {
                let mut cmd = std::process::Command::new(&exe);
                cmd.args(["bench", "--scheduler", &c.scheduler, "--nodes", &c.nodes.to_string(), "--tasks", &c.tasks.to_string()]);
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
        _ => {
            eprintln!("--nodes and --tasks go together");
            return ExitCode::from(2);
        }
    };
    let start = std::time::Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    for c in cases {
        if history {
            match run_history_case(&c, &clock) {
                Ok(r) => {
                    let peak = peak_rss_mib();
                    if json {
                        let mut v = serde_json::to_value(&r).expect("serialises");
                        v["peak_rss_mib"] = serde_json::json!(peak);
                        println!("{v}");
                    } else {
                        println!(
                            "| {} | {} | {} | {} | {:.1} | {} | {} | {:.1} | {:.2} | {:.1} | {:.2} | {:.1} | {:.1} / {:.1} | {} |",
                            r.case.scheduler,
                            r.case.nodes,
                            r.case.tasks,
                            r.heartbeats,
                            r.run_ms / 1000.0,
                            r.checkpoints,
                            r.records_in_memory,
                            r.first_back_ms,
                            r.back_ms_mean,
                            r.jump_middle_ms,
                            r.forward_after_jump_ms,
                            r.jump_end_ms,
                            r.scrub_mean_ms,
                            r.scrub_max_ms,
                            peak.map(|p| format!("{p:.0}")).unwrap_or_else(|| "?".into())
                        );
                    }
                }
                Err(e) => {
                    eprintln!("{e}");
                    return ExitCode::from(1);
                }
            }
            continue;
        }
        match run_case(&c, &clock) {
            Ok(r) => {
                let peak = peak_rss_mib();
                if json {
                    let mut v = serde_json::to_value(&r).expect("serialises");
                    v["peak_rss_mib"] = serde_json::json!(peak);
                    println!("{v}");
                } else {
                    println!(
                        "| {} | {} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.1} | {:.1} | {} |",
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
                        peak.map(|p| format!("{p:.0}")).unwrap_or_else(|| "?".into())
                    );
                }
            }
            Err(e) => {
                eprintln!("{e}");
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

/// `schedscope sweep`: the argument handling only; the work is `sched::fair::sweep`.
fn sweep(args: &[String]) -> ExitCode {
    use schedscope::sched::fair::sweep::{self as sw, Sweep};
    let (mut file, mut what, mut rack, mut lang, mut json) = (None, sw::default_sweep(), 0i64, Lang::En, false);
    let list = |v: Option<&String>| -> Option<Vec<f64>> {
        v?.split(',').map(|x| x.trim().parse::<f64>().ok().filter(|f| f.is_finite() && *f >= 0.0)).collect()
    };
    let mut i = 0;
    while i < args.len() {
        let ok = match args[i].as_str() {
            "--json" => {
                json = true;
                true
            }
            "--delays" | "--skips" => {
                i += 1;
                let v = list(args.get(i));
                let delays = args[i - 1] == "--delays";
                v.map(|v| what = if delays { Sweep::DelaysMs(v.iter().map(|x| *x as i64).collect()) } else { Sweep::Skips(v) }).is_some()
            }
            "--rack-delay" => {
                i += 1;
                args.get(i).and_then(|x| x.parse::<i64>().ok()).filter(|x| *x >= 0).map(|x| rack = x).is_some()
            }
            "--lang" => {
                i += 1;
                args.get(i).and_then(|l| Lang::parse(l)).map(|l| lang = l).is_some()
            }
            f if file.is_none() && !f.starts_with("--") => {
                file = Some(f.to_string());
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!("bad argument near {:?}: --delays and --skips take comma-separated numbers >= 0, --rack-delay a delay >= 0\n\n{USAGE}", args[i.min(args.len() - 1)]);
            return ExitCode::from(2);
        }
        i += 1;
    }
    let Some(file) = file else {
        eprintln!("sweep needs a scenario FILE\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let s = match read(&file).and_then(|t| scenario::parse(&t).map_err(|e| e.to_string())) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}:\n{e}");
            return ExitCode::from(1);
        }
    };
    match sw::sweep(&s, &what, rack) {
        Ok(r) if json => println!("{}", serde_json::to_string(&r).expect("serialises")),
        Ok(r) => sw::render(&r, lang).iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn lesson(args: &[String]) -> ExitCode {
    use schedscope::lesson;
    let lang = if args.windows(2).any(|w| w[0] == "--lang" && w[1] == "zh") { Lang::Zh } else { Lang::En };
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--") && *a != "en" && *a != "zh").collect();
    if files.is_empty() {
        eprintln!("lesson needs at least one FILE (or builtin:ID)");
        return ExitCode::from(2);
    }
    let mut bad = false;
    for f in files {
        let text = match f.strip_prefix("builtin:") {
            Some(id) => lesson::builtin().iter().find(|(i, _)| *i == id).map(|(_, j)| j.to_string()).ok_or(format!("no built-in lesson {id:?}")),
            None => std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}")),
        };
        match text.and_then(|t| lesson::parse(&t).map_err(|e| e.to_string())) {
            Ok(l) => {
                let r = lesson::resolve(&l);
                bad |= !r.failures.is_empty();
                lesson::check::render(&l, &r, lang).iter().for_each(|x| println!("{x}"));
            }
            Err(e) => {
                bad = true;
                println!("{f}:\n{}", indent(&e));
            }
        }
    }
    if bad { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// `--name value` from `args`.
fn opt<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.windows(2).find(|w| w[0] == name).map(|w| w[1].as_str())
}

fn compare(args: &[String]) -> ExitCode {
    use schedscope::sim::compare as cmp;
    let lang = if opt(args, "--lang") == Some("zh") { Lang::Zh } else { Lang::En };
    let result = if args.iter().any(|a| a == "--paper") {
        let delay = opt(args, "--delay").and_then(|d| d.parse().ok()).unwrap_or(3000);
        let seed = opt(args, "--seed").and_then(|d| d.parse().ok()).unwrap_or(1);
        cmp::delay_experiment(seed, delay)
    } else {
        let Some(file) = args.first().filter(|f| !f.starts_with("--")) else {
            eprintln!("compare needs a scenario FILE (or --paper)\n\n{USAGE}");
            return ExitCode::from(2);
        };
        let names = opt(args, "--schedulers").unwrap_or("fifo,fair,capacity");
        let variants: Result<Vec<_>, String> = names.split(',').map(cmp::parse_variant).collect();
        let max = opt(args, "--max-heartbeats").and_then(|d| d.parse().ok()).unwrap_or(1_000_000);
        variants.and_then(|v| read(file).and_then(|t| scenario::parse(&t).map_err(|e| e.to_string())).and_then(|s| cmp::compare(&s, &v, max)))
    };
    match result {
        Ok(c) if args.iter().any(|a| a == "--json") => println!("{}", serde_json::to_string(&c).expect("serialises")),
        Ok(c) => cmp::render(&c, lang).iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn import(args: &[String]) -> ExitCode {
    use schedscope::scenario::traces;
    let Some(file) = args.first().filter(|f| !f.starts_with("--")) else {
        eprintln!("import needs a trace FILE\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let mut o = traces::ImportOptions::default();
    if let Some(f) = opt(args, "--format") {
        o.format = match traces::Format::parse(f) {
            Some(f) => Some(f),
            None => {
                eprintln!("--format expects rumen or swim");
                return ExitCode::from(2);
            }
        };
    }
    if let Some(s) = opt(args, "--scheduler") {
        o.scheduler = s.to_string();
    }
    if let Some(n) = opt(args, "--max-jobs").and_then(|n| n.parse().ok()) {
        o.max_jobs = n;
    }
    match std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}")).and_then(|t| traces::import(&t, &o).map_err(|e| e.to_string())) {
        Ok(v) => {
            println!("{}", serde_json::to_string_pretty(&v).expect("serialises"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{file}: {e}");
            ExitCode::from(1)
        }
    }
}
