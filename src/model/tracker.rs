//! TaskTrackers as the JobTracker sees them, mirroring `TaskTrackerStatus` (slots, the tasks
//! that occupy them, `countMapTasks` / `countReduceTasks`, `getLastSeen`) and whether the
//! JobTracker still counts them (`JobTracker.taskTrackers`: lost trackers are removed).

use super::Millis;
use super::task::{AttemptId, KillReason, TaskType};
use super::topology::NodeId;
use serde::Serialize;

/// One task occupying slots on a tracker.
#[derive(Debug, Clone, Serialize)]
pub struct RunningTask {
    pub attempt: AttemptId,
    /// Slots this task takes (1, or more for high-memory tasks).
    pub slots: u32,
    /// When the attempt completes (automatic mode); `None` = until told.
    pub end_time: Option<Millis>,
    pub launch_time: Millis,
    /// An explicit kill the JobTracker decided on (`TaskInProgress.killTask`, e.g. preemption),
    /// not yet sent to the tracker.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kill_requested: Option<KillReason>,
    /// The kill was sent in a heartbeat response (`KillTaskAction`): the tracker reports the
    /// attempt KILLED at its next heartbeat. Until then it still occupies its slot.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub kill_sent: Option<KillReason>,
}

#[derive(Debug, Clone, Serialize)]
pub struct Tracker {
    /// Tracker name, e.g. `tt1` (Hadoop: `tracker_<host>:<port>`).
    pub name: String,
    pub host: String,
    pub node: NodeId,
    pub max_map_slots: u32,
    pub max_reduce_slots: u32,
    /// Tasks currently occupying slots, in launch order.
    pub running: Vec<RunningTask>,
    /// Map / reduce task counts as of this tracker's last heartbeat report.
    pub reported_maps: u32,
    pub reported_reduces: u32,
    pub last_heartbeat: Option<Millis>,
    /// Interval handed out in the last heartbeat response.
    pub next_heartbeat: Option<Millis>,
    /// When it joined the cluster (`JobTracker.addNewTracker`; its first contact).
    pub joined_ms: Millis,
    /// When the JobTracker declared it lost (`lostTaskTracker`): its slots left the cluster.
    pub lost_ms: Option<Millis>,
}

impl Tracker {
    pub fn new(name: &str, host: &str, node: NodeId, map_slots: u32, reduce_slots: u32) -> Tracker {
        Tracker {
            name: name.to_string(),
            host: host.to_string(),
            node,
            max_map_slots: map_slots,
            max_reduce_slots: reduce_slots,
            running: Vec::new(),
            reported_maps: 0,
            reported_reduces: 0,
            last_heartbeat: None,
            next_heartbeat: None,
            joined_ms: 0,
            lost_ms: None,
        }
    }

    /// In the cluster: joined and not lost.
    pub fn is_live(&self) -> bool {
        self.lost_ms.is_none()
    }

    /// `TaskTrackerStatus.getLastSeen()`: its last heartbeat, or when it joined.
    pub fn last_seen(&self) -> Millis {
        self.last_heartbeat.unwrap_or(self.joined_ms)
    }

    /// `countMapTasks()`.
    pub fn count_map_tasks(&self) -> u32 {
        self.running.iter().filter(|r| r.attempt.kind == TaskType::Map).count() as u32
    }

    /// `countReduceTasks()`.
    pub fn count_reduce_tasks(&self) -> u32 {
        self.running.iter().filter(|r| r.attempt.kind == TaskType::Reduce).count() as u32
    }

    /// `countOccupiedMapSlots()` / `countOccupiedReduceSlots()`.
    pub fn occupied_slots(&self, kind: TaskType) -> u32 {
        self.running.iter().filter(|r| r.attempt.kind == kind).map(|r| r.slots).sum()
    }

    pub fn max_slots(&self, kind: TaskType) -> u32 {
        match kind {
            TaskType::Map => self.max_map_slots,
            TaskType::Reduce => self.max_reduce_slots,
        }
    }
}
