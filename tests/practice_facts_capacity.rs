//! Capacity questions allow one answer only, from what they show (with `practice_facts.rs`):
//! over 1,002 questions, the expected answer is what Hadoop's rule gives from the question's
//! own English lines.
//!
//! - `capacity.locality_wait`: `CapacityTaskScheduler.MapSchedulingMgr.obtainNewTask` counts a
//!   scheduling opportunity (`JobInProgress.schedulingOpportunity`), gives a node- or
//!   rack-local map if the job's input line has one, else an off-switch map only if
//!   `scheduleOffSwitch`: min(maps not finished, trackers) × locality wait factor < the
//!   opportunities missed; else the job waits.
//! - `capacity.tasks_count`: `CapacityTaskScheduler.addMapTasks` asks for maps while the tracker
//!   has free slots, each lookup sorting the queues by used / capacity (`sortQueues`, a stable
//!   sort) and asking each queue's running jobs in order of submission; a queue at its maximum
//!   capacity is passed, and so is a job whose user holds the user limit
//!   (`CapacitySchedulerQueue.assignSlotsToJob`: max(⌈capacity / active users⌉,
//!   ⌈minimum-user-limit-percent × capacity / 100⌉), at most capacity × user-limit-factor). It
//!   stops at `maximum-tasks-per-heartbeat` maps, or once an off-switch map was given and
//!   `maximum-tasks-after-offswitch` more have followed. Queues at the same ratio are tried in
//!   every order: the count must not depend on it.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{between, chosen, lines, ms, questions};
use schedscope::practice::answer::Answer;

#[test]
fn locality_wait_questions_follow_from_their_lines() {
    let mut waits = 0;
    for (q, tag) in questions("capacity.locality_wait") {
        let l = lines(&q).find(|l| l.contains(" scheduling opportunities since its last local map")).unwrap();
        let job: u32 = between(l, "J", " has missed").parse().unwrap();
        let missed: f64 = between(l, "has missed ", " scheduling").parse().unwrap();
        let factor: f32 = between(l, "locality wait factor is ", ";").parse().unwrap();
        let left: f64 = between(l, "; it has ", " maps not finished after the reports").parse().unwrap();
        let trackers: f64 = between(l, "the cluster has ", " trackers").parse().unwrap();
        let input = lines(&q)
            .find(|x| x.starts_with(&format!("J{job} has ")) && x.contains(" waiting maps: "))
            .unwrap_or_else(|| panic!("{tag}: J{job}'s input is not shown"));
        let node: i64 = between(input, "waiting maps: ", " with input").parse().unwrap();
        let rack: i64 = between(input, "host, ", " elsewhere").parse().unwrap();
        // This lookup is an opportunity too: counted before the off-switch test.
        let off_switch = left.min(trackers) * (factor as f64) < missed + 1.0;
        let want = if node > 0 {
            "a node-local map"
        } else if rack > 0 {
            "a rack-local map"
        } else if off_switch {
            "an off-switch map"
        } else {
            "nothing: it waits for a local map"
        };
        let shown: Vec<&str> = lines(&q).collect();
        assert_eq!(chosen(&q, &tag), want, "{tag}: the lines give {want}: {shown:#?}");
        waits += usize::from(want.starts_with("nothing"));
    }
    assert!(waits > 0, "some questions have the job wait");
}

/// A queue's standing line: (name, capacity, maximum or 0, used, user limit %, factor).
type QueueFacts = (String, i64, i64, i64, i64, f64);

fn queue_facts(l: &str) -> QueueFacts {
    let max = between(l, "maximum capacity ", ",");
    (
        between(l, "Queue ", ":").to_string(),
        between(l, "capacity ", " map slots").parse().unwrap(),
        if max == "none" { 0 } else { max.parse().unwrap() },
        between(l, "uses ", ".").parse().unwrap(),
        between(l, "minimum-user-limit-percent ", ",").parse().unwrap(),
        between(l, "user-limit-factor ", ".").trim_end_matches('.').parse().unwrap(),
    )
}

/// A running job's line and input line: (id, user, queue, submitted, running, [node, rack, off]).
#[derive(Clone, Debug)]
struct JobFacts {
    id: u32,
    user: String,
    queue: String,
    submitted: i64,
    running: i64,
    waiting: [i64; 3],
}

fn running_jobs(lines: &[&str], tracker: &str) -> Vec<JobFacts> {
    let mut jobs: Vec<JobFacts> = lines
        .iter()
        .filter(|l| l.starts_with('J') && l.contains("): RUNNING, "))
        .map(|l| JobFacts {
            id: between(l, "J", " (").parse().unwrap(),
            user: between(l, "(", ",").to_string(),
            queue: between(l, "queue ", ",").to_string(),
            submitted: ms(between(l, "submitted ", "):")),
            running: between(l, "finished, ", " running)").parse().unwrap(),
            waiting: [0; 3],
        })
        .collect();
    // The attempts the tracker reports done no longer hold their slots ("J3 m11#0, J3 m12#0").
    for l in lines.iter().filter(|l| l.starts_with("Before the scheduler runs, ")) {
        let done = between(l, " reports ", ": those slots");
        let done = done.rsplit_once(' ').unwrap().0;
        for a in done.split(", ").filter(|a| a.contains(" m")) {
            let id: u32 = between(a, "J", " ").parse().unwrap();
            jobs.iter_mut().filter(|j| j.id == id).for_each(|j| j.running -= 1);
        }
    }
    for j in &mut jobs {
        assert!(!lines.iter().any(|l| l.starts_with(&format!("J{} (", j.id)) && l.contains("slots per map")));
        if let Some(l) = lines.iter().find(|l| l.starts_with(&format!("J{} has ", j.id))) {
            j.waiting = [
                between(l, "maps: ", " with input").parse().unwrap(),
                between(l, &format!("{tracker}'s host, "), " elsewhere").parse().unwrap(),
                between(l, "its rack, ", " only").parse().unwrap(),
            ];
        }
    }
    // Jobs of one priority (none is set) run in order of start time, then id.
    jobs.sort_by_key(|j| (j.submitted, j.id));
    jobs
}

/// `addMapTasks` on the shown facts, the queues first in `order`: the maps given.
fn maps_given(free: i64, per_hb: i64, after_off: i64, mut queues: Vec<QueueFacts>, mut jobs: Vec<JobFacts>) -> i64 {
    let ratio = |q: &QueueFacts| if q.1 == 0 { 1.0 } else { q.3 as f64 / q.1 as f64 };
    let (mut available, mut maps, mut off_ok, mut after) = (free, 0, true, after_off);
    while available > 0 {
        queues.sort_by(|a, b| ratio(a).partial_cmp(&ratio(b)).unwrap());
        let mut got = None;
        'queues: for (qi, q) in queues.iter().enumerate() {
            if q.2 > 0 && q.3 + 1 > q.2 {
                continue;
            }
            let users: std::collections::BTreeSet<&str> =
                jobs.iter().filter(|j| j.queue == q.0).map(|j| j.user.as_str()).collect();
            for (ji, j) in jobs.iter().enumerate().filter(|(_, j)| j.queue == q.0) {
                let current = if q.3 + 1 <= q.1 { q.1 } else { q.3 + 1 };
                let active = users.len().max(1) as i64;
                let limit =
                    ((current + active - 1) / active).max((q.4 * current + 99) / 100).min((q.1 as f64 * q.5) as i64);
                let holds: i64 = jobs.iter().filter(|x| x.queue == q.0 && x.user == j.user).map(|x| x.running).sum();
                if holds + 1 > limit {
                    continue;
                }
                // Node-local, then rack-local, then off-switch (wait factor 0) if still allowed.
                let kind = (0..3).find(|&k| j.waiting[k] > 0 && (k < 2 || off_ok));
                if let Some(k) = kind {
                    got = Some((qi, ji, k));
                    break 'queues;
                }
            }
        }
        let Some((qi, ji, k)) = got else { break };
        queues[qi].3 += 1;
        jobs[ji].running += 1;
        jobs[ji].waiting[k] -= 1;
        maps += 1;
        if maps >= per_hb {
            break;
        }
        if k == 2 {
            off_ok = false;
        }
        if !off_ok {
            if after == 0 {
                break;
            }
            after -= 1;
        }
        available -= 1;
    }
    maps
}

/// Every order of `queues` that moves only queues at the same ratio.
fn tie_orders(queues: &[QueueFacts]) -> Vec<Vec<QueueFacts>> {
    let mut out = vec![Vec::new()];
    let ratio = |q: &QueueFacts| q.3 as f64 / q.1.max(1) as f64;
    let mut i = 0;
    while i < queues.len() {
        let k = queues[i..].iter().take_while(|q| ratio(q) == ratio(&queues[i])).count();
        let group = &queues[i..i + k];
        let perms: Vec<Vec<QueueFacts>> = match k {
            1 => vec![group.to_vec()],
            2 => vec![group.to_vec(), vec![group[1].clone(), group[0].clone()]],
            _ => (0..k).map(|r| group.iter().cycle().skip(r).take(k).cloned().collect()).collect(),
        };
        out = out.iter().flat_map(|o| perms.iter().map(move |p| [o.clone(), p.clone()].concat())).collect();
        i += k;
    }
    out
}

#[test]
fn tasks_count_questions_follow_from_their_lines() {
    let (mut stops, mut tied) = ([0; 3], 0);
    for (q, tag) in questions("capacity.tasks_count") {
        let shown: Vec<&str> = lines(&q).collect();
        let l = shown.iter().find(|l| l.starts_with("maximum-tasks-per-heartbeat = ")).unwrap();
        let per_hb: i64 = between(l, "heartbeat = ", ",").parse().unwrap();
        let after_off: i64 = between(l, "after-offswitch = ", ".").parse().unwrap();
        let tracker = between(l, ". ", " has ");
        let free: i64 = between(l, " has ", " free map slots").parse().unwrap();
        let queues: Vec<QueueFacts> =
            shown.iter().filter(|l| l.starts_with("Queue ")).map(|l| queue_facts(l)).collect();
        assert!(!queues.is_empty(), "{tag}: no queue line");
        let jobs = running_jobs(&shown, tracker);
        let Answer::Number(want) = q.expected else { panic!("{tag}") };
        let orders = tie_orders(&queues);
        tied += usize::from(orders.len() > 1);
        for order in orders {
            let got = maps_given(free, per_hb, after_off, order.clone(), jobs.clone());
            assert_eq!(
                got as f64, want,
                "{tag}: the lines give {got} maps with the queues in order {order:?}: {shown:#?}"
            );
        }
        let n = want as i64;
        stops[if n >= per_hb {
            0
        } else if n < free {
            1
        } else {
            2
        }] += 1;
    }
    eprintln!("stops: per heartbeat, off-switch or none left, slots filled: {stops:?}; {tied} with queues tied");
    assert!(stops.iter().all(|&s| s > 0), "every way of stopping is asked: {stops:?}");
}
