//! Ataxx's referee as BoardLab settles it (`shared/rules.md` §4, `boardlab arena --help`):
//! output parsing, illegal moves, and the pass of a player without a legal move.

use boardlab::arena::Verdict;
use boardlab::game::{Game, Player};
use boardlab::games::Ataxx;

use crate::{first_input, verdict, SILENT};

fn from_start(first: &str, second: &str) -> Verdict {
    verdict::<Ataxx>("", "", [first, second])
}

/// The second player (`o`, to move) on a7, walled in with no spawn or jump; the first on g1.
const O_MUST_PASS: &str = "cg:o--4/---4/---4/7/7/7/6x o 0 1";

#[test]
fn the_walled_in_position_is_a_forced_pass() {
    let pos = Ataxx::from_setup(O_MUST_PASS).expect("valid");
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.len() == 1 && moves[0].is_pass(), "{moves:?}");
}

#[test]
fn a_jump_of_three_squares_is_illegal() {
    let v = from_start("echo a7d4; sleep 30", SILENT);
    assert!(matches!(v, Verdict::Illegal(Player::First, _)), "{v:?}");
}

#[test]
fn a_jump_from_an_enemy_stone_is_illegal() {
    // g7 holds the second player's stone.
    let v = from_start("echo g7e7; sleep 30", SILENT);
    assert!(matches!(v, Verdict::Illegal(Player::First, _)), "{v:?}");
}

#[test]
fn garbage_and_off_board_squares_are_unparsable() {
    for line in ["hello", "h1", "a8", "", " b7"] {
        let v = from_start(&format!("echo '{line}'; sleep 30"), SILENT);
        assert!(
            matches!(v, Verdict::Unparsable(Player::First, _)),
            "'{line}': {v:?}"
        );
    }
}

#[test]
fn a_spawn_with_a_message_is_legal() {
    let v = from_start("echo 'b7 hi'; sleep 30", SILENT);
    assert_eq!(v, Verdict::Timeout(Player::Second, 1500));
}

#[test]
fn a_player_that_must_pass_passes_with_any_readable_action() {
    // `b7` is a wall, but any readable action is the pass; then the first player times out.
    let v = verdict::<Ataxx>(O_MUST_PASS, "", [SILENT, "echo b7; sleep 30"]);
    assert_eq!(v, Verdict::Timeout(Player::First, 1500));
}

#[test]
fn a_player_that_must_pass_still_loses_on_an_unreadable_line() {
    for line in ["", "pass!"] {
        let v = verdict::<Ataxx>(
            O_MUST_PASS,
            "",
            [SILENT, &format!("echo '{line}'; sleep 30")],
        );
        assert!(
            matches!(v, Verdict::Unparsable(Player::Second, _)),
            "'{line}': {v:?}"
        );
    }
}

#[test]
fn a_wall_layout_is_in_the_config_line_and_the_rows() {
    let input = first_input::<Ataxx>("walls:3", "", 9);
    let start = Ataxx::from_setup("walls:3").expect("valid");
    assert_eq!(input[0], "0");
    assert_eq!(input[1], start.fen());
    assert!(input[2..9].iter().any(|row| row.contains('#')), "{input:?}");
}
