//! History's spaced checkpoints, placed by replay cost (`cost.rs`, counted in job visits):
//! the start, then one at every heartbeat at which the run's cumulative cost reaches a multiple
//! of `spacing` (`CHECKPOINT_VISITS` at first). So between two checkpoints the heartbeats
//! before the second cost less than `spacing`, and replaying from a checkpoint to any heartbeat
//! up to the next costs less than `spacing` plus that heartbeat's own cost: the bound behind
//! every back-step and jump. They are thinned (the spacing doubled, keeping exactly those
//! checkpoints the doubled spacing would have placed, so the result does not depend on when
//! thinning happened) to stay within a count and a budget of their measured memory; the bound
//! doubles with the spacing.
//!
//! Thinning a long run on a big cluster drops hundreds of checkpoints and would have to
//! measure every remaining pair again; done at once, that is a pause of a tenth of a second.
//! So the work is spread: dropped checkpoints are freed a few per heartbeat (`retired`), and
//! a merged pair's memory is first taken as the sum of the two (an upper bound, `exact`
//! false), then measured again a few per new checkpoint. The budget is only checked once
//! every figure is measured, so the bounds never cause a second thinning.

use super::super::Engine;

/// Replay cost between checkpoints at first, in job visits: about 16 heartbeats of a small
/// cluster. The spacing doubles when the checkpoints would not fit in their count or budget;
/// on the 4,000-node bench runs it ends at most at `TARGET_VISITS`.
pub const CHECKPOINT_VISITS: u64 = 1 << 10;
/// The replay bound history is sized for: at 4,000 nodes and 100,000 tasks every scheduler's
/// checkpoints fit in the budget at this spacing (`schedscope bench --history`).
pub const TARGET_VISITS: u64 = 1 << 17;
/// At most this many spaced checkpoints (the start included)...
pub const MAX_CHECKPOINTS: usize = 512;
/// ... and fewer when they are big: their measured memory stays under this budget (spacing
/// never doubles below `MIN_CHECKPOINTS`).
pub const CHECKPOINT_BUDGET_BYTES: usize = 320 << 20;
pub const MIN_CHECKPOINTS: usize = 6;
/// Merged figures measured again per new checkpoint.
const REMEASURE_PER_CHECKPOINT: usize = 8;
/// Dropped checkpoints freed per heartbeat computed.
const FREE_PER_HEARTBEAT: usize = 2;

#[derive(Debug, Clone)]
pub struct Checkpoints {
    /// In heartbeat order: `engines[0]` is the start, each other one sits at the heartbeat at
    /// which the cumulative cost reached a multiple of `spacing`.
    engines: Vec<Engine>,
    /// `cost[i]`: the cumulative cost before and at `engines[i]`'s heartbeat.
    cost: Vec<(u64, u64)>,
    /// `bytes[i]`: the memory `engines[i]` holds that `engines[i + 1]` does not share (0 for
    /// the last, until the next is taken); an upper bound while `exact[i]` is false.
    bytes: Vec<usize>,
    exact: Vec<bool>,
    /// Dropped by thinning, not yet freed.
    retired: Vec<Engine>,
    /// Replay cost between checkpoints, in job visits.
    spacing: u64,
    budget: usize,
    /// The cumulative cost of the heartbeats computed so far.
    total: u64,
    /// The largest cost of one heartbeat so far.
    max_heartbeat: u64,
}

impl Checkpoints {
    pub fn new(start: Engine) -> Checkpoints {
        Checkpoints {
            engines: vec![start],
            cost: vec![(0, 0)],
            bytes: vec![0],
            exact: vec![true],
            retired: Vec::new(),
            spacing: CHECKPOINT_VISITS,
            budget: CHECKPOINT_BUDGET_BYTES,
            total: 0,
            max_heartbeat: 0,
        }
    }

    /// The replay cost between checkpoints now, in job visits.
    pub fn spacing(&self) -> u64 {
        self.spacing
    }

    /// The bound on any replay from the nearest checkpoint: less than `spacing` before the
    /// target heartbeat, plus the target's own cost (at most the largest seen so far).
    pub fn replay_bound(&self) -> u64 {
        self.spacing + self.max_heartbeat
    }

    /// The cumulative cost of the heartbeats computed so far.
    pub fn total_cost(&self) -> u64 {
        self.total
    }

    pub fn set_budget(&mut self, bytes: usize) {
        self.budget = bytes;
    }

    /// Place checkpoints every `visits` of replay cost instead (from the start of a run).
    pub fn set_spacing(&mut self, visits: u64) {
        self.spacing = visits.max(1);
    }

    pub fn len(&self) -> usize {
        self.engines.len()
    }

    pub fn start(&self) -> &Engine {
        &self.engines[0]
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &Engine> + Clone {
        self.engines.iter()
    }

    /// The latest checkpoint at or before `hb`.
    pub fn at_most(&self, hb: u64) -> &Engine {
        self.engines.iter().rev().find(|c| c.hb <= hb).unwrap_or(&self.engines[0])
    }

    /// Their memory: measured, or an upper bound for pairs merged and not yet measured again.
    pub fn memory(&self) -> usize {
        self.bytes.iter().sum()
    }

    /// `engine` has just computed a heartbeat at the frontier, of replay cost `cost`: free a
    /// few retired checkpoints, and take a checkpoint if one is due (thinning if there are then
    /// too many).
    pub fn on_frontier(&mut self, engine: &Engine, cost: u64) {
        for _ in 0..FREE_PER_HEARTBEAT {
            self.retired.pop();
        }
        let before = self.total;
        self.total += cost;
        self.max_heartbeat = self.max_heartbeat.max(cost);
        let last = self.engines.last().map(|c| c.hb).unwrap_or(0);
        if !crosses(before, self.total, self.spacing) || engine.hb <= last {
            return;
        }
        let n = self.engines.len();
        self.bytes[n - 1] = self.engines[n - 1].bytes_not_shared_with(engine);
        self.exact[n - 1] = true;
        self.engines.push(engine.clone());
        self.cost.push((before, self.total));
        self.bytes.push(0);
        self.exact.push(true);
        self.remeasure(REMEASURE_PER_CHECKPOINT);
        while self.engines.len() > MAX_CHECKPOINTS {
            self.thin();
        }
        if self.engines.len() > MIN_CHECKPOINTS && self.exact.iter().all(|&e| e) && self.memory() > self.budget {
            self.thin();
        }
    }

    /// Measure every merged pair again and free every retired checkpoint (for measurement).
    pub fn settle(&mut self) {
        self.remeasure(usize::MAX);
        self.retired.clear();
    }

    /// Measure up to `n` merged pairs again.
    fn remeasure(&mut self, n: usize) {
        let mut left = n;
        for i in 0..self.engines.len().saturating_sub(1) {
            if left == 0 {
                break;
            }
            if !self.exact[i] {
                self.bytes[i] = self.engines[i].bytes_not_shared_with(&self.engines[i + 1]);
                self.exact[i] = true;
                left -= 1;
            }
        }
    }

    /// Double the spacing: keep the start and the checkpoints whose heartbeat crossed a
    /// multiple of the new spacing (every one of them is a checkpoint already, since a
    /// multiple of the new spacing is one of the old). A kept checkpoint whose successor goes
    /// is charged both figures until measured again.
    fn thin(&mut self) {
        self.spacing *= 2;
        let spacing = self.spacing;
        let engines = std::mem::take(&mut self.engines);
        let (bytes, exact) = (std::mem::take(&mut self.bytes), std::mem::take(&mut self.exact));
        let cost = std::mem::take(&mut self.cost);
        for (((e, b), x), c) in engines.into_iter().zip(bytes).zip(exact).zip(cost) {
            if e.hb == 0 || crosses(c.0, c.1, spacing) {
                self.engines.push(e);
                self.cost.push(c);
                self.bytes.push(b);
                self.exact.push(x);
            } else {
                let last = self.bytes.len() - 1;
                self.bytes[last] += b;
                self.exact[last] = false;
                self.retired.push(e);
            }
        }
        // The last one's figure waits for the next checkpoint.
        let last = self.bytes.len() - 1;
        self.bytes[last] = 0;
        self.exact[last] = true;
    }
}

/// Whether the cumulative cost going from `before` to `after` reaches a multiple of `spacing`.
fn crosses(before: u64, after: u64, spacing: u64) -> bool {
    before / spacing < after / spacing
}
