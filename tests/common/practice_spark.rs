//! `tests/practice.rs`' check of the Spark kinds against an independent run (`docs/practice.md`).

use super::facts::chosen;
use schedscope::explain::{Decision, HeartbeatRecord};
use schedscope::practice::Question;
use schedscope::sched::Scheduler;
use schedscope::sim::Engine;

/// Spark kinds: the level from the task set's own state before the round (the manager's clock
/// asked again, on a copy), and the executor from the driver's running tasks after the round.
pub fn check(q: &Question, before: &Engine, after: &Engine, rec: &HeartbeatRecord, tag: &str) {
    let (Scheduler::Spark(s), Scheduler::Spark(s_after), Decision::Spark(d)) =
        (&before.scheduler, &after.scheduler, &rec.decision)
    else {
        panic!("{tag}")
    };
    let answer = chosen(q, tag);
    match q.kind {
        "spark.allowed_level" => {
            // The task set as the round finds it: the tasks that succeeded by the end of the
            // round succeeded before it (nothing finishes inside a round).
            let name = q.focus_queue.clone().unwrap();
            let at = s.task_sets.iter().position(|t| t.name() == name).unwrap();
            let mut s = s.clone();
            for i in 0..s.task_sets[at].tasks.len() {
                if s_after.task_sets[at].tasks[i].successful && !s.task_sets[at].tasks[i].successful {
                    s.finish_task(at, i).unwrap();
                }
            }
            let mut t = s.task_sets[at].clone();
            let (level, _) = t.allowed_locality_level(rec.time_ms);
            assert_eq!(level.as_str(), answer, "{tag}");
            let ask = &d.task_sets.iter().find(|t| t.task_set == name).unwrap().passes[0].asks[0];
            assert_eq!(
                ask.allowed,
                level.min(ask.max_locality),
                "{tag}: the call's allowed level is the clock's, capped"
            );
        }
        "spark.which_executor" => {
            let running = |e: &Engine| -> Vec<(usize, usize, String)> {
                let b = e.spark_backend.as_ref().expect("automatic mode");
                b.running().map(|(t, i, x)| (t, i, x.to_string())).collect()
            };
            let old = running(before);
            let new: Vec<_> = running(after).into_iter().filter(|r| !old.contains(r)).collect();
            match new.first() {
                Some((_, _, exec)) => assert_eq!(exec, &answer, "{tag}"),
                None => assert_eq!(answer, "none this round", "{tag}"),
            }
            for o in &d.offers {
                let got = new.iter().filter(|r| r.2 == o.executor).count() as u32;
                assert!(got <= o.cores, "{tag}: {} got {got} tasks on {} free cores", o.executor, o.cores);
            }
        }
        k => panic!("no check for {k}"),
    }
}
