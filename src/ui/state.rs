//! Page state: the built-in scenarios, the selected one, and its simulation.
//! `Lab::reduce` is a thin adapter over `Simulation`'s stepping API.

use std::rc::Rc;

use yew::Reducible;

use crate::scenario;
use crate::sim::Simulation;

/// A built-in scenario as the picker shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct ScenarioEntry {
    pub id: &'static str,
    pub title: String,
    pub description: String,
    pub json: &'static str,
}

impl ScenarioEntry {
    fn new(id: &'static str, json: &'static str) -> ScenarioEntry {
        let value: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let text = |key: &str| -> String {
            match value.get(key) {
                Some(serde_json::Value::String(s)) => s.clone(),
                Some(obj @ serde_json::Value::Object(_)) => obj
                    .get("en")
                    .and_then(|v| v.as_str())
                    .unwrap_or_default()
                    .to_string(),
                _ => String::new(),
            }
        };
        let title = text("title");
        ScenarioEntry {
            id,
            title: if title.is_empty() {
                id.to_string()
            } else {
                title
            },
            description: text("description"),
            json,
        }
    }
}

/// Everything the page shows. Each action builds a new value (yew 0.23 skips the re-render
/// when `reduce` returns the same `Rc`).
#[derive(Clone)]
pub struct Lab {
    pub scenarios: Rc<[ScenarioEntry]>,
    pub selected: usize,
    /// The simulation, or the scenario's validation errors as text lines.
    pub sim: Result<Simulation, Vec<String>>,
}

pub enum Action {
    /// Load the built-in scenario with this index.
    Select(usize),
    /// Run until the next heartbeat.
    Next,
    /// Go back one heartbeat.
    Prev,
}

impl Lab {
    pub fn new() -> Lab {
        let scenarios: Rc<[ScenarioEntry]> = scenario::builtin()
            .iter()
            .map(|&(id, json)| ScenarioEntry::new(id, json))
            .collect();
        let sim = load(scenarios.first());
        Lab {
            scenarios,
            selected: 0,
            sim,
        }
    }

    pub fn current(&self) -> Option<&ScenarioEntry> {
        self.scenarios.get(self.selected)
    }
}

impl Default for Lab {
    fn default() -> Lab {
        Lab::new()
    }
}

fn load(entry: Option<&ScenarioEntry>) -> Result<Simulation, Vec<String>> {
    let Some(entry) = entry else {
        return Err(vec!["No built-in scenarios.".to_string()]);
    };
    Simulation::from_json(entry.json).map_err(|errs| {
        let mut lines: Vec<String> = errs
            .errors
            .iter()
            .map(|e| format!("{}: {}", e.path, e.message))
            .collect();
        if lines.is_empty() {
            lines.push(errs.to_string());
        }
        lines
    })
}

impl Reducible for Lab {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match action {
            Action::Select(index) => {
                if index >= self.scenarios.len() {
                    return self;
                }
                Rc::new(Lab {
                    scenarios: self.scenarios.clone(),
                    selected: index,
                    sim: load(self.scenarios.get(index)),
                })
            }
            Action::Next | Action::Prev => {
                let Ok(sim) = &self.sim else { return self };
                let mut sim = sim.clone();
                let moved = match action {
                    Action::Next => sim.step_forward(),
                    _ => sim.step_back(),
                };
                if !moved && sim.hb() == self.sim.as_ref().map(|s| s.hb()).unwrap_or(0) {
                    // Nothing changed the heartbeat; still publish (e.g. `finished` may flip).
                    if sim.finished() == self.sim.as_ref().map(|s| s.finished()).unwrap_or(false) {
                        return self;
                    }
                }
                Rc::new(Lab {
                    scenarios: self.scenarios.clone(),
                    selected: self.selected,
                    sim: Ok(sim),
                })
            }
        }
    }
}
