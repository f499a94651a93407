//! The automatic driver: trackers heartbeat on `getNextHeartbeatInterval()`, attempts run for
//! their durations (with locality slowdowns), progress is reported at each heartbeat, jobs
//! arrive at their submit times; out-of-band heartbeats when configured.

use super::*;

impl Engine {
    /// Automatic mode: progress of this tracker's attempts, as its report would carry it.
    pub(super) fn update_progress(&mut self, ti: usize) {
        if !self.auto_started {
            return;
        }
        let now = self.cluster.now;
        let items: Vec<(AttemptId, f32)> = self.cluster.trackers[ti]
            .running
            .iter()
            .filter_map(|r| {
                let end = r.end_time?;
                let span = (end - r.launch_time).max(1) as f32;
                Some((r.attempt, ((now - r.launch_time) as f32 / span).clamp(0.0, 0.999)))
            })
            .collect();
        for (aid, p) in items {
            let _ = self.cluster.set_progress(aid, p);
        }
    }

    /// Automatic mode: when an attempt will finish.
    pub(super) fn set_end_time(&mut self, ti: usize, aid: AttemptId, locality: Option<Locality>) {
        if !self.auto_started {
            return;
        }
        let c = &self.scenario.config;
        let now = self.cluster.now;
        let job = &self.cluster.jobs[&JobId(aid.job)];
        let tip = &job.tips(aid.kind)[aid.index as usize];
        let end = match aid.kind {
            TaskType::Map => {
                let factor = match locality {
                    Some(Locality::Rack) => c.rack_local_slowdown,
                    Some(Locality::OffSwitch) => c.off_switch_slowdown,
                    _ => 1.0,
                };
                Some(now + (tip.duration_ms as f64 * factor).round() as Millis)
            }
            TaskType::Reduce => job.maps_done_time.map(|m| m.max(now) + tip.duration_ms),
        };
        if let Some(r) = self.cluster.trackers[ti].running.iter_mut().find(|r| r.attempt == aid) {
            r.end_time = end;
        }
    }

    /// Reduces waiting for their job's last map get an end time once it finishes.
    /// Only the heartbeating tracker's reduces matter: completions are noticed at its report.
    pub(super) fn settle_reduces(&mut self, ti: usize) {
        {
            let t = &mut self.cluster.trackers[ti];
            for r in &mut t.running {
                if r.end_time.is_none() && r.attempt.kind == TaskType::Reduce {
                    let job = &self.cluster.jobs[&JobId(r.attempt.job)];
                    if let Some(m) = job.maps_done_time {
                        let d = job.reduces[r.attempt.index as usize].duration_ms;
                        r.end_time = Some(m.max(r.launch_time) + d);
                    }
                }
            }
        }
    }

    pub(super) fn start_auto(&mut self) {
        if self.auto_started {
            return;
        }
        self.auto_started = true;
        let interval = self.cluster.heartbeat_interval();
        let now = self.cluster.now;
        for ti in 0..self.cluster.trackers.len() {
            let phase = (self.rng.next_u64() % interval.max(1) as u64) as Millis;
            self.schedule_heartbeat(ti, now + phase);
        }
        // Attempts launched by earlier scripted steps get their end times now.
        for ti in 0..self.cluster.trackers.len() {
            let ids: Vec<(AttemptId, Option<Locality>)> = self.cluster.trackers[ti]
                .running
                .iter()
                .filter(|r| r.end_time.is_none())
                .map(|r| {
                    let job = &self.cluster.jobs[&JobId(r.attempt.job)];
                    let tip = &job.tips(r.attempt.kind)[r.attempt.index as usize];
                    let lvl = tip.active.iter().find(|a| a.attempt == r.attempt.attempt).and_then(|a| a.level);
                    (r.attempt, lvl.map(|l| crate::model::cluster::classify(l, self.cluster.conf.nodegroup_aware)))
                })
                .collect();
            for (aid, loc) in ids {
                self.set_end_time(ti, aid, loc);
            }
        }
    }

    /// The next job to arrive.
    fn next_arrival(&self) -> Option<&JobSpec> {
        self.arrivals_left.checked_sub(1).map(|i| &self.arrivals[i])
    }

    /// Every job is over and every tracker has reported its last attempt (a twin or an attempt of
    /// a killed job runs until its tracker is told, and reports the kill a heartbeat later).
    pub(super) fn all_done(&self) -> bool {
        self.arrivals_left == 0
            && self.init_queue.is_empty()
            && self.initializing.is_empty()
            && self.cluster.jobs.values().all(|j| j.state.is_terminal())
            && self.cluster.trackers.iter().all(|t| t.running.is_empty())
    }

    /// Automatic driver: run to the next heartbeat, or `None` when the run is over. With
    /// `until` (`run.until_ms`, or a scripted `run` step) everything due by then happens, and the
    /// run stops at the first heartbeat past it, with the clock at `until`.
    pub(super) fn auto_next(&mut self, until: Option<Millis>) -> Option<HeartbeatRecord> {
        self.start_auto();
        loop {
            if self.hb >= self.scenario.run.max_heartbeats || self.stopped.is_some() {
                return None;
            }
            if self.run_until.is_none() && self.all_done() {
                return None;
            }
            let t_hb = self.heartbeats.peek().map(|Reverse((t, _))| *t);
            let t_arr = self.next_arrival().map(|j| j.submit_time.unwrap_or(0));
            let t_init = self.initializing.iter().map(|(t, _)| *t).min();
            let t_join = self.next_join().map(|(t, _)| t);
            let t_exp = self.expiries.peek().map(|Reverse((t, _))| *t);
            // Nothing can happen any more (every tracker is gone).
            let next = [t_hb, t_arr, t_init, t_join, t_exp].into_iter().flatten().min()?;
            if let Some(u) = until {
                if next > u {
                    self.set_now(u);
                    return None;
                }
            }
            if let Some((t, i)) = self.next_join().filter(|&(t, _)| t == next) {
                self.set_now(t);
                self.join(i);
                continue;
            }
            if t_arr == Some(next) {
                let arrivals = self.arrivals.clone();
                self.arrivals_left -= 1;
                let spec = &arrivals[self.arrivals_left];
                self.set_now(next);
                // A benchmark's clock times the arrival (`submitJob`), initialisations apart.
                let timed = self.cluster.init_clock.map(|clock| (clock, clock(), self.cluster.init_cpu_ms));
                let accepted = self.submit_arrival(spec, next);
                if accepted {
                    self.flush_events();
                }
                if let Some((clock, start, init_before)) = timed {
                    self.arrival_cpu_ms += clock() - start - (self.cluster.init_cpu_ms - init_before);
                }
                if !accepted {
                    return None;
                }
                continue;
            }
            if t_init == Some(next) && t_hb.is_none_or(|h| next < h) {
                self.set_now(next);
                continue;
            }
            if let Some(Reverse((t, ti))) = self.expiries.peek().copied().filter(|Reverse((t, _))| *t == next) {
                if t_hb.is_none_or(|h| t < h) {
                    self.expiry_pass(t, ti);
                    continue;
                }
            }
            let Reverse((t_hb, ti)) = self.heartbeats.pop().expect("the next event is a heartbeat");
            if !self.cluster.trackers[ti].is_live() {
                continue;
            }
            self.set_now(t_hb);
            self.settle_reduces(ti);
            let rec = self.heartbeat(ti);
            let mut next_t = t_hb + rec.next_interval_ms;
            if self.scenario.config.out_of_band_heartbeat {
                let t = &self.cluster.trackers[ti];
                if let Some(first_end) = t.running.iter().filter_map(|r| r.end_time).min() {
                    next_t = next_t.min(first_end.max(t_hb + 1));
                }
                // The tracker reports the kills it was told about as soon as they are done.
                if !rec.kills.is_empty() {
                    next_t = next_t.min(t_hb + 1);
                }
            }
            self.schedule_heartbeat(ti, next_t);
            return Some(rec);
        }
    }
}
