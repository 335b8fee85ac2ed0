//! Yavalath's referee (`shared/rules.md` §1): output parsing, the steal, and the input after an
//! opening.

use boardlab::arena::Verdict;
use boardlab::game::Player;
use boardlab::games::Yavalath;

use crate::{first_input, game, verdict, SILENT};

fn from_start(first: &str, second: &str) -> Verdict {
    verdict::<Yavalath>("", "", [first, second])
}

#[test]
fn sleeping_past_the_limit_is_a_timeout() {
    assert_eq!(
        from_start(SILENT, SILENT),
        Verdict::Timeout(Player::First, 1500)
    );
}

#[test]
fn a_live_bot_that_reads_and_never_answers_times_out() {
    assert_eq!(
        from_start("cat > /dev/null", SILENT),
        Verdict::Timeout(Player::First, 1500)
    );
}

#[test]
fn garbage_is_unparsable() {
    assert!(matches!(
        from_start("echo hello; sleep 30", SILENT),
        Verdict::Unparsable(Player::First, _)
    ));
}

#[test]
fn an_empty_line_is_unparsable() {
    assert!(matches!(
        from_start("echo; sleep 30", SILENT),
        Verdict::Unparsable(Player::First, _)
    ));
}

#[test]
fn a_leading_space_is_unparsable() {
    assert!(matches!(
        from_start("echo ' 4 4'; sleep 30", SILENT),
        Verdict::Unparsable(Player::First, _)
    ));
}

#[test]
fn a_lone_number_is_unparsable() {
    assert!(matches!(
        from_start("echo 4; sleep 30", SILENT),
        Verdict::Unparsable(Player::First, _)
    ));
}

#[test]
fn two_spaces_between_the_numbers_are_unparsable_but_a_message_is_fine() {
    assert!(matches!(
        from_start("echo '4  4'; sleep 30", SILENT),
        Verdict::Unparsable(Player::First, _)
    ));
    // `4 4 hi/there` is a legal move with a message; the second bot then times out.
    assert_eq!(
        from_start("echo '4 4 hi/there'; sleep 30", SILENT),
        Verdict::Timeout(Player::Second, 1500)
    );
}

#[test]
fn the_numbers_are_split_on_any_single_whitespace_character() {
    // The referee splits on `\s`: a tab between the numbers reads as `4 4`.
    assert_eq!(
        from_start("printf '4\\t4\\n'; sleep 30", SILENT),
        Verdict::Timeout(Player::Second, 1500)
    );
}

#[test]
fn an_off_board_cell_is_illegal() {
    assert!(matches!(
        from_start("echo '8 3'; sleep 30", SILENT),
        Verdict::Illegal(Player::First, _)
    ));
}

#[test]
fn crashing_mid_game_loses() {
    // The first bot reads its first turn (the id line, `9`, nine rows and the last move: 12
    // lines), plays the centre, reads its second turn (the same without the id line: 11 lines)
    // and exits instead of answering. Reading each turn before acting keeps the order fixed: the
    // referee's writes all land before the bot exits.
    let crashing = "head -n 12 >/dev/null; echo '4 4'; head -n 11 >/dev/null; exit 3";
    let g = game::<Yavalath>("", "", [crashing, "echo '0 0'; sleep 30"]);
    assert_eq!(g.moves, ["e5", "a1"], "{:?}", g.verdict);
    assert_eq!(
        g.verdict,
        Verdict::Crash(Player::First, "closed its output".into())
    );
    assert_eq!(g.verdict.describe(), "player 1 crashed: closed its output");
}

#[test]
fn printing_nothing_and_exiting_is_a_crash() {
    assert!(matches!(
        from_start("true", SILENT),
        Verdict::Crash(Player::First, _)
    ));
}

#[test]
fn playing_an_occupied_cell_loses() {
    // The first bot repeats its own cell on its second turn.
    let v = from_start("echo '4 4'; echo '4 4'; sleep 30", "echo '0 0'; sleep 30");
    assert!(
        matches!(v, Verdict::Illegal(Player::First, ref why) if why.contains("occupied")),
        "{v:?}"
    );
}

#[test]
fn stealing_at_the_wrong_turn_loses() {
    // The second bot takes the first bot's cell on its second turn, not its first.
    let v = from_start(
        "echo '4 4'; echo '0 8'; sleep 30",
        "echo '0 0'; echo '4 4'; sleep 30",
    );
    assert!(matches!(v, Verdict::Illegal(Player::Second, _)), "{v:?}");
}

#[test]
fn the_steal_on_the_right_turn_is_legal() {
    // The second bot steals the centre, then the first bot times out: the steal was accepted.
    let v = from_start("echo '4 4'; sleep 30", "echo '4 4'; sleep 30");
    assert_eq!(v, Verdict::Timeout(Player::First, 1000));
}

#[test]
fn after_an_opening_the_bot_is_told_the_openings_last_move() {
    // The referee played e5, the centre (4,4): the second player's first input ends with it, not
    // with `-1 -1`, which a real referee sends only before any move.
    let input = first_input::<Yavalath>("", "e5", 12);
    assert_eq!(input[0], "2");
    assert_eq!(input[1], "9");
    assert_eq!(input[6], "000020000");
    assert_eq!(input[11], "4 4");
}
