//! Practice mode on the page (issue 15, `docs/practice.md`): a set of questions generated from
//! the real schedulers (`crate::practice`), asked on the stage. The stage shows the heartbeat
//! before the one asked about (with what would give the answer away left out: `stage::Mask`);
//! the question card stands where a lesson's narrative stands; the student answers, the
//! answer is graded at once, the heartbeat runs, and the card explains it with the engine's
//! decision record and code path. At the end: the score per concept, the CSV of the answers,
//! the result code and the set's link. Nothing leaves the page.
//!
//! * `state.rs` — the set being practised (`PracticeRun`), its commands, holding the stage at
//!   the question until it is answered.
//! * `card.rs` — the question card: what the student is told, the answer form, the verdict
//!   and the explanation.
//! * `forms.rs` — the answer forms: choose, order, number, pick tasks, pick attempts.
//! * `results.rs` — the results card.
//! * `setup.rs` — making a set (the dialog a teacher uses, the landing page's entry).

pub mod card;
pub mod forms;
pub mod results;
pub mod setup;

pub use crate::page::PracticeAction;

use crate::page::Action;
use crate::page::PracticeRun;
use crate::page::practice::Draft;
use crate::practice::{Form, Token};
use crate::ui::Dispatch;
use crate::ui::stage::Mask;

/// What the stage hides and adds for the current question (nothing once it is answered).
pub fn mask(practice: Option<&PracticeRun>, hb: u64, lang: crate::i18n::Lang, dispatch: &Dispatch) -> Mask {
    let Some(run) = practice.filter(|r| r.asking()) else { return Mask::default() };
    let Some(q) = run.question(run.current) else { return Mask::default() };
    let kind = q.kind;
    let mut m = Mask {
        // At the question's moment the grid marks the tracker whose heartbeat is asked about.
        next_tracker: (hb + 1 == q.hb).then(|| q.tracker.clone()),
        fair_shares: kind == "fair.fair_share",
        pool_order: kind == "fair.pool_order",
        queue_order: kind == "capacity.queue_order",
        user_limits: kind == "capacity.user_limit",
        load_caps: kind == "fifo.load_cap",
        padding: kind == "fifo.padding",
        // The budget (FIFO's panel, Capacity's tasks this heartbeat) is the previous tracker's.
        budget: true,
        ..Mask::default()
    };
    if let (Form::Pick { candidates, .. }, Draft::Picks(picked)) = (&q.form, &run.draft) {
        for &k in picked {
            if let Some(Token::Task { job, .. }) = candidates.get(k).map(|c| &c.token) {
                m.planned.push((*job, crate::practice::words::item(&q.form, k, lang)));
            }
        }
        for (k, c) in candidates.iter().enumerate() {
            if let Token::Attempt { attempt, tracker } = &c.token {
                let label = format!("J{}.{}{}", attempt.job, attempt.kind.letter(), attempt.index);
                m.picks.slots.push((tracker.clone(), label, k, picked.contains(&k)));
            }
        }
        if !m.picks.slots.is_empty() {
            let d = dispatch.clone();
            m.picks.on_pick = Some(yew::Callback::from(move |k| d.dispatch(Action::Practice(PracticeAction::Pick(k)))));
        }
    }
    m
}
