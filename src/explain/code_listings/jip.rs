//! `JobInProgress.obtainNewMapTask` / `findNewMapTask`: which map a job hands a tracker, by
//! cache level (node-local, rack-local, then off-switch when allowed).

use super::{Method, c, l};

pub const JIP_MAP: Method = Method {
    id: "jip.obtainNewMapTask",
    hadoop: "JobInProgress.obtainNewMapTask / findNewMapTask",
    lines: &[
        c(0, "findNewMapTask(tracker, maxCacheLevel):", ""),
        l(
            1,
            "if a failed map waits (and did not fail here): run it again",
            "if 有失败的 map 在等待（且不是在这里失败的）: 重新运行它",
            "failed",
        ),
        l(
            1,
            "for level in 0 .. maxCacheLevel − 1 above the tracker's host:",
            "for level in 0 .. maxCacheLevel − 1（从 TaskTracker 所在主机逐级向上）:",
            "cache",
        ),
        l(
            2,
            "level 0: a map whose input is on this host  → node-local",
            "level 0: 输入数据在本主机上的 map → 节点本地",
            "node",
        ),
        l(
            2,
            "level 1: a map whose input is in this rack  → rack-local",
            "level 1: 输入数据在本机架上的 map → 机架本地",
            "rack",
        ),
        l(
            1,
            "if maxCacheLevel is beyond the topology (non-local allowed):",
            "if maxCacheLevel 超出拓扑的层数（允许非本地）:",
            "non_local",
        ),
        l(2, "a map whose input is in another rack  → off-switch", "输入数据在其他机架上的 map → 跨机架", "off_switch"),
        l(2, "else a map without input locations", "else 没有输入位置的 map", "no_location"),
        l(
            1,
            "if speculation is on: a speculative attempt of a slow map",
            "if 开启了推测执行: 为运行缓慢的 map 启动一个推测尝试",
            "speculative",
        ),
        c(1, "return none", "none"),
    ],
};
