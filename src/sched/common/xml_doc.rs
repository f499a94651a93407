//! Hadoop's XML files (`capacity-scheduler.xml`, `mapred-site.xml`, the Fair Scheduler's
//! allocation file) read with `roxmltree`, every position given as `line L, column C`.

use std::cell::Cell;

/// The document, or `line L, column C: malformed XML: ...`.
pub fn parse(text: &str) -> Result<roxmltree::Document<'_>, String> {
    roxmltree::Document::parse(text).map_err(|e| {
        let p = e.pos();
        format!("line {}, column {}: malformed XML: {e}", p.row, p.col)
    })
}

/// Positions of nodes as `line L, column C` (as `Document::text_pos_at` counts them: lines
/// from 1, columns in characters from 1). `text_pos_at` scans the text from its start on every
/// call, which is quadratic over a file's elements; this remembers where the last position
/// was, so a pass over the elements in document order scans the text once.
pub struct Locator<'a> {
    text: &'a str,
    /// Byte offset, line and column of the last position asked for.
    at: Cell<(usize, usize, usize)>,
}

impl<'a> Locator<'a> {
    pub fn new(doc: &roxmltree::Document<'a>) -> Locator<'a> {
        Locator { text: doc.input_text(), at: Cell::new((0, 1, 1)) }
    }

    /// Where a node starts: `line L, column C`.
    pub fn at(&self, n: roxmltree::Node) -> String {
        let (row, col) = self.pos(n.range().start);
        format!("line {row}, column {col}")
    }

    fn pos(&self, pos: usize) -> (usize, usize) {
        let pos = pos.min(self.text.len());
        let (mut from, mut row, mut col) = self.at.get();
        if pos < from {
            (from, row, col) = (0, 1, 1);
        }
        for (i, c) in self.text[from..].char_indices() {
            if from + i >= pos {
                break;
            }
            if c == '\n' {
                row += 1;
                col = 1;
            } else {
                col += 1;
            }
        }
        self.at.set((pos, row, col));
        (row, col)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_match_roxmltree_in_any_order() {
        let text = "<a>\n  <b/><c>é</c>\n<d/>\n  <e/></a>";
        let doc = roxmltree::Document::parse(text).unwrap();
        let loc = Locator::new(&doc);
        let nodes: Vec<roxmltree::Node> = doc.descendants().filter(|n| n.is_element()).collect();
        for n in nodes.iter().chain(nodes.iter().rev()) {
            let p = doc.text_pos_at(n.range().start);
            assert_eq!(loc.at(*n), format!("line {}, column {}", p.row, p.col));
        }
    }
}
