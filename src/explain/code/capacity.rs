//! The code view of the Capacity Scheduler: `QueueComparator.compare`, and for one job
//! `CapacitySchedulerQueue.assignSlotsToJob` (maximum capacity, the user limit) and
//! `MapSchedulingMgr.obtainNewTask` with `JobInProgress.scheduleOffSwitch`, from a Capacity
//! heartbeat's decision record.

use super::*;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict};
use crate::sched::capacity::queue::LimitCalc;

pub(super) fn comparator(d: &CapacityDecision) -> Option<CodeView> {
    // The map sort when the heartbeat had one, else the reduce sort; the type says which (the
    // stage's lanes are the map queues).
    let (kind, l) = match d.map.lookups.first() {
        Some(l) => ("MAP", l),
        None => ("REDUCE", d.reduce.lookups.first()?),
    };
    let mut t = Vec::new();
    if l.order.iter().any(|q| q.capacity == 0) {
        t.push("cap_zero");
    }
    if l.order.windows(2).any(|w| w[0].ratio == w[1].ratio) {
        t.push("tie");
    }
    let vars = std::iter::once(var("type", kind))
        .chain(l.order.iter().map(|q| var(&q.queue, format!("{} / {} = {:.2}", q.used, q.capacity, q.ratio))))
        .collect();
    Some(view(&CAP_COMPARATOR, None, t, vars))
}

fn visits(d: &CapacityDecision) -> impl Iterator<Item = (&str, &crate::sched::capacity::decision::JobVisit)> {
    [&d.map, &d.reduce]
        .into_iter()
        .flat_map(|p| &p.lookups)
        .flat_map(|l| &l.queues)
        .flat_map(|q| q.jobs.iter().map(move |j| (q.queue.as_str(), j)))
}

pub(super) fn first_capacity_job(d: &CapacityDecision, queue: Option<&str>) -> Option<u32> {
    visits(d).find(|(q, _)| queue.is_none_or(|x| x == *q)).map(|(_, j)| j.job)
}

fn limit_vars(c: &LimitCalc) -> Vec<Var> {
    vec![
        var("n", c.slots),
        var("queueCapacity", c.queue_capacity),
        var("currentCapacity", c.current_capacity),
        var("activeUsers", c.active_users),
        var("limit", c.limit),
        var("occupiedByUser[user]", c.user_holds),
    ]
}

/// `assignSlotsToJob` and `obtainNewTask`/`scheduleOffSwitch` for `job`'s first visit.
pub(super) fn capacity_job(d: &CapacityDecision, job: u32) -> Vec<CodeView> {
    let mut out = Vec::new();
    let Some((queue, v)) = visits(d).find(|(_, v)| v.job == job && !matches!(v.verdict, JobVerdict::NotRunning { .. }))
    else {
        return out;
    };
    let subject = Some(format!("J{job} ({queue}, {})", v.user));
    match &v.verdict {
        JobVerdict::MaxCapacity { used, slots, max } => out.push(view(
            &CAP_SLOTS_TO_JOB,
            subject.clone(),
            vec!["max_capacity"],
            vec![var("n", slots), var("occupied", used), var("maximumCapacity", max)],
        )),
        JobVerdict::UserLimit { user, calc } => {
            let mut vars = limit_vars(calc);
            vars.insert(0, var("user", user));
            out.push(view(&CAP_SLOTS_TO_JOB, subject.clone(), vec!["limit", "user_limit"], vars));
        }
        JobVerdict::Assigned { user_limit: Some(calc), .. } => {
            out.push(view(&CAP_SLOTS_TO_JOB, subject.clone(), vec!["limit", "ok"], limit_vars(calc)))
        }
        _ => {}
    }
    let off = match &v.verdict {
        JobVerdict::Assigned { off_switch: false, task, .. } => Some((vec!["local"], vec![var("task", task)])),
        JobVerdict::Assigned { off_switch: true, task, .. } => {
            Some((vec!["try_off_switch", "off_switch"], vec![var("task", task)]))
        }
        JobVerdict::LocalityWait { opportunities, required_slots, factor } => Some((
            vec!["wait"],
            vec![
                var("numSchedulingOpportunities", opportunities),
                var("requiredSlots", required_slots),
                var("localityWaitFactor", factor),
                var("requiredSlots × localityWaitFactor", format!("{:.2}", *required_slots as f32 * factor)),
            ],
        )),
        JobVerdict::OffSwitchUsed => Some((vec!["off_switch_used"], vec![])),
        _ => None,
    };
    if let Some((t, vars)) = off {
        out.push(view(&CAP_OFF_SWITCH, subject, t, vars));
    }
    out
}
