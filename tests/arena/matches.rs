//! Matches: how games pair openings and colours, the start each Amazons match is dealt, game
//! records, the command line's report, and a short match between real bots.

use std::process::Command;
use std::sync::Mutex;

use boardlab::arena::{
    openings_needed, parse_openings, random_openings, run_match, GameResult, MatchConfig,
    TimeLimits, Verdict,
};
use boardlab::game::{Game, Player};
use boardlab::games::{Amazons, Yavalath};

use crate::{boardlab, scratch_file, LIMITS};

/// Prints garbage at once: the bot to move loses its first turn.
const GARBAGE: &str = "echo x; sleep 30";

fn config(games: u32, concurrency: usize) -> MatchConfig {
    MatchConfig {
        games,
        concurrency,
        limits: LIMITS,
        uai: Default::default(),
        seed: 1,
        seeded: [false, false],
        sprt: None,
    }
}

fn results<G: boardlab::arena::CgReferee>(
    openings: &[boardlab::arena::Opening<G>],
    config: &MatchConfig,
) -> Vec<GameResult> {
    let all = Mutex::new(Vec::new());
    run_match(openings, [GARBAGE, GARBAGE], config, |g, _| {
        all.lock().unwrap().push(g.clone())
    });
    let mut all = all.into_inner().unwrap();
    all.sort_by_key(|g| g.index);
    all
}

#[test]
fn each_opening_is_played_with_both_colours_in_turn() {
    // Two openings for six games: games 0-1 from the first, 2-3 the second, 4-5 the first again.
    let openings = parse_openings::<Yavalath>("e5\na1 b2\n").expect("valid");
    let games = results(&openings, &config(6, 2));
    assert_eq!(games.len(), 6);
    for g in &games {
        let opening = if g.index % 4 < 2 { "e5" } else { "a1 b2" };
        assert_eq!(g.refereed.moves.join(" "), opening, "game {}", g.index);
        assert_eq!(g.a_first, g.index % 2 == 0, "game {}", g.index);
        // The bot to move after the opening loses at once: second after one ply, first after two.
        let to_move = if g.index % 4 < 2 {
            Player::Second
        } else {
            Player::First
        };
        assert!(matches!(g.refereed.verdict, Verdict::Unparsable(p, _) if p == to_move));
    }
}

#[test]
fn every_amazons_match_is_dealt_its_own_start_for_both_games() {
    let config = config(6, 2);
    let openings = random_openings::<Amazons>(openings_needed::<Amazons>(6), 0, true, 9);
    let games = results(&openings, &config);
    assert_eq!(games.len(), 6);
    let setups: Vec<&str> = games.iter().map(|g| g.refereed.setup.as_str()).collect();
    for (pair, opening) in setups.chunks(2).zip(&openings) {
        assert_eq!(pair, [opening.setup.as_str(); 2]);
        assert!(opening.setup.starts_with("seed:"), "{setups:?}");
        Amazons::from_setup(&opening.setup).expect("a readable setup");
    }
    assert!(
        setups[0] != setups[2] && setups[2] != setups[4],
        "{setups:?}"
    );
    // Bot A is white in game 1 of matches 1 and 3, black in game 1 of match 2.
    let a_first: Vec<bool> = games.iter().map(|g| g.a_first).collect();
    assert_eq!(a_first, [true, false, false, true, true, false]);
}

#[test]
fn a_record_line_carries_the_setup_and_the_moves() {
    let openings = parse_openings::<Amazons>("seed:42 | a3a4a3\n").expect("valid");
    let games = results(&openings, &config(2, 1));
    let line = games[0].record_line("amazons", ["A", "B"]);
    let record: serde_json::Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(record["game"], "amazons");
    assert_eq!(record["setup"], "seed:42");
    assert_eq!(record["moves"], "a3a4a3");
    assert_eq!(
        (&record["first"], &record["second"]),
        (&"A".into(), &"B".into())
    );
    // Black (bot B) printed garbage after the opening.
    assert_eq!(record["result"], "1-0");
    // The record replays in the playground's terms: setup, then moves.
    let moves = record["moves"].as_str().unwrap();
    Amazons::from_moves(record["setup"].as_str().unwrap(), moves).expect("replays");
}

fn arena(args: &[&str]) -> (String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .arg("arena")
        .args(args)
        .output()
        .expect("boardlab runs");
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    assert!(out.status.success(), "{}", text(&out.stderr));
    (text(&out.stdout), text(&out.stderr))
}

#[test]
fn the_command_line_reports_faults_and_records_games() {
    let records = scratch_file("records.jsonl");
    let records_arg = records.display().to_string();
    let (stdout, stderr) = arena(&[
        "amazons",
        GARBAGE,
        "random",
        "--games",
        "3",
        "--concurrency",
        "1",
        "--records",
        &records_arg,
        "--first-ms",
        "3000",
        "--turn-ms",
        "3000",
    ]);
    // Three games round up to two matches; the garbage bot loses all four (two by forfeit).
    assert!(stdout.contains(": +0 =0 -4 of 4 games"), "{stdout}");
    assert!(
        stdout.contains("Elo -inf (95 % interval -inf .. "),
        "{stdout}"
    );
    assert!(
        stdout.contains(
            "2 faults (0 timeout, 2 unreadable, 0 illegal, 0 crash), 2 more games forfeited"
        ),
        "{stdout}"
    );
    // Without a terminal the verdicts go to stderr.
    assert!(
        stderr.contains("game 1: player 1 sent an unreadable action"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&records).expect("records written");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("JSON"))
        .collect();
    assert_eq!(lines.len(), 4);
    assert!(lines
        .iter()
        .all(|r| r["setup"].as_str().unwrap().starts_with("seed:")));
}

#[test]
fn a_bad_opening_file_is_named_with_its_line() {
    let file = scratch_file("openings.txt");
    std::fs::write(&file, "4\n4 steal steal\n").unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["arena", "connect4", "random", "random", "--openings"])
        .arg(&file)
        .output()
        .expect("boardlab runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success());
    assert!(stderr.contains("line 2: move 3 'steal'"), "{stderr}");
}

#[test]
fn the_sprt_waits_for_a_sample_between_equal_bots() {
    let (stdout, _) = arena(&[
        "connect4",
        "random",
        "random",
        "--sprt",
        "0,10,0.05,0.05",
        "--games",
        "24",
        "--turn-ms",
        "3000",
        "--first-ms",
        "3000",
    ]);
    // Equal bots: the LLR stays near 0, so all 24 games are played.
    assert!(stdout.contains("of 24 games"), "{stdout}");
    assert!(stdout.contains("SPRT elo0 0 elo1 10"), "{stdout}");
}

#[test]
fn the_engine_beats_the_random_baseline_in_a_refereed_match() {
    // Generous limits: this checks strength and protocol, not speed on a busy machine.
    let config = MatchConfig {
        limits: TimeLimits {
            first_turn_ms: 10_000,
            turn_ms: 5_000,
        },
        ..config(4, 1)
    };
    let openings = random_openings::<Yavalath>(openings_needed::<Yavalath>(4), 1, false, 3);
    let engine = boardlab("bot yavalath");
    let random = boardlab("bot yavalath --player random");
    let stats = run_match(&openings, [&engine, &random], &config, |g, _| {
        // Every recorded game replays legally from its setup.
        let moves = g.refereed.moves.join(" ");
        let pos = Yavalath::from_moves(&g.refereed.setup, &moves).expect("the record replays");
        if let Verdict::Finished(o) = g.refereed.verdict {
            assert_eq!(pos.outcome(), Some(o));
        }
    });
    assert_eq!(stats.games(), 4);
    assert_eq!(stats.wins, 4, "faults: {:?}", stats.faults);
    assert_eq!(stats.faults[0].total() + stats.faults[1].total(), 0);
}

#[test]
fn a_hundred_games_between_random_bots_are_a_hundred_different_games() {
    // Connect 4's default openings are its 9 columns, so 50 pairs of games repeat them; the
    // arena seeds each match's baselines differently, so the games still differ.
    let records = scratch_file("distinct.jsonl");
    let (stdout, _) = arena(&[
        "connect4",
        "random",
        "random",
        "--games",
        "100",
        "--records",
        &records.display().to_string(),
        "--first-ms",
        "3000",
        "--turn-ms",
        "3000",
    ]);
    let text = std::fs::read_to_string(&records).expect("records written");
    let games: std::collections::HashSet<(String, String)> = text
        .lines()
        .map(|l| {
            let r: serde_json::Value = serde_json::from_str(l).expect("JSON");
            (r["setup"].to_string(), r["moves"].to_string())
        })
        .collect();
    assert_eq!(text.lines().count(), 100);
    assert!(games.len() >= 95, "{} distinct games", games.len());
    // The summary counts them the same way, and says the 9 openings were cycled.
    let reported = format!("of 100 games ({} distinct)", games.len());
    assert!(stdout.contains(&reported), "{stdout}");
    assert!(
        stdout.contains("only 9 distinct openings of 1 random ply exist for 50 pairs of games"),
        "{stdout}"
    );
}
