//! The life of an attempt after launch, mirroring `JobInProgress.completedTask` and
//! `failedTask` (`TaskInProgress.incompleteSubTask`): success, failure and kill, the TIP
//! and job failure rules (spec §8), job success, killing a job, and progress reports.

use super::*;

impl Cluster {
    /// Finish, fail or kill one running attempt (`completedTask` / `failedTask`).
    pub fn end_attempt(&mut self, aid: AttemptId, how: AttemptEnd) -> Result<(), String> {
        let id = JobId(aid.job);
        let now = self.now;
        let job = self.jobs.get_mut(&id).ok_or_else(|| format!("no job J{}", aid.job))?;
        let tips_len = job.tips(aid.kind).len();
        if aid.index as usize >= tips_len {
            return Err(format!("job J{} has no {} {}", aid.job, aid.kind.as_str(), aid.index));
        }
        let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
        let Some(pos) = tip.active.iter().position(|a| a.attempt == aid.attempt) else {
            return Err(format!("attempt {aid} is not running"));
        };
        let att = tip.active.remove(pos);
        let host = att.host.clone();
        let mut others = Vec::new();
        match aid.kind {
            TaskType::Map => job.running_maps -= 1,
            TaskType::Reduce => job.running_reduces -= 1,
        }
        match how {
            AttemptEnd::Succeeded => {
                let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
                let old = tip.progress();
                let was_spec = !tip.active.is_empty();
                tip.complete = true;
                tip.finish_time = Some(now);
                others = tip.active.drain(..).map(|a| (a.attempt, a.tracker)).collect();
                let n = tips_len as f64;
                match aid.kind {
                    TaskType::Map => {
                        job.finished_maps += 1;
                        job.running_maps -= others.len() as u32;
                        if was_spec {
                            job.speculative_maps = job.speculative_maps.saturating_sub(1);
                        }
                        job.map_progress = (job.map_progress as f64 + (1.0 - old as f64) / n) as f32;
                        job.retire_map(&self.topology, aid.index);
                    }
                    TaskType::Reduce => {
                        job.finished_reduces += 1;
                        job.running_reduces -= others.len() as u32;
                        if was_spec {
                            job.speculative_reduces = job.speculative_reduces.saturating_sub(1);
                        }
                        job.reduce_progress = (job.reduce_progress as f64 + (1.0 - old as f64) / n) as f32;
                        job.retire_reduce(aid.index);
                    }
                }
            }
            AttemptEnd::Failed | AttemptEnd::Killed => {
                {
                    let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
                    if how == AttemptEnd::Failed {
                        tip.num_failures += 1;
                        tip.failed_hosts.insert(host.clone());
                    } else {
                        tip.num_killed += 1;
                    }
                }
                if how == AttemptEnd::Failed {
                    // addTrackerTaskFailure, counted only while below the flaky-tracker cap
                    let cluster_size = self.trackers.len() as f64;
                    if (job.flaky_trackers as f64) < cluster_size * 0.25 {
                        let c = job.tracker_failures.entry(host.clone()).or_insert(0);
                        *c += 1;
                        if *c == job.conf.max_tracker_failures {
                            job.flaky_trackers += 1;
                        }
                    }
                }
                let max_attempts = match aid.kind {
                    TaskType::Map => job.conf.map_max_attempts,
                    TaskType::Reduce => job.conf.reduce_max_attempts,
                };
                let tip = &job.tips(aid.kind)[aid.index as usize];
                let (running, complete, failures) = (tip.is_running(), tip.complete, tip.num_failures);
                if !running && !complete {
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
                if failures >= max_attempts && !complete {
                    let tip = &mut job.tips_mut(aid.kind)[aid.index as usize];
                    if !tip.failed {
                        tip.failed = true;
                        let killed: Vec<(u32, String)> = tip.active.drain(..).map(|a| (a.attempt, a.tracker)).collect();
                        others.extend(killed.iter().cloned());
                        match aid.kind {
                            TaskType::Map => {
                                job.running_maps -= killed.len() as u32;
                                job.failed_map_tips += 1;
                            }
                            TaskType::Reduce => {
                                job.running_reduces -= killed.len() as u32;
                                job.failed_reduce_tips += 1;
                            }
                        }
                    }
                }
            }
        }
        self.remove_from_tracker(&att.tracker, aid);
        for (a, tracker) in others {
            self.remove_from_tracker(&tracker, AttemptId { attempt: a, ..aid });
        }
        self.check_job_failed(id);
        self.check_job_done(id);
        Ok(())
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
        let Some(job) = self.jobs.get_mut(&id) else { return };
        if !job.inited || job.state != RunState::Running {
            return;
        }
        let auto_succeed = self.conf.auto_succeed;
        if job.maps_done_time.is_none() && job.finished_maps + job.failed_map_tips == job.num_maps() {
            job.maps_done_time = Some(now);
        }
        if auto_succeed
            && job.finished_maps + job.failed_map_tips == job.num_maps()
            && job.finished_reduces + job.failed_reduce_tips == job.num_reduces()
        {
            job.map_progress = 1.0;
            self.set_state(id, RunState::Succeeded);
        }
    }

    /// Kill every running attempt of a job and put it in `to` (KILLED or FAILED).
    pub fn terminate(&mut self, id: JobId, to: RunState) {
        let mut to_remove = Vec::new();
        if let Some(job) = self.jobs.get_mut(&id) {
            for kind in [TaskType::Map, TaskType::Reduce] {
                for tip in job.tips_mut(kind).iter_mut() {
                    for a in tip.active.drain(..) {
                        tip.num_killed += 1;
                        to_remove
                            .push((a.tracker, AttemptId { job: id.0, kind, index: tip.index, attempt: a.attempt }));
                    }
                }
            }
            job.running_maps = 0;
            job.running_reduces = 0;
        }
        for (tracker, aid) in to_remove {
            self.remove_from_tracker(&tracker, aid);
        }
        self.set_state(id, to);
    }

    /// Set a running attempt's progress (speculation input), keeping the job's float32 sum.
    pub fn set_progress(&mut self, aid: AttemptId, value: f32) -> Result<(), String> {
        let job = self.jobs.get_mut(&JobId(aid.job)).ok_or_else(|| format!("no job J{}", aid.job))?;
        let n = job.tips(aid.kind).len() as f64;
        let tip = job.tips_mut(aid.kind).get_mut(aid.index as usize).ok_or_else(|| format!("no task {aid}"))?;
        let old = tip.progress();
        let a = tip
            .active
            .iter_mut()
            .find(|a| a.attempt == aid.attempt)
            .ok_or_else(|| format!("attempt {aid} is not running"))?;
        a.progress = value;
        let new = tip.progress();
        let delta = (new - old) as f64 / n;
        match aid.kind {
            TaskType::Map => job.map_progress = (job.map_progress as f64 + delta) as f32,
            TaskType::Reduce => job.reduce_progress = (job.reduce_progress as f64 + delta) as f32,
        }
        Ok(())
    }

    /// Find a running attempt by id.
    pub fn is_running(&self, aid: AttemptId) -> bool {
        self.trackers.iter().any(|t| t.running.iter().any(|r| r.attempt == aid))
    }
}
