//! Spark's locality vocabulary: `TaskLocality` (`scheduler/TaskLocality.scala`, the five
//! levels and `isAllowed`) and `TaskLocation` (`scheduler/TaskLocation.scala`: a task's
//! preferred location, read from Spark's own string forms by `TaskLocation.apply`).

use serde::Serialize;

/// `TaskLocality`: ordered `PROCESS_LOCAL < NODE_LOCAL < NO_PREF < RACK_LOCAL < ANY`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TaskLocality {
    ProcessLocal,
    NodeLocal,
    NoPref,
    RackLocal,
    Any,
}

impl TaskLocality {
    pub const ALL: [TaskLocality; 5] = [
        TaskLocality::ProcessLocal,
        TaskLocality::NodeLocal,
        TaskLocality::NoPref,
        TaskLocality::RackLocal,
        TaskLocality::Any,
    ];

    /// Spark's name, kept as it is in every language.
    pub fn as_str(self) -> &'static str {
        match self {
            TaskLocality::ProcessLocal => "PROCESS_LOCAL",
            TaskLocality::NodeLocal => "NODE_LOCAL",
            TaskLocality::NoPref => "NO_PREF",
            TaskLocality::RackLocal => "RACK_LOCAL",
            TaskLocality::Any => "ANY",
        }
    }

    /// Exactly Spark's names (`TaskLocality.withName`).
    pub fn parse(s: &str) -> Option<TaskLocality> {
        TaskLocality::ALL.into_iter().find(|l| l.as_str() == s)
    }

    /// `TaskLocality.isAllowed(constraint, condition)`: `condition <= constraint`.
    pub fn is_allowed(constraint: TaskLocality, condition: TaskLocality) -> bool {
        condition <= constraint
    }
}

/// `TaskLocation`: where a task would like to run.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum TaskLocation {
    /// `ExecutorCacheTaskLocation(host, executorId)`: the data is cached in that executor.
    ExecutorCache { host: String, executor: String },
    /// `HostTaskLocation(host)`: the data is on that host (an HDFS block, say).
    Host { host: String },
    /// `HDFSCacheTaskLocation(host)`: the block is in that host's HDFS cache.
    HdfsCache { host: String },
}

/// `TaskLocation.executorLocationTag`.
const EXECUTOR_TAG: &str = "executor_";
/// `TaskLocation.inMemoryLocationTag`.
const HDFS_CACHE_TAG: &str = "hdfs_cache_";

impl TaskLocation {
    /// `TaskLocation.apply(str)`: `hdfs_cache_<host>`, `executor_<host>_<executorId>` (split at
    /// the first `_` after the tag, so a host cannot contain `_`), or a plain host.
    pub fn parse(s: &str) -> Result<TaskLocation, String> {
        if s.is_empty() {
            return Err(
                "an empty location; expected a host, \"executor_<host>_<executor>\" or \"hdfs_cache_<host>\"".into()
            );
        }
        if let Some(host) = s.strip_prefix(HDFS_CACHE_TAG) {
            if host.is_empty() {
                return Err(format!("found {s:?}: no host after \"hdfs_cache_\""));
            }
            return Ok(TaskLocation::HdfsCache { host: host.to_string() });
        }
        if let Some(rest) = s.strip_prefix(EXECUTOR_TAG) {
            return match rest.split_once('_') {
                Some((host, exec)) if !host.is_empty() && !exec.is_empty() => {
                    Ok(TaskLocation::ExecutorCache { host: host.to_string(), executor: exec.to_string() })
                }
                _ => Err(format!(
                    "found {s:?}: illegal executor location format (TaskLocation.apply); expected \"executor_<host>_<executor>\""
                )),
            };
        }
        Ok(TaskLocation::Host { host: s.to_string() })
    }

    pub fn host(&self) -> &str {
        match self {
            TaskLocation::ExecutorCache { host, .. }
            | TaskLocation::Host { host }
            | TaskLocation::HdfsCache { host } => host,
        }
    }
}

impl std::fmt::Display for TaskLocation {
    /// The string forms of `TaskLocation.toString`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TaskLocation::ExecutorCache { host, executor } => write!(f, "{EXECUTOR_TAG}{host}_{executor}"),
            TaskLocation::Host { host } => write!(f, "{host}"),
            TaskLocation::HdfsCache { host } => write!(f, "{HDFS_CACHE_TAG}{host}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Spark's TaskSetManagerSuite "Test TaskLocation for different host type."
    #[test]
    fn string_forms() {
        assert_eq!(TaskLocation::parse("host1").unwrap(), TaskLocation::Host { host: "host1".into() });
        assert_eq!(TaskLocation::parse("hdfs_cache_host1").unwrap(), TaskLocation::HdfsCache { host: "host1".into() });
        assert_eq!(
            TaskLocation::parse("executor_host1_3").unwrap(),
            TaskLocation::ExecutorCache { host: "host1".into(), executor: "3".into() }
        );
        assert_eq!(
            TaskLocation::parse("executor_some.host1_executor_task_3").unwrap().to_string(),
            "executor_some.host1_executor_task_3"
        );
        assert!(TaskLocation::parse("executor_host1").is_err());
        assert!(TaskLocation::parse("").is_err());
        assert!(TaskLocality::is_allowed(TaskLocality::NoPref, TaskLocality::NodeLocal));
        assert!(!TaskLocality::is_allowed(TaskLocality::NodeLocal, TaskLocality::NoPref));
    }
}
