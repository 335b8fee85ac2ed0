//! The evaluation's features: cheap bitboard counts of an Ataxx position, each from the side to
//! move's view. The evaluation (`eval.rs`) weighs them with the fitted weights of `weights.rs`,
//! blended by game phase; `boardlab tune ataxx` fits those weights to self-play games (Texel's
//! method: a logistic curve of the evaluation against the game results).

use super::*;

/// How many features [`Ataxx::features`] returns.
pub const FEATURES: usize = 19;

/// Square classes of the stone features: the 7x7 board's squares up to its eight symmetries,
/// by `(min(file, 6 - file), min(rank, 6 - rank))` unordered: the corner, the three edge squares
/// a corner's neighbour to the edge's middle, then the inner rings.
pub const SQUARE_CLASSES: usize = 10;

/// `SQUARE_CLASS[sq]`: the class (`0..SQUARE_CLASSES`) of square `sq`, see [`SQUARE_CLASSES`].
const SQUARE_CLASS: [u8; SQUARES] = {
    // Folded coordinates (a, b), a <= b, in 0..=3: classes in order (0,0) (0,1) (0,2) (0,3)
    // (1,1) (1,2) (1,3) (2,2) (2,3) (3,3).
    const INDEX: [[u8; 4]; 4] = [[0, 1, 2, 3], [1, 4, 5, 6], [2, 5, 7, 8], [3, 6, 8, 9]];
    let mut out = [0u8; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let (f, r) = (sq % 7, sq / 7);
        let a = if f < 6 - f { f } else { 6 - f };
        let b = if r < 6 - r { r } else { 6 - r };
        out[sq] = INDEX[a][b];
        sq += 1;
    }
    out
};

/// `CLASS_MASKS[c]`: the squares of class `c`.
const CLASS_MASKS: [u64; SQUARE_CLASSES] = {
    let mut out = [0u64; SQUARE_CLASSES];
    let mut sq = 0;
    while sq < SQUARES {
        out[SQUARE_CLASS[sq] as usize] |= 1 << sq;
        sq += 1;
    }
    out
};

/// The largest gain of one move against `other` by a side whose spawns reach the empty squares
/// `spawns` and whose moves reach `reach` (spawns and jumps): the enemy stones next to a reached
/// square, plus one when a spawn reaches it. 0 without a move.
///
/// Every reachable square's gain at once, in bit-sliced counters (bit `b` of a square's count in
/// `planes[b]`), then the largest among them read from the top plane down: no loop over the
/// targets, whose popcounts took most of the linear evaluation's time.
#[inline(always)]
fn best_gain(spawns: u64, reach: u64, other: u64) -> i32 {
    // Up to 8 neighbours and the spawn's stone: 9 fits 4 bits.
    let mut planes = [0u64; 4];
    let mut add = |bits: u64| {
        let mut carry = bits;
        for plane in planes.iter_mut() {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
    };
    let (east, west) = ((other << 1) & NOT_FILE_A, (other >> 1) & NOT_FILE_G);
    for row in [east, other, west] {
        add(row << 7 & FULL);
        add(row >> 7);
    }
    add(east);
    add(west);
    add(spawns);
    let (mut candidates, mut best) = (reach, 0);
    for (b, plane) in planes.iter().enumerate().rev() {
        if candidates & plane != 0 {
            candidates &= plane;
            best |= 1 << b;
        }
    }
    best
}

impl Ataxx {
    /// The evaluation's features of this position from the side to move's view (`us` minus
    /// `them` where a feature counts both sides), in the order of `weights.rs` and of the names
    /// the tuner writes there (`crate::tune::FEATURE_NAMES`). Counts of squares or stones, so
    /// each lies in `-49..=49`.
    pub fn features(&self) -> [i32; FEATURES] {
        let me = self.side;
        let empty = self.empty();
        let (us, op) = (self.pieces[me.index()], self.pieces[me.opponent().index()]);
        let mut f = [0i32; FEATURES];
        for (c, mask) in CLASS_MASKS.iter().enumerate() {
            f[c] = (us & mask).count_ones() as i32 - (op & mask).count_ones() as i32;
        }
        let (near_us, near_op) = (dilate(us) & empty, dilate(op) & empty);
        let (reach_us, reach_op) = (dilate(dilate(us)) & empty, dilate(dilate(op)) & empty);
        f[10] = self.currently_safe(me).count_ones() as i32
            - self.currently_safe(me.opponent()).count_ones() as i32;
        f[11] = near_us.count_ones() as i32 - near_op.count_ones() as i32;
        f[12] =
            (reach_us & !near_us).count_ones() as i32 - (reach_op & !near_op).count_ones() as i32;
        f[13] = (op & dilate(reach_us)).count_ones() as i32
            - (us & dilate(reach_op)).count_ones() as i32;
        f[14] =
            (near_us & !reach_op).count_ones() as i32 - (near_op & !reach_us).count_ones() as i32;
        f[15] = best_gain(near_us, reach_us, op);
        f[16] = best_gain(near_op, reach_op, us);
        f[17] = 1;
        f[18] = (empty.count_ones() & 1) as i32;
        f
    }

    /// The game phase the weights are blended by: `(empty squares, squares without a wall)`.
    /// The opening weights count fully on an empty board, the endgame weights on a full one.
    pub fn phase(&self) -> (i32, i32) {
        (
            self.empty().count_ones() as i32,
            (FULL & !self.walls).count_ones() as i32,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_classes_cover_the_board_symmetrically() {
        assert_eq!(CLASS_MASKS.iter().map(|m| m.count_ones()).sum::<u32>(), 49);
        assert_eq!(CLASS_MASKS[0].count_ones(), 4);
        assert_eq!(CLASS_MASKS[9].count_ones(), 1);
        assert_eq!(SQUARE_CLASS[24], 9); // d4
        assert_eq!(SQUARE_CLASS[1], 1); // b1
    }

    #[test]
    fn best_gain_counts_captures_and_the_spawn() {
        // x on a1, o on c1 and c2: x spawning on b1 or b2 captures both (+1 for the spawn).
        let pos = Ataxx::from_fen("7/7/7/7/7/2o4/x1o4 x 0 1").expect("valid FEN");
        let f = pos.features();
        assert_eq!(f[15], 3);
        // o reaches a2, b1, b2 (next to a1), capturing one and spawning: 2.
        assert_eq!(f[16], 2);
        assert_eq!(f[0], 1); // x's corner stone, o has none
    }

    #[test]
    fn best_gain_is_the_best_legal_moves_gain() {
        // The gain of a move: the enemy stones next to its target, plus one for a spawn.
        let mut rng = crate::rng::Rng(5);
        for setup in ["", "walls:7"] {
            for _ in 0..200 {
                let mut pos = Ataxx::from_setup(setup).unwrap();
                for _ in 0..rng.below(60) {
                    let mut moves = Vec::new();
                    pos.legal_moves(&mut moves);
                    if pos.outcome().is_some() {
                        break;
                    }
                    pos.play(moves[rng.below(moves.len())]);
                }
                let (us, them) = (
                    pos.pieces[pos.side.index()],
                    pos.pieces[1 - pos.side.index()],
                );
                let mut moves = Vec::new();
                pos.legal_moves(&mut moves);
                let expected = moves
                    .iter()
                    .filter(|mv| !mv.is_pass())
                    .map(|mv| {
                        (SINGLES[mv.to as usize] & them).count_ones() as i32 + !mv.is_jump() as i32
                    })
                    .max()
                    .unwrap_or(0);
                let empty = pos.empty();
                let (spawns, reach) = (dilate(us) & empty, dilate(dilate(us)) & empty);
                assert_eq!(best_gain(spawns, reach, them), expected, "{pos:?}");
            }
        }
    }
}
