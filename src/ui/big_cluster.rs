//! The built-in "4,000-node cluster" scenario, generated in the page on first use
//! (deterministic from its seed, the `schedscope bench` workload for 4,000 nodes and 100,000
//! tasks under FIFO) rather than compiled in, so it costs nothing until picked.

use std::cell::OnceCell;

use super::state::ScenarioEntry;
use crate::scenario::generator::generate;
use crate::sim::bench::{BenchCase, workload};

pub const ID: &str = "big-cluster-4000";
pub const NODES: u32 = 4_000;
pub const TASKS: u64 = 100_000;

thread_local! {
    static TEXT: OnceCell<&'static str> = const { OnceCell::new() };
}

/// The scenario text, generated once per page (then kept for the page's life).
pub fn text() -> &'static str {
    TEXT.with(|c| {
        *c.get_or_init(|| {
            let spec = workload(&BenchCase { scheduler: "fifo".into(), nodes: NODES, tasks: TASKS });
            let mut v = generate(&spec);
            v["id"] = ID.into();
            Box::leak(serde_json::to_string(&v).unwrap_or_default().into_boxed_str())
        })
    })
}

/// The picker's entry (its text generated on demand, see `ScenarioEntry::text`).
pub fn entry() -> ScenarioEntry {
    ScenarioEntry {
        id: ID,
        title: ("Big cluster: 4,000 nodes (generated)".into(), "大集群：4000 个节点（生成）".into()),
        description: (
            "A generated workload at Yahoo!/Facebook scale of the Hadoop 1 era: 100 racks × 40 TaskTrackers (4 map + 2 reduce slots each), 100,000 tasks with Facebook 2009 job sizes, FIFO. The grid is drawn as pixels, one per slot.".into(),
            "按 Hadoop 1 时代 Yahoo!/Facebook 规模生成的负载：100 个机架 × 40 个 TaskTracker（每个 4 个 map 槽位、2 个 reduce 槽位），100000 个任务，作业规模取自 Facebook 2009，FIFO。集群图以像素绘制，每个槽位一个像素。".into(),
        ),
        json: "",
        generated: true,
    }
}
