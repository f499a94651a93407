//! Reading a practice question back from its English lines, for the tests that check a
//! question's facts allow its answer only (`tests/practice_facts*.rs`).

use schedscope::practice::answer::{Answer, Form};
use schedscope::practice::{Difficulty, Question, kinds, situation};

/// Questions checked per kind (a third at each difficulty).
pub const QUESTIONS: u64 = 1_002;

/// The text between the first `from` and the next `to` after it.
pub fn between<'a>(s: &'a str, from: &str, to: &str) -> &'a str {
    let a = s.find(from).unwrap_or_else(|| panic!("{from:?} in {s:?}")) + from.len();
    let b = s[a..].find(to).unwrap_or_else(|| panic!("{to:?} after {from:?} in {s:?}")) + a;
    &s[a..b]
}

/// The question's lines in English.
pub fn lines(q: &Question) -> impl Iterator<Item = &str> {
    q.prompt.iter().map(|b| b.en.as_str())
}

/// `12.345 s` → 12345.
pub fn ms(s: &str) -> i64 {
    (s.trim().trim_end_matches(" s").parse::<f64>().unwrap_or_else(|_| panic!("{s:?}")) * 1000.0).round() as i64
}

/// A FIFO queue line `J1: priority NORMAL, submitted at 0 s, 8 maps (2 finished, 1 running), 1
/// reduces.`: (desired maps, finished maps, reduces, RUNNING: no state after the reduces).
pub fn job_line(l: &str) -> (i64, i64, i64, bool) {
    let desired = between(l, "s, ", " maps (").rsplit(' ').next().unwrap().parse().unwrap();
    let finished = between(l, "maps (", " finished").parse().unwrap();
    let reduces = between(l, "running), ", " reduces").parse().unwrap();
    (desired, finished, reduces, l.ends_with(" reduces."))
}

/// The running maps of a FIFO queue line.
pub fn running_maps(l: &str) -> i64 {
    between(l, " finished, ", " running)").parse().unwrap()
}

/// The FIFO queue lines, in the order shown.
pub fn queue_lines(q: &Question) -> Vec<&str> {
    lines(q).filter(|l| l.starts_with('J') && l.contains(": priority ")).collect()
}

/// The English text of a choose question's expected option.
pub fn chosen(q: &Question, tag: &str) -> String {
    let (Form::Choose { options }, Answer::Choice(i)) = (&q.form, &q.expected) else { panic!("{tag}") };
    options[*i].en.clone()
}

/// `QUESTIONS` generated questions of kind `id`, each with a tag naming it.
pub fn questions(id: &str) -> impl Iterator<Item = (Question, String)> + '_ {
    let kind = kinds::by_id(id).unwrap_or_else(|| panic!("no kind {id}"));
    (0..QUESTIONS).map(move |seed| {
        let d = Difficulty::ALL[(seed % 3) as usize];
        let q = situation::generate(kind, seed, d).unwrap_or_else(|| panic!("{id}: no question for seed {seed}"));
        (q, format!("{id} seed {seed} {d:?}"))
    })
}
