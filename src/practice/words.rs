//! Questions, answers, grades and explanations in words (English and Chinese). The
//! explanation of a question is the engine's decision record of the heartbeat in words
//! (`explain::text`) and its code path with live values (`explain::code`).

use super::answer::{Answer, Form, Grade, Mistake};
use super::situation::Question;
use crate::explain::code::{self, CodeView};
use crate::explain::text;
use crate::i18n::Lang;

/// The question's lines: what the student is told, then the question.
pub fn prompt(q: &Question, lang: Lang) -> Vec<String> {
    q.prompt.iter().map(|b| b.pick(lang).to_string()).collect()
}

/// How the student answers, in one line.
pub fn form_hint(form: &Form, lang: Lang) -> String {
    match form {
        Form::Choose { .. } => lang.pick("Choose one.", "选择一项。").into(),
        Form::Order { .. } => lang.pick("Put them in order, first first.", "按顺序排列，先到先排。").into(),
        Form::Number { decimals: 0, .. } => lang.pick("Enter a whole number.", "输入一个整数。").into(),
        Form::Number { decimals, .. } => match lang {
            Lang::En => format!("Enter a number ({decimals} decimals)."),
            Lang::Zh => format!("输入一个数（保留 {decimals} 位小数）。"),
        },
        Form::Pick { ordered: true, .. } => {
            lang.pick("Pick them in order (none, if nothing).", "按顺序选出（没有则不选）。").into()
        }
        Form::Pick { .. } => {
            lang.pick("Pick all that apply (none, if nothing).", "选出所有符合的（没有则不选）。").into()
        }
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
    let sep = lang.pick(", ", "，");
    match a {
        Answer::Choice(i) => item(form, *i, lang),
        Answer::Order(v) => v.iter().map(|i| item(form, *i, lang)).collect::<Vec<_>>().join(" → "),
        Answer::Number(x) => number(form, *x),
        Answer::Picks(v) if v.is_empty() => lang.pick("nothing", "无").into(),
        Answer::Picks(v) => v.iter().map(|i| item(form, *i, lang)).collect::<Vec<_>>().join(sep),
    }
}

/// One mistake in words.
pub fn mistake(form: &Form, m: &Mistake, lang: Lang) -> String {
    let it = |i: &usize| item(form, *i, lang);
    match (m, lang) {
        (Mistake::Unanswered, l) => l.pick("No answer was given.", "没有作答。").into(),
        (Mistake::Choice { given, expected }, Lang::En) => {
            format!("You chose “{}”; the scheduler's answer is “{}”.", it(given), it(expected))
        }
        (Mistake::Choice { given, expected }, Lang::Zh) => {
            format!("你选择了“{}”；调度器的结果是“{}”。", it(given), it(expected))
        }
        (Mistake::Position { at, given, expected }, Lang::En) => {
            format!("Position {}: you put {}, the scheduler has {} there.", at + 1, it(given), it(expected))
        }
        (Mistake::Position { at, given, expected }, Lang::Zh) => {
            format!("第 {} 位：你排的是 {}，调度器排的是 {}。", at + 1, it(given), it(expected))
        }
        (Mistake::Number { given, expected }, Lang::En) => {
            format!("You entered {}; the scheduler's value is {}.", number(form, *given), number(form, *expected))
        }
        (Mistake::Number { given, expected }, Lang::Zh) => {
            format!("你填写的是 {}；调度器的值是 {}。", number(form, *given), number(form, *expected))
        }
        (Mistake::Count { given, expected }, Lang::En) => {
            format!("You picked {given}; the scheduler gave {expected}.")
        }
        (Mistake::Count { given, expected }, Lang::Zh) => format!("你选了 {given} 个；调度器给出的是 {expected} 个。"),
        (Mistake::PickAt { at, given, expected }, Lang::En) => {
            format!("Pick {}: you chose {}, the scheduler gave {}.", at + 1, it(given), it(expected))
        }
        (Mistake::PickAt { at, given, expected }, Lang::Zh) => {
            format!("第 {} 个：你选的是 {}，调度器给出的是 {}。", at + 1, it(given), it(expected))
        }
        (Mistake::Extra { item }, Lang::En) => format!("{} is not in the scheduler's answer.", it(item)),
        (Mistake::Extra { item }, Lang::Zh) => format!("{} 不在调度器的结果中。", it(item)),
        (Mistake::Missing { item }, Lang::En) => format!("You left out {}.", it(item)),
        (Mistake::Missing { item }, Lang::Zh) => format!("你漏掉了 {}。", it(item)),
    }
}

/// The verdict in words: right or wrong, then every mistake.
pub fn grade(form: &Form, g: &Grade, lang: Lang) -> Vec<String> {
    let mut out =
        vec![if g.correct { lang.pick("Right.", "正确。") } else { lang.pick("Wrong.", "错误。") }.to_string()];
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
        match lang {
            Lang::En => format!("  branches taken: {}", v.taken.join(", ")),
            Lang::Zh => format!("  执行的分支：{}", v.taken.join("，")),
        },
        format!("  {}", vars.join("; ")),
    ]
}
