//! Delay scheduling in Spark's `TaskSetManager`: `getAllowedLocalityLevel` (the wait clock:
//! levels with no task left are passed at once, SPARK-4939; an expired wait moves the timer
//! on by the wait, not to now), `resetDelayScheduleTimer`, `dequeueTask`/`dequeueTaskHelper`
//! (executor, host, no-pref, rack, all; a no-pref task reports PROCESS_LOCAL; the speculative
//! lists only when the regular ones give nothing) and
//! `resourceOffer` (the NO_PREF pass ignores the clock; a reject is an empty ANY-pass offer
//! while tasks are pending; in legacy mode every launch outside the NO_PREF pass resets the
//! timer to the launch's level, `spark.locality.wait.legacyResetOnTaskLaunch`).

use super::decision::{Ask, LevelStep, LevelWhy, Refused};
use super::executors::Executors;
use super::locality::TaskLocality;
use super::pending::List;
use super::task_set::TaskSetManager;
use crate::model::Millis;

impl TaskSetManager {
    /// `getAllowedLocalityLevel(curTime)`: the level, and each level looked at on the way.
    pub fn allowed_locality_level(&mut self, now: Millis) -> (TaskLocality, Vec<LevelStep>) {
        let mut steps = Vec::new();
        while self.current_index < self.levels.len() - 1 {
            let level = self.levels[self.current_index];
            let wait = self.waits[self.current_index];
            let waited = now - self.last_reset;
            if !self.more_tasks_at(level) {
                steps.push(LevelStep { level, why: LevelWhy::NoMoreTasks, waited_ms: waited, wait_ms: wait });
                self.last_reset = now;
                self.current_index += 1;
            } else if waited >= wait {
                steps.push(LevelStep { level, why: LevelWhy::WaitExpired, waited_ms: waited, wait_ms: wait });
                self.last_reset += wait;
                self.current_index += 1;
            } else {
                steps.push(LevelStep { level, why: LevelWhy::Waiting, waited_ms: waited, wait_ms: wait });
                return (level, steps);
            }
        }
        let last = self.levels[self.current_index];
        steps.push(LevelStep { level: last, why: LevelWhy::Last, waited_ms: now - self.last_reset, wait_ms: 0 });
        (last, steps)
    }

    /// `resetDelayScheduleTimer(minLocality)`.
    pub fn reset_delay_schedule_timer(&mut self, now: Millis, min: Option<TaskLocality>) {
        self.last_reset = now;
        if let Some(l) = min {
            self.current_index = self.locality_index(l);
        }
    }

    /// `dequeueTask`: the regular lists, then (only if that finds nothing) the speculative
    /// ones; the index, the locality it is launched at, and whether it is a speculative copy.
    fn dequeue_task(
        &mut self,
        exec: &str,
        host: &str,
        allowed: TaskLocality,
        ex: &Executors,
    ) -> Option<(usize, TaskLocality, bool)> {
        if let Some((i, l)) = self.dequeue_helper(exec, host, allowed, false, ex) {
            return Some((i, l, false));
        }
        let (i, l) = self.dequeue_helper(exec, host, allowed, true, ex)?;
        self.speculatable.remove(&i);
        Some((i, l, true))
    }

    /// `dequeueTaskHelper`: executor, host, no-pref (reported PROCESS_LOCAL), rack, all. A
    /// speculative pop returns at once while no task is speculatable, passes over (and keeps) an
    /// entry with an attempt on this host, and takes a task with one copy running.
    fn dequeue_helper(
        &mut self,
        exec: &str,
        host: &str,
        allowed: TaskLocality,
        speculative: bool,
        ex: &Executors,
    ) -> Option<(usize, TaskLocality)> {
        if speculative && self.speculatable.is_empty() {
            return None;
        }
        let tasks = &self.tasks;
        let most = if speculative { 1 } else { 0 };
        let live = |i: usize| tasks.get(i).is_some_and(|t| t.copies_running <= most && !t.successful);
        let ex_task = &self.excluded_for_task;
        let skip = |i: usize| {
            (!ex_task.is_empty()
                && (ex_task.contains(&(i, false, exec.to_string())) || ex_task.contains(&(i, true, host.to_string()))))
                || (speculative && tasks.get(i).is_some_and(|t| t.attempted_hosts.contains(host)))
        };
        let p = if speculative { &mut self.pending_spec } else { &mut self.pending };
        if let Some(i) = p.pop(List::Executor, exec, &live, &skip) {
            return Some((i, TaskLocality::ProcessLocal));
        }
        if TaskLocality::is_allowed(allowed, TaskLocality::NodeLocal) {
            if let Some(i) = p.pop(List::Host, host, &live, &skip) {
                return Some((i, TaskLocality::NodeLocal));
            }
        }
        if TaskLocality::is_allowed(allowed, TaskLocality::NoPref) {
            // "Look for noPref tasks after NODE_LOCAL": reported as PROCESS_LOCAL.
            if let Some(i) = p.pop(List::NoPrefs, "", &live, &skip) {
                return Some((i, TaskLocality::ProcessLocal));
            }
        }
        if TaskLocality::is_allowed(allowed, TaskLocality::RackLocal) {
            if let Some(rack) = ex.rack_for_host(host) {
                if let Some(i) = p.pop(List::Rack, rack, &live, &skip) {
                    return Some((i, TaskLocality::RackLocal));
                }
            }
        }
        if TaskLocality::is_allowed(allowed, TaskLocality::Any) {
            if let Some(i) = p.pop(List::All, "", &live, &skip) {
                return Some((i, TaskLocality::Any));
            }
        }
        None
    }

    /// `resourceOffer(execId, host, maxLocality)` at `now`: the call as a record (its launch,
    /// if any, already booked as running on `exec`).
    pub fn resource_offer(
        &mut self,
        exec: &str,
        host: &str,
        max_locality: TaskLocality,
        now: Millis,
        legacy: bool,
        ex: &Executors,
    ) -> Ask {
        let mut ask = Ask {
            executor: exec.to_string(),
            host: host.to_string(),
            max_locality,
            refused: None,
            ladder: Vec::new(),
            allowed: max_locality,
            launched: None,
            reject: false,
            legacy_reset: None,
        };
        if self.is_zombie {
            ask.refused = Some(Refused::Zombie);
            return ask;
        }
        if self.excluded_nodes.contains(host) {
            ask.refused = Some(Refused::NodeExcluded);
            return ask;
        }
        if self.excluded_executors.contains(exec) {
            ask.refused = Some(Refused::ExecutorExcluded);
            return ask;
        }
        if max_locality != TaskLocality::NoPref {
            let (level, ladder) = self.allowed_locality_level(now);
            ask.ladder = ladder;
            ask.allowed = level.min(max_locality);
        }
        match self.dequeue_task(exec, host, ask.allowed, ex) {
            Some((index, locality, speculative)) => {
                if legacy && max_locality != TaskLocality::NoPref {
                    self.reset_delay_schedule_timer(now, Some(locality));
                    ask.legacy_reset = Some(self.current_level());
                }
                self.launched(index, exec, host, locality);
                ask.launched = Some(super::decision::Launch {
                    task_set: self.name(),
                    index,
                    executor: exec.to_string(),
                    host: host.to_string(),
                    locality,
                    speculative,
                });
            }
            None => ask.reject = max_locality == TaskLocality::Any && self.has_pending(),
        }
        ask
    }
}
