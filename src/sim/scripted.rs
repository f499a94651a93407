//! The scripted driver: steps like Hadoop's unit tests (heartbeat, advance, finish, fail,
//! priority and state changes, scheduler-specific ops) and the checks of self-checking
//! scenarios.

use super::*;

pub mod capacity;
pub mod fair;
pub mod spark;

impl Engine {
    pub(super) fn scripted_next(&mut self) -> Option<HeartbeatRecord> {
        let steps = self.scenario.clone();
        let steps = steps.steps.as_ref().expect("scripted");
        loop {
            if let Some(u) = self.run_until {
                match self.auto_next(Some(u)) {
                    Some(rec) => return Some(rec),
                    None => self.run_until = None,
                }
            }
            if self.stopped.is_some() {
                return None;
            }
            let step = steps.get(self.cursor)?;
            self.cursor += 1;
            if let Some(rec) = self.exec(step) {
                return Some(rec);
            }
        }
    }

    pub(super) fn fail(&mut self, step: &Step, message: String) {
        self.failures.push(CheckFailure { step: step.path.clone(), hb: Some(self.hb), message });
    }

    /// Run one step now, besides the scenario's own list: a test or a tool drives an engine
    /// this way. A heartbeat step returns its record; failed checks go to `failures`, and a
    /// step that cannot run stops the engine as a scripted one would.
    pub fn run_step(&mut self, step: &Step) -> Option<HeartbeatRecord> {
        self.exec(step)
    }

    /// Run one scripted step; a heartbeat step returns its record.
    pub(super) fn exec(&mut self, step: &Step) -> Option<HeartbeatRecord> {
        if let StepKind::Spark(sp) = &step.kind {
            return self.spark_step(step, sp);
        }
        let res: Result<(), String> = match &step.kind {
            StepKind::Heartbeat { tracker, expect, expect_count, .. } => {
                let Some(ti) = self.cluster.tracker_index(tracker) else {
                    self.stop(step.path.clone(), format!("tracker {tracker} has not joined the cluster at this step"));
                    return None;
                };
                if let Some(at) = self.cluster.trackers[ti].lost_ms {
                    self.stop(
                        step.path.clone(),
                        format!(
                            "tracker {tracker} was lost at {at} ms; the JobTracker ignores it until it joins again (add_tracker)"
                        ),
                    );
                    return None;
                }
                let rec = self.heartbeat(ti);
                let got: Vec<String> = rec
                    .assigned
                    .iter()
                    .map(|a| format!("{}/{}", a.attempt_id(), a.locality.map_or("-", Locality::as_str)))
                    .collect();
                if let Some(exp) = expect {
                    let jt = self.cluster.conf.jt_identifier.clone();
                    let ok = exp.len() == rec.assigned.len()
                        && exp.iter().zip(&rec.assigned).all(|(e, a)| match &e.label {
                            Some(label) => {
                                *label == self.scheduler.attempt_label(&jt, a.attempt_id())
                                    && e.on.as_ref().is_none_or(|t| t == tracker)
                            }
                            None => e.attempt == a.attempt_id() && e.locality.is_none_or(|l| Some(l) == a.locality),
                        });
                    if !ok {
                        let want: Vec<String> = exp.iter().map(|e| e.to_string()).collect();
                        self.fail(
                            step,
                            format!(
                                "heartbeat {} ({} at {} ms): expected [{}], got [{}]",
                                rec.hb,
                                tracker,
                                rec.time_ms,
                                want.join(", "),
                                got.join(", ")
                            ),
                        );
                    }
                }
                if let Some(n) = expect_count {
                    if *n as usize != rec.assigned.len() {
                        self.fail(
                            step,
                            format!(
                                "heartbeat {}: expected {n} tasks, got {} [{}]",
                                rec.hb,
                                rec.assigned.len(),
                                got.join(", ")
                            ),
                        );
                    }
                }
                return Some(rec);
            }
            StepKind::Advance { ms } => {
                let t = self.cluster.now + ms;
                self.set_now(t);
                Ok(())
            }
            StepKind::Submit { job } => {
                let mut spec = (**job).clone();
                if spec.id == 0 {
                    spec.id = self.cluster.jobs.keys().map(|j| j.0).max().unwrap_or(0) + 1;
                }
                let start = spec.submit_time.unwrap_or(self.cluster.now);
                self.submit(&spec, start).map_err(|e| super::validate::refused(spec.id, &e))
            }
            StepKind::Finish { attempt } => self.cluster.end_attempt(*attempt, AttemptEnd::Succeeded).map(|_| ()),
            StepKind::Fail { attempt } => self.cluster.end_attempt(*attempt, AttemptEnd::Failed).map(|_| ()),
            StepKind::KillTask { attempt } => self.cluster.end_attempt(*attempt, AttemptEnd::Killed).map(|_| ()),
            StepKind::Progress { attempt, value } => self.cluster.set_progress(*attempt, *value),
            StepKind::SetPriority { job, priority } => {
                self.cluster.set_priority(JobId(*job), *priority);
                Ok(())
            }
            StepKind::SetStartTime { job, time, relative_to, offset } => {
                let base = match (time, relative_to) {
                    (Some(t), _) => *t,
                    (None, Some(r)) => self.cluster.jobs.get(&JobId(*r)).map(|j| j.start_time).unwrap_or(0) + offset,
                    _ => 0,
                };
                self.cluster.set_start_time(JobId(*job), base);
                Ok(())
            }
            StepKind::SetState { job, state } => {
                self.cluster.set_state(JobId(*job), *state);
                Ok(())
            }
            StepKind::KillJob { job } => {
                self.cluster.terminate(JobId(*job), RunState::Killed);
                Ok(())
            }
            StepKind::Init { job } => self.cluster.init_job(JobId(*job)),
            StepKind::ExpectQueue { order } => {
                let got: Vec<u32> = self.scheduler.job_order().iter().map(|j| j.0).collect();
                if got != *order { Err(format!("expected job queue {order:?}, got {got:?}")) } else { Ok(()) }
            }
            StepKind::ExpectJob { job, checks } => self.check_job(*job, checks),
            StepKind::ExpectHeartbeatInterval { ms } => {
                let got = self.cluster.heartbeat_interval();
                if got != *ms { Err(format!("expected heartbeat interval {ms} ms, got {got} ms")) } else { Ok(()) }
            }
            StepKind::ExpectMatchingLevel { a, b, max_level, level } => {
                // Hosts listed in `topology` are resolved on a scratch copy if not yet known.
                let mut topo = (*self.cluster.topology).clone();
                for h in [a, b] {
                    if topo.host_node(h).is_none() && self.scenario.topology.iter().any(|(_, hs)| hs.contains(h)) {
                        let _ = topo.add_host(h, self.scenario.rack_of(h), 1);
                    }
                }
                match (topo.host_node(a), topo.host_node(b)) {
                    (Some(x), Some(y)) => {
                        let got = topo.matching_level(x, y, *max_level);
                        if got != *level {
                            Err(format!("expected matching level {level} for {a} and {b}, got {got}"))
                        } else {
                            Ok(())
                        }
                    }
                    _ => Err(format!(
                        "host {a} or {b} is not in the topology (hosts are resolved as trackers register and jobs initialise)"
                    )),
                }
            }
            StepKind::Run { until_ms } => {
                self.run_until = Some(*until_ms);
                Ok(())
            }
            StepKind::AddTracker { tracker: t } => {
                self.cluster.add_tracker(&t.name, &t.host, &t.rack, t.map_slots, t.reduce_slots).map(|_| ())
            }
            StepKind::LoseTracker { tracker } => match self.cluster.tracker_index(tracker) {
                Some(ti) if self.cluster.trackers[ti].is_live() => {
                    self.lose_tracker(ti, None);
                    Ok(())
                }
                Some(_) => Err(format!("tracker {tracker} is already lost")),
                None => Err(format!("tracker {tracker} has not joined the cluster at this step")),
            },
            StepKind::ExpireTrackers => {
                self.expire_trackers();
                Ok(())
            }
            StepKind::ExpectCluster { trackers, map_slots, reduce_slots } => {
                let got = self.cluster.size();
                let mut bad = Vec::new();
                for (what, want, got) in [
                    ("trackers", trackers, got.trackers),
                    ("map slots", map_slots, got.map_slots),
                    ("reduce slots", reduce_slots, got.reduce_slots),
                ] {
                    if want.is_some_and(|w| w != got) {
                        bad.push(format!("{what} expected {}, got {got}", want.unwrap_or(0)));
                    }
                }
                if bad.is_empty() { Ok(()) } else { Err(format!("cluster: {}", bad.join("; "))) }
            }
            StepKind::Spark(_) => Ok(()),
            StepKind::Fair(f) => match &mut self.scheduler {
                crate::sched::Scheduler::Fair(fs) => fair::run(fs, &mut self.cluster, f),
                other => Err(format!("the {} scheduler does not support op {:?}", other.name(), f.op())),
            },
            StepKind::Capacity(c) => match &mut self.scheduler {
                crate::sched::Scheduler::Capacity(sc) => capacity::run(sc, &mut self.cluster, c),
                other => Err(format!("the {} scheduler does not support op {:?}", other.name(), c.op())),
            },
        };
        self.flush_events();
        match res {
            Err(e) if step.kind.is_check() => self.fail(step, e),
            // A step that cannot run (`validate` finds it the same way): the run stops here.
            Err(e) => self.stop(step.path.clone(), e),
            Ok(()) => {}
        }
        None
    }

    pub(super) fn check_job(&self, id: u32, c: &crate::scenario::steps::JobChecks) -> Result<(), String> {
        let j = self.cluster.jobs.get(&JobId(id)).ok_or_else(|| format!("no job {id}"))?;
        let mut bad = Vec::new();
        if let Some(s) = c.state {
            if j.state != s {
                bad.push(format!("state expected {}, got {}", s.as_str(), j.state.as_str()));
            }
        }
        for (k, v) in &c.numbers {
            let got = match *k {
                "running_maps" => j.running_maps as i64,
                "running_reduces" => j.running_reduces as i64,
                "pending_maps" => j.pending_maps(),
                "pending_reduces" => j.pending_reduces(),
                "finished_maps" => j.finished_maps as i64,
                "finished_reduces" => j.finished_reduces as i64,
                "failed_map_tips" => j.failed_map_tips as i64,
                "failed_reduce_tips" => j.failed_reduce_tips as i64,
                _ => unreachable!(),
            };
            if got != *v {
                bad.push(format!("{k} expected {v}, got {got}"));
            }
        }
        if let Some(sr) = c.schedule_reduces {
            if j.schedule_reduces() != sr {
                bad.push(format!("schedule_reduces expected {sr}, got {}", j.schedule_reduces()));
            }
        }
        for (name, v) in &c.counters {
            let got = j.counters.get(name).unwrap_or(0);
            if got != *v {
                bad.push(format!("{name} expected {v}, got {got}"));
            }
        }
        if bad.is_empty() { Ok(()) } else { Err(format!("job {id}: {}", bad.join("; "))) }
    }
}
