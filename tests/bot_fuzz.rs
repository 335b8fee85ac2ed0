//! The CodinGame bots on damaged referee input (the harness: `tests/fuzz/mod.rs`): a bounded
//! proptest in the suite, and the long run behind `make fuzz`, which prints the README's table.

mod fuzz;

use fuzz::{case, table, Tally, DAMAGE_KINDS, GAMES};
use proptest::prelude::*;

/// Turns of the bot per game in the suite's cases (Amazons: per game of its two-game match).
const SUITE_TURNS: usize = 10;

proptest! {
    // Each case is a whole match of a few ms a turn: a bounded number keeps the suite fast;
    // `make fuzz` runs thousands.
    #![proptest_config(ProptestConfig { cases: 32, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_bot_recovers_from_damaged_turns(
        seed in any::<u64>(),
        damages in prop::collection::vec((0..DAMAGE_KINDS, 0..SUITE_TURNS), 1..=3),
    ) {
        for game in GAMES {
            let tally = case(game, seed, &damages, SUITE_TURNS);
            prop_assert!(tally.sound(), "{game} seed {seed} damages {damages:?}: {:#?}", tally);
        }
    }
}

#[test]
fn an_ataxx_row_of_zeros_cut_to_0000_is_a_damaged_row_not_a_pass() {
    // A case the proptest above found: a row of turn 1 that starts with four 0s, cut to
    // `0000`, which also reads as a pass; the bot ended the turn there and answered its rest as
    // a second turn.
    let tally = case("ataxx", 18306181264129575341, &[(3, 1)], SUITE_TURNS);
    assert!(tally.sound(), "{tally:#?}");
}

#[test]
fn an_amazons_colour_line_moved_into_the_turn_before_gets_no_second_answer() {
    // A case the proptest above found: turn 5's colour line swapped with turn 4's last line
    // (its `actionsCount`), and turn 4's eighth row with its `lastAction`. The bot answered turn
    // 4's short board with `random`, then read the eighth row as a leftover and the colour line
    // after it; when turn 5 began with the moved `actionsCount` it took that for a board of no
    // rows and answered `random` again, before the move for turn 5's real board.
    let damages = [(0, 0), (2, 4), (2, 4)];
    let tally = case("amazons", 12590152043637534456, &damages, SUITE_TURNS);
    assert!(tally.sound(), "{tally:#?}");
}

#[test]
fn a_connect4_turn_with_a_short_row_and_blank_action_lines_is_answered_in_its_own_turn() {
    // A case the proptest above found: turn 0's sixth row cut to 7 characters and two of its
    // ten action lines cut to nothing. The board was short, so the bot read the actions before
    // answering; skipping the blank lines it took the previous action and then turn 1's index
    // line as actions, and answered turn 0 only once turn 1 had begun: two answers there.
    let damages = [(3, 0), (3, 9), (3, 3)];
    let tally = case("connect4", 10456041987616626757, &damages, SUITE_TURNS);
    assert!(tally.sound(), "{tally:#?}");
}

#[test]
fn a_run_on_line_of_zeros_among_amazons_rows_is_not_a_count() {
    // A case `make fuzz` found: turn 8's row 1 followed by a 1 MiB line of `0`s, and its last
    // row doubled. The zeros parsed as the number 0, so the board ended after one row (answered
    // `random`); the seven rows left and the doubled one made a whole board, answered again.
    let damages = [(1, 8), (6, 8)];
    let tally = case("amazons", 5011016222, &damages, SUITE_TURNS);
    assert!(tally.sound(), "{tally:#?}");
}

#[test]
fn a_run_on_line_of_zeros_among_connect4_rows_is_not_a_number() {
    // The same damage in Connect 4 (turn 1): the zeros ended the board after its first row,
    // and the rows after them, one doubled, were answered as another turn.
    let damages = [(1, 1), (6, 1)];
    let tally = case("connect4", 77000036, &damages, SUITE_TURNS);
    assert!(tally.sound(), "{tally:#?}");
}

#[test]
fn undamaged_matches_get_a_legal_answer_every_turn() {
    for game in GAMES {
        for seed in 0..3 {
            let tally = case(game, seed, &[], SUITE_TURNS);
            assert!(
                tally.sound() && tally.first_after == 0,
                "{game} seed {seed}: {tally:#?}"
            );
            assert_eq!(tally.clean, tally.turns, "{game}: every turn checked");
        }
    }
}

/// `make fuzz`: `FUZZ_RUNS` damaged matches per game (default 2000; seeds from `FUZZ_SEED`,
/// default 1; only the games named in `FUZZ_GAMES` when set), 1–3 damages each, up to 24 turns of the bot per game; prints the table and fails
/// when a run is not sound.
#[test]
#[ignore]
fn fuzz_table() {
    let runs: u64 = std::env::var("FUZZ_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2000);
    let base: u64 = std::env::var("FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let only = std::env::var("FUZZ_GAMES").unwrap_or_default();
    let mut tallies = Vec::new();
    for game in GAMES
        .into_iter()
        .filter(|g| only.is_empty() || only.contains(g))
    {
        let mut total = Tally::default();
        for i in 0..runs {
            let seed = base.wrapping_mul(1_000_003).wrapping_add(i);
            let mut rng = boardlab::play::Rng(seed.wrapping_mul(0x2545_f491_4f6c_dd1d) | 1);
            let n = 1 + rng.below(3);
            let damages: Vec<(usize, usize)> = (0..n)
                .map(|_| (rng.below(DAMAGE_KINDS), rng.below(24)))
                .collect();
            total.add(&case(game, seed, &damages, 24));
        }
        eprintln!("{game}: {total:#?}");
        tallies.push((game, total));
    }
    println!("{}", table(&tallies));
    assert!(
        tallies.iter().all(|(_, t)| t.sound()),
        "{}",
        table(&tallies)
    );
}

#[test]
fn an_ataxx_last_action_displaced_behind_the_next_turns_first_row_is_not_answered() {
    // A case the proptest above found: turn 6's count and lastAction swapped, then its last
    // line (now lastAction) swapped with turn 7's first row. Turn 6 ended at its count; its
    // lastAction, read after one row of turn 7, ended that turn too, and the rest of turn 7 was
    // answered as another turn.
    let damages = [(10, 0), (2, 6), (2, 6)];
    let tally = case("ataxx", 12501723704144529953, &damages, SUITE_TURNS);
    assert!(tally.sound(), "{tally:#?}");
}
