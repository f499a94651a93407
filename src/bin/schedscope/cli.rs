//! The command line as `clap` definitions: every subcommand, option and value check. The
//! commands themselves live beside this module (`main.rs`, `bench.rs`, `teach.rs`); they
//! receive values that are already valid, so no option is ever replaced by a default.

use clap::{Args, Parser, Subcommand, ValueEnum};
use schedscope::i18n::Locale;
use schedscope::scenario::traces::{self, MAX_IMPORT_JOBS};
use schedscope::sched::fair::config::MAX_LOCALITY_DELAY_MS;
use schedscope::sim::compare::{Variant, parse_variant};

/// schedscope — Hadoop 1.x MapReduce scheduling laboratory (FIFO, Fair, Capacity), one
/// TaskTracker heartbeat at a time.
#[derive(Debug, Parser)]
#[command(name = "schedscope", version, arg_required_else_help = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print every heartbeat: time, tracker, tasks with locality, and why.
    Run(RunArgs),
    /// Run self-checking scenarios; non-zero exit with a diff on any mismatch.
    Check(FilesArgs),
    /// Report every problem in a scenario, each with its JSON path.
    Validate(FilesArgs),
    /// Measure the engine on generated workloads (100/1,000/4,000 nodes by default).
    Bench(BenchArgs),
    /// Fair Scheduler: vary the node locality delay of an automatic-mode workload and print
    /// the measured node locality next to the delay scheduling paper's bound l(D), with the
    /// real skips, distinct trackers and remembered-level launches that explain the gap.
    Sweep(SweepArgs),
    /// Run one automatic-mode workload under several schedulers and compare node locality
    /// (overall and by job size), response times by job size, sticky slots and utilisation.
    Compare(CompareArgs),
    /// Turn a Rumen job history (JSON) or a SWIM workload (TSV) into a scenario on stdout; what
    /// was dropped, scaled or modelled goes to stderr (and into the scenario's description).
    Import(ImportArgs),
    /// Run lessons (builtin:ID or a file), print each step at its heartbeat and check every
    /// claim.
    Lesson(LessonArgs),
    /// Practice: print a set of generated questions with their answers (a teacher's answer
    /// key), or verify a student's result code.
    Practice(PracticeArgs),
    /// List the built-in scenarios (use builtin:ID as FILE) and lessons.
    List,
    /// Print a shell completion script, e.g. `schedscope completions bash > /etc/bash_completion.d/schedscope`.
    Completions {
        /// The shell to complete in.
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Debug, Args)]
pub struct RunArgs {
    /// A scenario file, or builtin:ID (see `schedscope list`).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// One JSON object per heartbeat, then a summary object.
    #[arg(long)]
    pub json: bool,
    /// The language of the text output: en, zh (简体中文) or zh-Hant (繁體中文; also zh-TW, zh-HK).
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang)]
    pub lang: Locale,
    /// Stop after N heartbeats (N ≥ 1).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = at_least_one)]
    pub max_heartbeats: Option<u64>,
}

#[derive(Debug, Args)]
pub struct FilesArgs {
    /// Scenario files, or builtin:ID (see `schedscope list`).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
}

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// The scheduler to measure.
    #[arg(long, value_enum, default_value_t = SchedulerName::Fifo)]
    pub scheduler: SchedulerName,
    /// One case of N nodes instead of the standard three (with --tasks).
    #[arg(long, value_name = "N", requires = "tasks", allow_negative_numbers = true, value_parser = clap::value_parser!(u32).range(1..=schedscope::scenario::MAX_TRACKERS as i64))]
    pub nodes: Option<u32>,
    /// The number of tasks of that case (with --nodes).
    #[arg(long, value_name = "T", requires = "nodes", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=schedscope::scenario::MAX_TOTAL_TASKS))]
    pub tasks: Option<u64>,
    /// Keep the run's history and time stepping back, jumps and scrubbing.
    #[arg(long)]
    pub history: bool,
    /// One JSON object per case instead of a markdown table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct SweepArgs {
    /// An automatic-mode Fair Scheduler scenario, or builtin:ID.
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Node locality delays to try, in ms (comma-separated whole numbers ≥ 0).
    #[arg(long, value_name = "MS,MS,..", value_delimiter = ',', allow_negative_numbers = true, value_parser = delay_ms, conflicts_with = "skips")]
    pub delays: Option<Vec<i64>>,
    /// Delays as skip counts D (comma-separated numbers ≥ 0), converted with the heartbeat
    /// interval; default 0,1,2,3,5,8,13,21,34.
    #[arg(long, value_name = "D,D,..", value_delimiter = ',', allow_negative_numbers = true, value_parser = skips)]
    pub skips: Option<Vec<f64>>,
    /// The rack locality delay, in ms; several (comma-separated) run one sweep each.
    #[arg(long, value_name = "MS,MS,..", value_delimiter = ',', default_value = "0", allow_negative_numbers = true, value_parser = delay_ms)]
    pub rack_delay: Vec<i64>,
    /// The language of the text output: en, zh (简体中文) or zh-Hant (繁體中文; also zh-TW, zh-HK).
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang)]
    pub lang: Locale,
    /// The result as one JSON object (one line per rack delay).
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct CompareArgs {
    /// An automatic-mode scenario, or builtin:ID (not with --paper).
    #[arg(value_name = "FILE", required_unless_present = "paper", conflicts_with = "paper")]
    pub file: Option<String>,
    /// Schedulers to compare, comma-separated: fifo, fair, capacity, limit_tasks_per_job, or
    /// fair@MS / fair@NODE_MS/RACK_MS for a Fair locality delay; for a Spark scenario spark
    /// (Spark 3.1's timer reset) and spark-legacy (the reset on every launch) [default:
    /// fifo,fair,capacity; for a Spark scenario spark-legacy,spark].
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = variant, conflicts_with = "paper")]
    pub schedulers: Vec<Variant>,
    /// Stop each run after N heartbeats.
    #[arg(long, value_name = "N", default_value = "1000000", allow_negative_numbers = true, value_parser = at_least_one, conflicts_with = "paper")]
    pub max_heartbeats: u64,
    /// The delay scheduling paper's experiment: a Facebook-like mix on 100 nodes, Fair without
    /// and with delay scheduling, node locality by job-size bin.
    #[arg(long)]
    pub paper: bool,
    /// With --paper: the locality delay of the second run, in ms.
    #[arg(long, value_name = "MS", default_value = "3000", allow_negative_numbers = true, value_parser = delay_ms, conflicts_with = "file")]
    pub delay: i64,
    /// With --paper: the workload's seed.
    #[arg(long, value_name = "N", default_value = "1", allow_negative_numbers = true, conflicts_with = "file")]
    pub seed: u64,
    /// The result as one JSON object.
    #[arg(long)]
    pub json: bool,
    /// The language of the text output: en, zh (简体中文) or zh-Hant (繁體中文; also zh-TW, zh-HK).
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang)]
    pub lang: Locale,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A Rumen job history (JSON) or a SWIM workload (TSV).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The trace's format (default: guessed from the content).
    #[arg(long, value_enum)]
    pub format: Option<TraceFormat>,
    /// The scenario's scheduler.
    #[arg(long, value_enum, default_value_t = SchedulerName::Fifo)]
    pub scheduler: SchedulerName,
    /// Keep N jobs (default 200), starting after --skip-jobs.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(1..=MAX_IMPORT_JOBS as u64))]
    pub max_jobs: Option<u64>,
    /// Leave out the first N jobs of the trace (with --max-jobs: a window of jobs).
    #[arg(long, value_name = "N", default_value = "0", allow_negative_numbers = true, value_parser = clap::value_parser!(u64).range(0..=1_000_000_000))]
    pub skip_jobs: u64,
    /// Divide submit times by X (X > 1 compresses: 20 turns an hour of arrivals into 3
    /// minutes); task durations are kept.
    #[arg(long, value_name = "X", default_value = "1", allow_negative_numbers = true, value_parser = time_scale)]
    pub time_scale: f64,
    /// The language of the notes on stderr: en, zh (简体中文) or zh-Hant (繁體中文).
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang)]
    pub lang: Locale,
}

#[derive(Debug, Args)]
pub struct LessonArgs {
    /// Lesson files, or builtin:ID (see `schedscope list`).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
    /// The language of the text output: en, zh (简体中文) or zh-Hant (繁體中文; also zh-TW, zh-HK).
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang)]
    pub lang: Locale,
}

#[derive(Debug, Args)]
pub struct PracticeArgs {
    /// Concepts, comma-separated: concept ids (e.g. fair.delay), scheduler names (fifo, fair,
    /// capacity, spark: all their concepts) or all.
    #[arg(long, value_name = "LIST", value_delimiter = ',', default_value = "all", value_parser = concepts, conflicts_with_all = ["link", "verify"])]
    pub concepts: Vec<&'static str>,
    /// How hard the questions are.
    #[arg(long, value_enum, default_value_t = DifficultyName::Medium, conflicts_with_all = ["link", "verify"])]
    pub difficulty: DifficultyName,
    /// The set's seed (0 to 4294967295): the same seed gives the same questions.
    #[arg(long, value_name = "N", default_value = "1", allow_negative_numbers = true, conflicts_with_all = ["link", "verify"])]
    pub seed: u32,
    /// How many questions (1 to 40).
    #[arg(long, value_name = "N", default_value = "10", allow_negative_numbers = true, value_parser = count, conflicts_with_all = ["link", "verify"])]
    pub count: u32,
    /// The set from a practice link (the part after `#`, e.g. "p=1&c=fair&d=hard&seed=7&n=5").
    #[arg(long, value_name = "LINK", value_parser = set_link, conflicts_with = "verify")]
    pub link: Option<schedscope::practice::SetSpec>,
    /// Decode a student's result code: the set, the answers and the score.
    #[arg(long, value_name = "CODE")]
    pub verify: Option<String>,
    /// The questions and answers as JSON.
    #[arg(long, conflicts_with = "verify")]
    pub json: bool,
    /// The language of the text output: en, zh (简体中文) or zh-Hant (繁體中文; also zh-TW, zh-HK).
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = lang)]
    pub lang: Locale,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DifficultyName {
    Easy,
    Medium,
    Hard,
}

impl From<DifficultyName> for schedscope::practice::Difficulty {
    fn from(d: DifficultyName) -> Self {
        match d {
            DifficultyName::Easy => schedscope::practice::Difficulty::Easy,
            DifficultyName::Medium => schedscope::practice::Difficulty::Medium,
            DifficultyName::Hard => schedscope::practice::Difficulty::Hard,
        }
    }
}

/// A scheduler by its scenario name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
#[value(rename_all = "snake_case")]
pub enum SchedulerName {
    Fifo,
    Fair,
    Capacity,
    LimitTasksPerJob,
}

impl SchedulerName {
    /// The name as a scenario's `"scheduler"` writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            SchedulerName::Fifo => "fifo",
            SchedulerName::Fair => "fair",
            SchedulerName::Capacity => "capacity",
            SchedulerName::LimitTasksPerJob => "limit_tasks_per_job",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TraceFormat {
    Rumen,
    Swim,
}

impl From<TraceFormat> for traces::Format {
    fn from(f: TraceFormat) -> Self {
        match f {
            TraceFormat::Rumen => traces::Format::Rumen,
            TraceFormat::Swim => traces::Format::Swim,
        }
    }
}

fn lang(s: &str) -> Result<Locale, String> {
    Locale::parse(s).ok_or_else(|| "expected en, zh or zh-Hant (also zh-TW, zh-HK)".to_string())
}

fn at_least_one(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("expected a whole number ≥ 1".into()),
    }
}

fn delay_ms(s: &str) -> Result<i64, String> {
    match s.trim().parse::<i64>() {
        Ok(n) if (0..=MAX_LOCALITY_DELAY_MS).contains(&n) => Ok(n),
        _ => Err(format!("expected a delay in whole ms from 0 to {MAX_LOCALITY_DELAY_MS}")),
    }
}

fn skips(s: &str) -> Result<f64, String> {
    match s.trim().parse::<f64>() {
        Ok(d) if d.is_finite() && (0.0..=1e9).contains(&d) => Ok(d),
        _ => Err("expected a number of skips from 0 to 1000000000".into()),
    }
}

fn concepts(s: &str) -> Result<&'static str, String> {
    // One item of the list (clap splits at commas).
    match s.trim() {
        "all" => Ok("all"),
        "fifo" => Ok("fifo"),
        "fair" => Ok("fair"),
        "capacity" => Ok("capacity"),
        "spark" => Ok("spark"),
        id => schedscope::practice::concept_index(id).map(|i| schedscope::practice::CONCEPTS[i].0).ok_or_else(|| {
            schedscope::practice::set::SetError::UnknownConcept(id.to_string()).message(schedscope::i18n::Lang::En)
        }),
    }
}

fn count(s: &str) -> Result<u32, String> {
    schedscope::practice::set::parse_count(s.trim()).map_err(|e| e.message(schedscope::i18n::Lang::En))
}

fn set_link(s: &str) -> Result<schedscope::practice::SetSpec, String> {
    let hash = s.rsplit_once('#').map(|(_, h)| h).unwrap_or(s);
    schedscope::practice::SetSpec::parse_link(hash).map_err(|e| e.message(schedscope::i18n::Lang::En))
}

fn time_scale(s: &str) -> Result<f64, String> {
    let max = traces::MAX_TIME_SCALE;
    match s.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && (1.0 / max..=max).contains(&x) => Ok(x),
        _ => Err(format!("expected a number from {} to {max}", 1.0 / max)),
    }
}

fn variant(s: &str) -> Result<Variant, String> {
    parse_variant(s.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_definitions_are_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
