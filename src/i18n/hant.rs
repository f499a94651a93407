//! 繁體中文: the Simplified Chinese texts in Traditional characters, converted as they are shown
//! (a lesson's text, a decision's sentences, an interface string), never written twice.
//!
//! The conversion is OpenCC's Simplified → Traditional with Taiwan-standard glyphs (`s2tw`:
//! 為, 裡, 著) and Taiwan's phrases (`s2twp`: 資料, 叢集, 預設, 使用者), for a Taiwan classroom
//! whichever Traditional locale asked (zh-TW, zh-HK, zh-Hant), and the terms fixed by hand in
//! [`TERMS`]. It is not done by a converter shipped in the wasm: `hant_table.rs` holds the
//! characters that change and the phrases that SchedScope's own Chinese text needs, generated
//! and checked against the converter crate (`zhconv`, a native dev-dependency) by
//! `tests/hant.rs` (`UPDATE_HANT=1 cargo test --test hant` regenerates it when new Chinese text
//! needs a new phrase); `tests/hant_terms.rs` lists the mainland terms that must not appear.

#[path = "hant_table.rs"]
#[rustfmt::skip]
mod table;

/// Where the converter's choice is not right for SchedScope's text, fixed by hand. The text is
/// cut at each term (the longest at each place) and the pieces between are converted apart.
///
/// Taiwan's terms where the converter keeps the mainland one in some contexts (輸入數據,
/// 追求數據本地性, 集群視圖): 数据 is 資料 (資料本地性), 调度 排程 (延遲排程, 容量排程器),
/// 集群 叢集, 远程 遠端, 运行 執行, 默认 預設; and where it keeps the mainland word: 代码 程式碼
/// (程式碼檢視), 超时 逾時, 菜单 選單, 快捷键 快速鍵, 标签页 分頁, 并行 平行. Kept where the
/// converter's Taiwan phrase means something else here: 任务 is always 任務 (never 多工 in
/// 最多任务数), 类型 類型 (a task's type, not a program's 型別), 参数 參數 (not 引數), and so
/// are their Traditional forms (converted text converts to itself). Hadoop's own names are
/// Latin and never change.
///
/// 搶占 as the Traditional source article writes it, and 占 alone too (占用, 占滿: the
/// article's and the Taiwan standard's form, not the variant 佔); 个 is always the classifier
/// 個 (never 箇, "其中"), and 只 always "only" (never the animal classifier 隻: "最多只到" is
/// not "最多隻到"). And where a character alone would convert to the wrong word in text the
/// tables have not seen (a scenario's own description): 面 is a side or a page (頁面), never
/// noodles (麵); 钟 a clock (時鐘), 后 "after" (之後), 余 "remaining" (剩餘, 留有餘地); 台
/// always 臺 (每臺, 一臺, as the converter mostly writes it and the article's 后臺), never 台 in
/// one sentence and 臺 in the next (the converter kept 台 in "每台运行").
pub const TERMS: &[(&str, &str)] = &[
    ("数据", "資料"),
    ("调度", "排程"),
    ("集群", "叢集"),
    ("远程", "遠端"),
    ("运行", "執行"),
    ("默认", "預設"),
    ("代码", "程式碼"),
    ("超时", "逾時"),
    ("菜单", "選單"),
    ("快捷键", "快速鍵"),
    ("标签页", "分頁"),
    ("并行", "平行"),
    ("任务", "任務"),
    ("类型", "類型"),
    ("参数", "參數"),
    ("類型", "類型"),
    ("參數", "參數"),
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
        assert_eq!(to_hant("延迟调度的主要目的是提高数据本地性"), "延遲排程的主要目的是提高資料本地性");
        assert_eq!(to_hant("容量调度器：抢占"), "容量排程器：搶占");
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
