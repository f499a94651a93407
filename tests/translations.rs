//! Every fixed phrase of the page and the command line (`i18n::TABLES`, named in code as
//! `i18n::k::name`, so a phrase that does not exist does not compile) is written in all three
//! languages: English, Simplified Chinese and Traditional Chinese (converted, `i18n::hant`).
//! A phrase left empty, a "?", a Chinese text that is still the English (beyond the names in
//! `i18n::SAME_IN_CHINESE`), or templates that take different arguments fail here, not on the
//! screen.

use schedscope::i18n::{self, Lang, Locale, SAME_IN_CHINESE, TABLES, k};

fn has_han(s: &str) -> bool {
    s.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c) || ('\u{3000}'..='\u{303f}').contains(&c) || ('\u{ff00}'..='\u{ffef}').contains(&c))
}

fn holes(s: &str) -> Vec<usize> {
    (0..10).filter(|n| s.contains(&format!("{{{n}}}"))).collect()
}

#[test]
fn every_phrase_is_translated_in_every_language() {
    let mut wrong = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut count = 0;
    for (table, texts) in TABLES {
        for text in *texts {
            count += 1;
            let key = text.key;
            if !seen.insert(key) {
                wrong.push(format!("{table}.{key}: defined twice"));
            }
            for locale in Locale::ALL {
                let shown = locale.text(text.pick(locale.lang()).to_string());
                if shown.trim().is_empty() || shown.trim() == "?" {
                    wrong.push(format!("{table}.{key}: no {} text ({shown:?})", locale.code()));
                }
            }
            let same = text.zh == text.en || !has_han(text.zh);
            if same && !SAME_IN_CHINESE.contains(&key) {
                wrong.push(format!("{table}.{key}: the Chinese is not translated ({:?})", text.zh));
            }
            if holes(text.en) != holes(text.zh) {
                wrong.push(format!("{table}.{key}: the templates take different arguments"));
            }
        }
    }
    for name in SAME_IN_CHINESE {
        if !seen.contains(name) {
            wrong.push(format!("SAME_IN_CHINESE names {name}, which is no phrase"));
        }
    }
    assert!(count > 400, "only {count} phrases");
    assert!(wrong.is_empty(), "{} untranslated phrases:\n{}", wrong.len(), wrong.join("\n"));
}

#[test]
fn a_phrase_reads_the_same_through_every_path() {
    assert_eq!(k::next.pick(Lang::En), "Next >");
    assert_eq!(i18n::t(Lang::Zh, k::heartbeat), "心跳");
    assert_eq!(Locale::ZhHant.text(k::heartbeat.pick(Lang::Zh).into()), "心跳");
    assert_eq!(Locale::ZhHant.text(k::cluster.pick(Lang::Zh).into()), "叢集");
    assert_eq!(i18n::t_n(Lang::En, k::n_problems, k::n_problems_one, 1), "1 problem");
    assert_eq!(k::n_problems.fill(Lang::En, &["3"]), "3 problems");
}
