//! Numbers a test can check (`docs/js-api.md`, "Checking the screen"). Every numeral the stage,
//! its overlays, the Why panel and the code view draw sits in an element that carries what it
//! is and the value it shows:
//!
//! - `data-of`: a path into the heartbeat as the JavaScript API returns it: `stage.…`
//!   (`stage()`), `view.…` (`view()`), `record.…` (`record()`), `code.…` (`codeViews()`),
//!   `why.N` (`explain()`'s line N). A segment `name[field=value]` picks the element of the list
//!   `name` whose `field` is `value`; `name#` is that element's place in its list, from 1;
//!   `name.len` a list's length. Two roots are not the engine's: `page.…` (what the page itself
//!   counts, such as the rows it did not draw) and `const.…` (a Hadoop constant).
//! - `data-value`: the value, as JSON writes it (milliseconds, slot counts, ratios unrounded).
//! - `data-format`: how the text writes it: `int`, `ms1` (milliseconds as seconds, one decimal),
//!   `f1`/`f2` (that many decimals), `text` (the value is the text).
//!
//! The text is always the value formatted, so a screen that shows a number the engine does not
//! hold cannot be written with these helpers.

use yew::prelude::*;

/// One checkable number: its path, value and format, and the text it is drawn as.
fn span(of: String, value: String, format: &'static str, text: String) -> Html {
    html! { <span class="num" data-of={of} data-value={value} data-format={format}>{text}</span> }
}

/// An integer count.
pub fn int(of: impl Into<String>, v: impl Into<i64>) -> Html {
    let v = v.into();
    span(of.into(), v.to_string(), "int", v.to_string())
}

/// Milliseconds drawn as seconds with one decimal (`3200` → `3.2`).
pub fn secs(of: impl Into<String>, ms: i64) -> Html {
    span(of.into(), ms.to_string(), "ms1", format!("{:.1}", ms as f64 / 1000.0))
}

/// A real number drawn with `places` decimals (1 or 2).
pub fn fixed(of: impl Into<String>, v: f64, places: u8) -> Html {
    let (format, text) = match places {
        1 => ("f1", format!("{v:.1}")),
        _ => ("f2", format!("{v:.2}")),
    };
    span(of.into(), v.to_string(), format, text)
}

/// A value whose text is the value itself (a code view variable such as `0 / 2 = 0.00`, a
/// line of the Why panel).
pub fn text(of: impl Into<String>, v: impl Into<String>) -> Html {
    let v = v.into();
    span(of.into(), v.clone(), "text", v)
}

/// A phrase template (`{0}`, `{1}`, … as `i18n::fill` reads them) with its arguments drawn as
/// elements, so the numbers in a translated sentence keep their own elements.
pub fn fill(template: &str, args: &[Html]) -> Html {
    let parts = crate::i18n::pieces(template, args.len()).into_iter().map(|p| match p {
        crate::i18n::Piece::Text(t) => Html::from(t.to_string()),
        crate::i18n::Piece::Arg(i) => args[i].clone(),
    });
    html! { <>{ for parts }</> }
}
