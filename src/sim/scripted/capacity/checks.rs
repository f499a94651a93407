//! Evaluating the Capacity harness's checks (`scenario::steps::capacity::CapacityCheck`), the
//! assertions of `TestCapacityScheduler`
//! (`src/contrib/capacity-scheduler/src/test/org/apache/hadoop/mapred/TestCapacityScheduler.java`).

use super::queue;
use crate::model::{Cluster, JobId, TaskType};
use crate::scenario::steps::capacity::{CapacityCheck, JobListName};
use crate::sched::capacity::queue::{CapacitySchedulerQueue, JobList};
use crate::sched::capacity::{CapacityTaskScheduler, conf, display, memory};

fn check<T: PartialEq + std::fmt::Debug>(what: &str, want: T, got: T) -> Result<(), String> {
    if want == got { Ok(()) } else { Err(format!("{what}: expected {want:?}, got {got:?}")) }
}

fn list_of(q: &CapacitySchedulerQueue, name: JobListName) -> &JobList {
    match name {
        JobListName::Waiting => &q.waiting,
        JobListName::Initializing => &q.initializing,
        JobListName::Running => &q.running,
    }
}

/// Evaluate one check.
pub(super) fn run(sc: &mut CapacityTaskScheduler, cluster: &mut Cluster, c: &CapacityCheck) -> Result<(), String> {
    match c {
        CapacityCheck::Used { queue: q, kind: k, text } => {
            sc.refresh(cluster);
            let q = queue(sc, q)?;
            let u = q.usage(*k);
            let got = format!(
                "Used capacity: {} ({}% of Capacity)",
                u.num_slots_occupied,
                display::pct(u.num_slots_occupied, u.capacity)
            );
            check(&format!("{} {} used capacity", q.name, k.as_str()), text.clone(), got)
        }
        CapacityCheck::Capacity { queue: q, kind: k, slots } => {
            let q = queue(sc, q)?;
            check(&format!("{} {} capacity in slots", q.name, k.as_str()), *slots, q.usage(*k).capacity as i64)
        }
        CapacityCheck::Info { queue: q, lines } => {
            let q = queue(sc, q)?;
            let got = display::queue_info_lines(q);
            if *lines == got {
                Ok(())
            } else {
                Err(format!(
                    "scheduling info of {}:\nexpected:\n  {}\ngot:\n  {}",
                    q.name,
                    lines.join("\n  "),
                    got.join("\n  ")
                ))
            }
        }
        CapacityCheck::InfoLines { queue: q, count, at } => {
            let q = queue(sc, q)?;
            let got = display::queue_info_lines(q);
            let mut bad = Vec::new();
            if let Some(c) = count {
                if *c as usize != got.len() {
                    bad.push(format!("expected {c} lines, got {}", got.len()));
                }
            }
            for (i, want) in at {
                let line = i.parse::<usize>().ok().and_then(|i| got.get(i));
                if line.map(String::as_str) != want.as_str() {
                    bad.push(format!("line {i}: expected {want}, got {:?}", line));
                }
            }
            if bad.is_empty() {
                Ok(())
            } else {
                Err(format!("scheduling info of {}: {}\n  {}", q.name, bad.join("; "), got.join("\n  ")))
            }
        }
        CapacityCheck::SchedInfo { job, text, values } => {
            let id = JobId(*job);
            let got = sc.jobs.get(&id).and_then(|i| i.sched_info).unwrap_or([0; 6]);
            if let Some(t) = text {
                check(&format!("J{} scheduling info", id.0), t.clone(), display::job_sched_info(got))?;
            }
            match values {
                Some(want) => check(
                    &format!(
                        "J{} scheduling info (running maps, map slots, reserved, running reduces, reduce slots, reserved)",
                        id.0
                    ),
                    want.clone(),
                    got.to_vec(),
                ),
                None => Ok(()),
            }
        }
        CapacityCheck::Mem { tracker: t, map_mb, reduce_mb, map_avail, reduce_avail } => {
            let ti = cluster.tracker_index(t).ok_or_else(|| format!("no tracker {t}"))?;
            let tr = &cluster.trackers[ti];
            let mem = &sc.sched.memory;
            let m = memory::mem_reserved_for_tasks(mem, tr, TaskType::Map, *map_avail);
            let r = memory::mem_reserved_for_tasks(mem, tr, TaskType::Reduce, *reduce_avail);
            check(&format!("memory reserved for tasks on {t} (map MB, reduce MB)"), (*map_mb, *reduce_mb), (m, r))
        }
        CapacityCheck::QueueOrder { kind: k, order } => {
            let got = if *k == TaskType::Map { sc.map_order.clone() } else { sc.reduce_order.clone() };
            check(&format!("{} queue order", k.as_str()), order.clone(), got)
        }
        CapacityCheck::JobOrder { queue: q, list, jobs } => {
            let q = queue(sc, q)?;
            let l = list_of(q, *list);
            check(&format!("{} {} list", q.name, list.as_str()), jobs.clone(), l.ids().iter().map(|j| j.0).collect())
        }
        CapacityCheck::Count { queue: q, list, value } => {
            let q = queue(sc, q)?;
            let l = list_of(q, *list);
            check(&format!("{} {} list size", q.name, list.as_str()), *value, l.len() as i64)
        }
        CapacityCheck::InList { job, lists } => {
            let id = JobId(*job);
            let mut bad = Vec::new();
            for q in sc.queues.values() {
                if !(q.waiting.contains(id) || q.initializing.contains(id) || q.running.contains(id))
                    && cluster.jobs.get(&id).is_none_or(|j| j.queue != q.name)
                {
                    continue;
                }
                for (name, want) in lists {
                    let got = list_of(q, *name).contains(id);
                    if got != *want {
                        bad.push(format!(
                            "J{} {} the {} list of {}",
                            id.0,
                            if *want { "should be in" } else { "should not be in" },
                            name.as_str(),
                            q.name
                        ));
                    }
                }
            }
            if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) }
        }
        CapacityCheck::Initialized { jobs } => {
            check("initialised jobs", jobs.clone(), sc.initialized.iter().map(|j| j.0).collect())
        }
        CapacityCheck::InitializedCount { value } => {
            check("number of initialised jobs", *value, sc.initialized.len() as i64)
        }
        CapacityCheck::InitializedHas { jobs, contains } => {
            let bad: Vec<u32> =
                jobs.iter().copied().filter(|j| sc.initialized.contains(&JobId(*j)) != *contains).collect();
            if bad.is_empty() {
                Ok(())
            } else {
                Err(format!(
                    "initialised jobs {:?} should {}contain {bad:?}",
                    sc.initialized.iter().map(|j| j.0).collect::<Vec<_>>(),
                    if *contains { "" } else { "not " }
                ))
            }
        }
        CapacityCheck::Reserved { tracker: t, kind: k, job } => {
            let got = sc.reservations.get(t, *k).map(|r| r.job.0 as i64);
            check(&format!("job holding {t}'s {} reservation", k.as_str()), *job, got)
        }
        CapacityCheck::ReservedCount { job, kind: k, value } => {
            let id = JobId(*job);
            let got = sc.jobs.get(&id).map(|i| i.reserved_count(*k)).unwrap_or(0) as i64;
            check(&format!("J{} reserved trackers for {}s", id.0, k.as_str()), *value, got)
        }
        CapacityCheck::GetJobs { queue: q, jobs } => {
            let q = queue(sc, q)?;
            let mut got: Vec<u32> = q
                .initializing
                .ids()
                .into_iter()
                .chain(q.running.ids())
                .chain(q.waiting.ids().into_iter().filter(|j| !q.running.contains(*j)))
                .map(|j| j.0)
                .collect();
            got.sort_unstable();
            got.dedup();
            let mut want = jobs.clone();
            want.sort_unstable();
            check(&format!("getJobs({})", q.name), want, got)
        }
        CapacityCheck::Pending { job, maps, reduces } => {
            let id = JobId(*job);
            let j = cluster.jobs.get(&id).ok_or_else(|| format!("no job {}", id.0))?;
            check(
                &format!("J{} pending (maps, reduces)", id.0),
                (*maps, *reduces),
                (j.pending_maps(), j.pending_reduces()),
            )
        }
        CapacityCheck::StartError { error: want } => match &sc.start_error {
            None => Err(format!("expected the scheduler to fail to start with {want:?}, but it started")),
            Some(e) if e == want || conf::bare_message(e) == want => Ok(()),
            Some(e) => Err(format!("start error: expected {want:?}, got {:?}", conf::bare_message(e))),
        },
        CapacityCheck::Config { set, values } => {
            let mut p = sc.setup.props.clone();
            for (k, v) in set {
                p.set(k, v);
            }
            let m = conf::memory_conf(&p);
            let mut bad = Vec::new();
            for (k, want) in values {
                let got = match *k {
                    "limit_max_map_mb" => m.max_map_mb,
                    "limit_max_reduce_mb" => m.max_reduce_mb,
                    "map_slot_mb" => m.map_slot_mb,
                    _ => m.reduce_slot_mb,
                };
                if *want != got {
                    bad.push(format!("{k}: expected {want}, got {got}"));
                }
            }
            if bad.is_empty() { Ok(()) } else { Err(bad.join("; ")) }
        }
        CapacityCheck::JobState { job, state, is } => {
            let id = JobId(*job);
            let got = cluster.jobs.get(&id).map(|j| j.state).ok_or_else(|| format!("no job {}", id.0))?;
            if (got == *state) == *is { Ok(()) } else { Err(format!("J{} is {}", id.0, got.as_str())) }
        }
    }
}
