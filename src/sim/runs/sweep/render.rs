//! The sweep as text (English or Chinese): the measured-vs-bound table, then the table that
//! explains the gap (real skips, distinct trackers, the bound for each, remembered levels).

use super::SweepResult;
use crate::i18n::{Lang, k, t};

fn pct(x: Option<f64>) -> String {
    x.map(|v| format!("{:.1}%", 100.0 * v)).unwrap_or_else(|| "-".into())
}

fn num(x: Option<f64>) -> String {
    x.map(|v| format!("{v:.1}")).unwrap_or_else(|| "-".into())
}

/// The sweep as text tables.
pub fn render(r: &SweepResult, lang: Lang) -> Vec<String> {
    let mut out = Vec::new();
    let (n_avg, r_avg) = if r.jobs.is_empty() {
        (0.0, 0.0)
    } else {
        let n: u64 = r.jobs.iter().map(|j| j.1).sum();
        (n as f64 / r.jobs.len() as f64, r.jobs.iter().map(|j| j.2 * j.1 as f64).sum::<f64>() / n.max(1) as f64)
    };
    out.push(k::sweep_report_head.fill(
        lang,
        &[
            &r.scenario,
            &r.nodes.to_string(),
            &r.trackers.to_string(),
            &r.heartbeat_interval_ms.to_string(),
            &r.jobs.len().to_string(),
            &format!("{n_avg:.1}"),
            &format!("{r_avg:.2}"),
            &r.rack_delay_ms.to_string(),
        ],
    ));
    out.push(t(lang, k::sweep_report_bound).to_string());
    out.push(format!(
        "{:>10} {:>7} {:>11} {:>9} {:>6} {:>6} {:>11} {:>14}",
        t(lang, k::sweep_report_delay),
        "D",
        "node-local",
        t(lang, k::sweep_report_bound_col),
        "rack",
        "off",
        t(lang, k::sweep_report_makespan),
        t(lang, k::sweep_report_mean_resp)
    ));
    for p in &r.points {
        let f = |x: Option<f64>| x.map(|v| format!("{:.1}", v / 1000.0)).unwrap_or_else(|| "-".into());
        out.push(format!(
            "{:>10} {:>7.1} {:>10.1}% {:>8.1}% {:>6} {:>6} {:>11} {:>14}",
            p.node_delay_ms,
            p.skips,
            100.0 * p.measured,
            100.0 * p.bound,
            p.rack_local,
            p.off_switch,
            f(p.makespan_ms.map(|m| m as f64)),
            f(p.mean_response_ms)
        ));
    }
    out.push(String::new());
    out.push(t(lang, k::sweep_report_why).to_string());
    out.push(format!(
        "{:>10} {:>7} {:>8} {:>9} {:>9} {:>9} {:>7} {:>11} {:>11} {:>10}",
        t(lang, k::sweep_report_delay),
        "D",
        t(lang, k::sweep_report_skips),
        t(lang, k::sweep_report_trackers),
        t(lang, k::sweep_report_bound_d),
        t(lang, k::sweep_report_bound_skips),
        t(lang, k::sweep_report_bound_trk),
        t(lang, k::sweep_report_full_waits),
        t(lang, k::sweep_report_remembered),
        t(lang, k::sweep_report_node_star)
    ));
    for p in &r.points {
        out.push(format!(
            "{:>10} {:>7.1} {:>8} {:>9} {:>9} {:>9} {:>7} {:>11} {:>11} {:>9.1}%",
            p.node_delay_ms,
            p.skips,
            num(p.mean_skips),
            num(p.mean_trackers),
            pct(Some(p.bound)),
            pct(p.bound_skips),
            pct(p.bound_trackers),
            p.full_waits,
            p.remembered,
            100.0 * p.measured_without_remembered
        ));
    }
    out.push(t(lang, k::sweep_report_star).to_string());
    out
}
