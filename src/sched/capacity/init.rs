//! The job life cycle: `CapacityTaskScheduler.preInitializeJob` and what `jobAdded` sets
//! (`sync`), `JobQueuesManager` (the listener: `jobAdded`, `jobUpdated`,
//! `jobStateChanged`, `reorderJobs`, `makeJobRunning`, `jobCompleted`), admission
//! (`CapacitySchedulerQueue.checkJobSubmissionLimits` with Hadoop's rejection messages), and the
//! `JobInitializationPoller` with its per-queue and per-user limits
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/JobQueuesManager.java`,
//! `JobInitializationPoller.java`, `CapacitySchedulerQueue.java`).

use super::{CapacityTaskScheduler, JobInfo, memory};
use crate::model::cluster::JobEvent;
use crate::model::{Cluster, JobId, RunState, TaskType};
use crate::sched::common::Refusal;

fn hadoop_job_id(jt: &str, id: JobId) -> String {
    format!("job_{jt}_{:04}", id.0)
}

impl CapacityTaskScheduler {
    /// Admission (`JobTracker.submitJob` queue check, then `addWaitingJob` →
    /// `checkJobSubmissionLimits`). `Err` carries the message the client sees.
    pub fn admit(&self, cluster: &Cluster, id: JobId, user: &str, queue: &str, desired: i64) -> Result<(), Refusal> {
        if let Some(e) = &self.start_error {
            return Err(Refusal::Config(format!("the Capacity Scheduler did not start: {e}")));
        }
        let Some(q) = self.queues.get(queue) else {
            return Err(Refusal::Config(format!("Queue \"{queue}\" is not running")));
        };
        if !self.setup.harness {
            // JobTracker.checkMemoryRequirements (only with all four memory settings).
            let m = &self.sched.memory;
            let x = self.setup.jobs.get(&id.0).cloned().unwrap_or_default();
            if m.enabled() {
                if x.map_mb == -1 || x.reduce_mb == -1 {
                    return Err(Refusal::Config("Invalid job requirements.".into()));
                }
                if x.map_mb > m.max_map_mb || x.reduce_mb > m.max_reduce_mb {
                    return Err(Refusal::Config("Exceeds the cluster's max-memory-limit.".into()));
                }
            }
        }
        if q.waiting.contains(id) {
            return Ok(());
        }
        let jid = hadoop_job_id(&cluster.conf.jt_identifier, id);
        let c = &q.conf;
        if desired > c.max_active_tasks_per_user as i64 {
            return Err(Refusal::Limit(format!(
                "Job '{jid}' from user '{user}' rejected since it has {desired} tasks which exceeds the limit of {} tasks per-user which can be initialized for queue '{queue}'",
                c.max_active_tasks_per_user
            )));
        }
        let (w, i, r) = (q.waiting.len(), q.initializing.len(), q.running.len());
        if (w + i + r) as i64 >= c.max_jobs_to_accept as i64 {
            return Err(Refusal::Limit(format!(
                "Job '{jid}' from user '{user}' rejected since queue '{queue}' already has {w} waiting jobs, {i} initializing jobs and {r} running jobs - Exceeds limit of {} jobs to accept",
                c.max_jobs_to_accept
            )));
        }
        let (uw, ui, ur) =
            q.users.get(user).map(|u| (u.waiting.len(), u.initializing.len(), u.running.len())).unwrap_or((0, 0, 0));
        if (uw + ui + ur) as i64 >= c.max_jobs_per_user_to_accept as i64 {
            return Err(Refusal::Limit(format!(
                "Job '{jid}' rejected since user '{user}' already has {uw} waiting jobs, {ui} initializing jobs and {ur} running jobs -  Exceeds limit of {} jobs to accept in queue '{queue}' per user",
                c.max_jobs_per_user_to_accept
            )));
        }
        Ok(())
    }

    /// `JobQueuesManager` as a `JobInProgressListener`.
    pub fn on_job_event(&mut self, cluster: &Cluster, event: &JobEvent) {
        match *event {
            JobEvent::Added { job } => self.job_added(cluster, job),
            JobEvent::StateChanged { job, to, .. } => {
                if to == RunState::Running {
                    if self.muted.remove(&job) {
                        return;
                    }
                    self.make_running(cluster, job);
                } else if to.is_terminal() {
                    self.job_completed(cluster, job);
                }
            }
            JobEvent::PriorityChanged { job } | JobEvent::StartTimeChanged { job } => self.reorder(cluster, job),
        }
    }

    /// `jobAdded`: into the waiting list; then `CapacityTaskScheduler.jobAdded` counts the user.
    fn job_added(&mut self, cluster: &Cluster, id: JobId) {
        self.usage_notes.push(id);
        let Some(job) = cluster.jobs.get(&id) else { return };
        let Some(q) = self.queues.get_mut(&job.queue) else { return };
        if q.waiting.contains(id) {
            return;
        }
        let key = q.key_of(job);
        q.waiting.insert(key, id);
        q.user(&job.user).waiting.insert(id);
        *q.num_jobs_by_user.entry(job.user.clone()).or_insert(0) += 1;
        let user_ix = Some(q.user_ix(&job.user));
        let extra = self.setup.jobs.get(&id.0).cloned().unwrap_or_default();
        self.jobs.insert(id, JobInfo { extra, user_ix, ..Default::default() });
        self.unsynced.insert(id);
    }

    /// Apply what `jobAdded` / `preInitializeJob` would have set on the `JobInProgress`
    /// (listeners here only see an immutable cluster, so it happens at the next chance). Only
    /// the jobs not yet initialised are visited (`unsynced`).
    pub fn sync(&mut self, cluster: &mut Cluster) {
        if self.unsynced.is_empty() {
            return;
        }
        let mem = self.sched.memory;
        let mut unsynced = std::mem::take(&mut self.unsynced);
        unsynced.retain(|id| {
            let Some(info) = self.jobs.get_mut(id) else { return false };
            if info.synced {
                return false;
            }
            let Some(job) = cluster.jobs.get_mut(id) else { return true };
            if !info.setup_done {
                self.usage_notes.push(*id);
                job.slots_per_map = memory::slots_per_task(&mem, TaskType::Map, info.extra.map_mb);
                job.slots_per_reduce = memory::slots_per_task(&mem, TaskType::Reduce, info.extra.reduce_mb);
                if info.extra.harness_local {
                    job.conf.speculative_maps = false;
                    job.conf.speculative_reduces = false;
                }
                info.setup_done = true;
            }
            if job.inited {
                self.usage_notes.push(*id);
                if let Some(n) = info.extra.slowstart_maps {
                    job.completed_maps_for_reduce_slowstart = n;
                }
                if !info.factor_applied {
                    if let Some(f) = info.extra.locality_wait_factor {
                        if f != 1.0 {
                            job.locality_wait_factor = f;
                        }
                    }
                    info.factor_applied = true;
                }
                // `initTasks` runs once, so nothing above can change again.
                info.synced = info.setup_done;
            }
            !info.synced
        });
        self.unsynced = unsynced;
    }

    /// `makeJobRunning` → `addRunningJob`; the job stays in the waiting list if it is there.
    pub fn make_running(&mut self, cluster: &Cluster, id: JobId) {
        self.usage_notes.push(id);
        let Some(job) = cluster.jobs.get(&id) else { return };
        let Some(q) = self.queues.get_mut(&job.queue) else { return };
        if !q.running.contains(id) {
            let key = q.key_of(job);
            q.running.insert(key, id);
            q.user(&job.user).running.insert(id);
        }
        if q.initializing.remove(id) {
            q.user(&job.user).initializing.remove(&id);
        }
    }

    /// `jobCompleted`: out of every list; reservations are cancelled (garbage collection).
    fn job_completed(&mut self, cluster: &Cluster, id: JobId) {
        self.usage_notes.push(id);
        self.reservations.cancel_job(id);
        if let Some(i) = self.jobs.get_mut(&id) {
            i.reserved_maps.clear();
            i.reserved_reduces.clear();
        }
        let Some(job) = cluster.jobs.get(&id) else { return };
        let Some(q) = self.queues.get_mut(&job.queue) else { return };
        let desired = (job.desired_maps() + job.desired_reduces()) as i64;
        let mut found = false;
        if q.waiting.remove(id) {
            q.user(&job.user).waiting.remove(&id);
            found = true;
        }
        for running in [false, true] {
            let list = if running { &mut q.running } else { &mut q.initializing };
            if list.remove(id) {
                found = true;
                q.active_tasks -= desired;
                let u = q.user(&job.user);
                u.active_tasks -= desired;
                if running {
                    u.running.remove(&id)
                } else {
                    u.initializing.remove(&id)
                };
            }
        }
        if found {
            if let Some(n) = q.num_jobs_by_user.get_mut(&job.user) {
                *n -= 1;
                if *n <= 0 {
                    q.num_jobs_by_user.remove(&job.user);
                }
            }
        }
    }

    /// `reorderJobs`: re-file under the new key, with Hadoop's quirks (`docs/hadoop/capacity.md` §C12).
    fn reorder(&mut self, cluster: &Cluster, id: JobId) {
        self.usage_notes.push(id);
        let Some(job) = cluster.jobs.get(&id) else { return };
        let desired = (job.desired_maps() + job.desired_reduces()) as i64;
        let Some(q) = self.queues.get(&job.queue) else { return };
        let in_waiting = q.waiting.contains(id);
        let admitted = if in_waiting {
            let mut probe = q.clone();
            probe.waiting.remove(id);
            probe.user(&job.user).waiting.remove(&id);
            let saved = self.queues.insert(job.queue.clone(), probe);
            let r = self.admit(cluster, id, &job.user, &job.queue, desired).is_ok();
            if let Some(s) = saved {
                self.queues.insert(job.queue.clone(), s);
            }
            r
        } else {
            false
        };
        let q = self.queues.get_mut(&job.queue).expect("checked");
        let key = q.key_of(job);
        if in_waiting {
            q.waiting.remove(id);
            if admitted {
                q.waiting.insert(key, id);
            } else {
                q.user(&job.user).waiting.remove(&id);
            }
        }
        if q.initializing.remove(id) {
            q.initializing.insert(key, id);
        }
        if q.running.remove(id) {
            q.active_tasks -= desired;
            q.user(&job.user).active_tasks -= desired;
            q.running.insert(key, id);
        }
    }

    /// One `JobInitializationPoller` pass: clean-up, selection, initialisation. With
    /// `promote = false` the scheduler does not hear that the jobs became RUNNING.
    pub fn poll(&mut self, cluster: &mut Cluster, promote: bool) -> Vec<JobId> {
        // cleanUpInitializedJobsList
        self.initialized.retain(|id| match cluster.jobs.get(id) {
            None => false,
            Some(j) => {
                let scheduled =
                    j.pending_maps() < j.desired_maps() as i64 || j.pending_reduces() < j.desired_reduces() as i64;
                !(j.state.is_terminal() || (j.state == RunState::Running && scheduled))
            }
        });
        // getJobsToInitialize, queue by queue
        let mut per_queue: Vec<Vec<JobId>> = Vec::new();
        for qn in self.config_order.clone() {
            let mut picked = Vec::new();
            let mut over: Vec<String> = Vec::new();
            let ids = self.queues[&qn].waiting.ids();
            for id in ids {
                if self.initialized.contains(&id) {
                    continue;
                }
                let Some(job) = cluster.jobs.get(&id) else { continue };
                let desired = (job.desired_maps() + job.desired_reduces()) as i64;
                let q = self.queues.get_mut(&qn).expect("listed");
                let c = q.conf.clone();
                if (q.running.len() + q.initializing.len()) as i64 >= c.max_jobs_to_init as i64
                    || q.active_tasks + desired > c.max_active_tasks as i64
                {
                    break;
                }
                if over.contains(&job.user) {
                    continue;
                }
                let u = q.user(&job.user);
                if (u.running.len() + u.initializing.len()) as i64 >= c.max_jobs_per_user_to_init as i64
                    || u.active_tasks + desired > c.max_active_tasks_per_user as i64
                {
                    over.push(job.user.clone());
                    continue;
                }
                if job.state == RunState::Prep {
                    self.initialized.insert(id);
                    picked.push(id);
                    let key = q.key_of(job);
                    q.waiting.remove(id);
                    q.initializing.insert(key, id);
                    q.active_tasks += desired;
                    let u = q.user(&job.user);
                    u.waiting.remove(&id);
                    u.initializing.insert(id);
                    u.active_tasks += desired;
                }
            }
            per_queue.push(picked);
        }
        // Hand-over: each worker takes one job per queue in turn.
        let mut order = Vec::new();
        let longest = per_queue.iter().map(Vec::len).max().unwrap_or(0);
        for k in 0..longest {
            for list in &per_queue {
                if let Some(id) = list.get(k) {
                    order.push(*id);
                }
            }
        }
        for id in &order {
            let fails = self.jobs.get(id).is_some_and(|i| i.extra.fails_init);
            if fails {
                cluster.terminate(*id, RunState::Failed);
            } else {
                if !promote {
                    self.muted.insert(*id);
                }
                let _ = cluster.init_job(*id);
            }
        }
        self.sync(cluster);
        order
    }
}
