//! Traditional Chinese: the committed tables (`src/i18n/hant_table.rs`) are what the converter
//! crate gives for SchedScope's own Chinese text, and every Chinese text converts with them as
//! the converter converts it.
//!
//! The text: every run of Han characters in `src/` (interface strings, decision sentences,
//! messages), `lessons/` and `scenarios/`, and in what the engine writes at run time (the
//! decision text of every built-in scenario's and lesson's heartbeats, lessons as the CLI
//! prints them), where sentences are put together from pieces. The converter: `zhconv` with
//! OpenCC's dictionaries, Simplified → Traditional with Taiwan-standard glyphs and Taiwan's
//! phrases (`opencc-twp`), with `i18n::hant::TERMS` fixed by hand. After changing Chinese text, regenerate with
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

/// The converter's Traditional text for a run of Han characters, with the hand-fixed terms:
/// the run is cut at each hand-fixed term (the longest at each place), the pieces between
/// converted by the converter (Taiwan's phrases: 資料, 排程, 叢集), the terms by hand.
fn target(run: &str) -> String {
    let chars: Vec<char> = run.chars().collect();
    let terms: Vec<(Vec<char>, &str)> = TERMS.iter().map(|(f, t)| (f.chars().collect(), *t)).collect();
    let (mut out, mut piece, mut i) = (String::new(), String::new(), 0);
    while i < chars.len() {
        let term = terms.iter().filter(|(f, _)| chars[i..].starts_with(f)).max_by_key(|(f, _)| f.len());
        match term {
            Some((f, to)) => {
                out.push_str(&zhconv::zhconv(&std::mem::take(&mut piece), zhconv::Variant::ZhTW));
                out.push_str(to);
                i += f.len();
            }
            None => {
                piece.push(chars[i]);
                i += 1;
            }
        }
    }
    out + &zhconv::zhconv(&piece, zhconv::Variant::ZhTW)
}

fn common_prefix(a: &[char], b: &[char]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
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
                    // The converter changes the length (執行緒 for 线程): the shortest window
                    // whose phrase brings the conversion closer to the target.
                    let now = common_prefix(&got, &w);
                    let window = (2..=r.len())
                        .flat_map(|len| (0..=r.len() - len).map(move |a| (a, len)))
                        .map(|(a, len)| r[a..a + len].iter().collect::<String>())
                        .filter(|k| !phrases.contains_key(k))
                        .map(|k| {
                            let v = target(&k);
                            (k, v)
                        })
                        .filter(|(k, v)| *v != hant::convert(k, &chars, &[]))
                        .find(|(k, v)| {
                            let mut t = table.clone();
                            t.push((k.as_str(), v.as_str()));
                            t.sort();
                            common_prefix(&hant::convert(run, &chars, &t).chars().collect::<Vec<_>>(), &w) > now
                        });
                    match window {
                        Some((k, v)) => phrases.insert(k, v),
                        None => phrases.insert(run.clone(), want.clone()),
                    };
                    continue;
                };
                // The shortest window around the first wrong character that is not yet a phrase,
                // one the converter writes so on its own if there is one (概率 for 機率, not
                // 的概, which would turn 的概念 into 的機念 in text not seen here).
                let windows: Vec<(String, String)> = (2..=r.len())
                    .flat_map(|len| (i.saturating_sub(len - 1)..=i.min(r.len() - len)).map(move |a| (a, len)))
                    .map(|(a, len)| {
                        (r[a..a + len].iter().collect::<String>(), w[a..a + len].iter().collect::<String>())
                    })
                    .filter(|(k, _)| !phrases.contains_key(k))
                    .collect();
                let window = windows.iter().find(|(k, v)| target(k) == *v).or(windows.first()).cloned();
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
         // OpenCC's dictionaries (Apache-2.0; Simplified → Traditional, Taiwan-standard glyphs and\n\
         // Taiwan's phrases) and `i18n::hant::TERMS`. Do not edit by hand.\n\n",
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
        ("容量调度器", "容量排程器"),
        ("延迟调度", "延遲排程"),
        ("数据本地性", "資料本地性"),
        ("集群", "叢集"),
        ("远程", "遠端"),
        ("运行", "執行"),
        ("抢占", "搶占"),
        ("作业队列", "作業佇列"),
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
    assert!(lesson.contains("延遲排程") && !lesson.contains("延遲調度"), "{lesson}");
}
