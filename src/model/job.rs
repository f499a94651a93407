//! Jobs, mirroring `org.apache.hadoop.mapred.JobInProgress` (its counters and state) together
//! with `JobStatus` run states, `JobPriority` and `JobID` ordering.

use super::Millis;
use super::chunked::Chunked;
use super::map_caches::MapCaches;
use super::task::Tip;
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;

/// `JobID`'s integer part; all jobs share one JobTracker identifier, so ordering is by number.
/// A job's TIPs: a change copies only a chunk of this many TIPs (history, see `Chunked`).
pub const TIP_CHUNK: usize = 4;
pub type Tips = Chunked<Tip, TIP_CHUNK>;

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct JobId(pub u32);

/// Job ids run from 1 to this, in a scenario (given or implicit) and in scripted steps; a
/// scenario holds at most this many jobs (`scenario::MAX_JOBS`).
pub const MAX_JOB_ID: u64 = 100_000;

impl fmt::Display for JobId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "J{}", self.0)
    }
}

/// `JobPriority`: a lower ordinal is scheduled first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum JobPriority {
    VeryHigh,
    High,
    Normal,
    Low,
    VeryLow,
}

impl JobPriority {
    pub const ALL: [JobPriority; 5] =
        [JobPriority::VeryHigh, JobPriority::High, JobPriority::Normal, JobPriority::Low, JobPriority::VeryLow];
    pub fn as_str(self) -> &'static str {
        match self {
            JobPriority::VeryHigh => "VERY_HIGH",
            JobPriority::High => "HIGH",
            JobPriority::Normal => "NORMAL",
            JobPriority::Low => "LOW",
            JobPriority::VeryLow => "VERY_LOW",
        }
    }
    pub fn parse(s: &str) -> Option<JobPriority> {
        JobPriority::ALL.into_iter().find(|p| p.as_str() == s)
    }
}

/// `JobStatus` run states.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum RunState {
    Prep,
    Running,
    Succeeded,
    Failed,
    Killed,
}

impl RunState {
    pub const ALL: [RunState; 5] =
        [RunState::Prep, RunState::Running, RunState::Succeeded, RunState::Failed, RunState::Killed];
    pub fn as_str(self) -> &'static str {
        match self {
            RunState::Prep => "PREP",
            RunState::Running => "RUNNING",
            RunState::Succeeded => "SUCCEEDED",
            RunState::Failed => "FAILED",
            RunState::Killed => "KILLED",
        }
    }
    pub fn parse(s: &str) -> Option<RunState> {
        RunState::ALL.into_iter().find(|p| p.as_str() == s)
    }
    pub fn is_terminal(self) -> bool {
        matches!(self, RunState::Succeeded | RunState::Failed | RunState::Killed)
    }
}

/// Per-job configuration read by `JobInProgress` (from the `JobConf`).
#[derive(Debug, Clone, Serialize)]
pub struct JobConf {
    pub speculative_maps: bool,
    pub speculative_reduces: bool,
    pub map_max_attempts: u32,
    pub reduce_max_attempts: u32,
    pub max_map_failures_percent: u32,
    pub max_reduce_failures_percent: u32,
    pub max_tracker_failures: u32,
    /// `mapred.reduce.slowstart.completed.maps`.
    pub slowstart: f32,
    /// Other job-conf properties (e.g. `mapred.fairscheduler.pool`), by name.
    pub props: BTreeMap<String, String>,
}

/// Job counters that the schedulers' locality shows up in (`JobInProgress.Counter`).
#[derive(Debug, Clone, Default, Serialize, PartialEq, Eq)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub struct Counters {
    pub data_local_maps: u64,
    pub rack_local_maps: u64,
    pub other_local_maps: u64,
    pub nodegroup_local_maps: u64,
    pub off_switch_maps: u64,
    pub total_launched_maps: u64,
    pub total_launched_reduces: u64,
}

impl Counters {
    pub fn get(&self, name: &str) -> Option<u64> {
        Some(match name {
            "DATA_LOCAL_MAPS" => self.data_local_maps,
            "RACK_LOCAL_MAPS" => self.rack_local_maps,
            "OTHER_LOCAL_MAPS" => self.other_local_maps,
            "NODEGROUP_LOCAL_MAPS" => self.nodegroup_local_maps,
            "OFF_SWITCH_MAPS" => self.off_switch_maps,
            "TOTAL_LAUNCHED_MAPS" => self.total_launched_maps,
            "TOTAL_LAUNCHED_REDUCES" => self.total_launched_reduces,
            _ => return None,
        })
    }
    pub const NAMES: [&'static str; 7] = [
        "DATA_LOCAL_MAPS",
        "RACK_LOCAL_MAPS",
        "OTHER_LOCAL_MAPS",
        "NODEGROUP_LOCAL_MAPS",
        "OFF_SWITCH_MAPS",
        "TOTAL_LAUNCHED_MAPS",
        "TOTAL_LAUNCHED_REDUCES",
    ];
}

/// `JobInProgress`.
#[derive(Debug, Clone, Serialize)]
pub struct Job {
    pub id: JobId,
    pub name: String,
    pub user: String,
    /// Queue (Capacity) or pool (Fair) name.
    pub queue: String,
    pub priority: JobPriority,
    /// `JobStatus.startTime`: the submission time, used for queue order.
    pub start_time: Millis,
    pub state: RunState,
    /// `tasksInited`.
    pub inited: bool,
    /// How long `initTasks` takes, and when it finished.
    pub init_ms: Millis,
    pub init_time: Option<Millis>,
    /// The TIPs, in chunks shared copy-on-write with history's checkpoints.
    pub maps: Tips,
    pub reduces: Tips,
    /// The maps were given with split locations, possibly empty ones (a job built from input
    /// splits always is; only `TestFairScheduler`'s fake job can be built without).
    pub locations_given: bool,
    /// The distinct split hosts of the maps, sorted (they never change; see `split_hosts_of`).
    pub split_hosts: std::sync::Arc<[String]>,
    /// `finishedMapTasks` / `finishedReduceTasks`. Under the Capacity harness they also count
    /// successes of TIPs already over (`ClusterConf::finish_counts_every_success`), so they may
    /// exceed the TIPs; `over_finishes` says by how much.
    pub finished_maps: u32,
    pub finished_reduces: u32,
    /// Of `finished_*` (maps, reduces): successes counted although their TIP or job was already
    /// over (only under the Capacity harness).
    #[serde(skip)]
    pub over_finishes: [u32; 2],
    pub failed_map_tips: u32,
    pub failed_reduce_tips: u32,
    /// Running attempts, speculative ones included.
    pub running_maps: u32,
    pub running_reduces: u32,
    pub speculative_maps: u32,
    pub speculative_reduces: u32,
    /// `completedMapsForReduceSlowstart`, computed in `initTasks` (0 before).
    pub completed_maps_for_reduce_slowstart: u32,
    pub conf: JobConf,
    /// `maxLevel` (`mapred.task.cache.levels`).
    pub max_level: u32,
    #[serde(skip)]
    pub caches: std::sync::Arc<MapCaches>,
    /// `trackerToFailuresMap` keyed by host, and the flaky-tracker count.
    pub tracker_failures: BTreeMap<String, u32>,
    pub flaky_trackers: u32,
    pub counters: Counters,
    /// `status.mapProgress()` / `reduceProgress()`, float32 running sums as in Hadoop.
    pub map_progress: f32,
    pub reduce_progress: f32,
    /// When every map had finished or failed (reduces in automatic mode wait for this).
    pub maps_done_time: Option<Millis>,
    pub finish_time: Option<Millis>,
    /// Capacity Scheduler hooks (`numSchedulingOpportunities`, `localityWaitFactor`).
    pub num_scheduling_opportunities: u64,
    pub locality_wait_factor: f32,
    /// Slots each map / reduce attempt occupies (high-memory jobs take more than 1).
    pub slots_per_map: u32,
    pub slots_per_reduce: u32,
    /// Some TIP of this type has had two attempts at once (a speculative copy) at some point:
    /// until then every running TIP has exactly one attempt, which makes demand a counter sum.
    #[serde(skip)]
    pub had_concurrent_attempts: [bool; 2],
}

impl Job {
    pub fn num_maps(&self) -> u32 {
        self.maps.len() as u32
    }
    pub fn num_reduces(&self) -> u32 {
        self.reduces.len() as u32
    }
    /// `desiredMaps()`.
    pub fn desired_maps(&self) -> u32 {
        self.num_maps()
    }
    pub fn desired_reduces(&self) -> u32 {
        self.num_reduces()
    }
    /// `pendingMaps()` = numMapTasks − running − failed TIPs − finished + speculative.
    pub fn pending_maps(&self) -> i64 {
        self.num_maps() as i64 - self.running_maps as i64 - self.failed_map_tips as i64 - self.finished_maps as i64
            + self.speculative_maps as i64
    }
    pub fn pending_reduces(&self) -> i64 {
        self.num_reduces() as i64
            - self.running_reduces as i64
            - self.failed_reduce_tips as i64
            - self.finished_reduces as i64
            + self.speculative_reduces as i64
    }
    /// TIPs of the type that are complete or failed (the finished count without the
    /// `over_finishes` the Capacity harness adds).
    pub fn tips_done(&self, kind: super::TaskType) -> u32 {
        match kind {
            super::TaskType::Map => self.finished_maps - self.over_finishes[0] + self.failed_map_tips,
            super::TaskType::Reduce => self.finished_reduces - self.over_finishes[1] + self.failed_reduce_tips,
        }
    }
    /// `scheduleReduces()`: finished + permanently failed maps reach the slow-start threshold.
    pub fn schedule_reduces(&self) -> bool {
        self.finished_maps + self.failed_map_tips >= self.completed_maps_for_reduce_slowstart
    }
    pub fn tips(&self, kind: super::TaskType) -> &Tips {
        match kind {
            super::TaskType::Map => &self.maps,
            super::TaskType::Reduce => &self.reduces,
        }
    }
    pub fn tips_mut(&mut self, kind: super::TaskType) -> &mut Tips {
        match kind {
            super::TaskType::Map => &mut self.maps,
            super::TaskType::Reduce => &mut self.reduces,
        }
    }
    /// Distinct split hosts of the job's maps.
    pub fn distinct_split_hosts(&self) -> usize {
        self.split_hosts.len()
    }
}

/// The distinct split hosts of `maps`, sorted.
pub fn split_hosts_of(maps: &[Tip]) -> std::sync::Arc<[String]> {
    let mut hosts: Vec<&str> = maps.iter().flat_map(|t| t.locations.iter().map(String::as_str)).collect();
    hosts.sort_unstable();
    hosts.dedup();
    hosts.into_iter().map(str::to_string).collect()
}

/// `completedMapsForReduceSlowstart = ceil(fraction * numMapTasks)` with the product in float32.
pub fn slowstart_threshold(fraction: f32, num_maps: u32) -> u32 {
    (fraction * num_maps as f32).ceil() as u32
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn slowstart_in_float32() {
        assert_eq!(slowstart_threshold(0.05, 10), 1);
        assert_eq!(slowstart_threshold(0.05, 20), 1);
        assert_eq!(slowstart_threshold(0.05, 0), 0);
        assert_eq!(slowstart_threshold(1.0, 6), 6);
    }
}
