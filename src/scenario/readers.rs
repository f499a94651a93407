//! Reading the cluster and workload sections of a scenario: `topology`, the `racks`
//! generator, `trackers`, and `jobs` with their maps (explicit, counted, or placed from
//! the seed) and reduces.

use super::capacity::harness::{self, HarnessJob, Split};
use super::*;
use crate::input::json::{Errs, Obj, as_array, as_str, as_u64_in, child, index};
use crate::sched::capacity::settings::CapacityScenario;

pub(super) fn read_topology(v: &Value, errs: &mut Errs) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    let Value::Object(map) = v else {
        errs.expected("$.topology", v, "an object mapping rack paths to host lists");
        return out;
    };
    for (rack, hosts) in map {
        let at = child("$.topology", rack);
        let rack = match crate::model::topology::normalise_location(rack) {
            Ok(r) => r,
            Err(e) => {
                errs.push(&at, e);
                continue;
            }
        };
        let Some(list) = as_array(hosts, &at, MAX_TRACKERS * 4, errs) else { continue };
        let mut hs = Vec::new();
        for (i, h) in list.iter().enumerate() {
            if let Some(h) = as_str(h, &index(&at, i), errs) {
                if let Some((other, _)) = out.iter().find(|(_, hs)| hs.iter().any(|x| x == h)) {
                    errs.push(
                        &index(&at, i),
                        format!("host {h:?} is already in rack {other}; expected each host in one rack"),
                    );
                }
                hs.push(h.to_string());
            }
        }
        out.push((rack, hs));
    }
    out
}

pub(super) fn read_rack_generator(v: &Value, config: &Config, errs: &mut Errs) -> Vec<TrackerSpec> {
    let mut out = Vec::new();
    let Some(mut o) = Obj::new(v, "$.racks", errs) else { return out };
    let count = o.u64_in("count", 1, 1000, errs).unwrap_or(1);
    let per = o.u64_in("nodes_per_rack", 1, 1000, errs).unwrap_or(1);
    let ms = o.u64_in("map_slots", 0, 1000, errs).map(|x| x as u32).unwrap_or(config.map_slots);
    let rs = o.u64_in("reduce_slots", 0, 1000, errs).map(|x| x as u32).unwrap_or(config.reduce_slots);
    o.finish(errs);
    if (count * per) as usize > MAX_TRACKERS {
        errs.push("$.racks", format!("found {} trackers, expected at most {MAX_TRACKERS}", count * per));
        return out;
    }
    let mut n = 0;
    for r in 1..=count {
        for k in 1..=per {
            n += 1;
            out.push(TrackerSpec {
                name: format!("tt{n}"),
                host: format!("rack{r}.node{k}"),
                rack: format!("/rack{r}"),
                map_slots: ms,
                reduce_slots: rs,
                join_ms: None,
                silent_ms: None,
            });
        }
    }
    out
}

pub(crate) fn read_tracker(
    v: &Value,
    path: &str,
    config: &Config,
    rack_of: &std::collections::HashMap<&str, &str>,
    errs: &mut Errs,
) -> Option<TrackerSpec> {
    let mut o = Obj::new(v, path, errs)?;
    let name = o.str("name", errs).map(str::to_string);
    if name.is_none() && !o.has("name") {
        errs.push(&o.path_of("name"), "missing; expected the tracker's name, e.g. \"tt1\"");
    }
    let name = name?;
    let host = o.str("host", errs).map(str::to_string).unwrap_or_else(|| format!("{name}.host"));
    let listed = rack_of.get(host.as_str()).map(|r| r.to_string());
    let rack = match o.str("rack", errs) {
        Some(r) => match crate::model::topology::normalise_location(r) {
            Ok(r) => {
                if let Some(l) = &listed {
                    if *l != r {
                        errs.push(
                            &o.path_of("rack"),
                            format!("found {r:?}, but $.topology puts host {host:?} in {l:?}"),
                        );
                    }
                }
                r
            }
            Err(e) => {
                errs.push(&o.path_of("rack"), e);
                return None;
            }
        },
        None => listed.unwrap_or_else(|| crate::model::topology::DEFAULT_RACK.to_string()),
    };
    let map_slots = o.u64_in("map_slots", 0, 1000, errs).map(|x| x as u32).unwrap_or(config.map_slots);
    let reduce_slots = o.u64_in("reduce_slots", 0, 1000, errs).map(|x| x as u32).unwrap_or(config.reduce_slots);
    let join_ms = o.i64_in("join_ms", 0, super::MAX_TIME_MS, errs);
    let silent_ms = o.i64_in("silent_ms", 0, super::MAX_TIME_MS, errs);
    if let (Some(j), Some(q)) = (join_ms, silent_ms) {
        if q <= j {
            errs.push(&o.path_of("silent_ms"), format!("found {q}, expected a time after join_ms ({j})"));
        }
    }
    o.finish(errs);
    Some(TrackerSpec { name, host, rack, map_slots, reduce_slots, join_ms, silent_ms })
}

/// Read a job. A capacity scenario's job (`cap`: its settings, and whether a submit step
/// initialises it) may also have the fields of Hadoop's test harness (`capacity::harness`).
pub(crate) fn read_job(
    v: &Value,
    path: &str,
    default_id: u32,
    cap: Option<(&mut CapacityScenario, bool)>,
    errs: &mut Errs,
) -> Option<JobSpec> {
    let mut o = Obj::new(v, path, errs)?;
    let h = match cap {
        Some((c, init)) => harness::read_job(&mut o, c.harness, init, c, errs),
        None => HarnessJob::default(),
    };
    let id = o.u64_in("id", 1, super::MAX_JOB_ID, errs).map(|x| x as u32).unwrap_or(default_id);
    let name = o.str("name", errs).map(str::to_string);
    let user = o.str("user", errs).unwrap_or("user").to_string();
    let queue_key = if o.has("pool") { "pool" } else { "queue" };
    if h.null_queue {
        o.allow("queue");
    }
    let queue = match (queue_key, h.null_queue) {
        ("pool", _) => o.str("pool", errs),
        (_, true) => None,
        _ => o.str("queue", errs),
    };
    if o.has("pool") && o.has("queue") && !h.null_queue {
        errs.push(&o.path_of("pool"), "both \"pool\" and \"queue\" given; expected one of them");
        o.get("queue");
    }
    let queue = queue.unwrap_or("default").to_string();
    let priority = match o.get("priority") {
        None => JobPriority::Normal,
        Some(p) => match p.as_str().and_then(JobPriority::parse) {
            Some(p) => p,
            None => {
                errs.expected(&o.path_of("priority"), p, "one of VERY_HIGH, HIGH, NORMAL, LOW, VERY_LOW");
                JobPriority::Normal
            }
        },
    };
    let submit_time = o.i64_in("submit_time", -(1 << 50), 1 << 50, errs);
    let state = match h.state {
        Some((s, key)) => {
            o.allow("state");
            RunState::parse(s).or_else(|| {
                errs.expected(
                    &o.path_of(key),
                    &Value::String(s.into()),
                    "one of PREP, RUNNING, SUCCEEDED, FAILED, KILLED",
                );
                None
            })
        }
        None => match o.get("state") {
            None => None,
            Some(s) => match s.as_str().and_then(RunState::parse) {
                Some(s) => Some(s),
                None => {
                    errs.expected(&o.path_of("state"), s, "one of PREP, RUNNING, SUCCEEDED, FAILED, KILLED");
                    None
                }
            },
        },
    };
    let init_ms = o.i64_in("init_ms", 0, 1 << 40, errs).unwrap_or(0);
    // Hadoop's test fake tells a job built with split locations (even empty ones) from one
    // built without: only the latter is exempt from delay scheduling (`fair.harness`).
    let (maps, locations_given) = match &h.split {
        Some(split) => {
            o.allow("maps");
            (split_maps(split, &o, errs).unwrap_or(MapsSpec::List(Vec::new())), true)
        }
        None => {
            let locations_given = match o.get("maps") {
                Some(Value::Array(_)) => true,
                Some(Value::Object(m)) => m.contains_key("locations") || m.contains_key("replicas"),
                _ => false,
            };
            let maps = match o.get("maps") {
                None => MapsSpec::List(Vec::new()),
                Some(m) => read_maps(m, &o.path_of("maps"), errs).unwrap_or(MapsSpec::List(Vec::new())),
            };
            (maps, locations_given)
        }
    };
    let (reduces, reduce_duration_ms) = match o.get("reduces") {
        None => (0, None),
        Some(r @ Value::Object(_)) => {
            let rp = o.path_of("reduces");
            match Obj::new(r, &rp, errs) {
                Some(mut ro) => {
                    let c = ro.u64_in("count", 0, MAX_TASKS_PER_JOB, errs).unwrap_or(0);
                    let d = ro.i64_in("duration_ms", 1, 1 << 40, errs);
                    ro.finish(errs);
                    (c, d)
                }
                None => (0, None),
            }
        }
        Some(r) => (as_u64_in(r, &o.path_of("reduces"), 0, MAX_TASKS_PER_JOB, errs).unwrap_or(0), None),
    };
    let slowstart = o.f64_in("slowstart", 0.0, 1.0, errs).map(|f| f as f32).or(h.slowstart);
    let mut speculation = |key: &'static str, harness: Option<bool>| match harness {
        Some(b) => {
            o.allow(key);
            Some(b)
        }
        None => o.bool(key, errs),
    };
    let speculative_maps = speculation("speculative_maps", h.speculative_maps);
    let speculative_reduces = speculation("speculative_reduces", h.speculative_reduces);
    let (fields, conf_path) = (o.map, o.path_of("conf"));
    let limits = super::job_conf::read(&mut o, fields.get("conf"), &conf_path, errs);
    let mut conf = Vec::new();
    if queue_key == "pool" && o.has("pool") {
        conf.push(("mapred.fairscheduler.pool".to_string(), queue.clone()));
    }
    if let Some(c) = o.get("conf") {
        let cp = o.path_of("conf");
        match c {
            Value::Object(m) => {
                for (k, v) in m {
                    let checked = super::job_conf::JOB_LIMITS.iter().any(|l| l.1 == k);
                    match v {
                        // Checked (with its path) by `job_conf::read`.
                        _ if checked && !v.is_string() && !v.is_number() => {}
                        Value::String(x) => conf.push((k.clone(), x.clone())),
                        Value::Number(_) | Value::Bool(_) => conf.push((k.clone(), v.to_string())),
                        _ => errs.expected(&child(&cp, k), v, "a string, number or boolean"),
                    }
                }
            }
            _ => errs.expected(&cp, c, "an object of job-conf properties"),
        }
    }
    o.finish(errs);
    Some(JobSpec {
        id,
        name,
        user,
        queue,
        priority,
        submit_time,
        state,
        init_ms,
        maps,
        locations_given,
        reduces,
        reduce_duration_ms,
        slowstart,
        speculative_maps,
        limits,
        speculative_reduces,
        conf,
    })
}

/// A harness job's maps from its `split_hosts` (`maps` maps on one host list, or one map per
/// host list).
fn split_maps(split: &Split, o: &Obj, errs: &mut Errs) -> Option<MapsSpec> {
    let path = o.path_of("split_hosts");
    match split {
        Split::Hosts { count, hosts } => {
            let count = as_u64_in(&Value::from(*count), &o.path_of("maps"), 0, MAX_TASKS_PER_JOB, errs)?;
            let locations = read_hosts(Some(hosts), &path, errs);
            Some(MapsSpec::List(
                (0..count).map(|_| MapSpec { locations: locations.clone(), duration_ms: None }).collect(),
            ))
        }
        Split::PerMap(lists) => {
            let list = as_array(lists, &path, MAX_TASKS_PER_JOB as usize, errs)?;
            Some(MapsSpec::List(
                list.iter()
                    .enumerate()
                    .map(|(i, h)| MapSpec { locations: read_hosts(Some(h), &index(&path, i), errs), duration_ms: None })
                    .collect(),
            ))
        }
    }
}

pub(super) fn read_map(v: &Value, path: &str, errs: &mut Errs) -> Option<MapSpec> {
    let mut o = Obj::new(v, path, errs)?;
    let locations = read_hosts(o.get("locations"), &o.path_of("locations"), errs);
    let duration_ms = o.i64_in("duration_ms", 1, 1 << 40, errs);
    o.finish(errs);
    Some(MapSpec { locations, duration_ms })
}

pub(super) fn read_hosts(v: Option<&Value>, path: &str, errs: &mut Errs) -> Vec<String> {
    let Some(v) = v else { return Vec::new() };
    let Some(list) = as_array(v, path, 100, errs) else { return Vec::new() };
    list.iter().enumerate().filter_map(|(i, h)| as_str(h, &index(path, i), errs).map(str::to_string)).collect()
}

pub(super) fn read_maps(v: &Value, path: &str, errs: &mut Errs) -> Option<MapsSpec> {
    match v {
        Value::Number(_) => {
            let n = as_u64_in(v, path, 0, MAX_TASKS_PER_JOB, errs)?;
            Some(MapsSpec::List((0..n).map(|_| MapSpec { locations: vec![], duration_ms: None }).collect()))
        }
        Value::Array(_) => {
            let list = as_array(v, path, MAX_TASKS_PER_JOB as usize, errs)?;
            Some(MapsSpec::List(
                list.iter().enumerate().filter_map(|(i, m)| read_map(m, &index(path, i), errs)).collect(),
            ))
        }
        Value::Object(_) => {
            let mut o = Obj::new(v, path, errs)?;
            let count = o.u64_in("count", 0, MAX_TASKS_PER_JOB, errs);
            if count.is_none() && !o.has("count") {
                errs.push(&o.path_of("count"), "missing; expected the number of maps");
            }
            let duration_ms = o.i64_in("duration_ms", 1, 1 << 40, errs);
            let has_loc = o.has("locations");
            let locations = read_hosts(o.get("locations"), &o.path_of("locations"), errs);
            let replicas = o.u64_in("replicas", 1, 10, errs);
            if has_loc && replicas.is_some() {
                errs.push(&o.path_of("replicas"), "both \"locations\" and \"replicas\" given; expected one of them");
            }
            o.finish(errs);
            let count = count?;
            Some(match replicas {
                Some(r) => MapsSpec::Placed { count, replicas: r as u32, duration_ms },
                None => {
                    MapsSpec::List((0..count).map(|_| MapSpec { locations: locations.clone(), duration_ms }).collect())
                }
            })
        }
        _ => {
            errs.expected(path, v, "a number of maps, a list of maps, or {\"count\": N, ...}");
            None
        }
    }
}
