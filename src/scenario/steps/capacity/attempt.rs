//! A task attempt as `TestCapacityScheduler`'s harness names it
//! (`attempt_<jt>_<job>_<m|r>_<number>_<attempt>`, the `TaskAttemptID` string form), for its
//! `finish_task` step.

use crate::model::TaskType;

/// A task attempt as Hadoop names it: `attempt_<jt>_<job>_<m|r>_<number>_<attempt>`.
#[derive(Debug, Clone, PartialEq)]
pub struct HadoopAttempt {
    /// The name as written (for messages).
    pub name: String,
    pub job: u32,
    pub kind: TaskType,
    /// The task number (the harness's launch order, or the TIP index outside the harness).
    pub number: u32,
    pub attempt: u32,
}

/// Parse `attempt_<jt>_<job>_<m|r>_<number>_<attempt>` (optionally ` on <tracker>`).
pub fn parse_attempt_name(t: &str) -> Option<(u32, TaskType, u32, u32)> {
    let name = t.split(" on ").next()?.trim();
    let parts: Vec<&str> = name.split('_').collect();
    if parts.len() < 6 || parts[0] != "attempt" {
        return None;
    }
    let l = parts.len();
    let k = match parts[l - 3] {
        "m" => TaskType::Map,
        "r" => TaskType::Reduce,
        _ => return None,
    };
    Some((parts[l - 4].parse().ok()?, k, parts[l - 2].parse().ok()?, parts[l - 1].parse().ok()?))
}
