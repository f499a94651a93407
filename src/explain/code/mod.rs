//! The code view: which lines of the mirrored Hadoop methods (`code_listings`) one heartbeat
//! ran, and the live values of their variables, computed from the heartbeat's decision record.
//! A `Focus` picks the job (or queue) whose path is shown when the method ran for several.

use super::code_listings::*;
pub use super::code_listings::{Line, METHODS, Method};
use super::{Decision, HeartbeatRecord};
use crate::model::task_selection::MapSource;
use serde::Serialize;

mod capacity;
mod fair;
mod fifo;

use crate::model::{Locality, TaskType};
use capacity::{capacity_job, comparator, first_capacity_job};
pub use fair::{allowed_level, level_branches};
use fair::{fair_assign, first_visited};
use fifo::{fifo_assign, fifo_padding};

/// Whose path to show.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Focus {
    pub job: Option<u32>,
    pub queue: Option<String>,
}

/// One variable and its value at this heartbeat.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Var {
    pub name: String,
    pub value: String,
}

/// One method as this heartbeat ran it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CodeView {
    pub method: &'static str,
    pub hadoop: &'static str,
    /// What the view is about, e.g. `J2` or `research` (none: the heartbeat as a whole).
    pub subject: Option<String>,
    /// Branch ids taken, in listing order.
    pub taken: Vec<&'static str>,
    /// Indices of the lines that ran (common lines and the taken branches).
    pub lines: Vec<usize>,
    pub vars: Vec<Var>,
}

fn var(name: &str, value: impl ToString) -> Var {
    Var { name: name.to_string(), value: value.to_string() }
}

fn view(m: &Method, subject: Option<String>, taken: Vec<&'static str>, vars: Vec<Var>) -> CodeView {
    let branches = m.branches();
    let mut taken: Vec<&'static str> = branches.into_iter().filter(|b| taken.contains(b)).collect();
    taken.dedup();
    let lines = m
        .lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.branch.is_empty() || taken.contains(&l.branch))
        .map(|(i, _)| i)
        .collect();
    CodeView { method: m.id, hadoop: m.hadoop, subject, taken, lines, vars }
}

/// The live value of a line (in either language): the condition of `if X:` / `else if X:`
/// with the variables replaced by their values, or `= value` for an assignment `name = ...`
/// whose variable is known. Variables are replaced as whole identifiers only (`n` is not the
/// `n` of `assignSlotsToQueue`), longest name first, in one pass (a value is never rewritten).
pub fn live(text: &str, vars: &[Var]) -> Option<String> {
    let cond = text.split_once("if ").and_then(|(_, c)| c.split_once(':')).map(|(x, _)| x.trim());
    if let Some(c) = cond {
        return substitute(c, vars);
    }
    let name = text.split_once(" = ").map(|(l, _)| l.trim()).filter(|l| !l.contains(' '))?;
    vars.iter().find(|v| v.name == name).map(|v| format!("= {}", v.value))
}

/// A character that continues an identifier or a field access (`job.n` is not `n`).
fn ident_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '.'
}

fn substitute(cond: &str, vars: &[Var]) -> Option<String> {
    let mut sorted: Vec<&Var> = vars.iter().filter(|v| !v.name.is_empty()).collect();
    crate::sort::sort_by_key(&mut sorted, |v| std::cmp::Reverse(v.name.len()));
    let mut out = String::new();
    let mut hit = false;
    let mut rest = cond;
    let mut prev: Option<char> = None;
    while let Some(ch) = rest.chars().next() {
        let at_start = !prev.is_some_and(ident_char);
        let found = sorted.iter().find(|v| {
            at_start
                && rest.starts_with(v.name.as_str())
                && !rest[v.name.len()..].chars().next().is_some_and(ident_char)
        });
        if let Some(v) = found {
            out.push_str(&v.value);
            prev = v.name.chars().last();
            rest = &rest[v.name.len()..];
            hit = true;
        } else {
            out.push(ch);
            prev = Some(ch);
            rest = &rest[ch.len_utf8()..];
        }
    }
    hit.then_some(out)
}

/// The listing with this id.
pub fn method(id: &str) -> Option<&'static Method> {
    METHODS.iter().find(|m| m.id == id)
}

/// Every method the heartbeat ran that has a listing, most general first.
pub fn views(rec: &HeartbeatRecord, focus: &Focus) -> Vec<CodeView> {
    let job = focus.job.or_else(|| rec.assigned.first().map(|a| a.job));
    let mut out = Vec::new();
    match &rec.decision {
        Decision::Fifo(d) => {
            out.push(fifo_assign(d));
            if let Some(p) = d.map_padding.as_ref().or(d.reduce_padding.as_ref()) {
                out.push(fifo_padding(p, if d.map_padding.is_some() { "MAP" } else { "REDUCE" }));
            }
        }
        // No Spark listing yet (issue 27 leaves the code view for later).
        Decision::LimitTasksPerJob(_) | Decision::Spark(_) => {}
        Decision::Fair(d) => {
            out.push(fair_assign(d));
            let job = job.or_else(|| first_visited(d));
            if let Some(v) = job.and_then(|j| allowed_level(rec, j)) {
                out.push(v);
            }
        }
        Decision::Capacity(d) => {
            if let Some(v) = comparator(d) {
                out.push(v);
            }
            let job = job.or_else(|| first_capacity_job(d, focus.queue.as_deref()));
            if let Some(j) = job {
                out.extend(capacity_job(d, j));
            }
        }
    }
    if let Some(v) = job.and_then(|j| jip_map(rec, j)) {
        out.push(v);
    }
    out
}

/// `findNewMapTask` for the first map `job` launched in this heartbeat.
fn jip_map(rec: &HeartbeatRecord, job: u32) -> Option<CodeView> {
    let a = rec.assigned.iter().find(|a| a.job == job && a.kind == TaskType::Map)?;
    let t = match a.source? {
        MapSource::FailedRerun => vec!["failed"],
        MapSource::Cache { level: 0 } => vec!["cache", "node"],
        MapSource::Cache { .. } => vec!["cache", "rack"],
        MapSource::OtherRack => vec!["cache", "non_local", "off_switch"],
        MapSource::NoLocation => vec!["cache", "non_local", "no_location"],
        MapSource::Speculative => vec!["speculative"],
    };
    let vars = vec![
        var("tracker", &rec.tracker),
        var("task", format!("J{} m{}#{}", a.job, a.index, a.attempt)),
        var("locality", a.locality.map_or("-", Locality::as_str)),
        var("call", a.via),
    ];
    Some(view(&JIP_MAP, Some(format!("J{job}")), t, vars))
}
