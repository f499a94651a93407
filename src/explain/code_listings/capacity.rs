//! The Capacity Scheduler: `QueueComparator`, `assignSlotsToJob` (maximum capacity and the
//! user limit) and `obtainNewTask` with `scheduleOffSwitch` (locality wait for off-switch maps).

use super::{Method, c, l};

pub const CAP_COMPARATOR: Method = Method {
    id: "capacity.QueueComparator",
    hadoop: "CapacityTaskScheduler.TaskSchedulingMgr.QueueComparator.compare",
    lines: &[
        c(0, "compare(q1, q2):", ""),
        l(
            1,
            "r(q) = q.capacity == 0 ? 1.0 (full) : q.numSlotsOccupied / q.capacity",
            "r(q) = q.capacity == 0 ? 1.0（视为已满）: q.numSlotsOccupied / q.capacity",
            "",
        ),
        l(
            1,
            "a queue with capacity 0 sorts as if running at capacity",
            "容量为 0 的队列排序时视同已用满容量",
            "cap_zero",
        ),
        l(
            1,
            "return compare(r(q1), r(q2))  (lowest used/capacity first)",
            "return compare(r(q1), r(q2))（used/capacity 最低的队列在前）",
            "",
        ),
        l(1, "equal ratios keep the previous order (stable sort)", "比值相同的队列保持原来的顺序（稳定排序）", "tie"),
    ],
};

pub const CAP_SLOTS_TO_JOB: Method = Method {
    id: "capacity.assignSlotsToJob",
    hadoop: "CapacitySchedulerQueue.assignSlotsToJob",
    lines: &[
        c(0, "assignSlotsToJob(type, job, user):", ""),
        c(1, "n = job.slotsPerTask(type)", ""),
        l(
            1,
            "if !assignSlotsToQueue(type, n): return false  (maximum capacity)",
            "if !assignSlotsToQueue(type, n): return false（超出最大容量）",
            "max_capacity",
        ),
        c(1, "queueCapacity = max(capacity, n)", "limit"),
        c(1, "currentCapacity = occupied + n ≤ queueCapacity ? queueCapacity : occupied + n", "limit"),
        l(1, "activeUsers = max(1, users with pending tasks)", "activeUsers = max(1, 有待运行任务的用户数)", "limit"),
        c(
            1,
            "limit = min(max(⌈currentCapacity / activeUsers⌉, ⌈minUserLimitPercent × currentCapacity / 100⌉),",
            "limit",
        ),
        c(3, "(int) (queueCapacity × userLimitFactor))", "limit"),
        l(
            1,
            "if occupiedByUser[user] + n > limit: return false  (user limit)",
            "if occupiedByUser[user] + n > limit: return false（达到用户上限）",
            "user_limit",
        ),
        c(1, "return true", "ok"),
    ],
};

pub const CAP_OFF_SWITCH: Method = Method {
    id: "capacity.scheduleOffSwitch",
    hadoop: "MapSchedulingMgr.obtainNewTask + JobInProgress.scheduleOffSwitch",
    lines: &[
        c(0, "obtainNewTask(tracker, job, assignOffSwitch):", ""),
        c(1, "job.numSchedulingOpportunities += 1", ""),
        c(1, "t = job.obtainNewNodeOrRackLocalMapTask(tracker)", ""),
        c(1, "if t: numSchedulingOpportunities = 0; return LOCAL_TASK_FOUND", "local"),
        l(
            1,
            "if !assignOffSwitch: return NO_TASK_FOUND  (this heartbeat's off-switch map is used)",
            "if !assignOffSwitch: return NO_TASK_FOUND（本次心跳的跨机架 map 已经用掉）",
            "off_switch_used",
        ),
        c(1, "if job.slotsPerMap > 1 or job.scheduleOffSwitch(numTaskTrackers):", "try_off_switch"),
        c(2, "t = job.obtainNewNonLocalMapTask(tracker); if t: return OFF_SWITCH_TASK_FOUND", "off_switch"),
        l(1, "return NO_TASK_FOUND  (keep waiting for locality)", "return NO_TASK_FOUND（继续等待数据本地性）", "wait"),
        c(0, "scheduleOffSwitch(numTaskTrackers):", ""),
        c(1, "requiredSlots = min(desiredMaps − finishedMaps, numTaskTrackers)", ""),
        c(1, "return requiredSlots × localityWaitFactor < numSchedulingOpportunities", ""),
    ],
};
