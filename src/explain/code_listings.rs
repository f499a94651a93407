//! Pseudo-code of the Hadoop 1.2.1 methods a heartbeat runs, written for SchedScope (not
//! Hadoop's source): short lines a student can read next to the grid. Each line carries the id
//! of the branch it belongs to ("" = always runs); `explain::code` maps a heartbeat record to
//! the branches taken. Branch ids are stable: the page and the tests refer to them.

/// One line of pseudo-code.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Line {
    pub indent: u8,
    pub text: &'static str,
    /// The branch this line belongs to; "" for lines that always run.
    pub branch: &'static str,
}

/// A mirrored Hadoop method.
#[derive(Debug, Clone, Copy, PartialEq, serde::Serialize)]
pub struct Method {
    /// Stable id, e.g. `fair.getAllowedLocalityLevel`.
    pub id: &'static str,
    /// The Hadoop class and method, e.g. `FairScheduler.getAllowedLocalityLevel`.
    pub hadoop: &'static str,
    pub lines: &'static [Line],
}

impl Method {
    /// Every branch id the listing uses, in order of first appearance.
    pub fn branches(&self) -> Vec<&'static str> {
        let mut out: Vec<&'static str> = Vec::new();
        for l in self.lines {
            if !l.branch.is_empty() && !out.contains(&l.branch) {
                out.push(l.branch);
            }
        }
        out
    }
}

const fn l(indent: u8, text: &'static str, branch: &'static str) -> Line {
    Line { indent, text, branch }
}

pub const FIFO_ASSIGN: Method = Method {
    id: "fifo.assignTasks",
    hadoop: "JobQueueTaskScheduler.assignTasks",
    lines: &[
        l(0, "assignTasks(tracker):", ""),
        l(1, "remainingMapLoad = Σ (desired − finished maps) of RUNNING jobs", ""),
        l(1, "mapLoadFactor = remainingMapLoad / clusterMapCapacity", ""),
        l(1, "trackerCurrentMapCapacity = min(⌈mapLoadFactor × trackerMapCapacity⌉, trackerMapCapacity)", ""),
        l(1, "availableMapSlots = trackerCurrentMapCapacity − trackerRunningMaps", ""),
        l(1, "if availableMapSlots ≤ 0: no maps this heartbeat", "maps.no_slots"),
        l(1, "exceededMapPadding = exceededPadding(MAP)", "maps.loop"),
        l(1, "for each of the availableMapSlots:", "maps.loop"),
        l(2, "for job in jobQueue (priority, then submit time):", "maps.loop"),
        l(3, "t = job.obtainNewNodeOrRackLocalMapTask(tracker)", "maps.loop"),
        l(3, "if t: assign t", "maps.local"),
        l(4, "if exceededMapPadding: stop maps (keep spare slots)", "maps.padding_stop"),
        l(4, "continue with the next slot", "maps.local"),
        l(3, "t = job.obtainNewNonLocalMapTask(tracker)", "maps.non_local"),
        l(3, "if t: assign t; stop maps (one off-switch map per heartbeat)", "maps.off_switch_stop"),
        l(2, "no job had a map for this tracker: stop maps", "maps.no_task"),
        l(1, "every available map slot filled", "maps.filled"),
        l(1, "availableReduceSlots = min(trackerCurrentReduceCapacity − trackerRunningReduces, 1)", ""),
        l(1, "if availableReduceSlots ≤ 0: no reduce this heartbeat", "reduces.no_slots"),
        l(1, "exceededReducePadding = exceededPadding(REDUCE)", "reduces.loop"),
        l(1, "for job in jobQueue:", "reduces.loop"),
        l(2, "t = job.obtainNewReduceTask(tracker)", "reduces.loop"),
        l(2, "if t: assign t; stop (at most one reduce per heartbeat)", "reduces.assigned"),
        l(2, "if exceededReducePadding: stop (only the first job may get one)", "reduces.padding_only_first"),
        l(1, "no job had a reduce for this tracker", "reduces.no_task"),
        l(1, "return the assigned tasks", ""),
    ],
};

pub const FIFO_PADDING: Method = Method {
    id: "fifo.exceededPadding",
    hadoop: "JobQueueTaskScheduler.exceededPadding",
    lines: &[
        l(0, "exceededPadding(type):", ""),
        l(1, "totalTasks = running tasks of this type in the cluster", ""),
        l(1, "totalTaskCapacity = slots of this type in the cluster", ""),
        l(1, "totalNeededTasks = 0", ""),
        l(1, "for job in jobQueue, RUNNING with reduces > 0:", "loop"),
        l(2, "totalNeededTasks += job.desiredTasks(type)", "loop"),
        l(2, "padding = numTaskTrackers > 3 ? min(maxTrackerSlots, ⌊totalNeededTasks × padFraction⌋) : 0", "loop"),
        l(2, "if totalTasks + padding ≥ totalTaskCapacity: return true", "exceeded"),
        l(2, "if padding == maxTrackerSlots or numTaskTrackers ≤ 3: break", "capped"),
        l(1, "return false", "not_exceeded"),
    ],
};

pub const FAIR_ASSIGN: Method = Method {
    id: "fair.assignTasks",
    hadoop: "FairScheduler.assignTasks",
    lines: &[
        l(0, "assignTasks(tracker):", ""),
        l(1, "updateLocalityWaitTimes(now): jobs skipped last heartbeat wait += now − lastHeartbeatTime", "wait"),
        l(1, "mapCapacity = maxTasksToAssign(MAP)  (assignmultiple: free slots, else 1)", ""),
        l(1, "loop:", ""),
        l(
            2,
            "if mapsAssigned == mapCapacity or runningMaps == runnableMaps or !loadMgr.canAssignMap(): reject maps",
            "reject_maps",
        ),
        l(
            2,
            "if reducesAssigned == reduceCapacity or ... or !loadMgr.canAssignReduce(): reject reduces",
            "reject_reduces",
        ),
        l(2, "if maps and reduces are both rejected: break", ""),
        l(2, "type = the type this tracker runs fewer of (ties: MAP)", ""),
        l(2, "sort pools with FairShareComparator (below min share first, then running / weight)", "sort"),
        l(2, "for pool in pools: for job in pool's order:", "sort"),
        l(3, "if type == MAP: level = getAllowedLocalityLevel(job, now)", "map"),
        l(4, "task = job.obtainNewMapTask within level (NODE / RACK / ANY)", "map"),
        l(3, "else: task = job.obtainNewReduceTask()", "reduce"),
        l(3, "if task: updateLastMapLocalityLevel(job, task); assign it; next turn", "assigned"),
        l(3, "else if type == MAP: remember job as visited", "visited"),
        l(2, "no pool had a task of this type: reject it", "no_task"),
        l(1, "for job visited without launching a map: skippedAtLastHeartbeat = true", "mark_skipped"),
    ],
};

pub const FAIR_LEVEL: Method = Method {
    id: "fair.getAllowedLocalityLevel",
    hadoop: "FairScheduler.getAllowedLocalityLevel",
    lines: &[
        l(0, "getAllowedLocalityLevel(job, now):", ""),
        l(1, "info = infos.get(job)", ""),
        l(1, "if info == null: return ANY", "no_info"),
        l(1, "if job has maps without locality information: return ANY", "no_locality"),
        l(1, "if pool starved (below min share > minSharePreemptionTimeout,", "starved"),
        l(2, "or below half its fair share > fairSharePreemptionTimeout): return ANY", "starved"),
        l(1, "switch info.lastMapLocalityLevel:", "waited"),
        l(2, "case NODE:", "node"),
        l(3, "if timeWaitedForLocalMap ≥ nodeLocalityDelay + rackLocalityDelay: return ANY", "node.any"),
        l(3, "else if timeWaitedForLocalMap ≥ nodeLocalityDelay: return RACK", "node.rack"),
        l(3, "else: return NODE", "node.node"),
        l(2, "case RACK:", "rack"),
        l(3, "if timeWaitedForLocalMap ≥ rackLocalityDelay: return ANY", "rack.any"),
        l(3, "else: return RACK", "rack.rack"),
        l(2, "default: return ANY", "any"),
    ],
};

pub const CAP_COMPARATOR: Method = Method {
    id: "capacity.QueueComparator",
    hadoop: "CapacityTaskScheduler.TaskSchedulingMgr.QueueComparator.compare",
    lines: &[
        l(0, "compare(q1, q2):", ""),
        l(1, "r(q) = q.capacity == 0 ? 1.0 (full) : q.numSlotsOccupied / q.capacity", ""),
        l(1, "a queue with capacity 0 sorts as if running at capacity", "cap_zero"),
        l(1, "return compare(r(q1), r(q2))  (lowest used/capacity first)", ""),
        l(1, "equal ratios keep the previous order (stable sort)", "tie"),
    ],
};

pub const CAP_SLOTS_TO_JOB: Method = Method {
    id: "capacity.assignSlotsToJob",
    hadoop: "CapacitySchedulerQueue.assignSlotsToJob",
    lines: &[
        l(0, "assignSlotsToJob(type, job, user):", ""),
        l(1, "n = job.slotsPerTask(type)", ""),
        l(1, "if !assignSlotsToQueue(type, n): return false  (maximum capacity)", "max_capacity"),
        l(1, "queueCapacity = max(capacity, n)", "limit"),
        l(1, "currentCapacity = occupied + n ≤ queueCapacity ? queueCapacity : occupied + n", "limit"),
        l(1, "activeUsers = max(1, users with pending tasks)", "limit"),
        l(
            1,
            "limit = min(max(⌈currentCapacity / activeUsers⌉, ⌈minUserLimitPercent × currentCapacity / 100⌉),",
            "limit",
        ),
        l(3, "(int) (queueCapacity × userLimitFactor))", "limit"),
        l(1, "if occupiedByUser[user] + n > limit: return false  (user limit)", "user_limit"),
        l(1, "return true", "ok"),
    ],
};

pub const CAP_OFF_SWITCH: Method = Method {
    id: "capacity.scheduleOffSwitch",
    hadoop: "MapSchedulingMgr.obtainNewTask + JobInProgress.scheduleOffSwitch",
    lines: &[
        l(0, "obtainNewTask(tracker, job, assignOffSwitch):", ""),
        l(1, "job.numSchedulingOpportunities += 1", ""),
        l(1, "t = job.obtainNewNodeOrRackLocalMapTask(tracker)", ""),
        l(1, "if t: numSchedulingOpportunities = 0; return LOCAL_TASK_FOUND", "local"),
        l(1, "if !assignOffSwitch: return NO_TASK_FOUND  (this heartbeat's off-switch map is used)", "off_switch_used"),
        l(1, "if job.slotsPerMap > 1 or job.scheduleOffSwitch(numTaskTrackers):", "try_off_switch"),
        l(2, "t = job.obtainNewNonLocalMapTask(tracker); if t: return OFF_SWITCH_TASK_FOUND", "off_switch"),
        l(1, "return NO_TASK_FOUND  (keep waiting for locality)", "wait"),
        l(0, "scheduleOffSwitch(numTaskTrackers):", ""),
        l(1, "requiredSlots = min(desiredMaps − finishedMaps, numTaskTrackers)", ""),
        l(1, "return requiredSlots × localityWaitFactor < numSchedulingOpportunities", ""),
    ],
};

pub const JIP_MAP: Method = Method {
    id: "jip.obtainNewMapTask",
    hadoop: "JobInProgress.obtainNewMapTask / findNewMapTask",
    lines: &[
        l(0, "findNewMapTask(tracker, maxCacheLevel):", ""),
        l(1, "if a failed map waits (and did not fail here): run it again", "failed"),
        l(1, "for level in 0 .. maxCacheLevel − 1 above the tracker's host:", "cache"),
        l(2, "level 0: a map whose input is on this host  → node-local", "node"),
        l(2, "level 1: a map whose input is in this rack  → rack-local", "rack"),
        l(1, "if maxCacheLevel is beyond the topology (non-local allowed):", "non_local"),
        l(2, "a map whose input is in another rack  → off-switch", "off_switch"),
        l(2, "else a map without input locations", "no_location"),
        l(1, "if speculation is on: a speculative attempt of a slow map", "speculative"),
        l(1, "return none", "none"),
    ],
};

/// Every listing, in the order the page offers them.
pub const METHODS: &[Method] =
    &[FIFO_ASSIGN, FIFO_PADDING, FAIR_ASSIGN, FAIR_LEVEL, CAP_COMPARATOR, CAP_SLOTS_TO_JOB, CAP_OFF_SWITCH, JIP_MAP];
