//! Job arrival and initialisation: `JobTracker.submitJob` (building the `JobInProgress`,
//! resolving split hosts) and `EagerTaskInitializationListener` (an init queue by priority
//! and start time, `mapred.jobinit.threads` jobs initialised at once).

use super::*;

impl Engine {
    /// Build a `JobInProgress` from its spec and submit it at `start`.
    pub(super) fn submit(&mut self, spec: &JobSpec, start: Millis) -> Result<(), Refusal> {
        let c = &self.scenario.config;
        let id = JobId(spec.id);
        if self.cluster.jobs.contains_key(&id) {
            return Err(Refusal::Config(format!("job {} submitted twice", spec.id)));
        }
        let map_dur = c.map_duration_ms;
        let maps: Vec<Tip> = match &spec.maps {
            MapsSpec::List(l) => l
                .iter()
                .enumerate()
                .map(|(i, m)| Tip::new(TaskType::Map, i as u32, m.locations.clone(), m.duration_ms.unwrap_or(map_dur)))
                .collect(),
            MapsSpec::Placed { count, replicas, duration_ms } => {
                let placement = self.placement.clone();
                (0..*count as u32)
                    .map(|i| {
                        let locs = placement.place(&mut self.rng, *replicas);
                        Tip::new(TaskType::Map, i, locs, duration_ms.unwrap_or(map_dur))
                    })
                    .collect()
            }
        };
        let red_dur = spec.reduce_duration_ms.unwrap_or(c.reduce_duration_ms);
        let reduces = (0..spec.reduces as u32).map(|i| Tip::new(TaskType::Reduce, i, vec![], red_dur)).collect();
        let job = Job {
            id,
            name: spec.name.clone().unwrap_or_else(|| format!("job{}", spec.id)),
            user: spec.user.clone(),
            queue: spec.queue.clone(),
            priority: spec.priority,
            start_time: start,
            state: RunState::Prep,
            inited: false,
            init_ms: spec.init_ms,
            init_time: None,
            locations_given: spec.locations_given,
            split_hosts: crate::model::job::split_hosts_of(&maps),
            maps: maps.into(),
            reduces,
            finished_maps: 0,
            finished_reduces: 0,
            over_finishes: [0; 2],
            failed_map_tips: 0,
            failed_reduce_tips: 0,
            running_maps: 0,
            running_reduces: 0,
            speculative_maps: 0,
            speculative_reduces: 0,
            completed_maps_for_reduce_slowstart: 0,
            conf: JobConf {
                speculative_maps: spec.speculative_maps.unwrap_or(c.speculative_maps),
                speculative_reduces: spec.speculative_reduces.unwrap_or(c.speculative_reduces),
                map_max_attempts: spec.limits.map_max_attempts.unwrap_or(c.map_max_attempts),
                reduce_max_attempts: spec.limits.reduce_max_attempts.unwrap_or(c.reduce_max_attempts),
                max_map_failures_percent: spec.limits.max_map_failures_percent.unwrap_or(c.max_map_failures_percent),
                max_reduce_failures_percent: spec
                    .limits
                    .max_reduce_failures_percent
                    .unwrap_or(c.max_reduce_failures_percent),
                max_tracker_failures: spec.limits.max_tracker_failures.unwrap_or(c.max_tracker_failures),
                slowstart: spec.slowstart.unwrap_or(c.slowstart),
                props: spec.conf.iter().cloned().collect(),
            },
            max_level: c.cache_levels,
            caches: Default::default(),
            tracker_failures: Default::default(),
            flaky_trackers: 0,
            counters: Counters::default(),
            map_progress: 0.0,
            reduce_progress: 0.0,
            maps_done_time: None,
            finish_time: None,
            num_scheduling_opportunities: 0,
            locality_wait_factor: 1.0,
            slots_per_map: 1,
            slots_per_reduce: 1,
            had_concurrent_attempts: [false; 2],
        };
        if let Err(message) = self.scheduler.check_admission(&self.cluster, &job) {
            let rejection = Rejection {
                job: spec.id,
                name: job.name.clone(),
                time_ms: start,
                message: message.message().to_string(),
            };
            std::sync::Arc::make_mut(&mut self.rejected).push(rejection);
            return Err(message);
        }
        // DataNode hosts listed in the topology get their rack when first resolved.
        for m in &job.maps {
            for h in m.locations.iter() {
                if self.cluster.topology.host_node(h).is_none() {
                    let rack = self.scenario.rack_of(h).to_string();
                    std::sync::Arc::make_mut(&mut self.cluster.topology)
                        .add_host(h, &rack, c.cache_levels)
                        .map_err(Refusal::Config)?;
                }
            }
        }
        self.cluster.submit(job);
        match spec.state {
            Some(RunState::Prep) => {}
            Some(RunState::Running) => self.cluster.init_job_as(id, true).map_err(Refusal::Config)?,
            Some(terminal) => {
                // Put there directly, as Hadoop's tests do: no state-change event.
                if let Some(j) = self.cluster.jobs.get_mut(&id) {
                    j.state = terminal;
                }
            }
            // The Capacity Scheduler's own poller initialises its jobs.
            None if self.scheduler.initializes_jobs() => {}
            None => self.enqueue_init(id),
        }
        Ok(())
    }

    /// `EagerTaskInitializationListener.jobAdded`: queue by priority, then start time.
    pub(super) fn enqueue_init(&mut self, id: JobId) {
        self.init_queue.push(id);
        let jobs = &self.cluster.jobs;
        crate::sort::sort_by_key(&mut self.init_queue, |j| (jobs[j].priority, jobs[j].start_time));
        self.start_inits();
    }

    /// Start queued initialisations while threads are free; finish those due by now.
    pub(super) fn start_inits(&mut self) {
        loop {
            let now = self.cluster.now;
            let mut done: Vec<JobId> = Vec::new();
            self.initializing.retain(|(t, j)| {
                if *t <= now {
                    done.push(*j);
                    false
                } else {
                    true
                }
            });
            for j in &done {
                let _ = self.cluster.init_job(*j);
            }
            let threads = self.scenario.config.jobinit_threads as usize;
            let mut started = false;
            while self.initializing.len() < threads && !self.init_queue.is_empty() {
                let j = self.init_queue.remove(0);
                let Some(job) = self.cluster.jobs.get(&j) else { continue };
                if job.state != RunState::Prep {
                    continue;
                }
                self.initializing.push((now + job.init_ms, j));
                started = true;
            }
            if done.is_empty() && !started {
                break;
            }
        }
        self.flush_events();
    }
}
