//! `JobQueueTaskScheduler.assignTasks` and `exceededPadding` (the default FIFO scheduler).

use super::{Method, c, l};

pub const FIFO_ASSIGN: Method = Method {
    id: "fifo.assignTasks",
    hadoop: "JobQueueTaskScheduler.assignTasks",
    lines: &[
        c(0, "assignTasks(tracker):", ""),
        l(
            1,
            "remainingMapLoad = Σ (desired − finished maps) of RUNNING jobs",
            "remainingMapLoad = Σ RUNNING 作业的（所需 map 数 − 已完成 map 数）",
            "",
        ),
        c(1, "mapLoadFactor = remainingMapLoad / clusterMapCapacity", ""),
        c(1, "trackerCurrentMapCapacity = min(⌈mapLoadFactor × trackerMapCapacity⌉, trackerMapCapacity)", ""),
        c(1, "availableMapSlots = trackerCurrentMapCapacity − trackerRunningMaps", ""),
        l(
            1,
            "if availableMapSlots ≤ 0: no maps this heartbeat",
            "if availableMapSlots ≤ 0: 本次心跳不分配 map",
            "maps.no_slots",
        ),
        c(1, "exceededMapPadding = exceededPadding(MAP)", "maps.loop"),
        l(1, "for each of the availableMapSlots:", "for 每个空闲 map 槽位（共 availableMapSlots 个）:", "maps.loop"),
        l(
            2,
            "for job in jobQueue (priority, then submit time):",
            "for job in jobQueue（先按优先级，再按提交时间）:",
            "maps.loop",
        ),
        c(3, "t = job.obtainNewNodeOrRackLocalMapTask(tracker)", "maps.loop"),
        l(3, "if t: assign t", "if t: 分配 t", "maps.local"),
        l(
            4,
            "if exceededMapPadding: stop maps (keep spare slots)",
            "if exceededMapPadding: 停止分配 map（留出空余槽位）",
            "maps.padding_stop",
        ),
        l(4, "continue with the next slot", "继续分配下一个槽位", "maps.local"),
        c(3, "t = job.obtainNewNonLocalMapTask(tracker)", "maps.non_local"),
        l(
            3,
            "if t: assign t; stop maps (one off-switch map per heartbeat)",
            "if t: 分配 t；停止分配 map（每次心跳至多一个跨机架 map）",
            "maps.off_switch_stop",
        ),
        l(
            2,
            "no job had a map for this tracker: stop maps",
            "没有作业能为该 TaskTracker 提供 map：停止分配 map",
            "maps.no_task",
        ),
        l(1, "every available map slot filled", "可用的 map 槽位都已分配", "maps.filled"),
        c(1, "availableReduceSlots = min(trackerCurrentReduceCapacity − trackerRunningReduces, 1)", ""),
        l(
            1,
            "if availableReduceSlots ≤ 0: no reduce this heartbeat",
            "if availableReduceSlots ≤ 0: 本次心跳不分配 reduce",
            "reduces.no_slots",
        ),
        c(1, "exceededReducePadding = exceededPadding(REDUCE)", "reduces.loop"),
        c(1, "for job in jobQueue:", "reduces.loop"),
        c(2, "t = job.obtainNewReduceTask(tracker)", "reduces.loop"),
        l(
            2,
            "if t: assign t; stop (at most one reduce per heartbeat)",
            "if t: 分配 t；停止（每次心跳至多一个 reduce）",
            "reduces.assigned",
        ),
        l(
            2,
            "if exceededReducePadding: stop (only the first job may get one)",
            "if exceededReducePadding: 停止（只有队首作业能得到 reduce）",
            "reduces.padding_only_first",
        ),
        l(1, "no job had a reduce for this tracker", "没有作业能为该 TaskTracker 提供 reduce", "reduces.no_task"),
        l(1, "return the assigned tasks", "return 已分配的任务", ""),
    ],
};

pub const FIFO_PADDING: Method = Method {
    id: "fifo.exceededPadding",
    hadoop: "JobQueueTaskScheduler.exceededPadding",
    lines: &[
        c(0, "exceededPadding(type):", ""),
        l(1, "totalTasks = running tasks of this type in the cluster", "totalTasks = 集群中正在运行的该类型任务数", ""),
        l(1, "totalTaskCapacity = slots of this type in the cluster", "totalTaskCapacity = 集群中该类型的槽位总数", ""),
        c(1, "totalNeededTasks = 0", ""),
        l(
            1,
            "for job in jobQueue, RUNNING with reduces > 0:",
            "for job in jobQueue（RUNNING 且 reduces > 0 的作业）:",
            "loop",
        ),
        c(2, "totalNeededTasks += job.desiredTasks(type)", "loop"),
        c(2, "padding = numTaskTrackers > 3 ? min(maxTrackerSlots, ⌊totalNeededTasks × padFraction⌋) : 0", "loop"),
        c(2, "if totalTasks + padding ≥ totalTaskCapacity: return true", "exceeded"),
        c(2, "if padding == maxTrackerSlots or numTaskTrackers ≤ 3: break", "capped"),
        c(1, "return false", "not_exceeded"),
    ],
};
