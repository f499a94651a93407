//! Reading JSON text strictly, for scenarios and lessons: a size cap, a UTF-8 byte-order
//! mark accepted, a key given twice in one object refused with its JSON path (plain
//! `serde_json` keeps the last one silently), and control characters refused in every string
//! and key (they would reach a terminal raw and are not allowed in an SVG export).

use super::json::{Errs, child, found, index};
use super::{ScenarioError, ScenarioErrors};
use serde::de::{self, DeserializeSeed, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::cell::RefCell;
use std::fmt;

/// Where a key was given twice: its object's path and the key.
type Duplicate = RefCell<Option<(Vec<Seg>, String)>>;

#[derive(Clone)]
enum Seg {
    Key(String),
    Index(usize),
}

fn render(path: &[Seg]) -> String {
    path.iter().fold("$".to_string(), |p, s| match s {
        Seg::Key(k) => child(&p, k),
        Seg::Index(i) => index(&p, *i),
    })
}

/// Parse JSON `text` of at most `max_bytes` bytes into a value, or the one problem found.
pub fn parse_json(text: &str, max_bytes: usize) -> Result<Value, ScenarioErrors> {
    let one = |path: String, message: String| ScenarioErrors::of(vec![ScenarioError { path, message }]);
    if text.len() > max_bytes {
        return Err(one("$".into(), format!("found {} bytes, expected at most {}", text.len(), size(max_bytes))));
    }
    // A byte-order mark (as Windows editors write) is not part of the JSON.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    unique(serde_json::Deserializer::from_str(text)).map_err(|(dup, e)| match dup {
        Some((path, key)) => one(
            child(&path, &key),
            format!(
                "the key {key:?} appears twice in this object (again at line {}, column {}); expected each key once",
                e.line(),
                e.column()
            ),
        ),
        None if text.trim_start().starts_with('<') => one(
            "line 1, column 1".into(),
            "found XML, expected a JSON scenario (an XML configuration file goes inside one, e.g. \"config\": \
             {\"capacity_scheduler_xml\": \"...\"} or \"fair\": {\"allocations\": \"...\"})"
                .into(),
        ),
        None => one(format!("line {}, column {}", e.line(), e.column()), format!("invalid JSON: {e}")),
    })
}

/// A key given twice: the JSON path of its object (from the document's root) and the key.
pub type Twice = Option<(String, String)>;

/// JSON bytes parsed with each key of an object given once; the error names the key given
/// twice, if that is what stopped the parse (a Rumen job, one document of a trace).
pub fn from_slice_unique(bytes: &[u8]) -> Result<Value, (Twice, serde_json::Error)> {
    unique(serde_json::Deserializer::from_slice(bytes))
}

fn unique<'de, R: serde_json::de::Read<'de>>(
    mut de: serde_json::Deserializer<R>,
) -> Result<Value, (Twice, serde_json::Error)> {
    let dup: Duplicate = RefCell::new(None);
    let res =
        Node { path: &RefCell::new(Vec::new()), dup: &dup }.deserialize(&mut de).and_then(|v| de.end().map(|_| v));
    res.map_err(|e| (dup.into_inner().map(|(path, key)| (render(&path), key)), e))
}

/// A byte count as a reader says it: "64 MiB".
pub fn size(bytes: usize) -> String {
    if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { format!("{} MiB", bytes >> 20) } else { format!("{bytes} bytes") }
}

/// Report every string and key with a control character (tab and line feed are allowed).
pub fn check_control_chars(v: &Value, path: &str, errs: &mut Errs) {
    let bad = |s: &str| s.chars().find(|c| c.is_control() && *c != '\n' && *c != '\t');
    match v {
        Value::String(s) => {
            if let Some(c) = bad(s) {
                errs.push(
                    path,
                    format!("found {}, expected text without control characters (U+{:04X})", found(v), c as u32),
                );
            }
        }
        Value::Array(a) => a.iter().enumerate().for_each(|(i, x)| check_control_chars(x, &index(path, i), errs)),
        Value::Object(m) => {
            for (k, x) in m {
                let p = child(path, k);
                match bad(k) {
                    Some(c) => errs.push(
                        &p,
                        format!("found the key {k:?}, expected a key without control characters (U+{:04X})", c as u32),
                    ),
                    None => check_control_chars(x, &p, errs),
                }
            }
        }
        _ => {}
    }
}

/// A value being read at the path held in `path`.
#[derive(Clone, Copy)]
struct Node<'a> {
    path: &'a RefCell<Vec<Seg>>,
    dup: &'a Duplicate,
}

impl<'de> DeserializeSeed<'de> for Node<'_> {
    type Value = Value;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Node<'_> {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, b: bool) -> Result<Value, E> {
        Ok(Value::Bool(b))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Value, E> {
        Ok(Value::from(n))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(n).map(Value::Number).unwrap_or(Value::Null))
    }
    fn visit_str<E>(self, s: &str) -> Result<Value, E> {
        Ok(Value::String(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Value, E> {
        Ok(Value::String(s))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_none<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut out = Vec::new();
        loop {
            self.path.borrow_mut().push(Seg::Index(out.len()));
            let item = seq.next_element_seed(self);
            self.path.borrow_mut().pop();
            match item? {
                Some(v) => out.push(v),
                None => return Ok(Value::Array(out)),
            }
        }
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                *self.dup.borrow_mut() = Some((self.path.borrow().clone(), key.clone()));
                return Err(de::Error::custom(format!("duplicate key {key:?}")));
            }
            self.path.borrow_mut().push(Seg::Key(key.clone()));
            let v = map.next_value_seed(self);
            self.path.borrow_mut().pop();
            out.insert(key, v?);
        }
        Ok(Value::Object(out))
    }
}
