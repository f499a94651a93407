//! The Capacity Scheduler's visits (`CapacityTaskScheduler.assignTasks`, each phase a run of
//! `TaskSchedulingMgr.assignTasks` lookups): the queues sorted for each lookup by
//! `QueueComparator` with their used/capacity, the reservation check, each queue at its
//! maximum capacity, each job asked with the check it met (maximum capacity, the user limit,
//! memory, the locality wait, the off-switch limit) and why the phase ended.

use super::{CodeAt, Seq, Step};
use crate::explain::code_listings::{CAP_COMPARATOR, CAP_OFF_SWITCH, CAP_SLOTS_TO_JOB};
use crate::model::TaskType;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict, JobVisit, LookupResult, Phase};

pub(super) fn visits(d: &CapacityDecision, s: &mut Seq) {
    let mut launched = 0usize;
    for (phase, kind) in [(&d.map, TaskType::Map), (&d.reduce, TaskType::Reduce)] {
        lookups(phase, kind, &mut launched, s);
    }
}

fn lookups(p: &Phase, kind: TaskType, launched: &mut usize, s: &mut Seq) {
    let k = Some(kind);
    for l in &p.lookups {
        let gives = matches!(l.result, LookupResult::Local { .. } | LookupResult::OffSwitch { .. });
        let index = gives.then_some(*launched);
        if let Some(r) = &l.reservation {
            s.push(k, Step::CapacityReservation { reservation: r.clone() }, index, None);
        } else {
            s.push(
                k,
                Step::CapacityOrder { available: l.available, order: l.order.clone() },
                None,
                CodeAt::at(&CAP_COMPARATOR, "", ""),
            );
        }
        let last_q = l.queues.len().saturating_sub(1);
        for (qi, q) in l.queues.iter().enumerate() {
            let standing = l.order.iter().find(|x| x.queue == q.queue).cloned();
            if q.at_max_capacity {
                s.push(
                    k,
                    Step::CapacityQueueMax { queue: q.queue.clone(), standing },
                    None,
                    CodeAt::at(&CAP_SLOTS_TO_JOB, "max_capacity", ""),
                );
                continue;
            }
            // The walk's last job (the one that ended the lookup) is listed after the
            // unlisted ones; every other listed job came before them.
            let ends = qi == last_q && !matches!(l.result, LookupResult::NoTask) && !q.jobs.is_empty();
            let split = if ends && q.unlisted > 0 { q.jobs.len() - 1 } else { q.jobs.len() };
            let job = |s: &mut Seq, v: &JobVisit| {
                let launch = if matches!(v.verdict, JobVerdict::Assigned { .. }) { index } else { None };
                let step = Step::CapacityJob { queue: q.queue.clone(), standing: standing.clone(), visit: v.clone() };
                s.push(k, step, launch, job_code(&v.verdict));
            };
            for v in &q.jobs[..split] {
                job(s, v);
            }
            if q.unlisted > 0 {
                s.push(k, Step::Unlisted { count: q.unlisted, group: Some(q.queue.clone()) }, None, None);
            }
            for v in &q.jobs[split..] {
                job(s, v);
            }
        }
        if gives {
            *launched += 1;
        }
    }
    s.push(k, Step::CapacityStop { stop: p.stop }, None, None);
}

/// The line that decided a job's visit.
fn job_code(v: &JobVerdict) -> Option<CodeAt> {
    match v {
        JobVerdict::MaxCapacity { .. } => CodeAt::at(&CAP_SLOTS_TO_JOB, "max_capacity", ""),
        JobVerdict::UserLimit { .. } => CodeAt::at(&CAP_SLOTS_TO_JOB, "user_limit", ""),
        JobVerdict::LocalityWait { .. } => CodeAt::at(&CAP_OFF_SWITCH, "wait", ""),
        JobVerdict::OffSwitchUsed => CodeAt::at(&CAP_OFF_SWITCH, "off_switch_used", ""),
        JobVerdict::Assigned { off_switch: true, .. } => CodeAt::at(&CAP_OFF_SWITCH, "off_switch", ""),
        JobVerdict::Assigned { off_switch: false, user_limit: Some(_), .. } => CodeAt::at(&CAP_SLOTS_TO_JOB, "ok", ""),
        JobVerdict::Assigned { .. } => CodeAt::at(&CAP_OFF_SWITCH, "local", ""),
        JobVerdict::NotRunning { .. } | JobVerdict::Memory { .. } | JobVerdict::NoTask { .. } => None,
    }
}
