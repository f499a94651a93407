//! A render-ready picture of the cluster at one heartbeat: racks, nodes, slots. The page and
//! exports draw this; it holds no simulation logic.

pub mod spark;

use super::Engine;
use crate::explain::{ClusterSize, HeartbeatRecord, KillReason};
use crate::model::{AttemptId, JobId, Locality, Millis, TaskType};
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SlotTask {
    pub job: u32,
    /// Short label, e.g. `J1 m0`.
    pub label: String,
    pub is_map: bool,
    pub index: u32,
    pub attempt: u32,
    pub locality: Option<Locality>,
    /// Launched in the heartbeat being shown.
    pub new_this_hb: bool,
    /// Slots it takes (more than 1 for a high-memory task); drawn across them.
    pub slots: u32,
    /// The JobTracker is closing this attempt (twin succeeded, job over, preempted): why, and
    /// whether its tracker was already told (it reports the kill at its next heartbeat).
    pub closing: Option<KillReason>,
    pub kill_sent: bool,
}

/// Whether the JobTracker counts a tracker, and since when (`JobTracker.taskTrackers`).
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "state")]
pub enum TrackerState {
    /// Heartbeating; `joined_ms` when it joined after the start of the run.
    Live { joined_ms: Option<Millis> },
    /// It stopped heartbeating (automatic mode, `silent_ms`) after its heartbeat at `since_ms`;
    /// the JobTracker still counts it until the expiry thread declares it lost, at `lost_at_ms`.
    Silent { since_ms: Millis, lost_at_ms: Millis },
    /// Declared lost at `at_ms`: its slots have left the cluster (it may join again).
    Lost { at_ms: Millis },
    /// Joins the cluster later (automatic mode, `join_ms`): not counted yet.
    NotJoined { at_ms: Millis },
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct NodeView {
    pub tracker: String,
    pub host: String,
    /// Running tasks in launch order, then one `None` per free slot: a task taking `k`
    /// slots is one entry, so the slots add up to the tracker's map slots.
    /// Written into the node object: `state` (`live`, `silent`, `lost`, `not_joined`) and
    /// its times.
    #[serde(flatten)]
    pub state: TrackerState,
    pub map_slots: Vec<Option<SlotTask>>,
    pub reduce_slots: Vec<Option<SlotTask>>,
}

impl NodeView {
    /// The node with `pending` not launched yet: each of those tasks' entries becomes free
    /// slots again (as many as it takes), after the running ones as everywhere.
    fn without(&self, pending: &[AttemptId]) -> NodeView {
        let strip = |list: &[Option<SlotTask>]| {
            let mut kept: Vec<Option<SlotTask>> = Vec::with_capacity(list.len());
            let mut freed = 0;
            for e in list {
                match e {
                    Some(t)
                        if pending.iter().any(|a| {
                            a.job == t.job
                                && a.index == t.index
                                && a.attempt == t.attempt
                                && (a.kind == TaskType::Map) == t.is_map
                        }) =>
                    {
                        freed += t.slots as usize
                    }
                    Some(_) => kept.push(e.clone()),
                    None => {}
                }
            }
            let free = list.iter().filter(|e| e.is_none()).count() + freed;
            kept.extend(std::iter::repeat_n(None, free));
            kept
        };
        NodeView { map_slots: strip(&self.map_slots), reduce_slots: strip(&self.reduce_slots), ..self.clone() }
    }

    /// Slots of a list (`map_slots` or `reduce_slots`): (occupied, total).
    pub fn slot_counts(list: &[Option<SlotTask>]) -> (u32, u32) {
        let busy: u32 = list.iter().flatten().map(|t| t.slots).sum();
        (busy, busy + list.iter().filter(|s| s.is_none()).count() as u32)
    }
}

impl ClusterView {
    /// The cluster part-way through the shown heartbeat (slow motion, `explain::visit`): the
    /// after-state with the attempts in `pending` (launched later in the heartbeat) not yet
    /// launched.
    pub fn before_launches(&self, pending: &[AttemptId]) -> ClusterView {
        if pending.is_empty() {
            return self.clone();
        }
        let mut racks = self
            .racks
            .iter()
            .map(|r| RackView {
                name: r.name.clone(),
                nodes: r.nodes.iter().map(|n| n.without(pending)).collect::<Vec<_>>(),
                counted: RackCount::default(),
            })
            .collect::<Vec<_>>();
        count_racks(&mut racks);
        ClusterView { counted: Counted::of(&racks), racks, ..self.clone() }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RackView {
    pub name: String,
    pub nodes: Vec<NodeView>,
    /// Its slots, occupied and in all (every tracker drawn in it), set by [`count_racks`].
    pub counted: RackCount,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct RackCount {
    pub busy: u32,
    pub slots: u32,
}

/// Each rack's [`RackCount`], from its nodes.
pub fn count_racks(racks: &mut [RackView]) {
    for r in racks {
        r.counted = RackCount::default();
        for n in &r.nodes {
            for list in [&n.map_slots, &n.reduce_slots] {
                let (b, t) = NodeView::slot_counts(list);
                r.counted.busy += b;
                r.counted.slots += t;
            }
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobView {
    pub job: u32,
    /// How the page names it: `J1` (a Hadoop job), `TaskSet_0.0` (a Spark task set).
    pub label: String,
    pub name: String,
    pub state: &'static str,
    pub priority: &'static str,
    pub maps_done: u32,
    pub maps_total: u32,
    pub reduces_done: u32,
    pub reduces_total: u32,
    pub running: u32,
    /// Hosts holding this job's input blocks (shared with the job, sorted).
    pub input_hosts: std::sync::Arc<[String]>,
    /// The queue (Capacity) or job queue name it was submitted to, and its user.
    pub queue: String,
    pub user: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ClusterView {
    pub hb: u64,
    pub time_ms: Millis,
    pub heartbeating: Option<String>,
    /// The cluster as the JobTracker counts it (live trackers, their slots).
    pub size: ClusterSize,
    /// `mapred.tasktracker.expiry.interval`.
    pub expiry_ms: Millis,
    pub racks: Vec<RackView>,
    pub jobs: Vec<JobView>,
    /// Submissions the scheduler refused so far.
    pub rejected: Vec<super::Rejection>,
    /// A Spark run: the nodes are executors, their map slots its cores (no reduce slots).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub spark: bool,
    /// What the stage's header counts, from `racks`.
    pub counted: Counted,
}

/// The grid as the stage's header counts it: its racks, the trackers the JobTracker counts
/// (lost and not-yet-joined ones are out) and their slots, occupied and in all.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
pub struct Counted {
    pub racks: u32,
    pub trackers: u32,
    pub map_busy: u32,
    pub map_slots: u32,
    pub reduce_busy: u32,
    pub reduce_slots: u32,
}

impl Counted {
    pub fn of(racks: &[RackView]) -> Counted {
        let mut c = Counted { racks: racks.len() as u32, ..Counted::default() };
        for n in racks.iter().flat_map(|r| &r.nodes) {
            if matches!(n.state, TrackerState::Lost { .. } | TrackerState::NotJoined { .. }) {
                continue;
            }
            let (mb, mt) = NodeView::slot_counts(&n.map_slots);
            let (rb, rt) = NodeView::slot_counts(&n.reduce_slots);
            c.trackers += 1;
            c.map_busy += mb;
            c.map_slots += mt;
            c.reduce_busy += rb;
            c.reduce_slots += rt;
        }
        c
    }
}

pub fn build(e: &Engine, last: Option<&HeartbeatRecord>) -> ClusterView {
    if let crate::sched::Scheduler::Spark(s) = &e.scheduler {
        return spark::build(e, s, last);
    }
    let c = &e.cluster;
    let mut racks: Vec<RackView> = Vec::new();
    // Racks in first-seen order, found by name.
    let mut rack_ix: std::collections::HashMap<&str, usize> = std::collections::HashMap::new();
    for (ti, t) in c.trackers.iter().enumerate() {
        let rack = c.topology.location_of(t.node);
        let mut maps: Vec<Option<SlotTask>> = Vec::new();
        let mut reds: Vec<Option<SlotTask>> = Vec::new();
        let (mut mi, mut ri) = (0u32, 0u32);
        for r in &t.running {
            let a = r.attempt;
            let job = &c.jobs[&JobId(a.job)];
            let tip = &job.tips(a.kind)[a.index as usize];
            let level = tip.active.iter().find(|x| x.attempt == a.attempt).and_then(|x| x.level);
            let new = last.is_some_and(|rec| rec.tracker == t.name && rec.assigned.iter().any(|x| x.attempt_id() == a));
            let st = SlotTask {
                job: a.job,
                label: format!("J{} {}{}", a.job, a.kind.letter(), a.index),
                is_map: a.kind == TaskType::Map,
                index: a.index,
                attempt: a.attempt,
                locality: level.map(|l| crate::model::cluster::classify(l, c.conf.nodegroup_aware)),
                new_this_hb: new,
                slots: r.slots.max(1),
                closing: r.kill_sent.or_else(|| c.close_reason(r)),
                kill_sent: r.kill_sent.is_some(),
            };
            match a.kind {
                TaskType::Map if mi < t.max_map_slots => {
                    mi += st.slots;
                    maps.push(Some(st));
                }
                TaskType::Reduce if ri < t.max_reduce_slots => {
                    ri += st.slots;
                    reds.push(Some(st));
                }
                _ => {}
            }
        }
        maps.extend((mi..t.max_map_slots).map(|_| None));
        reds.extend((ri..t.max_reduce_slots).map(|_| None));
        let state = tracker_state(e, ti);
        let node =
            NodeView { tracker: t.name.clone(), host: t.host.clone(), state, map_slots: maps, reduce_slots: reds };
        match rack_ix.get(rack) {
            Some(&i) => racks[i].nodes.push(node),
            None => {
                rack_ix.insert(rack, racks.len());
                racks.push(RackView { name: rack.to_string(), nodes: vec![node], counted: RackCount::default() });
            }
        }
    }
    // Trackers that join later (automatic mode), drawn empty in their rack.
    for &(at, i) in e.joins.iter().rev() {
        let t = &e.scenario.trackers[i];
        let node = NodeView {
            tracker: t.name.clone(),
            host: t.host.clone(),
            state: TrackerState::NotJoined { at_ms: at },
            map_slots: vec![None; t.map_slots as usize],
            reduce_slots: vec![None; t.reduce_slots as usize],
        };
        match rack_ix.get(t.rack.as_str()) {
            Some(&r) => racks[r].nodes.push(node),
            None => {
                rack_ix.insert(t.rack.as_str(), racks.len());
                racks.push(RackView { name: t.rack.clone(), nodes: vec![node], counted: RackCount::default() });
            }
        }
    }
    count_racks(&mut racks);
    let jobs = c
        .jobs
        .values()
        .map(|j| JobView {
            job: j.id.0,
            label: format!("J{}", j.id.0),
            name: j.name.clone(),
            state: j.state.as_str(),
            priority: j.priority.as_str(),
            maps_done: j.finished_maps,
            maps_total: j.num_maps(),
            reduces_done: j.finished_reduces,
            reduces_total: j.num_reduces(),
            running: j.running_maps + j.running_reduces,
            input_hosts: j.split_hosts.clone(),
            queue: j.queue.clone(),
            user: j.user.clone(),
        })
        .collect();
    ClusterView {
        hb: e.hb,
        time_ms: c.now,
        heartbeating: last.map(|r| r.tracker.clone()),
        size: c.size(),
        expiry_ms: e.scenario.config.tracker_expiry_ms,
        jobs,
        rejected: e.rejected.to_vec(),
        spark: false,
        counted: Counted::of(&racks),
        racks,
    }
}

/// Tracker `ti` as the page draws it.
fn tracker_state(e: &Engine, ti: usize) -> TrackerState {
    let t = &e.cluster.trackers[ti];
    if let Some(at) = t.lost_ms {
        return TrackerState::Lost { at_ms: at };
    }
    let silent = e.silent_at.get(ti).copied().flatten();
    if silent.is_some_and(|s| s <= e.cluster.now) && e.auto_started {
        let since = t.last_seen();
        return TrackerState::Silent { since_ms: since, lost_at_ms: e.expiry_pass_after(since) };
    }
    TrackerState::Live { joined_ms: (t.joined_ms > 0).then_some(t.joined_ms) }
}
