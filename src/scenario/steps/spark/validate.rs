//! The static cross-check of a Spark scenario's steps (`docs/scenario-format.md`, "Spark
//! steps"): a task set is named only after it was submitted, once, and a task index is within it.

use super::SparkStep;
use crate::input::json::{Errs, child};

/// Task sets named by steps exist by then (submitted earlier, once), and task indices are
/// within them. `steps`: each Spark step with its JSON path, in order.
pub fn validate<'a>(steps: impl Iterator<Item = (&'a str, &'a SparkStep)>, errs: &mut Errs) {
    let mut sets: Vec<(String, usize)> = Vec::new();
    let check = |sets: &Vec<(String, usize)>, path: &str, ts: &Option<String>, idx: Option<usize>, errs: &mut Errs| {
        let Some(id) = ts else { return };
        match sets.iter().find(|(s, _)| s == id) {
            None => errs.push(
                &child(path, "task_set"),
                format!(
                    "found {id:?}, which no earlier submit_task_set submitted; expected \"<stage>.<attempt>\" of one"
                ),
            ),
            Some((_, n)) => {
                if let Some(i) = idx.filter(|i| i >= n) {
                    errs.push(
                        &child(path, "index"),
                        format!("found {i}, expected a task index of {id} (0 to {})", n - 1),
                    );
                }
            }
        }
    };
    for (path, sp) in steps {
        match sp {
            SparkStep::SubmitTaskSet { stage, attempt, tasks, .. } => {
                let id = format!("{stage}.{attempt}");
                if sets.iter().any(|(x, _)| *x == id) {
                    errs.push(
                        &child(path, "stage"),
                        format!("task set {id} is submitted twice; expected a new stage or attempt"),
                    );
                }
                sets.push((id, tasks.len()));
            }
            SparkStep::ResourceOffer { task_set, expect, .. } => {
                let idx = expect.as_ref().and_then(|e| e.as_ref()).map(|e| e.index);
                check(&sets, path, task_set, None, errs);
                if let (Some(i), Some(id)) =
                    (idx, task_set.as_ref().or(if sets.len() == 1 { Some(&sets[0].0) } else { None }))
                {
                    if let Some((_, n)) = sets.iter().find(|(x, _)| x == id) {
                        if i >= *n {
                            errs.push(
                                &child(&child(path, "expect"), "index"),
                                format!("found {i}, expected a task index of {id} (0 to {})", n - 1),
                            );
                        }
                    }
                }
            }
            SparkStep::FinishTask { task_set, index }
            | SparkStep::FailTask { task_set, index, .. }
            | SparkStep::Speculate { task_set, index }
            | SparkStep::ExcludeTask { task_set, index, .. } => check(&sets, path, task_set, Some(*index), errs),
            SparkStep::SetZombie { task_set, .. }
            | SparkStep::ExcludeNode { task_set, .. }
            | SparkStep::ExcludeExecutor { task_set, .. }
            | SparkStep::ExpectLevels { task_set, .. }
            | SparkStep::ExpectLevel { task_set, .. }
            | SparkStep::ExpectTaskSet { task_set, .. } => check(&sets, path, task_set, None, errs),
            SparkStep::AddExecutor { .. }
            | SparkStep::LoseExecutor { .. }
            | SparkStep::DecommissionExecutor { .. }
            | SparkStep::OfferRound { .. } => {}
        }
    }
}
