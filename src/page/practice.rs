//! A practice set on the page: the set (`practice::SetSpec`), its questions generated one at a
//! time as the student reaches them (`set::Planned::generate`, the same questions as
//! `SetSpec::questions`; the next one is prepared while the student reads the current one), the
//! answers given, and where the student is. A question is shown as the stage at the heartbeat
//! before the one asked about; stepping forward is held there until the student answers, then
//! the heartbeat runs and the explanation is the engine's record of it.

use std::rc::Rc;

use crate::practice::answer::{Answer, Form, parse_number};
use crate::practice::set::{Planned, SetSpec};
use crate::practice::{Grade, Question, answer};

/// A question of the set: not generated yet, generated, or (never expected: the property tests
/// generate thousands) no situation found.
#[derive(Clone, Debug)]
pub enum Slot {
    Pending,
    Ready(Rc<Question>),
    Failed,
}

/// The answer being put together.
#[derive(Clone, Debug, PartialEq)]
pub enum Draft {
    Choice(Option<usize>),
    /// Item indices in the student's order (starts in the listed order).
    Order(Vec<usize>),
    /// The number is read from the text box on submit.
    Number,
    Picks(Vec<usize>),
}

impl Draft {
    pub fn blank(form: &Form) -> Draft {
        match form {
            Form::Choose { .. } => Draft::Choice(None),
            Form::Order { items } => Draft::Order((0..items.len()).collect()),
            Form::Number { .. } => Draft::Number,
            Form::Pick { .. } => Draft::Picks(Vec::new()),
        }
    }
}

/// What the explanation shows after grading: the decision record in words, or code path `i`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Explain {
    Why,
    Code(usize),
}

/// Practice commands (`page::Action::Practice`).
#[derive(Clone, Debug, PartialEq)]
pub enum PracticeAction {
    Start(SetSpec),
    Choose(usize),
    /// Order: move the item at position `from` to position `to`.
    Move {
        from: usize,
        to: usize,
    },
    /// Picks: add candidate `i` (or take it back, when items cannot repeat and it is picked).
    Pick(usize),
    /// Picks: remove the pick at this position.
    Unpick(usize),
    ClearPicks,
    /// Grade the draft (with the number box's text for a number question) and run the heartbeat.
    Submit(Option<String>),
    /// Show question `i` (answered ones for review, or the next one).
    Show(usize),
    Next,
    Results,
    Explain(Explain),
    /// Generate the next question ahead of time.
    Prepare,
    Exit,
}

#[derive(Clone, Debug)]
pub struct PracticeRun {
    pub spec: Rc<SetSpec>,
    plan: Rc<Vec<Planned>>,
    pub slots: Rc<Vec<Slot>>,
    pub answers: Rc<Vec<Option<Answer>>>,
    pub current: usize,
    pub draft: Draft,
    /// The typed number could not be read.
    pub bad_number: bool,
    /// The results card is shown.
    pub results: bool,
    pub explain: Explain,
}

impl PartialEq for PracticeRun {
    fn eq(&self, o: &PracticeRun) -> bool {
        Rc::ptr_eq(&self.spec, &o.spec)
            && Rc::ptr_eq(&self.slots, &o.slots)
            && Rc::ptr_eq(&self.answers, &o.answers)
            && self.current == o.current
            && self.draft == o.draft
            && self.bad_number == o.bad_number
            && self.results == o.results
            && self.explain == o.explain
    }
}

impl PracticeRun {
    pub fn new(spec: SetSpec) -> PracticeRun {
        let plan = spec.plan();
        let n = plan.len();
        PracticeRun {
            spec: Rc::new(spec),
            plan: Rc::new(plan),
            slots: Rc::new(vec![Slot::Pending; n]),
            answers: Rc::new(vec![None; n]),
            current: 0,
            draft: Draft::Choice(None),
            bad_number: false,
            results: false,
            explain: Explain::Why,
        }
    }

    pub fn len(&self) -> usize {
        self.plan.len()
    }

    pub fn question(&self, i: usize) -> Option<&Rc<Question>> {
        match self.slots.get(i) {
            Some(Slot::Ready(q)) => Some(q),
            _ => None,
        }
    }

    /// Generate question `i` if it is still pending; whether anything changed.
    pub fn generate(&mut self, i: usize) -> bool {
        if !matches!(self.slots.get(i), Some(Slot::Pending)) {
            return false;
        }
        let slot = match self.plan[i].generate() {
            Some(q) => Slot::Ready(Rc::new(q)),
            None => Slot::Failed,
        };
        Rc::make_mut(&mut self.slots)[i] = slot;
        true
    }

    /// The question to prepare ahead: the one after the current one, while it is pending.
    pub fn to_prepare(&self) -> Option<usize> {
        let i = self.current + 1;
        matches!(self.slots.get(i), Some(Slot::Pending)).then_some(i)
    }

    /// Whether the current question is still waiting for an answer.
    pub fn asking(&self) -> bool {
        !self.results && self.question(self.current).is_some() && self.answers[self.current].is_none()
    }

    /// The generated questions and their answers, in order (what the results, the CSV and the
    /// result code are made of; a question that could not be generated is left out, as
    /// `SetSpec::questions` leaves it out).
    pub fn answered(&self) -> (Vec<Question>, Vec<Option<Answer>>) {
        self.slots
            .iter()
            .zip(self.answers.iter())
            .filter_map(|(s, a)| match s {
                Slot::Ready(q) => Some(((**q).clone(), a.clone())),
                _ => None,
            })
            .unzip()
    }

    /// The grade of question `i`, once answered.
    pub fn grade(&self, i: usize) -> Option<Grade> {
        let q = self.question(i)?;
        let a = self.answers.get(i)?.as_ref()?;
        Some(answer::grade(&q.form, &q.expected, Some(a)))
    }

    /// Every question is answered (or could not be generated).
    pub fn complete(&self) -> bool {
        self.slots.iter().zip(self.answers.iter()).all(|(s, a)| a.is_some() || matches!(s, Slot::Failed))
    }
}

/// Whether the question itself (its last line) names job `j` ("J3", not "J31").
fn names_job(q: &Question, j: u32) -> bool {
    let tag = format!("J{j}");
    q.prompt.last().is_some_and(|line| {
        line.en.match_indices(&tag).any(|(at, _)| !line.en[at + tag.len()..].starts_with(|c: char| c.is_ascii_digit()))
    })
}

/// A question to show: its scenario at `hb` (the heartbeat before the one asked about, or that
/// heartbeat once answered), the job to bring forward on the stage.
#[derive(Clone, Debug, PartialEq)]
pub struct ShowQuestion {
    pub scenario: Rc<str>,
    pub hb: u64,
    /// The question's number, from 1.
    pub number: usize,
    pub select: Option<u32>,
}

/// What the page does after a practice command.
#[derive(Clone, Debug, PartialEq)]
pub enum Outcome {
    /// Only the set changed (or nothing).
    Stay,
    /// Show a question.
    Show(ShowQuestion),
    /// The current question was answered: its heartbeat runs, its job is brought forward.
    Answered { hb: u64, select: Option<u32> },
    /// The student left the set.
    Exit,
}

impl PracticeRun {
    /// Show question `i` (answered ones for review, or the next one).
    pub fn show(&mut self, i: usize) -> Option<ShowQuestion> {
        if i >= self.len() {
            return None;
        }
        self.generate(i);
        self.current = i;
        self.results = false;
        self.bad_number = false;
        self.explain = Explain::Why;
        let q = self.question(i).cloned()?;
        self.draft = Draft::blank(&q.form);
        let answered = self.answers[i].is_some();
        // The question's job is brought forward on the stage when the question names it;
        // otherwise only once answered (it may be the answer: the job that gets the map).
        Some(ShowQuestion {
            scenario: q.scenario.as_str().into(),
            hb: if answered { q.hb } else { q.hb.saturating_sub(1) },
            number: i + 1,
            select: q.focus_job.filter(|&j| answered || names_job(&q, j)),
        })
    }

    /// The set after `action` (`Start` is the page's: it makes a new set).
    pub fn reduce(&mut self, action: PracticeAction) -> Outcome {
        let (current, len) = (self.current, self.len());
        // Answered questions, and the first one not answered yet, can be shown.
        let open = self.answers.iter().position(Option::is_none).unwrap_or(len);
        let form = self.question(current).map(|q| q.form.clone());
        let show = |run: &mut PracticeRun, i: usize| run.show(i).map_or(Outcome::Stay, Outcome::Show);
        match action {
            PracticeAction::Start(_) => return Outcome::Stay,
            PracticeAction::Submit(text) => {
                return match form {
                    Some(form) => self.submit(&form, text),
                    None => Outcome::Stay,
                };
            }
            PracticeAction::Show(i) if i <= open => return show(self, i),
            PracticeAction::Next if current + 1 < len && current < open => return show(self, current + 1),
            PracticeAction::Exit => return Outcome::Exit,
            _ => {}
        }
        match (action, &mut self.draft, form) {
            (PracticeAction::Choose(k), Draft::Choice(c), _) => *c = Some(k),
            (PracticeAction::Move { from, to }, Draft::Order(v), _) if from < v.len() && to < v.len() => {
                let x = v.remove(from);
                v.insert(to, x);
            }
            (PracticeAction::Pick(k), Draft::Picks(v), Some(Form::Pick { repeat, max, candidates, .. })) => {
                match v.iter().position(|&x| x == k) {
                    Some(p) if !repeat => {
                        v.remove(p);
                    }
                    _ if v.len() < max && k < candidates.len() => v.push(k),
                    _ => {}
                }
            }
            (PracticeAction::Unpick(p), Draft::Picks(v), _) if p < v.len() => {
                v.remove(p);
            }
            (PracticeAction::ClearPicks, Draft::Picks(v), _) => v.clear(),
            (PracticeAction::Next | PracticeAction::Results, _, _) => self.results = self.complete(),
            (PracticeAction::Explain(e), _, _) => self.explain = e,
            (PracticeAction::Prepare, _, _) => {
                if let Some(i) = self.to_prepare() {
                    self.generate(i);
                }
            }
            _ => {}
        }
        Outcome::Stay
    }

    /// Grade the draft (with the number box's text for a number question).
    fn submit(&mut self, form: &Form, number: Option<String>) -> Outcome {
        let given = match &self.draft {
            Draft::Choice(Some(k)) => Some(Answer::Choice(*k)),
            Draft::Order(v) => Some(Answer::Order(v.clone())),
            Draft::Number => number.as_deref().and_then(parse_number).map(Answer::Number),
            Draft::Picks(v) => Some(Answer::Picks(v.clone())),
            Draft::Choice(None) => None,
        };
        let Some(given) = given.filter(|a| form.accepts(a)) else {
            self.bad_number = matches!(self.draft, Draft::Number);
            return Outcome::Stay;
        };
        let i = self.current;
        Rc::make_mut(&mut self.answers)[i] = Some(given);
        self.bad_number = false;
        self.explain = Explain::Why;
        match self.question(i) {
            Some(q) => Outcome::Answered { hb: q.hb, select: q.focus_job },
            None => Outcome::Stay,
        }
    }

    /// While a question waits for its answer: the last heartbeat the student may look at.
    pub fn limit(&self) -> Option<u64> {
        if !self.asking() {
            return None;
        }
        self.question(self.current).map(|q| q.hb.saturating_sub(1))
    }
}
