//! `SchedulingAlgorithms` of the Hadoop 1.2.1 Fair Scheduler: `computeFairShares` (the
//! 25-step binary search on the weight-to-slots ratio, reproduced in the same doubles and the
//! same summation order) and the two orderings `FairShareComparator` and `FifoComparator`
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/SchedulingAlgorithms.java`).

use crate::model::{JobPriority, Millis};
use std::cmp::Ordering;

/// `SchedulingAlgorithms.COMPUTE_FAIR_SHARES_ITERATIONS`.
pub const COMPUTE_FAIR_SHARES_ITERATIONS: u32 = 25;

/// The inputs of `computeFairShares` for one `Schedulable`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ShareInput {
    /// `getDemand()` (an int in Hadoop).
    pub demand: i64,
    /// `getMinShare()` (an int; 0 for jobs).
    pub min_share: i64,
    /// `getWeight()`.
    pub weight: f64,
}

/// Java's `Math.max(double, double)`: NaN if either is NaN (Rust's `f64::max` ignores NaN).
pub fn java_max(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a >= b {
        a
    } else {
        b
    }
}

/// Java's `Math.min(double, double)`.
pub fn java_min(a: f64, b: f64) -> f64 {
    if a.is_nan() || b.is_nan() {
        f64::NAN
    } else if a <= b {
        a
    } else {
        b
    }
}

/// `computeShare(sched, w2sRatio)`: `min(max(weight × R, minShare), demand)`.
pub fn compute_share(s: &ShareInput, r: f64) -> f64 {
    let share = s.weight * r;
    let share = java_max(share, s.min_share as f64);
    java_min(share, s.demand as f64)
}

/// `slotsUsedWithWeightToSlotRatio`: the shares at ratio `r`, summed in collection order.
pub fn slots_used(items: &[ShareInput], r: f64) -> f64 {
    let mut taken = 0.0;
    for s in items {
        taken += compute_share(s, r);
    }
    taken
}

/// `SchedulingAlgorithms.computeFairShares(schedulables, totalSlots)`: one fair share per
/// input, in input order. An empty input gives an empty result.
pub fn compute_fair_shares(items: &[ShareInput], total_slots: f64) -> Vec<f64> {
    if items.is_empty() {
        return Vec::new();
    }
    let mut total_demand = 0.0;
    for s in items {
        total_demand += s.demand as f64;
    }
    let cap = java_min(total_demand, total_slots);
    let mut r_max = 1.0f64;
    // Hadoop doubles without bound; after ~1100 doublings rMax is infinite and the loop would
    // only continue on degenerate (zero-weight) input, so stop there instead of spinning.
    let mut guard = 0;
    while slots_used(items, r_max) < cap && guard < 1100 {
        r_max *= 2.0;
        guard += 1;
    }
    let mut left = 0.0f64;
    let mut right = r_max;
    for _ in 0..COMPUTE_FAIR_SHARES_ITERATIONS {
        let mid = (left + right) / 2.0;
        if slots_used(items, mid) < cap {
            left = mid;
        } else {
            right = mid;
        }
    }
    items.iter().map(|s| compute_share(s, right)).collect()
}

/// `Schedulable.getName()` without building the string: a pool's name, or a job's ID string
/// `job_<jt>_<id:04>` (compared as that string, see `SchedName::cmp_java`).
#[derive(Debug, Clone, PartialEq)]
pub enum SchedName<'a> {
    Str(std::borrow::Cow<'a, str>),
    Job { jt: &'a str, id: u32 },
}

impl From<&str> for SchedName<'_> {
    fn from(s: &str) -> Self {
        SchedName::Str(std::borrow::Cow::Owned(s.to_string()))
    }
}

impl From<String> for SchedName<'_> {
    fn from(s: String) -> Self {
        SchedName::Str(std::borrow::Cow::Owned(s))
    }
}

/// `{:04}` of `n` as bytes.
fn padded(n: u32) -> ([u8; 10], usize) {
    let mut digits = [b'0'; 10];
    let mut len = 0;
    let mut x = n;
    loop {
        digits[len] = b'0' + (x % 10) as u8;
        len += 1;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    let len = len.max(4);
    digits[..len].reverse();
    (digits, len)
}

impl SchedName<'_> {
    pub fn to_java_string(&self) -> String {
        match self {
            SchedName::Str(s) => s.to_string(),
            SchedName::Job { jt, id } => format!("job_{jt}_{id:04}"),
        }
    }
    /// Java `String.compareTo` of the two names.
    pub fn cmp_java(&self, other: &SchedName) -> Ordering {
        match (self, other) {
            (SchedName::Job { jt: a, id: x }, SchedName::Job { jt: b, id: y }) if a == b => {
                // Same prefix: the zero-padded numbers decide, compared as ASCII digits.
                let ((dx, lx), (dy, ly)) = (padded(*x), padded(*y));
                dx[..lx].cmp(&dy[..ly])
            }
            (SchedName::Str(a), SchedName::Str(b)) => java_string_cmp(a, b),
            _ => java_string_cmp(&self.to_java_string(), &other.to_java_string()),
        }
    }
}

/// What the two comparators read from a `Schedulable` (a pool or a job).
#[derive(Debug, Clone, PartialEq)]
pub struct SchedKey<'a> {
    /// `getName()`: the pool name, or the job ID string `job_<jt>_000N`.
    pub name: SchedName<'a>,
    /// Cached demand (from the last `update()`).
    pub demand: i64,
    /// Configured min share (0 for jobs).
    pub min_share: i64,
    /// Live running tasks.
    pub running: i64,
    /// Live weight.
    pub weight: f64,
    /// 0 for pools.
    pub start_time: Millis,
    /// NORMAL for pools.
    pub priority: JobPriority,
}

/// `(int) Math.signum(d)`: NaN gives 0, as in Java.
fn signum(d: f64) -> i32 {
    if d > 0.0 {
        1
    } else if d < 0.0 {
        -1
    } else {
        0
    }
}

/// Java `String.compareTo`: lexicographic by UTF-16 code unit. For ASCII text a code unit is
/// the byte, so the bytes are compared directly.
pub fn java_string_cmp(a: &str, b: &str) -> Ordering {
    if a.is_ascii() && b.is_ascii() {
        return a.as_bytes().cmp(b.as_bytes());
    }
    a.encode_utf16().cmp(b.encode_utf16())
}

/// Min share capped by demand, `min(minShare, demand)`.
pub fn effective_min_share(s: &SchedKey) -> i64 {
    s.min_share.min(s.demand)
}

/// Whether the schedulable is below its (demand-capped) min share: "needy".
pub fn is_needy(s: &SchedKey) -> bool {
    s.running < effective_min_share(s)
}

/// `SchedulingAlgorithms.FairShareComparator.compare`.
pub fn fair_share_cmp(s1: &SchedKey, s2: &SchedKey) -> Ordering {
    let min1 = effective_min_share(s1);
    let min2 = effective_min_share(s2);
    let needy1 = s1.running < min1;
    let needy2 = s2.running < min2;
    let msr1 = s1.running as f64 / java_max(min1 as f64, 1.0);
    let msr2 = s2.running as f64 / java_max(min2 as f64, 1.0);
    let twr1 = s1.running as f64 / s1.weight;
    let twr2 = s2.running as f64 / s2.weight;
    let mut res = if needy1 && !needy2 {
        -1
    } else if needy2 && !needy1 {
        1
    } else if needy1 && needy2 {
        signum(msr1 - msr2)
    } else {
        signum(twr1 - twr2)
    };
    if res == 0 {
        res = signum((s1.start_time - s2.start_time) as f64);
        if res == 0 {
            return s1.name.cmp_java(&s2.name);
        }
    }
    res.cmp(&0)
}

/// `SchedulingAlgorithms.FifoComparator.compare`: priority, start time, name.
pub fn fifo_cmp(s1: &SchedKey, s2: &SchedKey) -> Ordering {
    s1.priority.cmp(&s2.priority).then(s1.start_time.cmp(&s2.start_time)).then_with(|| s1.name.cmp_java(&s2.name))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items(v: &[(i64, i64, f64)]) -> Vec<ShareInput> {
        v.iter().map(|&(demand, min_share, weight)| ShareInput { demand, min_share, weight }).collect()
    }

    fn check(v: &[(i64, i64, f64)], total: f64, want: &[f64]) {
        let got = compute_fair_shares(&items(v), total);
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert!((g - w).abs() <= 0.01, "got {got:?}, want {want:?}");
        }
    }

    // TestComputeFairShares, one test per Hadoop method
    // (`src/contrib/fairscheduler/src/test/org/apache/hadoop/mapred/TestComputeFairShares.java`).
    #[test]
    fn equal_sharing() {
        check(&[(100, 0, 1.0), (50, 0, 1.0), (30, 0, 1.0), (20, 0, 1.0)], 40.0, &[10.0, 10.0, 10.0, 10.0]);
    }
    #[test]
    fn low_demands() {
        check(&[(100, 0, 1.0), (50, 0, 1.0), (11, 0, 1.0), (3, 0, 1.0)], 40.0, &[13.0, 13.0, 11.0, 3.0]);
    }
    #[test]
    fn min_shares() {
        check(&[(100, 20, 1.0), (10, 20, 1.0), (10, 0, 1.0), (3, 2, 1.0)], 40.0, &[20.0, 10.0, 7.0, 3.0]);
    }
    #[test]
    fn weighted_sharing() {
        check(&[(100, 0, 2.0), (50, 0, 1.0), (30, 0, 1.0), (20, 0, 0.5)], 45.0, &[20.0, 10.0, 10.0, 5.0]);
    }
    #[test]
    fn weighted_sharing_with_low_demands() {
        check(&[(10, 0, 2.0), (11, 0, 1.0), (30, 0, 1.0), (20, 0, 0.5)], 45.0, &[10.0, 11.0, 16.0, 8.0]);
    }
    #[test]
    fn weighted_sharing_with_min_shares() {
        check(&[(10, 20, 2.0), (11, 0, 1.0), (30, 5, 1.0), (20, 15, 0.5)], 45.0, &[10.0, 10.0, 10.0, 15.0]);
    }
    #[test]
    fn small_shares() {
        check(&[(10, 0, 1.0), (5, 0, 1.0), (3, 0, 1.0), (2, 0, 1.0)], 1.0, &[0.25, 0.25, 0.25, 0.25]);
    }
    #[test]
    fn large_shares() {
        let m = 1_000_000i64;
        let got = compute_fair_shares(
            &items(&[(100 * m, 0, 1.0), (50 * m, 0, 1.0), (30 * m, 0, 1.0), (20 * m, 0, 1.0)]),
            40e6,
        );
        for g in got {
            assert!((g - 10e6).abs() <= 0.01, "{g}");
        }
    }
    #[test]
    fn zero_demand() {
        check(&[(100, 0, 1.0), (50, 0, 1.0), (30, 0, 1.0), (0, 0, 1.0)], 30.0, &[10.0, 10.0, 10.0, 0.0]);
    }
    #[test]
    fn empty_list() {
        assert!(compute_fair_shares(&[], 40.0).is_empty());
    }

    /// Exact-equality values from `TestFairScheduler`
    /// (`src/contrib/fairscheduler/src/test/org/apache/hadoop/mapred/TestFairScheduler.java`).
    #[test]
    fn exact_doubles_where_hadoop_compares_exactly() {
        // testSmallJobs: one job (2 maps, 1 reduce) on 4 slots, then two jobs.
        assert_eq!(compute_fair_shares(&items(&[(2, 0, 1.0)]), 4.0), vec![2.0]);
        assert_eq!(compute_fair_shares(&items(&[(2, 0, 1.0), (1, 0, 1.0)]), 4.0), vec![2.0, 1.0]);
        // testLargeJobs: 10 + 10 on 4 slots.
        assert_eq!(compute_fair_shares(&items(&[(10, 0, 1.0), (10, 0, 1.0)]), 4.0), vec![2.0, 2.0]);
        // testLargeJobsWithPools: pools default (0), poolA (1), poolB (2) min maps on 4 slots.
        assert_eq!(compute_fair_shares(&items(&[(10, 0, 1.0), (10, 1, 1.0), (10, 2, 1.0)]), 4.0), vec![1.0, 1.0, 2.0]);
        // testSmallJobInLargePool: default 10, poolA min 4 demand 1.
        assert_eq!(compute_fair_shares(&items(&[(10, 0, 1.0), (1, 4, 1.0)]), 4.0), vec![3.0, 1.0]);
    }

    #[test]
    fn eight_thirds_is_approximate() {
        let got = compute_fair_shares(&items(&[(6, 0, 1.0), (10, 0, 1.0), (10, 0, 1.0)]), 8.0);
        for g in &got[1..] {
            assert!((g - 8.0 / 3.0).abs() < 1e-6, "{got:?}");
        }
        assert!(got.iter().sum::<f64>() >= 8.0 - 1e-9);
    }

    #[test]
    fn job_names_compare_as_their_strings() {
        let n = |id| SchedName::Job { jt: "test", id };
        for (a, b) in [(1, 2), (9, 10), (999, 1000), (9999, 10000), (10000, 9999), (123456, 99999), (5, 5), (0, 1)] {
            let want = java_string_cmp(&n(a).to_java_string(), &n(b).to_java_string());
            assert_eq!(n(a).cmp_java(&n(b)), want, "{a} vs {b}");
        }
        assert_eq!(n(7).to_java_string(), "job_test_0007");
    }

    #[test]
    fn ascii_names_compare_as_their_utf16_code_units() {
        let words = [
            "",
            "a",
            "ab",
            "abc",
            "b",
            "B",
            "default",
            "pool1",
            "pool10",
            "pool2",
            "Zeta",
            "~",
            "é",
            "a\u{10000}",
            "a\u{e000}",
        ];
        for a in words {
            for b in words {
                assert_eq!(java_string_cmp(a, b), a.encode_utf16().cmp(b.encode_utf16()), "{a:?} vs {b:?}");
            }
        }
    }

    #[test]
    fn comparator_ties_go_by_start_time_then_name() {
        let k = |name: &str, running: i64, start: Millis| SchedKey {
            name: name.into(),
            demand: 10,
            min_share: 0,
            running,
            weight: 1.0,
            start_time: start,
            priority: JobPriority::Normal,
        };
        assert_eq!(fair_share_cmp(&k("default", 0, 0), &k("pool1", 0, 0)), Ordering::Less);
        assert_eq!(fair_share_cmp(&k("poolA", 0, 0), &k("Zeta", 0, 0)), Ordering::Greater);
        assert_eq!(fair_share_cmp(&k("job_test_0002", 0, 100), &k("job_test_0001", 0, 200)), Ordering::Less);
        assert_eq!(fair_share_cmp(&k("a", 1, 0), &k("b", 0, 0)), Ordering::Greater);
        let mut needy = k("poolB", 1, 0);
        needy.min_share = 2;
        assert_eq!(fair_share_cmp(&needy, &k("default", 0, 0)), Ordering::Less);
    }
}
