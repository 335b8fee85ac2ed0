//! The CodinGame submission of each game: `scripts/codingame-bundle.py` writes one source file,
//! plain `rustc` compiles it (no cargo, no crates, no `.cargo/config.toml`, as on CodinGame), and
//! the result plays refereed games against BoardLab's random bot under the game's CodinGame
//! protocol: every answer is checked against the rules by the arena's referee, and the engine
//! must win. A bundled baseline (`--player`) must play move for move as BoardLab's own.

use std::path::{Path, PathBuf};
use std::process::Command;

use boardlab::arena::{referee_match, Opening, TimeLimits, Verdict};
use boardlab::game::{Outcome, Player};
use boardlab::games::connect4::Connect4Cg;
use boardlab::with_game;

/// The referee's patience, not the bot's budget: the bundle thinks as long as `boardlab bot`
/// (600 ms, then 80 ms), and a busy test machine must not turn a slow answer into a loss.
const LIMITS: TimeLimits = TimeLimits {
    first_turn_ms: 10_000,
    turn_ms: 5_000,
};

/// CodinGame's limit on the size of a submission, in UTF-16 code units (a character outside
/// the Basic Multilingual Plane counts twice).
const CODINGAME_LIMIT: usize = 100_000;

/// A fresh directory for one bundle (a game, or a game's baseline) and its binary.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("codingame-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `command`, which must succeed; `what` names it when it does not.
fn run(command: &mut Command, what: &str) {
    let out = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        out.status.success(),
        "{what} fails:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Bundles `game`'s bot (`player`: `engine`, or a baseline) into `dir`, checking that it fits
/// CodinGame's limit; returns the source file.
fn bundle_source(game: &str, player: &str, dir: &Path) -> PathBuf {
    let source = dir.join("main.rs");
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/codingame-bundle.py");
    run(
        Command::new("python3")
            .arg(script)
            .arg(game)
            .args(["--player", player])
            .arg("-o")
            .arg(&source),
        &format!("bundling {game} ({player})"),
    );
    let units = std::fs::read_to_string(&source)
        .unwrap()
        .encode_utf16()
        .count();
    assert!(
        units <= CODINGAME_LIMIT,
        "the {game} bundle ({player}) has {units} UTF-16 code units"
    );
    source
}

/// Bundles `game`'s bot (`player`: `engine`, or a baseline) and compiles it with plain rustc;
/// returns the executable.
fn build_bundle(game: &str, player: &str) -> PathBuf {
    let dir = scratch_dir(&format!("{game}-{player}"));
    let source = bundle_source(game, player, &dir);
    let exe = dir.join("bot");
    run(
        Command::new("rustc")
            .args(["--edition", "2021", "-O", "-o"])
            .arg(&exe)
            .arg(&source),
        &format!("compiling the {game} bundle with plain rustc"),
    );
    exe
}

/// Plays the bundled bot against `boardlab bot <game> --player random`, once with each colour,
/// and checks that every game ends under the rules with the bundle winning.
fn bundle_beats_random(game: &str) {
    let exe = build_bundle(game, "engine");
    let bundle = format!("'{}'", exe.display());
    let random = format!(
        "'{}' bot {game} --player random --seed 7",
        env!("CARGO_BIN_EXE_boardlab")
    );
    for bundle_first in [true, false] {
        let games = with_game!(game, G => referee_match(
            &Opening::<G>::new("").expect("the default start"),
            [&bundle, &random],
            bundle_first,
            LIMITS,
            7,
        ), other => panic!("no game {other}"));
        for (refereed, first) in games {
            let colour = if first { Player::First } else { Player::Second };
            assert_eq!(
                refereed.verdict,
                Verdict::Finished(Outcome::Win(colour)),
                "{game}: the bundle plays {colour:?}; moves {}",
                refereed.moves.join(" ")
            );
        }
    }
}

#[test]
fn the_yavalath_bundle_compiles_with_plain_rustc_and_beats_random() {
    bundle_beats_random("yavalath");
}

#[test]
fn the_connect4_bundle_compiles_with_plain_rustc_and_beats_random() {
    bundle_beats_random("connect4");
}

#[test]
fn the_ataxx_bundle_compiles_with_plain_rustc_and_beats_random() {
    bundle_beats_random("ataxx");
}

#[test]
fn the_amazons_bundle_compiles_with_plain_rustc_and_beats_random() {
    bundle_beats_random("amazons");
}

#[test]
fn every_baseline_bundle_fits_codingames_limit() {
    // The README offers every baseline for submission; the engine's bundles are checked above.
    for game in boardlab::games::NAMES {
        for player in ["random", "greedy", "minimax"] {
            bundle_source(game, player, &scratch_dir(&format!("{game}-{player}-size")));
        }
    }
}

#[test]
fn the_bundled_connect4_minimax_plays_move_for_move_as_boardlabs() {
    // Same seed, swapped colours: if the bundle chose as `boardlab bot --player minimax` does
    // (the same leaf evaluation, the same tie-breaks from the same seed), the two games are one
    // move sequence. Both games are refereed, so every move is legal and the games finish.
    let exe = build_bundle("connect4", "minimax");
    let bundle = format!("'{}' --seed 11", exe.display());
    let boardlab = format!(
        "'{}' bot connect4 --player minimax --seed 11",
        env!("CARGO_BIN_EXE_boardlab")
    );
    let opening = Opening::<Connect4Cg>::new("").expect("the default start");
    let games = referee_match(&opening, [&bundle, &boardlab], true, LIMITS, 11);
    let swapped = referee_match(&opening, [&boardlab, &bundle], true, LIMITS, 11);
    let (game, other) = (&games[0].0, &swapped[0].0);
    assert!(
        matches!(game.verdict, Verdict::Finished(_)),
        "{:?}",
        game.verdict
    );
    assert_eq!(game.moves, other.moves);
    assert_eq!(game.verdict, other.verdict);
}
