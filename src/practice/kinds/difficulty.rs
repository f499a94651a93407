//! How hard a practice question is (not part of Hadoop): what a kind's scenario builder and
//! `pose` are given, and what a set asks for.

use crate::lesson::Bi;

/// How hard a question is: the size of the cluster and the workload, and which situations are
/// chosen (e.g. a remembered locality level, priorities, ties between rules).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];
    pub fn as_str(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }
    /// `easy`, `medium`, `hard`, or `1`, `2`, `3`.
    pub fn parse(s: &str) -> Option<Difficulty> {
        match s {
            "easy" | "1" => Some(Difficulty::Easy),
            "medium" | "2" => Some(Difficulty::Medium),
            "hard" | "3" => Some(Difficulty::Hard),
            _ => None,
        }
    }
    pub fn level(self) -> u32 {
        self as u32 + 1
    }
    pub fn title(self) -> Bi {
        let (en, zh) = match self {
            Difficulty::Easy => ("easy", "简单"),
            Difficulty::Medium => ("medium", "中等"),
            Difficulty::Hard => ("hard", "困难"),
        };
        Bi { en: en.into(), zh: zh.into() }
    }
}
