//! Answer forms and grading. A question offers one form: choose one option, order a list,
//! enter a number, or pick items (tasks for the heartbeating tracker, running attempts or
//! trackers on the grid). Grading compares the student's answer with the one read from the
//! engine's record and says precisely what differs.

use crate::lesson::Bi;
use crate::model::AttemptId;
use serde::Serialize;

/// Something a student can pick.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "pick")]
pub enum Token {
    /// A task the heartbeating tracker may be given: a job's map at a locality
    /// (`node`, `rack`, `off-switch`), or one of its reduces.
    Task { job: u32, kind: &'static str, locality: Option<&'static str> },
    /// A running attempt, in its slot on the grid.
    Attempt { attempt: AttemptId, tracker: String },
    /// A tracker on the grid.
    Tracker { tracker: String },
}

/// A pickable item with its label.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Pickable {
    pub token: Token,
    pub label: Bi,
}

/// How the student answers.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "form")]
pub enum Form {
    /// Choose one option.
    Choose { options: Vec<Bi> },
    /// Put every item in order (the items are listed in a neutral order: by name).
    Order { items: Vec<Bi> },
    /// Enter a number; right within `tolerance`.
    Number { decimals: u8, tolerance: f64 },
    /// Pick items; `ordered`: the order counts; `repeat`: an item may be picked several times
    /// (e.g. two node-local maps of the same job).
    Pick { candidates: Vec<Pickable>, ordered: bool, repeat: bool, max: usize },
}

/// A student's (or the engine's) answer, by index into the form's options, items or
/// candidates.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "answer", content = "value")]
pub enum Answer {
    Choice(usize),
    /// Item indices, first first.
    Order(Vec<usize>),
    Number(f64),
    Picks(Vec<usize>),
}

/// What is wrong in an answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "snake_case", tag = "mistake")]
pub enum Mistake {
    /// No answer, or one that does not fit the form.
    Unanswered,
    Choice {
        given: usize,
        expected: usize,
    },
    /// The first position where the orders differ.
    Position {
        at: usize,
        given: usize,
        expected: usize,
    },
    Number {
        given: f64,
        expected: f64,
    },
    /// Picks: how many were picked against how many the engine gave.
    Count {
        given: usize,
        expected: usize,
    },
    /// Ordered picks: the first position that differs.
    PickAt {
        at: usize,
        given: usize,
        expected: usize,
    },
    /// Unordered picks: picked but not given by the engine / given by the engine but not picked.
    Extra {
        item: usize,
    },
    Missing {
        item: usize,
    },
}

/// The verdict on one answer.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Grade {
    pub correct: bool,
    pub mistakes: Vec<Mistake>,
}

impl Form {
    /// Whether `a` is an answer this form can take (indices in range, complete orders).
    pub fn accepts(&self, a: &Answer) -> bool {
        match (self, a) {
            (Form::Choose { options }, Answer::Choice(i)) => *i < options.len(),
            (Form::Order { items }, Answer::Order(v)) => {
                let mut seen = vec![false; items.len()];
                v.len() == items.len() && v.iter().all(|&i| i < items.len() && !std::mem::replace(&mut seen[i], true))
            }
            (Form::Number { .. }, Answer::Number(x)) => x.is_finite(),
            (Form::Pick { candidates, repeat, max, .. }, Answer::Picks(v)) => {
                let mut seen = vec![false; candidates.len()];
                v.len() <= *max
                    && v.iter().all(|&i| i < candidates.len() && (*repeat || !std::mem::replace(&mut seen[i], true)))
            }
            _ => false,
        }
    }
}

/// Grade `given` against `expected` for this form.
pub fn grade(form: &Form, expected: &Answer, given: Option<&Answer>) -> Grade {
    let Some(given) = given.filter(|g| form.accepts(g)) else {
        return Grade { correct: false, mistakes: vec![Mistake::Unanswered] };
    };
    let mut m = Vec::new();
    match (form, expected, given) {
        (Form::Choose { .. }, Answer::Choice(e), Answer::Choice(g)) => {
            if e != g {
                m.push(Mistake::Choice { given: *g, expected: *e });
            }
        }
        (Form::Order { .. }, Answer::Order(e), Answer::Order(g)) => {
            if let Some(at) = (0..e.len()).find(|&i| e.get(i) != g.get(i)) {
                m.push(Mistake::Position { at, given: g[at], expected: e[at] });
            }
        }
        (Form::Number { tolerance, .. }, Answer::Number(e), Answer::Number(g)) => {
            if (e - g).abs() > tolerance + 1e-9 {
                m.push(Mistake::Number { given: *g, expected: *e });
            }
        }
        (Form::Pick { ordered, .. }, Answer::Picks(e), Answer::Picks(g)) => {
            if e.len() != g.len() {
                m.push(Mistake::Count { given: g.len(), expected: e.len() });
            }
            if *ordered {
                if let Some(at) = (0..e.len().min(g.len())).find(|&i| e[i] != g[i]) {
                    m.push(Mistake::PickAt { at, given: g[at], expected: e[at] });
                }
            } else {
                // Multisets: what is left of each after removing the common items.
                let mut left: Vec<usize> = e.clone();
                for x in g {
                    match left.iter().position(|y| y == x) {
                        Some(p) => {
                            left.remove(p);
                        }
                        None => m.push(Mistake::Extra { item: *x }),
                    }
                }
                m.extend(left.into_iter().map(|item| Mistake::Missing { item }));
            }
        }
        _ => m.push(Mistake::Unanswered),
    }
    Grade { correct: m.is_empty(), mistakes: m }
}

/// Read a typed number: `3`, `2.67`, `2,67`, `8/3`.
pub fn parse_number(s: &str) -> Option<f64> {
    let s = s.trim().replace(',', ".");
    if let Some((a, b)) = s.split_once('/') {
        let (a, b): (f64, f64) = (a.trim().parse().ok()?, b.trim().parse().ok()?);
        return (b != 0.0).then_some(a / b).filter(|x| x.is_finite());
    }
    s.parse::<f64>().ok().filter(|x| x.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bi(s: &str) -> Bi {
        Bi { en: s.into(), zh: s.into() }
    }

    #[test]
    fn choices_orders_and_numbers() {
        let f = Form::Choose { options: vec![bi("a"), bi("b")] };
        assert!(grade(&f, &Answer::Choice(1), Some(&Answer::Choice(1))).correct);
        assert_eq!(
            grade(&f, &Answer::Choice(1), Some(&Answer::Choice(0))).mistakes,
            vec![Mistake::Choice { given: 0, expected: 1 }]
        );
        assert_eq!(grade(&f, &Answer::Choice(1), Some(&Answer::Choice(5))).mistakes, vec![Mistake::Unanswered]);
        let o = Form::Order { items: vec![bi("a"), bi("b"), bi("c")] };
        let g = grade(&o, &Answer::Order(vec![2, 0, 1]), Some(&Answer::Order(vec![2, 1, 0])));
        assert_eq!(g.mistakes, vec![Mistake::Position { at: 1, given: 1, expected: 0 }]);
        assert!(!o.accepts(&Answer::Order(vec![0, 0, 1])));
        let n = Form::Number { decimals: 2, tolerance: 0.01 };
        assert!(grade(&n, &Answer::Number(2.67), Some(&Answer::Number(2.666))).correct);
        assert!(!grade(&n, &Answer::Number(2.67), Some(&Answer::Number(2.5))).correct);
        assert_eq!(parse_number("8/3").map(|x| (x * 100.0).round()), Some(267.0));
        assert_eq!(parse_number(" 2,5 "), Some(2.5));
        assert_eq!(parse_number("x"), None);
        assert_eq!(parse_number("1/0"), None);
    }

    #[test]
    fn picks_ordered_and_unordered() {
        let t = |j| Pickable { token: Token::Tracker { tracker: format!("tt{j}") }, label: bi("t") };
        let f = Form::Pick { candidates: vec![t(1), t(2), t(3)], ordered: true, repeat: true, max: 4 };
        let e = Answer::Picks(vec![0, 0, 2]);
        assert!(grade(&f, &e, Some(&Answer::Picks(vec![0, 0, 2]))).correct);
        assert_eq!(
            grade(&f, &e, Some(&Answer::Picks(vec![0, 2]))).mistakes,
            vec![Mistake::Count { given: 2, expected: 3 }, Mistake::PickAt { at: 1, given: 2, expected: 0 }]
        );
        let u = Form::Pick { candidates: vec![t(1), t(2), t(3)], ordered: false, repeat: false, max: 3 };
        let e = Answer::Picks(vec![2, 0]);
        assert!(grade(&u, &e, Some(&Answer::Picks(vec![0, 2]))).correct);
        assert_eq!(
            grade(&u, &e, Some(&Answer::Picks(vec![1, 2]))).mistakes,
            vec![Mistake::Extra { item: 1 }, Mistake::Missing { item: 0 }]
        );
        assert!(!u.accepts(&Answer::Picks(vec![1, 1])));
    }
}
