//! `TaskSetManager.PendingTasksByLocality`: the stacks of pending task indices by executor,
//! host, no preference, rack and all, with Spark's lazy removal. A stack is a vector whose
//! top is its end (`ArrayBuffer` used LIFO). Popping (`dequeueTaskFromList`) and the level
//! check (`tasksNeedToBeScheduledFrom`, `moreTasksToRunIn`) drop stale entries as they look
//! at them; a launched task stays in every other list. Keys are kept in name order
//! (`BTreeMap`; Spark's are a hash map): the lists a `moreTasksToRunIn` scan prunes before it
//! stops, and the host order in which rack lists are first filled, follow that order.

use std::collections::BTreeMap;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct PendingTasks {
    pub for_executor: BTreeMap<String, Vec<usize>>,
    pub for_host: BTreeMap<String, Vec<usize>>,
    pub no_prefs: Vec<usize>,
    pub for_rack: BTreeMap<String, Vec<usize>>,
    pub all: Vec<usize>,
}

/// Which list a task was popped from (`dequeueTaskHelper`'s order).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum List {
    Executor,
    Host,
    NoPrefs,
    Rack,
    All,
}

/// `dequeueTaskFromList`: scan from the top; an entry `excluded` for this offer
/// (`isTaskExcludededOnExecOrNode`) is passed over and kept; every other entry looked at is
/// removed; the first one that `live` accepts (`copiesRunning == 0 && !successful`) is
/// returned.
pub fn dequeue_from(
    list: &mut Vec<usize>,
    live: &dyn Fn(usize) -> bool,
    excluded: &dyn Fn(usize) -> bool,
) -> Option<usize> {
    let mut at = list.len();
    while at > 0 {
        at -= 1;
        let i = list[at];
        if excluded(i) {
            continue;
        }
        list.remove(at);
        if live(i) {
            return Some(i);
        }
    }
    None
}

/// `tasksNeedToBeScheduledFrom`: drop stale entries from the top until a live one.
pub fn needs_scheduling(list: &mut Vec<usize>, live: &dyn Fn(usize) -> bool) -> bool {
    while let Some(&i) = list.last() {
        if live(i) {
            return true;
        }
        list.pop();
    }
    false
}

/// `moreTasksToRunIn`: stops at the first key with a live task; the keys scanned before it
/// whose lists emptied are deleted.
pub fn more_tasks_in(map: &mut BTreeMap<String, Vec<usize>>, live: &dyn Fn(usize) -> bool) -> bool {
    let mut empty = Vec::new();
    let mut found = false;
    for (k, list) in map.iter_mut() {
        if needs_scheduling(list, live) {
            found = true;
            break;
        }
        empty.push(k.clone());
    }
    for k in empty {
        map.remove(&k);
    }
    found
}

impl PendingTasks {
    /// Pop from one list (a missing key is an empty list, as `getOrElse` gives; it is not
    /// created).
    pub fn pop(
        &mut self,
        which: List,
        key: &str,
        live: &dyn Fn(usize) -> bool,
        excluded: &dyn Fn(usize) -> bool,
    ) -> Option<usize> {
        let list = match which {
            List::Executor => self.for_executor.get_mut(key),
            List::Host => self.for_host.get_mut(key),
            List::Rack => self.for_rack.get_mut(key),
            List::NoPrefs => Some(&mut self.no_prefs),
            List::All => Some(&mut self.all),
        }?;
        dequeue_from(list, live, excluded)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lazy_removal() {
        let mut list = vec![3, 2, 1, 0];
        let live = |i: usize| i != 0 && i != 1;
        assert_eq!(dequeue_from(&mut list, &live, &|_| false), Some(2));
        assert_eq!(list, vec![3]);
        // An excluded entry is passed over and kept.
        let mut list = vec![3, 2, 1];
        assert_eq!(dequeue_from(&mut list, &|_| true, &|i| i == 1), Some(2));
        assert_eq!(list, vec![3, 1]);
        let mut map =
            BTreeMap::from([("a".to_string(), vec![0]), ("b".to_string(), vec![1, 3]), ("c".to_string(), vec![1])]);
        assert!(more_tasks_in(&mut map, &live));
        // "a" emptied and was deleted; the scan stopped at "b", so "c" was not looked at.
        assert_eq!(map.keys().cloned().collect::<Vec<_>>(), ["b", "c"]);
        assert_eq!(map["b"], vec![1, 3]);
    }
}
