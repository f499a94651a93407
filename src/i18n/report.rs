//! The command line's and the exports' phrases: run summaries, sweep and comparison tables,
//! the practice report, the SVG legend, and the errors of share links and practice sets.
//! (key, English, Chinese); templates take `{0}`, `{1}`, ...

texts! {
    REPORT_STRINGS = [
    ]
}
