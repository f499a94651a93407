//! Attempts as scenarios name them: the short form `J1 m0#0/node`, Hadoop's
//! `attempt_test_0001_m_000001_0 on tt1`, or an object.

use super::*;

/// Parse Hadoop's `attempt_<jt>_<job>_<m|r>_<task>_<attempt>`, optionally followed by
/// ` on <tracker>`: the attempt (task number taken as the TIP index), the name, the tracker.
pub fn parse_hadoop_name(s: &str) -> Result<(AttemptRef, String, Option<String>), String> {
    let bad = || format!("found {s:?}, expected a Hadoop attempt name like \"attempt_test_0001_m_000001_0 on tt1\"");
    let (name, on) = match s.split_once(" on ") {
        Some((n, t)) => (n.trim(), Some(t.trim().to_string())),
        None => (s.trim(), None),
    };
    let parts: Vec<&str> = name.split('_').collect();
    if parts.len() < 6 || parts[0] != "attempt" {
        return Err(bad());
    }
    let l = parts.len();
    let kind = match parts[l - 3] {
        "m" => TaskType::Map,
        "r" => TaskType::Reduce,
        _ => return Err(bad()),
    };
    let job: u32 = parts[l - 4].parse().map_err(|_| bad())?;
    let index: u32 = parts[l - 2].parse().map_err(|_| bad())?;
    let attempt: u32 = parts[l - 1].parse().map_err(|_| bad())?;
    Ok((AttemptId { job, kind, index, attempt }, name.to_string(), on))
}

/// Parse `J1 m0#0/node`, `J1 r3`, `J12 m5#1/off`.
pub fn parse_short(s: &str) -> Result<(AttemptRef, Option<Locality>), String> {
    let bad = || format!("found {s:?}, expected an attempt like \"J1 m0#0\" (optionally with /node, /rack or /off)");
    let (body, loc) = match s.split_once('/') {
        Some((b, l)) => (b, Some(Locality::parse(l.trim()).ok_or_else(bad)?)),
        None => (s, None),
    };
    let mut parts = body.split_whitespace();
    let j = parts.next().ok_or_else(bad)?;
    let t = parts.next().ok_or_else(bad)?;
    if parts.next().is_some() {
        return Err(bad());
    }
    let job: u32 = j.strip_prefix('J').and_then(|x| x.parse().ok()).ok_or_else(bad)?;
    let kind = match t.chars().next() {
        Some('m') => TaskType::Map,
        Some('r') => TaskType::Reduce,
        _ => return Err(bad()),
    };
    let rest = &t[1..];
    let (idx, att) = match rest.split_once('#') {
        Some((i, a)) => (i, a),
        None => (rest, "0"),
    };
    let index: u32 = idx.parse().map_err(|_| bad())?;
    let attempt: u32 = att.parse().map_err(|_| bad())?;
    Ok((AttemptId { job, kind, index, attempt }, loc))
}

pub(super) fn read_attempt(v: &Value, path: &str, errs: &mut Errs) -> Option<(AttemptRef, Option<Locality>)> {
    match v {
        Value::String(s) => match parse_short(s) {
            Ok(x) => Some(x),
            Err(e) => {
                errs.push(path, e);
                None
            }
        },
        Value::Object(_) => {
            let mut o = Obj::new(v, path, errs)?;
            let job = o.u64_in("job", 1, crate::scenario::MAX_JOB_ID, errs);
            if job.is_none() && !o.has("job") {
                errs.push(&o.path_of("job"), "missing; expected the job number");
            }
            let kind = match o.get("type") {
                Some(Value::String(s)) if s == "map" => Some(TaskType::Map),
                Some(Value::String(s)) if s == "reduce" => Some(TaskType::Reduce),
                Some(other) => {
                    errs.expected(&o.path_of("type"), other, "\"map\" or \"reduce\"");
                    None
                }
                None => {
                    errs.push(&o.path_of("type"), "missing; expected \"map\" or \"reduce\"");
                    None
                }
            };
            let index = o.u64_in("index", 0, u32::MAX as u64, errs);
            if index.is_none() && !o.has("index") {
                errs.push(&o.path_of("index"), "missing; expected the task index");
            }
            let attempt = o.u64_in("attempt", 0, 100_000, errs).unwrap_or(0);
            let locality = match o.get("locality") {
                None => None,
                Some(l) => match l.as_str().and_then(Locality::parse) {
                    Some(l) => Some(l),
                    None => {
                        errs.expected(&o.path_of("locality"), l, "\"node\", \"rack\" or \"off-switch\"");
                        None
                    }
                },
            };
            o.finish(errs);
            Some((AttemptId { job: job? as u32, kind: kind?, index: index? as u32, attempt: attempt as u32 }, locality))
        }
        _ => {
            errs.expected(path, v, "an attempt (\"J1 m0#0\" or {\"job\", \"type\", \"index\", \"attempt\"})");
            None
        }
    }
}
