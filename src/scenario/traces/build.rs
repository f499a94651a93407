//! From the jobs read out of a trace to a scenario: the window and time scale applied, the
//! cluster built (Rumen: the trace's hosts and racks; SWIM: modelled), the notes saying what was
//! dropped, scaled or modelled, and the result validated, with any problem reported where it
//! comes from in the trace.

use super::rumen::peak;
use super::{ImportOptions, Imported, Maps, Note, Read, TraceJob, err};
use crate::scenario::{ScenarioError, ScenarioErrors};
use serde_json::{Value, json};

fn note(en: String, zh: String) -> Note {
    Note { en, zh }
}

/// The common domain of every host, if dropping it leaves distinct non-empty names
/// (`a2115.smile.com`, `a2116.smile.com` → `smile.com`).
fn common_domain(hosts: &[(String, String)]) -> Option<String> {
    let first = hosts.first()?.1.split_once('.')?.1.to_string();
    let short: Vec<&str> = hosts
        .iter()
        .map(|(_, h)| h.strip_suffix(&first).and_then(|s| s.strip_suffix('.')).filter(|s| !s.is_empty()))
        .collect::<Option<_>>()?;
    let mut sorted = short.clone();
    crate::sort::sort(&mut sorted);
    sorted.dedup();
    (sorted.len() == short.len()).then_some(first)
}

fn seconds(ms: i64) -> String {
    format!("{:.1}", ms as f64 / 1000.0)
}

/// The generated job `k`'s path, mapped back into the trace.
fn origin_of(jobs: &[TraceJob], rumen: bool, generated: &str) -> Option<String> {
    let rest = generated.strip_prefix("$.jobs[")?;
    let (k, rest) = rest.split_once(']')?;
    let job = jobs.get(k.parse::<usize>().ok()?)?;
    if !rumen {
        return Some(job.origin.clone());
    }
    let field = |f: &str| format!("{}.{f}", job.origin);
    Some(match rest {
        r if r.starts_with(".maps[") => {
            let i = r[6..].split(']').next().unwrap_or("0");
            format!("{}.mapTasks[{i}]", job.origin)
        }
        r if r.starts_with(".reduces") => field("reduceTasks"),
        r if r.starts_with(".name") => field("jobName"),
        r if r.starts_with(".user") => field("user"),
        r if r.starts_with(".queue") => field("queue"),
        r if r.starts_with(".submit_time") => field("submitTime"),
        _ => job.origin.clone(),
    })
}

pub(super) fn build(read: Read, o: &ImportOptions) -> Result<Imported, ScenarioErrors> {
    let rumen = matches!(read, Read::Rumen(_));
    let (jobs, total) = match &read {
        Read::Rumen(r) => (&r.jobs, r.total),
        Read::Swim(s) => (&s.jobs, s.total),
    };
    if jobs.is_empty() {
        let what = if rumen { "Rumen job objects" } else { "SWIM rows" };
        return Err(if total == 0 {
            err("$", format!("found no jobs, expected {what}"))
        } else {
            err(
                "skip_jobs",
                format!("found {} jobs in the trace, but the window starts at job {}", total, o.skip_jobs + 1),
            )
        });
    }
    let mut notes = Vec::new();
    let (first, last) = (o.skip_jobs + 1, o.skip_jobs + jobs.len());
    if jobs.len() < total {
        notes.push(note(
            format!("Jobs {first}–{last} of the trace's {total} kept; {} left out.", total - jobs.len()),
            format!("保留了轨迹中 {total} 个作业里的第 {first}–{last} 个；其余 {} 个未导入。", total - jobs.len()),
        ));
    }
    let t0 = jobs[0].submit_ms;
    let scaled = |t: i64| ((t - t0) as f64 / o.time_scale).round() as i64;
    let span = jobs.iter().map(|j| j.submit_ms - t0).max().unwrap_or(0);
    if o.time_scale != 1.0 {
        notes.push(note(
            format!(
                "Submit times divided by {}: {} s of arrivals become {} s. Task durations are kept.",
                o.time_scale,
                seconds(span),
                seconds(scaled(t0 + span))
            ),
            format!(
                "提交时间除以 {}：{} 秒内的到达压缩为 {} 秒。任务时长保持不变。",
                o.time_scale,
                seconds(span),
                seconds(scaled(t0 + span))
            ),
        ));
    }
    // The cluster.
    let mut hosts: Vec<(String, String)> = Vec::new();
    for j in jobs.iter() {
        let listed = match &j.maps {
            Maps::Listed(l) => l.iter().flat_map(|m| m.0.iter()).collect::<Vec<_>>(),
            Maps::Placed { .. } => Vec::new(),
        };
        for h in j.hosts.iter().chain(listed) {
            if !hosts.iter().any(|x| x.1 == h.1) {
                hosts.push(h.clone());
            }
        }
    }
    let domain = common_domain(&hosts);
    let short = |h: &str| match &domain {
        Some(d) => h.strip_suffix(d.as_str()).and_then(|s| s.strip_suffix('.')).unwrap_or(h).to_string(),
        None => h.to_string(),
    };
    let mut v = match &read {
        Read::Rumen(r) => {
            if hosts.is_empty() {
                return Err(err("$", "no attempt names a host (hostName or location), so the cluster cannot be built"));
            }
            if hosts.len() > crate::scenario::MAX_TRACKERS {
                return Err(err(
                    "$",
                    format!("found {} hosts, expected at most {}", hosts.len(), crate::scenario::MAX_TRACKERS),
                ));
            }
            let per = |spans: &[(i64, i64)]| peak(spans).div_ceil(hosts.len()).max(1);
            let (ms, rs) = (per(&r.map_spans), per(&r.reduce_spans));
            if let Some(d) = &domain {
                notes.push(note(
                    format!(
                        "Host names shortened: the common domain .{d} dropped ({} → {}).",
                        hosts[0].1,
                        short(&hosts[0].1)
                    ),
                    format!("主机名已缩短：去掉了共同的域名 .{d}（{} → {}）。", hosts[0].1, short(&hosts[0].1)),
                ));
            }
            notes.push(note(
                format!(
                    "{} hosts on {} rack(s), from the trace's topology; {ms} map and {rs} reduce slots per tracker, from the most attempts that ran at once. Durations are the measured ones, with no extra slowdown for locality.",
                    hosts.len(),
                    { let mut r: Vec<&str> = hosts.iter().map(|h| h.0.as_str()).collect(); crate::sort::sort(&mut r); r.dedup(); r.len() }
                ),
                format!(
                    "{} 台主机、{} 个机架，取自轨迹中的拓扑；每个 TaskTracker {ms} 个 map slot、{rs} 个 reduce slot，按同时运行的最多尝试数估算。任务时长为实测值，不再按本地性额外放慢。",
                    hosts.len(),
                    { let mut r: Vec<&str> = hosts.iter().map(|h| h.0.as_str()).collect(); crate::sort::sort(&mut r); r.dedup(); r.len() }
                ),
            ));
            if r.from_attempts > 0 {
                notes.push(note(
                    format!("{} maps have no preferredLocations in the trace; each takes the host its successful attempt ran on as its input location, so it can run node-local.", r.from_attempts),
                    format!("{} 个 map 在轨迹中没有 preferredLocations；每个都以其成功尝试所在的主机作为输入位置，因此可以节点本地运行。", r.from_attempts),
                ));
            }
            if r.unlocated > 0 {
                notes.push(note(
                    format!("{} maps have no input location at all and run anywhere.", r.unlocated),
                    format!("{} 个 map 完全没有输入位置，可以在任何节点运行。", r.unlocated),
                ));
            }
            let trackers: Vec<Value> = hosts
                .iter()
                .enumerate()
                .map(|(i, (rack, host))| json!({"name": format!("tt{}", i + 1), "host": short(host), "rack": rack}))
                .collect();
            json!({
                "version": 1, "id": "rumen-import",
                "title": format!("Rumen trace: {} jobs on {} hosts", jobs.len(), hosts.len()),
                "source": "Rumen job history, imported by schedscope import",
                "config": {"map_slots": ms, "reduce_slots": rs, "speculative_maps": false, "speculative_reduces": false,
                           "rack_local_slowdown": 1.0, "off_switch_slowdown": 1.0},
                "trackers": trackers,
            })
        }
        Read::Swim(s) => {
            let d = crate::scenario::props::Config::default();
            let (map_s, reduce_s) = (d.map_duration_ms / 1000, d.reduce_duration_ms / 1000);
            notes.push(note(
                format!(
                    "SWIM has no hosts, durations or users: a modelled cluster of {} racks × {} nodes with 2 map and 1 reduce slots each, 3 replicas per block placed from the seed, the default task durations (maps {} s, reduces {} s, slower when not node-local), users user1–user10.",
                    o.racks, o.nodes_per_rack, map_s, reduce_s
                ),
                format!(
                    "SWIM 轨迹没有主机、任务时长和用户：使用模拟的集群（{} 个机架 × {} 个节点，每个节点 2 个 map slot、1 个 reduce slot），每个数据块 3 个副本按种子放置，任务时长取默认值（map {} 秒、reduce {} 秒，非节点本地时更慢），用户为 user1–user10。",
                    o.racks, o.nodes_per_rack, map_s, reduce_s
                ),
            ));
            if s.capped > 0 {
                notes.push(note(
                    format!(
                        "{} jobs had more than {} maps and were cut to {}.",
                        s.capped, o.max_maps_per_job, o.max_maps_per_job
                    ),
                    format!("{} 个作业的 map 数超过 {}，被截为 {}。", s.capped, o.max_maps_per_job, o.max_maps_per_job),
                ));
            }
            json!({
                "version": 1, "id": "swim-import",
                "title": format!("SWIM workload: jobs {first}–{last}"),
                "source": "SWIM (Chen et al.) Facebook workload sample, imported by schedscope import",
                "seed": 1,
                "config": {"map_slots": 2, "reduce_slots": 1, "speculative_maps": false, "speculative_reduces": false},
                "racks": {"count": o.racks, "nodes_per_rack": o.nodes_per_rack},
            })
        }
    };
    let list: Vec<Value> = jobs
        .iter()
        .enumerate()
        .map(|(i, j)| {
            let maps = match &j.maps {
                Maps::Listed(l) => json!(l
                    .iter()
                    .map(|(h, d)| json!({"locations": h.iter().map(|x| short(&x.1)).collect::<Vec<_>>(), "duration_ms": d}))
                    .collect::<Vec<_>>()),
                Maps::Placed { count, replicas } => json!({"count": count, "replicas": replicas}),
            };
            let reduces = match j.reduce_ms {
                Some(d) => json!({"count": j.reduces, "duration_ms": d}),
                None => json!(j.reduces),
            };
            json!({"id": i + 1, "name": j.name, "user": j.user, "queue": j.queue, "priority": j.priority,
                   "submit_time": scaled(j.submit_ms), "maps": maps, "reduces": reduces})
        })
        .collect();
    v["jobs"] = json!(list);
    // A real workload runs long: a generous heartbeat limit (the scenario default is 100,000).
    v["run"] = json!({"max_heartbeats": 10_000_000});
    v["scheduler"] = json!(o.scheduler);
    if o.scheduler == "capacity" {
        let mut queues: Vec<&str> = jobs.iter().map(|j| j.queue.as_str()).collect();
        crate::sort::sort(&mut queues);
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
    let join = |f: fn(&Note) -> &str| notes.iter().map(f).collect::<Vec<_>>().join(" ");
    v["description"] = json!({"en": join(|n| &n.en), "zh": join(|n| &n.zh)});
    // The result must be a valid scenario; report its problems where they come from.
    crate::scenario::from_value(&v).map_err(|e| ScenarioErrors {
        errors: e
            .errors
            .into_iter()
            .map(|x| match origin_of(jobs, rumen, &x.path) {
                Some(path) => ScenarioError { path, message: x.message },
                None => ScenarioError {
                    path: "$".into(),
                    message: format!("the scenario built from the trace: {}", x.message),
                },
            })
            .collect(),
        warnings: e.warnings,
    })?;
    Ok(Imported { scenario: v, notes })
}
