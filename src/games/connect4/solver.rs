//! An exact Connect 4 solver after Pascal Pons ("Solving Connect 4: how to build a perfect AI",
//! repo PascalPons/connect4): negamax alpha-beta on the score, a transposition table of bounds,
//! iterative deepening by null-window probes that bisect the score range, centre-first ordering
//! refined by the threats a move creates, and pruning of every move that hands the opponent an
//! immediate win.
//!
//! Scores use Pons' convention, from the side to move of a `W` x `H` board with `n` chips:
//! `(W*H + 2 - c) / 2` (integer division) for a win whose winning chip is the `c`-th on the board
//! (so `(W*H + 1 - n) / 2` for a win with the next chip), its negation for a loss, 0 for a draw.
//! The steal is not part of the convention; at turn index 1 under the steal rule the solver also
//! weighs the steal (see [`Solver::solve`]).

use crate::clock::Instant;

#[cfg(not(codingame_bundle))]
use super::layout::Sentinel;
use super::layout::{Bits, Layout, Packed};
use super::{Connect4, STEAL};
use crate::game::{Game, Outcome};

/// The transposition table: buckets of two slots, each holding the key's check word, a bound
/// (0 = empty), the best column plus one (0 = none) and the chip count of the position. The first
/// slot of a bucket keeps the position nearest the root (fewest chips: the most work saved), the
/// second always takes the newest, so deep solves that visit far more positions than the table
/// holds keep their expensive entries. For boards whose Pons key fits 64 bits (7 x 6: 49 bits)
/// the check word is the key itself, so hits are exact; larger boards (9 x 7) store a 64-bit mix
/// (`Layout::table_key`).
struct Table {
    buckets: crate::search::tt::ZeroedTable<Bucket>,
}

/// One table slot; see [`Table`].
#[derive(Clone, Copy, Default)]
struct Slot {
    check: u64,
    value: i8,
    best: u8,
    chips: u8,
}

/// Two slots in one aligned 32-byte block, so a probe touches one cache line.
#[derive(Clone, Copy, Default)]
#[repr(align(32))]
struct Bucket([Slot; 2]);

// SAFETY: a slot of zero bytes is all zero fields, the default.
unsafe impl crate::search::tt::ZeroIsDefault for Bucket {}

impl Table {
    /// Bytes per slot.
    const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

    fn new(entries: usize) -> Self {
        // An odd bucket count spreads keys that differ by multiples of powers of two.
        let len = (entries / 2).max(1) | 1;
        Table {
            buckets: crate::search::tt::ZeroedTable::new(len),
        }
    }

    /// Empties every slot (writing them all: see `ZeroedTable`).
    fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
    }

    #[inline]
    fn bucket(&self, check: u64) -> usize {
        (check % self.buckets.len() as u64) as usize
    }

    /// Asks the CPU to fetch `check`'s bucket into its cache (x86-64; elsewhere nothing): a
    /// probe that misses the cache was two thirds of the solver's time.
    #[inline(always)]
    fn prefetch(&self, check: u64) {
        if crate::search::tt::PREFETCHES {
            crate::search::tt::prefetch_line(&self.buckets[self.bucket(check)]);
        }
    }

    /// The stored bound (0: none) and best column plus one (0: none) for `check`.
    #[inline]
    fn get(&self, check: u64) -> (i8, u8) {
        let bucket = &self.buckets[self.bucket(check)].0;
        for slot in bucket {
            if slot.check == check && slot.value != 0 {
                return (slot.value, slot.best);
            }
        }
        (0, 0)
    }

    /// Stores a bound for the position `check` with `chips` chips. `best` 0 keeps the best
    /// column already stored for that position, if any.
    #[inline]
    fn put(&mut self, check: u64, value: i8, mut best: u8, chips: u8) {
        let i = self.bucket(check);
        let bucket = &mut self.buckets[i].0;
        let first = bucket[0];
        let slot = if first.check == check || first.value == 0 || chips <= first.chips {
            0
        } else {
            1
        };
        if best == 0 && bucket[slot].check == check {
            best = bucket[slot].best;
        }
        if slot == 0 && bucket[1].check == check {
            bucket[1].value = 0; // one copy per position
        }
        bucket[slot] = Slot {
            check,
            value,
            best,
            chips,
        };
    }
}

/// A game-theoretic result for the side to move: the sign of the exact score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// The side to move loses against best play.
    Loss,
    /// Best play by both sides draws.
    Draw,
    /// The side to move wins against any defence.
    Win,
}

impl Wdl {
    /// The same result seen by the other side.
    pub fn negate(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::Draw => Wdl::Draw,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// Positions with at most this many empty cells go to the solver's small table
/// ([`NEAR_END_TABLE_KIB`]), the others to the main one. Such a position's subtree is small, so
/// its entry saves little work, yet its probe missed the cache as any other did: with them in a
/// table that stays in the core's L2 cache, solves of 25-chip 9 x 7 positions took about a third
/// less time for 30 % more nodes (README, "Session 32: a small table for the positions near the
/// end"). 14 to 20 cells, with 256 KiB to 2 MiB, measured within 6 % of each other.
const NEAR_END_EMPTY: i32 = 16;

/// The size of the table for positions near the end ([`NEAR_END_EMPTY`]), KiB.
const NEAR_END_TABLE_KIB: usize = 512;

/// A reusable exact solver for the `W` x `H` board; it keeps its tables between calls.
pub struct Solver<const W: usize, const H: usize> {
    /// Positions with more than [`NEAR_END_EMPTY`] empty cells.
    table: Table,
    /// Positions with at most [`NEAR_END_EMPTY`] empty cells.
    near_end: Table,
    /// Nodes visited since the solver was made (or [`Solver::reset_nodes`]).
    pub nodes: u64,
    deadline: Option<Instant>,
    time_ms: u64,
    /// The node count at which solves stop ([`Solver::set_node_limit`]).
    node_stop: Option<u64>,
    stopped: bool,
}

/// Why a solve did not finish.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The time budget ran out before the score was proven.
    Timeout,
    /// The game is over: there is nothing to solve.
    GameOver,
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Timeout => f.write_str("the time budget ran out before a proof"),
            SolveError::GameOver => f.write_str("the game is over"),
        }
    }
}

/// Calls `Self::$f::<L>(args)` with `L` the [`Layout`] of the solver's negamax on this board
/// (inside `Solver<W, H>`): Pons' layout in a `u64` where it fits with its sentinel row (7 x 6),
/// else the game's packed layout (9 x 7; every board fits it, `Connect4::FITS`).
#[cfg(not(codingame_bundle))]
macro_rules! in_layout {
    ($f:ident($($arg:expr),*)) => {
        if (H + 1) * W <= 64 {
            Self::$f::<Sentinel<u64, W, H>>($($arg),*)
        } else {
            Self::$f::<Packed<W, H>>($($arg),*)
        }
    };
}

/// The CodinGame bot's [`in_layout`]: it plays 9 x 7 only, so its bundle leaves Pons' layout
/// out for the characters.
#[cfg(codingame_bundle)]
macro_rules! in_layout {
    ($f:ident($($arg:expr),*)) => {
        Self::$f::<Packed<W, H>>($($arg),*)
    };
}

impl<const W: usize, const H: usize> Solver<W, H> {
    const CELLS: i32 = (W * H) as i32;
    /// The lowest and highest scores on this board.
    const MIN_SCORE: i32 = -(Self::CELLS / 2) + 3;
    const MAX_SCORE: i32 = (Self::CELLS + 1) / 2 - 3;

    /// A solver with a transposition table of about `mib` MiB, and one of [`NEAR_END_TABLE_KIB`]
    /// KiB (at most as large) for the positions near the end.
    pub fn new(mib: usize) -> Self {
        let entries = mib * (1 << 20) / Table::SLOT_BYTES;
        // Never larger than the main table, so that a tiny table (tests) stays tiny.
        let near_end_entries = entries.min(NEAR_END_TABLE_KIB * (1 << 10) / Table::SLOT_BYTES);
        Solver {
            table: Table::new(entries),
            near_end: Table::new(near_end_entries),
            nodes: 0,
            deadline: None,
            time_ms: 0,
            node_stop: None,
            stopped: false,
        }
    }

    /// Forgets every stored result. The tables' memory is mapped on first touch
    /// (`search::tt::ZeroedTable`); writing it all here maps it at a time of the caller's choice.
    pub fn clear(&mut self) {
        self.table.clear();
        self.near_end.clear();
    }

    /// Stops every later solve after `ms` milliseconds from now (`None`: no limit). A stopped
    /// solve returns [`SolveError::Timeout`]; the table stays sound.
    pub fn set_time_limit(&mut self, ms: Option<u64>) {
        self.time_ms = ms.unwrap_or(0);
        self.deadline = ms.map(|ms| Instant::now() + std::time::Duration::from_millis(ms));
        self.stopped = false;
    }

    /// Stops every later solve after `nodes` more nodes (`None`: no limit), checked with the
    /// clock every 4,096 nodes; as with the time limit, a stopped solve returns
    /// [`SolveError::Timeout`]. A node budget makes the bot's play independent of the machine's
    /// speed (fixed-node arena runs). Also clears a stop from an earlier limit.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_stop = nodes.map(|n| self.nodes.saturating_add(n));
        self.stopped = false;
    }

    /// Sets the node counter to zero.
    pub fn reset_nodes(&mut self) {
        self.nodes = 0;
    }

    /// The exact score of `pos` in Pons' convention (see the module docs). At turn index 1
    /// under the steal rule the score is the best of every column and the steal.
    /// Errors: the game is over, or the time limit ran out.
    pub fn solve(&mut self, pos: &Connect4<W, H>) -> Result<i32, SolveError> {
        if pos.outcome().is_some() {
            return Err(SolveError::GameOver);
        }
        if pos.steal_open() {
            let mut best = i32::MIN;
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for mv in moves {
                best = best.max(self.move_score(pos, mv)?);
            }
            return Ok(best);
        }
        self.solve_plain(pos)
    }

    /// The exact score of playing `mv` (a column or [`STEAL`]) in `pos`, from the side to move of
    /// `pos`, in Pons' convention. Errors as for [`Solver::solve`]; `mv` must be legal.
    pub fn move_score(&mut self, pos: &Connect4<W, H>, mv: u8) -> Result<i32, SolveError> {
        let mut child = *pos;
        child.play(mv);
        match child.outcome() {
            Some(Outcome::Draw) => Ok(0),
            Some(Outcome::Win(_)) => Ok((Self::CELLS + 1 - pos.chips() as i32) / 2),
            None if mv == STEAL => {
                // After a steal the chip counts are those before it: Pons' score is by chips.
                Ok(-self.solve_plain(&child)?)
            }
            None => Ok(-self.solve(&child)?),
        }
    }

    /// Scores of every column (`None` for a full column) and of the steal when it is open.
    /// On a position that is its own mirror image only one column of each mirrored pair is
    /// solved. Errors as for [`Solver::solve`].
    #[allow(clippy::type_complexity)]
    pub fn analyze(
        &mut self,
        pos: &Connect4<W, H>,
    ) -> Result<(Vec<Option<i32>>, Option<i32>), SolveError> {
        let moves = analysis_moves(pos)?;
        let mut scores = Vec::with_capacity(moves.len());
        for &mv in &moves {
            scores.push(self.move_score(pos, mv)?);
        }
        Ok(analysis_table(pos, &moves, &scores))
    }

    /// The best move of `pos` and its exact score: the highest-scoring column (centre first among
    /// equals), or the steal when it scores higher. Errors as for [`Solver::solve`].
    pub fn best_move(&mut self, pos: &Connect4<W, H>) -> Result<(u8, i32), SolveError> {
        if pos.outcome().is_some() {
            return Err(SolveError::GameOver);
        }
        let mut best: Option<(u8, i32)> = None;
        let steal = pos.steal_open().then_some(STEAL);
        for mv in Connect4::<W, H>::COLUMN_ORDER.iter().copied().chain(steal) {
            if mv != STEAL && !pos.can_play(mv as usize) {
                continue;
            }
            let s = self.move_score(pos, mv)?;
            if best.is_none_or(|(_, b)| s > b) {
                best = Some((mv, s));
            }
        }
        best.ok_or(SolveError::GameOver)
    }

    /// The game-theoretic result of `pos` for the side to move: at most two null-window probes
    /// (is the score above 0? above -1?), much cheaper than the exact score [`Solver::solve`]
    /// bisects for. At turn index 1 under the steal rule it is the best result of every column
    /// and the steal. Errors as for [`Solver::solve`].
    pub fn wdl(&mut self, pos: &Connect4<W, H>) -> Result<Wdl, SolveError> {
        if pos.outcome().is_some() {
            return Err(SolveError::GameOver);
        }
        if pos.steal_open() {
            // Rare (turn index 1): the exact score, whose sign is the result.
            let s = self.solve(pos)?;
            return Ok([Wdl::Loss, Wdl::Draw, Wdl::Win][(s.signum() + 1) as usize]);
        }
        Ok(if self.above(pos, 0)? {
            Wdl::Win
        } else if self.above(pos, -1)? {
            Wdl::Draw
        } else {
            Wdl::Loss
        })
    }

    /// The result of playing `mv` (a legal column, or [`STEAL`]) in `pos`, for the side to move
    /// of `pos`. Errors as for [`Solver::solve`].
    pub fn move_wdl(&mut self, pos: &Connect4<W, H>, mv: u8) -> Result<Wdl, SolveError> {
        let child = pos.after(mv);
        match child.outcome() {
            Some(Outcome::Draw) => Ok(Wdl::Draw),
            Some(Outcome::Win(_)) => Ok(Wdl::Win),
            None => Ok(self.wdl(&child)?.negate()),
        }
    }

    /// A move of `pos` that keeps its game-theoretic result, and that result. The candidates are
    /// `preferred` (a legal move, e.g. the alpha-beta's choice), then the moves of `order` (moves
    /// that are not legal are skipped), then every legal move. The move is the first candidate
    /// that does not lose, unless the position is won and that one only draws: then the first
    /// that wins. So the heuristic search chooses among the moves that keep the result, and the
    /// solver only overrules it when its move gives something away; in a lost position
    /// `preferred` is kept. Each move costs a null-window probe or two, mostly answered by the
    /// table the earlier probes filled. The candidates are tried for a loss first, one probe
    /// each, so that when the time runs out [`Solver::first_unrefuted`] knows the ones that lose.
    /// Errors as for [`Solver::solve`].
    pub fn keep_result(
        &mut self,
        pos: &Connect4<W, H>,
        preferred: u8,
        order: &[u8],
    ) -> Result<(u8, Wdl), SolveError> {
        let candidates = Self::candidates(pos, preferred, order);
        let mut holding = None;
        for &mv in &candidates {
            if !self.move_loses(pos, mv)? {
                holding = Some(mv);
                break;
            }
        }
        let Some(mv) = holding else {
            return Ok((preferred, Wdl::Loss));
        };
        let got = self.move_wdl(pos, mv)?;
        if got == Wdl::Win || self.wdl(pos)? <= got {
            return Ok((mv, got));
        }
        for &other in &candidates {
            if self.move_wdl(pos, other)? == Wdl::Win {
                return Ok((other, Wdl::Win));
            }
        }
        // Not reached: the position is won, so some move wins.
        Ok((mv, got))
    }

    /// After [`Solver::keep_result`] ran out of time: `preferred` unless the table proves that it
    /// loses, else the first move of `order`, then of the legal moves, not proven to lose;
    /// `preferred` when every move is. Only proven bounds reach the table, even from a stopped
    /// solve, so a move this skips does lose.
    pub fn first_unrefuted(&self, pos: &Connect4<W, H>, preferred: u8, order: &[u8]) -> u8 {
        Self::candidates(pos, preferred, order)
            .into_iter()
            .find(|&mv| !self.proven_loss(pos, mv))
            .unwrap_or(preferred)
    }

    /// The moves [`Solver::keep_result`] and [`Solver::first_unrefuted`] choose from, in their
    /// order of preference: `preferred`, then `order`, then every legal move; illegal ones
    /// skipped (a move may appear more than once).
    fn candidates(pos: &Connect4<W, H>, preferred: u8, order: &[u8]) -> Vec<u8> {
        let mut legal = Vec::new();
        pos.legal_moves(&mut legal);
        std::iter::once(preferred)
            .chain(order.iter().copied())
            .chain(legal.iter().copied())
            .filter(|mv| legal.contains(mv))
            .collect()
    }

    /// Whether playing `mv` (legal) in `pos` loses against best play: one null-window probe of
    /// the position after it. Errors as for [`Solver::solve`].
    fn move_loses(&mut self, pos: &Connect4<W, H>, mv: u8) -> Result<bool, SolveError> {
        let child = pos.after(mv);
        if child.outcome().is_some() {
            return Ok(false);
        }
        if child.steal_open() {
            return Ok(self.wdl(&child)? == Wdl::Win);
        }
        self.above(&child, 0)
    }

    /// Whether the table (without searching) proves that playing `mv` (legal) in `pos` loses:
    /// the opponent can then win at once, or the table holds a lower bound above 0 for the
    /// position after it. `false` means "not known", not "does not lose".
    pub fn proven_loss(&self, pos: &Connect4<W, H>, mv: u8) -> bool {
        let child = pos.after(mv);
        if child.outcome().is_some() || child.steal_open() {
            return false;
        }
        if child.can_win_next() {
            return true;
        }
        let chips = child.chips() as i32;
        let (value, _) = self.table_for(chips).get(in_layout!(check_of(&child)));
        value != 0 && Self::stored_lower_bound(value as i32).is_some_and(|lower| lower > 0)
    }

    /// Whether the score of `pos` (not over, no steal pending) is above `t`: one null-window
    /// probe. Errors: the time limit ran out.
    fn above(&mut self, pos: &Connect4<W, H>, t: i32) -> Result<bool, SolveError> {
        let n = pos.chips() as i32;
        if pos.can_win_next() {
            return Ok((Self::CELLS + 1 - n) / 2 > t);
        }
        let r = self.null_window(pos, t);
        if self.stopped {
            return Err(SolveError::Timeout);
        }
        Ok(r > t)
    }

    /// Negamax on `pos` (not over, no immediate win) with the null window `(t, t + 1)`, in the
    /// board's layout ([`in_layout`]).
    fn null_window(&mut self, pos: &Connect4<W, H>, t: i32) -> i32 {
        in_layout!(null_window_in(self, pos, t))
    }

    /// [`Solver::null_window`] in the layout `L`.
    fn null_window_in<L: Layout>(&mut self, pos: &Connect4<W, H>, t: i32) -> i32 {
        let (current, mask) = L::from_game(pos.current(), pos.mask());
        self.negamax::<L>(current, mask, pos.chips() as i32, t, t + 1)
    }

    /// Whether positions with `chips` chips go to the small table ([`NEAR_END_EMPTY`]).
    #[inline]
    fn near_the_end(chips: i32) -> bool {
        Self::CELLS - chips <= NEAR_END_EMPTY
    }

    /// The table that holds positions with `chips` chips.
    #[inline]
    fn table_for(&self, chips: i32) -> &Table {
        if Self::near_the_end(chips) {
            &self.near_end
        } else {
            &self.table
        }
    }

    /// [`Solver::table_for`], to store in.
    #[inline]
    fn table_for_mut(&mut self, chips: i32) -> &mut Table {
        if Self::near_the_end(chips) {
            &mut self.near_end
        } else {
            &mut self.table
        }
    }

    /// The table's check word of `pos` in the layout `L`.
    fn check_of<L: Layout>(pos: &Connect4<W, H>) -> u64 {
        let (current, mask) = L::from_game(pos.current(), pos.mask());
        L::table_key(current, mask).0
    }

    /// Pons' `solve`: bisects the score range with null-window searches.
    fn solve_plain(&mut self, pos: &Connect4<W, H>) -> Result<i32, SolveError> {
        in_layout!(solve_plain_in(self, pos))
    }

    /// [`Solver::solve_plain`] in the layout `L`.
    fn solve_plain_in<L: Layout>(&mut self, pos: &Connect4<W, H>) -> Result<i32, SolveError> {
        let n = pos.chips() as i32;
        if pos.can_win_next() {
            return Ok((Self::CELLS + 1 - n) / 2);
        }
        let mut min = -(Self::CELLS - n) / 2;
        let mut max = (Self::CELLS + 1 - n) / 2;
        while min < max {
            let mut med = min + (max - min) / 2;
            if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.null_window_in::<L>(pos, med);
            if self.stopped {
                return Err(SolveError::Timeout);
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        Ok(min)
    }

    /// The lower bound on the score that a stored table value (not 0) holds, or `None` when it
    /// holds an upper bound (then `value + MIN_SCORE - 1`).
    #[inline]
    fn stored_lower_bound(value: i32) -> Option<i32> {
        (value > Self::MAX_SCORE - Self::MIN_SCORE + 1)
            .then(|| value + 2 * Self::MIN_SCORE - Self::MAX_SCORE - 2)
    }

    /// Negamax on `(current, mask)` in the layout `L` ([`in_layout`]) with `n` chips, for a side
    /// to move that cannot win at once.
    fn negamax<L: Layout>(
        &mut self,
        current: L::B,
        mask: L::B,
        n: i32,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 0xFFF == 0 {
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.stopped = true;
                }
            }
            if self.node_stop.is_some_and(|stop| self.nodes >= stop) {
                self.stopped = true;
            }
        }
        if self.stopped {
            return alpha;
        }
        let opponent_win = L::winning_cells(current ^ mask, mask);
        let mut possible = L::playable(mask);
        let forced = possible & opponent_win;
        if forced != L::B::ZERO {
            if forced & (forced - L::B::ONE) != L::B::ZERO {
                return -(Self::CELLS - n) / 2;
            }
            possible = forced;
        }
        possible = possible & !L::below(opponent_win);
        if possible == L::B::ZERO {
            return -(Self::CELLS - n) / 2;
        }
        if n >= Self::CELLS - 2 {
            return 0;
        }
        let min = -(Self::CELLS - 2 - n) / 2;
        if alpha < min {
            alpha = min;
            if alpha >= beta {
                return alpha;
            }
        }
        let mut max = (Self::CELLS - 1 - n) / 2;
        let (check, flipped) = L::table_key(current, mask);
        let orient = |col: u8| {
            if col == 0 || !flipped {
                col
            } else {
                W as u8 + 1 - col
            }
        };
        let (val, tt_move) = self.table_for(n).get(check);
        let tt_move = orient(tt_move);
        let val = val as i32;
        if val != 0 {
            if let Some(min) = Self::stored_lower_bound(val) {
                if alpha < min {
                    alpha = min;
                    if alpha >= beta {
                        return alpha;
                    }
                }
            } else {
                max = val + Self::MIN_SCORE - 1;
            }
        }
        if beta > max {
            beta = max;
            if alpha >= beta {
                return beta;
            }
        }

        // Order: the table's best column first, then by threats created, ties centre first.
        let mut moves = [(L::B::ZERO, 0i32, 0u8); 16];
        let mut count = 0;
        for &col in Connect4::<W, H>::COLUMN_ORDER.iter() {
            let cell = possible & L::column(col as usize);
            if cell != L::B::ZERO {
                let score = if col + 1 == tt_move {
                    i32::MAX
                } else {
                    (L::winning_cells(current | cell, mask) & !cell).count_ones() as i32
                };
                let mut j = count;
                while j > 0 && moves[j - 1].1 < score {
                    moves[j] = moves[j - 1];
                    j -= 1;
                }
                moves[j] = (cell, score, col + 1);
                count += 1;
            }
        }
        let mut best = 0;
        // Every child's bucket is fetched at once, before the first child is searched: the
        // misses overlap instead of each stalling its own probe (about 1.5 times as many nodes
        // a second), which outweighs the keys computed for children a cutoff leaves unsearched.
        // The small table of positions near the end stays in the cache.
        if !Self::near_the_end(n + 1) {
            for &(cell, _, _) in &moves[..count] {
                let (check, _) = L::table_key(current ^ mask, mask | cell);
                self.table.prefetch(check);
            }
        }
        for &(cell, _, col) in &moves[..count] {
            let score = -self.negamax::<L>(current ^ mask, mask | cell, n + 1, -beta, -alpha);
            if self.stopped {
                return alpha;
            }
            if score >= beta {
                self.table_for_mut(n).put(
                    check,
                    (score + Self::MAX_SCORE - 2 * Self::MIN_SCORE + 2) as i8,
                    orient(col),
                    n as u8,
                );
                return score;
            }
            if score > alpha {
                alpha = score;
                best = col;
            }
        }
        self.table_for_mut(n).put(
            check,
            (alpha - Self::MIN_SCORE + 1) as i8,
            orient(best),
            n as u8,
        );
        alpha
    }
}

/// The moves [`Solver::analyze`] solves: every playable column (centre first; on a mirror-symmetric
/// position only the left one of each mirrored pair), then the steal when it is open.
fn analysis_moves<const W: usize, const H: usize>(
    pos: &Connect4<W, H>,
) -> Result<Vec<u8>, SolveError> {
    if pos.outcome().is_some() {
        return Err(SolveError::GameOver);
    }
    let symmetric = is_symmetric(pos);
    let mut moves: Vec<u8> = Connect4::<W, H>::COLUMN_ORDER
        .iter()
        .copied()
        .filter(|&c| pos.can_play(c as usize) && !(symmetric && c as usize > W - 1 - c as usize))
        .collect();
    if pos.steal_open() {
        moves.push(STEAL);
    }
    Ok(moves)
}

/// Spreads `scores` (one per move of `moves`, as [`analysis_moves`] gave them) over the
/// columns, copying each solved column to its mirror on a symmetric position:
/// `(per column, steal)`.
fn analysis_table<const W: usize, const H: usize>(
    pos: &Connect4<W, H>,
    moves: &[u8],
    scores: &[i32],
) -> (Vec<Option<i32>>, Option<i32>) {
    let symmetric = is_symmetric(pos);
    let mut cols = vec![None; W];
    let mut steal = None;
    for (&mv, &score) in moves.iter().zip(scores) {
        if mv == STEAL {
            steal = Some(score);
        } else {
            cols[mv as usize] = Some(score);
            if symmetric {
                cols[W - 1 - mv as usize] = Some(score);
            }
        }
    }
    (cols, steal)
}

/// Whether `pos` is its own mirror image (left to right), chips and side to move alike.
fn is_symmetric<const W: usize, const H: usize>(pos: &Connect4<W, H>) -> bool {
    let column = Connect4::<W, H>::column_bits;
    (0..W / 2).all(|c| {
        [pos.current(), pos.mask()]
            .into_iter()
            .all(|bits| column(bits, c) == column(bits, W - 1 - c))
    })
}

/// One move of an analysis, solved (or not): what [`analyze_parallel`] reports as it goes.
#[cfg(not(codingame_bundle))]
#[derive(Clone, Debug)]
pub struct MoveSolved {
    /// The column (0-based) or [`STEAL`].
    pub mv: u8,
    /// Its exact score in Pons' convention, from the side to move before it.
    pub score: Result<i32, SolveError>,
    /// Nodes its solve visited.
    pub nodes: u64,
    /// Milliseconds its solve took.
    pub elapsed_ms: u64,
}

/// [`Solver::analyze`] on up to `threads` threads at once, each with its own solver of
/// `tt_mib / threads` MiB and the time limit `time_ms` (`None`: unlimited), taking the moves
/// hardest first (centre columns). `progress` hears each move as it is solved. Returns the scores
/// as [`Solver::analyze`] does and the nodes visited by all threads. Errors as for
/// [`Solver::solve`]. Native only: wasm has no threads.
#[cfg(not(any(codingame_bundle, target_arch = "wasm32")))]
#[allow(clippy::type_complexity)]
pub fn analyze_parallel<const W: usize, const H: usize>(
    pos: &Connect4<W, H>,
    threads: usize,
    tt_mib: usize,
    time_ms: Option<u64>,
    progress: &(dyn Fn(MoveSolved) + Sync),
) -> Result<((Vec<Option<i32>>, Option<i32>), u64), SolveError> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;

    let moves = analysis_moves(pos)?;
    let threads = threads.clamp(1, moves.len().max(1));
    let next = AtomicUsize::new(0);
    let results: Mutex<Vec<Option<Result<i32, SolveError>>>> = Mutex::new(vec![None; moves.len()]);
    let nodes = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                let mut solver = Solver::<W, H>::new((tt_mib / threads).max(1));
                solver.set_time_limit(time_ms);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&mv) = moves.get(i) else { break };
                    let (start, before) = (Instant::now(), solver.nodes);
                    let result = solver.move_score(pos, mv);
                    progress(MoveSolved {
                        mv,
                        score: result.clone(),
                        nodes: solver.nodes - before,
                        elapsed_ms: start.elapsed().as_millis() as u64,
                    });
                    let failed = result.is_err();
                    results.lock().unwrap_or_else(|e| e.into_inner())[i] = Some(result);
                    if failed {
                        // Later moves would hit the same deadline; leave them.
                        next.fetch_add(moves.len(), Ordering::Relaxed);
                    }
                }
                nodes.fetch_add(solver.nodes as usize, Ordering::Relaxed);
            });
        }
    });
    let results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    let mut scores = Vec::with_capacity(moves.len());
    for r in results {
        scores.push(r.unwrap_or(Err(SolveError::Timeout))?);
    }
    Ok((
        analysis_table(pos, &moves, &scores),
        nodes.into_inner() as u64,
    ))
}

/// The board sizes `boardlab solve` accepts, as `(columns, rows)`.
#[cfg(not(codingame_bundle))]
pub const SOLVE_SIZES: &[(usize, usize)] = &[
    (4, 4),
    (5, 4),
    (5, 5),
    (6, 5),
    (6, 6),
    (7, 6),
    (8, 7),
    (9, 6),
    (9, 7),
];

/// What `boardlab solve` does with one position.
#[cfg(not(codingame_bundle))]
#[derive(Clone, Copy, Debug)]
pub struct SolveOptions {
    /// Score every column rather than the position.
    pub analyze: bool,
    /// Time budget per position in ms (`None`: unlimited).
    pub time_ms: Option<u64>,
    /// Transposition table size in MiB (shared out among the threads).
    pub tt_mib: usize,
    /// Threads for `analyze` (columns are solved in parallel; 1: one after another).
    pub threads: usize,
    /// Solve random positions instead of the given ones.
    pub random: Option<RandomPositions>,
}

/// Random positions for timing the solver: `count` games of `plies` random moves, each move
/// chosen among those that neither end the game nor let the opponent win at once (so no
/// position is decided by a blunder a ply away), from the seed `seed` (the same seed gives the
/// same positions).
#[cfg(not(codingame_bundle))]
#[derive(Clone, Copy, Debug)]
pub struct RandomPositions {
    /// Random moves played from the empty board.
    pub plies: u32,
    /// How many positions.
    pub count: usize,
    /// Seed of the move generator.
    pub seed: u64,
}

/// `boardlab solve connect4 --size WxH`: solves each position (a Pons move string, optionally
/// followed by an expected score as in Pons' test sets, `"<moves> <score>"`) and writes one line
/// per position to `out`: the moves, the score (or, with `analyze`, every column's score, `-` for
/// a full column, then `steal:<score>` when the steal is open), then nodes and time. With an
/// expected score, a mismatch is marked `MISMATCH` and counted.
/// Errors: an unsupported size, an unreadable position, a finished game, a timeout, or mismatches.
#[cfg(not(codingame_bundle))]
pub fn run_cli(
    size: &str,
    positions: &[String],
    options: SolveOptions,
    out: &mut impl std::io::Write,
) -> Result<(), String> {
    let (w, h) = size
        .split_once(['x', 'X'])
        .and_then(|(w, h)| {
            Some((
                w.trim().parse::<usize>().ok()?,
                h.trim().parse::<usize>().ok()?,
            ))
        })
        .ok_or_else(|| format!("size '{size}' is not WxH, e.g. 7x6"))?;
    macro_rules! sizes {
        ($(($W:literal, $H:literal)),*) => {
            match (w, h) {
                $(($W, $H) => run_sized::<$W, $H>(positions, options, out),)*
                _ => Err(format!(
                    "unsupported size {w}x{h}; supported: {}",
                    SOLVE_SIZES.iter().map(|(w, h)| format!("{w}x{h}")).collect::<Vec<_>>().join(", ")
                )),
            }
        };
    }
    sizes!(
        (4, 4),
        (5, 4),
        (5, 5),
        (6, 5),
        (6, 6),
        (7, 6),
        (8, 7),
        (9, 6),
        (9, 7)
    )
}

#[cfg(not(codingame_bundle))]
fn run_sized<const W: usize, const H: usize>(
    positions: &[String],
    options: SolveOptions,
    out: &mut impl std::io::Write,
) -> Result<(), String> {
    let mut solver = Solver::<W, H>::new(options.tt_mib);
    let mut mismatches = 0;
    let random: Vec<String> = options.random.map_or_else(Vec::new, |r| {
        let mut rng = crate::rng::Rng(r.seed);
        std::iter::repeat_with(|| random_position::<W, H>(r.plies, &mut rng))
            .take(1000 * r.count)
            .flatten()
            .take(r.count)
            .collect()
    });
    let positions = if options.random.is_some() {
        &random[..]
    } else {
        positions
    };
    let (mut total_ms, mut max_ms, mut total_nodes) = (0.0f64, 0.0f64, 0u64);
    for line in positions {
        let mut parts = line.split_whitespace();
        let moves = parts.next().unwrap_or("");
        let expected: Option<i32> = match parts.next() {
            Some(t) => Some(
                t.parse()
                    .map_err(|_| format!("'{line}': the expected score '{t}' is not a number"))?,
            ),
            None => None,
        };
        let pos =
            Connect4::<W, H>::from_pons(moves, false).map_err(|e| format!("'{moves}': {e}"))?;
        solver.reset_nodes();
        solver.set_time_limit(options.time_ms);
        let t = Instant::now();
        let (text, score) = if options.analyze {
            let (cols, steal) = analyze_on_threads(&mut solver, &pos, options)
                .map_err(|e| format!("'{moves}': {e}"))?;
            let mut words: Vec<String> = cols
                .iter()
                .map(|c| c.map_or("-".to_string(), |s| s.to_string()))
                .collect();
            if let Some(s) = steal {
                words.push(format!("steal:{s}"));
            }
            let best = cols.iter().flatten().copied().chain(steal).max();
            (words.join(" "), best)
        } else {
            let s = solver.solve(&pos).map_err(|e| format!("'{moves}': {e}"))?;
            (s.to_string(), Some(s))
        };
        let us = t.elapsed().as_micros();
        let mark = match expected {
            Some(e) if Some(e) != score => {
                mismatches += 1;
                format!("  MISMATCH expected {e}")
            }
            _ => String::new(),
        };
        let shown = if moves.is_empty() { "(empty)" } else { moves };
        let ms = us as f64 / 1000.0;
        writeln!(
            out,
            "{shown} {text}  ({} nodes, {ms:.3} ms){mark}",
            solver.nodes
        )
        .map_err(|e| format!("cannot write: {e}"))?;
        total_ms += ms;
        max_ms = max_ms.max(ms);
        total_nodes += solver.nodes;
    }
    if positions.len() > 1 {
        let n = positions.len() as f64;
        writeln!(
            out,
            "{} positions: mean {:.3} ms (max {max_ms:.3} ms), mean {:.0} nodes",
            positions.len(),
            total_ms / n,
            total_nodes as f64 / n
        )
        .map_err(|e| format!("cannot write: {e}"))?;
    }
    if mismatches > 0 {
        return Err(format!(
            "{mismatches} positions scored differently from the expected score"
        ));
    }
    Ok(())
}

/// One position for [`RandomPositions`] as a Pons move string, or `None` when the random line
/// ran out of safe moves before `plies`.
#[cfg(not(codingame_bundle))]
fn random_position<const W: usize, const H: usize>(
    plies: u32,
    rng: &mut crate::rng::Rng,
) -> Option<String> {
    let mut pos = Connect4::<W, H>::new(false);
    let mut line = String::new();
    for _ in 0..plies {
        let safe: Vec<u8> = (0..W as u8)
            .filter(|&c| pos.can_play(c as usize))
            .filter(|&c| {
                let mut child = pos;
                child.play(c);
                child.outcome().is_none() && !child.can_win_next()
            })
            .collect();
        if safe.is_empty() {
            return None;
        }
        let col = safe[rng.below(safe.len())];
        pos.play(col);
        line.push(char::from_digit(col as u32 + 1, 10)?);
    }
    Some(line)
}

/// `analyze` for [`run_sized`]: in parallel when asked and possible, counting the nodes of every
/// thread in `solver.nodes`.
#[cfg(not(codingame_bundle))]
#[allow(clippy::type_complexity)]
fn analyze_on_threads<const W: usize, const H: usize>(
    solver: &mut Solver<W, H>,
    pos: &Connect4<W, H>,
    options: SolveOptions,
) -> Result<(Vec<Option<i32>>, Option<i32>), SolveError> {
    #[cfg(not(target_arch = "wasm32"))]
    if options.threads > 1 {
        // Long analyses (the empty board takes minutes) say how they are getting on.
        let progress = |m: MoveSolved| {
            let name = if m.mv == STEAL {
                "steal".to_string()
            } else {
                format!("column {}", m.mv + 1)
            };
            let score = m.score.map_or_else(|e| e.to_string(), |s| s.to_string());
            eprintln!(
                "  {name}: {score}  ({} nodes, {:.1} s)",
                m.nodes,
                m.elapsed_ms as f64 / 1000.0
            );
        };
        let (scores, nodes) = analyze_parallel(
            pos,
            options.threads,
            options.tt_mib,
            options.time_ms,
            &progress,
        )?;
        solver.nodes += nodes;
        return Ok(scores);
    }
    let _ = options;
    solver.analyze(pos)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_is_its_own_mirror_image_when_its_columns_read_alike_from_both_sides() {
        let symmetric =
            |moves: &str| is_symmetric(&Connect4::<9, 7>::from_pons(moves, false).unwrap());
        for moves in ["", "5", "55", "555", "5555"] {
            assert!(symmetric(moves), "{moves}");
        }
        for moves in ["1", "4", "46", "1919", "1955", "5556"] {
            assert!(!symmetric(moves), "{moves}");
        }
        // As Pons' layout mirrors a whole key (`layout::mirror`).
        let mut rng = crate::rng::Rng(5);
        for _ in 0..2000 {
            let pos = crate::play::random_line(
                &Connect4::<7, 6>::new(false),
                rng.below(12) as u32,
                &mut rng,
            )
            .0;
            let pons = Connect4::<7, 6>::pons_bits;
            let image = |bits: u64| super::super::layout::mirror::<u128, 7, 6>(pons(bits));
            let by_keys = image(pos.current()) == pons(pos.current())
                && image(pos.mask()) == pons(pos.mask());
            assert_eq!(is_symmetric(&pos), by_keys);
        }
    }

    #[test]
    fn the_packed_layout_and_pons_layout_score_9_by_7_alike() {
        // Each solver keeps its table from position to position, as the bot's does.
        let mut rng = crate::rng::Rng(11);
        let (mut packed, mut pons) = (Solver::<9, 7>::new(8), Solver::<9, 7>::new(8));
        let mut checked = 0;
        for _ in 0..800 {
            let Some(moves) = random_position::<9, 7>(34 + rng.below(10) as u32, &mut rng) else {
                continue;
            };
            let pos = Connect4::<9, 7>::from_pons(&moves, false).unwrap();
            assert_eq!(
                packed.solve_plain_in::<Packed<9, 7>>(&pos),
                pons.solve_plain_in::<Sentinel<u128, 9, 7>>(&pos),
                "{moves}"
            );
            checked += 1;
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn a_win_with_the_next_chip_scores_by_the_chips_left() {
        // 7x6, first player has three in column 1 and wins with its 4th chip (the 7th chip).
        let pos = Connect4::<7, 6>::from_pons("121212", false).unwrap();
        let mut s = Solver::<7, 6>::new(1);
        assert_eq!(s.solve(&pos), Ok((42 + 1 - 6) / 2));
    }

    #[test]
    fn random_timing_positions_are_reproducible_and_not_decided_a_ply_away() {
        let draw = |seed| {
            let mut rng = crate::rng::Rng(seed);
            (0..20)
                .filter_map(|_| random_position::<7, 6>(10, &mut rng))
                .collect::<Vec<_>>()
        };
        let positions = draw(9);
        assert!(positions.len() >= 15, "{positions:?}");
        assert_eq!(positions, draw(9));
        for moves in &positions {
            let pos = Connect4::<7, 6>::from_pons(moves, false).unwrap();
            assert_eq!(pos.chips(), 10);
            assert!(pos.outcome().is_none() && !pos.can_win_next(), "{moves}");
        }
    }
}
