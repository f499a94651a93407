//! `schedscope list`, `run`, `check` and `validate`: the scenario commands.

use super::{cli, indent, read};
use schedscope::explain::{HeartbeatRecord, text};
use schedscope::i18n::{Locale, k};
use schedscope::model::RunState;
use schedscope::scenario;
use schedscope::sim::Simulation;
use std::collections::BTreeMap;
use std::io::Write;
use std::process::ExitCode;

pub(super) fn list() -> ExitCode {
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

pub(super) fn run(args: cli::RunArgs) -> ExitCode {
    let cli::RunArgs { file, json, lang, max_heartbeats } = args;
    let max = max_heartbeats.unwrap_or(u64::MAX);
    let mut sim = match read(&file).and_then(|t| Simulation::from_json(&t).map_err(|e| e.to_string())) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}:\n{e}");
            return ExitCode::from(1);
        }
    };
    warn(&file, &sim.scenario().warnings);
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
    if let Some(f) = sim.stopped() {
        // The step that cannot run, as `validate` reports it.
        let _ = out.flush();
        eprintln!("{file}:\n{}: {}", f.step, f.message);
        return ExitCode::from(1);
    }
    let _ = summary(&mut out, &sim, lang, json);
    ExitCode::SUCCESS
}

/// What a scenario's reader accepted but says (`Scenario::warnings`), one `warning: …` line each
/// on stderr.
fn warn(file: &str, warnings: &[scenario::ScenarioError]) {
    for w in warnings {
        eprintln!("warning: {file}: {w}");
    }
}

fn print_json(out: &mut impl Write, rec: &HeartbeatRecord) -> std::io::Result<()> {
    // Numbers as JavaScript writes them: the same line as `JSON.stringify` of the record read
    // through the JavaScript API.
    writeln!(out, "{}", schedscope::explain::json::to_line(rec))
}

fn print_text(out: &mut impl Write, rec: &HeartbeatRecord, lang: Locale) -> std::io::Result<()> {
    for (i, line) in lang.lines(text::render(rec, lang.lang())).iter().enumerate() {
        if i == 0 {
            writeln!(out, "{line}")?;
        } else {
            writeln!(out, "  {line}")?;
        }
    }
    Ok(())
}

/// A Spark run's summary: its rounds and calls, and the tasks launched by locality level.
fn spark_summary(out: &mut impl Write, sim: &Simulation, lang: Locale, json: bool) -> std::io::Result<()> {
    let mut by_level: BTreeMap<&'static str, u64> = BTreeMap::new();
    sim.for_each_record(1, sim.total_hbs_known(), |r| {
        if let schedscope::explain::Decision::Spark(d) = &r.decision {
            for l in &d.launches {
                *by_level.entry(l.locality.as_str()).or_default() += 1;
            }
        }
    });
    if json {
        let v = serde_json::json!({"summary": {"rounds": sim.hb(), "time_ms": sim.time_ms(), "tasks_by_locality": by_level}});
        return writeln!(out, "{v}");
    }
    writeln!(out)?;
    writeln!(out, "{}", k::summary.shown(lang))?;
    writeln!(out, "  {}: {}", k::summary_rounds.shown(lang), sim.hb())?;
    for (level, n) in &by_level {
        writeln!(out, "  {level:13} {}: {n}", k::summary_tasks.shown(lang))?;
    }
    Ok(())
}

fn summary(out: &mut impl Write, sim: &Simulation, lang: Locale, json: bool) -> std::io::Result<()> {
    if sim.scenario().scheduler == schedscope::scenario::SchedulerKind::Spark {
        return spark_summary(out, sim, lang, json);
    }
    let mut by_loc: BTreeMap<&str, u64> = BTreeMap::new();
    let mut reduces = 0u64;
    // Every heartbeat's record, recomputed where a long run no longer holds it in memory.
    sim.for_each_record(1, sim.total_hbs_known(), |r| {
        for a in &r.assigned {
            match a.locality {
                Some(l) => *by_loc.entry(l.as_str()).or_default() += 1,
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
    writeln!(out, "{}", k::summary.shown(lang))?;
    writeln!(out, "  {}: {}", k::summary_heartbeats.shown(lang), sim.hb())?;
    for key in ["node", "rack", "off-switch"] {
        let n = by_loc.get(key).copied().unwrap_or(0);
        let pct = if total_maps > 0 { 100.0 * n as f64 / total_maps as f64 } else { 0.0 };
        writeln!(out, "  {key:10} {}: {n} ({pct:.0}%)", k::report_maps.shown(lang))?;
    }
    writeln!(out, "  reduces: {reduces}")?;
    let all_finished = cluster.jobs.values().all(|j| j.finish_time.is_some());
    match makespan {
        _ if cluster.jobs.is_empty() => writeln!(out, "  {}", k::summary_makespan_none.shown(lang))?,
        Some(m) if all_finished => {
            writeln!(out, "  {}: {:.1} s", k::cmp_report_makespan.shown(lang), m as f64 / 1000.0)?
        }
        _ => writeln!(out, "  {}", k::summary_makespan_unfinished.shown(lang))?,
    }
    for j in cluster.jobs.values() {
        let resp = match (j.state, j.finish_time) {
            (RunState::Succeeded | RunState::Failed | RunState::Killed, Some(f)) => {
                format!(
                    "{} {:.1} s ({} {:.1} s)",
                    j.state.as_str(),
                    f as f64 / 1000.0,
                    k::summary_response.shown(lang),
                    (f - j.start_time) as f64 / 1000.0
                )
            }
            _ => j.state.as_str().to_string(),
        };
        writeln!(out, "  J{} {:16} {}", j.id.0, j.name, resp)?;
    }
    Ok(())
}

pub(super) fn check(files: &[String]) -> ExitCode {
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

pub(super) fn validate(files: &[String]) -> ExitCode {
    let mut bad = false;
    for f in files {
        // The text as written (its warnings on stderr), then a dry run: the steps that cannot
        // run, as `run` finds them.
        let checked = |t: String| {
            scenario::parse(&t).and_then(|s| {
                warn(f, &s.warnings);
                schedscope::sim::validate(&s)
            })
        };
        match read(f).map(checked) {
            Err(e) => {
                bad = true;
                println!("{f}: {e}");
            }
            Ok(Err(errs)) => {
                bad = true;
                warn(f, &errs.warnings);
                println!("{f}: {} problem(s)", errs.errors.len());
                println!("{}", indent(&errs.to_string()));
            }
            Ok(Ok(_)) => println!("{f}: ok"),
        }
    }
    if bad { ExitCode::from(1) } else { ExitCode::SUCCESS }
}
