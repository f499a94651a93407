//! A Hadoop workload run as a Spark application, for compare mode (`docs/spark.md`, "A Hadoop
//! workload under Spark"): each TaskTracker is a host with one executor whose cores are its map
//! slots (joining at `join_ms`, lost at `silent_ms`), racks as the topology gives them; each
//! job is one stage of its maps, submitted at the job's submit time, whose preferred locations
//! are the hosts of the same input splits the Hadoop run places (the engine's seeded HDFS
//! placement, drawn in the same order) and whose durations are the maps' own, slowed by
//! Hadoop's `rack_local_slowdown` / `off_switch_slowdown` when a task runs away from its input.
//! Reduces are left out. Job pools become Spark FAIR pools when the workload is the Fair
//! Scheduler's; otherwise task sets are in FIFO order.

use super::placement::Placement;
use crate::model::Millis;
use crate::scenario::spark_app::{ExecutorSpec, Slowdown, SparkApp, StageSpec};
use crate::scenario::{MapsSpec, Scenario, SchedulerKind};
use crate::sched::spark::conf::{SparkConf, SparkSettings};
use crate::sched::spark::locality::TaskLocation;
use crate::sched::spark::pool::{PoolConf, SchedulingMode};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use std::collections::BTreeMap;

/// Each job's map input hosts (by job, in `s.jobs` order), as the Hadoop run of `s` places
/// them: the engine draws one heartbeat phase per tracker present at the start, then the
/// replicas of each job's maps in arrival order (submit time, then id).
pub fn map_inputs(s: &Scenario) -> Vec<Vec<Vec<String>>> {
    let placement = Placement::new(s.trackers.iter().map(|t| (t.host.as_str(), t.rack.as_str())));
    let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
    for _ in s.trackers.iter().filter(|t| t.join_ms.is_none()) {
        rng.next_u64();
    }
    let mut order: Vec<usize> = (0..s.jobs.len()).collect();
    crate::sort::sort_by_key(&mut order, |&i| (s.jobs[i].submit_time.unwrap_or(0), s.jobs[i].id));
    let mut out = vec![Vec::new(); s.jobs.len()];
    for i in order {
        out[i] = match &s.jobs[i].maps {
            MapsSpec::List(l) => l.iter().map(|m| m.locations.clone()).collect(),
            MapsSpec::Placed { count, replicas, .. } => {
                (0..*count).map(|_| placement.place(&mut rng, *replicas)).collect()
            }
        };
    }
    out
}

/// `s`, a Hadoop workload in automatic mode, as a Spark scenario with `conf`'s properties.
pub fn as_spark(s: &Scenario, conf: SparkConf) -> Scenario {
    let inputs = map_inputs(s);
    let c = &s.config;
    let fair = s.scheduler == SchedulerKind::Fair;
    let executors = s
        .trackers
        .iter()
        .map(|t| ExecutorSpec {
            id: t.name.clone(),
            host: t.host.clone(),
            cores: t.map_slots,
            add_ms: t.join_ms.unwrap_or(0),
            lose_ms: t.silent_ms,
        })
        .collect();
    let stages = s
        .jobs
        .iter()
        .zip(inputs)
        .map(|(j, hosts)| {
            let durations_ms: Vec<Millis> = match &j.maps {
                MapsSpec::List(l) => l.iter().map(|m| m.duration_ms.unwrap_or(c.map_duration_ms)).collect(),
                MapsSpec::Placed { count, duration_ms, .. } => {
                    vec![duration_ms.unwrap_or(c.map_duration_ms); *count as usize]
                }
            };
            StageSpec {
                stage: j.id,
                priority: j.id,
                pool: fair.then(|| j.queue.clone()),
                submit_ms: j.submit_time.unwrap_or(0),
                tasks: hosts
                    .into_iter()
                    .map(|hs| hs.into_iter().map(|host| TaskLocation::Host { host }).collect())
                    .collect(),
                durations_ms,
            }
        })
        .collect();
    let racks: BTreeMap<String, String> = s.trackers.iter().map(|t| (t.host.clone(), t.rack.clone())).collect();
    let mut pools: Vec<PoolConf> = Vec::new();
    if fair {
        for j in &s.jobs {
            if !pools.iter().any(|p| p.name == j.queue) {
                let mut p = PoolConf::default_named(&j.queue);
                p.mode = SchedulingMode::Fair;
                pools.push(p);
            }
        }
    }
    let mode = if fair { SchedulingMode::Fair } else { SchedulingMode::Fifo };
    let mut out = s.clone();
    out.scheduler = SchedulerKind::Spark;
    out.trackers = Vec::new();
    out.jobs = Vec::new();
    out.topology = Vec::new();
    out.fair = None;
    out.capacity = None;
    out.spark =
        Some(SparkSettings { conf: SparkConf { mode, ..conf }, racks: Some(racks), pools, ..Default::default() });
    out.spark_app = Some(SparkApp {
        executors,
        stages,
        slowdown: Some(Slowdown { rack: c.rack_local_slowdown, off_switch: c.off_switch_slowdown }),
    });
    out
}
