//! `boardlab records`: the arena's per-game records of several runs read back as one match, for
//! the bot named, with the SPRT read on over all of them; a broken file is refused by place.

use std::path::PathBuf;
use std::process::{Command, Output};

fn records(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .arg("records")
        .args(args)
        .output()
        .expect("boardlab runs")
}

fn write(dir: &std::path::Path, name: &str, lines: &[&str]) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

const NEW_WINS_FIRST: &str = r#"{"game":"connect4","setup":"","moves":"4 3","first":"new bot","second":"old bot","result":"1-0","verdict":"player 1 wins"}"#;
const NEW_WINS_SECOND: &str = r#"{"game":"connect4","setup":"","moves":"4 3","first":"old bot","second":"new bot","result":"0-1","verdict":"player 2 wins"}"#;
const DRAW: &str = r#"{"game":"connect4","setup":"","moves":"2 2","first":"old bot","second":"new bot","result":"1/2-1/2","verdict":"draw"}"#;

#[test]
fn two_runs_are_scored_as_one_match_for_the_named_bot() {
    let dir = std::env::temp_dir().join(format!("boardlab-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let first_run = write(&dir, "a.jsonl", &[NEW_WINS_FIRST, NEW_WINS_SECOND]);
    let second_run = write(&dir, "b.jsonl", &[DRAW]);
    let out = records(&[
        first_run.to_str().unwrap(),
        second_run.to_str().unwrap(),
        "--bot",
        "new",
        "--sprt",
        "0,10,0.05,0.05",
    ]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    // The two wins have the same moves, one game twice: two distinct games.
    assert!(
        stdout.starts_with("new bot vs old bot: +2 =1 -0 of 3 games (2 distinct), score 83.3 %"),
        "{stdout}"
    );
    // Three games are too few for the test to decide anything.
    assert!(
        stdout.contains("undecided (no decision before 20 games)"),
        "{stdout}"
    );
    assert!(
        stdout.contains("first crossing of a bound: never"),
        "{stdout}"
    );

    // The other bot's view of the same games.
    let out = records(&[first_run.to_str().unwrap(), "--bot", "old bot"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.starts_with("old bot vs new bot: +0 =0 -2 of 2 games"),
        "{stdout}"
    );

    let broken = write(
        &dir,
        "c.jsonl",
        &[NEW_WINS_FIRST, "{\"first\": \"new bot\""],
    );
    let out = records(&[broken.to_str().unwrap(), "--bot", "new"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("c.jsonl:2: not a JSON record"), "{stderr}");

    let out = records(&[first_run.to_str().unwrap(), "--bot", "bot"]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("both players' names"));
    std::fs::remove_dir_all(&dir).unwrap();
}
