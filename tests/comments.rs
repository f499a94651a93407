//! What a reader of this repository can follow. A comment in the sources cites Hadoop (a class,
//! a method, a 1.2.1 source path) or a document of this repository; a section sign follows the
//! `docs/` page it points into, and names a heading of that page. ARCHITECTURE.md names only
//! paths that exist.
#![cfg(not(target_arch = "wasm32"))]

use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    for e in entries.flatten() {
        let p = e.path();
        let name = e.file_name();
        if p.is_dir() {
            if name != "target" && name != "node_modules" && name != ".git" {
                files(&p, ext, out);
            }
        } else if ext.is_empty() || p.extension().is_some_and(|x| x == ext) {
            out.push(p);
        }
    }
}

/// The comment on a line of Rust: from a `//` that is not inside a string literal.
fn comment_of(line: &str) -> Option<&str> {
    let b = line.as_bytes();
    let mut in_str = false;
    let mut i = 0;
    while i + 1 < b.len() {
        match b[i] {
            b'\\' if in_str => i += 1,
            b'"' => in_str = !in_str,
            b'/' if !in_str && b[i + 1] == b'/' => return Some(&line[i..]),
            _ => {}
        }
        i += 1;
    }
    None
}

/// The headings of a Markdown page, without their `#`s.
fn headings(page: &str) -> Vec<String> {
    page.lines().filter(|l| l.starts_with('#')).map(|l| l.trim_start_matches('#').trim().to_string()).collect()
}

/// The problems of one comment: `read` gives a repository file's text, or `None` if there is
/// no such file.
fn problems(comment: &str, read: &dyn Fn(&str) -> Option<String>) -> Vec<String> {
    let mut out = Vec::new();
    // Every section sign: `docs/<page>` (in backticks or not), then the sign, then a heading of
    // that page, quoted, or the first word of one.
    for (at, _) in comment.match_indices('§') {
        let before = comment[..at].trim_end().trim_end_matches('`');
        let page: String = before
            .chars()
            .rev()
            .take_while(|c| c.is_ascii_alphanumeric() || "/._-".contains(*c))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if !page.starts_with("docs/") {
            out.push(format!("a section sign that does not follow a docs/ path: {comment:?}"));
            continue;
        }
        let Some(text) = read(&page) else {
            out.push(format!("{page} does not exist: {comment:?}"));
            continue;
        };
        let after = comment[at + '§'.len_utf8()..].trim_start();
        let heads = headings(&text);
        let found = if let Some(q) = after.strip_prefix('"') {
            let h = q.split('"').next().unwrap_or("");
            heads.iter().any(|x| x == h)
        } else {
            let word: String = after.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
            let word = word.trim_end_matches('.');
            !word.is_empty() && heads.iter().any(|x| x.split([' ', '.']).next() == Some(word))
        };
        if !found {
            out.push(format!("no such heading in {page}: {comment:?}"));
        }
    }
    // Every Markdown file named is one of this repository's.
    for word in comment.split(|c: char| !(c.is_ascii_alphanumeric() || "/._-".contains(c))) {
        let word = word.trim_end_matches('.');
        if word.ends_with(".md") && read(word).is_none() {
            out.push(format!("{word} is not a file of this repository: {comment:?}"));
        }
    }
    // Citations of documents the repository does not have.
    let lower = comment.to_lowercase();
    for bad in ["shared/", "../", "quirk q", "errata ", "spec §"] {
        if lower.contains(bad) {
            out.push(format!("cites {bad:?}, a document outside the repository: {comment:?}"));
        }
    }
    for word in lower.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-')) {
        let cut = word.strip_suffix("-spec").or_else(|| word.strip_suffix("-tests"));
        if cut.is_some_and(|w| w.ends_with(|c: char| c.is_ascii_alphanumeric())) {
            out.push(format!("cites {word:?}, a document outside the repository: {comment:?}"));
        }
    }
    let words: Vec<&str> = comment.split(|c: char| !c.is_ascii_alphanumeric()).collect();
    for w in words.windows(2) {
        if w[0] == "spec" && w[1].chars().next().is_some_and(|c| c.is_ascii_digit()) {
            out.push(format!("cites a numbered spec section: {comment:?}"));
        }
    }
    for (at, _) in comment.match_indices('Q') {
        let rest = &comment[at + 1..];
        let number = rest.chars().next().is_some_and(|c| c.is_ascii_digit());
        let word_start = comment[..at].chars().next_back().is_none_or(|c| !c.is_ascii_alphanumeric());
        if number && word_start && !comment[..at].ends_with('§') {
            out.push(format!("a quirk number without its docs/ page: {comment:?}"));
        }
    }
    out
}

fn repo_file(rel: &str) -> Option<String> {
    let p = root().join(rel);
    if p.is_file() { fs::read_to_string(p).ok() } else { None }
}

#[test]
fn comments_cite_hadoop_or_this_repository() {
    let mut found = Vec::new();
    let mut sources = Vec::new();
    for dir in ["src", "tests", "benches", "fuzz"] {
        files(&root().join(dir), "rs", &mut sources);
    }
    assert!(sources.len() > 100, "{} sources", sources.len());
    for f in sources {
        let text = fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            if let Some(c) = comment_of(line) {
                for p in problems(c, &repo_file) {
                    found.push(format!("{}:{}: {p}", f.strip_prefix(root()).unwrap().display(), n + 1));
                }
            }
        }
    }
    assert!(found.is_empty(), "comments a reader cannot follow:\n{}", found.join("\n"));
}

#[test]
fn the_comment_check_catches_what_it_should() {
    let page = "# Fair\n\n## F9. Pools named in the file\n\n## Job fields (in `jobs`)\n";
    let read = |p: &str| (p == "docs/hadoop/fair.md").then(|| page.to_string());
    let ok = |c: &str| problems(c, &read).is_empty();
    assert!(ok("// pools not named keep theirs (`docs/hadoop/fair.md` §F9)."));
    assert!(ok("// see docs/hadoop/fair.md § \"Job fields (in `jobs`)\""));
    assert!(ok(
        "/// `FairScheduler.update()` (`src/contrib/fairscheduler/src/java/org/apache/hadoop/mapred/FairScheduler.java`)."
    ));
    assert!(ok("/// the variant spec of a column"));
    assert!(!ok("/// `update()` (spec §2)."));
    assert!(!ok("/// the rack delay (spec 7.3)"));
    assert!(!ok("// (`docs/hadoop/fair.md` §F10)"), "a heading the page lacks");
    assert!(!ok("// (`docs/hadoop/gone.md` §F9)"), "a page that does not exist");
    assert!(!ok("// RFC 4648 §5"), "a section sign must follow a docs/ path");
    assert!(!ok("// stop at maxSlots (quirk Q5)."));
    assert!(!ok("// Q5: stop at maxSlots"));
    assert!(!ok("//! as specified in `fair-spec.md`"));
    assert!(!ok("// (`capacity-tests.md` §0.6)"));
    assert!(!ok("// see shared/notes/anchors.md"));
    assert!(!ok("// as the fair-spec says"));
    assert!(ok("// a scheduler-specific step"));
    assert!(ok("// `cargo test --tests` runs them"));
    assert!(!ok("// a float32 running sum (errata 1)"));
    assert!(exists("docs/hadoop/fair.md") && exists("tests/scenarios/fifo/a1*.json") && !exists("src/no_such.rs"));
    assert_eq!(expand("tests/{a,b}.rs"), ["tests/a.rs", "tests/b.rs"]);
    assert_eq!(comment_of(r#"let u = "https://example.org"; // note"#), Some("// note"));
    assert_eq!(comment_of(r#"let u = "a \" // b";"#), None);
}

/// The pages `docs/hadoop/` lists for each scheduler exist and cite the tests that check each
/// quirk: every `tests/...` or `src/...` path they name exists.
#[test]
fn the_hadoop_pages_name_existing_tests() {
    for page in ["fifo", "fair", "capacity"] {
        let rel = format!("docs/hadoop/{page}.md");
        let text = repo_file(&rel).unwrap_or_else(|| panic!("{rel} is missing"));
        let quirks = headings(&text).iter().filter(|h| quirk_id(h).is_some()).count();
        assert!(quirks >= 3, "{rel}: {quirks} quirks");
        for p in backticked_paths(&text) {
            // Hadoop's own sources (`src/mapred/...`, `src/contrib/...`) are not this repository's.
            let hadoop =
                p.contains("org/apache/hadoop") || p.starts_with("src/mapred/") || p.starts_with("src/contrib/");
            if !hadoop && (p.starts_with("tests/") || p.starts_with("src/") || p.starts_with("scenarios/")) {
                assert!(exists(&p), "{rel} names {p}, which does not exist");
            }
        }
    }
}

/// The id of a quirk heading: `F9. Pools named in the file` → `F9`.
fn quirk_id(heading: &str) -> Option<&str> {
    let (id, _) = heading.split_once(". ")?;
    let mut c = id.chars();
    (c.next()?.is_ascii_uppercase() && !id[1..].is_empty() && id[1..].chars().all(|x| x.is_ascii_digit())).then_some(id)
}

/// Backticked words of a Markdown text that look like paths of files or folders.
fn backticked_paths(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for (i, part) in text.split('`').enumerate() {
        let looks_like_path = part.contains('/')
            || [".rs", ".md", ".json", ".css", ".mjs", ".sh", ".toml", ".html", ".js", ".xml"]
                .iter()
                .any(|e| part.ends_with(e));
        let plain = part.chars().all(|c| c.is_ascii_alphanumeric() || "_.-/{},*".contains(c));
        if i % 2 == 1 && looks_like_path && plain && !part.is_empty() {
            out.push(part.to_string());
        }
    }
    out
}

/// `a{b,c}d` → `abd`, `acd` (one brace group, as ARCHITECTURE.md writes them).
fn expand(p: &str) -> Vec<String> {
    match (p.find('{'), p.find('}')) {
        (Some(a), Some(b)) if a < b => {
            p[a + 1..b].split(',').map(|x| format!("{}{x}{}", &p[..a], &p[b + 1..])).collect()
        }
        _ => vec![p.to_string()],
    }
}

/// Whether `p` (relative to the repository, a trailing `/` for a folder, `*` within one name)
/// exists.
fn exists(p: &str) -> bool {
    let Some((dir, name)) = p.trim_end_matches('/').rsplit_once('/').or(Some(("", p.trim_end_matches('/')))) else {
        return false;
    };
    if let Some((pre, post)) = name.split_once('*') {
        let Ok(entries) = fs::read_dir(root().join(dir)) else { return false };
        return entries.flatten().any(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            n.starts_with(pre) && n.ends_with(post) && n.len() >= pre.len() + post.len()
        });
    }
    root().join(p).exists()
}

/// Every file of the repository (relative paths), folders with a trailing `/`.
fn all_paths() -> Vec<String> {
    let mut out = Vec::new();
    fn walk(dir: &Path, out: &mut Vec<String>) {
        let Ok(entries) = fs::read_dir(dir) else { return };
        for e in entries.flatten() {
            let p = e.path();
            let name = e.file_name();
            if name == "target" || name == "node_modules" || name == ".git" || name == "dist" {
                continue;
            }
            let rel = p.strip_prefix(root()).unwrap().to_string_lossy().into_owned();
            if p.is_dir() {
                out.push(format!("{rel}/"));
                walk(&p, out);
            } else {
                out.push(rel);
            }
        }
    }
    walk(&root(), &mut out);
    out
}

/// Names ARCHITECTURE.md gives that are not paths of this repository: the build's output and
/// the file names of Hadoop's (and Spark's) own configuration.
const NOT_IN_THE_REPOSITORY: &[&str] =
    &["dist/", "capacity-scheduler.xml", "mapred-site.xml", "fair-scheduler.xml", "fairscheduler.xml"];

#[test]
fn every_path_in_architecture_exists() {
    let text = repo_file("ARCHITECTURE.md").unwrap();
    let paths = all_paths();
    let mut section: Vec<String> = Vec::new();
    let mut missing = Vec::new();
    let mut checked = 0;
    for line in text.lines() {
        if line.starts_with('#') {
            // A heading naming folders (`src/model/`, `tests/`) is where its bare file names live.
            section = backticked_paths(line).into_iter().filter(|p| p.ends_with('/')).collect();
            continue;
        }
        let beside: Vec<String> = backticked_paths(line)
            .iter()
            .filter_map(|p| p.rsplit_once('/').map(|(d, _)| format!("{d}/")))
            .filter(|d| exists(d))
            .collect();
        for named in backticked_paths(line) {
            if NOT_IN_THE_REPOSITORY.iter().any(|x| named.starts_with(x)) {
                continue;
            }
            for p in expand(&named) {
                checked += 1;
                let direct =
                    exists(&p) || exists(&format!("src/{p}")) || beside.iter().any(|d| exists(&format!("{d}{p}")));
                let within = |path: &String| section.is_empty() || section.iter().any(|s| path.starts_with(s.as_str()));
                let glob = p.contains('*');
                let nearby = !glob && paths.iter().any(|x| (x == &p || x.ends_with(&format!("/{p}"))) && within(x));
                let nearby_glob = glob
                    && section
                        .iter()
                        .chain([&String::new()])
                        .any(|s| exists(&format!("{s}{p}")) || exists(&format!("tests/{p}")));
                if !(direct || nearby || nearby_glob) {
                    missing.push(format!("{named} (in: {line:.80})"));
                }
            }
        }
    }
    assert!(checked > 150, "{checked} paths checked");
    assert!(missing.is_empty(), "ARCHITECTURE.md names paths that do not exist:\n{}", missing.join("\n"));
}
