//! A lesson's recap (`recap` in the lesson file, `docs/lesson-format.md`): what the lesson
//! showed, in `RECAP_LINES` lines per language, shown on its last step beside the way to the
//! next lesson of its group.

use serde::Serialize;
use serde_json::Value;

use crate::input::json::{Errs, Obj, as_array, index};

/// A lesson's recap: the same number of lines in English and Chinese.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Recap {
    pub en: Vec<String>,
    pub zh: Vec<String>,
}

impl Recap {
    pub fn lines(&self, lang: crate::i18n::Lang) -> &[String] {
        if lang == crate::i18n::Lang::Zh { &self.zh } else { &self.en }
    }
}

/// A recap says what the lesson showed in this many lines.
pub const RECAP_LINES: usize = 3;

/// `{"en": [lines], "zh": [lines]}`: `RECAP_LINES` non-empty lines in each language.
pub(super) fn read(v: &Value, errs: &mut Errs) -> Option<Recap> {
    let mut o = Obj::new(v, "$.recap", errs)?;
    let mut lines = |lang: &'static str, errs: &mut Errs| -> Option<Vec<String>> {
        let p = o.path_of(lang);
        let Some(list) = o.get(lang) else {
            errs.push(&p, format!("missing; expected {RECAP_LINES} lines in each language"));
            return None;
        };
        let list = as_array(list, &p, RECAP_LINES, errs)?;
        let out: Vec<String> = list
            .iter()
            .enumerate()
            .filter_map(|(i, l)| match l.as_str() {
                Some(t) if !t.trim().is_empty() => Some(t.to_string()),
                _ => {
                    errs.expected(&index(&p, i), l, "a line of text");
                    None
                }
            })
            .collect();
        if list.len() != RECAP_LINES {
            errs.push(&p, format!("found {} lines, expected {RECAP_LINES}", list.len()));
        }
        (out.len() == RECAP_LINES).then_some(out)
    };
    let en = lines("en", errs);
    let zh = lines("zh", errs);
    o.finish(errs);
    Some(Recap { en: en?, zh: zh? })
}
