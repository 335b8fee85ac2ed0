//! The engine choice on the command line: `--engine alphabeta|mcts` for the Amazons bot,
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
    let out = boardlab(&["bot", "yavalath", "--engine", "mcts"]);
    assert!(!out.status.success());
    assert!(
        text(&out.stderr).contains("the yavalath bot plays with alpha-beta only"),
        "{}",
        text(&out.stderr)
    );
}
