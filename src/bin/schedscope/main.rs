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

/// A scenario file, or `builtin:ID`. Errors do not name the file: the caller does.
#[cfg(not(target_arch = "wasm32"))]
fn read(path: &str) -> Result<String, String> {
    if let Some(id) = path.strip_prefix("builtin:") {
        return schedscope::scenario::builtin()
            .iter()
            .find(|(i, _)| *i == id)
            .map(|(_, j)| j.to_string())
            .ok_or_else(|| format!("no built-in scenario {id:?}; try `schedscope list`"));
    }
    read_capped(path, schedscope::scenario::MAX_SCENARIO_BYTES)
}

/// A text file of at most `cap` bytes. Reading stops just past the cap, so a device
/// (`/dev/zero`) or a huge file is refused without being read whole.
#[cfg(not(target_arch = "wasm32"))]
fn read_capped(path: &str, cap: usize) -> Result<String, String> {
    use schedscope::input::strict::size;
    use std::io::Read;
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut bytes = Vec::new();
    file.take(cap as u64 + 1).read_to_end(&mut bytes).map_err(|e| e.to_string())?;
    if bytes.len() > cap {
        return Err(format!("found more than {}, expected a file of at most {}", size(cap), size(cap)));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!("found a byte that is not UTF-8 at offset {}, expected UTF-8 text", e.utf8_error().valid_up_to())
    })
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
    // Rust ignores SIGPIPE, so printing into a closed pipe (`schedscope run ... | head`) would
    // panic; restore the default so the command ends quietly like any other filter.
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any other thread exists.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
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
