//! Trackers that come and go, mirroring `JobTracker.addNewTracker` (a tracker joins at its
//! first heartbeat: its host is resolved, its slots join the cluster's capacity), the
//! `ExpireTrackers` thread (`mapred.tasktracker.expiry.interval`: a tracker not heard from for
//! longer than that is lost) and `JobTracker.lostTaskTracker` / `removeTracker` (its running
//! attempts are killed and will run elsewhere, the map outputs it held for running jobs with
//! reduces are lost so those maps run again, each job that ran there counts one failure on
//! its host, and its slots leave the cluster).

use super::*;

/// A tracker event the schedulers may react to (the Capacity Scheduler cancels the lost
/// tracker's reservations: `TaskTracker.cancelAllReservations`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum TrackerEvent {
    Joined { tracker: String },
    Lost { tracker: String },
}

/// The cluster's size after a change (`ClusterStatus`: trackers, map and reduce capacity).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct ClusterSize {
    pub trackers: u32,
    pub map_slots: u32,
    pub reduce_slots: u32,
}

/// A change of the cluster between heartbeats, for the next heartbeat's record.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "change")]
pub enum TrackerChange {
    /// The tracker joined (its first heartbeat), or joined again after it was lost.
    Joined {
        tracker: String,
        host: String,
        rack: String,
        at_ms: Millis,
        map_slots: u32,
        reduce_slots: u32,
        rejoined: bool,
        after: ClusterSize,
    },
    /// The JobTracker declared the tracker lost.
    Lost {
        tracker: String,
        host: String,
        at_ms: Millis,
        /// Its last heartbeat (or when it joined, if it never heartbeated).
        last_seen_ms: Millis,
        /// `mapred.tasktracker.expiry.interval`; `None` when a step declared it lost directly.
        expiry_ms: Option<Millis>,
        map_slots: u32,
        reduce_slots: u32,
        /// Its running attempts, killed: their tasks run again elsewhere.
        killed: Vec<AttemptId>,
        /// Successful map attempts whose output was on it (jobs still running, with reduces):
        /// those maps run again.
        lost_outputs: Vec<AttemptId>,
        after: ClusterSize,
    },
}

impl Cluster {
    pub fn size(&self) -> ClusterSize {
        ClusterSize {
            trackers: self.live_trackers,
            map_slots: self.capacity_sum[0],
            reduce_slots: self.capacity_sum[1],
        }
    }

    /// `JobTracker.addNewTracker`: register a tracker, resolving its host. A tracker that was
    /// lost may join again (a restarted TaskTracker): it comes back empty.
    pub fn add_tracker(
        &mut self,
        name: &str,
        host: &str,
        location: &str,
        map_slots: u32,
        reduce_slots: u32,
    ) -> Result<usize, String> {
        let rejoin = match self.tracker_index(name) {
            Some(ti) if self.trackers[ti].is_live() => return Err(format!("tracker {name} is already registered")),
            Some(ti) if self.trackers[ti].host != host => {
                return Err(format!(
                    "tracker {name} ran on host {} before it was lost; expected the same host, found {host}",
                    self.trackers[ti].host
                ));
            }
            other => other,
        };
        let node = std::sync::Arc::make_mut(&mut self.topology).add_host(host, location, self.conf.cache_levels)?;
        let mut t = Tracker::new(name, host, node, map_slots, reduce_slots);
        t.joined_ms = self.now;
        let ti = match rejoin {
            Some(ti) => {
                self.trackers[ti] = t;
                ti
            }
            None => {
                self.trackers.push(t);
                let ti = self.trackers.len() - 1;
                std::sync::Arc::make_mut(&mut self.tracker_by_name).insert(name.to_string(), ti);
                ti
            }
        };
        self.capacity_sum[0] += map_slots;
        self.capacity_sum[1] += reduce_slots;
        self.live_trackers += 1;
        if !self.trackers.iter().enumerate().any(|(i, t)| i != ti && t.is_live() && t.host == host) {
            self.unique_hosts += 1;
        }
        self.tracker_events.push(TrackerEvent::Joined { tracker: name.to_string() });
        self.tracker_changes.push(TrackerChange::Joined {
            tracker: name.to_string(),
            host: host.to_string(),
            rack: self.topology.location_of(node).to_string(),
            at_ms: self.now,
            map_slots,
            reduce_slots,
            rejoined: rejoin.is_some(),
            after: self.size(),
        });
        Ok(ti)
    }

    /// `JobTracker.lostTaskTracker` then `removeTracker`: the tracker is gone. `expiry` is the
    /// interval that expired (`None`: declared lost directly by a step).
    pub fn lose_tracker(&mut self, ti: usize, expiry: Option<Millis>) {
        if !self.trackers[ti].is_live() {
            return;
        }
        let now = self.now;
        let (name, host) = (self.trackers[ti].name.clone(), self.trackers[ti].host.clone());
        let last_seen = self.trackers[ti].last_seen();
        // Its running attempts end KILLED (task clean-up is not modelled).
        let running: Vec<AttemptId> = self.trackers[ti].running.iter().map(|r| r.attempt).collect();
        let mut touched: Vec<JobId> = Vec::new();
        for &aid in &running {
            let _ = self.end_attempt(aid, AttemptEnd::Killed);
            touched.push(JobId(aid.job));
        }
        // Completed maps of jobs still running with reduces: their output is lost.
        let lost_outputs = self.reopen_maps_on(ti as u32);
        touched.extend(lost_outputs.iter().map(|a| JobId(a.job)));
        touched.sort_unstable();
        touched.dedup();
        // addTrackerTaskFailure for each job that had a task there (counted against the
        // cluster's size before the tracker leaves it).
        let cluster_size = self.num_task_trackers() as f64;
        for id in touched {
            if let Some(job) = self.jobs.get_mut(&id) {
                if !job.state.is_terminal() {
                    job.add_tracker_task_failure(&host, cluster_size);
                }
            }
        }
        let t = &mut self.trackers[ti];
        t.lost_ms = Some(now);
        let (ms, rs, rm, rr) = (t.max_map_slots, t.max_reduce_slots, t.reported_maps, t.reported_reduces);
        t.reported_maps = 0;
        t.reported_reduces = 0;
        self.capacity_sum[0] -= ms;
        self.capacity_sum[1] -= rs;
        self.reported_sum[0] -= rm;
        self.reported_sum[1] -= rr;
        self.live_trackers -= 1;
        if !self.trackers.iter().any(|t| t.is_live() && t.host == host) {
            self.unique_hosts -= 1;
        }
        self.tracker_events.push(TrackerEvent::Lost { tracker: name.clone() });
        self.tracker_changes.push(TrackerChange::Lost {
            tracker: name,
            host,
            at_ms: now,
            last_seen_ms: last_seen,
            expiry_ms: expiry,
            map_slots: ms,
            reduce_slots: rs,
            killed: running,
            lost_outputs,
            after: self.size(),
        });
    }

    /// One pass of the `ExpireTrackers` thread: every tracker not heard from for longer than
    /// `expiry` ms is lost. Returns their indexes.
    pub fn expire_trackers(&mut self, expiry: Millis) -> Vec<usize> {
        let now = self.now;
        let due: Vec<usize> = (0..self.trackers.len())
            .filter(|&ti| self.trackers[ti].is_live() && now - self.trackers[ti].last_seen() > expiry)
            .collect();
        for &ti in &due {
            self.lose_tracker(ti, Some(expiry));
        }
        due
    }

    /// `failedTask` for the successful attempt of each complete map whose output was on tracker
    /// `ti` (jobs RUNNING or PREP, with reduces): the TIP is complete no more (`completes--`),
    /// the attempt counts as killed, the map goes back to `failedMaps` and `finishedMapTasks`
    /// drops; the job's progress loses the TIP's share.
    fn reopen_maps_on(&mut self, ti: u32) -> Vec<AttemptId> {
        let mut out = Vec::new();
        let ids: Vec<JobId> = self
            .jobs
            .values()
            .filter(|j| !j.state.is_terminal() && j.num_reduces() > 0 && j.finished_maps > 0)
            .filter(|j| j.maps.iter().any(|t| t.complete && t.success.is_some_and(|s| s.tracker == ti)))
            .map(|j| j.id)
            .collect();
        for id in ids {
            let job = self.jobs.get_mut(&id).expect("listed");
            let n = job.maps.len();
            let lost: Vec<(u32, u32)> = job
                .maps
                .iter()
                .filter_map(|t| t.success.filter(|s| t.complete && s.tracker == ti).map(|s| (t.index, s.attempt)))
                .collect();
            for (i, attempt) in lost {
                let tip = &mut job.maps[i as usize];
                tip.complete = false;
                tip.success = None;
                tip.finish_time = None;
                tip.num_killed += 1;
                let new = tip.progress();
                out.push(AttemptId { job: id.0, kind: TaskType::Map, index: i, attempt });
                job.finished_maps -= 1;
                self.changed_jobs.note(id);
                job.fail_map(i);
                job.add_progress(TaskType::Map, new as f64 - 1.0, n);
                job.maps_done_time = None;
            }
        }
        out
    }
}
