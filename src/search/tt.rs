//! The transposition table: a power-of-two array of single-entry buckets indexed by the Zobrist
//! hash, replacing by depth and age. It is shared by the threads of a parallel search without
//! locks: a slot is three atomic words, the entry's data, its move and `key ^ data ^ move`, so a
//! read torn between two writers fails the key check and counts as a miss (Hyatt and Mann's
//! "lockless transposition table", 2002). One thread sees exactly what it stored.

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

use crate::game::{score, MoveBits};

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

/// One slot: `[key ^ data ^ move, data, move]`. `data` holds the score (bits 0..32), the depth
/// (32..48), the bound (48..50), `proven` (50), "occupied" (51) and the age (52..60); `move` holds
/// [`MoveBits::to_bits`] (0..32) and "has a move" (32). An empty slot is all zeros. Aligned to
/// 32 bytes, so no slot straddles two cache lines (with 24-byte slots a quarter did, and a probe
/// could miss twice); the slot count at a power-of-two size in MiB is the same either way.
#[derive(Default)]
#[repr(align(32))]
struct Slot([AtomicU64; 3]);

// SAFETY: an `AtomicU64` of zero bytes is zero, the default.
unsafe impl ZeroIsDefault for Slot {}

const OCCUPIED: u64 = 1 << 51;
const HAS_MOVE: u64 = 1 << 32;

/// Whether [`TranspositionTable::prefetch`] fetches anything on this target (x86-64; wasm has
/// no prefetch instruction).
pub(crate) const PREFETCHES: bool = cfg!(target_arch = "x86_64");

/// Asks the CPU to fetch the cache line holding `item` (x86-64's `prefetcht0`; nothing where
/// [`PREFETCHES`] is false). Only a hint: it never faults and changes no result.
#[inline(always)]
pub(crate) fn prefetch_line<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch never faults, and `item` is a live reference; SSE is part of every
        // x86-64 CPU.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// A type whose value with every byte zero is its default, so a table of it can be taken from
/// the allocator already zeroed ([`ZeroedTable`]).
///
/// # Safety
/// All-zero bytes must be a valid value of the type, equal to `T::default()`.
pub(crate) unsafe trait ZeroIsDefault: Default {}

/// A table of `len` default entries (a transposition table's slots, the Connect 4 solver's
/// buckets), aligned as its type asks. Its memory is taken from the allocator already zeroed
/// and is not written at creation: a large allocation is fresh pages, which the kernel maps only
/// when they are first touched. Writing every entry at creation (BoardLab until session 52; the
/// standard allocator also writes the zeros itself for a type aligned to more than 16 bytes, as
/// the slots are) took a Connect 4 bot up to a second before it read its first turn when four
/// bots started at once, time no clock in the bot could see. The bots write their tables at
/// their first turn instead, under its clock (`Agent::clear_tables`): left to the searches, the
/// pages met between two clock checks cost later 100 ms turns (README, "A bot's start").
///
/// On Linux the memory is advised to be backed by 2 MiB pages (transparent huge pages, whose
/// usual `madvise` mode waits for the advice): a search's probes land anywhere in tens of MiB,
/// and with 4 KiB pages most of them also miss the TLB. Stockfish allocates its table so. The
/// entries are the same either way; with the bots' 64 MiB table the bench runs 8 % faster for
/// Connect 4, 6 % for Yavalath and 2 % for Ataxx (README, "Huge pages for the tables").
pub(crate) struct ZeroedTable<T> {
    /// The first entry, aligned for `T` within the allocation.
    first: *mut T,
    len: usize,
    /// The allocation as made: its start and layout (8-byte aligned, so the allocator may hand
    /// out fresh zero pages without writing them, which it does not for larger alignments).
    start: *mut u8,
    layout: std::alloc::Layout,
}

impl<T: ZeroIsDefault> ZeroedTable<T> {
    /// `len` (at least 1) default entries. Panics only when the size overflows `usize`; an
    /// allocation failure aborts as `Vec`'s does.
    pub(crate) fn new(len: usize) -> Self {
        let len = len.max(1);
        // One entry more than asked for leaves room to align the first one.
        let layout = std::alloc::Layout::array::<T>(len + 1)
            .and_then(|a| std::alloc::Layout::from_size_align(a.size(), 8))
            .expect("a table that fits in memory");
        assert!(layout.size() > 0, "a table of a zero-sized type");
        // SAFETY: `layout`'s size is nonzero (checked above).
        let start = unsafe { std::alloc::alloc_zeroed(layout) };
        if start.is_null() {
            std::alloc::handle_alloc_error(layout);
        }
        let first = start.wrapping_add(start.align_offset(std::mem::align_of::<T>()));
        let mut table = ZeroedTable {
            first: first.cast(),
            len,
            start,
            layout,
        };
        advise_huge_pages(&mut table);
        table
    }
}

impl<T> std::ops::Deref for ZeroedTable<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `first` is aligned and followed by `len` entries within the allocation, zero
        // bytes (a default value by `ZeroIsDefault`) or written through `deref_mut`.
        unsafe { std::slice::from_raw_parts(self.first, self.len) }
    }
}

impl<T> std::ops::DerefMut for ZeroedTable<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` is the only access.
        unsafe { std::slice::from_raw_parts_mut(self.first, self.len) }
    }
}

impl<T> Drop for ZeroedTable<T> {
    fn drop(&mut self) {
        // The entries own nothing (they are plain words), so only the memory goes back.
        // SAFETY: `start` was allocated with `layout` and is freed once.
        unsafe { std::alloc::dealloc(self.start, self.layout) };
    }
}

// SAFETY: the table owns its entries as a `Box<[T]>` would.
unsafe impl<T: Send> Send for ZeroedTable<T> {}
// SAFETY: as above; shared access hands out only `&[T]`.
unsafe impl<T: Sync> Sync for ZeroedTable<T> {}

/// `madvise(MADV_HUGEPAGE)` on the whole 2 MiB pages within `table`'s allocation, before anything
/// is written to it (a page touched first is mapped small). Not in the CodinGame bundles, whose
/// servers' page settings are unknown and whose characters Connect 4's bundle has none to spare.
#[cfg(all(target_os = "linux", not(codingame_bundle)))]
fn advise_huge_pages<T>(table: &mut ZeroedTable<T>) {
    const HUGE_PAGE: usize = 2 << 20;
    let start = table.start as usize;
    let end = start + table.layout.size();
    let (from, to) = (
        start.next_multiple_of(HUGE_PAGE),
        end / HUGE_PAGE * HUGE_PAGE,
    );
    if from < to {
        // SAFETY: the range lies within the vector's allocation; the advice changes how the kernel
        // maps it, not what it holds, and where it is refused the memory stays as it was.
        unsafe { libc::madvise(from as *mut libc::c_void, to - from, libc::MADV_HUGEPAGE) };
    }
}

/// Elsewhere the tables take the pages they get.
#[cfg(not(all(target_os = "linux", not(codingame_bundle))))]
fn advise_huge_pages<T>(_table: &mut ZeroedTable<T>) {}

/// A fixed-size transposition table. Its size is set in MiB at creation; the slot count is the
/// largest power of two that fits. All methods take `&self`, so threads share it (in an `Arc`).
pub struct TranspositionTable<M> {
    slots: ZeroedTable<Slot>,
    mask: usize,
    age: AtomicU8,
    moves: PhantomData<fn() -> M>,
}

impl<M: MoveBits> TranspositionTable<M> {
    /// A table of at most `mib` MiB (at least one slot).
    pub fn new(mib: usize) -> Self {
        let wanted = (mib * 1024 * 1024 / std::mem::size_of::<Slot>()).max(1);
        let slots = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        TranspositionTable {
            slots: ZeroedTable::new(slots),
            mask: slots - 1,
            age: AtomicU8::new(0),
            moves: PhantomData,
        }
    }

    /// The table's memory in bytes.
    pub fn bytes(&self) -> usize {
        std::mem::size_of_val(&*self.slots)
    }

    /// Marks the start of a new search, so older entries are replaced first.
    pub fn new_search(&self) {
        self.age.fetch_add(1, Relaxed);
    }

    /// Forgets everything (while no search runs: a concurrent store may survive).
    pub fn clear(&self) {
        self.slots
            .iter()
            .flat_map(|s| &s.0)
            .for_each(|w| w.store(0, Relaxed));
    }

    /// Asks the CPU to fetch `key`'s slot into its cache, so that a probe a little later need
    /// not wait for memory: a search calls it on entering a node and probes after the work that
    /// does not need the table (a probe that misses the cache was a fifth of Ataxx's search
    /// time). Only a hint: it changes no result, and does nothing where the target has no
    /// prefetch instruction (wasm).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        if PREFETCHES {
            prefetch_line(&self.slots[key as usize & self.mask]);
        }
    }

    /// The slot's entry, whatever its key (`None`: empty); a torn read gives a key no position
    /// has, in practice.
    fn read(&self, key: u64) -> Option<Entry<M>> {
        let [check, data, mv] = &self.slots[key as usize & self.mask].0;
        let (data, mv) = (data.load(Relaxed), mv.load(Relaxed));
        let key = check.load(Relaxed) ^ data ^ mv;
        (data & OCCUPIED != 0).then(|| Entry {
            key,
            best: (mv & HAS_MOVE != 0).then(|| M::from_bits(mv as u32)),
            score: data as i32,
            depth: (data >> 32) as i16,
            bound: match data >> 48 & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            proven: data >> 50 & 1 != 0,
            age: (data >> 52) as u8,
        })
    }

    /// The entry for `key`, with its score made relative to a node `ply` plies from the root.
    pub fn probe(&self, key: u64, ply: u32) -> Option<Entry<M>> {
        let mut e = self.read(key).filter(|e| e.key == key)?;
        e.score = from_tt(e.score, ply);
        Some(e)
    }

    /// Stores a result for `key` found `ply` plies from the root (`proven`: see [`Entry`]).
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        key: u64,
        ply: u32,
        depth: i32,
        score: i32,
        bound: Bound,
        proven: bool,
        best: Option<M>,
    ) {
        let age = self.age.load(Relaxed);
        let mut best = best;
        if let Some(old) = self.read(key) {
            if old.key != key && old.age == age && (old.depth as i32) > depth + 2 {
                return;
            }
            if old.key == key && best.is_none() {
                best = old.best;
            }
        }
        let data = to_tt(score, ply) as u32 as u64
            | (depth as u16 as u64) << 32
            | (bound as u64) << 48
            | (proven as u64) << 50
            | OCCUPIED
            | (age as u64) << 52;
        let mv = best.map_or(0, |m| m.to_bits() as u64 | HAS_MOVE);
        let [check, d, m] = &self.slots[key as usize & self.mask].0;
        d.store(data, Relaxed);
        m.store(mv, Relaxed);
        check.store(key ^ data ^ mv, Relaxed);
    }
}

/// A score relative to the root, `ply` plies up, as the table keeps it: relative to its position.
fn to_tt(s: i32, ply: u32) -> i32 {
    score::shift_proven(s, ply as i32)
}

fn from_tt(s: i32, ply: u32) -> i32 {
    score::shift_proven(s, -(ply as i32))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all_zero(table: &ZeroedTable<Slot>) -> bool {
        table
            .iter()
            .all(|s| s.0.iter().all(|w| w.load(Relaxed) == 0))
    }

    #[test]
    fn a_new_table_holds_default_entries_aligned_for_their_type() {
        for len in [0, 1, 3, 1000, 1 << 20] {
            let mut table = ZeroedTable::<Slot>::new(len);
            assert_eq!(table.len(), len.max(1));
            assert_eq!(table.as_ptr() as usize % std::mem::align_of::<Slot>(), 0);
            assert!(all_zero(&table));
            let last = table.len() - 1;
            table[last] = Slot([AtomicU64::new(1), AtomicU64::new(2), AtomicU64::new(3)]);
            assert_eq!(table[last].0[2].load(Relaxed), 3);
        }
    }

    #[test]
    fn memory_given_back_with_entries_in_it_comes_back_zeroed() {
        for _ in 0..8 {
            let table = ZeroedTable::<Slot>::new(1000);
            assert!(all_zero(&table));
            table
                .iter()
                .for_each(|s| s.0.iter().for_each(|w| w.store(!0, Relaxed)));
        }
    }
}
