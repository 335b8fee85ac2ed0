//! Connect 4's referee (`shared/rules.md` §2): the steal, full columns, output parsing, and the
//! input after an opening.

use boardlab::arena::Verdict;
use boardlab::game::Player;
use boardlab::games::connect4::Connect4Cg;

use crate::{first_input, verdict, SILENT};

fn from_start(first: &str, second: &str) -> Verdict {
    verdict::<Connect4Cg>("", "", [first, second])
}

#[test]
fn stealing_at_a_later_turn_loses() {
    // Turn 0: 4, turn 1: 0, turn 2: the first player tries to steal.
    let v = from_start("echo 4; echo STEAL; sleep 30", "echo 0; sleep 30");
    assert!(matches!(v, Verdict::Illegal(Player::First, _)), "{v:?}");
    // The second player's second action (turn 3) cannot be a steal either, as -2.
    let v = from_start("echo 4; echo 5; sleep 30", "echo 0; echo -2; sleep 30");
    assert!(matches!(v, Verdict::Illegal(Player::Second, _)), "{v:?}");
}

#[test]
fn the_steal_at_turn_1_is_legal_in_any_case() {
    // After `steal`, the first player's second turn times out: the steal was accepted.
    let v = from_start("echo 4; sleep 30", "echo sTeAl; sleep 30");
    assert_eq!(v, Verdict::Timeout(Player::First, 1000));
}

#[test]
fn a_full_column_loses() {
    // Seven chips fill column 0 (alternating colours, so no line); the eighth is illegal.
    let v = from_start(
        "for i in 1 2 3 4; do echo 0; done; sleep 30",
        "for i in 1 2 3 4; do echo 0; done; sleep 30",
    );
    assert!(
        matches!(v, Verdict::Illegal(Player::Second, ref why) if why.contains("full")),
        "{v:?}"
    );
}

#[test]
fn the_rules_cases_of_losing_output() {
    // `shared/rules.md` §2: ` 3`, `9`, `-1`, `abc` each lose.
    for (line, unreadable) in [
        (" 3", true),
        ("abc", true),
        ("", true),
        ("9", false),
        ("-1", false),
    ] {
        let v = from_start(&format!("echo '{line}'; sleep 30"), SILENT);
        let expected = match unreadable {
            true => matches!(v, Verdict::Unparsable(Player::First, _)),
            false => matches!(v, Verdict::Illegal(Player::First, _)),
        };
        assert!(expected, "'{line}': {v:?}");
    }
    // `+3` reads as 3, and a message after a space is fine: the second bot then times out.
    let v = from_start("echo '+3 hello'; sleep 30", SILENT);
    assert_eq!(v, Verdict::Timeout(Player::Second, 1500));
}

#[test]
fn after_a_one_ply_opening_the_second_player_sees_the_rules_case() {
    // `shared/rules.md` §2: after 0 plays 4, player 1 sees `1 0`, `1`, 6 x `.........`,
    // `....0....`, `10`, `0`..`8`, `-2`, `4`.
    let input = first_input::<Connect4Cg>("", "4", 21);
    let mut expected = vec!["1 0".to_string(), "1".to_string()];
    expected.extend(std::iter::repeat_n(".........".to_string(), 6));
    expected.push("....0....".into());
    expected.push("10".into());
    expected.extend((0..9).map(|c| c.to_string()));
    expected.push("-2".into());
    expected.push("4".into());
    assert_eq!(input, expected);
}

#[test]
fn after_an_opening_steal_the_first_player_is_told_minus_2() {
    // `shared/rules.md` §2: after a steal, player 0 sees at turn 2: `2`, 6 empty rows,
    // `....1....`, `9`, `0`..`8`, `-2` (after its id line, as this is its first turn).
    let input = first_input::<Connect4Cg>("", "4 steal", 20);
    assert_eq!(input[..3], ["0 1", "2", "........."]);
    assert_eq!(input[8], "....1....");
    assert_eq!(input[9], "9");
    assert_eq!(input[19], "-2");
}
