//! The page's state and reducers (`schedscope::page`), natively: each feature's reducer, and
//! the actions that reach across features (a lesson step moving the run, a practice answer,
//! embed messages, share links, saving). No browser: the clock is a test's, storage is what
//! the state says to keep.

use std::rc::Rc;

use schedscope::i18n::{Locale, k};
use schedscope::page::prefs::{DEFAULT_SPEED, KEY_LANG, KEY_SPEED, KEY_THEME, SPEEDS};
use schedscope::page::{
    Action, Browser, Chart, CompareAction, Dialog, LessonAction, Origin, Page, PracticeAction, Prefs, PrefsAction,
    RunAction, Side, SideAction, Tab,
};
use schedscope::share::embed::Command;

/// A clock that never moves: computing ahead runs to its heartbeat limit in one go.
fn still() -> f64 {
    0.0
}

/// A clock a second further on at every reading: computing ahead stops at once (a test that
/// opens many scenarios need not run each to its end).
fn hasty() -> f64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NOW: AtomicU64 = AtomicU64::new(0);
    NOW.fetch_add(1000, Ordering::Relaxed) as f64
}

fn page() -> Rc<Page> {
    Rc::new(Page::new(&Browser::default(), still))
}

fn open(hash: &str) -> Rc<Page> {
    Rc::new(Page::from_hash(hash, &Browser::default(), still))
}

fn act(p: &Rc<Page>, a: Action) -> Rc<Page> {
    p.clone().reduce(a)
}

fn run(p: &Rc<Page>, a: RunAction) -> Rc<Page> {
    act(p, Action::Run(a))
}

fn lesson_index(p: &Page, id: &str) -> usize {
    p.catalogue.lessons.iter().position(|l| l.id == id).unwrap_or_else(|| panic!("no lesson {id}"))
}

#[test]
fn opens_on_the_first_builtin_at_heartbeat_zero() {
    let p = page();
    assert_eq!(*p.run.origin(), Origin::Builtin(0));
    assert_eq!(p.run.hb(), 0);
    assert!(p.run.sim().is_ok());
    assert_eq!(**p.run.text(), *p.catalogue.scenarios[0].json);
    assert_eq!(p.banner, None);
}

#[test]
fn run_steps_forward_and_back_and_is_unchanged_when_nothing_moves() {
    let p = page();
    let first = run(&p, RunAction::First);
    assert!(Rc::ptr_eq(&p, &first), "First at heartbeat 0 changes nothing");
    let n = run(&p, RunAction::Next);
    assert_eq!(n.run.hb(), 1);
    assert_ne!(n.run, p.run, "a step is a new run state");
    let b = run(&n, RunAction::Prev);
    assert_eq!(b.run.hb(), 0);
    let g = run(&p, RunAction::GoTo(3));
    assert_eq!(g.run.hb(), 3);
    let last = run(&p, RunAction::Last);
    let end = last.run.end_known().expect("a built-in scenario ends");
    assert_eq!(last.run.hb(), end);
    assert!(last.run.finished());
    let again = run(&last, RunAction::Next);
    assert!(Rc::ptr_eq(&last, &again), "Next at the end changes nothing");
}

#[test]
fn a_toast_or_a_tab_leaves_the_run_equal() {
    let p = run(&page(), RunAction::Next);
    let t = act(&p, Action::Toast(Some(k::toast_copied)));
    assert_eq!(t.toast, Some(k::toast_copied));
    assert_eq!(t.run, p.run);
    let s = act(&p, Action::Side(SideAction::SetTab(Tab::Log)));
    assert_eq!(s.side.tab, Tab::Log);
    assert_eq!(s.run, p.run);
    assert_eq!(s.prefs, p.prefs);
}

/// Issue 23: the shown heartbeat's cluster view is built once and kept (`Run::view`): a toast,
/// a tab or a language change redraws the page and builds none; one Next builds one.
#[test]
fn the_cluster_view_is_built_once_per_heartbeat_shown() {
    let p = run(&page(), RunAction::Next);
    let v = p.run.view().expect("the first built-in loads");
    let builds = p.run.view_builds();
    assert!(Rc::ptr_eq(&v, &p.run.view().unwrap()), "asked again: the same view");
    let t = act(&p, Action::Toast(Some(k::toast_copied)));
    let s = act(&t, Action::Side(SideAction::SetTab(Tab::Jobs)));
    let l = act(&s, Action::Prefs(PrefsAction::SetLang(Locale::Zh)));
    for q in [&t, &s, &l] {
        assert!(Rc::ptr_eq(&v, &q.run.view().unwrap()));
    }
    assert_eq!(l.run.view_builds(), builds, "a toast, a tab and a language build no view");
    let n = run(&l, RunAction::Next);
    let w = n.run.view().unwrap();
    assert_eq!((w.hb, n.run.view_builds()), (2, builds + 1), "one Next builds one view");
    n.run.view();
    assert_eq!(n.run.view_builds(), builds + 1);
    let b = run(&n, RunAction::Prev);
    assert_eq!((b.run.view().unwrap().hb, b.run.view_builds()), (1, builds + 2), "back at heartbeat 1: built again");
}

#[test]
fn playing_ticks_and_a_tick_after_a_pause_does_nothing() {
    let p = page();
    let playing = run(&p, RunAction::TogglePlay);
    assert!(playing.playing);
    let ticked = run(&playing, RunAction::Tick(2));
    assert_eq!(ticked.run.hb(), 2);
    let paused = run(&ticked, RunAction::TogglePlay);
    assert!(!paused.playing);
    let late = run(&paused, RunAction::Tick(1));
    assert!(Rc::ptr_eq(&paused, &late));
    // Play at the end starts again from the first heartbeat.
    let end = run(&p, RunAction::Last);
    let replay = run(&end, RunAction::TogglePlay);
    assert!(replay.playing);
    assert_eq!(replay.run.hb(), 0);
}

#[test]
fn prefs_come_from_storage_then_the_browser_and_remember_only_choices() {
    let stored = Browser {
        lang: Some("zh".into()),
        theme: Some("dark".into()),
        speed: Some("5".into()),
        language: "en-GB".into(),
        ..Browser::default()
    };
    let p = Prefs::from_browser(&stored);
    assert_eq!((p.locale, p.dark, p.speed), (Locale::Zh, true, 5));
    assert_eq!(p.remembered.entries().len(), 3);
    let fresh = Prefs::from_browser(&Browser {
        language: "zh-TW".into(),
        speed: Some("99".into()),
        theme: Some("purple".into()),
        ..Browser::default()
    });
    assert_eq!(fresh.locale, Locale::ZhHant, "a Taiwan browser reads 繁體");
    assert_eq!(fresh.speed, DEFAULT_SPEED, "a stored speed out of range counts as never chosen");
    assert!(fresh.remembered.entries().is_empty());

    let faster = fresh.reduce(PrefsAction::Faster);
    assert_eq!(faster.speed, DEFAULT_SPEED + 1);
    assert_eq!(faster.remembered.entries(), vec![(KEY_SPEED, (DEFAULT_SPEED + 1).to_string())]);
    let mut top = fresh;
    for _ in 0..2 * SPEEDS.len() {
        top = top.reduce(PrefsAction::Faster);
    }
    assert_eq!(top.speed, SPEEDS.len() - 1);
    let dark = fresh.reduce(PrefsAction::ToggleTheme);
    assert_eq!(dark.remembered.entries(), vec![(KEY_THEME, "dark".to_string())]);
    let present = fresh.reduce(PrefsAction::TogglePresent);
    assert!(present.present && present.remembered.entries().is_empty(), "presentation is not remembered");
    let cycle = [Locale::En, Locale::Zh, Locale::ZhHant, Locale::En];
    let mut l = Prefs::from_browser(&Browser::default());
    for want in &cycle[1..] {
        l = l.reduce(PrefsAction::ToggleLang);
        assert_eq!(l.locale, *want);
    }
    assert_eq!(l.remembered.entries(), vec![(KEY_LANG, "en".to_string())]);
}

#[test]
fn a_links_language_is_shown_not_remembered() {
    let p = open("#v=1&b=fifo-two-racks&hb=2&lang=zh");
    assert_eq!(p.locale(), Locale::Zh);
    assert_eq!(p.prefs.remembered.locale, None);
    assert_eq!(p.run.hb(), 2);
    assert_eq!(p.builtin().map(|b| b.id), Some("fifo-two-racks"));
}

#[test]
fn a_bad_link_says_why_and_opens_the_first_builtin() {
    let p = open("#v=1&b=no-such-scenario");
    let banner = p.banner.clone().expect("a banner");
    assert!(banner.contains("no-such-scenario"), "{banner}");
    assert_eq!(*p.run.origin(), Origin::Builtin(0));
}

#[test]
fn side_follows_a_lesson_point_and_its_own_actions() {
    let s = Side::default().reduce(SideAction::SetChart(Chart::Slots));
    assert_eq!(s.chart, Chart::Slots);
    let c = Side::default().follow_point("chart:shares job:J2");
    assert_eq!((c.tab, c.chart), (Tab::Charts, Chart::Shares));
    let back = Side { tab: Tab::Log, ..Side::default() }.follow_point("tracker:tt1");
    assert_eq!(back.tab, Tab::Why, "a step about the stage gives the stage its width back");
    let jobs = Side::default().follow_point("panel:jobs");
    assert_eq!(jobs.tab, Tab::Jobs);
    let m = Side::default().reduce(SideAction::SetCodeMethod(Some("x"))).for_new_run();
    assert_eq!(m.code_method, None);
}

/// Class mode's actions (issue 22): a choice only while the prediction waits and within its
/// choices; the countdown starts and stops while it waits and goes with the step.
#[test]
fn a_prediction_takes_choices_and_a_countdown_only_while_it_waits() {
    let p = page();
    let i = lesson_index(&p, "fair-delay-scheduling");
    let l = act(&act(&p, Action::Lesson(LessonAction::Open(i))), Action::Lesson(LessonAction::Step(2)));
    let asked = l.lesson.as_ref().unwrap();
    assert!(asked.asking(l.run.hb()) && asked.choices() == 3);
    let beyond = act(&l, Action::Lesson(LessonAction::Choose(3)));
    assert_eq!(beyond.lesson.as_ref().unwrap().choice, None, "there is no fourth choice");
    let b = act(&l, Action::Lesson(LessonAction::Choose(1)));
    assert_eq!(b.lesson.as_ref().unwrap().choice, Some(1));
    let c = act(&b, Action::Lesson(LessonAction::Countdown(5000.0)));
    assert_eq!(c.lesson.as_ref().unwrap().countdown_from, Some(5000.0));
    let stopped = act(&c, Action::Lesson(LessonAction::Countdown(6000.0)));
    assert_eq!(stopped.lesson.as_ref().unwrap().countdown_from, None);
    let r = act(&c, Action::Lesson(LessonAction::Reveal));
    assert!(!r.lesson.as_ref().unwrap().asking(r.run.hb()));
    let late = act(&r, Action::Lesson(LessonAction::Choose(0)));
    assert_eq!(late.lesson.as_ref().unwrap().choice, Some(1), "revealed: the choice stays");
    assert_eq!(act(&r, Action::Lesson(LessonAction::Countdown(7000.0))).lesson, r.lesson);
    let next = act(&c, Action::Lesson(LessonAction::Step(3)));
    assert_eq!(next.lesson.as_ref().unwrap().countdown_from, None, "the countdown goes with its step");
}

/// Lessons lead on (issue 22): the last step of a lesson marks it walked on this device (kept
/// in storage as a list of ids, unknown ones dropped), and the next lesson is the next of its
/// group by `order`; the last of a group has none.
#[test]
fn the_last_step_marks_a_lesson_walked_and_leads_to_the_next_of_its_group() {
    use schedscope::page::lesson::{Walked, next_in_group};
    let p = page();
    let i = lesson_index(&p, "fair-shares");
    let l = act(&p, Action::Lesson(LessonAction::Open(i)));
    assert!(!l.walked.has("fair-shares"));
    let last = l.lesson.as_ref().unwrap().len() - 1;
    let end = act(&l, Action::Lesson(LessonAction::Step(last)));
    assert!(end.walked.has("fair-shares"), "the last step walks the lesson");
    let stored = end.walked.to_stored();
    assert_eq!(stored, r#"["fair-shares"]"#);
    let lessons = &p.catalogue.lessons;
    assert_eq!(Walked::from_stored(Some(r#"["fair-shares", "nosuch", 3]"#), lessons), Walked::default());
    assert!(Walked::from_stored(Some(r#"["fair-shares", "nosuch"]"#), lessons).has("fair-shares"));
    assert!(!Walked::from_stored(Some(r#"["fair-shares", "nosuch"]"#), lessons).has("nosuch"));
    let again = Page::new(&Browser { walked: Some(stored), ..Browser::default() }, still);
    assert!(again.walked.has("fair-shares"));
    assert_eq!(next_in_group(lessons, i), Some(lesson_index(&p, "fair-delay-scheduling")));
    assert_eq!(next_in_group(lessons, lesson_index(&p, "fair-preemption")), None, "the last of its group");
    assert_eq!(next_in_group(lessons, lesson_index(&p, "basics")), None);
}

/// A lesson step shows the same screen however it was reached: one that points at no side
/// tab is about the stage, so the tab a previous step opened (the code path) goes back to why.
#[test]
fn a_step_that_points_nowhere_gives_the_stage_its_width_back() {
    let p = page();
    let i = lesson_index(&p, "fair-starvation");
    let l = act(&p, Action::Lesson(LessonAction::Open(i)));
    assert_eq!(l.side.tab, Tab::Code, "step 0 points at the code path");
    assert!(l.lesson.as_ref().unwrap().lesson.steps[1].point.is_none());
    let s = act(&l, Action::Lesson(LessonAction::Step(1)));
    assert_eq!(s.side.tab, Tab::Why);
}

#[test]
fn a_lesson_opens_at_its_first_stop_and_steps_move_the_run() {
    let p = page();
    let i = lesson_index(&p, "fair-delay-scheduling");
    let l = act(&p, Action::Lesson(LessonAction::Open(i)));
    let lesson = l.lesson.clone().expect("a lesson");
    assert_eq!(lesson.step, 0);
    assert_eq!(l.run.hb(), lesson.stop(0));
    for k in 1..lesson.len() {
        let s = act(&l, Action::Lesson(LessonAction::Step(k)));
        let shown = s.lesson.as_ref().unwrap();
        assert_eq!(shown.step, k);
        assert_eq!(s.run.hb(), shown.stop(k), "step {k}");
        assert!(!s.playing);
        if let Some(job) = shown.point_selects() {
            assert_eq!(s.selected_job, job, "step {k} selects its job");
        }
        if shown.asks(k) {
            let revealed = act(&s, Action::Lesson(LessonAction::Reveal));
            assert_eq!(revealed.run.hb(), shown.hb(k));
            assert!(revealed.lesson.as_ref().unwrap().revealed(revealed.run.hb()));
        }
    }
    let past = act(&l, Action::Lesson(LessonAction::Step(lesson.len())));
    assert_eq!(past.lesson.as_ref().unwrap().step, 0, "a step past the last is refused");
    let out = act(&l, Action::Lesson(LessonAction::Exit));
    assert!(out.lesson.is_none());
}

#[test]
fn free_navigation_in_a_lesson_picks_the_step_of_the_heartbeat() {
    let p = page();
    let i = lesson_index(&p, "basics");
    let l = act(&p, Action::Lesson(LessonAction::Open(i)));
    let lesson = l.lesson.clone().unwrap();
    let k = (1..lesson.len()).find(|&k| lesson.stop(k) > lesson.stop(0)).expect("a later stop");
    let moved = run(&l, RunAction::GoTo(lesson.stop(k)));
    assert_eq!(moved.lesson.as_ref().unwrap().step, k);
}

#[test]
fn a_lesson_link_never_opens_on_an_answer() {
    let p = page();
    let i = lesson_index(&p, "basics");
    let lesson = act(&p, Action::Lesson(LessonAction::Open(i))).lesson.clone().unwrap();
    let k = (0..lesson.len()).find(|&k| lesson.asks(k)).expect("basics asks a prediction");
    let hash = format!("#v=1&l=basics&st={k}&hb={}", lesson.hb(k));
    let linked = open(&hash);
    assert_eq!(linked.run.hb(), lesson.stop(k));
    assert_eq!(linked.lesson.as_ref().unwrap().step, k);
    assert_eq!(linked.share_hash(), format!("v=1&l=basics&st={k}&hb={}&lang=en", lesson.stop(k)));
}

#[test]
fn practice_holds_the_run_until_the_question_is_answered() {
    let p = open("#p=1&c=fifo.padding&d=easy&seed=3&n=2");
    let run0 = p.practice.clone().expect("a practice set");
    let q = run0.question(0).expect("question 1").clone();
    assert_eq!(p.run.hb(), q.hb - 1, "the stage shows the heartbeat before the one asked about");
    assert_eq!(p.practice_limit(), Some(q.hb - 1));
    let held = run(&p, RunAction::Next);
    assert_eq!(held.run.hb(), q.hb - 1);
    assert_eq!(held.toast, Some(k::practice_answer_first));
    let switched = act(&p, Action::SetScheduler("fair"));
    assert_eq!(switched.run.scheduler_name(), p.run.scheduler_name(), "the scheduler is held for the set");
    // Answer with the first choice (whatever the form) and the heartbeat runs.
    let chosen = act(&p, Action::Practice(PracticeAction::Choose(0)));
    let answered = act(&chosen, Action::Practice(PracticeAction::Submit(Some("0".into()))));
    let a = answered.practice.as_ref().unwrap();
    if a.answers[0].is_some() {
        assert_eq!(answered.run.hb(), q.hb);
        assert_eq!(answered.practice_limit(), None);
        let next = act(&answered, Action::Practice(PracticeAction::Next));
        assert_eq!(next.practice.as_ref().unwrap().current, 1);
    }
    let out = act(&p, Action::Practice(PracticeAction::Exit));
    assert!(out.practice.is_none());
}

#[test]
fn compare_mode_steps_its_own_clock() {
    let p = open("#v=1&b=fifo-two-racks");
    let c = act(&p, Action::OpenCompare);
    let cs = c.compare.clone().expect("compare mode");
    assert_eq!(cs.columns.len(), 3, "FIFO, Fair and Capacity");
    assert_eq!(cs.t_ms, -1);
    let n = run(&c, RunAction::Next);
    let t = n.compare.as_ref().unwrap().t_ms;
    assert!(t >= 0, "the shared clock moved to the first heartbeat");
    assert_eq!(n.run, c.run, "the page's own run stays where it was");
    let removed = act(&n, Action::Compare(CompareAction::RemoveColumn(2)));
    assert_eq!(removed.compare.as_ref().unwrap().columns.len(), 2);
    let closed = act(&n, Action::CloseCompare);
    assert!(closed.compare.is_none());
}

#[test]
fn embed_links_and_messages() {
    let p = open("#v=1&b=fifo-two-racks&embed=1&speed=4&theme=dark");
    let e = p.embed.clone().expect("embed mode");
    assert_eq!(e.asked, 0);
    assert!(p.prefs.dark);
    assert_eq!(SPEEDS[p.prefs.speed], 4.0);
    assert!(p.prefs.remembered.entries().is_empty(), "an embed's options are not the reader's choices");
    let asked = act(&p, Action::Embed(Ok(Command::Get)));
    assert_eq!(asked.embed.as_ref().unwrap().asked, 1);
    let stepped = act(&p, Action::Embed(Ok(Command::Step)));
    assert_eq!(stepped.run.hb(), 1);
    let bad = act(&p, Action::Embed(Err("schedscope:nope is not a message".into())));
    let bad2 = act(&bad, Action::Embed(Ok(Command::LessonStep(3))));
    let (n, why) = bad2.embed.as_ref().unwrap().error.clone().unwrap();
    assert_eq!(n, 1, "each refusal is numbered");
    assert!(why.contains("no lesson is shown"), "{why}");
    let played = act(&p, Action::Embed(Ok(Command::Play(Some(16.0)))));
    assert!(played.playing);
    assert_eq!(SPEEDS[played.prefs.speed], 16.0);
}

#[test]
fn saving_keeps_the_list_and_counts_the_save() {
    let p = page();
    assert_eq!(p.saved.saves, 0);
    let text = p.run.text().to_string();
    let s = act(&p, Action::Save("mine".into(), text.clone()));
    assert_eq!(s.saved.saves, 1);
    assert_eq!(s.saved.list[0].name, "mine");
    assert_eq!(*s.run.origin(), Origin::Saved("mine".into()));
    let stored = s.saved.to_stored();
    let again = Page::new(&Browser { saved: Some(stored), ..Browser::default() }, still);
    assert_eq!(again.saved.list.len(), 1);
    let other = act(&Rc::new(again), Action::Select(1));
    let back = act(&other, Action::SelectSaved("mine".into()));
    assert_eq!(*back.run.origin(), Origin::Saved("mine".into()));
    let garbage = Page::new(&Browser { saved: Some("not json".into()), ..Browser::default() }, still);
    assert!(garbage.saved.list.is_empty());
}

#[test]
fn switching_the_scheduler_keeps_the_heartbeat_and_dialogs_pause() {
    let p = run(&open("#v=1&b=fifo-two-racks"), RunAction::GoTo(2));
    let f = act(&p, Action::SetScheduler("fair"));
    assert_eq!(f.run.scheduler_name(), "fair");
    assert_eq!(f.run.hb(), 2);
    let playing = run(&p, RunAction::TogglePlay);
    let d = act(&playing, Action::Open(Dialog::Help));
    assert_eq!(d.dialog, Some(Dialog::Help));
    assert!(!d.playing);
    let d2 = act(&d, Action::Open(Dialog::Help));
    assert_eq!(d2.dialog, None, "opening an open dialog closes it");
}

#[test]
fn a_bad_embed_link_stays_in_embed_mode_and_says_why() {
    for (hash, field) in [
        ("#v=1&b=fifo-two-racks&embed=1&speed=abc", "speed"),
        ("#v=1&b=fifo-two-racks&embed=1&theme=blue", "theme"),
        ("#v=1&b=fifo-two-racks&autoplay=1", "autoplay"),
        ("#v=1&b=fifo-two-racks&embed=1&zoom=2", "zoom"),
        ("#v=1&b=no-such-scenario&embed=1", "no-such-scenario"),
    ] {
        let p = open(hash);
        let e = p.embed.clone().unwrap_or_else(|| panic!("{hash}: the page left embed mode"));
        let banner = p.banner.clone().unwrap_or_else(|| panic!("{hash}: no banner"));
        assert!(banner.contains(field), "{hash}: {banner}");
        let (_, why) = e.error.clone().unwrap_or_else(|| panic!("{hash}: no error for the embedding page"));
        assert!(why.contains(field), "{hash}: {why}");
        assert!(p.run.sim().is_ok(), "{hash}: the first built-in is shown under the message");
    }
    // A valid origin= still holds when another option is bad: messages go only there.
    let p = open("#v=1&b=fifo-two-racks&embed=1&speed=abc&origin=https://slides.example.org");
    assert_eq!(p.embed.clone().unwrap().options.origin.as_deref(), Some("https://slides.example.org"));
}

/// Every built-in scenario under every scheduler of the switch: either it runs (the workload
/// adapted) or the page says why, in its own words (never a Java exception's).
#[test]
fn every_builtin_switches_to_every_scheduler_or_says_why() {
    let p = Rc::new(Page::new(&Browser::default(), hasty));
    let mut wrong = Vec::new();
    for (i, entry) in p.catalogue.scenarios.iter().enumerate() {
        let base = act(&p, Action::Select(i));
        // (A scripted Hadoop test, with `steps`, checks one scheduler's decisions: it may refuse.)
        let fair = entry.json.contains("\"fair\"") && !entry.json.contains("\"steps\"");
        for name in ["fifo", "limit_tasks_per_job", "fair", "capacity"] {
            let s = act(&base, Action::SetScheduler(name));
            match &s.banner {
                None if s.run.scheduler_name() == name => {
                    // Coming from Fair, the page says what it adapted.
                    if fair && name != "fair" {
                        match &s.note {
                            Some(n) if n.adapted.iter().any(|(key, _)| *key == k::switch_dropped_fair) => {}
                            other => {
                                wrong.push(format!("{} → {name}: no note of what was adapted: {other:?}", entry.id))
                            }
                        }
                    }
                    if fair && name == "capacity" {
                        let queues = s
                            .note
                            .as_ref()
                            .and_then(|n| n.adapted.iter().find(|(key, _)| *key == k::switch_queues_from_pools));
                        if queues.is_none() {
                            wrong.push(format!("{} → capacity: no queue per pool noted", entry.id));
                        }
                    }
                }
                None => wrong.push(format!("{} → {name}: still {}", entry.id, s.run.scheduler_name())),
                Some(b) if b.contains("Exception") || b.contains("java.") => {
                    wrong.push(format!("{} → {name}: a Java exception: {b}", entry.id))
                }
                Some(b) if !b.contains(name) => wrong.push(format!("{} → {name}: {b}", entry.id)),
                // The Fair built-ins run under FIFO and Capacity (one queue per pool).
                Some(b) if fair && (name == "fifo" || name == "capacity") => {
                    wrong.push(format!("{} → {name}: refused: {b}", entry.id))
                }
                Some(_) => {}
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn capacities_from_weights_sum_to_one_hundred() {
    use schedscope::page::compare::percentages;
    assert_eq!(percentages(&[1.0, 1.0, 1.0]), vec![34, 33, 33]);
    assert_eq!(percentages(&[2.0, 1.0]), vec![67, 33]);
    assert_eq!(percentages(&[1.0]), vec![100]);
    assert_eq!(percentages(&[]), Vec::<u64>::new());
    for n in 1..=40 {
        let w: Vec<f64> = (1..=n).map(|i| i as f64 * 0.7).collect();
        assert_eq!(percentages(&w).iter().sum::<u64>(), 100, "{n}");
    }
}

/// Slow motion (`page::slow`): Shift+→ from a heartbeat's end enters the next heartbeat at its
/// first visit, walks its visits to the end, then the next heartbeat; Shift+← walks back the
/// same way, from a first visit to the previous heartbeat's end; Play replays the shown
/// heartbeat from its first visit and ticks to its end; any other move leaves slow motion.
#[test]
fn slow_motion_walks_the_visits_as_a_finer_timeline() {
    use schedscope::page::VisitMove;
    let p = page();
    let v = |p: &Rc<Page>, m| run(p, RunAction::Visit(m));
    let p = v(&p, VisitMove::Next);
    assert_eq!(p.run.hb(), 1);
    let s = p.slow_shown().expect("slow motion on heartbeat 1").clone();
    assert_eq!(s.at, 0);
    let n = s.visits.len();
    assert!(n > 1, "heartbeat 1 has visits");
    // Walk to the end: each visit in turn, the run still at heartbeat 1.
    let mut q = p.clone();
    for i in 1..n {
        q = v(&q, VisitMove::Next);
        assert_eq!((q.run.hb(), q.slow_shown().map(|s| s.at)), (1, Some(i)));
    }
    assert!(q.slow_shown().is_some_and(|s| s.at_end()));
    assert_eq!(
        q.slow_shown().unwrap().visit().launched,
        q.run.sim().as_ref().unwrap().borrow().last_record().unwrap().assigned.len()
    );
    // Past the end: the first visit of heartbeat 2.
    let r = v(&q, VisitMove::Next);
    assert_eq!((r.run.hb(), r.slow_shown().map(|s| s.at)), (2, Some(0)));
    // Back from a first visit: heartbeat 1's after-state (slow motion off), then its last visit.
    let b = v(&r, VisitMove::Prev);
    assert_eq!((b.run.hb(), b.slow.is_none()), (1, true));
    let b = v(&b, VisitMove::Prev);
    assert_eq!((b.run.hb(), b.slow_shown().map(|s| s.at)), (1, Some(n - 2)));
    // Play replays the shown heartbeat from its first visit; ticks run it to its end and stop.
    let mut pl = v(&q, VisitMove::Play);
    assert_eq!(pl.slow_shown().map(|s| (s.at, s.playing)), Some((0, true)));
    for _ in 0..n + 2 {
        pl = v(&pl, VisitMove::Tick);
    }
    assert_eq!(pl.slow_shown().map(|s| (s.at_end(), s.playing)), Some((true, false)));
    // Any other move leaves slow motion; so does Exit.
    assert!(run(&r, RunAction::Next).slow.is_none());
    assert!(v(&r, VisitMove::Exit).slow.is_none());
}
