//! Real workloads as scenarios, from two trace formats practitioners know: **Rumen** job
//! histories (`traces/rumen.rs`: submit times, task counts, measured durations, hosts and racks
//! from the trace's topology, input locations) and **SWIM** workloads (`traces/swim.rs`: the
//! Facebook 2009/2010 samples; sizes from bytes, the cluster modelled).
//!
//! An import picks a window of jobs (`skip_jobs`, `max_jobs`) and may compress time
//! (`time_scale`: submit times divided by it, so a SWIM hour becomes a busy few minutes), and
//! says what it dropped, scaled or modelled: [`Imported::notes`], also written into the
//! scenario's `description`. The trace is read as a stream (`traces/input.rs`): one Rumen job
//! at a time, one SWIM row at a time, never past the size cap. Every unusable item is reported
//! with its line or JSON path in the trace — also when the scenario built from it fails
//! validation; nothing panics.

mod input;
mod rumen;
mod swim;

use super::{ScenarioError, ScenarioErrors};
use crate::input::strict::size;
use serde_json::Value;
use std::io::BufRead;

/// Largest trace accepted.
pub const MAX_TRACE_BYTES: usize = 64 * 1024 * 1024;
/// Most jobs a scenario may hold (job ids are 1..=9999).
pub const MAX_IMPORT_JOBS: usize = 9999;
/// Longest task and latest submit time a trace may give, in ms (a scenario's own limit on
/// durations, 2^40 ms, about 35 years).
pub const MAX_TRACE_TIME_MS: i64 = 1 << 40;
/// Largest time compression (and smallest stretch, its inverse).
pub const MAX_TIME_SCALE: f64 = 10_000.0;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Rumen,
    Swim,
}

impl Format {
    pub fn parse(s: &str) -> Option<Format> {
        match s {
            "rumen" => Some(Format::Rumen),
            "swim" => Some(Format::Swim),
            _ => None,
        }
    }
    /// JSON for Rumen, anything else is taken as SWIM's TSV.
    pub fn sniff(text: &str) -> Format {
        let t = text.trim_start_matches('\u{feff}').trim_start();
        if t.starts_with('{') || t.starts_with('[') { Format::Rumen } else { Format::Swim }
    }
}

#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// `None`: guess from the content.
    pub format: Option<Format>,
    pub scheduler: String,
    /// The window: leave out the first `skip_jobs` jobs of the trace, keep the next `max_jobs`.
    pub skip_jobs: usize,
    pub max_jobs: usize,
    /// Submit times (relative to the first kept job) are divided by this: 20 turns an hour of
    /// arrivals into 3 minutes. Task durations are kept.
    pub time_scale: f64,
    /// Rumen: a map without `preferredLocations` takes the host its successful attempt ran on
    /// as its input location (as SLS requests the attempt's host), so it can run node-local.
    pub attempt_hosts_as_locations: bool,
    /// SWIM: split size (HDFS block), bytes per reduce, and the modelled cluster.
    pub split_bytes: u64,
    pub bytes_per_reduce: u64,
    pub max_maps_per_job: u64,
    pub racks: u32,
    pub nodes_per_rack: u32,
}

impl Default for ImportOptions {
    fn default() -> Self {
        ImportOptions {
            format: None,
            scheduler: "fifo".into(),
            skip_jobs: 0,
            max_jobs: 200,
            time_scale: 1.0,
            attempt_hosts_as_locations: true,
            split_bytes: 64 << 20,
            bytes_per_reduce: 1 << 30,
            max_maps_per_job: 2000,
            racks: 4,
            nodes_per_rack: 10,
        }
    }
}

/// One thing the import dropped, scaled or modelled, in both languages.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct Note {
    pub en: String,
    pub zh: String,
}

/// An imported scenario and what the import did to the trace.
#[derive(Debug, Clone, PartialEq)]
pub struct Imported {
    pub scenario: Value,
    pub notes: Vec<Note>,
}

/// A job as read from either format, before the window and time scale.
struct TraceJob {
    /// Where it is in the trace: `$[3]` (Rumen) or `line 42` (SWIM).
    pub origin: String,
    pub name: String,
    pub user: String,
    pub queue: String,
    pub priority: String,
    pub submit_ms: i64,
    pub maps: Maps,
    pub reduces: u64,
    pub reduce_ms: Option<i64>,
    /// Rumen: (rack, host) of every attempt the trace names.
    pub hosts: Vec<(String, String)>,
}

enum Maps {
    /// Each map's input hosts as (rack, host), and its duration.
    Listed(Vec<(Vec<(String, String)>, i64)>),
    /// Replicas placed from the seed.
    Placed { count: u64, replicas: u32 },
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioErrors {
    ScenarioErrors::of(vec![ScenarioError { path: path.into(), message: message.into() }])
}

fn check_options(o: &ImportOptions) -> Result<(), ScenarioErrors> {
    if o.max_jobs == 0 || o.max_jobs > MAX_IMPORT_JOBS {
        return Err(err("max_jobs", format!("found {}, expected 1 to {MAX_IMPORT_JOBS}", o.max_jobs)));
    }
    if !(o.time_scale.is_finite() && (1.0 / MAX_TIME_SCALE..=MAX_TIME_SCALE).contains(&o.time_scale)) {
        return Err(err(
            "time_scale",
            format!("found {}, expected a number from {} to {MAX_TIME_SCALE}", o.time_scale, 1.0 / MAX_TIME_SCALE),
        ));
    }
    if !["fifo", "fair", "capacity", "limit_tasks_per_job"].contains(&o.scheduler.as_str()) {
        return Err(err(
            "scheduler",
            format!("found {:?}, expected fifo, fair, capacity or limit_tasks_per_job", o.scheduler),
        ));
    }
    Ok(())
}

/// Import a trace held in memory into a scenario (JSON value).
pub fn import(text: &str, o: &ImportOptions) -> Result<Value, ScenarioErrors> {
    import_notes(text, o).map(|i| i.scenario)
}

/// [`import`], with what the import dropped, scaled or modelled.
pub fn import_notes(text: &str, o: &ImportOptions) -> Result<Imported, ScenarioErrors> {
    if text.len() > MAX_TRACE_BYTES {
        return Err(err(
            "$",
            format!("found {} bytes, expected a file of at most {}", text.len(), size(MAX_TRACE_BYTES)),
        ));
    }
    import_reader(text.as_bytes(), o)
}

/// Import a trace from a reader, as a stream: reading stops with an error past
/// `MAX_TRACE_BYTES`, and only one Rumen job (or SWIM row) is held at a time.
pub fn import_reader<R: BufRead>(r: R, o: &ImportOptions) -> Result<Imported, ScenarioErrors> {
    check_options(o)?;
    let mut r = input::Capped::new(r, MAX_TRACE_BYTES);
    let over = r.over.clone();
    let too_big = || {
        let cap = size(MAX_TRACE_BYTES);
        err("$", format!("found more than {cap}, expected a file of at most {cap}"))
    };
    let first = match input::first_byte(&mut r) {
        Ok(b) => b,
        Err(_) if over.get() => return Err(too_big()),
        Err(e) => return Err(err("$", format!("could not read the trace: {e}"))),
    };
    let json_start = matches!(first, Some(b'{' | b'['));
    let format = o.format.unwrap_or(if json_start { Format::Rumen } else { Format::Swim });
    // Rumen asked for, but the first line holds tabs and no JSON: most likely a SWIM file.
    let looks_swim = format == Format::Rumen
        && !json_start
        && std::io::BufRead::fill_buf(&mut r)
            .is_ok_and(|b| b.split(|&c| c == b'\n').next().is_some_and(|l| l.contains(&b'\t')));
    let keep = o.skip_jobs..o.skip_jobs.saturating_add(o.max_jobs);
    let read = match format {
        Format::Rumen => rumen::read(&mut r, first == Some(b'['), keep, o.attempt_hosts_as_locations).map(Read::Rumen),
        Format::Swim => swim::read(&mut r, o, keep).map(Read::Swim),
    };
    if over.get() {
        return Err(too_big());
    }
    let read = read.map_err(|mut errors| {
        if looks_swim && let Some(e) = errors.first_mut() {
            e.message.push_str(
                "; the file looks tab-separated, like a SWIM workload, not a Rumen job history: import it as SWIM \
                 (--format swim)",
            );
        }
        errors
    });
    build(read.map_err(ScenarioErrors::of)?, o)
}

/// Import a trace file: refused before reading when it is larger than the cap, and read as a
/// stream that stops at the cap (a device or pipe has no size to check first). Errors that are
/// not about the content name the file at `$`.
pub fn import_file(path: &std::path::Path, o: &ImportOptions) -> Result<Imported, ScenarioErrors> {
    let f = std::fs::File::open(path).map_err(|e| err("$", format!("could not open the trace: {e}")))?;
    if let Ok(m) = f.metadata()
        && m.len() > MAX_TRACE_BYTES as u64
    {
        return Err(err("$", format!("found {} bytes, expected a file of at most {}", m.len(), size(MAX_TRACE_BYTES))));
    }
    import_reader(std::io::BufReader::with_capacity(1 << 16, f), o)
}

enum Read {
    Rumen(rumen::RumenRead),
    Swim(swim::SwimRead),
}

mod build;
use build::build;
