//! Each game's position notation (Display::position_text) reads back as a setup to the same
//! position, after moves from its start.

use boardlab::game::{Display, Game};
use boardlab::games::connect4::Connect4Cg;
use boardlab::games::{Amazons, Ataxx, Yavalath};
use boardlab::play::{random_opening, Rng};

fn round_trips<G: Display>(setup: &str, plies: u32, seed: u64) {
    let start = G::from_setup(setup).expect("valid setup");
    let pos = random_opening(&start, plies, &mut Rng(seed));
    let text = pos
        .position_text()
        .expect("the game has a position notation");
    let back = G::from_setup(&text).unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
    assert_eq!(back.cells(), pos.cells(), "{text}");
    assert_eq!(back.to_move(), pos.to_move(), "{text}");
    let (mut a, mut b) = (Vec::new(), Vec::new());
    pos.legal_moves(&mut a);
    back.legal_moves(&mut b);
    assert_eq!(a, b, "{text}: the same legal moves");
}

#[test]
fn an_ataxx_fen_reads_back_under_both_rule_sets() {
    for seed in 0..5 {
        round_trips::<Ataxx>("", 9, seed);
        round_trips::<Ataxx>("x5o/7/7/7/7/7/o5x x 0 1", 9, seed);
        round_trips::<Ataxx>("walls:3", 6, seed);
    }
    assert!(
        Ataxx::start().position_text().unwrap().starts_with("cg:"),
        "CodinGame rules keep their prefix"
    );
}

#[test]
fn an_amazons_position_string_reads_back() {
    for seed in 0..5 {
        round_trips::<Amazons>("", 7, seed);
        round_trips::<Amazons>("seed:42", 4, seed);
    }
}

/// The error of reading `text` as a setup of `G`, which must be refused.
fn refusal<G: Game>(text: &str) -> String {
    match G::from_setup(text) {
        Ok(_) => panic!("'{text}' should be refused"),
        Err(e) => e.to_string(),
    }
}

/// Plays `moves` (the game's notation) from `setup`.
fn after<G: Game>(setup: &str, moves: &str) -> G {
    G::from_moves(setup, moves).expect("legal moves")
}

/// The position after `moves` reads back as the same game state (stones, side to move, ply
/// count, steal state: the hash covers the steal), and on the empty board the game goes on alike
/// (`first` opens the steal in both or in neither). Returns the text.
fn reads_back_exactly<G: Display>(setup: &str, moves: &str, first: &str) -> String {
    let pos = after::<G>(setup, moves);
    let text = pos
        .position_text()
        .expect("a game in progress has a position");
    let back = G::from_setup(&text).unwrap_or_else(|e| panic!("'{text}' does not read back: {e}"));
    assert_eq!(back.cells(), pos.cells(), "{text}");
    assert_eq!(
        back.hash(),
        pos.hash(),
        "{text}: the same side to move and steal state"
    );
    assert_eq!(back.ply(), pos.ply(), "{text}: the same ply count");
    if pos.ply() == 0 {
        let (mut a, mut b) = (pos, back);
        a.play_text(first).unwrap();
        b.play_text(first).unwrap();
        let (mut after_a, mut after_b) = (Vec::new(), Vec::new());
        a.legal_moves(&mut after_a);
        b.legal_moves(&mut after_b);
        assert_eq!(
            after_a, after_b,
            "{text}: the replies to {first}, the steal included"
        );
    }
    text
}

#[test]
fn a_yavalath_position_string_reads_back() {
    for seed in 0..20 {
        round_trips::<Yavalath>("", 1, seed);
        round_trips::<Yavalath>("", 9, seed);
        round_trips::<Yavalath>("nosteal", 1, seed);
        round_trips::<Yavalath>("nosteal", 8, seed);
    }
    // The steal to come, open now, taken, never there.
    let read = |setup, moves| reads_back_exactly::<Yavalath>(setup, moves, "a1");
    assert_eq!(
        read("", ""),
        "...../....../......./......../........./......../......./....../..... x steal"
    );
    assert!(read("", "e5").ends_with(" o steal"));
    assert_eq!(
        read("", "e5 e5"),
        "...../....../......./......../....o..../......../......./....../..... x -"
    );
    assert!(read("", "e5 e5 d4").ends_with(" o -"));
    assert!(read("nosteal", "").ends_with(" x -"));
    assert!(read("nosteal", "e5").ends_with(" o -"));
}

#[test]
fn a_connect4_position_string_reads_back() {
    for seed in 0..20 {
        round_trips::<Connect4Cg>("", 1, seed);
        round_trips::<Connect4Cg>("", 12, seed);
        round_trips::<Connect4Cg>("nosteal", 1, seed);
        round_trips::<Connect4Cg>("nosteal", 15, seed);
    }
    let read = |setup, moves| reads_back_exactly::<Connect4Cg>(setup, moves, "0");
    assert_eq!(
        read("", ""),
        "........./........./........./........./........./........./......... x steal"
    );
    assert!(read("", "4").ends_with(" o steal"));
    assert_eq!(
        read("", "4 steal 3"),
        "........./........./........./........./........./........./...xo.... o -"
    );
    assert!(read("", "4 steal").ends_with(" x -"));
    assert!(read("", "4 4 3").ends_with(" o -"));
    assert!(read("nosteal", "").ends_with(" x -"));
    assert!(read("nosteal", "4").ends_with(" o -"));
}

#[test]
fn broken_yavalath_position_strings_say_where() {
    let empty = "...../....../......./......../........./......../......./....../.....";
    let e = refusal::<Yavalath>(
        "...../....../......./......../....?..../......../......./....../..... o -",
    );
    assert!(
        e.contains("row e") && e.contains("cell 5") && e.contains("'?'"),
        "{e}"
    );
    let e = refusal::<Yavalath>(
        "...../....../......../......../........./......../......./....../..... x -",
    );
    assert!(e.contains("row c has 8 cells, expected 7"), "{e}");
    let e =
        refusal::<Yavalath>("...../....../......./......../........./......../......./...... x -");
    assert!(e.contains("8 rows"), "{e}");
    let e = refusal::<Yavalath>(&format!("{empty} y -"));
    assert!(e.contains("side to move 'y'"), "{e}");
    let e = refusal::<Yavalath>(&format!("{empty} x"));
    assert!(e.contains("got 2 fields"), "{e}");
}

#[test]
fn yavalath_position_strings_follow_the_rules_of_play() {
    // Counts: x moves first, so x has as many stones as o or one more; the steal shifts one.
    let e = refusal::<Yavalath>(
        "...../....../......./......../...xx..../......../......./....../..... o -",
    );
    assert!(e.contains("2 x and 0 o stones do not fit o to move"), "{e}");
    refusal::<Yavalath>(
        "...../....../......./......../....x..../......../......./....../..... x -",
    );
    // After a steal o is one ahead: legal with x to move.
    Yavalath::from_setup(
        "...../....../......./......../....o..../......../......./....../..... x -",
    )
    .expect("the position after e5 e5");
    // The steal is only still to come before o's first move.
    let e = refusal::<Yavalath>(
        "...../....../......./......../...xo..../......../......./....../..... x steal",
    );
    assert!(e.contains("'steal'"), "{e}");
    // A finished game (a line of three or four) cannot be set up.
    let e = refusal::<Yavalath>(
        "...../....../......./......../xxx.o..../o......./......./....../..... o -",
    );
    assert!(
        e.contains("x already has a line of three or more (e1 e2 e3)"),
        "{e}"
    );
    let over = after::<Yavalath>("nosteal", "e1 a1 e2 a2 e3");
    assert!(over.outcome().is_some());
    assert_eq!(over.position_text(), None, "a finished game has no setup");
}

#[test]
fn broken_connect4_position_strings_say_where() {
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./........./....r.... o -",
    );
    assert!(e.contains("row 7 from the top, column 4: 'r'"), "{e}");
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./......../....x.... o -",
    );
    assert!(
        e.contains("row 6 from the top has 8 cells, expected 9"),
        "{e}"
    );
    let e =
        refusal::<Connect4Cg>("........./........./........./........./........./....x.... o -");
    assert!(e.contains("6 rows"), "{e}");
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./....x..../......... o -",
    );
    assert!(e.contains("column 4 has a chip above an empty cell"), "{e}");
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./........./....x.... o maybe",
    );
    assert!(e.contains("steal 'maybe'"), "{e}");
}

#[test]
fn connect4_position_strings_follow_the_rules_of_play() {
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./........./...xx.... o -",
    );
    assert!(e.contains("2 x and 0 o chips do not fit o to move"), "{e}");
    // After a steal o is one chip ahead with x to move.
    let pos = Connect4Cg::from_setup(
        "........./........./........./........./........./........./....o.... x -",
    )
    .unwrap();
    assert_eq!(pos.ply(), 2, "the steal counts as a turn");
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./........./...xo.... x steal",
    );
    assert!(e.contains("'steal'"), "{e}");
    // A finished game (a four, a full board) cannot be set up.
    let e = refusal::<Connect4Cg>(
        "........./........./........./........./........./ooo....../xxxx..... o -",
    );
    assert!(e.contains("x already has four in a row"), "{e}");
    let over = after::<Connect4Cg>("nosteal", "0 1 0 1 0 1 0");
    assert!(over.outcome().is_some());
    assert_eq!(over.position_text(), None, "a finished game has no setup");
    // The Pons setups still read as before.
    assert_eq!(Connect4Cg::from_setup("nosteal 4453").unwrap().ply(), 4);
}
