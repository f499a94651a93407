//! Compare mode: one automatic-mode workload run under two or three schedulers (or two
//! locality delays of the Fair Scheduler), summed up side by side by `metrics` — node
//! locality (overall and by job-size bin), response times by job size, sticky slots,
//! utilisation. `delay_experiment` is the delay scheduling paper's experiment (Zaharia et al.,
//! EuroSys 2010, sections 5–6): a Facebook-like mix of job sizes on 100 nodes under Fair sharing with
//! and without delay scheduling, where the 1- and 2-map jobs show head-of-line scheduling.

use crate::i18n::{k, t};
use crate::input::json::Errs;
use crate::model::Millis;
use crate::scenario::generator::{WorkloadSpec, generate};
use crate::scenario::{Scenario, SchedulerKind};
use crate::sched::fair::config::MAX_LOCALITY_DELAY_MS;
use crate::sim::Engine;
use crate::sim::metrics::{self, RunSummary};
use serde::Serialize;

/// One side of a comparison.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Variant {
    pub label: String,
    pub scheduler: SchedulerKind,
    /// Fair Scheduler only: `locality.delay.node` / `.rack` (ms).
    pub node_delay_ms: Option<Millis>,
    pub rack_delay_ms: Option<Millis>,
    /// Spark only: `spark.locality.wait.legacyResetOnTaskLaunch` (`spark-legacy`: true).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spark_legacy: Option<bool>,
    /// Spark only: `spark.locality.wait` (`spark@MS`), every level's wait.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub spark_wait_ms: Option<Millis>,
}

/// `fifo`, `fair`, `capacity`, `limit_tasks_per_job`, `fair@NODE_MS` / `fair@NODE_MS/RACK_MS`,
/// or `spark` (Spark 3.1's timer reset) and `spark-legacy` (the reset on every launch,
/// `spark.locality.wait.legacyResetOnTaskLaunch`), each optionally `@MS` for
/// `spark.locality.wait`. A Hadoop workload runs under Spark as `sim::spark_mapping` maps it.
pub fn parse_variant(s: &str) -> Result<Variant, String> {
    let (name, delay) = match s.split_once('@') {
        Some((n, d)) => (n, Some(d)),
        None => (s, None),
    };
    let scheduler = match name {
        "fifo" => SchedulerKind::Fifo,
        "fair" => SchedulerKind::Fair,
        "capacity" => SchedulerKind::Capacity,
        "limit_tasks_per_job" => SchedulerKind::LimitTasksPerJob,
        "spark" | "spark-legacy" => {
            let wait = match delay {
                None => None,
                Some(d) => Some(d.trim().parse::<Millis>().ok().filter(|v| (0..=MAX_LOCALITY_DELAY_MS).contains(v)).ok_or(
                    format!("{s:?}: expected spark.locality.wait in ms from 0 to {MAX_LOCALITY_DELAY_MS}, e.g. spark@3000"),
                )?),
            };
            return Ok(Variant {
                label: s.to_string(),
                scheduler: SchedulerKind::Spark,
                node_delay_ms: None,
                rack_delay_ms: None,
                spark_legacy: Some(name == "spark-legacy"),
                spark_wait_ms: wait,
            });
        }
        other => {
            return Err(format!(
                "unknown scheduler {other:?}; expected fifo, fair, capacity, limit_tasks_per_job, spark or spark-legacy"
            ));
        }
    };
    let ms = |x: &str| {
        x.trim()
            .parse::<Millis>()
            .ok()
            .filter(|v| (0..=MAX_LOCALITY_DELAY_MS).contains(v))
            .ok_or(format!("{s:?}: expected a delay in ms from 0 to {MAX_LOCALITY_DELAY_MS}, e.g. fair@1500"))
    };
    let (node, rack) = match delay {
        None => (None, None),
        Some(_) if scheduler != SchedulerKind::Fair => {
            return Err(format!("{s:?}: only the Fair Scheduler has a locality delay"));
        }
        Some(d) => match d.split_once('/') {
            Some((n, r)) => (Some(ms(n)?), Some(ms(r)?)),
            None => (Some(ms(d)?), Some(ms(d)?)),
        },
    };
    Ok(Variant {
        label: s.to_string(),
        scheduler,
        node_delay_ms: node,
        rack_delay_ms: rack,
        spark_legacy: None,
        spark_wait_ms: None,
    })
}

/// The scenario under another scheduler. A Capacity run of a scenario without queues gets one
/// queue per job queue/pool name, with equal capacities.
pub fn retarget(s: &Scenario, v: &Variant) -> Result<Scenario, String> {
    if v.scheduler == SchedulerKind::Spark {
        let mut out = match (&s.spark, s.scheduler) {
            (Some(_), SchedulerKind::Spark) => s.clone(),
            _ => crate::sim::spark_mapping::as_spark(s, Default::default()),
        };
        let sp = out.spark.as_mut().expect("a Spark scenario has its settings");
        if let Some(legacy) = v.spark_legacy {
            sp.conf.legacy_reset = legacy;
        }
        if let Some(w) = v.spark_wait_ms {
            let c = &mut sp.conf;
            (c.locality_wait, c.wait_process, c.wait_node, c.wait_rack) = (w, w, w, w);
        }
        return Ok(out);
    }
    if s.scheduler == SchedulerKind::Spark {
        return Err(format!("{}: a Spark scenario runs under spark or spark-legacy only", v.label));
    }
    let mut out = s.clone();
    out.scheduler = v.scheduler;
    match v.scheduler {
        SchedulerKind::Fair => {
            let mut f = s.fair.clone().unwrap_or_default();
            if v.node_delay_ms.is_some() {
                f.node_locality_delay = v.node_delay_ms;
                f.rack_locality_delay = v.rack_delay_ms;
            }
            out.fair = Some(f);
        }
        SchedulerKind::Capacity if s.capacity.is_none() => {
            let mut names: Vec<&str> = s.jobs.iter().map(|j| j.queue.as_str()).collect();
            crate::sort::sort(&mut names);
            names.dedup();
            if names.is_empty() {
                names.push("default");
            }
            let n = names.len() as u32;
            let queues: Vec<serde_json::Value> = names
                .iter()
                .enumerate()
                .map(|(i, q)| serde_json::json!({"name": q, "capacity": 100 / n + if i == 0 { 100 % n } else { 0 }}))
                .collect();
            let config = serde_json::json!({"queues": queues, "initial_queue_order": names});
            let mut errs = Errs::default();
            let slots = (s.config.map_slots, s.config.reduce_slots);
            let cap = crate::scenario::capacity::settings_of(&config, slots, &mut errs);
            if !errs.0.is_empty() {
                return Err(errs.0.iter().map(|e| e.to_string()).collect::<Vec<_>>().join("; "));
            }
            out.capacity = Some(cap);
        }
        _ => {}
    }
    Ok(out)
}

/// The runs side by side.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comparison {
    pub scenario: String,
    pub runs: Vec<RunSummary>,
    /// The Spark runs' own details (each is in `runs` too, summed up as a Hadoop run).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub spark_runs: Vec<metrics::spark::SparkSummary>,
}

/// Run `s` once per variant (automatic mode only), at most `max_heartbeats` each.
pub fn compare(s: &Scenario, variants: &[Variant], max_heartbeats: u64) -> Result<Comparison, String> {
    if s.steps.is_some() {
        return Err("compare runs whole workloads: the scenario must be in automatic mode (no \"steps\")".into());
    }
    if s.scheduler == SchedulerKind::Spark && s.spark_app.is_none() {
        return Err("compare runs whole workloads: a Spark scenario needs spark.executors and spark.stages".into());
    }
    if variants.is_empty() || variants.len() > 4 {
        return Err(format!("found {} schedulers, expected 1 to 4", variants.len()));
    }
    let mut runs = Vec::new();
    let mut spark_runs = Vec::new();
    for v in variants {
        let sc = retarget(s, v)?;
        let e = Engine::new(sc).map_err(|e| format!("{}: {e}", v.label))?;
        if v.scheduler == SchedulerKind::Spark {
            // Summed up as a Hadoop run too, so the table, the figures and lesson claims read
            // every run alike (a Hadoop workload under Spark sits beside Hadoop's runs).
            let (spark, summary) = metrics::spark::run(e, &v.label, max_heartbeats);
            runs.push(summary);
            spark_runs.push(spark);
        } else {
            runs.push(metrics::run(e, &v.label, max_heartbeats).0);
        }
    }
    Ok(Comparison { scenario: s.id.clone(), runs, spark_runs })
}

/// The paper's evaluation cluster and workload, scaled to class: 100 nodes in 5 racks with 4
/// map and 2 reduce slots each (the EC2 cluster of the paper's section 5), and a Facebook 2009 mix of job sizes
/// (most jobs have 1–2 maps, a few are large) arriving every 2 s on average, about 2,500 tasks
/// of 20 s maps. Small jobs' input sits on 3 of 100 nodes, so head-of-line scheduling shows.
pub fn facebook_mix(seed: u64) -> WorkloadSpec {
    WorkloadSpec {
        racks: 5,
        nodes_per_rack: 20,
        map_slots: 4,
        reduce_slots: 2,
        target_tasks: 2_500,
        mean_interarrival_ms: 2_000,
        users: 10,
        queues: vec!["default".into()],
        scheduler: "fair".into(),
        seed,
        map_duration_ms: 20_000,
        reduce_duration_ms: 15_000,
    }
}

/// The paper's experiment: Fair sharing without delay scheduling (both delays 0) and with it
/// (node and rack delay `delay_ms`), on `facebook_mix(seed)`.
pub fn delay_experiment(seed: u64, delay_ms: Millis) -> Result<Comparison, String> {
    let s = crate::scenario::from_value(&generate(&facebook_mix(seed))).map_err(|e| e.to_string())?;
    let v = [
        Variant {
            label: "fair, no delay".into(),
            scheduler: SchedulerKind::Fair,
            node_delay_ms: Some(0),
            rack_delay_ms: Some(0),
            spark_legacy: None,
            spark_wait_ms: None,
        },
        Variant {
            label: format!("fair, delay {delay_ms} ms"),
            scheduler: SchedulerKind::Fair,
            node_delay_ms: Some(delay_ms),
            rack_delay_ms: Some(delay_ms),
            spark_legacy: None,
            spark_wait_ms: None,
        },
    ];
    compare(&s, &v, 1_000_000)
}

/// The comparison as a text table (English or Chinese).
pub fn render(c: &Comparison, lang: crate::i18n::Lang) -> Vec<String> {
    // A Spark scenario: Spark's own summary.
    if c.runs.len() == c.spark_runs.len() && !c.spark_runs.is_empty() {
        return render_spark(c, lang);
    }
    let s = |x: Option<f64>| x.map(|v| format!("{:.1}", v / 1000.0)).unwrap_or_else(|| "-".into());
    let mut out = vec![
        k::cmp_report_title.fill(lang, &[&c.scenario]),
        format!(
            "{:<22} {:>9} {:>6} {:>6} {:>6} {:>10} {:>10} {:>8}",
            t(lang, k::cmp_report_scheduler),
            "node-loc",
            "node",
            "rack",
            "off",
            t(lang, k::cmp_report_mean_resp),
            t(lang, k::cmp_report_makespan),
            t(lang, k::cmp_report_util)
        ),
    ];
    for r in &c.runs {
        out.push(format!(
            "{:<22} {:>8.1}% {:>6} {:>6} {:>6} {:>9}s {:>9}s {:>7.1}%",
            r.label,
            100.0 * r.node_locality,
            r.maps_node,
            r.maps_rack,
            r.maps_off_switch,
            s(r.mean_response_ms),
            s(r.makespan_ms.map(|m| m as f64)),
            100.0 * r.utilisation
        ));
    }
    if !c.spark_runs.is_empty() {
        out.push(t(lang, k::cmp_report_spark_runs).to_string());
    }
    out.push(t(lang, k::cmp_report_by_size).to_string());
    let bins: Vec<(u32, u32)> = {
        let mut b: Vec<(u32, u32)> =
            c.runs.iter().flat_map(|r| r.by_size.iter().map(|x| (x.min_maps, x.max_maps))).collect();
        crate::sort::sort(&mut b);
        b.dedup();
        b
    };
    for (lo, hi) in bins {
        let cells: Vec<String> = c
            .runs
            .iter()
            .map(|r| {
                r.by_size
                    .iter()
                    .find(|b| b.min_maps == lo)
                    .map(|b| format!("{} ({} jobs)", s(b.mean_response_ms), b.jobs))
                    .unwrap_or_else(|| "-".into())
            })
            .collect();
        out.push(format!("  {:>9}: {}", bin_label(lo, hi), cells.join("  |  ")));
    }
    out.extend(render_locality(c, lang));
    if !c.spark_runs.is_empty() {
        out.extend(render_spark(c, lang).into_iter().skip(1));
    }
    out
}

/// A Spark comparison: each run's stage finish times, launches by level and tasks per executor.
fn render_spark(c: &Comparison, lang: crate::i18n::Lang) -> Vec<String> {
    let colon = t(lang, k::report_colon);
    let secs = |x: Option<i64>| x.map(|v| format!("{:.1} s", v as f64 / 1000.0)).unwrap_or_else(|| "-".into());
    let mut out = vec![k::cmp_report_title.fill(lang, &[&c.scenario])];
    for r in &c.spark_runs {
        let reset =
            if r.legacy_reset { t(lang, k::spark_report_reset_legacy) } else { t(lang, k::spark_report_reset_round) };
        out.push(format!("{}{colon}{reset}", r.label));
        out.push(format!("  {} {}", t(lang, k::spark_report_done_at), secs(r.makespan_ms)));
        if (2..=8).contains(&r.stages.len()) {
            for st in &r.stages {
                out.push(format!("  stage {}: {} → {}", st.stage, secs(Some(st.submit_ms)), secs(st.finish_ms)));
            }
        }
        let levels: Vec<String> = r.launches.iter().map(|(l, n)| format!("{} {n}", l.as_str())).collect();
        out.push(format!("  {}{colon}{}", t(lang, k::spark_report_launches), levels.join(", ")));
        let per: Vec<String> = r.per_executor.iter().map(|(e, n)| format!("{e} {n}")).collect();
        out.push(format!("  {}{colon}{}", t(lang, k::spark_report_per_executor), per.join(", ")));
        out.push(format!("  {}{colon}{}", t(lang, k::spark_report_rounds), r.rounds));
        if let Some(m) = &r.stopped {
            out.push(format!("  {}{colon}{m}", t(lang, k::spark_report_stopped)));
        }
    }
    out
}

fn bin_label(lo: u32, hi: u32) -> String {
    if lo == hi {
        format!("{lo}")
    } else if hi == u32::MAX {
        format!(">{}", lo - 1)
    } else {
        format!("{lo}-{hi}")
    }
}

/// Node locality by job-size bin (the paper's head-of-line evidence) and sticky slots.
fn render_locality(c: &Comparison, lang: crate::i18n::Lang) -> Vec<String> {
    let mut out = vec![t(lang, k::cmp_report_locality_by_size).to_string()];
    let mut bins: Vec<(usize, u32, u32)> =
        c.runs.iter().flat_map(|r| r.locality_by_size.iter().map(|b| (b.bin, b.min_maps, b.max_maps))).collect();
    crate::sort::sort(&mut bins);
    bins.dedup();
    let pct = |x: Option<f64>| x.map(|v| format!("{:.1}%", 100.0 * v)).unwrap_or_else(|| "-".into());
    for (bin, lo, hi) in bins {
        let cells: Vec<String> = c
            .runs
            .iter()
            .map(|r| match r.locality_by_size.iter().find(|b| b.bin == bin) {
                Some(b) => format!(
                    "{} ({}/{} {}) [{}]",
                    pct(b.node_locality),
                    b.maps_node,
                    b.maps_located,
                    t(lang, k::report_maps),
                    pct(b.data_nodes)
                ),
                None => "-".into(),
            })
            .collect();
        out.push(format!("  {:>9}: {}", bin_label(lo, hi), cells.join("  |  ")));
    }
    let sticky: Vec<String> = c.runs.iter().map(|r| pct(r.sticky_share)).collect();
    out.push(format!("{} {}", t(lang, k::cmp_report_sticky), sticky.join("  |  ")));
    out
}
