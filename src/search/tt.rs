//! The transposition table: a power-of-two array of single-entry buckets indexed by the Zobrist
//! hash, replacing by depth and age.

use crate::game::score;

/// How a stored score relates to the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The search returned exactly this score.
    Exact,
    /// The true score is at least this (a beta cutoff).
    Lower,
    /// The true score is at most this (every move failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The position's full Zobrist key (the index uses its low bits).
    pub key: u64,
    /// The best move found, tried first when the position comes again.
    pub best: Option<M>,
    /// Score, with proven results stored relative to this position (not the root).
    pub score: i32,
    /// Remaining depth of the search that produced it, in plies.
    pub depth: i16,
    /// Whether `score` is exact or a bound.
    pub bound: Bound,
    /// Whether `score` (as the bound it is) follows from finished games alone, no evaluation.
    pub proven: bool,
    age: u8,
}

/// A fixed-size transposition table. Its size is set in MiB at creation; the slot count is the
/// largest power of two that fits.
pub struct TranspositionTable<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
    age: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of at most `mib` MiB (at least one slot).
    pub fn new(mib: usize) -> Self {
        let entry_size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let wanted = (mib * 1024 * 1024 / entry_size).max(1);
        let slots = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            entries: vec![None; slots],
            mask: slots - 1,
            age: 0,
        }
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Option<Entry<M>>>()
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = None);
    }

    /// The entry for `key`, with its score made relative to a node `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        let mut e = self.entries[key as usize & self.mask].filter(|e| e.key == key)?;
        e.score = from_tt(e.score, ply);
        Some(e)
    }

    /// Stores a result for `key` found `ply` plies from the root (`proven`: see [`Entry`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        ply: u32,
        depth: i32,
        score: i32,
        bound: Bound,
        proven: bool,
        best: Option<M>,
    ) {
        let slot = &mut self.entries[key as usize & self.mask];
        let mut best = best;
        if let Some(old) = slot {
            if old.key != key && old.age == self.age && (old.depth as i32) > depth + 2 {
                return;
            }
            if old.key == key && best.is_none() {
                best = old.best;
            }
        }
        *slot = Some(Entry {
            key,
            best,
            score: to_tt(score, ply),
            depth: depth as i16,
            bound,
            proven,
            age: self.age,
        });
    }
}

/// A score relative to the root, `ply` plies up, as the table keeps it: relative to its position.
fn to_tt(s: i32, ply: u32) -> i32 {
    score::shift_proven(s, ply as i32)
}

fn from_tt(s: i32, ply: u32) -> i32 {
    score::shift_proven(s, -(ply as i32))
}
