//! The per-type engine `CapacityTaskScheduler.TaskSchedulingMgr` (with its subclasses
//! `MapSchedulingMgr` / `ReduceSchedulingMgr`): one lookup `assignTasks(tracker,
//! availableSlots, assignOffSwitch)` with the reservation check, the queue loop,
//! `getTaskFromQueue` and `obtainNewTask`
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`).

use super::decision::{JobVerdict, JobVisit, Lookup, LookupResult, QueueStanding, QueueVisit, ReservationStep};
use super::{CapacityTaskScheduler, memory, ordering};
use crate::model::cluster::Launched;
use crate::model::task_selection::{MapSource, NON_LOCAL_CACHE_LEVEL, NoTask};
use crate::model::{Cluster, JobId, RunState, TaskType};
use crate::sched::common::assignment::Assignment;

/// `JobInProgress.overrideSchedulingOpportunities`.
pub const OVERRIDE_OPPORTUNITIES: u64 = 1_000_000;

enum Got {
    Task(Assignment, bool),
    None(JobVerdict),
}

fn slots_of(cluster: &Cluster, id: JobId, kind: TaskType) -> i32 {
    cluster
        .jobs
        .get(&id)
        .map(|j| match kind {
            TaskType::Map => j.slots_per_map,
            TaskType::Reduce => j.slots_per_reduce,
        })
        .unwrap_or(1) as i32
}

fn pending(cluster: &Cluster, id: JobId, kind: TaskType) -> i64 {
    cluster
        .jobs
        .get(&id)
        .map(|j| match kind {
            TaskType::Map => j.pending_maps(),
            TaskType::Reduce => j.pending_reduces(),
        })
        .unwrap_or(0)
}

impl CapacityTaskScheduler {
    fn standings(&self, kind: TaskType) -> Vec<QueueStanding> {
        let order = match kind {
            TaskType::Map => &self.map_order,
            TaskType::Reduce => &self.reduce_order,
        };
        order
            .iter()
            .filter_map(|n| self.queues.get(n))
            .map(|q| {
                let u = q.usage(kind);
                QueueStanding {
                    queue: q.name.clone(),
                    used: u.num_slots_occupied,
                    capacity: u.capacity,
                    max_capacity: u.max_capacity,
                    ratio: ordering::ratio(q, kind),
                    active_users: u.users.len() as u32,
                }
            })
            .collect()
    }

    /// `TaskSchedulingMgr.assignTasks`: one task (or none) for this tracker.
    pub(crate) fn lookup(
        &mut self,
        cluster: &mut Cluster,
        ti: usize,
        kind: TaskType,
        available: i32,
        assign_off_switch: bool,
    ) -> (Lookup, Option<Assignment>) {
        let mut lk = Lookup {
            available,
            order: self.standings(kind),
            reservation: None,
            queues: Vec::new(),
            result: LookupResult::NoTask,
        };
        let reserved =
            if self.reservations.0.is_empty() { None } else { self.reservations.get(&cluster.trackers[ti].name, kind) };
        if let Some(r) = reserved {
            let tname = cluster.trackers[ti].name.clone();
            let n = slots_of(cluster, r.job, kind);
            if available >= n {
                self.usage_notes.push(r.job);
                let js = self.jobs.get_mut(&r.job).map(|i| i.reserved_mut(kind));
                self.reservations.unreserve(&tname, kind, js);
                if kind == TaskType::Map {
                    if let Some(j) = cluster.jobs.get_mut(&r.job) {
                        j.num_scheduling_opportunities = OVERRIDE_OPPORTUNITIES;
                    }
                }
                let got = self.obtain_new_task(cluster, ti, r.job, kind, true);
                let ok = matches!(got, Got::Task(..));
                lk.reservation =
                    Some(ReservationStep::Honoured { job: r.job.0, slots: n as u32, available, got_task: ok });
                return match got {
                    Got::Task(a, off) => {
                        lk.result = if off {
                            LookupResult::OffSwitch { job: r.job.0 }
                        } else {
                            LookupResult::Local { job: r.job.0 }
                        };
                        (lk, Some(a))
                    }
                    Got::None(_) => (lk, None),
                };
            }
            let slots = available.max(0) as u32;
            self.usage_notes.push(r.job);
            if !self.jobs.contains_key(&r.job) {
                self.unsynced.insert(r.job);
            }
            let js = self.jobs.entry(r.job).or_default();
            self.reservations.reserve(&tname, kind, r.job, slots, js.reserved_mut(kind));
            lk.reservation = Some(ReservationStep::Kept { job: r.job.0, slots: n as u32, available });
            lk.result = LookupResult::Memory { job: r.job.0, new_reservation: false };
            return (lk, None);
        }
        let order = match kind {
            TaskType::Map => self.map_order.clone(),
            TaskType::Reduce => self.reduce_order.clone(),
        };
        for qn in order {
            let Some(q) = self.queues.get(&qn) else { continue };
            if !q.assign_slots_to_queue(kind, 1) {
                lk.queues.push(QueueVisit::new(&qn, true, 0));
                continue;
            }
            let (visit, result, got) = self.get_task_from_queue(cluster, ti, &qn, kind, available, assign_off_switch);
            self.visit_budget = visit.budget_left();
            lk.queues.push(visit);
            if !matches!(result, LookupResult::NoTask) {
                lk.result = result;
                return (lk, got);
            }
        }
        (lk, None)
    }

    /// `getTaskFromQueue`: the queue's running jobs in order (its waiting jobs never).
    fn get_task_from_queue(
        &mut self,
        cluster: &mut Cluster,
        ti: usize,
        qn: &str,
        kind: TaskType,
        available: i32,
        assign_off_switch: bool,
    ) -> (QueueVisit, LookupResult, Option<Assignment>) {
        let mut visit = QueueVisit::new(qn, false, self.visit_budget);
        let ids = self.queues[qn].running.ids();
        let limits = self.queues[qn].limits(kind);
        let mem = self.sched.memory;
        // The record lists a bounded number of the jobs passed over (see `QueueVisit`).
        for id in ids {
            let Some(job) = cluster.jobs.get(&id) else { continue };
            let mut push = |v: JobVerdict| visit.passed(|| JobVisit { job: id.0, user: job.user.clone(), verdict: v });
            if job.state != RunState::Running {
                push(JobVerdict::NotRunning { state: job.state });
                continue;
            }
            let n = match kind {
                TaskType::Map => job.slots_per_map,
                TaskType::Reduce => job.slots_per_reduce,
            } as i32;
            if !limits.assign_slots_to_queue(n) {
                push(JobVerdict::MaxCapacity { used: limits.occupied, slots: n, max: limits.max_capacity });
                continue;
            }
            let calc = match self.jobs.get(&id).and_then(|i| i.user_ix) {
                Some(ix) => limits.user_limit(n, ix),
                None => self.queues[qn].user_limit(kind, n, &job.user),
            };
            if calc.user_holds + n > calc.limit {
                push(JobVerdict::UserLimit { user: job.user.clone(), calc });
                continue;
            }
            let job_mb = if mem.enabled() { self.jobs.get(&id).map(|i| i.memory(kind)).unwrap_or(-1) } else { -1 };
            let mm = memory::matches(&mem, &cluster.trackers[ti], kind, available as i64, job_mb);
            if mm.matches {
                let listing = visit.listing();
                match self.obtain_new_task(cluster, ti, id, kind, assign_off_switch) {
                    Got::Task(a, off) => {
                        let user = cluster.jobs.get(&id).map(|j| j.user.clone()).unwrap_or_default();
                        visit.last(JobVisit {
                            job: id.0,
                            user,
                            verdict: JobVerdict::Assigned {
                                task: a.attempt_id().to_string(),
                                off_switch: off,
                                user_limit: Some(calc),
                            },
                        });
                        let r =
                            if off { LookupResult::OffSwitch { job: id.0 } } else { LookupResult::Local { job: id.0 } };
                        return (visit, r, Some(a));
                    }
                    Got::None(v) => {
                        if listing {
                            let user = cluster.jobs.get(&id).map(|j| j.user.clone()).unwrap_or_default();
                            visit.passed(|| JobVisit { job: id.0, user, verdict: v });
                        } else {
                            visit.unlisted += 1;
                        }
                        continue;
                    }
                }
            }
            let user = job.user.clone();
            let pend = pending(cluster, id, kind);
            let reserved = self.jobs.get(&id).map(|i| i.reserved_count(kind)).unwrap_or(0) as i64;
            let tmax = cluster.trackers[ti].max_slots(kind) as i32;
            let why_not = if pend == 0 {
                Some("no pending tasks".to_string())
            } else if reserved >= pend {
                Some(format!("already {reserved} reserved trackers for {pend} pending tasks"))
            } else if n > tmax {
                Some(format!("the tracker has only {tmax} slots in all"))
            } else {
                None
            };
            let slot_mb = match kind {
                TaskType::Map => mem.map_slot_mb,
                TaskType::Reduce => mem.reduce_slot_mb,
            }
            .max(1);
            let verdict = JobVerdict::Memory {
                slots: n as u32,
                free_slots: mm.free_mb / slot_mb,
                job_mb,
                free_mb: mm.free_mb,
                reserved: why_not.is_none(),
                why_not: why_not.clone(),
            };
            if why_not.is_none() {
                visit.last(JobVisit { job: id.0, user, verdict });
            } else {
                visit.passed(|| JobVisit { job: id.0, user, verdict });
            }
            if why_not.is_none() {
                let tname = cluster.trackers[ti].name.clone();
                self.usage_notes.push(id);
                if !self.jobs.contains_key(&id) {
                    self.unsynced.insert(id);
                }
                let js = self.jobs.entry(id).or_default();
                self.reservations.reserve(&tname, kind, id, available.max(0) as u32, js.reserved_mut(kind));
                return (visit, LookupResult::Memory { job: id.0, new_reservation: true }, None);
            }
        }
        (visit, LookupResult::NoTask, None)
    }

    /// `MapSchedulingMgr.obtainNewTask` / `ReduceSchedulingMgr.obtainNewTask`.
    fn obtain_new_task(
        &mut self,
        cluster: &mut Cluster,
        ti: usize,
        id: JobId,
        kind: TaskType,
        assign_off_switch: bool,
    ) -> Got {
        let harness = self.setup.harness && self.jobs.get(&id).map(|i| i.extra.harness_local).unwrap_or(false);
        if kind == TaskType::Reduce {
            if cluster.jobs.get(&id).is_some_and(|j| j.num_reduces() == 0) {
                return Got::None(JobVerdict::NoTask { detail: NoTask::NoTasksOfType });
            }
            let r = cluster.obtain_new_reduce_task(id, ti);
            let r = match r {
                Err(NoTask::NothingPending) if harness => self.harness_speculative(cluster, ti, id, kind),
                r => r,
            };
            return match r {
                Ok(l) => Got::Task(self.launched(l, "obtainNewReduceTask"), false),
                Err(e) => Got::None(JobVerdict::NoTask { detail: e }),
            };
        }
        if let Some(j) = cluster.jobs.get_mut(&id) {
            j.num_scheduling_opportunities += 1;
        }
        // A job that would refuse at once refuses both calls below the same way: skip them.
        let quick = if harness { None } else { cluster.map_quick_no(id, ti) };
        let local = match quick {
            Some(e) => Err(e),
            None if harness => self.harness_map(cluster, ti, id),
            None => cluster.obtain_new_map_task(id, ti, cluster.conf.cache_levels as i32),
        };
        let err = match local {
            Ok(l) => return Got::Task(self.launched(l, "obtainNewNodeOrRackLocalMapTask"), false),
            Err(e) => e,
        };
        if harness {
            return Got::None(JobVerdict::NoTask { detail: err });
        }
        let num_trackers = cluster.num_task_trackers();
        let Some(job) = cluster.jobs.get(&id) else { return Got::None(JobVerdict::NoTask { detail: err }) };
        // Negative in Hadoop once the harness counted a twin's success; 0 decides the same.
        let required = job.desired_maps().saturating_sub(job.finished_maps).min(num_trackers);
        let factor = job.locality_wait_factor;
        let opportunities = job.num_scheduling_opportunities;
        let off_ok = (required as f32 * factor) < opportunities as f32;
        let nothing_left = err == NoTask::NothingPending && !job.conf.speculative_maps;
        if job.slots_per_map > 1 || (assign_off_switch && off_ok) {
            if let Some(e) = quick {
                return Got::None(JobVerdict::NoTask { detail: e });
            }
            return match cluster.obtain_new_map_task(id, ti, NON_LOCAL_CACHE_LEVEL) {
                Ok(l) => Got::Task(self.launched(l, "obtainNewNonLocalMapTask"), true),
                Err(e) => Got::None(JobVerdict::NoTask { detail: e }),
            };
        }
        if nothing_left || matches!(err, NoTask::NotRunning | NoTask::NotInitialized | NoTask::NoTasksOfType) {
            Got::None(JobVerdict::NoTask { detail: err })
        } else if !assign_off_switch {
            Got::None(JobVerdict::OffSwitchUsed)
        } else {
            Got::None(JobVerdict::LocalityWait { opportunities, required_slots: required, factor })
        }
    }

    fn launched(&mut self, l: Launched, via: &'static str) -> Assignment {
        self.number(l.attempt);
        Assignment::from_launched(&l, via)
    }

    /// The test harness's fake job: every map is local to every tracker; failed maps first,
    /// then the lowest-numbered map not yet launched, then the one speculative attempt.
    fn harness_map(&mut self, cluster: &mut Cluster, ti: usize, id: JobId) -> Result<Launched, NoTask> {
        let job = cluster.jobs.get(&id).ok_or(NoTask::NotRunning)?;
        if !job.inited {
            return Err(NoTask::NotInitialized);
        }
        if job.num_maps() == 0 {
            return Err(NoTask::NoTasksOfType);
        }
        let free = |i: &u32| job.maps.get(*i as usize).is_some_and(|t| t.is_runnable() && !t.is_running());
        let pick = job.caches.failed_maps.iter().copied().find(free).or_else(|| (0..job.num_maps()).find(free));
        match pick {
            Some(idx) => {
                let l = cluster.launch(id, TaskType::Map, idx, ti, Some(0), Some(MapSource::Cache { level: 0 }))?;
                if let Some(j) = cluster.jobs.get_mut(&id) {
                    j.num_scheduling_opportunities = 0;
                }
                Ok(l)
            }
            None => self.harness_speculative(cluster, ti, id, TaskType::Map),
        }
    }

    /// The fake job's one speculative attempt: on the last launched task, attempt 1. (With reduce
    /// speculation and no reduces the fake hands out reduce 0, which does not exist; this model
    /// gives nothing, as a real JobTracker would: `docs/scenario-format.md`, divergences.)
    fn harness_speculative(
        &mut self,
        cluster: &mut Cluster,
        ti: usize,
        id: JobId,
        kind: TaskType,
    ) -> Result<Launched, NoTask> {
        let k = match kind {
            TaskType::Map => 0,
            TaskType::Reduce => 1,
        };
        let info = self.jobs.get(&id).ok_or(NoTask::NothingPending)?;
        let wanted = if k == 0 { info.extra.spec_maps } else { info.extra.spec_reduces };
        if !wanted || info.spec_given[k] {
            return Err(NoTask::NothingPending);
        }
        // Given once every task was launched, whether or not it still runs (as
        // `TestCapacityScheduler`'s fake job numbers its tasks).
        let last = self.numbered.get(&(id.0, kind)).map(|(_, i)| *i);
        let Some(idx) = last else { return Err(NoTask::NothingPending) };
        let (level, source) =
            if kind == TaskType::Map { (Some(0), Some(MapSource::Speculative)) } else { (None, None) };
        let l = cluster.launch(id, kind, idx, ti, level, source)?;
        if let Some(i) = self.jobs.get_mut(&id) {
            i.spec_given[k] = true;
        }
        Ok(l)
    }
}
