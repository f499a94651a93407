//! Share links: a scenario and a heartbeat in the URL hash, so a student can send "this
//! moment of this lesson" to someone else.
//!
//! Format (version 1), after the `#`:
//!
//! ```text
//! v=1&b=<built-in id>&hb=<n>           a built-in scenario, unchanged
//! v=1&s=<base64url(JSON)>&hb=<n>       any scenario text (edited, loaded from a file)
//! v=1&l=<lesson id>&st=<k>&hb=<n>      a built-in lesson at step k (st and hb optional;
//!                                      hb 0 or absent: where step k stops)
//! ...&lang=<en|zh|zh-Hant>             any of them, in this language (optional; any tag
//!                                      `i18n::Locale::parse` reads, e.g. zh-TW)
//! ```
//!
//! `base64url` is RFC 4648 section 5 without padding. Decoding is defensive: the hash comes from
//! whoever wrote the link, so sizes are bounded and every failure is a [`LinkError`] the page
//! shows next to the default scenario (never a panic, never a blank page). The scenario text
//! itself is validated afterwards by `scenario::parse` like any other input.

pub mod embed;

use crate::i18n::{Lang, Locale, k};
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

/// The only version this build writes and reads.
pub const VERSION: u32 = 1;
/// Longest hash accepted (characters), about 384 KiB of scenario JSON.
pub const MAX_HASH_LEN: usize = 512 * 1024;
// The largest heartbeat a link may ask for (`MAX_NAMED_HEARTBEAT`); the messages name it by
// its short local name.
use crate::scenario::limits::MAX_NAMED_HEARTBEAT as MAX_HB;

/// What a link carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Source {
    /// A built-in scenario by id.
    Builtin(String),
    /// Scenario JSON text.
    Text(String),
    /// A built-in lesson by id, at one of its steps.
    Lesson { id: String, step: u32 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Link {
    pub source: Source,
    pub hb: u64,
    /// The language to show it in (`lang=`); `None`: the reader's own.
    pub lang: Option<Locale>,
    /// Slow motion at this visit of heartbeat `hb` (`vi=`, an index into its visits,
    /// `docs/slow-motion.md`); `None`: the heartbeat's after-state.
    pub visit: Option<u32>,
}

/// The largest visit index a link may name.
pub const MAX_VISIT: u32 = 100_000;

/// Why a hash is not a usable link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LinkError {
    TooLong {
        len: usize,
    },
    /// No `v=` field.
    NoVersion,
    UnknownVersion(String),
    /// Neither `b=`, `s=` nor `l=` (or an empty or malformed one).
    NoScenario,
    /// More than one of `b=`, `s=` and `l=`: the fields given, e.g. `"b= and s="`.
    TwoSources(String),
    BadStep(String),
    BadBase64,
    NotUtf8,
    BadHeartbeat(String),
    /// `vi=` not a visit number, or on heartbeat 0.
    BadVisit(String),
    /// A field this version does not know (`key=...`), or a repeated one.
    BadField(String),
    /// `lang=` with a tag that is not English or Chinese.
    BadLang(String),
}

impl LinkError {
    /// What is wrong, in `lang` (the page and the command line show it).
    pub fn message(&self, lang: Lang) -> String {
        let q = |s: &String| format!("{s:?}");
        match self {
            LinkError::TooLong { len } => k::link_too_long.fill(lang, &[&len.to_string(), &MAX_HASH_LEN.to_string()]),
            LinkError::NoVersion => k::link_no_version.pick(lang).into(),
            LinkError::UnknownVersion(v) => k::link_unknown_version.fill(lang, &[&q(v), &VERSION.to_string()]),
            LinkError::NoScenario => k::link_no_scenario.pick(lang).into(),
            LinkError::TwoSources(both) => k::link_two_sources.fill(lang, &[both]),
            LinkError::BadBase64 => k::link_bad_base64.pick(lang).into(),
            LinkError::NotUtf8 => k::link_not_utf8.pick(lang).into(),
            LinkError::BadHeartbeat(h) => k::link_bad_heartbeat.fill(lang, &[&q(h), &MAX_HB.to_string()]),
            LinkError::BadStep(h) => {
                k::link_bad_step.fill(lang, &[&q(h), &(crate::lesson::MAX_LESSON_STEPS - 1).to_string()])
            }
            LinkError::BadField(f) => k::link_bad_field.fill(lang, &[&q(f)]),
            LinkError::BadVisit(v) => k::link_bad_visit.fill(lang, &[&q(v), &MAX_VISIT.to_string()]),
            LinkError::BadLang(l) => k::link_bad_lang.fill(lang, &[&q(l)]),
        }
    }
}

/// The hash (without `#`) for a link.
pub fn encode(link: &Link) -> String {
    let lang = link.lang.map(|l| format!("&lang={}", l.code())).unwrap_or_default();
    let source = match &link.source {
        Source::Builtin(id) => format!("v={VERSION}&b={}&hb={}", escape_id(id), link.hb),
        Source::Text(json) => format!("v={VERSION}&s={}&hb={}", URL_SAFE_NO_PAD.encode(json.as_bytes()), link.hb),
        Source::Lesson { id, step } => format!("v={VERSION}&l={}&st={step}&hb={}", escape_id(id), link.hb),
    };
    let visit = link.visit.map(|v| format!("&vi={v}")).unwrap_or_default();
    source + &visit + &lang
}

/// Built-in ids are `[a-z0-9._-]`; anything else is dropped so the hash stays well-formed.
fn escape_id(id: &str) -> String {
    id.chars().filter(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-')).collect()
}

/// Read a hash (with or without the leading `#`). `Ok(None)`: an empty hash, no link.
pub fn decode(hash: &str) -> Result<Option<Link>, LinkError> {
    let hash = hash.strip_prefix('#').unwrap_or(hash);
    if hash.is_empty() {
        return Ok(None);
    }
    if hash.len() > MAX_HASH_LEN {
        return Err(LinkError::TooLong { len: hash.len() });
    }
    let (mut v, mut b, mut s, mut hb, mut l, mut st, mut lang, mut vi) =
        (None, None, None, None, None, None, None, None);
    for part in hash.split('&').filter(|p| !p.is_empty()) {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        let slot = match key {
            "v" => &mut v,
            "b" => &mut b,
            "s" => &mut s,
            "hb" => &mut hb,
            "l" => &mut l,
            "st" => &mut st,
            "lang" => &mut lang,
            "vi" => &mut vi,
            _ => return Err(LinkError::BadField(short(key))),
        };
        if slot.is_some() {
            return Err(LinkError::BadField(short(key)));
        }
        *slot = Some(value);
    }
    match v {
        None => return Err(LinkError::NoVersion),
        Some(v) if v != VERSION.to_string() => return Err(LinkError::UnknownVersion(short(v))),
        Some(_) => {}
    }
    let hb = match hb {
        None => 0,
        Some(h) => match h.parse::<u64>() {
            Ok(n) if n <= MAX_HB && !h.starts_with('+') => n,
            _ => return Err(LinkError::BadHeartbeat(short(h))),
        },
    };
    let step = match st {
        None => None,
        Some(x) => match x.parse::<u32>() {
            Ok(n) if (n as usize) < crate::lesson::MAX_LESSON_STEPS && !x.starts_with('+') => Some(n),
            _ => return Err(LinkError::BadStep(short(x))),
        },
    };
    let visit = match vi {
        None => None,
        Some(x) => match x.parse::<u32>() {
            Ok(n) if n <= MAX_VISIT && !x.starts_with('+') && hb > 0 => Some(n),
            _ => return Err(LinkError::BadVisit(short(x))),
        },
    };
    let lang = match lang {
        None => None,
        Some(tag) => Some(Locale::parse(tag).ok_or_else(|| LinkError::BadLang(short(tag)))?),
    };
    let given: Vec<&str> =
        [("b=", &b), ("s=", &s), ("l=", &l)].into_iter().filter(|(_, x)| x.is_some()).map(|(k, _)| k).collect();
    if given.len() > 1 {
        let (last, rest) = given.split_last().expect("two or more");
        return Err(LinkError::TwoSources(format!("{} and {last}", rest.join(", "))));
    }
    let source = match (b, s, l) {
        (None, None, Some(id)) if !id.is_empty() && escape_id(id) == id => {
            Source::Lesson { id: id.to_string(), step: step.unwrap_or(0) }
        }
        (_, _, Some(_)) => return Err(LinkError::NoScenario),
        _ if step.is_some() => return Err(LinkError::BadField("st".into())),
        (Some(id), None, None) if !id.is_empty() && escape_id(id) == id => Source::Builtin(id.to_string()),
        (None, Some(data), None) if !data.is_empty() => {
            let bytes = URL_SAFE_NO_PAD.decode(data.trim_end_matches('=')).map_err(|_| LinkError::BadBase64)?;
            Source::Text(String::from_utf8(bytes).map_err(|_| LinkError::NotUtf8)?)
        }
        _ => return Err(LinkError::NoScenario),
    };
    Ok(Some(Link { source, hb, lang, visit }))
}

/// At most 40 characters of untrusted text for an error message.
fn short(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trip_with_unicode() {
        let json = r#"{"version":1,"title":{"zh":"延迟调度 → ANY"},"jobs":[]}"#;
        let link = Link { source: Source::Text(json.into()), hb: 37, lang: None, visit: None };
        let hash = encode(&link);
        assert!(hash.starts_with("v=1&s="));
        assert!(hash.chars().all(|c| c.is_ascii_alphanumeric() || "-_=&".contains(c)), "{hash}");
        assert_eq!(decode(&format!("#{hash}")), Ok(Some(link)));
    }

    #[test]
    fn builtin_round_trip() {
        let link = Link { source: Source::Builtin("fifo-two-racks".into()), hb: 0, lang: None, visit: None };
        assert_eq!(encode(&link), "v=1&b=fifo-two-racks&hb=0");
        assert_eq!(decode("v=1&b=fifo-two-racks&hb=0"), Ok(Some(link)));
    }

    #[test]
    fn empty_hash_is_no_link() {
        assert_eq!(decode(""), Ok(None));
        assert_eq!(decode("#"), Ok(None));
    }

    #[test]
    fn hostile_and_malformed_links_are_errors() {
        assert_eq!(decode("b=x"), Err(LinkError::NoVersion));
        assert_eq!(decode("v=2&b=x"), Err(LinkError::UnknownVersion("2".into())));
        assert_eq!(decode("v=1"), Err(LinkError::NoScenario));
        assert_eq!(decode("v=1&b=x&s=e30"), Err(LinkError::TwoSources("b= and s=".into())));
        assert_eq!(
            decode("v=1&b=x&s=e30").unwrap_err().message(Lang::En),
            "the link carries both b= and s=; expected one of b= (a built-in scenario), s= (a scenario's text) or \
             l= (a lesson)"
        );
        assert_eq!(decode("v=1&l=basics&b=x&s=e30"), Err(LinkError::TwoSources("b=, s= and l=".into())));
        assert_eq!(decode("v=1&b=<script>"), Err(LinkError::NoScenario));
        assert_eq!(decode("v=1&s=%%%"), Err(LinkError::BadBase64));
        assert_eq!(decode("v=1&s=_w"), Err(LinkError::NotUtf8));
        assert_eq!(decode("v=1&b=x&hb=-1"), Err(LinkError::BadHeartbeat("-1".into())));
        assert_eq!(
            decode("v=1&b=x&hb=99999999999999999999"),
            Err(LinkError::BadHeartbeat("99999999999999999999".into()))
        );
        assert_eq!(decode("v=1&b=x&hb=+3"), Err(LinkError::BadHeartbeat("+3".into())));
        assert_eq!(decode("v=1&b=x&evil=1"), Err(LinkError::BadField("evil".into())));
        assert_eq!(decode("v=1&v=1&b=x"), Err(LinkError::BadField("v".into())));
        let long = format!("v=1&s={}", "A".repeat(MAX_HASH_LEN));
        assert!(matches!(decode(&long), Err(LinkError::TooLong { .. })));
        for e in [LinkError::NoVersion, LinkError::BadBase64, LinkError::TooLong { len: 9 }] {
            assert!(!e.message(Lang::En).is_empty() && !e.message(Lang::Zh).is_empty());
        }
    }

    #[test]
    fn lesson_links() {
        let link = Link {
            source: Source::Lesson { id: "fair-delay-scheduling".into(), step: 4 },
            hb: 10,
            lang: None,
            visit: None,
        };
        assert_eq!(encode(&link), "v=1&l=fair-delay-scheduling&st=4&hb=10");
        assert_eq!(decode("#v=1&l=fair-delay-scheduling&st=4&hb=10"), Ok(Some(link)));
        assert_eq!(
            decode("v=1&l=fifo-padding").unwrap().unwrap().source,
            Source::Lesson { id: "fifo-padding".into(), step: 0 }
        );
        assert_eq!(decode("v=1&l=x&st=100"), Err(LinkError::BadStep("100".into())));
        assert_eq!(decode("v=1&l=x&st=-1"), Err(LinkError::BadStep("-1".into())));
        assert_eq!(decode("v=1&l=x&b=y"), Err(LinkError::TwoSources("b= and l=".into())));
        assert_eq!(decode("v=1&l=<x>"), Err(LinkError::NoScenario));
        assert_eq!(decode("v=1&b=x&st=2"), Err(LinkError::BadField("st".into())));
        assert!(!LinkError::BadStep("9".into()).message(Lang::Zh).is_empty());
    }

    /// `vi=` names a visit of the heartbeat (slow motion); never on heartbeat 0.
    #[test]
    fn links_carry_a_visit() {
        let link = Link { source: Source::Builtin("fair-delay".into()), hb: 4, lang: None, visit: Some(3) };
        assert_eq!(encode(&link), "v=1&b=fair-delay&hb=4&vi=3");
        assert_eq!(decode(&encode(&link)), Ok(Some(link)));
        assert_eq!(decode("v=1&b=x&hb=0&vi=1"), Err(LinkError::BadVisit("1".into())));
        assert_eq!(decode("v=1&b=x&hb=2&vi=-1"), Err(LinkError::BadVisit("-1".into())));
        assert_eq!(decode("v=1&b=x&hb=2&vi=x"), Err(LinkError::BadVisit("x".into())));
        assert_eq!(decode("v=1&b=x&hb=2&vi=1&vi=2"), Err(LinkError::BadField("vi".into())));
        assert!(LinkError::BadVisit("x".into()).message(Lang::En).contains("visit"));
    }

    #[test]
    fn links_carry_their_language() {
        let link = Link {
            source: Source::Lesson { id: "fair-delay-scheduling".into(), step: 2 },
            hb: 4,
            lang: Some(Locale::ZhHant),
            visit: None,
        };
        assert_eq!(encode(&link), "v=1&l=fair-delay-scheduling&st=2&hb=4&lang=zh-Hant");
        assert_eq!(decode(&encode(&link)), Ok(Some(link)));
        for (tag, want) in
            [("en", Locale::En), ("zh", Locale::Zh), ("zh-TW", Locale::ZhHant), ("zh-hant", Locale::ZhHant)]
        {
            assert_eq!(decode(&format!("v=1&lang={tag}&b=x")).unwrap().unwrap().lang, Some(want), "{tag}");
        }
        assert_eq!(decode("v=1&b=x").unwrap().unwrap().lang, None);
        assert_eq!(decode("v=1&b=x&lang=fr"), Err(LinkError::BadLang("fr".into())));
        assert_eq!(decode("v=1&b=x&lang="), Err(LinkError::BadLang("".into())));
        assert_eq!(decode("v=1&b=x&lang=en&lang=zh"), Err(LinkError::BadField("lang".into())));
        assert!(LinkError::BadLang("fr".into()).message(Lang::En).contains("zh-Hant"));
    }

    #[test]
    fn padded_base64_is_accepted() {
        assert_eq!(decode("v=1&s=e30=").unwrap().unwrap().source, Source::Text("{}".into()));
    }
}
