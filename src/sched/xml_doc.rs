//! Hadoop's XML files (`capacity-scheduler.xml`, `mapred-site.xml`, the Fair Scheduler's
//! allocation file) read with `roxmltree`, every position given as `line L, column C`.

/// The document, or `line L, column C: malformed XML: ...`.
pub fn parse(text: &str) -> Result<roxmltree::Document<'_>, String> {
    roxmltree::Document::parse(text).map_err(|e| {
        let p = e.pos();
        format!("line {}, column {}: malformed XML: {e}", p.row, p.col)
    })
}

/// Where a node starts: `line L, column C`.
pub fn at(doc: &roxmltree::Document, n: roxmltree::Node) -> String {
    let p = doc.text_pos_at(n.range().start);
    format!("line {}, column {}", p.row, p.col)
}
