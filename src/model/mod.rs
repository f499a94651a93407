//! The cluster as Hadoop 1.2.1's JobTracker sees it: topology, trackers, jobs and tasks.

pub mod chunked;
pub mod cluster;
pub mod job;
pub mod job_map;
pub mod map_caches;
pub mod node_lists;
pub mod task;
pub mod task_selection;
pub mod topology;
pub mod tracker;

pub use cluster::{Cluster, ClusterConf, RunningCounts};
pub use job::{Job, JobId, JobPriority, MAX_JOB_ID, RunState};
pub use job_map::JobMap;
pub use task::{AttemptId, Locality, TaskType, Tip};
pub use topology::{NodeId, Topology};
pub use tracker::Tracker;

/// Simulated time in milliseconds (the JobTracker clock).
pub type Millis = i64;
/// The latest time the clock may reach (2^50 ms, about 35,700 years): time sums stay far from
/// overflowing. Scenarios are checked against it (`scenario::limits`).
pub const MAX_TIME_MS: Millis = 1 << 50;
