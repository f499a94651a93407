//! The pixel drawing for very big clusters (more than `CANVAS_FROM` trackers, up to the
//! page's 4,000): one `<canvas>`, one pixel block per slot, racks as blocks of node rows
//! (map slots, a gap, reduce slots). A few thousand DOM elements per frame would be too slow
//! to diff and lay out while playing; this is one `putImageData` per frame (in `platform`),
//! of the rows that changed since the last frame (`changed`).
//! Job colours as in `style.css`; rack-local tasks darker, off-switch darkest; reserved
//! (fallow) slots amber; the heartbeating tracker's row framed; input hosts of the selected
//! job marked in the gap pixel.

use crate::i18n::k;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::i18n::{fill, t};
use crate::sim::view::{ClusterView, SlotTask};
use crate::ui::stage::grid::short_host;
use crate::ui::stage::marks::Marks;

/// Above this many trackers the grid is drawn on a canvas.
pub const CANVAS_FROM: usize = 1000;
pub const CANVAS_ID: &str = "grid-canvas";

/// The job palette of `style.css` (`--job-0` ..), colour-blind safe (Okabe–Ito).
const JOBS: [[u8; 3]; 7] = [
    [0x00, 0x72, 0xb2],
    [0xe6, 0x9f, 0x00],
    [0xcc, 0x79, 0xa7],
    [0x00, 0x9e, 0x73],
    [0x56, 0xb4, 0xe9],
    [0xd5, 0x5e, 0x00],
    [0xf0, 0xe4, 0x42],
];
const FREE: [u8; 4] = [128, 128, 128, 70];
const RESERVED: [u8; 4] = [255, 176, 0, 255];
const HB: [u8; 4] = [220, 20, 60, 255];
const INPUT: [u8; 4] = [30, 30, 30, 255];

/// An RGBA image of the cluster.
#[derive(PartialEq, Clone)]
pub struct Pixels {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

fn task_colour(task: &SlotTask) -> [u8; 4] {
    let [r, g, b] = JOBS[(task.job.saturating_sub(1) % 7) as usize];
    let k = match task.locality.map(|l| l.letter()) {
        Some('R') => 0.7,
        Some('N') | None => 1.0,
        _ => 0.45,
    };
    [(r as f32 * k) as u8, (g as f32 * k) as u8, (b as f32 * k) as u8, 255]
}

pub fn pixels(view: &ClusterView, marks: &Marks) -> Pixels {
    let count = |l: &[Option<crate::sim::view::SlotTask>]| crate::sim::view::NodeView::slot_counts(l).1 as usize;
    let maps = view.racks.iter().flat_map(|r| &r.nodes).map(|n| count(&n.map_slots)).max().unwrap_or(0);
    let reds = view.racks.iter().flat_map(|r| &r.nodes).map(|n| count(&n.reduce_slots)).max().unwrap_or(0);
    let per_rack = view.racks.iter().map(|r| r.nodes.len()).max().unwrap_or(0);
    // A rack block: a frame column, map slots, the gap, reduce slots, a frame column; a gutter row.
    let (bw, bh) = (maps + reds + 3, per_rack + 1);
    let racks = view.racks.len().max(1);
    // About twice as wide as tall on screen.
    let across = (((2 * racks * bh) as f64 / bw as f64).sqrt().ceil() as usize).clamp(1, racks);
    let (w, h) = (across * bw + 1, racks.div_ceil(across) * bh + 1);
    let mut rgba = vec![0u8; w * h * 4];
    let mut put = |x: usize, y: usize, c: [u8; 4]| {
        let i = (y * w + x) * 4;
        rgba[i..i + 4].copy_from_slice(&c);
    };
    for (ri, rack) in view.racks.iter().enumerate() {
        let (x0, y0) = ((ri % across) * bw + 1, (ri / across) * bh + 1);
        for (ni, node) in rack.nodes.iter().enumerate() {
            let y = y0 + ni;
            if view.heartbeating.as_deref() == Some(node.tracker.as_str()) {
                put(x0, y, HB);
                put(x0 + bw - 2, y, HB);
            }
            if marks.holds_input(&node.host) {
                put(x0 + 1 + maps, y, INPUT);
            }
            let mut res: Vec<u32> =
                [true, false].iter().map(|&m| marks.reserved_of(&node.tracker, m).map_or(0, |r| r.slots)).collect();
            // One pixel per slot: a task taking k slots covers k pixels.
            fn units(l: &[Option<crate::sim::view::SlotTask>]) -> Vec<&Option<crate::sim::view::SlotTask>> {
                l.iter()
                    .flat_map(|s| std::iter::repeat_n(s, s.as_ref().map_or(1, |t| t.slots.max(1) as usize)))
                    .collect()
            }
            let slots = units(&node.map_slots)
                .into_iter()
                .enumerate()
                .map(|(i, s)| (x0 + 1 + i, s, 0))
                .chain(units(&node.reduce_slots).into_iter().enumerate().map(|(i, s)| (x0 + 2 + maps + i, s, 1)));
            for (x, s, k) in slots {
                let c = match s {
                    Some(task) => task_colour(task),
                    None if res[k] > 0 => {
                        res[k] -= 1;
                        RESERVED
                    }
                    None => FREE,
                };
                put(x, y, c);
            }
        }
    }
    Pixels { width: w as u32, height: h as u32, rgba }
}

/// A rectangle of pixels to repaint: x, y, width, height.
pub type Rect = (u32, u32, u32, u32);

/// What changed between two drawings of the same size, as one rectangle per run of changed
/// pixel rows (from the first to the last changed column of that run): a heartbeat changes a
/// few trackers' rows, so a repaint touches those slots, not the whole cluster. `None` when
/// the sizes differ (paint everything).
pub fn changed(before: &Pixels, after: &Pixels) -> Option<Vec<Rect>> {
    if before.width != after.width || before.height != after.height {
        return None;
    }
    let w = after.width as usize * 4;
    let span = |y: usize| -> Option<(usize, usize)> {
        let (a, b) = (&before.rgba[y * w..(y + 1) * w], &after.rgba[y * w..(y + 1) * w]);
        let first = a.chunks(4).zip(b.chunks(4)).position(|(p, q)| p != q)?;
        let last = a.chunks(4).zip(b.chunks(4)).rposition(|(p, q)| p != q)?;
        Some((first, last))
    };
    let mut out: Vec<Rect> = Vec::new();
    let mut open: Option<(usize, usize, usize)> = None; // first row, min x, max x
    for y in 0..=after.height as usize {
        match (y < after.height as usize).then(|| span(y)).flatten() {
            Some((l, r)) => {
                open = Some(match open {
                    Some((y0, a, b)) => (y0, a.min(l), b.max(r)),
                    None => (y, l, r),
                })
            }
            None => {
                if let Some((y0, a, b)) = open.take() {
                    out.push((a as u32, y0 as u32, (b - a + 1) as u32, (y - y0) as u32));
                }
            }
        }
    }
    Some(out)
}

/// The canvas and its text line (the heartbeating tracker, in words).
pub fn view(view: &ClusterView, p: &Pixels, lang: Lang) -> Html {
    let trackers: usize = view.racks.iter().map(|r| r.nodes.len()).sum();
    let label = fill(t(lang, k::canvas_grid), &[&trackers.to_string()]);
    let hb = view.heartbeating.as_deref().and_then(|tr| {
        view.racks.iter().find_map(|r| {
            r.nodes
                .iter()
                .find(|n| n.tracker == tr)
                .map(|n| format!("♥ {tr} ({}, {})", short_host(&n.host), r.name.trim_start_matches('/')))
        })
    });
    html! {
        <div class="canvas-grid">
            <canvas id={CANVAS_ID} class="grid-canvas" data-testid="grid-canvas" width={p.width.to_string()} height={p.height.to_string()}
                    role="img" aria-label={label.clone()}></canvas>
            <div class="meta small" data-testid="canvas-hb">{hb.unwrap_or_default()}{" · "}{label}</div>
        </div>
    }
}
