//! Drives the real `boardlab bot amazons` binary through whole CodinGame matches (rules.md §3):
//! two games on one start position with the colours swapped, `boardSize` only on the player's
//! first turn of game 1, the colour every turn, rows rank 8 first, `lastAction` (`null` on the
//! first move of each game) and `actionsCount`; the bot answers one token such as `d8d1d7`.

use std::io::Write;
use std::time::Duration;

use boardlab::game::{Game, Outcome, Player};
use boardlab::games::amazons::Amazons;
use boardlab::play::Rng;

mod common;
use common::Bot;

/// The referee's text for one turn of the player with colour `me`.
fn turn_input(pos: &Amazons, me: Player, board_size: bool, last: Option<&str>) -> String {
    let mut text = String::new();
    if board_size {
        text.push_str("8\n");
    }
    text.push_str(if me == Player::First { "w\n" } else { "b\n" });
    for y in (0..8).rev() {
        for x in 0..8 {
            text.push(pos.square_char(y * 8 + x));
        }
        text.push('\n');
    }
    text.push_str(last.unwrap_or("null"));
    text.push('\n');
    text.push_str(&format!("{}\n", pos.count_moves()));
    text
}

/// Reads an answer as the referee does: split at `msg`, drop whitespace, lower-case, and it must
/// be a legal `from to arrow`. The bot should need none of that leniency: one bare token.
fn check_answer(pos: &Amazons, answer: &str) -> String {
    assert!(
        answer.len() == 6 && answer.chars().all(|c| c.is_ascii_alphanumeric()),
        "answer '{answer}' is one bare token like d8d1d7"
    );
    assert_eq!(answer, answer.to_ascii_lowercase(), "lower case");
    pos.parse_move(answer)
        .unwrap_or_else(|e| panic!("the bot's move '{answer}' is legal: {e}"));
    answer.to_string()
}

/// A random legal move from `rng`.
fn random_reply(pos: &Amazons, rng: &mut Rng) -> String {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    pos.format_move(moves[rng.below(moves.len())])
}

/// One game from `start` with the bot playing `bot_colour`; `first_of_match` says whether this is
/// the bot's first game (it gets `boardSize`). Returns the outcome and, per bot turn, the time
/// it took.
fn play_game(
    bot: &mut Bot,
    start: &Amazons,
    bot_colour: Player,
    first_of_match: bool,
    rng: &mut Rng,
) -> (Outcome, Vec<Duration>) {
    let mut pos = *start;
    let mut last: Option<String> = None;
    let mut times = Vec::new();
    while pos.outcome().is_none() {
        let text = if pos.to_move() == bot_colour {
            let input = turn_input(
                &pos,
                bot_colour,
                first_of_match && times.is_empty(),
                last.as_deref(),
            );
            let (answer, took) = bot.turn(&input);
            times.push(took);
            check_answer(&pos, &answer)
        } else {
            random_reply(&pos, rng)
        };
        pos.play_text(&text).unwrap();
        last = Some(text);
    }
    (pos.outcome().unwrap(), times)
}

fn assert_in_time(times: &[Duration]) {
    assert!(
        times[0] < Duration::from_millis(1000),
        "the first turn of a game took {:?}",
        times[0]
    );
    for (i, t) in times.iter().enumerate().skip(1) {
        // The referee allows 100 ms; the bot aims at 80. Pipes and a loaded test machine add a
        // little, which the margin absorbs.
        assert!(
            *t < Duration::from_millis(100 + 60),
            "turn {} took {:?}",
            i + 1,
            t
        );
    }
}

/// A whole two-game match with the bot as player `seat` (1: white in game 1, black in game 2).
fn play_match(seat: u8, seed: i64) {
    play_match_with(seat, seed, &[], "depth");
}

/// [`play_match`] with extra bot arguments; the bot's log must mention `logged` (its search).
fn play_match_with(seat: u8, seed: i64, args: &[&str], logged: &str) {
    let start = Amazons::from_setup(&format!("seed:{seed}")).unwrap();
    let mut rng = Rng(0xA3A2_0000 + seed as u64);
    let mut bot = Bot::start("amazons", args);
    let (first, second) = if seat == 1 {
        (Player::First, Player::Second)
    } else {
        (Player::Second, Player::First)
    };
    let (outcome, times) = play_game(&mut bot, &start, first, true, &mut rng);
    assert_eq!(
        outcome,
        Outcome::Win(first),
        "game 1: the bot beats random moves"
    );
    assert_in_time(&times);
    let (outcome, times) = play_game(&mut bot, &start, second, false, &mut rng);
    assert_eq!(
        outcome,
        Outcome::Win(second),
        "game 2: the bot beats random moves"
    );
    assert_in_time(&times);
    let log = bot.finish();
    assert!(log.contains(logged), "stderr reports the search: {log}");
    let colours = if seat == 1 { ["w", "b"] } else { ["b", "w"] };
    let games: Vec<&str> = log.lines().filter(|l| l.contains("new game")).collect();
    assert_eq!(
        games,
        colours.map(|c| format!("boardlab: new game as {c}")),
        "the bot sees both game starts (and gets the first-turn time there)"
    );
    assert!(
        !log.contains("line ") && !log.contains("actionsCount says"),
        "no complaint about well-formed input: {log}"
    );
}

#[test]
fn a_match_as_the_first_player() {
    play_match(1, 0);
}

#[test]
fn a_match_as_the_second_player() {
    play_match(2, 42);
}

#[test]
fn a_match_with_each_engine_named() {
    play_match_with(1, 5, &["--engine", "mcts"], "mcts iterations");
    play_match_with(2, 6, &["--engine", "alphabeta"], "depth");
}

#[test]
fn the_first_turn_reads_the_exact_referee_text() {
    // Seed 0 as CodinGame shows it to white: white d3 g1 b6 g6, black e6 b8 g3 b3.
    let input = "8\nw\n.b......\n........\n.w..b.w.\n........\n........\n.b.w..b.\n........\n......w.\nnull\n1062\n";
    let mut bot = Bot::start("amazons", &[]);
    let (answer, _) = bot.turn(input);
    check_answer(&Amazons::from_setup("seed:0").unwrap(), &answer);
    let log = bot.finish();
    assert!(
        !log.contains("line ") && !log.contains("actionsCount"),
        "{log}"
    );
}

#[test]
fn a_wrong_actions_count_is_reported_but_answered() {
    let input = "8\nw\n.b......\n........\n.w..b.w.\n........\n........\n.b.w..b.\n........\n......w.\nnull\n7\n";
    let mut bot = Bot::start("amazons", &[]);
    let (answer, _) = bot.turn(input);
    check_answer(&Amazons::from_setup("seed:0").unwrap(), &answer);
    let log = bot.finish();
    assert!(
        log.contains("actionsCount says 7 but the rows give 1062"),
        "{log}"
    );
}

#[test]
fn an_unreadable_board_gets_random_and_a_clear_message() {
    let mut bot = Bot::start("amazons", &[]);
    // Rank 6 has a stray character and black has no amazon at all.
    let input = "8\nw\n........\n........\n.w..q.w.\n........\n........\n...w....\n........\n......w.\nnull\n12\n";
    let (answer, _) = bot.turn(input);
    assert_eq!(
        answer, "random",
        "the referee plays a random legal move for us"
    );
    let log = bot.finish();
    assert!(log.contains("rank 6 should be 8 characters"), "{log}");
    assert!(log.contains("cannot read the position"), "{log}");
}

#[test]
fn a_missing_colour_keeps_the_previous_one() {
    let mut bot = Bot::start("amazons", &[]);
    let input = "8\n.b......\n........\n.w..b.w.\n........\n........\n.b.w..b.\n........\n......w.\nnull\nx\n";
    let (answer, _) = bot.turn(input);
    check_answer(&Amazons::from_setup("seed:0").unwrap(), &answer);
    let log = bot.finish();
    assert!(log.contains("expected the colour 'w' or 'b'"), "{log}");
    assert!(log.contains("expected actionsCount"), "{log}");
}

#[test]
fn end_of_input_mid_turn_exits_cleanly() {
    let mut bot = Bot::start("amazons", &[]);
    bot.stdin.write_all(b"8\nw\n.b......\n....").unwrap();
    bot.finish();
}
