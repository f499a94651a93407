//! Pseudo-code of the Hadoop 1.2.1 methods a heartbeat runs, written for SchedScope (not
//! Hadoop's source): short lines a student can read next to the grid, in English and Chinese.
//! Each line carries the id of the branch it belongs to ("" = always runs); `explain::code`
//! maps a heartbeat record to the branches taken. Branch ids are stable: the page and the tests
//! refer to them.
//!
//! The Chinese line keeps Hadoop's identifiers, the pseudo-code keywords and every condition
//! (`if X:`) exactly as the English line has them, so `explain::code::live` substitutes the
//! same values in both languages; only the prose is translated.

mod capacity;
mod fair;
mod fifo;
mod jip;

pub use capacity::{CAP_COMPARATOR, CAP_OFF_SWITCH, CAP_SLOTS_TO_JOB};
pub use fair::{FAIR_ASSIGN, FAIR_LEVEL};
pub use fifo::{FIFO_ASSIGN, FIFO_PADDING};
pub use jip::JIP_MAP;

use crate::i18n::Lang;

/// One line of pseudo-code.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Line {
    pub indent: u8,
    /// The line in English.
    pub text: &'static str,
    /// The line in Chinese: the same code, the prose in Chinese.
    pub zh: &'static str,
    /// The branch this line belongs to; "" for lines that always run.
    pub branch: &'static str,
}

impl Line {
    /// The line in `lang`.
    pub fn text_in(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.text,
            Lang::Zh => self.zh,
        }
    }
}

/// A mirrored Hadoop method.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Method {
    /// Stable id, e.g. `fair.getAllowedLocalityLevel`.
    pub id: &'static str,
    /// The Hadoop class and method, e.g. `FairScheduler.getAllowedLocalityLevel`.
    pub hadoop: &'static str,
    pub lines: &'static [Line],
}

impl Method {
    /// Every branch id the listing uses, in order of first appearance.
    pub fn branches(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for l in self.lines {
            if !l.branch.is_empty() && !out.contains(&l.branch) {
                out.push(l.branch);
            }
        }
        out
    }
}

/// A line with prose: English, then Chinese.
const fn l(indent: u8, text: &'static str, zh: &'static str, branch: &'static str) -> Line {
    Line { indent, text, zh, branch }
}

/// A line of pure code: the same in both languages.
const fn c(indent: u8, text: &'static str, branch: &'static str) -> Line {
    Line { indent, text, zh: text, branch }
}

/// Every listing, in the order the page offers them.
pub const METHODS: &[Method] =
    &[FIFO_ASSIGN, FIFO_PADDING, FAIR_ASSIGN, FAIR_LEVEL, CAP_COMPARATOR, CAP_SLOTS_TO_JOB, CAP_OFF_SWITCH, JIP_MAP];
