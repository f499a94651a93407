//! Practice questions allow one answer only, from what they show: the Spark kinds
//! (`docs/spark.md`), over 1,002 generated questions each, read back from their English lines.
//! `spark.allowed_level`: `TaskSetManager.getAllowedLocalityLevel(curTime)` worked from the
//! shown valid levels, waits, current level, timer, time and "tasks still to launch" flags
//! (a level without tasks is passed with the timer set to now; an expired wait moves on with
//! the timer advanced by the wait; `>=`). `spark.which_executor`: `resourceOffers` worked
//! from the shown offers (in order, free cores), racks, each task set's valid levels, its
//! allowed level (given, or worked out as above) and its tasks' preferred locations: task
//! sets in the order shown, `maxLocality` over the valid levels, one pass over the offers per
//! level, the allowed level capped by `maxLocality` except in the NO_PREF pass, `dequeueTask`
//! trying the executor's list, the host's, the no-preference list, the rack's, any. The
//! expected option is the one these rules give; every other option is another executor, or
//! "none this round", and so refuted.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{between, chosen, lines, ms, questions};
use schedscope::practice::answer::Form;
use std::collections::BTreeMap;

const LEVELS: [&str; 5] = ["PROCESS_LOCAL", "NODE_LOCAL", "NO_PREF", "RACK_LOCAL", "ANY"];

fn rank(level: &str) -> usize {
    LEVELS.iter().position(|l| *l == level).unwrap_or_else(|| panic!("level {level:?}"))
}

/// A preferred location: an executor's cache on a host, or a host.
#[derive(Debug, Clone)]
enum Loc {
    Cached { exec: String, host: String },
    Host(String),
}

impl Loc {
    fn host(&self) -> &str {
        match self {
            Loc::Cached { host, .. } | Loc::Host(host) => host,
        }
    }
}

/// One task set as its lines show it.
#[derive(Debug, Default)]
struct TaskSetFacts {
    /// (level rank, wait in ms; 0 for the last).
    levels: Vec<(usize, i64)>,
    current: Option<usize>,
    timer_ms: i64,
    more: BTreeMap<usize, bool>,
    allowed: Option<usize>,
    /// (index, preferred locations) of the tasks still to launch.
    tasks: Vec<(usize, Vec<Loc>)>,
}

#[derive(Debug, Default)]
struct Facts {
    now_ms: i64,
    racks: BTreeMap<String, String>,
    /// (executor, host, free cores), in the order walked.
    offers: Vec<(String, String, i64)>,
    order: Vec<String>,
    sets: BTreeMap<String, TaskSetFacts>,
}

fn facts(lines: &[&str]) -> Facts {
    let mut f = Facts::default();
    for &l in lines {
        if l.starts_with("Round ") {
            f.now_ms = ms(between(l, " at ", ":"));
        } else if let Some(rest) = l.strip_prefix("Racks (from the rack resolver): ") {
            for e in rest.trim_end_matches('.').split(", ") {
                let (h, r) = e.split_once(' ').unwrap();
                f.racks.insert(h.to_string(), r.to_string());
            }
        } else if l.starts_with("Offers, in the order") {
            for o in l.split_once("): ").unwrap().1.trim_end_matches('.').split("; ") {
                let (exec, rest) = o.split_once(" on ").unwrap();
                let (host, cores) = rest.split_once(" with ").unwrap();
                let cores = cores.split(' ').next().unwrap().parse().unwrap();
                f.offers.push((exec.to_string(), host.to_string(), cores));
            }
        } else if l.starts_with("Task sets in the round's order") {
            f.order = l.rsplit(": ").next().unwrap().trim_end_matches('.').split(", ").map(String::from).collect();
        } else if l.contains("'s valid levels, most local first: ") {
            let name = l.split("'s valid").next().unwrap().to_string();
            let set = f.sets.entry(name.clone()).or_default();
            for item in l.rsplit(": ").next().unwrap().trim_end_matches('.').split(", ") {
                match item.split_once(" (wait ") {
                    Some((lv, w)) => set.levels.push((rank(lv), ms(w.trim_end_matches(')')))),
                    None => set.levels.push((rank(item), 0)),
                }
            }
            if f.order.is_empty() || !f.order.contains(&name) {
                f.order.push(name);
            }
        } else if l.contains("'s current level is ") {
            let name = l.split("'s current").next().unwrap();
            let set = f.sets.get_mut(name).unwrap();
            set.current = Some(rank(between(l, "current level is ", ";")));
            set.timer_ms = ms(between(l, "counts from ", " (lastLocality"));
        } else if let Some(rest) = l.strip_prefix("Tasks of ") {
            let name = rest.split(' ').next().unwrap();
            let set = f.sets.get_mut(name).unwrap();
            for item in l.rsplit(": ").next().unwrap().trim_end_matches('.').split(", ") {
                let (lv, yes) = item.split_once(' ').unwrap();
                set.more.insert(rank(lv), yes == "yes");
            }
        } else if let Some(rest) = l.strip_prefix("Until ") {
            let name = rest.split(' ').next().unwrap();
            f.sets.get_mut(name).unwrap().allowed =
                Some(rank(l.rsplit("gives it ").next().unwrap().trim_end_matches('.')));
        } else if l.contains("'s tasks still to launch: ") {
            let name = l.split("'s tasks").next().unwrap();
            let body = l.split_once("still to launch: ").unwrap().1;
            let body = body.split(" (\"executor E (H)\"").next().unwrap().trim_end_matches('.');
            let set = f.sets.get_mut(name).unwrap();
            for item in body.split("; ") {
                let rest = item.strip_prefix("task ").unwrap();
                let (i, what) = rest.split_once(' ').unwrap();
                let locs = match what.strip_prefix("prefers ") {
                    None => {
                        assert_eq!(what, "has no preference");
                        Vec::new()
                    }
                    Some(list) => list
                        .split(", ")
                        .map(|x| match x.strip_prefix("executor ") {
                            Some(c) => {
                                let (exec, host) = c.split_once(" (").unwrap();
                                Loc::Cached { exec: exec.into(), host: host.trim_end_matches(')').into() }
                            }
                            None => Loc::Host(x.to_string()),
                        })
                        .collect(),
                };
                set.tasks.push((i.parse().unwrap(), locs));
            }
        }
    }
    f
}

/// `getAllowedLocalityLevel(now)` on the shown facts: the level's rank.
fn allowed_level(set: &TaskSetFacts, now: i64, tag: &str) -> usize {
    let mut k = set.levels.iter().position(|l| Some(l.0) == set.current).unwrap_or_else(|| panic!("{tag}: current"));
    let mut timer = set.timer_ms;
    while k + 1 < set.levels.len() {
        let (level, wait) = set.levels[k];
        let more = *set.more.get(&level).unwrap_or_else(|| panic!("{tag}: no flag for {}", LEVELS[level]));
        if !more {
            timer = now;
        } else if now - timer >= wait {
            timer += wait;
        } else {
            return level;
        }
        k += 1;
    }
    set.levels[k].0
}

/// `dequeueTask` on an offer of `exec` on `host` at `allowed`: whether a task is found.
fn dequeues(f: &Facts, set: &TaskSetFacts, exec: &str, host: &str, allowed: usize) -> bool {
    let rack = f.racks.get(host);
    set.tasks.iter().any(|(_, locs)| {
        locs.iter().any(|l| matches!(l, Loc::Cached { exec: e, .. } if e == exec))
            || (allowed >= rank("NODE_LOCAL") && locs.iter().any(|l| l.host() == host))
            || (allowed >= rank("NO_PREF") && locs.is_empty())
            || (allowed >= rank("RACK_LOCAL") && rack.is_some() && locs.iter().any(|l| f.racks.get(l.host()) == rack))
            || allowed >= rank("ANY")
    })
}

/// The executor of the round's first launch, by R6–R9 on the shown facts.
fn first_launch(f: &Facts, tag: &str) -> Option<String> {
    for name in &f.order {
        let set = &f.sets[name];
        let clock = set.allowed.unwrap_or_else(|| allowed_level(set, f.now_ms, tag));
        for &(max, _) in &set.levels {
            let allowed = if max == rank("NO_PREF") { max } else { clock.min(max) };
            for (exec, host, cores) in &f.offers {
                if *cores >= 1 && dequeues(f, set, exec, host, allowed) {
                    return Some(exec.clone());
                }
            }
        }
    }
    None
}

#[test]
fn spark_allowed_level_follows_from_the_shown_clock() {
    let mut seen = BTreeMap::new();
    for (q, tag) in questions("spark.allowed_level") {
        let ls: Vec<&str> = lines(&q).collect();
        let f = facts(&ls);
        assert_eq!(f.sets.len(), 1, "{tag}: one task set");
        let set = f.sets.values().next().unwrap();
        assert!(set.current.is_some() && !set.levels.is_empty(), "{tag}: the clock is shown");
        let want = allowed_level(set, f.now_ms, &tag);
        let got = chosen(&q, &tag);
        assert_eq!(got, LEVELS[want], "{tag}");
        let Form::Choose { options } = &q.form else { panic!("{tag}") };
        let valid: Vec<&str> = set.levels.iter().map(|l| LEVELS[l.0]).collect();
        assert_eq!(options.iter().map(|o| o.en.as_str()).collect::<Vec<_>>(), valid, "{tag}: the valid levels");
        assert_eq!(options.iter().filter(|o| o.en == LEVELS[want]).count(), 1, "{tag}: the others are refuted");
        *seen.entry(got).or_insert(0) += 1;
    }
    assert!(seen.len() >= 3, "answers spread over the levels: {seen:?}");
}

#[test]
fn spark_which_executor_follows_from_the_shown_offers() {
    let mut seen = BTreeMap::new();
    for (q, tag) in questions("spark.which_executor") {
        let ls: Vec<&str> = lines(&q).collect();
        let f = facts(&ls);
        assert!(!f.offers.is_empty() && !f.sets.is_empty(), "{tag}: offers and task sets are shown");
        for name in &f.order {
            let s = &f.sets[name];
            assert!(s.allowed.is_some() || s.current.is_some(), "{tag}: {name}'s level or clock is shown");
        }
        let want = first_launch(&f, &tag).unwrap_or_else(|| "none this round".to_string());
        let got = chosen(&q, &tag);
        assert_eq!(got, want, "{tag}");
        let Form::Choose { options } = &q.form else { panic!("{tag}") };
        assert_eq!(options.iter().filter(|o| o.en == want).count(), 1, "{tag}: the others are refuted");
        *seen.entry(if got == "none this round" { "none" } else { "an executor" }).or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 2, "both executors and none: {seen:?}");
}
