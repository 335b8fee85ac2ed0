//! The Amazons engine: proven results once the board splits, the move selection, and whole games.

use boardlab::game::{Evaluate, Game, Outcome, Player};
use boardlab::games::amazons::{longest_play, Amazons};
use boardlab::search::{Limits, Score, Searcher};

/// White (a1) has a 3-square pocket, black (h8) a 2-square one; everything else is burned.
const SPLIT: &str = "-----..b/--------/--------/--------/--------/--------/--------/w...---- w";

#[test]
fn a_split_board_is_a_proven_win_for_the_side_with_more_room() {
    let pos = Amazons::from_setup(SPLIT).unwrap();
    let (white, _) = longest_play(pos.amazons(Player::First), pos.empty());
    let (black, _) = longest_play(pos.amazons(Player::Second), pos.empty());
    assert_eq!((white, black), (3, 2));
    let mut searcher: Searcher<Amazons> = Searcher::new(4);
    let result = searcher.search(&pos, Limits::depth(3), |_| {});
    let it = result.last.expect("an iteration");
    // Black lasts two moves; white's third move leaves black stuck: 5 plies.
    assert_eq!(it.score, Score::Win(5));
}

#[test]
fn the_engine_keeps_a_split_win_to_the_end() {
    let mut pos = Amazons::from_setup(SPLIT).unwrap();
    let mut searcher: Searcher<Amazons> = Searcher::new(4);
    let mut played = 0;
    while pos.outcome().is_none() {
        played += 1;
        let mv = searcher
            .search(&pos, Limits::depth(4), |_| {})
            .best
            .expect("a move");
        pos.play(mv);
    }
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(played, 5, "white three moves, black two");
}

#[test]
fn the_selection_is_legal_distinct_and_best_first() {
    let pos = Amazons::from_setup("seed:1").unwrap();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut chosen = Vec::new();
    assert!(
        !pos.search_moves(&mut chosen),
        "opening moves are never forced"
    );
    assert!(!chosen.is_empty() && chosen.len() <= 24);
    assert!(chosen.iter().all(|m| legal.contains(m)));
    let mut unique = chosen.clone();
    unique.sort_by_key(|m| (m.from, m.to, m.arrow));
    unique.dedup();
    assert_eq!(unique.len(), chosen.len(), "no move twice");
    let value = |mv| {
        let mut child = pos;
        child.play(mv);
        -child.evaluate().score
    };
    let scores: Vec<i32> = chosen.iter().map(|&m| value(m)).collect();
    assert!(
        scores.windows(2).all(|w| w[0] >= w[1]),
        "best first: {scores:?}"
    );
}

#[test]
fn a_move_that_leaves_the_opponent_stuck_is_played_at_once() {
    // Black's only amazon (h8) has one free neighbour, g8; white can burn it (e.g. a1a8g8).
    let pos = Amazons::from_setup(
        ".......b/......--/......../......../......../......../......../w.....w. w",
    )
    .unwrap();
    let mut chosen = Vec::new();
    assert!(pos.search_moves(&mut chosen), "a winning move is forced");
    assert_eq!(chosen.len(), 1);
    let mut after = pos;
    after.play(chosen[0]);
    assert_eq!(after.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn engine_self_play_from_seeds_ends_with_a_winner() {
    for seed in [3, 11] {
        let mut pos = Amazons::from_setup(&format!("seed:{seed}")).unwrap();
        let mut searcher: Searcher<Amazons> = Searcher::new(8);
        let mut plies = 0;
        while pos.outcome().is_none() {
            let mv = searcher
                .search(&pos, Limits::depth(2), |_| {})
                .best
                .expect("a move while the game is on");
            assert!(pos.parse_move(&pos.format_move(mv)).is_ok());
            pos.play(mv);
            plies += 1;
            assert!(plies <= 60, "at most 60 arrows fit on the board");
        }
        assert!(pos.outcome().unwrap().winner().is_some(), "no draws");
    }
}

/// White (a1) has three open ranks to itself, far too many squares to solve exactly; black (h8)
/// has one square. Everything else is burned.
const ROOMY: &str = "------.b/--------/--------/--------/--------/......../......../w....... w";

#[test]
fn a_split_board_is_proven_when_the_move_counts_cannot_overlap() {
    use boardlab::games::amazons::play_bounds;
    let pos = Amazons::from_setup(ROOMY).unwrap();
    let white = play_bounds(pos.amazons(Player::First), pos.empty());
    let black = play_bounds(pos.amazons(Player::Second), pos.empty());
    // Black's single square is solved exactly; white's 23 squares only get bounds, but any
    // sequence found is at least two moves long, more than black's one.
    assert_eq!((black.low, black.high), (1, 1));
    assert!(
        white.low >= 2 && white.high <= 23 && white.low <= white.high,
        "{white:?}"
    );
    assert_eq!(pos.evaluate().score, boardlab::game::score::win_in(3));
    // With black to move the same counts make a loss: its one move, white's reply, stuck.
    let black_to_move = Amazons::from_parts(
        pos.amazons(Player::First),
        pos.amazons(Player::Second),
        pos.walls(),
        Player::Second,
    )
    .unwrap();
    assert_eq!(
        black_to_move.evaluate().score,
        boardlab::game::score::loss_in(2)
    );
}
