//! `schedscope`: run, check and validate scenarios from the command line. The options are
//! defined in `cli.rs` (clap); `schedscope --help` and `schedscope SUBCOMMAND --help` list them.
//! The command line is native only: a wasm build (the browser tests build every binary) gets
//! an empty `main`.

#[cfg(not(target_arch = "wasm32"))]
mod bench;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod practice;
#[cfg(not(target_arch = "wasm32"))]
mod scenarios;
#[cfg(not(target_arch = "wasm32"))]
mod teach;

#[cfg(not(target_arch = "wasm32"))]
use std::process::ExitCode;

#[cfg(not(target_arch = "wasm32"))]
fn read(path: &str) -> Result<String, String> {
    if let Some(id) = path.strip_prefix("builtin:") {
        return schedscope::scenario::builtin()
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, j)| j.to_string())
            .ok_or_else(|| format!("no built-in scenario {id:?}; try `schedscope list`"));
    }
    std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))
}

#[cfg(not(target_arch = "wasm32"))]
fn indent(s: &str) -> String {
    s.lines().map(|l| format!("  {l}")).collect::<Vec<_>>().join("\n")
}

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    use clap::{CommandFactory, Parser};
    use cli::Command;
    use scenarios::{check, list, run, validate};
    use teach::{compare, import, lesson, sweep};
    match cli::Cli::parse().command {
        Command::Run(a) => run(a),
        Command::Check(a) => check(&a.files),
        Command::Validate(a) => validate(&a.files),
        Command::Bench(a) => bench::bench(a),
        Command::Sweep(a) => sweep(a),
        Command::Lesson(a) => lesson(a),
        Command::Compare(a) => compare(a),
        Command::Import(a) => import(a),
        Command::Practice(a) => practice::practice(a),
        Command::List => list(),
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut cli::Cli::command(), "schedscope", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
    }
}

#[cfg(target_arch = "wasm32")]
fn main() {}
