//! Real workloads as scenarios. Two trace formats practitioners know:
//!
//! * **Rumen** job histories (`hadoop-tools/hadoop-rumen`, as used by Mumak and YARN SLS): one
//!   JSON object per job (`jobID`, `submitTime`, `user`, `queue`, `mapTasks`, `reduceTasks`;
//!   each task with `attempts` carrying `hostName` `/rack/host`, `startTime`, `finishTime`,
//!   `result`, and `preferredLocations`). Submit times, task counts, the successful attempt's
//!   duration, hosts and racks, and input locations where present are kept; the slots per
//!   tracker come from the peak number of attempts that ran at once.
//! * **SWIM** workloads (Chen et al., the Facebook 2009/2010 samples): TSV rows `job id,
//!   submit s, gap s, map input bytes, shuffle bytes, reduce output bytes`. Maps =
//!   ⌈input / split⌉ (at least 1), reduces = round((shuffle + output) / bytes per reduce)
//!   (0 for map-only jobs), as SWIM's own replay tool does; durations, hosts and racks are not
//!   in the trace, so they are modelled (a generated cluster, replicas placed from the seed).
//!
//! The result is an automatic-mode scenario (JSON), validated before it is returned. Every
//! unusable item is reported with its JSON path or line; sizes are bounded; nothing panics.

use super::json::{child, index};
use super::{ScenarioError, ScenarioErrors};
use serde_json::{Map, Value, json};

/// Largest trace accepted.
pub const MAX_TRACE_BYTES: usize = 64 * 1024 * 1024;
/// Most jobs a scenario may hold (job ids are 1..=9999).
pub const MAX_IMPORT_JOBS: usize = 9999;

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
        if text.trim_start().starts_with('{') { Format::Rumen } else { Format::Swim }
    }
}

#[derive(Debug, Clone)]
pub struct ImportOptions {
    /// `None`: guess from the content.
    pub format: Option<Format>,
    pub scheduler: String,
    /// Keep the first `max_jobs` jobs.
    pub max_jobs: usize,
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
            max_jobs: 200,
            split_bytes: 64 << 20,
            bytes_per_reduce: 1 << 30,
            max_maps_per_job: 2000,
            racks: 4,
            nodes_per_rack: 10,
        }
    }
}

fn err(path: impl Into<String>, message: impl Into<String>) -> ScenarioErrors {
    ScenarioErrors { errors: vec![ScenarioError { path: path.into(), message: message.into() }] }
}

/// Import a trace into a scenario (JSON value).
pub fn import(text: &str, o: &ImportOptions) -> Result<Value, ScenarioErrors> {
    if text.len() > MAX_TRACE_BYTES {
        return Err(err("$", format!("found {} bytes, expected at most {MAX_TRACE_BYTES}", text.len())));
    }
    if o.max_jobs == 0 || o.max_jobs > MAX_IMPORT_JOBS {
        return Err(err("max_jobs", format!("found {}, expected 1 to {MAX_IMPORT_JOBS}", o.max_jobs)));
    }
    if !["fifo", "fair", "capacity", "limit_tasks_per_job"].contains(&o.scheduler.as_str()) {
        return Err(err(
            "scheduler",
            format!("found {:?}, expected fifo, fair, capacity or limit_tasks_per_job", o.scheduler),
        ));
    }
    let mut v = match o.format.unwrap_or_else(|| Format::sniff(text)) {
        Format::Rumen => rumen(text, o)?,
        Format::Swim => swim(text, o)?,
    };
    v["scheduler"] = json!(o.scheduler);
    if o.scheduler == "capacity" {
        let mut queues: Vec<String> = v["jobs"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|j| j["queue"].as_str().unwrap_or("default").to_string())
            .collect();
        queues.sort();
        queues.dedup();
        let n = queues.len().max(1) as u64;
        let list: Vec<Value> = queues
            .iter()
            .enumerate()
            .map(|(i, q)| json!({"name": q, "capacity": 100 / n + if i == 0 { 100 % n } else { 0 }}))
            .collect();
        v["config"]["queues"] = json!(list);
        v["config"]["initial_queue_order"] = json!(queues);
    }
    // The result must be a valid scenario; report its problems as import errors.
    super::from_value(&v).map_err(|e| ScenarioErrors {
        errors: e
            .errors
            .into_iter()
            .map(|x| ScenarioError { path: format!("scenario {}", x.path), message: x.message })
            .collect(),
    })?;
    Ok(v)
}

/// Every JSON document in `text` (Rumen files are a stream of job objects).
fn documents(text: &str) -> Result<Vec<Value>, ScenarioErrors> {
    let mut out = Vec::new();
    let stream = serde_json::Deserializer::from_str(text).into_iter::<Value>();
    for (i, doc) in stream.enumerate() {
        match doc {
            Ok(v) => out.push(v),
            Err(e) => {
                return Err(err(
                    format!("line {}, column {}", e.line(), e.column()),
                    format!("job {i}: invalid JSON: {e}"),
                ));
            }
        }
        if out.len() > MAX_IMPORT_JOBS {
            return Err(err("$", format!("more than {MAX_IMPORT_JOBS} jobs")));
        }
    }
    // A single top-level array of jobs is accepted too.
    if out.len() == 1 && out[0].is_array() {
        let Value::Array(a) = out.remove(0) else { unreachable!("checked") };
        return Ok(a);
    }
    Ok(out)
}

fn int(m: &Map<String, Value>, key: &str, path: &str, errs: &mut Vec<ScenarioError>) -> Option<i64> {
    match m.get(key) {
        Some(Value::Number(n)) if n.as_i64().is_some() => n.as_i64(),
        Some(v) => {
            errs.push(ScenarioError {
                path: child(path, key),
                message: format!("found {}, expected a whole number", super::json::found(v)),
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

/// A Rumen task: (duration ms, attempt host `/rack/host` if known, preferred hosts, start, end).
struct RTask {
    duration: i64,
    host: Option<(String, String)>,
    preferred: Vec<(String, String)>,
    span: (i64, i64),
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

fn rumen_task(t: &Value, path: &str, errs: &mut Vec<ScenarioError>) -> Option<RTask> {
    let Value::Object(m) = t else {
        errs.push(ScenarioError { path: path.into(), message: "expected a task object".into() });
        return None;
    };
    let attempts = m.get("attempts").and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[]);
    // The successful attempt, else the last one, else the task's own times.
    let pick = attempts
        .iter()
        .enumerate()
        .find(|(_, a)| a.get("result").and_then(Value::as_str) == Some("SUCCESS"))
        .or(attempts.iter().enumerate().next_back());
    let (span_src, span_path) = match pick {
        Some((k, a)) => (a.as_object(), index(&child(path, "attempts"), k)),
        None => (Some(m), path.to_string()),
    };
    let src = span_src?;
    let start = int(src, "startTime", &span_path, errs)?;
    let finish = int(src, "finishTime", &span_path, errs)?;
    if finish <= start || start <= 0 {
        errs.push(ScenarioError {
            path: child(&span_path, "finishTime"),
            message: format!("found start {start} and finish {finish}, expected a finish after a positive start"),
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

/// Peak number of overlapping spans.
fn peak(spans: &mut [(i64, i64)]) -> usize {
    let mut ev: Vec<(i64, i32)> = spans.iter().flat_map(|(s, f)| [(*s, 1), (*f, -1)]).collect();
    ev.sort();
    let (mut cur, mut best) = (0i32, 0i32);
    for (_, d) in ev {
        cur += d;
        best = best.max(cur);
    }
    best.max(0) as usize
}

fn rumen(text: &str, o: &ImportOptions) -> Result<Value, ScenarioErrors> {
    let docs = documents(text)?;
    if docs.is_empty() {
        return Err(err("$", "found no jobs, expected Rumen job objects"));
    }
    let mut errs = Vec::new();
    let mut hosts: Vec<(String, String)> = Vec::new();
    let mut jobs = Vec::new();
    let (mut map_spans, mut red_spans) = (Vec::new(), Vec::new());
    let mut t0 = None;
    for (i, d) in docs.iter().take(o.max_jobs).enumerate() {
        let path = index("$", i);
        let Value::Object(m) = d else {
            errs.push(ScenarioError {
                path,
                message: format!("found {}, expected a Rumen job object", super::json::found(d)),
            });
            continue;
        };
        let Some(submit) = int(m, "submitTime", &path, &mut errs) else { continue };
        let t0 = *t0.get_or_insert(submit);
        let mut read = |key: &str, spans: &mut Vec<(i64, i64)>, errs: &mut Vec<ScenarioError>| -> Vec<RTask> {
            let p = child(&path, key);
            let list = match m.get(key) {
                None | Some(Value::Null) => return Vec::new(),
                Some(Value::Array(a)) => a,
                Some(v) => {
                    errs.push(ScenarioError {
                        path: p,
                        message: format!("found {}, expected a list of tasks", super::json::found(v)),
                    });
                    return Vec::new();
                }
            };
            let tasks: Vec<RTask> =
                list.iter().enumerate().filter_map(|(k, t)| rumen_task(t, &index(&p, k), errs)).collect();
            for t in &tasks {
                spans.push(t.span);
                for h in t.host.iter().chain(&t.preferred) {
                    if !hosts.iter().any(|x| x.1 == h.1) {
                        hosts.push(h.clone());
                    }
                }
            }
            tasks
        };
        let maps = read("mapTasks", &mut map_spans, &mut errs);
        let reduces = read("reduceTasks", &mut red_spans, &mut errs);
        if maps.len() + reduces.len() > super::MAX_TASKS_PER_JOB as usize {
            errs.push(ScenarioError { path: path.clone(), message: "too many tasks".into() });
            continue;
        }
        let red_ms = if reduces.is_empty() {
            1
        } else {
            (reduces.iter().map(|t| t.duration).sum::<i64>() / reduces.len() as i64).max(1)
        };
        let name = format!("{} {}", text_of(m, "jobName", "job"), text_of(m, "jobID", ""));
        jobs.push(json!({
            "id": jobs.len() + 1,
            "name": name.trim(),
            "user": text_of(m, "user", "user"),
            "queue": text_of(m, "queue", "default"),
            "priority": match text_of(m, "priority", "NORMAL") { p @ ("VERY_HIGH" | "HIGH" | "NORMAL" | "LOW" | "VERY_LOW") => p, _ => "NORMAL" },
            "submit_time": submit - t0,
            "maps": maps.iter().map(|t| json!({"locations": t.preferred.iter().map(|h| h.1.clone()).collect::<Vec<_>>(), "duration_ms": t.duration})).collect::<Vec<_>>(),
            "reduces": {"count": reduces.len(), "duration_ms": red_ms},
        }));
    }
    if !errs.is_empty() {
        errs.truncate(200);
        return Err(ScenarioErrors { errors: errs });
    }
    if hosts.is_empty() {
        return Err(err("$", "no attempt names a host (hostName or location), so the cluster cannot be built"));
    }
    let per = |spans: &mut Vec<(i64, i64)>| (peak(spans).div_ceil(hosts.len())).max(1);
    let (ms, rs) = (per(&mut map_spans), per(&mut red_spans));
    let trackers: Vec<Value> = hosts
        .iter()
        .enumerate()
        .map(|(i, (rack, host))| json!({"name": format!("tt{}", i + 1), "host": host, "rack": rack}))
        .collect();
    Ok(json!({
        "version": 1,
        "id": "rumen-import",
        "title": format!("Rumen trace: {} jobs on {} hosts", jobs.len(), hosts.len()),
        "source": "Rumen job history, imported by schedscope import",
        // Durations are measured ones: no extra slowdown for where they ran.
        "config": {"map_slots": ms, "reduce_slots": rs, "speculative_maps": false, "speculative_reduces": false,
                   "rack_local_slowdown": 1.0, "off_switch_slowdown": 1.0},
        "trackers": trackers,
        "jobs": jobs,
    }))
}

fn swim(text: &str, o: &ImportOptions) -> Result<Value, ScenarioErrors> {
    let mut errs = Vec::new();
    let mut jobs = Vec::new();
    let mut t0 = None;
    let mut tasks = 0u64;
    for (ln, line) in text.lines().enumerate() {
        if jobs.len() >= o.max_jobs {
            break;
        }
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |c: usize| format!("line {}, column {}", ln + 1, c);
        let cols: Vec<&str> = line.split('\t').collect();
        if cols.len() != 6 && cols.len() != 7 {
            errs.push(ScenarioError { path: format!("line {}", ln + 1), message: format!("found {} tab-separated columns, expected 6 (SWIM: job, submit s, gap s, input, shuffle, output bytes)", cols.len()) });
            continue;
        }
        let num = |c: usize, errs: &mut Vec<ScenarioError>| -> Option<f64> {
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
        let (Some(submit), Some(input), Some(shuffle), Some(output)) =
            (num(1, &mut errs), num(3, &mut errs), num(4, &mut errs), num(5, &mut errs))
        else {
            continue;
        };
        let submit_ms = (submit * 1000.0) as i64;
        let t0 = *t0.get_or_insert(submit_ms);
        if submit_ms < t0 {
            errs.push(ScenarioError {
                path: at(2),
                message: format!("submit time {submit} s is before the first job's; expected rows in submit order"),
            });
            continue;
        }
        let maps = ((input / o.split_bytes as f64).ceil() as u64).clamp(1, o.max_maps_per_job);
        let reduces = if shuffle == 0.0 {
            0
        } else {
            (((shuffle + output) / o.bytes_per_reduce as f64).round() as u64).clamp(1, o.max_maps_per_job)
        };
        tasks += maps + reduces;
        if tasks > super::MAX_TOTAL_TASKS {
            return Err(err(
                format!("line {}", ln + 1),
                format!("more than {} tasks in all; import fewer jobs (--max-jobs)", super::MAX_TOTAL_TASKS),
            ));
        }
        let id = jobs.len() + 1;
        jobs.push(json!({"id": id, "name": cols[0].trim(), "user": format!("user{}", id % 10 + 1), "submit_time": submit_ms - t0,
                         "maps": {"count": maps, "replicas": 3}, "reduces": reduces}));
    }
    if !errs.is_empty() {
        errs.truncate(200);
        return Err(ScenarioErrors { errors: errs });
    }
    if jobs.is_empty() {
        return Err(err("$", "found no jobs, expected SWIM rows"));
    }
    Ok(json!({
        "version": 1,
        "id": "swim-import",
        "title": format!("SWIM workload: first {} jobs", jobs.len()),
        "source": "SWIM (Chen et al.) Facebook workload sample, imported by schedscope import",
        "seed": 1,
        "config": {"map_slots": 2, "reduce_slots": 1, "speculative_maps": false, "speculative_reduces": false},
        "racks": {"count": o.racks, "nodes_per_rack": o.nodes_per_rack},
        "jobs": jobs,
    }))
}
