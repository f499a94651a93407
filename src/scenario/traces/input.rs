//! Reading a trace without holding it whole: a reader that stops at the size cap, the format
//! guessed from the first byte, and Rumen's JSON documents handed over one at a time (a stream
//! of job objects, or one top-level array of them).

use serde_json::Value;
use std::cell::Cell;
use std::io::{BufRead, Read};
use std::rc::Rc;

/// A reader that fails once more than `cap` bytes were asked of it; `over` tells afterwards.
pub struct Capped<R> {
    inner: R,
    left: u64,
    pub over: Rc<Cell<bool>>,
}

impl<R> Capped<R> {
    pub fn new(inner: R, cap: usize) -> Capped<R> {
        Capped { inner, left: cap as u64, over: Rc::new(Cell::new(false)) }
    }
}

impl<R: Read> Read for Capped<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.left == 0 {
            // One byte more than allowed means the trace is too big.
            let mut probe = [0u8; 1];
            return match self.inner.read(&mut probe)? {
                0 => Ok(0),
                _ => {
                    self.over.set(true);
                    Err(std::io::Error::other("the trace is larger than the size cap"))
                }
            };
        }
        let n = buf.len().min(self.left.min(usize::MAX as u64) as usize);
        let got = self.inner.read(&mut buf[..n])?;
        self.left -= got as u64;
        Ok(got)
    }
}

impl<R: BufRead> BufRead for Capped<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.left == 0 {
            let over = !self.inner.fill_buf()?.is_empty();
            if over {
                self.over.set(true);
                return Err(std::io::Error::other("the trace is larger than the size cap"));
            }
            return Ok(&[]);
        }
        let left = self.left;
        let buf = self.inner.fill_buf()?;
        Ok(&buf[..buf.len().min(left.min(usize::MAX as u64) as usize)])
    }
    fn consume(&mut self, amt: usize) {
        self.left -= amt as u64;
        self.inner.consume(amt);
    }
}

/// The first byte that is not white space (and not a UTF-8 byte-order mark), without
/// consuming anything but that leading space.
pub fn first_byte<R: BufRead>(r: &mut R) -> std::io::Result<Option<u8>> {
    loop {
        let buf = r.fill_buf()?;
        if buf.is_empty() {
            return Ok(None);
        }
        let skip = if buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
            3
        } else {
            buf.iter().take_while(|b| b.is_ascii_whitespace()).count()
        };
        if skip == 0 {
            return Ok(Some(buf[0]));
        }
        r.consume(skip);
    }
}

/// Where a document starts in the stream (1-based line and column), to place its errors.
#[derive(Clone, Copy)]
struct Start {
    line: usize,
    column: usize,
}

/// A JSON error inside a document, placed in the whole stream.
pub struct DocError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

fn placed(e: &serde_json::Error, at: Start) -> DocError {
    let column = if e.line() <= 1 { e.column() + at.column - 1 } else { e.column() };
    DocError { line: at.line + e.line().max(1) - 1, column, message: format!("invalid JSON: {e}") }
}

/// Reads bytes one buffer at a time, keeping the position (line, column) for errors.
struct Scanner<R> {
    r: R,
    line: usize,
    column: usize,
}

impl<R: BufRead> Scanner<R> {
    fn peek(&mut self) -> std::io::Result<Option<u8>> {
        Ok(self.r.fill_buf()?.first().copied())
    }
    fn bump(&mut self, b: u8) {
        self.r.consume(1);
        if b == b'\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
    }
    fn skip_space(&mut self) -> std::io::Result<Option<u8>> {
        while let Some(b) = self.peek()? {
            if !b.is_ascii_whitespace() {
                return Ok(Some(b));
            }
            self.bump(b);
        }
        Ok(None)
    }
    /// One JSON value's bytes: an object or array up to its closing bracket (strings and
    /// escapes respected), anything else up to the next delimiter. At the end of input, what
    /// was read (the parser then says what is missing). Works a buffer at a time.
    fn value(&mut self, out: &mut Vec<u8>) -> std::io::Result<()> {
        let (mut depth, mut in_str, mut escaped) = (0usize, false, false);
        loop {
            let buf = self.r.fill_buf()?;
            if buf.is_empty() {
                return Ok(());
            }
            let mut done = None;
            for (k, &b) in buf.iter().enumerate() {
                if in_str {
                    match (escaped, b) {
                        (true, _) => escaped = false,
                        (false, b'\\') => escaped = true,
                        (false, b'"') => in_str = false,
                        _ => {}
                    }
                    continue;
                }
                let first = out.is_empty() && k == 0;
                match b {
                    b',' | b']' | b'}' | b' ' | b'\t' | b'\r' | b'\n' if depth == 0 && !first => {
                        done = Some(k);
                        break;
                    }
                    b'"' => in_str = true,
                    b'{' | b'[' => depth += 1,
                    b'}' | b']' => {
                        depth = depth.saturating_sub(1);
                        if depth == 0 {
                            done = Some(k + 1);
                            break;
                        }
                    }
                    _ => {}
                }
            }
            let take = done.unwrap_or(buf.len());
            out.extend_from_slice(&buf[..take]);
            for &b in &buf[..take] {
                if b == b'\n' {
                    self.line += 1;
                    self.column = 1;
                } else {
                    self.column += 1;
                }
            }
            self.r.consume(take);
            if done.is_some() {
                return Ok(());
            }
        }
    }
}

/// Call `f` with each JSON document of the stream (or each element of a top-level array), in
/// order, one at a time: only one job's bytes and JSON are held at once. Returns the number of
/// documents, or the first JSON error placed in the whole stream (line, column).
pub fn each_document<R: BufRead>(
    r: R,
    array: bool,
    f: &mut dyn FnMut(usize, Value),
) -> Result<Result<usize, DocError>, std::io::Error> {
    let mut sc = Scanner { r, line: 1, column: 1 };
    let mut buf = Vec::new();
    let mut n = 0;
    let unexpected =
        |sc: &Scanner<R>, what: &str| DocError { line: sc.line, column: sc.column, message: what.to_string() };
    if array {
        sc.skip_space()?;
        sc.bump(b'[');
    }
    loop {
        let next = sc.skip_space()?;
        match (array, next) {
            (false, None) => return Ok(Ok(n)),
            (true, None) => {
                return Ok(Err(unexpected(&sc, "invalid JSON: EOF while parsing a list, expected `,` or `]`")));
            }
            (true, Some(b']')) if n == 0 => {
                sc.bump(b']');
                break;
            }
            _ => {}
        }
        let at = Start { line: sc.line, column: sc.column };
        buf.clear();
        sc.value(&mut buf)?;
        // Each key once, as in scenario JSON: a plain reader would keep the last value silently.
        match crate::input::strict::from_slice_unique(&buf) {
            Ok(v) => f(n, v),
            Err((Some((obj, key)), e)) => {
                let mut d = placed(&e, at);
                let inner = crate::input::json::child(&obj, &key);
                let at = match array {
                    true => inner.replacen('$', &format!("$[{n}]"), 1),
                    false => format!("{inner} of document {}", n + 1),
                };
                d.message = format!("the key {key:?} appears twice in job {} (at {at}); expected each key once", n + 1);
                return Ok(Err(d));
            }
            Err((None, e)) => return Ok(Err(placed(&e, at))),
        }
        n += 1;
        if array {
            match sc.skip_space()? {
                Some(b',') => sc.bump(b','),
                Some(b']') => {
                    sc.bump(b']');
                    break;
                }
                Some(_) => return Ok(Err(unexpected(&sc, "invalid JSON: expected `,` or `]` after a list element"))),
                None => return Ok(Err(unexpected(&sc, "invalid JSON: EOF while parsing a list, expected `,` or `]`"))),
            }
        }
    }
    match sc.skip_space()? {
        None => Ok(Ok(n)),
        Some(_) => Ok(Err(unexpected(&sc, "invalid JSON: trailing characters after the list"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn docs(text: &str, array: bool) -> Result<Vec<Value>, (usize, usize, String)> {
        let mut out = Vec::new();
        match each_document(text.as_bytes(), array, &mut |_, v| out.push(v)).unwrap() {
            Ok(n) => {
                assert_eq!(n, out.len());
                Ok(out)
            }
            Err(e) => Err((e.line, e.column, e.message)),
        }
    }

    #[test]
    fn documents_are_split_where_json_says() {
        // Brackets and escaped quotes inside strings do not end a document.
        let t = "{\"a\": \"}{\\\"]\"}\n  {\"b\": [1, {\"c\": 2}]} 7 \"x\"";
        assert_eq!(docs(t, false).unwrap().len(), 4);
        assert_eq!(docs("[{\"a\": 1}, {\"b\": \"]\"} ,3]", true).unwrap().len(), 3);
        assert_eq!(docs("[ ]", true).unwrap().len(), 0);
        assert_eq!(docs("", false).unwrap().len(), 0);
    }

    #[test]
    fn errors_are_placed_in_the_whole_stream() {
        // The second document breaks on its second line, at the `}` in column 8.
        let (line, col, msg) = docs("{\"a\": 1}\n{\"b\":\n  [1, 2}}", false).unwrap_err();
        assert_eq!((line, col), (3, 8), "{msg}");
        assert!(msg.starts_with("invalid JSON: "), "{msg}");
        // On the document's first line the column counts from the line's start.
        let (line, col, _) = docs("{\"a\": 1}   {\"b\": x}", false).unwrap_err();
        assert_eq!((line, col), (1, 18));
        let (line, col, msg) = docs("[{\"a\": 1} {\"b\": 2}]", true).unwrap_err();
        assert_eq!((line, col, msg.as_str()), (1, 11, "invalid JSON: expected `,` or `]` after a list element"));
        assert_eq!(
            docs("[{\"a\": 1}", true).unwrap_err().2,
            "invalid JSON: EOF while parsing a list, expected `,` or `]`"
        );
        assert_eq!(docs("[1] 2", true).unwrap_err().2, "invalid JSON: trailing characters after the list");
        assert!(docs("{\"a\": ", false).unwrap_err().2.contains("EOF while parsing"));
    }

    #[test]
    fn the_cap_stops_reading() {
        let mut r = Capped::new(std::io::BufReader::new(std::io::repeat(b' ')), 100);
        let over = r.over.clone();
        assert!(first_byte(&mut r).is_err());
        assert!(over.get());
        let mut r = Capped::new(&b"  \xEF\xBB\xBF{}"[..], 100);
        assert_eq!(first_byte(&mut r).unwrap(), Some(b'{'));
    }
}
