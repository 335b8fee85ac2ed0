//! Drives the real `boardlab bot connect4` binary turn by turn, as the CodinGame referee does
//! (rules.md §2): `myId oppId` on a player's own first turn only, the turn index, 7 absolute rows
//! top to bottom, the valid actions, the opponent's previous action; the bot answers a column or
//! `STEAL`.
//!
//! The recorded transcripts in `tests/fixtures/connect4/` were written by hand from rules.md (its
//! turn-0, after-the-opening and after-a-steal inputs among them); answers are checked against
//! the recorded action list and rows, not by BoardLab's board code, and a separate test checks
//! that BoardLab's referee side writes exactly those transcripts.

use boardlab::arena::CgReferee;
use boardlab::game::{Evaluate, Game, Outcome, Player};
use boardlab::games::connect4::{Connect4Cg, STEAL};

mod common;
use common::{assert_arena_writes, replay_all, transcript, transcripts, Bot, RecordedTurn};

/// The referee's check of an answer against one turn's input as recorded: the action is the
/// text before the first space, `STEAL` (any case) or an integer, and it must be one of the
/// listed valid actions; a column must also have an empty top cell in the rows.
fn check_answer(lines: &[String], answer: &str) -> Result<i32, String> {
    let first_row = lines
        .iter()
        .position(|l| l.len() == 9 && l.bytes().all(|b| matches!(b, b'.' | b'0' | b'1')))
        .ok_or("no board row in the input")?;
    let count: usize = lines[first_row + 7]
        .parse()
        .map_err(|_| "no action count")?;
    let listed: Vec<i32> = lines[first_row + 8..first_row + 8 + count]
        .iter()
        .map(|a| a.parse().unwrap())
        .collect();
    let action = answer.split(' ').next().unwrap_or("");
    let value = if action.eq_ignore_ascii_case("steal") {
        -2
    } else {
        action.parse::<i32>().map_err(|_| "not a column or STEAL")?
    };
    if !listed.contains(&value) {
        return Err(format!("{value} is not among the valid actions {listed:?}"));
    }
    if value >= 0 && lines[first_row].as_bytes()[value as usize] != b'.' {
        return Err(format!("column {value} is full"));
    }
    Ok(value)
}

#[test]
fn recorded_transcripts_get_a_legal_answer_every_turn() {
    let legal =
        |_: &_, turn: &RecordedTurn, answer: &str| check_answer(&turn.lines, answer).map(|_| ());
    for (name, log) in replay_all("connect4", legal, |_| false, &["cannot read"]) {
        assert!(
            log.contains("depth"),
            "{name}: stderr reports the search: {log}"
        );
    }
}

#[test]
fn the_arena_referee_writes_the_recorded_transcripts() {
    let action = |text: &str| -> Option<u8> {
        match text {
            "-1" => None,
            "-2" | "STEAL" => Some(STEAL),
            c => Some(c.parse().expect("a column")),
        }
    };
    for transcript in transcripts("connect4") {
        let mut pos = Connect4Cg::start();
        let me = if transcript.turns[0].lines[0] == "0 1" {
            Player::First
        } else {
            Player::Second
        };
        for (i, turn) in transcript.turns.iter().enumerate() {
            let last = action(turn.lines.last().unwrap());
            if let Some(mv) = last.filter(|_| i > 0 || me == Player::Second) {
                pos.play(mv);
            }
            assert_arena_writes(&transcript, i, &pos.turn_input(me, i == 0, last));
            if let Some(mv) = &turn.played {
                pos.play(action(mv).unwrap());
                assert!(pos.outcome().is_none(), "{}", transcript.name);
            }
        }
    }
}

/// The opponent: wins when it can, blocks a playable win, avoids handing over a win, and
/// otherwise takes the first column of `script` with room (it never steals).
fn greedy_reply(pos: &Connect4Cg, script: &[u8]) -> u8 {
    let mut safe = Vec::new();
    pos.search_moves(&mut safe);
    safe.retain(|&m| m != STEAL);
    if safe.len() == 1 {
        return safe[0];
    }
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    script
        .iter()
        .copied()
        .chain(0..9)
        .find(|c| safe.contains(c))
        .unwrap_or(legal[0])
}

/// Plays a whole game with the bot as `me`; returns the outcome and the bot's answer times.
fn play_against_bot(me: Player, script: &[u8]) -> (Outcome, Vec<common::TurnTime>) {
    let mut bot = Bot::start("connect4", &[]);
    let mut pos = Connect4Cg::start();
    let mut previous = None;
    let mut times = Vec::new();
    while pos.outcome().is_none() {
        let mv = if pos.to_move() == me {
            let (answer, took) = bot.turn(&pos.turn_input(me, times.is_empty(), previous));
            times.push(took);
            pos.parse_action(&answer)
                .unwrap_or_else(|e| panic!("the bot's action '{answer}' is legal: {e:?}"))
        } else {
            greedy_reply(&pos, script)
        };
        pos.play(mv);
        previous = Some(mv);
    }
    bot.finish();
    (pos.outcome().unwrap(), times)
}

const SCRIPT: [u8; 9] = [4, 3, 5, 2, 6, 4, 1, 7, 0];

#[test]
fn plays_a_whole_game_as_first_player() {
    let (outcome, times) = play_against_bot(Player::First, &SCRIPT);
    common::assert_won_in_time(Player::First, outcome, &times);
}

#[test]
fn plays_a_whole_game_as_second_player() {
    let (outcome, times) = play_against_bot(Player::Second, &SCRIPT);
    common::assert_won_in_time(Player::Second, outcome, &times);
}

/// The answer of a fresh bot to the second player's first turn after `opening`.
fn reply_to_opening(opening: u8) -> String {
    let mut pos = Connect4Cg::start();
    pos.play(opening);
    let mut bot = Bot::start("connect4", &[]);
    let (answer, _) = bot.turn(&pos.turn_input(Player::Second, true, Some(opening)));
    bot.finish();
    answer
}

#[test]
fn does_not_steal_an_edge_opening() {
    // The centre opening is stolen (transcript `stealing`); an edge one is not worth it.
    assert_ne!(reply_to_opening(0), "STEAL");
}

#[test]
fn plays_the_opening_book_on_its_first_turn() {
    // As first player the bot opens with the book's column: the one the book's deep search
    // found least worth to the second player, stealing included.
    let start = Connect4Cg::start();
    let mut first = Bot::start("connect4", &[]);
    let (answer, _) = first.turn(&start.turn_input(Player::First, true, None));
    let log = first.finish();
    let book = start.book_move().expect("the book has a first column");
    assert_eq!(answer, book.to_string());
    assert!(log.contains("book move"), "the log says so: {log}");
    // As second player it answers every first column with the book's answer.
    for opening in 0..9u8 {
        let book = start.after(opening).book_move().expect("an answer");
        let expected = if book == STEAL {
            "STEAL".to_string()
        } else {
            book.to_string()
        };
        assert_eq!(reply_to_opening(opening), expected, "opening {opening}");
    }
}

#[test]
fn without_the_book_the_first_turn_is_searched() {
    let mut bot = Bot::start("connect4", &["--no-book", "--first-ms", "100"]);
    let (answer, _) = bot.turn(&Connect4Cg::start().turn_input(Player::First, true, None));
    let log = bot.finish();
    assert!(!log.contains("book move"), "{log}");
    assert!(answer.parse::<u8>().is_ok_and(|c| c < 9), "{answer}");
}

#[test]
fn takes_a_win_and_blocks_a_loss() {
    // The bot (first player) has three on the bottom row: it wins at once.
    let mut pos = Connect4Cg::new(true);
    for c in [0u8, 8, 1, 8, 2, 7] {
        pos.play(c);
    }
    let mut bot = Bot::start("connect4", &[]);
    let (answer, _) = bot.turn(&pos.turn_input(Player::First, true, Some(7)));
    assert_eq!(answer, "3");
    bot.finish();
    // The bot (second player) must block column 3.
    let mut pos = Connect4Cg::new(true);
    for c in [0u8, 0, 1, 1, 2] {
        pos.play(c);
    }
    let mut bot = Bot::start("connect4", &[]);
    let (answer, _) = bot.turn(&pos.turn_input(Player::Second, true, Some(2)));
    assert_eq!(answer, "3");
    bot.finish();
}

/// A turn's text from its lines.
fn text(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// rules.md's turn of player 1 after player 0 opened in column 4 (as recorded).
fn after_centre_opening() -> Vec<String> {
    transcript("connect4", "stealing").turns[0].lines.clone()
}

#[test]
fn malformed_rows_are_reported_and_answered_from_the_action_list() {
    // Row 3 is too short: the board cannot be read, the action list still can.
    let mut bot = Bot::start("connect4", &[]);
    let mut lines = after_centre_opening();
    lines[5] = "......".into();
    let (answer, _) = bot.turn(&text(&lines));
    check_answer(&after_centre_opening(), &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("skipped '......': not row 3"), "{log}");
    assert!(
        log.contains("the board ends after 6 of its 7 rows"),
        "{log}"
    );
    assert!(log.contains("printing column"), "{log}");

    // A floating chip: refused as a position, answered from the valid actions.
    let mut bot = Bot::start("connect4", &[]);
    let mut lines = after_centre_opening();
    lines.swap(7, 8);
    let (answer, _) = bot.turn(&text(&lines));
    check_answer(&lines, &answer).unwrap();
    let log = bot.finish();
    assert!(log.contains("cannot read the position"), "{log}");
}

#[test]
fn stray_and_leftover_lines_never_shift_the_board() {
    let mut bot = Bot::start("connect4", &[]);
    // A word where the turn index goes, a stray line between two rows and one after the
    // previous action: every turn still reads its own board, in time.
    let mut lines = after_centre_opening();
    lines.insert(1, "hello".into());
    lines.insert(6, "stray".into());
    lines.push("left over".into());
    let (answer, _) = bot.turn(&text(&lines));
    check_answer(&after_centre_opening(), &answer).unwrap();
    let mut pos = Connect4Cg::start();
    pos.play(4);
    pos.play(pos.parse_action(&answer).unwrap());
    let reply = greedy_reply(&pos, &SCRIPT);
    pos.play(reply);
    // A leftover number of the previous turn before the next one: the board decides that the
    // turn index is the number that fits its chips.
    let clean = pos.turn_input(Player::Second, false, Some(reply));
    let (answer, took) = bot.turn(&format!("8\n{clean}"));
    let clean: Vec<String> = clean.lines().map(str::to_string).collect();
    check_answer(&clean, &answer).unwrap();
    assert!(took.within(common::TURN_LIMIT_MS), "{took:?}");
    let log = bot.finish();
    assert!(
        log.contains("expected the turn index, got 'hello'"),
        "{log}"
    );
    assert!(log.contains("skipped 'stray': not row 3"), "{log}");
    assert!(
        log.contains("expected the turn index, got 'left over'"),
        "{log}"
    );
    assert!(log.contains("before the board: 3 fits its"), "{log}");
}

#[test]
fn a_count_larger_than_the_board_allows_does_not_make_the_bot_wait() {
    // rules.md's turn 2 after a steal has 9 valid actions; 10 are announced. The bot reads the 9
    // the board allows and the previous action, then answers at once instead of waiting for a
    // line that never comes.
    let mut lines = transcript("connect4", "stolen_from").turns[1].lines.clone();
    assert_eq!(lines[8], "9");
    lines[8] = "10".into();
    let mut bot = Bot::start("connect4", &[]);
    let (answer, took) = bot.turn(&text(&lines));
    lines[8] = "9".into();
    check_answer(&lines, &answer).unwrap();
    assert!(took.within(common::FIRST_TURN_LIMIT_MS), "{took:?}");
    let log = bot.finish();
    assert!(
        log.contains("10 valid actions announced, the board has 9"),
        "{log}"
    );
}

#[test]
fn a_line_that_is_not_utf8_is_read_lossily_and_the_bot_keeps_answering() {
    let mut bot = Bot::start("connect4", &[]);
    let mut input = b"\xc3\x28\n".to_vec();
    input.extend(text(&after_centre_opening()).bytes());
    bot.send(&input);
    check_answer(&after_centre_opening(), &bot.answer()).unwrap();
    let log = bot.finish();
    assert!(log.contains("not valid UTF-8"), "{log}");
}

#[test]
fn end_of_input_mid_turn_exits_cleanly() {
    common::assert_exits_cleanly_mid_turn("connect4", b"0 1\n0\n.........\n....");
}

#[test]
fn a_previous_action_the_board_does_not_show_is_logged_and_the_board_wins() {
    // The opponent's chip stands in column 4; a previous action naming column 0 (empty) is
    // damage: the bot answers the board and says so once.
    let mut lines = after_centre_opening();
    let last = lines.len() - 1;
    assert_eq!(lines[last], "4");
    lines[last] = "0".into();
    let mut bot = Bot::start("connect4", &[]);
    let (answer, _) = bot.turn(&text(&lines));
    check_answer(&after_centre_opening(), &answer).unwrap();
    let log = bot.finish();
    assert!(
        log.contains("previous action '0' names an empty column: the board won"),
        "{log}"
    );
}
