//! Alpha-beta reports a draw only when it is proven: when every line it followed ends in a
//! finished game, a value of 0 is the game's value and the score reads "draw"; anything that
//! rests on the evaluation stays a number. Checked against plain minimax near the end of
//! Connect 4 and Yavalath games.

use boardlab::game::{score, Evaluate, Game, Outcome};
use boardlab::games::connect4::Connect4Cg;
use boardlab::games::yavalath::Yavalath;
use boardlab::play::random_line;
use boardlab::rng::Rng;
use boardlab::search::{Limits, Score, Searcher};

/// The game's value for the side to move by full minimax: 1 win, 0 draw, -1 loss.
fn minimax<G: Game>(pos: &G) -> i32 {
    if let Some(outcome) = pos.outcome() {
        return match outcome {
            Outcome::Draw => 0,
            Outcome::Win(p) if p == pos.to_move() => 1,
            Outcome::Win(_) => -1,
        };
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = pos.clone();
            child.play(mv);
            -minimax(&child)
        })
        .max()
        .expect("a game that is not over has a move")
}

/// Positions after `plies` random moves that do not end the game (a seeded walk per position;
/// walks that get stuck early are dropped).
fn late_positions<G: Game>(seed: u64, count: usize, plies: usize) -> Vec<G> {
    let mut rng = Rng(seed);
    let mut found = Vec::new();
    while found.len() < count {
        let (pos, line) = random_line(&G::start(), plies as u32, &mut rng);
        if line.len() == plies {
            found.push(pos);
        }
    }
    found
}

/// Searches deep enough for every line to end (reductions included) and compares with minimax.
fn reports_match_minimax<G: Evaluate>(positions: &[G]) -> [usize; 3] {
    let mut counts = [0; 3];
    for pos in positions {
        let truth = minimax(pos);
        let mut compared = false;
        // PVS (null windows on most root moves) and analysis (a full window on each) alike.
        for exact_root_scores in [false, true] {
            let limits = Limits {
                exact_root_scores,
                ..Limits::depth(60)
            };
            let mut searcher: Searcher<G> = Searcher::new(4);
            let result = searcher.search(pos, limits, |_| {});
            let last = result.last.as_ref().expect("an iteration");
            if last.root_moves.len() == 1 {
                continue; // a single (forced) move is played at once, scored by the evaluation
            }
            let reported = last.score;
            let expected = match truth {
                1 => matches!(reported, Score::Win(_)),
                -1 => matches!(reported, Score::Loss(_)),
                _ => reported == Score::Draw,
            };
            assert!(
                expected,
                "minimax says {truth}, the search reports {reported:?} ({:?}, depth {})",
                result.stop, last.depth
            );
            compared = true;
        }
        counts[(truth + 1) as usize] += compared as usize;
    }
    counts
}

#[test]
fn connect4_endgames_are_reported_as_proven_draws_exactly_when_minimax_draws() {
    let positions = late_positions::<Connect4Cg>(3, 2000, 63 - 7);
    let [losses, draws, wins] = reports_match_minimax(&positions);
    assert!(
        losses + wins > 0 && draws > 0,
        "the sample lacks decided or drawn endgames: {losses} {draws} {wins}"
    );
}

#[test]
fn yavalath_endgames_are_never_reported_as_draws_when_decided() {
    // A drawn Yavalath endgame (a full board without a 3 or a 4) is rare in random play; the
    // sample checks that decided endgames read as wins and losses, never as draws.
    let positions = late_positions::<Yavalath>(5, 2000, 61 - 7);
    let [losses, _, wins] = reports_match_minimax(&positions);
    assert!(
        losses > 0 && wins > 0,
        "the sample lacks won or lost endgames: {losses} {wins}"
    );
}

#[test]
fn a_score_that_rests_on_the_evaluation_is_never_a_draw() {
    for depth in 1..=6 {
        let mut searcher: Searcher<Connect4Cg> = Searcher::new(4);
        let result = searcher.search(&Connect4Cg::start(), Limits::depth(depth), |_| {});
        let it = result.last.expect("an iteration");
        assert!(
            matches!(it.score, Score::Eval(_)),
            "depth {depth}: {:?}",
            it.score
        );
        assert!(it.root_moves.iter().all(|r| r.score != Score::Draw));
    }
    // An even evaluation is still an evaluation.
    assert_eq!(Score::from_proven(0, false), Score::Eval(0));
    assert_eq!(Score::from_proven(0, true), Score::Draw);
    assert_eq!(Score::from_proven(score::win_in(3), true), Score::Win(3));
}
