//! The UAI front end (`boardlab uai`), driven through its library entry point and the binary:
//! handshake, positions with moves, every `go` limit, both clock conventions, `stop`, passes.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardlab::game::{Game, Player};
use boardlab::protocol::uai::{self, parse_position, Go};
use boardlab::search::StopFlag;

/// Runs a whole session over `script` and returns the output lines.
fn session(script: &str) -> Vec<String> {
    let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    uai::run(script.as_bytes(), Arc::clone(&out), 8).unwrap();
    let bytes = out.lock().unwrap().clone();
    String::from_utf8(bytes)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bestmove(lines: &[String]) -> &str {
    lines
        .iter()
        .rev()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line")
}

#[test]
fn the_handshake_names_the_engine_and_answers_isready() {
    let lines = session("uai\nisready\nquit\n");
    assert!(lines[0].starts_with("id name "));
    assert!(lines.contains(&"uaiok".to_string()));
    assert_eq!(lines.last().unwrap(), "readyok");
}

#[test]
fn go_depth_searches_the_position_after_the_moves_and_answers_a_legal_move() {
    let lines = session("uainewgame\nposition startpos moves g2 a1a3\ngo depth 4\n");
    let pos = parse_position(&["startpos", "moves", "g2", "a1a3"]).unwrap();
    assert_eq!(pos.fen(), "x5o/7/7/7/o6/6x/6x x 1 2");
    let best = bestmove(&lines);
    assert!(pos.parse_move(best).is_ok(), "{best}");
    let infos: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .collect();
    assert_eq!(infos.len(), 4);
    assert!(infos[3].contains(" score cp ") && infos[3].contains(" pv "));
}

#[test]
fn position_fen_and_a_bad_move_is_reported_without_changing_the_position() {
    let lines =
        session("position fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1\nposition startpos moves a1\nd\n");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: move 1 (a1)")));
    assert!(lines
        .iter()
        .any(|l| l == "info string fen x5o/7/2-1-2/7/2-1-2/7/o5x o 0 1"));
}

#[test]
fn a_side_without_moves_answers_the_pass() {
    let lines = session("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\ngo depth 3\n");
    assert_eq!(bestmove(&lines), "0000");
}

#[test]
fn a_finished_game_answers_0000() {
    let lines = session("position fen x5o/7/7/7/7/7/o5x x 100 1\ngo movetime 50\n");
    assert_eq!(bestmove(&lines), "0000");
}

#[test]
fn the_node_limit_holds() {
    let lines = session("position startpos\ngo nodes 3000\n");
    let last_info = lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .unwrap();
    let nodes: u64 = last_info
        .split_whitespace()
        .skip_while(|w| *w != "nodes")
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    assert!(nodes <= 3000 + 256, "{nodes}");
}

#[test]
fn both_clock_conventions_give_each_side_its_own_clock() {
    let stop = StopFlag::new();
    let (go, problems) = Go::parse(&["btime", "1000", "wtime", "50000", "binc", "0", "winc", "0"]);
    assert!(problems.is_empty());
    // btime/wtime: black = x = first player.
    let first = go.limits(Player::First, stop).time_ms.unwrap();
    let second = go.limits(Player::Second, stop).time_ms.unwrap();
    assert!(first < second, "{first} vs {second}");
    // rtime/btime: red = x = first player, so btime is the second player's.
    let (go, _) = Go::parse(&["rtime", "1000", "btime", "50000", "rinc", "0", "binc", "0"]);
    let first = go.limits(Player::First, stop).time_ms.unwrap();
    let second = go.limits(Player::Second, stop).time_ms.unwrap();
    assert!(first < second, "{first} vs {second}");
    assert!(first <= 500);
    let (go, _) = Go::parse(&["movetime", "200"]);
    assert_eq!(go.limits(Player::First, stop).time_ms, Some(190));
    let (_, problems) = Go::parse(&["depth", "x", "ponder"]);
    assert_eq!(problems.len(), 2);
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove_and_isready_answers_during_it() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["uai", "--tt-mb", "8"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut read_until = |prefix: &str| -> String {
        let mut line = String::new();
        loop {
            line.clear();
            assert!(stdout.read_line(&mut line).unwrap() > 0, "output ended");
            if line.starts_with(prefix) {
                return line.trim().to_string();
            }
        }
    };
    writeln!(stdin, "position startpos\ngo infinite").unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(Duration::from_millis(200));
    writeln!(stdin, "isready").unwrap();
    stdin.flush().unwrap();
    read_until("readyok");
    let t = Instant::now();
    writeln!(stdin, "stop").unwrap();
    stdin.flush().unwrap();
    let best = read_until("bestmove");
    assert!(
        t.elapsed() < Duration::from_millis(500),
        "{:?}",
        t.elapsed()
    );
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos.parse_move(best.trim_start_matches("bestmove ")).is_ok());
    writeln!(stdin, "go movetime 100").unwrap();
    stdin.flush().unwrap();
    let t = Instant::now();
    read_until("bestmove");
    assert!(
        t.elapsed() < Duration::from_millis(400),
        "{:?}",
        t.elapsed()
    );
    writeln!(stdin, "quit").unwrap();
    assert!(child.wait().unwrap().success());
}
