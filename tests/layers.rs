//! The core's dependencies run one way (ARCHITECTURE.md, "Architecture invariant"): `input`
//! (the strict reader) names nothing; `model` names only itself; the schedulers own their
//! decision types and their own settings' parsing, and `explain` renders the decisions and
//! `scenario` reads the settings, never the reverse; nothing below `sim` runs simulations;
//! nothing in the core reaches the page, lessons or practice; the page's state (`page`) never
//! names the yew components (`ui`). Every top-level module has its row.
//! Checked on the source: every `crate::<module>` path in a module's files.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Every top-level module of the crate (`src/lib.rs`), each with the crate modules it must not
/// name: bottom-up, each names only modules listed before it (the leaves `input`, `sort`,
/// `json_locate` and `i18n` name nothing).
const FORBIDDEN: &[(&str, &[&str])] = &[
    (
        "input",
        &[
            "sort",
            "json_locate",
            "i18n",
            "model",
            "sched",
            "scenario",
            "sim",
            "explain",
            "lesson",
            "practice",
            "share",
            "export",
            "page",
            "ui",
        ],
    ),
    (
        "sort",
        &[
            "input",
            "json_locate",
            "i18n",
            "model",
            "sched",
            "scenario",
            "sim",
            "explain",
            "lesson",
            "practice",
            "share",
            "export",
            "page",
            "ui",
        ],
    ),
    (
        "json_locate",
        &[
            "input", "sort", "i18n", "model", "sched", "scenario", "sim", "explain", "lesson", "practice", "share",
            "export", "page", "ui",
        ],
    ),
    (
        "i18n",
        &[
            "input",
            "sort",
            "json_locate",
            "model",
            "sched",
            "scenario",
            "sim",
            "explain",
            "lesson",
            "practice",
            "share",
            "export",
            "page",
            "ui",
        ],
    ),
    ("model", &["input", "sched", "scenario", "sim", "explain", "lesson", "practice", "share", "export", "page", "ui"]),
    ("sched", &["scenario", "explain", "sim", "lesson", "practice", "share", "export", "page", "ui"]),
    ("explain", &["sim", "lesson", "practice", "share", "export", "page", "ui"]),
    ("scenario", &["explain", "sim", "lesson", "practice", "share", "export", "page", "ui"]),
    ("sim", &["lesson", "practice", "share", "export", "page", "ui"]),
    ("lesson", &["practice", "share", "export", "page", "ui"]),
    ("export", &["lesson", "practice", "share", "page", "ui"]),
    ("practice", &["share", "page", "ui"]),
    ("share", &["practice", "export", "page", "ui"]),
    // The page's state and reducers know nothing of yew or the browser: `ui` renders them.
    ("page", &["ui"]),
    // The yew components: the top, they may name every module below.
    ("ui", &[]),
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            sources(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The crate modules named by `crate::<name>` in `text`.
fn named(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        let name: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_').collect();
        out.insert(name);
    }
    out
}

#[test]
fn core_modules_depend_one_way() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut broken = Vec::new();
    for (module, forbidden) in FORBIDDEN {
        let mut files = Vec::new();
        sources(&src.join(module), &mut files);
        let top = src.join(format!("{module}.rs"));
        if top.exists() {
            files.push(top);
        }
        assert!(!files.is_empty(), "no sources for {module}");
        for f in files {
            let text = fs::read_to_string(&f).unwrap();
            for name in named(&text) {
                if forbidden.contains(&name.as_str()) {
                    broken.push(format!("{} names crate::{name}", f.strip_prefix(&src).unwrap().display()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "dependencies against the layering:\n{}", broken.join("\n"));
}

/// Every top-level module `src/lib.rs` declares has its row above (`ui` included), and every
/// row names a module that exists.
#[test]
fn every_top_level_module_has_a_row() {
    let lib = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    let declared: BTreeSet<String> = lib
        .lines()
        .filter_map(|l| l.trim().strip_prefix("pub mod ").or_else(|| l.trim().strip_prefix("mod ")))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect();
    let rows: BTreeSet<String> = FORBIDDEN.iter().map(|(m, _)| m.to_string()).collect();
    assert!(declared.len() >= 15, "{declared:?}");
    assert_eq!(declared, rows, "modules of src/lib.rs versus the layering rows");
    for (m, forbidden) in FORBIDDEN {
        for f in *forbidden {
            assert!(rows.contains(*f), "{m}'s row names {f}, which is not a module");
        }
    }
}

#[test]
fn the_scan_sees_paths() {
    let found = named("use crate::sim::Engine;\nlet x = crate::explain::text::render(r);");
    assert_eq!(found.into_iter().collect::<Vec<_>>(), ["explain", "sim"]);
}

/// A module is named for the Hadoop concept (or practice concept) it holds: no file is the
/// overflow of another (`*_more.rs`).
#[test]
fn no_file_is_an_overflow() {
    let mut files = Vec::new();
    sources(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut files);
    assert!(files.len() > 100);
    let overflow: Vec<_> = files
        .iter()
        .filter(|f| f.file_stem().is_some_and(|s| s.to_string_lossy().ends_with("_more")))
        .map(|f| f.display().to_string())
        .collect();
    assert!(overflow.is_empty(), "{overflow:?}");
}
