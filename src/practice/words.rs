//! Questions, answers, grades and explanations in words (English and Chinese). The
//! explanation of a question is the engine's decision record of the heartbeat in words
//! (`explain::text`) and its code path with live values (`explain::code`).

use super::answer::{Answer, Form, Grade, Mistake};
use super::situation::Question;
use crate::explain::code::{self, CodeView};
use crate::explain::text;
use crate::i18n::{Lang, k, t};

/// The question's lines: what the student is told, then the question.
pub fn prompt(q: &Question, lang: Lang) -> Vec<String> {
    q.prompt.iter().map(|b| b.pick(lang).to_string()).collect()
}

/// How the student answers, in one line.
pub fn form_hint(form: &Form, lang: Lang) -> String {
    match form {
        Form::Choose { .. } => t(lang, k::form_choose).into(),
        Form::Order { .. } => t(lang, k::form_order).into(),
        Form::Number { decimals: 0, .. } => t(lang, k::form_whole).into(),
        Form::Number { decimals, .. } => k::form_decimals.fill(lang, &[&decimals.to_string()]),
        Form::Pick { ordered: true, .. } => t(lang, k::form_pick_ordered).into(),
        Form::Pick { .. } => t(lang, k::form_pick_all).into(),
    }
}

/// The label of option, item or candidate `i`.
pub fn item(form: &Form, i: usize, lang: Lang) -> String {
    let label = match form {
        Form::Choose { options } => options.get(i),
        Form::Order { items } => items.get(i),
        Form::Pick { candidates, .. } => candidates.get(i).map(|c| &c.label),
        Form::Number { .. } => None,
    };
    label.map(|b| b.pick(lang).to_string()).unwrap_or_else(|| format!("#{i}"))
}

pub fn number(form: &Form, x: f64) -> String {
    let d = match form {
        Form::Number { decimals, .. } => *decimals as usize,
        _ => 2,
    };
    format!("{x:.d$}")
}

/// An answer in words.
pub fn answer(form: &Form, a: &Answer, lang: Lang) -> String {
    let sep = t(lang, k::list_sep);
    match a {
        Answer::Choice(i) => item(form, *i, lang),
        Answer::Order(v) => v.iter().map(|i| item(form, *i, lang)).collect::<Vec<_>>().join(" → "),
        Answer::Number(x) => number(form, *x),
        Answer::Picks(v) if v.is_empty() => t(lang, k::answer_nothing).into(),
        Answer::Picks(v) => v.iter().map(|i| item(form, *i, lang)).collect::<Vec<_>>().join(sep),
    }
}

/// One mistake in words.
pub fn mistake(form: &Form, m: &Mistake, lang: Lang) -> String {
    let it = |i: &usize| item(form, *i, lang);
    let n = |x: &f64| number(form, *x);
    match m {
        Mistake::Unanswered => t(lang, k::mistake_unanswered).into(),
        Mistake::Choice { given, expected } => k::mistake_choice.fill(lang, &[&it(given), &it(expected)]),
        Mistake::Position { at, given, expected } => {
            k::mistake_position.fill(lang, &[&(at + 1).to_string(), &it(given), &it(expected)])
        }
        Mistake::Number { given, expected } => k::mistake_number.fill(lang, &[&n(given), &n(expected)]),
        Mistake::Count { given, expected } => k::mistake_count.fill(lang, &[&given.to_string(), &expected.to_string()]),
        Mistake::PickAt { at, given, expected } => {
            k::mistake_pick_at.fill(lang, &[&(at + 1).to_string(), &it(given), &it(expected)])
        }
        Mistake::Extra { item } => k::mistake_extra.fill(lang, &[&it(item)]),
        Mistake::Missing { item } => k::mistake_missing.fill(lang, &[&it(item)]),
    }
}

/// The verdict in words: right or wrong, then every mistake.
pub fn grade(form: &Form, g: &Grade, lang: Lang) -> Vec<String> {
    let mut out = vec![t(lang, if g.correct { k::grade_right } else { k::grade_wrong }).to_string()];
    out.extend(g.mistakes.iter().map(|m| mistake(form, m, lang)));
    out
}

/// The explanation: the heartbeat's decision record in words.
pub fn explanation(q: &Question, lang: Lang) -> Vec<String> {
    text::render(&q.record, lang)
}

/// The same lines with their kinds (the page picks each line's icon from its kind).
pub fn explanation_lines(q: &Question, lang: Lang) -> crate::explain::lines::Lines {
    text::render_lines(&q.record, lang)
}

/// The code path the heartbeat took, with live values, focused on the question's job or queue.
pub fn code_path(q: &Question) -> Vec<CodeView> {
    code::views(&q.record, &q.focus())
}

/// A code view in a few lines: method, branches taken, live values.
pub fn code_lines(v: &CodeView, lang: Lang) -> Vec<String> {
    let who = v.subject.as_deref().map(|s| format!(" [{s}]")).unwrap_or_default();
    let vars: Vec<String> = v.vars.iter().map(|x| format!("{} = {}", x.name, x.value)).collect();
    vec![
        format!("{}{who}", v.hadoop),
        format!("  {}", k::branches_taken.fill(lang, &[&v.taken.join(t(lang, k::list_sep))])),
        format!("  {}", vars.join("; ")),
    ]
}
