//! Capacity Scheduler state drawn besides the decision record: trackers' reserved ("fallow")
//! slots for the grid, and per-user usage against the user limit for the Capacity panel.
//! Read from the scheduler as it stands after the current heartbeat (`Simulation::engine()`).

use crate::model::TaskType;
use crate::sched::Scheduler;
use crate::sim::Engine;

/// Slots of one tracker held for a high-memory job.
#[derive(Clone, Debug, PartialEq)]
pub struct Reserved {
    pub tracker: String,
    pub is_map: bool,
    pub job: u32,
    pub slots: u32,
}

/// One user of one queue and task type: slots occupied against the user limit.
#[derive(Clone, Debug, PartialEq)]
pub struct UserUsage {
    pub queue: String,
    pub is_map: bool,
    pub user: String,
    pub used: i32,
    pub limit: i32,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct CapExtras {
    pub reserved: Vec<Reserved>,
    pub users: Vec<UserUsage>,
}

impl CapExtras {
    /// The reservations on one tracker.
    pub fn reserved_on<'a>(&'a self, tracker: &'a str) -> impl Iterator<Item = &'a Reserved> + 'a {
        self.reserved.iter().filter(move |r| r.tracker == tracker)
    }
}

/// Empty for the other schedulers.
pub fn of(e: &Engine) -> CapExtras {
    let Scheduler::Capacity(cs) = &e.scheduler else { return CapExtras::default() };
    let reserved = cs
        .reservations
        .0
        .iter()
        .map(|((tracker, kind), r)| Reserved {
            tracker: tracker.clone(),
            is_map: *kind == TaskType::Map,
            job: r.job.0,
            slots: r.slots,
        })
        .collect();
    let mut users = Vec::new();
    for name in &cs.config_order {
        let Some(q) = cs.queues.get(name) else { continue };
        for kind in [TaskType::Map, TaskType::Reduce] {
            for (user, used, limit) in q.user_usage(kind) {
                users.push(UserUsage { queue: name.clone(), is_map: kind == TaskType::Map, user, used, limit });
            }
        }
    }
    CapExtras { reserved, users }
}
