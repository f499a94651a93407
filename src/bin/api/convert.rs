//! Crossing the boundary: Rust data to plain JavaScript objects and back, arguments checked,
//! errors as JavaScript `Error`s with the problems listed.

use schedscope::i18n::Locale;
use schedscope::scenario::{ScenarioError, ScenarioErrors};
use serde::Serialize;
use wasm_bindgen::JsValue;

/// Rust data → a plain JavaScript value as `JSON.parse` would give it: objects (never `Map`s),
/// `null` for nothing (never `undefined`), numbers as `f64`.
pub fn to_js<T: Serialize + ?Sized>(v: &T) -> Result<JsValue, JsValue> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| error(&e.to_string(), &[]))
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

fn kind(v: &JsValue) -> String {
    if v.is_undefined() || v.is_null() {
        "nothing".into()
    } else if js_sys::Array::is_array(v) {
        "an array".into()
    } else {
        format!("a {}", v.js_typeof().as_string().unwrap_or_default())
    }
}

/// A heartbeat number from JavaScript: a whole number from 0 to 2^53.
pub fn heartbeat(v: f64, what: &str) -> Result<u64, JsValue> {
    if v.is_finite() && v >= 0.0 && v.fract() == 0.0 && v <= 9_007_199_254_740_992.0 {
        Ok(v as u64)
    } else {
        Err(error(&format!("{what}: expected a heartbeat number (a whole number from 0), found {v}"), &[]))
    }
}

/// `"en"` (the default), `"zh"` (简体), `"zh-Hant"` (繁體; also `"zh-TW"`, `"zh-HK"`).
pub fn lang(v: Option<String>) -> Result<Locale, JsValue> {
    let expected = "expected \"en\", \"zh\" or \"zh-Hant\" (also \"zh-TW\", \"zh-HK\")";
    match v {
        None => Ok(Locale::En),
        Some(s) => Locale::parse(&s).ok_or_else(|| error(&format!("unknown language {s:?}; {expected}"), &[])),
    }
}
