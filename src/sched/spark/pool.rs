//! Task-set order: `Pool.getSortedTaskSetQueue` with `FIFOSchedulingAlgorithm` and
//! `FairSchedulingAlgorithm` (`scheduler/SchedulingAlgorithm.scala`), the pools of
//! `FairSchedulableBuilder` (`fairscheduler.xml`: `pool` elements with `schedulingMode`,
//! `weight`, `minShare`; the `default` pool added when the file has none), and
//! `FIFOSchedulableBuilder` (every task set directly in the root pool).

use crate::sched::common::xml_doc;
use serde::Serialize;
use std::cmp::Ordering;

/// `SchedulingMode`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SchedulingMode {
    Fifo,
    Fair,
}

/// `FairSchedulableBuilder.DEFAULT_POOL_NAME`.
pub const DEFAULT_POOL: &str = "default";

/// One pool of `fairscheduler.xml` (defaults `DEFAULT_SCHEDULING_MODE` FIFO, `DEFAULT_MINIMUM_SHARE`
/// 0, `DEFAULT_WEIGHT` 1).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PoolConf {
    pub name: String,
    pub mode: SchedulingMode,
    pub min_share: u32,
    pub weight: u32,
}

impl PoolConf {
    pub fn default_named(name: &str) -> PoolConf {
        PoolConf { name: name.to_string(), mode: SchedulingMode::Fifo, min_share: 0, weight: 1 }
    }
}

/// What the comparators read of a `Schedulable` (a pool or a task set).
#[derive(Debug, Clone, PartialEq)]
pub struct Entity {
    pub name: String,
    pub priority: u32,
    pub stage: u32,
    pub running: u32,
    pub min_share: u32,
    pub weight: u32,
}

/// `FIFOSchedulingAlgorithm.comparator`: lower priority (the job id) first, then lower stage.
pub fn fifo_less(a: &Entity, b: &Entity) -> bool {
    (a.priority, a.stage) < (b.priority, b.stage)
}

/// `FairSchedulingAlgorithm.comparator`: a needy entity (`runningTasks < minShare`) first;
/// both needy: the lower `runningTasks / max(minShare, 1)`; neither: the lower
/// `runningTasks / weight`; a tie: the smaller name (string order).
pub fn fair_less(a: &Entity, b: &Entity) -> bool {
    let needy = |e: &Entity| e.running < e.min_share;
    let (na, nb) = (needy(a), needy(b));
    let cmp = match (na, nb) {
        (true, false) => return true,
        (false, true) => return false,
        (true, true) => {
            let r = |e: &Entity| e.running as f64 / f64::from(e.min_share.max(1));
            r(a).total_cmp(&r(b))
        }
        (false, false) => {
            let r = |e: &Entity| e.running as f64 / f64::from(e.weight);
            r(a).total_cmp(&r(b))
        }
    };
    match cmp {
        Ordering::Less => true,
        Ordering::Greater => false,
        Ordering::Equal => a.name < b.name,
    }
}

/// `sortWith(less)`: a stable sort by a "comes before" test.
pub fn sort_with(items: &mut [Entity], mode: SchedulingMode) -> Vec<usize> {
    let less = match mode {
        SchedulingMode::Fifo => fifo_less,
        SchedulingMode::Fair => fair_less,
    };
    let mut order: Vec<usize> = (0..items.len()).collect();
    crate::sort::sort_by(&mut order, |&x, &y| {
        if less(&items[x], &items[y]) {
            Ordering::Less
        } else if less(&items[y], &items[x]) {
            Ordering::Greater
        } else {
            Ordering::Equal
        }
    });
    order
}

/// `FairSchedulableBuilder.buildFairSchedulerPool`: the `pool` elements of the allocation
/// file. Spark warns and uses the default for a bad value; here a bad value is refused with
/// its line and column.
pub fn parse_fairscheduler_xml(text: &str) -> Result<Vec<PoolConf>, String> {
    let doc = xml_doc::parse(text)?;
    let loc = xml_doc::Locator::new(&doc);
    let root = doc.root_element();
    if root.tag_name().name() != "allocations" {
        return Err(format!(
            "{}: found <{}>, expected <allocations> (fairscheduler.xml)",
            loc.at(root),
            root.tag_name().name()
        ));
    }
    let mut pools: Vec<PoolConf> = Vec::new();
    for node in root.descendants().filter(|n| n.is_element() && n.tag_name().name() == "pool") {
        let at = loc.at(node);
        let Some(name) = node.attribute("name") else {
            return Err(format!("{at}: a <pool> without a name attribute"));
        };
        if pools.iter().any(|p| p.name == name) {
            return Err(format!("{at}: pool {name:?} is declared twice"));
        }
        let mut p = PoolConf::default_named(name);
        for c in node.children().filter(|n| n.is_element()) {
            let cat = loc.at(c);
            let v = c.text().unwrap_or("").trim();
            match c.tag_name().name() {
                "schedulingMode" => {
                    p.mode = match v.to_ascii_uppercase().as_str() {
                        "FIFO" => SchedulingMode::Fifo,
                        "FAIR" => SchedulingMode::Fair,
                        _ => return Err(format!("{cat}: schedulingMode {v:?}; expected FIFO or FAIR")),
                    }
                }
                "minShare" => {
                    p.min_share =
                        v.parse().map_err(|_| format!("{cat}: minShare {v:?}; expected a whole number ≥ 0"))?
                }
                "weight" => {
                    p.weight = match v.parse::<u32>() {
                        Ok(w) if w >= 1 => w,
                        _ => return Err(format!("{cat}: weight {v:?}; expected a whole number ≥ 1")),
                    }
                }
                other => {
                    return Err(format!(
                        "{cat}: unknown element <{other}>; expected schedulingMode, weight or minShare"
                    ));
                }
            }
        }
        pools.push(p);
    }
    Ok(pools)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn e(name: &str, running: u32, min_share: u32, weight: u32) -> Entity {
        Entity { name: name.into(), priority: 0, stage: 0, running, min_share, weight }
    }

    /// Spark's PoolSuite-style orderings: needy first, then ratios, then names as strings.
    #[test]
    fn fair_order() {
        let mut v = vec![e("TaskSet_2.0", 0, 0, 1), e("TaskSet_10.0", 0, 0, 1), e("p", 1, 2, 1), e("q", 3, 0, 2)];
        let order = sort_with(&mut v, SchedulingMode::Fair);
        let names: Vec<&str> = order.iter().map(|&i| v[i].name.as_str()).collect();
        assert_eq!(names, ["p", "TaskSet_10.0", "TaskSet_2.0", "q"]);
    }

    #[test]
    fn xml_pools_with_positions() {
        let xml = "<allocations>\n <pool name=\"prod\"><schedulingMode>FAIR</schedulingMode><weight>2</weight><minShare>3</minShare></pool>\n <pool name=\"adhoc\"/>\n</allocations>";
        let p = parse_fairscheduler_xml(xml).unwrap();
        assert_eq!(p[0], PoolConf { name: "prod".into(), mode: SchedulingMode::Fair, min_share: 3, weight: 2 });
        assert_eq!(p[1], PoolConf::default_named("adhoc"));
        let bad = parse_fairscheduler_xml("<allocations>\n<pool name=\"a\"><weight>x</weight></pool></allocations>");
        assert_eq!(bad.unwrap_err(), "line 2, column 16: weight \"x\"; expected a whole number ≥ 1");
    }
}
