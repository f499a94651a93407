//! The Spark properties a scenario may set, by Spark's own names (`internal/config/package.scala`:
//! `LOCALITY_WAIT`, `LOCALITY_WAIT_PROCESS`, `LOCALITY_WAIT_NODE`, `LOCALITY_WAIT_RACK`,
//! `LEGACY_LOCALITY_WAIT_RESET`, `SCHEDULER_MODE`, `CPUS_PER_TASK`), and the scenario's
//! `spark` section (the rack resolver, `fairscheduler.xml`, the offer order). Read strictly:
//! every problem with its JSON path, what was found and what was expected
//! (`docs/scenario-format.md`, "Spark").

use super::pool::{PoolConf, SchedulingMode};
use crate::input::json::{Errs, Obj, as_bool, as_str, child, found, suggest};
use crate::model::Millis;
use serde_json::Value;
use std::collections::BTreeMap;

/// Spark's time property default: `spark.locality.wait` = `3s`.
pub const DEFAULT_LOCALITY_WAIT: Millis = 3000;
/// `spark.scheduler.revive.interval`'s default, `1s`.
pub const DEFAULT_REVIVE_INTERVAL: Millis = 1000;
/// The largest wait accepted (a year in ms): larger is surely a mistake.
const MAX_WAIT_MS: Millis = 365 * 24 * 3600 * 1000;

/// `spark.locality.wait*`, `spark.scheduler.mode`, the reset mode and `spark.task.cpus`.
#[derive(Debug, Clone, PartialEq)]
pub struct SparkConf {
    pub locality_wait: Millis,
    /// `spark.locality.wait.process` (falls back to `spark.locality.wait`).
    pub wait_process: Millis,
    pub wait_node: Millis,
    pub wait_rack: Millis,
    pub mode: SchedulingMode,
    /// `spark.locality.wait.legacyResetOnTaskLaunch` (Spark ≤ 3.0 behaviour when true).
    pub legacy_reset: bool,
    pub task_cpus: u32,
    /// `spark.scheduler.revive.interval`: the period of the driver's revive thread
    /// (`CoarseGrainedSchedulerBackend`, a full `makeOffers()` round each time), automatic mode.
    pub revive_interval: Millis,
}

impl Default for SparkConf {
    fn default() -> Self {
        SparkConf {
            locality_wait: DEFAULT_LOCALITY_WAIT,
            wait_process: DEFAULT_LOCALITY_WAIT,
            wait_node: DEFAULT_LOCALITY_WAIT,
            wait_rack: DEFAULT_LOCALITY_WAIT,
            mode: SchedulingMode::Fifo,
            legacy_reset: false,
            task_cpus: 1,
            revive_interval: DEFAULT_REVIVE_INTERVAL,
        }
    }
}

/// How each round orders its offers before every pass walks them (`shuffleOffers`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferOrder {
    /// The order the offers are listed, as Spark's unit tests make `shuffleOffers` the identity.
    #[default]
    Identity,
    /// This project's own seeded shuffle: a Fisher–Yates permutation per round from the
    /// scenario's seed and the round number (ChaCha8). Spark's is `scala.util.Random.shuffle`,
    /// unseeded; this one is not claimed to reproduce it.
    Seeded,
}

/// The whole Spark setting of a scenario.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct SparkSettings {
    pub conf: SparkConf,
    /// Host → rack, when a rack resolver is modelled (`spark.racks`).
    pub racks: Option<BTreeMap<String, String>>,
    /// The pools of `fairscheduler.xml` (FAIR mode), in file order.
    pub pools: Vec<PoolConf>,
    pub offer_order: OfferOrder,
}

const PROPS: &[&str] = &[
    "spark.locality.wait",
    "spark.locality.wait.process",
    "spark.locality.wait.node",
    "spark.locality.wait.rack",
    "spark.locality.wait.legacyResetOnTaskLaunch",
    "spark.scheduler.mode",
    "spark.task.cpus",
    "spark.scheduler.revive.interval",
];

/// A Spark time property (`JavaUtils.timeStringAsMs`): a whole number with an optional unit
/// `us`, `ms`, `s`, `m`/`min`, `h`, `d` (a bare number is milliseconds); a JSON number is
/// milliseconds.
pub fn time_ms(v: &Value, path: &str, errs: &mut Errs) -> Option<Millis> {
    const WANT: &str = "a time such as 3000, \"3s\", \"500ms\" or \"1min\" (a whole number; no unit = ms), at least 0";
    let ms: Option<i128> = match v {
        Value::Number(n) => n.as_i64().map(i128::from),
        Value::String(s) => {
            let t = s.trim().to_ascii_lowercase();
            let digits = t.trim_start_matches('-');
            let end = digits.find(|c: char| !c.is_ascii_digit()).unwrap_or(digits.len());
            let (num, unit) = t.split_at(t.len() - digits.len() + end);
            let scale: Option<i128> = match unit {
                "" | "ms" => Some(1),
                "us" => Some(0),
                "s" => Some(1000),
                "m" | "min" => Some(60_000),
                "h" => Some(3_600_000),
                "d" => Some(86_400_000),
                _ => None,
            };
            match (num.parse::<i128>().ok(), scale) {
                (Some(n), Some(0)) => Some(n / 1000),
                (Some(n), Some(k)) => n.checked_mul(k),
                _ => None,
            }
        }
        _ => None,
    };
    match ms {
        Some(ms) if (0..=MAX_WAIT_MS as i128).contains(&ms) => Some(ms as Millis),
        _ => {
            errs.expected(path, v, WANT);
            None
        }
    }
}

/// `$.config` of a Spark scenario: only the Spark properties above, each at most once.
pub fn parse_conf(v: &Value, path: &str, errs: &mut Errs) -> SparkConf {
    let mut c = SparkConf::default();
    let Some(map) = v.as_object() else {
        errs.expected(path, v, "an object of Spark properties, e.g. {\"spark.locality.wait\": \"3s\"}");
        return c;
    };
    let (mut process, mut node, mut rack) = (None, None, None);
    for (k, val) in map {
        let p = child(path, k);
        match k.as_str() {
            "spark.locality.wait" => c.locality_wait = time_ms(val, &p, errs).unwrap_or(c.locality_wait),
            "spark.locality.wait.process" => process = time_ms(val, &p, errs),
            "spark.locality.wait.node" => node = time_ms(val, &p, errs),
            "spark.locality.wait.rack" => rack = time_ms(val, &p, errs),
            "spark.locality.wait.legacyResetOnTaskLaunch" => {
                if let Some(b) = as_bool(val, &p, errs) {
                    c.legacy_reset = b;
                }
            }
            "spark.scheduler.mode" => match val.as_str().map(|s| s.trim().to_ascii_uppercase()) {
                Some(s) if s == "FIFO" => c.mode = SchedulingMode::Fifo,
                Some(s) if s == "FAIR" => c.mode = SchedulingMode::Fair,
                _ => errs.expected(&p, val, "\"FIFO\" or \"FAIR\""),
            },
            "spark.scheduler.revive.interval" => match time_ms(val, &p, errs) {
                Some(0) => errs.push(&p, "found 0, expected an interval of at least 1 ms"),
                Some(ms) => c.revive_interval = ms,
                None => {}
            },
            "spark.task.cpus" => {
                if let Some(n) = crate::input::json::as_u64_in(val, &p, 1, 1024, errs) {
                    c.task_cpus = n as u32;
                }
            }
            other => {
                let hint = match suggest(other, PROPS.iter().copied()) {
                    Some(s) => format!("; did you mean {s:?}?"),
                    None => format!("; the Spark scheduler reads {}", PROPS.join(", ")),
                };
                errs.push(&p, format!("unknown property{hint}"));
            }
        }
    }
    c.wait_process = process.unwrap_or(c.locality_wait);
    c.wait_node = node.unwrap_or(c.locality_wait);
    c.wait_rack = rack.unwrap_or(c.locality_wait);
    c
}

/// `$.spark`: `racks` (host → rack; present = a rack resolver), `fairscheduler_xml` (the
/// pools, FAIR mode only), `offer_order` (`"identity"` or `"seeded"`).
pub fn parse_section(v: Option<&Value>, path: &str, conf: SparkConf, errs: &mut Errs) -> SparkSettings {
    let mut s = SparkSettings { conf, ..Default::default() };
    let Some(v) = v else { return s };
    let Some(mut o) = Obj::new(v, path, errs) else { return s };
    if let Some(rv) = o.get("racks") {
        let rp = o.path_of("racks");
        match rv.as_object() {
            Some(m) => {
                let mut racks = BTreeMap::new();
                for (host, r) in m {
                    if let Some(r) = as_str(r, &child(&rp, host), errs) {
                        if r.is_empty() || host.is_empty() {
                            errs.push(&child(&rp, host), "found an empty host or rack name; expected names");
                        }
                        racks.insert(host.clone(), r.to_string());
                    }
                }
                s.racks = Some(racks);
            }
            None => errs.expected(&rp, rv, "an object host → rack, e.g. {\"host1\": \"rack1\"}"),
        }
    }
    if let Some(x) = o.get("fairscheduler_xml") {
        let xp = o.path_of("fairscheduler_xml");
        if let Some(text) = as_str(x, &xp, errs) {
            match super::pool::parse_fairscheduler_xml(text) {
                Ok(p) => s.pools = p,
                Err(m) => errs.push(&xp, m),
            }
            if s.conf.mode != SchedulingMode::Fair {
                errs.push(
                    &xp,
                    "pools are read in FAIR mode only; expected \"spark.scheduler.mode\": \"FAIR\" in config",
                );
            }
        }
    }
    // Automatic mode's application, read by `scenario::spark_app`.
    o.allow("executors");
    o.allow("stages");
    if let Some(x) = o.get("offer_order") {
        match x.as_str() {
            Some("identity") => s.offer_order = OfferOrder::Identity,
            Some("seeded") => s.offer_order = OfferOrder::Seeded,
            _ => {
                errs.push(&o.path_of("offer_order"), format!("found {}, expected \"identity\" or \"seeded\"", found(x)))
            }
        }
    }
    o.finish(errs);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn times_and_fallbacks() {
        let mut errs = Errs::default();
        let c = parse_conf(
            &json!({"spark.locality.wait": "1s", "spark.locality.wait.node": 0, "spark.scheduler.mode": "fair"}),
            "$.config",
            &mut errs,
        );
        assert!(errs.0.is_empty(), "{:?}", errs.0);
        assert_eq!((c.wait_process, c.wait_node, c.wait_rack), (1000, 0, 1000));
        assert_eq!(c.mode, SchedulingMode::Fair);
        for (v, ms) in [(json!("2min"), 120_000), (json!("1500us"), 1), (json!(" 7 "), 7), (json!("5h"), 18_000_000)] {
            assert_eq!(time_ms(&v, "$", &mut errs), Some(ms));
        }
        for bad in [json!("1.5s"), json!("-1"), json!("3 parsecs"), json!(true), json!(-5)] {
            let mut e = Errs::default();
            assert_eq!(time_ms(&bad, "$.x", &mut e), None, "{bad}");
            assert_eq!(e.0[0].path, "$.x");
        }
    }

    #[test]
    fn unknown_property_is_named() {
        let mut errs = Errs::default();
        parse_conf(&json!({"spark.locality.wiat": "1s", "spark.task.cpus": 0}), "$.config", &mut errs);
        let msgs: Vec<String> = errs.0.iter().map(|e| e.to_string()).collect();
        assert!(
            msgs.iter().any(|m| m.contains("$.config[\"spark.locality.wiat\"]")
                && m.contains("did you mean \"spark.locality.wait\"")),
            "{msgs:?}"
        );
        assert!(msgs.iter().any(|m| m.starts_with("$.config[\"spark.task.cpus\"]: found 0")), "{msgs:?}");
    }
}
