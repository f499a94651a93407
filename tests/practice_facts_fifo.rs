//! FIFO questions on how many tasks one heartbeat gives allow one answer only, from what they
//! show (with `practice_facts.rs`): over 1,002 questions of each kind, the expected answer is
//! what `JobQueueTaskScheduler.assignTasks` gives from the question's own English lines.
//!
//! - `fifo.off_switch_count`: for each free map slot (the budget line), the first RUNNING job
//!   in queue order with a map waiting gives one, node-local or rack-local if its input line
//!   has one (`obtainNewNodeOrRackLocalMapTask`), else off-switch
//!   (`obtainNewNonLocalMapTask`), and after an off-switch map the heartbeat gets no more.
//! - `fifo.tasks`: the maps of that walk, in order, with their localities, then the reduce of
//!   the first job in queue order whose slow start is met (the question's reduce line).
//! - `fifo.reduces`: one reduce per heartbeat at most, from the first job in queue order among
//!   those with a reduce waiting (the candidates shown).
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::facts::{between, job_line, lines, questions, queue_lines, running_maps};
use schedscope::practice::Question;
use schedscope::practice::answer::{Answer, Form, Token};

/// `assignTasks`' maps from the lines, `free` slots: (job, locality) in launch order.
fn map_walk(q: &Question, tag: &str, free: i64) -> Vec<(u32, &'static str)> {
    // Each job in queue order with its waiting maps: (job, node-local, rack-local, other).
    let mut jobs: Vec<(u32, i64, i64, i64)> = queue_lines(q)
        .into_iter()
        .filter(|l| {
            let (desired, finished, _, running) = job_line(l);
            running && desired > finished + running_maps(l)
        })
        .map(|l| {
            let job: u32 = between(l, "J", ":").parse().unwrap();
            let input = lines(q)
                .find(|x| x.starts_with(&format!("J{job} has ")) && x.contains(" waiting maps: "))
                .unwrap_or_else(|| panic!("{tag}: J{job} waits but its input is not shown"));
            let node = between(input, "waiting maps: ", " with input").parse().unwrap();
            let rack = between(input, "host, ", " elsewhere").parse().unwrap();
            let other = between(input, "rack, ", " only on").parse().unwrap();
            (job, node, rack, other)
        })
        .collect();
    let mut given = Vec::new();
    for _ in 0..free.max(0) {
        // The first job in queue order with a map waiting gives this slot's map.
        let Some(j) = jobs.iter_mut().find(|j| j.1 + j.2 + j.3 > 0) else { break };
        if j.1 > 0 {
            j.1 -= 1;
            given.push((j.0, "node"));
        } else if j.2 > 0 {
            j.2 -= 1;
            given.push((j.0, "rack"));
        } else {
            given.push((j.0, "off-switch"));
            break; // at most one off-switch map per heartbeat
        }
    }
    given
}

#[test]
fn off_switch_count_questions_follow_from_their_lines() {
    let mut several = 0;
    for (q, tag) in questions("fifo.off_switch_count") {
        let budget = lines(&q).find(|l| l.starts_with("Under the load factor ")).unwrap_or_else(|| panic!("{tag}"));
        let may: i64 = between(budget, " may run ", " maps now").parse().unwrap();
        let runs: i64 = budget.rsplit(" and runs ").next().unwrap().trim_end_matches('.').parse().unwrap();
        assert!(lines(&q).any(|l| l == "Padding is not reached on this heartbeat."), "{tag}");
        let given = map_walk(&q, &tag, may - runs).len();
        let shown: Vec<&str> = lines(&q).collect();
        assert_eq!(q.expected, Answer::Number(given as f64), "{tag}: the lines give {given}: {shown:#?}");
        several += usize::from(given > 1);
    }
    assert!(several > 0, "some questions give local maps before the off-switch one");
}

#[test]
fn reduce_questions_follow_from_their_lines() {
    for (q, tag) in questions("fifo.reduces") {
        let Form::Pick { candidates, .. } = &q.form else { panic!("{tag}") };
        let waiting: Vec<u32> = candidates
            .iter()
            .map(|c| match c.token {
                Token::Task { job, kind: "reduce", .. } => job,
                _ => panic!("{tag}: not a reduce"),
            })
            .collect();
        // The queue order of the jobs with a reduce waiting (their queue lines say RUNNING).
        let first = queue_lines(&q)
            .into_iter()
            .filter(|l| job_line(l).3)
            .map(|l| between(l, "J", ":").parse::<u32>().unwrap())
            .find(|j| waiting.contains(j));
        let want: Vec<usize> = first.map(|j| waiting.iter().position(|&w| w == j).unwrap()).into_iter().collect();
        assert_eq!(q.expected, Answer::Picks(want), "{tag}: one reduce, of the first job waiting");
    }
}

#[test]
fn task_questions_follow_from_their_lines() {
    for (q, tag) in questions("fifo.tasks") {
        let budget = lines(&q).find(|l| l.starts_with("Under the load factor ")).unwrap_or_else(|| panic!("{tag}"));
        let may: i64 = between(budget, " may run ", " maps now").parse().unwrap();
        let runs: i64 = budget.rsplit(" and runs ").next().unwrap().trim_end_matches('.').parse().unwrap();
        let (Form::Pick { candidates, .. }, Answer::Picks(picks)) = (&q.form, &q.expected) else { panic!("{tag}") };
        let expected: Vec<&Token> = picks.iter().map(|&i| &candidates[i].token).collect();
        let maps: Vec<(u32, &str)> = expected
            .iter()
            .filter_map(|t| match t {
                Token::Task { job, kind: "map", locality } => Some((*job, locality.unwrap_or("-"))),
                _ => None,
            })
            .collect();
        let shown: Vec<&str> = lines(&q).collect();
        assert_eq!(maps, map_walk(&q, &tag, may - runs), "{tag}: the maps the lines give: {shown:#?}");
        let reduces: Vec<u32> = expected
            .iter()
            .filter_map(|t| match t {
                Token::Task { job, kind: "reduce", .. } => Some(*job),
                _ => None,
            })
            .collect();
        let waiting: Vec<u32> = candidates
            .iter()
            .filter_map(|c| match c.token {
                Token::Task { job, kind: "reduce", .. } => Some(job),
                _ => None,
            })
            .collect();
        // assignTasks' reduce: with a reduce slot free, the first RUNNING job with reduces in
        // queue order gives one if it has one waiting and its slow start is met; a job that
        // gives none ends the search when reduce padding is exceeded.
        let line = lines(&q).find(|l| l.starts_with("Reduces: ")).unwrap_or_else(|| panic!("{tag}: no reduce line"));
        let may: i64 = between(line, " may run ", " reduces now").parse().unwrap();
        let runs: i64 = between(line, " and runs ", ";").parse().unwrap();
        let exceeded = line.contains("reduce padding is exceeded");
        let starts: Vec<(u32, i64)> = line
            .rsplit("(slow start): ")
            .next()
            .unwrap()
            .trim_end_matches('.')
            .split(", ")
            .filter(|x| x.starts_with('J'))
            .map(|x| {
                let (j, n) = x[1..].split_once(' ').unwrap();
                (j.parse().unwrap(), n.parse().unwrap())
            })
            .collect();
        let mut first = None;
        if may > runs {
            for l in queue_lines(&q).into_iter().filter(|l| job_line(l).3 && job_line(l).2 > 0) {
                let job: u32 = between(l, "J", ":").parse().unwrap();
                let needed =
                    starts.iter().find(|s| s.0 == job).unwrap_or_else(|| panic!("{tag}: J{job}'s slow start")).1;
                if waiting.contains(&job) && job_line(l).1 >= needed {
                    first = Some(job);
                    break;
                }
                if exceeded {
                    break;
                }
            }
        }
        assert_eq!(reduces, first.into_iter().collect::<Vec<_>>(), "{tag}: the reduce: {shown:#?}");
    }
}
