//! A Spark run's picture on the same grid: executors in place of TaskTrackers (grouped by the
//! rack resolver's racks, or under one "no rack" group without one), their cores as slots
//! holding the tasks running there (a task takes `spark.task.cpus` cores), and each task set
//! as a job chip (its stage's id; its tasks done and total; the hosts its tasks prefer). The
//! tasks' locality levels are drawn with Hadoop's three colours: PROCESS_LOCAL and NODE_LOCAL as
//! node-local, RACK_LOCAL as rack-local, ANY as off-rack, NO_PREF without a colour.

use super::{ClusterView, JobView, NodeView, RackView, SlotTask, TrackerState};
use crate::explain::{ClusterSize, Decision, HeartbeatRecord};
use crate::model::Locality;
use crate::sched::spark::SparkScheduler;
use crate::sched::spark::locality::TaskLocality;
use crate::sim::Engine;

/// The group of a host without a rack.
pub const NO_RACK: &str = "(no rack)";

/// Spark's level in Hadoop's colours.
pub fn hadoop_colour(l: TaskLocality) -> Option<Locality> {
    match l {
        TaskLocality::ProcessLocal | TaskLocality::NodeLocal => Some(Locality::Node),
        TaskLocality::RackLocal => Some(Locality::Rack),
        TaskLocality::Any => Some(Locality::OffSwitch),
        TaskLocality::NoPref => None,
    }
}

/// The executors in the order to draw them: the application's order in automatic mode
/// (with the ones still to come and the lost ones), else by id.
fn executors(e: &Engine, s: &SparkScheduler) -> Vec<(String, String, u32, TrackerState)> {
    let now = e.cluster.now;
    match &e.scenario.spark_app {
        Some(app) => app
            .executors
            .iter()
            .map(|x| {
                let state = match (s.executors.get(&x.id), x.lose_ms) {
                    (Some(_), _) => TrackerState::Live { joined_ms: (x.add_ms > 0).then_some(x.add_ms) },
                    (None, Some(l)) if l <= now => TrackerState::Lost { at_ms: l },
                    _ => TrackerState::NotJoined { at_ms: x.add_ms },
                };
                (x.id.clone(), x.host.clone(), x.cores, state)
            })
            .collect(),
        None => s
            .executors
            .ids()
            .map(|(id, x)| (id.clone(), x.host.clone(), x.cores, TrackerState::Live { joined_ms: None }))
            .collect(),
    }
}

pub fn build(e: &Engine, s: &SparkScheduler, last: Option<&HeartbeatRecord>) -> ClusterView {
    let cpus = s.settings.conf.task_cpus;
    let launched: Vec<(String, usize, String)> = match last.map(|r| &r.decision) {
        Some(Decision::Spark(d)) => {
            d.launches.iter().map(|l| (l.task_set.clone(), l.index, l.executor.clone())).collect()
        }
        _ => Vec::new(),
    };
    let many = s.task_sets.len() > 1;
    let mut racks: Vec<RackView> = Vec::new();
    let mut size = ClusterSize { trackers: 0, map_slots: 0, reduce_slots: 0 };
    for (id, host, cores, state) in executors(e, s) {
        let mut slots: Vec<Option<SlotTask>> = Vec::new();
        let mut used = 0;
        for m in &s.task_sets {
            for (i, t) in m.tasks.iter().enumerate() {
                for (x, _, level) in t.running_on.iter().filter(|(x, _, _)| *x == id) {
                    used += cpus;
                    slots.push(Some(SlotTask {
                        job: m.stage,
                        label: if many { format!("S{} t{i}", m.stage) } else { format!("t{i}") },
                        is_map: true,
                        index: i as u32,
                        attempt: 0,
                        locality: hadoop_colour(*level),
                        new_this_hb: launched.iter().any(|(ts, ix, ex)| *ts == m.name() && *ix == i && ex == x),
                        slots: cpus,
                        closing: None,
                        kill_sent: false,
                    }));
                }
            }
        }
        slots.extend((used..cores).map(|_| None));
        if matches!(state, TrackerState::Live { .. }) {
            size.trackers += 1;
            size.map_slots += cores;
        }
        let rack = s.executors.rack_for_host(&host).unwrap_or(NO_RACK).to_string();
        let node = NodeView { tracker: id, host, state, map_slots: slots, reduce_slots: Vec::new() };
        match racks.iter_mut().find(|r| r.name == rack) {
            Some(r) => r.nodes.push(node),
            None => racks.push(RackView { name: rack, nodes: vec![node], counted: super::RackCount::default() }),
        }
    }
    let jobs = s
        .task_sets
        .iter()
        .map(|m| {
            let mut hosts: Vec<String> =
                m.tasks.iter().flat_map(|t| t.locations.iter().map(|l| l.host().to_string())).collect();
            crate::sort::sort(&mut hosts);
            hosts.dedup();
            JobView {
                job: m.stage,
                label: m.name(),
                name: m.name(),
                state: if m.finished { "SUCCEEDED" } else { "RUNNING" },
                priority: "NORMAL",
                maps_done: m.tasks.iter().filter(|t| t.successful).count() as u32,
                maps_total: m.tasks.len() as u32,
                reduces_done: 0,
                reduces_total: 0,
                running: m.running_tasks,
                input_hosts: hosts.into(),
                queue: m.pool.clone(),
                user: String::new(),
            }
        })
        .collect();
    super::count_racks(&mut racks);
    ClusterView {
        hb: e.hb,
        time_ms: e.cluster.now,
        heartbeating: last.map(|r| r.tracker.clone()),
        size,
        expiry_ms: 0,
        jobs,
        rejected: Vec::new(),
        spark: true,
        counted: super::Counted::of(&racks),
        racks,
    }
}
