//! Numbers in lesson text come from the run (`docs/lesson-format.md`, "Placeholders"): a step's
//! text, question and choices write every number of the run or of the configuration as a
//! placeholder — `{fair.waited J1|s}`, `{cap.limit J1}`, `{$.fair.properties.node_locality_delay}`
//! — read when the lesson is read (unknown names, jobs, queues, pools, paths are errors with
//! their JSON path) and filled from the run at the step's heartbeat (`lesson::resolve`, the
//! same `Ctx` its claims are checked on). Filling happens on the Simplified Chinese text; the
//! page converts the filled text to Traditional as it shows it.

mod config;
mod names;
mod sched;
mod spark;
mod values;

use super::event::Ctx;
use crate::i18n::Lang;
use crate::input::json::Errs;
use serde_json::Value;

pub use names::{Arg, NAMES, Name};

/// What a placeholder's arguments and paths are checked against when a lesson is read.
#[derive(Debug, Default)]
pub struct Known {
    /// The scenario as written (configuration references are paths into it).
    pub scenario: Option<Value>,
    /// Job ids the scenario submits; `None`: generated at run time, any id is accepted here.
    pub jobs: Option<Vec<u32>>,
    /// Queue and pool names (jobs' queues, Capacity queues, Fair allocation pools).
    pub groups: Vec<String>,
    pub users: Vec<String>,
    pub trackers: Vec<String>,
    /// The lesson's whole-run experiments: variants, and each sweep's delays.
    pub variants: usize,
    pub sweeps: Vec<Vec<i64>>,
}

/// One placeholder as written: a run value (`name` and its arguments) or a configuration path.
#[derive(Debug, Clone, PartialEq)]
pub struct Placeholder {
    pub name: String,
    pub args: Vec<String>,
    pub format: Format,
}

/// How a number is written: `|s` milliseconds as seconds, `|%` a fraction as a percentage,
/// `.N` that many decimals (default: at most 2, trailing zeros dropped).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Format {
    pub unit: Unit,
    pub decimals: Option<u8>,
}

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub enum Unit {
    #[default]
    Plain,
    Seconds,
    Percent,
}

/// A value of the run: a number, or a word in both languages (a locality level, a verdict).
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    Num(f64),
    Word(&'static str, &'static str),
    Name(String),
}

/// A text cut into literal pieces and placeholders.
#[derive(Debug, Clone, PartialEq)]
pub enum Piece<'a> {
    Lit(&'a str),
    Hole(&'a str),
}

/// Split a text at its placeholders (`{...}`); an unclosed or empty brace is an error.
pub fn pieces(s: &str) -> Result<Vec<Piece<'_>>, String> {
    let mut out = Vec::new();
    let mut rest = s;
    while let Some(open) = rest.find(['{', '}']) {
        if rest[open..].starts_with('}') {
            return Err(format!("found a '}}' with no '{{' before it, at {:?}", clip(&rest[open..])));
        }
        if open > 0 {
            out.push(Piece::Lit(&rest[..open]));
        }
        let after = &rest[open + 1..];
        let close = after.find(['}', '{']).filter(|&c| after[c..].starts_with('}')).ok_or_else(|| {
            format!("found an unclosed placeholder at {:?}, expected {{name args|format}}", clip(&rest[open..]))
        })?;
        out.push(Piece::Hole(&after[..close]));
        rest = &after[close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Lit(rest));
    }
    Ok(out)
}

fn clip(s: &str) -> String {
    s.chars().take(24).collect()
}

/// Read one placeholder's inside: `name arg arg|format` or `$.path|format`.
pub fn parse_hole(h: &str) -> Result<Placeholder, String> {
    let (body, fmt) = match h.split_once('|') {
        Some((b, f)) => (b, Some(f.trim())),
        None => (h, None),
    };
    let mut words = body.split_whitespace();
    let name = words.next().ok_or_else(|| "found an empty placeholder {}, expected {name args|format}".to_string())?;
    let format = match fmt {
        None => Format::default(),
        Some(f) => parse_format(f)?,
    };
    Ok(Placeholder { name: name.to_string(), args: words.map(str::to_string).collect(), format })
}

fn parse_format(f: &str) -> Result<Format, String> {
    let (unit, rest) = match f.chars().next() {
        Some('s') => (Unit::Seconds, &f[1..]),
        Some('%') => (Unit::Percent, &f[1..]),
        _ => (Unit::Plain, f),
    };
    let decimals = match rest {
        "" => None,
        r => Some(
            r.strip_prefix('.')
                .and_then(|d| d.parse::<u8>().ok())
                .filter(|&d| d <= 4)
                .ok_or_else(|| format!("found format {f:?}, expected s, %, .N (N decimals, 0 to 4) or s.N / %.N"))?,
        ),
    };
    Ok(Format { unit, decimals })
}

/// Check every placeholder of a text against what the lesson has (`path`: the text's path).
pub fn check(s: &str, path: &str, known: &Known, errs: &mut Errs) {
    let list = match pieces(s) {
        Ok(l) => l,
        Err(e) => return errs.push(path, e),
    };
    for hole in list.iter().filter_map(|p| match p {
        Piece::Hole(h) => Some(*h),
        Piece::Lit(_) => None,
    }) {
        let res = parse_hole(hole).and_then(|p| {
            if p.name.starts_with('$') {
                config::check(&p.name, known.scenario.as_ref())
            } else {
                names::check(&p, known)
            }
        });
        if let Err(e) = res {
            errs.push(path, format!("placeholder {{{hole}}}: {e}"));
        }
    }
}

/// Check a text shown before the run (a lesson's title and summary): configuration references
/// only, since no heartbeat has run.
pub fn check_config_only(s: &str, path: &str, known: &Known, errs: &mut Errs) {
    check(s, path, known, errs);
    for hole in pieces(s).unwrap_or_default().into_iter().filter_map(|p| match p {
        Piece::Hole(h) => Some(h),
        Piece::Lit(_) => None,
    }) {
        if !hole.trim_start().starts_with('$') {
            errs.push(
                path,
                format!(
                    "placeholder {{{hole}}}: shown before the run, so expected a configuration reference {{$.path}}"
                ),
            );
        }
    }
}

/// A text shown before the run with its configuration references filled.
pub fn fill_config(s: &str, lang: Lang, scenario: &Value) -> String {
    let Ok(list) = pieces(s) else { return s.to_string() };
    list.into_iter()
        .map(|p| match p {
            Piece::Lit(t) => t.to_string(),
            Piece::Hole(h) => parse_hole(h)
                .and_then(|p| config::value(&p.name, scenario).map(|v| write(&v, p.format, lang)))
                .unwrap_or_else(|_| "?".into()),
        })
        .collect()
}

/// What filling reads: the run at the step's heartbeat, the scenario as written, the lesson's
/// experiments.
pub struct Source<'a> {
    pub ctx: &'a Ctx<'a>,
    pub scenario: &'a Value,
    pub runs: &'a super::runs::RunsRef,
}

/// The text with every placeholder filled in `lang`, and a message for each that has no value
/// here (written `?` in the text).
pub fn fill(s: &str, lang: Lang, src: &Source) -> (String, Vec<String>) {
    let mut out = String::with_capacity(s.len());
    let mut missing = Vec::new();
    let list = match pieces(s) {
        Ok(l) => l,
        Err(e) => return (s.to_string(), vec![e]),
    };
    for p in list {
        match p {
            Piece::Lit(t) => out.push_str(t),
            Piece::Hole(h) => match parse_hole(h).and_then(|p| value(&p, src).map(|v| (p.format, v))) {
                Ok((f, v)) => out.push_str(&write(&v, f, lang)),
                Err(e) => {
                    out.push('?');
                    missing.push(format!("placeholder {{{h}}}: {e}"));
                }
            },
        }
    }
    (out, missing)
}

fn value(p: &Placeholder, src: &Source) -> Result<Val, String> {
    if p.name.starts_with('$') { config::value(&p.name, src.scenario) } else { values::value(p, src) }
}

/// The text with every placeholder replaced by `mark`: what is left is written by hand (the
/// lesson test looks for numbers in it).
pub fn skeleton(s: &str, mark: &str) -> String {
    match pieces(s) {
        Ok(l) => l
            .into_iter()
            .map(|p| match p {
                Piece::Lit(t) => t,
                Piece::Hole(_) => mark,
            })
            .collect(),
        Err(_) => s.to_string(),
    }
}

/// A value as the text shows it.
pub fn write(v: &Val, f: Format, lang: Lang) -> String {
    match v {
        Val::Word(en, zh) => match lang {
            Lang::En => en.to_string(),
            Lang::Zh => zh.to_string(),
        },
        Val::Name(n) => n.clone(),
        Val::Num(x) => {
            let x = match f.unit {
                Unit::Plain => *x,
                Unit::Seconds => x / 1000.0,
                Unit::Percent => x * 100.0,
            };
            number(x, f.decimals)
        }
    }
}

/// `decimals` fixed, else at most 2 with trailing zeros dropped; a minus sign as `−`.
fn number(x: f64, decimals: Option<u8>) -> String {
    let s = match decimals {
        Some(d) => format!("{x:.*}", d as usize),
        None => {
            let s = format!("{x:.2}");
            let s = if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s };
            if s == "-0" { "0".to_string() } else { s }
        }
    };
    match s.strip_prefix('-') {
        Some(r) => format!("−{r}"),
        None => s,
    }
}

#[cfg(test)]
mod tests;
