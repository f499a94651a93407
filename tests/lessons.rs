//! Every built-in lesson runs, and every claim of its narrative — each step's heartbeat, its
//! checked events, the right answer of each prediction — holds in the simulation's own
//! decision records. Also: every seed concept has a lesson in both languages, lesson errors
//! carry JSON paths, and the code view follows the delay-scheduling worked example.

use schedscope::explain::code::{self, Focus};
use schedscope::lesson::{self, CONCEPTS};
use schedscope::sim::Simulation;

fn all() -> Vec<lesson::Lesson> {
    lesson::builtin()
        .iter()
        .map(|(id, json)| {
            let l = lesson::parse(json).unwrap_or_else(|e| panic!("lesson {id}:\n{e}"));
            assert_eq!(l.id, *id, "file name and id agree");
            l
        })
        .collect()
}

#[test]
fn every_lesson_narrative_is_true() {
    for l in all() {
        let r = lesson::resolve(&l);
        let msgs: Vec<String> = r.failures.iter().map(|f| f.to_string()).collect();
        assert!(msgs.is_empty(), "lesson {}:\n{}", l.id, msgs.join("\n"));
        assert!(r.hbs.iter().all(|h| h.is_some()), "lesson {}: every step resolves", l.id);
        // Steps go forward in time.
        let hbs: Vec<u64> = r.hbs.iter().flatten().copied().collect();
        assert!(hbs.windows(2).all(|w| w[0] <= w[1]), "lesson {}: {hbs:?}", l.id);
        // A lesson teaches at least one key moment that is checked.
        assert!(
            l.steps.iter().any(|s| !s.check.is_empty() || s.predict.is_some() || s.when.is_some()),
            "lesson {} checks nothing",
            l.id
        );
    }
}

/// Issue 21: every step names the values it is about, so the page can mark them for the back
/// row (`lesson::key`; `tests/e2e/room.test.mjs` measures them on screen).
#[test]
fn every_built_in_step_names_its_keys() {
    for l in all() {
        for (i, s) in l.steps.iter().enumerate() {
            assert!(!s.keys.is_empty(), "{} step {i}: no \"keys\"", l.id);
        }
    }
}

/// Issue 22: lessons have an explicit order within their group (`order`, 1 first, no gaps),
/// and the built-in list (`lesson::builtin`, the menu) follows it.
#[test]
fn built_in_lessons_follow_their_order_within_each_group() {
    let mut seen: Vec<(String, u32)> = Vec::new();
    for l in all() {
        let group = l.concepts.first().and_then(|c| c.split('.').next()).unwrap_or("").to_string();
        let order = l.order.unwrap_or_else(|| panic!("{}: no \"order\"", l.id));
        let before = seen.iter().filter(|(g, _)| *g == group).count() as u32;
        assert_eq!(order, before + 1, "{}: order in group {group}", l.id);
        if let Some((g, _)) = seen.last() {
            assert!(
                *g == group || !seen.iter().any(|(x, _)| *x == group),
                "{}: group {group} is split in the menu",
                l.id
            );
        }
        seen.push((group, order));
    }
}

/// Issue 22: every built-in lesson ends with its recap, `RECAP_LINES` non-empty lines in each
/// language (shown on its last step, above the button to the next lesson).
#[test]
fn every_built_in_lesson_has_a_recap() {
    for l in all() {
        let r = l.recap.as_ref().unwrap_or_else(|| panic!("{}: no \"recap\"", l.id));
        for (lang, lines) in [("en", &r.en), ("zh", &r.zh)] {
            assert_eq!(lines.len(), lesson::RECAP_LINES, "{} recap.{lang}", l.id);
            assert!(lines.iter().all(|s| !s.trim().is_empty()), "{} recap.{lang}: an empty line", l.id);
        }
    }
}

#[test]
fn every_seed_concept_has_a_bilingual_lesson() {
    let lessons = all();
    for c in CONCEPTS {
        assert!(lessons.iter().any(|l| l.concepts.iter().any(|x| x == c)), "no lesson for {c}");
    }
    for l in &lessons {
        let r = lesson::resolve(l);
        for (i, s) in l.steps.iter().enumerate() {
            assert!(!s.text.en.is_empty() && !s.text.zh.is_empty());
            // Chinese text is Chinese, and short enough to read on a projector (as shown: with
            // its placeholders filled).
            assert!(s.text.zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{}: {}", l.id, s.text.zh);
            let shown = r.texts(i).map(|t| t.text.en.as_str()).unwrap_or(&s.text.en);
            assert!(shown.len() < 420, "{}: step text too long: {shown}", l.id);
        }
    }
}

#[test]
fn a_false_claim_is_reported_with_its_path() {
    let json = lesson::builtin().iter().find(|(id, _)| *id == "fair-delay-scheduling").unwrap().1;
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    // The level becomes RACK at heartbeat 4, not 3.
    v["steps"][2]["hb"] = 3.into();
    v["steps"][2].as_object_mut().unwrap().remove("predict");
    let l = lesson::from_value(&v).unwrap();
    let r = lesson::resolve(&l);
    assert!(r.failures.iter().any(|f| f.path == "$.steps[2].check[0]" && f.hb == Some(3)), "{:?}", r.failures);
    // A "when" that names the wrong heartbeat.
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["steps"][4]["hb"] = 9.into();
    let r = lesson::resolve(&lesson::from_value(&v).unwrap());
    assert!(r.failures.iter().any(|f| f.path == "$.steps[4]"), "{:?}", r.failures);
    // A prediction whose wrong answer would be marked right.
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["steps"][2]["predict"]["answer"] = 0.into();
    let r = lesson::resolve(&lesson::from_value(&v).unwrap());
    let paths: Vec<&str> = r.failures.iter().map(|f| f.path.as_str()).collect();
    assert!(
        paths.contains(&"$.steps[2].predict.choices[0]") && paths.contains(&"$.steps[2].predict.choices[1]"),
        "{paths:?}"
    );
    // A key the lesson's stage does not draw (a Capacity queue ratio on the Fair stage; the
    // table of figures on a stage step).
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["steps"][2]["keys"] = serde_json::json!(["fair.level", "capacity.ratio", "figure"]);
    let errs = lesson::from_value(&v).unwrap_err().errors;
    let msgs: Vec<String> = errs.iter().map(|e| format!("{}: {}", e.path, e.message)).collect();
    assert_eq!(
        msgs,
        [
            "$.steps[2].keys[1]: found \"capacity.ratio\", which a stage step of a fair lesson does not draw",
            "$.steps[2].keys[2]: found \"figure\", which a stage step of a fair lesson does not draw",
        ]
    );
}

#[test]
fn lesson_errors_carry_json_paths() {
    let bad = r#"{"format": "schedscope-lesson", "version": 2, "id": "x", "concepts": ["fifo.padin"],
        "title": {"en": "t"}, "summary": {"en": "s", "zh": "摘要"},
        "scenario": {"scheduler": "fifo", "jobs": [{"priority": "URGENT"}], "trackers": [{"name": "tt1"}]},
        "steps": [{"hb": 1, "text": {"en": "a", "zh": "甲"}, "point": "panel:nosuch", "keys": ["fair.waited", "slots", "slots", "nosuch"],
                   "check": [{"event": "asigned", "job": 1}, {"event": "allowed_level", "job": 1, "level": "FAR"}],
                   "predict": {"question": {"en": "q", "zh": "问"}, "choices": [{"text": {"en": "a", "zh": "甲"}}], "answer": 3}},
                  {"text": {"en": "b", "zh": "乙"}}]}"#;
    let errs = lesson::parse(bad).unwrap_err().errors;
    let paths: Vec<&str> = errs.iter().map(|e| e.path.as_str()).collect();
    for p in [
        "$.version",
        "$.concepts[0]",
        "$.title.zh",
        "$.scenario.jobs[0].priority",
        "$.steps[0].point",
        "$.steps[0].keys[2]",
        "$.steps[0].keys[3]",
        "$.steps[0].check[0].event",
        "$.steps[0].check[1].level",
        "$.steps[0].predict.choices[0].event",
        "$.steps[0].predict.choices",
        "$.steps[1]",
    ] {
        assert!(paths.contains(&p), "missing {p} in {paths:?}");
    }
    assert!(errs.iter().any(|e| e.message.contains("did you mean \"assigned\"")), "{errs:?}");
    let bad = bad
        .replace(r#""title""#, r#""order": 0, "recap": {"en": ["a", "b"], "zh": ["甲", "乙", "丙", "丁"]}, "title""#);
    let errs = lesson::parse(&bad).unwrap_err().errors;
    let paths: Vec<&str> = errs.iter().map(|e| e.path.as_str()).collect();
    for p in ["$.order", "$.recap.en", "$.recap.zh"] {
        assert!(paths.contains(&p), "missing {p} in {paths:?}");
    }
    let key = |p: &str| errs.iter().find(|e| e.path == p).map(|e| e.message.clone()).unwrap_or_default();
    assert!(key("$.steps[0].keys[2]").contains("twice"), "{errs:?}");
    assert!(key("$.steps[0].keys[3]").contains("expected one of slots"), "{errs:?}");
    // Hostile input: never a panic.
    for text in ["", "[]", "{\"format\": 1}", "{\"steps\": 5}", &"[".repeat(10_000)] {
        assert!(lesson::parse(text).is_err());
    }
}

#[test]
fn code_view_follows_the_delay_scheduling_worked_example() {
    let json = schedscope::scenario::builtin().iter().find(|(id, _)| *id == "fair-delay-worked-example").unwrap().1;
    let mut sim = Simulation::from_json(json).unwrap();
    sim.run_to_end(1000);
    let focus = Focus { job: Some(1), queue: None };
    // Heartbeat → the branch of getAllowedLocalityLevel (see the scenario's notes).
    let expected: &[(u64, &str, &str)] = &[
        (1, "node.node", "0"),
        (3, "node.node", "0"),
        (4, "node.rack", "6000"),
        (8, "node.rack", "6200"),
        (10, "node.any", "17200"),
        (11, "any", "0"),
        (12, "any", "0"),
        (13, "rack.rack", "0"),
        (15, "rack.rack", "100"),
        (16, "rack.rack", "0"),
    ];
    for (hb, branch, waited) in expected {
        let rec = &sim.records()[*hb as usize - 1];
        let v = code::allowed_level(rec, 1).unwrap_or_else(|| panic!("heartbeat {hb}: J1 was asked"));
        assert!(v.taken.contains(branch), "heartbeat {hb}: {:?}, expected {branch}", v.taken);
        assert_eq!(v.taken.iter().filter(|b| b.contains('.') || **b == "any").count(), 1, "heartbeat {hb}: one return");
        let w = v.vars.iter().find(|x| x.name == "timeWaitedForLocalMap").unwrap();
        assert_eq!(w.value, *waited, "heartbeat {hb}");
        // The highlighted lines are exactly the common lines and the taken branches.
        let m = code::method(v.method).unwrap();
        for (i, line) in m.lines.iter().enumerate() {
            assert_eq!(
                v.lines.contains(&i),
                line.branch.is_empty() || v.taken.contains(&line.branch),
                "heartbeat {hb} line {i}"
            );
        }
        // The full set of views for the heartbeat includes it.
        assert!(code::views(rec, &focus).iter().any(|x| x.method == "fair.getAllowedLocalityLevel"));
    }
    // Heartbeat 10 launched off-switch maps through findNewMapTask's other-rack branch.
    let v10 = code::views(&sim.records()[9], &focus);
    let jip = v10.iter().find(|v| v.method == "jip.obtainNewMapTask").unwrap();
    assert!(jip.taken.contains(&"off_switch"), "{:?}", jip.taken);
}

#[test]
fn code_view_covers_every_scheduler_and_branch_ids_are_known() {
    let mut live_values = 0;
    for m in code::METHODS {
        assert!(!m.branches().is_empty(), "{}", m.id);
    }
    for (id, json) in schedscope::scenario::builtin() {
        let mut sim = Simulation::from_json(json).unwrap();
        sim.run_to_end(400);
        for rec in sim.records() {
            for v in code::views(rec, &Focus::default()) {
                let m = code::method(v.method).unwrap();
                let known = m.branches();
                assert!(v.taken.iter().all(|b| known.contains(b)), "{id} hb {}: {:?}", rec.hb, v.taken);
                // The live values are the same in English and in Chinese (tests/code_listings.rs).
                for (i, line) in m.lines.iter().enumerate() {
                    let en = code::live(line.text, &v.vars);
                    assert_eq!(en, code::live(line.zh, &v.vars), "{id} hb {} {} line {i}", rec.hb, v.method);
                    live_values += en.is_some() as usize;
                }
            }
        }
    }
    assert!(live_values > 1000, "only {live_values} live values compared");
    // FIFO: padding at heartbeat 61 of the FIFO lesson scenario.
    let json = schedscope::scenario::builtin().iter().find(|(id, _)| *id == "fifo-two-racks").unwrap().1;
    let mut sim = Simulation::from_json(json).unwrap();
    sim.go_to(61);
    let views = code::views(&sim.records()[60], &Focus::default());
    let assign = views.iter().find(|v| v.method == "fifo.assignTasks").unwrap();
    assert!(assign.taken.contains(&"reduces.assigned"));
    assert!(assign.taken.iter().any(|b| *b == "maps.off_switch_stop" || *b == "maps.padding_stop"));
    let pad = views.iter().find(|v| v.method == "fifo.exceededPadding").unwrap();
    assert!(pad.taken.contains(&"exceeded"));
    assert!(pad.vars.iter().any(|v| v.name == "totalTasks" && v.value == "17"));
    // Capacity: the user limit at heartbeat 9 of the capacity scenario.
    let json = schedscope::scenario::builtin().iter().find(|(id, _)| *id == "capacity-users-highmem").unwrap().1;
    let mut sim = Simulation::from_json(json).unwrap();
    sim.go_to(9);
    let views = code::views(&sim.records()[8], &Focus { job: Some(1), queue: None });
    let ul = views.iter().find(|v| v.method == "capacity.assignSlotsToJob").unwrap();
    assert_eq!(ul.taken, vec!["limit", "user_limit"]);
    assert!(ul.vars.iter().any(|v| v.name == "limit" && v.value == "6"));
    assert!(views.iter().any(|v| v.method == "capacity.QueueComparator"));
}

/// The numbers a text states. A word is a run of ASCII letters, digits and `_`; one that starts
/// with a letter is an identifier (`J1`, `tt3`, `rack2`, `m0`), one that starts with a digit is
/// a number (`6000`, `5.5`, `1,000`, `10s`; `3` in `3 个`).
fn numbers(text: &str) -> Vec<f64> {
    let c: Vec<char> = text.chars().collect();
    let word = |ch: char| ch.is_ascii_alphanumeric() || ch == '_';
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if !word(c[i]) {
            i += 1;
            continue;
        }
        if c[i].is_ascii_digit() {
            let mut s = String::new();
            while i < c.len() {
                let sep = matches!(c[i], '.' | ',') && !s.is_empty() && c.get(i + 1).is_some_and(char::is_ascii_digit);
                if c[i].is_ascii_digit() {
                    s.push(c[i]);
                } else if sep {
                    if c[i] == '.' {
                        s.push('.');
                    }
                } else {
                    break;
                }
                i += 1;
            }
            out.push(s.parse().unwrap_or(f64::NAN));
        }
        while i < c.len() && word(c[i]) {
            i += 1;
        }
    }
    out
}

/// Comparison signs a choice may carry as a justification ("6000 ≥ 5000").
const SIGNS: &[char] = &['<', '>', '≤', '≥', '=', '≠', '⩽', '⩾'];

fn states_a_figure(text: &str) -> bool {
    !numbers(text).is_empty() || text.contains(SIGNS)
}

/// Every number in an event's fields, except job ids (named `J<n>` in the text, an identifier).
fn event_numbers(v: &serde_json::Value, out: &mut Vec<f64>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                if k != "job" {
                    event_numbers(x, out);
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| event_numbers(x, out)),
        serde_json::Value::Number(n) => out.push(n.as_f64().unwrap()),
        _ => {}
    }
}

#[test]
fn number_reading_skips_identifiers() {
    assert_eq!(numbers("J1 on tt3 (rack2.node2) got m0"), Vec::<f64>::new());
    assert_eq!(
        numbers("6000 ms ≥ 5000; 5.5 s; 1,000 maps; 3 个；等了 17200 ms"),
        vec![6000.0, 5000.0, 5.5, 1000.0, 3.0, 17200.0]
    );
    assert_eq!(numbers("at 10.4 s, 2 slots"), vec![10.4, 2.0]);
    assert!(states_a_figure("RACK: waited ≥ node delay") && !states_a_figure("RACK"));
}

/// Predictions do not give the answer away: either every choice or none carries a figure or a
/// comparison (so the right one is not the only one with a justification), and the question
/// states no number that the step's own claims check (the deciding fact is the student's to
/// find). Applies to every lesson in `lessons/`, built in or added later.
#[test]
fn predictions_do_not_give_the_answer_away() {
    let mut problems = Vec::new();
    for l in all() {
        // As shown: with the placeholders filled from the run (`lesson::text`).
        let r = lesson::resolve(&l);
        for (i, s) in l.steps.iter().enumerate() {
            if s.predict.is_none() {
                continue;
            }
            let f = r.texts(i).expect("every step resolves");
            let question = f.question.as_ref().expect("a filled question");
            for (lang, pick) in
                [("en", (|b: &lesson::Bi| b.en.clone()) as fn(&lesson::Bi) -> String), ("zh", |b| b.zh.clone())]
            {
                let with: Vec<bool> = f.choices.iter().map(|c| states_a_figure(&pick(c))).collect();
                if with.iter().any(|x| *x) && !with.iter().all(|x| *x) {
                    let texts: Vec<String> = f.choices.iter().map(pick).collect();
                    problems
                        .push(format!("{} step {i} ({lang}): some choices carry a figure, some not: {texts:?}", l.id));
                }
                let mut checked = Vec::new();
                for e in s.check.iter().chain(s.when.iter()) {
                    event_numbers(&serde_json::to_value(e).unwrap(), &mut checked);
                }
                let q = pick(question);
                for n in numbers(&q) {
                    if checked.contains(&n) {
                        problems.push(format!(
                            "{} step {i} ({lang}): the question states {n}, which the step checks: {q}",
                            l.id
                        ));
                    }
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Every step points at something that exists at its heartbeat: a submitted job, the tracker
/// that is heartbeating for its budget, a task preempted at this heartbeat for its ghost, a
/// method this heartbeat ran for its code (`lesson::point::missing`).
#[test]
fn every_point_names_what_exists_at_its_heartbeat() {
    let mut problems = Vec::new();
    for l in all() {
        let r = lesson::resolve(&l);
        let mut sim = Simulation::new(l.scenario.clone()).unwrap();
        for (i, s) in l.steps.iter().enumerate() {
            let (Some(p), Some(hb)) = (&s.point, r.hbs[i]) else { continue };
            sim.go_to(hb);
            let mut recs = Vec::new();
            if hb > 0 {
                sim.for_each_record(1, hb, |x| recs.push(x.clone()));
            }
            let ctx = lesson::Ctx { records: &recs, engine: sim.engine() };
            if let Some(why) = lesson::point::missing(p, &ctx) {
                problems.push(format!("{} step {i} at heartbeat {hb}: {why}", l.id));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// A step that stops inside its heartbeat (`"visit"`): the lessons where the moment is inside
/// a heartbeat do, each visit resolves to one of the heartbeat's visits, and a visit that is
/// not there, an unknown kind, or one on heartbeat 0 is an error at its path.
#[test]
fn steps_stop_inside_their_heartbeat_where_the_moment_is() {
    for id in [
        "fair-delay-scheduling",
        "capacity-user-limits",
        "capacity-high-memory",
        "fifo-padding",
        "fifo-off-switch",
        "fifo-load-factor",
    ] {
        let l = all().into_iter().find(|l| l.id == id).unwrap();
        let r = lesson::resolve(&l);
        let with: Vec<usize> = (0..l.steps.len()).filter(|&i| l.steps[i].visit.is_some()).collect();
        assert!(!with.is_empty(), "{id} stops inside a heartbeat");
        for i in with {
            assert!(r.visits[i].is_some(), "{id} step {i}: its visit resolves ({:?})", r.failures);
        }
    }
    let json = lesson::builtin().iter().find(|(id, _)| *id == "fair-delay-scheduling").unwrap().1;
    // J9 is never asked at heartbeat 4.
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["steps"][2]["visit"] = serde_json::json!({"what": "fair_job", "job": 9});
    let r = lesson::resolve(&lesson::from_value(&v).unwrap());
    let f = r.failures.iter().find(|f| f.path == "$.steps[2].visit").expect("a failure at the visit");
    assert!(f.message.contains("fair_job of J9") && f.message.contains("fair_waits"), "{f}");
    // An unknown kind, and a visit on heartbeat 0.
    v["steps"][2]["visit"] = serde_json::json!({"what": "fair_jobs"});
    v["steps"][0]["visit"] = serde_json::json!({"what": "fair_job"});
    let errs = lesson::from_value(&v).unwrap_err().errors;
    let msgs: Vec<String> = errs.iter().map(|e| format!("{}: {}", e.path, e.message)).collect();
    assert!(
        msgs.iter().any(|m| m.starts_with("$.steps[2].visit.what: found \"fair_jobs\", expected one of")),
        "{msgs:?}"
    );
    assert!(msgs.iter().any(|m| m.starts_with("$.steps[0].visit: heartbeat 0 has no visits")), "{msgs:?}");
}

/// `Step::name` is the `what` a visit is written with, and every name is one lessons may use.
#[test]
fn visit_names_are_their_json_names() {
    let mut seen = std::collections::BTreeSet::new();
    for l in all() {
        let mut sim = schedscope::sim::Simulation::new(l.scenario.clone()).unwrap();
        for _ in 0..60 {
            if !sim.step_forward() {
                break;
            }
            for v in schedscope::explain::visit::visits(sim.last_record().unwrap()) {
                let json = serde_json::to_value(&v.step).unwrap();
                assert_eq!(json["what"], v.step.name(), "{json}");
                assert!(schedscope::explain::visit::STEP_NAMES.contains(&v.step.name()));
                seen.insert(v.step.name());
            }
        }
    }
    assert!(seen.len() >= 12, "the lessons' first heartbeats show most kinds of visit: {seen:?}");
}
