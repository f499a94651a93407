//! The allocation file's JSON form inside a scenario (`docs/scenario-format.md`,
//! "`fair.allocations`"): Hadoop's element names as keys, each value checked as
//! `PoolManager.reloadAllocs` reads the XML element's text (`allocs.rs`).

use super::allocs::{
    Allocations, MAX_POOLS, POOL_FIELDS, PoolAlloc, TOP_FIELDS, Val, hint, parse_text, set_pool, set_top,
    too_many_pools,
};
use crate::input::json::{Errs, child, found};
use serde_json::Value;

/// The text of a JSON scalar as it would appear in the XML file.
fn json_text(v: &Value) -> Option<String> {
    match v {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

/// Parse the JSON form: `{"pools": {"poolA": {"minMaps": 1, ...}}, "users": {"u": {"maxRunningJobs": 3}},
/// "userMaxJobsDefault": 5, ...}` with Hadoop's element names.
pub fn parse_json(v: &Value, path: &str, errs: &mut Errs) -> Allocations {
    let mut a = Allocations::default();
    let Value::Object(map) = v else {
        errs.expected(path, v, "an allocation object or the XML file's text");
        return a;
    };
    let known_top: Vec<&'static str> = ["pools", "users"].into_iter().chain(TOP_FIELDS[2..].iter().copied()).collect();
    for (key, val) in map {
        let at = child(path, key);
        match key.as_str() {
            "pools" | "users" => {
                let Value::Object(entries) = val else {
                    errs.expected(&at, val, "an object mapping names to properties");
                    continue;
                };
                let is_pool = key == "pools";
                for (i, (name, props)) in entries.iter().enumerate() {
                    let pat = child(&at, name);
                    if is_pool && i == MAX_POOLS {
                        errs.push(&pat, too_many_pools());
                        break;
                    }
                    if name.trim().is_empty() {
                        errs.push(&pat, "empty name, expected a pool or user name");
                        continue;
                    }
                    let Value::Object(fields) = props else {
                        errs.expected(&pat, props, "an object of properties");
                        continue;
                    };
                    let known: &[&'static str] = if is_pool { POOL_FIELDS } else { &["maxRunningJobs"] };
                    let mut pa = PoolAlloc::default();
                    let mut user_max = None;
                    for (f, fv) in fields {
                        let fat = child(&pat, f);
                        if !known.contains(&f.as_str()) {
                            let what = if is_pool { "pool" } else { "user" };
                            errs.push(&fat, format!("unknown {what} property{}", hint(f, known)));
                            continue;
                        }
                        let Some(t) = json_text(fv) else {
                            errs.push(&fat, format!("found {}, expected a number or a string", found(fv)));
                            continue;
                        };
                        match parse_text(f, &t) {
                            Ok(Val::Int(n)) if !is_pool => user_max = Some(n),
                            Ok(val) => set_pool(&mut pa, f, val),
                            Err(m) => errs.push(&fat, m),
                        }
                    }
                    if is_pool {
                        a.add_pool(name.trim().to_string(), pa);
                    } else if let Some(n) = user_max {
                        a.set_user(name.trim().to_string(), n);
                    }
                }
            }
            k if TOP_FIELDS[2..].contains(&k) => match json_text(val) {
                Some(t) => match parse_text(k, &t) {
                    Ok(v) => set_top(&mut a, k, v),
                    Err(m) => errs.push(&at, m),
                },
                None => errs.push(&at, format!("found {}, expected a number or a string", found(val))),
            },
            k => errs.push(&at, format!("unknown allocation property{}", hint(k, &known_top))),
        }
    }
    a
}
