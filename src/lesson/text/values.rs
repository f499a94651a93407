//! The run values a placeholder names, filled at the step's heartbeat: each is read from the
//! heartbeat's decision record (`explain::HeartbeatRecord`), the engine right after it, the
//! stage's scheduler state (`sim::stage`, built from the same two) or the lesson's experiments
//! (`lesson::runs::figure`) and configuration — never computed another way. The names are in
//! `names.rs`.

use super::names::{bins, job_id, kind};
use super::{Placeholder, Source, Val};
use crate::explain::Decision;
use crate::model::{JobId, TaskType};

fn num<T: Into<f64>>(x: T) -> Result<Val, String> {
    Ok(Val::Num(x.into()))
}

fn int(x: i64) -> Result<Val, String> {
    Ok(Val::Num(x as f64))
}

pub(super) fn arg_kind(p: &Placeholder, i: usize) -> TaskType {
    p.args.get(i).and_then(|a| kind(a)).unwrap_or(TaskType::Map)
}

/// The value at the source's heartbeat.
pub(super) fn value(p: &Placeholder, src: &Source) -> Result<Val, String> {
    let ctx = src.ctx;
    let c = &ctx.engine.cluster;
    let rec = ctx.records.last();
    let no_rec = || "no heartbeat has run yet".to_string();
    let arg = |i: usize| p.args.get(i).map(String::as_str).unwrap_or("");
    let job = || {
        let id = job_id(arg(0)).unwrap_or(0);
        c.jobs.get(&JobId(id)).ok_or_else(|| format!("J{id} has not been submitted at this heartbeat"))
    };
    let t = arg_kind(p, 0);
    let sum_slots = |t: TaskType| -> u32 {
        c.trackers.iter().map(|x| if t == TaskType::Map { x.max_map_slots } else { x.max_reduce_slots }).sum()
    };
    match p.name.as_str() {
        "time" => int(rec.map(|r| r.time_ms).unwrap_or(c.now)),
        "hb" => int(ctx.records.len() as i64),
        "interval" => int(rec.ok_or_else(no_rec)?.next_interval_ms),
        "assigned" => {
            let r = rec.ok_or_else(no_rec)?;
            let j = p.args.get(1).and_then(|a| job_id(a));
            let n = r
                .assigned
                .iter()
                .filter(|a| p.args.is_empty() || a.kind.as_str() == arg(0))
                .filter(|a| j.is_none_or(|j| a.job == j))
                .count();
            int(n as i64)
        }
        "free" => super::super::event::free_slots(&rec.ok_or_else(no_rec)?.decision, t == TaskType::Map)
            .map(|x| Val::Num(x as f64))
            .ok_or_else(|| "this scheduler's record has no free slots".into()),
        "slots" => num(sum_slots(t)),
        "trackers" => int(c.trackers.iter().count() as i64),
        "tracker_slots" => {
            let tr = c.trackers.iter().find(|x| x.name == arg(0)).ok_or_else(|| format!("no tracker {}", arg(0)))?;
            num(if arg_kind(p, 1) == TaskType::Map { tr.max_map_slots } else { tr.max_reduce_slots })
        }
        "running" => num(c
            .jobs
            .values()
            .map(|j| if t == TaskType::Map { j.running_maps } else { j.running_reduces })
            .sum::<u32>()),
        "job.maps" => num(job()?.num_maps()),
        "job.reduces" => num(job()?.num_reduces()),
        "job.running" => {
            let j = job()?;
            num(if arg_kind(p, 1) == TaskType::Map { j.running_maps } else { j.running_reduces })
        }
        "job.done" => {
            let j = job()?;
            num(if arg_kind(p, 1) == TaskType::Map { j.finished_maps } else { j.finished_reduces })
        }
        "cap.missed" => int(job()?.num_scheduling_opportunities as i64),
        "job.map_slots" => num(job()?.slots_per_map),
        "job.input_nodes" => int(job()?.split_hosts.len() as i64),
        "job.pending" => int(job()?.pending_maps()),
        "job.submitted" => int(job()?.start_time),
        "job.age" => int(c.now - job()?.start_time),
        "job.finished" => int(job()?.finish_time.ok_or("the job has not finished at this heartbeat")?),
        "job.response" => {
            let j = job()?;
            int(j.finish_time.ok_or("the job has not finished at this heartbeat")? - j.start_time)
        }
        "figure" | "sweep" => figure(p, src),
        "variant_delay" | "sweep_delay" | "sweep_rack_delay" | "bin.min_maps" | "bin.max_maps" => lesson_conf(p, src),
        name if name.starts_with("fifo.") => match &rec.ok_or_else(no_rec)?.decision {
            Decision::Fifo(d) => fifo(p, d),
            _ => Err("not a FIFO heartbeat".into()),
        },
        name if name.starts_with("fair.") => super::sched::fair(p, ctx),
        name if name.starts_with("spark.") => super::spark::value(p, ctx),
        name if name.starts_with("cap.") => super::sched::capacity(p, ctx),
        other => Err(format!("unknown value {other:?}")),
    }
}

fn fifo(p: &Placeholder, d: &crate::sched::fifo::FifoDecision) -> Result<Val, String> {
    let l = if arg_kind(p, 0) == TaskType::Map { &d.map } else { &d.reduce };
    let pad = || d.map_padding.as_ref().ok_or_else(|| "padding was not checked at this heartbeat".to_string());
    match p.name.as_str() {
        "fifo.load_factor" => num(l.load_factor),
        "fifo.remaining" => int(l.remaining_load as i64),
        "fifo.cluster_slots" => num(l.cluster_capacity),
        "fifo.tracker_slots" => num(l.tracker_capacity),
        "fifo.cap" => num(l.tracker_current_capacity),
        "fifo.tracker_running" => num(l.tracker_running),
        "fifo.available" => int(l.available),
        "fifo.running_maps" => num(d.cluster_running_maps),
        "fifo.padding" => num(pad()?.padding),
        "fifo.pad_needed" => int(pad()?.total_needed as i64),
        "fifo.pad_running" => num(pad()?.total_tasks),
        "fifo.pad_capacity" => num(pad()?.total_capacity),
        "fifo.pad_fraction" => num(pad()?.pad_fraction),
        "fifo.padded" => Ok(if pad()?.exceeded {
            Val::Word("exceeded", "已超出")
        } else {
            Val::Word("not exceeded", "未超出")
        }),
        other => Err(format!("unknown value {other:?}")),
    }
}

/// The lesson's own configuration: its compare variants, its sweeps, the job-size bins.
fn lesson_conf(p: &Placeholder, src: &Source) -> Result<Val, String> {
    let arg = |i: usize| p.args.get(i).map(String::as_str).unwrap_or("");
    let runs = &src.runs.0;
    let bins_of = || bins(arg(0)).ok_or_else(|| format!("found {:?}, expected bins", arg(0)));
    let table = &crate::scenario::generator::FACEBOOK_2009_BINS;
    match p.name.as_str() {
        "variant_delay" => {
            let v = runs.compare.as_ref().and_then(|c| c.variants.get(arg(0).parse::<usize>().ok()?));
            let v = crate::sim::compare::parse_variant(v.ok_or("no such compare variant")?)?;
            int(v.node_delay_ms.or(v.spark_wait_ms).ok_or("the variant sets no locality delay")?)
        }
        "sweep_delay" => int(arg(0).parse().map_err(|_| "expected a delay in ms".to_string())?),
        "sweep_rack_delay" => {
            let s = runs.sweeps.get(arg(0).parse::<usize>().unwrap_or(0)).ok_or("no such sweep")?;
            int(s.rack_delay_ms)
        }
        "bin.min_maps" => num(table[bins_of()?[0] - 1].0),
        _ => num(table[*bins_of()?.last().unwrap_or(&1) - 1].1),
    }
}

fn figure(p: &Placeholder, src: &Source) -> Result<Val, String> {
    let arg = |i: usize| p.args.get(i).map(String::as_str).unwrap_or("");
    let r = if p.name == "figure" {
        crate::lesson::runs::figure::FigureRef {
            figure: arg(0).into(),
            variant: arg(1).parse().ok(),
            sweep: None,
            delay_ms: None,
            bins: bins(arg(2)).unwrap_or_default(),
        }
    } else {
        crate::lesson::runs::figure::FigureRef {
            figure: arg(0).into(),
            variant: None,
            sweep: Some(arg(2).parse().unwrap_or(0)),
            delay_ms: arg(1).parse().ok(),
            bins: Vec::new(),
        }
    };
    r.value(src.runs).map(Val::Num)
}
