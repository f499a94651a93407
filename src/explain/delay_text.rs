//! Delay scheduling in words (`FairScheduler.getAllowedLocalityLevel`): why a job may launch
//! at NODE, RACK or ANY this heartbeat: its wait against the node and rack delays, and the
//! level its last map launched at. English and Simplified Chinese (延迟调度, 本地性级别).

use crate::i18n::Lang;
use crate::sched::fair::delay::{Allowed, LevelReason, LocalityLevel};

fn level(l: LocalityLevel, lang: Lang) -> &'static str {
    match (l, lang) {
        (LocalityLevel::Node, Lang::En) => "NODE (node-local only)",
        (LocalityLevel::Rack, Lang::En) => "RACK (node- or rack-local)",
        (LocalityLevel::Nodegroup, Lang::En) => "NODEGROUP (treated as ANY)",
        (LocalityLevel::Any, Lang::En) => "ANY (any map)",
        (LocalityLevel::Node, Lang::Zh) => "NODE（只限 node-local）",
        (LocalityLevel::Rack, Lang::Zh) => "RACK（node-local 或 rack-local）",
        (LocalityLevel::Nodegroup, Lang::Zh) => "NODEGROUP（按 ANY 处理）",
        (LocalityLevel::Any, Lang::Zh) => "ANY（任意 map）",
    }
}

/// Why the job may launch at this level: the heart of delay scheduling.
pub fn allowed_text(job: u32, a: &Allowed, lang: Lang) -> String {
    let (n, r, w) = (a.node_delay_ms, a.rack_delay_ms, a.waited_ms);
    let lv = level(a.level, lang);
    match (&a.reason, lang) {
        (LevelReason::NoInfo, Lang::En) => format!("J{job} has no scheduler record: allowed {lv}"),
        (LevelReason::NoInfo, Lang::Zh) => format!("J{job} 没有调度记录：允许 {lv}"),
        (LevelReason::NoLocalityInfo, Lang::En) => {
            format!("J{job} has maps without input locations, so delay scheduling does not apply: allowed {lv}")
        }
        (LevelReason::NoLocalityInfo, Lang::Zh) => format!("J{job} 有没有输入位置的 map，不做延迟调度：允许 {lv}"),
        (
            LevelReason::Starved {
                since_min_share_ms,
                min_share_timeout_ms,
                since_half_fair_share_ms,
                fair_share_timeout_ms,
            },
            l,
        ) => {
            let (which, since, timeout) = if since_min_share_ms > min_share_timeout_ms {
                (l.pick("below its min share", "低于最小份额"), since_min_share_ms, min_share_timeout_ms)
            } else {
                (
                    l.pick("below half its fair share", "低于公平份额的一半"),
                    since_half_fair_share_ms,
                    fair_share_timeout_ms,
                )
            };
            match l {
                Lang::En => format!(
                    "J{job}'s pool has been {which} for {since} ms, longer than its preemption timeout of {timeout} ms: the pool is starving, so no delay: allowed {lv}"
                ),
                Lang::Zh => format!(
                    "J{job} 所在的池已{which} {since} ms，超过抢占超时 {timeout} ms：池处于饥饿状态，不再延迟：允许 {lv}"
                ),
            }
        }
        (LevelReason::Waited, Lang::En) => {
            let last = a.last_level.as_str();
            let cmp = match a.last_level {
                LocalityLevel::Node => {
                    if w >= n + r {
                        format!("{w} ms ≥ node delay + rack delay = {} ms", n + r)
                    } else if w >= n {
                        format!("{w} ms ≥ node delay {n} ms (ANY needs {} ms)", n + r)
                    } else {
                        format!("{w} ms < node delay {n} ms")
                    }
                }
                LocalityLevel::Rack => {
                    if w >= r {
                        format!("{w} ms ≥ rack delay {r} ms")
                    } else {
                        format!("{w} ms < rack delay {r} ms")
                    }
                }
                _ => {
                    return format!(
                        "J{job}'s last map was off-switch ({last}), and that level stays allowed until it launches a local map: allowed {lv}"
                    );
                }
            };
            format!("J{job}'s last map was {last}, it has waited {cmp}: allowed {lv}")
        }
        (LevelReason::Waited, Lang::Zh) => {
            let last = a.last_level.as_str();
            let cmp = match a.last_level {
                LocalityLevel::Node => {
                    if w >= n + r {
                        format!("等待 {w} ms ≥ nodeLocalityDelay + rackLocalityDelay = {} ms", n + r)
                    } else if w >= n {
                        format!("等待 {w} ms ≥ nodeLocalityDelay {n} ms（到 ANY 需 {} ms）", n + r)
                    } else {
                        format!("等待 {w} ms < nodeLocalityDelay {n} ms")
                    }
                }
                LocalityLevel::Rack => {
                    if w >= r {
                        format!("等待 {w} ms ≥ rackLocalityDelay {r} ms")
                    } else {
                        format!("等待 {w} ms < rackLocalityDelay {r} ms")
                    }
                }
                _ => {
                    return format!(
                        "J{job} 上一个 map 是 off-switch（{last}），在再次启动本地 map 之前一直允许该级别：允许 {lv}"
                    );
                }
            };
            format!("J{job} 上一个 map 的本地性级别是 {last}，{cmp}：允许 {lv}")
        }
    }
}
