//! A Spark run summed up for compare mode: when each stage (task set) finished, the launches
//! by locality level (`TaskInfo.taskLocality`), the tasks each executor ran, and the rounds
//! it took. The figures come from the run's own records and the driver's finish times.

use super::{BinLocality, BinStat, RunSummary};
use crate::scenario::generator::FACEBOOK_2009_BINS;
use crate::sched::decision::Decision;
use crate::sched::spark::locality::TaskLocality;
use crate::sim::Engine;
use serde::Serialize;

/// One stage's finish.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct StageFinish {
    pub stage: u32,
    pub submit_ms: i64,
    /// `None`: the run ended before every task of the stage succeeded.
    pub finish_ms: Option<i64>,
}

/// One Spark run of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SparkSummary {
    pub label: String,
    /// `spark.locality.wait.legacyResetOnTaskLaunch` of the run.
    pub legacy_reset: bool,
    pub stages: Vec<StageFinish>,
    /// The last stage's finish (every stage finished), from t = 0.
    pub makespan_ms: Option<i64>,
    /// Launches by level, most local first: (level, count), levels with none left out.
    pub launches: Vec<(TaskLocality, u32)>,
    /// Tasks launched per executor, in the order the executors are listed.
    pub per_executor: Vec<(String, u32)>,
    /// Launches of tasks with preferred locations by where they ran: on a preferred host, on
    /// its rack, elsewhere (the physical distance, whatever level allowed them).
    pub tasks_node: u32,
    pub tasks_rack: u32,
    pub tasks_off: u32,
    /// `tasks_node` over the three; `None` without located tasks.
    pub node_locality: Option<f64>,
    /// Mean of each finished stage's finish − submit.
    pub mean_response_ms: Option<f64>,
    pub rounds: u64,
    /// Why the run stopped early, if it did.
    pub stopped: Option<String>,
}

/// Run `e` (a Spark scenario in automatic mode) to its end, at most `max_rounds` rounds: its
/// Spark summary, and the same run summed up as a Hadoop run is (`RunSummary`: each stage a
/// job of its tasks, locality by where each task ran against its input, utilisation of the
/// executors' cores, no sticky slots), for compare mode beside Hadoop's schedulers.
pub fn run(mut e: Engine, label: &str, max_rounds: u64) -> (SparkSummary, RunSummary) {
    let mut by_level = [0u32; 5];
    let mut per_exec: Vec<(String, u32)> = e
        .scenario
        .spark_app
        .as_ref()
        .map(|a| a.executors.iter().map(|x| (x.id.clone(), 0)).collect())
        .unwrap_or_default();
    let app = e.scenario.spark_app.clone().unwrap_or_default();
    let racks = e.scenario.spark.as_ref().and_then(|s| s.racks.clone()).unwrap_or_default();
    let mut near = [0u32; 3];
    // Per stage (index in the application): launches of located tasks, and node-local ones.
    let mut per_stage: Vec<(u64, u64)> = vec![(0, 0); app.stages.len()];
    let mut rounds = 0;
    while rounds < max_rounds {
        let Some(r) = e.next_heartbeat() else { break };
        rounds += 1;
        if let Decision::Spark(d) = &r.decision {
            for l in &d.launches {
                let stage: Option<u32> =
                    l.task_set.trim_start_matches("TaskSet_").split('.').next().and_then(|x| x.parse().ok());
                let homes: Vec<&str> = app
                    .stages
                    .iter()
                    .find(|s| Some(s.stage) == stage)
                    .map(|s| s.tasks[l.index].iter().map(|t| t.host()).collect())
                    .unwrap_or_default();
                let si = app.stages.iter().position(|s| Some(s.stage) == stage);
                if let (Some(si), false) = (si, homes.is_empty()) {
                    per_stage[si].0 += 1;
                    per_stage[si].1 += u64::from(homes.contains(&l.host.as_str()));
                }
                if !homes.is_empty() {
                    let rack = |h: &str| racks.get(h);
                    let k = if homes.contains(&l.host.as_str()) {
                        0
                    } else if homes.iter().any(|h| rack(h).is_some() && rack(h) == rack(&l.host)) {
                        1
                    } else {
                        2
                    };
                    near[k] += 1;
                }
                by_level[TaskLocality::ALL.iter().position(|x| *x == l.locality).unwrap_or(4)] += 1;
                match per_exec.iter_mut().find(|(x, _)| *x == l.executor) {
                    Some(p) => p.1 += 1,
                    None => per_exec.push((l.executor.clone(), 1)),
                }
            }
        }
    }
    let finished = e.spark_backend.as_ref().map(|b| b.finished_ms.clone()).unwrap_or_default();
    let stages: Vec<StageFinish> = app
        .stages
        .iter()
        .enumerate()
        .map(|(i, s)| StageFinish {
            stage: s.stage,
            submit_ms: s.submit_ms,
            finish_ms: finished.get(i).copied().flatten(),
        })
        .collect();
    let makespan_ms = stages.iter().map(|s| s.finish_ms).collect::<Option<Vec<_>>>().and_then(|v| v.into_iter().max());
    let legacy_reset = e.scenario.spark.as_ref().is_some_and(|s| s.conf.legacy_reset);
    let located = near.iter().sum::<u32>();
    let done: Vec<i64> = stages.iter().filter_map(|s| s.finish_ms.map(|f| f - s.submit_ms)).collect();
    let summary = hadoop_like(&e, label, rounds, &app, &finished, &near, &per_stage);
    let spark = SparkSummary {
        label: label.to_string(),
        legacy_reset,
        stages,
        makespan_ms,
        launches: TaskLocality::ALL.iter().zip(by_level).filter(|(_, n)| *n > 0).map(|(l, n)| (*l, n)).collect(),
        per_executor: per_exec,
        tasks_node: near[0],
        tasks_rack: near[1],
        tasks_off: near[2],
        node_locality: (located > 0).then(|| near[0] as f64 / located as f64),
        mean_response_ms: (!done.is_empty()).then(|| done.iter().sum::<i64>() as f64 / done.len() as f64),
        rounds,
        stopped: e.stopped.as_ref().map(|f| f.message.clone()),
    };
    (spark, summary)
}

/// The Spark run as `RunSummary` counts a Hadoop run (stages as jobs, tasks as maps).
fn hadoop_like(
    e: &Engine,
    label: &str,
    rounds: u64,
    app: &crate::scenario::spark_app::SparkApp,
    finished: &[Option<i64>],
    near: &[u32; 3],
    per_stage: &[(u64, u64)],
) -> RunSummary {
    let end_ms = e.cluster.now;
    let resp: Vec<(usize, i64)> =
        app.stages.iter().zip(finished).enumerate().filter_map(|(i, (s, f))| f.map(|f| (i, f - s.submit_ms))).collect();
    let located: u32 = near.iter().sum();
    let capacity: i64 = app
        .executors
        .iter()
        .map(|x| {
            let until = x.lose_ms.unwrap_or(end_ms).min(end_ms);
            x.cores as i64 * (until - x.add_ms.min(until)).max(0)
        })
        .sum();
    let busy = e.spark_backend.as_ref().map_or(0, |b| b.busy_core_ms);
    let mut hosts: Vec<&str> = app.executors.iter().map(|x| x.host.as_str()).collect();
    crate::sort::sort(&mut hosts);
    hosts.dedup();
    let n_hosts = hosts.len().max(1) as f64;
    let mut by_size = Vec::new();
    let mut locality_by_size = Vec::new();
    for (b, &(lo, hi, _)) in FACEBOOK_2009_BINS.iter().enumerate() {
        let hi = if b + 1 == FACEBOOK_2009_BINS.len() { u32::MAX } else { hi };
        let in_bin: Vec<usize> =
            (0..app.stages.len()).filter(|&i| (lo..=hi).contains(&(app.stages[i].tasks.len() as u32).max(1))).collect();
        if in_bin.is_empty() {
            continue;
        }
        let times: Vec<i64> = resp.iter().filter(|(i, _)| in_bin.contains(i)).map(|(_, r)| *r).collect();
        by_size.push(BinStat {
            bin: b + 1,
            min_maps: lo,
            max_maps: hi,
            jobs: in_bin.len(),
            finished: times.len(),
            mean_response_ms: (!times.is_empty()).then(|| times.iter().sum::<i64>() as f64 / times.len() as f64),
            max_response_ms: times.iter().max().copied(),
        });
        let with: Vec<usize> = in_bin.iter().copied().filter(|&i| per_stage[i].0 > 0).collect();
        if !with.is_empty() {
            let (l, n) = with.iter().fold((0, 0), |(l, n), &i| (l + per_stage[i].0, n + per_stage[i].1));
            let frac: f64 = with
                .iter()
                .map(|&i| {
                    let mut h: Vec<&str> = app.stages[i].tasks.iter().flatten().map(|t| t.host()).collect();
                    crate::sort::sort(&mut h);
                    h.dedup();
                    (h.len() as f64 / n_hosts).min(1.0)
                })
                .sum();
            locality_by_size.push(BinLocality {
                bin: b + 1,
                min_maps: lo,
                max_maps: hi,
                jobs: with.len(),
                maps_located: l,
                maps_node: n,
                node_locality: Some(n as f64 / l as f64),
                data_nodes: Some(frac / with.len() as f64),
            });
        }
    }
    RunSummary {
        label: label.to_string(),
        heartbeats: rounds,
        end_ms,
        makespan_ms: (resp.len() == app.stages.len()).then(|| finished.iter().flatten().copied().max()).flatten(),
        maps_node: near[0] as u64,
        maps_rack: near[1] as u64,
        maps_off_switch: near[2] as u64,
        node_locality: if located > 0 { near[0] as f64 / located as f64 } else { 0.0 },
        jobs: app.stages.len(),
        unfinished_jobs: app.stages.len() - resp.len(),
        mean_response_ms: (!resp.is_empty()).then(|| resp.iter().map(|r| r.1).sum::<i64>() as f64 / resp.len() as f64),
        utilisation: if capacity > 0 { busy as f64 / capacity as f64 } else { 0.0 },
        by_size,
        locality_by_size,
        sticky_share: None,
    }
}
