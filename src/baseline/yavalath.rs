//! Yavalath's leaf evaluation for the `minimax` baseline: seed 000's own `evaluateBoard`.

use super::Baseline;
use crate::game::Game;
use crate::games::yavalath::{move_effect, MoveEffect, Yavalath};

/// Every empty cell is tried for both sides: +100 where the side to move would make a 4, -100
/// where it would make a 3 (and lose), and the opposite where the opponent would.
impl Baseline for Yavalath {
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        let (mine, theirs) = (self.stones(me), self.stones(me.opponent()));
        let value = |own: u64, cell: usize| match move_effect(own, cell) {
            MoveEffect::Wins => 100,
            MoveEffect::Loses => -100,
            MoveEffect::Neutral => 0,
        };
        let mut total = 0;
        let mut empty = self.empty();
        while empty != 0 {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            total += value(mine, cell) - value(theirs, cell);
        }
        total
    }
}
