//! The page's long jobs (`schedscope::page::job`), natively: Last, the next interesting
//! heartbeat, computing ahead and compare mode's runs run in slices (`RunAction::Slice`) bounded by the page's
//! clock, stepping works on the range known meanwhile, Cancel keeps what was computed, and
//! Last reaches the run's real end (past the 50,000 heartbeats it once stopped at). The clock is
//! the test's: a millisecond passes at every reading, so a slice's length is counted in
//! readings and every run of these tests slices the same way.

use std::cell::Cell;
use std::rc::Rc;

use schedscope::page::ahead::SHOW_EVERY_MS;
use schedscope::page::{Action, Browser, CompareAction, CompareState, JobKind, Page, RunAction};
use schedscope::scenario::generator::generate;
use schedscope::sim::bench::{BenchCase, workload};
use schedscope::sim::{Simulation, interesting};

thread_local! {
    static NOW: Cell<f64> = const { Cell::new(0.0) };
}

/// A clock one millisecond further on at every reading.
fn ticking() -> f64 {
    NOW.with(|n| {
        let v = n.get();
        n.set(v + 1.0);
        v
    })
}

/// A generated FIFO workload on 20 nodes whose run is 54,037 heartbeats long.
fn long_text() -> String {
    let spec = workload(&BenchCase { scheduler: "fifo".into(), nodes: 20, tasks: 500 });
    generate(&spec).to_string()
}

fn long_page() -> (Rc<Page>, String) {
    let text = long_text();
    let p = Rc::new(Page::new(&Browser::default(), ticking));
    let p = p.reduce(Action::Apply("long".into(), text.clone()));
    assert!(p.run.sim().is_ok(), "the generated workload loads");
    (p, text)
}

fn run(p: &Rc<Page>, a: RunAction) -> Rc<Page> {
    p.clone().reduce(Action::Run(a))
}

/// Slices until the job `what` ends (at most `max`); how many it took.
fn slice_out(p: &mut Rc<Page>, what: JobKind, max: usize) -> usize {
    for n in 1..=max {
        *p = run(p, RunAction::Slice);
        if p.job.as_ref().is_none_or(|j| j.what != what) {
            return n;
        }
    }
    panic!("the job still runs after {max} slices");
}

fn real_end(text: &str) -> u64 {
    let mut sim = Simulation::from_json(text).expect("loads");
    sim.run_to_end(u64::MAX);
    sim.end_known().expect("the run ends")
}

#[test]
fn computing_ahead_is_a_job_whose_bar_shows_once_it_takes_long() {
    let (mut p, _) = long_page();
    let job = p.job.clone().expect("the look-ahead did not finish in its first slice");
    assert_eq!(job.what, JobKind::Ahead);
    assert!(!job.visible && p.job_shown().is_none(), "computing ahead shows no bar at first");
    assert!(p.run.computing());
    // Computing slices change nothing the page draws (the same Rc); a show does.
    let mut shows = 0;
    for _ in 0..2000 {
        let next = run(&p, RunAction::Slice);
        if !Rc::ptr_eq(&next, &p) {
            shows += 1;
        }
        p = next;
        if p.job_shown().is_some() {
            break;
        }
    }
    let shown = p.job_shown().expect("the bar shows after a show interval");
    assert_eq!(shown.what, JobKind::Ahead);
    assert!(shown.at > job.at, "it shows the heartbeats computed since");
    assert!(shows >= 1 && NOW.with(Cell::get) >= SHOW_EVERY_MS);
}

#[test]
fn last_runs_in_slices_to_the_real_end_while_stepping_works() {
    let (p, text) = long_page();
    let end = real_end(&text);
    assert!(end > 50_000, "the workload is longer than the old cap ({end})");
    let p = run(&p, RunAction::Last);
    let job = p.job.clone().expect("Last is a job here");
    assert_eq!(job.what, JobKind::Last);
    assert!(job.visible, "a job the reader asked for shows its bar at once");
    assert_eq!(p.run.hb(), 0, "the heartbeat shown stays while it runs");
    assert!(p.run.end_known().is_none());
    // Next and Prev answer meanwhile, on the range known; Last again waits for the job.
    let mut p = run(&run(&p, RunAction::Next), RunAction::Next);
    assert_eq!(p.run.hb(), 2);
    assert_eq!(p.job.as_ref().map(|j| j.what), Some(JobKind::Last));
    p = run(&p, RunAction::Prev);
    assert_eq!(p.run.hb(), 1);
    let again = run(&p, RunAction::Last);
    assert!(Rc::ptr_eq(&again, &p), "Last while Last runs changes nothing");
    let slices = slice_out(&mut p, JobKind::Last, 100_000);
    assert!(slices > 10, "the run took {slices} slices");
    assert_eq!(p.run.end_known(), Some(end));
    assert_eq!(p.run.hb(), end, "Last ends at the run's last heartbeat");
    assert!(p.run.finished());
    assert!(!p.run.computing());
    // The charts' series are recorded all the way.
    assert_eq!(p.run.metrics().borrow().rec.samples.len() as u64, end);
}

#[test]
fn each_slice_stops_after_its_time() {
    let (p, _) = long_page();
    let mut p = run(&p, RunAction::Last);
    let mut last_at = p.run.known_hbs();
    for _ in 0..200 {
        let before = NOW.with(Cell::get);
        p = run(&p, RunAction::Slice);
        let spent = NOW.with(Cell::get) - before;
        // A slice reads the clock every 8 heartbeats: it ends within one reading of 16 ms.
        assert!(spent <= 20.0, "a slice took {spent} ms of the clock");
        let at = p.run.ahead().map(|a| a.borrow().sim.total_hbs_known()).unwrap_or(last_at);
        assert!(at >= last_at);
        last_at = at;
    }
    assert!(p.job.is_some());
}

#[test]
fn cancel_keeps_what_was_computed_and_the_heartbeat_shown() {
    let (p, _) = long_page();
    let p = run(&run(&p, RunAction::Next), RunAction::Last);
    let known = p.run.known_hbs();
    let mut p = p;
    for _ in 0..50 {
        p = run(&p, RunAction::Slice);
    }
    let p = run(&p, RunAction::Cancel);
    assert_eq!(p.job, None);
    assert!(!p.run.computing(), "computing ahead stops too");
    assert_eq!(p.run.hb(), 1);
    assert!(p.run.known_hbs() > known, "the heartbeats computed stay known");
    assert!(p.run.end_known().is_none());
    let idle = run(&p, RunAction::Slice);
    assert!(Rc::ptr_eq(&idle, &p), "no job, no slice");
    let idle = run(&p, RunAction::Cancel);
    assert!(Rc::ptr_eq(&idle, &p), "nothing to cancel");
    // Scrubbing into what the cancelled job computed works.
    let target = p.run.known_hbs() - 3;
    let p = run(&p, RunAction::GoTo(target));
    assert_eq!(p.run.hb(), target);
}

#[test]
fn next_interesting_is_a_job_landing_where_the_engine_says() {
    let (p, text) = long_page();
    let mut p = run(&p, RunAction::GoTo(40));
    let mut reference = Simulation::from_json(&text).expect("loads");
    reference.go_to(40);
    let mut searched = 0;
    for _ in 0..3 {
        p = run(&p, RunAction::NextInteresting);
        if p.job.as_ref().is_some_and(|j| j.what == JobKind::Interesting) {
            let slices = slice_out(&mut p, JobKind::Interesting, 10_000);
            searched = searched.max(slices);
        }
        let found = interesting::step_to_next(&mut reference, 100_000).expect("found");
        assert!(!found.is_empty());
        assert_eq!(p.run.hb(), reference.hb());
    }
    assert!(searched > 1, "a long search took more than one slice");
    // Computing ahead, paused while the search ran, goes on after it.
    assert_eq!(p.job.as_ref().map(|j| j.what), Some(JobKind::Ahead));
}

#[test]
fn past_the_record_window_the_search_and_the_marks_use_the_right_records() {
    let (p, text) = long_page();
    // (This run's landmarks are at 919, 9,658, 31,431–31,691, 45,043–45,052 and 50,943–4.)
    let mut p = run(&p, RunAction::Last);
    while p.run.known_hbs() < 32_000 {
        p = run(&p, RunAction::Slice);
    }
    let p = run(&p, RunAction::Cancel);
    let known = p.run.known_hbs();
    let ahead = p.run.ahead().expect("what Last computed is kept").clone();
    let a = ahead.borrow();
    let sim = &a.sim;
    let start = sim.records_start();
    assert!(start > 0, "the run is longer than the record window");
    // The timeline's marks sit at the heartbeats whose records make them landmarks.
    assert!(!p.run.marks().is_empty());
    for (hb, reasons) in p.run.marks().iter() {
        assert!(*hb > start && *hb <= known, "mark at {hb} outside the window {start}..={known}");
        let prev = sim.record_at(hb - 1);
        let cur = sim.record_at(*hb).expect("computed");
        let want: Vec<_> = interesting::reasons(prev.as_ref(), &cur).into_iter().filter(|r| r.is_landmark()).collect();
        assert_eq!(&want, reasons, "heartbeat {hb}");
    }
    // The next interesting heartbeat after one past the window's start, by brute force over
    // the records, is where both the engine's search and the page's land.
    let from = start + 50;
    let mut found = None;
    let mut prev = sim.record_at(from);
    sim.for_each_record(from + 1, known, |r| {
        if found.is_none() && !interesting::reasons(prev.as_ref(), r).is_empty() {
            found = Some(r.hb);
        }
        prev = Some(r.clone());
    });
    let found = found.expect("something interesting after it");
    drop(a);
    let mut reference = Simulation::from_json(&text).expect("loads");
    reference.go_to(from);
    interesting::step_to_next(&mut reference, 100_000).expect("found");
    assert_eq!(reference.hb(), found);
    let mut p = run(&run(&p, RunAction::GoTo(from)), RunAction::NextInteresting);
    if p.job.as_ref().is_some_and(|j| j.what == JobKind::Interesting) {
        slice_out(&mut p, JobKind::Interesting, 100_000);
    }
    assert_eq!(p.run.hb(), found);
}

/// Compare mode's columns as comparable data.
fn columns(c: &CompareState) -> Vec<(String, Vec<i64>, bool)> {
    c.columns.iter().map(|c| (c.spec.clone(), c.times.clone(), c.finished)).collect()
}

#[test]
fn compare_runs_in_slices_with_a_bar_stepping_and_cancel() {
    let (p, text) = long_page();
    let p = p.reduce(Action::OpenCompare);
    assert!(p.compare.is_none(), "compare mode shows once its runs are computed");
    let job = p.job.clone().expect("compare's runs are a job here");
    assert_eq!(job.what, JobKind::Compare);
    assert!(job.visible);
    // The run shown answers meanwhile; Cancel leaves the page as it was.
    assert_eq!(run(&p, RunAction::Next).run.hb(), 1);
    let c = run(&p, RunAction::Cancel);
    assert!(c.compare.is_none() && c.building.is_none());
    assert_eq!(c.job.as_ref().map(|j| j.what), Some(JobKind::Ahead), "computing ahead goes on");
    // To its end: the state computed at once.
    let mut p = p;
    let slices = slice_out(&mut p, JobKind::Compare, 1_000_000);
    assert!(slices > 10, "{slices} slices");
    let shown = p.compare.clone().expect("shown when done");
    let scenario = schedscope::scenario::parse(&text).expect("parses");
    let reference = CompareState::open(Some(scenario));
    assert_eq!(columns(&shown), columns(&reference));
    assert_eq!(shown.end_ms, reference.end_ms);
    // A rebuild runs while the state it replaces steps on; the clock stepped to is kept.
    let p = p.reduce(Action::Compare(CompareAction::SetVariant(0, "fair@0".into())));
    assert_eq!(p.job.as_ref().map(|j| j.what), Some(JobKind::Compare));
    assert_eq!(p.compare.as_ref().map(|c| c.columns[0].spec.clone()), Some("fifo".into()));
    let mut p = p.reduce(Action::Compare(CompareAction::Next));
    let t = p.compare.as_ref().map(|c| c.t_ms).expect("compare mode");
    assert!(t >= 0);
    slice_out(&mut p, JobKind::Compare, 1_000_000);
    let c = p.compare.as_ref().expect("compare mode");
    assert_eq!(c.columns[0].spec, "fair@0");
    assert_eq!(c.t_ms, t);
}

#[test]
fn the_sweep_runs_in_slices_with_cancel_and_measures_what_it_measures_at_once() {
    let spec = workload(&BenchCase { scheduler: "fair".into(), nodes: 20, tasks: 100 });
    let text = generate(&spec).to_string();
    let p = Rc::new(Page::new(&Browser::default(), ticking)).reduce(Action::Apply("small".into(), text));
    let mut p = p.reduce(Action::OpenCompare);
    if p.job.as_ref().is_some_and(|j| j.what == JobKind::Compare) {
        slice_out(&mut p, JobKind::Compare, 1_000_000);
    }
    let opened = p.compare.clone().expect("compare mode");
    let p = p.reduce(Action::Compare(CompareAction::Sweep));
    let job = p.job.clone().expect("the sweep is a job here");
    assert_eq!(job.what, JobKind::Sweep);
    assert!(job.visible);
    assert!(p.compare.as_ref().is_some_and(|c| c.sweep.is_none()));
    // Compare mode steps meanwhile; Cancel drops the sweep and keeps the rest.
    let stepped = p.clone().reduce(Action::Compare(CompareAction::Next));
    assert!(stepped.compare.as_ref().is_some_and(|c| c.t_ms >= 0));
    let c = run(&stepped, RunAction::Cancel);
    assert!(c.sweeping.is_none() && c.compare.as_ref().is_some_and(|c| c.sweep.is_none() && c.t_ms >= 0));
    // To its end: what the sweep measures at once.
    let mut p = stepped;
    let slices = slice_out(&mut p, JobKind::Sweep, 1_000_000);
    assert!(slices > 5, "{slices} slices");
    let shown = p.compare.clone().expect("compare mode");
    let at_once = opened.reduce(&CompareAction::Sweep);
    assert_eq!(shown.sweep, at_once.sweep);
    assert!(shown.sweep.as_deref().is_some_and(|r| r.as_ref().is_ok_and(|r| r.points.len() == 9)));
    assert!(shown.t_ms >= 0, "the clock stepped to meanwhile stays");
}
