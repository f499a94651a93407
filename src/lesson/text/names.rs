//! The run values a placeholder may name (`docs/lesson-format.md`, "Placeholders"): each
//! name with its arguments and what it is, and the check of a placeholder's name and arguments
//! against the lesson when it is read.

use super::{Known, Placeholder};
use crate::model::TaskType;

/// An argument's kind, recognised by its position.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Arg {
    /// `J2`: a job of the scenario.
    Job,
    /// `map` or `reduce`.
    Type,
    /// A queue (Capacity) or pool (Fair) name.
    Group,
    User,
    Tracker,
    /// A figure of the lesson's `compare` (`figure`) or `sweeps` (`sweep`).
    Figure,
    /// A compare variant index.
    Variant,
    /// A sweep's node delay, in ms.
    Delay,
    /// A sweep index.
    Sweep,
    /// Job-size bins, `1-2` or `3`.
    Bins,
    /// A lookup of the Capacity map phase (0 = the first).
    Lookup,
    /// A Spark task set, `<stage>.<attempt>` (`0.0`).
    TaskSet,
    /// A Spark executor id.
    Executor,
}

/// A run value: its name, its arguments (the last `optional` may be left out) and what it is.
pub struct Name {
    pub name: &'static str,
    pub args: &'static [Arg],
    pub optional: usize,
    pub doc: &'static str,
}

use Arg::*;

const fn n(name: &'static str, args: &'static [Arg], optional: usize, doc: &'static str) -> Name {
    Name { name, args, optional, doc }
}

/// Every run value, by name.
pub const NAMES: &[Name] = &[
    n("time", &[], 0, "the heartbeat's time, ms"),
    n("hb", &[], 0, "the heartbeat's number"),
    n("interval", &[], 0, "the next heartbeat interval sent back, ms"),
    n("assigned", &[Type, Job], 2, "tasks launched in this heartbeat (of that type, of that job)"),
    n("free", &[Type], 0, "the tracker's free slots when it heartbeat, before any assignment"),
    n("slots", &[Type], 0, "the cluster's slots of that type"),
    n("trackers", &[], 0, "TaskTrackers in the cluster"),
    n("tracker_slots", &[Tracker, Type], 0, "a tracker's slots of that type"),
    n("running", &[Type], 0, "tasks of that type running after the heartbeat"),
    n("job.maps", &[Job], 0, "a job's maps"),
    n("job.reduces", &[Job], 0, "a job's reduces"),
    n("job.running", &[Job, Type], 0, "a job's running tasks after the heartbeat"),
    n("job.done", &[Job, Type], 0, "a job's finished tasks after the heartbeat"),
    n("job.map_slots", &[Job], 0, "the slots each of the job's maps takes (high-memory jobs: more than 1)"),
    n("job.input_nodes", &[Job], 0, "the nodes holding some of the job's input blocks"),
    n("job.pending", &[Job], 0, "a job's maps not yet launched after the heartbeat"),
    n("job.submitted", &[Job], 0, "when the job was submitted, ms"),
    n("job.age", &[Job], 0, "time since the job was submitted, ms"),
    n("job.finished", &[Job], 0, "when the job finished, ms"),
    n("job.response", &[Job], 0, "finish − submit, ms"),
    n("fifo.load_factor", &[Type], 0, "FIFO: remaining load / cluster capacity"),
    n("fifo.remaining", &[Type], 0, "FIFO: the remaining load (desired − finished of running jobs)"),
    n("fifo.cluster_slots", &[Type], 0, "FIFO: the cluster capacity the load factor divides by"),
    n("fifo.tracker_slots", &[Type], 0, "FIFO: the heartbeating tracker's slots"),
    n("fifo.cap", &[Type], 0, "FIFO: the tracker's current capacity min(⌈load factor × slots⌉, slots)"),
    n("fifo.tracker_running", &[Type], 0, "FIFO: the tracker's running tasks when it heartbeat"),
    n("fifo.available", &[Type], 0, "FIFO: cap − running (reduces: at most 1)"),
    n("fifo.running_maps", &[], 0, "FIFO: maps running in the cluster when the heartbeat began"),
    n("fifo.padding", &[], 0, "FIFO: the padding exceededPadding computed"),
    n("fifo.pad_needed", &[], 0, "FIFO: Σ desired maps of the running jobs, as the padding counted them"),
    n("fifo.pad_running", &[], 0, "FIFO: running maps the padding check counted"),
    n("fifo.pad_capacity", &[], 0, "FIFO: the map capacity the padding check compared with"),
    n("fifo.pad_fraction", &[], 0, "FIFO: the pad fraction"),
    n("fifo.padded", &[], 0, "FIFO: whether padding was exceeded (a word)"),
    n("fair.waited", &[Job], 0, "Fair: the wait getAllowedLocalityLevel compared, ms"),
    n("fair.waited_after", &[Job], 0, "Fair: the wait the job ended the heartbeat with, ms"),
    n("fair.level", &[Job], 0, "Fair: the allowed level (NODE/RACK/ANY)"),
    n("fair.last_level", &[Job], 0, "Fair: lastMapLocalityLevel at the start of the heartbeat"),
    n("fair.gap", &[], 0, "Fair: time since the previous heartbeat, the wait's growth, ms"),
    n("fair.node_delay", &[], 0, "Fair: the node locality delay, ms"),
    n("fair.rack_delay", &[], 0, "Fair: the rack locality delay, ms"),
    n("fair.share", &[Group, Type], 1, "Fair: a pool's fair share after the heartbeat"),
    n("fair.min_share", &[Group, Type], 1, "Fair: a pool's min share"),
    n("fair.pool_running", &[Group, Type], 1, "Fair: a pool's running tasks after the heartbeat"),
    n("fair.demand", &[Group, Type], 1, "Fair: a pool's demand"),
    n(
        "fair.turn_running",
        &[Group, Lookup],
        1,
        "Fair: a pool's running maps as a map turn of the heartbeat sorted it (0 = the first)",
    ),
    n(
        "fair.turn_ratio",
        &[Group, Lookup],
        1,
        "Fair: runningTasks / weight, the FairShareComparator key of a pool at that turn",
    ),
    n("fair.weight", &[Group], 0, "Fair: a pool's weight"),
    n("fair.starved", &[Group], 0, "Fair: time since the pool was last at its min share (maps), ms"),
    n("fair.starved_at", &[Job], 0, "Fair: that time as getAllowedLocalityLevel saw it for the job, ms"),
    n("fair.last_at_share", &[Job], 0, "Fair: the pool's lastTimeAtMinShare as that check saw it, ms"),
    n("fair.min_timeout", &[Group], 0, "Fair: the pool's minSharePreemptionTimeout, ms"),
    n("fair.cap", &[Type], 0, "Fair: the load manager's cap for the tracker"),
    n("fair.cap_demand", &[Type], 0, "Fair: the cluster's runnable tasks the cap divides"),
    n("fair.cap_slots", &[Type], 0, "Fair: the cluster's slots the cap divides by"),
    n("fair.cap_tracker_slots", &[Type], 0, "Fair: the heartbeating tracker's slots"),
    n("fair.cap_running", &[Type], 0, "Fair: the tracker's running tasks"),
    n("fair.max_assign", &[Type], 0, "Fair: maxTasksToAssign of the heartbeat"),
    n("fair.preempted", &[], 0, "Fair: tasks killed by preemption since the previous heartbeat"),
    n("cap.used", &[Group, Type], 1, "Capacity: a queue's occupied slots after the heartbeat"),
    n("cap.capacity", &[Group, Type], 1, "Capacity: a queue's capacity in slots"),
    n("cap.max_capacity", &[Group, Type], 1, "Capacity: a queue's maximum capacity in slots"),
    n("cap.ratio", &[Group, Type], 1, "Capacity: used / capacity after the heartbeat"),
    n("cap.user_used", &[Group, User], 0, "Capacity: a user's map slots after the heartbeat"),
    n("cap.user_limit", &[Group, User], 0, "Capacity: that user's limit after the heartbeat"),
    n("cap.sort_used", &[Group, Lookup], 1, "Capacity: a queue's used slots in a lookup's sort"),
    n("cap.sort_capacity", &[Group, Lookup], 1, "Capacity: its capacity in that sort"),
    n("cap.sort_ratio", &[Group, Lookup], 1, "Capacity: its ratio in that sort"),
    n("cap.limit", &[Job], 0, "Capacity: the user limit computed for the job at the decision"),
    n("cap.current_capacity", &[Job], 0, "Capacity: currentCapacity of that computation"),
    n("cap.active_users", &[Job], 0, "Capacity: active users of that computation"),
    n("cap.user_holds", &[Job], 0, "Capacity: slots the user held then"),
    n("cap.task_slots", &[Job], 0, "Capacity: the slots of the task that computation was for"),
    n("cap.queue_capacity", &[Job], 0, "Capacity: the queue capacity of that computation"),
    n("cap.opportunities", &[Job], 0, "Capacity: the job's missed scheduling opportunities at the decision"),
    n("cap.required", &[Job], 0, "Capacity: the opportunities it needs (factor × cluster slots)"),
    n("cap.wait_factor", &[Job], 0, "Capacity: its locality wait factor"),
    n("cap.missed", &[Job], 0, "Capacity: the job's missed scheduling opportunities after the heartbeat"),
    n("cap.max_tasks", &[], 0, "Capacity: maximum-tasks-per-heartbeat"),
    n("cap.after_offswitch", &[], 0, "Capacity: maximum-tasks-after-offswitch"),
    n("spark.level", &[TaskSet], 0, "Spark: the task set's current level after the round"),
    n("spark.timer", &[TaskSet], 0, "Spark: the time its wait timer counts from after the round, ms"),
    n("spark.waited", &[TaskSet], 0, "Spark: the time since then, ms"),
    n("spark.wait", &[TaskSet], 0, "Spark: the current level's wait (0 at the last level), ms"),
    n("spark.rejects", &[TaskSet], 0, "Spark: the round's delay-schedule rejects of the task set"),
    n("spark.launched", &[], 0, "Spark: tasks the round launched"),
    n("spark.first_task", &[], 0, "Spark: the index of the round's first launched task"),
    n("spark.tasks", &[TaskSet], 0, "Spark: the task set's tasks"),
    n("spark.ran", &[Executor], 0, "Spark: tasks launched on the executor up to this round"),
    n("spark.executors", &[], 0, "Spark: executors registered after the round"),
    n("spark.done", &[TaskSet], 0, "Spark: the task set's tasks done after the round"),
    n("spark.finished", &[TaskSet], 0, "Spark: when the task set's last task finished (automatic mode), ms"),
    n("spark.locality_wait", &[], 0, "Spark: spark.locality.wait, ms"),
    n(
        "variant_delay",
        &[Variant],
        0,
        "the node locality delay of a compare variant (fair@MS), or its spark.locality.wait (spark@MS), ms",
    ),
    n("sweep_delay", &[Delay, Sweep], 1, "a sweep's node delay (names the point; checked to be one of its delays), ms"),
    n("sweep_rack_delay", &[Sweep], 0, "a sweep's rack delay, ms"),
    n("bin.min_maps", &[Bins], 0, "the fewest maps of a job in those Facebook 2009 size bins"),
    n("bin.max_maps", &[Bins], 0, "the most maps of a job in those bins"),
    n("figure", &[Figure, Variant, Bins], 1, "a figure of the lesson's compare variant"),
    n("sweep", &[Figure, Delay, Sweep], 1, "a figure of a sweep point"),
];

fn find(name: &str) -> Option<&'static Name> {
    NAMES.iter().find(|n| n.name == name)
}

pub(super) fn job_id(a: &str) -> Option<u32> {
    a.strip_prefix('J').and_then(|n| n.parse().ok())
}

pub(super) fn kind(a: &str) -> Option<TaskType> {
    match a {
        "map" => Some(TaskType::Map),
        "reduce" => Some(TaskType::Reduce),
        _ => None,
    }
}

pub(super) fn bins(a: &str) -> Option<Vec<usize>> {
    let (lo, hi) = a.split_once('-').unwrap_or((a, a));
    let (lo, hi): (usize, usize) = (lo.parse().ok()?, hi.parse().ok()?);
    (1 <= lo && lo <= hi && hi <= 9).then(|| (lo..=hi).collect())
}

/// Check a run value's name and arguments when the lesson is read.
pub(super) fn check(p: &Placeholder, k: &Known) -> Result<(), String> {
    let Some(spec) = find(&p.name) else {
        let hint = crate::input::json::suggest(&p.name, NAMES.iter().map(|n| n.name))
            .map(|s| format!("; did you mean {s:?}?"))
            .unwrap_or_else(|| "; expected a name listed in docs/lesson-format.md or a $.path".into());
        return Err(format!("unknown value {:?}{hint}", p.name));
    };
    let need = spec.args.len() - spec.optional;
    if p.args.len() < need || p.args.len() > spec.args.len() {
        return Err(format!(
            "found {} arguments, expected {} ({:?})",
            p.args.len(),
            if spec.optional > 0 { format!("{need} to {}", spec.args.len()) } else { need.to_string() },
            spec.args
        ));
    }
    let figures: &[&str] = if p.name == "sweep" {
        crate::lesson::runs::figure::SWEEP_FIGURES
    } else {
        crate::lesson::runs::figure::COMPARE_FIGURES
    };
    let sweep = spec
        .args
        .iter()
        .position(|a| *a == Sweep)
        .and_then(|i| p.args.get(i))
        .and_then(|s| s.parse::<usize>().ok())
        .unwrap_or(0);
    for (a, kind_) in p.args.iter().zip(spec.args) {
        let ok = match kind_ {
            Job => job_id(a).is_some_and(|j| k.jobs.as_ref().is_none_or(|js| js.contains(&j))),
            Type => kind(a).is_some(),
            Group => k.groups.iter().any(|g| g == a),
            User => k.users.iter().any(|u| u == a),
            Tracker => k.trackers.iter().any(|t| t == a),
            Figure => figures.contains(&a.as_str()),
            Variant => a.parse::<usize>().is_ok_and(|v| v < k.variants),
            Delay => a.parse::<i64>().is_ok_and(|d| k.sweeps.get(sweep).is_some_and(|s| s.contains(&d))),
            Sweep => a.parse::<usize>().is_ok_and(|s| s < k.sweeps.len()),
            Bins => bins(a).is_some(),
            Lookup => a.parse::<usize>().is_ok(),
            TaskSet => a.split_once('.').is_some_and(|(s, t)| s.parse::<u32>().is_ok() && t.parse::<u32>().is_ok()),
            Executor => !a.is_empty(),
        };
        if !ok {
            let expected = match kind_ {
                Job => "a job the scenario submits (J1, J2, ...)".to_string(),
                Type => "map or reduce".into(),
                Group => format!("a queue or pool of the scenario ({})", k.groups.join(", ")),
                User => format!("a user of the scenario ({})", k.users.join(", ")),
                Tracker => "a tracker of the scenario".into(),
                Figure => format!("one of {}", figures.join(", ")),
                Variant => format!("a variant of the lesson's compare (0 to {})", k.variants.saturating_sub(1)),
                Delay => format!("a delay of sweep {sweep} ({:?})", k.sweeps.get(sweep).cloned().unwrap_or_default()),
                Sweep => format!("a sweep of the lesson (0 to {})", k.sweeps.len().saturating_sub(1)),
                Bins => "job-size bins, e.g. 1-2 or 6".into(),
                Lookup => "a lookup index (0 = the first)".into(),
                TaskSet => "a task set as <stage>.<attempt>, e.g. 0.0".into(),
                Executor => "an executor id".into(),
            };
            return Err(format!("found {a:?} for the {kind_:?} argument, expected {expected}"));
        }
    }
    Ok(())
}
