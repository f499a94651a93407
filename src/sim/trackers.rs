//! Trackers that come and go, on the engine's clock: a tracker of the scenario with `join_ms`
//! joins then (its first heartbeat, `JobTracker.addNewTracker`); one with `silent_ms` stops
//! heartbeating then, and the `ExpireTrackers` thread, which wakes every third of
//! `mapred.tasktracker.expiry.interval` from the JobTracker's start, declares it lost at its
//! first pass more than one interval after the tracker was last seen. Scripted steps
//! (`add_tracker`, `lose_tracker`, `expire_trackers`) use the same calls.

use super::*;

impl Engine {
    /// The `ExpireTrackers` pass that loses a tracker last seen at `last_seen` and silent
    /// since: the first multiple of a third of the interval more than one interval later.
    pub(super) fn expiry_pass_after(&self, last_seen: Millis) -> Millis {
        let expiry = self.scenario.config.tracker_expiry_ms;
        let step = (expiry / 3).max(1);
        ((last_seen + expiry) / step + 1) * step
    }

    /// `lostTaskTracker`: the tracker is gone; reduces whose job lost map outputs wait again
    /// for its last map (automatic mode).
    pub(super) fn lose_tracker(&mut self, ti: usize, expiry: Option<Millis>) {
        self.cluster.lose_tracker(ti, expiry);
        let now = self.cluster.now;
        let waiting: Vec<(usize, usize)> = (0..self.cluster.trackers.len())
            .flat_map(|t| {
                let c = &self.cluster;
                c.trackers[t]
                    .running
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| {
                        r.attempt.kind == TaskType::Reduce
                            && r.end_time.is_some_and(|e| e > now)
                            && c.jobs.get(&JobId(r.attempt.job)).is_some_and(|j| j.maps_done_time.is_none())
                    })
                    .map(move |(i, _)| (t, i))
                    .collect::<Vec<_>>()
            })
            .collect();
        for (t, i) in waiting {
            self.cluster.trackers[t].running[i].end_time = None;
        }
        self.flush_events();
    }

    /// One `ExpireTrackers` pass now.
    pub(super) fn expire_trackers(&mut self) {
        let expiry = self.scenario.config.tracker_expiry_ms;
        let now = self.cluster.now;
        let due: Vec<usize> = (0..self.cluster.trackers.len())
            .filter(|&ti| self.cluster.trackers[ti].is_live() && now - self.cluster.trackers[ti].last_seen() > expiry)
            .collect();
        for ti in due {
            self.lose_tracker(ti, Some(expiry));
        }
    }

    /// The next tracker to join: (time, index in `scenario.trackers`).
    pub(super) fn next_join(&self) -> Option<(Millis, usize)> {
        self.joins.last().copied()
    }

    /// Automatic mode: tracker `i` of the scenario joins now, and heartbeats at once.
    pub(super) fn join(&mut self, i: usize) {
        self.joins.pop();
        let spec = self.scenario.trackers[i].clone();
        match self.cluster.add_tracker(&spec.name, &spec.host, &spec.rack, spec.map_slots, spec.reduce_slots) {
            Ok(ti) => {
                if self.silent_at.len() <= ti {
                    self.silent_at.resize(ti + 1, None);
                }
                self.silent_at[ti] = spec.silent_ms;
                self.schedule_heartbeat(ti, self.cluster.now);
            }
            Err(e) => self.stop(format!("$.trackers[{i}]"), e),
        }
        self.flush_events();
    }

    /// Automatic mode: tracker `ti`'s next heartbeat at `at`, unless it has gone silent by
    /// then; a silent tracker gets the expiry pass that will lose it.
    pub(super) fn schedule_heartbeat(&mut self, ti: usize, at: Millis) {
        let silent = self.silent_at.get(ti).copied().flatten();
        if silent.is_some_and(|s| at >= s) {
            let pass = self.expiry_pass_after(self.cluster.trackers[ti].last_seen());
            self.expiries.push(Reverse((pass, ti)));
            return;
        }
        // An interval longer than the expiry interval loses the tracker before it heartbeats.
        let pass = self.expiry_pass_after(self.cluster.trackers[ti].last_seen());
        if pass < at {
            self.expiries.push(Reverse((pass, ti)));
        }
        self.heartbeats.push(Reverse((at, ti)));
    }

    /// Automatic mode: the expiry pass due at `at` for tracker `ti`.
    pub(super) fn expiry_pass(&mut self, at: Millis, ti: usize) {
        self.expiries.pop();
        self.set_now(at);
        let expiry = self.scenario.config.tracker_expiry_ms;
        let t = &self.cluster.trackers[ti];
        if t.is_live() && at - t.last_seen() > expiry {
            self.lose_tracker(ti, Some(expiry));
        }
    }
}
