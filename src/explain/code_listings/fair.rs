//! `FairScheduler.assignTasks` and `getAllowedLocalityLevel` (delay scheduling).

use super::{Method, c, l};

pub const FAIR_ASSIGN: Method = Method {
    id: "fair.assignTasks",
    hadoop: "FairScheduler.assignTasks",
    lines: &[
        c(0, "assignTasks(tracker):", ""),
        l(
            1,
            "updateLocalityWaitTimes(now): jobs skipped last heartbeat wait += now − lastHeartbeatTime",
            "updateLocalityWaitTimes(now): 上次心跳被跳过的作业，等待时间 += now − lastHeartbeatTime",
            "wait",
        ),
        l(
            1,
            "mapCapacity = maxTasksToAssign(MAP)  (assignmultiple: free slots, else 1)",
            "mapCapacity = maxTasksToAssign(MAP)（assignmultiple 时为空闲槽位数，否则为 1）",
            "",
        ),
        c(1, "loop:", ""),
        l(
            2,
            "if mapsAssigned == mapCapacity or runningMaps == runnableMaps or !loadMgr.canAssignMap(): reject maps",
            "if mapsAssigned == mapCapacity or runningMaps == runnableMaps or !loadMgr.canAssignMap(): 不再分配 map",
            "reject_maps",
        ),
        l(
            2,
            "if reducesAssigned == reduceCapacity or ... or !loadMgr.canAssignReduce(): reject reduces",
            "if reducesAssigned == reduceCapacity or ... or !loadMgr.canAssignReduce(): 不再分配 reduce",
            "reject_reduces",
        ),
        l(2, "if maps and reduces are both rejected: break", "if map 和 reduce 都不再分配: break", ""),
        l(
            2,
            "type = the type this tracker runs fewer of (ties: MAP)",
            "type = 该 TaskTracker 上运行得较少的任务类型（相同时取 MAP）",
            "",
        ),
        l(
            2,
            "sort pools with FairShareComparator (below min share first, then running / weight)",
            "用 FairShareComparator 给资源池排序（低于最小份额的在前，其余按 running / weight）",
            "sort",
        ),
        l(
            2,
            "for pool in pools: for job in pool's order:",
            "for pool in pools: for job in pool（按池内顺序）:",
            "sort",
        ),
        c(3, "if type == MAP: level = getAllowedLocalityLevel(job, now)", "map"),
        l(
            4,
            "task = job.obtainNewMapTask within level (NODE / RACK / ANY)",
            "task = job.obtainNewMapTask，本地性不低于 level（NODE / RACK / ANY）",
            "map",
        ),
        c(3, "else: task = job.obtainNewReduceTask()", "reduce"),
        l(
            3,
            "if task: updateLastMapLocalityLevel(job, task); assign it; next turn",
            "if task: updateLastMapLocalityLevel(job, task)；分配它；进入下一轮",
            "assigned",
        ),
        l(3, "else if type == MAP: remember job as visited", "else if type == MAP: 记下 job 已被访问", "visited"),
        l(2, "no pool had a task of this type: reject it", "没有资源池能提供这一类型的任务：不再分配该类型", "no_task"),
        l(
            1,
            "for job visited without launching a map: skippedAtLastHeartbeat = true",
            "for 被访问却没有启动 map 的 job: skippedAtLastHeartbeat = true",
            "mark_skipped",
        ),
    ],
};

pub const FAIR_LEVEL: Method = Method {
    id: "fair.getAllowedLocalityLevel",
    hadoop: "FairScheduler.getAllowedLocalityLevel",
    lines: &[
        c(0, "getAllowedLocalityLevel(job, now):", ""),
        c(1, "info = infos.get(job)", ""),
        c(1, "if info == null: return ANY", "no_info"),
        l(
            1,
            "if job has maps without locality information: return ANY",
            "if job 有不带位置信息的 map: return ANY",
            "no_locality",
        ),
        l(
            1,
            "if pool starved (below min share > minSharePreemptionTimeout,",
            "if pool 饥饿（低于最小份额已超过 minSharePreemptionTimeout，",
            "starved",
        ),
        l(
            2,
            "or below half its fair share > fairSharePreemptionTimeout): return ANY",
            "或低于公平份额的一半已超过 fairSharePreemptionTimeout）: return ANY",
            "starved",
        ),
        c(1, "switch info.lastMapLocalityLevel:", "waited"),
        c(2, "case NODE:", "node"),
        c(3, "if timeWaitedForLocalMap ≥ nodeLocalityDelay + rackLocalityDelay: return ANY", "node.any"),
        c(3, "else if timeWaitedForLocalMap ≥ nodeLocalityDelay: return RACK", "node.rack"),
        c(3, "else: return NODE", "node.node"),
        c(2, "case RACK:", "rack"),
        c(3, "if timeWaitedForLocalMap ≥ rackLocalityDelay: return ANY", "rack.any"),
        c(3, "else: return RACK", "rack.rack"),
        c(2, "default: return ANY", "any"),
    ],
};
