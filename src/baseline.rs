//! Baseline opponents to measure the engine against.

use crate::game::{score, Game, Outcome};
use crate::games::yavalath::{move_effect, MoveEffect, Yavalath};

/// The plain Yavalath bot seed 000 describes: fixed-depth minimax with alpha-beta (depth 2 by
/// default) and, at the leaves, a one-ply threat evaluation that tries every empty cell for both
/// sides: +100 for each cell where the side to move would make a 4, -100 where it would make a 3,
/// and the opposite for the opponent's cells. Deterministic: ties go to the first move generated.
pub struct YavalathMinimax {
    /// Search depth in plies (seed 000 uses 2).
    pub depth: u32,
}

impl Default for YavalathMinimax {
    fn default() -> Self {
        YavalathMinimax { depth: 2 }
    }
}

impl YavalathMinimax {
    /// The move this bot plays in `pos` (a game that is not over).
    pub fn choose(&self, pos: &Yavalath) -> u8 {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut best = (moves[0], -score::INFINITE);
        let mut alpha = -score::INFINITE;
        for &mv in &moves {
            let mut child = pos.clone();
            child.play(mv);
            let s = -self.negamax(
                &child,
                self.depth.saturating_sub(1),
                -score::INFINITE,
                -alpha,
            );
            if s > best.1 {
                best = (mv, s);
                alpha = alpha.max(s);
            }
        }
        best.0
    }

    fn negamax(&self, pos: &Yavalath, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        match pos.outcome() {
            Some(Outcome::Draw) => return 0,
            Some(Outcome::Win(p)) => {
                return if p == pos.to_move() {
                    score::WIN
                } else {
                    -score::WIN
                }
            }
            None => {}
        }
        if depth == 0 {
            return Self::threat_eval(pos);
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut best = -score::INFINITE;
        for mv in moves {
            let mut child = pos.clone();
            child.play(mv);
            let s = -self.negamax(&child, depth - 1, -beta, -alpha);
            best = best.max(s);
            alpha = alpha.max(s);
            if alpha >= beta {
                break;
            }
        }
        best
    }

    /// Seed 000's `evaluateBoard`, from the side to move.
    fn threat_eval(pos: &Yavalath) -> i32 {
        let me = pos.to_move();
        let (mine, theirs) = (pos.stones(me), pos.stones(me.opponent()));
        let mut total = 0;
        let mut empty = pos.empty();
        while empty != 0 {
            let cell = empty.trailing_zeros() as usize;
            empty &= empty - 1;
            total += match move_effect(mine, cell) {
                MoveEffect::Wins => 100,
                MoveEffect::Loses => -100,
                MoveEffect::Neutral => 0,
            };
            total -= match move_effect(theirs, cell) {
                MoveEffect::Wins => 100,
                MoveEffect::Loses => -100,
                MoveEffect::Neutral => 0,
            };
        }
        total
    }
}
