//! `schedscope practice`: a set of generated questions with their answers (the teacher's answer
//! key: each question, the answer the engine gave, the decision record in words and the code
//! path), and `--verify CODE` for a student's result code.

use crate::cli::PracticeArgs;
use schedscope::i18n::{Lang, Locale, k, t};
use schedscope::practice::answer::Form;
use schedscope::practice::{Answer, Question, SetSpec, concept_title, result, words};
use std::fmt::Write as _;
use std::process::ExitCode;

fn form_lines(form: &Form, lang: Lang) -> Vec<String> {
    let list = |n: usize| (0..n).map(|i| format!("    {}) {}", i + 1, words::item(form, i, lang))).collect::<Vec<_>>();
    let mut out = vec![format!("  {}", words::form_hint(form, lang))];
    match form {
        Form::Choose { options } => out.extend(list(options.len())),
        Form::Order { items } => out.extend(list(items.len())),
        Form::Pick { candidates, .. } => out.extend(list(candidates.len())),
        Form::Number { .. } => {}
    }
    out
}

fn print_question(out: &mut String, n: usize, q: &Question, lang: Lang) {
    let title = concept_title(q.concept);
    let difficulty = match lang {
        Lang::En => q.difficulty.as_str().to_string(),
        Lang::Zh => q.difficulty.title().zh.to_string(),
    };
    // A Spark scenario's records are offer rounds, not heartbeats.
    let spark = q.concept.starts_with("spark.");
    let head = (if spark { k::cli_question_round } else { k::cli_question }).fill(
        lang,
        &[&n.to_string(), title.pick(lang), q.concept, q.kind, &difficulty, &(q.hb - 1).to_string(), &q.hb.to_string()],
    );
    _ = writeln!(out, "\n{head}");
    for l in words::prompt(q, lang) {
        let _ = writeln!(out, "  {l}");
    }
    for l in form_lines(&q.form, lang) {
        let _ = writeln!(out, "{l}");
    }
    let _ = writeln!(out, "  {} {}", t(lang, k::cli_answer), words::answer(&q.form, &q.expected, lang));
    let _ = writeln!(out, "  {}", t(lang, if spark { k::cli_why_round } else { k::cli_why }));
    for l in words::explanation(q, lang) {
        let _ = writeln!(out, "    {l}");
    }
    let _ = writeln!(out, "  {}", t(lang, k::cli_code_path));
    for v in words::code_path(q) {
        for l in words::code_lines(&v, lang) {
            let _ = writeln!(out, "    {l}");
        }
    }
    let _ = writeln!(out, "  {} {}", t(lang, k::cli_scenario), q.scenario);
}

fn answer_key(spec: &SetSpec, json: bool, locale: Locale) -> ExitCode {
    let lang = locale.lang();
    let mut out = String::new();
    let questions = spec.questions();
    if json {
        let items: Vec<serde_json::Value> = questions
            .iter()
            .map(|q| {
                let mut v = serde_json::to_value(q).unwrap_or_default();
                v["answer_text"] = serde_json::json!(words::answer(&q.form, &q.expected, lang));
                v["explanation"] = serde_json::json!(words::explanation(q, lang));
                v["code_path"] = serde_json::to_value(words::code_path(q)).unwrap_or_default();
                v
            })
            .collect();
        let v = serde_json::json!({"link": format!("#{}", spec.link()), "questions": items});
        println!("{}", serde_json::to_string_pretty(&v).unwrap_or_default());
        return ExitCode::SUCCESS;
    }
    _ = writeln!(out, "{}", k::cli_answer_key.fill(lang, &[&spec.link(), &questions.len().to_string()]));
    for (i, q) in questions.iter().enumerate() {
        print_question(&mut out, i + 1, q, lang);
    }
    print!("{}", locale.text(out));
    ExitCode::SUCCESS
}

fn verify(code: &str, locale: Locale) -> ExitCode {
    let lang = locale.lang();
    let mut out = String::new();
    let result::Decoded { spec, questions, answers } = match result::decode(code) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("{}", locale.text(e.message(lang)));
            return ExitCode::FAILURE;
        }
    };
    _ = writeln!(out, "{}", k::cli_result_code.fill(lang, &[&spec.link(), &questions.len().to_string()]));
    for (i, (q, a)) in questions.iter().zip(&answers).enumerate() {
        let g = schedscope::practice::answer::grade(&q.form, &q.expected, a.as_ref());
        let given = a.as_ref().map(|a: &Answer| words::answer(&q.form, a, lang));
        let mark = t(lang, if g.correct { k::cli_right } else { k::cli_wrong });
        let _ = writeln!(
            out,
            "{:>3}. [{mark}] {}: {} {} | {} {}",
            i + 1,
            concept_title(q.concept).pick(lang),
            t(lang, k::cli_answered),
            given.unwrap_or_else(|| t(lang, k::cli_no_answer).into()),
            t(lang, k::cli_expected),
            words::answer(&q.form, &q.expected, lang)
        );
    }
    let (scores, right) = result::score(&questions, &answers);
    for l in result::score_lines(&scores, right, questions.len() as u32, lang) {
        let _ = writeln!(out, "{l}");
    }
    print!("{}", locale.text(out));
    ExitCode::SUCCESS
}

pub fn practice(a: PracticeArgs) -> ExitCode {
    if let Some(code) = &a.verify {
        return verify(code, a.lang);
    }
    let spec = match a.link {
        Some(s) => s,
        None => {
            let list = a.concepts.join(",");
            match schedscope::practice::set::parse_concepts(&list) {
                Ok(concepts) => SetSpec { concepts, difficulty: a.difficulty.into(), seed: a.seed, count: a.count },
                Err(e) => {
                    eprintln!("error: --concepts: {}", a.lang.text(e.message(a.lang.lang())));
                    return ExitCode::from(2);
                }
            }
        }
    };
    answer_key(&spec, a.json, a.lang)
}
