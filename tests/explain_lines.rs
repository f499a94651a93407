//! Every explanation line carries the kind its renderer gave it: one heartbeat line first, one
//! result line last, a launch line for every task given, a rule line where a rule stopped
//! assignment; the plain text is the same lines.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::explain::lines::LineKind;
use schedscope::explain::text;
use schedscope::explain::{Decision, HeartbeatRecord};
use schedscope::i18n::Lang;
use schedscope::model::TaskType;
use schedscope::sched::fifo::{MapStop, ReduceStop};
use schedscope::sim::Simulation;

fn records(id: &str, n: u64) -> Vec<HeartbeatRecord> {
    let json = schedscope::scenario::builtin().iter().find(|(i, _)| *i == id).expect("built in").1;
    let mut sim = Simulation::from_json(json).unwrap();
    sim.run_to_end(n);
    sim.records().to_vec()
}

fn check(r: &HeartbeatRecord, lang: Lang) {
    let lines = text::render_lines(r, lang);
    let kinds: Vec<LineKind> = lines.0.iter().map(|l| l.kind).collect();
    assert_eq!(kinds.first(), Some(&LineKind::Heartbeat));
    assert_eq!(kinds.last(), Some(&LineKind::Result));
    assert_eq!(kinds.iter().filter(|k| **k == LineKind::Heartbeat).count(), 1);
    assert_eq!(kinds.iter().filter(|k| **k == LineKind::Result).count(), 1);
    assert_eq!(lines.texts(), text::render(r, lang));
    let launches = kinds.iter().filter(|k| **k == LineKind::Launch).count();
    if r.assigned.is_empty() {
        assert_eq!(launches, 0, "hb {}: {:?}", r.hb, lines);
    } else {
        assert!(launches > 0, "hb {}: {:?}", r.hb, lines);
    }
    if let Decision::Fifo(d) = &r.decision {
        for a in r.assigned.iter().filter(|a| a.kind == TaskType::Map) {
            let id = a.attempt_id().to_string();
            assert!(lines.0.iter().any(|l| l.kind == LineKind::Launch && l.text.starts_with(&id)), "{id}: {lines:?}");
        }
        let by_rule = matches!(d.map_stop, MapStop::PaddingExceeded { .. } | MapStop::OffSwitch { .. });
        let padded = [&d.map_padding, &d.reduce_padding].iter().any(|p| p.as_ref().is_some_and(|p| p.exceeded));
        let only_first = matches!(d.reduce_stop, ReduceStop::PaddingOnlyFirst { .. });
        assert_eq!(kinds.contains(&LineKind::Rule), by_rule || padded || only_first, "hb {}: {lines:?}", r.hb);
        assert!(kinds.contains(&LineKind::Order), "the job queue");
    }
}

#[test]
fn every_builtin_heartbeat_has_its_line_kinds() {
    let mut rules = 0;
    for (id, _) in schedscope::scenario::builtin() {
        if id.starts_with("paper-") || id.contains("sweep") {
            continue; // long automatic runs; the same renderers
        }
        for r in records(id, 300) {
            for lang in [Lang::En, Lang::Zh] {
                check(&r, lang);
            }
            rules += text::render_lines(&r, Lang::En).0.iter().filter(|l| l.kind == LineKind::Rule).count();
        }
    }
    assert!(rules > 10, "{rules} rule lines");
}

/// The off-switch rule of FIFO: the line that ends map assignment after the one non-local map
/// is a rule in both languages (the page tinted it by searching English words before).
#[test]
fn the_off_switch_stop_is_a_rule_in_both_languages() {
    let recs = records("fifo-two-racks", 300);
    let r = recs
        .iter()
        .find(|r| matches!(&r.decision, Decision::Fifo(d) if matches!(d.map_stop, MapStop::OffSwitch { .. })))
        .expect("an off-switch stop");
    for lang in [Lang::En, Lang::Zh] {
        let lines = text::render_lines(r, lang);
        let rule = lines.0.iter().filter(|l| l.kind == LineKind::Rule).count();
        assert!(rule >= 1, "{lines:?}");
    }
}
