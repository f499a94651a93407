//! Numbers come from the run (`docs/lesson-format.md`, "Placeholders"): in every step's
//! rendered text — its narration, question and choices (and the lesson's title and summary),
//! in English, Simplified Chinese and Traditional Chinese (the Simplified text through
//! `i18n::hant`, as the page shows it) — every
//! number is a filled placeholder or a configuration reference. What is left once the
//! placeholders are taken out may hold identifiers (`J1`, `tt4`, `r1n2`, `/rack1`, `m2#0`) and
//! the few Hadoop constants of `CONSTANTS`, and no other number: no Arabic numeral, no Chinese
//! numeral, no English number word.

use schedscope::i18n::hant;
use schedscope::lesson;

/// Hadoop constants a text may state as written, each as the phrase it appears in (so the
/// exception covers that use only), with the code that fixes it.
const CONSTANTS: &[(&str, &str)] = &[
    // `assignedNonLocalMap` ends map assignment after one off-switch map per heartbeat;
    // `availableReduceSlots` is capped at one reduce.
    ("one off-switch map", "JobQueueTaskScheduler.assignTasks"),
    ("one reduce per heartbeat", "JobQueueTaskScheduler.assignTasks"),
    ("一个跨机架 map", "JobQueueTaskScheduler.assignTasks"),
    ("一个 reduce", "JobQueueTaskScheduler.assignTasks"),
    ("一个 off-switch map", "JobQueueTaskScheduler.assignTasks"),
    ("一個跨機架 map", "JobQueueTaskScheduler.assignTasks"),
    ("一個 reduce", "JobQueueTaskScheduler.assignTasks"),
    ("一個 off-switch map", "JobQueueTaskScheduler.assignTasks"),
    // 1000 ms × trackers / mapred.heartbeats.in.second.
    ("1000 ms ×", "JobTracker.getNextHeartbeatInterval"),
    // ⌈slots × min(1, demand / cluster slots)⌉: at most the tracker's own slots.
    ("min(1,", "CapBasedLoadManager.getCap"),
    // mapred.fairscheduler.assignmultiple.maps: −1 = no limit of its own.
    ("default −1", "FairScheduler.assignTasks"),
    ("默认 −1", "FairScheduler.assignTasks"),
    ("默認 −1", "FairScheduler.assignTasks"),
    ("預設 −1", "FairScheduler.assignTasks"),
    // The delay scheduling paper's bound on node locality (its 1s are the formula's).
    ("l(D) ≥ 1 − e^(−RD/M) / (N(1 − e^(−RD/M)))", "sim::sweep (the paper's bound)"),
    // The dataset the delay scheduling paper's job-size bins come from (a name, not a value).
    ("Facebook's 2009", "sim::metrics::by_size (Facebook 2009 bins)"),
    ("Facebook 2009", "sim::metrics::by_size (Facebook 2009 bins)"),
    // The Spark release whose TaskSchedulerImpl.resourceOffers resets the timer after a round
    // without rejects (SPARK-18886), and the last one that reset it on every launch.
    ("Spark 3.1", "TaskSchedulerImpl.resourceOffers (SPARK-18886)"),
    ("Spark 3.0", "TaskSetManager.resourceOffer (legacyResetOnTaskLaunch)"),
];

#[rustfmt::skip]
const EN_WORDS: &[&str] = &[
    "zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen",
    "nineteen", "twenty", "hundred", "thousand", "twice",
];

/// Chinese numerals (Simplified and Traditional forms).
#[rustfmt::skip]
const ZH_NUMERALS: &[char] = &[
    '〇', '零', '一', '二', '两', '兩', '三', '四', '五', '六', '七', '八', '九', '十', '百', '千',
    '万', '萬', '亿', '億', '俩', '倆',
];

/// Words that contain a numeral character but state no number: "the same", "another",
/// "each", "the previous", "the next", "the last" say which, not how many (like 第一); "a
/// kind", "a moment", "always", "at once", "consistent", "only", ...
#[rustfmt::skip]
const ZH_WORDS: &[&str] = &[
    "一样", "一樣", "一起", "一直", "一旦", "一定", "一般", "一致", "一切", "统一", "統一",
    "唯一", "进一步", "進一步", "一边", "一邊", "万一", "萬一", "一下子", "一味", "百分比",
    "同一", "另一", "每一", "上一", "下一", "最后一", "最後一", "一种", "一種", "一会儿",
    "一會兒",
];

fn word_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_'
}

/// Arabic numerals that do not continue an identifier (`J1`, `tt4`, `r1n2`, `m2#0`).
fn arabic(text: &str) -> Vec<String> {
    let c: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if !word_char(c[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < c.len() && word_char(c[i]) {
            i += 1;
        }
        // `m2#0`: the attempt after `#` belongs to the task id; `HADOOP-3136`: an issue id.
        let after_id = start > 1
            && ((c[start - 1] == '#' && word_char(c[start - 2]))
                || (c[start - 1] == '-' && c[start - 2].is_ascii_uppercase()));
        if c[start].is_ascii_digit() && !after_id {
            out.push(c[start..i].iter().collect());
        }
    }
    out
}

fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| EN_WORDS.contains(&w.to_ascii_lowercase().as_str()))
        .map(str::to_string)
        .collect()
}

fn chinese_numerals(text: &str) -> Vec<String> {
    let mut t = text.to_string();
    for w in ZH_WORDS {
        t = t.replace(w, "");
    }
    let c: Vec<char> = t.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < c.len() {
        if !ZH_NUMERALS.contains(&c[i]) {
            i += 1;
            continue;
        }
        let start = i;
        while i < c.len() && ZH_NUMERALS.contains(&c[i]) {
            i += 1;
        }
        // An ordinal (第一, 第三): says which, not how many — like English "first", "third".
        if start == 0 || c[start - 1] != '第' {
            out.push(c[start..i].iter().collect());
        }
    }
    out
}

/// The numbers written by hand in a text (placeholders taken out, constants excepted).
fn hand_written(template: &str, hant_too: bool) -> Vec<String> {
    let mut s = lesson::text::skeleton(template, " ");
    if hant_too {
        s = hant::to_hant(&s);
    }
    for (phrase, _) in CONSTANTS {
        s = s.replace(phrase, " ");
    }
    let mut out = arabic(&s);
    out.extend(english_words(&s));
    out.extend(chinese_numerals(&s));
    out
}

#[test]
fn number_scanning_finds_numerals_and_number_words_but_not_ids() {
    assert_eq!(arabic("J1 on tt4 (r1n2, /rack1) ran m2#0 (HADOOP-3136)"), Vec::<String>::new());
    assert_eq!(arabic("waited 6000 ms, 5.5 s, 3 个"), vec!["6000", "5", "5", "3"]);
    assert_eq!(english_words("One map, then two of J2's, twice"), vec!["One", "two", "twice"]);
    assert_eq!(chinese_numerals("第一个 map 之后，两个 slot 空着，一样"), vec!["两"]);
    assert_eq!(hand_written("waited {fair.waited J1|s} s, one more", false), vec!["one"]);
    assert_eq!(hand_written("FIFO launches one off-switch map", false), Vec::<String>::new());
    assert_eq!(hand_written("等了三秒", true), vec!["三"]);
}

#[test]
fn every_number_in_a_step_comes_from_the_run() {
    let mut problems = Vec::new();
    for (id, json) in lesson::builtin() {
        let l = lesson::parse(json).unwrap_or_else(|e| panic!("lesson {id}:\n{e}"));
        let r = lesson::resolve(&l);
        // The title and summary too: shown before the run, with configuration references only.
        for (what, b) in [("title", &l.title), ("summary", &l.summary)] {
            for (lang, t, hant_too) in [("en", &b.en, false), ("zh", &b.zh, false), ("zh-Hant", &b.zh, true)] {
                let found = hand_written(t, hant_too);
                if !found.is_empty() {
                    problems.push(format!("{id} {what} ({lang}): {found:?} in {t:?}"));
                }
            }
        }
        // The recap too: shown on the last step, about the whole run, with configuration
        // references only.
        if let Some(rc) = &l.recap {
            for (lang, lines, hant_too) in [("en", &rc.en, false), ("zh", &rc.zh, false), ("zh-Hant", &rc.zh, true)] {
                for (k, t) in lines.iter().enumerate() {
                    let found = hand_written(t, hant_too);
                    if !found.is_empty() {
                        problems.push(format!("{id} recap[{k}] ({lang}): {found:?} in {t:?}"));
                    }
                }
            }
        }
        for (i, s) in l.steps.iter().enumerate() {
            let mut texts = vec![("text", &s.text)];
            if let Some(p) = &s.predict {
                texts.push(("question", &p.question));
                texts.extend(p.choices.iter().map(|c| ("choice", &c.text)));
            }
            for (what, b) in texts {
                for (lang, t, hant_too) in [("en", &b.en, false), ("zh", &b.zh, false), ("zh-Hant", &b.zh, true)] {
                    let found = hand_written(t, hant_too);
                    if !found.is_empty() {
                        problems.push(format!("{id} step {i} {what} ({lang}): {found:?} in {t:?}"));
                    }
                }
            }
            // Every placeholder was filled: no `?` left where the template had none.
            if let Some(f) = r.texts(i) {
                for (tmpl, out) in [(&s.text.en, &f.text.en), (&s.text.zh, &f.text.zh)] {
                    assert!(!out.contains('{'), "{id} step {i}: unfilled {out:?}");
                    assert_eq!(out.matches('?').count() - tmpl.matches('?').count(), 0, "{id} step {i}: {out:?}");
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} texts with hand-written numbers:\n{}", problems.len(), problems.join("\n"));
}

/// A placeholder that names nothing of the lesson is refused when the lesson is read, with the
/// text's JSON path and what was expected.
#[test]
fn bad_placeholders_are_errors_with_their_path() {
    let json = lesson::builtin().iter().find(|(id, _)| *id == "capacity-user-limits").unwrap().1;
    let mut v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["steps"][0]["text"]["en"] = "{cap.limt J1} {job.maps J9} {cap.used nosuch} {$.config.nope} {time|q}".into();
    v["steps"][2]["predict"]["choices"][1]["text"]["zh"] = "{time".into();
    v["summary"]["en"] = "At {time|s} s".into();
    let e = lesson::parse(&v.to_string()).unwrap_err();
    let msgs: Vec<String> = e.errors.iter().map(|x| format!("{}: {}", x.path, x.message)).collect();
    let has = |path: &str, what: &str| msgs.iter().any(|m| m.starts_with(path) && m.contains(what));
    assert!(has("$.steps[0].text.en", "unknown value \"cap.limt\"; did you mean \"cap.limit\"?"), "{msgs:#?}");
    assert!(has("$.steps[0].text.en", "found \"J9\" for the Job argument"), "{msgs:#?}");
    assert!(
        has("$.steps[0].text.en", "found \"nosuch\" for the Group argument, expected a queue or pool"),
        "{msgs:#?}"
    );
    assert!(has("$.steps[0].text.en", "the scenario has no $.config.nope"), "{msgs:#?}");
    assert!(has("$.steps[0].text.en", "found format \"q\""), "{msgs:#?}");
    assert!(has("$.steps[2].predict.choices[1].text.zh", "unclosed placeholder"), "{msgs:#?}");
    assert!(has("$.summary.en", "shown before the run, so expected a configuration reference"), "{msgs:#?}");
    assert_eq!(msgs.len(), 7, "{msgs:#?}");
}

/// The filled text states what the run did, in every language: fair-starvation's clock is the
/// pool's (counted from its creation at 0 s, 6.5 s at the heartbeat that lets J2 run anywhere),
/// and capacity-user-limits quotes the user limit the decision computed.
#[test]
fn placeholders_are_filled_from_the_run_at_the_step() {
    let get = |id: &str| lesson::parse(lesson::builtin().iter().find(|(i, _)| *i == id).unwrap().1).unwrap();
    let l = get("fair-starvation");
    let r = lesson::resolve(&l);
    let s = l.summary_shown();
    assert!(s.en.contains("minMaps 2, minSharePreemptionTimeout 5 s") && s.zh.contains("本地性延迟为 60 秒"), "{s:?}");
    let t = &r.texts(2).unwrap().text;
    assert!(t.en.contains("creation, 0 s: 6.5 s, past the 5 s timeout"), "{}", t.en);
    assert!(t.en.ends_with("J2 may run anywhere: 2 off-switch maps."), "{}", t.en);
    assert!(t.zh.contains("已过 6.5 秒，超过 5 秒的超时时间"), "{}", t.zh);
    assert!(hant::to_hant(&t.zh).contains("6.5"), "繁體 keeps the filled numbers");
    assert_eq!(r.texts(2).unwrap().question.as_ref().unwrap().en.split(" s ").next(), Some("At 6.5"));
    let l = get("capacity-user-limits");
    let r = lesson::resolve(&l);
    let t = &r.texts(2).unwrap().text.en;
    assert!(t.contains("currentCapacity 11, limit = max(⌈11/2⌉, ⌈50% × 11⌉) = 6. alice holds 10"), "{t}");
}
