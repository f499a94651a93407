//! Languages and the interface's fixed strings (English and Simplified Chinese). Chinese
//! terms follow the source articles: 心跳, 负载因子, 数据本地性, padding, off-switch, 延迟调度.
//! Traditional Chinese (`Locale::ZhHant`) is the Simplified text converted (`hant`).

use serde::Serialize;

pub mod hant;
mod locale;
mod practice;
mod stage;
mod teach;
pub use hant::to_hant;
pub use locale::Locale;
pub use practice::PRACTICE_STRINGS;
pub use stage::STAGE_STRINGS;
pub use teach::TEACH_STRINGS;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default)]
pub enum Lang {
    #[default]
    En,
    Zh,
}

impl Lang {
    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Zh => "zh",
        }
    }
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "en" => Some(Lang::En),
            "zh" | "zh-CN" | "zh-Hans" => Some(Lang::Zh),
            _ => None,
        }
    }
    /// Pick the text for this language.
    pub fn pick<'a>(self, en: &'a str, zh: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Zh => zh,
        }
    }
}

/// Fixed interface strings, by key.
pub fn ui(lang: Lang, key: &str) -> &'static str {
    let (en, zh) = match key {
        "title" => ("SchedScope", "SchedScope"),
        "subtitle" => {
            ("Hadoop 1.x MapReduce scheduling, one heartbeat at a time", "Hadoop 1.x MapReduce 调度，一次一个心跳")
        }
        "next" => ("Next >", "下一步 >"),
        "previous" => ("< Previous", "< 上一步"),
        "first" => ("First", "开头"),
        "last" => ("Last", "末尾"),
        "play" => ("Play", "播放"),
        "pause" => ("Pause", "暂停"),
        "heartbeat" => ("Heartbeat", "心跳"),
        "time" => ("Time", "时间"),
        "scenario" => ("Scenario", "场景"),
        "why" => ("Why this heartbeat went this way", "本次心跳的调度理由"),
        "map_slots" => ("map slots", "map slot"),
        "reduce_slots" => ("reduce slots", "reduce slot"),
        "rack" => ("Rack", "机架"),
        "jobs" => ("Jobs", "作业"),
        "no_heartbeat" => ("Press Next to run the first heartbeat.", "点击“下一步”运行第一次心跳。"),
        "ended" => ("The run has ended.", "模拟已结束。"),
        "node_local" => ("node-local", "node-local（节点本地）"),
        "rack_local" => ("rack-local", "rack-local（机架本地）"),
        "off_switch" => ("off-switch", "off-switch（跨机架）"),
        "language" => ("中文", "English"),
        _ => match UI_STRINGS
            .iter()
            .chain(TEACH_STRINGS)
            .chain(STAGE_STRINGS)
            .chain(PRACTICE_STRINGS)
            .find(|(k, _, _)| *k == key)
        {
            Some(&(_, en, zh)) => (en, zh),
            None => ("?", "?"),
        },
    };
    lang.pick(en, zh)
}

/// The page's strings beyond the basic set above: (key, English, Chinese). Templates take
/// `{0}`, `{1}`, ... (see [`fill`]). Hadoop identifiers stay as they are in Chinese.
pub const UI_STRINGS: &[(&str, &str, &str)] = &[
    ("tagline", "Hadoop 1.x scheduler lab", "Hadoop 1.x 调度器实验室"),
    ("scheduler", "Scheduler", "调度器"),
    ("sched_fifo", "FIFO", "FIFO"),
    ("sched_limit", "Limit tasks", "限制任务数"),
    ("sched_fair", "Fair", "公平"),
    ("sched_capacity", "Capacity", "容量"),
    ("sched_spark", "Spark", "Spark"),
    ("saved_group", "Saved in this browser", "保存在本浏览器"),
    ("edited", "edited", "已编辑"),
    ("edit", "Edit", "编辑"),
    (
        "edit_title",
        "Edit the scenario JSON, load a file, save it in the browser",
        "编辑场景 JSON、载入文件、保存到浏览器",
    ),
    ("share", "Share", "分享"),
    ("share_title", "Share & export", "分享与导出"),
    ("theme_title", "Light or dark theme", "浅色或深色主题"),
    ("present_title", "Presentation mode (larger type) — P", "演示模式（更大字号）— P"),
    ("help", "Help", "帮助"),
    ("language_group", "Language", "语言"),
    ("transport", "Heartbeat controls", "心跳控制"),
    ("prev_title", "Back one heartbeat (←)", "后退一个心跳（←）"),
    ("next_title", "Run the next heartbeat (→)", "运行下一个心跳（→）"),
    ("key_space", "Space", "空格"),
    ("interesting", "Interesting", "关键心跳"),
    (
        "interesting_title",
        "Jump to the next heartbeat that assigns a task, reorders the queue, changes a locality level or trips a rule (N)",
        "跳到下一个分配了任务、队列顺序改变、本地性级别改变或触发规则的心跳（N）",
    ),
    ("speed", "Speed", "速度"),
    ("speed_value", "{0} hb/s", "{0} 次心跳/秒"),
    ("slower", "Slower", "减速"),
    ("faster", "Faster", "加速"),
    ("timeline", "Timeline", "时间轴"),
    ("hb_of", "heartbeat {0} of {1}", "第 {0} 次心跳，共 {1} 次"),
    ("t_eq", "t = {0} s", "t = {0} 秒"),
    ("mark_assign", "assignment", "分配任务"),
    ("mark_reorder", "order changed", "顺序改变"),
    ("mark_level", "locality level changed", "本地性级别改变"),
    ("mark_rule", "a rule stopped assignment", "规则限制了分配"),
    ("cluster", "Cluster", "集群"),
    (
        "cluster_summary",
        "{0} racks · {1} TaskTrackers · slots busy: map {2}/{3}, reduce {4}/{5}",
        "{0} 个机架 · {1} 个 TaskTracker · 已占用槽位：Map {2}/{3}，Reduce {4}/{5}",
    ),
    ("select_job", "Select a job to see where its input blocks are", "选择作业，查看其输入数据块的位置"),
    (
        "job_chip_title",
        "{0} {1}: focus it (its input blocks and reach on the grid)",
        "{0} {1}：聚焦（在网格上显示其输入数据块与范围）",
    ),
    ("stacked_label", "map slots above · reduce slots below", "上行 map 槽位 · 下行 reduce 槽位"),
    ("hb_now", "heartbeating now", "正在心跳"),
    ("holds_input", "holds input blocks of the selected job", "存有所选作业的输入数据块"),
    (
        "finished_here",
        "{0} finished: the tracker reported it in this heartbeat",
        "{0} 已完成：TaskTracker 在本次心跳中汇报",
    ),
    ("free_slot", "free slot", "空闲槽位"),
    ("new_tag", "new", "新"),
    ("launched_now", "launched now", "本次启动"),
    ("loc_node", "node-local", "节点本地"),
    ("loc_rack", "rack-local", "机架本地"),
    ("loc_off", "off-switch", "跨机架"),
    ("reduce_task", "reduce task", "reduce 任务"),
    ("hb_tracker", "heartbeating tracker", "正在心跳的 TaskTracker"),
    ("legend", "Legend", "图例"),
    ("input_blocks_of", "input blocks of {0}", "{0} 的输入数据块"),
    ("select_job_hint", "click a job above to see its input blocks", "点击上方作业查看其输入数据块"),
    ("why_title", "Why this heartbeat", "本次心跳的决策"),
    ("why_chip", "HB {0} · {1} · {2}", "心跳 {0} · {1} · {2}"),
    ("why_chip0", "before the first heartbeat · {0}", "第一次心跳之前 · {0}"),
    ("decision_log", "Decision log", "决策日志"),
    ("log_empty", "No heartbeat has run yet.", "还没有运行任何心跳。"),
    (
        "log_window",
        "Heartbeats {0}–{1} of {2}; the whole log downloads from Share & export.",
        "第 {0}–{1} 次心跳（共 {2} 次）；完整日志可在“分享与导出”中下载。",
    ),
    (
        "panel_before_first",
        "Run a heartbeat to see the scheduler's arithmetic for it.",
        "运行一次心跳，即可看到调度器在这次心跳中的计算过程。",
    ),
    (
        "panel_missing",
        "This scheduler's panel is not written yet; the decision is in words on the right.",
        "此调度器的面板尚未完成；决策的文字说明见右侧。",
    ),
    ("in_order", "In the order the scheduler considered them", "按调度器考虑的顺序"),
    ("fifo_queue", "Job queue", "作业队列"),
    ("fifo_queue_order", "priority, then submit time", "先按优先级，再按提交时间"),
    ("nothing_because", "nothing:", "未分配："),
    ("maps_done_running", "maps: {0} done, {1} running, of {2}", "map：已完成 {0}，运行中 {1}，共 {2}"),
    ("map_load", "Map load factor", "Map 负载因子"),
    ("reduce_load", "Reduce load factor", "Reduce 负载因子"),
    ("lf_sum", "remaining {0} ÷ cluster capacity {1} = {2}", "剩余 {0} ÷ 集群容量 {1} = {2}"),
    ("lf_available", "runs {0} → {1} free for this heartbeat", "正在运行 {0} 个 → 本次心跳可用 {1} 个"),
    (
        "cap_legend",
        "this tracker's slots: busy, free under the cap, above the cap",
        "本节点的槽位：占用、上限内空闲、超出上限",
    ),
    (
        "reduce_cap_one",
        "At most one reduce per heartbeat, whatever the cap.",
        "无论上限如何，每次心跳至多分配一个 reduce。",
    ),
    ("padding_check", "Padding check", "Padding 检查"),
    ("padding_sum", "running {0} + padding {1} = {2} {3} capacity {4}", "运行中 {0} + padding {1} = {2} {3} 容量 {4}"),
    (
        "padding_small_cluster",
        "padding 0: only {0} trackers (padding needs more than 3)",
        "padding 为 0：只有 {0} 个 TaskTracker（超过 3 个才留余地）",
    ),
    ("padding_exceeded_at", "exceeded at {0}", "在 {0} 处超出"),
    ("padding_ok", "not reached", "未触及"),
    ("padding_not_checked", "Padding was not checked (no free slot).", "没有检查 padding（没有空闲槽位）。"),
    (
        "padding_no_job",
        "No RUNNING job with reduces: padding cannot be exceeded.",
        "没有带 reduce 的 RUNNING 作业：padding 不会超出。",
    ),
    ("rules", "Rules of this heartbeat", "本次心跳的规则"),
    ("rule_offswitch", "One off-switch map per heartbeat", "每次心跳至多一个跨机架 map"),
    ("rule_offswitch_bit", "{0}'s non-local map ended map assignment", "{0} 的非本地 map 结束了 map 分配"),
    ("rule_padding", "Padding: one map when the cluster is nearly full", "Padding：集群将满时每次只分配一个 map"),
    ("rule_padding_bit", "exceeded, so {0}'s map was the only one", "已超出，因此只分配了 {0} 的一个 map"),
    ("rule_reduce", "One reduce per heartbeat", "每次心跳至多一个 reduce"),
    ("rule_reduce_bit", "{0} took it; later jobs got none", "{0} 拿到了它；后面的作业没有 reduce"),
    (
        "rule_reduce_pad_bit",
        "reduce padding exceeded: only {0}, the first eligible job",
        "reduce padding 已超出：只有第一个符合条件的作业 {0}",
    ),
    ("rule_idle", "did not bite", "未触发"),
    ("limit_running_cap", "running {0} of cap {1}", "运行中 {0}，上限 {1}"),
    ("limit_running", "running {0}, no cap", "运行中 {0}，无上限"),
    (
        "limit_loads",
        "Map load cap {0} (tracker runs {1}) · reduce load cap {2} (tracker runs {3})",
        "Map 负载上限 {0}（本节点运行 {1}）· Reduce 负载上限 {2}（本节点运行 {3}）",
    ),
    (
        "cs_limits",
        "Tasks per heartbeat: {0} · after an off-switch task: {1}",
        "每次心跳任务数上限：{0} · 跨机架任务之后：{1}",
    ),
    ("cs_map_queues", "Queues for maps", "Map 队列"),
    ("cs_reduce_queues", "Queues for reduces", "Reduce 队列"),
    (
        "cs_order",
        "by used ÷ capacity, bar to maximum, tick at capacity",
        "按 已用 ÷ 容量 排序，条长到最大容量，刻度为容量",
    ),
    ("cs_used_cap_max", "used {0} · capacity {1} · max {2}", "已用 {0} · 容量 {1} · 最大 {2}"),
    ("cs_not_visited", "not asked", "未轮到"),
    ("cs_no_lookup", "No {0} lookup in this heartbeat.", "本次心跳没有查找 {0}。"),
    ("cs_not_running", "not running ({0})", "未在运行（{0}）"),
    ("cs_max_capacity", "queue at maximum capacity ({0} + {1} > {2})", "队列已达最大容量（{0} + {1} > {2}）"),
    ("cs_user_limit", "user {0} at the user limit ({1} ≥ {2})", "用户 {0} 已达用户上限（{1} ≥ {2}）"),
    ("cs_memory", "needs {0} slots, {1} free", "需要 {0} 个槽位，空闲 {1} 个"),
    (
        "cs_locality_wait",
        "waiting for locality ({0} of {1} opportunities)",
        "等待数据本地性（已错过 {0} / {1} 次机会）",
    ),
    ("cs_offswitch_used", "this heartbeat's off-switch task is used", "本次心跳的跨机架任务名额已用掉"),
    (
        "cs_reserved_kept",
        "This tracker stays reserved for {0} ({1} slots, {2} free)",
        "本节点继续为 {0} 预留（需要 {1} 个槽位，空闲 {2} 个）",
    ),
    ("cs_reserved_honoured", "Reservation for {0} honoured ({1} slots)", "为 {0} 的预留已兑现（{1} 个槽位）"),
    ("job", "Job", "作业"),
    ("state", "State", "状态"),
    ("priority", "Priority", "优先级"),
    ("running", "Running", "运行中"),
    ("input_hosts", "Input hosts", "输入节点数"),
    ("close", "Close", "关闭"),
    ("help_title", "Keyboard", "键盘快捷键"),
    ("help_space", "play / pause", "播放 / 暂停"),
    ("help_right", "next heartbeat", "下一个心跳"),
    ("help_left", "previous heartbeat", "上一个心跳"),
    ("help_home", "first heartbeat", "回到开头"),
    ("help_end", "last heartbeat", "跳到末尾"),
    ("help_n", "next interesting heartbeat", "下一个关键心跳"),
    ("help_plus", "faster", "加速"),
    ("help_minus", "slower", "减速"),
    ("help_p", "presentation mode", "演示模式"),
    ("help_l", "English / 中文", "English / 中文"),
    ("help_q", "this help", "显示本帮助"),
    ("help_esc", "close a dialog", "关闭对话框"),
    ("help_typing", "Shortcuts are off while you type in a field.", "在输入框中输入时快捷键不起作用。"),
    ("help_reading", "Reading the grid", "如何阅读集群图"),
    (
        "help_reading_text",
        "Racks side by side; each TaskTracker is a row with its map slots, then its reduce slots. A slot shows its task (J2.m5 = job 2, map 5) in the job's colour; the letter and pattern give the locality: N node-local (solid), R rack-local (stripes), O off-switch (cross-hatch). The tracker heartbeating now is framed in teal; tasks launched now carry “new”; a task its tracker reports finished fades out with ✓.",
        "机架并排显示；每个 TaskTracker 一行，先是 map 槽位，再是 reduce 槽位。槽位里显示任务（J2.m5 = 作业 2 的第 5 个 map），颜色代表作业；字母和花纹表示数据本地性：N 节点本地（实心）、R 机架本地（斜纹）、O 跨机架（网格）。正在心跳的 TaskTracker 用青色框标出；本次启动的任务标有“新”；TaskTracker 汇报完成的任务带 ✓ 淡出。",
    ),
    ("share_link", "Link to this moment", "指向此刻的链接"),
    (
        "share_hint",
        "The link carries the scenario and the current heartbeat; opening it restores both. The page's address is kept up to date too.",
        "链接包含场景和当前心跳，打开即可恢复两者。页面地址也会随时更新。",
    ),
    ("copy", "Copy", "复制"),
    ("export", "Export", "导出"),
    ("export_json", "Trace (JSON Lines)", "轨迹（JSON Lines）"),
    ("export_csv", "Trace (CSV)", "轨迹（CSV）"),
    ("export_log", "Decision log (text)", "决策日志（文本）"),
    ("export_svg", "Grid (SVG)", "集群图（SVG）"),
    ("export_png", "Grid (PNG)", "集群图（PNG）"),
    ("toast_copied", "Link copied.", "链接已复制。"),
    ("switch_note", "Adapted to run under {0}:", "为在 {0} 下运行而调整："),
    (
        "switch_dropped_fair",
        "the Fair Scheduler's settings (pools, locality delays) were dropped",
        "去掉了公平调度器的设置（资源池、本地性延迟）",
    ),
    (
        "switch_dropped",
        "settings only the other scheduler knows were dropped: {0}",
        "去掉了只有另一个调度器认识的设置：{0}",
    ),
    (
        "switch_queues_from_pools",
        "one queue per Fair pool, capacities from the pools' weights: {0}",
        "每个公平调度资源池一个队列，容量按资源池权重分配：{0}",
    ),
    (
        "switch_queues_from_jobs",
        "one queue per job queue, equal capacities: {0}",
        "每个作业队列一个队列，容量均分：{0}",
    ),
    (
        "switch_scripted",
        "it is a scripted Hadoop test whose steps check the {0} scheduler's decisions, so it runs only under {0}",
        "这是一个脚本化的 Hadoop 测试，其步骤检查 {0} 调度器的决策，因此只能在 {0} 下运行",
    ),
    ("toast_saved", "Saved in this browser.", "已保存到本浏览器。"),
    ("toast_not_saved", "This browser does not allow saving.", "此浏览器不允许保存。"),
    ("editor_title", "Scenario", "场景"),
    ("load_file", "Load a file…", "载入文件…"),
    ("name", "Name", "名称"),
    ("valid", "valid", "有效"),
    ("n_problems", "{0} problems", "{0} 个问题"),
    ("n_problems_one", "1 problem", "1 个问题"),
    ("scenario_json", "Scenario JSON", "场景 JSON"),
    ("line_n", "line {0}", "第 {0} 行"),
    ("revert", "Revert", "还原"),
    ("save_browser", "Save in browser", "保存到浏览器"),
    ("apply", "Apply", "应用"),
    ("does_not_load", "This scenario does not load", "这个场景无法载入"),
    ("fair_no_turn", "No task type was offered in this heartbeat.", "本次心跳没有可分配的任务类型。"),
    ("fair_pools", "Pools", "资源池"),
    (
        "fair_pools_sub",
        "in fair-share order · bar: running, then demand; tick at fair share",
        "按公平份额排序 · 条：运行中，其后为需求；刻度为公平份额",
    ),
    (
        "fair_pool_tags",
        "running {0} · demand {1} · min {2} · fair share {3}",
        "运行 {0} · 需求 {1} · 最小份额 {2} · 公平份额 {3}",
    ),
    ("fair_needy", "below its min share", "低于最小份额"),
    ("fair_bar_legend", "running, demand, fair share", "运行中、需求、公平份额"),
    ("fair_delay", "Delay scheduling", "延迟调度"),
    (
        "fair_delays",
        "ticks: node delay {0} s · node + rack delay {1} s",
        "刻度：节点延迟 {0} 秒 · 节点+机架延迟 {1} 秒",
    ),
    ("fair_allowed", "allowed level {0}", "允许的级别 {0}"),
    ("fair_no_locations", "no input locations → always ANY", "无输入位置信息 → 始终为 ANY"),
    ("fair_starved", "pool starved → no delay, ANY", "资源池饥饿 → 不延迟，ANY"),
    ("fair_not_asked", "not asked in this heartbeat", "本次心跳未被询问"),
    ("fair_launched_at", "launched a map: level is now {0}, wait reset", "启动了一个 map：级别变为 {0}，等待时间清零"),
    ("fair_to_rack", "{0} s more to RACK", "再等 {0} 秒 → RACK"),
    ("fair_to_any", "{0} s more to ANY", "再等 {0} 秒 → ANY"),
    ("fair_any_now", "any node will do", "任何节点都可以"),
    ("fair_skipped", "skipped", "已跳过"),
    ("reserved_slot", "reserved for a high-memory job (fallow slot)", "为高内存作业预留（休耕槽位）"),
    (
        "reserved_for",
        "{0} slots of this tracker are reserved for {1} (fallow until it fits)",
        "本节点有 {0} 个槽位为 {1} 预留（在其放得下之前空置）",
    ),
    ("cs_users", "Users against the user limit", "各用户占用与用户上限"),
    ("cs_user_bar", "{0}: {1} slots used, user limit {2}", "{0}：已用 {1} 个槽位，用户上限 {2}"),
    ("cs_no_users", "no active users", "没有活跃用户"),
    (
        "canvas_grid",
        "{0} trackers, one pixel block per slot (job colour; darker = rack-local, darkest = off-switch; amber = reserved); hover the text for details",
        "{0} 个节点，每个槽位一个像素块（作业颜色；较暗 = 机架本地，最暗 = 跨机架；琥珀色 = 预留）",
    ),
];

/// Put `args` into a template's `{0}`, `{1}`, ... places.
pub fn fill(template: &str, args: &[&str]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), a);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_string_has_both_languages_and_keys_are_unique() {
        let all: Vec<&(&str, &str, &str)> =
            UI_STRINGS.iter().chain(TEACH_STRINGS).chain(STAGE_STRINGS).chain(PRACTICE_STRINGS).collect();
        for (i, (key, en, zh)) in all.iter().enumerate() {
            assert!(!en.is_empty() && !zh.is_empty(), "{key}");
            assert!(all[..i].iter().all(|(k, _, _)| k != key), "{key} twice");
            let holes = |s: &str| (0..6).filter(|n| s.contains(&format!("{{{n}}}"))).count();
            assert_eq!(holes(en), holes(zh), "{key}: the templates take different arguments");
            assert_eq!(ui(Lang::En, key), *en);
        }
        assert_eq!(fill("{0} of {1}", &["3", "9"]), "3 of 9");
    }
}
