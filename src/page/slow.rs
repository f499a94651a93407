//! Slow motion: the shown heartbeat played visit by visit (`explain::visit`,
//! `docs/slow-motion.md`). The sub-steps extend the timeline: after the last visit of
//! heartbeat N (its end, the after-state the page shows for N) comes the first visit of N + 1,
//! and before the first visit of N comes the end of N − 1, so stepping back inside a heartbeat
//! works as between heartbeats.

use std::rc::Rc;

use super::Page;
use crate::explain::HeartbeatRecord;
use crate::explain::visit::{self, Visit};

/// The visits of the shown heartbeat and the one shown.
#[derive(Clone, Debug, PartialEq)]
pub struct Slow {
    /// The heartbeat whose visits these are (the one the run shows).
    pub hb: u64,
    pub at: usize,
    pub visits: Rc<[Visit]>,
    /// Playing the visits on, one per tick of the page's speed.
    pub playing: bool,
    /// Where playing stops before the end: a prediction's decisive visit, played by Reveal in
    /// class mode, whose verdict waits until it is reached.
    pub until: Option<usize>,
}

/// Moving inside a heartbeat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum VisitMove {
    /// The next visit (from a heartbeat's end: the first visit of the next heartbeat).
    Next,
    /// The previous visit (from a heartbeat's first visit: the end of the one before).
    Prev,
    /// Play the shown heartbeat from its first visit, or pause.
    Play,
    /// A timer tick while playing.
    Tick,
    /// Back to the heartbeat's after-state.
    Exit,
}

/// Visits per second when playing, from the page's speed (heartbeats per second), kept slow
/// enough to read.
pub fn visits_per_second(hbs: f64) -> f64 {
    hbs.clamp(0.5, 4.0)
}

impl Slow {
    pub fn of(rec: &HeartbeatRecord, at: usize) -> Slow {
        let visits: Rc<[Visit]> = visit::visits(rec).into();
        let at = at.min(visits.len() - 1);
        Slow { hb: rec.hb, at, visits, playing: false, until: None }
    }
    pub fn visit(&self) -> &Visit {
        &self.visits[self.at]
    }
    pub fn at_end(&self) -> bool {
        self.at + 1 >= self.visits.len()
    }
    /// Still playing towards the visit a Reveal waits for.
    pub fn revealing(&self) -> bool {
        self.until.is_some_and(|u| self.at < u)
    }
}

impl Page {
    /// The sub-step shown, if slow motion is on at the shown heartbeat.
    pub fn slow_shown(&self) -> Option<&Slow> {
        self.slow.as_ref().filter(|s| s.hb == self.run.hb() && self.run.hb() > 0)
    }

    /// Whether a Reveal is still playing the heartbeat towards its decisive visit (the verdict
    /// waits for it).
    pub fn revealing(&self) -> bool {
        self.slow_shown().is_some_and(Slow::revealing)
    }

    /// Slow motion at visit `at` (at most the end) of the shown heartbeat.
    pub(super) fn record_slow(&self, at: usize) -> Option<Slow> {
        let cell = self.run.sim().as_ref().ok()?;
        let sim = cell.borrow();
        sim.last_record().map(|r| Slow::of(r, at))
    }

    pub(super) fn visit_move(self: Rc<Self>, m: VisitMove) -> Rc<Page> {
        let mut next = (*self).clone();
        let shown = self.slow_shown().cloned();
        match m {
            VisitMove::Next => match shown {
                Some(mut s) if !s.at_end() => {
                    s.at += 1;
                    s.playing = false;
                    s.until = None;
                    next.slow = Some(s);
                }
                _ => {
                    if !next.run.apply(|s| s.step_forward()) {
                        return self;
                    }
                    next.playing = false;
                    next.slow = next.record_slow(0);
                    next.after_move();
                }
            },
            VisitMove::Prev => match shown {
                Some(mut s) if s.at > 0 => {
                    s.at -= 1;
                    s.playing = false;
                    s.until = None;
                    next.slow = Some(s);
                }
                Some(_) => {
                    next.slow = None;
                    if !next.run.apply(|s| s.step_back()) {
                        return self;
                    }
                    next.after_move();
                }
                None => {
                    let Some(s) = next.record_slow(usize::MAX) else { return self };
                    if s.visits.len() < 2 {
                        return self;
                    }
                    next.playing = false;
                    next.slow = Some(Slow { at: s.visits.len() - 2, ..s });
                }
            },
            VisitMove::Play => match shown {
                Some(mut s) if s.playing => {
                    s.playing = false;
                    next.slow = Some(s);
                }
                Some(mut s) if !s.at_end() => {
                    s.playing = true;
                    next.slow = Some(s);
                    next.playing = false;
                }
                _ => {
                    if next.run.hb() == 0 {
                        if !next.run.apply(|s| s.step_forward()) {
                            return self;
                        }
                        next.after_move();
                    }
                    let Some(mut s) = next.record_slow(0) else { return self };
                    s.playing = true;
                    next.slow = Some(s);
                    next.playing = false;
                }
            },
            VisitMove::Tick => match shown {
                Some(mut s) if s.playing => {
                    s.at += 1;
                    s.playing = !s.at_end() && s.until.is_none_or(|u| s.at < u);
                    next.slow = Some(s);
                }
                _ => return self,
            },
            VisitMove::Exit => {
                if self.slow.is_none() {
                    return self;
                }
                next.slow = None;
            }
        }
        Rc::new(next)
    }
}
