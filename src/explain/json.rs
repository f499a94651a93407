//! The record as JSON text, numbers written as JavaScript writes them (`JSON.stringify`,
//! ECMAScript `Number::toString`): `1` for `1.0`, `1e+21`, `1e-7`. So the line the CLI's
//! `run --json` prints for a heartbeat is byte for byte what a browser prints for the same
//! record read through the JavaScript API, where every number is an `f64` and `1.0` is `1`.
//! Integers and strings are written as `serde_json` writes them (which is also how
//! JavaScript writes them).

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter};
use std::io::{self, Write};

/// A finite `f64` as ECMAScript's `Number::toString` writes it (the shortest digits that read
/// back as the same number; plain notation from 1e-6 up to 1e21, exponent notation outside).
pub fn js_number(v: f64) -> String {
    if v == 0.0 {
        return "0".into(); // -0 too, as JSON.stringify(-0) is "0"
    }
    let a = v.abs();
    if (1e-6..1e21).contains(&a) {
        // Rust's Display is the shortest round-trip digits in plain notation, without ".0".
        format!("{v}")
    } else {
        // Rust's LowerExp is the same shortest digits as `d.ddde-7` / `de21`.
        let s = format!("{v:e}");
        match s.split_once('e') {
            Some((m, e)) if !e.starts_with('-') => format!("{m}e+{e}"),
            _ => s,
        }
    }
}

/// A `serde_json` formatter that writes floats with [`js_number`] and leaves everything else to
/// the formatter it wraps (compact).
pub struct JsNumbers<F>(pub F);

impl<F: Formatter> Formatter for JsNumbers<F> {
    fn write_f32<W: ?Sized + Write>(&mut self, w: &mut W, v: f32) -> io::Result<()> {
        w.write_all(js_number(f64::from(v)).as_bytes())
    }
    fn write_f64<W: ?Sized + Write>(&mut self, w: &mut W, v: f64) -> io::Result<()> {
        w.write_all(js_number(v).as_bytes())
    }
    fn begin_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_array(w)
    }
    fn end_array<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array(w)
    }
    fn begin_array_value<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_array_value(w, first)
    }
    fn end_array_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_array_value(w)
    }
    fn begin_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object(w)
    }
    fn end_object<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object(w)
    }
    fn begin_object_key<W: ?Sized + Write>(&mut self, w: &mut W, first: bool) -> io::Result<()> {
        self.0.begin_object_key(w, first)
    }
    fn end_object_key<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_key(w)
    }
    fn begin_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.begin_object_value(w)
    }
    fn end_object_value<W: ?Sized + Write>(&mut self, w: &mut W) -> io::Result<()> {
        self.0.end_object_value(w)
    }
}

fn write_with<F: Formatter>(value: &impl Serialize, f: F) -> String {
    let mut out = Vec::new();
    let mut ser = serde_json::Serializer::with_formatter(&mut out, JsNumbers(f));
    value.serialize(&mut ser).expect("records serialise");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// One line of JSON (`schedscope run --json`).
pub fn to_line(value: &impl Serialize) -> String {
    write_with(value, CompactFormatter)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_javascript_writes_them() {
        let cases: &[(f64, &str)] = &[
            (1.0, "1"),
            (-2.0, "-2"),
            (0.0, "0"),
            (-0.0, "0"),
            (0.5, "0.5"),
            (1.0 / 3.0, "0.3333333333333333"),
            (9.11111111111111, "9.11111111111111"),
            (0.1 + 0.2, "0.30000000000000004"),
            (1e20, "100000000000000000000"),
            (1e21, "1e+21"),
            (1.5e300, "1.5e+300"),
            (0.000001, "0.000001"),
            (1e-7, "1e-7"),
            (-1.25e-7, "-1.25e-7"),
            (123456789.125, "123456789.125"),
            (f64::MAX, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
        ];
        for &(v, want) in cases {
            assert_eq!(js_number(v), want, "{v:?}");
        }
    }

    #[test]
    fn lines() {
        let v = serde_json::json!({"a": 1.0, "b": [0.25, 3], "c": null, "d": "x\"y"});
        assert_eq!(to_line(&v), r#"{"a":1,"b":[0.25,3],"c":null,"d":"x\"y"}"#);
    }
}
