//! `Game::hash_after`, which the search's sibling prefetch takes before it makes a move, is the
//! hash of the position the move makes, in every game, for every legal move along random games
//! (the steal, passes, jumps, captures and walls among them).

use boardlab::game::Game;
use boardlab::games::amazons::Amazons;
use boardlab::games::ataxx::Ataxx;
use boardlab::games::connect4::Connect4Cg;
use boardlab::games::yavalath::Yavalath;
use boardlab::rng::Rng;

/// Plays `games` random games from `start`, checking every legal move of every position (at most
/// `plies` plies a game).
fn check<G: Game>(start: &G, games: usize, plies: usize, seed: u64) {
    let mut rng = Rng(seed);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = start.clone();
        for _ in 0..plies {
            if pos.outcome().is_some() {
                break;
            }
            moves.clear();
            pos.legal_moves(&mut moves);
            for &mv in &moves {
                assert_eq!(
                    pos.hash_after(mv),
                    pos.after(mv).hash(),
                    "{} after {}",
                    G::NAME,
                    pos.format_move(mv)
                );
            }
            pos.play(moves[rng.below(moves.len())]);
        }
    }
}

#[test]
fn yavalath_hash_after_a_move_is_the_hash_of_the_position_it_makes() {
    check(&Yavalath::start(), 200, 61, 1);
}

#[test]
fn connect4_hash_after_a_move_is_the_hash_of_the_position_it_makes() {
    check(&Connect4Cg::start(), 300, 63, 2);
}

#[test]
fn ataxx_hash_after_a_move_is_the_hash_of_the_position_it_makes() {
    check(&Ataxx::start(), 40, 400, 3);
    check(&Ataxx::from_setup("walls:7").unwrap(), 40, 400, 4);
    check(
        &Ataxx::from_setup("x5o/7/7/7/7/7/o5x x 0 1").unwrap(),
        40,
        400,
        5,
    );
}

#[test]
fn amazons_hash_after_a_move_is_the_hash_of_the_position_it_makes() {
    check(&Amazons::start(), 3, 12, 6);
}
