//! The reader's language: English, Simplified Chinese (简体) or Traditional Chinese (繁體).
//! Texts are written in two languages ([`Lang`]: English and Simplified Chinese); Traditional
//! Chinese is the Simplified text converted as it is shown ([`super::hant`]). So everything
//! that renders text takes a `Lang` (`locale.lang()`), and whatever shows it passes the result
//! through `locale.text`.

use super::Lang;
use super::hant::to_hant;
use std::borrow::Cow;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize)]
pub enum Locale {
    #[default]
    En,
    /// 简体中文.
    Zh,
    /// 繁體中文 (Taiwan and Hong Kong classrooms).
    ZhHant,
}

impl Locale {
    pub const ALL: [Locale; 3] = [Locale::En, Locale::Zh, Locale::ZhHant];

    /// `en`, `zh` or `zh-Hant`.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Zh => "zh",
            Locale::ZhHant => "zh-Hant",
        }
    }

    /// A language tag (BCP 47, any case): `en`, `zh`, `zh-CN`, `zh-Hans`, `zh-SG` → 简体;
    /// `zh-TW`, `zh-HK`, `zh-MO`, `zh-Hant` (and `zh-Hant-TW`, ...) → 繁體. `None` for others.
    pub fn parse(tag: &str) -> Option<Locale> {
        let tag = tag.trim().to_ascii_lowercase().replace('_', "-");
        let mut parts = tag.split('-');
        match parts.next()? {
            "en" => Some(Locale::En),
            "zh" => {
                let rest: Vec<&str> = parts.collect();
                if rest.contains(&"hant") {
                    Some(Locale::ZhHant)
                } else if rest.contains(&"hans") {
                    Some(Locale::Zh)
                } else if rest.iter().any(|p| matches!(*p, "tw" | "hk" | "mo")) {
                    Some(Locale::ZhHant)
                } else {
                    Some(Locale::Zh)
                }
            }
            _ => None,
        }
    }

    /// The language the texts are written in: Chinese for both scripts.
    pub fn lang(self) -> Lang {
        match self {
            Locale::En => Lang::En,
            Locale::Zh | Locale::ZhHant => Lang::Zh,
        }
    }

    /// A text written in `self.lang()`, as this reader sees it.
    pub fn text(self, s: String) -> String {
        match self {
            Locale::ZhHant => to_hant(&s),
            _ => s,
        }
    }

    /// Lines written in `self.lang()`, as this reader sees them.
    pub fn lines(self, lines: Vec<String>) -> Vec<String> {
        match self {
            Locale::ZhHant => lines.iter().map(|l| to_hant(l)).collect(),
            _ => lines,
        }
    }

    /// The English or the Chinese text, as this reader sees it.
    pub fn pick<'a>(self, en: &'a str, zh: &'a str) -> Cow<'a, str> {
        match self {
            Locale::En => Cow::Borrowed(en),
            Locale::Zh => Cow::Borrowed(zh),
            Locale::ZhHant => Cow::Owned(to_hant(zh)),
        }
    }
}

impl From<Lang> for Locale {
    fn from(l: Lang) -> Locale {
        match l {
            Lang::En => Locale::En,
            Lang::Zh => Locale::Zh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn browser_tags() {
        for (tag, want) in [
            ("en", Some(Locale::En)),
            ("en-US", Some(Locale::En)),
            ("zh", Some(Locale::Zh)),
            ("zh-CN", Some(Locale::Zh)),
            ("zh-Hans", Some(Locale::Zh)),
            ("zh-SG", Some(Locale::Zh)),
            ("zh-Hans-HK", Some(Locale::Zh)),
            ("zh-TW", Some(Locale::ZhHant)),
            ("zh-HK", Some(Locale::ZhHant)),
            ("zh_MO", Some(Locale::ZhHant)),
            ("zh-Hant", Some(Locale::ZhHant)),
            ("ZH-hant-CN", Some(Locale::ZhHant)),
            ("fr", None),
            ("", None),
        ] {
            assert_eq!(Locale::parse(tag), want, "{tag:?}");
        }
        for l in Locale::ALL {
            assert_eq!(Locale::parse(l.code()), Some(l));
        }
    }

    #[test]
    fn traditional_is_the_simplified_text_converted() {
        assert_eq!(Locale::ZhHant.pick("Heartbeat", "心跳与负载因子"), "心跳與負載因子");
        assert_eq!(Locale::Zh.pick("Heartbeat", "心跳与负载因子"), "心跳与负载因子");
        assert_eq!(Locale::ZhHant.lang(), Lang::Zh);
        assert_eq!(Locale::ZhHant.lines(vec!["节点".into()]), vec!["節點".to_string()]);
    }
}
