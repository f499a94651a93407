//! The allocation file of the Fair Scheduler (`fair-scheduler.xml`, named by
//! `mapred.fairscheduler.allocation.file`), as `PoolManager.reloadAllocs` reads it
//! (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/PoolManager.java`):
//! accepted in Hadoop's own XML or as the equivalent JSON object inside a scenario.
//!
//! Parsing is all-or-nothing, as in Hadoop. SchedScope is stricter than Hadoop in one way: an
//! unknown element (Hadoop ignores unknown pool sub-elements and only warns about unknown
//! top-level ones), a negative number, a zero weight or a pool declared twice is an error with
//! its line and column, so a typo cannot silently change a lesson.

use crate::input::json::{Errs, suggest};
use serde::Serialize;
use serde_json::Value;
use std::collections::BTreeMap;

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
    /// Positions in `pools` (the first pool of each name) and `users`, by name: a file of
    /// thousands of pools is read and looked up in linear time.
    #[serde(skip)]
    by_pool: BTreeMap<String, usize>,
    #[serde(skip)]
    by_user: BTreeMap<String, usize>,
}

/// The most pools an allocation file may declare (`docs/scenario-format.md`, "Limits"); the
/// Fair Scheduler visits every pool at every update and heartbeat.
pub const MAX_POOLS: usize = 10_000;

/// The error at the first pool past the cap, where reading stopped.
pub fn too_many_pools() -> String {
    format!(
        "found more than {MAX_POOLS} pools, expected at most {MAX_POOLS} (SchedScope's limit: the Fair Scheduler \
         visits every pool at every update); reading stopped here"
    )
}

impl Allocations {
    pub fn pool(&self, name: &str) -> Option<&PoolAlloc> {
        self.by_pool.get(name).map(|&i| &self.pools[i].1)
    }
    /// A user's `maxRunningJobs`.
    pub fn user_max_jobs(&self, user: &str) -> Option<i64> {
        self.by_user.get(user).map(|&i| self.users[i].1)
    }
    /// Add a pool in file order; false if a pool of that name was already added (the first one
    /// is the one looked up).
    pub fn add_pool(&mut self, name: String, a: PoolAlloc) -> bool {
        let new = !self.by_pool.contains_key(&name);
        if new {
            self.by_pool.insert(name.clone(), self.pools.len());
        }
        self.pools.push((name, a));
        new
    }
    /// Set a user's `maxRunningJobs`; a user given again takes the later value.
    pub fn set_user(&mut self, name: String, max_jobs: i64) {
        match self.by_user.get(&name) {
            Some(&i) => self.users[i].1 = max_jobs,
            None => {
                self.by_user.insert(name.clone(), self.users.len());
                self.users.push((name, max_jobs));
            }
        }
    }
}

pub(super) const POOL_FIELDS: &[&str] = &[
    "minMaps",
    "minReduces",
    "maxMaps",
    "maxReduces",
    "maxRunningJobs",
    "weight",
    "minSharePreemptionTimeout",
    "schedulingMode",
];
pub(super) const TOP_FIELDS: &[&str] = &[
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

pub(super) fn hint(name: &str, known: &[&'static str]) -> String {
    match suggest(name, known.iter().copied()) {
        Some(s) => format!("; did you mean {s:?}?"),
        None => format!("; expected one of {}", known.join(", ")),
    }
}

/// A value of one property, checked the same way for XML text and JSON values.
pub(super) enum Val {
    Int(i64),
    Weight(f64),
    Seconds(i64),
    Mode(SchedulingMode),
}

/// Parse the text of property `name`; `Err` is the message.
pub(super) fn parse_text(name: &str, text: &str) -> Result<Val, String> {
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

pub(super) fn set_pool(a: &mut PoolAlloc, name: &str, v: Val) {
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

pub(super) fn set_top(a: &mut Allocations, name: &str, v: Val) {
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
    let doc = crate::sched::common::xml_doc::parse(text).map_err(|e| vec![e])?;
    let loc = crate::sched::common::xml_doc::Locator::new(&doc);
    let at = |n: roxmltree::Node| loc.at(n);
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
    let mut pools = 0;
    for el in root.children().filter(|n| n.is_element()) {
        let tag = el.tag_name().name();
        if tag == "pool" {
            pools += 1;
            if pools > MAX_POOLS {
                errs.push(format!("{}: {}", at(el), too_many_pools()));
                break;
            }
        }
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
                    if !a.add_pool(name.to_string(), pa) {
                        errs.push(format!("{}: pool {name:?} is declared twice, expected one <pool> per name", at(el)));
                    }
                } else if let Some(n) = user_max {
                    a.set_user(name.to_string(), n);
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
        _ => super::allocs_json::parse_json(v, path, errs),
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
        let a = super::super::allocs_json::parse_json(&v, "$", &mut errs);
        assert!(errs.0.is_empty(), "{:?}", errs.0);
        assert_eq!(a.pool("poolA").unwrap().min_reduces, Some(2));
        let v: Value = serde_json::from_str(r#"{"pools": {"p": {"minMap": 1}}}"#).unwrap();
        let mut errs = Errs::default();
        super::super::allocs_json::parse_json(&v, "$.fair.allocations", &mut errs);
        assert_eq!(errs.0[0].path, "$.fair.allocations.pools.p.minMap");
    }
}
