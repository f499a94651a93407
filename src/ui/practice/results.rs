//! The end of a set: the score per concept, the result code a student hands in (it carries the
//! set and the answers: `schedscope practice --verify CODE` grades them again), the CSV of the
//! answers and the set's link. Everything is computed on the page (`practice::result`).

use crate::i18n::k;
use yew::prelude::*;

use crate::i18n::{fill, t};
use crate::page::Action;
use crate::page::{PracticeAction, PracticeRun};
use crate::practice::{SetSpec, concept_title, result};
use crate::ui::kit::{icons, platform};
use crate::ui::stage::bars::svg_bar;

use crate::ui::kit::Dispatch;

/// A read-only text with a copy button (the result code, a set's link).
pub fn copy_row(value: &str, testid: &'static str, label: &str, d: &Dispatch, lang: crate::i18n::Lang) -> Html {
    let copy = {
        let value = value.to_string();
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            platform::copy(&value);
            d.dispatch(Action::Toast(Some(k::toast_copied_text)));
        })
    };
    html! {
        <div class="share-row">
            <input type="text" readonly=true value={value.to_string()} data-testid={testid} aria-label={label.to_string()}
                   onfocus={Callback::from(|e: FocusEvent| { let i: web_sys::HtmlInputElement = e.target_unchecked_into(); i.select(); })} />
            <button class="btn" data-testid={format!("{testid}-copy")} onclick={copy}>{t(lang, k::copy)}</button>
        </div>
    }
}

pub fn card(locale: crate::i18n::Locale, run: &PracticeRun, focus: &NodeRef, d: &Dispatch) -> Html {
    let lang = locale.lang();
    let (questions, answers) = run.answered();
    let (scores, right) = result::score(&questions, &answers);
    let code = result::encode(&run.spec, &questions, &answers);
    let url = platform::url_with_hash(&run.spec.link());
    let csv = {
        let text = locale.text(result::csv(&questions, &answers, lang));
        let name =
            format!("schedscope-practice-{}-seed{}.csv", run.spec.concepts_field().replace(',', "+"), run.spec.seed);
        Callback::from(move |_: MouseEvent| {
            // A byte-order mark, so spreadsheet programs read the Chinese text as UTF-8.
            platform::download(&name, "text/csv;charset=utf-8", &format!("\u{feff}{text}"))
        })
    };
    let again = {
        let spec = SetSpec { seed: platform::random_seed(), ..(*run.spec).clone() };
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Practice(PracticeAction::Start(spec.clone()))))
    };
    let act = |a: PracticeAction| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(Action::Practice(a.clone())))
    };
    let total = questions.len() as u32;
    html! {
        <section class="card practice-card results" data-testid="practice-results" data-right={right.to_string()}
                 data-total={total.to_string()} aria-label={t(lang, k::practice_results)} ref={focus.clone()} tabindex="-1">
            <header class="card-head practice-head">
                <span class="practice-badge">{icons::practice()}{t(lang, k::practice)}</span>
                <h2 class="practice-title">{t(lang, k::practice_results)}</h2>
                <button class="btn tiny" data-testid="exit-practice" aria-label={t(lang, k::practice_exit)} title={t(lang, k::practice_exit)}
                        onclick={act(PracticeAction::Exit)}>{"✕"}</button>
            </header>
            <div class="q-body">
                <p class="score-total" data-testid="score-total">{fill(t(lang, k::practice_total), &[&right.to_string(), &total.to_string()])}</p>
                <table class="score-table" data-testid="score-table">
                    <tbody>
                        { for scores.iter().map(|s| html! {
                            <tr data-concept={s.concept} data-right={s.right.to_string()} data-total={s.total.to_string()}>
                                <th scope="row">{concept_title(s.concept).pick(lang).to_string()}</th>
                                <td class="score-bar">{ svg_bar(&[(0.0, s.right as f64 / s.total.max(1) as f64 * 100.0, "seg-accent")], &[]) }</td>
                                <td class="score-n">{format!("{}/{}", s.right, s.total)}</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                <h3>{t(lang, k::practice_code_title)}</h3>
                <p class="hint">{t(lang, k::practice_code_hint)}</p>
                { copy_row(&code, "result-code", t(lang, k::practice_code_title), d, lang) }
                <p class="hint"><code>{format!("schedscope practice --verify {code}")}</code></p>
                <h3>{t(lang, k::practice_link_title)}</h3>
                <p class="hint">{t(lang, k::practice_link_hint)}</p>
                { copy_row(&url, "set-link", t(lang, k::practice_link_title), d, lang) }
                <p class="q-export">
                    <button class="btn" data-testid="practice-csv" onclick={csv}>{t(lang, k::practice_csv)}</button>
                </p>
            </div>
            <footer class="q-foot">
                <button class="btn" data-testid="practice-review" onclick={act(PracticeAction::Show(0))}>{t(lang, k::practice_review)}</button>
                <button class="btn primary" data-testid="practice-again" onclick={again}>{t(lang, k::practice_again)}</button>
            </footer>
        </section>
    }
}
