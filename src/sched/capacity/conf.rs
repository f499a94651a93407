//! Queue and scheduler configuration, mirroring `CapacitySchedulerConf` (the getters with their
//! defaults and checks), `CapacityTaskScheduler.parseQueues` / `start` (the start-up validation)
//! and `initializeMemoryRelatedConf`
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerConf.java`,
//! `CapacityTaskScheduler.java`).
//!
//! Everything is first reduced to Hadoop's own `name → value` properties (from an inline
//! `capacity-scheduler.xml`, from flat Hadoop keys in the scenario, or from the friendly queue
//! objects), then read exactly as Hadoop reads them, so errors carry Hadoop's wording.

use crate::sched::common::java::{float_string, parse_float, parse_long};
use std::collections::BTreeMap;

/// Prefix of every per-queue property (`CapacitySchedulerConf.QUEUE_CONF_PROPERTY_NAME_PREFIX`).
pub const QUEUE_PREFIX: &str = "mapred.capacity-scheduler.queue.";

/// Hadoop properties (`Configuration`): name → raw string value, in a deterministic map.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Props(pub BTreeMap<String, String>);

impl Props {
    pub fn get(&self, k: &str) -> Option<&str> {
        self.0.get(k).map(String::as_str)
    }
    pub fn set(&mut self, k: &str, v: &str) {
        self.0.insert(k.to_string(), v.to_string());
    }
    /// `Configuration.getFloat`: the default when unset or unparsable.
    pub fn get_float(&self, k: &str, d: f32) -> f32 {
        self.get(k).and_then(parse_float).unwrap_or(d)
    }
    pub fn get_int(&self, k: &str, d: i32) -> i32 {
        self.get(k).and_then(parse_long).and_then(|v| i32::try_from(v).ok()).unwrap_or(d)
    }
    pub fn get_long(&self, k: &str, d: i64) -> i64 {
        self.get(k).and_then(parse_long).unwrap_or(d)
    }
    pub fn get_bool(&self, k: &str, d: bool) -> bool {
        match self.get(k).map(|s| s.trim().to_ascii_lowercase()) {
            Some(s) if s == "true" => true,
            Some(s) if s == "false" => false,
            _ => d,
        }
    }

    fn queue_key(q: &str, prop: &str) -> String {
        format!("{QUEUE_PREFIX}{q}.{prop}")
    }
}

/// One queue's configuration and its derived limits (`CapacitySchedulerQueue.initializeQueue`).
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct QueueConf {
    pub name: String,
    pub capacity_percent: f32,
    /// −1 = no maximum.
    pub max_capacity_percent: f32,
    pub supports_priorities: bool,
    pub ul_min: i32,
    pub ul_min_factor: f32,
    pub max_active_tasks: i32,
    pub max_active_tasks_per_user: i32,
    pub init_to_accept_factor: i32,
    pub max_jobs_to_init: i32,
    pub max_jobs_per_user_to_init: i32,
    pub max_jobs_to_accept: i32,
    pub max_jobs_per_user_to_accept: i32,
}

/// Memory settings read by `initializeMemoryRelatedConf` (MB; −1 = unset).
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct MemoryConf {
    pub map_slot_mb: i64,
    pub reduce_slot_mb: i64,
    pub max_map_mb: i64,
    pub max_reduce_mb: i64,
}

impl MemoryConf {
    /// `MemoryMatcher.isSchedulingBasedOnMemEnabled`: all four values set.
    pub fn enabled(&self) -> bool {
        self.map_slot_mb != -1 && self.reduce_slot_mb != -1 && self.max_map_mb != -1 && self.max_reduce_mb != -1
    }
}

/// `JobConf.normalizeMemoryConfigValue`: negative → −1.
fn norm_mem(v: i64) -> i64 {
    if v < 0 { -1 } else { v }
}

/// `CapacityTaskScheduler.initializeMemoryRelatedConf`.
pub fn memory_conf(p: &Props) -> MemoryConf {
    let map_slot_mb = norm_mem(p.get_long("mapred.cluster.map.memory.mb", -1));
    let reduce_slot_mb = norm_mem(p.get_long("mapred.cluster.reduce.memory.mb", -1));
    let (max_map_mb, max_reduce_mb) = if p.get("mapred.task.limit.maxvmem").is_some() {
        let v = p.get_long("mapred.task.limit.maxvmem", -1);
        if v < 0 { (-1, -1) } else { (v / (1024 * 1024), v / (1024 * 1024)) }
    } else {
        (
            norm_mem(p.get_long("mapred.cluster.max.map.memory.mb", -1)),
            norm_mem(p.get_long("mapred.cluster.max.reduce.memory.mb", -1)),
        )
    };
    MemoryConf { map_slot_mb, reduce_slot_mb, max_map_mb, max_reduce_mb }
}

/// Scheduler-wide settings.
#[derive(Debug, Clone, PartialEq, serde::Serialize)]
pub struct SchedulerConf {
    pub max_system_jobs: i32,
    pub poll_interval_ms: i64,
    pub worker_threads: i32,
    pub max_tasks_per_heartbeat: i32,
    pub max_tasks_after_offswitch: i32,
    pub memory: MemoryConf,
}

/// The result of a successful start: queues in `mapred.queue.names` order.
#[derive(Debug, Clone, PartialEq)]
pub struct Started {
    pub queues: Vec<QueueConf>,
    pub sched: SchedulerConf,
}

/// `CapacitySchedulerConf.getCapacity`: `None` when unset.
fn get_capacity(p: &Props, q: &str) -> Result<Option<f32>, String> {
    let key = Props::queue_key(q, "capacity");
    if p.get(&key).is_none() {
        return Ok(None);
    }
    let v = p.get_float(&key, -1.0);
    if !(0.0..=100.0).contains(&v) {
        return Err(format!(
            "java.lang.IllegalArgumentException: Illegal capacity for queue {q} of {}",
            float_string(v)
        ));
    }
    Ok(Some(v))
}

/// `CapacitySchedulerConf.getMaxCapacity`.
fn get_max_capacity(p: &Props, q: &str) -> Result<f32, String> {
    let mut v = p.get_float(&Props::queue_key(q, "maximum-capacity"), -1.0);
    if v <= 0.0 {
        v = -1.0;
    }
    if v > 100.0 {
        return Err(format!(
            "java.lang.IllegalArgumentException: Illegal maximum-capacity for queue {q} of {}",
            float_string(v)
        ));
    }
    let cap = get_capacity(p, q)?.unwrap_or(-1.0);
    if v != -1.0 && v < cap {
        return Err(format!(
            "java.lang.IllegalArgumentException: maximum-capacity {} for a queue should be greater than or equal to capacity ",
            float_string(v)
        ));
    }
    Ok(v)
}

/// Read one queue (`new CapacitySchedulerQueue(name, conf)` → `initializeQueue`).
pub fn read_queue(p: &Props, q: &str, max_system_jobs: i32) -> Result<QueueConf, String> {
    let supports_priorities = p.get_bool(
        &Props::queue_key(q, "supports-priority"),
        p.get_bool("mapred.capacity-scheduler.default-supports-priority", false),
    );
    let capacity_percent = get_capacity(p, q)?.unwrap_or(-1.0);
    let max_capacity_percent = get_max_capacity(p, q)?;
    let ul_min = p.get_int(
        &Props::queue_key(q, "minimum-user-limit-percent"),
        p.get_int("mapred.capacity-scheduler.default-minimum-user-limit-percent", 100),
    );
    if ul_min <= 0 || ul_min > 100 {
        return Err(format!("java.lang.IllegalArgumentException: Invalid user limit : {ul_min} for queue : {q}"));
    }
    let ul_min_factor = p.get_float(
        &Props::queue_key(q, "user-limit-factor"),
        p.get_float("mapred.capacity-scheduler.default-user-limit-factor", 1.0),
    );
    let max_active_tasks = p.get_int(
        &Props::queue_key(q, "maximum-initialized-active-tasks"),
        p.get_int("mapred.capacity-scheduler.default-maximum-active-tasks-per-queue", 200_000),
    );
    let max_active_tasks_per_user = p.get_int(
        &Props::queue_key(q, "maximum-initialized-active-tasks-per-user"),
        p.get_int("mapred.capacity-scheduler.default-maximum-active-tasks-per-user", 100_000),
    );
    let init_to_accept_factor = p.get_int(
        &Props::queue_key(q, "init-accept-jobs-factor"),
        p.get_int("mapred.capacity-scheduler.default-init-accept-jobs-factor", 10),
    );
    if init_to_accept_factor <= 0 {
        return Err(format!(
            "java.lang.IllegalArgumentException: Invalid maximum jobs per user configuration {init_to_accept_factor}"
        ));
    }
    // maxSystemJobs × capacityPercent is a float product; the rest in double.
    let prod = (max_system_jobs as f32 * capacity_percent) as f64;
    let max_jobs_to_init = (prod / 100.0).ceil() as i32;
    let max_jobs_per_user_to_init = (prod / 100.0 * ul_min as f64 / 100.0).ceil() as i32;
    let max_jobs_to_accept = max_jobs_to_init.wrapping_mul(init_to_accept_factor);
    let max_jobs_per_user_to_accept = max_jobs_per_user_to_init.wrapping_mul(init_to_accept_factor);
    if max_active_tasks < max_active_tasks_per_user
        || max_jobs_to_init < max_jobs_per_user_to_init
        || max_jobs_to_accept < max_jobs_per_user_to_accept
    {
        return Err(format!("java.lang.IllegalArgumentException: Illegal queue configuration for queue '{q}'"));
    }
    Ok(QueueConf {
        name: q.to_string(),
        capacity_percent,
        max_capacity_percent,
        supports_priorities,
        ul_min,
        ul_min_factor,
        max_active_tasks,
        max_active_tasks_per_user,
        init_to_accept_factor,
        max_jobs_to_init,
        max_jobs_per_user_to_init,
        max_jobs_to_accept,
        max_jobs_per_user_to_accept,
    })
}

/// `CapacitySchedulerConf.getMaxSystemJobs` and the other scheduler-wide getters.
pub fn read_scheduler(p: &Props) -> Result<SchedulerConf, String> {
    let max_system_jobs = p.get_int("mapred.capacity-scheduler.maximum-system-jobs", 5000);
    if max_system_jobs <= 0 {
        return Err(format!("java.lang.IllegalArgumentException: Invalid maximum system jobs: {max_system_jobs}"));
    }
    Ok(SchedulerConf {
        max_system_jobs,
        poll_interval_ms: p.get_long("mapred.capacity-scheduler.init-poll-interval", 3000),
        worker_threads: p.get_int("mapred.capacity-scheduler.init-worker-threads", 5),
        max_tasks_per_heartbeat: p.get_int("mapred.capacity-scheduler.maximum-tasks-per-heartbeat", i16::MAX as i32),
        max_tasks_after_offswitch: p.get_int("mapred.capacity-scheduler.maximum-tasks-after-offswitch", 0),
        memory: memory_conf(p),
    })
}

/// `CapacityTaskScheduler.start`: parse the queues (`parseQueues`), check the capacity sum,
/// then the poller settings (`JobInitializationPoller.init`). The error text is Hadoop's,
/// prefixed with the exception class.
pub fn start(p: &Props) -> Result<Started, String> {
    let sched = read_scheduler(p)?;
    let names = super::queue_list::queue_names(p);
    if names.len() > super::queue_list::MAX_QUEUES {
        return Err(super::queue_list::too_many());
    }
    if names.is_empty() {
        return Err("java.lang.IllegalStateException: System has no queue configured".into());
    }
    let mut total: f32 = 0.0;
    let mut queues = Vec::new();
    for q in &names {
        let cap = get_capacity(p, q)?;
        let Some(cap) = cap else {
            return Err(format!("java.io.IOException: Queue '{q}' doesn't have configured capacity!"));
        };
        total += cap;
        queues.push(read_queue(p, q, sched.max_system_jobs)?);
    }
    if total.floor() != 100.0 {
        return Err(format!(
            "java.lang.IllegalArgumentException: Sum of queue capacities not 100% at {}",
            float_string(total)
        ));
    }
    if sched.poll_interval_ms <= 0 {
        return Err(format!(
            "java.lang.IllegalArgumentException: Invalid initializater poller interval {}",
            sched.poll_interval_ms
        ));
    }
    if sched.worker_threads <= 0 {
        return Err(format!(
            "java.lang.IllegalArgumentException: Invalid initializater worker thread number {}",
            sched.worker_threads
        ));
    }
    Ok(Started { queues, sched })
}

/// The bare message of an error (without the Java exception class), as the tests compare it.
pub fn bare_message(e: &str) -> &str {
    for prefix in ["java.lang.IllegalArgumentException: ", "java.lang.IllegalStateException: ", "java.io.IOException: "]
    {
        if let Some(rest) = e.strip_prefix(prefix) {
            return rest;
        }
    }
    e
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(pairs: &[(&str, &str)]) -> Props {
        let mut p = Props::default();
        for (k, v) in pairs {
            p.set(k, v);
        }
        p
    }

    #[test]
    fn defaults_of_the_shipped_file() {
        let p = props(&[("mapred.capacity-scheduler.queue.default.capacity", "100")]);
        let s = start(&p).unwrap();
        let q = &s.queues[0];
        assert_eq!(
            (q.capacity_percent, q.max_capacity_percent, q.ul_min, q.supports_priorities),
            (100.0, -1.0, 100, false)
        );
        assert_eq!(s.sched.max_system_jobs, 5000);
        assert_eq!(q.max_jobs_to_init, 5000);
        assert_eq!(s.sched.max_tasks_per_heartbeat, 32767);
    }

    #[test]
    fn hadoop_error_messages() {
        let base = [("mapred.queue.names", "default,q1"), ("mapred.capacity-scheduler.queue.default.capacity", "50")];
        let e = start(&props(&base)).unwrap_err();
        assert_eq!(e, "java.io.IOException: Queue 'q1' doesn't have configured capacity!");
        let mut p = props(&base);
        p.set("mapred.capacity-scheduler.queue.q1.capacity", "40");
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Sum of queue capacities not 100% at 90.0");
        p.set("mapred.capacity-scheduler.queue.q1.capacity", "50");
        p.set("mapred.capacity-scheduler.queue.q1.maximum-capacity", "40");
        assert_eq!(
            bare_message(&start(&p).unwrap_err()),
            "maximum-capacity 40.0 for a queue should be greater than or equal to capacity "
        );
        p.set("mapred.capacity-scheduler.queue.q1.maximum-capacity", "140");
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Illegal maximum-capacity for queue q1 of 140.0");
        p.set("mapred.capacity-scheduler.queue.q1.maximum-capacity", "-1");
        p.set("mapred.capacity-scheduler.queue.q1.minimum-user-limit-percent", "-50");
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Invalid user limit : -50 for queue : q1");
        p.set("mapred.capacity-scheduler.queue.q1.minimum-user-limit-percent", "50");
        p.set("mapred.capacity-scheduler.queue.q1.capacity", "150");
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Illegal capacity for queue q1 of 150.0");
        p.set("mapred.capacity-scheduler.queue.q1.capacity", "50.9");
        assert!(start(&p).is_ok(), "a total in [100, 101) is accepted");
        p.set("mapred.capacity-scheduler.init-poll-interval", "0");
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Invalid initializater poller interval 0");
        p.set("mapred.capacity-scheduler.init-poll-interval", "1");
        p.set("mapred.capacity-scheduler.maximum-system-jobs", "0");
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Invalid maximum system jobs: 0");
        let p = props(&[("mapred.queue.names", " ")]);
        assert_eq!(bare_message(&start(&p).unwrap_err()), "System has no queue configured");
    }

    #[test]
    fn illegal_queue_configuration() {
        let p = props(&[
            ("mapred.capacity-scheduler.queue.default.capacity", "100"),
            ("mapred.capacity-scheduler.queue.default.maximum-initialized-active-tasks", "10"),
            ("mapred.capacity-scheduler.queue.default.maximum-initialized-active-tasks-per-user", "20"),
        ]);
        assert_eq!(bare_message(&start(&p).unwrap_err()), "Illegal queue configuration for queue 'default'");
    }

    #[test]
    fn deprecated_maxvmem_is_bytes() {
        let p = props(&[("mapred.task.limit.maxvmem", "3145728")]);
        let m = memory_conf(&p);
        assert_eq!((m.max_map_mb, m.max_reduce_mb), (3, 3));
    }
}
