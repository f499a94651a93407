//! The values a lesson step is about (`keys` in the lesson file, `docs/lesson-format.md`):
//! the allowed level, the time waited, a queue's used/capacity, the padding verdict, the
//! tracker's budget… The page marks the elements that show them with `data-key` and draws them
//! large enough for the back row of a lecture room; `tests/e2e/room.test.mjs` measures them.
//! A key names a kind of value the stage (or a step's figures) draws, so a step can only name
//! keys its scheduler's stage shows: that is checked when the lesson is read.

use std::fmt;
use std::str::FromStr;

use crate::scenario::SchedulerKind;

/// One kind of value on the stage or in a step's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Key {
    /// The stage header's busy / total slot counts.
    Slots,
    /// A job chip: its state, queue or pool, and allowed level.
    Jobs,
    /// Fair: the focus job's allowed level on the NODE › RACK › ANY ladder.
    FairLevel,
    /// Fair: the time the focus job has waited (`FairScheduler.JobInfo.timeWaitedForLocalMap`).
    FairWaited,
    /// Fair: the locality delays the wait is compared with (node, node + rack).
    FairDelays,
    /// Fair: each pool's running, demand, minimum and fair share.
    FairPools,
    /// Capacity: each queue's used / capacity ratio, the order's key.
    CapacityRatio,
    /// Capacity: each user's slots against the user limit.
    CapacityUserLimit,
    /// FIFO: the padding check's sum and verdict (`exceededPadding`).
    FifoPadding,
    /// FIFO: the heartbeating tracker's load-factor cap (`trackerCurrentMapCapacity`).
    FifoLoadCap,
    /// The heartbeating tracker's budget: maps given, the one off-switch map, the one reduce
    /// (FIFO); tasks given against the per-heartbeat maximum (Capacity).
    Budget,
    /// Spark: the task set's allowed locality level on its ladder.
    SparkLevel,
    /// Spark: the time waited against `spark.locality.wait`.
    SparkWait,
    /// A compare or sweep step: the figures' table values.
    Figure,
}

/// Every key, in the order the format lists them.
pub const ALL: [Key; 14] = [
    Key::Slots,
    Key::Jobs,
    Key::FairLevel,
    Key::FairWaited,
    Key::FairDelays,
    Key::FairPools,
    Key::CapacityRatio,
    Key::CapacityUserLimit,
    Key::FifoPadding,
    Key::FifoLoadCap,
    Key::Budget,
    Key::SparkLevel,
    Key::SparkWait,
    Key::Figure,
];

impl Key {
    /// The token the lesson file writes and the page's `data-key` carries.
    pub fn as_str(self) -> &'static str {
        match self {
            Key::Slots => "slots",
            Key::Jobs => "jobs",
            Key::FairLevel => "fair.level",
            Key::FairWaited => "fair.waited",
            Key::FairDelays => "fair.delays",
            Key::FairPools => "fair.pools",
            Key::CapacityRatio => "capacity.ratio",
            Key::CapacityUserLimit => "capacity.user_limit",
            Key::FifoPadding => "fifo.padding",
            Key::FifoLoadCap => "fifo.load_cap",
            Key::Budget => "budget",
            Key::SparkLevel => "spark.level",
            Key::SparkWait => "spark.wait",
            Key::Figure => "figure",
        }
    }

    /// Whether the stage of `scheduler` draws this key (`view` "stage"); `Figure` is drawn by
    /// compare and sweep steps only, and every other key by the stage only.
    pub fn drawn_by(self, scheduler: SchedulerKind, view: &str) -> bool {
        use SchedulerKind::*;
        if view != "stage" {
            return self == Key::Figure;
        }
        match self {
            Key::Slots | Key::Jobs => true,
            Key::FairLevel | Key::FairWaited | Key::FairDelays | Key::FairPools => scheduler == Fair,
            Key::CapacityRatio | Key::CapacityUserLimit => scheduler == Capacity,
            Key::FifoPadding | Key::FifoLoadCap => matches!(scheduler, Fifo | LimitTasksPerJob),
            Key::Budget => matches!(scheduler, Fifo | LimitTasksPerJob | Capacity),
            Key::SparkLevel | Key::SparkWait => scheduler == Spark,
            Key::Figure => false,
        }
    }

    fn bit(self) -> u16 {
        1 << (self as u16)
    }
}

impl fmt::Display for Key {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Key {
    type Err = String;

    fn from_str(s: &str) -> Result<Key, String> {
        ALL.iter().copied().find(|k| k.as_str() == s).ok_or_else(|| {
            format!("found {s:?}, expected one of {}", ALL.iter().map(|k| k.as_str()).collect::<Vec<_>>().join(", "))
        })
    }
}

impl serde::Serialize for Key {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A step's keys as a set the page's components compare cheaply.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Keys(u16);

impl Keys {
    pub fn of(keys: &[Key]) -> Keys {
        Keys(keys.iter().fold(0, |acc, k| acc | k.bit()))
    }

    pub fn has(self, k: Key) -> bool {
        self.0 & k.bit() != 0
    }

    /// The `data-key` attribute of an element showing `k`: its token when the step names it.
    pub fn attr(self, k: Key) -> Option<&'static str> {
        self.has(k).then(|| k.as_str())
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_key_reads_back_and_fits_the_set() {
        assert!(ALL.len() <= 16);
        for k in ALL {
            assert_eq!(k.as_str().parse::<Key>(), Ok(k));
            assert!(Keys::of(&[k]).has(k));
            assert_eq!(Keys::of(&[k]).attr(k), Some(k.as_str()));
        }
        assert!("fair.wait".parse::<Key>().unwrap_err().contains("fair.waited"));
        let some = Keys::of(&[Key::FairLevel, Key::Budget]);
        assert!(some.has(Key::Budget) && !some.has(Key::FairWaited));
    }

    #[test]
    fn keys_belong_to_the_stage_that_draws_them() {
        assert!(Key::FairWaited.drawn_by(SchedulerKind::Fair, "stage"));
        assert!(!Key::FairWaited.drawn_by(SchedulerKind::Capacity, "stage"));
        assert!(Key::Budget.drawn_by(SchedulerKind::Capacity, "stage"));
        assert!(Key::Figure.drawn_by(SchedulerKind::Fair, "compare"));
        assert!(!Key::Slots.drawn_by(SchedulerKind::Fair, "sweep"));
    }
}
