//! `JobInProgress`'s task caches, the lists `createCache` builds and `findNewMapTask`,
//! `findTaskFromList`, `scheduleMap` / `retireMap` / `failMap` and `findNewReduceTask` read and
//! keep (`task_selection`), in Hadoop 1.2.1
//! (`src/mapred/org/apache/hadoop/mapred/JobInProgress.java`).

use super::node_lists::NodeLists;

/// `JobInProgress`'s task caches (`nonRunningMapCache`, `nonLocalMaps`, `runningMapCache`,
/// `nonLocalRunningMaps`, the reduce lists).
#[derive(Debug, Clone, Default)]
pub struct MapCaches {
    /// `nonRunningMapCache`: node → TIP indices in index order.
    pub non_running_map_cache: NodeLists,
    /// `nonLocalMaps`.
    pub non_local_maps: Vec<u32>,
    /// `failedMaps`, ordered by `failComparator` (more failures first, then lower index).
    pub failed_maps: Vec<u32>,
    /// `runningMapCache`: node → insertion-ordered set of TIPs.
    pub running_map_cache: NodeLists,
    /// `nonLocalRunningMaps`.
    pub non_local_running_maps: Vec<u32>,
    /// `nonRunningReduces`, ordered by `failComparator`.
    pub non_running_reduces: Vec<u32>,
    /// `runningReduces`, in launch order.
    pub running_reduces: Vec<u32>,
}
