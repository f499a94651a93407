//! The life of an attempt after launch, mirroring `JobInProgress.updateTaskStatus` with
//! `completedTask` and `failedTask` (`TaskInProgress.incompleteSubTask`): success, failure and
//! kill, the TIP and job failure rules, job success, and progress reports. Every
//! report moves the job's progress by the change of its TIP's progress divided by the number
//! of TIPs, as a float32 running sum (`src/mapred/org/apache/hadoop/mapred/JobInProgress.java`;
//! `docs/hadoop/fifo.md` §D1). Attempts that the JobTracker closes (a twin whose sibling succeeded,
//! attempts of a failed TIP or of a finished job) are not ended here: `kills.rs` sends them their
//! kill.

use super::*;
use crate::model::task::Success;

impl Cluster {
    /// A report that a running attempt ended (`updateTaskStatus` → `completedTask` /
    /// `failedTask`). A success reported for a TIP that is already complete or failed, or for
    /// a job that is over, counts as KILLED (`alreadyCompletedTask`). Returns how it counted.
    /// Under `ClusterConf::finish_counts_every_success` (the Capacity harness) such a success is
    /// also counted as finished, as the harness's `finishTask` does.
    pub fn end_attempt(&mut self, aid: AttemptId, how: AttemptEnd) -> Result<AttemptEnd, String> {
        let id = JobId(aid.job);
        let now = self.now;
        let cluster_size = self.num_task_trackers() as f64;
        let job = self.jobs.get(&id).ok_or_else(|| format!("no job J{}", aid.job))?;
        let n = job.tips(aid.kind).len();
        let Some(tip) = job.tips(aid.kind).get(aid.index as usize) else {
            return Err(format!("job J{} has no {} {}", aid.job, aid.kind.as_str(), aid.index));
        };
        let Some(pos) = tip.active.iter().position(|a| a.attempt == aid.attempt) else {
            return Err(format!("attempt {aid} is not running"));
        };
        let over = tip.complete || tip.failed || job.state.is_terminal();
        let on = self.tracker_index(&tip.active[pos].tracker).map(|i| i as u32);
        let counted_anyway = how == AttemptEnd::Succeeded && over && self.conf.finish_counts_every_success;
        let how = if how == AttemptEnd::Succeeded && over { AttemptEnd::Killed } else { how };
        let job = self.jobs.get_mut(&id).expect("found above");
        let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
        let old = tip.progress();
        let was_spec = tip.active.len() as u32 > MAX_TASK_EXECS;
        let att = tip.active.remove(pos);
        match aid.kind {
            TaskType::Map => job.running_maps -= 1,
            TaskType::Reduce => job.running_reduces -= 1,
        }
        match how {
            AttemptEnd::Succeeded => {
                let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
                tip.complete = true;
                tip.finish_time = Some(now);
                tip.success = on.map(|tracker| Success { attempt: aid.attempt, tracker });
                match aid.kind {
                    TaskType::Map => {
                        job.finished_maps += 1;
                        if was_spec {
                            job.speculative_maps = job.speculative_maps.saturating_sub(1);
                        }
                        job.retire_map(&self.topology, aid.index);
                    }
                    TaskType::Reduce => {
                        job.finished_reduces += 1;
                        if was_spec {
                            job.speculative_reduces = job.speculative_reduces.saturating_sub(1);
                        }
                        job.retire_reduce(aid.index);
                    }
                }
            }
            AttemptEnd::Failed | AttemptEnd::Killed => {
                let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
                if how == AttemptEnd::Failed {
                    tip.num_failures += 1;
                    tip.failed_hosts.insert(att.host.clone());
                } else {
                    tip.num_killed += 1;
                }
                let (running, complete, failed, failures) =
                    (tip.is_running(), tip.complete, tip.failed, tip.num_failures);
                if how == AttemptEnd::Failed {
                    job.add_tracker_task_failure(&att.host, cluster_size);
                }
                if !running && !complete && !failed {
                    match aid.kind {
                        TaskType::Map => {
                            job.retire_map(&self.topology, aid.index);
                            job.fail_map(aid.index);
                        }
                        TaskType::Reduce => {
                            job.retire_reduce(aid.index);
                            job.fail_reduce(aid.index);
                        }
                    }
                }
                let max_attempts = match aid.kind {
                    TaskType::Map => job.conf.map_max_attempts,
                    TaskType::Reduce => job.conf.reduce_max_attempts,
                };
                // TaskInProgress.incompleteSubTask: too many failures kill the TIP; its other
                // attempts are closed at their trackers' next heartbeats.
                if failures >= max_attempts && !complete && !failed {
                    job.tips_mut(aid.kind)[aid.index as usize].failed = true;
                    match aid.kind {
                        TaskType::Map => job.failed_map_tips += 1,
                        TaskType::Reduce => job.failed_reduce_tips += 1,
                    }
                }
            }
        }
        if counted_anyway {
            let (finished, k) = match aid.kind {
                TaskType::Map => (&mut job.finished_maps, 0),
                TaskType::Reduce => (&mut job.finished_reduces, 1),
            };
            *finished += 1;
            job.over_finishes[k] += 1;
        }
        let new = job.tips(aid.kind)[aid.index as usize].progress();
        job.add_progress(aid.kind, new as f64 - old as f64, n);
        let done = job.tips_done(aid.kind);
        if how == AttemptEnd::Succeeded && done as usize == n {
            // completedTask: `setMapProgress(1.0f)` once every TIP of the type is done. Hadoop then
            // adds this report's change on top (up to 1 + 1/n); that overshoot decides nothing
            // (no TIP of the type is left to speculate) and is not reproduced.
            job.set_progress_done(aid.kind);
        }
        self.changed_jobs.note(id);
        self.remove_from_tracker(&att.tracker, aid);
        self.check_job_failed(id);
        self.check_job_done(id);
        Ok(how)
    }

    /// The job fails when too many TIPs failed (`failedMapTIPs*100 > percent*numMapTasks`).
    pub(super) fn check_job_failed(&mut self, id: JobId) {
        let Some(job) = self.jobs.get(&id) else { return };
        if job.state.is_terminal() {
            return;
        }
        let maps_bad =
            job.failed_map_tips as u64 * 100 > job.conf.max_map_failures_percent as u64 * job.num_maps() as u64;
        let reds_bad = job.failed_reduce_tips as u64 * 100
            > job.conf.max_reduce_failures_percent as u64 * job.num_reduces() as u64;
        if maps_bad || reds_bad {
            self.terminate(id, RunState::Failed);
        }
    }

    /// All maps and reduces finished or failed → SUCCEEDED (cleanup task not modelled).
    pub(super) fn check_job_done(&mut self, id: JobId) {
        let now = self.now;
        let Some(job) = self.jobs.get(&id) else { return };
        if !job.inited || job.state != RunState::Running {
            return;
        }
        let maps_done = job.tips_done(TaskType::Map) == job.num_maps();
        let all_done = maps_done && job.tips_done(TaskType::Reduce) == job.num_reduces();
        if maps_done && job.maps_done_time.is_none() {
            self.jobs.get_mut(&id).expect("found above").maps_done_time = Some(now);
        }
        if self.conf.auto_succeed && all_done {
            self.set_state(id, RunState::Succeeded);
        }
    }

    /// A progress report of a running attempt (speculation reads it): the TIP's progress is its
    /// best running attempt, and the job's float32 sum moves by the TIP's change.
    pub fn set_progress(&mut self, aid: AttemptId, value: f32) -> Result<(), String> {
        let job = self.jobs.get(&JobId(aid.job)).ok_or_else(|| format!("no job J{}", aid.job))?;
        let n = job.tips(aid.kind).len();
        let tip = job.tips(aid.kind).get(aid.index as usize).ok_or_else(|| format!("no task {aid}"))?;
        let Some(pos) = tip.active.iter().position(|a| a.attempt == aid.attempt) else {
            return Err(format!("attempt {aid} is not running"));
        };
        if tip.active[pos].progress == value {
            return Ok(());
        }
        let job = self.jobs.get_mut(&JobId(aid.job)).expect("found above");
        let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
        let old = tip.progress();
        tip.active[pos].progress = value;
        let new = tip.progress();
        job.add_progress(aid.kind, new as f64 - old as f64, n);
        Ok(())
    }

    /// Find a running attempt by id.
    pub fn is_running(&self, aid: AttemptId) -> bool {
        self.trackers.iter().any(|t| t.running.iter().any(|r| r.attempt == aid))
    }
}

impl Job {
    /// `addTrackerTaskFailure`: one more failure on `host` for this job, counted only while the
    /// job's flaky trackers stay below 25% of the cluster (`docs/hadoop/fifo.md` §D2).
    pub fn add_tracker_task_failure(&mut self, host: &str, cluster_size: f64) {
        if (self.flaky_trackers as f64) < cluster_size * 0.25 {
            let c = self.tracker_failures.entry(host.to_string()).or_insert(0);
            *c += 1;
            if *c == self.conf.max_tracker_failures {
                self.flaky_trackers += 1;
            }
        }
    }

    /// `status.setMapProgress((float) (mapProgress + delta / maps.length))` (reduces alike); the
    /// TIP's progress and so `delta` are doubles in Hadoop.
    pub fn add_progress(&mut self, kind: TaskType, delta: f64, n: usize) {
        if delta == 0.0 || n == 0 {
            return;
        }
        let p = match kind {
            TaskType::Map => &mut self.map_progress,
            TaskType::Reduce => &mut self.reduce_progress,
        };
        *p = (*p as f64 + delta / n as f64) as f32;
    }

    /// Every TIP of the type finished or failed: its progress is 1.
    fn set_progress_done(&mut self, kind: TaskType) {
        match kind {
            TaskType::Map => self.map_progress = 1.0,
            TaskType::Reduce => self.reduce_progress = 1.0,
        }
    }
}
