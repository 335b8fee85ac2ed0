//! Drives the real `boardlab bot ataxx` binary as a CodinGame referee would (rules.md §4): the
//! id and config lines, then per turn seven rows, `lastAction` and `actionsCount`, with or without
//! the action lines after it, rows printed top to bottom or bottom to top. The bot must answer a
//! legal move every turn, in time, without being told the row order.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use boardlab::game::{Game, Player};
use boardlab::games::ataxx::Ataxx;

/// One bot at a time: the time limits are checked, and parallel bots would share the cores.
static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());

#[derive(Clone, Copy, Debug, PartialEq)]
enum Order {
    TopFirst,
    BottomFirst,
}

struct Bot {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Bot {
    fn start() -> Bot {
        let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args([
                "bot",
                "ataxx",
                "--first-ms",
                "300",
                "--ms",
                "30",
                "--tt-mb",
                "16",
            ])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("bot starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Bot {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, text: &str) {
        self.stdin.write_all(text.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
    }

    fn answer(&mut self) -> String {
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("bot answers");
        line.trim().to_string()
    }

    fn finish(self) -> String {
        drop(self.stdin);
        let out = self.child.wait_with_output().unwrap();
        assert!(
            out.status.success(),
            "the bot exits cleanly at the end of input"
        );
        String::from_utf8_lossy(&out.stderr).into_owned()
    }
}

/// The seven rows as the referee prints them: `0` the first player, `1` the second, `#` walls.
fn rows(pos: &Ataxx, order: Order) -> String {
    let ranks: Vec<usize> = match order {
        Order::TopFirst => (0..7).rev().collect(),
        Order::BottomFirst => (0..7).collect(),
    };
    let mut out = String::new();
    for rank in ranks {
        for file in 0..7 {
            let bit = 1u64 << (rank * 7 + file);
            out.push(if pos.stones(Player::First) & bit != 0 {
                '0'
            } else if pos.stones(Player::Second) & bit != 0 {
                '1'
            } else if pos.walls() & bit != 0 {
                '#'
            } else {
                '.'
            });
        }
        out.push('\n');
    }
    out
}

/// Plays up to `bot_turns` turns of the bot (player `bot_id`) against a seeded random mover on
/// the layout `setup`; every bot answer must be legal. Returns the bot's stderr.
fn referee(
    setup: &str,
    order: Order,
    action_lines: bool,
    config_line: bool,
    bot_id: u8,
    bot_turns: usize,
) -> String {
    let me = if bot_id == 0 {
        Player::First
    } else {
        Player::Second
    };
    let _one_at_a_time = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut pos = Ataxx::from_setup(setup).unwrap();
    let mut bot = Bot::start();
    bot.send(&format!("{bot_id}\n"));
    if config_line {
        bot.send("17\n");
    }
    let mut last = "null".to_string();
    let mut rng = 0x5EEDu64 + bot_id as u64;
    let mut moves = Vec::new();
    let mut turns = 0;
    while pos.outcome().is_none() && turns < bot_turns {
        moves.clear();
        pos.legal_moves(&mut moves);
        if pos.to_move() != me {
            rng = rng
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = moves[(rng >> 33) as usize % moves.len()];
            last = pos.format_move(mv);
            pos.play(mv);
            continue;
        }
        if moves[0].is_pass() {
            // What the referee does then is not public; this one passes for the bot.
            last = "null".into();
            pos.play(moves[0]);
            continue;
        }
        let mut text = rows(&pos, order);
        text.push_str(&format!("{last}\n{}\n", moves.len()));
        if action_lines {
            for &m in &moves {
                text.push_str(&pos.format_move(m));
                text.push('\n');
            }
        }
        let t = Instant::now();
        bot.send(&text);
        let answer = bot.answer();
        let took = t.elapsed();
        let limit = Duration::from_millis(if turns == 0 { 1000 } else { 100 });
        assert!(took < limit, "turn {turns}: {took:?} for '{answer}'");
        let mv = pos.parse_move(&answer).unwrap_or_else(|e| {
            panic!(
                "turn {turns}: illegal answer '{answer}': {e}\n{}",
                pos.fen()
            )
        });
        pos.play(mv);
        last = answer;
        turns += 1;
    }
    assert!(turns > 0);
    bot.finish()
}

#[test]
fn rows_bottom_to_top_with_action_lines() {
    let log = referee("", Order::BottomFirst, true, true, 0, 10);
    assert!(log.contains("<< "), "the raw input is logged");
}

#[test]
fn rows_bottom_to_top_without_action_lines() {
    referee("walls:3", Order::BottomFirst, false, true, 1, 10);
}

#[test]
fn rows_top_to_bottom_with_action_lines() {
    referee("walls:11", Order::TopFirst, true, true, 1, 10);
}

#[test]
fn rows_top_to_bottom_without_action_lines() {
    referee("", Order::TopFirst, false, true, 0, 10);
}

#[test]
fn a_missing_config_line_is_tolerated() {
    let log = referee("walls:5", Order::TopFirst, false, false, 1, 4);
    assert!(log.contains("no config line"));
}

#[test]
fn the_bot_plays_a_whole_game_without_an_illegal_move() {
    referee("walls:21", Order::BottomFirst, true, true, 0, 200);
}

#[test]
fn the_arena_referee_sends_the_statement_input_and_reads_moves_with_messages() {
    use boardlab::arena::{CgReferee, Rejected};
    let pos = Ataxx::start();
    let text = pos.turn_input(Player::First, true, None);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "0");
    assert_eq!(lines[1], "x5o/7/7/7/7/7/o5x x 0 1");
    // Bottom to top: rank 1 (a1 = player 1's, g1 = player 0's) first.
    assert_eq!(lines[2], "1.....0");
    assert_eq!(lines[8], "0.....1");
    assert_eq!(&lines[9..], ["null", "16"]);

    assert!(pos.parse_action("b6 hello").is_ok());
    assert!(matches!(
        pos.parse_action("z9"),
        Err(Rejected::Unreadable(_))
    ));
    assert!(matches!(pos.parse_action("a7"), Err(Rejected::Illegal(_))));
    assert!(matches!(pos.parse_action("d4"), Err(Rejected::Illegal(_))));
}

#[test]
fn the_bot_answers_the_arena_referees_input() {
    use boardlab::arena::CgReferee;
    let _one_at_a_time = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let mut pos = Ataxx::from_setup("walls:9").unwrap();
    let first = pos.parse_move("a7b6").unwrap();
    pos.play(first);
    let mut bot = Bot::start();
    bot.send(&pos.turn_input(Player::Second, true, Some(first)));
    let answer = bot.answer();
    assert!(pos.parse_move(&answer).is_ok(), "illegal answer {answer}");
    bot.finish();
}
