//! Connect 4's leaf evaluation for the `minimax` baseline: seed 000's threat count, column by
//! column.

use super::Baseline;
use crate::games::Connect4;

/// Each column with room is tried for both sides: +100 where the side to move's chip would
/// complete a 4, -100 where the opponent's would (as if it were the opponent's turn). A chip
/// lands on the same cell whoever drops it, so both counts read the playable cells against each
/// side's winning cells; no move is played and nothing is allocated. The steal never completes a
/// 4 and adds nothing.
impl<const W: usize, const H: usize> Baseline for Connect4<W, H> {
    fn threat_eval(&self) -> i32 {
        let playable = self.playable();
        let opponent = self.current() ^ self.mask();
        let mine = Self::winning_cells(self.current(), self.mask()) & playable;
        let theirs = Self::winning_cells(opponent, self.mask()) & playable;
        100 * (mine.count_ones() as i32 - theirs.count_ones() as i32)
    }
}
