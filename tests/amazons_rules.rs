//! The Amazons rules of rules.md §3 (CodinGame referee), its start generator, and the perft
//! table of anchors.md.

use boardlab::game::{Evaluate, Game, Outcome, Player};
use boardlab::games::amazons::{square_name, start_from_seed, Amazons, JavaRandom};
use boardlab::perft::perft;
use proptest::prelude::*;

/// The squares of a bitboard as names, in index order (a1, b1, ..., h8).
fn names(bits: u64) -> Vec<String> {
    (0..64)
        .filter(|&sq| bits >> sq & 1 == 1)
        .map(square_name)
        .collect()
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort_by_key(|n| {
        let b = n.as_bytes();
        (b[1], b[0])
    });
    v
}

fn legal_count(pos: &Amazons) -> usize {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves.len()
}

/// The 8x8 perft layout of anchors.md: white a3 c1 f1 h3, black a6 c8 f8 h6, white to move.
const PERFT_LAYOUT: &str =
    "..b..b../......../b......b/......../......../w......w/......../..w..w.. w";

#[test]
fn java_random_matches_the_jdk() {
    // Values printed by the real java.util.Random (OpenJDK) for these calls in this order.
    let mut r = JavaRandom::new(42);
    let small: Vec<i32> = (0..5).map(|_| r.next_int(10)).collect();
    assert_eq!(small, [0, 3, 8, 4, 0]);
    let ints: Vec<i32> = (0..3).map(|_| r.next(32)).collect();
    assert_eq!(ints, [-248792245, 1190043011, -1255373459]);
    // 2^30 + 1 rejects about half the draws: the overflow test of nextInt's loop.
    let big: Vec<i32> = (0..5).map(|_| r.next_int(1_073_741_825)).collect();
    assert_eq!(big, [196118093, 969067502, 791955276, 819572292, 592164476]);
    assert_eq!(JavaRandom::new(-7).next_int(4), 1);
}

#[test]
fn codingame_seeds_give_the_positions_of_rules_md() {
    let cases: [(i64, [&str; 4], [&str; 4], usize); 3] = [
        (0, ["d3", "g1", "b6", "g6"], ["e6", "b8", "g3", "b3"], 1062),
        (1, ["a3", "f2", "a5", "g8"], ["h6", "c7", "h4", "b1"], 1425),
        (42, ["a3", "e3", "a7", "f8"], ["h6", "d6", "h2", "c1"], 1169),
    ];
    for (seed, white, black, moves) in cases {
        let [w, b] = start_from_seed(seed);
        assert_eq!(names(w), sorted(&white), "seed {seed} white");
        assert_eq!(names(b), sorted(&black), "seed {seed} black");
        let pos = Amazons::from_setup(&format!("seed:{seed}")).unwrap();
        assert_eq!(pos.to_move(), Player::First, "white moves first");
        assert_eq!(legal_count(&pos), moves, "seed {seed} legal moves");
        assert_eq!(pos.count_moves(), moves as u64, "seed {seed} actionsCount");
        // The position is symmetric, so black has as many moves.
        let black_to_move = Amazons::from_parts(w, b, 0, Player::Second).unwrap();
        assert_eq!(
            legal_count(&black_to_move),
            moves,
            "seed {seed} black's moves"
        );
    }
}

#[test]
fn every_seed_places_one_amazon_per_quadrant_apart_and_off_the_corners() {
    fn touching(set: u64) -> bool {
        (0..64).filter(|&sq| set >> sq & 1 == 1).any(|sq: i32| {
            (0..64)
                .filter(|&o| o != sq && set >> o & 1 == 1)
                .any(|o: i32| (sq % 8 - o % 8).abs() <= 1 && (sq / 8 - o / 8).abs() <= 1)
        })
    }
    for seed in -50..200 {
        let [w, b] = start_from_seed(seed);
        assert_eq!(
            (w.count_ones(), b.count_ones(), w & b),
            (4, 4, 0),
            "seed {seed}"
        );
        assert_eq!(
            b,
            w.reverse_bits(),
            "seed {seed}: black is white turned 180 degrees"
        );
        assert_eq!(
            (w | b) & (1 | 1 << 7 | 1 << 56 | 1 << 63),
            0,
            "seed {seed}: a corner"
        );
        // Each white square was checked against every amazon already placed (its own twin may
        // land next to it near the centre, so only same-coloured amazons are sure to be apart).
        assert!(!touching(w), "seed {seed}: white amazons touch");
        for quadrant in [
            0x0f0f_0f0fu64,
            0xf0f0_f0f0,
            0x0f0f_0f0f << 32,
            0xf0f0_f0f0 << 32,
        ] {
            assert_eq!(
                (w & quadrant).count_ones(),
                1,
                "seed {seed}: one white per quadrant"
            );
        }
    }
}

#[test]
fn the_default_setup_is_seed_zero() {
    assert_eq!(
        Amazons::from_setup("").unwrap(),
        Amazons::from_setup("seed:0").unwrap()
    );
    assert_eq!(Amazons::start(), Amazons::from_seed(0));
}

#[test]
fn perft_of_the_8x8_layout() {
    let pos = Amazons::from_setup(PERFT_LAYOUT).unwrap();
    assert_eq!(perft(&pos, 1), 1_232);
    assert_eq!(perft(&pos, 2), 1_331_198);
}

#[test]
#[ignore = "about 3 s: cargo test --release --test amazons_rules -- --ignored"]
fn perft_of_the_8x8_layout_depth_3() {
    let pos = Amazons::from_setup(PERFT_LAYOUT).unwrap();
    assert_eq!(perft(&pos, 3), 1_358_441_750);
}

#[test]
fn the_arrow_may_land_on_the_square_the_amazon_left() {
    let pos = Amazons::from_setup("seed:0").unwrap();
    let mv = pos.parse_move("d3d4d3").expect("d3d4d3 is legal");
    let mut after = pos;
    after.play(mv);
    assert_eq!(after.square_char(19), '-', "d3 is burned");
    assert_eq!(after.square_char(27), 'w', "the amazon stands on d4");
    assert_eq!(after.to_move(), Player::Second);
    // It may also fly through the vacated square: d4 -> d3 -> d2.
    assert!(pos.parse_move("d3d4d2").is_ok());
}

#[test]
fn moves_onto_or_through_pieces_are_illegal() {
    // Seed 0: white d3 g1 b6 g6, black e6 b8 g3 b3.
    let pos = Amazons::from_setup("seed:0").unwrap();
    for (text, why) in [
        ("d3g6g5", "onto a white amazon"),
        ("d3h7h8", "through a white amazon (g6)"),
        ("g1g3g2", "onto a black amazon"),
        ("g1g5g4", "through a black amazon (g3)"),
        ("g1g2g4", "an arrow through a black amazon (g3)"),
        ("g1g2g3", "an arrow onto an amazon"),
        ("e6e5e4", "moving the opponent's amazon"),
        ("d3e5e6", "not a queen line"),
        ("d3d4e6", "an arrow off its queen lines"),
    ] {
        assert!(pos.parse_move(text).is_err(), "{text}: {why}");
    }
    // A wall blocks amazons and arrows alike.
    let pos = Amazons::from_moves("seed:0", "d3d4d3 e6e5e4").unwrap();
    assert!(pos.parse_move("d4d2d1").is_err(), "through the wall on d3");
    assert!(pos.parse_move("d4d3d2").is_err(), "onto the wall on d3");
    assert!(pos.parse_move("d4c4a4").is_ok(), "around the wall is fine");
}

#[test]
fn the_referee_ignores_case_and_spaces() {
    let pos = Amazons::from_setup("seed:0").unwrap();
    assert_eq!(pos.parse_move("D3 D4 D3"), pos.parse_move("d3d4d3"));
    assert!(pos.parse_move("d3d4").is_err());
    assert!(pos.parse_move("d3d4d3x").is_err());
    assert!(pos.parse_move("i3d4d3").is_err());
    assert!(pos.parse_move("ééé").is_err());
}

#[test]
fn a_player_without_a_move_loses() {
    // White's only amazon on a1 is walled in by a2, b1, b2; white to move has lost.
    let pos = Amazons::from_setup(
        "......../......../......b./......../......../......../--....../w-...... w",
    )
    .unwrap();
    assert_eq!(legal_count(&pos), 0);
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Second)));
    // Black to move in the same position plays on.
    let black = Amazons::from_setup(
        "......../......../......b./......../......../......../--....../w-...... b",
    )
    .unwrap();
    assert_eq!(black.outcome(), None);
}

#[test]
fn the_arrow_that_traps_the_last_amazon_wins() {
    // White a1 with walls a2, b1: black shoots at b2 and white is left without a move.
    let mut pos = Amazons::from_setup(
        "......../......../......../......../......../......../-.....b./w-...... b",
    )
    .unwrap();
    assert_eq!(pos.outcome(), None);
    pos.play_text("g2g3b8").unwrap();
    assert_eq!(pos.outcome(), None, "b2 is still open");
    let mut pos = Amazons::from_setup(
        "......../......../......../......../......../......../-.....b./w-...... b",
    )
    .unwrap();
    pos.play_text("g2c2b2").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::Second)));
}

#[test]
fn position_strings_round_trip_and_reject_bad_text() {
    let pos = Amazons::from_moves("seed:1", "a3a4a3").unwrap();
    let text = pos.position_string();
    let back = Amazons::from_setup(&text).unwrap();
    assert_eq!(back.position_string(), text);
    assert_eq!(back.hash(), pos.hash());
    assert!(text.ends_with(" b"));
    for bad in [
        "seed:x",
        "seed:",
        "nonsense",
        "......../......../......../......../......../......../......../........ w",
        "..b..b../......../b......b/......../......../w......w/......../..w..w..",
        "..b..b../......../b......b/......../......../w......w/......../..w..w.. x",
        "..b..b../......../b......b/......../......../w......w/......../..w..w. w",
        "..b..b../......../b......b/......../......../w......w/......../..w..wq. w",
        "..b..b../......../b......b/......../w......w/......../..w..w.. w",
        "wwwwwb../......../......../......../......../......../......../........ w",
    ] {
        assert!(Amazons::from_setup(bad).is_err(), "'{bad}' is rejected");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Along random games: the incremental hash matches a fresh one, the move count without a
    /// list matches the list, the cheap end test matches an empty move list, every move
    /// round-trips through its text, and the engine's move selection is legal.
    #[test]
    fn random_games_stay_consistent(seed in 0i64..1000, picks in prop::collection::vec(any::<u32>(), 1..80)) {
        let mut pos = Amazons::from_seed(seed);
        let mut moves = Vec::new();
        let mut selected = Vec::new();
        for pick in picks {
            moves.clear();
            pos.legal_moves(&mut moves);
            prop_assert_eq!(pos.count_moves(), moves.len() as u64);
            prop_assert_eq!(pos.outcome().is_some(), moves.is_empty());
            let copy = Amazons::from_setup(&pos.position_string()).unwrap();
            prop_assert_eq!(copy.hash(), pos.hash());
            if moves.is_empty() {
                break;
            }
            selected.clear();
            pos.search_moves(&mut selected);
            prop_assert!(!selected.is_empty());
            prop_assert!(selected.iter().all(|m| moves.contains(m)));
            let mv = moves[pick as usize % moves.len()];
            let text = pos.format_move(mv);
            prop_assert_eq!(pos.parse_move(&text), Ok(mv));
            pos.play(mv);
        }
    }
}

/// The longest run of white moves from `pos`, by trying every legal move (white moves again
/// after each; black is walled in and never moves).
fn longest_by_brute_force(pos: &Amazons) -> u32 {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play(mv);
            let again = Amazons::from_parts(
                child.amazons(Player::First),
                child.amazons(Player::Second),
                child.walls(),
                Player::First,
            )
            .unwrap();
            1 + longest_by_brute_force(&again)
        })
        .max()
        .unwrap_or(0)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(60))]

    /// In a sealed region the exact solver finds the longest run of moves that trying every
    /// line finds, including regions that cannot be filled completely.
    #[test]
    fn sealed_regions_are_solved_exactly(start in 0usize..40, growth in prop::collection::vec(0usize..8, 2..9)) {
        // A blob of squares grown by king steps inside files a-e, ranks 1-5, from `start`.
        let inside = |sq: usize| sq % 8 < 5 && sq / 8 < 5;
        let start = [0usize, 1, 2, 3, 4, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20, 24, 25, 26, 27, 28, 32, 33, 34, 35, 36][start % 25];
        let mut blob = 1u64 << start;
        let steps = [(1i32, 0i32), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1)];
        let mut at = start;
        for g in growth {
            let (dx, dy) = steps[g];
            let (x, y) = ((at % 8) as i32 + dx, (at / 8) as i32 + dy);
            if (0..8).contains(&x) && (0..8).contains(&y) && inside((y * 8 + x) as usize) {
                at = (y * 8 + x) as usize;
                blob |= 1 << at;
            }
        }
        prop_assume!(blob.count_ones() >= 2);
        let white = 1u64 << start;
        let black = 1u64 << 63; // h8, walled in by g8, g7, h7 (part of the walls below)
        let walls = !blob & !black;
        let pos = Amazons::from_parts(white, black, walls, Player::First).unwrap();
        let (n, exact) = boardlab::games::amazons::longest_play(white, pos.empty());
        prop_assert!(exact);
        prop_assert_eq!(n, longest_by_brute_force(&pos));
    }
}

#[test]
fn a_split_board_is_scored_exactly() {
    use boardlab::game::score;
    // White a1 with b1 and c1 free;
    // black h8 with g8 free. Everything else is burned.
    let white_room = Amazons::from_setup(
        "------.b/--------/--------/--------/--------/--------/--------/w..----- w",
    )
    .unwrap();
    let (w, w_exact) = boardlab::games::amazons::longest_play(
        white_room.amazons(Player::First),
        white_room.empty(),
    );
    let (b, b_exact) = boardlab::games::amazons::longest_play(
        white_room.amazons(Player::Second),
        white_room.empty(),
    );
    assert!(w_exact && b_exact);
    // White: a1-b1 shooting c1, then b1-a1 shooting b1: 2 moves. Black: h8-g8 shooting h8: 1.
    assert_eq!((w, b), (2, 1));
    // White to move has more moves: a proven win once black has used its one move (3 plies).
    assert_eq!(white_room.evaluate().score, score::win_in(3));
    // Black to move in the same position has fewer: a loss after its one move and white's reply.
    let black_to_move = Amazons::from_parts(
        white_room.amazons(Player::First),
        white_room.amazons(Player::Second),
        white_room.walls(),
        Player::Second,
    )
    .unwrap();
    assert_eq!(black_to_move.evaluate().score, score::loss_in(2));
}
