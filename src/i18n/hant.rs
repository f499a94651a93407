//! 繁體中文: the Simplified Chinese texts in Traditional characters, converted as they are shown
//! (a lesson's text, a decision's sentences, an interface string), never written twice.
//!
//! The conversion is OpenCC's Simplified → Traditional with Taiwan-standard glyphs (`s2tw`:
//! 為, 裡, 著), no regional vocabulary (數據 stays 數據, as the Traditional source article
//! writes it), and the terms fixed by hand in [`TERMS`]. It is not done by a converter
//! shipped in the wasm: `hant_table.rs` holds the characters that change and the phrases that
//! SchedScope's own Chinese text needs, generated and checked against the converter crate
//! (`zhconv`, a native dev-dependency) by `tests/hant.rs` (`UPDATE_HANT=1 cargo test --test
//! hant` regenerates it when new Chinese text needs a new phrase).

#[path = "hant_table.rs"]
#[rustfmt::skip]
mod table;

/// Where the converter's choice is not right for SchedScope's text, fixed by hand: 搶占 as the
/// Traditional source article writes it, and 占 alone too (占用, 占滿: the article's and the
/// Taiwan standard's form, not the variant 佔); 个 is always the classifier 個 (never 箇,
/// "其中"), and 只 always "only" (never the animal classifier 隻: "最多只到" is not "最多隻到").
/// And where a character alone would convert to the wrong word in text the tables have not
/// seen (a scenario's own description): 面 is a side or a page (頁面), never noodles (麵); 钟 a
/// clock (時鐘), 后 "after" (之後), 余 "remaining" (剩餘, 留有餘地); 台 always 臺 (每臺, 一臺,
/// as the converter mostly writes it and the article's 后臺), never 台 in one sentence and 臺 in
/// the next (the converter kept 台 in "每台运行").
pub const TERMS: &[(&str, &str)] = &[
    ("台", "臺"),
    ("抢占", "搶占"),
    ("占", "占"),
    ("个", "個"),
    ("只", "只"),
    ("面", "面"),
    ("钟", "鐘"),
    ("后", "後"),
    ("余", "餘"),
];

/// Whether `c` is a Han character (the only characters the conversion changes).
pub fn is_han(c: char) -> bool {
    matches!(c, '\u{3400}'..='\u{4DBF}' | '\u{4E00}'..='\u{9FFF}' | '\u{F900}'..='\u{FAFF}' | '\u{20000}'..='\u{2FFFF}')
}

/// `s` in Traditional characters.
pub fn to_hant(s: &str) -> String {
    convert(s, table::CHARS, table::PHRASES)
}

/// Greedy conversion with the given tables (both sorted by their Simplified side): at each Han
/// character the longest phrase that starts there, else the character's own mapping.
pub fn convert(s: &str, chars: &[(char, char)], phrases: &[(&str, &str)]) -> String {
    if !s.chars().any(is_han) {
        return s.to_string();
    }
    let longest = phrases.iter().map(|(k, _)| k.chars().count()).max().unwrap_or(0);
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    'text: while let Some(c) = rest.chars().next() {
        if is_han(c) {
            // Byte ends of the next 2..=longest characters.
            let ends: Vec<usize> =
                rest.char_indices().skip(1).map(|(i, _)| i).chain([rest.len()]).take(longest).collect();
            for n in (2..=ends.len()).rev() {
                let key = &rest[..ends[n - 1]];
                if let Ok(i) = phrases.binary_search_by(|(k, _)| (*k).cmp(key)) {
                    out.push_str(phrases[i].1);
                    rest = &rest[key.len()..];
                    continue 'text;
                }
            }
            out.push(chars.binary_search_by(|(k, _)| k.cmp(&c)).map_or(c, |i| chars[i].1));
        } else {
            out.push(c);
        }
        rest = &rest[c.len_utf8()..];
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_and_glyphs() {
        assert_eq!(to_hant("延迟调度的主要目的是提高数据本地性"), "延遲調度的主要目的是提高數據本地性");
        assert_eq!(to_hant("容量调度器：抢占"), "容量調度器：搶占");
        assert_eq!(to_hant("J2 m12#0 → off-switch map"), "J2 m12#0 → off-switch map");
    }

    #[test]
    fn longest_phrase_first() {
        let chars = [('发', '發'), ('头', '頭')];
        let phrases = [("头发", "頭髮")];
        assert_eq!(convert("头发发现", &chars, &phrases), "頭髮發现");
        assert_eq!(convert("a头", &chars, &phrases), "a頭");
    }
}
