//! The allocation file of the Fair Scheduler (`fair-scheduler.xml`, named by
//! `mapred.fairscheduler.allocation.file`), as `PoolManager.reloadAllocs` reads it
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/PoolManager.java`):
//! accepted in Hadoop's own XML or as the equivalent JSON object inside a scenario.
//!
//! Parsing is all-or-nothing, as in Hadoop. SchedScope is stricter than Hadoop in one way: an
//! unknown element (Hadoop ignores unknown pool sub-elements and only warns about unknown
//! top-level ones), a negative number, a zero weight or a pool declared twice is an error with
//! its line and column, so a typo cannot silently change a lesson.

use crate::input::json::{Errs, child, found, suggest};
use serde::Serialize;
use serde_json::Value;

/// A pool's scheduling mode (`SchedulingMode`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum SchedulingMode {
    Fair,
    Fifo,
}

impl SchedulingMode {
    /// `PoolManager.parseSchedulingMode`: case-insensitive `fair` / `fifo`.
    pub fn parse(s: &str) -> Option<SchedulingMode> {
        match s.trim().to_ascii_lowercase().as_str() {
            "fair" => Some(SchedulingMode::Fair),
            "fifo" => Some(SchedulingMode::Fifo),
            _ => None,
        }
    }
    pub fn as_str(self) -> &'static str {
        match self {
            SchedulingMode::Fair => "fair",
            SchedulingMode::Fifo => "fifo",
        }
    }
}

/// One `<pool name="...">` element; `None` = not set (the default applies).
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct PoolAlloc {
    pub min_maps: Option<i64>,
    pub min_reduces: Option<i64>,
    pub max_maps: Option<i64>,
    pub max_reduces: Option<i64>,
    pub max_running_jobs: Option<i64>,
    pub weight: Option<f64>,
    /// Seconds, as written in the file.
    pub min_share_preemption_timeout_s: Option<i64>,
    pub scheduling_mode: Option<SchedulingMode>,
}

/// The whole allocation file.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Allocations {
    /// Pools in file order.
    pub pools: Vec<(String, PoolAlloc)>,
    /// `<user name="U"><maxRunningJobs>`.
    pub users: Vec<(String, i64)>,
    pub user_max_jobs_default: Option<i64>,
    pub pool_max_jobs_default: Option<i64>,
    pub fair_share_preemption_timeout_s: Option<i64>,
    pub default_min_share_preemption_timeout_s: Option<i64>,
    pub default_pool_scheduling_mode: Option<SchedulingMode>,
}

impl Allocations {
    pub fn pool(&self, name: &str) -> Option<&PoolAlloc> {
        self.pools.iter().find(|(n, _)| n == name).map(|(_, a)| a)
    }
}

const POOL_FIELDS: &[&str] = &[
    "minMaps",
    "minReduces",
    "maxMaps",
    "maxReduces",
    "maxRunningJobs",
    "weight",
    "minSharePreemptionTimeout",
    "schedulingMode",
];
const TOP_FIELDS: &[&str] = &[
    "pool",
    "user",
    "userMaxJobsDefault",
    "poolMaxJobsDefault",
    "fairSharePreemptionTimeout",
    "defaultMinSharePreemptionTimeout",
    "defaultPoolSchedulingMode",
];
/// Timeouts are seconds; keep `s × 1000` inside a Java long.
const MAX_SECONDS: i64 = i64::MAX / 1000;

fn hint(name: &str, known: &[&'static str]) -> String {
    match suggest(name, known.iter().copied()) {
        Some(s) => format!("; did you mean {s:?}?"),
        None => format!("; expected one of {}", known.join(", ")),
    }
}

/// A value of one property, checked the same way for XML text and JSON values.
enum Val {
    Int(i64),
    Weight(f64),
    Seconds(i64),
    Mode(SchedulingMode),
}

/// Parse the text of property `name`; `Err` is the message.
fn parse_text(name: &str, text: &str) -> Result<Val, String> {
    let t = text.trim();
    match name {
        "weight" => match t.parse::<f64>() {
            Ok(w) if w.is_finite() && w > 0.0 => Ok(Val::Weight(w)),
            _ => Err(format!("<weight> found {t:?}, expected a number greater than 0")),
        },
        "minSharePreemptionTimeout" | "fairSharePreemptionTimeout" | "defaultMinSharePreemptionTimeout" => {
            match t.parse::<i64>() {
                Ok(s) if (0..=MAX_SECONDS).contains(&s) => Ok(Val::Seconds(s)),
                _ => Err(format!("<{name}> found {t:?}, expected a whole number of seconds ≥ 0")),
            }
        }
        "schedulingMode" | "defaultPoolSchedulingMode" => SchedulingMode::parse(t)
            .map(Val::Mode)
            .ok_or_else(|| format!("<{name}> found {t:?}, expected fair or fifo")),
        _ => match t.parse::<i64>() {
            Ok(n) if (0..=i32::MAX as i64).contains(&n) => Ok(Val::Int(n)),
            _ => Err(format!("<{name}> found {t:?}, expected a whole number from 0 to {}", i32::MAX)),
        },
    }
}

fn set_pool(a: &mut PoolAlloc, name: &str, v: Val) {
    match (name, v) {
        ("minMaps", Val::Int(n)) => a.min_maps = Some(n),
        ("minReduces", Val::Int(n)) => a.min_reduces = Some(n),
        ("maxMaps", Val::Int(n)) => a.max_maps = Some(n),
        ("maxReduces", Val::Int(n)) => a.max_reduces = Some(n),
        ("maxRunningJobs", Val::Int(n)) => a.max_running_jobs = Some(n),
        ("weight", Val::Weight(w)) => a.weight = Some(w),
        ("minSharePreemptionTimeout", Val::Seconds(s)) => a.min_share_preemption_timeout_s = Some(s),
        ("schedulingMode", Val::Mode(m)) => a.scheduling_mode = Some(m),
        _ => {}
    }
}

fn set_top(a: &mut Allocations, name: &str, v: Val) {
    match (name, v) {
        ("userMaxJobsDefault", Val::Int(n)) => a.user_max_jobs_default = Some(n),
        ("poolMaxJobsDefault", Val::Int(n)) => a.pool_max_jobs_default = Some(n),
        ("fairSharePreemptionTimeout", Val::Seconds(s)) => a.fair_share_preemption_timeout_s = Some(s),
        ("defaultMinSharePreemptionTimeout", Val::Seconds(s)) => a.default_min_share_preemption_timeout_s = Some(s),
        ("defaultPoolSchedulingMode", Val::Mode(m)) => a.default_pool_scheduling_mode = Some(m),
        _ => {}
    }
}

/// Parse Hadoop's XML allocation file. Errors are `line L, column C: message`.
pub fn parse_xml(text: &str) -> Result<Allocations, Vec<String>> {
    let doc = crate::sched::xml_doc::parse(text).map_err(|e| vec![e])?;
    let at = |n: roxmltree::Node| crate::sched::xml_doc::at(&doc, n);
    let root = doc.root_element();
    if root.tag_name().name() != "allocations" {
        return Err(vec![format!(
            "{}: bad fair scheduler config file: top-level element is <{}>, expected <allocations>",
            at(root),
            root.tag_name().name()
        )]);
    }
    let mut errs = Vec::new();
    let mut a = Allocations::default();
    // The text of a leaf element, or an error.
    let leaf = |e: roxmltree::Node, errs: &mut Vec<String>| -> Option<String> {
        if let Some(c) = e.children().find(|c| c.is_element()) {
            errs.push(format!(
                "{}: <{}> inside <{}>, expected only text",
                at(c),
                c.tag_name().name(),
                e.tag_name().name()
            ));
            return None;
        }
        let t: String = e.children().filter(|c| c.is_text()).filter_map(|c| c.text()).collect();
        if t.trim().is_empty() {
            errs.push(format!("{}: <{}> is empty, expected a value", at(e), e.tag_name().name()));
            return None;
        }
        Some(t)
    };
    for el in root.children().filter(|n| n.is_element()) {
        let tag = el.tag_name().name();
        match tag {
            "pool" | "user" => {
                let Some(name) = el.attribute("name").map(str::trim).filter(|s| !s.is_empty()) else {
                    errs.push(format!("{}: <{tag}> without a name attribute, expected <{tag} name=\"...\">", at(el)));
                    continue;
                };
                let mut pa = PoolAlloc::default();
                let mut user_max = None;
                for f in el.children().filter(|n| n.is_element()) {
                    let fname = f.tag_name().name();
                    let known: &[&'static str] = if tag == "pool" { POOL_FIELDS } else { &["maxRunningJobs"] };
                    if !known.contains(&fname) {
                        errs.push(format!(
                            "{}: unknown {tag} property <{fname}> in {tag} {name:?}{}",
                            at(f),
                            hint(fname, known)
                        ));
                        continue;
                    }
                    let Some(t) = leaf(f, &mut errs) else { continue };
                    match parse_text(fname, &t) {
                        Ok(Val::Int(n)) if tag == "user" => user_max = Some(n),
                        Ok(v) => set_pool(&mut pa, fname, v),
                        Err(m) => errs.push(format!("{}: {m}", at(f))),
                    }
                }
                if tag == "pool" {
                    if a.pools.iter().any(|(n, _)| n == name) {
                        errs.push(format!("{}: pool {name:?} is declared twice, expected one <pool> per name", at(el)));
                    }
                    a.pools.push((name.to_string(), pa));
                } else if let Some(n) = user_max {
                    a.users.retain(|(u, _)| u != name);
                    a.users.push((name.to_string(), n));
                }
            }
            _ if TOP_FIELDS.contains(&tag) => {
                let Some(t) = leaf(el, &mut errs) else { continue };
                match parse_text(tag, &t) {
                    Ok(v) => set_top(&mut a, tag, v),
                    Err(m) => errs.push(format!("{}: {m}", at(el))),
                }
            }
            _ => errs.push(format!("{}: unknown element <{tag}> in <allocations>{}", at(el), hint(tag, TOP_FIELDS))),
        }
    }
    if errs.is_empty() { Ok(a) } else { Err(errs) }
}

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
                for (name, props) in entries {
                    let pat = child(&at, name);
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
                        a.pools.push((name.trim().to_string(), pa));
                    } else if let Some(n) = user_max {
                        a.users.push((name.trim().to_string(), n));
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

/// An allocation given in a scenario: the XML text as a string, or the JSON object.
pub fn parse_value(v: &Value, path: &str, errs: &mut Errs) -> Allocations {
    match v {
        Value::String(s) => match parse_xml(s) {
            Ok(a) => a,
            Err(list) => {
                for m in list {
                    errs.push(path, format!("allocation file {m}"));
                }
                Allocations::default()
            }
        },
        _ => parse_json(v, path, errs),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T01: &str = r#"<?xml version="1.0"?>
<allocations>
  <pool name="poolA"><minMaps>1</minMaps><minReduces>2</minReduces></pool>
  <pool name="poolB"><minMaps>2</minMaps><minReduces>1</minReduces></pool>
  <pool name="poolC"><minMaps>2</minMaps></pool>
  <pool name="poolD"><maxRunningJobs>3</maxRunningJobs></pool>
  <pool name="poolE"><minSharePreemptionTimeout>60</minSharePreemptionTimeout></pool>
  <poolMaxJobsDefault>15</poolMaxJobsDefault>
  <userMaxJobsDefault>5</userMaxJobsDefault>
  <user name="user1"><maxRunningJobs>10</maxRunningJobs></user>
  <defaultMinSharePreemptionTimeout>120</defaultMinSharePreemptionTimeout>
  <fairSharePreemptionTimeout>300</fairSharePreemptionTimeout>
</allocations>"#;

    #[test]
    fn parses_the_hadoop_test_file() {
        let a = parse_xml(T01).unwrap();
        assert_eq!(a.pools.len(), 5);
        assert_eq!(a.pool("poolA").unwrap().min_reduces, Some(2));
        assert_eq!(a.pool("poolE").unwrap().min_share_preemption_timeout_s, Some(60));
        assert_eq!(a.users, vec![("user1".to_string(), 10)]);
        assert_eq!(a.fair_share_preemption_timeout_s, Some(300));
    }

    #[test]
    fn malformed_xml_has_a_line() {
        let e = parse_xml("<allocations>\n  <pool name=\"a\">\n    <minMaps>1</minMap>\n</allocations>").unwrap_err();
        assert!(e[0].starts_with("line 3,"), "{e:?}");
    }

    #[test]
    fn unknown_pool_property_is_named_with_its_line() {
        let e = parse_xml("<allocations>\n<pool name=\"a\">\n<minMap>1</minMap>\n</pool>\n</allocations>").unwrap_err();
        assert!(e[0].starts_with("line 3, column 1: unknown pool property <minMap>"), "{e:?}");
        assert!(e[0].contains("did you mean \"minMaps\""), "{e:?}");
    }

    #[test]
    fn bad_values() {
        let e = parse_xml("<allocations><pool name=\"a\"><weight>0</weight><schedulingMode>lifo</schedulingMode><minMaps>-1</minMaps></pool></allocations>")
            .unwrap_err();
        assert_eq!(e.len(), 3, "{e:?}");
        let e = parse_xml("<pools/>").unwrap_err();
        assert!(e[0].contains("expected <allocations>"));
    }

    #[test]
    fn json_form_matches_xml() {
        let v: Value = serde_json::from_str(
            r#"{"pools": {"poolA": {"minMaps": 1, "minReduces": "2"}}, "users": {"user1": {"maxRunningJobs": 10}}, "fairSharePreemptionTimeout": 300}"#,
        )
        .unwrap();
        let mut errs = Errs::default();
        let a = parse_json(&v, "$", &mut errs);
        assert!(errs.0.is_empty(), "{:?}", errs.0);
        assert_eq!(a.pool("poolA").unwrap().min_reduces, Some(2));
        let v: Value = serde_json::from_str(r#"{"pools": {"p": {"minMap": 1}}}"#).unwrap();
        let mut errs = Errs::default();
        parse_json(&v, "$.fair.allocations", &mut errs);
        assert_eq!(errs.0[0].path, "$.fair.allocations.pools.p.minMap");
    }
}
