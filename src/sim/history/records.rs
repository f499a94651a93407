//! History's window of heartbeat records: the records in memory, and any other recomputed on
//! a copy of the nearest checkpoint (`Simulation::record_at`, `for_each_record`).

use super::{RECORDS_KEPT, Simulation};
use crate::explain::HeartbeatRecord;

impl Simulation {
    /// The records in memory, in heartbeat order: `records()[i]` is heartbeat
    /// `records_start() + i + 1`. While the run has at most `RECORDS_KEPT` heartbeats this is
    /// every record computed so far (`records_start() == 0`); use `total_hbs_known` for the
    /// timeline's length and `record_at` / `for_each_record` for records outside the window.
    pub fn records(&self) -> &[HeartbeatRecord] {
        &self.records
    }

    /// Heartbeats before the first record of `records()`.
    pub fn records_start(&self) -> u64 {
        self.records_start
    }

    /// Whether `records()` holds every heartbeat computed so far.
    pub fn records_complete(&self) -> bool {
        self.records_start == 0 && self.records.len() as u64 == self.known
    }

    /// The record of heartbeat `hb` if it is in memory.
    pub fn record(&self, hb: u64) -> Option<&HeartbeatRecord> {
        if hb == self.engine.hb && hb > 0 {
            if let Some(c) = &self.current {
                return Some(c);
            }
        }
        let i = hb.checked_sub(self.records_start + 1)?;
        self.records.get(i as usize)
    }

    /// The record of heartbeat `hb` (1..=`total_hbs_known()`), recomputed from the nearest
    /// checkpoint when it is not in memory.
    pub fn record_at(&self, hb: u64) -> Option<HeartbeatRecord> {
        if let Some(r) = self.record(hb) {
            return Some(r.clone());
        }
        let mut out = None;
        self.for_each_record(hb, hb, |r| out = Some(r.clone()));
        out
    }

    /// Call `f` with the records of heartbeats `from..=to` (clamped to those computed), in
    /// order; records not in memory are recomputed on a copy of the nearest checkpoint, so this
    /// costs time rather than memory.
    pub fn for_each_record(&self, from: u64, to: u64, mut f: impl FnMut(&HeartbeatRecord)) {
        let to = to.min(self.known);
        let mut hb = from.max(1);
        while hb <= to {
            if let Some(r) = self.record(hb) {
                f(r);
                hb += 1;
                continue;
            }
            // Replay a copy from the nearest checkpoint before `hb`, until `to` or until the
            // records are in memory again.
            let mut e = self.base_at_most(hb - 1).clone();
            let mut progressed = false;
            while e.hb < to {
                let Some(rec) = e.next_heartbeat() else { break };
                if rec.hb == hb {
                    f(&rec);
                    hb += 1;
                    progressed = true;
                    if self.record(hb).is_some() {
                        break;
                    }
                }
            }
            if !progressed {
                break;
            }
        }
    }

    /// `rec`, the record of heartbeat `engine.hb`, becomes the current one: kept in the
    /// record window (which then holds it, so `current` is emptied).
    pub(super) fn keep_current(&mut self, rec: HeartbeatRecord) {
        self.current = None;
        let end = self.records_start + self.records.len() as u64;
        if rec.hb > self.records_start && rec.hb <= end {
            return;
        }
        if rec.hb != end + 1 {
            self.records.clear();
            self.records_start = rec.hb - 1;
        }
        if self.records.len() >= RECORDS_KEPT {
            let drop = RECORDS_KEPT / 4;
            self.records.drain(..drop);
            self.records_start += drop as u64;
        }
        self.records.push(rec);
    }
}
