//! The executors as `TaskSchedulerImpl` knows them: `executorIdToHost`, `hostToExecutors`,
//! `hostsByRack`, the decommission state (`executorsPendingDecommission`), the optional rack
//! resolver (`getRacksForHosts`, `None` for every host unless a cluster manager resolves racks,
//! as YARN's does), and the liveness predicates the valid levels read (`isExecutorAlive`,
//! `hasExecutorsAliveOnHost`, `hasHostAliveOnRack`, `getExecutorsAliveOnHost`). Maps are
//! ordered by name (`BTreeMap`) so that nothing depends on hash order.

use std::collections::{BTreeMap, BTreeSet};

/// One registered executor.
#[derive(Debug, Clone, PartialEq)]
pub struct Executor {
    pub host: String,
    /// Its cores (what a full round would offer when idle).
    pub cores: u32,
    /// `executorsPendingDecommission` holds it: it no longer counts as alive.
    pub decommissioning: bool,
    /// The decommission names the worker host (`ExecutorDecommissionState.workerHost`): the
    /// whole host counts as decommissioned (`isHostDecommissioned`).
    pub host_decommissioned: bool,
}

#[derive(Debug, Clone, Default, PartialEq)]
pub struct Executors {
    by_id: BTreeMap<String, Executor>,
    host_to_executors: BTreeMap<String, BTreeSet<String>>,
    hosts_by_rack: BTreeMap<String, BTreeSet<String>>,
    /// The rack resolver: host → rack; `None` = no resolver (standalone Spark), so no host has
    /// a rack and RACK_LOCAL is never valid.
    racks: Option<BTreeMap<String, String>>,
}

impl Executors {
    pub fn new(racks: Option<BTreeMap<String, String>>) -> Executors {
        Executors { racks, ..Default::default() }
    }

    /// `getRackForHost`.
    pub fn rack_for_host(&self, host: &str) -> Option<&str> {
        self.racks.as_ref()?.get(host).map(String::as_str)
    }

    pub fn has_rack_resolver(&self) -> bool {
        self.racks.is_some()
    }

    pub fn get(&self, id: &str) -> Option<&Executor> {
        self.by_id.get(id)
    }

    pub fn ids(&self) -> impl Iterator<Item = (&String, &Executor)> {
        self.by_id.iter()
    }

    /// `TaskSchedulerImpl.resourceOffers`' registration (and `FakeTaskScheduler.addExecutor`):
    /// the host gets an executor set, the executor is recorded, the host joins its rack's
    /// hosts. `true` if the executor id was new (`newExecAvail`).
    pub fn register(&mut self, id: &str, host: &str, cores: u32) -> bool {
        self.host_to_executors.entry(host.to_string()).or_default();
        let new = !self.by_id.contains_key(id);
        if new {
            self.host_to_executors.entry(host.to_string()).or_default().insert(id.to_string());
            self.by_id.insert(
                id.to_string(),
                Executor { host: host.to_string(), cores, decommissioning: false, host_decommissioned: false },
            );
        }
        if let Some(rack) = self.rack_for_host(host).map(str::to_string) {
            self.hosts_by_rack.entry(rack).or_default().insert(host.to_string());
        }
        new
    }

    /// `TaskSchedulerImpl.removeExecutor`: the executor leaves its host's set; a host left
    /// empty is forgotten, and leaves its rack. The executor's host, if it was registered.
    pub fn remove(&mut self, id: &str) -> Option<String> {
        let e = self.by_id.remove(id)?;
        if let Some(set) = self.host_to_executors.get_mut(&e.host) {
            set.remove(id);
            if set.is_empty() {
                self.host_to_executors.remove(&e.host);
                if let Some(rack) = self.rack_for_host(&e.host).map(str::to_string) {
                    if let Some(hosts) = self.hosts_by_rack.get_mut(&rack) {
                        hosts.remove(&e.host);
                        if hosts.is_empty() {
                            self.hosts_by_rack.remove(&rack);
                        }
                    }
                }
            }
        }
        Some(e.host)
    }

    /// `TaskSchedulerImpl.executorDecommission`: `false` if the executor is not registered.
    pub fn decommission(&mut self, id: &str, with_host: bool) -> bool {
        match self.by_id.get_mut(id) {
            Some(e) => {
                e.decommissioning = true;
                e.host_decommissioned |= with_host;
                true
            }
            None => false,
        }
    }

    /// `isExecutorAlive`: registered and not decommissioning (SPARK-32653).
    pub fn is_executor_alive(&self, id: &str) -> bool {
        self.by_id.get(id).is_some_and(|e| !e.decommissioning)
    }

    /// `getExecutorsAliveOnHost`, in name order.
    pub fn executors_alive_on_host(&self, host: &str) -> Vec<String> {
        self.host_to_executors
            .get(host)
            .map(|s| s.iter().filter(|e| self.is_executor_alive(e)).cloned().collect())
            .unwrap_or_default()
    }

    /// `hasExecutorsAliveOnHost`.
    pub fn has_executors_alive_on_host(&self, host: &str) -> bool {
        self.host_to_executors.get(host).is_some_and(|s| s.iter().any(|e| self.is_executor_alive(e)))
    }

    /// `isHostDecommissioned`: an executor on it is decommissioning with its worker host.
    fn is_host_decommissioned(&self, host: &str) -> bool {
        self.host_to_executors
            .get(host)
            .is_some_and(|s| s.iter().any(|e| self.by_id.get(e).is_some_and(|x| x.host_decommissioned)))
    }

    /// `hasHostAliveOnRack`: some host of the rack is not decommissioned.
    pub fn has_host_alive_on_rack(&self, rack: &str) -> bool {
        self.hosts_by_rack.get(rack).is_some_and(|hs| hs.iter().any(|h| !self.is_host_decommissioned(h)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn liveness_follows_registration_and_decommission() {
        let racks = BTreeMap::from([("h1".to_string(), "r1".to_string())]);
        let mut ex = Executors::new(Some(racks));
        assert!(ex.register("e1", "h1", 2));
        assert!(!ex.register("e1", "h1", 2));
        assert!(ex.register("e2", "h1", 2));
        assert!(ex.has_host_alive_on_rack("r1"));
        assert!(ex.decommission("e1", false));
        assert!(!ex.is_executor_alive("e1"));
        assert_eq!(ex.executors_alive_on_host("h1"), ["e2"]);
        assert!(ex.has_host_alive_on_rack("r1"));
        assert!(ex.decommission("e2", true));
        assert!(!ex.has_executors_alive_on_host("h1"));
        assert!(!ex.has_host_alive_on_rack("r1"));
        assert_eq!(ex.remove("e1").as_deref(), Some("h1"));
        assert_eq!(ex.remove("e2").as_deref(), Some("h1"));
        assert!(!ex.has_host_alive_on_rack("r1"));
        assert_eq!(ex.remove("e2"), None);
    }
}
