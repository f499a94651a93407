//! Crossing the boundary: Rust data to plain JavaScript objects and back, arguments checked,
//! errors as JavaScript `Error`s with the problems listed.

use schedscope::i18n::Locale;
use schedscope::scenario::{ScenarioError, ScenarioErrors};
use serde::Serialize;
use wasm_bindgen::JsValue;

/// Rust data → a plain JavaScript value as `JSON.parse` would give it: objects (never `Map`s),
/// `null` for nothing (never `undefined`), numbers as `f64`.
/// An integer beyond 2^53 (Hadoop's `Long.MAX_VALUE` for "no timeout") becomes the nearest
/// number, as `JSON.parse` reads it from the CLI's `run --json`.
pub fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    let ser = serde_wasm_bindgen::Serializer::json_compatible();
    v.serialize(&ser).or_else(|_| {
        let mut value = serde_json::to_value(v).map_err(|e| error(&e.to_string(), &[]))?;
        as_js_numbers(&mut value);
        value.serialize(&ser).map_err(|e| error(&e.to_string(), &[]))
    })
}

fn as_js_numbers(v: &mut serde_json::Value) {
    use serde_json::Value;
    match v {
        Value::Number(n)
            if n.as_i64().is_some_and(|i| i.unsigned_abs() > 1 << 53) || n.as_u64().is_some_and(|u| u > 1 << 53) =>
        {
            if let Some(x) = n.as_f64().and_then(serde_json::Number::from_f64) {
                *n = x;
            }
        }
        Value::Array(a) => a.iter_mut().for_each(as_js_numbers),
        Value::Object(o) => o.values_mut().for_each(as_js_numbers),
        _ => {}
    }
}

/// A JavaScript `Error` with `message`; with `problems`, also an `errors` property:
/// `[{path, message}, ...]` (a scenario's or lesson's problems, each with its JSON path).
pub fn error(message: &str, problems: &[ScenarioError]) -> JsValue {
    let e = js_sys::Error::new(message);
    if !problems.is_empty() {
        if let Ok(list) = to_js(problems) {
            let _ = js_sys::Reflect::set(&e, &JsValue::from_str("errors"), &list);
        }
    }
    e.into()
}

pub fn scenario_errors(what: &str, e: &ScenarioErrors) -> JsValue {
    error(&format!("{what}:\n{e}"), &e.errors)
}

/// A scenario or lesson as given: JSON text, `"builtin:<id>"`, or an object.
pub enum Input {
    Text(String),
    Builtin(String),
    Object(serde_json::Value),
}

pub fn input(v: JsValue, what: &str) -> Result<Input, JsValue> {
    if let Some(s) = v.as_string() {
        return Ok(match s.strip_prefix("builtin:") {
            Some(id) => Input::Builtin(id.to_string()),
            None => Input::Text(s),
        });
    }
    if v.is_object() && !js_sys::Array::is_array(&v) {
        return serde_wasm_bindgen::from_value(v)
            .map(Input::Object)
            .map_err(|e| error(&format!("{what}: not plain JSON data ({e})"), &[]));
    }
    Err(error(&format!("{what}: expected JSON text, \"builtin:<id>\" or an object, found {}", kind(&v)), &[]))
}

/// What a JavaScript value is, for messages: "nothing" (`undefined`, `null`), "an array", "a
/// number (NaN)", "a string (\"10\")", "a boolean (true)", "a bigint", "a symbol", ...
pub fn kind(v: &JsValue) -> String {
    if v.is_undefined() {
        "nothing (undefined)".into()
    } else if v.is_null() {
        "nothing (null)".into()
    } else if js_sys::Array::is_array(v) {
        "an array".into()
    } else if let Some(n) = v.as_f64() {
        format!("a number ({})", number_text(n))
    } else if let Some(b) = v.as_bool() {
        format!("a boolean ({b})")
    } else if let Some(s) = v.as_string() {
        let short: String = s.chars().take(40).collect();
        let more = if short.len() < s.len() { "…" } else { "" };
        format!("a string ({short:?}{more})")
    } else {
        let t = v.js_typeof().as_string().unwrap_or_default();
        match t.as_str() {
            "object" => "an object".into(),
            _ => format!("a {t}"),
        }
    }
}

/// A number as JavaScript writes it (`NaN`, `-1`, `1.5`, `1e+300`).
fn number_text(n: f64) -> String {
    if n.is_nan() {
        "NaN".into()
    } else if n.is_infinite() {
        if n > 0.0 { "Infinity".into() } else { "-Infinity".into() }
    } else {
        schedscope::explain::json::js_number(n)
    }
}

/// The largest heartbeat number accepted: 2^53 (JavaScript's `Number.MAX_SAFE_INTEGER` + 1), the last
/// whole number JavaScript counts exactly.
const MAX_SAFE_INTEGER: f64 = 9_007_199_254_740_992.0;

/// A heartbeat number from JavaScript: a number (`typeof` "number", not a numeric string, not a
/// boolean, not a bigint) that is a whole number from 0 to 2^53. Anything else throws, naming
/// `what` (the method) and what was found.
pub fn heartbeat(v: &JsValue, what: &str) -> Result<u64, JsValue> {
    match v.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= MAX_SAFE_INTEGER => Ok(n as u64),
        _ => Err(error(
            &format!("{what}: expected a heartbeat number (a whole number from 0 to 2^53), found {}", kind(v)),
            &[],
        )),
    }
}

/// An index into a list (`what` names the method and the argument): a JavaScript number that
/// is a whole number from 0 to 2^32 − 1. Anything else throws, saying what was found.
pub fn index(v: &JsValue, what: &str) -> Result<usize, JsValue> {
    match v.as_f64() {
        Some(n) if n.is_finite() && n >= 0.0 && n.fract() == 0.0 && n <= u32::MAX as f64 => Ok(n as usize),
        _ => Err(error(&format!("{what}: expected a whole number from 0 to 2^32 − 1, found {}", kind(v)), &[])),
    }
}

/// An optional heartbeat number: `undefined` or `null` (left out) gives `default`.
pub fn heartbeat_or(v: &JsValue, what: &str, default: u64) -> Result<u64, JsValue> {
    if v.is_undefined() || v.is_null() { Ok(default) } else { heartbeat(v, what) }
}

/// A string argument: a JavaScript string, anything else throws naming `what` and what was
/// found (wasm-bindgen's `&str` arguments read any value as a string's bytes: a number there
/// read memory out of bounds).
pub fn text(v: &JsValue, what: &str) -> Result<String, JsValue> {
    v.as_string().ok_or_else(|| error(&format!("{what}: expected a string, found {}", kind(v)), &[]))
}

/// `"en"` (the default: left out, `undefined` or `null`), `"zh"` (简体), `"zh-Hant"` (繁體; also
/// `"zh-TW"`, `"zh-HK"`).
pub fn lang(v: &JsValue, what: &str) -> Result<Locale, JsValue> {
    let expected = "expected \"en\", \"zh\" or \"zh-Hant\" (also \"zh-TW\", \"zh-HK\")";
    if v.is_undefined() || v.is_null() {
        return Ok(Locale::En);
    }
    let Some(s) = v.as_string() else {
        return Err(error(&format!("{what}: {expected} as the language, found {}", kind(v)), &[]));
    };
    Locale::parse(&s).ok_or_else(|| error(&format!("{what}: unknown language {s:?}; {expected}"), &[]))
}
