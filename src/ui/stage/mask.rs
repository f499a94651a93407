//! What the stage hides and adds while a practice question waits for its answer
//! (`docs/practice.md`): the practice run's question decides it, the stage draws it.

use crate::page::Action;
use crate::page::PracticeAction;
use crate::page::PracticeRun;
use crate::page::practice::Draft;
use crate::practice::{Form, Token};
use crate::ui::kit::Dispatch;

use super::marks;

/// What the stage leaves out while a practice question waits for its answer (it would give
/// the answer away: a pool's fair share, the last pool or queue order, a user limit, a load
/// cap, the padding verdict, the previous tracker's budget), and what it adds: the tracker
/// whose heartbeat is asked about, the tasks the student picked for it, the running attempts
/// the student can pick on the grid (`marks::Marks::picks`). Built by `for_practice`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mask {
    pub next_tracker: Option<String>,
    pub fair_shares: bool,
    pub pool_order: bool,
    pub queue_order: bool,
    pub user_limits: bool,
    pub load_caps: bool,
    pub padding: bool,
    /// The previous heartbeat's budget (FIFO's panel, Capacity's tasks per heartbeat).
    pub budget: bool,
    /// Tasks picked for `next_tracker`: job and label.
    pub planned: Vec<(u32, String)>,
    pub picks: marks::Picks,
}

/// What the stage hides and adds for the current question (nothing once it is answered).
pub fn for_practice(practice: Option<&PracticeRun>, hb: u64, lang: crate::i18n::Lang, dispatch: &Dispatch) -> Mask {
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
