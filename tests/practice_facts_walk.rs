//! Capacity questions on one map lookup allow one answer only, from what they show (with
//! `practice_facts_capacity.rs`): over 1,002 questions of each kind below, the expected answer is
//! what Hadoop's rule gives from the question's own English lines, and every other choice is
//! refuted by them.
//!
//! The rule, `CapacityTaskScheduler.TaskSchedulingMgr.assignTasks` for the heartbeat's first
//! map: a tracker reserved for a high-memory job gives that job a map if it has the job's slots
//! free, else stays reserved; otherwise the queues are tried by used / capacity (`sortQueues`,
//! a stable sort: tied queues keep the order the question's tie line gives), a queue at its
//! maximum capacity passed (`CapacitySchedulerQueue.assignSlotsToQueue`), and each queue's
//! RUNNING jobs by submission time then id. A job is passed if its slots would cross the
//! maximum capacity or its user's limit (`CapacitySchedulerQueue.assignSlotsToJob`:
//! max(⌈current capacity / active users⌉, ⌈minimum-user-limit-percent × current capacity /
//! 100⌉), at most capacity × user-limit-factor; a user's slots count its jobs' running maps and
//! reserved trackers, times their slots per map). With memory-based scheduling a job whose map
//! needs more slots than are free (`MemoryMatcher.matchesMemoryRequirements`) reserves the
//! tracker and ends the lookup if it has maps pending, fewer reserved trackers than pending maps,
//! and the tracker has the slots at all; else it is passed. A job that fits gives a map
//! (`MapSchedulingMgr.obtainNewTask`) if it has one waiting with input on the tracker's rack, or
//! if its maps take more than one slot, or if `JobInProgress.scheduleOffSwitch` allows one:
//! min(maps not finished, trackers) × locality wait factor < the opportunities missed, this one
//! counted; else the next job is asked.
//!
//! - `capacity.first_job`: which job gets the first map, or none.
//! - `capacity.admission`: the same, after the `JobInitializationPoller` pass that is due by the
//!   heartbeat: queue by queue, PREP jobs in order, a job initialised (and RUNNING) if its user's
//!   initialised tasks stay within maximum-initialized-active-tasks-per-user; a user over it is
//!   skipped for the rest of the pass (`getJobsToInitialize`).
//! - `capacity.high_memory`: what happens to the named high-memory job in that lookup.
//!
//! Ties: where queues tie on used / capacity the heartbeat is run again with their order in the
//! engine reversed; where that changes the answer, the question must show the tie line (the
//! stable sort keeps the previous order), and the walk over the lines in the reversed order must
//! give what the reversed engine does.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{between, lines, ms, questions};
use schedscope::model::TaskType;
use schedscope::practice::Question;
use schedscope::practice::answer::{Answer, Form};
use schedscope::sched::Scheduler;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Clone, Debug)]
struct QueueFacts {
    name: String,
    capacity: i64,
    max: i64,
    used: i64,
    ul_percent: i64,
    factor: f32,
}

#[derive(Clone, Debug)]
struct JobFacts {
    id: u32,
    user: String,
    queue: String,
    submitted: i64,
    running_state: bool,
    prep: bool,
    maps: i64,
    finished: i64,
    running: i64,
    slots: i64,
    /// A waiting map with input on the tracker's rack (`None`: no locality line).
    local: Option<bool>,
    /// (missed opportunities, locality wait factor, maps not finished) of a job with none.
    wait: Option<(u64, f32, u32)>,
}

impl JobFacts {
    fn pending(&self) -> i64 {
        self.maps - self.finished - self.running
    }
}

/// A queue's limit of initialised tasks per user, and each user's initialised tasks.
type UserTasks = (i64, BTreeMap<String, i64>);

#[derive(Clone, Debug)]
struct Facts {
    tracker: String,
    time: i64,
    queues: Vec<QueueFacts>,
    jobs: Vec<JobFacts>,
    /// Tied queues in the order the tie line gives.
    ties: Vec<Vec<String>>,
    trackers: Option<u32>,
    /// (tracker slots, free slots, reservations tracker → job) with memory-based scheduling.
    memory: Option<(i64, i64, BTreeMap<String, u32>)>,
    /// (next pass, per queue: (limit, user → initialised tasks)).
    poller: Option<(i64, BTreeMap<String, UserTasks>)>,
    /// The poller's pass before the scheduler initialises every PREP job (default limits).
    poll_all: bool,
}

fn facts(q: &Question) -> Facts {
    let shown: Vec<&str> = lines(q).collect();
    let head = shown[0];
    let mut f = Facts {
        tracker: between(head, " comes from ", " (").to_string(),
        time: ms(between(head, ") at ", " s.")),
        queues: Vec::new(),
        jobs: Vec::new(),
        ties: Vec::new(),
        trackers: None,
        memory: None,
        poller: None,
        poll_all: false,
    };
    let tracker = f.tracker.clone();
    let mut far: BTreeSet<u32> = BTreeSet::new();
    let mut waits: BTreeMap<u32, (u64, f32, u32)> = BTreeMap::new();
    let mut every_local = false;
    let mut reported: Vec<(u32, bool)> = Vec::new();
    for l in &shown {
        if l.starts_with("Queue ") && l.contains(" map slots, maximum capacity ") {
            let max = between(l, "maximum capacity ", ",");
            f.queues.push(QueueFacts {
                name: between(l, "Queue ", ":").to_string(),
                capacity: between(l, "capacity ", " map slots").parse().unwrap(),
                max: if max == "none" { 0 } else { max.parse().unwrap() },
                used: between(l, "uses ", ".").parse().unwrap(),
                ul_percent: between(l, "minimum-user-limit-percent ", ",").parse().unwrap(),
                factor: l.split("user-limit-factor ").nth(1).unwrap().trim_end_matches('.').parse().unwrap(),
            });
        } else if l.starts_with("Queue ") && l.contains(" initialised tasks per user ") {
            let name = between(l, "Queue ", ":").to_string();
            let limit = between(l, "at most ", " initialised").parse().unwrap();
            let now = l.split("initialised tasks now: ").nth(1).unwrap().trim_end_matches('.');
            let users = now
                .split(", ")
                .filter(|u| !u.is_empty())
                .map(|u| {
                    let (n, k) = u.rsplit_once(' ').unwrap();
                    (n.to_string(), k.parse().unwrap())
                })
                .collect();
            f.poller.get_or_insert_with(|| (0, BTreeMap::new())).1.insert(name, (limit, users));
        } else if l.starts_with("The initialisation poller's pass at ") {
            assert!(l.ends_with(" comes before the scheduler: every PREP job is initialised and RUNNING."));
            f.poll_all = true;
        } else if l.starts_with("The initialisation poller runs every second") {
            f.poller.get_or_insert_with(|| (0, BTreeMap::new())).0 = ms(between(l, "next pass is at ", " s."));
        } else if l.starts_with("Queues at the same used / capacity keep their previous order") {
            let list = l.split("(a stable sort): ").nth(1).unwrap().trim_end_matches('.');
            f.ties = list.split("; ").map(|g| g.split(" before ").map(str::to_string).collect()).collect();
        } else if l.starts_with("Memory-based scheduling: ") {
            let slots = between(l, &format!("{tracker} has "), " map slots").parse().unwrap();
            let free = between(l, " map slots, ", " free after").parse().unwrap();
            let list = l.split("Map reservations before this heartbeat: ").nth(1).unwrap().trim_end_matches('.');
            let res = if list == "none" {
                BTreeMap::new()
            } else {
                list.split(", ")
                    .map(|r| {
                        let (t, j) = r.split_once(" → J").unwrap();
                        (t.to_string(), j.parse().unwrap())
                    })
                    .collect()
            };
            f.memory = Some((slots, free, res));
        } else if l.starts_with("Every job with waiting maps has one with input on ") {
            every_local = true;
        } else if l.contains(" no waiting map with input on ") {
            let names = l.split(" ha").next().unwrap();
            far = names.split(", ").map(|j| j.trim_start_matches('J').parse().unwrap()).collect();
            f.trackers = Some(between(l, "The cluster has ", " trackers").parse().unwrap());
        } else if l.contains(" scheduling opportunities; locality wait factor ") {
            let id = between(l, "J", " has missed").parse().unwrap();
            waits.insert(
                id,
                (
                    between(l, "has missed ", " scheduling").parse().unwrap(),
                    between(l, "locality wait factor ", ";").trim_end_matches(" once initialised").parse().unwrap(),
                    between(l, "factor ", " maps not finished").split("; ").nth(1).unwrap().parse().unwrap(),
                ),
            );
        } else if l.starts_with("Before the scheduler runs, ") {
            let done = between(l, " reports ", ": those slots");
            let (list, how) = done.rsplit_once(' ').unwrap();
            for a in list.split(", ").filter(|a| a.contains(" m")) {
                reported.push((between(a, "J", " ").parse().unwrap(), how == "finished"));
            }
        } else if l.starts_with('J') && l.contains(" (") && l.contains(", queue ") && l.contains(" maps") {
            let state = between(l, "): ", ",");
            let run = state == "RUNNING";
            f.jobs.push(JobFacts {
                id: between(l, "J", " (").parse().unwrap(),
                user: between(l, "(", ",").to_string(),
                queue: between(l, "queue ", ",").to_string(),
                submitted: ms(between(l, "submitted ", "):")),
                running_state: run,
                prep: state == "PREP",
                maps: between(l, &format!("{state}, "), " maps").parse().unwrap(),
                finished: if run { between(l, "maps (", " finished").parse().unwrap() } else { 0 },
                running: if run { between(l, "finished, ", " running)").parse().unwrap() } else { 0 },
                slots: match l.rsplit_once(", ").filter(|(_, s)| s.ends_with(" slots per map.")) {
                    Some((_, s)) => s.trim_end_matches(" slots per map.").parse().unwrap(),
                    None => 1,
                },
                local: None,
                wait: None,
            });
        }
    }
    // The reports free their slots (a map reported finished is finished; one failed or killed
    // waits again).
    for (id, finished) in reported {
        for j in f.jobs.iter_mut().filter(|j| j.id == id) {
            j.running -= 1;
            j.finished += i64::from(finished);
        }
    }
    let shown = every_local || !far.is_empty();
    for j in &mut f.jobs {
        j.local = shown.then(|| !far.contains(&j.id));
        j.wait = waits.get(&j.id).copied();
    }
    f
}

fn ratio(q: &QueueFacts) -> f64 {
    if q.capacity == 0 { 1.0 } else { q.used as f64 / q.capacity as f64 }
}

/// The queues in the order the lines give: by used / capacity, ties in the tie line's order
/// (`reversed`: each tied group the other way round).
fn queue_order(f: &Facts, reversed: bool) -> Vec<QueueFacts> {
    let rank = |name: &str| {
        f.ties
            .iter()
            .find_map(|g| g.iter().position(|n| n == name).map(|p| if reversed { g.len() - p } else { p }))
            .unwrap_or(0)
    };
    let mut qs = f.queues.clone();
    qs.sort_by(|a, b| ratio(a).partial_cmp(&ratio(b)).unwrap().then(rank(&a.name).cmp(&rank(&b.name))));
    for w in qs.windows(2) {
        if ratio(&w[0]) == ratio(&w[1]) {
            assert!(
                f.ties.iter().any(|g| g.contains(&w[0].name) && g.contains(&w[1].name)),
                "queues {} and {} tie and no line gives their order",
                w[0].name,
                w[1].name
            );
        }
    }
    qs
}

/// What the lookup does.
#[derive(Clone, Debug, PartialEq)]
enum Outcome {
    Map(u32),
    Reserved(u32),
    NoMap,
}

/// Why the walk left a job (for the refutations and `capacity.high_memory`).
#[derive(Clone, Debug, PartialEq)]
enum Pass {
    /// The walk ended (a map or a reservation) before it came to the job.
    NotAsked,
    NotRunning,
    /// Its queue is at its maximum capacity.
    QueueFull,
    Limit,
    NothingPending,
    /// Memory-based scheduling: the map does not fit and the job cannot reserve the tracker.
    NoFit,
    LocalityWait,
}

/// The poller's pass, if due by the heartbeat: the PREP jobs it initialises become RUNNING.
fn after_poll(f: &Facts) -> Vec<JobFacts> {
    let mut jobs = f.jobs.clone();
    if f.poll_all {
        for j in jobs.iter_mut().filter(|j| j.prep) {
            (j.prep, j.running_state) = (false, true);
        }
    }
    let Some((next, queues)) = &f.poller else { return jobs };
    if *next > f.time {
        return jobs;
    }
    let mut order: Vec<usize> = (0..jobs.len()).filter(|&i| jobs[i].prep).collect();
    order.sort_by_key(|&i| (jobs[i].submitted, jobs[i].id));
    for (qn, (limit, users)) in queues {
        let mut active = users.clone();
        let mut over: BTreeSet<String> = BTreeSet::new();
        let here: Vec<usize> = order.iter().copied().filter(|&i| jobs[i].queue == *qn).collect();
        for i in here {
            let j = &mut jobs[i];
            if over.contains(&j.user) {
                continue;
            }
            let a = active.entry(j.user.clone()).or_insert(0);
            if *a + j.maps > *limit {
                over.insert(j.user.clone());
                continue;
            }
            *a += j.maps;
            j.prep = false;
            j.running_state = true;
        }
    }
    jobs
}

/// The first lookup over the lines, the queues in the order the lines give (`reversed`: tied
/// queues the other way round).
fn walk(f: &Facts, jobs: &[JobFacts], reversed: bool) -> (Outcome, BTreeMap<u32, Pass>) {
    let mut passes: BTreeMap<u32, Pass> =
        jobs.iter().map(|j| (j.id, if j.running_state { Pass::NotAsked } else { Pass::NotRunning })).collect();
    let reserved_count =
        |id: u32| f.memory.as_ref().map_or(0, |(_, _, r)| r.values().filter(|&&j| j == id).count() as i64);
    if let Some((_, free, res)) = &f.memory {
        if let Some(&id) = res.get(&f.tracker) {
            let j = jobs.iter().find(|j| j.id == id).unwrap();
            return (if *free >= j.slots { Outcome::Map(id) } else { Outcome::Reserved(id) }, passes);
        }
    }
    for q in &queue_order(f, reversed) {
        if q.max > 0 && q.used + 1 > q.max {
            jobs.iter().filter(|j| j.queue == q.name && j.running_state).for_each(|j| {
                passes.insert(j.id, Pass::QueueFull);
            });
            continue;
        }
        let mut mine: Vec<&JobFacts> = jobs.iter().filter(|j| j.queue == q.name && j.running_state).collect();
        mine.sort_by_key(|j| (j.submitted, j.id));
        let active = mine.iter().filter(|j| j.pending() > 0).map(|j| &j.user).collect::<BTreeSet<_>>().len().max(1);
        for j in mine {
            let n = j.slots;
            let qc = q.capacity.max(n);
            let current = if q.used + n <= qc { qc } else { q.used + n };
            let ceil = |a: i64, b: i64| (a + b - 1) / b;
            let limit =
                ceil(current, active as i64).max(ceil(q.ul_percent * current, 100)).min((qc as f32 * q.factor) as i64);
            let holds: i64 = jobs
                .iter()
                .filter(|x| x.queue == q.name && x.user == j.user && x.running_state)
                .map(|x| (x.running + reserved_count(x.id)) * x.slots)
                .sum();
            if (q.max > 0 && q.used + n > q.max) || holds + n > limit {
                passes.insert(j.id, Pass::Limit);
                continue;
            }
            if let Some((slots, free, _)) = &f.memory {
                if n > *free {
                    if j.pending() > 0 && reserved_count(j.id) < j.pending() && n <= *slots {
                        return (Outcome::Reserved(j.id), passes);
                    }
                    passes.insert(j.id, Pass::NoFit);
                    continue;
                }
            }
            if j.pending() <= 0 {
                passes.insert(j.id, Pass::NothingPending);
                continue;
            }
            if n > 1 || j.local.unwrap_or_else(|| panic!("J{}: no locality line", j.id)) {
                return (Outcome::Map(j.id), passes);
            }
            let (missed, factor, left) = j.wait.unwrap_or_else(|| panic!("J{}: no locality wait line", j.id));
            let trackers = f.trackers.expect("the cluster's trackers");
            if (left.min(trackers) as f32 * factor) < (missed + 1) as f32 {
                return (Outcome::Map(j.id), passes);
            }
            passes.insert(j.id, Pass::LocalityWait);
        }
    }
    (Outcome::NoMap, passes)
}

/// The first map of the heartbeat in the engine, with the tied queues of `q`'s stage reversed.
fn engine_reversed(q: &Question, ties: &[Vec<String>]) -> Option<u32> {
    let mut e = q.simulation().engine().clone();
    let Scheduler::Capacity(c) = &mut e.scheduler else { panic!("not Capacity") };
    for g in ties {
        let at: Vec<usize> = c.map_order.iter().enumerate().filter(|(_, n)| g.contains(n)).map(|(i, _)| i).collect();
        let names: Vec<String> = at.iter().rev().map(|&i| c.map_order[i].clone()).collect();
        for (i, n) in at.into_iter().zip(names) {
            c.map_order[i] = n;
        }
    }
    let rec = e.next_heartbeat().expect("the heartbeat runs");
    rec.assigned.iter().find(|a| a.kind == TaskType::Map).map(|a| a.job)
}

fn options(q: &Question) -> Vec<String> {
    let Form::Choose { options } = &q.form else { panic!("not a choice") };
    options.iter().map(|o| o.en.clone()).collect()
}

fn expected(q: &Question) -> usize {
    let Answer::Choice(i) = q.expected else { panic!("not a choice") };
    i
}

/// `capacity.first_job` and `capacity.admission`: the option the walk gives.
fn first_job_kind(id: &str) {
    let (mut tie_matters, mut refuted, mut none, mut waited) = (0, 0, 0, 0);
    for (q, tag) in questions(id) {
        let f = facts(&q);
        let shown: Vec<&str> = lines(&q).collect();
        let jobs = after_poll(&f);
        let (got, passes) = walk(&f, &jobs, false);
        let want = match &got {
            Outcome::Map(j) => format!("J{j}"),
            Outcome::NoMap => "no map this heartbeat".to_string(),
            Outcome::Reserved(j) => panic!("{tag}: J{j} reserves without memory-based scheduling"),
        };
        let opts = options(&q);
        let i = opts.iter().position(|o| *o == want).unwrap_or_else(|| panic!("{tag}: {want} is no option"));
        assert_eq!(i, expected(&q), "{tag}: the lines give {want}: {shown:#?}");
        // Every other option is refuted: its job is not RUNNING, is passed for a reason a line
        // gives, or comes after the job that gets the map; "no map" by the map given.
        for (k, o) in opts.iter().enumerate().filter(|&(k, _)| k != i) {
            let refutes = match o.strip_prefix('J') {
                Some(j) => match &passes[&j.parse().unwrap()] {
                    Pass::NotAsked => matches!(got, Outcome::Map(_)),
                    _ => true,
                },
                None => matches!(got, Outcome::Map(_)),
            };
            assert!(refutes, "{tag}: option {k} ({o}) is refuted by no line");
            refuted += 1;
        }
        none += usize::from(got == Outcome::NoMap);
        waited += usize::from(passes.values().any(|p| *p == Pass::LocalityWait));
        if !f.ties.is_empty() {
            let engine = engine_reversed(&q, &f.ties);
            let lines_say = match walk(&f, &jobs, true).0 {
                Outcome::Map(j) => Some(j),
                _ => None,
            };
            assert_eq!(lines_say, engine, "{tag}: with the tied queues {:?} the other way round", f.ties);
            tie_matters += usize::from(engine != got_job(&got));
        }
    }
    eprintln!(
        "{id}: {refuted} options refuted; {none} with no map; {waited} with a locality wait; ties decide {tie_matters}"
    );
    assert!(none > 0 && waited > 0, "{id}: questions with no map and with a job waiting for locality");
}

fn got_job(o: &Outcome) -> Option<u32> {
    match o {
        Outcome::Map(j) => Some(*j),
        _ => None,
    }
}

#[test]
fn first_job_questions_follow_from_their_lines() {
    first_job_kind("capacity.first_job");
}

#[test]
fn admission_questions_follow_from_their_lines() {
    first_job_kind("capacity.admission");
}

#[test]
fn high_memory_questions_follow_from_their_lines() {
    let mut seen = [0; 4];
    for (q, tag) in questions("capacity.high_memory") {
        let f = facts(&q);
        let shown: Vec<&str> = lines(&q).collect();
        let last = shown.last().unwrap();
        let job: u32 = between(last, "What happens to J", " when").parse().unwrap();
        let jobs = after_poll(&f);
        let (got, passes) = walk(&f, &jobs, false);
        let want = match (&got, passes.get(&job)) {
            (Outcome::Map(j), _) if *j == job => 0,
            (Outcome::Reserved(j), _) if *j == job => 1,
            (Outcome::Map(_), Some(Pass::NoFit)) => 2,
            (_, Some(Pass::NoFit)) => 3,
            (o, p) => panic!("{tag}: the lines give {o:?}, J{job} {p:?}: {shown:#?}"),
        };
        assert_eq!(want, expected(&q), "{tag}: the lines give option {want}: {shown:#?}");
        seen[want] += 1;
        if !f.ties.is_empty() {
            let engine = engine_reversed(&q, &f.ties);
            let lines_say = got_job(&walk(&f, &jobs, true).0);
            assert_eq!(lines_say, engine, "{tag}: with the tied queues {:?} the other way round", f.ties);
        }
    }
    eprintln!("capacity.high_memory: answers by option {seen:?}");
    assert!(seen.iter().all(|&n| n > 0), "every outcome is asked: {seen:?}");
}
