//! The end of a set: the per-concept score, a CSV of the answers, and the result code a
//! student hands in.
//!
//! The result code carries the set (version, difficulty, count, seed, concepts) and the
//! student's answers themselves, bit-packed per answer form, in Crockford base32 (no I, L, O,
//! U; case and `-` ignored; O read as 0, I and L as 1) with a CRC-16 at the end, grouped by four
//! characters. `schedscope practice --verify CODE` regenerates the set from the code, grades the
//! answers again and prints the score: a code states answers, not a score, so a better score
//! needs better answers. Any typo (one wrong, missing or swapped character) fails the
//! checksum. Without a server there is no secret, so a code is not proof of who answered.
//! Version 1 codes carry the concepts as a mask of the 18 Hadoop concepts; version 2 (written
//! since the Spark concept) a mask of every concept. Both are read.

use super::answer::{Answer, Form, grade};
use super::set::{MAX_COUNT, SetSpec};
use super::situation::Question;
use super::{CONCEPTS, Difficulty, concept_title, words};
use crate::i18n::{Lang, k};

/// One concept's score.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct ConceptScore {
    pub concept: &'static str,
    pub right: u32,
    pub total: u32,
}

/// Per-concept scores (in `CONCEPTS` order) and the total right.
pub fn score(questions: &[Question], answers: &[Option<Answer>]) -> (Vec<ConceptScore>, u32) {
    let mut out: Vec<ConceptScore> = Vec::new();
    let mut right = 0;
    for (i, q) in questions.iter().enumerate() {
        let ok = grade(&q.form, &q.expected, answers.get(i).and_then(|a| a.as_ref())).correct;
        right += u32::from(ok);
        match out.iter_mut().find(|c| c.concept == q.concept) {
            Some(c) => {
                c.total += 1;
                c.right += u32::from(ok);
            }
            None => out.push(ConceptScore { concept: q.concept, right: u32::from(ok), total: 1 }),
        }
    }
    crate::sort::sort_by_key(&mut out, |c| CONCEPTS.iter().position(|x| x.0 == c.concept));
    (out, right)
}

pub const CSV_HEADER: &str = "question,concept,kind,difficulty,heartbeat,tracker,question_text,answer,expected,correct";

/// The answers as CSV, one row per question.
pub fn csv(questions: &[Question], answers: &[Option<Answer>], lang: Lang) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for (i, q) in questions.iter().enumerate() {
        let given = answers.get(i).and_then(|a| a.as_ref());
        let ok = grade(&q.form, &q.expected, given).correct;
        let row = [
            (i + 1).to_string(),
            q.concept.to_string(),
            q.kind.to_string(),
            q.difficulty.as_str().to_string(),
            q.hb.to_string(),
            q.tracker.clone(),
            q.prompt.last().map(|b| b.pick(lang).to_string()).unwrap_or_default(),
            given.map(|a| words::answer(&q.form, a, lang)).unwrap_or_default(),
            words::answer(&q.form, &q.expected, lang),
            ok.to_string(),
        ];
        out.push_str(&row.iter().map(|c| crate::export::csv_field(c)).collect::<Vec<_>>().join(","));
        out.push('\n');
    }
    out
}

/// A score in words: one line per concept, then the total.
pub fn score_lines(scores: &[ConceptScore], right: u32, total: u32, lang: Lang) -> Vec<String> {
    let mut out: Vec<String> =
        scores.iter().map(|c| format!("{}: {}/{}", concept_title(c.concept).pick(lang), c.right, c.total)).collect();
    out.push(k::score_total.fill(lang, &[&right.to_string(), &total.to_string()]));
    out
}

const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const CODE_VERSION: u64 = 2;
/// The concepts a version 1 code's mask covers (those before Spark's).
const V1_CONCEPTS: u32 = 18;
const CRC: crc::Crc<u16> = crc::Crc::<u16>::new(&crc::CRC_16_IBM_3740);

/// Why a result code was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CodeError {
    /// A character outside the code's alphabet.
    BadCharacter(char),
    TooShort,
    /// The checksum does not match: a typo.
    Checksum,
    UnknownVersion(u64),
    /// The code decodes into no valid set or answers.
    Malformed,
}

impl CodeError {
    /// What is wrong, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            CodeError::BadCharacter(c) => k::result_code_bad_character.fill(lang, &[&format!("{c:?}")]),
            CodeError::TooShort => k::result_code_too_short.pick(lang).into(),
            CodeError::Checksum => k::result_code_checksum.pick(lang).into(),
            CodeError::UnknownVersion(v) => k::result_code_unknown_version.fill(lang, &[&v.to_string()]),
            CodeError::Malformed => k::result_code_malformed.pick(lang).into(),
        }
    }
}

struct Bits(Vec<bool>);

impl Bits {
    fn put(&mut self, v: u64, n: u32) {
        for i in (0..n).rev() {
            self.0.push(v >> i & 1 == 1);
        }
    }
}

struct Reader<'a> {
    bits: &'a [bool],
    at: usize,
}

impl Reader<'_> {
    fn get(&mut self, n: u32) -> Result<u64, CodeError> {
        let mut v = 0;
        for _ in 0..n {
            let b = *self.bits.get(self.at).ok_or(CodeError::Malformed)?;
            v = v << 1 | u64::from(b);
            self.at += 1;
        }
        Ok(v)
    }
}

/// Bits needed for a value in `0..n`.
fn width(n: usize) -> u32 {
    if n <= 1 { 0 } else { usize::BITS - (n - 1).leading_zeros() }
}

fn zigzag(x: i64) -> u64 {
    ((x << 1) ^ (x >> 63)) as u64
}

fn unzigzag(u: u64) -> i64 {
    (u >> 1) as i64 ^ -((u & 1) as i64)
}

fn put_answer(b: &mut Bits, form: &Form, a: Option<&Answer>) {
    let Some(a) = a.filter(|a| form.accepts(a)) else {
        b.put(0, 1);
        return;
    };
    b.put(1, 1);
    match (form, a) {
        (Form::Choose { options }, Answer::Choice(i)) => b.put(*i as u64, width(options.len())),
        (Form::Order { items }, Answer::Order(v)) => {
            // Lehmer code: each item's position among those not placed yet.
            let mut left: Vec<usize> = (0..items.len()).collect();
            for x in v {
                let p = left.iter().position(|y| y == x).unwrap_or(0);
                b.put(p as u64, width(left.len()));
                left.remove(p);
            }
        }
        (Form::Number { decimals, .. }, Answer::Number(x)) => {
            let scaled = (x * 10f64.powi(*decimals as i32)).round().clamp(-1e12, 1e12) as i64;
            let mut u = zigzag(scaled);
            loop {
                let more = u >= 16;
                b.put(u & 15, 4);
                b.put(u64::from(more), 1);
                u >>= 4;
                if !more {
                    break;
                }
            }
        }
        (Form::Pick { candidates, max, .. }, Answer::Picks(v)) => {
            b.put(v.len() as u64, width(max + 1));
            for i in v {
                b.put(*i as u64, width(candidates.len()));
            }
        }
        _ => {}
    }
}

fn get_answer(r: &mut Reader, form: &Form) -> Result<Option<Answer>, CodeError> {
    if r.get(1)? == 0 {
        return Ok(None);
    }
    let a = match form {
        Form::Choose { options } => Answer::Choice(r.get(width(options.len()))? as usize),
        Form::Order { items } => {
            let mut left: Vec<usize> = (0..items.len()).collect();
            let mut v = Vec::new();
            while !left.is_empty() {
                let p = r.get(width(left.len()))? as usize;
                if p >= left.len() {
                    return Err(CodeError::Malformed);
                }
                v.push(left.remove(p));
            }
            Answer::Order(v)
        }
        Form::Number { decimals, .. } => {
            let (mut u, mut shift) = (0u64, 0);
            loop {
                u |= r.get(4)? << shift;
                shift += 4;
                if r.get(1)? == 0 {
                    break;
                }
                if shift > 60 {
                    return Err(CodeError::Malformed);
                }
            }
            Answer::Number(unzigzag(u) as f64 / 10f64.powi(*decimals as i32))
        }
        Form::Pick { candidates, max, .. } => {
            let n = r.get(width(max + 1))? as usize;
            let v = (0..n).map(|_| r.get(width(candidates.len())).map(|x| x as usize)).collect::<Result<_, _>>()?;
            Answer::Picks(v)
        }
    };
    if form.accepts(&a) { Ok(Some(a)) } else { Err(CodeError::Malformed) }
}

/// The result code of a set and its answers (`answers[i]` for question `i`).
pub fn encode(spec: &SetSpec, questions: &[Question], answers: &[Option<Answer>]) -> String {
    encode_as(CODE_VERSION, CONCEPTS.len() as u32, spec, questions, answers)
}

/// `encode` in a given version, whose concept mask is `width` bits.
fn encode_as(version: u64, width: u32, spec: &SetSpec, questions: &[Question], answers: &[Option<Answer>]) -> String {
    let mut b = Bits(Vec::new());
    b.put(version, 3);
    b.put(spec.difficulty as u64, 2);
    b.put(spec.count as u64, 6);
    b.put(spec.seed as u64, 32);
    let mask =
        CONCEPTS.iter().enumerate().filter(|(_, c)| spec.concepts.contains(&c.0)).fold(0u64, |m, (i, _)| m | 1 << i);
    b.put(mask, width);
    for (i, q) in questions.iter().enumerate() {
        put_answer(&mut b, &q.form, answers.get(i).and_then(|a| a.as_ref()));
    }
    while b.0.len() % 5 != 0 {
        b.0.push(false);
    }
    let mut symbols: Vec<u8> = b.0.chunks(5).map(|c| c.iter().fold(0u8, |v, &x| v << 1 | u8::from(x))).collect();
    let crc = CRC.checksum(&symbols) as u64;
    symbols.extend((0..4).map(|k| ((crc << 4) >> (15 - 5 * k) & 31) as u8));
    let text: Vec<char> = symbols.iter().map(|&s| ALPHABET[s as usize] as char).collect();
    text.chunks(4).map(|c| c.iter().collect::<String>()).collect::<Vec<_>>().join("-")
}

/// A decoded result code: the set, its questions (generated again) and the answers.
#[derive(Debug, Clone)]
pub struct Decoded {
    pub spec: SetSpec,
    pub questions: Vec<Question>,
    pub answers: Vec<Option<Answer>>,
}

/// Decode a result code into its set and answers (the set's questions are regenerated).
pub fn decode(code: &str) -> Result<Decoded, CodeError> {
    let mut symbols = Vec::new();
    for c in code.chars().filter(|c| !matches!(c, '-' | ' ' | '\n' | '\t')) {
        let c = match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        };
        let v = ALPHABET.iter().position(|&a| a as char == c).ok_or(CodeError::BadCharacter(c))?;
        symbols.push(v as u8);
    }
    if symbols.len() < 17 {
        return Err(CodeError::TooShort);
    }
    let (payload, check) = symbols.split_at(symbols.len() - 4);
    let got = check.iter().fold(0u64, |v, &s| v << 5 | s as u64);
    if got & 15 != 0 || got >> 4 != CRC.checksum(payload) as u64 {
        return Err(CodeError::Checksum);
    }
    let bits: Vec<bool> = payload.iter().flat_map(|s| (0..5).rev().map(move |i| s >> i & 1 == 1)).collect();
    let mut r = Reader { bits: &bits, at: 0 };
    let version = r.get(3)?;
    let width = match version {
        1 => V1_CONCEPTS,
        CODE_VERSION => CONCEPTS.len() as u32,
        _ => return Err(CodeError::UnknownVersion(version)),
    };
    let difficulty = *Difficulty::ALL.get(r.get(2)? as usize).ok_or(CodeError::Malformed)?;
    let count = r.get(6)? as u32;
    let seed = r.get(32)? as u32;
    let mask = r.get(width)?;
    let concepts: Vec<&'static str> =
        CONCEPTS.iter().enumerate().filter(|(i, _)| mask >> i & 1 == 1).map(|(_, c)| c.0).collect();
    if concepts.is_empty() || !(1..=MAX_COUNT).contains(&count) {
        return Err(CodeError::Malformed);
    }
    let spec = SetSpec { concepts, difficulty, seed, count };
    let questions = spec.questions();
    let answers = questions.iter().map(|q| get_answer(&mut r, &q.form)).collect::<Result<Vec<_>, _>>()?;
    if bits[r.at..].iter().any(|&b| b) || bits.len() - r.at >= 5 {
        return Err(CodeError::Malformed);
    }
    Ok(Decoded { spec, questions, answers })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A version 1 code (written before the Spark concept) still decodes to its set: its mask
    /// covers the 18 Hadoop concepts, so `all` was those 18.
    #[test]
    fn version_1_codes_still_decode() {
        let hadoop: Vec<&'static str> = CONCEPTS[..V1_CONCEPTS as usize].iter().map(|c| c.0).collect();
        let spec = SetSpec { concepts: hadoop.clone(), difficulty: Difficulty::Easy, seed: 9, count: 3 };
        let qs = spec.questions();
        let answers: Vec<Option<Answer>> = qs.iter().map(|q| Some(q.expected.clone())).collect();
        let old = encode_as(1, V1_CONCEPTS, &spec, &qs, &answers);
        let d = decode(&old).expect("a version 1 code decodes");
        assert_eq!((d.spec, d.answers), (spec.clone(), answers.clone()));
        let new = decode(&encode(&spec, &qs, &answers)).expect("a version 2 code decodes");
        assert_eq!(new.spec.concepts, hadoop);
        assert_ne!(encode(&spec, &qs, &answers), old, "the versions differ");
    }
}
