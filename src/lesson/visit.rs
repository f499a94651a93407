//! A lesson step that stops inside its heartbeat (`docs/lesson-format.md`, "visit"): which of
//! the heartbeat's visits (`explain::visit`) the step shows, named by what happens there
//! rather than by its position, so a lesson reads the same when a visit list grows:
//! `{"what": "fair_job", "job": 1}` is the first visit where J1 is asked; `"n": 2` the second.

use crate::explain::visit::{STEP_NAMES, Visit};
use crate::input::json::{Errs, Obj};
use serde::Serialize;
use serde_json::Value;

/// The visit a step shows.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct VisitPick {
    /// The visit's kind (`Step`'s name, e.g. `fair_job`, `capacity_job`, `fifo_padding`).
    pub what: String,
    /// The job asked there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub job: Option<u32>,
    /// Which of the matching visits (1 = the first).
    pub n: u32,
}

impl VisitPick {
    /// Read `"visit"` at `path`.
    pub fn read(v: &Value, path: &str, errs: &mut Errs) -> Option<VisitPick> {
        let mut o = Obj::new(v, path, errs)?;
        let what = o.str("what", errs).map(str::to_string);
        if !o.has("what") {
            errs.push(&o.path_of("what"), format!("missing; expected one of {}", STEP_NAMES.join(", ")));
        }
        if let Some(w) = &what
            && !STEP_NAMES.contains(&w.as_str())
        {
            errs.push(&o.path_of("what"), format!("found {w:?}, expected one of {}", STEP_NAMES.join(", ")));
        }
        let job = o.u64_in("job", 1, u32::MAX as u64, errs).map(|j| j as u32);
        let n = o.u64_in("n", 1, 1000, errs).unwrap_or(1) as u32;
        o.finish(errs);
        let what = what.filter(|w| STEP_NAMES.contains(&w.as_str()))?;
        Some(VisitPick { what, job, n })
    }

    /// The index of the visit it names in `visits`, if there is one.
    pub fn find(&self, visits: &[Visit]) -> Option<usize> {
        visits
            .iter()
            .enumerate()
            .filter(|(_, v)| v.step.name() == self.what && self.job.is_none_or(|j| v.job() == Some(j)))
            .nth(self.n as usize - 1)
            .map(|(i, _)| i)
    }

    /// The pick in words, for a failure: `fair_job of J1`, `the 2nd capacity_job`.
    pub fn describe(&self) -> String {
        let nth = if self.n > 1 { format!("visit {} of the kind ", self.n) } else { String::new() };
        match self.job {
            Some(j) => format!("{nth}{} of J{j}", self.what),
            None => format!("{nth}{}", self.what),
        }
    }
}
