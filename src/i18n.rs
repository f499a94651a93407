//! Languages and the interface's fixed phrases. Chinese terms follow the source articles:
//! 心跳, 负载因子, 数据本地性, padding, off-switch, 延迟调度. Texts are written in English and
//! Simplified Chinese ([`Lang`]); Traditional Chinese (`Locale::ZhHant`) is the Simplified text
//! converted as it is shown (`hant`, with its hand-fixed tables).
//!
//! **One mechanism for fixed phrases.** Every fixed phrase of the page and the command line is a
//! [`Text`] constant defined once, with its English and Chinese, in one of the tables written
//! with the `texts!` macro: `ui` (the shell, the transport, the grid, the Why panel's arithmetic,
//! the dialogs), `stage` (the scheduler overlays, the side tabs), `teach` (lessons, code view,
//! charts, compare, trace import), `practice` (practice mode's page; questions, answers and
//! grades in words) and `report` (the command line's reports, the SVG export, the errors of
//! share, embed and practice-set links and of result codes). Code names a phrase as `k::name`
//! (the [`k`] module gathers every table), so a phrase that does not exist is a compile error,
//! never a "?" on the screen; a template's `{0}`, `{1}`, ... are filled with [`fill`].
//! `tests/translations.rs` walks every table ([`TABLES`]) in all three languages and fails on an
//! empty text, a "?", a Chinese text left in English (beyond the names of [`SAME_IN_CHINESE`]),
//! or templates that take different arguments; it also fails on an English/Chinese pair
//! written inline outside `explain/`.
//!
//! **Texts that are data stay with their data.** Decision explanations (`explain::*_text`) are
//! sentences assembled from a decision's numbers, one `Lang::pick` per clause beside the values
//! it formats; lessons, practice questions, scenario descriptions and import notes carry
//! `en`/`zh` fields of their own (`lesson::Bi`: a lesson's texts, a practice concept's title),
//! checked by their readers and by `tests/hant_terms.rs`. Those pick their language with
//! [`Lang::pick`].

use serde::Serialize;

/// One fixed phrase: its name in code, its English and its Simplified Chinese.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Text {
    pub key: &'static str,
    pub en: &'static str,
    pub zh: &'static str,
}

impl Text {
    /// The text in this language (Traditional Chinese readers get it through `Locale::text`).
    pub fn pick(self, lang: Lang) -> &'static str {
        lang.pick(self.en, self.zh)
    }

    /// The text as a reader of `locale` sees it (Traditional Chinese converted).
    pub fn shown(self, locale: Locale) -> std::borrow::Cow<'static, str> {
        locale.pick(self.en, self.zh)
    }

    /// The template in this language, its `{0}`, `{1}`, ... filled with `args`.
    pub fn fill(self, lang: Lang, args: &[&str]) -> String {
        fill(self.pick(lang), args)
    }
}

/// A phrase in this language: `t(lang, k::next)`.
pub fn t(lang: Lang, text: Text) -> &'static str {
    text.pick(lang)
}

/// A phrase that depends on a count: `one` when `n` is 1, else `many`.
pub fn t_n(lang: Lang, many: Text, one: Text, n: usize) -> &'static str {
    if n == 1 { one.pick(lang) } else { many.pick(lang) }
}

/// A table of phrases: `texts! { NAME = [(key, "English", "中文"), ...] }` defines one [`Text`]
/// constant per key (named as the key, so `k::key` is checked by the compiler) and `NAME`, the
/// list of them all.
macro_rules! texts {
    ($all:ident = [$( ($key:ident, $en:expr, $zh:expr $(,)?) ),* $(,)?]) => {
        $(
            #[allow(non_upper_case_globals)]
            pub const $key: $crate::i18n::Text = $crate::i18n::Text { key: stringify!($key), en: $en, zh: $zh };
        )*
        /// Every phrase of this table, in order.
        pub const $all: &[$crate::i18n::Text] = &[$($key),*];
    };
}

pub mod hant;
mod locale;
mod practice;
mod report;
mod stage;
mod teach;
mod ui;
pub use hant::to_hant;
pub use locale::Locale;
pub use practice::PRACTICE_STRINGS;
pub use report::REPORT_STRINGS;
pub use stage::STAGE_STRINGS;
pub use teach::TEACH_STRINGS;
pub use ui::UI_STRINGS;

/// Every phrase by name: `k::next`, `k::fair_pools`, ...
pub mod k {
    pub use super::practice::*;
    pub use super::report::*;
    pub use super::stage::*;
    pub use super::teach::*;
    pub use super::ui::*;
}

/// Every table, with its name.
pub const TABLES: &[(&str, &[Text])] = &[
    ("ui", UI_STRINGS),
    ("stage", STAGE_STRINGS),
    ("teach", TEACH_STRINGS),
    ("practice", PRACTICE_STRINGS),
    ("report", REPORT_STRINGS),
];

/// Phrases whose Chinese is written in Latin letters on purpose: names (the project, FIFO, the
/// Hadoop state PREP, `true`), Hadoop's task words kept in Chinese text (map, reduce, slot), the
/// language switch (it names the other language) and pure notation (the sweep's formula).
pub const SAME_IN_CHINESE: &[&str] = &[
    "title",
    "sched_fifo",
    "sched_spark",
    "state_prep",
    "code_true",
    "map_slots",
    "reduce_slots",
    "budget_maps",
    "budget_reduce",
    "chart_maps_n",
    "chart_reduces_n",
    "language",
    "help_l",
    "sweep_sub",
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "en" => Some(Lang::En),
            "zh" | "zh-CN" | "zh-Hans" => Some(Lang::Zh),
            _ => None,
        }
    }
    /// Pick the text for this language.
    pub fn pick<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// One piece of a template: text as written, or the place of argument `i` (`{i}`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Piece<'a> {
    Text(&'a str),
    Arg(usize),
}

/// A template's pieces in order, for `args` arguments: a place `{i}` with `i < args` is an
/// `Arg`; any other brace stays text.
pub fn pieces(template: &str, args: usize) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    let mut text_from = 0;
    let mut at = 0;
    while let Some(open) = rest.find('{') {
        let after = &rest[open + 1..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        let arg = (digits > 0 && after[digits..].starts_with('}'))
            .then(|| after[..digits].parse::<usize>().ok())
            .flatten()
            .filter(|&i| i < args);
        match arg {
            Some(i) => {
                out.push(Piece::Text(&template[text_from..at + open]));
                out.push(Piece::Arg(i));
                at += open + digits + 2;
                text_from = at;
                rest = &after[digits + 1..];
            }
            None => {
                at += open + 1;
                rest = after;
            }
        }
    }
    out.push(Piece::Text(&template[text_from..]));
    out.retain(|p| *p != Piece::Text(""));
    out
}

/// Put `args` into a template's `{0}`, `{1}`, ... places, in one pass (an argument that
/// itself reads `{1}` stays as it is); a place without an argument stays as written.
pub fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(template.len());
    for p in pieces(template, args.len()) {
        match p {
            Piece::Text(t) => out.push_str(t),
            Piece::Arg(i) => out.push_str(args[i]),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_phrase_is_named_by_its_key_and_fills_its_template() {
        assert_eq!(k::next.key, "next");
        assert_eq!(k::next.pick(Lang::Zh), "下一步 >");
        assert_eq!(k::hb_of.fill(Lang::En, &["3", "9"]), "heartbeat 3 of 9");
        assert_eq!(fill("{0} of {1}", &["3", "9"]), "3 of 9");
        assert_eq!(fill("{1}, {0} and {0}", &["{1}", "b"]), "b, {1} and {1}");
        assert_eq!(fill("{2} {x} {", &["a"]), "{2} {x} {");
    }

    #[test]
    fn a_template_reads_as_text_and_argument_places() {
        use Piece::*;
        assert_eq!(pieces("{0} s waited", 1), vec![Arg(0), Text(" s waited")]);
        assert_eq!(pieces("已等待 {0} 秒", 1), vec![Text("已等待 "), Arg(0), Text(" 秒")]);
        assert_eq!(pieces("{1} / {0}", 2), vec![Arg(1), Text(" / "), Arg(0)]);
        assert_eq!(pieces("{2} {x} { {0}", 1), vec![Text("{2} {x} { "), Arg(0)]);
    }
}
