//! Every fixed phrase of the page and the command line (`i18n::TABLES`, named in code as
//! `i18n::k::name`, so a phrase that does not exist does not compile) is written in all three
//! languages: English, Simplified Chinese and Traditional Chinese (converted, `i18n::hant`).
//! A phrase left empty, a "?", a Chinese text that is still the English (beyond the names in
//! `i18n::SAME_IN_CHINESE`), or templates that take different arguments fail here, not on the
//! screen.

use schedscope::i18n::{self, Lang, Locale, SAME_IN_CHINESE, TABLES, k};

fn has_han(s: &str) -> bool {
    s.chars().any(|c| {
        ('\u{4e00}'..='\u{9fff}').contains(&c)
            || ('\u{3000}'..='\u{303f}').contains(&c)
            || ('\u{ff00}'..='\u{ffef}').contains(&c)
    })
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

fn sources(dir: &std::path::Path, out: &mut Vec<(String, String)>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push((path.display().to_string(), std::fs::read_to_string(&path).unwrap()));
        }
    }
}

/// Fixed phrases live in the tables: outside the decision explanations (`src/explain/`, sentences
/// built around a decision's numbers) and `src/i18n` itself, no code writes an English/Chinese
/// pair inline, and nothing takes a `zh: bool` where the crate has `Lang`.
#[test]
fn no_phrase_is_written_inline() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    let mut wrong = Vec::new();
    for (path, text) in &files {
        let rel = path.strip_prefix(&root.display().to_string()).unwrap_or(path);
        if rel.contains("/src/explain/") || rel.contains("/src/i18n") {
            continue;
        }
        for (n, line) in text.lines().enumerate() {
            let inline = line.contains(".pick(\"")
                || line.contains(".pick(&format!")
                || line.contains("zh: bool")
                || (line.contains("Lang::En =>") && (line.contains("format!(") || line.contains("=> \"")));
            if inline {
                wrong.push(format!("{rel}:{}: {}", n + 1, line.trim()));
            }
        }
    }
    assert!(files.len() > 100, "read only {} files", files.len());
    assert!(wrong.is_empty(), "phrases written inline (move them into an i18n table):\n{}", wrong.join("\n"));
}
