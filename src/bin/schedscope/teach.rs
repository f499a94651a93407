//! The teaching commands: `sweep` (delay vs locality bound), `lesson` (check a lesson),
//! `compare` (one workload, several schedulers) and `import` (Rumen / SWIM traces).

use super::*;

/// `schedscope sweep`: the argument handling only; the work is `sched::fair::sweep`.
pub(super) fn sweep(args: &[String]) -> ExitCode {
    use schedscope::sched::fair::sweep::{self as sw, Sweep};
    let (mut file, mut what, mut rack, mut lang, mut json) = (None, sw::default_sweep(), 0i64, Lang::En, false);
    let list = |v: Option<&String>| -> Option<Vec<f64>> {
        v?.split(',').map(|x| x.trim().parse::<f64>().ok().filter(|f| f.is_finite() && *f >= 0.0)).collect()
    };
    let mut i = 0;
    while i < args.len() {
        let ok = match args[i].as_str() {
            "--json" => {
                json = true;
                true
            }
            "--delays" | "--skips" => {
                i += 1;
                let v = list(args.get(i));
                let delays = args[i - 1] == "--delays";
                v.map(|v| {
                    what = if delays { Sweep::DelaysMs(v.iter().map(|x| *x as i64).collect()) } else { Sweep::Skips(v) }
                })
                .is_some()
            }
            "--rack-delay" => {
                i += 1;
                args.get(i).and_then(|x| x.parse::<i64>().ok()).filter(|x| *x >= 0).map(|x| rack = x).is_some()
            }
            "--lang" => {
                i += 1;
                args.get(i).and_then(|l| Lang::parse(l)).map(|l| lang = l).is_some()
            }
            f if file.is_none() && !f.starts_with("--") => {
                file = Some(f.to_string());
                true
            }
            _ => false,
        };
        if !ok {
            eprintln!(
                "bad argument near {:?}: --delays and --skips take comma-separated numbers >= 0, --rack-delay a delay >= 0\n\n{USAGE}",
                args[i.min(args.len() - 1)]
            );
            return ExitCode::from(2);
        }
        i += 1;
    }
    let Some(file) = file else {
        eprintln!("sweep needs a scenario FILE\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let s = match read(&file).and_then(|t| scenario::parse(&t).map_err(|e| e.to_string())) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{file}:\n{e}");
            return ExitCode::from(1);
        }
    };
    match sw::sweep(&s, &what, rack) {
        Ok(r) if json => println!("{}", serde_json::to_string(&r).expect("serialises")),
        Ok(r) => sw::render(&r, lang).iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("{file}: {e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

pub(super) fn lesson(args: &[String]) -> ExitCode {
    use schedscope::lesson;
    let lang = if args.windows(2).any(|w| w[0] == "--lang" && w[1] == "zh") { Lang::Zh } else { Lang::En };
    let files: Vec<&String> = args.iter().filter(|a| !a.starts_with("--") && *a != "en" && *a != "zh").collect();
    if files.is_empty() {
        eprintln!("lesson needs at least one FILE (or builtin:ID)");
        return ExitCode::from(2);
    }
    let mut bad = false;
    for f in files {
        let text = match f.strip_prefix("builtin:") {
            Some(id) => lesson::builtin()
                .iter()
                .find(|(i, _)| *i == id)
                .map(|(_, j)| j.to_string())
                .ok_or(format!("no built-in lesson {id:?}")),
            None => std::fs::read_to_string(f).map_err(|e| format!("{f}: {e}")),
        };
        match text.and_then(|t| lesson::parse(&t).map_err(|e| e.to_string())) {
            Ok(l) => {
                let r = lesson::resolve(&l);
                bad |= !r.failures.is_empty();
                lesson::check::render(&l, &r, lang).iter().for_each(|x| println!("{x}"));
            }
            Err(e) => {
                bad = true;
                println!("{f}:\n{}", indent(&e));
            }
        }
    }
    if bad { ExitCode::from(1) } else { ExitCode::SUCCESS }
}

/// `--name value` from `args`.
fn opt<'a>(args: &'a [String], name: &str) -> Option<&'a str> {
    args.windows(2).find(|w| w[0] == name).map(|w| w[1].as_str())
}

pub(super) fn compare(args: &[String]) -> ExitCode {
    use schedscope::sim::compare as cmp;
    let lang = if opt(args, "--lang") == Some("zh") { Lang::Zh } else { Lang::En };
    let result = if args.iter().any(|a| a == "--paper") {
        let delay = opt(args, "--delay").and_then(|d| d.parse().ok()).unwrap_or(3000);
        let seed = opt(args, "--seed").and_then(|d| d.parse().ok()).unwrap_or(1);
        cmp::delay_experiment(seed, delay)
    } else {
        let Some(file) = args.first().filter(|f| !f.starts_with("--")) else {
            eprintln!("compare needs a scenario FILE (or --paper)\n\n{USAGE}");
            return ExitCode::from(2);
        };
        let names = opt(args, "--schedulers").unwrap_or("fifo,fair,capacity");
        let variants: Result<Vec<_>, String> = names.split(',').map(cmp::parse_variant).collect();
        let max = opt(args, "--max-heartbeats").and_then(|d| d.parse().ok()).unwrap_or(1_000_000);
        variants.and_then(|v| {
            read(file)
                .and_then(|t| scenario::parse(&t).map_err(|e| e.to_string()))
                .and_then(|s| cmp::compare(&s, &v, max))
        })
    };
    match result {
        Ok(c) if args.iter().any(|a| a == "--json") => println!("{}", serde_json::to_string(&c).expect("serialises")),
        Ok(c) => cmp::render(&c, lang).iter().for_each(|l| println!("{l}")),
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

pub(super) fn import(args: &[String]) -> ExitCode {
    use schedscope::scenario::traces;
    let Some(file) = args.first().filter(|f| !f.starts_with("--")) else {
        eprintln!("import needs a trace FILE\n\n{USAGE}");
        return ExitCode::from(2);
    };
    let mut o = traces::ImportOptions::default();
    if let Some(f) = opt(args, "--format") {
        o.format = match traces::Format::parse(f) {
            Some(f) => Some(f),
            None => {
                eprintln!("--format expects rumen or swim");
                return ExitCode::from(2);
            }
        };
    }
    if let Some(s) = opt(args, "--scheduler") {
        o.scheduler = s.to_string();
    }
    if let Some(n) = opt(args, "--max-jobs").and_then(|n| n.parse().ok()) {
        o.max_jobs = n;
    }
    match std::fs::read_to_string(file)
        .map_err(|e| format!("{file}: {e}"))
        .and_then(|t| traces::import(&t, &o).map_err(|e| e.to_string()))
    {
        Ok(v) => {
            println!("{}", serde_json::to_string_pretty(&v).expect("serialises"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{file}: {e}");
            ExitCode::from(1)
        }
    }
}
