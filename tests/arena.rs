//! The arena's verdicts on misbehaving bots, and a short refereed match between real bots.
//! Scripted bots are small `sh` commands; they print their lines whether or not they read the
//! turn's input, which a referee cannot tell apart from a bot that reads it.

use boardlab::arena::{referee_game, run_match, MatchConfig, TimeLimits, Verdict};
use boardlab::game::{Game, Player};
use boardlab::games::Yavalath;

const LIMITS: TimeLimits = TimeLimits {
    first_turn_ms: 400,
    turn_ms: 200,
};

fn boardlab(args: &str) -> String {
    format!("'{}' {args}", env!("CARGO_BIN_EXE_boardlab"))
}

fn verdict(first: &str, second: &str) -> Verdict {
    referee_game(&Yavalath::start(), &[], [first, second], LIMITS).verdict
}

#[test]
fn sleeping_past_the_limit_is_a_timeout() {
    assert_eq!(
        verdict("sleep 5", "sleep 5"),
        Verdict::Timeout(Player::First, 400)
    );
}

#[test]
fn garbage_is_unparsable() {
    assert!(matches!(
        verdict("echo hello; sleep 5", "sleep 5"),
        Verdict::Unparsable(Player::First, _)
    ));
}

#[test]
fn a_leading_space_is_unparsable() {
    assert!(matches!(
        verdict("echo ' 4 4'; sleep 5", "sleep 5"),
        Verdict::Unparsable(Player::First, _)
    ));
}

#[test]
fn two_spaces_between_the_numbers_are_unparsable_but_a_message_is_fine() {
    assert!(matches!(
        verdict("echo '4  4'; sleep 5", "sleep 5"),
        Verdict::Unparsable(Player::First, _)
    ));
    // `4 4 hi/there` is a legal move with a message; the second bot then times out.
    assert_eq!(
        verdict("echo '4 4 hi/there'; sleep 5", "sleep 5"),
        Verdict::Timeout(Player::Second, 400)
    );
}

#[test]
fn an_off_board_cell_is_illegal() {
    assert!(matches!(
        verdict("echo '8 3'; sleep 5", "sleep 5"),
        Verdict::Illegal(Player::First, _)
    ));
}

#[test]
fn crashing_mid_game_loses() {
    // The first bot plays one move and exits; the second plays a legal reply.
    let v = verdict("echo '4 4'", "echo '0 0'; sleep 5");
    assert!(matches!(v, Verdict::Crash(Player::First, _)), "{v:?}");
}

#[test]
fn printing_nothing_and_exiting_is_a_crash() {
    assert!(matches!(
        verdict("true", "sleep 5"),
        Verdict::Crash(Player::First, _)
    ));
}

#[test]
fn playing_an_occupied_cell_loses() {
    // The first bot repeats its own cell on its second turn.
    let v = verdict("echo '4 4'; echo '4 4'; sleep 5", "echo '0 0'; sleep 5");
    assert!(
        matches!(v, Verdict::Illegal(Player::First, ref why) if why.contains("occupied")),
        "{v:?}"
    );
}

#[test]
fn stealing_at_the_wrong_turn_loses() {
    // The second bot takes the first bot's cell on its second turn, not its first.
    let v = verdict(
        "echo '4 4'; echo '0 8'; sleep 5",
        "echo '0 0'; echo '4 4'; sleep 5",
    );
    assert!(matches!(v, Verdict::Illegal(Player::Second, _)), "{v:?}");
}

#[test]
fn the_steal_on_the_right_turn_is_legal() {
    // The second bot steals the centre, then the first bot times out: the steal was accepted.
    let v = verdict("echo '4 4'; sleep 5", "echo '4 4'; sleep 5");
    assert_eq!(v, Verdict::Timeout(Player::First, 200));
}

#[test]
fn the_engine_beats_the_random_baseline_in_a_refereed_match() {
    let config = MatchConfig {
        games: 4,
        concurrency: 1,
        limits: TimeLimits::default(),
        opening_plies: 2,
        seed: 3,
        sprt: None,
    };
    let engine = boardlab("bot yavalath");
    let random = boardlab("bot yavalath --player random");
    let stats = run_match(&Yavalath::start(), [&engine, &random], &config, |g, _| {
        // Every recorded game replays legally from the start.
        let moves = g.refereed.moves.join(" ");
        let pos = Yavalath::from_moves("", &moves).expect("the record replays");
        if let Verdict::Finished(o) = g.refereed.verdict {
            assert_eq!(pos.outcome(), Some(o));
        }
    });
    assert_eq!(stats.games(), 4);
    assert_eq!(stats.wins, 4, "faults: {:?}", stats.faults);
    assert_eq!(stats.faults, [0, 0]);
}
