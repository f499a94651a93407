//! Practice questions allow one answer only, from what they show. For `fair.preempted`, over
//! 1,002 generated questions: the expected attempts are the only set that Hadoop's rule
//! (`FairScheduler.preemptTasksIfNecessary`, `tasksToPreempt`, `preemptTasks`) gives from the
//! question's own fact lines, read back from its English text (pool lines, the check's time,
//! the candidates' pools and start times), under every order of candidates that started at the
//! same moment; every other attempt is refuted by a line (its pool is at or below its fair
//! share, or newer attempts use up the count the pool lines owe). Ties are also looked for in
//! the engine: the heartbeat is run again with the order of every group of same-moment
//! candidates reversed, and must kill the same attempts. The stage shows one locality only
//! (every running map node-local), so it suggests no rule about locality.

#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{QUESTIONS, between, ms};
use schedscope::explain::Decision;
use schedscope::model::{AttemptId, Locality, Millis, TaskType};
use schedscope::practice::answer::{Answer, Form, Token};
use schedscope::practice::{Difficulty, Question, kinds, situation};
use schedscope::sched::Scheduler;
use schedscope::sim::Engine;
use std::collections::{BTreeMap, BTreeSet};

/// A pool line as the question shows it.
#[derive(Debug)]
struct PoolFacts {
    min: i64,
    demand: i64,
    runs: i64,
    fair_share: f64,
    last_at_min: Millis,
    timeout: Option<Millis>,
    line: String,
}

struct Facts {
    check_ms: Millis,
    pools: BTreeMap<String, PoolFacts>,
    no_fair_share_timeout: bool,
    /// (attempt, pool, start) of each candidate, in the form's order.
    candidates: Vec<(AttemptId, String, Millis)>,
}

fn facts(q: &Question) -> Facts {
    let mut f = Facts { check_ms: -1, pools: BTreeMap::new(), no_fair_share_timeout: false, candidates: Vec::new() };
    for line in q.prompt.iter().map(|b| b.en.as_str()) {
        if line.starts_with("Preemption is on.") {
            f.check_ms = ms(between(line, "checks for preemption at ", " s.").trim());
        } else if let Some(rest) = line.strip_prefix("Pool ") {
            let name = rest.split(':').next().unwrap().to_string();
            let timeout = between(line, "min share preemption timeout ", ".");
            let timeout = if timeout == "none" { None } else { Some(ms(timeout)) };
            f.pools.insert(
                name,
                PoolFacts {
                    min: between(line, "min share ", " maps").parse().unwrap(),
                    demand: between(line, "demand ", ",").parse().unwrap(),
                    runs: between(line, "runs ", ",").parse().unwrap(),
                    fair_share: between(line, "fair share ", ";").parse().unwrap(),
                    last_at_min: ms(between(line, "last at its min share at ", " s;")),
                    timeout,
                    line: line.to_string(),
                },
            );
        } else if line.starts_with("No fair share preemption timeout is set") {
            f.no_fair_share_timeout = true;
        }
    }
    let Form::Pick { candidates, .. } = &q.form else { panic!("{}: not a pick form", q.seed) };
    for c in candidates {
        let Token::Attempt { attempt, .. } = &c.token else { panic!("not an attempt") };
        let pool = between(&c.label.en, "(pool ", ",").to_string();
        let start = ms(between(&c.label.en, "started ", ")"));
        f.candidates.push((*attempt, pool, start));
    }
    f
}

/// How many maps the pools are owed at the check (`tasksToPreempt`, min-share part; strict `>`).
fn owed(f: &Facts) -> i64 {
    f.pools
        .values()
        .map(|p| match p.timeout {
            Some(t) if f.check_ms - p.last_at_min > t => (p.min.min(p.demand) - p.runs).max(0),
            _ => 0,
        })
        .sum()
}

/// `preemptTasks` on the shown facts with the candidates in `order` (newest first): the killed.
fn kill_walk(f: &Facts, order: &[usize]) -> BTreeSet<AttemptId> {
    let mut left: BTreeMap<&str, i64> = f.pools.iter().map(|(n, p)| (n.as_str(), p.runs)).collect();
    let mut to_kill = owed(f);
    let mut killed = BTreeSet::new();
    for &i in order {
        let (a, pool, _) = &f.candidates[i];
        let Some(p) = f.pools.get(pool) else { continue };
        if to_kill <= 0 {
            break;
        }
        // Only pools above their fair share give up tasks, never below it.
        if (p.runs as f64) > p.fair_share && (left[pool.as_str()] as f64) > p.fair_share {
            killed.insert(*a);
            to_kill -= 1;
            *left.get_mut(pool.as_str()).unwrap() -= 1;
        }
    }
    killed
}

/// Every answer the facts allow: the walk under each order of same-start candidates.
fn allowed(f: &Facts) -> BTreeSet<BTreeSet<AttemptId>> {
    let mut order: Vec<usize> = (0..f.candidates.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(f.candidates[i].2));
    // Groups of equal start; try each group forward and reversed, and every rotation.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for i in order {
        match groups.last_mut() {
            Some(g) if f.candidates[g[0]].2 == f.candidates[i].2 => g.push(i),
            _ => groups.push(vec![i]),
        }
    }
    let mut out = BTreeSet::new();
    let variants = groups.iter().map(|g| g.len()).max().unwrap_or(1) * 2;
    for v in 0..variants {
        let order: Vec<usize> = groups
            .iter()
            .flat_map(|g| {
                let mut g = g.clone();
                let n = g.len();
                g.rotate_left(v / 2 % n);
                if v % 2 == 1 {
                    g.reverse();
                }
                g
            })
            .collect();
        out.insert(kill_walk(f, &order));
    }
    out
}

/// The killed attempts of the heartbeat's map check, from the engine run at `engine`.
fn killed_by(mut engine: Engine) -> BTreeSet<AttemptId> {
    let rec = engine.next_heartbeat().expect("the heartbeat runs");
    let Decision::Fair(d) = &rec.decision else { panic!("not Fair") };
    d.preemptions.iter().filter(|c| c.kind == "map").flat_map(|c| c.killed.iter().map(|k| k.attempt)).collect()
}

#[test]
fn preemption_questions_allow_one_answer_from_their_facts() {
    let kind = kinds::by_id("fair.preempted").unwrap();
    let (mut tied_in_engine, mut refutations) = (0, 0);
    for seed in 0..QUESTIONS {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("no question for seed {seed}"));
        let tag = format!("fair.preempted seed {seed} {d:?}");
        let f = facts(&q);
        assert!(f.check_ms >= 0, "{tag}: the check's time is shown");
        assert!(f.no_fair_share_timeout, "{tag}: the question says no fair-share timeout is owed");
        let Answer::Picks(picks) = &q.expected else { panic!("{tag}") };
        let expected: BTreeSet<AttemptId> = picks.iter().map(|&i| f.candidates[i].0).collect();
        let allowed = allowed(&f);
        assert_eq!(allowed, BTreeSet::from([expected.clone()]), "{tag}: the facts allow only the expected kills");
        // Each spared attempt is refuted by a line: its pool's (at or below its fair share, or
        // brought down to it by the pool's newer kills), or the count the pool lines owe, used
        // up by newer kills (newer: started later; no kill started at the same moment).
        let owed = owed(&f) as usize;
        for (a, pool, start) in f.candidates.iter().filter(|c| !expected.contains(&c.0)) {
            let p = &f.pools[pool];
            let newer: Vec<_> = f.candidates.iter().filter(|c| expected.contains(&c.0) && c.2 > *start).collect();
            let newer_here = newer.iter().filter(|c| c.1 == *pool).count() as i64;
            let by_pool = ((p.runs - newer_here) as f64) <= p.fair_share;
            let by_count = newer.len() == owed;
            assert!(by_pool || by_count, "{tag}: {a} is spared by no line ({}; {owed} owed)", p.line);
            refutations += 1;
        }
        // Ties in the engine: same-start candidates in the other order kill the same attempts.
        let sim = q.simulation();
        let before = sim.engine().clone();
        let mut groups: BTreeMap<Millis, Vec<AttemptId>> = BTreeMap::new();
        for t in &before.cluster.trackers {
            for r in t.running.iter().filter(|r| r.attempt.kind == TaskType::Map) {
                groups.entry(r.launch_time).or_default().push(r.attempt);
                // The stage shows every running map node-local: no locality rule suggested.
                let job = &before.cluster.jobs[&schedscope::model::JobId(r.attempt.job)];
                let level = job.tips(TaskType::Map)[r.attempt.index as usize]
                    .active
                    .iter()
                    .find(|x| x.attempt == r.attempt.attempt)
                    .and_then(|x| x.level);
                assert_eq!(level.map(Locality::from_level), Some(Locality::Node), "{tag}: {} is node-local", r.attempt);
            }
        }
        assert_eq!(killed_by(before.clone()), expected, "{tag}: the engine kills what is expected");
        let tied: Vec<&Vec<AttemptId>> = groups.values().filter(|g| g.len() > 1).collect();
        if !tied.is_empty() {
            tied_in_engine += 1;
            let mut permuted = before.clone();
            let Scheduler::Fair(fs) = &mut permuted.scheduler else { panic!("{tag}") };
            for g in &tied {
                fs.reverse_launch_order(g);
            }
            assert_eq!(killed_by(permuted), expected, "{tag}: tied candidates {tied:?} in the other order");
        }
    }
    assert!(refutations > QUESTIONS as usize, "spared attempts checked: {refutations}");
    eprintln!("{QUESTIONS} questions; {tied_in_engine} with same-moment candidates, permuted; {refutations} spared");
}

/// The generator itself never asks about a check where a killed attempt started at the same
/// moment as a spared one, across every difficulty and the set links' seeds.
#[test]
fn no_preemption_question_hinges_on_a_same_moment_start() {
    for link in ["p=1&c=fair.preemption&d=easy&seed=10&n=1", "p=1&c=fair.preemption&d=hard&seed=7&n=12"] {
        let set = schedscope::practice::set::SetSpec::parse_link(link).unwrap();
        for q in set.questions() {
            let f = facts(&q);
            let Answer::Picks(picks) = &q.expected else { panic!() };
            let killed: BTreeSet<Millis> = picks.iter().map(|&i| f.candidates[i].2).collect();
            let spared = (0..f.candidates.len()).filter(|i| !picks.contains(i));
            assert!(spared.clone().all(|i| !killed.contains(&f.candidates[i].2)), "{link}: {:?}", f.candidates);
        }
    }
}

/// `(name, runs, demand, min share, weight)` of each `Pool …` line of a `fair.pool_order` question.
fn pool_lines(q: &Question) -> Vec<(String, i64, i64, i64, f64)> {
    let lines = q.prompt.iter().map(|b| b.en.as_str()).filter(|l| l.starts_with("Pool "));
    lines
        .map(|l| {
            let name = between(l, "Pool ", ":").to_string();
            let runs = between(l, "runs ", " maps").parse().unwrap();
            let demand = between(l, "demand ", " maps").parse().unwrap();
            let min = between(l, "min share ", ",").parse().unwrap();
            let weight = l.split("weight ").nth(1).unwrap().trim_end_matches('.').parse().unwrap();
            (name, runs, demand, min, weight)
        })
        .collect()
}

/// `FairShareComparator` on the shown lines without its last tie-break (pools' start times are
/// all 0, then the name): needy pools (running below min(min share, demand)) first, by running /
/// that min share; the others by running / weight.
fn fairness(p: &(String, i64, i64, i64, f64)) -> (bool, f64) {
    let min = p.3.min(p.2);
    let needy = p.1 < min;
    (!needy, if needy { p.1 as f64 / (min.max(1)) as f64 } else { p.1 as f64 / p.4 })
}

/// Pool and queue orders: the expected order is the one Hadoop's comparator gives from the
/// question's own lines; where two pools tie, the question says how ties go (by name).
#[test]
fn order_questions_allow_one_order_from_their_facts() {
    let (mut ties, mut checked) = (0, 0);
    for (id, n) in [("fair.pool_order", QUESTIONS), ("capacity.queue_order", QUESTIONS)] {
        let kind = kinds::by_id(id).unwrap();
        for seed in 0..n {
            let d = Difficulty::ALL[(seed % 3) as usize];
            let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("{id}: no question for seed {seed}"));
            let tag = format!("{id} seed {seed} {d:?}");
            let (Form::Order { items }, Answer::Order(expected)) = (&q.form, &q.expected) else { panic!("{tag}") };
            let expected: Vec<&str> = expected.iter().map(|&i| items[i].en.as_str()).collect();
            let derived: Vec<String> = if id == "fair.pool_order" {
                let mut pools = pool_lines(&q);
                pools.sort_by(|a, b| fairness(a).partial_cmp(&fairness(b)).unwrap().then_with(|| a.0.cmp(&b.0)));
                let tied = pools.windows(2).any(|w| fairness(&w[0]) == fairness(&w[1]));
                if tied {
                    ties += 1;
                    assert!(
                        q.prompt.iter().any(|b| b.en.starts_with("Pools that tie are offered in name order")),
                        "{tag}: pools tie and the question does not say how ties go"
                    );
                }
                pools.into_iter().map(|p| p.0).collect()
            } else {
                // QueueComparator: used / capacity, ascending; the generator asks no ties.
                let mut queues: Vec<(String, f64)> = q
                    .prompt
                    .iter()
                    .map(|b| b.en.as_str())
                    .filter(|l| l.starts_with("Queue "))
                    .map(|l| {
                        let cap: f64 = between(l, "capacity ", " map slots").parse().unwrap();
                        let used: f64 = between(l, "uses ", ".").parse().unwrap();
                        (between(l, "Queue ", ":").to_string(), if cap == 0.0 { 1.0 } else { used / cap })
                    })
                    .collect();
                queues.sort_by(|a, b| a.1.partial_cmp(&b.1).unwrap());
                assert!(queues.windows(2).all(|w| w[0].1 != w[1].1), "{tag}: queues tie: {queues:?}");
                queues.into_iter().map(|q| q.0).collect()
            };
            assert_eq!(derived, expected, "{tag}: the order the lines give");
            checked += 1;
        }
    }
    eprintln!("{checked} order questions; {ties} with tied pools");
}
