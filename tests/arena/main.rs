//! The arena: its verdicts on scripted misbehaving bots in each game, the input it sends, the
//! two-game Amazons match, how a match pairs openings and colours, its records, and a short
//! refereed match between real bots. Scripted bots are small `sh` commands; they print their
//! lines whether or not they read the turn's input, which a referee cannot tell apart from a
//! bot that reads it. Time limits are generous: these tests check verdicts, not speed.

mod amazons;
mod ataxx;
mod connect4;
mod matches;
mod robustness;
mod uai;
mod yavalath;

use std::path::PathBuf;
use std::sync::atomic::{AtomicU32, Ordering};

use boardlab::arena::{referee_game, CgReferee, Opening, Refereed, TimeLimits, Verdict};

/// Each bot's first turn of a game, and later turns, in ms.
pub const LIMITS: TimeLimits = TimeLimits {
    first_turn_ms: 1500,
    turn_ms: 1000,
};

/// A bot that never answers (and never exits on its own: the arena ends it).
pub const SILENT: &str = "sleep 30";

/// The shell command running `boardlab <args>`.
pub fn boardlab(args: &str) -> String {
    format!("'{}' {args}", env!("CARGO_BIN_EXE_boardlab"))
}

/// One refereed game from `setup` and the opening `moves`, `bots[0]` playing first.
pub fn game<G: CgReferee>(setup: &str, moves: &str, bots: [&str; 2]) -> Refereed {
    let opening = Opening::<G>::parse(setup, moves).expect("a valid opening");
    referee_game(&opening, bots, LIMITS)
}

/// The verdict of [`game`].
pub fn verdict<G: CgReferee>(setup: &str, moves: &str, bots: [&str; 2]) -> Verdict {
    game::<G>(setup, moves, bots).verdict
}

/// A fresh file name under the test's scratch directory.
pub fn scratch_file(name: &str) -> PathBuf {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let n = NEXT.fetch_add(1, Ordering::SeqCst);
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("arena-{}-{n}-{name}", std::process::id()))
}

/// The first `lines` lines of input the bot to move after the opening receives on its first
/// turn (it then prints garbage, which ends the game at once).
pub fn first_input<G: CgReferee>(setup: &str, moves: &str, lines: usize) -> Vec<String> {
    let file = scratch_file("input");
    let dump = format!("head -n {lines} > '{}'; echo x; sleep 30", file.display());
    let opening = Opening::<G>::parse(setup, moves).expect("a valid opening");
    let bots = if opening.position.to_move() == boardlab::game::Player::First {
        [dump.as_str(), SILENT]
    } else {
        [SILENT, dump.as_str()]
    };
    let v = referee_game(&opening, bots, LIMITS).verdict;
    assert!(matches!(v, Verdict::Unparsable(..)), "{v:?}");
    let text = std::fs::read_to_string(&file).expect("the bot wrote its input");
    text.lines().map(str::to_string).collect()
}
