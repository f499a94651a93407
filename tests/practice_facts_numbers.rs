//! Number and formula questions allow one answer only, from what they show (with
//! `practice_facts.rs`): over 1,002 questions of each kind below, the expected answer is what
//! Hadoop's formula gives from the question's own English lines, read back from its text.
//!
//! - `fifo.load_cap`: `JobQueueTaskScheduler.assignTasks`' current map capacity,
//!   `min(⌈remaining / cluster map slots × tracker slots⌉, tracker slots)`, remaining the
//!   desired minus finished maps of the RUNNING jobs the queue lines show.
//! - `fair.fair_share`: `SchedulingAlgorithms.computeFairShares` over the pool lines (demand, min
//!   share, weight) and the cluster's map slots.
//! - `fifo.padding`: `JobQueueTaskScheduler.exceededPadding` over the queue lines (RUNNING jobs
//!   with reduces, in queue order) and the counts line.
//! - `fifo.first_job`: `JobQueueTaskScheduler.assignTasks`' first map: the first RUNNING job
//!   with a map waiting, in queue order (priority, then submit time, then job id).
//! - `fair.maps_count`: `FairScheduler.assignTasks`' map loop: maps until the
//!   `assignmultiple` cap, the cluster's runnable maps all running, or
//!   `CapBasedLoadManager.canAssignMap` (the tracker's maps against ⌈slots × min(1, max.diff +
//!   runnable / cluster slots)⌉) stops it, or no map is left waiting.
//! - `capacity.user_limit`: `CapacitySchedulerQueue`'s user limit, max(⌈current capacity /
//!   active users⌉, ⌈minimum-user-limit-percent × current capacity / 100⌉) capped by
//!   user-limit-factor × capacity, from the queue's line and the users line.
//! - `fair.allowed_level`, `fair.starved_level`: `FairScheduler.getAllowedLocalityLevel` from
//!   the delays, the last level, the wait lines and the pool's starvation line.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{QUESTIONS, between, chosen, job_line, lines, ms, queue_lines, running_maps};
use schedscope::practice::answer::{Answer, grade};
use schedscope::practice::{Difficulty, Question, kinds, situation};
use schedscope::sched::fair::shares::{ShareInput, compute_fair_shares};

fn job_lines(q: &Question) -> Vec<(i64, i64, i64, bool)> {
    queue_lines(q).into_iter().map(job_line).collect()
}

fn each(id: &str, mut check: impl FnMut(&Question, &str) -> f64) {
    let kind = kinds::by_id(id).unwrap();
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("{id}: no question for seed {seed}"));
        let tag = format!("{id} seed {seed} {d:?}");
        let derived = check(&q, &tag);
        let Answer::Number(expected) = q.expected else { panic!("{tag}: not a number question") };
        let shown: Vec<&str> = lines(&q).collect();
        assert!(
            grade(&q.form, &q.expected, Some(&Answer::Number(derived))).correct,
            "{tag}: lines give {derived}, expected {expected}: {shown:#?}"
        );
        assert!((derived - expected).abs() < 0.005, "{tag}: lines give {derived}, expected {expected}");
    }
}

#[test]
fn load_cap_questions_follow_from_their_lines() {
    each("fifo.load_cap", |q, tag| {
        // Only RUNNING jobs count (a job line ends with its state when it is not RUNNING).
        let remaining: i64 = job_lines(q).iter().filter(|j| j.3).map(|j| j.0 - j.1).sum();
        let slots = lines(q).find(|l| l.starts_with("The cluster has ")).unwrap_or_else(|| panic!("{tag}"));
        let cluster: f64 = between(slots, "The cluster has ", " map slots").parse().unwrap();
        let tracker: f64 = slots.rsplit(" has ").next().unwrap().trim_end_matches('.').parse().unwrap();
        let factor = if cluster > 0.0 { remaining as f64 / cluster } else { 0.0 };
        (factor * tracker).ceil().min(tracker)
    });
}

#[test]
fn fair_share_questions_follow_from_their_lines() {
    each("fair.fair_share", |q, tag| {
        let slots = lines(q).find(|l| l.starts_with("The cluster has ")).unwrap_or_else(|| panic!("{tag}"));
        let total: f64 = between(slots, "The cluster has ", " map slots").parse().unwrap();
        let pools: Vec<(String, ShareInput)> = lines(q)
            .filter(|l| l.starts_with("Pool "))
            .map(|l| {
                let input = ShareInput {
                    demand: between(l, "demand ", " maps").parse().unwrap(),
                    min_share: between(l, "min share ", ",").parse().unwrap(),
                    weight: l.split("weight ").nth(1).unwrap().trim_end_matches('.').parse().unwrap(),
                };
                (between(l, "Pool ", ":").to_string(), input)
            })
            .collect();
        let asked = between(lines(q).last().unwrap(), "pool ", "'s fair share").to_string();
        let inputs: Vec<ShareInput> = pools.iter().map(|p| p.1).collect();
        let shares = compute_fair_shares(&inputs, total);
        let i = pools.iter().position(|p| p.0 == asked).unwrap_or_else(|| panic!("{tag}: no line for pool {asked}"));
        shares[i]
    });
}

#[test]
fn padding_questions_follow_from_their_lines() {
    let kind = kinds::by_id("fifo.padding").unwrap();
    let mut exceeded = 0;
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("no question for seed {seed}"));
        let tag = format!("fifo.padding seed {seed} {d:?}");
        let l = lines(&q).find(|l| l.starts_with("The JobTracker counts ")).unwrap_or_else(|| panic!("{tag}"));
        let total_tasks: i64 = between(l, "counts ", " running maps").parse().unwrap();
        let trackers: i64 = between(l, "a cluster of ", " trackers").parse().unwrap();
        let capacity: i64 = between(l, "trackers with ", " map slots").parse().unwrap();
        let tracker_slots: i64 = between(l, "; ", " map slots;").rsplit(' ').next().unwrap().parse().unwrap();
        let pad: f32 = l.rsplit("capacitypad) is ").next().unwrap().trim_end_matches('.').parse().unwrap();
        // exceededPadding: over RUNNING jobs with reduces in queue order, the needed maps so far
        // padded by min(tracker slots, (int) (needed * padFraction)) when the cluster has more
        // than MIN_CLUSTER_SIZE_FOR_PADDING (3) trackers.
        let (mut needed, mut any, mut hit) = (0i64, false, false);
        for (desired, _, reduces, running) in job_lines(&q) {
            if !running || reduces == 0 {
                continue;
            }
            any = true;
            needed += desired;
            let padding = if trackers > 3 { tracker_slots.min((needed as f32 * pad) as i64) } else { 0 };
            if total_tasks + padding >= capacity {
                hit = true;
                break;
            }
        }
        let derived = if !any { 2 } else { usize::from(hit) };
        let shown: Vec<&str> = lines(&q).collect();
        assert_eq!(q.expected, Answer::Choice(derived), "{tag}: the lines give option {derived}: {shown:#?}");
        exceeded += usize::from(hit);
    }
    assert!(exceeded > 0 && exceeded < QUESTIONS as usize, "both outcomes asked: {exceeded}");
}

/// `fair.allowed_level`: `FairScheduler.updateLocalityWaitTimes` then `getAllowedLocalityLevel`
/// on the lines: the wait grows by the time since the previous heartbeat if the job was skipped
/// there; from NODE it may go to RACK after the node delay and to ANY after both delays, from
/// RACK to ANY after the rack delay.
#[test]
fn user_limit_questions_follow_from_their_lines() {
    each("capacity.user_limit", |q, tag| {
        let users = lines(q).find(|l| l.contains(" active users; ")).unwrap_or_else(|| panic!("{tag}"));
        let queue = between(users, "Queue ", " has ");
        let standing = lines(q).find(|l| l.starts_with(&format!("Queue {queue}: capacity "))).unwrap();
        let capacity: i64 = between(standing, "capacity ", " map slots").parse().unwrap();
        let used: i64 = standing.rsplit("uses ").next().unwrap().trim_end_matches('.').parse().unwrap();
        let active: i64 = between(users, " has ", " active users").parse().unwrap();
        let ul_min: i64 = between(users, "minimum-user-limit-percent ", ",").parse().unwrap();
        let factor: f32 = between(users, "user-limit-factor ", ". ").parse().unwrap();
        let n: i64 = between(users, "'s maps need ", " slot").parse().unwrap();
        let queue_capacity = capacity.max(n);
        let current = if used + n <= queue_capacity { queue_capacity } else { used + n };
        let ceil = |a: i64, b: i64| (a + b - 1) / b;
        let limit =
            ceil(current, active.max(1)).max(ceil(ul_min * current, 100)).min((queue_capacity as f32 * factor) as i64);
        limit as f64
    });
}

#[test]
fn first_job_questions_follow_from_their_lines() {
    let kind = kinds::by_id("fifo.first_job").unwrap();
    let rank = |p: &str| ["VERY_HIGH", "HIGH", "NORMAL", "LOW", "VERY_LOW"].iter().position(|x| *x == p).unwrap();
    let mut not_head = 0;
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("no question for seed {seed}"));
        let tag = format!("fifo.first_job seed {seed} {d:?}");
        // The queue lines, in the order shown, must be the queue's order.
        let jobs: Vec<(u32, usize, i64, &str)> = lines(&q)
            .filter(|l| l.starts_with('J') && l.contains(": priority "))
            .map(|l| {
                (
                    between(l, "J", ":").parse().unwrap(),
                    rank(between(l, "priority ", ",")),
                    ms(between(l, "submitted at ", ",")),
                    l,
                )
            })
            .collect();
        let mut sorted = jobs.clone();
        sorted.sort_by_key(|j| (j.1, j.2, j.0));
        assert_eq!(sorted, jobs, "{tag}: the lines are in queue order");
        let waiting: Vec<u32> = jobs
            .iter()
            .filter(|j| {
                let (desired, finished, _, running) = job_line(j.3);
                running && desired > finished + running_maps(j.3)
            })
            .map(|j| j.0)
            .collect();
        // Each job in turn is asked for a local map, then for any (obtainNewNodeOrRackLocalMapTask,
        // obtainNewNonLocalMapTask): the first job with a map waiting gets it, local or not.
        let first = waiting.first().copied();
        let want = first.map_or("no map this heartbeat".to_string(), |j| format!("J{j}"));
        let shown: Vec<&str> = lines(&q).collect();
        assert_eq!(chosen(&q, &tag), want, "{tag}: the lines give {want}: {shown:#?}");
        not_head += usize::from(first != jobs.first().map(|j| j.0));
    }
    assert!(not_head > 0, "some questions have a job at the head with no map waiting");
}

#[test]
fn maps_count_questions_follow_from_their_lines() {
    each("fair.maps_count", |q, tag| {
        let conf = lines(q)
            .find(|l| l.starts_with("mapred.fairscheduler.assignmultiple = "))
            .unwrap_or_else(|| panic!("{tag}"));
        let multiple = between(conf, "assignmultiple = ", ";") == "true";
        let cap: i64 = between(conf, "assignmultiple.maps = ", " (").parse().unwrap();
        let cap = if !multiple {
            1
        } else if cap < 0 {
            i64::MAX
        } else {
            cap
        };
        let l = lines(q).find(|l| l.contains(" map slots and runs ")).unwrap_or_else(|| panic!("{tag}"));
        let slots: i64 = between(l, " has ", " map slots").parse().unwrap();
        let tracker_maps: i64 = between(l, " and runs ", " maps.").parse().unwrap();
        let runnable: i64 = between(l, "Cluster-wide, ", " maps are runnable").parse().unwrap();
        let mut running: i64 = between(l, "last update) and ", " run,").parse().unwrap();
        let total: i64 = between(l, "run, on ", " map slots").parse().unwrap();
        let max_diff: f32 = l.rsplit("load.max.diff is ").next().unwrap().trim_end_matches('.').parse().unwrap();
        let load_cap = ((slots as f64) * (1.0f64).min(max_diff as f64 + runnable as f64 / total as f64)).ceil() as i64;
        let waiting: i64 = lines(q)
            .find(|l| l.ends_with(" maps are waiting to start (no attempt yet) in the running jobs."))
            .map(|l| l.split(' ').next().unwrap().parse().unwrap())
            .unwrap_or_else(|| panic!("{tag}: no line says how many maps wait"));
        // A job with no map waiting gives none: the loop ends there too.
        let mut given = 0;
        while given < cap && running < runnable && tracker_maps + given < load_cap && given < waiting {
            given += 1;
            running += 1;
        }
        given as f64
    });
}

/// The level by the wait alone, from a delay question's lines, and the heartbeat's time.
fn level_by_wait(q: &Question, tag: &str) -> (&'static str, &'static str, i64) {
    let find = |start: &str| lines(q).find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("{tag}: {start}"));
    let now = ms(between(find("Heartbeat "), " at ", " s."));
    let delays = find("Delay scheduling: ");
    let node: i64 = between(delays, "node locality delay ", " ms").parse().unwrap();
    let rack: i64 = between(delays, "rack locality delay ", " ms").parse().unwrap();
    let last = lines(q).find(|l| l.contains("'s lastMapLocalityLevel is ")).unwrap();
    let last = match between(last, "lastMapLocalityLevel is ", " (") {
        "NODE" => "NODE",
        "RACK" => "RACK",
        _ => "ANY",
    };
    let wait = match lines(q).find(|l| l.starts_with("At the end of the previous heartbeat (")) {
        None => {
            assert!(lines(q).any(|l| l == "This is the first heartbeat of the run."), "{tag}");
            0
        }
        Some(l) => {
            let then = ms(between(l, " at ", " s)"));
            let waited: i64 = between(l, "had waited ", " ms").parse().unwrap();
            waited
                + if l.ends_with("and it was skipped there (offered a slot, launched nothing).") {
                    now - then
                } else {
                    0
                }
        }
    };
    let level = match last {
        "NODE" if wait >= node + rack => "ANY",
        "NODE" if wait >= node => "RACK",
        "NODE" => "NODE",
        "RACK" if wait >= rack => "ANY",
        "RACK" => "RACK",
        _ => "ANY",
    };
    (level, last, now)
}

#[test]
fn allowed_level_questions_follow_from_their_lines() {
    let kind = kinds::by_id("fair.allowed_level").unwrap();
    let mut changed = 0;
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("no question for seed {seed}"));
        let tag = format!("fair.allowed_level seed {seed} {d:?}");
        let (level, last, _) = level_by_wait(&q, &tag);
        assert_eq!(chosen(&q, &tag), level, "{tag}: the lines give {level} (last {last})");
        changed += usize::from(level != last);
    }
    assert!(changed > 0, "some questions move the level");
}

/// `fair.starved_level`: `getAllowedLocalityLevel` gives ANY when the pool has been below its
/// min share for longer than its timeout (strictly), else the level by the wait.
#[test]
fn starved_level_questions_follow_from_their_lines() {
    let kind = kinds::by_id("fair.starved_level").unwrap();
    let mut starved = 0;
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("no question for seed {seed}"));
        let tag = format!("fair.starved_level seed {seed} {d:?}");
        let (by_wait, _, now) = level_by_wait(&q, &tag);
        let pool = lines(&q).find(|l| l.contains(" is in pool ")).unwrap_or_else(|| panic!("{tag}"));
        let last_at_min = ms(between(pool, "last at its min share at ", " s;"));
        let timeout = 1000 * between(pool, "preemption timeout is ", " s.").parse::<i64>().unwrap();
        let is_starved = now - last_at_min > timeout;
        let level = if is_starved { "ANY" } else { by_wait };
        assert_eq!(chosen(&q, &tag), level, "{tag}: the lines give {level} (starved: {is_starved})");
        starved += usize::from(is_starved);
    }
    assert!(starved > 0 && starved < QUESTIONS as usize, "both starved and not: {starved}");
}
