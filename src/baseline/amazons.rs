//! Amazons' leaf evaluation for the `minimax` baseline.

use super::Baseline;
use crate::game::Game;
use crate::games::Amazons;

/// Seed 000's evaluation plays every legal move once, and an Amazons position has about a
/// thousand (queen move then arrow), so at the leaves of a depth-2 search it would cost a
/// thousand times the search itself; and an immediate win (the opponent left without a move) is
/// rare until the very end. The baseline counts queen moves instead: 10 per amazon move the side
/// to move has, minus 10 per move the opponent's amazons have (arrows not counted), which is the
/// same look at both sides' next move, by number rather than by outcome.
impl Baseline for Amazons {
    fn threat_eval(&self) -> i32 {
        let me = self.to_move();
        10 * (self.amazon_mobility(me) as i32 - self.amazon_mobility(me.opponent()) as i32)
    }
}
