//! `boardlab arena`: a local CodinGame referee. It plays matches between two bot commands (BoardLab's
//! own bots, an older build, anyone's CodinGame bot) under the referee's protocol and time limits,
//! checks every move with the rules, and reports the score with an Elo interval, an optional SPRT
//! verdict, response-time statistics and one record line per game.

mod amazons;
mod ataxx;
mod connect4;
pub mod referee;
pub mod stats;
mod yavalath;

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use crate::game::{Outcome, Player};
use crate::play::{random_line, Rng};
pub use referee::{referee_game, referee_match, CgReferee, Refereed, TimeLimits, Verdict};
use stats::{MatchStats, Sprt, SprtState};

/// A match's settings.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play (rounded up to whole matches); bot A and bot B take turns playing first.
    pub games: u32,
    /// Games run at once (each runs two processes).
    pub concurrency: usize,
    pub limits: TimeLimits,
    /// Random opening plies played by the referee before the bots take over (each opening is
    /// used twice, colours swapped).
    pub opening_plies: u32,
    pub seed: u64,
    /// Stop early when the SPRT accepts a hypothesis.
    pub sprt: Option<Sprt>,
}

/// One finished game as the match saw it.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub index: u32,
    /// Whether bot A played first.
    pub a_first: bool,
    pub refereed: Refereed,
}

impl GameResult {
    /// Bot A's points: 1, 0.5 or 0.
    pub fn a_points(&self) -> f64 {
        let a = if self.a_first {
            Player::First
        } else {
            Player::Second
        };
        match self.refereed.verdict.outcome() {
            Outcome::Draw => 0.5,
            Outcome::Win(p) if p == a => 1.0,
            Outcome::Win(_) => 0.0,
        }
    }

    /// The game as one JSON line: game, setup, moves (the playground's position format), the
    /// players, the result and the verdict.
    pub fn record_line(&self, game: &str, setup: &str, names: [&str; 2]) -> String {
        let (first, second) = if self.a_first {
            (names[0], names[1])
        } else {
            (names[1], names[0])
        };
        let result = match self.refereed.verdict.outcome() {
            Outcome::Win(Player::First) => "1-0",
            Outcome::Win(Player::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
        };
        serde_json::json!({
            "game": game,
            "setup": setup,
            "moves": self.refereed.moves.join(" "),
            "first": first,
            "second": second,
            "result": result,
            "verdict": self.refereed.verdict.describe(),
        })
        .to_string()
    }
}

/// Plays a match between `commands[0]` (bot A) and `commands[1]` (bot B) from `start`, calling
/// `on_game` after each game (from the worker that played it). Games run on `concurrency`
/// threads; with an SPRT the match stops once a hypothesis is accepted.
pub fn run_match<G: CgReferee + Sync>(
    start: &G,
    commands: [&str; 2],
    config: &MatchConfig,
    on_game: impl Fn(&GameResult, &MatchStats) + Sync,
) -> MatchStats {
    // A unit of work is one match (one game, or Amazons' two). Each opening is played with both
    // colours: by two consecutive single-game matches, or within one two-game match. Openings are
    // drawn up front so the match is the same whatever the concurrency.
    let per_match = G::GAMES_PER_MATCH as u32;
    let matches = config.games.div_ceil(per_match);
    let mut rng = Rng(config.seed);
    let openings: Vec<(G, Vec<String>)> = (0..(matches * per_match).div_ceil(2))
        .map(|_| random_line(start, config.opening_plies, &mut rng))
        .collect();
    let next = AtomicU32::new(0);
    let stop = AtomicBool::new(false);
    let stats = Mutex::new(MatchStats::default());
    std::thread::scope(|scope| {
        for _ in 0..config.concurrency.max(1) {
            scope.spawn(|| loop {
                let m = next.fetch_add(1, Ordering::SeqCst);
                if m >= matches || stop.load(Ordering::SeqCst) {
                    return;
                }
                let (opening, line) = &openings[(m * per_match / 2) as usize];
                let games = referee_match(opening, line, commands, m % 2 == 0, config.limits);
                for (g, (refereed, a_first)) in games.into_iter().enumerate() {
                    let result = GameResult {
                        index: m * per_match + g as u32,
                        a_first,
                        refereed,
                    };
                    let mut s = stats.lock().expect("stats lock");
                    s.add(&result);
                    if let Some(sprt) = &config.sprt {
                        if s.sprt(sprt) != SprtState::Continue {
                            stop.store(true, Ordering::SeqCst);
                        }
                    }
                    on_game(&result, &s);
                }
            });
        }
    });
    stats.into_inner().expect("stats lock")
}

/// Writes a match summary: score, Elo interval, SPRT state and time statistics.
pub fn write_summary(
    out: &mut impl Write,
    names: [&str; 2],
    stats: &MatchStats,
    config: &MatchConfig,
) -> std::io::Result<()> {
    let (elo, lo, hi) = stats.elo_interval();
    writeln!(
        out,
        "{} vs {}: +{} ={} -{} of {} games, score {:.1} %, Elo {:+.0} (95 % interval {:+.0} .. {:+.0})",
        names[0],
        names[1],
        stats.wins,
        stats.draws,
        stats.losses,
        stats.games(),
        100.0 * stats.score(),
        elo,
        lo,
        hi
    )?;
    if let Some(sprt) = &config.sprt {
        let state = stats.sprt(sprt);
        writeln!(
            out,
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} (bounds {:.2} .. {:.2}): {:?}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            stats.llr(sprt),
            sprt.lower(),
            sprt.upper(),
            state
        )?;
    }
    for (i, name) in names.iter().enumerate() {
        let t = stats.time_summary(i, config.limits);
        writeln!(
            out,
            "{name}: response time mean {:.1} ms, p99 {} ms, max {} ms, {} turns over the limit, {} faults",
            t.mean_ms, t.p99_ms, t.max_ms, t.over_limit, stats.faults[i]
        )?;
    }
    Ok(())
}
