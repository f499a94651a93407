//! What Hadoop shows: the queue "Scheduling Information" text (`CapacitySchedulerQueue.toString`
//! via `CapacityTaskScheduler.SchedulingDisplayInfo`) and the per-job scheduling info
//! (`CapacityTaskScheduler.getJobQueueSchedInfo`), character for character (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerQueue.java`,
//! `CapacityTaskScheduler.java`), with
//! Java's number formatting (`Float.toString`, `String.format("%.1f")`).

use super::ordering::java_hash_order;
use super::queue::{CapacitySchedulerQueue, SlotsUsage};

/// Java `Float.toString`: shortest round-trip digits, always a fraction, exponent form below
/// 10⁻³ and from 10⁷.
pub fn java_float(v: f32) -> String {
    if v.is_nan() {
        return "NaN".into();
    }
    if v.is_infinite() {
        return if v > 0.0 { "Infinity".into() } else { "-Infinity".into() };
    }
    let a = v.abs();
    if a == 0.0 || (1e-3..1e7).contains(&a) {
        let s = format!("{v}");
        if s.contains('.') { s } else { format!("{s}.0") }
    } else {
        let s = format!("{v:e}");
        let (m, e) = s.split_once('e').unwrap_or((&s, "0"));
        let m = if m.contains('.') { m.to_string() } else { format!("{m}.0") };
        format!("{m}E{e}")
    }
}

/// Java `String.format("%.1f", (double) f)`: half-up rounding on the decimal digits of the
/// double (so 1.25 prints as 1.3).
pub fn java_1f(v: f32) -> String {
    let d = v as f64;
    let neg = d < 0.0;
    let s = format!("{}", d.abs());
    let (int, frac) = s.split_once('.').unwrap_or((&s, ""));
    let mut digits: Vec<u8> = int.bytes().map(|b| b - b'0').collect();
    let f: Vec<u8> = frac.bytes().map(|b| b - b'0').collect();
    digits.push(f.first().copied().unwrap_or(0));
    if f.get(1).copied().unwrap_or(0) >= 5 {
        let mut i = digits.len();
        loop {
            if i == 0 {
                digits.insert(0, 1);
                break;
            }
            i -= 1;
            if digits[i] == 9 {
                digits[i] = 0;
            } else {
                digits[i] += 1;
                break;
            }
        }
    }
    let n = digits.len();
    let ip: String = digits[..n - 1].iter().map(|d| (b'0' + d) as char).collect();
    let out = format!("{}.{}", ip, digits[n - 1]);
    if neg && out != "0.0" { format!("-{out}") } else { out }
}

/// `occupied × 100 / capacity` in float, `%.1f`; 0.0 when capacity is 0.
pub fn pct(part: i32, whole: i32) -> String {
    if whole == 0 {
        return "0.0".into();
    }
    java_1f(part as f32 * 100.0 / whole as f32)
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
        for name in java_hash_order(&names) {
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
        format!("Capacity Percentage: {}%", java_float(c.capacity_percent)),
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
    fn java_numbers() {
        assert_eq!(java_float(50.0), "50.0");
        assert_eq!(java_float(12.5), "12.5");
        assert_eq!(java_float(40.0), "40.0");
        assert_eq!(java_float(0.1), "0.1");
        assert_eq!(java_float(1e7), "1.0E7");
        assert_eq!(java_float(-1.0), "-1.0");
        assert_eq!(pct(1, 80), "1.3");
        assert_eq!(pct(2, 6), "33.3");
        assert_eq!(pct(4, 6), "66.7");
        assert_eq!(pct(2, 1), "200.0");
        assert_eq!(pct(0, 0), "0.0");
        assert_eq!(pct(1, 1), "100.0");
        assert_eq!(java_1f(99.96), "100.0");
    }
}
