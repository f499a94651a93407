//! Configuration references: `{$.fair.properties.node_locality_delay}` names a value of the
//! lesson's scenario by its JSON path as written (`.key`, `["key.with.dots"]`, `[index]`), the
//! same paths the scenario reader reports errors with (`docs/scenario-format.md`). A number,
//! or a string holding one (Hadoop properties are strings).

use super::Val;
use serde_json::Value;

enum Seg {
    Key(String),
    Index(usize),
}

fn segments(path: &str) -> Result<Vec<Seg>, String> {
    let bad =
        |why: &str| format!("found path {path:?}: {why}; expected $.key, $.a.b, $.a[\"dotted.key\"] or $.list[0]");
    let mut rest = path.strip_prefix('$').ok_or_else(|| bad("it does not start with $"))?;
    let mut out = Vec::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix(".") {
            let end = r.find(['.', '[']).unwrap_or(r.len());
            if end == 0 {
                return Err(bad("an empty key"));
            }
            out.push(Seg::Key(r[..end].to_string()));
            rest = &r[end..];
        } else if let Some(r) = rest.strip_prefix("[\"") {
            let end = r.find("\"]").ok_or_else(|| bad("an unclosed [\""))?;
            out.push(Seg::Key(r[..end].to_string()));
            rest = &r[end + 2..];
        } else if let Some(r) = rest.strip_prefix('[') {
            let end = r.find(']').ok_or_else(|| bad("an unclosed ["))?;
            out.push(Seg::Index(r[..end].parse().map_err(|_| bad("an index that is not a number"))?));
            rest = &r[end + 1..];
        } else {
            return Err(bad("a segment that starts with neither . nor ["));
        }
    }
    if out.is_empty() {
        return Err(bad("no key"));
    }
    Ok(out)
}

fn lookup<'a>(path: &str, scenario: &'a Value) -> Result<&'a Value, String> {
    let mut at = scenario;
    let mut walked = String::from("$");
    for seg in segments(path)? {
        let next = match &seg {
            Seg::Key(k) => {
                walked.push_str(&format!(".{k}"));
                at.get(k.as_str())
            }
            Seg::Index(i) => {
                walked.push_str(&format!("[{i}]"));
                at.get(*i)
            }
        };
        at = next.ok_or_else(|| format!("the scenario has no {walked}"))?;
    }
    Ok(at)
}

pub(super) fn value(path: &str, scenario: &Value) -> Result<Val, String> {
    let v = lookup(path, scenario)?;
    match v {
        Value::Number(n) => n.as_f64().map(Val::Num),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|x| x.is_finite()).map(Val::Num),
        _ => None,
    }
    .ok_or_else(|| format!("found {v} at {path}, expected a number"))
}

pub(super) fn check(path: &str, scenario: Option<&Value>) -> Result<(), String> {
    match scenario {
        Some(s) => value(path, s).map(|_| ()),
        None => segments(path).map(|_| ()),
    }
}
