//! Amazons' referee (`shared/rules.md` §3): the two-game match where an error in either game
//! loses both, output parsing, `random`, and the start each match is dealt.

use boardlab::arena::{referee_match, Opening, Verdict};
use boardlab::game::{Game, Player};
use boardlab::games::Amazons;

use crate::{first_input, LIMITS, SILENT};

/// A corridor on rank 1: white a1, empty b1 c1 d1, black e1, walls everywhere else. White wins
/// at once with a1c1d1 (black's only neighbours are then walls); a1b1a1 leaves black moves.
const CORRIDOR: &str = "--------/--------/--------/--------/--------/--------/--------/w...b--- w";

fn corridor_match(bot0: &str, bot1: &str) -> Vec<(Verdict, bool)> {
    let opening = Opening::<Amazons>::new(CORRIDOR).expect("a valid position");
    referee_match(&opening, [bot0, bot1], true, LIMITS, 0)
        .into_iter()
        .map(|(r, first)| (r.verdict, first))
        .collect()
}

#[test]
fn the_corridor_is_what_the_tests_assume() {
    let mut win = Amazons::from_setup(CORRIDOR).expect("valid");
    win.play_text("a1c1d1").expect("legal");
    assert_eq!(
        win.outcome(),
        Some(boardlab::game::Outcome::Win(Player::First))
    );
    let mut quiet = Amazons::from_setup(CORRIDOR).expect("valid");
    quiet.play_text("a1b1a1").expect("legal");
    assert_eq!(quiet.outcome(), None);
}

#[test]
fn an_error_in_game_2_loses_game_1_too() {
    // Bot 0 wins game 1 as white, then prints garbage as black in game 2.
    let games = corridor_match(
        "echo a1c1d1; echo garbage; sleep 30",
        "echo a1b1a1; sleep 30",
    );
    assert_eq!(games.len(), 2);
    let (game1, bot0_white) = &games[0];
    assert!(*bot0_white);
    assert!(
        matches!(game1, Verdict::Forfeit(Player::First, why) if why.contains("game 2")),
        "{game1:?}"
    );
    assert!(
        matches!(games[1], (Verdict::Unparsable(Player::Second, _), false)),
        "{games:?}"
    );
}

#[test]
fn an_error_in_game_1_loses_game_2_unplayed() {
    let games = corridor_match("echo d3d4; sleep 30", SILENT);
    assert!(
        matches!(games[0].0, Verdict::Unparsable(Player::First, _)),
        "{games:?}"
    );
    // In game 2 bot 0 is black: the forfeit is charged to black.
    assert!(
        matches!(games[1].0, Verdict::Forfeit(Player::Second, _)),
        "{games:?}"
    );
}

#[test]
fn a_move_through_a_wall_is_illegal_and_a_malformed_one_unreadable() {
    let games = corridor_match("echo a1a3a1; sleep 30", SILENT);
    assert!(
        matches!(games[0].0, Verdict::Illegal(Player::First, _)),
        "{games:?}"
    );
    for line in ["a1c1", "a1c1d9", "a1 c1 d1 e1", "x"] {
        let games = corridor_match(&format!("echo '{line}'; sleep 30"), SILENT);
        assert!(
            matches!(games[0].0, Verdict::Unparsable(Player::First, _)),
            "{line}: {games:?}"
        );
    }
}

#[test]
fn spaces_and_capitals_are_removed_and_msg_starts_a_message() {
    // `A1 C1 D1 msg hi` reads as a1c1d1, which wins game 1; `E1 d1 e1` as black in game 2 is
    // legal too, and then bot 1 times out (so it forfeits game 1).
    let opening = Opening::<Amazons>::new(CORRIDOR).expect("a valid position");
    let bots = [
        "echo 'A1 C1 D1 msg hi'; echo 'E1 d1 e1'; sleep 30",
        "echo a1b1a1; sleep 30",
    ];
    let games = referee_match(&opening, bots, true, LIMITS, 0);
    assert_eq!(games[0].0.moves, ["a1c1d1"]);
    assert_eq!(games[1].0.moves, ["a1b1a1", "e1d1e1"]);
    assert_eq!(games[1].0.verdict, Verdict::Timeout(Player::First, 1000));
    assert!(matches!(
        games[0].0.verdict,
        Verdict::Forfeit(Player::Second, _)
    ));
}

#[test]
fn random_makes_the_referee_play_a_legal_move() {
    let opening = Opening::<Amazons>::new("seed:7").expect("valid");
    let (game1, _) =
        referee_match(&opening, ["echo random; sleep 30", SILENT], true, LIMITS, 3).swap_remove(0);
    // The referee played one move for white, then black timed out.
    assert_eq!(game1.verdict, Verdict::Timeout(Player::Second, 1500));
    assert_eq!(game1.moves.len(), 1);
    Amazons::from_moves("seed:7", &game1.moves[0]).expect("a legal move");
}

#[test]
fn the_first_input_shows_the_dealt_start() {
    // Seed 42: white a3 e3 a7 f8, black h6 d6 h2 c1 (`shared/rules.md` §3).
    let input = first_input::<Amazons>("seed:42", "", 11);
    assert_eq!(input[..2], ["8", "w"]);
    let rows: Vec<&str> = input[2..10].iter().map(String::as_str).collect();
    assert_eq!(
        rows,
        [
            ".....w..", "w.......", "...b...b", "........", "........", "w...w...", ".......b",
            "..b....."
        ]
    );
    assert_eq!(input[10], "null");
}
