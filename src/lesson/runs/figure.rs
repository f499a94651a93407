//! Run-level claims: a `figure` event names one number of the lesson's comparison (a variant's
//! node locality by job-size bin, sticky slots, ...) or of one of its sweeps (at one delay: the
//! measured locality, the bounds, the real skips, remembered-level launches, ...) and the range
//! it must lie in — alone, or as its difference from (or ratio to) another figure. Such a claim
//! holds at every heartbeat of the lesson's run; the numbers come from `lesson::runs`.

use super::RunsRef;
use crate::input::json::{Errs, Obj, as_array, as_u64_in, index};
use crate::sim::metrics::{data_nodes_of, node_locality_of};
use serde::Serialize;

/// Figures of a compare variant (`"variant": i`).
pub const COMPARE_FIGURES: &[&str] =
    &["node_locality", "data_nodes", "sticky_share", "mean_response_ms", "utilisation", "last_finished_ms"];
/// Figures of a sweep point (`"sweep": i`, `"delay_ms": d`).
pub const SWEEP_FIGURES: &[&str] = &[
    "measured",
    "bound",
    "skips",
    "mean_skips",
    "bound_skips",
    "mean_trackers",
    "bound_trackers",
    "full_waits",
    "remembered",
    "measured_without_remembered",
    "node_local",
    "rack_local",
    "off_switch",
    "makespan_ms",
];

/// One number of the lesson's experiments.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FigureRef {
    pub figure: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variant: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sweep: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub delay_ms: Option<i64>,
    /// Job-size bins (1–9) for the compare figures that have them; empty: all jobs.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub bins: Vec<usize>,
}

/// `value` (or `value − vs`, or `value / vs` with `ratio`) lies in `[at_least, at_most]`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct FigureClaim {
    #[serde(flatten)]
    pub of: FigureRef,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs: Option<FigureRef>,
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub ratio: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_least: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub at_most: Option<f64>,
    /// The lesson's experiments (bound after the whole lesson is read).
    #[serde(skip)]
    pub runs: RunsRef,
}

fn read_ref(o: &mut Obj, errs: &mut Errs) -> Option<FigureRef> {
    let fp = o.path_of("figure");
    let figure = o.str("figure", errs).map(str::to_string);
    if figure.is_none() && !o.has("figure") {
        errs.push(&fp, "missing; expected the name of a figure");
    }
    let variant = o.u64_in("variant", 0, 3, errs).map(|x| x as usize);
    let sweep = o.u64_in("sweep", 0, 7, errs).map(|x| x as usize);
    let delay_ms = o.i64_in("delay_ms", 0, 1 << 40, errs);
    let bp = o.path_of("bins");
    let bins: Vec<usize> = match o.get("bins").and_then(|b| as_array(b, &bp, 9, errs)) {
        Some(l) => l
            .iter()
            .enumerate()
            .filter_map(|(i, b)| as_u64_in(b, &index(&bp, i), 1, 9, errs))
            .map(|b| b as usize)
            .collect(),
        None => Vec::new(),
    };
    let figure = figure?;
    if COMPARE_FIGURES.contains(&figure.as_str()) {
        if variant.is_none() {
            errs.push(
                &o.path_of("variant"),
                format!("{figure:?} is a figure of a compare variant; expected \"variant\""),
            );
        }
        if sweep.is_some() || delay_ms.is_some() {
            errs.push(&o.path, format!("{figure:?} is a figure of a compare variant, not of a sweep"));
        }
        if !bins.is_empty() && !matches!(figure.as_str(), "node_locality" | "data_nodes" | "mean_response_ms") {
            errs.push(&bp, format!("{figure:?} is not counted by job size"));
        }
    } else if SWEEP_FIGURES.contains(&figure.as_str()) {
        if delay_ms.is_none() {
            errs.push(
                &o.path_of("delay_ms"),
                format!("{figure:?} is a figure of a sweep point; expected \"delay_ms\""),
            );
        }
        if variant.is_some() || !bins.is_empty() {
            errs.push(&o.path, format!("{figure:?} is a figure of a sweep point, not of a compare variant"));
        }
    } else {
        let known = COMPARE_FIGURES.iter().chain(SWEEP_FIGURES).copied();
        let hint = match crate::input::json::suggest(&figure, known) {
            Some(s) => format!("; did you mean {s:?}?"),
            None => format!("; expected one of {}, {}", COMPARE_FIGURES.join(", "), SWEEP_FIGURES.join(", ")),
        };
        errs.push(&fp, format!("unknown figure {figure:?}{hint}"));
        return None;
    }
    Some(FigureRef { figure, variant, sweep, delay_ms, bins })
}

/// Read the fields of a `figure` event (the `event` field is already read).
pub fn read(o: &mut Obj, errs: &mut Errs) -> Option<FigureClaim> {
    let of = read_ref(o, errs);
    let vp = o.path_of("vs");
    let vs = match o.get("vs") {
        Some(v) => {
            let mut inner = Obj::new(v, &vp, errs)?;
            let r = read_ref(&mut inner, errs);
            inner.finish(errs);
            r
        }
        None => None,
    };
    let ratio = o.bool("ratio", errs).unwrap_or(false);
    if ratio && vs.is_none() && !o.has("vs") {
        errs.push(&o.path_of("ratio"), "\"ratio\" compares with \"vs\"; expected a \"vs\" figure");
    }
    let at_least = o.f64_in("at_least", -1e12, 1e12, errs);
    let at_most = o.f64_in("at_most", -1e12, 1e12, errs);
    if at_least.is_none() && at_most.is_none() && !o.has("at_least") && !o.has("at_most") {
        errs.push(&o.path, "expected \"at_least\", \"at_most\" or both: the range the figure must lie in");
    }
    if let (Some(a), Some(b)) = (at_least, at_most)
        && a > b
    {
        errs.push(&o.path_of("at_most"), format!("found {b}, expected at least \"at_least\" ({a})"));
    }
    Some(FigureClaim { of: of?, vs, ratio, at_least, at_most, runs: RunsRef::default() })
}

/// Check a claim's references against the lesson's experiments (`path`: the event's path).
pub fn validate(c: &FigureClaim, path: &str, errs: &mut Errs) {
    for (r, p) in std::iter::once((&c.of, path.to_string())).chain(c.vs.iter().map(|v| (v, format!("{path}.vs")))) {
        let runs = &c.runs.0;
        if let Some(v) = r.variant {
            match &runs.compare {
                None => errs.push(&p, "a compare figure needs the lesson's \"compare\""),
                Some(cmp) if v >= cmp.variants.len() => {
                    errs.push(&p, format!("found variant {v}, expected below {}", cmp.variants.len()))
                }
                _ => {}
            }
        }
        if let Some(d) = r.delay_ms {
            let i = r.sweep.unwrap_or(0);
            match runs.sweeps.get(i) {
                None => errs.push(&p, format!("a sweep figure needs the lesson's \"sweeps\"[{i}]")),
                Some(s) if !s.delays_ms.contains(&d) => {
                    errs.push(&p, format!("found delay_ms {d}, expected one of the sweep's delays {:?}", s.delays_ms))
                }
                _ => {}
            }
        }
    }
}

impl FigureRef {
    /// The number, from the lesson's experiments (run on first use).
    pub fn value(&self, runs: &RunsRef) -> Result<f64, String> {
        let missing = || format!("{} has no value in this run", self.figure);
        if let Some(v) = self.variant {
            let c = runs.0.comparison()?;
            let r = c.runs.get(v).ok_or_else(missing)?;
            let all: Vec<usize> = r.locality_by_size.iter().map(|b| b.bin).collect();
            let bins = if self.bins.is_empty() { &all } else { &self.bins };
            let x = match self.figure.as_str() {
                "node_locality" if self.bins.is_empty() => Some(r.node_locality),
                "node_locality" => node_locality_of(&r.locality_by_size, bins),
                "data_nodes" => data_nodes_of(&r.locality_by_size, bins),
                "sticky_share" => r.sticky_share,
                "mean_response_ms" if self.bins.is_empty() => r.mean_response_ms,
                "mean_response_ms" => {
                    let (n, sum) =
                        r.by_size.iter().filter(|b| bins.contains(&b.bin)).fold((0usize, 0.0), |(n, s), b| {
                            (n + b.finished, s + b.mean_response_ms.unwrap_or(0.0) * b.finished as f64)
                        });
                    (n > 0).then(|| sum / n as f64)
                }
                "utilisation" => Some(r.utilisation),
                "last_finished_ms" => r.makespan_ms.map(|m| m as f64),
                _ => None,
            };
            return x.ok_or_else(missing);
        }
        let d = self.delay_ms.ok_or_else(missing)?;
        let s = runs.0.sweep(self.sweep.unwrap_or(0))?;
        let p = s.points.iter().find(|p| p.node_delay_ms == d).ok_or_else(missing)?;
        let x = match self.figure.as_str() {
            "measured" => Some(p.measured),
            "bound" => Some(p.bound),
            "skips" => Some(p.skips),
            "mean_skips" => p.mean_skips,
            "bound_skips" => p.bound_skips,
            "mean_trackers" => p.mean_trackers,
            "bound_trackers" => p.bound_trackers,
            "full_waits" => Some(p.full_waits as f64),
            "remembered" => Some(p.remembered as f64),
            "measured_without_remembered" => Some(p.measured_without_remembered),
            "node_local" => Some(p.node_local as f64),
            "rack_local" => Some(p.rack_local as f64),
            "off_switch" => Some(p.off_switch as f64),
            "makespan_ms" => p.makespan_ms.map(|m| m as f64),
            _ => None,
        };
        x.ok_or_else(missing)
    }
}

impl FigureClaim {
    /// The compared quantity: the figure, or its difference from / ratio to `vs`.
    pub fn quantity(&self) -> Result<f64, String> {
        let a = self.of.value(&self.runs)?;
        match &self.vs {
            None => Ok(a),
            Some(v) => {
                let b = v.value(&self.runs)?;
                if self.ratio {
                    if b == 0.0 { Err(format!("{} is 0: no ratio", v.figure)) } else { Ok(a / b) }
                } else {
                    Ok(a - b)
                }
            }
        }
    }

    pub fn holds(&self) -> bool {
        self.quantity().is_ok_and(|q| self.at_least.is_none_or(|x| q >= x) && self.at_most.is_none_or(|x| q <= x))
    }

    /// What the run gave, for a failure message.
    pub fn found(&self) -> String {
        match self.quantity() {
            Ok(q) => format!("found {q:.4}"),
            Err(e) => e,
        }
    }
}
