//! Every interface string the page asks for (`t(lang, "key")` in `src/ui/`) exists in both
//! languages: a missing key would show "?" on the page.

use schedscope::i18n::{Lang, ui};
use std::path::Path;

fn sources(dir: &Path, out: &mut Vec<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(std::fs::read_to_string(&path).unwrap());
        }
    }
}

#[test]
fn every_key_used_by_the_page_is_translated() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src/ui"), &mut files);
    let mut keys = Vec::new();
    for text in &files {
        // t(lang, "key") and keys passed through tables: ("…", "help_x") / Some("toast_x").
        for marker in ["t(lang, \"", "t(lang, \"", "\"help_", "\"toast_", "\"rule_", "\"sched_"] {
            for (i, _) in text.match_indices(marker) {
                let start = i + marker.len() - if marker.starts_with('"') { marker.len() - 1 } else { 0 };
                if let Some(end) = text[start..].find('"') {
                    keys.push(text[start..start + end].to_string());
                }
            }
        }
    }
    keys.sort();
    keys.dedup();
    assert!(keys.len() > 50, "found only {} keys", keys.len());
    let missing: Vec<&String> = keys.iter().filter(|k| ui(Lang::En, k) == "?" || ui(Lang::Zh, k) == "?").collect();
    assert!(missing.is_empty(), "untranslated keys: {missing:?}");
}
