//! Ataxx's leaf evaluation for the `minimax` baseline: the stone difference, plus seed 000's
//! one-ply look at both sides, here each side's best immediate gain (Ataxx has no immediate wins
//! to count until the board is nearly decided; captures are its threats).

use super::Baseline;
use crate::game::Game;
use crate::games::ataxx::{dilate, Ataxx, SINGLES};

/// From the side to move, 100 a stone: the stone difference, plus the side to move's best
/// immediate gain, minus the opponent's best immediate gain were it its turn (see
/// `best_gain`). Captures are the threats of Ataxx, so this is seed 000's evaluation counting
/// both players' best one-move threat.
impl Baseline for Ataxx {
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        let (us, them) = (self.stones(me), self.stones(me.opponent()));
        let empty = self.empty();
        let stones = us.count_ones() as i32 - them.count_ones() as i32;
        100 * (stones + best_gain(us, them, empty) - best_gain(them, us, empty))
    }
}

/// The most one move of the side owning `own` adds to its stone difference against `other`,
/// with `empty` the free squares: a spawn (to an empty square next to one of its stones) adds 1
/// plus 2 per enemy stone next to the target (each converted stone is one less for the enemy and
/// one more for the mover); a jump (to one two squares away) adds the 2 per converted stone only,
/// since its origin empties. 0 when the side has no move (it passes).
fn best_gain(own: u64, other: u64, empty: u64) -> i32 {
    let spawns = dilate(own) & empty;
    let jumps = dilate(dilate(own)) & empty & !spawns;
    let mut best = 0;
    for (mut targets, base) in [(spawns, 1), (jumps, 0)] {
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let captured = (SINGLES[to] & other).count_ones() as i32;
            best = best.max(base + 2 * captured);
        }
    }
    best
}
