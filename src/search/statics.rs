//! Static root scores: every legal move scored by one ply and the game's evaluation, with no
//! search. The playground's heatmap shows them for the root moves a search did not score (the
//! Amazons searches look at 24 of the ~1000 moves), so every legal move has an honest value,
//! drawn apart from the searched ones.
//!
//! Not a search path: it allocates its list and runs once per analysed position.

use crate::game::{score, Evaluate, Outcome};

use super::Score;

/// The static score of playing `mv` in `pos`, for the side to move in `pos`: a win in 1 ply if
/// the move ends the game in its favour (a loss in 1 if it loses on the spot, a draw if it
/// draws), else the evaluation of the position after it, negated, with a proven result one ply
/// further away ([`Evaluate::evaluate`] may prove one, e.g. Amazons' split boards). `mv` must be
/// legal in `pos`.
pub fn static_move_score<G: Evaluate>(pos: &G, mv: G::Move) -> Score {
    let mover = pos.to_move();
    let child = pos.after(mv);
    match child.outcome() {
        Some(Outcome::Draw) => Score::Draw,
        Some(Outcome::Win(p)) if p == mover => Score::Win(1),
        Some(Outcome::Win(_)) => Score::Loss(1),
        None => {
            // The child's score is from the opponent's side, counted from the child: negate it
            // and count a proven result from the root.
            let s = -child.evaluate().score;
            if let Some(n) = score::plies_to_win(s) {
                Score::Win(n + 1)
            } else if let Some(n) = score::plies_to_loss(s) {
                Score::Loss(n + 1)
            } else {
                Score::Eval(s)
            }
        }
    }
}

/// Every legal move of `pos` with its [`static_move_score`], in the order of
/// [`crate::game::Game::legal_moves`]. Empty when the game is over.
pub fn static_root_scores<G: Evaluate>(pos: &G) -> Vec<(G::Move, Score)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| (mv, static_move_score(pos, mv)))
        .collect()
}
