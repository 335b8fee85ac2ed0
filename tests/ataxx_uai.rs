//! The UAI front end (`boardlab uai`), driven through its library entry point and the binary:
//! handshake, positions with moves, every `go` limit, both clock conventions, `stop`, passes,
//! `perft` as libataxx's `UAIEngine::perft` reads it (it sends `perft N` and waits for a line
//! whose first word is `nodes`), and `uainewgame`.

use std::io::{BufRead, BufReader, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use boardlab::game::{Game, Player};
use boardlab::protocol::uai::{self, parse_position, Go};
use boardlab::search::StopFlag;

mod common;

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
fn a_rejected_position_leaves_no_position_and_go_answers_an_error_not_a_move() {
    // The earlier position is finished (halfmove clock 100): answering for it would say `0000`
    // without an error, and answering for the start would send a move for another game.
    let lines = session(
        "position fen x5o/7/7/7/7/7/o5x x 100 1\nposition startpos moves a1\nd\ngo depth 2\n",
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string error: move 1 (a1)")));
    assert!(
        !lines.iter().any(|l| l.starts_with("info string fen")),
        "{lines:?}"
    );
    let at = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .unwrap();
    assert_eq!(lines[at], "bestmove 0000");
    assert!(
        lines[at - 1].starts_with("info string error: no position"),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info depth")),
        "{lines:?}"
    );
    // A broken FEN is rejected the same way; a good position afterwards is searched again.
    let lines = session(
        "position fen x5o/7/9/7 x 0 1\ngo movetime 50\nperft 1\nposition startpos\ngo depth 2\n",
    );
    assert!(lines[0].starts_with("info string error: "), "{lines:?}");
    let bests: Vec<&String> = lines.iter().filter(|l| l.starts_with("bestmove")).collect();
    assert_eq!(bests.len(), 2, "{lines:?}");
    assert_eq!(bests[0], "bestmove 0000");
    assert!(lines.contains(&"nodes 0".to_string()), "{lines:?}");
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos
        .parse_move(bests[1].trim_start_matches("bestmove "))
        .is_ok());
    // `uainewgame` gives the start position back.
    let lines = session("position startpos moves a1\nuainewgame\nd\n");
    assert_eq!(
        lines.last().unwrap(),
        &format!("info string fen {}", uai::STARTPOS)
    );
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
    // `movetime` is spent whole: the search's own reserve keeps it within the last 5 %.
    let (go, _) = Go::parse(&["movetime", "200"]);
    let limits = go.limits(Player::First, stop);
    assert_eq!(limits.time_ms, Some(200));
    assert!(limits.fixed_time);
    let stop_at = limits.stop_at_ms().unwrap();
    assert!((190..200).contains(&stop_at), "{stop_at}");
    let (_, problems) = Go::parse(&["depth", "x", "ponder"]);
    assert_eq!(problems.len(), 2);
}

#[test]
fn a_go_with_an_unreadable_limit_or_unknown_word_gets_a_finite_default() {
    let stop = StopFlag::new();
    let default = Some(boardlab::search::DEFAULT_BUDGET_MS);
    for words in [
        &["movetime", "-5"][..],
        &["depth", "x"],
        &["wtime", "-1", "btime", "-1"],
        &["frobnicate"],
        &["infinite", "ponder"],
        &["movetime"],
    ] {
        let (go, problems) = Go::parse(words);
        assert!(!problems.is_empty(), "{words:?}");
        assert!(go.uses_default_time(Player::First), "{words:?}");
        assert_eq!(go.limits(Player::First, stop).time_ms, default, "{words:?}");
    }
    // A clock for the other side only is no limit for this one.
    let (go, problems) = Go::parse(&["wtime", "1000"]);
    assert!(problems.is_empty());
    assert_eq!(go.limits(Player::First, stop).time_ms, default);
    // What was readable still holds; a plain `go` and `go infinite` still search until `stop`.
    let (go, _) = Go::parse(&["depth", "3", "movetime", "x"]);
    let limits = go.limits(Player::First, stop);
    assert_eq!((limits.max_depth, limits.time_ms), (Some(3), default));
    for words in [
        &[][..],
        &["infinite"],
        &["infinite", "wtime", "10", "btime", "10"],
    ] {
        let (go, _) = Go::parse(words);
        assert_eq!(go.limits(Player::First, stop).time_ms, None, "{words:?}");
    }
    // Through the session: an error line, then a bestmove without any `stop`.
    let lines = session("position startpos\ngo movetime -5\n");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error: 'movetime'")),
        "{lines:?}"
    );
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos.parse_move(bestmove(&lines)).is_ok());
}

#[test]
fn stop_ends_an_infinite_search_with_a_bestmove_and_isready_answers_during_it() {
    let mut engine = Engine::start();
    engine.send("position startpos\ngo infinite");
    std::thread::sleep(Duration::from_millis(200));
    engine.send("isready");
    engine.read_until("readyok");
    // The bounds below are loose on purpose: an infinite search that ignored `stop` (or a
    // `movetime` search that ignored its time) would never answer, while a loaded CI machine can
    // delay a correct answer by far more than the engine's own few milliseconds.
    let t = Instant::now();
    engine.send("stop");
    let best = engine.read_until("bestmove").pop().unwrap();
    assert!(
        t.elapsed() < Duration::from_millis(2000),
        "{:?}",
        t.elapsed()
    );
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos.parse_move(best.trim_start_matches("bestmove ")).is_ok());
    engine.send("go movetime 100");
    let t = Instant::now();
    engine.read_until("bestmove");
    assert!(
        t.elapsed() < Duration::from_millis(2000),
        "{:?}",
        t.elapsed()
    );
    engine.quit();
}

/// The count of the first line whose first word is `nodes`, as libataxx's `UAIEngine` reads it.
fn perft_answer(lines: &[String]) -> u64 {
    lines
        .iter()
        .find_map(|l| l.strip_prefix("nodes "))
        .expect("a 'nodes N' line")
        .parse()
        .unwrap()
}

#[test]
fn perft_answers_nodes_with_the_libataxx_counts() {
    // anchors.md (libataxx tests/perft.cpp): the start position and a walled one.
    let lines = session("position startpos\nperft 3\n");
    assert_eq!(perft_answer(&lines), 6_460);
    let lines = session("position fen x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1\nperft 2\n");
    assert_eq!(perft_answer(&lines), 196);
    let lines = session("position fen 7/7/7/7/-------/-------/x5o x 0 1\nperft 6\n");
    assert_eq!(perft_answer(&lines), 174);
    // A side that must pass counts the pass; a finished game has no moves.
    let lines = session("position fen 7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1\nperft 2\n");
    assert_eq!(perft_answer(&lines), 75);
    let lines = session("position fen x5o/7/7/7/7/7/o5x x 100 1\nperft 1\n");
    assert_eq!(perft_answer(&lines), 0);
    let lines = session("perft x\n");
    assert!(lines
        .iter()
        .any(|l| l.starts_with("info string perft needs a depth")));
}

/// A `boardlab uai` process driven line by line.
struct Engine {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: BufReader<std::process::ChildStdout>,
}

impl Engine {
    fn start() -> Engine {
        let (child, stdin, stdout) = common::spawn_boardlab(&["uai", "--tt-mb", "8"]);
        Engine {
            child,
            stdin,
            stdout,
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn read_until(&mut self, prefix: &str) -> Vec<String> {
        let mut lines = Vec::new();
        loop {
            let mut line = String::new();
            assert!(
                self.stdout.read_line(&mut line).unwrap() > 0,
                "output ended"
            );
            let line = line.trim().to_string();
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    fn quit(mut self) {
        self.send("quit");
        assert!(self.child.wait().unwrap().success());
    }
}

/// The node counts of the `info depth` lines of a search.
fn node_counts(lines: &[String]) -> Vec<String> {
    lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .map(|l| {
            l.split_whitespace()
                .skip_while(|w| *w != "nodes")
                .nth(1)
                .unwrap()
                .to_string()
        })
        .collect()
}

#[test]
fn uainewgame_resets_the_position_and_forgets_earlier_searches() {
    let mut engine = Engine::start();
    engine.send("position startpos moves g2\ngo depth 5");
    let first = node_counts(&engine.read_until("bestmove"));
    // The same search again reuses the transposition table: fewer nodes.
    engine.send("go depth 5");
    let again = node_counts(&engine.read_until("bestmove"));
    assert_ne!(
        first, again,
        "a second search without uainewgame uses what the first found"
    );
    // After uainewgame the position is the start again and the search starts from nothing:
    // from the same position it counts exactly the nodes of the first search.
    engine.send("uainewgame\nd");
    let fen = engine.read_until("info string fen");
    assert_eq!(
        fen.last().unwrap(),
        &format!("info string fen {}", uai::STARTPOS)
    );
    engine.send("position startpos moves g2\ngo depth 5");
    let fresh = node_counts(&engine.read_until("bestmove"));
    assert_eq!(first, fresh);
    engine.quit();
}

#[test]
fn a_line_that_is_not_utf8_is_reported_and_the_session_goes_on() {
    let out = Arc::new(Mutex::new(Vec::<u8>::new()));
    let script: &[u8] = b"\xff\xfe\nisready\n";
    uai::run(script, Arc::clone(&out), 8).unwrap();
    let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
    assert!(
        text.contains("info string boardlab: line 1: not valid UTF-8"),
        "{text}"
    );
    assert!(text.contains("info string unknown command"), "{text}");
    assert!(text.trim_end().ends_with("readyok"), "{text}");
}

/// Runs `boardlab uai` on `script`, keeping its input open for `hold` before closing it, and
/// returns its output lines. A hang guard only: panics if the engine has not exited `limit`
/// after the input closed (far more than a correct engine needs on a loaded machine).
fn binary_session(script: &str, hold: Duration, limit: Duration) -> Vec<String> {
    let (mut child, mut stdin, stdout) = common::spawn_boardlab(&["uai", "--tt-mb", "8"]);
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let lines: Vec<String> = stdout.lines().map_while(Result::ok).collect();
        let _ = tx.send(lines);
    });
    stdin.write_all(script.as_bytes()).unwrap();
    stdin.flush().unwrap();
    std::thread::sleep(hold);
    drop(stdin);
    match rx.recv_timeout(limit) {
        Ok(lines) => {
            assert!(child.wait().unwrap().success());
            lines
        }
        Err(_) => {
            let _ = child.kill();
            panic!("boardlab uai did not exit within {limit:?} of the end of its input");
        }
    }
}

#[test]
fn setoption_during_an_infinite_search_does_not_deadlock() {
    // The script of issue 14: `stop` must still end the search and `isready` be answered.
    let lines = binary_session(
        "position startpos\ngo infinite\nsetoption name Hash value 4\nstop\nisready\n",
        Duration::from_millis(300),
        Duration::from_secs(20),
    );
    let best = lines
        .iter()
        .position(|l| l.starts_with("bestmove"))
        .expect("a bestmove");
    let ready = lines.iter().position(|l| l == "readyok").expect("readyok");
    assert!(best < ready, "{lines:?}");
    // The new size is used by the next search, which still answers.
    let lines = session("setoption name Hash value 4\nposition startpos\ngo depth 3\n");
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos.parse_move(bestmove(&lines)).is_ok());
}

#[test]
fn the_end_of_input_stops_a_long_search_which_still_answers() {
    // A clock of 11 days gives a budget of hours: only the end of input can end it.
    let lines = binary_session(
        "position startpos\ngo wtime 1000000000 btime 1000000000\n",
        Duration::ZERO,
        Duration::from_secs(20) + Duration::from_millis(uai::EOF_GRACE_MS),
    );
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos.parse_move(bestmove(&lines)).is_ok(), "{lines:?}");
}

#[test]
fn movetime_is_answered_without_a_stop() {
    let lines = binary_session(
        "position startpos\ngo movetime 300\n",
        Duration::from_millis(100),
        Duration::from_secs(20),
    );
    let pos = parse_position(&["startpos"]).unwrap();
    assert!(pos.parse_move(bestmove(&lines)).is_ok(), "{lines:?}");
}
