//! Rumen job histories (`hadoop-tools/hadoop-rumen`, as Mumak and YARN SLS read them): one JSON
//! object per job (`jobID`, `jobName`, `submitTime`, `user`, `queue`, `priority`, `mapTasks`,
//! `reduceTasks`; each task with `attempts` carrying `hostName` `/rack/host` or `location`,
//! `startTime`, `finishTime`, `result`, and the task's `preferredLocations`). Jobs are read one
//! at a time from the stream; every unusable field is reported with its JSON path in the trace.

use super::input::each_document;
use super::{MAX_TRACE_TIME_MS, Maps, TraceJob, err};
use crate::input::json::{child, found, index};
use crate::scenario::ScenarioError;
use serde_json::{Map, Value};

/// A task as the trace tells it.
pub(super) struct RTask {
    pub duration: i64,
    /// (rack, host) of the attempt whose times were taken.
    pub host: Option<(String, String)>,
    pub preferred: Vec<(String, String)>,
    pub span: (i64, i64),
}

/// What the Rumen reader gives back besides the jobs.
pub(super) struct RumenRead {
    pub jobs: Vec<TraceJob>,
    /// Jobs in the whole trace.
    pub total: usize,
    /// Map and reduce attempt spans of the kept jobs (for slots per tracker).
    pub map_spans: Vec<(i64, i64)>,
    pub reduce_spans: Vec<(i64, i64)>,
    /// Maps of the kept jobs without `preferredLocations` that took their attempt's host.
    pub from_attempts: usize,
    /// Maps of the kept jobs left without any location.
    pub unlocated: usize,
}

fn int(m: &Map<String, Value>, key: &str, path: &str, errs: &mut Vec<ScenarioError>) -> Option<i64> {
    match m.get(key) {
        Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64(),
        Some(v) => {
            errs.push(ScenarioError {
                path: child(path, key),
                message: format!("found {}, expected a whole number", found(v)),
            });
            None
        }
        None => {
            errs.push(ScenarioError { path: child(path, key), message: "missing".into() });
            None
        }
    }
}

fn text_of<'a>(m: &'a Map<String, Value>, key: &str, default: &'a str) -> &'a str {
    m.get(key).and_then(Value::as_str).filter(|s| !s.is_empty()).unwrap_or(default)
}

fn split_host(s: &str) -> Option<(String, String)> {
    let s = s.trim_start_matches('/');
    let (rack, host) = s.rsplit_once('/')?;
    (!host.is_empty()).then(|| (format!("/{rack}"), host.to_string()))
}

fn layers(v: &Value) -> Option<(String, String)> {
    let l = v.get("layers")?.as_array()?;
    let host = l.last()?.as_str()?.to_string();
    let rack = if l.len() >= 2 {
        format!("/{}", l[l.len() - 2].as_str()?.trim_start_matches('/'))
    } else {
        "/default-rack".into()
    };
    Some((rack, host))
}

fn task(t: &Value, path: &str, errs: &mut Vec<ScenarioError>) -> Option<RTask> {
    let Value::Object(m) = t else {
        errs.push(ScenarioError { path: path.into(), message: format!("found {}, expected a task object", found(t)) });
        return None;
    };
    let attempts = m.get("attempts").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    // The successful attempt, else the last one, else the task's own times.
    let pick = attempts
        .iter()
        .enumerate()
        .find(|(_, a)| a.get("result").and_then(Value::as_str) == Some("SUCCESS"))
        .or(attempts.iter().enumerate().next_back());
    let (src, span_path) = match pick {
        Some((k, a)) => (a.as_object(), index(&child(path, "attempts"), k)),
        None => (Some(m), path.to_string()),
    };
    let Some(src) = src else {
        errs.push(ScenarioError { path: span_path, message: "expected an attempt object".into() });
        return None;
    };
    let start = int(src, "startTime", &span_path, errs)?;
    let finish = int(src, "finishTime", &span_path, errs)?;
    if finish <= start || start <= 0 {
        errs.push(ScenarioError {
            path: child(&span_path, "finishTime"),
            message: format!("found start {start} and finish {finish}, expected a finish after a positive start"),
        });
        return None;
    }
    if finish - start > MAX_TRACE_TIME_MS {
        errs.push(ScenarioError {
            path: child(&span_path, "finishTime"),
            message: format!("found a task of {} ms, expected at most {MAX_TRACE_TIME_MS} ms", finish - start),
        });
        return None;
    }
    let host = pick.and_then(|(_, a)| {
        a.get("hostName").and_then(Value::as_str).and_then(split_host).or_else(|| a.get("location").and_then(layers))
    });
    let preferred = m
        .get("preferredLocations")
        .and_then(Value::as_array)
        .map(|l| l.iter().filter_map(layers).collect())
        .unwrap_or_default();
    Some(RTask { duration: finish - start, host, preferred, span: (start, finish) })
}

/// One job object at trace index `i`.
fn job(d: &Value, i: usize, attempt_hosts: bool, out: &mut RumenRead, errs: &mut Vec<ScenarioError>) {
    let path = index("$", i);
    let Value::Object(m) = d else {
        errs.push(ScenarioError { path, message: format!("found {}, expected a Rumen job object", found(d)) });
        return;
    };
    let Some(submit) = int(m, "submitTime", &path, errs) else { return };
    let read = |key: &str, errs: &mut Vec<ScenarioError>| -> Vec<RTask> {
        let p = child(&path, key);
        match m.get(key) {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::Array(a)) => a.iter().enumerate().filter_map(|(k, t)| task(t, &index(&p, k), errs)).collect(),
            Some(v) => {
                errs.push(ScenarioError { path: p, message: format!("found {}, expected a list of tasks", found(v)) });
                Vec::new()
            }
        }
    };
    let maps = read("mapTasks", errs);
    let reduces = read("reduceTasks", errs);
    if maps.len() + reduces.len() > crate::scenario::MAX_TASKS_PER_JOB as usize {
        errs.push(ScenarioError {
            path,
            message: format!(
                "found {} tasks, expected at most {}",
                maps.len() + reduces.len(),
                crate::scenario::MAX_TASKS_PER_JOB
            ),
        });
        return;
    }
    out.map_spans.extend(maps.iter().map(|t| t.span));
    out.reduce_spans.extend(reduces.iter().map(|t| t.span));
    let red_ms = if reduces.is_empty() {
        1
    } else {
        (reduces.iter().map(|t| t.duration).sum::<i64>() / reduces.len() as i64).max(1)
    };
    let listed: Vec<(Vec<(String, String)>, i64)> = maps
        .iter()
        .map(|t| {
            let hosts = if !t.preferred.is_empty() {
                t.preferred.clone()
            } else if let (true, Some(h)) = (attempt_hosts, &t.host) {
                out.from_attempts += 1;
                vec![h.clone()]
            } else {
                out.unlocated += 1;
                Vec::new()
            };
            (hosts, t.duration)
        })
        .collect();
    let attempt_hosts_seen: Vec<(String, String)> =
        maps.iter().chain(&reduces).filter_map(|t| t.host.clone()).collect();
    let name = format!("{} {}", text_of(m, "jobName", "job"), text_of(m, "jobID", ""));
    out.jobs.push(TraceJob {
        origin: path.clone(),
        name: name.trim().to_string(),
        user: text_of(m, "user", "user").to_string(),
        queue: text_of(m, "queue", "default").to_string(),
        priority: match text_of(m, "priority", "NORMAL") {
            p @ ("VERY_HIGH" | "HIGH" | "NORMAL" | "LOW" | "VERY_LOW") => p.to_string(),
            _ => "NORMAL".to_string(),
        },
        submit_ms: submit,
        maps: Maps::Listed(listed),
        reduces: reduces.len() as u64,
        reduce_ms: Some(red_ms),
        hosts: attempt_hosts_seen,
    });
}

/// Read the Rumen stream, keeping the jobs at trace indexes `keep` (a window).
pub(super) fn read<R: std::io::BufRead>(
    r: R,
    array: bool,
    keep: std::ops::Range<usize>,
    attempt_hosts: bool,
) -> Result<RumenRead, Vec<ScenarioError>> {
    let mut out = RumenRead {
        jobs: Vec::new(),
        total: 0,
        map_spans: Vec::new(),
        reduce_spans: Vec::new(),
        from_attempts: 0,
        unlocated: 0,
    };
    let mut errs = Vec::new();
    let total = each_document(r, array, &mut |i, v| {
        if keep.contains(&i) && errs.len() < 200 {
            job(&v, i, attempt_hosts, &mut out, &mut errs);
        }
    });
    match total {
        Ok(Ok(n)) => out.total = n,
        Ok(Err(e)) => {
            return Err(vec![ScenarioError {
                path: format!("line {}, column {}", e.line, e.column),
                message: e.message,
            }]);
        }
        Err(e) => return Err(err("$", format!("could not read the trace: {e}")).errors),
    }
    if !errs.is_empty() {
        errs.truncate(200);
        return Err(errs);
    }
    Ok(out)
}

/// Peak number of overlapping spans.
pub(super) fn peak(spans: &[(i64, i64)]) -> usize {
    let mut ev: Vec<(i64, i32)> = spans.iter().flat_map(|(s, f)| [(*s, 1), (*f, -1)]).collect();
    crate::sort::sort(&mut ev);
    let (mut cur, mut best) = (0i32, 0i32);
    for (_, d) in ev {
        cur += d;
        best = best.max(cur);
    }
    best.max(0) as usize
}
