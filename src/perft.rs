//! Perft: the number of leaves of the legal-move tree, the standard check of a move generator.
//! A move that ends the game is a leaf and is not expanded; games whose reference tables count
//! such a leaf as nothing (libataxx) say so with [`Game::PERFT_COUNTS_FINISHED`].

use crate::game::Game;

/// Counts the leaves `depth` plies below `pos` (`perft(0) = 1`).
pub fn perft<G: Game>(pos: &G, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<G::Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(pos, depth, &mut buffers)
}

fn perft_with<G: Game>(pos: &G, depth: u32, buffers: &mut [Vec<G::Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return pos.count_moves(moves);
    }
    moves.clear();
    pos.legal_moves(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let child = pos.after(mv);
        total += if child.outcome().is_some() {
            G::PERFT_COUNTS_FINISHED as u64
        } else {
            perft_with(&child, depth - 1, rest)
        };
    }
    total
}

/// Perft split by root move: `(move text, leaf count)` for each legal move, in generation order.
pub fn divide<G: Game>(pos: &G, depth: u32) -> Vec<(String, u64)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let child = pos.after(mv);
            let n = if depth <= 1 {
                1
            } else if child.outcome().is_some() {
                G::PERFT_COUNTS_FINISHED as u64
            } else {
                perft(&child, depth - 1)
            };
            (pos.format_move(mv), n)
        })
        .collect()
}
