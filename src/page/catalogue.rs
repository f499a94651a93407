//! What the page can open: the built-in scenarios (`scenario::builtin`, plus the generated
//! 4,000-node cluster), the built-in lessons, and the scenarios the user saved in this browser.

use std::cell::OnceCell;

use super::lesson::LessonEntry;
use super::shared::Shared;
use crate::i18n::Lang;
use crate::scenario::generator::generate;
use crate::sim::bench::{BenchCase, workload};

/// A built-in scenario as the picker shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioEntry {
    pub id: &'static str,
    pub title: (String, String),
    pub description: (String, String),
    /// The scenario text; empty for a generated entry (see `text`).
    pub json: &'static str,
    /// Generated on first use (the 4,000-node cluster).
    pub generated: bool,
}

impl ScenarioEntry {
    pub fn new(id: &'static str, json: &'static str) -> ScenarioEntry {
        let value: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let text = |key: &str| -> (String, String) {
            match value.get(key) {
                Some(serde_json::Value::String(s)) => (s.clone(), s.clone()),
                Some(obj @ serde_json::Value::Object(_)) => {
                    let en = obj.get("en").and_then(|v| v.as_str()).unwrap_or_default().to_string();
                    let zh = obj.get("zh").and_then(|v| v.as_str()).map(str::to_string).unwrap_or_else(|| en.clone());
                    (en, zh)
                }
                _ => (String::new(), String::new()),
            }
        };
        let mut title = text("title");
        if title.0.is_empty() {
            title = (id.to_string(), id.to_string());
        }
        ScenarioEntry { id, title, description: text("description"), json, generated: false }
    }

    /// The scenario text (generating it on first use for a generated entry).
    pub fn text(&self) -> &'static str {
        if self.generated { big_cluster_text() } else { self.json }
    }

    pub fn title(&self, lang: Lang) -> &str {
        lang.pick(&self.title.0, &self.title.1)
    }

    pub fn description(&self, lang: Lang) -> &str {
        lang.pick(&self.description.0, &self.description.1)
    }
}

/// The built-in "4,000-node cluster": generated on first use (deterministic from its seed, the
/// `schedscope bench` workload for 4,000 nodes and 100,000 tasks under FIFO) rather than
/// compiled in, so it costs nothing until picked.
pub const BIG_CLUSTER_ID: &str = "big-cluster-4000";
pub const BIG_CLUSTER_NODES: u32 = 4_000;
pub const BIG_CLUSTER_TASKS: u64 = 100_000;

thread_local! {
    static BIG_TEXT: OnceCell<&'static str> = const { OnceCell::new() };
}

/// The big cluster's text, generated once per page (then kept for the page's life).
pub fn big_cluster_text() -> &'static str {
    BIG_TEXT.with(|c| {
        *c.get_or_init(|| {
            let spec =
                workload(&BenchCase { scheduler: "fifo".into(), nodes: BIG_CLUSTER_NODES, tasks: BIG_CLUSTER_TASKS });
            let mut v = generate(&spec);
            v["id"] = BIG_CLUSTER_ID.into();
            Box::leak(serde_json::to_string(&v).unwrap_or_default().into_boxed_str())
        })
    })
}

/// The picker's entry for the big cluster (its text generated on demand).
pub fn big_cluster_entry() -> ScenarioEntry {
    ScenarioEntry {
        id: BIG_CLUSTER_ID,
        title: ("Big cluster: 4,000 nodes (generated)".into(), "大集群：4000 个节点（生成）".into()),
        description: (
            "A generated workload at Yahoo!/Facebook scale of the Hadoop 1 era: 100 racks × 40 TaskTrackers (4 map + 2 reduce slots each), 100,000 tasks with Facebook 2009 job sizes, FIFO. The grid is drawn as pixels, one per slot.".into(),
            "按 Hadoop 1 时代 Yahoo!/Facebook 规模生成的负载：100 个机架 × 40 个 TaskTracker（每个 4 个 map 槽位、2 个 reduce 槽位），100000 个任务，作业规模取自 Facebook 2009，FIFO。集群图以像素绘制，每个槽位一个像素。".into(),
        ),
        json: "",
        generated: true,
    }
}

/// The built-in scenarios and lessons: made once per page, never changed.
#[derive(Clone, Debug, PartialEq)]
pub struct Catalogue {
    pub scenarios: Shared<[ScenarioEntry]>,
    pub lessons: Shared<[LessonEntry]>,
}

impl Catalogue {
    pub fn builtin() -> Catalogue {
        let scenarios: Vec<ScenarioEntry> = crate::scenario::builtin()
            .iter()
            .map(|&(id, json)| ScenarioEntry::new(id, json))
            .chain([big_cluster_entry()])
            .collect();
        Catalogue { scenarios: scenarios.into(), lessons: super::lesson::builtin_lessons().into() }
    }

    /// The first built-in scenario's text (what the page opens on).
    pub fn first_text(&self) -> &'static str {
        self.scenarios.first().map(|s| s.json).unwrap_or("{}")
    }
}

/// A scenario saved in the browser.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Saved {
    pub name: String,
    pub text: String,
}

/// Most scenarios kept in the browser (the oldest is dropped).
pub const MAX_SAVED: usize = 20;

/// The scenarios saved in this browser, and how many saves were asked for on this page (the
/// page writes the list to storage after each one and says whether it could).
#[derive(Clone, Debug, PartialEq)]
pub struct SavedList {
    pub list: Shared<Vec<Saved>>,
    pub saves: u64,
}

impl SavedList {
    /// The list as stored (`None`, or what cannot be read: none saved).
    pub fn from_stored(stored: Option<&str>) -> SavedList {
        let list = stored.and_then(|s| serde_json::from_str(s).ok()).unwrap_or_default();
        SavedList { list: Shared::new(list), saves: 0 }
    }

    /// Save `text` under `name`, first in the list (replacing a scenario of that name).
    pub fn save(&mut self, name: &str, text: &str) {
        let mut list: Vec<Saved> = self.list.iter().filter(|s| s.name != name).cloned().collect();
        list.insert(0, Saved { name: name.to_string(), text: text.to_string() });
        list.truncate(MAX_SAVED);
        self.list = Shared::new(list);
        self.saves += 1;
    }

    /// What storage keeps.
    pub fn to_stored(&self) -> String {
        serde_json::to_string(&*self.list).unwrap_or_default()
    }

    pub fn find(&self, name: &str) -> Option<&Saved> {
        self.list.iter().find(|s| s.name == name)
    }
}
