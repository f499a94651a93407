//! Languages and the interface's fixed strings (English and Simplified Chinese). Chinese
//! terms follow the source articles: 心跳, 负载因子, 数据本地性, padding, off-switch, 延迟调度.

use serde::Serialize;

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
        "subtitle" => ("Hadoop 1.x MapReduce scheduling, one heartbeat at a time", "Hadoop 1.x MapReduce 调度，一次一个心跳"),
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
        _ => ("?", "?"),
    };
    lang.pick(en, zh)
}
