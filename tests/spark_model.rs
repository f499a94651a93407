//! Spark's delay scheduling against a model written here from Spark's rules, not read from the
//! engine: the pending stacks and `dequeueTask` (R9), `getAllowedLocalityLevel` (R10), the
//! SPARK-18886 reset (R12) and the legacy reset on launch (R14). Over 2,000 generated
//! scenarios (executors with cores on hosts, racks or none, one or two task sets, full and
//! partial rounds, tasks finishing, the clock moving, both reset modes, waits of 0 to 3 s) every
//! round's launches, the level allowed at each offer, the timer after each task set's turn and
//! the cores used must agree; and, on the engine's own records: no launch is less local than
//! the allowed level except in the NO_PREF pass, and no offer is used past its cores.
#![cfg(not(target_arch = "wasm32"))]

use schedscope::explain::Decision;
use schedscope::sched::spark::locality::TaskLocality::{self, *};
use schedscope::sim::Engine;
use serde_json::{Value, json};
use std::collections::BTreeMap;

mod common;
use common::Rng;

#[derive(Clone)]
enum Pref {
    Exec(String, String),
    Host(String),
}

impl Pref {
    fn host(&self) -> &str {
        match self {
            Pref::Exec(h, _) | Pref::Host(h) => h,
        }
    }
}

struct Tsm {
    stage: u32,
    prefs: Vec<Vec<Pref>>,
    running: Vec<bool>,
    done: Vec<bool>,
    for_exec: BTreeMap<String, Vec<usize>>,
    for_host: BTreeMap<String, Vec<usize>>,
    for_rack: BTreeMap<String, Vec<usize>>,
    no_prefs: Vec<usize>,
    all: Vec<usize>,
    levels: Vec<TaskLocality>,
    waits: Vec<i64>,
    idx: usize,
    last: i64,
}

struct World {
    execs: Vec<(String, String, u32)>,
    racks: Option<BTreeMap<String, String>>,
    wait: i64,
    legacy: bool,
    flags: BTreeMap<u32, bool>,
}

impl World {
    fn rack(&self, host: &str) -> Option<String> {
        self.racks.as_ref()?.get(host).cloned()
    }
}

fn pop(list: Option<&mut Vec<usize>>, running: &[bool], done: &[bool]) -> Option<usize> {
    let list = list?;
    while let Some(i) = list.pop() {
        if !running[i] && !done[i] {
            return Some(i);
        }
    }
    None
}

/// Keys scanned in name order until one holds a live task; emptied keys scanned are deleted.
fn more(map: &mut BTreeMap<String, Vec<usize>>, running: &[bool], done: &[bool]) -> bool {
    let keys: Vec<String> = map.keys().cloned().collect();
    for k in keys {
        let list = map.get_mut(&k).unwrap();
        while let Some(&i) = list.last() {
            if !running[i] && !done[i] {
                return true;
            }
            list.pop();
        }
        map.remove(&k);
    }
    false
}

impl Tsm {
    fn new(stage: u32, prefs: Vec<Vec<Pref>>, w: &World, now: i64) -> Tsm {
        let n = prefs.len();
        let mut t = Tsm {
            stage,
            prefs,
            running: vec![false; n],
            done: vec![false; n],
            for_exec: BTreeMap::new(),
            for_host: BTreeMap::new(),
            for_rack: BTreeMap::new(),
            no_prefs: Vec::new(),
            all: Vec::new(),
            levels: Vec::new(),
            waits: Vec::new(),
            idx: 0,
            last: now,
        };
        for i in (0..n).rev() {
            for p in t.prefs[i].clone() {
                if let Pref::Exec(_, e) = &p {
                    t.for_exec.entry(e.clone()).or_default().push(i);
                }
                t.for_host.entry(p.host().to_string()).or_default().push(i);
            }
            if t.prefs[i].is_empty() {
                t.no_prefs.push(i);
            }
            t.all.push(i);
        }
        for (h, list) in t.for_host.clone() {
            if let Some(r) = w.rack(&h) {
                t.for_rack.entry(r).or_default().extend(list);
            }
        }
        let alive_host = |h: &str| w.execs.iter().any(|(_, eh, _)| eh == h);
        if t.for_exec.keys().any(|e| w.execs.iter().any(|(x, _, _)| x == e)) {
            t.levels.push(ProcessLocal);
        }
        if t.for_host.keys().any(|h| alive_host(h)) {
            t.levels.push(NodeLocal);
        }
        if !t.no_prefs.is_empty() {
            t.levels.push(NoPref);
        }
        if t.for_rack.keys().any(|r| w.execs.iter().any(|(_, h, _)| w.rack(h).as_deref() == Some(r))) {
            t.levels.push(RackLocal);
        }
        t.levels.push(Any);
        t.waits = t.levels.iter().map(|l| if matches!(l, NoPref | Any) { 0 } else { w.wait }).collect();
        t
    }

    fn index_of(&self, l: TaskLocality) -> usize {
        self.levels.iter().position(|&x| x >= l).unwrap()
    }

    fn allowed(&mut self, now: i64) -> TaskLocality {
        while self.idx < self.levels.len() - 1 {
            let l = self.levels[self.idx];
            let m = match l {
                ProcessLocal => more(&mut self.for_exec, &self.running, &self.done),
                NodeLocal => more(&mut self.for_host, &self.running, &self.done),
                NoPref => !self.no_prefs.is_empty(),
                RackLocal => more(&mut self.for_rack, &self.running, &self.done),
                Any => true,
            };
            if !m {
                self.last = now;
                self.idx += 1;
            } else if now - self.last >= self.waits[self.idx] {
                self.last += self.waits[self.idx];
                self.idx += 1;
            } else {
                return l;
            }
        }
        self.levels[self.idx]
    }

    /// One `resourceOffer`: (launched index and locality, reject, allowed).
    fn offer(
        &mut self,
        e: &str,
        h: &str,
        max: TaskLocality,
        now: i64,
        w: &World,
    ) -> (Option<(usize, TaskLocality)>, bool) {
        let allowed = if max == NoPref { NoPref } else { self.allowed(now).min(max) };
        let (r, d) = (self.running.clone(), self.done.clone());
        let mut got = pop(self.for_exec.get_mut(e), &r, &d).map(|i| (i, ProcessLocal));
        if got.is_none() && allowed >= NodeLocal {
            got = pop(self.for_host.get_mut(h), &r, &d).map(|i| (i, NodeLocal));
        }
        if got.is_none() && allowed >= NoPref {
            got = pop(Some(&mut self.no_prefs), &r, &d).map(|i| (i, ProcessLocal));
        }
        if got.is_none() && allowed >= RackLocal {
            if let Some(rack) = w.rack(h) {
                got = pop(self.for_rack.get_mut(&rack), &r, &d).map(|i| (i, RackLocal));
            }
        }
        if got.is_none() && allowed >= Any {
            got = pop(Some(&mut self.all), &r, &d).map(|i| (i, Any));
        }
        if let Some((i, l)) = got {
            self.running[i] = true;
            if w.legacy && max != NoPref {
                self.last = now;
                self.idx = self.index_of(l);
            }
        }
        let reject = got.is_none() && max == Any && !self.all.is_empty();
        (got, reject)
    }
}

/// A round in the model: the launches (task set stage, index, executor, locality) in order.
fn round(
    ts: &mut [Tsm],
    w: &mut World,
    offers: &[(String, String, u32)],
    full: bool,
    now: i64,
) -> Vec<(u32, usize, String, TaskLocality)> {
    let mut cpus: Vec<u32> = offers.iter().map(|o| o.2).collect();
    let mut order: Vec<usize> =
        (0..ts.len()).filter(|&t| !ts[t].done.iter().all(|&d| d) && !ts[t].all.is_empty()).collect();
    order.sort_by_key(|&t| ts[t].stage);
    let mut out = Vec::new();
    for t in order {
        let (mut launched, mut rejects, mut gmin) = (false, 0, None::<TaskLocality>);
        for max in ts[t].levels.clone() {
            loop {
                let mut pass_min = None::<TaskLocality>;
                for (i, o) in offers.iter().enumerate() {
                    if cpus[i] < 1 {
                        continue;
                    }
                    let (got, rej) = ts[t].offer(&o.0, &o.1, max, now, w);
                    rejects += rej as u32;
                    if let Some((idx, l)) = got {
                        cpus[i] -= 1;
                        pass_min = Some(pass_min.map_or(l, |m| m.min(l)));
                        out.push((ts[t].stage, idx, o.0.clone(), l));
                    }
                }
                launched |= pass_min.is_some();
                gmin = match (gmin, pass_min) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                if pass_min.is_none() {
                    break;
                }
            }
        }
        if !w.legacy {
            let stage = ts[t].stage;
            if rejects == 0 {
                if launched && (full || *w.flags.get(&stage).unwrap_or(&true)) {
                    ts[t].last = now;
                    if let Some(g) = gmin {
                        ts[t].idx = ts[t].index_of(g);
                    }
                    w.flags.insert(stage, true);
                }
            } else {
                w.flags.insert(stage, false);
            }
        }
    }
    out
}

fn case(seed: u64) {
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let hosts: Vec<String> = (0..2 + rng.below(3)).map(|h| format!("h{h}")).collect();
    let racks = (rng.below(2) == 0).then(|| {
        hosts
            .iter()
            .enumerate()
            .filter(|(i, _)| i % 3 != 2)
            .map(|(i, h)| (h.clone(), format!("r{}", i % 2)))
            .collect::<BTreeMap<_, _>>()
    });
    let execs: Vec<(String, String, u32)> = (0..1 + rng.below(4))
        .map(|e| (format!("e{e}"), hosts[rng.below(hosts.len() as u64) as usize].clone(), 1 + rng.below(2) as u32))
        .collect();
    let wait = [0, 1000, 3000][rng.below(3) as usize];
    let legacy = rng.below(2) == 0;
    let mut w = World { execs: execs.clone(), racks: racks.clone(), wait, legacy, flags: BTreeMap::new() };
    let mut steps: Vec<Value> =
        execs.iter().map(|(e, h, c)| json!({"op": "add_executor", "executor": e, "host": h, "cores": c})).collect();
    let mut ts: Vec<Tsm> = Vec::new();
    for stage in 0..1 + rng.below(2) as u32 {
        let prefs: Vec<Vec<Pref>> = (0..1 + rng.below(6))
            .map(|_| match rng.below(4) {
                0 => vec![],
                1 => {
                    let (e, h, _) = &execs[rng.below(execs.len() as u64) as usize];
                    vec![Pref::Exec(h.clone(), e.clone())]
                }
                2 => vec![Pref::Exec(hosts[0].clone(), "ghost".into())],
                _ => vec![Pref::Host(hosts[rng.below(hosts.len() as u64) as usize].clone())],
            })
            .collect();
        let strs: Vec<Vec<String>> = prefs
            .iter()
            .map(|ps| {
                ps.iter()
                    .map(|p| match p {
                        Pref::Exec(h, e) => format!("executor_{h}_{e}"),
                        Pref::Host(h) => h.clone(),
                    })
                    .collect()
            })
            .collect();
        steps.push(json!({"op": "submit_task_set", "stage": stage, "tasks": strs}));
        ts.push(Tsm::new(stage, prefs, &w, 0));
    }
    let mut now = 0;
    let mut expected = Vec::new();
    for _ in 0..12 {
        match rng.below(4) {
            0 => {
                let ms = [500, 1000, 3000][rng.below(3) as usize];
                now += ms;
                steps.push(json!({"op": "advance", "ms": ms}));
            }
            1 => {
                let running: Vec<(usize, usize)> = (0..ts.len())
                    .flat_map(|t| (0..ts[t].running.len()).map(move |i| (t, i)))
                    .filter(|&(t, i)| ts[t].running[i])
                    .collect();
                if let Some(&(t, i)) = running.get(rng.below(running.len().max(1) as u64) as usize) {
                    ts[t].running[i] = false;
                    ts[t].done[i] = true;
                    if ts[t].done.iter().all(|&d| d) {
                        w.flags.remove(&ts[t].stage);
                    }
                    steps.push(json!({"op": "finish_task", "task_set": format!("{}.0", ts[t].stage), "index": i}));
                }
            }
            _ => {
                let full = rng.below(2) == 0;
                let offers: Vec<(String, String, u32)> = if full {
                    execs.iter().map(|(e, h, c)| (e.clone(), h.clone(), rng.below(*c as u64 + 1) as u32)).collect()
                } else {
                    let (e, h, c) = &execs[rng.below(execs.len() as u64) as usize];
                    vec![(e.clone(), h.clone(), *c)]
                };
                let launches = round(&mut ts, &mut w, &offers, full, now);
                let levels: Vec<(u32, TaskLocality, i64)> =
                    ts.iter().map(|t| (t.stage, t.levels[t.idx], t.last)).collect();
                expected.push((launches, levels, offers.clone()));
                let o: Vec<Value> =
                    offers.iter().map(|(e, h, c)| json!({"executor": e, "host": h, "cores": c})).collect();
                steps.push(json!({"op": "offer_round", "full": full, "offers": o}));
            }
        }
    }
    let mut sc = json!({"scheduler": "spark", "config": {"spark.locality.wait": wait, "spark.locality.wait.legacyResetOnTaskLaunch": legacy}, "steps": steps});
    if let Some(r) = &racks {
        sc["spark"] = json!({"racks": r});
    }
    let text = sc.to_string();
    let mut e = Engine::new(schedscope::scenario::parse(&text).unwrap_or_else(|x| panic!("{x}\n{text}"))).unwrap();
    let mut rounds = 0;
    while let Some(rec) = e.next_heartbeat() {
        let Decision::Spark(d) = &rec.decision else { panic!() };
        e.check_invariants().unwrap_or_else(|m| panic!("seed {seed}: {m}"));
        let (want, levels, offers) = &expected[rounds];
        rounds += 1;
        let got: Vec<(u32, usize, String, TaskLocality)> = d
            .launches
            .iter()
            .map(|l| {
                (
                    l.task_set.trim_start_matches("TaskSet_").trim_end_matches(".0").parse().unwrap(),
                    l.index,
                    l.executor.clone(),
                    l.locality,
                )
            })
            .collect();
        assert_eq!(&got, want, "seed {seed}, round {rounds}\n{text}");
        for turn in &d.task_sets {
            let stage: u32 = turn.task_set.trim_start_matches("TaskSet_").trim_end_matches(".0").parse().unwrap();
            let (_, lvl, last) = levels.iter().find(|(s, _, _)| *s == stage).unwrap();
            assert_eq!(
                (turn.level_after, turn.timer_after_ms),
                (*lvl, *last),
                "seed {seed}, round {rounds}: {stage}\n{text}"
            );
            for pass in &turn.passes {
                for a in &pass.asks {
                    if let Some(l) = &a.launched {
                        assert!(pass.max_locality == NoPref || l.locality <= a.allowed, "seed {seed}: {a:?}");
                        assert!(a.allowed <= pass.max_locality || pass.max_locality == NoPref);
                    }
                }
            }
        }
        for (ex, _, cores) in offers {
            let used = d.launches.iter().filter(|l| &l.executor == ex).count() as u32;
            assert!(used <= *cores, "seed {seed}: {ex} used {used} of {cores}");
        }
    }
    assert_eq!(rounds, expected.len(), "seed {seed}");
    assert!(e.failures.is_empty(), "seed {seed}: {:?}\n{text}", e.failures);
}

#[test]
fn rounds_agree_with_a_model_of_spark_rules() {
    for seed in 0..2000 {
        case(seed);
    }
}
