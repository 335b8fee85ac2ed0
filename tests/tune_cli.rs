//! `boardlab tune ataxx --model network --reuse-data`: the losses it reports on positions played
//! earlier, the shipped network's among them (the mark a newly trained network has to beat on
//! the same games), the weights' source it writes, and `--from-shipped` (training that starts
//! from the shipped network's weights), for Ataxx and Connect 4.
//!
//! The fixture `tests/fixtures/tune/ataxx-selfplay.txt` is every tenth position of the first 20
//! games of a self-play set (`boardlab tune ataxx --model network --games 12000 --nodes 4000
//! --random-plies 5 --threads 2 --seed 4001 --book books/ataxx-standard.txt`, session 42);
//! `connect4-solved.txt` every fourth of the first 20 games of a set labelled by the solver
//! (`boardlab tune connect4 --model network --games 3600 --min-chips 16 --max-chips 48
//! --solve-nodes 3000000 --seed 5101`, session 51).

use std::path::PathBuf;
use std::process::Command;

fn fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tune/ataxx-selfplay.txt")
}

fn connect4_fixture() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/tune/connect4-solved.txt")
}

/// The two losses of the line starting with `label` ("… X trained on, Y held out").
fn losses(stdout: &str, label: &str) -> (f64, f64) {
    let line = stdout
        .lines()
        .find(|l| l.starts_with(label))
        .unwrap_or_else(|| panic!("no line {label:?} in:\n{stdout}"));
    let numbers: Vec<f64> = line
        .split(|c: char| c == ' ' || c == ',')
        .filter_map(|w| w.parse().ok())
        .collect();
    assert_eq!(numbers.len(), 2, "{line}");
    (numbers[0], numbers[1])
}

#[test]
fn training_on_earlier_positions_reports_the_shipped_networks_loss_and_writes_the_weights() {
    let dir = std::env::temp_dir().join(format!("boardlab-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let weights = dir.join("network_weights.rs");
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["tune", "ataxx", "--model", "network", "--reuse-data"])
        .args(["--epochs", "1", "--seed", "1", "--threads", "1", "--data"])
        .arg(fixture())
        .arg("--write")
        .arg(&weights)
        .output()
        .expect("boardlab runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Every tenth game is held out: games 0 and 10 of the 20.
    assert!(
        stdout.starts_with("201 positions from 20 games: 186 to train on, 15 held out"),
        "{stdout}"
    );
    let linear = losses(&stdout, "loss of the linear evaluation alone:");
    let shipped = losses(&stdout, "loss of the shipped network:");
    let trained = losses(&stdout, "loss of the integer network:");
    for (train, held_out) in [linear, shipped, trained] {
        assert!((0.0..1.0).contains(&train) && (0.0..1.0).contains(&held_out));
    }
    // On real self-play positions the shipped network improves on the linear evaluation it
    // corrects.
    assert!(shipped.0 < linear.0, "{stdout}");
    let source = std::fs::read_to_string(&weights).expect("the weights were written");
    assert!(source.contains("pub const HIDDEN_WEIGHTS"), "{source}");
    assert!(
        source.contains("201 positions of 20 self-play games"),
        "{source}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// `tune GAME --model network --reuse-data --from-shipped` for one pass at a tiny step on
/// `data`: its stdout, and the shipped network's and the refined one's losses (trained on,
/// held out).
fn refine_at_a_tiny_step(game: &str, data: PathBuf) -> (String, (f64, f64), (f64, f64)) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args([
            "tune",
            game,
            "--model",
            "network",
            "--reuse-data",
            "--from-shipped",
        ])
        .args([
            "--epochs",
            "1",
            "--learning-rate",
            "0.000001",
            "--threads",
            "1",
        ])
        .arg("--data")
        .arg(data)
        .output()
        .expect("boardlab runs");
    let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{stdout}");
    let shipped = losses(&stdout, "loss of the shipped network:");
    let refined = losses(&stdout, "loss of the integer network:");
    (stdout, shipped, refined)
}

#[test]
fn refining_the_shipped_network_starts_from_its_weights() {
    // At a tiny step size one pass barely moves the weights: the result scores about as the
    // shipped network does, where a random start scores far worse.
    let (stdout, shipped, refined) = refine_at_a_tiny_step("ataxx", fixture());
    assert!((refined.0 - shipped.0).abs() < 0.002, "{stdout}");
}

#[test]
fn refining_the_shipped_connect4_network_starts_from_its_weights_and_scale() {
    // One pass at a tiny step leaves the shipped network as it was (a random start scores
    // about 0.03 worse on these positions), and the refinement keeps the shipped output scale
    // where a new network fits one to the data (71 here).
    let (stdout, shipped, refined) = refine_at_a_tiny_step("connect4", connect4_fixture());
    let scale = boardlab::games::connect4::network::SHIPPED.output_scale;
    assert!(
        stdout.contains(&format!("the shipped linear weights' scale {scale}\n")),
        "{stdout}"
    );
    assert!((refined.0 - shipped.0).abs() < 0.002, "{stdout}");
    assert!((refined.1 - shipped.1).abs() < 0.002, "{stdout}");
}

#[test]
fn only_a_network_can_be_refined() {
    for args in [
        ["tune", "connect4", "--model", "linear"],
        ["tune", "ataxx", "--model", "linear"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
            .args(args)
            .args(["--reuse-data", "--from-shipped", "--data"])
            .arg(fixture())
            .output()
            .expect("boardlab runs");
        assert!(!out.status.success());
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("--from-shipped"), "{stderr}");
    }
}
