//! Number questions allow one answer only, from what they show (with `practice_facts.rs`): over
//! 1,002 questions of each kind below, the expected number is what Hadoop's formula gives from
//! the question's own English lines, read back from its text.
//!
//! - `fifo.load_cap`: `JobQueueTaskScheduler.assignTasks`' current map capacity,
//!   `min(⌈remaining / cluster map slots × tracker slots⌉, tracker slots)`, remaining the
//!   desired minus finished maps of the RUNNING jobs the queue lines show.
//! - `fair.fair_share`: `SchedulingAlgorithms.computeFairShares` over the pool lines (demand, min
//!   share, weight) and the cluster's map slots.

use schedscope::practice::answer::{Answer, grade};
use schedscope::practice::{Difficulty, Question, kinds, situation};
use schedscope::sched::fair::shares::{ShareInput, compute_fair_shares};

const QUESTIONS: u64 = 1_002;

fn between<'a>(s: &'a str, from: &str, to: &str) -> &'a str {
    let a = s.find(from).unwrap_or_else(|| panic!("{from:?} in {s:?}")) + from.len();
    let b = s[a..].find(to).unwrap_or_else(|| panic!("{to:?} after {from:?} in {s:?}")) + a;
    &s[a..b]
}

fn lines(q: &Question) -> impl Iterator<Item = &str> {
    q.prompt.iter().map(|b| b.en.as_str())
}

fn each(id: &str, mut check: impl FnMut(&Question, &str) -> f64) {
    let kind = kinds::by_id(id).unwrap();
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("{id}: no question for seed {seed}"));
        let tag = format!("{id} seed {seed} {d:?}");
        let derived = check(&q, &tag);
        let Answer::Number(expected) = q.expected else { panic!("{tag}: not a number question") };
        assert!(
            grade(&q.form, &q.expected, Some(&Answer::Number(derived))).correct,
            "{tag}: lines give {derived}, expected {expected}"
        );
        assert!((derived - expected).abs() < 0.005, "{tag}: lines give {derived}, expected {expected}");
    }
}

#[test]
fn load_cap_questions_follow_from_their_lines() {
    each("fifo.load_cap", |q, tag| {
        let mut remaining = 0i64;
        for l in lines(q).filter(|l| l.starts_with('J') && l.contains(": priority ")) {
            // A job line ends with its state when it is not RUNNING: only RUNNING jobs count.
            let running = l.ends_with(" reduces.");
            let desired: i64 = between(l, "s, ", " maps (").rsplit(' ').next().unwrap().parse().unwrap();
            let finished: i64 = between(l, "maps (", " finished").parse().unwrap();
            if running {
                remaining += desired - finished;
            }
        }
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
