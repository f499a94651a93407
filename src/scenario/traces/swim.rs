//! SWIM workloads (Chen et al., the Facebook 2009/2010 samples): TSV rows `job id, submit s,
//! gap s, map input bytes, shuffle bytes, reduce output bytes` (a 7th column, the input path,
//! is ignored). Maps = ⌈input / split⌉ (at least 1), reduces = round((shuffle + output) / bytes
//! per reduce) (0 for map-only jobs, else at least 1), as SWIM's own replay tool does. Read line
//! by line; every unusable row is reported with its line and column.

use super::{ImportOptions, MAX_TRACE_TIME_MS, Maps, TraceJob};
use crate::scenario::ScenarioError;
use std::io::BufRead;

pub(super) struct SwimRead {
    pub jobs: Vec<TraceJob>,
    pub total: usize,
    /// Kept jobs whose map count was cut to `max_maps_per_job`.
    pub capped: usize,
}

/// Read the rows, keeping the jobs at row indexes `keep` (counting jobs, not comment lines);
/// the other rows are counted, not checked.
pub(super) fn read<R: BufRead>(
    r: R,
    o: &ImportOptions,
    keep: std::ops::Range<usize>,
) -> Result<SwimRead, Vec<ScenarioError>> {
    let mut errs = Vec::new();
    let mut out = SwimRead { jobs: Vec::new(), total: 0, capped: 0 };
    let mut tasks = 0u64;
    let mut last_submit: Option<f64> = None;
    for (ln, line) in r.lines().enumerate() {
        let at_line = format!("line {}", ln + 1);
        let line = match line {
            Ok(l) => l,
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                errs.push(ScenarioError {
                    path: at_line,
                    message: "found bytes that are not UTF-8 text, expected TSV rows".into(),
                });
                break;
            }
            Err(e) => {
                errs.push(ScenarioError { path: at_line, message: format!("could not read the trace: {e}") });
                break;
            }
        };
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let i = out.total;
        out.total += 1;
        // Rows outside the window are only counted.
        if !keep.contains(&i) || errs.len() >= 200 {
            continue;
        }
        let at = |c: usize| format!("line {}, column {}", ln + 1, c);
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() != 6 && cols.len() != 7 {
            errs.push(ScenarioError {
                path: at_line,
                message: format!(
                    "found {} tab-separated columns, expected 6 (SWIM: job, submit s, gap s, input, shuffle, output bytes)",
                    cols.len()
                ),
            });
            continue;
        }
        let mut num = |c: usize| -> Option<f64> {
            match cols[c].trim().parse::<f64>() {
                Ok(x) if x.is_finite() && x >= 0.0 => Some(x),
                _ => {
                    errs.push(ScenarioError {
                        path: at(c + 1),
                        message: format!("found {:?}, expected a number ≥ 0", cols[c]),
                    });
                    None
                }
            }
        };
        let (Some(submit), Some(input), Some(shuffle), Some(output)) = (num(1), num(3), num(4), num(5)) else {
            continue;
        };
        if last_submit.is_some_and(|l| submit < l) {
            errs.push(ScenarioError {
                path: at(2),
                message: format!("submit time {submit} s is before the previous job's; expected rows in submit order"),
            });
            continue;
        }
        last_submit = Some(submit);
        if submit * 1000.0 > MAX_TRACE_TIME_MS as f64 {
            errs.push(ScenarioError {
                path: at(2),
                message: format!("found a submit time of {submit} s, expected at most {} s", MAX_TRACE_TIME_MS / 1000),
            });
            continue;
        }
        let raw_maps = ((input / o.split_bytes as f64).ceil() as u64).max(1);
        let maps = raw_maps.min(o.max_maps_per_job);
        out.capped += usize::from(raw_maps > maps);
        let reduces = if shuffle == 0.0 {
            0
        } else {
            (((shuffle + output) / o.bytes_per_reduce as f64).round() as u64).clamp(1, o.max_maps_per_job)
        };
        tasks += maps + reduces;
        if tasks > crate::scenario::MAX_TOTAL_TASKS {
            errs.push(ScenarioError {
                path: at_line,
                message: format!(
                    "more than {} tasks in all; import fewer jobs (--max-jobs)",
                    crate::scenario::MAX_TOTAL_TASKS
                ),
            });
            break;
        }
        let n = out.jobs.len() + 1;
        out.jobs.push(TraceJob {
            origin: at_line,
            name: cols[0].trim().to_string(),
            user: format!("user{}", n % 10 + 1),
            queue: "default".into(),
            priority: "NORMAL".into(),
            submit_ms: (submit * 1000.0) as i64,
            maps: Maps::Placed { count: maps, replicas: 3 },
            reduces,
            reduce_ms: None,
            hosts: Vec::new(),
        });
    }
    if !errs.is_empty() {
        errs.truncate(200);
        return Err(errs);
    }
    Ok(out)
}
