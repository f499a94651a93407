//! Practice mode: for every question kind, over at least `PER_KIND` generated questions, the
//! expected answer is exactly what the engine then does at that heartbeat. Each question's
//! scenario is run again from scratch (`Simulation`, to the heartbeat before, then one step),
//! and the answer is checked against what that run shows by another road than the one the
//! kind read it from: the lesson claim checker (`lesson::event`) and the engine's own state
//! after the heartbeat (the tasks that appeared on the tracker, the attempts that were killed).
//! Also: every concept has a kind, sets are reproducible, result codes round-trip and refuse
//! typos.

mod common;

use schedscope::explain::HeartbeatRecord;
use schedscope::lesson::event::{Ctx, Event};
use schedscope::model::{AttemptId, Locality, TaskType};
use schedscope::practice::answer::{Answer, Form, Token, grade};
use schedscope::practice::result::{self, CodeError};
use schedscope::practice::set::SetSpec;
use schedscope::practice::{CONCEPTS, Difficulty, Question, kinds, situation, words};
use schedscope::sched::capacity::decision::JobVerdict;
use schedscope::sim::{Engine, Simulation};
use schedscope::{explain::Decision, i18n::Lang};

/// Questions checked per kind (a third at each difficulty).
const PER_KIND: u64 = 1_002;

/// Tasks that appeared on `tracker` between two engine states, in launch order, with their
/// locality.
fn new_tasks(before: &Engine, after: &Engine, tracker: &str) -> Vec<(AttemptId, Option<Locality>)> {
    let find = |e: &Engine| e.cluster.trackers.iter().find(|t| t.name == tracker).unwrap().running.clone();
    let old: Vec<AttemptId> = find(before).iter().map(|r| r.attempt).collect();
    find(after)
        .iter()
        .filter(|r| !old.contains(&r.attempt))
        .map(|r| {
            let a = r.attempt;
            let job = &after.cluster.jobs[&schedscope::model::JobId(a.job)];
            let level =
                job.tips(a.kind)[a.index as usize].active.iter().find(|x| x.attempt == a.attempt).and_then(|x| x.level);
            (a, if a.kind == TaskType::Map { level.map(Locality::from_level) } else { None })
        })
        .collect()
}

fn holds(e: Event, rec: &HeartbeatRecord, after: &Engine) -> bool {
    e.holds(&Ctx { records: std::slice::from_ref(rec), engine: after })
}

fn option_job(form: &Form, i: usize) -> Option<u32> {
    match form {
        Form::Choose { options } => options.get(i).and_then(|o| o.en.strip_prefix('J')).and_then(|s| s.parse().ok()),
        _ => None,
    }
}

fn picked(form: &Form, v: &[usize]) -> Vec<Token> {
    match form {
        Form::Pick { candidates, .. } => v.iter().map(|&i| candidates[i].token.clone()).collect(),
        _ => panic!("not a pick form"),
    }
}

fn assigned(job: Option<u32>, kind: &str, locality: Option<&str>, count: Option<u32>) -> Event {
    Event::Assigned { job, kind: Some(kind.into()), locality: locality.map(Into::into), count, first: false }
}

/// Check `q` against an independent run of its scenario.
fn check(q: &Question) {
    let mut sim = Simulation::from_json(&q.scenario).expect("the scenario is valid");
    sim.go_to(q.hb - 1);
    assert_eq!(sim.hb(), q.hb - 1);
    let before = sim.engine().clone();
    assert!(sim.step_forward());
    let rec = sim.last_record().unwrap().clone();
    assert_eq!(rec, q.record, "the heartbeat runs as recorded");
    assert_eq!((rec.tracker.as_str(), rec.time_ms), (q.tracker.as_str(), q.time_ms));
    let after = sim.engine();
    let tag = format!("{} seed {} {:?}", q.kind, q.seed, q.difficulty);
    if q.concept == "spark.delay" {
        assert!(grade(&q.form, &q.expected, Some(&q.expected)).correct, "{tag}: the expected answer fits its form");
        return common::practice_spark::check(q, &before, after, &rec, &tag);
    }
    let new = new_tasks(&before, after, &q.tracker);
    let new_maps: Vec<_> = new.iter().filter(|(a, _)| a.kind == TaskType::Map).collect();
    assert!(grade(&q.form, &q.expected, Some(&q.expected)).correct, "{tag}: the expected answer fits its form");
    match (q.kind, &q.expected) {
        ("fifo.first_job" | "capacity.first_job" | "capacity.admission", Answer::Choice(i)) => {
            let want = option_job(&q.form, *i);
            assert_eq!(new_maps.first().map(|(a, _)| a.job), want, "{tag}");
        }
        ("fifo.tasks" | "fifo.reduces", Answer::Picks(v)) => {
            let seen: Vec<Token> = new
                .iter()
                .filter(|(a, _)| q.kind == "fifo.tasks" || a.kind == TaskType::Reduce)
                .map(|(a, l)| Token::Task { job: a.job, kind: a.kind.as_str(), locality: l.map(|x| x.as_str()) })
                .collect();
            assert_eq!(picked(&q.form, v), seen, "{tag}");
            if q.kind == "fifo.reduces" {
                assert!(seen.len() <= 1, "{tag}: one reduce per heartbeat");
            }
        }
        ("fifo.load_cap", Answer::Number(x)) => {
            let e = Event::LoadCap { kind: "map".into(), capacity: Some(*x as u32), available: None, remaining: None };
            assert!(holds(e, &rec, after), "{tag}");
        }
        ("fifo.padding", Answer::Choice(i)) => {
            let Decision::Fifo(d) = &rec.decision else { panic!("{tag}") };
            assert_eq!(d.map_padding.as_ref().map(|p| p.exceeded), Some(*i == 1), "{tag}");
            if *i == 1 {
                assert!(new_maps.len() <= 1, "{tag}: padding lets one map through");
            }
        }
        ("fifo.off_switch_count" | "fair.maps_count" | "capacity.tasks_count", Answer::Number(x)) => {
            assert_eq!(new_maps.len() as f64, *x, "{tag}");
            assert!(holds(assigned(None, "map", None, Some(*x as u32)), &rec, after), "{tag}");
            if q.kind == "fifo.off_switch_count" {
                let stop = Event::FifoMapStop { stop: "off_switch".into(), job: None };
                assert!(holds(stop, &rec, after), "{tag}");
                assert_eq!(new_maps.last().and_then(|(_, l)| *l), Some(Locality::OffSwitch), "{tag}");
            }
        }
        ("fair.fair_share", Answer::Number(x)) => {
            let pool = q.focus_queue.clone().unwrap();
            let e = Event::PoolShare { pool, kind: "map".into(), fair_share: *x, min_share: None };
            assert!(holds(e, &rec, after), "{tag}");
        }
        ("fair.pool_order" | "capacity.queue_order", Answer::Order(v)) => {
            let Form::Order { items } = &q.form else { panic!("{tag}") };
            let order: Vec<String> = v.iter().map(|&i| items[i].en.clone()).collect();
            assert!(holds(Event::Order { kind: "map".into(), order }, &rec, after), "{tag}");
        }
        ("fair.allowed_level" | "fair.starved_level", Answer::Choice(i)) => {
            let level = ["NODE", "RACK", "ANY"][*i].to_string();
            let job = q.focus_job.unwrap();
            let e = Event::AllowedLevel { job, level: level.clone(), reason: None, waited_ms: None };
            assert!(holds(e, &rec, after), "{tag}");
            if q.kind == "fair.allowed_level" {
                let e = Event::AllowedLevel { job, level, reason: Some("waited".into()), waited_ms: None };
                assert!(holds(e, &rec, after), "{tag}: delay scheduling decided, not starvation");
            }
        }
        ("fair.preempted", Answer::Picks(v)) => {
            let killed: Vec<AttemptId> = picked(&q.form, v)
                .into_iter()
                .map(|t| match t {
                    Token::Attempt { attempt, .. } => attempt,
                    _ => panic!("{tag}"),
                })
                .collect();
            let e = Event::Preempted { job: None, pool: None, count: Some(killed.len() as u32) };
            assert!(holds(e, &rec, after), "{tag}");
            for a in &killed {
                assert!(before.cluster.is_running(*a), "{tag}: {a} ran before the check");
                let e = Event::Preempted { job: Some(a.job), pool: None, count: None };
                assert!(holds(e, &rec, after), "{tag}");
            }
            // Each killed attempt's tracker is told and reports it ended (at this heartbeat or a
            // later one; KILLED, unless it finished before the kill reached it).
            let mut left = killed.clone();
            left.retain(|a| !rec.reported.iter().any(|x| x.attempt == *a));
            let mut sim = sim;
            for _ in 0..200 {
                if left.is_empty() || !sim.step_forward() {
                    break;
                }
                let r = sim.last_record().unwrap();
                left.retain(|a| !r.reported.iter().any(|x| x.attempt == *a));
            }
            assert!(left.is_empty(), "{tag}: {left:?} never reported ended");
        }
        ("capacity.user_limit", Answer::Number(x)) => {
            let Decision::Capacity(d) = &rec.decision else { panic!("{tag}") };
            let job = q.focus_job.unwrap();
            let limit = d.map.lookups[0].queues.iter().flat_map(|v| &v.jobs).find(|v| v.job == job).and_then(|v| {
                match &v.verdict {
                    JobVerdict::UserLimit { calc, .. } => Some(calc.limit),
                    JobVerdict::Assigned { user_limit, .. } => user_limit.map(|c| c.limit),
                    _ => None,
                }
            });
            assert_eq!(limit.map(f64::from), Some(*x), "{tag}");
        }
        ("capacity.high_memory", Answer::Choice(i)) => {
            let job = q.focus_job.unwrap();
            let got = new_maps.iter().any(|(a, _)| a.job == job);
            match i {
                0 => assert!(got, "{tag}"),
                1 => assert!(!got && holds(Event::Reserved { job }, &rec, after), "{tag}"),
                2 => assert!(!got && !new_maps.is_empty(), "{tag}"),
                _ => assert!(new_maps.is_empty(), "{tag}"),
            }
        }
        ("capacity.locality_wait", Answer::Choice(i)) => {
            let job = q.focus_job.unwrap();
            let first = new_maps.iter().find(|(a, _)| a.job == job).map(|(_, l)| *l);
            let want = [Some(Some(Locality::Node)), Some(Some(Locality::Rack)), Some(Some(Locality::OffSwitch)), None];
            assert_eq!(first, want[*i], "{tag}");
            if *i == 3 {
                assert!(holds(Event::Verdict { job, verdict: "locality_wait".into() }, &rec, after), "{tag}");
            }
        }
        (k, a) => panic!("no check for {k} with {a:?}"),
    }
}

fn check_kind(id: &str) {
    let kind = kinds::by_id(id).unwrap();
    for seed in 0..PER_KIND {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("{id}: no question for seed {seed} {d:?}"));
        check(&q);
    }
}

macro_rules! kind_tests {
    ($($name:ident => $id:literal),* $(,)?) => {
        $( #[test] fn $name() { check_kind($id); } )*
        const TESTED: &[&str] = &[$($id),*];
    };
}

kind_tests! {
    fifo_first_job => "fifo.first_job",
    fifo_tasks => "fifo.tasks",
    fifo_load_cap => "fifo.load_cap",
    fifo_padding => "fifo.padding",
    fifo_off_switch_count => "fifo.off_switch_count",
    fifo_reduces => "fifo.reduces",
    fair_fair_share => "fair.fair_share",
    fair_pool_order => "fair.pool_order",
    fair_allowed_level => "fair.allowed_level",
    fair_starved_level => "fair.starved_level",
    fair_maps_count => "fair.maps_count",
    fair_preempted => "fair.preempted",
    capacity_first_job => "capacity.first_job",
    capacity_queue_order => "capacity.queue_order",
    capacity_user_limit => "capacity.user_limit",
    capacity_admission => "capacity.admission",
    capacity_high_memory => "capacity.high_memory",
    capacity_locality_wait => "capacity.locality_wait",
    capacity_tasks_count => "capacity.tasks_count",
    spark_allowed_level => "spark.allowed_level",
    spark_which_executor => "spark.which_executor",
}

#[test]
fn every_concept_has_a_kind_and_every_kind_a_property_test() {
    for (c, ..) in CONCEPTS {
        assert!(!kinds::of_concept(c).is_empty(), "{c} has no question kind");
    }
    let ids: Vec<&str> = kinds::KINDS.iter().map(|k| k.id).collect();
    assert_eq!(ids, TESTED, "each kind is checked above");
    for k in kinds::KINDS {
        assert!(CONCEPTS.iter().any(|c| c.0 == k.concept), "{}: unknown concept {}", k.id, k.concept);
    }
}

/// A valid answer that differs from `q`'s expected one.
fn wrong(q: &Question) -> Answer {
    match (&q.form, &q.expected) {
        (Form::Choose { options }, Answer::Choice(i)) => Answer::Choice((i + 1) % options.len()),
        (Form::Order { .. }, Answer::Order(v)) => Answer::Order(v.iter().rev().copied().collect()),
        (Form::Number { .. }, Answer::Number(x)) => Answer::Number(x.round() + 1.0),
        (Form::Pick { candidates, .. }, Answer::Picks(v)) if v.is_empty() && !candidates.is_empty() => {
            Answer::Picks(vec![0])
        }
        _ => Answer::Picks(Vec::new()),
    }
}

fn spec(seed: u32, concepts: &str, count: u32) -> SetSpec {
    SetSpec {
        concepts: schedscope::practice::set::parse_concepts(concepts).unwrap(),
        difficulty: Difficulty::ALL[(seed % 3) as usize],
        seed,
        count,
    }
}

#[test]
fn result_codes_round_trip_and_refuse_typos() {
    for (n, seed) in [0u32, 7, 4_294_967_295].into_iter().enumerate() {
        let s = spec(seed, ["all", "fair,capacity.user_limits", "fifo"][n], 7);
        let qs = s.questions();
        assert_eq!(qs.len(), 7);
        let answers: Vec<Option<Answer>> = qs
            .iter()
            .enumerate()
            .map(|(i, q)| match i % 3 {
                0 => Some(q.expected.clone()),
                1 => None,
                _ => Some(wrong(q)),
            })
            .collect();
        let code = result::encode(&s, &qs, &answers);
        assert!(code.len() < 80, "compact: {code}");
        let result::Decoded { spec: s2, questions: q2, answers: a2 } =
            result::decode(&code).expect("a fresh code decodes");
        assert_eq!(s2, s);
        assert_eq!(q2.len(), qs.len());
        for (i, q) in qs.iter().enumerate() {
            let g = |a: &[Option<Answer>]| grade(&q.form, &q.expected, a[i].as_ref()).correct;
            assert_eq!(g(&answers), g(&a2), "question {i}: same grade after decoding");
            if !matches!(q.expected, Answer::Number(_)) {
                assert_eq!(a2[i], answers[i], "question {i}");
            }
        }
        assert_eq!(result::score(&qs, &a2).1, 3, "questions 1, 4, 7 are right");
        // Case, separators and the look-alikes O, I, L are forgiven.
        let loose = code.to_lowercase().replace('-', " ").replace('0', "o").replace('1', "l");
        assert_eq!(result::decode(&loose).map(|x| x.answers), Ok(a2.clone()));
        // Every single-character typo and every swap of neighbours is refused.
        let chars: Vec<char> = code.chars().collect();
        let alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
        for i in (0..chars.len()).filter(|&i| chars[i] != '-') {
            for c in alphabet.chars().filter(|&c| c != chars[i]) {
                let mut t = chars.clone();
                t[i] = c;
                let typo: String = t.into_iter().collect();
                assert!(result::decode(&typo).is_err(), "{typo} (from {code}) was accepted");
            }
            let j = (i + 1..chars.len()).find(|&j| chars[j] != '-');
            if let Some(j) = j.filter(|&j| chars[j] != chars[i]) {
                let mut t = chars.clone();
                t.swap(i, j);
                assert!(result::decode(&t.iter().collect::<String>()).is_err(), "swap {i},{j} accepted");
            }
            let mut t = chars.clone();
            t.remove(i);
            assert!(result::decode(&t.iter().collect::<String>()).is_err(), "deletion at {i} accepted");
        }
    }
    assert_eq!(result::decode("ABCD-EFGH").err(), Some(CodeError::TooShort));
    assert_eq!(result::decode("ABCD-EFGH-UUUU-UUUU-UUUU").err(), Some(CodeError::BadCharacter('U')));
    assert_eq!(result::decode("0000-0000-0000-0000-0000").err(), Some(CodeError::Checksum));
}

#[test]
fn scores_csv_and_words_in_both_languages() {
    let n = CONCEPTS.len() as u32;
    let s = spec(3, "all", n);
    let qs = s.questions();
    let concepts: std::collections::BTreeSet<&str> = qs.iter().map(|q| q.concept).collect();
    assert_eq!(concepts.len(), CONCEPTS.len(), "one question per concept over all concepts: each once");
    let right: Vec<Option<Answer>> = qs.iter().map(|q| Some(q.expected.clone())).collect();
    let (scores, total) = result::score(&qs, &right);
    assert_eq!((scores.len(), total), (CONCEPTS.len(), n));
    assert!(scores.iter().all(|c| c.right == 1 && c.total == 1));
    let csv = result::csv(&qs, &right, Lang::En);
    assert_eq!(csv.lines().count(), CONCEPTS.len() + 1);
    assert!(csv.lines().skip(1).all(|l| l.ends_with(",true")), "{csv}");
    for q in &qs {
        for lang in [Lang::En, Lang::Zh] {
            let p = words::prompt(q, lang);
            assert!(p.len() >= 2 && p.iter().all(|l| !l.trim().is_empty()), "{}: {p:?}", q.kind);
            assert!(!words::explanation(q, lang).is_empty());
            let g = grade(&q.form, &q.expected, Some(&wrong(q)));
            assert!(!g.correct, "{}: the wrong answer is wrong", q.kind);
            let said = words::grade(&q.form, &g, lang);
            assert!(said.len() >= 2, "{}: a wrong answer says what is wrong: {said:?}", q.kind);
        }
        let zh = words::prompt(q, Lang::Zh).join("");
        assert!(zh.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)), "{}: {zh}", q.kind);
        // Spark has no code listing yet (`explain::code`), so its questions show none.
        if q.concept != "spark.delay" {
            assert!(!words::code_path(q).is_empty(), "{}: the code path is shown", q.kind);
        }
    }
}

/// The golden fingerprints that `tests/web_practice.rs` checks in the browser: the same seeds
/// give the same questions natively and in wasm. After an intended change of behaviour (of the
/// engine or of a kind), regenerate with `UPDATE_GOLDEN=1 cargo test --test practice golden`.
#[test]
fn golden_question_fingerprints() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/practice-fingerprints.json");
    let now: serde_json::Map<String, serde_json::Value> =
        situation::fingerprint_sample().into_iter().map(|(k, v)| (k, serde_json::json!(v))).collect();
    let now = serde_json::Value::Object(now);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::write(path, serde_json::to_string_pretty(&now).unwrap() + "\n").unwrap();
    }
    let golden: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(now, golden, "questions changed; if intended, run UPDATE_GOLDEN=1 cargo test --test practice golden");
}
