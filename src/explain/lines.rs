//! A rendered explanation line with its kind, decided where the line is written (the renderer
//! knows whether it reports a launch or a rule that stopped assignment), so a reader of the
//! lines (the page's "why" panel) never has to guess the kind from the words.

use serde::{Deserialize, Serialize};

/// What one explanation line reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LineKind {
    /// The heartbeat itself: number, time, tracker.
    Heartbeat,
    /// An order the scheduler walks: the job queue, the pools, the queues.
    Order,
    /// A task given to the tracker.
    Launch,
    /// A rule that stopped or limited assignment (padding, the off-switch limit, a reservation,
    /// a preemption, a cap).
    Rule,
    /// Any other step of the reasoning.
    Step,
    /// The heartbeat's outcome.
    Result,
}

/// One line and its kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Line {
    pub kind: LineKind,
    pub text: String,
}

/// The lines of one heartbeat as they are written.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Lines(pub Vec<Line>);

impl Lines {
    /// A step of the reasoning (the most common kind).
    pub fn push(&mut self, text: impl Into<String>) {
        self.add(LineKind::Step, text);
    }
    pub fn add(&mut self, kind: LineKind, text: impl Into<String>) {
        self.0.push(Line { kind, text: text.into() });
    }
    pub fn texts(&self) -> Vec<String> {
        self.0.iter().map(|l| l.text.clone()).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_round_trip_through_serde() {
        use LineKind::*;
        for (k, name) in [
            (Heartbeat, "heartbeat"),
            (Order, "order"),
            (Launch, "launch"),
            (Rule, "rule"),
            (Step, "step"),
            (Result, "result"),
        ] {
            let line = Line { kind: k, text: "x".into() };
            let v = serde_json::to_value(&line).unwrap();
            assert_eq!(v["kind"], name);
            assert_eq!(serde_json::from_value::<Line>(v).unwrap(), line);
        }
        assert!(serde_json::from_str::<LineKind>("\"Launch\"").is_err());
    }
}
