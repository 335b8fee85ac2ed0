//! The Amazons engine: proven results once the board splits, the move selection, and whole games.

use boardlab::game::{Evaluate, Game, Outcome, Player};
use boardlab::games::amazons::{longest_play, Amazons};
use boardlab::search::{
    static_move_score, static_root_scores, Limits, Score, ScoreBound, Searcher,
};

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

/// The static root scores the playground's heatmap shows for the moves a search left out: every
/// legal move once, each scored as the evaluation after it, from the mover's side.
#[test]
fn static_root_scores_cover_every_legal_move_with_the_evaluation_after_it() {
    let pos = Amazons::from_setup("seed:0").unwrap();
    let scores = static_root_scores(&pos);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    assert_eq!(legal.len(), 1062, "CodinGame's seed 0 start");
    assert_eq!(scores.iter().map(|&(mv, _)| mv).collect::<Vec<_>>(), legal);
    for &(mv, score) in &scores {
        let mut child = pos;
        child.play(mv);
        assert_eq!(
            score,
            Score::Eval(-child.score()),
            "{}",
            pos.format_move(mv)
        );
    }
    // Static scores differ from move to move: they rank the moves, not just list them.
    let first = scores[0].1;
    assert!(scores.iter().any(|&(_, s)| s != first));
}

/// One ply and the evaluation is what a depth-1 search says of a move: the static score of each
/// move the search scored exactly equals its root score.
#[test]
fn a_static_score_is_a_depth_one_search_score() {
    let pos = Amazons::from_setup("seed:1").unwrap();
    let mut searcher: Searcher<Amazons> = Searcher::new(4);
    let limits = Limits {
        exact_root_scores: true,
        ..Limits::depth(1)
    };
    let it = searcher
        .search(&pos, limits, |_| {})
        .last
        .expect("an iteration");
    assert!(!it.root_moves.is_empty());
    for r in &it.root_moves {
        assert_eq!(r.bound, ScoreBound::Exact);
        assert_eq!(
            static_move_score(&pos, r.mv),
            r.score,
            "{}",
            pos.format_move(r.mv)
        );
    }
}

/// On a split board the evaluation proves results, and a static score counts them from the root:
/// white's best move keeps its three moves against black's two, a win in 5 plies; a move that
/// walls its own amazon in loses at once (black moves, white cannot: 2 plies).
#[test]
fn static_scores_count_proven_results_from_the_root() {
    let pos = Amazons::from_setup(SPLIT).unwrap();
    let scores = static_root_scores(&pos);
    assert!(
        scores.iter().any(|&(_, s)| s == Score::Win(5)),
        "{scores:?}"
    );
    let walled = scores
        .iter()
        .find(|&&(mv, _)| pos.format_move(mv) == "a1d1c1")
        .expect("a1d1c1 is legal");
    assert_eq!(walled.1, Score::Loss(2));
}
