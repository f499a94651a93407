//! Facts for the Capacity questions whose answer is the walk of one map lookup
//! (`capacity.first_job`, `capacity.admission`, `capacity.high_memory`):
//! `CapacityTaskScheduler.TaskSchedulingMgr.assignTasks` tries the queues in `sortQueues` order
//! (a stable sort: queues at the same used / capacity keep the previous order, which nothing on
//! the stage shows) and each queue's running jobs in order; a job gives a map only if
//! `MapSchedulingMgr.obtainNewTask` finds one: node- or rack-local input, or an off-switch map
//! once `JobInProgress.scheduleOffSwitch` allows it
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacityTaskScheduler.java`).

use super::capacity::sched_before;
use super::moment::Moment;
use super::{bi, waiting_input};
use crate::lesson::Bi;
use crate::model::cluster::AttemptEnd;
use crate::model::{RunState, TaskType};
use crate::sched::capacity::decision::Lookup;

/// The maps of `job` not finished once this heartbeat's reports are in (`scheduleOffSwitch`
/// reads them when the scheduler runs: a map reported finished here no longer counts).
pub fn maps_left(m: &Moment, job: u32) -> u32 {
    let Some(j) = m.before.cluster.jobs.get(&crate::model::JobId(job)) else { return 0 };
    let reported = m
        .rec
        .reported
        .iter()
        .filter(|x| x.outcome == AttemptEnd::Succeeded && x.attempt.job == job && x.attempt.kind == TaskType::Map)
        .count() as u32;
    let left = j.desired_maps() - j.finished_maps;
    left - reported.min(left)
}

/// The order of queues tied on used / capacity in this lookup, which the stable sort of
/// `sortQueues` keeps from the previous sort: `None` if no two queues tie.
pub fn tie_line(l: &Lookup) -> Option<Bi> {
    let mut groups: Vec<Vec<&str>> = Vec::new();
    let mut last: Option<f64> = None;
    for q in &l.order {
        match groups.last_mut() {
            Some(g) if last == Some(q.ratio) => g.push(&q.queue),
            _ => groups.push(vec![&q.queue]),
        }
        last = Some(q.ratio);
    }
    let tied: Vec<&Vec<&str>> = groups.iter().filter(|g| g.len() > 1).collect();
    if tied.is_empty() {
        return None;
    }
    let en: Vec<String> = tied.iter().map(|g| g.join(" before ")).collect();
    let zh: Vec<String> = tied.iter().map(|g| g.join(" 先于 ")).collect();
    Some(bi(
        format!("Queues at the same used / capacity keep their previous order (a stable sort): {}.", en.join("; ")),
        format!("used / capacity 相同的队列保持上一次的顺序（稳定排序）：{}。", zh.join("；")),
    ))
}

/// Whether the initialisation poller runs before the scheduler on this heartbeat
/// (`JobInitializationPoller`, its next pass due by the heartbeat's time).
pub fn poll_runs(m: &Moment) -> bool {
    sched_before(m).is_some_and(|c| c.next_poll <= m.rec.time_ms)
}

/// Whether the lookup `l` asks a job the question cannot show: one submitted since the stage's
/// moment, which the poller initialises before the scheduler runs. (As an active user it could
/// change a user limit only below a minimum-user-limit-percent of 100, which these kinds leave
/// at its default.)
pub fn hidden_init(m: &Moment, l: &Lookup) -> bool {
    let (from, to) = (m.before.cluster.now, m.rec.time_ms);
    let unseen: Vec<u32> = m
        .before
        .scenario
        .jobs
        .iter()
        .filter(|j| j.submit_time.is_some_and(|t| t > from && t <= to))
        .map(|j| j.id)
        .collect();
    poll_runs(m) && l.queues.iter().flat_map(|v| &v.jobs).any(|v| unseen.contains(&v.job))
}

/// With the scheduler's default limits (`maximum-initialized-active-tasks`, per user, and the
/// jobs per queue from `maximum-system-jobs`) the poller's pass initialises every PREP job: the
/// line saying so if that pass comes before the scheduler on this heartbeat.
pub fn poll_line(m: &Moment) -> Option<Bi> {
    let c = sched_before(m)?;
    let prep = m.before.cluster.jobs.values().any(|j| j.state == RunState::Prep);
    (prep && poll_runs(m)).then(|| {
        let at = super::secs(c.next_poll);
        bi(
            format!("The initialisation poller's pass at {at} comes before the scheduler: every PREP job is initialised and RUNNING."),
            format!("作业初始化线程在 {at} 的一轮先于调度器运行：每个 PREP 作业都被初始化，成为 RUNNING。"),
        )
    })
}

/// The locality wait factor a PREP job gets at initialisation: its own
/// `mapreduce.job.locality.wait.factor` (read by `JobInProgress`), or else
/// `JobInProgress.initTasks`' split hosts / cluster hosts (at most 1), computed on a copy.
fn factor_at_init(m: &Moment, id: crate::model::JobId) -> Option<f32> {
    let own = sched_before(m).and_then(|c| c.jobs.get(&id)).and_then(|i| i.extra.locality_wait_factor);
    if let Some(f) = own.filter(|f| *f != 1.0) {
        return Some(f);
    }
    let mut cluster = m.before.cluster.clone();
    cluster.init_job(id).ok()?;
    cluster.jobs.get(&id).map(|j| j.locality_wait_factor)
}

/// Which jobs with waiting maps (RUNNING or PREP) have none with input on the tracker's rack,
/// and for each such RUNNING job what `scheduleOffSwitch` reads: the scheduling opportunities
/// it missed, its locality wait factor, its maps not finished, and the cluster's trackers.
pub fn locality_lines(m: &Moment) -> Vec<Bi> {
    let tracker = &m.rec.tracker;
    let waiting = m
        .before
        .cluster
        .jobs
        .values()
        .filter(|j| matches!(j.state, RunState::Running | RunState::Prep) && j.pending_maps() > 0);
    let waiting: Vec<&crate::model::Job> = waiting.collect();
    if waiting.is_empty() {
        return Vec::new();
    }
    let far: Vec<&crate::model::Job> = waiting
        .into_iter()
        .filter(|j| waiting_input(m.before, j.id.0, tracker).is_none_or(|(n, r, _)| n + r == 0))
        .collect();
    if far.is_empty() {
        return vec![bi(
            format!("Every job with waiting maps has one with input on {tracker}'s rack."),
            format!("每个有等待 map 的作业都有输入在 {tracker} 所在机架的 map。"),
        )];
    }
    let names: Vec<String> = far.iter().map(|j| format!("J{}", j.id.0)).collect();
    let trackers = m.before.cluster.trackers.len();
    let mut out = vec![bi(
        format!(
            "{} {} no waiting map with input on {tracker}'s rack; every other job with waiting maps has one. The cluster has {trackers} trackers.",
            names.join(", "),
            if far.len() == 1 { "has" } else { "have" }
        ),
        format!(
            "{} 没有输入在 {tracker} 所在机架的等待 map；其他有等待 map 的作业都有。集群有 {trackers} 个 TaskTracker。",
            names.join("、")
        ),
    )];
    // A PREP job is asked only if the poller initialises it first (`poll_line`).
    let polled = poll_runs(m);
    for j in far.into_iter().filter(|j| j.state == RunState::Running || polled) {
        let (id, missed, left) = (j.id.0, j.num_scheduling_opportunities, maps_left(m, j.id.0));
        let (factor, zh) = if j.state == RunState::Prep {
            let f = factor_at_init(m, j.id).unwrap_or(j.locality_wait_factor);
            (format!("{f} once initialised"), format!("初始化后为 {f}"))
        } else {
            (j.locality_wait_factor.to_string(), format!("为 {}", j.locality_wait_factor))
        };
        out.push(bi(
            format!(
                "J{id} has missed {missed} scheduling opportunities; locality wait factor {factor}; {left} maps not finished after the reports."
            ),
            format!(
                "J{id} 已错过 {missed} 次调度机会；locality wait factor {zh}；汇报后还有 {left} 个 map 未完成。"
            ),
        ));
    }
    out
}
