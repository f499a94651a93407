//! Traditional Chinese: the committed tables (`src/i18n/hant_table.rs`) are what the converter
//! crate gives for SchedScope's own Chinese text, and every Chinese text converts with them as
//! the converter converts it.
//!
//! The text: every run of Han characters in `src/` (interface strings, decision sentences,
//! messages), `lessons/` and `scenarios/`, and in what the engine writes at run time (the
//! decision text of every built-in scenario's and lesson's heartbeats, lessons as the CLI
//! prints them), where sentences are put together from pieces. The converter: `zhconv` with
//! OpenCC's dictionaries, Simplified → Traditional with Taiwan-standard glyphs and no regional
//! vocabulary, then `i18n::hant::TERMS`. After changing Chinese text, regenerate with
//! `UPDATE_HANT=1 cargo test --test hant`.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::i18n::Lang;
use schedscope::i18n::hant::{self, TERMS, is_han};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

const TABLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/src/i18n/hant_table.rs");

fn han_runs(text: &str, out: &mut BTreeSet<String>) {
    let mut run = String::new();
    for c in text.chars().chain(['\n']) {
        if is_han(c) {
            run.push(c);
        } else if !run.is_empty() {
            out.insert(std::mem::take(&mut run));
        }
    }
}

fn scan(dir: &Path, exts: &[&str], out: &mut BTreeSet<String>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scan(&path, exts, out);
        } else if path.ends_with("hant_table.rs") {
            continue; // the table's own Traditional text
        } else if path.extension().is_some_and(|e| exts.iter().any(|x| e == *x)) {
            han_runs(&std::fs::read_to_string(&path).unwrap(), out);
        }
    }
}

/// Every run of Han characters SchedScope shows.
fn corpus() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut runs = BTreeSet::new();
    scan(&root.join("src"), &["rs"], &mut runs);
    scan(&root.join("lessons"), &["json"], &mut runs);
    scan(&root.join("scenarios"), &["json"], &mut runs);
    let mut texts = String::new();
    fn records(mut sim: schedscope::sim::Simulation, texts: &mut String) {
        for _ in 0..1_000 {
            if !sim.step_forward() {
                break;
            }
            for line in schedscope::explain::text::render(sim.last_record().unwrap(), Lang::Zh) {
                texts.push_str(&line);
                texts.push('\n');
            }
        }
    }
    for (_, json) in schedscope::scenario::builtin() {
        records(schedscope::sim::Simulation::from_json(json).unwrap(), &mut texts);
    }
    for (_, json) in schedscope::lesson::builtin() {
        let lesson = schedscope::lesson::parse(json).unwrap();
        records(schedscope::sim::Simulation::new(lesson.scenario.clone()).unwrap(), &mut texts);
        let resolved = schedscope::lesson::resolve(&lesson);
        texts.extend(schedscope::lesson::check::render(&lesson, &resolved, Lang::Zh).into_iter().map(|l| l + "\n"));
    }
    han_runs(&texts, &mut runs);
    runs.into_iter().collect()
}

/// The converter's Traditional text for a run of Han characters, with the hand-fixed terms.
fn target(run: &str) -> String {
    let converted = zhconv::zhconv(run, zhconv::Variant::ZhTW);
    let mut out: Vec<char> = converted.chars().collect();
    let simplified: Vec<char> = run.chars().collect();
    if out.len() == simplified.len() {
        for (from, to) in TERMS {
            let (from, to): (Vec<char>, Vec<char>) = (from.chars().collect(), to.chars().collect());
            for i in 0..simplified.len().saturating_sub(from.len() - 1) {
                if simplified[i..i + from.len()] == from[..] {
                    out[i..i + to.len()].copy_from_slice(&to);
                }
            }
        }
    }
    out.into_iter().collect()
}

/// The smallest tables with which every run converts to its target: each character's own
/// conversion, and a phrase wherever a character's conversion depends on its neighbours.
/// (characters, phrases): Simplified → Traditional, each sorted by its Simplified side.
type Tables = (Vec<(char, char)>, Vec<(String, String)>);

fn generate(runs: &[String]) -> Tables {
    // Every character of the CJK Unified Ideographs block, not only those used today: text
    // added later converts character by character without a new table, and only a new
    // context-dependent phrase needs `UPDATE_HANT=1`.
    let mut chars = BTreeMap::new();
    for c in ('\u{4E00}'..='\u{9FFF}').chain(runs.iter().flat_map(|r| r.chars())).collect::<BTreeSet<char>>() {
        let t: Vec<char> = target(&c.to_string()).chars().collect();
        if t.len() == 1 && t[0] != c {
            chars.insert(c, t[0]);
        }
    }
    let chars: Vec<(char, char)> = chars.into_iter().collect();
    let mut phrases: BTreeMap<String, String> = BTreeMap::new();
    for _pass in 0..10 {
        let mut changed = false;
        for run in runs {
            let want = target(run);
            let (r, w): (Vec<char>, Vec<char>) = (run.chars().collect(), want.chars().collect());
            loop {
                let table: Vec<(&str, &str)> = phrases.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
                let got: Vec<char> = hant::convert(run, &chars, &table).chars().collect();
                if got == w {
                    break;
                }
                changed = true;
                let Some(i) = (0..r.len()).find(|&i| got.get(i) != w.get(i)).filter(|_| r.len() == w.len()) else {
                    phrases.insert(run.clone(), want.clone());
                    break;
                };
                // The shortest window around the first wrong character that is not yet a phrase.
                let window = (2..=r.len())
                    .flat_map(|len| (i.saturating_sub(len - 1)..=i.min(r.len() - len)).map(move |a| (a, len)))
                    .map(|(a, len)| {
                        (r[a..a + len].iter().collect::<String>(), w[a..a + len].iter().collect::<String>())
                    })
                    .find(|(k, _)| !phrases.contains_key(k));
                match window {
                    Some((k, v)) => phrases.insert(k, v),
                    None => phrases.insert(run.clone(), want.clone()),
                };
            }
        }
        if !changed {
            break;
        }
    }
    (chars, phrases.into_iter().collect())
}

fn source(chars: &[(char, char)], phrases: &[(String, String)]) -> String {
    let mut s = String::from(
        "// Generated by tests/hant.rs (`UPDATE_HANT=1 cargo test --test hant`): every character of\n\
         // the CJK Unified Ideographs block whose Traditional form differs, and every phrase of\n\
         // SchedScope's Chinese text whose characters convert differently together, from zhconv with\n\
         // OpenCC's dictionaries (Apache-2.0; Simplified → Traditional, Taiwan-standard glyphs, no\n\
         // regional vocabulary) and `i18n::hant::TERMS`. Do not edit by hand.\n\n",
    );
    s.push_str("pub const CHARS: &[(char, char)] = &[\n");
    for (a, b) in chars {
        s.push_str(&format!("    ('{a}', '{b}'),\n"));
    }
    s.push_str("];\n\npub const PHRASES: &[(&str, &str)] = &[\n");
    for (a, b) in phrases {
        s.push_str(&format!("    (\"{a}\", \"{b}\"),\n"));
    }
    s.push_str("];\n");
    s
}

#[test]
fn the_committed_tables_are_generated_from_the_text() {
    let runs = corpus();
    assert!(runs.len() > 500, "{} runs of Chinese text", runs.len());
    let (chars, phrases) = generate(&runs);
    let want = source(&chars, &phrases);
    if std::env::var_os("UPDATE_HANT").is_some() {
        std::fs::write(TABLE, &want).unwrap();
    }
    // With the committed tables, every run converts as the converter converts it. (Phrases no
    // longer used may stay until the next regeneration; they change nothing else.)
    let wrong: Vec<String> = runs
        .iter()
        .filter(|r| hant::to_hant(r) != target(r))
        .map(|r| format!("{r} → {} (converter: {})", hant::to_hant(r), target(r)))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}\nChinese text changed: run UPDATE_HANT=1 cargo test --test hant");
    // Converted text converts to itself: the page converts what it writes, and a node it moves
    // may pass again; and the e2e journeys take `toHant(t) === t` for "nothing left in 简体".
    let unstable: Vec<String> = runs.iter().map(|r| hant::to_hant(r)).filter(|t| hant::to_hant(t) != *t).collect();
    assert!(unstable.is_empty(), "{unstable:#?}");
    let have = std::fs::read_to_string(TABLE).unwrap();
    let chars_of = |src: &str| src.split("PHRASES").next().unwrap_or_default().to_string();
    assert!(
        chars_of(&have) == chars_of(&want),
        "CHARS is not the converter's; run UPDATE_HANT=1 cargo test --test hant"
    );
}

#[test]
fn the_source_articles_terms() {
    for (simplified, traditional) in [
        ("容量调度器", "容量調度器"),
        ("延迟调度", "延遲調度"),
        ("数据本地性", "數據本地性"),
        ("抢占", "搶占"),
        ("作业队列", "作業隊列"),
        ("负载因子", "負載因子"),
        ("机架", "機架"),
        ("节点本地", "節點本地"),
        ("占用", "占用"),
        ("页面", "頁面"),
        ("之后", "之後"),
        ("留有余地", "留有餘地"),
    ] {
        assert_eq!(hant::to_hant(simplified), traditional);
    }
}

/// The CLI's `--lang zh-Hant` (also `zh-TW`, `zh-HK`): the decision text, the summary and
/// lessons in Traditional characters, the same text as `--lang zh` converted.
#[test]
fn the_cli_speaks_traditional_chinese() {
    let run = |args: &[&str]| {
        let o = std::process::Command::new(env!("CARGO_BIN_EXE_schedscope")).args(args).output().unwrap();
        assert!(o.status.success(), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let zh = run(&["run", "builtin:fifo-two-racks", "--max-heartbeats", "80", "--lang", "zh"]);
    for tag in ["zh-Hant", "zh-TW", "zh-HK"] {
        let hant = run(&["run", "builtin:fifo-two-racks", "--max-heartbeats", "80", "--lang", tag]);
        assert_eq!(hant, hant::to_hant(&zh), "{tag}");
        assert!(hant.contains("第 1 次心跳") && hant.contains("彙總") && hant.contains("負載因子"), "{tag}");
    }
    let lesson = run(&["lesson", "builtin:fair-delay-scheduling", "--lang", "zh-TW"]);
    assert_eq!(lesson, hant::to_hant(&run(&["lesson", "builtin:fair-delay-scheduling", "--lang", "zh"])));
    assert!(lesson.contains("延遲調度"), "{lesson}");
}
