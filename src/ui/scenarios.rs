//! The scenarios the picker lists: the built-ins (`scenario::builtin`, plus the generated
//! 4,000-node cluster, `big_cluster`) and those the user saved in this browser.

use super::platform;
use super::state::KEY_SAVED;
use crate::i18n::Lang;

/// A built-in scenario as the picker shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioEntry {
    pub id: &'static str,
    pub title: (String, String),
    pub description: (String, String),
    /// The scenario text; empty for a generated entry (see `text`).
    pub json: &'static str,
    /// Generated on first use (`big_cluster`).
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
        if self.generated { super::big_cluster::text() } else { self.json }
    }

    pub fn title(&self, lang: Lang) -> &str {
        lang.pick(&self.title.0, &self.title.1)
    }
}

/// A scenario saved in the browser.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Saved {
    pub name: String,
    pub text: String,
}

/// The scenarios saved in this browser (none if what is stored cannot be read).
pub(super) fn load_saved() -> Vec<Saved> {
    platform::load(KEY_SAVED).and_then(|s| serde_json::from_str(&s).ok()).unwrap_or_default()
}
