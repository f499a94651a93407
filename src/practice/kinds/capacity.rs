//! Capacity Scheduler questions on queues and users: who gets the slot when a queue borrows or
//! hits its maximum capacity, the queue order and the user limit. The scenario builder is shared
//! with `capacity_memory.rs`, `capacity_locality.rs`, `capacity_heartbeat.rs` and
//! `capacity_admission.rs`.

use super::answer::{Answer, Form};
use super::build::{self, Shape};
use super::capacity_walk as walk;
use super::difficulty::Difficulty;
use super::moment::{Draw, Moment, Posed};
use super::{Kind, bi, header, maps, secs};
use crate::explain::Decision;
use crate::lesson::Bi;
use crate::model::RunState;
use crate::sched::Scheduler;
use crate::sched::capacity::CapacityTaskScheduler;
use crate::sched::capacity::decision::{CapacityDecision, JobVerdict, Lookup, QueueStanding};
use serde_json::{Value, json};

/// What a Capacity scenario stresses.
#[derive(Default, Clone, Copy)]
pub struct Flavour {
    pub queues: (i64, i64),
    pub max_capacity: bool,
    /// Several users per queue, a minimum user limit percent and a user-limit factor.
    pub users: bool,
    /// Small per-user limits of initialised tasks.
    pub admission: bool,
    /// Memory-based scheduling with some jobs needing two slots per map.
    pub memory: bool,
    /// Input on a few hosts and a locality wait factor.
    pub concentrate: bool,
    /// `maximum-tasks-per-heartbeat` and `maximum-tasks-after-offswitch`.
    pub per_heartbeat: bool,
    pub map_slots: (i64, i64),
}

pub const QUEUE_NAMES: [&str; 3] = ["prod", "research", "adhoc"];

pub fn scenario(draw: &mut Draw, d: Difficulty, f: Flavour) -> Value {
    let slots = if f.map_slots == (0, 0) { (2, 3) } else { f.map_slots };
    let s = build::shape_racks(draw, d, slots, 2, if f.concentrate { 2 } else { 1 });
    let n = draw.range(f.queues.0.max(1), f.queues.1.max(1)) as usize;
    let splits: &[&[i64]] = match n {
        1 => &[&[100]],
        2 => &[&[50, 50], &[60, 40], &[70, 30], &[80, 20]],
        _ => &[&[40, 30, 30], &[50, 30, 20], &[60, 20, 20]],
    };
    let split = *draw.pick(splits);
    let capacity = (s.trackers() * s.map_slots) as i64;
    let hot: Vec<String> =
        vec![Shape::host(draw.range(1, s.racks as i64) as u32, draw.range(1, s.nodes as i64) as u32)];
    let mut queues = Vec::new();
    let mut jobs = Vec::new();
    let mut id = 0;
    for (i, name) in QUEUE_NAMES.iter().take(n).enumerate() {
        let mut q = json!({"name": name, "capacity": split[i]});
        if f.max_capacity && draw.chance(60) {
            q["max_capacity"] = json!((split[i] + draw.range(1, 4) * 10).min(100));
        }
        if f.users {
            q["min_user_limit_percent"] = json!(*draw.pick(&[25, 34, 50, 100]));
            q["user_limit_factor"] = json!(*draw.pick(&[1.0, 1.5, 2.0]));
        }
        if f.admission {
            q["max_initialized_active_tasks_per_user"] = json!(draw.range(3, 6));
        }
        queues.push(q);
        let per_queue = match d {
            Difficulty::Easy => 1 + i64::from(f.users || f.admission),
            _ => draw.range(1, 3),
        };
        for k in 0..per_queue {
            id += 1;
            let count = if f.admission { draw.range(1, 4) } else { draw.range(2, capacity.max(3)) } as u32;
            let dur = build::duration(draw, 3, 10);
            let maps = if f.concentrate && draw.chance(70) {
                build::maps_on(draw, count, &hot, dur)
            } else {
                build::spread_maps(count, draw.range(1, 3) as u32, dur)
            };
            let user = if f.users || f.admission { format!("user{}", draw.range(1, 3)) } else { format!("user{id}") };
            let submit = if k == 0 && i == 0 { 0 } else { draw.range(0, 10) * 500 };
            let mut j = build::job(id, &user, Some(("queue", name)), submit, maps, 0);
            if f.memory {
                j["map_mem_mb"] = json!(if draw.chance(40) { 2048 } else { 1024 });
                j["reduce_mem_mb"] = json!(1024);
            }
            if f.concentrate {
                j["locality_wait_factor"] = json!(*draw.pick(&[0.5, 1.0, 1.5, 2.0]));
            }
            jobs.push(j);
        }
    }
    let mut config = json!({
        "queues": queues,
        "initial_queue_order": QUEUE_NAMES.iter().take(n).collect::<Vec<_>>(),
        "init_poll_interval_ms": 1000,
    });
    if f.memory {
        config["memory"] =
            json!({"map_slot_mb": 1024, "reduce_slot_mb": 1024, "max_map_mb": 2048, "max_reduce_mb": 2048});
    }
    if f.per_heartbeat {
        config["max_tasks_per_heartbeat"] = json!(draw.range(1, 3));
        config["max_tasks_after_offswitch"] = json!(draw.range(0, 2));
    }
    build::scenario("capacity", draw.u64(), s, config, jobs)
}

pub fn decision<'a>(m: &'a Moment) -> Option<&'a CapacityDecision> {
    match &m.rec.decision {
        Decision::Capacity(d) => Some(d),
        _ => None,
    }
}

pub fn sched_before<'a>(m: &'a Moment) -> Option<&'a CapacityTaskScheduler> {
    match &m.before.scheduler {
        Scheduler::Capacity(c) => Some(c),
        _ => None,
    }
}

/// The first map lookup of the heartbeat.
pub fn first_lookup(d: &CapacityDecision) -> Option<&Lookup> {
    d.map.lookups.first()
}

pub fn standing_line(q: &QueueStanding) -> Bi {
    let max = if q.max_capacity > 0 { q.max_capacity.to_string() } else { "none".into() };
    let max_zh = if q.max_capacity > 0 { q.max_capacity.to_string() } else { "无".into() };
    bi(
        format!("Queue {}: capacity {} map slots, maximum capacity {max}, uses {}.", q.queue, q.capacity, q.used),
        format!("队列 {}：容量 {} 个 map slot，最大容量 {max_zh}，已使用 {}。", q.queue, q.capacity, q.used),
    )
}

/// `standing_line` with the queue's user-limit settings (`minimum-user-limit-percent`,
/// `user-limit-factor`), which `CapacitySchedulerQueue.assignSlotsToJob` applies to every job
/// asked (`src/contrib/capacity-scheduler/src/java/org/apache/hadoop/mapred/CapacitySchedulerQueue.java`):
/// a question whose answer depends on which job may take a slot shows them.
pub fn standing_limits(m: &Moment, q: &QueueStanding) -> Bi {
    let line = standing_line(q);
    let Some(conf) = sched_before(m).and_then(|c| c.queues.get(&q.queue)).map(|x| &x.conf) else { return line };
    let (ul, f) = (conf.ul_min, conf.ul_min_factor);
    bi(
        format!("{} minimum-user-limit-percent {ul}, user-limit-factor {f}.", line.en),
        format!("{}minimum-user-limit-percent 为 {ul}，user-limit-factor 为 {f}。", line.zh),
    )
}

/// Every job the stage shows, with its user, queue and progress.
pub fn job_lines(m: &Moment) -> Vec<Bi> {
    m.before
        .cluster
        .jobs
        .values()
        .map(|j| {
            let (state, zh) = match j.state {
                RunState::Running => (
                    format!(
                        "RUNNING, {} maps ({} finished, {} running)",
                        j.num_maps(),
                        j.finished_maps,
                        j.running_maps
                    ),
                    format!(
                        "RUNNING，{} 个 map（已完成 {}，运行中 {}）",
                        j.num_maps(),
                        j.finished_maps,
                        j.running_maps
                    ),
                ),
                s => (
                    format!("{}, {} maps", s.as_str(), j.num_maps()),
                    format!("{}，{} 个 map", s.as_str(), j.num_maps()),
                ),
            };
            let mem = if j.slots_per_map > 1 { format!(", {} slots per map", j.slots_per_map) } else { String::new() };
            let mem_zh = if j.slots_per_map > 1 {
                format!("，每个 map 占 {} 个 slot", j.slots_per_map)
            } else {
                String::new()
            };
            bi(
                format!("J{} ({}, queue {}, submitted {}): {state}{mem}.", j.id.0, j.user, j.queue, secs(j.start_time)),
                format!("J{}（{}，队列 {}，{} 提交）：{zh}{mem_zh}。", j.id.0, j.user, j.queue, secs(j.start_time)),
            )
        })
        .collect()
}

/// Options "J1", "J2", ... (every job of the stage) and "no map".
pub fn job_options(m: &Moment) -> (Vec<u32>, Vec<Bi>) {
    let ids: Vec<u32> = m.before.cluster.jobs.keys().map(|j| j.0).collect();
    let mut opts: Vec<Bi> = ids.iter().map(|j| bi(format!("J{j}"), format!("J{j}"))).collect();
    opts.push(bi("no map this heartbeat", "本次心跳不分配 map"));
    (ids, opts)
}

/// "Which job gets the first map": the answer index among `job_options`.
pub fn first_map_choice(m: &Moment, ids: &[u32]) -> Option<usize> {
    match maps(m.rec).first() {
        Some(a) => ids.iter().position(|&j| j == a.job),
        None => Some(ids.len()),
    }
}

pub fn first_job_question(m: &Moment) -> Bi {
    bi(
        format!("Which job gets the first map {} is given on this heartbeat?", m.rec.tracker),
        format!("本次心跳中 {} 得到的第一个 map 属于哪个作业？", m.rec.tracker),
    )
}

fn capacity_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let queues = if d == Difficulty::Easy { (2, 2) } else { (2, 3) };
    scenario(draw, d, Flavour { queues, max_capacity: true, ..Default::default() })
}

/// `capacity.capacity`: a queue borrows idle slots beyond its capacity, up to its maximum.
fn first_job_capacity(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let l = first_lookup(d)?;
    let capped = l
        .queues
        .iter()
        .any(|q| q.at_max_capacity || q.jobs.iter().any(|j| matches!(j.verdict, JobVerdict::MaxCapacity { .. })));
    let first = maps(m.rec).first().map(|a| a.job);
    let queue_of = |job: u32| m.before.cluster.jobs.get(&crate::model::JobId(job)).map(|j| j.queue.clone());
    let borrowing = first
        .and_then(queue_of)
        .and_then(|q| l.order.iter().find(|s| s.queue == q))
        .is_some_and(|s| s.used >= s.capacity);
    if !capped && !borrowing {
        return None;
    }
    if walk::hidden_init(m, l) {
        return None;
    }
    let (ids, options) = job_options(m);
    let mut prompt = header(m);
    prompt.extend(walk::poll_line(m));
    prompt.extend(l.order.iter().map(|q| standing_limits(m, q)));
    prompt.extend(walk::tie_line(l));
    prompt.extend(job_lines(m));
    prompt.extend(walk::locality_lines(m));
    prompt.push(first_job_question(m));
    Some(Posed {
        category: u8::from(capped),
        prompt,
        form: Form::Choose { options },
        expected: Answer::Choice(first_map_choice(m, &ids)?),
        focus_job: first,
        focus_queue: None,
    })
}

pub static FIRST_JOB_CAPACITY: Kind = Kind {
    id: "capacity.first_job",
    concept: "capacity.capacity",
    scenario: capacity_scenario,
    pose: first_job_capacity,
    categories: 2,
};

fn order_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    let queues = if d == Difficulty::Easy { (2, 3) } else { (3, 3) };
    scenario(draw, d, Flavour { queues, ..Default::default() })
}

/// `capacity.queue_order`: the queues sorted by used / capacity before the first map lookup.
fn queue_order(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let l = first_lookup(d)?;
    let mut ratios: Vec<f64> = l.order.iter().map(|q| q.ratio).collect();
    crate::sort::sort_by(&mut ratios, |a, b| a.partial_cmp(b).unwrap_or(std::cmp::Ordering::Equal));
    if l.order.len() < 2 || ratios.windows(2).any(|w| w[0] == w[1]) {
        return None;
    }
    let before: Option<Vec<&str>> = m
        .prev
        .and_then(|p| match &p.decision {
            Decision::Capacity(c) => first_lookup(c),
            _ => None,
        })
        .map(|pl| pl.order.iter().map(|q| q.queue.as_str()).collect());
    let now: Vec<&str> = l.order.iter().map(|q| q.queue.as_str()).collect();
    let mut names = now.clone();
    crate::sort::sort(&mut names);
    let expected: Vec<usize> = now.iter().map(|n| names.iter().position(|x| x == n)).collect::<Option<_>>()?;
    let mut prompt = header(m);
    let mut lines: Vec<&QueueStanding> = l.order.iter().collect();
    crate::sort::sort_by(&mut lines, |a, b| a.queue.cmp(&b.queue));
    prompt.extend(lines.into_iter().map(standing_line));
    prompt.push(bi(
        "In which order does the scheduler offer the queues this heartbeat's first map slot?",
        "本次心跳的第一个 map slot 按什么顺序提供给各队列？",
    ));
    Some(Posed {
        category: u8::from(before.is_some_and(|b| b != now)),
        prompt,
        form: Form::Order { items: names.iter().map(|n| bi(*n, *n)).collect() },
        expected: Answer::Order(expected),
        focus_job: None,
        focus_queue: None,
    })
}

pub static QUEUE_ORDER: Kind = Kind {
    id: "capacity.queue_order",
    concept: "capacity.queue_order",
    scenario: order_scenario,
    pose: queue_order,
    categories: 2,
};

fn users_scenario(draw: &mut Draw, d: Difficulty) -> Value {
    scenario(draw, d, Flavour { queues: (1, 2), users: true, map_slots: (2, 4), ..Default::default() })
}

/// `capacity.user_limits`: the most slots one user may hold in the queue at this lookup.
fn user_limit(m: &Moment) -> Option<Posed> {
    let d = decision(m)?;
    let c = sched_before(m)?;
    let l = first_lookup(d)?;
    let (queue, visit, calc, bites) = l.queues.iter().find_map(|q| {
        q.jobs.iter().find_map(|v| match &v.verdict {
            JobVerdict::UserLimit { calc, .. } => Some((q.queue.clone(), v, *calc, true)),
            JobVerdict::Assigned { user_limit: Some(calc), .. } if calc.active_users > 1 => {
                Some((q.queue.clone(), v, *calc, false))
            }
            _ => None,
        })
    })?;
    let standing = l.order.iter().find(|s| s.queue == queue)?;
    let conf = &c.queues.get(&queue)?.conf;
    let mut prompt = header(m);
    prompt.push(standing_line(standing));
    prompt.push(bi(
        format!(
            "Queue {queue} has {} active users; minimum-user-limit-percent {}, user-limit-factor {}. {} holds {} of its slots; J{}'s maps need {} slot each.",
            standing.active_users, conf.ul_min, conf.ul_min_factor, visit.user, calc.user_holds, visit.job, calc.slots
        ),
        format!(
            "队列 {queue} 有 {} 个活跃用户；minimum-user-limit-percent 为 {}，user-limit-factor 为 {}。{} 占用其中 {} 个 slot；J{} 的每个 map 需要 {} 个 slot。",
            standing.active_users, conf.ul_min, conf.ul_min_factor, visit.user, calc.user_holds, visit.job, calc.slots
        ),
    ));
    prompt.extend(job_lines(m));
    prompt.push(bi(
        format!(
            "When J{} is asked for a map, how many slots may {} hold in queue {queue} (the user limit)?",
            visit.job, visit.user
        ),
        format!(
            "询问 J{} 要 map 时，{} 在队列 {queue} 中最多可以占用多少个 slot（用户资源上限）？",
            visit.job, visit.user
        ),
    ));
    Some(Posed {
        category: u8::from(bites),
        prompt,
        form: Form::Number { decimals: 0, tolerance: 0.0 },
        expected: Answer::Number(calc.limit as f64),
        focus_job: Some(visit.job),
        focus_queue: Some(queue),
    })
}

pub static USER_LIMIT: Kind = Kind {
    id: "capacity.user_limit",
    concept: "capacity.user_limits",
    scenario: users_scenario,
    pose: user_limit,
    categories: 2,
};
