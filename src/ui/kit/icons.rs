//! Small inline SVG icons (fonts on classroom machines lack many symbol glyphs).

use yew::prelude::*;

fn icon(path: &'static str) -> Html {
    html! {
        <svg class="icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
            <path d={path} />
        </svg>
    }
}

/// |◀ first
pub fn first() -> Html {
    icon("M3 2h2v12H3zM14 2v12L6 8z")
}
/// ▶| last
pub fn last() -> Html {
    icon("M11 2h2v12h-2zM2 2v12l8-6z")
}
/// ▶
pub fn play() -> Html {
    icon("M4 2v12l10-6z")
}
/// ❚❚
pub fn pause() -> Html {
    icon("M3 2h4v12H3zM9 2h4v12H9z")
}
/// ⤳ jump
pub fn jump() -> Html {
    icon("M1 9c2-5 8-6 11-2l1-3 1 7-7-1 3-1.5C8 6 4 6 3 10z")
}
/// an open book
pub fn book() -> Html {
    icon("M1 3c2-1 5-1 6.5 1v10C6 12.5 3 12.5 1 13.5zM15 3c-2-1-5-1-6.5 1v10c1.5-1.5 4.5-1.5 6.5-.5z")
}
/// ⛶ presentation
pub fn present() -> Html {
    icon("M1 1h5v2H3v3H1zM10 1h5v5h-2V3h-3zM1 10h2v3h3v2H1zM13 10h2v5h-5v-2h3z")
}
/// a pencil ticking a box: practice
pub fn practice() -> Html {
    icon("M2 2h8v2H4v8h8V9h2v5H2zM6 7l2 2 6-6 1.5 1.5L8 12 4.5 8.5z")
}
