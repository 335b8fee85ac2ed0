//! UAI engines in the arena (`uai:<command>`, Ataxx): a game between two `boardlab uai`
//! processes ends legally under the engine rules, a UAI engine against a CodinGame bot, what an
//! engine is sent (FEN starts, move lines), and the verdicts on faulty engines (scripted with
//! `sh`: an illegal or unreadable `bestmove`, a crash, silence). Limits are generous: these
//! tests check verdicts, not speed.

use boardlab::arena::{
    referee_match_uai, Opening, Refereed, TimeLimits, UaiLimits, UaiTime, Verdict,
};
use boardlab::game::{Game, Player};
use boardlab::games::ataxx::Rules;
use boardlab::games::Ataxx;

use crate::{boardlab, scratch_file, LIMITS};

/// A small movetime and a margin no loaded machine reaches.
const UAI: UaiLimits = UaiLimits {
    time: UaiTime::MoveTime(20),
    margin_ms: 10_000,
    handshake_ms: 30_000,
    nodes: [None, None],
    node_guard_ms: 30_000,
};

/// One game from `setup` and `moves`, `bots[0]` first.
fn game(setup: &str, moves: &str, bots: [&str; 2], uai: UaiLimits) -> Refereed {
    let opening = Opening::<Ataxx>::parse(setup, moves).expect("a valid opening");
    referee_match_uai(&opening, bots, true, LIMITS, uai, 0)
        .swap_remove(0)
        .0
}

/// A scripted UAI engine: it answers the handshake and prints `answer` for every `go`
/// (`answer` is a shell command), after writing each line it reads to `log` if given.
fn scripted(answer: &str, log: Option<&std::path::Path>) -> String {
    let log = log.map_or(String::new(), |p| {
        format!("echo \"$l\" >> '{}';", p.display())
    });
    format!(
        "uai:while read -r l; do {log} case \"$l\" in uai) echo uaiok;; isready) echo readyok;; \
         go*) {answer};; esac; done"
    )
}

/// The engine rules' replay of a record: every move legal and the verdict's outcome the
/// position's.
fn replays(r: &Refereed) -> Ataxx {
    let pos = Ataxx::from_moves(&r.setup, &r.moves.join(" ")).expect("the record replays");
    assert_eq!(pos.rules(), Rules::Engine, "UAI games use the engine rules");
    pos
}

#[test]
fn two_boardlab_uai_processes_finish_a_legal_game() {
    let engine = format!("uai:{}", boardlab("uai"));
    let r = game("", "f2 b2", [&engine, &engine], UAI);
    // The CodinGame start became its FEN, under the engine rules.
    assert_eq!(r.setup, "x5o/7/7/7/7/7/o5x x 0 1");
    let Verdict::Finished(outcome) = r.verdict else {
        panic!("{:?}", r.verdict)
    };
    assert_eq!(replays(&r).outcome(), Some(outcome));
}

#[test]
fn a_uai_engine_plays_a_codingame_bot_on_a_walled_start() {
    let engine = format!("uai:{}", boardlab("uai"));
    let bot = boardlab("bot ataxx");
    let limits = TimeLimits {
        first_turn_ms: 20_000,
        turn_ms: 10_000,
    };
    let opening = Opening::<Ataxx>::parse("walls:7", "").expect("valid");
    let r = referee_match_uai(&opening, [&bot, &engine], true, limits, UAI, 0)
        .swap_remove(0)
        .0;
    assert!(
        r.setup.contains('-'),
        "the FEN keeps the walls: {}",
        r.setup
    );
    let Verdict::Finished(outcome) = r.verdict else {
        panic!("{:?}", r.verdict)
    };
    assert_eq!(replays(&r).outcome(), Some(outcome));
}

#[test]
fn an_engine_is_sent_the_fen_and_the_moves_and_its_clock() {
    let log = scratch_file("uai-log");
    // Second to move after the opening: the referee's first `position` holds both moves.
    let faulty = scripted("echo bestmove d4", Some(&log));
    let fen = "x5o/7/3-3/7/3-3/7/o5x x 0 1";
    let clock = UaiLimits {
        time: UaiTime::Clock {
            time_ms: 5000,
            inc_ms: 50,
        },
        ..UAI
    };
    let r = game(fen, "f2 b2", [&faulty, "sleep 30"], clock);
    assert!(
        matches!(r.verdict, Verdict::Illegal(Player::First, _)),
        "{:?}",
        r.verdict
    );
    let text = std::fs::read_to_string(&log).expect("the engine logged its input");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "uai",
            "uainewgame",
            "isready",
            &format!("position fen {fen} moves f2 b2"),
            "go btime 5000 wtime 5000 binc 50 winc 50",
        ]
    );
}

#[test]
fn the_standard_start_is_sent_as_startpos_with_movetime() {
    let log = scratch_file("uai-log");
    let faulty = scripted("echo bestmove 0000", Some(&log));
    let r = game("startpos", "", [&faulty, "sleep 30"], UAI);
    // A pass while moves exist is illegal.
    assert!(
        matches!(r.verdict, Verdict::Illegal(Player::First, _)),
        "{:?}",
        r.verdict
    );
    let text = std::fs::read_to_string(&log).expect("the engine logged its input");
    assert!(
        text.contains("\nposition startpos\ngo movetime 20\n"),
        "{text}"
    );
}

#[test]
fn a_node_count_is_sent_as_go_nodes_to_its_bot_alone() {
    let log = scratch_file("uai-log");
    let engine = format!("uai:{}", boardlab("uai"));
    // Bot B gets the count: after bot A's move (timed) it is asked for `go nodes 500`.
    let counted = UaiLimits {
        nodes: [None, Some(500)],
        ..UAI
    };
    let faulty = scripted("echo bestmove 0000", Some(&log));
    let r = game("startpos", "", [&engine, &faulty], counted);
    assert!(
        matches!(r.verdict, Verdict::Illegal(Player::Second, _)),
        "{:?}",
        r.verdict
    );
    let text = std::fs::read_to_string(&log).expect("the engine logged its input");
    assert!(text.ends_with("\ngo nodes 500\n"), "{text}");
    // Bot A gets it: bot B (the scripted one) is timed by the movetime.
    let log = scratch_file("uai-log");
    let faulty = scripted("echo bestmove 0000", Some(&log));
    let counted = UaiLimits {
        nodes: [Some(2000), None],
        ..UAI
    };
    let r = game("startpos", "", [&engine, &faulty], counted);
    assert!(
        matches!(r.verdict, Verdict::Illegal(Player::Second, _)),
        "{:?}",
        r.verdict
    );
    let text = std::fs::read_to_string(&log).expect("the engine logged its input");
    assert!(text.ends_with("\ngo movetime 20\n"), "{text}");
}

#[test]
fn a_silent_engine_with_a_node_count_times_out_at_the_hang_guard() {
    let silent = scripted("true", None);
    let counted = UaiLimits {
        nodes: [Some(1000), None],
        node_guard_ms: 300,
        ..UAI
    };
    let r = game("startpos", "", [&silent, "sleep 30"], counted);
    assert!(
        matches!(r.verdict, Verdict::Timeout(Player::First, 300)),
        "{:?}",
        r.verdict
    );
}

#[test]
fn an_illegal_bestmove_loses_and_is_shown() {
    let engine = format!("uai:{}", boardlab("uai"));
    // x moves first from the start: a7 and g1 cannot reach d4.
    let faulty = scripted("echo info depth 1; echo bestmove d4", None);
    let r = game("", "", [&faulty, &engine], UAI);
    assert!(
        matches!(r.verdict, Verdict::Illegal(Player::First, _)),
        "{:?}",
        r.verdict
    );
    assert!(
        r.verdict.describe().contains("d4"),
        "{}",
        r.verdict.describe()
    );
    // The same engine playing second, after a legal engine move.
    let r = game("", "", [&engine, &faulty], UAI);
    assert!(
        matches!(r.verdict, Verdict::Illegal(Player::Second, _)),
        "{:?}",
        r.verdict
    );
    assert_eq!(r.moves.len(), 1, "{:?}", r.moves);
}

#[test]
fn an_unreadable_bestmove_loses() {
    let faulty = scripted("echo bestmove zz9", None);
    let r = game("", "", [&faulty, "sleep 30"], UAI);
    assert!(
        matches!(r.verdict, Verdict::Unparsable(Player::First, _)),
        "{:?}",
        r.verdict
    );
}

#[test]
fn a_crashing_engine_loses() {
    let engine = format!("uai:{}", boardlab("uai"));
    let faulty = scripted("exit 3", None);
    let r = game("", "", [&engine, &faulty], UAI);
    assert!(
        matches!(r.verdict, Verdict::Crash(Player::Second, _)),
        "{:?}",
        r.verdict
    );
    // An engine that dies before `uaiok`.
    let r = game("", "", ["uai:exit 1", &engine], UAI);
    assert!(
        matches!(r.verdict, Verdict::Crash(Player::First, _)),
        "{:?}",
        r.verdict
    );
}

#[test]
fn a_silent_engine_times_out_after_the_movetime_and_the_margin() {
    let silent = scripted("sleep 30", None);
    let quick = UaiLimits {
        time: UaiTime::MoveTime(10),
        margin_ms: 200,
        ..UAI
    };
    let r = game("", "", [&silent, "sleep 30"], quick);
    assert_eq!(r.verdict, Verdict::Timeout(Player::First, 210));
}

#[test]
fn uai_bots_are_refused_outside_ataxx() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args(["arena", "connect4", "uai:true", "engine", "--games", "2"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("Ataxx only"));
}

#[test]
fn the_shipped_book_reads_and_every_start_becomes_a_fen() {
    use boardlab::arena::{parse_openings, CgReferee};
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/books/ataxx-standard.txt");
    let text = std::fs::read_to_string(path).expect("the book ships");
    let book = parse_openings::<Ataxx>(&text).expect("every line is an opening");
    assert!((30..=60).contains(&book.len()), "{} openings", book.len());
    let lines = book.iter().filter(|o| !o.moves.is_empty()).count();
    assert!(
        lines >= 30 && book.len() - lines >= 4,
        "{lines} lines with moves"
    );
    for o in &book {
        let fen = Ataxx::uai_setup(&o.setup)
            .expect("Ataxx has UAI engines")
            .expect("a valid setup");
        let engine = Opening::<Ataxx>::parse(&fen, &o.moves.join(" ")).expect("replays");
        assert_eq!(engine.position.rules(), Rules::Engine);
        assert!(engine.position.outcome().is_none());
    }
}

#[test]
fn the_gauntlet_script_skips_without_an_engine() {
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/gauntlet.sh");
    let out = std::process::Command::new("sh")
        .args([script, "ataxx"])
        .env_remove("ZATAXX")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&out.stdout).contains("skipped"));
}
