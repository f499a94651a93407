//! A small strict reader over `serde_json::Value` that collects every problem with its JSON
//! path, what was found and what was expected, and reports unknown field names.

use super::ScenarioError;
use serde_json::{Map, Value};

/// Describe a JSON value briefly for an error message.
pub fn found(v: &Value) -> String {
    match v {
        Value::Null => "null".into(),
        Value::Bool(b) => b.to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(s) => {
            let short: String = s.chars().take(40).collect();
            if short.len() < s.len() { format!("{short:?}…") } else { format!("{short:?}") }
        }
        Value::Array(a) => format!("an array of {}", a.len()),
        Value::Object(_) => "an object".into(),
    }
}

/// Collected errors (`.0`) and warnings (`.1`: accepted, as Hadoop accepts them, but worth
/// saying, e.g. a property given twice).
#[derive(Default, Debug)]
pub struct Errs(pub Vec<ScenarioError>, pub Vec<ScenarioError>);

impl Errs {
    pub fn push(&mut self, path: &str, message: impl Into<String>) {
        if self.0.len() < 200 {
            let message: String = message.into();
            let message = match shorten(&message, MAX_MESSAGE_CHARS) {
                std::borrow::Cow::Borrowed(_) => message,
                std::borrow::Cow::Owned(s) => s,
            };
            let path = shorten(path, MAX_MESSAGE_CHARS).into_owned();
            self.0.push(ScenarioError { path, message });
        }
    }
    /// A warning: the input is accepted, but something in it was probably not meant.
    pub fn warn(&mut self, path: &str, message: impl Into<String>) {
        if self.1.len() < 200 {
            let message: String = message.into();
            let message = shorten(&message, MAX_MESSAGE_CHARS).into_owned();
            self.1.push(ScenarioError { path: shorten(path, MAX_MESSAGE_CHARS).into_owned(), message });
        }
    }
    /// No more errors are kept (200): a reader may stop looking.
    pub fn full(&self) -> bool {
        self.0.len() >= 200
    }
    pub fn expected(&mut self, path: &str, v: &Value, what: &str) {
        self.push(path, format!("found {}, expected {what}", found(v)));
    }
}

/// Levenshtein distance, for "did you mean".
fn distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = if ca == *cb { 0 } else { 1 };
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// The closest known name, if close enough to be a likely typo.
pub fn suggest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    // The distance is at least the difference in length: names far longer than every known one
    // (a hostile 1 MB key) are not compared character by character.
    let n = name.chars().count();
    known
        .into_iter()
        .filter(|k| n.abs_diff(k.chars().count()) <= (k.len() / 3).max(2))
        .map(|k| (distance(name, k), k))
        .filter(|(d, k)| *d <= (k.len() / 3).max(2))
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// The longest key a path shows in full; a longer one (a hostile 1 MB key) is cut, with an
/// ellipsis, so a message never echoes it whole.
pub const MAX_KEY_SHOWN: usize = 64;
/// The longest message kept; anything longer is cut with an ellipsis.
pub const MAX_MESSAGE_CHARS: usize = 4096;

/// `s` cut to at most `max` characters, with `…` when it was longer.
pub fn shorten(s: &str, max: usize) -> std::borrow::Cow<'_, str> {
    match s.char_indices().nth(max) {
        None => std::borrow::Cow::Borrowed(s),
        Some((at, _)) => std::borrow::Cow::Owned(format!("{}…", &s[..at])),
    }
}

pub fn child(path: &str, key: &str) -> String {
    if key.chars().count() > MAX_KEY_SHOWN {
        let short: String = key.chars().take(MAX_KEY_SHOWN).collect();
        format!("{path}[{short:?}…]")
    } else if key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        format!("{path}.{key}")
    } else {
        format!("{path}[{key:?}]")
    }
}

pub fn index(path: &str, i: usize) -> String {
    format!("{path}[{i}]")
}

/// A JSON object being read field by field.
pub struct Obj<'a> {
    pub map: &'a Map<String, Value>,
    pub path: String,
    known: Vec<&'static str>,
    /// Fields asked for whose value is `null`: refused by `finish` (leaving a field out is how
    /// to ask for its default).
    nulls: Vec<&'static str>,
}

impl<'a> Obj<'a> {
    pub fn new(v: &'a Value, path: &str, errs: &mut Errs) -> Option<Obj<'a>> {
        match v {
            Value::Object(map) => Some(Obj { map, path: path.to_string(), known: Vec::new(), nulls: Vec::new() }),
            _ => {
                errs.expected(path, v, "an object");
                None
            }
        }
    }

    pub fn path_of(&self, key: &str) -> String {
        child(&self.path, key)
    }

    /// Mark `key` as known and return its value, if present and not null. A `null` is
    /// refused by `finish`.
    pub fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.known.push(key);
        let v = self.map.get(key);
        if v.is_some_and(Value::is_null) {
            self.nulls.push(key);
        }
        v.filter(|v| !v.is_null())
    }

    /// Mark `key` as known and return its value as given, `null` included (for fields where
    /// `null` means something, such as "no job" in a check).
    pub fn allow(&mut self, key: &'static str) -> Option<&'a Value> {
        self.known.push(key);
        self.map.get(key)
    }

    pub fn has(&self, key: &str) -> bool {
        self.map.contains_key(key)
    }

    pub fn str(&mut self, key: &'static str, errs: &mut Errs) -> Option<&'a str> {
        let path = self.path_of(key);
        match self.get(key)? {
            Value::String(s) => Some(s),
            v => {
                errs.expected(&path, v, "a string");
                None
            }
        }
    }

    pub fn u64_in(&mut self, key: &'static str, lo: u64, hi: u64, errs: &mut Errs) -> Option<u64> {
        let path = self.path_of(key);
        let v = self.get(key)?;
        as_u64_in(v, &path, lo, hi, errs)
    }

    pub fn i64_in(&mut self, key: &'static str, lo: i64, hi: i64, errs: &mut Errs) -> Option<i64> {
        let path = self.path_of(key);
        let v = self.get(key)?;
        as_i64_in(v, &path, lo, hi, errs)
    }

    pub fn f64_in(&mut self, key: &'static str, lo: f64, hi: f64, errs: &mut Errs) -> Option<f64> {
        let path = self.path_of(key);
        let v = self.get(key)?;
        as_f64_in(v, &path, lo, hi, errs)
    }

    pub fn bool(&mut self, key: &'static str, errs: &mut Errs) -> Option<bool> {
        let path = self.path_of(key);
        let v = self.get(key)?;
        as_bool(v, &path, errs)
    }

    /// Report fields that were never asked for, and fields given as `null`.
    pub fn finish(self, errs: &mut Errs) {
        for key in &self.nulls {
            errs.push(&child(&self.path, key), "found null, expected a value (leave the field out to get its default)");
        }
        for key in self.map.keys() {
            if !self.known.iter().any(|k| k == key) {
                let hint = match suggest(key, self.known.iter().copied()) {
                    Some(s) => format!("; did you mean {s:?}?"),
                    None => format!("; known fields: {}", self.known.join(", ")),
                };
                errs.push(&child(&self.path, key), format!("unknown field{hint}"));
            }
        }
    }
}

/// A required field: `x` as read, and if the field is not there at all, "missing; expected
/// {what}" at its path (a field given but wrong has been reported by its reader).
pub fn need<T>(x: Option<T>, o: &Obj, key: &str, what: &str, errs: &mut Errs) -> Option<T> {
    if x.is_none() && !o.has(key) {
        errs.push(&o.path_of(key), format!("missing; expected {what}"));
    }
    x
}

/// Numbers may be JSON numbers or numeric strings (as Hadoop XML values are).
fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse::<f64>().ok().filter(|f| f.is_finite()),
        _ => None,
    }
}

/// A whole number (JSON integer or numeric string) within `lo..=hi`.
fn as_int_in(v: &Value, path: &str, lo: i128, hi: i128, errs: &mut Errs) -> Option<i128> {
    let n: Option<i128> = match v {
        Value::Number(n) => n.as_i64().map(i128::from).or_else(|| n.as_u64().map(i128::from)),
        Value::String(s) => s.trim().parse::<i128>().ok(),
        _ => None,
    };
    match n {
        Some(n) if n >= lo && n <= hi => Some(n),
        _ => {
            errs.expected(path, v, &format!("a whole number from {lo} to {hi}"));
            None
        }
    }
}

pub fn as_u64_in(v: &Value, path: &str, lo: u64, hi: u64, errs: &mut Errs) -> Option<u64> {
    as_int_in(v, path, lo.into(), hi.into(), errs).map(|n| n as u64)
}

pub fn as_i64_in(v: &Value, path: &str, lo: i64, hi: i64, errs: &mut Errs) -> Option<i64> {
    as_int_in(v, path, lo.into(), hi.into(), errs).map(|n| n as i64)
}

pub fn as_f64_in(v: &Value, path: &str, lo: f64, hi: f64, errs: &mut Errs) -> Option<f64> {
    match number(v) {
        Some(n) if n >= lo && n <= hi => Some(n),
        _ => {
            errs.expected(path, v, &format!("a number from {lo} to {hi}"));
            None
        }
    }
}

pub fn as_bool(v: &Value, path: &str, errs: &mut Errs) -> Option<bool> {
    match v {
        Value::Bool(b) => Some(*b),
        Value::String(s) if s == "true" => Some(true),
        Value::String(s) if s == "false" => Some(false),
        _ => {
            errs.expected(path, v, "true or false");
            None
        }
    }
}

pub fn as_str<'a>(v: &'a Value, path: &str, errs: &mut Errs) -> Option<&'a str> {
    match v {
        Value::String(s) => Some(s),
        _ => {
            errs.expected(path, v, "a string");
            None
        }
    }
}

pub fn as_array<'a>(v: &'a Value, path: &str, max: usize, errs: &mut Errs) -> Option<&'a Vec<Value>> {
    match v {
        Value::Array(a) if a.len() <= max => Some(a),
        Value::Array(a) => {
            errs.push(path, format!("found an array of {}, expected at most {max} items", a.len()));
            None
        }
        _ => {
            errs.expected(path, v, "an array");
            None
        }
    }
}
