//! 繁體 uses Taiwan's terms: every lesson, every kind of practice question, the stage's and the
//! page's labels and the decision text, as the page shows them in 繁體 (`i18n::to_hant`), hold
//! none of the mainland forms listed in `MAINLAND` outside a marked gloss (`（又稱延遲調度）`,
//! where a lesson gives the seed article's term once), and do hold Taiwan's forms.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::i18n::{self, Lang, to_hant};
use schedscope::practice::{Difficulty, kinds, situation};

/// (the mainland form, as a plain character conversion writes it; Taiwan's form).
const MAINLAND: &[(&str, &str)] = &[
    ("數據", "資料"),
    ("調度", "排程"),
    ("集群", "叢集"),
    ("遠程", "遠端"),
    ("運行", "執行"),
    ("默認", "預設"),
    ("信息", "資訊"),
    ("設置", "設定"),
    ("內存", "記憶體"),
    ("隊列", "佇列"),
    ("用戶", "使用者"),
    ("線程", "執行緒"),
    ("網絡", "網路"),
    ("文件", "檔案"),
    ("服務器", "伺服器"),
    ("軟件", "軟體"),
    ("代碼", "程式碼"),
    ("視頻", "影片"),
    ("鏈接", "連結"),
    ("導出", "匯出"),
    ("導入", "匯入"),
    ("加載", "載入"),
    ("屏幕", "螢幕"),
    ("窗口", "視窗"),
    ("菜單", "選單"),
    ("鼠標", "滑鼠"),
    ("緩存", "快取"),
    ("模塊", "模組"),
    ("變量", "變數"),
    ("算法", "演算法"),
    ("接口", "介面"),
    ("字符串", "字串"),
    ("幻燈片", "投影片"),
    ("源代碼", "原始碼"),
    ("分佈式", "分散式"),
    ("帶寬", "頻寬"),
    ("硬盤", "硬碟"),
    ("磁盤", "磁碟"),
    ("打印", "列印"),
    ("實時", "即時"),
    ("超時", "逾時"),
    ("快捷鍵", "快速鍵"),
    ("標籤頁", "分頁"),
    ("並行", "平行"),
];

/// Taiwan's forms of the concepts SchedScope teaches: each must appear.
const MUST_APPEAR: &[&str] = &["資料本地性", "延遲排程", "叢集", "遠端", "執行", "排程器"];

/// Every `zh` string of a serialised value (lessons and questions carry `{en, zh}` pairs).
fn zh_strings(v: &serde_json::Value, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Object(m) => {
            for (k, x) in m {
                match x {
                    serde_json::Value::String(s) if k == "zh" => out.push(s.clone()),
                    _ => zh_strings(x, out),
                }
            }
        }
        serde_json::Value::Array(a) => a.iter().for_each(|x| zh_strings(x, out)),
        _ => {}
    }
}

/// `text` without its marked glosses: `（又稱…）`.
fn without_glosses(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(i) = rest.find("（又稱") {
        out.push_str(&rest[..i]);
        match rest[i..].find('）') {
            Some(j) => rest = &rest[i + j + '）'.len_utf8()..],
            None => rest = "",
        }
    }
    out + rest
}

/// (where, text in 繁體) for everything checked.
fn shown() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for (id, json) in schedscope::lesson::builtin() {
        let lesson = schedscope::lesson::parse(json).unwrap();
        let mut zh = Vec::new();
        zh_strings(&serde_json::to_value(&lesson).unwrap(), &mut zh);
        assert!(!zh.is_empty(), "lesson {id} has Chinese text");
        out.extend(zh.into_iter().map(|t| (format!("lesson {id}"), to_hant(&t))));
    }
    for k in kinds::KINDS {
        for (i, d) in Difficulty::ALL.into_iter().enumerate() {
            for seed in 0..4u64 {
                let Some(q) = situation::generate(k, 31 * seed + i as u64, d) else { continue };
                let mut zh = Vec::new();
                zh_strings(&serde_json::to_value(&q).unwrap(), &mut zh);
                out.extend(zh.into_iter().map(|t| (format!("question {} seed {}", k.id, q.seed), to_hant(&t))));
            }
        }
    }
    for (what, table) in i18n::TABLES {
        out.extend(table.iter().map(|text| (format!("{what} label {}", text.key), to_hant(text.zh))));
    }
    for (id, json) in schedscope::scenario::builtin() {
        let mut sim = schedscope::sim::Simulation::from_json(json).unwrap();
        for _ in 0..200 {
            if !sim.step_forward() {
                break;
            }
            let lines = schedscope::explain::text::render(sim.last_record().unwrap(), Lang::Zh);
            out.extend(lines.into_iter().map(|l| (format!("decision text of {id}"), to_hant(&l))));
        }
    }
    out
}

#[test]
fn traditional_chinese_uses_taiwan_terms() {
    let texts = shown();
    let mut wrong = Vec::new();
    for (where_, text) in &texts {
        let plain = without_glosses(text);
        for (mainland, taiwan) in MAINLAND {
            if plain.contains(mainland) {
                wrong.push(format!("{where_}: {mainland} (Taiwan: {taiwan}) in {text}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} mainland terms:\n{}", wrong.len(), wrong.join("\n"));
    for term in MUST_APPEAR {
        assert!(texts.iter().any(|(_, t)| t.contains(term)), "{term} appears nowhere");
    }
}

#[test]
fn a_marked_gloss_is_allowed_and_only_that() {
    assert_eq!(without_glosses("延遲排程（又稱延遲調度）讓作業等待"), "延遲排程讓作業等待");
    assert_eq!(without_glosses("延遲調度（見下文）"), "延遲調度（見下文）");
    assert_eq!(to_hant("延迟调度"), "延遲排程");
    assert_eq!(to_hant("数据本地性"), "資料本地性");
    assert_eq!(to_hant("集群"), "叢集");
}
