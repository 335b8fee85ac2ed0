//! Yavalath on the CodinGame board: 61 hexagons, a line of 4 wins, a line of exactly 3 loses, and
//! the steal on the second player's first turn.
//!
//! Rules source: referee MultiStruct/Yavalath (`HexGrid`, `Referee`), as summarised in
//! `shared/rules.md` §1. Coordinates are the referee's `(x, y)`: `y` is the row `0..=8` from the
//! top, `x` the index within the row; rows hold `[5,6,7,8,9,8,7,6,5]` cells.
//!
//! Bit layout: cell `i` is bit `i` of a `u64`, numbered row by row from `(0,0)` to `(4,8)`, so the
//! 61 cells fill bits `0..=60`. The three line axes are best seen in axial coordinates
//! `a = x + max(0, y - 4)`: the axes are `(da, dy) = (1,0), (1,1), (0,1)`.
//!
//! Notation: a cell is its row letter `a..i` (`y = 0..8`) then its 1-based index in the row, so the
//! centre `(4,4)` is `e5`. The steal is written as the stolen cell (or `steal`).
//!
//! Setups ([`Game::from_setup`]): `""` or `steal` (the empty board, CodinGame's rules), `nosteal`
//! (no steal), or a position string ([`Yavalath::position_string`]): the nine rows `a` to `i`
//! separated by `/` (`.` empty, `x` the first player, `o` the second), the side to move (`x` or
//! `o`) and `steal` while the steal is still to come or open now, else `-`. The start is
//! `...../....../......./......../........./......../......./....../..... x steal`.

use super::stones_text;
use crate::game::{score, CellView, Display, Eval, Evaluate, Game, NotationError, Outcome, Player};

/// Cells per row, top to bottom.
pub const ROW_LEN: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];
/// Number of cells on the board.
pub const CELLS: usize = 61;
/// A bitboard with every cell set.
pub const FULL: u64 = (1u64 << CELLS) - 1;

const ROW_START: [u8; 9] = {
    let mut starts = [0u8; 9];
    let mut y = 1;
    while y < 9 {
        starts[y] = starts[y - 1] + ROW_LEN[y - 1];
        y += 1;
    }
    starts
};

/// The three line axes as axial steps `(da, dy)`.
const AXES: [(i32, i32); 3] = [(1, 0), (1, 1), (0, 1)];

/// The cell index of `(x, y)`, or `None` off the board.
pub const fn cell_at(x: i32, y: i32) -> Option<usize> {
    if y < 0 || y > 8 || x < 0 || x >= ROW_LEN[y as usize] as i32 {
        return None;
    }
    Some(ROW_START[y as usize] as usize + x as usize)
}

/// The `(x, y)` coordinates of cell `cell` (`0..61`).
pub const fn coords(cell: usize) -> (i32, i32) {
    let mut y = 8;
    while ROW_START[y] as usize > cell {
        y -= 1;
    }
    ((cell - ROW_START[y] as usize) as i32, y as i32)
}

const fn axial_to_cell(a: i32, y: i32) -> Option<usize> {
    let shift = if y > 4 { y - 4 } else { 0 };
    cell_at(a - shift, y)
}

const fn axial_of(cell: usize) -> (i32, i32) {
    let (x, y) = coords(cell);
    (x + if y > 4 { y - 4 } else { 0 }, y)
}

/// The cell one step from `cell` along `axis` (`0..3`) in direction `sign` (`1` or `-1`).
const fn step(cell: usize, axis: usize, sign: i32) -> Option<usize> {
    let (a, y) = axial_of(cell);
    axial_to_cell(a + sign * AXES[axis].0, y + sign * AXES[axis].1)
}

/// All straight segments of `len` cells, as bitboards. `N` must equal their count.
const fn segments<const N: usize>(len: usize) -> [u64; N] {
    let mut out = [0u64; N];
    let mut n = 0;
    let mut cell = 0;
    while cell < CELLS {
        let mut axis = 0;
        while axis < 3 {
            let mut mask = 1u64 << cell;
            let mut cur = Some(cell);
            let mut k = 1;
            while k < len {
                cur = match cur {
                    Some(c) => step(c, axis, 1),
                    None => None,
                };
                if let Some(c) = cur {
                    mask |= 1u64 << c;
                }
                k += 1;
            }
            if cur.is_some() {
                out[n] = mask;
                n += 1;
            }
            axis += 1;
        }
        cell += 1;
    }
    assert!(n == N, "segment count mismatch");
    out
}

/// The 102 four-cell segments (anchors.md).
pub const SEGMENTS_4: [u64; 102] = segments::<102>(4);
/// The 129 three-cell segments (anchors.md).
pub const SEGMENTS_3: [u64; 129] = segments::<129>(3);

/// For each cell, the segments of `S` that contain it, padded with 0 (a mask no stone set
/// can equal... except the empty set, so every lookup skips zeros via the count).
const fn segments_at<const S: usize, const K: usize>(
    all: &[u64; S],
) -> ([[u64; K]; CELLS], [u8; CELLS]) {
    let mut table = [[0u64; K]; CELLS];
    let mut count = [0u8; CELLS];
    let mut s = 0;
    while s < S {
        let mut cell = 0;
        while cell < CELLS {
            if all[s] & (1u64 << cell) != 0 {
                table[cell][count[cell] as usize] = all[s];
                count[cell] += 1;
            }
            cell += 1;
        }
        s += 1;
    }
    (table, count)
}

const SEG4_AT: ([[u64; 12]; CELLS], [u8; CELLS]) = segments_at::<102, 12>(&SEGMENTS_4);
const SEG3_AT: ([[u64; 9]; CELLS], [u8; CELLS]) = segments_at::<129, 9>(&SEGMENTS_3);

/// The two end cells of each four-cell segment: the `X _ _ X` shape.
#[cfg(test)]
const SEG4_ENDS: [u64; 102] = {
    let mut ends = [0u64; 102];
    let mut i = 0;
    while i < 102 {
        let m = SEGMENTS_4[i];
        let low = m & m.wrapping_neg();
        let high = 1u64 << (63 - m.leading_zeros());
        ends[i] = low | high;
        i += 1;
    }
    ends
};

const fn splitmix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Zobrist keys: `[player][cell]`, then the side-to-move and steal-available keys.
const ZOBRIST: [[u64; CELLS]; 2] = {
    let mut keys = [[0u64; CELLS]; 2];
    let mut i = 0;
    while i < 2 * CELLS {
        keys[i / CELLS][i % CELLS] = splitmix(0x5941_5641 + i as u64);
        i += 1;
    }
    keys
};
const ZOBRIST_SECOND_TO_MOVE: u64 = splitmix(0x5941_5641_0001);
const ZOBRIST_STEAL_OPEN: u64 = splitmix(0x5941_5641_0002);

/// A move: the index of the cell played (`0..61`). At the steal turn, the opponent's first cell
/// means "steal".
pub type Cell = u8;

/// A Yavalath position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Yavalath {
    stones: [u64; 2],
    to_move: Player,
    plies: u32,
    steal_rule: bool,
    /// The cell of the first move (meaningful once `plies >= 1`).
    first_cell: Cell,
    last: Option<Cell>,
    outcome: Option<Outcome>,
    hash: u64,
}

/// What a move does to the mover, under the referee's rule: 4+ wins even with a 3 elsewhere.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveEffect {
    /// The move makes a line of 4 or more: the mover wins.
    Wins,
    /// The move makes a line of exactly 3 and no 4: the mover loses.
    Loses,
    /// Neither: the game goes on (or is drawn if the board is full).
    Neutral,
}

/// The effect of `player` adding a stone on empty `cell` given its stones `own`.
pub fn move_effect(own: u64, cell: usize) -> MoveEffect {
    let own = own | 1u64 << cell;
    let (fours, n4) = (&SEG4_AT.0[cell], SEG4_AT.1[cell] as usize);
    if fours[..n4].iter().any(|&m| own & m == m) {
        return MoveEffect::Wins;
    }
    let (threes, n3) = (&SEG3_AT.0[cell], SEG3_AT.1[cell] as usize);
    if threes[..n3].iter().any(|&m| own & m == m) {
        return MoveEffect::Loses;
    }
    MoveEffect::Neutral
}

impl Yavalath {
    /// The empty board; `steal_rule` enables the second player's steal (CodinGame: on).
    pub fn new(steal_rule: bool) -> Self {
        let mut pos = Yavalath {
            stones: [0, 0],
            to_move: Player::First,
            plies: 0,
            steal_rule,
            first_cell: 0,
            last: None,
            outcome: None,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// A position from its stones (bit `i` = cell `i`, see the module doc) and the side to move,
    /// as a bot reconstructs it from the referee's board. `steal_open` says the side to move may
    /// steal (then `Second` must be to move and exactly one `First` stone stand on the board).
    /// Errors: overlapping stones, bits past cell 60, an inconsistent steal, or a finished game.
    pub fn from_stones(
        first: u64,
        second: u64,
        to_move: Player,
        steal_open: bool,
    ) -> Result<Self, NotationError> {
        if (first | second) & !FULL != 0 {
            return Err(NotationError("stones outside the 61 cells".into()));
        }
        if first & second != 0 {
            return Err(NotationError("a cell holds two stones".into()));
        }
        let count = (first | second).count_ones();
        if steal_open && (to_move != Player::Second || first.count_ones() != 1 || second != 0) {
            return Err(NotationError(
                "the steal is only open to the second player after one stone".into(),
            ));
        }
        // The ply count's parity follows the side to move; a steal leaves one stone fewer.
        let parity = (to_move == Player::Second) as u32;
        let plies = if count % 2 == parity {
            count
        } else {
            count + 1
        };
        let mut pos = Yavalath {
            stones: [first, second],
            to_move,
            plies,
            steal_rule: steal_open,
            first_cell: if steal_open {
                first.trailing_zeros() as Cell
            } else {
                0
            },
            last: None,
            outcome: None,
            hash: 0,
        };
        for player in [Player::First, Player::Second] {
            let own = pos.stones[player.index()];
            let mut bits = own;
            while bits != 0 {
                let c = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                match move_effect(own & !(1 << c), c) {
                    MoveEffect::Neutral => {}
                    _ => {
                        return Err(NotationError(
                            "the board already holds a line of 3 or more".into(),
                        ))
                    }
                }
            }
        }
        if first | second == FULL {
            return Err(NotationError("the board is full".into()));
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for p in 0..2 {
            let mut bits = self.stones[p];
            while bits != 0 {
                h ^= ZOBRIST[p][bits.trailing_zeros() as usize];
                bits &= bits - 1;
            }
        }
        if self.to_move == Player::Second {
            h ^= ZOBRIST_SECOND_TO_MOVE;
        }
        if self.steal_open() {
            h ^= ZOBRIST_STEAL_OPEN;
        }
        h
    }

    /// The stones of `player`, one bit per cell.
    pub fn stones(&self, player: Player) -> u64 {
        self.stones[player.index()]
    }

    /// Empty cells.
    pub fn empty(&self) -> u64 {
        FULL & !(self.stones[0] | self.stones[1])
    }

    /// Whether the side to move may steal now.
    pub fn steal_open(&self) -> bool {
        self.steal_rule && self.plies == 1
    }

    /// Whether this game is played with the steal rule.
    pub fn steal_rule(&self) -> bool {
        self.steal_rule
    }

    /// The cell the last move was played on.
    pub fn last_move(&self) -> Option<Cell> {
        self.last
    }

    /// Whether `mv` is the steal in this position.
    pub fn is_steal(&self, mv: Cell) -> bool {
        self.steal_open() && mv == self.first_cell
    }

    /// The owner of a cell: `None` when empty.
    pub fn owner(&self, cell: usize) -> Option<Player> {
        if self.stones[0] >> cell & 1 == 1 {
            Some(Player::First)
        } else if self.stones[1] >> cell & 1 == 1 {
            Some(Player::Second)
        } else {
            None
        }
    }

    /// The cells of the line that decided a finished game (the 4+ that won or the 3 that lost),
    /// as a bitboard; 0 when the game is not decided by a line.
    pub fn deciding_line(&self) -> u64 {
        let (Some(Outcome::Win(_)), Some(last)) = (self.outcome, self.last) else {
            return 0;
        };
        let last = last as usize;
        let mover = if self.stones[0] >> last & 1 == 1 {
            0
        } else {
            1
        };
        let own = self.stones[mover];
        let mut lines = [0u64; 3];
        for (axis, line) in lines.iter_mut().enumerate() {
            *line = 1 << last;
            for sign in [1, -1] {
                let mut cur = step(last, axis, sign);
                while let Some(c) = cur.filter(|&c| own >> c & 1 == 1) {
                    *line |= 1 << c;
                    cur = step(c, axis, sign);
                }
            }
        }
        let four = lines
            .iter()
            .copied()
            .filter(|l| l.count_ones() >= 4)
            .fold(0, |a, l| a | l);
        if four != 0 {
            four
        } else {
            lines
                .iter()
                .copied()
                .filter(|l| l.count_ones() == 3)
                .fold(0, |a, l| a | l)
        }
    }

    /// The position string (see the module doc) that [`Yavalath::from_position_string`] reads:
    /// rows `a` to `i`, the side to move, and `steal` while the steal is still to come (the empty
    /// board under the steal rule) or open now, else `-`.
    pub fn position_string(&self) -> String {
        let rows = ROW_LEN.iter().enumerate().map(|(y, &len)| {
            (0..len as i32).map(move |x| cell_at(x, y as i32).and_then(|c| self.owner(c)))
        });
        stones_text::write(rows, self.to_move, self.steal_rule && self.plies <= 1)
    }

    /// Reads a position string (see the module doc; `x`/`o` in either case, `nosteal` for `-`).
    ///
    /// Rules checked, as they follow from play: the stone counts fit the side to move (without a
    /// steal `x` has as many stones as `o` with `x` to move, one more with `o` to move; after a
    /// steal `o` is one ahead of that); `steal` only on the empty board with `x` to move or with
    /// one `x` stone and `o` to move. A finished game is refused (a line of three or more, a full
    /// board): there is nothing left to play or analyse, and the text could not say which move
    /// ended it.
    /// Errors name the row and the cell of a bad character, or the rule broken.
    pub fn from_position_string(text: &str) -> Result<Self, NotationError> {
        let err = |m: String| NotationError(format!("bad Yavalath position: {m}"));
        let letter = |y: usize| (b'a' + y as u8) as char;
        let read = stones_text::read(
            text,
            &ROW_LEN.map(usize::from),
            |y| format!("row {}", letter(y)),
            |y, x| format!("row {}, cell {} ({}{})", letter(y), x + 1, letter(y), x + 1),
        )
        .map_err(err)?;
        let mut stones = [0u64; 2];
        for &(y, x, player) in &read.stones {
            stones[player.index()] |= 1 << cell_at(x as i32, y as i32).expect("a cell of the row");
        }
        for (stones, name) in stones.iter().zip(['x', 'o']) {
            if let Some(&line) = SEGMENTS_3.iter().find(|&&seg| stones & seg == seg) {
                let cells: Vec<String> = (0..CELLS)
                    .filter(|c| line >> c & 1 == 1)
                    .map(cell_name)
                    .collect();
                return Err(err(format!(
                    "{name} already has a line of three or more ({}): a finished game cannot \
                     be set up",
                    cells.join(" ")
                )));
            }
        }
        if stones[0] | stones[1] == FULL {
            return Err(err("the board is full: the game is over".into()));
        }
        let (xs, os) = (stones[0].count_ones(), stones[1].count_ones());
        stones_text::check_counts(xs, os, read.to_move, read.steal, "stones").map_err(err)?;
        if xs + os == 0 {
            return Ok(Yavalath::new(read.steal));
        }
        Yavalath::from_stones(stones[0], stones[1], read.to_move, read.steal)
    }

    /// Win and suicide cells of both players: see [`Threats`].
    pub fn threats(&self) -> Threats {
        Threats::of(self.stones, self.empty())
    }
}

/// Cells that decide the game for each player if that player plays there.
#[derive(Clone, Copy, Debug, Default)]
pub struct Threats {
    /// `wins[p]`: empty cells where `p` would make a 4 (and win).
    pub wins: [u64; 2],
    /// `suicides[p]`: empty cells where `p` would make exactly a 3 (and lose).
    pub suicides: [u64; 2],
    /// `pairs[p]`: four-cell segments with two of `p`'s stones and two empty cells.
    pub pairs: [i32; 2],
    /// `split_pairs[p]`: the `X _ _ X` shape: segments with `p` on both ends, the middle empty.
    pub split_pairs: [i32; 2],
}

/// Row stride of the axial layout: cell `(a, y)` is bit `a + 10 * y` of a `u128`. Column `a = 9`
/// is never on the board, so a shift along any axis that would wrap into the next row meets it
/// and breaks the pattern; rows past 8 fall off the top bits.
const STRIDE: u32 = 10;
/// The shift of one step along each axis in the axial layout: `(1,0)`, `(0,1)`, `(1,1)`.
const AXIS_SHIFTS: [u32; 3] = [1, STRIDE, STRIDE + 1];

/// Re-lays a row-major bitboard out in the axial layout.
fn to_axial(bits: u64) -> u128 {
    let mut out = 0u128;
    for y in 0..9 {
        let row = (bits >> ROW_START[y]) & ((1u64 << ROW_LEN[y]) - 1);
        out |= (row as u128) << (STRIDE as usize * y + y.saturating_sub(4));
    }
    out
}

/// The inverse of [`to_axial`] (bits off the board are dropped).
fn from_axial(bits: u128) -> u64 {
    let mut out = 0u64;
    for y in 0..9 {
        let row = (bits >> (STRIDE as usize * y + y.saturating_sub(4))) as u64
            & ((1u64 << ROW_LEN[y]) - 1);
        out |= row << ROW_START[y];
    }
    out
}

impl Threats {
    /// Bit-parallel: each axis is a shift in the axial layout, so a pattern over a window of
    /// cells is a few shifts and ANDs for the whole board at once.
    fn of(stones: [u64; 2], empty: u64) -> Self {
        let mut t = Threats::default();
        let e = to_axial(empty);
        for p in 0..2 {
            let x = to_axial(stones[p]);
            let free = x | e;
            let (mut wins, mut threes) = (0u128, 0u128);
            for &s in &AXIS_SHIFTS {
                let (x1, x2, x3) = (x >> s, x >> (2 * s), x >> (3 * s));
                let (l1, l2, l3) = (x << s, x << (2 * s), x << (3 * s));
                // An empty cell completing four: the other three cells of a window are own.
                wins |= (x1 & x2 & x3) | (l1 & x1 & x2) | (l2 & l1 & x1) | (l3 & l2 & l1);
                threes |= (x1 & x2) | (l1 & x1) | (l2 & l1);
                // Windows anchored at their first cell with no enemy stone, and their own count.
                let open = free & (free >> s) & (free >> (2 * s)) & (free >> (3 * s));
                let (s01, c01) = (x ^ x1, x & x1);
                let (s23, c23) = (x2 ^ x3, x2 & x3);
                let carry = s01 & s23;
                let two = !(s01 ^ s23) & (c01 ^ c23 ^ carry) & !(c01 & c23);
                let pairs = open & two;
                t.pairs[p] += pairs.count_ones() as i32;
                t.split_pairs[p] += (pairs & x & x3).count_ones() as i32;
            }
            t.wins[p] = from_axial(wins & e);
            t.suicides[p] = from_axial(threes & e) & !t.wins[p];
        }
        t
    }

    /// The same result segment by segment: the slow, obvious version the fast one is tested
    /// against.
    #[cfg(test)]
    fn by_segments(stones: [u64; 2], empty: u64) -> Self {
        let mut t = Threats::default();
        let occupied = stones[0] | stones[1];
        for (i, &seg) in SEGMENTS_4.iter().enumerate() {
            // Only segments holding stones of exactly one player matter.
            let (a, b) = (stones[0] & seg, stones[1] & seg);
            let (p, own) = match (a, b) {
                (0, 0) => continue,
                (own, 0) => (0, own),
                (0, own) => (1, own),
                _ => continue,
            };
            match own.count_ones() {
                3 => t.wins[p] |= seg & empty,
                2 => {
                    t.pairs[p] += 1;
                    t.split_pairs[p] += (own == SEG4_ENDS[i]) as i32;
                }
                _ => {}
            }
        }
        for &seg in SEGMENTS_3.iter() {
            let gap = seg & !occupied;
            // Two stones of one player and one empty cell: the empty cell makes that player's 3.
            if gap == 0 || gap & (gap - 1) != 0 {
                continue;
            }
            if stones[0] & seg == seg & !gap {
                t.suicides[0] |= gap;
            } else if stones[1] & seg == seg & !gap {
                t.suicides[1] |= gap;
            }
        }
        t.suicides[0] &= !t.wins[0];
        t.suicides[1] &= !t.wins[1];
        t
    }
}

/// Distance of each cell from the centre (0..=4), for the ordering hint and the evaluation.
const RING: [u8; CELLS] = {
    let mut ring = [0u8; CELLS];
    let mut c = 0;
    while c < CELLS {
        let (a, y) = axial_of(c);
        let (da, dy) = (a - 4, y - 4);
        let dz = da - dy;
        let m = if da.abs() > dy.abs() {
            da.abs()
        } else {
            dy.abs()
        };
        ring[c] = if m > dz.abs() { m } else { dz.abs() } as u8;
        c += 1;
    }
    ring
};

/// The cells of each ring around the centre (ring 0 is the centre itself).
const RING_MASKS: [u64; 5] = {
    let mut masks = [0u64; 5];
    let mut c = 0;
    while c < CELLS {
        masks[RING[c] as usize] |= 1u64 << c;
        c += 1;
    }
    masks
};

/// Evaluation weights, in score units (a proven result is worth `score::WIN`).
mod weight {
    pub const OPEN_THREAT: i32 = 60;
    pub const SPLIT_PAIR: i32 = 22;
    pub const PAIR: i32 = 5;
    /// A cell the opponent cannot use (suicide for it) but we can.
    pub const DENIED_CELL: i32 = 9;
    pub const CENTRE: i32 = 3;
    /// The side to move's bonus for having the move.
    pub const TEMPO: i32 = 8;
}

impl Game for Yavalath {
    type Move = Cell;
    const NAME: &'static str = "yavalath";
    const MOVE_SLOTS: usize = CELLS;

    fn start() -> Self {
        Yavalath::new(true)
    }

    /// Setups: `""` or `"steal"` (the CodinGame rules), `"nosteal"` (no steal), or a position
    /// string ([`Yavalath::from_position_string`]).
    fn from_setup(setup: &str) -> Result<Self, NotationError> {
        match setup.trim() {
            "" | "steal" => Ok(Yavalath::new(true)),
            "nosteal" => Ok(Yavalath::new(false)),
            position if position.contains('/') => Yavalath::from_position_string(position),
            other => Err(NotationError(format!(
                "unknown Yavalath setup '{other}': use 'steal', 'nosteal' or a position such as \
                 '...../....../......./......../....x..../......../......./....../..... o steal'"
            ))),
        }
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn ply(&self) -> u32 {
        self.plies
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn legal_moves(&self, out: &mut Vec<Cell>) {
        if self.outcome.is_some() {
            return;
        }
        let mut bits = self.empty();
        while bits != 0 {
            out.push(bits.trailing_zeros() as Cell);
            bits &= bits - 1;
        }
        if self.steal_open() {
            out.push(self.first_cell);
        }
    }

    fn play(&mut self, cell: Cell) {
        let c = cell as usize;
        let me = self.to_move.index();
        if self.is_steal(cell) {
            self.stones[0] &= !(1 << c);
            self.stones[1] |= 1 << c;
            self.hash ^= ZOBRIST[0][c] ^ ZOBRIST[1][c] ^ ZOBRIST_STEAL_OPEN;
        } else {
            if self.plies == 0 {
                self.first_cell = cell;
                if self.steal_rule {
                    self.hash ^= ZOBRIST_STEAL_OPEN;
                }
            } else if self.steal_open() {
                self.hash ^= ZOBRIST_STEAL_OPEN;
            }
            self.outcome = match move_effect(self.stones[me], c) {
                MoveEffect::Wins => Some(Outcome::Win(self.to_move)),
                MoveEffect::Loses => Some(Outcome::Win(self.to_move.opponent())),
                MoveEffect::Neutral => None,
            };
            self.stones[me] |= 1 << c;
            self.hash ^= ZOBRIST[me][c];
            if self.outcome.is_none() && self.stones[0] | self.stones[1] == FULL {
                self.outcome = Some(Outcome::Draw);
            }
        }
        self.plies += 1;
        self.last = Some(cell);
        self.to_move = self.to_move.opponent();
        self.hash ^= ZOBRIST_SECOND_TO_MOVE;
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn move_slot(mv: Cell) -> usize {
        mv as usize
    }

    fn parse_move(&self, text: &str) -> Result<Cell, NotationError> {
        let text = text.trim();
        let cell = if text.eq_ignore_ascii_case("steal") {
            if !self.steal_open() {
                return Err(NotationError(
                    "the steal is only allowed on the second player's first turn".into(),
                ));
            }
            self.first_cell as usize
        } else {
            parse_cell(text)?
        };
        if self.outcome.is_some() {
            return Err(NotationError("the game is over".into()));
        }
        if self.empty() >> cell & 1 == 1 || self.is_steal(cell as Cell) {
            Ok(cell as Cell)
        } else {
            Err(NotationError(format!("{} is occupied", cell_name(cell))))
        }
    }

    fn format_move(&self, mv: Cell) -> String {
        cell_name(mv as usize)
    }
}

impl Display for Yavalath {
    /// The position string, while the game goes on (a finished game cannot be set up).
    fn position_text(&self) -> Option<String> {
        self.outcome.is_none().then(|| self.position_string())
    }

    fn cells(&self) -> Vec<CellView> {
        (0..CELLS)
            .map(|c| {
                let (x, y) = coords(c);
                CellView {
                    name: cell_name(c),
                    x,
                    y,
                    owner: self.owner(c).map_or(0, Player::number),
                    wall: false,
                }
            })
            .collect()
    }

    /// Reasons: `four` (the winner made a 4), `three` (the loser made a 3), `full` (a draw).
    fn result_detail(&self) -> Option<(&'static str, Vec<String>)> {
        let line = self.deciding_line();
        let reason = match self.outcome? {
            Outcome::Draw => "full",
            Outcome::Win(_) if line.count_ones() >= 4 => "four",
            Outcome::Win(_) => "three",
        };
        let mut names = Vec::new();
        let mut bits = line;
        while bits != 0 {
            names.push(cell_name(bits.trailing_zeros() as usize));
            bits &= bits - 1;
        }
        Some((reason, names))
    }

    fn move_note(&self, mv: Cell) -> Option<&'static str> {
        self.is_steal(mv).then_some("steal")
    }
}

/// The name of a cell: row letter `a..i` then its 1-based index in the row (`(4,4)` is `e5`).
pub fn cell_name(cell: usize) -> String {
    let (x, y) = coords(cell);
    format!("{}{}", (b'a' + y as u8) as char, x + 1)
}

/// Reads a cell name such as `e5`. Errors: not a row letter `a..i` and an index within that row.
pub fn parse_cell(text: &str) -> Result<usize, NotationError> {
    let bad = || {
        NotationError(format!(
            "'{text}' is not a Yavalath cell (row a-i, then 1..row length, e.g. e5)"
        ))
    };
    let mut chars = text.chars();
    let row = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
    if !('a'..='i').contains(&row) {
        return Err(bad());
    }
    let index: i32 = chars.as_str().parse().map_err(|_| bad())?;
    cell_at(index - 1, row as i32 - 'a' as i32).ok_or_else(bad)
}

impl Evaluate for Yavalath {
    fn evaluate(&self) -> Eval {
        let me = self.to_move.index();
        let them = 1 - me;
        let empty = self.empty();
        let t = self.threats();
        if t.wins[me] & empty != 0 {
            return Eval {
                score: score::win_in(1),
                quiet: true,
            };
        }
        let against = t.wins[them] & empty;
        if against.count_ones() >= 2 || against & t.suicides[me] != 0 {
            return Eval {
                score: score::loss_in(2),
                quiet: true,
            };
        }
        let side = |p: usize| -> i32 {
            let q = 1 - p;
            let threats = (t.wins[p] & empty & !t.suicides[q]).count_ones() as i32;
            let denied = (t.suicides[q] & !t.suicides[p]).count_ones() as i32;
            let centre: i32 = (0..4)
                .map(|r| (4 - r as i32) * (self.stones[p] & RING_MASKS[r]).count_ones() as i32)
                .sum();
            threats * weight::OPEN_THREAT
                + t.split_pairs[p] * weight::SPLIT_PAIR
                + t.pairs[p] * weight::PAIR
                + denied * weight::DENIED_CELL
                + centre * weight::CENTRE
        };
        Eval {
            score: side(me) - side(them) + weight::TEMPO,
            quiet: against == 0,
        }
    }

    fn search_moves(&self, out: &mut Vec<Cell>) -> bool {
        if self.steal_open() {
            self.legal_moves(out);
            return false;
        }
        let me = self.to_move.index();
        let them = 1 - me;
        let empty = self.empty();
        let t = self.threats();
        let win = t.wins[me] & empty;
        let must_block = t.wins[them] & empty;
        let push_all = |bits: u64, out: &mut Vec<Cell>| {
            let mut b = bits;
            while b != 0 {
                out.push(b.trailing_zeros() as Cell);
                b &= b - 1;
            }
        };
        if win != 0 {
            push_all(win & win.wrapping_neg(), out);
            return true;
        }
        if must_block != 0 {
            push_all(must_block, out);
            return true;
        }
        let safe = empty & !t.suicides[me];
        if safe != 0 {
            push_all(safe, out);
            safe != empty && safe.count_ones() == 1
        } else {
            push_all(empty, out);
            true
        }
    }

    fn order_hint(&self, cell: Cell) -> i32 {
        4 - RING[cell as usize] as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_parallel_threats_match_the_segment_scan() {
        let mut seed = 1u64;
        for _ in 0..20_000 {
            let mut stones = [0u64; 2];
            for c in 0..CELLS {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                match seed >> 61 {
                    0 | 1 => stones[0] |= 1 << c,
                    2 | 3 => stones[1] |= 1 << c,
                    _ => {}
                }
            }
            let empty = FULL & !(stones[0] | stones[1]);
            let (fast, slow) = (
                Threats::of(stones, empty),
                Threats::by_segments(stones, empty),
            );
            assert_eq!((fast.wins, fast.suicides), (slow.wins, slow.suicides));
            assert_eq!(
                (fast.pairs, fast.split_pairs),
                (slow.pairs, slow.split_pairs)
            );
        }
    }

    #[test]
    fn board_geometry_matches_the_referee() {
        assert_eq!(ROW_START, [0, 5, 11, 18, 26, 35, 43, 50, 56]);
        assert_eq!(coords(60), (4, 8));
        assert_eq!(RING[cell_at(4, 4).unwrap()], 0);
        assert_eq!(RING[cell_at(0, 0).unwrap()], 4);
        assert_eq!(cell_name(cell_at(4, 4).unwrap()), "e5");
        assert_eq!(parse_cell("i5").unwrap(), 60);
    }
}
