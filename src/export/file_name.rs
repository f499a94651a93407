//! The names of exported files, after what the page shows: the lesson (else the scenario), the
//! scheduler actually running it (a built-in switched to Fair is no longer named as the FIFO
//! built-in alone), and for a picture of the grid the heartbeat, e.g.
//! `fifo-two-racks-fair-hb61.png`. The trace and the log hold the whole run, so their names
//! carry no heartbeat. Every part is made safe for common file systems.

use crate::i18n::Locale;
use crate::scenario::SchedulerKind;

/// The longest a name part may be, in characters.
const MAX_PART: usize = 48;

/// `s` as one part of a file name: letters and digits (any script) and `_` kept, every other
/// run of characters (separators `/ \ : * ? " < > |`, dots, spaces, controls) one `-`, no `-`
/// at either end, at most `MAX_PART` characters; empty when nothing is left.
pub fn part(s: &str) -> String {
    let mut out = String::new();
    for c in s.chars() {
        if c.is_alphanumeric() || c == '_' {
            out.push(c);
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let cut: String = out.chars().take(MAX_PART).collect();
    cut.trim_end_matches('-').to_string()
}

/// The names of the files one view exports.
#[derive(Debug, Clone, PartialEq)]
pub struct ExportNames {
    /// `<shown>-<scheduler>`.
    stem: String,
    hb: u64,
}

impl ExportNames {
    /// `shown`: the lesson's id, else the scenario's id (or its title); `hb`: the heartbeat shown.
    pub fn new(shown: &str, scheduler: SchedulerKind, hb: u64) -> Self {
        let name = part(shown);
        let name = if name.is_empty() { "schedscope".to_string() } else { name };
        Self { stem: format!("{name}-{}", part(scheduler.as_str())), hb }
    }

    /// The whole trace as JSON Lines (`run --json`'s lines).
    pub fn trace_json(&self) -> String {
        format!("{}-trace.jsonl", self.stem)
    }

    /// The whole trace as CSV.
    pub fn trace_csv(&self) -> String {
        format!("{}-trace.csv", self.stem)
    }

    /// The decision log in `locale` (`-log-en`, `-log-zh`, `-log-zh-Hant`).
    pub fn log(&self, locale: Locale) -> String {
        format!("{}-log-{}.txt", self.stem, locale.code())
    }

    /// The grid at the heartbeat shown, as `ext` (`svg`, `png`).
    pub fn grid(&self, ext: &str) -> String {
        format!("{}-hb{}.{ext}", self.stem, self.hb)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_say_what_is_shown_and_which_scheduler_runs_it() {
        let n = ExportNames::new("fifo-two-racks", SchedulerKind::Fair, 61);
        assert_eq!(n.grid("png"), "fifo-two-racks-fair-hb61.png");
        assert_eq!(n.grid("svg"), "fifo-two-racks-fair-hb61.svg");
        assert_eq!(n.trace_json(), "fifo-two-racks-fair-trace.jsonl");
        assert_eq!(n.trace_csv(), "fifo-two-racks-fair-trace.csv");
        assert_eq!(n.log(Locale::Zh), "fifo-two-racks-fair-log-zh.txt");
        assert_eq!(n.log(Locale::ZhHant), "fifo-two-racks-fair-log-zh-Hant.txt");
        let n = ExportNames::new("fair-delay-scheduling", SchedulerKind::LimitTasksPerJob, 0);
        assert_eq!(n.grid("png"), "fair-delay-scheduling-limit_tasks_per_job-hb0.png");
        assert_eq!(
            ExportNames::new("fifo-two-racks", SchedulerKind::Capacity, 7).trace_json(),
            "fifo-two-racks-capacity-trace.jsonl"
        );
    }

    #[test]
    fn parts_are_safe_on_every_file_system() {
        assert_eq!(part("fifo-two-racks"), "fifo-two-racks");
        assert_eq!(part("../../etc/passwd"), "etc-passwd");
        assert_eq!(part(r#"a/b\c:d*e?f"g<h>i|j"#), "a-b-c-d-e-f-g-h-i-j");
        assert_eq!(part("  My scenario. v2 \u{202e}gpj.exe\n"), "My-scenario-v2-gpj-exe");
        assert_eq!(part("公平调度 · 延迟调度"), "公平调度-延迟调度");
        assert_eq!(part("...---..."), "");
        assert_eq!(part(&"x".repeat(200)).chars().count(), MAX_PART);
        assert_eq!(part(&format!("{}-{}", "a".repeat(MAX_PART - 1), "b")), "a".repeat(MAX_PART - 1));
        // Nothing usable left: the page's name.
        assert_eq!(ExportNames::new("///", SchedulerKind::Fifo, 3).grid("svg"), "schedscope-fifo-hb3.svg");
        assert_eq!(ExportNames::new("", SchedulerKind::Fifo, 3).trace_csv(), "schedscope-fifo-trace.csv");
        let names = ExportNames::new("<CON>: a\u{0}b", SchedulerKind::Fair, 12);
        for name in [names.trace_json(), names.trace_csv(), names.log(Locale::En), names.grid("png")] {
            assert!(!name.starts_with(['.', '-']), "{name}");
            assert!(!name.chars().any(|c| c.is_control() || r#"/\:*?"<>| "#.contains(c)), "{name}");
        }
        assert_eq!(names.grid("png"), "CON-a-b-fair-hb12.png");
    }
}
