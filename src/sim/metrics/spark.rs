//! A Spark run summed up for compare mode: when each stage (task set) finished, the launches
//! by locality level (`TaskInfo.taskLocality`), the tasks each executor ran, and the rounds
//! it took. The figures come from the run's own records and the driver's finish times.

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

/// Run `e` (a Spark scenario in automatic mode) to its end, at most `max_rounds` rounds.
pub fn run(mut e: Engine, label: &str, max_rounds: u64) -> SparkSummary {
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
    SparkSummary {
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
    }
}
