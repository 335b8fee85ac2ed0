//! Ataxx rules: perft against libataxx's table (`shared/anchors.md`), FEN round trips, moves and
//! notation, passes, and the end-of-game and draw rules of both rule sets.

use boardlab::game::{Display, Game, Outcome, Player};
use boardlab::games::ataxx::{Ataxx, Rules, CG_TURN_LIMIT, REPETITION_WINDOW};
use boardlab::perft::perft;

const START: &str = "x5o/7/7/7/7/7/o5x x 0 1";

fn fen(text: &str) -> Ataxx {
    Ataxx::from_fen(text).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks perft for depths 1.. against `expected`, through the generic perft (what `boardlab
/// perft` and UAI's `perft` run; Ataxx's own perft was merged into it).
fn check_perft(text: &str, expected: &[u64]) {
    let pos = fen(text);
    for (i, &want) in expected.iter().enumerate() {
        let depth = i as u32 + 1;
        assert_eq!(perft(&pos, depth), want, "{text} perft({depth})");
    }
}

#[test]
fn perft_of_the_empty_board_is_zero_because_nobody_has_stones() {
    check_perft("7/7/7/7/7/7/7 x 0 1", &[0, 0, 0, 0]);
}

#[test]
fn perft_of_the_start_position() {
    check_perft(START, &[16, 256, 6_460, 155_888, 4_752_668]);
}

#[test]
#[ignore = "deep: about a second in release"]
fn perft_6_of_the_start_position() {
    assert_eq!(perft(&fen(START), 6), 141_865_520);
}

#[test]
fn perft_with_wall_layouts() {
    check_perft(
        "x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1",
        &[14, 196, 4_184, 86_528, 2_266_352],
    );
    check_perft(
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x x 0 1",
        &[14, 196, 4_100, 83_104, 2_114_588],
    );
    check_perft(
        "x5o/7/3-3/2-1-2/3-3/7/o5x x 0 1",
        &[16, 256, 5_948, 133_264, 3_639_856],
    );
}

#[test]
fn perft_counts_a_pass_as_one_move() {
    check_perft(
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
        &[1, 75, 249, 14_270, 452_980],
    );
    check_perft(
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx o 0 1",
        &[75, 249, 14_270, 452_980],
    );
}

#[test]
fn perft_does_not_expand_games_ended_by_capturing_every_stone() {
    check_perft(
        "7/7/7/2x1o2/7/7/7 x 0 1",
        &[23, 419, 7_887, 168_317, 4_266_992],
    );
}

#[test]
fn perft_is_zero_once_the_halfmove_clock_reaches_100() {
    check_perft("x5o/7/7/7/7/7/o5x x 100 1", &[0, 0, 0, 0]);
}

#[test]
fn perft_behind_walls() {
    check_perft(
        "7/7/7/7/-------/-------/x5o x 0 1",
        &[2, 4, 13, 30, 73, 174],
    );
}

#[test]
fn fen_round_trips_and_tracks_the_clocks() {
    for text in [
        START,
        "x5o/7/2-1-2/3-3/2-1-2/7/o5x o 17 42",
        "7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1",
    ] {
        assert_eq!(fen(text).fen(), text);
    }
    let mut pos = fen(START);
    pos.play_text("f1").unwrap(); // spawn: the clock stays 0
    assert_eq!(pos.fen(), "x5o/7/7/7/7/7/o4xx o 0 1");
    pos.play_text("g7e7").unwrap(); // jump: the clock runs; the fullmove number grows after o
    assert_eq!(pos.fen(), "x3o2/7/7/7/7/7/o4xx x 1 2");
}

#[test]
fn bad_fens_are_errors_not_panics() {
    for text in [
        "",
        "x5o/7/7/7/7/7 x 0 1",
        "x6o/7/7/7/7/7/o5x x 0 1",
        "x5o/7/7/7/7/7/o5x z 0 1",
        "x5o/7/7/7/7/7/o5x x a 1",
        "x5q/7/7/7/7/7/o5x x 0 1",
        "x0o5/7/7/7/7/7/o5x x 0 1",
    ] {
        assert!(Ataxx::from_fen(text).is_err(), "{text:?} was accepted");
    }
}

#[test]
fn move_clocks_longer_than_any_game_are_errors_and_the_largest_accepted_ones_play_on() {
    use boardlab::games::ataxx::FEN_COUNTER_MAX;
    // u32::MAX would overflow on the next move; one past the bound is already refused.
    for text in [
        "x5o/7/7/7/7/7/o5x o 0 4294967295",
        "x5o/7/7/7/7/7/o5x x 4294967295 1",
        &format!("x5o/7/7/7/7/7/o5x o 0 {}", FEN_COUNTER_MAX + 1),
        &format!("x5o/7/7/7/7/7/o5x o {} 1", FEN_COUNTER_MAX + 1),
        "x5o/7/7/7/7/7/o5x o 0 99999999999",
    ] {
        let e = Ataxx::from_fen(text).expect_err(text).to_string();
        assert!(
            e.contains("fullmove number") || e.contains("halfmove clock"),
            "{text}: the error does not name the field: {e}"
        );
    }
    // At the bound the fullmove number still grows after the second player's move (a jump, so
    // the halfmove clock grows too); under the CodinGame rules the halfmove clock is no draw
    // rule, so a clock at the bound plays on as well.
    let mut pos = fen(&format!("x5o/7/7/7/7/7/o5x o 0 {FEN_COUNTER_MAX}"));
    pos.play_text("g7e7").unwrap();
    assert_eq!(
        pos.fen(),
        format!("x3o2/7/7/7/7/7/o5x x 1 {}", FEN_COUNTER_MAX + 1)
    );
    let mut pos =
        Ataxx::from_setup(&format!("cg:x5o/7/7/7/7/7/o5x x {FEN_COUNTER_MAX} 1")).unwrap();
    pos.play_text("a7c7").unwrap();
    assert_eq!(pos.halfmove_clock(), FEN_COUNTER_MAX + 1);
}

#[test]
fn a_spawn_keeps_its_origin_and_a_jump_leaves_it_and_both_capture_neighbours() {
    let mut pos = fen("7/7/7/2xo3/7/7/7 x 0 1");
    pos.play_text("d3").unwrap();
    assert_eq!(pos.fen(), "7/7/7/2xx3/3x3/7/7 o 0 1");
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)));

    let mut pos = fen("7/7/7/x2o3/7/7/7 x 0 1");
    pos.play_text("a4c4").unwrap();
    assert_eq!(pos.fen(), "7/7/7/2xx3/7/7/7 o 1 1");
}

#[test]
fn notation_reads_spawns_jumps_and_passes_and_rejects_illegal_moves() {
    let pos = fen(START);
    assert_eq!(pos.format_move(pos.parse_move("b7").unwrap()), "b7");
    assert_eq!(pos.format_move(pos.parse_move("a7c5").unwrap()), "a7c5");
    // A from+to one square apart is the spawn.
    assert_eq!(pos.format_move(pos.parse_move("a7b6").unwrap()), "b6");
    for bad in ["a7", "d4", "a7d7", "g7e7", "h1", "0000", "b7x", ""] {
        assert!(pos.parse_move(bad).is_err(), "{bad} was accepted");
    }
    let blocked = fen("7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1");
    assert_eq!(
        blocked.format_move(blocked.parse_move("0000").unwrap()),
        "0000"
    );
    assert_eq!(
        blocked.move_note(blocked.parse_move("0000").unwrap()),
        Some("pass")
    );
}

#[test]
fn a_full_board_ends_the_game_and_more_stones_win() {
    let pos = fen("xxxxxxx/xxxxxxx/xxxxxxx/xxxxooo/ooooooo/ooooooo/ooooooo x 0 1");
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(pos.result_detail().unwrap().0, "pieces");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.is_empty());
}

#[test]
fn a_side_without_stones_loses_but_a_board_without_any_stones_is_a_draw() {
    // One side has no stones left: the other has more and wins.
    let pos = fen("x6/7/7/7/7/7/7 o 0 1");
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)));
    assert_eq!(pos.end_reason(), Some("no-pieces"));
    // Neither side has a stone (only a setup gives this board): 0 against 0 is equal stones, a
    // draw, and the reason must not be the one-sided "no-pieces" that names a winner.
    for text in ["7/7/7/7/7/7/7 x 0 1", "7/7/2-1-2/7/2-1-2/7/7 o 0 1"] {
        let pos = fen(text);
        assert_eq!(pos.outcome(), Some(Outcome::Draw), "{text}");
        assert_eq!(pos.end_reason(), Some("no-stones"), "{text}");
        assert_eq!(
            pos.result_detail(),
            Some(("no-stones", Vec::new())),
            "{text}"
        );
    }
}

#[test]
fn the_game_ends_when_neither_side_can_move_even_with_empty_squares_left() {
    // e1, f1 and g1 are empty but three squares from every stone.
    let pos = fen("o------/-------/-------/-------/-------/-------/xx--3 x 0 1");
    assert_eq!(pos.outcome(), Some(Outcome::Win(Player::First)));
}

#[test]
fn the_codingame_start_has_the_pieces_on_the_corners_and_no_walls() {
    let pos = Ataxx::start();
    assert_eq!(pos.fen(), START);
    assert_eq!(pos.rules(), Rules::CodinGame);
    assert_eq!(pos.to_move(), Player::First);
}

#[test]
fn random_wall_layouts_are_reproducible_mirror_symmetric_walled_and_leave_corners_free() {
    let mirror = |sq: usize, h: bool| {
        if h {
            sq / 7 * 7 + 6 - sq % 7
        } else {
            (6 - sq / 7) * 7 + sq % 7
        }
    };
    let mut distinct = std::collections::HashSet::new();
    // The playground's Random walls deals seeds up to 2^32: sample that range too.
    let seeds = (0..50u64).chain((1..=200u64).map(|i| i.wrapping_mul(0x9E37_79B9) % (1 << 32)));
    for seed in seeds {
        let a = Ataxx::from_setup(&format!("walls:{seed}")).unwrap();
        let b = Ataxx::from_setup(&format!("walls:{seed}")).unwrap();
        assert_eq!(a.fen(), b.fen());
        let w = a.walls();
        assert_ne!(w, 0, "seed {seed}: a random layout without walls");
        for corner in [0, 6, 42, 48] {
            assert_eq!(w >> corner & 1, 0, "seed {seed}: a wall on a corner");
        }
        for sq in 0..49 {
            let on = w >> sq & 1;
            assert_eq!(on, w >> mirror(sq, true) & 1, "seed {seed}");
            assert_eq!(on, w >> mirror(sq, false) & 1, "seed {seed}");
        }
        assert!(a.outcome().is_none());
        let mut moves = Vec::new();
        a.legal_moves(&mut moves);
        assert!(!a.format_move(moves[0]).starts_with("0000"));
        distinct.insert(w);
    }
    assert!(
        distinct.len() > 30,
        "only {} distinct layouts",
        distinct.len()
    );
    assert!(Ataxx::from_setup("walls:x").is_err());
}

#[test]
fn codingame_games_are_drawn_at_300_turns() {
    let mut pos = Ataxx::from_setup("cg:x6/7/7/7/7/7/6o x 0 1").unwrap();
    pos.set_ply(CG_TURN_LIMIT - 1);
    assert!(pos.outcome().is_none());
    pos.play_text("b7").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert_eq!(pos.end_reason(), Some("turns"));
}

#[test]
fn the_third_occurrence_of_a_board_is_a_codingame_draw_but_not_an_engine_one() {
    let shuffle = "a7c7 g1e1 c7a7 e1g1 a7c7 g1e1 c7a7 e1g1";
    let cg = Ataxx::from_moves("cg:x6/7/7/7/7/7/6o x 0 1", "").unwrap();
    let mut pos = cg.clone();
    let plies: Vec<&str> = shuffle.split_whitespace().collect();
    for (i, mv) in plies.iter().enumerate() {
        assert!(pos.outcome().is_none(), "ended early at ply {i}");
        pos.play_text(mv).unwrap();
    }
    // The start board occurred at plies 0, 4 and 8.
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert_eq!(pos.end_reason(), Some("repetition"));

    let engine = Ataxx::from_moves("x6/7/7/7/7/7/6o x 0 1", shuffle).unwrap();
    assert!(engine.outcome().is_none());
    assert_eq!(engine.halfmove_clock(), 8);
}

#[test]
fn repetition_ignores_the_side_to_move() {
    // x shuffles a7-c7 (period 2) while o walks a triangle g1-e1-e3 (period 3). The start board
    // comes back at ply 7 with o to move and at ply 12 with x to move: its third occurrence.
    let line = "a7c7 g1e1 c7a7 e1e3 a7c7 e3g1 c7a7 g1e1 a7c7 e1e3 c7a7 e3g1";
    let mut pos = Ataxx::from_setup("cg:x6/7/7/7/7/7/6o x 0 1").unwrap();
    for (i, mv) in line.split_whitespace().enumerate() {
        assert!(pos.outcome().is_none(), "ended early at ply {i}");
        pos.play_text(mv).unwrap();
        if i + 1 == 7 {
            assert_eq!(pos.to_move(), Player::Second);
        }
    }
    assert_eq!(pos.to_move(), Player::First);
    assert_eq!(pos.end_reason(), Some("repetition"));
}

/// The CodinGame test position for long jump runs: x on a7 jumps round a ring of 8 squares
/// while o on g1 shuffles g1-e1, so the board comes back every 16 plies.
fn jump_run(plies: usize) -> Ataxx {
    let ring = [
        "a7c7", "c7e7", "e7e5", "e5e3", "e3c3", "c3a3", "a3a5", "a5a7",
    ];
    let mut pos = Ataxx::from_setup("cg:x6/7/7/7/7/7/6o x 0 1").unwrap();
    for ply in 0..plies {
        assert!(pos.outcome().is_none(), "ended early at ply {ply}");
        let text = if ply % 2 == 0 {
            ring[(ply / 2) % 8]
        } else if ply % 4 == 1 {
            "g1e1"
        } else {
            "e1g1"
        };
        pos.play_text(text).unwrap();
    }
    pos
}

#[test]
fn a_repetition_is_found_after_a_long_run_of_jumps() {
    // The board's third occurrence is at ply 32, beyond the inline window.
    const { assert!(REPETITION_WINDOW < 32) };
    let pos = jump_run(32);
    assert_eq!(pos.end_reason(), Some("repetition"));
}

#[test]
fn a_spawn_clears_the_repetition_history() {
    // No board from before a spawn can come back (a spawn adds a stone for good), so the rule
    // forgets them: the window and the older list both.
    const { assert!(REPETITION_WINDOW < 20) };
    let mut pos = jump_run(20);
    assert_eq!(pos.repetition_history_len(), 20);
    pos.play_text("e6").unwrap(); // x stands on e7
    assert_eq!(pos.repetition_history_len(), 0);
    pos.play_text("g1e1").unwrap();
    assert_eq!(pos.repetition_history_len(), 1);
}

#[test]
fn the_halfmove_clock_draw_applies_to_fen_positions() {
    let mut pos = fen("x6/7/7/7/7/7/6o x 99 60");
    assert!(pos.outcome().is_none());
    pos.play_text("a7c7").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::Draw));
    assert_eq!(pos.end_reason(), Some("halfmove"));
}

#[test]
fn every_cell_is_shown_with_walls_and_owners() {
    let pos = fen("x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1");
    let cells = pos.cells();
    assert_eq!(cells.len(), 49);
    assert_eq!(cells[0].name, "a7");
    assert_eq!(cells[0].owner, 1);
    assert_eq!(cells[6].owner, 2);
    assert_eq!(cells.iter().filter(|c| c.wall).count(), 4);
    assert!(cells.iter().any(|c| c.name == "c5" && c.wall));
}

#[test]
fn the_perft_command_takes_a_fen_and_its_help_says_so() {
    let run = |args: &[&str]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(args)
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8(out.stdout).unwrap()
    };
    assert!(run(&["perft", "ataxx", "2", "--fen", START]).starts_with("perft(2) = 256 "));
    assert!(run(&["perft", "--help"]).contains("--fen"));
}
