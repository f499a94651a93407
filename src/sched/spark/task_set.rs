//! `TaskSetManager`: one stage attempt's tasks, their pending lists (`addPendingTask`,
//! `addPendingTasks`), the valid locality levels (`computeValidLocalityLevels`,
//! `recomputeLocality`, `executorAdded`, `executorLost`), the per-level waits
//! (`getLocalityWait`), `getLocalityIndex`, and the task life cycle that touches locality
//! (`handleSuccessfulTask`, `handleFailedTask` re-adding a task on top). The delay clock and
//! `resourceOffer` are in `delay.rs`.

use super::conf::SparkConf;
use super::executors::Executors;
use super::locality::{TaskLocality, TaskLocation};
use super::pending::{PendingTasks, more_tasks_in};
use crate::model::Millis;
use std::collections::BTreeSet;

/// `TaskInfo` and the per-index counters (`copiesRunning`, `successful`).
#[derive(Debug, Clone, PartialEq)]
pub struct TaskState {
    pub locations: Vec<TaskLocation>,
    pub copies_running: u32,
    pub successful: bool,
    /// The executor and host of each running copy (at most the original and one speculative
    /// copy), and the locality it launched at.
    pub running_on: Vec<(String, String, TaskLocality)>,
    /// Hosts where an attempt ran (`hasAttemptOnHost`: no speculative copy goes there).
    pub attempted_hosts: BTreeSet<String>,
}

/// `TaskSet`: a stage attempt's tasks (their preferred locations), its priority (the job id)
/// and its pool (the job's `spark.scheduler.pool`).
#[derive(Debug, Clone, PartialEq)]
pub struct TaskSet {
    pub stage: u32,
    pub attempt: u32,
    pub priority: u32,
    pub pool: String,
    pub locations: Vec<Vec<TaskLocation>>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct TaskSetManager {
    pub stage: u32,
    pub attempt: u32,
    /// `TaskSet.priority` (the job id).
    pub priority: u32,
    /// `spark.scheduler.pool` of the job (FAIR mode).
    pub pool: String,
    pub tasks: Vec<TaskState>,
    pub pending: PendingTasks,
    /// `pendingSpeculatableTasks` and `speculatableTasks`.
    pub pending_spec: PendingTasks,
    pub speculatable: BTreeSet<usize>,
    /// `myLocalityLevels` and `localityWaits`.
    pub levels: Vec<TaskLocality>,
    pub waits: Vec<Millis>,
    pub current_index: usize,
    /// `lastLocalityWaitResetTime` (`lastLaunchTime` before Spark 3.1).
    pub last_reset: Millis,
    pub is_zombie: bool,
    /// All tasks succeeded: `taskSetFinished` took it out of its pool.
    pub finished: bool,
    /// Hosts excluded for this task set (`TaskSetExcludelist.isNodeExcludedForTaskSet`).
    pub excluded_nodes: BTreeSet<String>,
    /// Executors excluded for this task set (`isExecutorExcludedForTaskSet`).
    pub excluded_executors: BTreeSet<String>,
    /// (task index, `true` for a host, the executor or host) excluded for that task
    /// (`isExecutorExcludedForTask`, `isNodeExcludedForTask`).
    pub excluded_for_task: BTreeSet<(usize, bool, String)>,
    pub running_tasks: u32,
    waits_conf: [Millis; 3],
}

impl TaskSetManager {
    /// A new manager at `now`: pending lists from the tasks' preferred locations, valid levels
    /// from the executors registered now.
    pub fn new(set: TaskSet, now: Millis, conf: &SparkConf, ex: &Executors) -> TaskSetManager {
        let TaskSet { stage, attempt, priority, pool, locations } = set;
        let tasks = locations
            .into_iter()
            .map(|locations| TaskState {
                locations,
                copies_running: 0,
                successful: false,
                running_on: Vec::new(),
                attempted_hosts: BTreeSet::new(),
            })
            .collect();
        let mut m = TaskSetManager {
            stage,
            attempt,
            priority,
            pool,
            tasks,
            pending: PendingTasks::default(),
            pending_spec: PendingTasks::default(),
            speculatable: BTreeSet::new(),
            levels: Vec::new(),
            waits: Vec::new(),
            current_index: 0,
            last_reset: now,
            is_zombie: false,
            finished: false,
            excluded_nodes: BTreeSet::new(),
            excluded_executors: BTreeSet::new(),
            excluded_for_task: BTreeSet::new(),
            running_tasks: 0,
            waits_conf: [conf.wait_process, conf.wait_node, conf.wait_rack],
        };
        m.add_pending_tasks(ex);
        m.levels = m.compute_valid_levels(ex);
        m.waits = m.levels.iter().map(|&l| m.locality_wait(l)).collect();
        m
    }

    /// `TaskSet.id` as `TaskSetManager.name` shows it: `TaskSet_<stage>.<attempt>`.
    pub fn name(&self) -> String {
        format!("TaskSet_{}.{}", self.stage, self.attempt)
    }

    /// `<stage>.<attempt>`, the id a scenario names it by.
    pub fn id(&self) -> String {
        format!("{}.{}", self.stage, self.attempt)
    }

    /// `copiesRunning(i) == 0 && !successful(i)`: the index still has to be launched.
    pub fn is_live(&self, i: usize) -> bool {
        self.tasks.get(i).is_some_and(|t| t.copies_running == 0 && !t.successful)
    }

    /// `addPendingTasks`: every index from the last down to 0 (so 0 ends on top), racks
    /// resolved afterwards once per host (the host's whole list appended to its rack's).
    fn add_pending_tasks(&mut self, ex: &Executors) {
        for i in (0..self.tasks.len()).rev() {
            self.add_pending_task(i, false, false, ex);
        }
        if ex.has_rack_resolver() {
            let hosts: Vec<(String, Vec<usize>)> =
                self.pending.for_host.iter().map(|(h, l)| (h.clone(), l.clone())).collect();
            for (h, list) in hosts {
                if let Some(rack) = ex.rack_for_host(&h) {
                    self.pending.for_rack.entry(rack.to_string()).or_default().extend(list);
                }
            }
        }
    }

    /// `addPendingTask(index, resolveRacks, speculatable)`.
    pub fn add_pending_task(&mut self, i: usize, resolve_racks: bool, speculatable: bool, ex: &Executors) {
        let locations = self.tasks[i].locations.clone();
        let p = if speculatable { &mut self.pending_spec } else { &mut self.pending };
        for loc in &locations {
            match loc {
                TaskLocation::ExecutorCache { executor, .. } => {
                    p.for_executor.entry(executor.clone()).or_default().push(i)
                }
                TaskLocation::HdfsCache { host } => {
                    for e in ex.executors_alive_on_host(host) {
                        p.for_executor.entry(e).or_default().push(i);
                    }
                }
                TaskLocation::Host { .. } => {}
            }
            p.for_host.entry(loc.host().to_string()).or_default().push(i);
            if resolve_racks {
                if let Some(rack) = ex.rack_for_host(loc.host()) {
                    p.for_rack.entry(rack.to_string()).or_default().push(i);
                }
            }
        }
        if locations.is_empty() {
            p.no_prefs.push(i);
        }
        p.all.push(i);
    }

    /// `checkSpeculatableTasks` found task `i`: it becomes speculatable and is added to the
    /// speculative lists. `Err` unless exactly one copy runs and it has not succeeded.
    pub fn speculate(&mut self, i: usize, ex: &Executors) -> Result<(), String> {
        let name = self.name();
        let t = self.tasks.get(i).ok_or_else(|| format!("{name} has no task {i}"))?;
        if t.successful || t.copies_running != 1 || self.speculatable.contains(&i) {
            return Err(format!(
                "task {i} of {name} cannot be speculated: expected one running copy, not yet speculatable"
            ));
        }
        self.speculatable.insert(i);
        self.add_pending_task(i, true, true, ex);
        Ok(())
    }

    /// `computeValidLocalityLevels`: the keys of the lists only (a list whose tasks all
    /// launched still counts: removal is lazy), against the live executors, hosts and racks.
    pub fn compute_valid_levels(&self, ex: &Executors) -> Vec<TaskLocality> {
        let p = &self.pending;
        let mut levels = Vec::new();
        if p.for_executor.keys().any(|e| ex.is_executor_alive(e)) {
            levels.push(TaskLocality::ProcessLocal);
        }
        if p.for_host.keys().any(|h| ex.has_executors_alive_on_host(h)) {
            levels.push(TaskLocality::NodeLocal);
        }
        if !p.no_prefs.is_empty() {
            levels.push(TaskLocality::NoPref);
        }
        if p.for_rack.keys().any(|r| ex.has_host_alive_on_rack(r)) {
            levels.push(TaskLocality::RackLocal);
        }
        levels.push(TaskLocality::Any);
        levels
    }

    /// `getLocalityWait`: the process, node and rack waits; NO_PREF and ANY wait 0.
    pub fn locality_wait(&self, level: TaskLocality) -> Millis {
        match level {
            TaskLocality::ProcessLocal => self.waits_conf[0],
            TaskLocality::NodeLocal => self.waits_conf[1],
            TaskLocality::RackLocal => self.waits_conf[2],
            TaskLocality::NoPref | TaskLocality::Any => 0,
        }
    }

    /// `getLocalityIndex`: the first valid level at least as wide as `level`.
    pub fn locality_index(&self, level: TaskLocality) -> usize {
        self.levels.iter().position(|&l| l >= level).unwrap_or(self.levels.len() - 1)
    }

    pub fn current_level(&self) -> TaskLocality {
        self.levels[self.current_index]
    }

    /// `recomputeLocality` (SPARK-31837: when levels were inserted below the current one, the
    /// index goes to the most local new level). The timer is not reset. `true` if the levels
    /// changed.
    pub fn recompute_locality(&mut self, ex: &Executors) -> bool {
        if self.is_zombie {
            return false;
        }
        let prev_index = self.current_index;
        let prev_level = self.levels[prev_index];
        let prev_levels = std::mem::take(&mut self.levels);
        self.levels = self.compute_valid_levels(ex);
        self.waits = self.levels.iter().map(|&l| self.locality_wait(l)).collect();
        self.current_index = self.locality_index(prev_level);
        if self.current_index > prev_index {
            if let Some(&new) = self.levels.iter().find(|l| !prev_levels.contains(l)) {
                self.current_index = self.locality_index(new);
            }
        }
        self.levels != prev_levels
    }

    /// `executorLost`: the tasks running there fail and are pending again (on top), then
    /// the levels are recomputed. (Output of finished shuffle-map tasks is not modelled.)
    pub fn executor_lost(&mut self, exec: &str, ex: &Executors) {
        for i in 0..self.tasks.len() {
            while let Some(c) = self.tasks[i].running_on.iter().position(|(e, _, _)| e == exec) {
                self.handle_failed(i, c, ex);
            }
        }
        self.recompute_locality(ex);
    }

    /// Launch bookkeeping of `resourceOffer`/`prepareLaunchingTask`.
    pub fn launched(&mut self, i: usize, exec: &str, host: &str, loc: TaskLocality) {
        let t = &mut self.tasks[i];
        t.copies_running += 1;
        t.running_on.push((exec.to_string(), host.to_string(), loc));
        t.attempted_hosts.insert(host.to_string());
        self.running_tasks += 1;
    }

    /// `handleSuccessfulTask`: `Err` if the task is not running. Another copy still running is
    /// killed at once (Spark kills it and counts it when its status update arrives). The set
    /// becomes a zombie and finishes when every task succeeded (`maybeFinishTaskSet`).
    pub fn handle_successful(&mut self, i: usize) -> Result<(), String> {
        let name = self.name();
        let t = self.tasks.get_mut(i).ok_or_else(|| format!("{name} has no task {i}"))?;
        if t.running_on.is_empty() {
            return Err(format!("task {i} of {name} is not running"));
        }
        let copies = t.running_on.len() as u32;
        t.copies_running -= copies;
        t.running_on.clear();
        t.successful = true;
        self.running_tasks -= copies;
        self.speculatable.remove(&i);
        if self.tasks.iter().all(|t| t.successful) {
            self.is_zombie = true;
            self.finished = true;
        }
        Ok(())
    }

    /// `handleFailedTask` of running copy `copy`: the task is pending again, on top of its
    /// lists (retried first).
    pub fn handle_failed(&mut self, i: usize, copy: usize, ex: &Executors) {
        let t = &mut self.tasks[i];
        if copy < t.running_on.len() {
            t.running_on.remove(copy);
            t.copies_running -= 1;
            self.running_tasks -= 1;
        }
        if !self.tasks[i].successful {
            self.add_pending_task(i, true, false, ex);
        }
    }

    /// `isSchedulable`: not a zombie, and its `all` lists (regular or speculative) not empty.
    pub fn is_schedulable(&self) -> bool {
        !self.is_zombie && !self.finished && self.has_pending()
    }

    /// `hasPendingTasks` as `resourceOffer` reads it: either `all` list non-empty (both are
    /// cleaned lazily; the speculative one only while some task is speculatable).
    pub fn has_pending(&self) -> bool {
        !self.pending.all.is_empty() || !self.pending_spec.all.is_empty()
    }

    /// `moreTasksToRunIn` for the keyed levels (prunes as it looks); NO_PREF is `noPrefs`
    /// non-empty, not pruned.
    pub fn more_tasks_at(&mut self, level: TaskLocality) -> bool {
        let tasks = &self.tasks;
        let live = |i: usize| tasks.get(i).is_some_and(|t| t.copies_running == 0 && !t.successful);
        match level {
            TaskLocality::ProcessLocal => more_tasks_in(&mut self.pending.for_executor, &live),
            TaskLocality::NodeLocal => more_tasks_in(&mut self.pending.for_host, &live),
            TaskLocality::NoPref => !self.pending.no_prefs.is_empty(),
            TaskLocality::RackLocal => more_tasks_in(&mut self.pending.for_rack, &live),
            TaskLocality::Any => true,
        }
    }
}
