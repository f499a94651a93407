//! What a scheduler's `assignTasks` returns besides its own decision record: the tasks
//! assigned (`Assignment`, in the shape of `schedscope run --json`), and for the job-queue
//! schedulers each job as it was seen (`JobLine`) and why it got no task (`Why`).

use crate::model::cluster::Launched;
use crate::model::task_selection::NoTask;
use crate::model::{AttemptId, JobPriority, Locality, Millis, RunState, TaskType};
use serde::Serialize;

/// Serialise an `f32` of a decision record as the `f64` nearest to its shortest decimal
/// (Hadoop's float properties are `f32`: `0.01f32` is written `0.01`, never
/// `0.009999999776482582`). JSON writers print the same digits either way, and a browser
/// reading the record (the JavaScript API, `serde-wasm-bindgen`, where every number is an
/// `f64`) gets `0.01` too, so a record reads the same from the CLI and from JavaScript.
pub fn f32_as_decimal<S: serde::Serializer>(v: &f32, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(v.to_string().parse().unwrap_or(f64::from(*v)))
}

/// One assignment, in the shape of `schedscope run --json`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Assignment {
    pub job: u32,
    #[serde(rename = "type")]
    pub kind: TaskType,
    pub index: u32,
    pub attempt: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub locality: Option<Locality>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub level: Option<u32>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub speculative: bool,
    /// The Hadoop call that produced it, e.g. `obtainNewNodeOrRackLocalMapTask`.
    pub via: &'static str,
    /// Where `findNewMapTask` found it (maps only).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source: Option<crate::model::task_selection::MapSource>,
}

impl Assignment {
    pub fn from_launched(l: &Launched, via: &'static str) -> Assignment {
        Assignment {
            job: l.attempt.job,
            kind: l.attempt.kind,
            index: l.attempt.index,
            attempt: l.attempt.attempt,
            locality: l.locality,
            level: l.level,
            speculative: l.speculative,
            via,
            source: l.source,
        }
    }
    pub fn attempt_id(&self) -> AttemptId {
        AttemptId { job: self.job, kind: self.kind, index: self.index, attempt: self.attempt }
    }
}

/// A job as the scheduler saw it, in the order it considered jobs.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct JobLine {
    pub job: u32,
    pub name: String,
    pub priority: JobPriority,
    pub start_time: Millis,
    pub state: RunState,
    pub desired_maps: u32,
    pub finished_maps: u32,
    pub running_maps: u32,
    pub desired_reduces: u32,
    pub finished_reduces: u32,
    pub running_reduces: u32,
}

/// Why a job received no (more) task in this heartbeat.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "reason")]
pub enum Why {
    /// The job is not RUNNING (PREP jobs sit in the queue; finished ones wait to leave it).
    NotRunning { state: RunState },
    /// The job itself had nothing for this tracker (see `NoTask`).
    NoTask { detail: NoTask },
    /// Only non-local maps are left, and this heartbeat already launched its off-switch map.
    OffSwitchUsed,
    /// Map assignment stopped before this job's turn.
    NotReached,
    /// Padding is exceeded: only the first job that yields a task is served.
    PaddingOnlyFirst,
    /// Slow start: not enough maps finished for reduces to start.
    SlowStart { done: u32, needed: u32 },
    /// The job has no reduces.
    NoReduces,
    /// This heartbeat's one reduce went to an earlier job in the queue.
    ReduceTaken { by: u32 },
    /// `LimitTasksPerJob`: the job is at its running-task cap.
    AtTaskCap { running: u32, cap: u64 },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assignment(kind: TaskType, locality: Option<Locality>) -> Assignment {
        Assignment {
            job: 2,
            kind,
            index: 3,
            attempt: 0,
            locality,
            level: locality.map(|_| 2),
            speculative: false,
            via: "obtainNewNonLocalMapTask",
            source: None,
        }
    }

    /// The enums write the strings `run --json` has always written, and read them back.
    #[test]
    fn kind_and_locality_round_trip_through_serde() {
        for (l, text) in [(Locality::Node, "node"), (Locality::Rack, "rack"), (Locality::OffSwitch, "off-switch")] {
            let v = serde_json::to_value(assignment(TaskType::Map, Some(l))).unwrap();
            assert_eq!(v["type"], "map");
            assert_eq!(v["locality"], text);
            assert_eq!(serde_json::from_value::<Locality>(v["locality"].clone()).unwrap(), l);
            assert_eq!(serde_json::from_value::<TaskType>(v["type"].clone()).unwrap(), TaskType::Map);
            assert_eq!(l.to_string(), text);
        }
        let v = serde_json::to_value(assignment(TaskType::Reduce, None)).unwrap();
        assert_eq!(v["type"], "reduce");
        assert!(v.get("locality").is_none(), "{v}");
        assert_eq!(serde_json::from_value::<TaskType>(v["type"].clone()).unwrap(), TaskType::Reduce);
        assert!(serde_json::from_str::<Locality>("\"offswitch\"").is_err());
        assert!(serde_json::from_str::<TaskType>("\"Map\"").is_err());
    }

    #[test]
    fn the_attempt_id_keeps_the_kind() {
        assert_eq!(assignment(TaskType::Reduce, None).attempt_id().kind, TaskType::Reduce);
        assert_eq!(assignment(TaskType::Map, Some(Locality::Rack)).attempt_id().kind, TaskType::Map);
    }
}
