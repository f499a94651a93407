//! Find where a scenario error's JSON path (`$.jobs[1].priority`, `$.topology["/rack1"][0]`,
//! or a syntax error's `line 3, column 7`) sits in the scenario text, so the page's editor
//! can put the message next to the offending line and select the value.
//!
//! A small scanner over the text, tolerant of anything: when the path goes further than the
//! text (a missing field), the deepest part that exists is returned.

/// A byte range of the text and its 1-based line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
    pub line: usize,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Seg {
    Key(String),
    Index(usize),
}

fn parse_path(path: &str) -> Option<Vec<Seg>> {
    let mut rest = path.strip_prefix('$')?;
    let mut out = Vec::new();
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('.') {
            let n = r.find(['.', '[']).unwrap_or(r.len());
            out.push(Seg::Key(r[..n].to_string()));
            rest = &r[n..];
        } else if let Some(r) = rest.strip_prefix("[\"") {
            // A Rust-debug-quoted key: read up to the closing unescaped quote.
            let mut key = String::new();
            let mut chars = r.char_indices();
            let mut end = None;
            while let Some((i, c)) = chars.next() {
                match c {
                    '\\' => key.push(chars.next()?.1),
                    '"' => {
                        end = Some(i);
                        break;
                    }
                    c => key.push(c),
                }
            }
            rest = r.get(end? + 1..)?.strip_prefix(']')?;
            out.push(Seg::Key(key));
        } else if let Some(r) = rest.strip_prefix('[') {
            let n = r.find(']')?;
            out.push(Seg::Index(r[..n].parse().ok()?));
            rest = &r[n + 1..];
        } else {
            return None;
        }
    }
    Some(out)
}

struct Scan<'a> {
    b: &'a [u8],
}

impl Scan<'_> {
    fn ws(&self, mut i: usize) -> usize {
        while i < self.b.len() && self.b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    }

    /// End of the string starting at `i` (a `"`), after the closing quote.
    fn string_end(&self, mut i: usize) -> usize {
        i += 1;
        while i < self.b.len() {
            match self.b[i] {
                b'\\' => i += 2,
                b'"' => return i + 1,
                _ => i += 1,
            }
        }
        self.b.len()
    }

    /// End of the value starting at `i`.
    fn value_end(&self, i: usize) -> usize {
        match self.b.get(i) {
            Some(b'"') => self.string_end(i),
            Some(b'{') | Some(b'[') => {
                let mut depth = 0usize;
                let mut j = i;
                while j < self.b.len() {
                    match self.b[j] {
                        b'"' => {
                            j = self.string_end(j);
                            continue;
                        }
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => {
                            depth -= 1;
                            if depth == 0 {
                                return j + 1;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                self.b.len()
            }
            _ => {
                let mut j = i;
                while j < self.b.len() && !matches!(self.b[j], b',' | b'}' | b']') && !self.b[j].is_ascii_whitespace() {
                    j += 1;
                }
                j
            }
        }
    }

    /// Start of member `seg` inside the container value at `i` (its value, or the key for
    /// objects when `key_only`).
    fn child(&self, i: usize, seg: &Seg) -> Option<(usize, usize)> {
        let open = *self.b.get(i)?;
        let mut j = self.ws(i + 1);
        let mut n = 0usize;
        loop {
            match (open, self.b.get(j)?) {
                (_, b'}') | (_, b']') => return None,
                (b'{', b'"') => {
                    let key_end = self.string_end(j);
                    let key: Option<String> = serde_json::from_slice(&self.b[j..key_end]).ok();
                    let colon = self.ws(key_end);
                    if self.b.get(colon) != Some(&b':') {
                        return None;
                    }
                    let v = self.ws(colon + 1);
                    if matches!(seg, Seg::Key(k) if Some(k) == key.as_ref()) {
                        return Some((j, v));
                    }
                    j = self.value_end(v);
                }
                (b'[', _) => {
                    if *seg == Seg::Index(n) {
                        return Some((j, j));
                    }
                    j = self.value_end(j);
                    n += 1;
                }
                _ => return None,
            }
            j = self.ws(j);
            match self.b.get(j)? {
                b',' => j = self.ws(j + 1),
                _ => return None,
            }
        }
    }
}

fn line_of(text: &str, offset: usize) -> usize {
    text.as_bytes()[..offset.min(text.len())].iter().filter(|&&c| c == b'\n').count() + 1
}

/// Where `path` points in `text`; `None` if the path cannot be read at all.
pub fn locate(text: &str, path: &str) -> Option<Span> {
    if let Some(rest) = path.strip_prefix("line ") {
        // serde_json's syntax errors: "line L, column C" (both 1-based).
        let (l, c) = rest.split_once(", column ")?;
        let (l, c): (usize, usize) = (l.parse().ok()?, c.parse().ok()?);
        let line_start: usize = text.split_inclusive('\n').take(l.saturating_sub(1)).map(str::len).sum();
        let mut start = (line_start + c.saturating_sub(1)).min(text.len());
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let end = text[start..].find('\n').map_or(text.len(), |n| start + n).max(start);
        return Some(Span { start, end, line: line_of(text, start) });
    }
    let segs = parse_path(path)?;
    let scan = Scan { b: text.as_bytes() };
    let mut at = scan.ws(0);
    if at >= text.len() {
        return Some(Span { start: 0, end: 0, line: 1 });
    }
    let mut span_start = at;
    for seg in &segs {
        match scan.child(at, seg) {
            Some((key_start, value_start)) => {
                span_start = key_start;
                at = value_start;
            }
            None => break,
        }
    }
    let end = scan.value_end(at).min(text.len());
    // For a big container, select only up to its first line.
    let end = text[span_start..end].find('\n').map_or(end, |n| span_start + n);
    Some(Span { start: span_start, end, line: line_of(text, span_start) })
}

/// `text` with the top-level field `key` set to `value` (a JSON literal), keeping everything
/// else as written; the field is added after the opening brace when absent. `None` when the
/// text is not an object.
pub fn set_top_level(text: &str, key: &str, value: &str) -> Option<String> {
    let scan = Scan { b: text.as_bytes() };
    let open = scan.ws(0);
    if text.as_bytes().get(open) != Some(&b'{') {
        return None;
    }
    match scan.child(open, &Seg::Key(key.to_string())) {
        Some((_, v)) => {
            let end = scan.value_end(v);
            Some(format!("{}{}{}", &text[..v], value, &text[end..]))
        }
        None => {
            let key = serde_json::to_string(key).ok()?;
            let first = scan.ws(open + 1);
            let sep = if text.as_bytes().get(first) == Some(&b'}') { "" } else { "," };
            Some(format!("{}\n {key}: {value}{sep}{}", &text[..=open], &text[open + 1..]))
        }
    }
}

#[cfg(test)]
mod set_tests {
    use super::*;

    #[test]
    fn replaces_or_adds_the_field() {
        assert_eq!(
            set_top_level("{\"a\": 1, \"scheduler\": \"fifo\"}", "scheduler", "\"fair\"").unwrap(),
            "{\"a\": 1, \"scheduler\": \"fair\"}"
        );
        let added = set_top_level("{\"a\": {\"scheduler\": 1}}", "scheduler", "\"fair\"").unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&added).unwrap()["scheduler"], "fair");
        assert_eq!(serde_json::from_str::<serde_json::Value>(&added).unwrap()["a"]["scheduler"], 1);
        let empty = set_top_level(" {} ", "scheduler", "\"fifo\"").unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&empty).unwrap()["scheduler"], "fifo");
        assert_eq!(set_top_level("[1]", "scheduler", "1"), None);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "{\n  \"version\": 1,\n  \"topology\": {\"/rack1\": [\"h1\", \"h2\"]},\n  \"config\": {\"mapred.a.b\": 3},\n  \"jobs\": [\n    {\"id\": 1},\n    {\"id\": 2, \"priority\": \"URGENT\"}\n  ]\n}\n";

    fn at(path: &str) -> (usize, &'static str) {
        let s = locate(TEXT, path).unwrap();
        (s.line, &TEXT[s.start..s.end])
    }

    #[test]
    fn finds_keys_indexes_and_quoted_keys() {
        assert_eq!(at("$.jobs[1].priority"), (7, "\"priority\": \"URGENT\""));
        assert_eq!(at("$.version"), (2, "\"version\": 1"));
        assert_eq!(at("$.topology[\"/rack1\"][1]"), (3, "\"h2\""));
        assert_eq!(at("$.config[\"mapred.a.b\"]"), (4, "\"mapred.a.b\": 3"));
    }

    #[test]
    fn missing_parts_fall_back_to_the_deepest_existing_one() {
        assert_eq!(at("$.jobs[0].name").0, 6);
        assert_eq!(at("$.jobs[7]").0, 5);
        assert_eq!(at("$").0, 1);
    }

    #[test]
    fn syntax_error_positions() {
        let s = locate(TEXT, "line 6, column 5").unwrap();
        assert_eq!(s.line, 6);
        assert_eq!(&TEXT[s.start..s.end], "{\"id\": 1},");
        assert!(locate("", "line 9, column 9").is_some());
    }

    #[test]
    fn garbage_never_panics() {
        for text in ["", "{", "[1,", "{\"a\":", "\"unterminated", "{\"a\" 1}", "é{\"ü\":[{]}"] {
            for path in
                ["$", "$.a", "$[0]", "$.a[2].b", "$[\"x\\\"y\"]", "bogus", "line x, column 2", "line 99, column 99"]
            {
                let _ = locate(text, path);
            }
        }
        assert_eq!(
            parse_path("$.a[\"b\\\"c\"][3]"),
            Some(vec![Seg::Key("a".into()), Seg::Key("b\"c".into()), Seg::Index(3)])
        );
        assert_eq!(parse_path("x"), None);
    }
}
