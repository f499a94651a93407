//! Embed links and the embed's messages (`docs/embed.md`), pure so they are tested natively;
//! the page's side is `ui::embed`.
//!
//! An embed link is a share link with `embed=1` and its options, in any order:
//!
//! ```text
//! #v=1&l=fair-delay-scheduling&st=2&embed=1&lang=zh&autoplay=1&speed=4&theme=dark&origin=https://slides.example.org
//! ```
//!
//! [`split`] takes the embed fields out and leaves a share link for [`super::decode`], which
//! knows nothing of them. The language (`lang=`) is a field of every share link, so an embed
//! link takes it as any link does. The options are checked as strictly as the link: an unknown value is
//! an error naming the field, never a silent default.
//!
//! A message from the embedding page is a plain object whose `type` starts with `schedscope:`;
//! [`Command::parse`] reads one from its fields (the page reads them off the JavaScript
//! object), so what is accepted is decided here.

use crate::i18n::{Lang, Locale, k};
use crate::scenario::limits::MAX_NAMED_HEARTBEAT;

/// Prefix of every message type, in and out.
pub const PREFIX: &str = "schedscope:";

/// The fields an embed link adds to a share link.
pub const FIELDS: [&str; 5] = ["embed", "autoplay", "speed", "theme", "origin"];

/// What `embed=1` and its options ask for.
#[derive(Debug, Clone, PartialEq)]
pub struct Embed {
    /// `autoplay=1`: play from the start heartbeat when loaded.
    pub autoplay: bool,
    /// `speed=`: heartbeats per second, one of the page's speeds.
    pub speed: Option<f64>,
    /// `theme=dark|light`.
    pub dark: Option<bool>,
    /// `origin=`: the only origin whose messages are obeyed and to which messages are sent.
    pub origin: Option<String>,
}

/// Why an embed link cannot be opened.
#[derive(Debug, Clone, PartialEq)]
pub enum EmbedError {
    /// A field given twice, or an option without `embed=1`.
    Field(String),
    /// `field=value` with a value the field does not take; the third is what it takes.
    Value(&'static str, String, String),
}

impl EmbedError {
    /// What is wrong, in `lang`.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            EmbedError::Field(f) => k::embed_field.fill(lang, &[&format!("{f:?}")]),
            EmbedError::Value(f, v, want) => k::embed_value.fill(lang, &[f, &format!("{v:?}"), want]),
        }
    }
}

/// Split a hash into the share link without the embed fields and the embed options
/// (`None`: not an embed link, the hash comes back as it was).
pub fn split(hash: &str, speeds: &[f64]) -> Result<(String, Option<Embed>), EmbedError> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if hash.len() > super::MAX_HASH_LEN {
        // `decode` says why.
        return Ok((hash.to_string(), None));
    }
    let mut rest = Vec::new();
    let mut found: Vec<(&str, String)> = Vec::new();
    for part in hash.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        if FIELDS.contains(&key) {
            if found.iter().any(|(k, _)| *k == key) {
                return Err(EmbedError::Field(key.to_string()));
            }
            found.push((key, percent_decode(value)));
        } else {
            rest.push(part);
        }
    }
    let rest = rest.join("&");
    if found.is_empty() {
        return Ok((rest, None));
    }
    let get = |k: &str| found.iter().find(|(key, _)| *key == k).map(|(_, v)| v.as_str());
    let bad = |k: &'static str, v: &str, want: &str| EmbedError::Value(k, short(v), want.to_string());
    match get("embed") {
        Some("1") => {}
        Some(v) => return Err(bad("embed", v, "1")),
        None => return Err(EmbedError::Field(found[0].0.to_string())),
    }
    let flag = |k: &'static str| match get(k) {
        None | Some("0") => Ok(false),
        Some("1") => Ok(true),
        Some(v) => Err(bad(k, v, "0 or 1")),
    };
    let speed = match get("speed") {
        None => None,
        Some(v) => match v.parse::<f64>() {
            Ok(s) if speeds.contains(&s) => Some(s),
            _ => {
                let list: Vec<String> = speeds.iter().map(|s| s.to_string()).collect();
                return Err(bad("speed", v, &format!("heartbeats per second, one of {}", list.join(", "))));
            }
        },
    };
    let dark = match get("theme") {
        None => None,
        Some("dark") => Some(true),
        Some("light") => Some(false),
        Some(v) => return Err(bad("theme", v, "dark or light")),
    };
    let origin = match get("origin") {
        None => None,
        Some(v) => match origin(v) {
            Some(o) => Some(o),
            None => return Err(bad("origin", v, "an origin such as https://slides.example.org (scheme, host, port)")),
        },
    };
    Ok((rest, Some(Embed { autoplay: flag("autoplay")?, speed, dark, origin })))
}

/// What an embed link that [`split`] refuses still asks for (`None`: the hash has no embed
/// field): embed mode, so the slide shows the embed's page with the error and the deck hears
/// of it, with the link's `origin=` when that one is valid and given once (messages then go
/// only there), and nothing else.
pub fn fallback(hash: &str) -> Option<Embed> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if hash.len() > super::MAX_HASH_LEN {
        return None;
    }
    let parts: Vec<(&str, &str)> =
        hash.split('&').filter(|p| !p.is_empty()).map(|p| p.split_once('=').unwrap_or((p, ""))).collect();
    if !parts.iter().any(|(k, _)| FIELDS.contains(k)) {
        return None;
    }
    let origins: Vec<&str> = parts.iter().filter(|(k, _)| *k == "origin").map(|(_, v)| *v).collect();
    let origin = match origins.as_slice() {
        [one] => origin(&percent_decode(one)),
        _ => None,
    };
    Some(Embed { autoplay: false, speed: None, dark: None, origin })
}

/// `http(s)://host[:port]` as a browser serialises an origin (lower case, no default port, no
/// path), or `None`.
fn origin(v: &str) -> Option<String> {
    let v = v.trim_end_matches('/').to_ascii_lowercase();
    let (scheme, host) = v.split_once("://")?;
    let default_port = match scheme {
        "http" => ":80",
        "https" => ":443",
        _ => return None,
    };
    let host = host.strip_suffix(default_port).unwrap_or(host);
    let (name, port) = match host.find(']') {
        Some(end) if host.starts_with('[') => (&host[..=end], host[end + 1..].strip_prefix(':')),
        Some(_) => return None,
        None => match host.split_once(':') {
            Some((n, p)) => (n, Some(p)),
            None => (host, None),
        },
    };
    let bracketed = name.len() > 2 && name.starts_with('[') && name.ends_with(']');
    let name_ok =
        bracketed || (!name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-')));
    let port_ok = port.is_none_or(|p| !p.is_empty() && p.len() <= 5 && p.chars().all(|c| c.is_ascii_digit()));
    (name_ok && port_ok).then(|| format!("{scheme}://{host}"))
}

/// `%XX` escapes decoded (an origin may come escaped); anything malformed stays as it was.
fn percent_decode(v: &str) -> String {
    let bytes = v.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).unwrap_or_else(|_| v.to_string())
}

fn short(s: &str) -> String {
    super::short(s)
}

/// A field of a message as the page found it on the JavaScript object.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    Number(f64),
    Text(String),
    /// Anything else, described as an error quotes it: `true (a boolean)`, `null`, `an object`.
    Other(String),
}

impl Value {
    /// The value as an error quotes it, with its type: `"fast" (a string)`, `3 (a number)`.
    fn found(&self) -> String {
        match self {
            Value::Number(n) => format!("{n} (a number)"),
            Value::Text(t) => format!("{:?} (a string)", short(t)),
            Value::Other(d) => short(d),
        }
    }
}

/// A message from the embedding page, read.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// `schedscope:step`: the next heartbeat.
    Step,
    /// `schedscope:back`: the previous heartbeat.
    Back,
    /// `schedscope:goto` with `hb`.
    GoTo(u64),
    /// `schedscope:play`, optionally with `speed` (heartbeats per second).
    Play(Option<f64>),
    /// `schedscope:pause`.
    Pause,
    /// `schedscope:lesson` with `step` (from 0): that step of the lesson shown.
    LessonStep(usize),
    /// `schedscope:lang` with `lang` (`en`, `zh`, `zh-Hant`; any tag `Locale::parse` reads).
    Lang(Locale),
    /// `schedscope:get`: answer with the state now.
    Get,
}

impl Command {
    /// Read a message from its `type` and the fields it may carry (`field` gives a field as the
    /// page found it, `None` when it is absent or `undefined`). `Ok(None)`: not a SchedScope
    /// message (ignored: a deck may carry other messages); `Err`: a SchedScope message that
    /// cannot be obeyed, the error naming the field, what was found and what was expected.
    pub fn parse(
        kind: Option<&str>,
        field: impl Fn(&str) -> Option<Value>,
        speeds: &[f64],
    ) -> Result<Option<Command>, String> {
        let Some(name) = kind.and_then(|k| k.strip_prefix(PREFIX)) else { return Ok(None) };
        let whole = |key: &str, max: u64| -> Result<u64, String> {
            match field(key) {
                Some(Value::Number(n)) if n.fract() == 0.0 && n >= 0.0 && n <= max as f64 => Ok(n as u64),
                Some(Value::Number(n)) => {
                    Err(format!("{PREFIX}{name}: {key} {n} is not a whole number from 0 to {max}"))
                }
                Some(other) => Err(format!(
                    "{PREFIX}{name}: {key} {} is not a number: expected a whole number from 0 to {max}",
                    other.found()
                )),
                None => Err(format!("{PREFIX}{name}: {key} is missing: expected a whole number from 0 to {max}")),
            }
        };
        let list: Vec<String> = speeds.iter().map(|s| s.to_string()).collect();
        let speed_want = format!("expected heartbeats per second, one of {}", list.join(", "));
        const LANGS: &str = "expected en, zh or zh-Hant";
        Ok(Some(match name {
            "step" => Command::Step,
            "back" => Command::Back,
            "goto" => Command::GoTo(whole("hb", MAX_NAMED_HEARTBEAT)?),
            "play" => Command::Play(match field("speed") {
                None => None,
                Some(Value::Number(s)) if speeds.contains(&s) => Some(s),
                Some(Value::Number(s)) => return Err(format!("{PREFIX}play: speed {s} is not valid: {speed_want}")),
                Some(other) => {
                    return Err(format!("{PREFIX}play: speed {} is not a number: {speed_want}", other.found()));
                }
            }),
            "pause" => Command::Pause,
            "lesson" => Command::LessonStep(whole("step", crate::lesson::MAX_LESSON_STEPS as u64 - 1)? as usize),
            "lang" => match field("lang") {
                Some(Value::Text(t)) => match Locale::parse(&t) {
                    Some(l) => Command::Lang(l),
                    None => return Err(format!("{PREFIX}lang: lang {:?} is not a language: {LANGS}", short(&t))),
                },
                Some(other) => {
                    return Err(format!("{PREFIX}lang: lang {} is not a language: {LANGS}", other.found()));
                }
                None => return Err(format!("{PREFIX}lang: lang is missing: {LANGS}")),
            },
            "get" => Command::Get,
            _ => {
                return Err(format!(
                    "unknown message type {:?}; known: step, back, goto, play, pause, lesson, lang, get (each prefixed {PREFIX})",
                    short(kind.unwrap_or_default())
                ));
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEEDS: [f64; 4] = [0.5, 1.0, 2.0, 4.0];

    fn split_ok(hash: &str) -> (String, Option<Embed>) {
        split(hash, &SPEEDS).unwrap()
    }

    #[test]
    fn an_ordinary_link_passes_through() {
        assert_eq!(split_ok("#v=1&b=fifo-two-racks&hb=3"), ("v=1&b=fifo-two-racks&hb=3".into(), None));
        assert_eq!(split_ok(""), (String::new(), None));
    }

    #[test]
    fn embed_options_are_taken_out() {
        let (rest, e) = split_ok(
            "#v=1&l=fifo-padding&st=2&embed=1&lang=zh&autoplay=1&speed=4&theme=dark&origin=https://Slides.Example.org:443/",
        );
        // The language is the share link's own field.
        assert_eq!(rest, "v=1&l=fifo-padding&st=2&lang=zh");
        let e = e.unwrap();
        assert!(e.autoplay);
        assert_eq!(e.speed, Some(4.0));
        assert_eq!(e.dark, Some(true));
        assert_eq!(e.origin.as_deref(), Some("https://slides.example.org"));
        let (_, e) = split_ok("v=1&b=x&embed=1&origin=http%3A%2F%2F127.0.0.1%3A8000");
        assert_eq!(e.unwrap().origin.as_deref(), Some("http://127.0.0.1:8000"));
        let (_, e) = split_ok("embed=1&v=1&b=x");
        assert_eq!(e, Some(Embed { autoplay: false, speed: None, dark: None, origin: None }));
    }

    #[test]
    fn bad_embed_options_are_errors() {
        let err = |h: &str| split(h, &SPEEDS).unwrap_err();
        assert_eq!(err("v=1&b=x&autoplay=1"), EmbedError::Field("autoplay".into()));
        assert_eq!(err("v=1&b=x&embed=1&embed=1"), EmbedError::Field("embed".into()));
        assert!(matches!(err("v=1&b=x&embed=yes"), EmbedError::Value("embed", ..)));
        assert!(matches!(err("v=1&b=x&embed=1&speed=3"), EmbedError::Value("speed", ..)));
        assert!(matches!(err("v=1&b=x&embed=1&autoplay=true"), EmbedError::Value("autoplay", ..)));
        assert!(matches!(err("v=1&b=x&embed=1&theme=blue"), EmbedError::Value("theme", ..)));
        for o in ["ftp://x.org", "https://", "https://a.org/path", "null", "*", "https://a b", "https://x:99999999"] {
            assert!(matches!(err(&format!("v=1&b=x&embed=1&origin={o}")), EmbedError::Value("origin", ..)), "{o}");
        }
        assert!(err("v=1&b=x&embed=1&speed=3").message(Lang::En).contains("one of 0.5, 1, 2, 4"));
        assert!(!err("v=1&b=x&theme=dark").message(Lang::Zh).is_empty());
        // `lang=` alone is an ordinary share link's field, not an embed option.
        assert_eq!(split_ok("v=1&b=x&lang=zh-Hant"), ("v=1&b=x&lang=zh-Hant".into(), None));
    }

    fn cmd(kind: &str, fields: &[(&str, f64)], texts: &[(&str, &str)]) -> Result<Option<Command>, String> {
        Command::parse(
            Some(kind),
            |f| {
                let number = fields.iter().find(|(k, _)| *k == f).map(|(_, v)| Value::Number(*v));
                number.or_else(|| texts.iter().find(|(k, _)| *k == f).map(|(_, v)| Value::Text(v.to_string())))
            },
            &SPEEDS,
        )
    }

    #[test]
    fn messages() {
        assert_eq!(cmd("schedscope:step", &[], &[]), Ok(Some(Command::Step)));
        assert_eq!(cmd("schedscope:back", &[], &[]), Ok(Some(Command::Back)));
        assert_eq!(cmd("schedscope:goto", &[("hb", 12.0)], &[]), Ok(Some(Command::GoTo(12))));
        assert_eq!(cmd("schedscope:play", &[], &[]), Ok(Some(Command::Play(None))));
        assert_eq!(cmd("schedscope:play", &[("speed", 2.0)], &[]), Ok(Some(Command::Play(Some(2.0)))));
        assert_eq!(cmd("schedscope:pause", &[], &[]), Ok(Some(Command::Pause)));
        assert_eq!(cmd("schedscope:lesson", &[("step", 3.0)], &[]), Ok(Some(Command::LessonStep(3))));
        assert_eq!(cmd("schedscope:lang", &[], &[("lang", "zh")]), Ok(Some(Command::Lang(Locale::Zh))));
        assert_eq!(cmd("schedscope:lang", &[], &[("lang", "zh-Hant")]), Ok(Some(Command::Lang(Locale::ZhHant))));
        assert!(cmd("schedscope:lang", &[], &[("lang", "fr")]).unwrap_err().contains("zh-Hant"));
        assert_eq!(cmd("schedscope:get", &[], &[]), Ok(Some(Command::Get)));
        // Not ours: ignored.
        assert_eq!(cmd("reveal:slidechanged", &[], &[]), Ok(None));
        assert_eq!(Command::parse(None, |_| None, &SPEEDS), Ok(None));
        // Ours but wrong: an error that names the problem.
        for (kind, fields) in [
            ("schedscope:goto", vec![]),
            ("schedscope:goto", vec![("hb", -1.0)]),
            ("schedscope:goto", vec![("hb", 2.5)]),
            ("schedscope:goto", vec![("hb", f64::NAN)]),
            ("schedscope:goto", vec![("hb", 1e12)]),
            ("schedscope:play", vec![("speed", 3.0)]),
            ("schedscope:lesson", vec![]),
            ("schedscope:lang", vec![]),
            ("schedscope:jump", vec![]),
        ] {
            let e = cmd(kind, &fields, &[]).unwrap_err();
            assert!(e.contains(kind.trim_start_matches(PREFIX)), "{kind}: {e}");
        }
    }

    #[test]
    fn a_malformed_message_names_the_field_what_was_found_and_what_was_expected() {
        // A speed that is not a number (`speed: 'fast'`) is refused, not taken as no speed.
        let e = cmd("schedscope:play", &[], &[("speed", "fast")]).unwrap_err();
        assert!(e.starts_with("schedscope:play: speed"), "{e}");
        assert!(e.contains("\"fast\"") && e.contains("one of 0.5, 1, 2, 4"), "{e}");
        // A heartbeat given as text is not "missing".
        let e = cmd("schedscope:goto", &[], &[("hb", "10")]).unwrap_err();
        assert!(e.contains("\"10\"") && !e.contains("missing"), "{e}");
        // The language as the deck wrote it, never Rust's `Some(..)` / `None`.
        let e = cmd("schedscope:lang", &[], &[("lang", "fr")]).unwrap_err();
        assert_eq!(e, "schedscope:lang: lang \"fr\" is not a language: expected en, zh or zh-Hant");
        let e = cmd("schedscope:lang", &[], &[]).unwrap_err();
        assert!(!e.contains("None") && !e.contains("Some("), "{e}");
        assert_eq!(e, "schedscope:lang: lang is missing: expected en, zh or zh-Hant");
        let e = cmd("schedscope:lang", &[("lang", 3.0)], &[]).unwrap_err();
        assert!(e.contains("3 (a number)") && e.contains("expected en, zh or zh-Hant"), "{e}");
        // Neither a number nor a string: described by its type.
        let boolean = |f: &str| (f == "speed").then(|| Value::Other("true (a boolean)".into()));
        let e = Command::parse(Some("schedscope:play"), boolean, &SPEEDS).unwrap_err();
        assert_eq!(
            e,
            "schedscope:play: speed true (a boolean) is not a number: expected heartbeats per second, one of 0.5, 1, 2, 4"
        );
    }

    #[test]
    fn a_refused_embed_link_still_asks_for_embed_mode() {
        assert_eq!(fallback("#v=1&b=x"), None);
        assert_eq!(
            fallback("#v=1&b=x&embed=1&speed=abc"),
            Some(Embed { autoplay: false, speed: None, dark: None, origin: None })
        );
        let e = fallback("v=1&b=x&speed=abc&embed=1&origin=https%3A%2F%2FSlides.example.org").unwrap();
        assert_eq!(e.origin.as_deref(), Some("https://slides.example.org"));
        assert_eq!(fallback("v=1&embed=1&origin=https://a.org&origin=https://b.org").unwrap().origin, None);
        assert_eq!(fallback("v=1&embed=1&origin=ftp://a.org").unwrap().origin, None);
    }
}
