//! The expected numbers of the Fair steps: exact (bit-identical doubles, as Hadoop's
//! `assertEquals(Double, Double)` in `TestFairScheduler`) or within a tolerance, per task type,
//! and the `[demand, minShare, weight]` items of `TestComputeFairShares`.

use crate::input::json::{Errs, Obj, as_array, as_f64_in, index};
use crate::model::TaskType;
use crate::sched::fair::shares::ShareInput;
use serde_json::Value;

/// An expected number: exact (bit-identical doubles, as Hadoop's `assertEquals(Double, Double)`)
/// or within a tolerance.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Num {
    pub value: f64,
    pub tol: Option<f64>,
}

impl Num {
    /// Compare `got` with the expected number; a mismatch is said in `out`.
    pub fn check(&self, what: &str, got: f64, out: &mut Vec<String>) {
        let ok = match self.tol {
            None => got == self.value,
            Some(t) => (got - self.value).abs() <= t,
        };
        if !ok {
            match self.tol {
                None => out.push(format!("{what} expected exactly {:?}, got {got:?}", self.value)),
                Some(t) => out.push(format!("{what} expected {:?} ± {t}, got {got:?}", self.value)),
            }
        }
    }
}

pub(super) fn num(v: &Value, path: &str, tol: Option<f64>, errs: &mut Errs) -> Option<Num> {
    match v {
        Value::Object(_) => {
            let mut o = Obj::new(v, path, errs)?;
            let value = o.f64_in("value", -1e300, 1e300, errs);
            let t = o.f64_in("tolerance", 0.0, 1e300, errs).or(tol);
            if value.is_none() && !o.has("value") {
                errs.push(&o.path_of("value"), "missing; expected the number");
            }
            o.finish(errs);
            Some(Num { value: value?, tol: t })
        }
        _ => as_f64_in(v, path, -1e300, 1e300, errs).map(|value| Num { value, tol }),
    }
}

/// Checks of one task type (`"map": {...}`, `"reduce": {...}`), in the order of the keys the
/// check knows.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct TypeChecks {
    pub items: Vec<(&'static str, Num)>,
}

pub(super) fn type_checks(
    v: &Value,
    path: &str,
    keys: &[&'static str],
    tol: Option<f64>,
    errs: &mut Errs,
) -> TypeChecks {
    let mut c = TypeChecks::default();
    let Some(mut o) = Obj::new(v, path, errs) else { return c };
    for k in keys {
        let p = o.path_of(k);
        if let Some(x) = o.get(k) {
            if let Some(n) = num(x, &p, tol, errs) {
                c.items.push((k, n));
            }
        }
    }
    o.finish(errs);
    c
}

pub(super) const JOB_TYPE_KEYS: &[&str] = &["fair_share", "demand", "running", "weight"];
pub(super) const POOL_TYPE_KEYS: &[&str] =
    &["fair_share", "demand", "running", "min_share", "max_share", "tasks_to_preempt"];

/// The map and reduce checks of a job or pool.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ByType {
    pub map: Option<TypeChecks>,
    pub reduce: Option<TypeChecks>,
}

impl ByType {
    /// Each given type with its checks, maps first.
    pub fn each(&self) -> impl Iterator<Item = (TaskType, &'static str, &TypeChecks)> {
        [(TaskType::Map, "map", &self.map), (TaskType::Reduce, "reduce", &self.reduce)]
            .into_iter()
            .filter_map(|(t, k, c)| c.as_ref().map(|c| (t, k, c)))
    }
}

pub(super) fn read_items(o: &mut Obj, errs: &mut Errs) -> Vec<ShareInput> {
    let p = o.path_of("items");
    let Some(list) = o.get("items").and_then(|l| as_array(l, &p, 100_000, errs)) else { return Vec::new() };
    let mut out = Vec::new();
    for (i, it) in list.iter().enumerate() {
        let ip = index(&p, i);
        let Some(a) = as_array(it, &ip, 3, errs) else { continue };
        if a.is_empty() {
            errs.push(&ip, "expected [demand] or [demand, minShare] or [demand, minShare, weight]");
            continue;
        }
        let d = as_f64_in(&a[0], &index(&ip, 0), 0.0, 1e15, errs);
        let m = a.get(1).map(|x| as_f64_in(x, &index(&ip, 1), 0.0, 1e15, errs)).unwrap_or(Some(0.0));
        let w = a.get(2).map(|x| as_f64_in(x, &index(&ip, 2), 1e-300, 1e300, errs)).unwrap_or(Some(1.0));
        if let (Some(d), Some(m), Some(w)) = (d, m, w) {
            out.push(ShareInput { demand: d as i64, min_share: m as i64, weight: w });
        }
    }
    out
}
