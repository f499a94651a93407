//! What Hadoop shows: the queue "Scheduling Information" text (`CapacitySchedulerQueue.toString`
//! via `CapacityTaskScheduler.SchedulingDisplayInfo`) and the per-job scheduling info
//! (`CapacityTaskScheduler.getJobQueueSchedInfo`), character for character
//! (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerQueue.java`,
//! `CapacityTaskScheduler.java`), with Java's number formatting (`sched::java`).

use super::queue::{CapacitySchedulerQueue, SlotsUsage};
use crate::sched::common::java::{float_string, format_1f, hash_order};

/// `occupied × 100 / capacity` in float, `%.1f`; 0.0 when capacity is 0.
pub fn pct(part: i32, whole: i32) -> String {
    if whole == 0 {
        return "0.0".into();
    }
    format_1f(part as f32 * 100.0 / whole as f32)
}

fn section(out: &mut Vec<String>, title: &str, u: &SlotsUsage) {
    out.push(title.to_string());
    out.push(format!("Capacity: {} slots", u.capacity));
    if u.max_capacity >= 0 {
        out.push(format!("Maximum capacity: {} slots", u.max_capacity));
    }
    out.push(format!(
        "Used capacity: {} ({}% of Capacity)",
        u.num_slots_occupied,
        pct(u.num_slots_occupied, u.capacity)
    ));
    out.push(format!("Running tasks: {}", u.num_running_tasks));
    if u.num_slots_occupied != 0 {
        out.push("Active users:".into());
        let names: Vec<String> = u.by_user.iter().map(|(n, _)| n.clone()).collect();
        for name in hash_order(&names) {
            let slots = u.by_user.iter().find(|(n, _)| *n == name).map(|(_, s)| *s).unwrap_or(0);
            if slots > 0 {
                out.push(format!("User '{name}': {slots} ({}% of used capacity)", pct(slots, u.num_slots_occupied)));
            }
        }
    }
    out.push("-------------".into());
}

/// The queue's "Scheduling Information" lines (`CapacitySchedulerQueue.toString`).
pub fn queue_info_lines(q: &CapacitySchedulerQueue) -> Vec<String> {
    let c = &q.conf;
    let mut out = vec![
        "Queue configuration".to_string(),
        format!("Capacity Percentage: {}%", float_string(c.capacity_percent)),
        format!("User Limit: {}%", c.ul_min),
        format!("Priority Supported: {}", if c.supports_priorities { "YES" } else { "NO" }),
        "-------------".into(),
    ];
    section(&mut out, "Map tasks", &q.map);
    section(&mut out, "Reduce tasks", &q.reduce);
    out.push("Job info".into());
    out.push(format!("Number of Waiting Jobs: {}", q.waiting.len()));
    out.push(format!("Number of Initializing Jobs: {}", q.initializing.len()));
    out.push(format!("Number of users who have submitted jobs: {}", q.num_jobs_by_user.len()));
    out
}

/// The per-job text (`CapacityTaskScheduler.getJobQueueSchedInfo`).
pub fn job_sched_info(v: [i64; 6]) -> String {
    format!(
        "{} running map tasks using {} map slots. {} additional slots reserved. {} running reduce tasks using {} reduce slots. {} additional slots reserved.",
        v[0], v[1], v[2], v[3], v[4], v[5]
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn percentages_as_hadoop_prints_them() {
        assert_eq!(pct(1, 80), "1.3");
        assert_eq!(pct(2, 6), "33.3");
        assert_eq!(pct(4, 6), "66.7");
        assert_eq!(pct(2, 1), "200.0");
        assert_eq!(pct(0, 0), "0.0");
        assert_eq!(pct(1, 1), "100.0");
    }
}
