//! Exports for slides and analysis: the trace as JSON and CSV, the grid as SVG. Pure
//! functions of the records and the view; the page only offers the results as downloads
//! (and rasterises the SVG to PNG). `file_name` names the files.

pub mod file_name;

use crate::explain::HeartbeatRecord;
use crate::i18n::{Lang, k, t};
use crate::model::Locality;
use crate::sim::view::{ClusterView, SlotTask};
use std::fmt::Write as _;

/// The trace as JSON Lines: one line per heartbeat, each byte for byte the line
/// `schedscope run --json` prints for it (`explain::json::to_line`: the record's own field
/// order, numbers as JavaScript writes them), each ending in `\n`. The CLI's last line, the
/// run's summary, is not part of it: the page exports the heartbeats computed so far, which
/// need not be the whole run.
pub fn trace_jsonl(records: &[HeartbeatRecord]) -> String {
    let mut out = String::new();
    for r in records {
        out.push_str(&crate::explain::json::to_line(r));
        out.push('\n');
    }
    out
}

/// [`trace_jsonl`] under the name the page calls (`ui/dialogs`); the scenario's id is in
/// every file name already (`file_name`), and `run --json` lines do not carry it.
pub fn trace_json(_scenario_id: &str, records: &[HeartbeatRecord]) -> String {
    trace_jsonl(records)
}

pub const CSV_HEADER: &str = "hb,time_ms,tracker,host,job,type,index,attempt,locality,level,speculative,via";

/// One row per assignment; a heartbeat that assigned nothing still has one row with empty
/// task columns, so every heartbeat appears.
pub fn trace_csv(records: &[HeartbeatRecord]) -> String {
    let mut out = String::from(CSV_HEADER);
    out.push('\n');
    for r in records {
        let head = format!("{},{},{},{}", r.hb, r.time_ms, csv_field(&r.tracker), csv_field(&r.host));
        if r.assigned.is_empty() {
            let _ = writeln!(out, "{head},,,,,,,,");
        }
        for a in &r.assigned {
            let _ = writeln!(
                out,
                "{head},{},{},{},{},{},{},{},{}",
                a.job,
                a.kind,
                a.index,
                a.attempt,
                a.locality.map_or("", Locality::as_str),
                a.level.map(|l| l.to_string()).unwrap_or_default(),
                a.speculative,
                a.via
            );
        }
    }
    out
}

/// RFC 4180 quoting when needed; a leading `=+-@` is prefixed with `'` so a spreadsheet does
/// not run it as a formula.
pub fn csv_field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) { format!("'{s}") } else { s.to_string() };
    if s.contains([',', '"', '\n', '\r']) { format!("\"{}\"", s.replace('"', "\"\"")) } else { s }
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// Okabe–Ito job colours (as the page) and the ink readable on each.
pub const JOB_COLOURS: [(&str, &str); 7] = [
    ("#0072b2", "#ffffff"),
    ("#e69f00", "#17202b"),
    ("#cc79a7", "#17202b"),
    ("#009e73", "#ffffff"),
    ("#56b4e9", "#17202b"),
    ("#d55e00", "#ffffff"),
    ("#f0e442", "#17202b"),
];

pub fn job_colour(job: u32) -> (&'static str, &'static str) {
    JOB_COLOURS[(job.saturating_sub(1) % JOB_COLOURS.len() as u32) as usize]
}

const SLOT_W: u32 = 64;
const SLOT_H: u32 = 30;
const GAP: u32 = 6;
const NAME_W: u32 = 70;
const ROW_H: u32 = SLOT_H + 12;

/// The grid as a standalone SVG (light colours, for slides): racks side by side, one row per
/// TaskTracker, map then reduce slots; locality as letter and pattern; the heartbeating
/// tracker framed in teal; a legend.
pub fn grid_svg(view: &ClusterView, lang: Lang) -> String {
    let maps = view.racks.iter().flat_map(|r| &r.nodes).map(|n| n.map_slots.len()).max().unwrap_or(0) as u32;
    let reds = view.racks.iter().flat_map(|r| &r.nodes).map(|n| n.reduce_slots.len()).max().unwrap_or(0) as u32;
    let rack_w = NAME_W + (maps + reds) * (SLOT_W + GAP) + GAP * 3;
    let rows = view.racks.iter().map(|r| r.nodes.len()).max().unwrap_or(0) as u32;
    let per_line = (view.racks.len() as u32).clamp(1, 4);
    let lines = (view.racks.len() as u32).div_ceil(per_line).max(1);
    let rack_h = 34 + rows * ROW_H + 8;
    let width = per_line * (rack_w + 12) + 12;
    let height = 56 + lines * (rack_h + 12) + 40;
    let mut s = String::new();
    let _ = write!(
        s,
        r##"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}" font-family="system-ui, 'PingFang SC', 'Microsoft YaHei', 'Noto Sans CJK SC', sans-serif" font-size="13">"##
    );
    s.push_str(concat!(
        r##"<defs><pattern id="rack" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="8" fill="#ffffff" fill-opacity="0.35"/></pattern>"##,
        r##"<pattern id="off" width="8" height="8" patternUnits="userSpaceOnUse"><path d="M0 0L8 8M8 0L0 8" stroke="#ffffff" stroke-opacity="0.5" stroke-width="2"/></pattern></defs>"##
    ));
    let _ = write!(s, r##"<rect width="{width}" height="{height}" fill="#eef1f5"/>"##);
    let title = k::svg_title.fill(lang, &[&view.hb.to_string(), &format!("{:.1}", view.time_ms as f64 / 1000.0)]);
    let _ = write!(
        s,
        r##"<text x="12" y="32" font-size="20" font-weight="700" fill="#17202b">SchedScope — {}</text>"##,
        xml(&title)
    );
    for (i, rack) in view.racks.iter().enumerate() {
        let (col, line) = (i as u32 % per_line, i as u32 / per_line);
        let (x0, y0) = (12 + col * (rack_w + 12), 48 + line * (rack_h + 12));
        let _ = write!(
            s,
            r##"<rect x="{x0}" y="{y0}" width="{rack_w}" height="{rack_h}" rx="10" fill="#f6f8fa" stroke="#d5dbe3"/>"##
        );
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-weight="700" fill="#17202b">{}</text>"##,
            x0 + 10,
            y0 + 22,
            xml(&rack.name)
        );
        for (k, node) in rack.nodes.iter().enumerate() {
            let y = y0 + 34 + k as u32 * ROW_H;
            let hb_now = view.heartbeating.as_deref() == Some(node.tracker.as_str());
            let (stroke, sw) = if hb_now { ("#0e8a7e", 3) } else { ("#d5dbe3", 1) };
            let _ = write!(
                s,
                r##"<rect x="{}" y="{y}" width="{}" height="{}" rx="8" fill="#ffffff" stroke="{stroke}" stroke-width="{sw}"/>"##,
                x0 + 4,
                rack_w - 8,
                ROW_H - 4
            );
            let host = node.host.rsplit('.').next().unwrap_or(&node.host);
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-weight="700" fill="#17202b">{}</text>"##,
                x0 + 12,
                y + 17,
                xml(host)
            );
            let _ = write!(
                s,
                r##"<text x="{}" y="{}" font-size="11" fill="#6e7884">{}</text>"##,
                x0 + 12,
                y + 31,
                xml(&node.tracker)
            );
            let mut x = x0 + NAME_W;
            for (j, slot) in node.map_slots.iter().chain(node.reduce_slots.iter()).enumerate() {
                if j == node.map_slots.len() || (j == maps as usize && node.map_slots.len() < maps as usize) {
                    x = x0 + NAME_W + maps * (SLOT_W + GAP) + GAP;
                }
                svg_slot(&mut s, slot.as_ref(), x, y + 5, j < node.map_slots.len());
                x += SLOT_W + GAP;
            }
        }
    }
    svg_legend(&mut s, 12, height - 26, lang);
    s.push_str("</svg>");
    s
}

fn svg_slot(s: &mut String, task: Option<&SlotTask>, x: u32, y: u32, map: bool) {
    let Some(t) = task else {
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="5" fill="none" stroke="#b9c2cd" stroke-width="1.5" stroke-dasharray="4 3"/>"##
        );
        return;
    };
    let (fill, ink) = job_colour(t.job);
    if map {
        let _ = write!(s, r##"<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="5" fill="{fill}"/>"##);
        let pattern = match t.locality.map(|l| l.letter()) {
            Some('R') => Some("rack"),
            Some('O') => Some("off"),
            _ => None,
        };
        if let Some(p) = pattern {
            let _ =
                write!(s, r##"<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="5" fill="url(#{p})"/>"##);
        }
    } else {
        let _ = write!(
            s,
            r##"<rect x="{x}" y="{y}" width="{SLOT_W}" height="{SLOT_H}" rx="5" fill="{fill}" fill-opacity="0.22"/><rect x="{x}" y="{y}" width="5" height="{SLOT_H}" fill="{fill}"/>"##
        );
    }
    if t.new_this_hb {
        let _ = write!(
            s,
            r##"<rect x="{}" y="{}" width="{}" height="{}" rx="7" fill="none" stroke="#0e8a7e" stroke-width="2.5"/>"##,
            x - 3,
            y - 3,
            SLOT_W + 6,
            SLOT_H + 6
        );
    }
    let colour = if map { ink } else { "#17202b" };
    let label = t.label.replace(' ', ".");
    let _ = write!(
        s,
        r##"<text x="{}" y="{}" font-weight="700" fill="{colour}">{}</text>"##,
        x + if map { 5 } else { 9 },
        y + 20,
        xml(&label)
    );
    if let Some(l) = t.locality {
        let (cx, cy) = (x + SLOT_W - 11, y + SLOT_H / 2);
        let _ = write!(
            s,
            r##"<circle cx="{cx}" cy="{cy}" r="8" fill="#ffffff" stroke="#17202b" stroke-opacity="0.3"/><text x="{cx}" y="{}" text-anchor="middle" font-size="10" font-weight="700" fill="#17202b">{}</text>"##,
            cy + 4,
            l.letter()
        );
    }
}

fn svg_legend(s: &mut String, x: u32, y: u32, lang: Lang) {
    let items: [(&str, &str, &str); 3] = [
        ("N", "", t(lang, k::loc_node)),
        ("R", "url(#rack)", t(lang, k::loc_rack)),
        ("O", "url(#off)", t(lang, k::loc_off)),
    ];
    let mut x = x;
    for (letter, pattern, word) in items {
        let _ = write!(s, r##"<rect x="{x}" y="{y}" width="30" height="18" rx="4" fill="#0072b2"/>"##);
        if !pattern.is_empty() {
            let _ = write!(s, r##"<rect x="{x}" y="{y}" width="30" height="18" rx="4" fill="{pattern}"/>"##);
        }
        let _ = write!(
            s,
            r##"<text x="{}" y="{}" font-size="11" font-weight="700" fill="#ffffff">{letter}</text><text x="{}" y="{}" fill="#4a5563">{word}</text>"##,
            x + 4,
            y + 13,
            x + 36,
            y + 14
        );
        x += 150;
    }
    let _ = write!(
        s,
        r##"<rect x="{x}" y="{}" width="30" height="18" rx="4" fill="#ffffff" stroke="#0e8a7e" stroke-width="3"/><text x="{}" y="{}" fill="#4a5563">{}</text>"##,
        y,
        x + 36,
        y + 14,
        t(lang, k::hb_tracker)
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::Simulation;

    fn run(n: u64) -> Simulation {
        let json = crate::scenario::builtin().iter().find(|(id, _)| *id == "fifo-two-racks").unwrap().1;
        let mut sim = Simulation::from_json(json).unwrap();
        sim.run_to_end(n);
        sim
    }

    #[test]
    fn json_trace_is_the_cli_run_json_lines_byte_for_byte() {
        let sim = run(40);
        let text = trace_jsonl(sim.records());
        assert!(text.ends_with('\n'));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 40, "one line per heartbeat");
        for (line, rec) in lines.iter().zip(sim.records()) {
            // The CLI's `run --json` writes each record with `to_line` (src/bin/schedscope/scenarios.rs).
            assert_eq!(*line, crate::explain::json::to_line(rec));
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            assert_eq!(v["hb"], rec.hb);
        }
        // Compact, in the record's field order (not sorted, not indented).
        assert!(lines[0].starts_with("{\"hb\":1,"), "{}", lines[0]);
        assert!(!text.contains("\n  "));
        assert_eq!(trace_json("fifo-two-racks", sim.records()), text);
        assert_eq!(trace_jsonl(&[]), "");
    }

    #[test]
    fn csv_has_a_row_per_assignment_and_per_empty_heartbeat() {
        let sim = run(40);
        let text = trace_csv(sim.records());
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some(CSV_HEADER));
        let expected: usize = sim.records().iter().map(|r| r.assigned.len().max(1)).sum();
        let rows: Vec<&str> = lines.collect();
        assert_eq!(rows.len(), expected);
        let columns = CSV_HEADER.split(',').count();
        assert!(rows.iter().all(|r| r.split(',').count() == columns), "{rows:?}");
        assert!(rows.iter().any(|r| r.contains(",map,")));
    }

    #[test]
    fn csv_quotes_and_defuses_formulas() {
        assert_eq!(csv_field("tt1"), "tt1");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(csv_field("=cmd()"), "'=cmd()");
    }

    #[test]
    fn svg_is_well_formed_and_shows_the_slots() {
        let sim = run(12);
        let view = sim.view();
        for lang in [Lang::En, Lang::Zh] {
            let svg = grid_svg(&view, lang);
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
            let doc = roxmltree::Document::parse(&svg).expect("well-formed XML");
            let texts: Vec<&str> = doc.descendants().filter(|n| n.is_text()).filter_map(|n| n.text()).collect();
            let filled = view
                .racks
                .iter()
                .flat_map(|r| &r.nodes)
                .flat_map(|n| n.map_slots.iter().chain(&n.reduce_slots))
                .flatten()
                .count();
            assert!(filled > 0);
            assert_eq!(texts.iter().filter(|t| t.starts_with('J')).count(), filled);
            assert!(texts.iter().any(|t| t.contains("12")));
        }
        assert!(grid_svg(&view, Lang::Zh).contains("机架本地"));
    }

    #[test]
    fn svg_escapes_names() {
        assert_eq!(xml("<a&\"b\">"), "&lt;a&amp;&quot;b&quot;&gt;");
    }
}
