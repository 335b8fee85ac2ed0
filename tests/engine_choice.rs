//! The engine choice on the command line: `--engine alphabeta|mcts` for the Amazons and Yavalath
//! bots,
//! `analyse` and the arena's `mcts` / `alphabeta` bot names, with clear errors elsewhere.

use std::process::{Command, Output};

fn boardlab(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(args)
        .output()
        .expect("boardlab runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn the_arena_pits_mcts_against_alpha_beta_by_name() {
    // Generous limits: the point is the wiring, not the clock of a busy test machine.
    let out = boardlab(&[
        "arena",
        "amazons",
        "mcts",
        "alphabeta",
        "--games",
        "2",
        "--concurrency",
        "1",
        "--turn-ms",
        "1000",
        "--first-ms",
        "3000",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{stdout}{}", text(&out.stderr));
    assert!(
        stdout.contains("mcts vs alphabeta:") && stdout.contains("of 2 games"),
        "{stdout}"
    );
    assert!(
        stdout.contains("mcts: response time") && stdout.contains("0 faults"),
        "{stdout}"
    );
}

#[test]
fn analyse_with_mcts_reports_iterations_and_a_best_move() {
    let out = boardlab(&[
        "analyse",
        "amazons",
        "--setup",
        "seed:4",
        "--engine",
        "mcts",
        "--iterations",
        "300",
    ]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(stdout.contains("iterations      300"), "{stdout}");
    let best = stdout
        .lines()
        .find_map(|l| l.strip_prefix("bestmove "))
        .expect("a bestmove line");
    assert!(
        best.starts_with(char::is_alphabetic) && best.contains("(Nodes)"),
        "{best}"
    );
}

#[test]
fn an_unknown_engine_or_mcts_setting_is_refused_with_its_name() {
    let out = boardlab(&["analyse", "amazons", "--engine", "minimax"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("unknown engine 'minimax'"),
        "{}",
        text(&out.stderr)
    );
    let out = boardlab(&[
        "analyse", "amazons", "--engine", "mcts", "--mcts", "depth=3",
    ]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("unknown MCTS setting 'depth'"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn other_bots_say_they_play_alpha_beta_only() {
    let out = boardlab(&["bot", "connect4", "--engine", "mcts"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("the connect4 bot plays with alpha-beta only"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn the_yavalath_mcts_bot_answers_with_a_legal_move_within_its_iterations() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["bot", "yavalath", "--engine", "mcts", "--nodes", "500"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("boardlab runs");
    // Player 2 facing the first stone in the centre (it may steal it: the answer `4 4`).
    let turn = "2\n9\n00000\n000000\n0000000\n00000000\n000020000\n00000000\n0000000\n000000\n00000\n4 4\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(turn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let answer = text(&out.stdout);
    let (x, y) = answer
        .trim()
        .split_once(' ')
        .map(|(x, y)| (x.parse::<i32>().unwrap(), y.parse::<i32>().unwrap()))
        .expect("an answer 'x y'");
    assert!(
        boardlab::games::yavalath::cell_at(x, y).is_some(),
        "{answer}"
    );
    let log = text(&out.stderr);
    assert!(log.contains("mcts iterations 500"), "{log}");
}
