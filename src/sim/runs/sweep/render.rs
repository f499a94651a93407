//! The sweep as text (English or Chinese): the measured-vs-bound table, then the table that
//! explains the gap (real skips, distinct trackers, the bound for each, remembered levels).

use super::SweepResult;
use crate::i18n::Lang;

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
    out.push(match lang {
        Lang::En => format!(
            "Delay-scheduling sweep of {}: M = {} nodes ({} trackers, heartbeat every {} ms), {} jobs with input locations, N = {:.1} maps per job on average, R = {:.2} replicas; rack delay {} ms. A delay of W ms is about D = W x {} / {} skips.",
            r.scenario, r.nodes, r.trackers, r.heartbeat_interval_ms, r.jobs.len(), n_avg, r_avg, r.rack_delay_ms, r.trackers, r.heartbeat_interval_ms
        ),
        Lang::Zh => format!(
            "{} 的延迟调度扫描：M = {} 个节点（{} 个 TaskTracker，每 {} ms 心跳一次），{} 个有输入位置的作业，平均每个作业 N = {:.1} 个 map，副本数 R = {:.2}；rackLocalityDelay = {} ms。延迟 W ms 约等于 D = W x {} / {} 次跳过。",
            r.scenario, r.nodes, r.trackers, r.heartbeat_interval_ms, r.jobs.len(), n_avg, r_avg, r.rack_delay_ms, r.trackers, r.heartbeat_interval_ms
        ),
    });
    out.push(lang.pick(
        "Bound: l(D) >= 1 - e^(-RD/M) / (N (1 - e^(-RD/M))), averaged over jobs weighted by N (Zaharia et al., EuroSys 2010).",
        "理论下界：l(D) >= 1 - e^(-RD/M) / (N (1 - e^(-RD/M)))，按各作业 N 加权平均（Zaharia 等，EuroSys 2010）。",
    ).to_string());
    out.push(format!(
        "{:>10} {:>7} {:>11} {:>9} {:>6} {:>6} {:>11} {:>14}",
        lang.pick("delay ms", "延迟 ms"),
        "D",
        "node-local",
        lang.pick("bound", "下界"),
        "rack",
        "off",
        lang.pick("makespan s", "完成时间 s"),
        lang.pick("mean resp. s", "平均响应 s")
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
    out.push(lang.pick(
        "Why the measurement can fall below the bound. A skip is a heartbeat at which a job was offered a free map slot and took none; a full wait is the skips a job took, since its last launch, to reach the node delay. The bound assumes every skip is a new random node, but a job is only offered a slot where one is free, so on a nearly full cluster the same few free slots come round again. Per delay: the mean skips of a full wait per job, the mean distinct trackers those skips offered, the bound with D = each, and the rack-local or off-switch maps a remembered level allowed without waiting (lastMapLocalityLevel, set by FairScheduler.updateLastMapLocalityLevel), with node locality of the other maps.",
        "实测为何可能低于理论下界。一次“跳过”是指某次心跳向作业提供了空闲的 map slot，作业却没有接受；一次“完整等待”是作业自上次启动 map 起、直到等待时间达到 nodeLocalityDelay 为止所经历的跳过。理论下界假设每次跳过都来自一个新的随机节点，但作业只会在有空闲 slot 的节点上被询问，集群接近满载时，同样几个空闲 slot 会反复出现。每个延迟下依次给出：每个作业一次完整等待的平均跳过次数、这些跳过来自多少个不同的 TaskTracker、分别以这两个数为 D 算出的下界，以及凭“记住的级别”（lastMapLocalityLevel，由 FairScheduler.updateLastMapLocalityLevel 设置）无需等待就启动的机架本地或跨机架 map 数，和其余 map 的节点本地比例。",
    ).to_string());
    out.push(format!(
        "{:>10} {:>7} {:>8} {:>9} {:>9} {:>9} {:>7} {:>11} {:>11} {:>10}",
        lang.pick("delay ms", "延迟 ms"),
        "D",
        lang.pick("skips", "跳过"),
        lang.pick("trackers", "节点数"),
        lang.pick("bound(D)", "下界(D)"),
        lang.pick("b(skips)", "下界(跳过)"),
        lang.pick("b(trk)", "下界(节点)"),
        lang.pick("full waits", "完整等待"),
        lang.pick("remembered", "记住的级别"),
        lang.pick("node-local*", "节点本地*")
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
    out.push(
        lang.pick(
            "* node-local share of the maps that were not launched by a remembered level.",
            "* 不计凭记住的级别启动的 map 时的节点本地比例。",
        )
        .to_string(),
    );
    out
}
