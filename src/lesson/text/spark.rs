//! Run values of a Spark run (`sim::stage::spark`, the stage's own picture of the round): a
//! task set's level and timer after the round, the time waited, the current level's wait,
//! the round's rejects and launches, and when the task set finished.

use super::{Placeholder, Val};
use crate::explain::Decision;
use crate::lesson::event::Ctx;
use crate::sched::Scheduler;
use crate::sim::stage;

fn int(x: i64) -> Result<Val, String> {
    Ok(Val::Num(x as f64))
}

pub(super) fn value(p: &Placeholder, ctx: &Ctx) -> Result<Val, String> {
    let Scheduler::Spark(s) = &ctx.engine.scheduler else { return Err("not a Spark run".into()) };
    let arg = p.args.first().map(String::as_str).unwrap_or("");
    let name = format!("TaskSet_{arg}");
    let st = || {
        let view = stage::spark::build(ctx.engine, s, ctx.records.last());
        view.task_sets.into_iter().find(|t| t.name == name).ok_or_else(|| format!("{name} has not been submitted at this round"))
    };
    match p.name.as_str() {
        "spark.level" => Ok(Val::Name(st()?.current.as_str().to_string())),
        "spark.timer" => int(st()?.timer_from_ms),
        "spark.waited" => int(st()?.waited_ms),
        "spark.wait" => int(st()?.wait_ms),
        "spark.rejects" => int(st()?.rejects as i64),
        "spark.done" => int(st()?.succeeded as i64),
        "spark.launched" => match ctx.records.last().map(|r| &r.decision) {
            Some(Decision::Spark(d)) => int(d.launches.len() as i64),
            _ => Err("no Spark round has run yet".into()),
        },
        "spark.finished" => {
            let t = s.task_sets.iter().position(|m| m.name() == name).ok_or_else(|| format!("{name} has not been submitted"))?;
            let b = ctx.engine.spark_backend.as_ref().ok_or("spark.finished needs automatic mode")?;
            let stage = b.stage_index(t).ok_or_else(|| format!("{name} is not a stage of the application"))?;
            int(b.finished_ms[stage].ok_or_else(|| format!("{name} has not finished at this round"))?)
        }
        "spark.locality_wait" => int(s.settings.conf.locality_wait),
        other => Err(format!("unknown value {other:?}")),
    }
}
