//! Spark's task scheduler as far as locality goes (issue 27; `docs/spark.md`): executors on
//! hosts (`executors.rs`), task sets and their pending lists (`task_set.rs`, `pending.rs`),
//! delay scheduling (`delay.rs`), offer rounds (`round.rs`), task-set order (`pool.rs`), the
//! properties (`conf.rs`), and the decision record (`decision.rs`). `SparkScheduler` is the
//! `TaskSchedulerImpl` side: it holds the executors, the task sets and
//! `noRejectsSinceLastReset`, and is driven by offers, not by TaskTracker heartbeats.

pub mod conf;
pub mod decision;
pub mod delay;
pub mod executors;
pub mod locality;
pub mod pending;
pub mod pool;
pub mod round;
pub mod task_set;

use crate::model::cluster::JobEvent;
use crate::model::{Cluster, JobId, Millis};
use crate::sched::common::TaskScheduler;
use crate::sched::common::assignment::Assignment;
use conf::SparkSettings;
use decision::{LevelsChange, Pass, RoundKind, SparkDecision};
use executors::Executors;
use locality::{TaskLocality, TaskLocation};
use pool::{DEFAULT_POOL, Entity, PoolConf, SchedulingMode, sort_with};
use std::collections::BTreeMap;
use task_set::TaskSetManager;

#[derive(Debug, Clone, PartialEq)]
pub struct SparkScheduler {
    pub settings: SparkSettings,
    pub executors: Executors,
    /// Every task set submitted, in submission order (finished ones stay, out of their pool).
    pub task_sets: Vec<TaskSetManager>,
    /// `noRejectsSinceLastReset` by task-set id (a missing entry reads as true).
    pub(crate) no_rejects_since_last_reset: BTreeMap<String, bool>,
    /// FAIR mode: the pools, those of `fairscheduler.xml` first, `default`, then the ones task
    /// sets named (created with the defaults, as Spark does with a warning).
    pools: Vec<PoolConf>,
}

impl SparkScheduler {
    pub fn new(settings: SparkSettings) -> SparkScheduler {
        let mut pools = settings.pools.clone();
        if !pools.iter().any(|p| p.name == DEFAULT_POOL) {
            pools.push(PoolConf::default_named(DEFAULT_POOL));
        }
        let executors = Executors::new(settings.racks.clone());
        SparkScheduler {
            settings,
            executors,
            task_sets: Vec::new(),
            no_rejects_since_last_reset: BTreeMap::new(),
            pools,
        }
    }

    /// The task set with id `<stage>.<attempt>`, or when `id` is `None` the only unfinished one
    /// (or the only one).
    pub fn find(&self, id: Option<&str>) -> Result<usize, String> {
        match id {
            Some(id) => self
                .task_sets
                .iter()
                .position(|t| t.id() == id)
                .ok_or_else(|| format!("no task set {id} has been submitted")),
            None => {
                let open: Vec<usize> = (0..self.task_sets.len()).filter(|&i| !self.task_sets[i].finished).collect();
                match open[..] {
                    [one] => Ok(one),
                    [] if self.task_sets.len() == 1 => Ok(0),
                    [] => Err("no task set is running; expected a task_set".into()),
                    _ => Err(format!("{} task sets are running; expected a task_set naming one", open.len())),
                }
            }
        }
    }

    /// `recomputeLocality` of one task set, as a change if the levels changed.
    fn recompute(&mut self, t: usize) -> Option<LevelsChange> {
        let before = self.task_sets[t].levels.clone();
        let m = &mut self.task_sets[t];
        m.recompute_locality(&self.executors).then(|| LevelsChange {
            task_set: m.name(),
            before,
            after: m.levels.clone(),
            level_after: m.current_level(),
        })
    }

    fn recompute_all(&mut self) -> Vec<LevelsChange> {
        let open: Vec<usize> = (0..self.task_sets.len()).filter(|&t| !self.task_sets[t].finished).collect();
        open.into_iter().filter_map(|t| self.recompute(t)).collect()
    }

    /// `FakeTaskScheduler.addExecutor` then `executorAdded()` on every task set, as Spark's
    /// suites do; `Err` if the id is taken.
    pub fn add_executor(&mut self, id: &str, host: &str, cores: u32) -> Result<Vec<LevelsChange>, String> {
        if !self.executors.register(id, host, cores) {
            return Err(format!("executor {id} is already registered"));
        }
        Ok(self.recompute_all())
    }

    /// `TaskSchedulerImpl.removeExecutor` and `TaskSetManager.executorLost` on every task set.
    pub fn lose_executor(&mut self, id: &str) -> Result<Vec<LevelsChange>, String> {
        self.executors.remove(id).ok_or_else(|| format!("executor {id} is not registered"))?;
        let mut changes = Vec::new();
        for t in 0..self.task_sets.len() {
            if self.task_sets[t].finished {
                continue;
            }
            let before = self.task_sets[t].levels.clone();
            self.task_sets[t].executor_lost(id, &self.executors);
            let m = &self.task_sets[t];
            if m.levels != before {
                changes.push(LevelsChange {
                    task_set: m.name(),
                    before,
                    after: m.levels.clone(),
                    level_after: m.current_level(),
                });
            }
        }
        Ok(changes)
    }

    /// `TaskSchedulerImpl.executorDecommission` (with or without the worker host), then
    /// `recomputeLocality` on every task set (SPARK-32653).
    pub fn decommission_executor(&mut self, id: &str, with_host: bool) -> Result<Vec<LevelsChange>, String> {
        if !self.executors.decommission(id, with_host) {
            return Err(format!("executor {id} is not registered"));
        }
        Ok(self.recompute_all())
    }

    /// `submitTasks`: a new `TaskSetManager` at `now`, its levels from the executors
    /// registered now.
    pub fn submit_task_set(
        &mut self,
        stage: u32,
        attempt: u32,
        priority: u32,
        pool: Option<&str>,
        tasks: Vec<Vec<TaskLocation>>,
        now: Millis,
    ) -> Result<(), String> {
        if self.task_sets.iter().any(|t| t.stage == stage && t.attempt == attempt) {
            return Err(format!("task set {stage}.{attempt} is already submitted"));
        }
        let pool = pool.unwrap_or(DEFAULT_POOL);
        if self.settings.conf.mode == SchedulingMode::Fair && !self.pools.iter().any(|p| p.name == pool) {
            self.pools.push(PoolConf::default_named(pool));
        }
        let set = task_set::TaskSet { stage, attempt, priority, pool: pool.to_string(), locations: tasks };
        let m = TaskSetManager::new(set, now, &self.settings.conf, &self.executors);
        self.task_sets.push(m);
        Ok(())
    }

    /// A task succeeded; a task set whose tasks all succeeded finishes (`taskSetFinished`
    /// drops its `noRejectsSinceLastReset` entry).
    pub fn finish_task(&mut self, t: usize, index: usize) -> Result<(), String> {
        self.task_sets[t].handle_successful(index)?;
        if self.task_sets[t].finished {
            self.no_rejects_since_last_reset.remove(&self.task_sets[t].id());
        }
        Ok(())
    }

    /// A running copy of a task failed (the one on `executor`, or the last launched): it is
    /// pending again, on top.
    pub fn fail_task(&mut self, t: usize, index: usize, executor: Option<&str>) -> Result<(), String> {
        let m = &self.task_sets[t];
        let copies = m.tasks.get(index).map(|x| &x.running_on[..]).unwrap_or_default();
        let copy = match executor {
            Some(e) => copies.iter().position(|(x, _, _)| x == e),
            None => copies.len().checked_sub(1),
        };
        let Some(copy) = copy else {
            let on = executor.map(|e| format!(" on {e}")).unwrap_or_default();
            return Err(format!("task {index} of {} is not running{on}", m.name()));
        };
        self.task_sets[t].handle_failed(index, copy, &self.executors);
        Ok(())
    }

    /// The speculation check found a task worth a second copy (`checkSpeculatableTasks`).
    pub fn speculate(&mut self, t: usize, index: usize) -> Result<(), String> {
        self.task_sets[t].speculate(index, &self.executors)
    }

    /// A direct `TaskSetManager.resourceOffer` call, as Spark's `TaskSetManagerSuite` makes.
    pub fn direct_offer(&mut self, t: usize, exec: &str, host: &str, max: TaskLocality, now: Millis) -> SparkDecision {
        let legacy = self.settings.conf.legacy_reset;
        let ask = self.task_sets[t].resource_offer(exec, host, max, now, legacy, &self.executors);
        let launches: Vec<_> = ask.launched.iter().cloned().collect();
        let turn = self.turn(t, vec![Pass { max_locality: max, asks: vec![ask] }], None);
        SparkDecision {
            round: RoundKind::Direct,
            offer_order: self.settings.offer_order,
            offers: Vec::new(),
            new_executors: Vec::new(),
            recomputed: Vec::new(),
            task_sets: vec![turn],
            launches,
        }
    }

    /// The bookkeeping agrees with itself: each task set's running count is the copies running
    /// (at most two of a task, none of a succeeded one), and a finished set has all succeeded.
    pub fn check_invariants(&self) -> Result<(), String> {
        for m in &self.task_sets {
            let copies: u32 = m.tasks.iter().map(|t| t.copies_running).sum();
            let listed: usize = m.tasks.iter().map(|t| t.running_on.len()).sum();
            if copies != m.running_tasks || listed as u32 != copies {
                return Err(format!("{}: running {} but {copies} copies ({listed} listed)", m.name(), m.running_tasks));
            }
            if let Some(i) = m.tasks.iter().position(|t| t.copies_running > 2 || (t.successful && t.copies_running > 0))
            {
                return Err(format!("{}: task {i} has {} copies running", m.name(), m.tasks[i].copies_running));
            }
            if m.finished && !m.tasks.iter().all(|t| t.successful) {
                return Err(format!("{} finished with tasks not succeeded", m.name()));
            }
        }
        Ok(())
    }

    /// `rootPool.getSortedTaskSetQueue`: FIFO, or FAIR pools then each pool's own order;
    /// only schedulable task sets.
    pub fn sorted_task_sets(&self) -> Vec<usize> {
        let entity = |t: usize| {
            let m = &self.task_sets[t];
            Entity {
                name: m.name(),
                priority: m.priority,
                stage: m.stage,
                running: m.running_tasks,
                min_share: 0,
                weight: 1,
            }
        };
        let live: Vec<usize> = (0..self.task_sets.len()).filter(|&t| !self.task_sets[t].finished).collect();
        let within = |members: Vec<usize>, mode: SchedulingMode| -> Vec<usize> {
            let mut es: Vec<Entity> = members.iter().map(|&t| entity(t)).collect();
            sort_with(&mut es, mode).into_iter().map(|i| members[i]).collect()
        };
        let order = match self.settings.conf.mode {
            SchedulingMode::Fifo => within(live, SchedulingMode::Fifo),
            SchedulingMode::Fair => {
                let mut pools: Vec<Entity> = self
                    .pools
                    .iter()
                    .map(|p| Entity {
                        name: p.name.clone(),
                        priority: 0,
                        stage: 0,
                        running: live
                            .iter()
                            .filter(|&&t| self.task_sets[t].pool == p.name)
                            .map(|&t| self.task_sets[t].running_tasks)
                            .sum(),
                        min_share: p.min_share,
                        weight: p.weight,
                    })
                    .collect();
                let pool_order = sort_with(&mut pools, SchedulingMode::Fair);
                pool_order
                    .into_iter()
                    .flat_map(|pi| {
                        let p = &self.pools[pi];
                        within(live.iter().copied().filter(|&t| self.task_sets[t].pool == p.name).collect(), p.mode)
                    })
                    .collect()
            }
        };
        order.into_iter().filter(|&t| self.task_sets[t].is_schedulable()).collect()
    }
}

impl TaskScheduler for SparkScheduler {
    type Decision = Box<SparkDecision>;

    /// Spark has no Hadoop jobs: task sets arrive by `submit_task_set`.
    fn job_event(&mut self, _cluster: &Cluster, _event: &JobEvent) {}
    /// Spark has no TaskTrackers: rounds of offers replace heartbeats, so a heartbeat gets
    /// nothing (a Spark scenario has no trackers to heartbeat).
    fn assign_tasks(&mut self, _cluster: &mut Cluster, _ti: usize) -> (Vec<Assignment>, Self::Decision) {
        let empty = SparkDecision {
            round: RoundKind::Partial,
            offer_order: self.settings.offer_order,
            offers: Vec::new(),
            new_executors: Vec::new(),
            recomputed: Vec::new(),
            task_sets: Vec::new(),
            launches: Vec::new(),
        };
        (Vec::new(), Box::new(empty))
    }
    fn job_order(&self) -> Vec<JobId> {
        Vec::new()
    }
}
