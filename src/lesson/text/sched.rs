//! Run values of the Fair and Capacity schedulers: what the heartbeat's decision record says
//! the scheduler decided with (the wait `getAllowedLocalityLevel` compared, the user limit
//! `assignSlotsToJob` computed, the sort `TaskSchedulingMgr.sortQueues` used), and the state
//! after the heartbeat as the stage draws it (`sim::stage`: pools, queue lanes, user bars).

use super::names::job_id;
use super::values::arg_kind;
use super::{Placeholder, Val};
use crate::explain::Decision;
use crate::lesson::event::Ctx;
use crate::model::TaskType;
use crate::sched::Scheduler;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict};
use crate::sched::capacity::queue::LimitCalc;
use crate::sched::fair::decision::FairDecision;
use crate::sched::fair::delay::{Allowed, LevelReason, LocalityLevel};
use crate::sim::stage;

fn level(l: LocalityLevel) -> Val {
    Val::Name(l.as_str().to_string())
}

fn int(x: i64) -> Result<Val, String> {
    Ok(Val::Num(x as f64))
}

/// The first `getAllowedLocalityLevel` of the heartbeat for the job.
fn allowed(d: &FairDecision, job: u32) -> Option<&Allowed> {
    d.turns
        .iter()
        .flat_map(|t| &t.visits)
        .flat_map(|p| &p.jobs)
        .filter(|v| v.job == job)
        .find_map(|v| v.allowed.as_ref())
}

pub(super) fn fair(p: &Placeholder, ctx: &Ctx) -> Result<Val, String> {
    let Scheduler::Fair(fs) = &ctx.engine.scheduler else { return Err("not a Fair Scheduler run".into()) };
    let c = &ctx.engine.cluster;
    let arg = |i: usize| p.args.get(i).map(String::as_str).unwrap_or("");
    let d = ctx.records.last().and_then(|r| match &r.decision {
        Decision::Fair(d) => Some(d),
        _ => None,
    });
    let dec = || d.ok_or_else(|| "no Fair heartbeat has run yet".to_string());
    let job = job_id(arg(0)).unwrap_or(0);
    let st = || {
        let s = stage::fair::build(ctx.engine, fs, ctx.records.last());
        s.jobs.into_iter().find(|j| j.job == job).ok_or_else(|| format!("J{job} wants no maps at this heartbeat"))
    };
    let pool = || fs.pm.find(arg(0)).ok_or_else(|| format!("pool {} does not exist at this heartbeat", arg(0)));
    let t = arg_kind(p, 1);
    let turn = || {
        let i: usize = arg(1).parse().unwrap_or(0);
        let tn = dec()?
            .turns
            .iter()
            .filter(|t| t.kind == crate::model::TaskType::Map)
            .nth(i)
            .ok_or_else(|| format!("no map turn {i}"))?;
        tn.order.iter().find(|l| l.pool == arg(0)).ok_or_else(|| format!("{} was not sorted at map turn {i}", arg(0)))
    };
    let cap = || {
        let d = dec()?;
        Ok::<_, String>(if arg_kind(p, 0) == TaskType::Map { &d.map_cap } else { &d.reduce_cap })
    };
    match p.name.as_str() {
        "fair.waited" => match d.and_then(|d| allowed(d, job)) {
            Some(a) => int(a.waited_ms),
            None => int(st()?.waited_ms),
        },
        "fair.waited_after" => int(st()?.waited_after_ms),
        "fair.level" => match d.and_then(|d| allowed(d, job)) {
            Some(a) => Ok(level(a.level)),
            None => Ok(level(st()?.reach.level)),
        },
        "fair.last_level" => Ok(level(st()?.last_level)),
        "fair.gap" => int(dec()?.delta_ms),
        "fair.node_delay" => int(fs.delays.node),
        "fair.rack_delay" => int(fs.delays.rack),
        "fair.share" => Ok(Val::Num(fs.pool_line(c, pool()?, t).fair_share)),
        "fair.min_share" => int(fs.pool_line(c, pool()?, t).min_share),
        "fair.pool_running" => int(fs.pool_line(c, pool()?, t).running),
        "fair.demand" => int(fs.pool_line(c, pool()?, t).demand),
        "fair.turn_running" => int(turn()?.running),
        // FairShareComparator: pools at their min share sort by runningTasks / weight.
        "fair.turn_ratio" => {
            let l = turn()?;
            Ok(Val::Num(if l.weight > 0.0 { l.running as f64 / l.weight } else { f64::INFINITY }))
        }
        "fair.weight" => Ok(Val::Num(fs.pool_line(c, pool()?, TaskType::Map).weight)),
        // updatePreemptionVariables: lastTimeAtMinShare is refreshed whenever the pool is not
        // starved for its min share, so this counts from then (or from the pool's creation).
        "fair.starved" => int(c.now - fs.pm.pools[pool()?].map.last_time_at_min_share),
        "fair.starved_at" => match d.and_then(|d| allowed(d, job)).map(|a| &a.reason) {
            Some(LevelReason::Starved { since_min_share_ms, .. }) => int(*since_min_share_ms),
            _ => Err(format!("J{job}'s level was not given for starvation at this heartbeat")),
        },
        "fair.last_at_share" => match (d, d.and_then(|d| allowed(d, job)).map(|a| &a.reason)) {
            (Some(d), Some(LevelReason::Starved { since_min_share_ms, .. })) => int(d.time_ms - since_min_share_ms),
            _ => Err(format!("J{job}'s level was not given for starvation at this heartbeat")),
        },
        "fair.min_timeout" => int(fs.pm.min_share_timeout(arg(0))),
        "fair.cap" => int(cap()?.cap),
        "fair.cap_demand" => int(cap()?.total_runnable),
        "fair.cap_slots" => int(cap()?.total_slots),
        "fair.cap_tracker_slots" => int(cap()?.tracker_slots),
        "fair.cap_running" => int(cap()?.tracker_running),
        "fair.max_assign" => {
            let d = dec()?;
            int(if arg_kind(p, 0) == TaskType::Map { d.map_capacity } else { d.reduce_capacity })
        }
        "fair.preempted" => int(dec()?.preemptions.iter().filter(|x| !x.only_log).map(|x| x.killed.len() as i64).sum()),
        other => Err(format!("unknown value {other:?}")),
    }
}

/// The first user-limit computation of the heartbeat's map lookups for the job.
fn limit(d: &CapacityDecision, job: u32) -> Option<&LimitCalc> {
    d.map.lookups.iter().flat_map(|l| &l.queues).flat_map(|q| &q.jobs).filter(|v| v.job == job).find_map(|v| {
        match &v.verdict {
            JobVerdict::UserLimit { calc, .. } => Some(calc),
            JobVerdict::Assigned { user_limit: Some(calc), .. } => Some(calc),
            _ => None,
        }
    })
}

pub(super) fn capacity(p: &Placeholder, ctx: &Ctx) -> Result<Val, String> {
    let Scheduler::Capacity(cs) = &ctx.engine.scheduler else { return Err("not a Capacity Scheduler run".into()) };
    let arg = |i: usize| p.args.get(i).map(String::as_str).unwrap_or("");
    let rec = ctx.records.last();
    let d = rec.and_then(|r| match &r.decision {
        Decision::Capacity(d) => Some(d),
        _ => None,
    });
    let dec = || d.ok_or_else(|| "no Capacity heartbeat has run yet".to_string());
    let job = job_id(arg(0)).unwrap_or(0);
    let lane = || {
        let s = stage::capacity::build(ctx.engine, cs, rec, None);
        let lanes = if arg_kind(p, 1) == TaskType::Map { s.maps } else { s.reduces };
        lanes.into_iter().find(|l| l.queue == arg(0)).ok_or_else(|| format!("queue {} is not running", arg(0)))
    };
    let user = || {
        let l = lane_map(ctx, cs, rec, arg(0))?;
        l.users
            .into_iter()
            .find(|u| u.user == arg(1))
            .ok_or_else(|| format!("{} has no running job in {}", arg(1), arg(0)))
    };
    let sorted = || {
        let i: usize = arg(1).parse().unwrap_or(0);
        let l = dec()?.map.lookups.get(i).ok_or_else(|| format!("the map phase made no lookup {i}"))?;
        l.order.iter().find(|q| q.queue == arg(0)).cloned().ok_or_else(|| format!("{} was not sorted", arg(0)))
    };
    let calc = || limit(dec()?, job).ok_or_else(|| format!("no user limit was computed for J{job} at this heartbeat"));
    let wait = || {
        dec()?
            .map
            .lookups
            .iter()
            .flat_map(|l| &l.queues)
            .flat_map(|q| &q.jobs)
            .filter(|v| v.job == job)
            .find_map(|v| match v.verdict {
                JobVerdict::LocalityWait { opportunities, required_slots, factor } => {
                    Some((opportunities, required_slots, factor))
                }
                _ => None,
            })
            .ok_or_else(|| format!("J{job} did not wait for locality at this heartbeat"))
    };
    match p.name.as_str() {
        "cap.used" => int(lane()?.used as i64),
        "cap.capacity" => int(lane()?.capacity as i64),
        "cap.max_capacity" => int(lane()?.max_capacity.ok_or("the queue has no maximum capacity")? as i64),
        "cap.ratio" => Ok(Val::Num(lane()?.ratio)),
        "cap.user_used" => int(user()?.used as i64),
        "cap.user_limit" => int(user()?.limit as i64),
        "cap.sort_used" => int(sorted()?.used as i64),
        "cap.sort_capacity" => int(sorted()?.capacity as i64),
        "cap.sort_ratio" => Ok(Val::Num(sorted()?.ratio)),
        "cap.limit" => int(calc()?.limit as i64),
        "cap.current_capacity" => int(calc()?.current_capacity as i64),
        "cap.active_users" => int(calc()?.active_users as i64),
        "cap.user_holds" => int(calc()?.user_holds as i64),
        "cap.task_slots" => int(calc()?.slots as i64),
        "cap.queue_capacity" => int(calc()?.queue_capacity as i64),
        "cap.opportunities" => int(wait()?.0 as i64),
        "cap.required" => int(wait()?.1 as i64),
        "cap.wait_factor" => Ok(Val::Num(wait()?.2 as f64)),
        "cap.max_tasks" => int(dec()?.max_tasks_per_heartbeat as i64),
        "cap.after_offswitch" => int(dec()?.max_tasks_after_offswitch as i64),
        other => Err(format!("unknown value {other:?}")),
    }
}

fn lane_map(
    ctx: &Ctx,
    cs: &crate::sched::capacity::CapacityTaskScheduler,
    rec: Option<&crate::explain::HeartbeatRecord>,
    queue: &str,
) -> Result<stage::capacity::Lane, String> {
    let s = stage::capacity::build(ctx.engine, cs, rec, None);
    s.maps.into_iter().find(|l| l.queue == queue).ok_or_else(|| format!("queue {queue} is not running"))
}
