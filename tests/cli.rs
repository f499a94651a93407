//! The command line as a user meets it: the built `schedscope` binary, its help, version,
//! completions, and the refusal of every bad option with a message naming it.
#![cfg(not(target_arch = "wasm32"))]

use std::process::{Command, Output};

fn schedscope(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_schedscope")).args(args).output().expect("the binary runs")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A usage error: exit code 2, nothing on stdout, and every needle in the message.
fn refused(args: &[&str], needles: &[&str]) {
    let o = schedscope(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?} should be refused; stderr: {err}");
    assert!(o.stdout.is_empty(), "{args:?} printed {:?}", stdout(&o));
    for n in needles {
        assert!(err.contains(n), "{args:?}: the message should contain {n:?}; got:\n{err}");
    }
}

const SUBCOMMANDS: [&str; 11] =
    ["run", "check", "validate", "bench", "sweep", "compare", "import", "lesson", "practice", "list", "completions"];

#[test]
fn every_subcommand_has_help() {
    for sub in SUBCOMMANDS {
        for form in [vec![sub, "--help"], vec![sub, "-h"], vec!["help", sub]] {
            let o = schedscope(&form);
            assert!(o.status.success(), "{form:?}: {}", stderr(&o));
            let out = stdout(&o);
            assert!(out.contains(&format!("Usage: schedscope {sub}")), "{form:?}:\n{out}");
        }
    }
    let o = schedscope(&["--help"]);
    assert!(o.status.success());
    for sub in SUBCOMMANDS {
        assert!(stdout(&o).contains(&format!("  {sub} ")), "top-level help lists {sub}");
    }
}

#[test]
fn version_is_the_package_version() {
    let o = schedscope(&["--version"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), format!("schedscope {}\n", env!("CARGO_PKG_VERSION")));
}

#[test]
fn no_arguments_prints_the_help_and_fails() {
    let o = schedscope(&[]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("Usage: schedscope <COMMAND>"));
}

#[test]
fn completions_for_each_shell() {
    for (shell, marker) in
        [("bash", "_schedscope()"), ("zsh", "#compdef schedscope"), ("fish", "complete -c schedscope")]
    {
        let o = schedscope(&["completions", shell]);
        assert!(o.status.success(), "{shell}: {}", stderr(&o));
        let out = stdout(&o);
        assert!(out.contains(marker), "{shell} script should contain {marker:?}");
        assert!(out.contains("max-heartbeats"), "{shell} script completes options");
    }
    refused(&["completions", "tcsh"], &["invalid value 'tcsh' for '<SHELL>'", "bash, elvish, fish, powershell, zsh"]);
}

#[test]
fn unknown_options_and_commands_get_a_suggestion() {
    refused(&["bench", "--nodse", "5"], &["unexpected argument '--nodse'", "a similar argument exists: '--nodes'"]);
    refused(&["run", "builtin:fifo-two-racks", "--jsn"], &["unexpected argument '--jsn'", "'--json'"]);
    refused(&["valdate", "x.json"], &["unrecognized subcommand 'valdate'", "a similar subcommand exists: 'validate'"]);
}

#[test]
fn numeric_and_named_values_are_validated() {
    refused(&["compare", "--paper", "--seed", "abc"], &["invalid value 'abc' for '--seed <N>'"]);
    refused(&["compare", "--paper", "--delay", "abc"], &["invalid value 'abc' for '--delay <MS>'", "whole ms"]);
    refused(&["compare", "--paper", "--delay", "-5"], &["invalid value '-5' for '--delay <MS>'"]);
    refused(&["compare", "--paper", "--seed", "-1"], &["invalid value '-1' for '--seed <N>'"]);
    refused(
        &["compare", "--paper", "--lang", "fr"],
        &["invalid value 'fr' for '--lang <LANG>': expected en, zh or zh-Hant (also zh-TW, zh-HK)"],
    );
    refused(
        &["run", "builtin:fifo-two-racks", "--max-heartbeats", "0"],
        &["invalid value '0' for '--max-heartbeats <N>': expected a whole number ≥ 1"],
    );
    refused(&["run", "builtin:fifo-two-racks", "--max-heartbeats", "ten"], &["'--max-heartbeats <N>'"]);
    refused(
        &["bench", "--nodes", "1000000000", "--tasks", "10"],
        &["invalid value '1000000000' for '--nodes <N>': 1000000000 is not in 1..=10000"],
    );
    refused(&["bench", "--nodes", "100", "--tasks", "0"], &["'--tasks <T>'"]);
    refused(&["bench", "--scheduler", "fare"], &["invalid value 'fare' for '--scheduler <SCHEDULER>'", "'fair'"]);
    refused(&["sweep", "x.json", "--delays", "100,abc"], &["invalid value 'abc' for '--delays <MS,MS,..>'"]);
    refused(&["sweep", "x.json", "--skips", "-1"], &["invalid value '-1' for '--skips <D,D,..>'"]);
    refused(&["sweep", "x.json", "--rack-delay", "1.5"], &["invalid value '1.5' for '--rack-delay <MS,MS,..>'"]);
    refused(
        &["compare", "x.json", "--schedulers", "fifo,fare"],
        &["invalid value 'fare' for '--schedulers <LIST>'", "unknown scheduler \"fare\""],
    );
    refused(&["compare", "x.json", "--schedulers", "fifo@100"], &["only the Fair Scheduler has a locality delay"]);
    refused(&["import", "t.json", "--max-jobs", "0"], &["invalid value '0' for '--max-jobs <N>'"]);
    refused(&["import", "t.json", "--format", "csv"], &["invalid value 'csv' for '--format <FORMAT>'"]);
    refused(&["lesson", "builtin:fifo-load-factor", "--lang", "de"], &["'--lang <LANG>'"]);
}

#[test]
fn options_that_do_not_go_together_are_refused() {
    refused(&["bench", "--nodes", "100"], &["--tasks <T>"]);
    refused(&["bench", "--tasks", "100"], &["--nodes <N>"]);
    refused(
        &["sweep", "x.json", "--delays", "1", "--skips", "2"],
        &["'--delays <MS,MS,..>' cannot be used with '--skips"],
    );
    refused(&["compare", "--paper", "x.json"], &["cannot be used with"]);
    refused(&["compare", "--paper", "--schedulers", "fifo"], &["'--paper' cannot be used with '--schedulers <LIST>'"]);
    refused(&["compare", "x.json", "--delay", "5"], &["'[FILE]' cannot be used with '--delay <MS>'"]);
    refused(&["compare"], &["required arguments were not provided", "<FILE>"]);
    refused(&["check"], &["required arguments were not provided", "<FILE>..."]);
}

#[test]
fn the_commands_still_work() {
    let o = schedscope(&["run", "builtin:fifo-two-racks", "--max-heartbeats", "2", "--json"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let lines: Vec<_> = stdout(&o).lines().map(str::to_string).collect();
    assert_eq!(lines.len(), 3, "two heartbeats and the summary");
    assert!(lines[0].starts_with("{\"hb\":1,"), "{}", lines[0]);
    assert!(lines[2].starts_with("{\"summary\":"), "{}", lines[2]);

    let o = schedscope(&["run", "builtin:fifo-two-racks", "--max-heartbeats", "1", "--lang", "zh"]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("汇总"));

    let o = schedscope(&["validate", "builtin:fifo-two-racks"]);
    assert_eq!(stdout(&o), "builtin:fifo-two-racks: ok\n");

    let o = schedscope(&["list"]);
    assert!(stdout(&o).lines().any(|l| l.starts_with("fifo-two-racks ")));
    assert!(stdout(&o).lines().any(|l| l.starts_with("lesson:")));
}

#[test]
fn practice_prints_spark_questions_by_round() {
    let o = schedscope(&["practice", "--concepts", "spark", "--difficulty", "hard", "--seed", "4", "--count", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("#p=1&c=spark.delay&d=hard&seed=4&n=4"), "{out}");
    assert_eq!(out.matches("\nQuestion ").count(), 4, "{out}");
    assert!(out.contains("the question is about round ") && out.contains("the engine's record of that round"), "{out}");
    assert!(out.contains("spark.allowed_level") && out.contains("spark.which_executor"), "{out}");
    assert!(out.contains("Answer: ") && out.contains("TaskSet_0.0"), "{out}");
    let zh = stdout(&schedscope(&["practice", "--concepts", "spark.delay", "--count", "1", "--lang", "zh"]));
    assert!(zh.contains("轮") && zh.contains("答案："), "{zh}");
}

#[test]
fn practice_prints_an_answer_key_and_verifies_result_codes() {
    use schedscope::practice::{SetSpec, result};
    let o = schedscope(&[
        "practice",
        "--concepts",
        "fair.delay,fifo",
        "--difficulty",
        "easy",
        "--seed",
        "3",
        "--count",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("#p=1&c=fifo.small_jobs,"), "{out}");
    assert_eq!(out.matches("\nQuestion ").count(), 2, "{out}");
    assert!(out.contains("Answer:") && out.contains("Code path:") && out.contains("Heartbeat "), "{out}");
    let zh = stdout(&schedscope(&["practice", "--link", "p=1&c=fair&d=hard&seed=2&n=1", "--lang", "zh"]));
    assert!(zh.contains("答案：") && zh.contains("第 1 题"), "{zh}");
    let json = stdout(&schedscope(&["practice", "--count", "1", "--json"]));
    let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
    assert_eq!(v["questions"].as_array().map(Vec::len), Some(1));

    let spec = SetSpec::parse_link("p=1&c=capacity&d=easy&seed=11&n=3").unwrap();
    let qs = spec.questions();
    let answers: Vec<_> = qs.iter().enumerate().map(|(i, q)| (i != 1).then(|| q.expected.clone())).collect();
    let code = result::encode(&spec, &qs, &answers);
    let o = schedscope(&["practice", "--verify", &code]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("p=1&c=capacity&d=easy&seed=11&n=3") && out.contains("Total: 2/3"), "{out}");
    assert!(out.contains("(no answer)"), "{out}");
    let mut typo: Vec<char> = code.chars().collect();
    typo[2] = if typo[2] == 'A' { 'B' } else { 'A' };
    let o = schedscope(&["practice", "--verify", &typo.into_iter().collect::<String>()]);
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).contains("checksum"), "{}", stderr(&o));
    refused(&["practice", "--concepts", "fair.dealy"], &["--concepts", "fair.dealy"]);
    refused(&["practice", "--count", "0"], &["--count"]);
    refused(&["practice", "--seed", "-1"], &["--seed"]);
    refused(&["practice", "--link", "p=1&d=insane"], &["--link", "insane"]);
    refused(&["practice", "--verify", "X", "--seed", "2"], &["--verify"]);
}

/// A reader that stops early (`schedscope practice --count 40 | head -1`) ends the command quietly: no
/// panic about a broken pipe, as with any other Unix filter.
#[cfg(unix)]
#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_schedscope"))
        .args(["practice", "--count", "40"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut first = String::new();
    BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut first).expect("a first line");
    assert!(!first.is_empty());
    // The reader is gone (its end of the pipe was dropped with the BufReader) long before the
    // 150 kB of this answer key are printed.
    let o = child.wait_with_output().expect("the command ends");
    let err = stderr(&o);
    assert!(!err.contains("panicked") && !err.contains("Broken pipe"), "stderr: {err}");
}

/// A scenario file in the temporary directory, removed when dropped.
struct TempFile(std::path::PathBuf);

impl TempFile {
    fn new(name: &str, text: &str) -> TempFile {
        let p = std::env::temp_dir().join(format!("schedscope-cli-{}-{name}", std::process::id()));
        std::fs::write(&p, text).unwrap();
        TempFile(p)
    }
    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

#[test]
fn a_run_without_jobs_says_so_and_a_partial_run_has_no_makespan() {
    let f = TempFile::new("nojobs.json", r#"{"trackers": [{"name": "tt1"}], "steps": [{"heartbeat": "tt1"}]}"#);
    let o = schedscope(&["run", f.path()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("  makespan: none (the scenario has no jobs)\n"), "{out}");
    assert!(!out.contains("not every job has finished"), "{out}");
    // One job finished, one still running: no makespan.
    let f = TempFile::new(
        "partial.json",
        r#"{"trackers": [{"name": "tt1", "map_slots": 2}], "jobs": [{"id": 1, "maps": 1}, {"id": 2, "maps": 1}],
            "steps": [{"heartbeat": "tt1"}, {"op": "finish", "attempt": "J1 m0#0"}]}"#,
    );
    let out = stdout(&schedscope(&["run", f.path()]));
    assert!(out.contains("  makespan: not every job has finished\n"), "{out}");
}

/// The page's JSON export (`export::trace_jsonl`) is the CLI's `run --json` output without its
/// summary line, byte for byte, for every built-in scenario.
#[test]
fn the_json_export_is_the_run_json_lines_byte_for_byte() {
    for (id, json) in schedscope::scenario::builtin() {
        let o = schedscope(&["run", &format!("builtin:{id}"), "--json"]);
        assert!(o.status.success(), "{id}: {}", stderr(&o));
        let out = stdout(&o);
        let body = out.trim_end_matches('\n');
        let (records, summary) = body.rsplit_once('\n').unwrap_or(("", body));
        assert!(summary.starts_with("{\"summary\":"), "{id}: the last line is the summary");
        let mut sim = schedscope::sim::Simulation::from_json(json).unwrap();
        sim.run_to_end(1_000_000);
        let mut all = Vec::new();
        sim.for_each_record(1, sim.total_hbs_known(), |r| all.push(r.clone()));
        assert_eq!(schedscope::export::trace_jsonl(&all), format!("{records}\n"), "{id}");
    }
}

/// `bench` says what its times measure (thread CPU time natively) and gives the per-heartbeat
/// scheduling cost beside the whole cost, job arrivals and initialisations apart.
#[test]
fn bench_reads_thread_cpu_time_and_times_jobs_apart() {
    let o = schedscope(&["bench", "--scheduler", "fair", "--nodes", "20", "--tasks", "200"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.starts_with("Times are thread CPU time."), "{out}");
    assert!(
        out.contains("| CPU s | real-time factor | jobs s | µs / heartbeat | scheduling µs / heartbeat |"),
        "{out}"
    );
    let row = out.lines().last().expect("a row");
    assert!(row.starts_with("| fair | 20 | 200 |"), "{row}");
    let cells: Vec<&str> = row.split('|').map(str::trim).collect();
    let (per_hb, scheduling): (f64, f64) = (cells[10].parse().unwrap(), cells[11].parse().unwrap());
    assert!(scheduling > 0.0 && scheduling <= per_hb, "{row}");
    let o = schedscope(&["bench", "--scheduler", "fifo", "--nodes", "20", "--tasks", "200", "--json"]);
    let v: serde_json::Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON line");
    assert_eq!(v["clock"], "thread CPU time");
    assert!(v["jobs_ms"].as_f64().unwrap() > 0.0);
    assert!(v["realtime_factor"].as_f64().unwrap() > 0.0);
}
