//! A job's own failure settings, read by `JobInProgress` from the job's `JobConf` rather than
//! the cluster's (`JobConf.getMaxMapAttempts`, `getMaxReduceAttempts`,
//! `getMaxTaskFailuresPerTracker`, `getMaxMapTaskFailuresPercent`,
//! `getMaxReduceTaskFailuresPercent`): in a job object as a friendly field, or in its `conf`
//! under Hadoop's property name. Unset, the scenario's `config` value applies.

use crate::input::json::{Errs, Obj, as_u64_in, child};
use serde_json::Value;

/// (friendly job field, Hadoop property, lowest, highest): the ranges of `config`.
pub const JOB_LIMITS: [(&str, &str, u64, u64); 5] = [
    ("map_max_attempts", "mapred.map.max.attempts", 1, 100),
    ("reduce_max_attempts", "mapred.reduce.max.attempts", 1, 100),
    ("max_tracker_failures", "mapred.max.tracker.failures", 1, 1000),
    ("max_map_failures_percent", "mapred.max.map.failures.percent", 0, 100),
    ("max_reduce_failures_percent", "mapred.max.reduce.failures.percent", 0, 100),
];

/// The settings a job gives itself; `None` = the cluster-wide value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct JobLimits {
    pub map_max_attempts: Option<u32>,
    pub reduce_max_attempts: Option<u32>,
    pub max_tracker_failures: Option<u32>,
    pub max_map_failures_percent: Option<u32>,
    pub max_reduce_failures_percent: Option<u32>,
}

impl JobLimits {
    fn slot(&mut self, friendly: &str) -> &mut Option<u32> {
        match friendly {
            "map_max_attempts" => &mut self.map_max_attempts,
            "reduce_max_attempts" => &mut self.reduce_max_attempts,
            "max_tracker_failures" => &mut self.max_tracker_failures,
            "max_map_failures_percent" => &mut self.max_map_failures_percent,
            _ => &mut self.max_reduce_failures_percent,
        }
    }
}

/// Read the friendly fields of job object `o` and the Hadoop names in its `conf` (at
/// `conf_path`). A setting given both ways is an error at its `conf` path.
pub fn read(o: &mut Obj, conf: Option<&Value>, conf_path: &str, errs: &mut Errs) -> JobLimits {
    let mut l = JobLimits::default();
    for (friendly, hadoop, lo, hi) in JOB_LIMITS {
        let field = o.u64_in(friendly, lo, hi, errs).map(|n| n as u32);
        *l.slot(friendly) = field;
        let Some(v) = conf.and_then(|c| c.get(hadoop)) else { continue };
        let at = child(conf_path, hadoop);
        if o.has(friendly) {
            errs.push(&at, format!("{hadoop} is also given as the job field {friendly:?}; expected one of them"));
            continue;
        }
        if let Some(n) = as_u64_in(v, &at, lo, hi, errs) {
            *l.slot(friendly) = Some(n as u32);
        }
    }
    l
}
