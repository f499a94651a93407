//! The queues of the Capacity Scheduler: `mapred.queue.names` (`QueueManager`'s list, read by
//! `CapacityTaskScheduler.start`) and the scenario's friendly `config.queues` list, both capped
//! at `MAX_QUEUES` (`docs/scenario-format.md`, "Limits"): reading stops at the first queue past
//! the cap, and names are looked up in sets, so a hostile list costs linear time.

use super::conf::{Props, QUEUE_PREFIX};
use super::settings::{QUEUE_FIELDS, child, prop_value, set_unique};
use crate::input::json::Errs;
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// The most queues a scenario may configure.
pub const MAX_QUEUES: usize = 10_000;

/// The error for a list longer than the cap.
pub fn too_many() -> String {
    format!(
        "found more than {MAX_QUEUES} queues, expected at most {MAX_QUEUES} (SchedScope's limit: every heartbeat \
         sorts the queues); reading stopped here"
    )
}

/// `mapred.queue.names` (default `default`), comma-separated and trimmed; at most
/// `MAX_QUEUES + 1` names are read (one more than the cap says the list is too long).
pub fn queue_names(p: &Props) -> Vec<String> {
    match p.get("mapred.queue.names") {
        Some(s) if !s.trim().is_empty() => {
            s.split(',').map(str::trim).filter(|x| !x.is_empty()).take(MAX_QUEUES + 1).map(str::to_string).collect()
        }
        Some(_) => Vec::new(),
        None => vec!["default".to_string()],
    }
}

/// The configured queue names, looked up in a set (`check_queue_of`).
pub struct QueueSet<'a> {
    pub list: Vec<&'a str>,
    set: BTreeSet<&'a str>,
}

impl<'a> QueueSet<'a> {
    pub fn new(names: &'a str) -> QueueSet<'a> {
        let list: Vec<&str> = names.split(',').map(str::trim).take(MAX_QUEUES + 1).collect();
        let set = list.iter().copied().collect();
        QueueSet { list, set }
    }
    pub fn contains(&self, q: &str) -> bool {
        self.set.contains(q)
    }
}

pub(super) fn read_queues(
    v: &Value,
    path: &str,
    props: &mut Props,
    from: &mut BTreeMap<String, String>,
    errs: &mut Errs,
) -> Vec<String> {
    let mut names = Vec::new();
    let mut seen = BTreeSet::new();
    let Value::Array(list) = v else {
        errs.expected(path, v, "a list of queues like {\"name\": \"default\", \"capacity\": 100}");
        return names;
    };
    // Reading stops at the first queue past the cap.
    for (i, q) in list.iter().enumerate().take(MAX_QUEUES + 1) {
        let qp = format!("{path}[{i}]");
        if i == MAX_QUEUES {
            errs.push(&qp, too_many());
            break;
        }
        let Value::Object(m) = q else {
            errs.expected(&qp, q, "a queue object");
            continue;
        };
        let Some(name) = m.get("name").and_then(Value::as_str) else {
            errs.push(&child(&qp, "name"), "missing; expected the queue's name");
            continue;
        };
        if !seen.insert(name) {
            errs.push(&child(&qp, "name"), format!("queue {name:?} is listed twice; expected unique names"));
        }
        names.push(name.to_string());
        for (k, val) in m {
            if k == "name" {
                continue;
            }
            let suffix = QUEUE_FIELDS
                .iter()
                .find(|(f, h)| f == k || h == k || (*f == "max_capacity" && k == "maximum_capacity"))
                .map(|(_, h)| *h);
            let Some(suffix) = suffix else {
                let known = QUEUE_FIELDS.iter().map(|(f, _)| *f).chain(["name"]);
                let hint =
                    crate::input::json::suggest(k, known).map(|s| format!("; did you mean {s:?}?")).unwrap_or_default();
                errs.push(&child(&qp, k), format!("unknown queue property{hint}"));
                continue;
            };
            let p = child(&qp, k);
            if let Some(s) = prop_value(val, &p, errs) {
                set_unique(props, from, &format!("{QUEUE_PREFIX}{name}.{suffix}"), s, &p, errs);
            }
        }
    }
    names
}
