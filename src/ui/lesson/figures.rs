//! A lesson step that shows whole runs (`"view": "compare"` or `"sweep"`): in place of the
//! stage, the figures of the lesson's own comparison and sweeps (`lesson::runs`, the same runs
//! its claims were checked against), drawn by `ui::compare::figures`.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::lesson::Lesson;
use crate::ui::compare::figures;
use crate::ui::compare::view::variant_label;
use crate::ui::t;

/// `point` is the step's pointer: when it names the gap table (`sweep:gap`), the table comes
/// before the curve, so all of it is on the screen.
pub fn panel(lesson: &Lesson, view: &str, point: Option<&str>, lang: Lang) -> Html {
    let focus = point.and_then(|p| p.split_whitespace().find(|t| *t == "sweep:gap")).map(|_| "gap");
    let runs = &lesson.runs.0;
    let body = match view {
        "compare" => match runs.comparison() {
            Ok(c) => {
                figures::bins(&c.runs.iter().map(|r| (variant_label(&r.label, lang), r)).collect::<Vec<_>>(), lang)
            }
            Err(e) => html! { <p class="errors">{e}</p> },
        },
        _ => {
            let all: Vec<_> = (0..runs.sweeps.len()).map(|i| (i, runs.sweep(i))).collect();
            let first = all.first().and_then(|(_, r)| r.as_ref().ok()).copied();
            let rest: Vec<_> = all.iter().skip(1).filter_map(|(i, r)| r.as_ref().ok().map(|r| (*i, *r))).collect();
            let errors: Vec<String> = all.iter().filter_map(|(_, r)| r.as_ref().err().cloned()).collect();
            html! { <>
                if let Some(r) = first {
                    <section class="card cmp-sweep"><header class="card-head"><h2>{t(lang, "sweep_title")}</h2>
                        <span class="meta">{t(lang, "sweep_sub")}</span></header>{ figures::sweep(r, lang) }</section>
                }
                if !rest.is_empty() { <section class="card">{ figures::sweeps_brief(&rest, lang) }</section> }
                { for errors.iter().map(|e| html! { <p class="errors">{e}</p> }) }
            </> }
        }
    };
    html! {
        <div class="lesson-figures" data-testid="lesson-figures" data-view={view.to_string()} data-focus={focus}>
            <h2 class="caps">{t(lang, "lesson_figures")}</h2>
            { body }
        </div>
    }
}
