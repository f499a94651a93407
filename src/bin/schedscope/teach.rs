//! The teaching commands: `sweep` (delay vs locality bound), `lesson` (check a lesson),
//! `compare` (one workload, several schedulers) and `import` (Rumen / SWIM traces).

use super::cli::{CompareArgs, ImportArgs, LessonArgs, SweepArgs};
use super::{indent, read, read_capped};
use schedscope::scenario;
use std::process::ExitCode;

/// `schedscope sweep`: the argument handling only; the work is `sim::sweep`.
pub(super) fn sweep(args: SweepArgs) -> ExitCode {
    use schedscope::sim::sweep::{self as sw, Sweep};
    let SweepArgs { file, delays, skips, rack_delay, lang, json } = args;
    let what = match (delays, skips) {
        (Some(d), _) => Sweep::DelaysMs(d),
        (None, Some(k)) => Sweep::Skips(k),
        (None, None) => sw::default_sweep(),
    };
    let s = match read(&file).and_then(|t| scenario::parse(&t).map_err(|e| e.to_string())) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}:\n{e}");
            return ExitCode::from(1);
        }
    };
    for (i, rack) in rack_delay.iter().enumerate() {
        match sw::sweep(&s, &what, *rack) {
            Ok(r) if json => println!("{}", serde_json::to_string(&r).expect("serialises")),
            Ok(r) => {
                if i > 0 {
                    println!();
                }
                lang.lines(sw::render(&r, lang.lang())).iter().for_each(|l| println!("{l}"))
            }
            Err(e) => {
                eprintln!("{file}: {e}");
                return ExitCode::from(1);
            }
        }
    }
    ExitCode::SUCCESS
}

pub(super) fn lesson(args: LessonArgs) -> ExitCode {
    use schedscope::lesson;
    let LessonArgs { files, lang } = args;
    let mut bad = false;
    for f in files {
        let text = match f.strip_prefix("builtin:") {
            Some(id) => lesson::builtin()
                .iter()
                .find(|(i, _)| *i == id)
                .map(|(_, j)| j.to_string())
                .ok_or(format!("no built-in lesson {id:?}")),
            None => read_capped(&f, lesson::MAX_LESSON_BYTES),
        };
        match text.and_then(|t| lesson::parse(&t).map_err(|e| e.to_string())) {
            Ok(l) => {
                let r = lesson::resolve(&l);
                bad |= !r.failures.is_empty();
                lang.lines(lesson::check::render(&l, &r, lang.lang())).iter().for_each(|x| println!("{x}"));
            }
            Err(e) => {
                bad = true;
                println!("{f}:\n{}", indent(&e));
            }
        }
    }
    if bad { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

pub(super) fn compare(args: CompareArgs) -> ExitCode {
    use schedscope::sim::compare as cmp;
    let result = match &args.file {
        None => cmp::delay_experiment(args.seed, args.delay),
        Some(file) => read(file)
            .and_then(|t| scenario::parse(&t).map_err(|e| e.to_string()))
            .map_err(|e| format!("{file}:\n{e}"))
            .and_then(|s| {
                let spark = s.scheduler == scenario::SchedulerKind::Spark;
                let default = if spark { "spark-legacy,spark" } else { "fifo,fair,capacity" };
                let given = if args.schedulers.is_empty() {
                    default.split(',').map(cmp::parse_variant).collect::<Result<Vec<_>, _>>()?
                } else {
                    args.schedulers.clone()
                };
                cmp::compare(&s, &given, args.max_heartbeats)
            }),
    };
    match result {
        Ok(c) if args.json => println!("{}", serde_json::to_string(&c).expect("serialises")),
        Ok(c) => args.lang.lines(cmp::render(&c, args.lang.lang())).iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

pub(super) fn import(args: ImportArgs) -> ExitCode {
    use schedscope::scenario::traces;
    let ImportArgs { file, format, scheduler, max_jobs, skip_jobs, time_scale, lang } = args;
    let mut o = traces::ImportOptions {
        format: format.map(Into::into),
        scheduler: scheduler.as_str().into(),
        skip_jobs: skip_jobs as usize,
        time_scale,
        ..Default::default()
    };
    if let Some(n) = max_jobs {
        o.max_jobs = n as usize;
    }
    match traces::import_file(std::path::Path::new(&file), &o) {
        Ok(i) => {
            println!("{}", serde_json::to_string_pretty(&i.scenario).expect("serialises"));
            // What was dropped, scaled or modelled: on stderr, so stdout stays the scenario.
            let notes = i.notes.iter().map(|n| lang.lang().pick(&n.en, &n.zh).to_string()).collect();
            for n in lang.lines(notes) {
                eprintln!("note: {n}");
            }
            ExitCode::SUCCESS
        }
        // A problem with the file as a whole on one line, problems inside it one per line.
        Err(e) => {
            match e.errors.as_slice() {
                [one] if one.path == "$" => eprintln!("{file}: {}", one.message),
                _ => eprintln!("{file}:\n{}", indent(&e.to_string())),
            }
            ExitCode::from(1)
        }
    }
}
