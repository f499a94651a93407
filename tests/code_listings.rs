//! The code listings in both languages: every line has a Chinese rendering whose prose is
//! Chinese (no English words left but identifiers and a short list of kept terms), whose code
//! is the English line's code, and whose live values (`explain::code::live`) are the English
//! line's (on every heartbeat of every built-in scenario: `tests/lessons.rs`, with the other
//! whole-run checks of the code view).

use schedscope::explain::code::{self, Var};
use schedscope::explain::code_listings::CAP_SLOTS_TO_JOB;
use schedscope::i18n::Lang;

/// Lower-case words that stay English in the Chinese listing: pseudo-code keywords and
/// operators (first line), the listings' lower-case variables (next two), and Hadoop's task
/// types.
const KEPT: &str = "if else for in return switch case default break loop or and true false null none int min max \
    job t n q type task tracker pool pools level info now user occupied capacity padding limit running weight used \
    reduces assignmultiple \
    map reduce";

fn kept(w: &str) -> bool {
    KEPT.split_whitespace().any(|k| k == w)
}

/// The ASCII words of a line with whether each is an identifier: a run of letters, digits and
/// `_` is one when it has an upper-case letter, a digit or `_` (`availableMapSlots`, `NODE`,
/// `q1`), when it is part of a field access or a call (`infos.get(`, `pool's` is not), or when
/// it is a kept term.
fn words(line: &str) -> Vec<(String, bool)> {
    let chars: Vec<char> = line.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !(chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
            i += 1;
        }
        let w: String = chars[start..i].iter().collect();
        let before = start.checked_sub(1).map(|j| chars[j]);
        let after = chars.get(i).copied();
        let ident = w.chars().any(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '_')
            || before == Some('.')
            || matches!(after, Some('.' | '(' | '['))
            || kept(&w);
        out.push((w, ident));
    }
    out
}

fn has_cjk(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn every_line_has_both_languages_and_the_chinese_prose_is_chinese() {
    let mut bad = Vec::new();
    for m in code::METHODS {
        for (i, line) in m.lines.iter().enumerate() {
            let at = format!("{} line {i}: {:?} / {:?}", m.id, line.text, line.zh);
            assert!(!line.text.trim().is_empty() && !line.zh.trim().is_empty(), "{at}");
            assert_eq!(line.text_in(Lang::En), line.text);
            assert_eq!(line.text_in(Lang::Zh), line.zh);
            let prose: Vec<String> = words(line.text).into_iter().filter(|(_, id)| !id).map(|(w, _)| w).collect();
            if !prose.is_empty() && !has_cjk(line.zh) {
                bad.push(format!("{at}: English prose {prose:?} needs a Chinese rendering"));
            }
            let left: Vec<String> = words(line.zh).into_iter().filter(|(_, id)| !id).map(|(w, _)| w).collect();
            if !left.is_empty() {
                bad.push(format!("{at}: English words left in the Chinese line: {left:?}"));
            }
            // Every identifier of the English line is in the Chinese one.
            for (w, _) in words(line.text).into_iter().filter(|(w, id)| *id && !kept(w)) {
                if !words(line.zh).iter().any(|(z, _)| *z == w) {
                    bad.push(format!("{at}: {w} is missing in Chinese"));
                }
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

fn var(name: &str, value: &str) -> Var {
    Var { name: name.into(), value: value.into() }
}

#[test]
fn live_replaces_whole_identifiers_once() {
    let vars = [var("n", "2"), var("occupiedByUser[user]", "4"), var("user", "alice"), var("limit", "6")];
    let line = CAP_SLOTS_TO_JOB.lines[2];
    assert_eq!(code::live(line.text, &vars).as_deref(), Some("!assignSlotsToQueue(type, 2)"));
    let line = CAP_SLOTS_TO_JOB.lines[8];
    assert_eq!(code::live(line.zh, &vars).as_deref(), Some("4 + 2 > 6"));
    // `= value` for an assignment whose variable is known.
    assert_eq!(code::live(CAP_SLOTS_TO_JOB.lines[1].zh, &vars).as_deref(), Some("= 2"));
    // A field of another object is not the variable, and a value is never rewritten.
    assert_eq!(code::live("if job.n > n: x", &[var("n", "n1")]).as_deref(), Some("job.n > n1"));
    assert_eq!(code::live("if prose only: x", &vars), None);
}
