//! Small drawing helpers shared by the stage's overlays. The page's CSP forbids style
//! attributes: geometry is SVG attributes, and HTML labels are placed with the `at-N`
//! classes of `stage.css` (left: N%).

use yew::prelude::*;

/// An SVG bar: segments `(x, width, class)` in percent, and ticks at percentages.
pub fn svg_bar(segments: &[(f64, f64, &'static str)], ticks: &[f64]) -> Html {
    html! {
        <svg class="hbar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            <rect class="track" x="0" y="0" width="100" height="10" />
            { for segments.iter().map(|&(x, w, class)| html! {
                <rect class={class} x={format!("{x:.2}")} y="0" width={format!("{:.2}", w.max(0.0))} height="10" />
            }) }
            { for ticks.iter().map(|t| html! {
                <rect class="tick" x={format!("{:.2}", (t - 0.6).clamp(0.0, 98.8))} y="0" width="1.2" height="10" />
            }) }
        </svg>
    }
}

/// The `at-N` class placing a label at `pct` percent of its container.
pub fn at(pct: f64) -> String {
    format!("at-{}", pct.clamp(0.0, 100.0).round() as u32)
}

/// One cell per slot (up to `max` cells), each with its class; `None` when there are too many
/// slots to draw one by one (draw a bar instead).
pub fn cells(classes: &[&'static str], marks: &[(u32, &'static str)], max: usize) -> Option<Html> {
    let n = classes.len();
    if n == 0 || n > max {
        return None;
    }
    let w = 100.0 / n as f64;
    Some(html! {
        <svg class="cells" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
            { for classes.iter().enumerate().map(|(i, c)| html! {
                <rect class={*c} x={format!("{:.2}", i as f64 * w + w * 0.08)} y="0.6" width={format!("{:.2}", w * 0.84)} height="8.8" rx="0.8" />
            }) }
            { for marks.iter().map(|&(at, c)| html! {
                <rect class={c} x={format!("{:.2}", (at as f64 * w - 0.5).clamp(0.0, 99.0))} y="0" width="1" height="10" />
            }) }
        </svg>
    })
}
