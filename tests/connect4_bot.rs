//! Drives the real `boardlab bot connect4` binary turn by turn, as the CodinGame referee does
//! (rules.md §2): `myId oppId` on a player's own first turn only, the turn index, 7 absolute rows
//! top to bottom, the valid actions, the opponent's previous action; the bot answers a column or
//! `STEAL`.

use std::io::Write;
use std::time::Duration;

use boardlab::game::{Display, Evaluate, Game, Outcome, Player};
use boardlab::games::connect4::{Connect4Cg, STEAL};

mod common;
use common::Bot;

/// The referee's input for the side to move of `pos`: the ids on its first turn, the turn index,
/// the rows, the valid actions and the opponent's previous action.
fn turn_input(pos: &Connect4Cg, first_turn: bool, previous: Option<u8>) -> String {
    let me = pos.to_move();
    let mut text = String::new();
    if first_turn {
        text.push_str(if me == Player::First {
            "0 1\n"
        } else {
            "1 0\n"
        });
    }
    text.push_str(&format!("{}\n", pos.ply()));
    let mut rows = vec![String::new(); 7];
    for cell in pos.cells() {
        rows[cell.y as usize].push(match cell.owner {
            1 => '0',
            2 => '1',
            _ => '.',
        });
    }
    for r in rows {
        text.push_str(&r);
        text.push('\n');
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    text.push_str(&format!("{}\n", moves.len()));
    for m in &moves {
        text.push_str(&format!("{}\n", if *m == STEAL { -2 } else { *m as i32 }));
    }
    let prev = match previous {
        None => -1,
        Some(STEAL) => -2,
        Some(c) => c as i32,
    };
    text.push_str(&format!("{prev}\n"));
    text
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

fn assert_in_time(times: &[Duration]) {
    assert!(
        times[0] < Duration::from_millis(1000),
        "first turn took {:?}",
        times[0]
    );
    for (i, t) in times.iter().enumerate().skip(1) {
        // The referee allows 100 ms; the bot aims at 80. The margin absorbs pipes and a loaded
        // test machine.
        assert!(
            *t < Duration::from_millis(100 + 60),
            "turn {} took {:?}",
            i + 1,
            t
        );
    }
}

/// Plays a whole game with the bot as `me`; returns the outcome and the bot's answer times.
fn play_against_bot(me: Player, script: &[u8]) -> (Outcome, Vec<Duration>) {
    let mut bot = Bot::start("connect4", &[]);
    let mut pos = Connect4Cg::start();
    let mut previous = None;
    let mut first_turn = true;
    let mut times = Vec::new();
    while pos.outcome().is_none() {
        let mv = if pos.to_move() == me {
            let (answer, took) = bot.turn(&turn_input(&pos, first_turn, previous));
            first_turn = false;
            times.push(took);
            assert!(!answer.starts_with(' '), "no leading space: '{answer}'");
            pos.parse_action(&answer)
                .unwrap_or_else(|e| panic!("the bot's action '{answer}' is legal: {e}"))
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
    assert_eq!(
        outcome,
        Outcome::Win(Player::First),
        "the bot beats the greedy opponent"
    );
    assert_in_time(&times);
}

#[test]
fn plays_a_whole_game_as_second_player() {
    let (outcome, times) = play_against_bot(Player::Second, &SCRIPT);
    assert_eq!(
        outcome,
        Outcome::Win(Player::Second),
        "the bot beats the greedy opponent"
    );
    assert_in_time(&times);
}

#[test]
fn the_first_turn_reads_the_exact_referee_text() {
    let mut bot = Bot::start("connect4", &[]);
    let empty = ".........\n".repeat(7);
    let input = format!("0 1\n0\n{empty}9\n0\n1\n2\n3\n4\n5\n6\n7\n8\n-1\n");
    let (answer, took) = bot.turn(&input);
    assert!(took < Duration::from_millis(1000));
    let col: u8 = answer.parse().expect("a bare column digit");
    assert!(col < 9);
    let log = bot.finish();
    assert!(log.contains("depth"), "stderr reports the search: {log}");
    assert!(
        !log.contains("line "),
        "no complaint about well-formed input: {log}"
    );
}

#[test]
fn steals_a_centre_opening_but_not_an_edge_one() {
    // The bot's own search weighs the steal against every column.
    for (opening, steals) in [(4u8, true), (0u8, false)] {
        let mut bot = Bot::start("connect4", &[]);
        let mut pos = Connect4Cg::start();
        pos.play(opening);
        let input = turn_input(&pos, true, Some(opening));
        assert!(
            input.contains("\n10\n") && input.contains("\n-2\n"),
            "turn 1 lists the steal"
        );
        let (answer, _) = bot.turn(&input);
        assert_eq!(
            answer == "STEAL",
            steals,
            "opening {opening}: answer {answer}"
        );
        let mv = pos.parse_action(&answer).unwrap();
        pos.play(mv);
        // The game goes on: the opponent replies and the bot answers a legal column.
        let reply = greedy_reply(&pos, &SCRIPT);
        pos.play(reply);
        let (answer, _) = bot.turn(&turn_input(&pos, false, Some(reply)));
        pos.parse_action(&answer)
            .unwrap_or_else(|e| panic!("'{answer}' is legal after the steal turn: {e}"));
        bot.finish();
    }
}

#[test]
fn opens_with_a_move_it_would_not_steal() {
    // As first player the bot opens where, by its own judgement as second player, stealing is
    // not better than replying.
    let mut first = Bot::start("connect4", &[]);
    let (answer, _) = first.turn(&turn_input(&Connect4Cg::start(), true, None));
    first.finish();
    let opening: u8 = answer.parse().expect("a column");
    let mut pos = Connect4Cg::start();
    pos.play(opening);
    let mut second = Bot::start("connect4", &[]);
    let (reply, _) = second.turn(&turn_input(&pos, true, Some(opening)));
    second.finish();
    assert_ne!(
        reply, "STEAL",
        "the bot opened with {opening}, which it would steal"
    );
}

#[test]
fn plays_on_after_being_stolen_from() {
    let mut bot = Bot::start("connect4", &[]);
    let mut pos = Connect4Cg::start();
    let (answer, _) = bot.turn(&turn_input(&pos, true, None));
    let first = pos.parse_action(&answer).unwrap();
    pos.play(first);
    pos.play(STEAL);
    let input = turn_input(&pos, false, Some(STEAL));
    assert!(
        input.starts_with("2\n") && input.contains('1') && input.ends_with("\n-2\n"),
        "turn index 2, the stolen chip reads as '1', previous action -2: {input}"
    );
    let (answer, _) = bot.turn(&input);
    let mv = pos
        .parse_action(&answer)
        .unwrap_or_else(|e| panic!("'{answer}' is legal: {e}"));
    assert_ne!(mv, STEAL);
    pos.play(mv);
    let log = bot.finish();
    assert!(!log.contains("cannot read"), "{log}");
}

#[test]
fn takes_a_win_and_blocks_a_loss() {
    // The bot (first player) has three on the bottom row: it wins at once.
    let mut pos = Connect4Cg::new(true);
    for c in [0u8, 8, 1, 8, 2, 7] {
        pos.play(c);
    }
    let mut bot = Bot::start("connect4", &[]);
    let (answer, _) = bot.turn(&turn_input(&pos, true, Some(7)));
    assert_eq!(answer, "3");
    bot.finish();
    // The bot (second player) must block column 3.
    let mut pos = Connect4Cg::new(true);
    for c in [0u8, 0, 1, 1, 2] {
        pos.play(c);
    }
    let mut bot = Bot::start("connect4", &[]);
    let (answer, _) = bot.turn(&turn_input(&pos, true, Some(2)));
    assert_eq!(answer, "3");
    bot.finish();
}

#[test]
fn malformed_input_is_reported_and_still_answered_legally() {
    let mut bot = Bot::start("connect4", &[]);
    // Row 3 is too short: the position cannot be read, the action list still can.
    let input = "0 1\n0\n.........\n.........\n.........\n......\n.........\n.........\n.........\n9\n0\n1\n2\n3\n4\n5\n6\n7\n8\n-1\n";
    let (answer, _) = bot.turn(input);
    let col: u8 = answer.parse().expect("a column");
    assert!(col < 9);
    let log = bot.finish();
    assert!(
        log.contains("row 3 should have 9 cells"),
        "stderr names the bad row: {log}"
    );

    // A bad turn index line: the board still decides, and the bot says what was wrong.
    let mut bot = Bot::start("connect4", &[]);
    let input = "1 0\nx\n.........\n.........\n.........\n.........\n.........\n.........\n....0....\n10\n0\n1\n2\n3\n4\n5\n6\n7\n8\n-2\n4\n";
    let (answer, _) = bot.turn(input);
    assert!(!answer.is_empty() && !answer.starts_with(' '));
    let log = bot.finish();
    assert!(log.contains("expected the turn index"), "{log}");

    // A floating chip: refused as a position, answered from the valid actions.
    let mut bot = Bot::start("connect4", &[]);
    let input = "1 0\n1\n.........\n.........\n.........\n.........\n.........\n....0....\n.........\n10\n0\n1\n2\n3\n4\n5\n6\n7\n8\n-2\n4\n";
    let (answer, _) = bot.turn(input);
    let col: u8 = answer.parse().expect("a column");
    assert!(col < 9);
    let log = bot.finish();
    assert!(log.contains("cannot read the position"), "{log}");
}

#[test]
fn end_of_input_mid_turn_exits_cleanly() {
    let mut bot = Bot::start("connect4", &[]);
    bot.stdin.write_all(b"0 1\n0\n.........\n....").unwrap();
    let log = bot.finish();
    assert!(!log.contains("panicked"), "{log}");
}
