//! The baselines' rules of play: `minimax` is seed 000's depth-2 alpha-beta with a one-ply threat
//! evaluation that looks at BOTH players' immediate moves, so it takes a win, never hands the
//! opponent one it can see, and stops a threat before it becomes two; the leaf evaluations count
//! what each side could do next.

use boardlab::baseline::{Baseline, MinimaxAgent};
use boardlab::game::Game;
use boardlab::games::connect4::Connect4Cg;
use boardlab::games::Ataxx;
use boardlab::play::Agent;

/// The Connect 4 position after `moves` (protocol columns, space-separated) from the empty board.
fn connect4(moves: &str) -> Connect4Cg {
    Connect4Cg::from_moves("", moves).expect("a legal line")
}

/// What minimax plays in `pos` with ties broken from `seed`, in the game's notation.
fn minimax_move<G: Baseline>(pos: &G, seed: u64) -> String {
    pos.format_move(MinimaxAgent::seeded(seed).choose(pos, 0))
}

#[test]
fn the_connect4_leaf_counts_the_opponents_winning_columns_against_the_side_to_move() {
    // First has 0, 1, 2 on the bottom row: column 3 completes its 4. Second, to move, has none.
    assert_eq!(connect4("0 8 1 8 2").threat_eval(), -100);
    // Now First is to move with its win at 3, and Second has three stacked in column 8: +100 for
    // First's column, -100 for Second's.
    assert_eq!(connect4("0 8 1 8 2 8").threat_eval(), 0);
    // First's 3, 4, 5 on the bottom row with columns 2 and 6 open: two winning columns for the
    // opponent of Second, who is to move.
    assert_eq!(connect4("3 0 4 0 5").threat_eval(), -200);
}

#[test]
fn minimax_takes_a_win() {
    // First has 0, 1, 2 on the bottom row and is to move: 3 wins at once.
    for seed in 0..10 {
        assert_eq!(
            minimax_move(&connect4("0 8 1 8 2 7"), seed),
            "3",
            "seed {seed}"
        );
    }
}

#[test]
fn minimax_blocks_a_four_the_opponent_threatens() {
    // Second to move; First threatens column 3.
    for seed in 0..10 {
        assert_eq!(
            minimax_move(&connect4("0 8 1 8 2"), seed),
            "3",
            "seed {seed}"
        );
    }
}

#[test]
fn minimax_does_not_hand_the_opponent_a_win() {
    // First (x) has row 2 cells 1, 2, 3 (counted from the bottom, 1-based) with its end at
    // column 0 taken: its one winning cell is column 4, row 2, above an empty cell. Second (o),
    // to move, would hand it over by dropping into column 4.
    let pos = Connect4Cg::from_setup(
        "........./........./........./........./........./oxxx...../oxoo....x o -",
    )
    .expect("a valid position");
    for seed in 0..20 {
        assert_ne!(minimax_move(&pos, seed), "4", "seed {seed}");
    }
}

#[test]
fn minimax_stops_an_open_two_before_it_becomes_an_open_three() {
    // After 3 0 4, First's bottom-row 3 and 4 become three with two open ends if First gets 2 or
    // 5, and two winning columns cannot both be blocked. Only 2 and 5 prevent that, and the
    // threat evaluation sees it: it counts the opponent's winning columns at the leaves.
    for seed in 0..20 {
        let answer = minimax_move(&connect4("3 0 4"), seed);
        assert!(answer == "2" || answer == "5", "seed {seed}: {answer}");
    }
}

#[test]
fn minimax_breaks_ties_with_its_seed_and_only_then() {
    // From the empty board every column scores 0 at depth 2.
    let start = Connect4Cg::start();
    let columns: std::collections::HashSet<String> =
        (0..30).map(|seed| minimax_move(&start, seed)).collect();
    assert!(columns.len() >= 3, "{columns:?}");
    assert_eq!(minimax_move(&start, 7), minimax_move(&start, 7));
    // Without a seed the first column generated wins the tie.
    assert_eq!(MinimaxAgent::default().choose(&start, 0), 0);
}

#[test]
fn the_ataxx_leaf_is_stones_plus_each_sides_best_immediate_gain() {
    // x on a1 and c1, o on b2, x to move: 2 - 1 stones. x's best move spawns next to b2 and
    // converts it (+1 stone, +1 converted: 3). o's best, were it its turn, spawns to b1 next to
    // both x stones (1 + 2 x 2 = 5). 100 x (1 + 3 - 5).
    let pos = Ataxx::from_setup("7/7/7/7/7/1o5/x1x4 x").expect("a valid FEN");
    assert_eq!(pos.threat_eval(), -100);
    // A jump converts but empties its origin. x on a1, o on d4, a wall on c3, x to move: the
    // only square two from a1 and next to d4 is the wall, so x's best is a plain spawn (1); o's
    // jump to b2 converts a1 (2: one stone more for o, one less for x, none added).
    let jump = Ataxx::from_setup("7/7/7/3o3/2-4/7/x6 x").expect("a valid FEN");
    assert_eq!(jump.threat_eval(), 100 * (1 - 2));
}

#[test]
fn minimax_takes_an_ataxx_win() {
    // x on a1, o on b2 and c3: only the jumps to b3 and c2 land next to both o stones, taking
    // all of them and winning at once.
    let pos = Ataxx::from_setup("7/7/7/7/2o4/1o5/x6 x").expect("a valid FEN");
    for seed in 0..10 {
        let mv = minimax_move(&pos, seed);
        assert!(mv == "a1b3" || mv == "a1c2", "seed {seed}: {mv}");
    }
}
