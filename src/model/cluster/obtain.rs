//! Handing a task to a tracker, mirroring `JobInProgress.obtainNewMapTaskCommon`,
//! `obtainNewReduceTask` and `TaskInProgress.getTaskToRun` + `JobInProgress.addRunningTaskToTIP`
//! (`src/mapred/org/apache/hadoop/mapred/JobInProgress.java`, `TaskInProgress.java`).

use super::*;

impl Cluster {
    /// `obtainNewMapTaskCommon(tts, clusterSize, numUniqueHosts, maxCacheLevel)`.
    pub fn obtain_new_map_task(&mut self, id: JobId, ti: usize, max_cache_level: i32) -> Result<Launched, NoTask> {
        let ctx = tracker_ctx(&self.trackers[ti], self.num_task_trackers(), self.unique_hosts, self.now);
        let job = self.jobs.get(&id).ok_or(NoTask::NotRunning)?;
        if !job.inited {
            return Err(NoTask::NotInitialized);
        }
        // Most visits find nothing and change nothing: answer those without `get_mut`, which
        // would copy a job shared with a history checkpoint.
        if let Some(no) = job.idle_map_search(&self.topology, &ctx, max_cache_level) {
            return Err(no);
        }
        let job = self.jobs.get_mut(&id).expect("just found");
        let (idx, source) = job.find_new_map_task(&self.topology, &ctx, max_cache_level)?;
        let level = job.locality_level(&self.topology, &job.maps[idx as usize], ctx.node);
        let launched = self.launch(id, TaskType::Map, idx, ti, Some(level), Some(source))?;
        if max_cache_level != crate::model::task_selection::NON_LOCAL_CACHE_LEVEL {
            if let Some(job) = self.jobs.get_mut(&id) {
                job.num_scheduling_opportunities = 0;
            }
        }
        Ok(launched)
    }

    /// What `obtain_new_map_task(id, ti, any level)` would answer without looking at any list:
    /// the early refusals of `obtainNewMapTaskCommon` / `findNewMapTask` (no job, not
    /// initialised, no maps, tracker blacklisted for the job, nothing pending and no
    /// speculation). `None` = the lists must be searched. Such a call changes nothing, so
    /// callers may skip it.
    pub fn map_quick_no(&self, id: JobId, ti: usize) -> Option<NoTask> {
        let Some(job) = self.jobs.get(&id) else { return Some(NoTask::NotRunning) };
        if !job.inited {
            return Some(NoTask::NotInitialized);
        }
        job.map_search_refusal(&self.trackers[ti].host, self.num_task_trackers())
    }

    /// Whether `obtain_new_map_task(id, ti, max_cache_level)` answers "no task" at one of the
    /// refusals it makes before reading or changing any list (no job, not initialised,
    /// `idle_map_search`): `true` means the call would find nothing and change nothing; `false`
    /// that the lists must be searched.
    pub fn map_visit_finds_nothing(&self, id: JobId, ti: usize, max_cache_level: i32) -> bool {
        let ctx = tracker_ctx(&self.trackers[ti], self.num_task_trackers(), self.unique_hosts, self.now);
        let Some(job) = self.jobs.get(&id) else { return true };
        !job.inited || job.idle_map_search(&self.topology, &ctx, max_cache_level).is_some()
    }

    /// The same for `obtain_new_reduce_task(id, ti)`: not running, not initialised, slow start,
    /// or `idle_reduce_search`.
    pub fn reduce_visit_finds_nothing(&self, id: JobId, ti: usize) -> bool {
        let ctx = tracker_ctx(&self.trackers[ti], self.num_task_trackers(), self.unique_hosts, self.now);
        let Some(job) = self.jobs.get(&id) else { return true };
        job.state != RunState::Running
            || !job.inited
            || !job.schedule_reduces()
            || job.idle_reduce_search(&ctx).is_some()
    }

    /// `obtainNewReduceTask(tts, clusterSize, numUniqueHosts)`.
    pub fn obtain_new_reduce_task(&mut self, id: JobId, ti: usize) -> Result<Launched, NoTask> {
        let ctx = tracker_ctx(&self.trackers[ti], self.num_task_trackers(), self.unique_hosts, self.now);
        let job = self.jobs.get(&id).ok_or(NoTask::NotRunning)?;
        if job.state != RunState::Running {
            return Err(NoTask::NotRunning);
        }
        if !job.inited {
            return Err(NoTask::NotInitialized);
        }
        if !job.schedule_reduces() {
            return Err(NoTask::SlowStart);
        }
        if let Some(no) = job.idle_reduce_search(&ctx) {
            return Err(no);
        }
        let job = self.jobs.get_mut(&id).expect("just found");
        let (idx, _spec) = job.find_new_reduce_task(&ctx)?;
        self.launch(id, TaskType::Reduce, idx, ti, None, None)
    }

    /// `TaskInProgress.getTaskToRun` + `addRunningTaskToTIP`: create the attempt, count it and
    /// put it on the tracker.
    pub(crate) fn launch(
        &mut self,
        id: JobId,
        kind: TaskType,
        idx: u32,
        ti: usize,
        level: Option<u32>,
        source: Option<MapSource>,
    ) -> Result<Launched, NoTask> {
        let now = self.now;
        let nodegroup = self.conf.nodegroup_aware;
        let tracker = &mut self.trackers[ti];
        let job = self.jobs.get_mut(&id).expect("job exists");
        let max_attempts = match kind {
            TaskType::Map => job.conf.map_max_attempts,
            TaskType::Reduce => job.conf.reduce_max_attempts,
        };
        let max_level = job.max_level;
        let tip = &mut job.tips_mut(kind)[idx as usize];
        if tip.next_attempt >= MAX_TASK_EXECS + max_attempts + tip.num_killed {
            return Err(NoTask::AttemptLimit);
        }
        let attempt = tip.next_attempt;
        tip.next_attempt += 1;
        let speculative = tip.is_running();
        if speculative {
            job.had_concurrent_attempts[kind_ix(kind)] = true;
        }
        let tip = &mut job.tips_mut(kind)[idx as usize];
        tip.active.push(ActiveAttempt {
            attempt,
            tracker: tracker.name.clone(),
            host: tracker.host.clone(),
            launch_time: now,
            level,
            progress: 0.0,
            speculative,
        });
        let aid = AttemptId { job: id.0, kind, index: idx, attempt };
        match kind {
            TaskType::Map => {
                job.running_maps += 1;
                job.counters.total_launched_maps += 1;
                if speculative {
                    job.speculative_maps += 1;
                }
                let l = level.unwrap_or(max_level);
                count_locality(&mut job.counters, l, max_level, nodegroup);
            }
            TaskType::Reduce => {
                job.running_reduces += 1;
                job.counters.total_launched_reduces += 1;
                if speculative {
                    job.speculative_reduces += 1;
                }
            }
        }
        let slots = match kind {
            TaskType::Map => job.slots_per_map,
            TaskType::Reduce => job.slots_per_reduce,
        };
        tracker.running.push(RunningTask {
            attempt: aid,
            slots,
            end_time: None,
            launch_time: now,
            kill_requested: None,
            kill_sent: None,
        });
        self.live_sum[kind_ix(kind)] += 1;
        self.changed_jobs.note(id);
        Ok(Launched { attempt: aid, level, locality: level.map(|l| classify(l, nodegroup)), speculative, source })
    }
}

/// The tracker as `findNewMapTask` sees it (a free function so that it borrows only the
/// tracker, leaving the jobs free to be borrowed mutably).
fn tracker_ctx(t: &Tracker, cluster_size: u32, unique_hosts: u32, now: Millis) -> TrackerCtx<'_> {
    TrackerCtx { name: &t.name, host: &t.host, node: Some(t.node), cluster_size, unique_hosts, now }
}

/// `JobInProgress.logAndIncreJobCounters` / the counter part of `addRunningTaskToTIP`.
fn count_locality(c: &mut crate::model::job::Counters, level: u32, max_level: u32, nodegroup: bool) {
    match (level, nodegroup) {
        (0, _) => c.data_local_maps += 1,
        (1, false) => c.rack_local_maps += 1,
        (1, true) => c.nodegroup_local_maps += 1,
        (2, true) => c.rack_local_maps += 1,
        (l, _) => {
            c.off_switch_maps += 1;
            if l != max_level {
                c.other_local_maps += 1;
            }
        }
    }
}
