//! The code view: which lines of the mirrored Hadoop methods (`code_listings`) one heartbeat
//! ran, and the live values of their variables, computed from the heartbeat's decision record.
//! A `Focus` picks the job (or queue) whose path is shown when the method ran for several.

use super::code_listings::*;
pub use super::code_listings::{Line, METHODS, Method};
use super::{Decision, HeartbeatRecord};
use crate::model::task_selection::MapSource;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict};
use crate::sched::capacity::queue::LimitCalc;
use crate::sched::fair::decision::{FairDecision, Rejected};
use crate::sched::fair::delay::{Allowed, LevelReason, LocalityLevel};
use crate::sched::fifo::{FifoDecision, MapStop, PaddingCheck, ReduceStop};
use serde::Serialize;

/// Whose path to show.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Focus {
    pub job: Option<u32>,
    pub queue: Option<String>,
}

/// One variable and its value at this heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Var {
    pub name: String,
    pub value: String,
}

/// One method as this heartbeat ran it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodeView {
    pub method: &'static str,
    pub hadoop: &'static str,
    /// What the view is about, e.g. `J2` or `research` (none: the heartbeat as a whole).
    pub subject: Option<String>,
    /// Branch ids taken, in listing order.
    pub taken: Vec<&'static str>,
    /// Indices of the lines that ran (common lines and the taken branches).
    pub lines: Vec<usize>,
    pub vars: Vec<Var>,
}

fn var(name: &str, value: impl ToString) -> Var {
    Var { name: name.to_string(), value: value.to_string() }
}

fn view(m: &Method, subject: Option<String>, taken: Vec<&'static str>, vars: Vec<Var>) -> CodeView {
    let branches = m.branches();
    let mut taken: Vec<&'static str> = branches.into_iter().filter(|b| taken.contains(b)).collect();
    taken.dedup();
    let lines = m
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.branch.is_empty() || taken.contains(&l.branch))
        .map(|(i, _)| i)
        .collect();
    CodeView { method: m.id, hadoop: m.hadoop, subject, taken, lines, vars }
}

/// The live value of a line (in either language): the condition of `if X:` / `else if X:`
/// with the variables replaced by their values, or `= value` for an assignment `name = ...`
/// whose variable is known. Variables are replaced as whole identifiers only (`n` is not the
/// `n` of `assignSlotsToQueue`), longest name first, in one pass (a value is never rewritten).
pub fn live(text: &str, vars: &[Var]) -> Option<String> {
    let cond = text.split_once("if ").and_then(|(_, c)| c.split_once(':')).map(|(x, _)| x.trim());
    if let Some(c) = cond {
        return substitute(c, vars);
    }
    let name = text.split_once(" = ").map(|(l, _)| l.trim()).filter(|l| !l.contains(' '))?;
    vars.iter().find(|v| v.name == name).map(|v| format!("= {}", v.value))
}

/// A character that continues an identifier or a field access (`job.n` is not `n`).
fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

fn substitute(cond: &str, vars: &[Var]) -> Option<String> {
    let mut sorted: Vec<&Var> = vars.iter().filter(|v| !v.name.is_empty()).collect();
    crate::sort::sort_by_key(&mut sorted, |v| std::cmp::Reverse(v.name.len()));
    let mut out = String::new();
    let mut hit = false;
    let mut rest = cond;
    let mut prev: Option<char> = None;
    while let Some(ch) = rest.chars().next() {
        let at_start = !prev.is_some_and(ident_char);
        let found = sorted.iter().find(|v| {
            at_start
                && rest.starts_with(v.name.as_str())
                && !rest[v.name.len()..].chars().next().is_some_and(ident_char)
        });
        if let Some(v) = found {
            out.push_str(&v.value);
            prev = v.name.chars().last();
            rest = &rest[v.name.len()..];
            hit = true;
        } else {
            out.push(ch);
            prev = Some(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    hit.then_some(out)
}

/// The listing with this id.
pub fn method(id: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.id == id)
}

/// Every method the heartbeat ran that has a listing, most general first.
pub fn views(rec: &HeartbeatRecord, focus: &Focus) -> Vec<CodeView> {
    let job = focus.job.or_else(|| rec.assigned.first().map(|a| a.job));
    let mut out = Vec::new();
    match &rec.decision {
        Decision::Fifo(d) => {
            out.push(fifo_assign(d));
            if let Some(p) = d.map_padding.as_ref().or(d.reduce_padding.as_ref()) {
                out.push(fifo_padding(p, if d.map_padding.is_some() { "MAP" } else { "REDUCE" }));
            }
        }
        Decision::LimitTasksPerJob(_) => {}
        Decision::Fair(d) => {
            out.push(fair_assign(d));
            let job = job.or_else(|| first_visited(d));
            if let Some(v) = job.and_then(|j| allowed_level(rec, j)) {
                out.push(v);
            }
        }
        Decision::Capacity(d) => {
            if let Some(v) = comparator(d) {
                out.push(v);
            }
            let job = job.or_else(|| first_capacity_job(d, focus.queue.as_deref()));
            if let Some(j) = job {
                out.extend(capacity_job(d, j));
            }
        }
    }
    if let Some(v) = job.and_then(|j| jip_map(rec, j)) {
        out.push(v);
    }
    out
}

fn fifo_assign(d: &FifoDecision) -> CodeView {
    let mut t = Vec::new();
    match d.map_stop {
        MapStop::NoAvailableSlots => t.push("maps.no_slots"),
        stop => {
            t.push("maps.loop");
            if d.map_tries.iter().any(|x| x.call == "local" && x.assigned.is_some()) {
                t.push("maps.local");
            }
            let off = d.map_tries.iter().any(|x| x.call == "non_local");
            if off {
                t.push("maps.non_local");
            }
            match stop {
                MapStop::PaddingExceeded { .. } => {
                    let last_non_local =
                        d.map_tries.iter().rev().find(|x| x.assigned.is_some()).is_some_and(|x| x.call == "non_local");
                    t.push(if last_non_local { "maps.off_switch_stop" } else { "maps.padding_stop" });
                }
                MapStop::OffSwitch { .. } => t.push("maps.off_switch_stop"),
                MapStop::NoTask => t.push("maps.no_task"),
                _ => t.push("maps.filled"),
            }
        }
    }
    match d.reduce_stop {
        ReduceStop::NoAvailableSlots => t.push("reduces.no_slots"),
        ReduceStop::Assigned { .. } => t.extend(["reduces.loop", "reduces.assigned"]),
        ReduceStop::PaddingOnlyFirst { .. } => t.extend(["reduces.loop", "reduces.padding_only_first"]),
        ReduceStop::NoTask => t.extend(["reduces.loop", "reduces.no_task"]),
    }
    let m = &d.map;
    let vars = vec![
        var("remainingMapLoad", m.remaining_load),
        var("clusterMapCapacity", m.cluster_capacity),
        var("mapLoadFactor", format!("{:.2}", m.load_factor)),
        var("trackerMapCapacity", m.tracker_capacity),
        var("trackerCurrentMapCapacity", m.tracker_current_capacity),
        var("trackerRunningMaps", m.tracker_running),
        var("availableMapSlots", m.available),
        var("exceededMapPadding", d.map_padding.as_ref().is_some_and(|p| p.exceeded)),
        var("remainingReduceLoad", d.reduce.remaining_load),
        var("availableReduceSlots", d.reduce.available),
    ];
    view(&FIFO_ASSIGN, None, t, vars)
}

fn fifo_padding(p: &PaddingCheck, kind: &str) -> CodeView {
    let mut t = Vec::new();
    if !p.no_eligible_job {
        t.push("loop");
    }
    if p.exceeded {
        t.push("exceeded");
    } else {
        if !p.no_eligible_job && p.num_trackers <= crate::sched::fifo::MIN_CLUSTER_SIZE_FOR_PADDING {
            t.push("capped");
        }
        t.push("not_exceeded");
    }
    let vars = vec![
        var("type", kind),
        var("totalTasks", p.total_tasks),
        var("totalTaskCapacity", p.total_capacity),
        var("numTaskTrackers", p.num_trackers),
        var("padFraction", p.pad_fraction),
        var("totalNeededTasks", p.total_needed),
        var("padding", p.padding),
        var("result", p.exceeded),
    ];
    view(&FIFO_PADDING, Some(kind.to_string()), t, vars)
}

fn fair_assign(d: &FairDecision) -> CodeView {
    let mut t = Vec::new();
    if !d.wait_growth.is_empty() {
        t.push("wait");
    }
    if d.map_rejected.is_some() {
        t.push("reject_maps");
    }
    if d.reduce_rejected.is_some() {
        t.push("reject_reduces");
    }
    if !d.turns.is_empty() {
        t.push("sort");
    }
    if d.turns.iter().any(|x| x.kind == "map") {
        t.push("map");
    }
    if d.turns.iter().any(|x| x.kind == "reduce") {
        t.push("reduce");
    }
    if d.turns.iter().any(|x| x.assigned.is_some()) {
        t.push("assigned");
    }
    if !d.skipped.is_empty() {
        t.extend(["visited", "mark_skipped"]);
    }
    if matches!(d.map_rejected, Some(Rejected::NoTask)) || matches!(d.reduce_rejected, Some(Rejected::NoTask)) {
        t.push("no_task");
    }
    let vars = vec![
        var("now", d.time_ms),
        var("now − lastHeartbeatTime", d.delta_ms),
        var("mapCapacity", d.map_capacity),
        var("reduceCapacity", d.reduce_capacity),
        var("runningMaps / runnableMaps", format!("{} / {}", d.running_maps, d.runnable_maps)),
        var("loadMgr map cap", d.map_cap.cap),
        var("skipped", d.skipped.iter().map(|j| format!("J{j}")).collect::<Vec<_>>().join(", ")),
    ];
    view(&FAIR_ASSIGN, None, t, vars)
}

fn first_visited(d: &FairDecision) -> Option<u32> {
    d.turns.iter().flat_map(|t| &t.visits).flat_map(|p| &p.jobs).find(|v| v.allowed.is_some()).map(|v| v.job)
}

/// The branch `getAllowedLocalityLevel` took for `a`.
pub fn level_branches(a: &Allowed) -> Vec<&'static str> {
    let lvl = |l: LocalityLevel| match l {
        LocalityLevel::Node => "node",
        LocalityLevel::Rack => "rack",
        _ => "any",
    };
    match &a.reason {
        LevelReason::NoInfo => vec!["no_info"],
        LevelReason::NoLocalityInfo => vec!["no_locality"],
        LevelReason::Starved { .. } => vec!["starved"],
        LevelReason::Waited => match a.last_level {
            LocalityLevel::Node => vec!["waited", "node", ["node.node", "node.rack", "node.any"][lvl_idx(a.level)]],
            LocalityLevel::Rack => vec!["waited", "rack", if lvl(a.level) == "any" { "rack.any" } else { "rack.rack" }],
            _ => vec!["waited", "any"],
        },
    }
}

fn lvl_idx(l: LocalityLevel) -> usize {
    match l {
        LocalityLevel::Node => 0,
        LocalityLevel::Rack | LocalityLevel::Nodegroup => 1,
        LocalityLevel::Any => 2,
    }
}

/// `getAllowedLocalityLevel` for `job` at this heartbeat (its first visit), if it was asked.
pub fn allowed_level(rec: &HeartbeatRecord, job: u32) -> Option<CodeView> {
    let Decision::Fair(d) = &rec.decision else { return None };
    let a = d
        .turns
        .iter()
        .flat_map(|t| &t.visits)
        .flat_map(|p| &p.jobs)
        .find(|v| v.job == job && v.allowed.is_some())?
        .allowed
        .as_ref()?;
    let mut vars = vec![
        var("now", d.time_ms),
        var("lastMapLocalityLevel", a.last_level.as_str()),
        var("timeWaitedForLocalMap", a.waited_ms),
        var("nodeLocalityDelay", a.node_delay_ms),
        var("rackLocalityDelay", a.rack_delay_ms),
    ];
    if let LevelReason::Starved {
        since_min_share_ms,
        min_share_timeout_ms,
        since_half_fair_share_ms,
        fair_share_timeout_ms,
    } = a.reason
    {
        vars.push(var("below min share for", since_min_share_ms));
        vars.push(var("minSharePreemptionTimeout", min_share_timeout_ms));
        vars.push(var("below half fair share for", since_half_fair_share_ms));
        vars.push(var("fairSharePreemptionTimeout", fair_share_timeout_ms));
    }
    vars.push(var("return", a.level.as_str()));
    Some(view(&FAIR_LEVEL, Some(format!("J{job}")), level_branches(a), vars))
}

fn comparator(d: &CapacityDecision) -> Option<CodeView> {
    let l = d.map.lookups.first().or_else(|| d.reduce.lookups.first())?;
    let mut t = Vec::new();
    if l.order.iter().any(|q| q.capacity == 0) {
        t.push("cap_zero");
    }
    if l.order.windows(2).any(|w| w[0].ratio == w[1].ratio) {
        t.push("tie");
    }
    let vars = l.order.iter().map(|q| var(&q.queue, format!("{} / {} = {:.2}", q.used, q.capacity, q.ratio))).collect();
    Some(view(&CAP_COMPARATOR, None, t, vars))
}

fn visits(d: &CapacityDecision) -> impl Iterator<Item = (&str, &crate::sched::capacity::decision::JobVisit)> {
    [&d.map, &d.reduce]
        .into_iter()
        .flat_map(|p| &p.lookups)
        .flat_map(|l| &l.queues)
        .flat_map(|q| q.jobs.iter().map(move |j| (q.queue.as_str(), j)))
}

fn first_capacity_job(d: &CapacityDecision, queue: Option<&str>) -> Option<u32> {
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
fn capacity_job(d: &CapacityDecision, job: u32) -> Vec<CodeView> {
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

/// `findNewMapTask` for the first map `job` launched in this heartbeat.
fn jip_map(rec: &HeartbeatRecord, job: u32) -> Option<CodeView> {
    let a = rec.assigned.iter().find(|a| a.job == job && a.kind == "map")?;
    let t = match a.source? {
        MapSource::FailedRerun => vec!["failed"],
        MapSource::Cache { level: 0 } => vec!["cache", "node"],
        MapSource::Cache { .. } => vec!["cache", "rack"],
        MapSource::OtherRack => vec!["cache", "non_local", "off_switch"],
        MapSource::NoLocation => vec!["cache", "non_local", "no_location"],
        MapSource::Speculative => vec!["speculative"],
    };
    let vars = vec![
        var("tracker", &rec.tracker),
        var("task", format!("J{} m{}#{}", a.job, a.index, a.attempt)),
        var("locality", a.locality.unwrap_or("-")),
        var("call", a.via),
    ];
    Some(view(&JIP_MAP, Some(format!("J{job}")), t, vars))
}
