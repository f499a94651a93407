//! History's spaced checkpoints: the start, then one every `spacing` heartbeats, thinned
//! (every other one dropped, the spacing doubled) to stay within a count and a budget of
//! their measured memory.
//!
//! Thinning a long run on a big cluster drops hundreds of checkpoints and would have to
//! measure every remaining pair again; done at once, that is a pause of a tenth of a second.
//! So the work is spread: dropped checkpoints are freed a few per heartbeat (`retired`), and
//! a merged pair's memory is first taken as the sum of the two (an upper bound, `exact`
//! false), then measured again a few per new checkpoint. The budget is only checked once
//! every figure is measured, so the bounds never cause a second thinning.

use super::super::Engine;

/// Heartbeats between checkpoints at first (the spacing doubles as the run grows).
pub const CHECKPOINT_EVERY: u64 = 16;
/// At most this many spaced checkpoints (the start included)...
pub const MAX_CHECKPOINTS: usize = 512;
/// ... and fewer when they are big: their measured memory stays under this budget (spacing
/// never doubles below `MIN_CHECKPOINTS`).
pub const CHECKPOINT_BUDGET_BYTES: usize = 256 << 20;
pub const MIN_CHECKPOINTS: usize = 6;
/// Merged figures measured again per new checkpoint.
const REMEASURE_PER_CHECKPOINT: usize = 8;
/// Dropped checkpoints freed per heartbeat computed.
const FREE_PER_HEARTBEAT: usize = 2;

#[derive(Debug, Clone)]
pub struct Checkpoints {
    /// In heartbeat order: `engines[0]` is the start, the others sit at multiples of `spacing`.
    engines: Vec<Engine>,
    /// `bytes[i]`: the memory `engines[i]` holds that `engines[i + 1]` does not share (0 for
    /// the last, until the next is taken); an upper bound while `exact[i]` is false.
    bytes: Vec<usize>,
    exact: Vec<bool>,
    /// Dropped by thinning, not yet freed.
    retired: Vec<Engine>,
    spacing: u64,
    budget: usize,
}

impl Checkpoints {
    pub fn new(start: Engine) -> Checkpoints {
        Checkpoints {
            engines: vec![start],
            bytes: vec![0],
            exact: vec![true],
            retired: Vec::new(),
            spacing: CHECKPOINT_EVERY,
            budget: CHECKPOINT_BUDGET_BYTES,
        }
    }

    pub fn set_budget(&mut self, bytes: usize) {
        self.budget = bytes;
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

    /// `engine` has just computed a heartbeat at the frontier: free a few retired checkpoints,
    /// and take a checkpoint if one is due (thinning if there are then too many).
    pub fn on_frontier(&mut self, engine: &Engine) {
        for _ in 0..FREE_PER_HEARTBEAT {
            self.retired.pop();
        }
        let last = self.engines.last().map(|c| c.hb).unwrap_or(0);
        if engine.hb % self.spacing != 0 || engine.hb <= last {
            return;
        }
        let n = self.engines.len();
        self.bytes[n - 1] = self.engines[n - 1].bytes_not_shared_with(engine);
        self.exact[n - 1] = true;
        self.engines.push(engine.clone());
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

    /// Double the spacing: keep the start and the checkpoints at multiples of the new spacing.
    /// A kept checkpoint whose successor goes is charged both figures until measured again.
    fn thin(&mut self) {
        self.spacing *= 2;
        let spacing = self.spacing;
        let engines = std::mem::take(&mut self.engines);
        let (bytes, exact) = (std::mem::take(&mut self.bytes), std::mem::take(&mut self.exact));
        for ((e, b), x) in engines.into_iter().zip(bytes).zip(exact) {
            if e.hb == 0 || e.hb % spacing == 0 {
                self.engines.push(e);
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
