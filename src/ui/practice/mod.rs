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
