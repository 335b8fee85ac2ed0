//! `boardlab arena`: a local CodinGame referee. It plays matches between two bot commands (BoardLab's
//! own bots, an older build, anyone's CodinGame bot, or for Ataxx a UAI engine given as
//! `uai:<command>`) under the referee's protocol and time limits,
//! checks every move with the rules, and reports the score with an Elo interval, an optional SPRT
//! verdict, response-time statistics and one record line per game.

mod amazons;
mod ataxx;
pub mod cg;
mod connect4;
pub mod openings;
pub mod records;
pub mod referee;
pub mod stats;
mod yavalath;

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

use crate::game::{Outcome, Player};
use crate::play::Rng;
pub use cg::{Action, CgReferee, Rejected};
pub use openings::{parse_openings, random_openings, Opening};
pub use referee::{
    referee_game, referee_match, referee_match_uai, Refereed, TimeLimits, UaiLimits, UaiTime,
    Verdict, MAX_LINE_BYTES, UAI_PREFIX,
};
use stats::{MatchStats, Sprt, SprtDecision, SprtState};

/// A match's settings (the openings are given separately, see [`run_match`]).
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// Games to play, rounded up to whole matches ([`planned_games`]); bot A and bot B take
    /// turns playing first.
    pub games: u32,
    /// Games run at once (each runs two processes).
    pub concurrency: usize,
    /// The referee's time limits for every turn of both bots (CodinGame bots).
    pub limits: TimeLimits,
    /// The time control of UAI engines (bots given as `uai:<command>`, Ataxx only).
    pub uai: UaiLimits,
    /// Seeds the referee's own random moves (Amazons' `random` action), one stream per match,
    /// and the seeded bots (see `seeded`).
    pub seed: u64,
    /// Which bots (`[A, B]`) are BoardLab's baselines, which take `--seed N`: the arena appends
    /// ` --seed N` to such a bot's command for each match, with `N` from [`bot_seed`], so their
    /// random choices differ from game to game instead of replaying the same stream. Any other
    /// command has the text `{seed}` replaced by that seed (e.g. `--mcts seed={seed}`).
    pub seeded: [bool; 2],
    /// Stop early when the SPRT accepts a hypothesis.
    pub sprt: Option<Sprt>,
}

/// One finished game as the match saw it.
#[derive(Clone, Debug)]
pub struct GameResult {
    /// The game's number in the match, from 0: game `i` starts from opening `i / 2` (cycling
    /// through the openings) and [`GameResult::a_first`] differs between games `2k` and `2k + 1`.
    pub index: u32,
    /// Whether bot A played first.
    pub a_first: bool,
    /// The game: setup, moves, verdict and response times.
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

    /// The game as one JSON line (the README documents the format): `game`, `setup` and `moves`
    /// (the playground's position format: the setup string and the space-separated moves in the
    /// game's notation, opening included), then `first` and `second` (the bots' names), `result`
    /// (`1-0`, `0-1` or `1/2-1/2`) and `verdict` (how the game ended, in words).
    pub fn record_line(&self, game: &str, names: [&str; 2]) -> String {
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
            "setup": self.refereed.setup,
            "moves": self.refereed.moves.join(" "),
            "first": first,
            "second": second,
            "result": result,
            "verdict": self.refereed.verdict.describe(),
        })
        .to_string()
    }
}

/// The seed a seeded bot (`bot`: 0 for A, 1 for B) gets for the match whose first game is
/// `game`, from the match seed `seed`: 31 bits, short in a command line, and different for the
/// two bots so that `random` against `random` is not one stream playing both sides.
pub fn bot_seed(seed: u64, game: u32, bot: usize) -> u64 {
    let base = Rng(seed).next_u64();
    Rng(base ^ (u64::from(game) << 1 | bot as u64)).next_u64() >> 33
}

/// The games a match of `games` requested games plays: rounded up to whole matches of
/// [`CgReferee::GAMES_PER_MATCH`].
pub fn planned_games<G: CgReferee>(games: u32) -> u32 {
    games.div_ceil(G::GAMES_PER_MATCH as u32) * G::GAMES_PER_MATCH as u32
}

/// The openings a match of `games` requested games uses: one per pair of games.
pub fn openings_needed<G: CgReferee>(games: u32) -> usize {
    planned_games::<G>(games).div_ceil(2) as usize
}

/// Plays a match between `commands[0]` (bot A) and `commands[1]` (bot B), calling `on_game`
/// after each game (from the worker that played it). Games `2k` and `2k + 1` start from
/// `openings[k % openings.len()]` with colours swapped, so each opening is played with both
/// colours: by two consecutive single-game matches (bot A first in the even ones), or within one
/// two-game match (Amazons; bot A is white in game 1 of every other match). With fewer openings
/// than pairs of games the cycle repeats. Seeded bots get their seed per match
/// ([`MatchConfig::seeded`]). Games run on
/// `concurrency` threads; with an SPRT the match stops once a hypothesis is accepted (games
/// already under way still count; the decision is kept in [`MatchStats::decision`]).
/// `openings` must not be empty.
pub fn run_match<G: CgReferee>(
    openings: &[Opening<G>],
    commands: [&str; 2],
    config: &MatchConfig,
    on_game: impl Fn(&GameResult, &MatchStats) + Sync,
) -> MatchStats {
    assert!(!openings.is_empty(), "a match needs an opening");
    let per_match = G::GAMES_PER_MATCH as u32;
    let matches = planned_games::<G>(config.games) / per_match;
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
                let opening = &openings[(m * per_match / 2) as usize % openings.len()];
                let seed = Rng(config.seed ^ u64::from(m)).next_u64();
                let command = |b: usize| {
                    let seed = bot_seed(config.seed, m * per_match, b);
                    match config.seeded[b] {
                        true => format!("{} --seed {seed}", commands[b]),
                        // A command of the user's may take the match's seed where it says
                        // `{seed}` (e.g. `--mcts seed={seed}`: MCTS's games then differ).
                        false => commands[b].replace("{seed}", &seed.to_string()),
                    }
                };
                let (a, b) = (command(0), command(1));
                let games = referee_match_uai(
                    opening,
                    [&a, &b],
                    m % 2 == 0,
                    config.limits,
                    config.uai,
                    seed,
                );
                for (g, (refereed, a_first)) in games.into_iter().enumerate() {
                    let result = GameResult {
                        index: m * per_match + g as u32,
                        a_first,
                        refereed,
                    };
                    let mut s = stats.lock().expect("stats lock");
                    s.add(&result);
                    if let Some(sprt) = &config.sprt {
                        let state = s.sprt(sprt);
                        if state != SprtState::Continue && s.decision.is_none() {
                            s.decision = Some(SprtDecision {
                                state,
                                games: s.games(),
                                llr: s.llr(sprt),
                            });
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

/// Writes a match summary: [`write_score`], then per bot its response times (ms) and its
/// faults by kind.
pub fn write_summary(
    out: &mut impl Write,
    names: [&str; 2],
    stats: &MatchStats,
    config: &MatchConfig,
) -> std::io::Result<()> {
    write_score(out, names, stats, config.sprt.as_ref())?;
    for (i, name) in names.iter().enumerate() {
        let t = stats.time_summary(i);
        let f = stats.faults[i];
        write!(
            out,
            "{name}: response time mean {:.1} ms, p99 {:.1} ms, max {:.1} ms, {} turns over the limit, \
             {} faults ({} timeout, {} unreadable, {} illegal, {} crash)",
            t.mean_ms,
            t.p99_ms,
            t.max_ms,
            t.over_limit,
            f.total(),
            f.timeout,
            f.unreadable,
            f.illegal,
            f.crash
        )?;
        match f.forfeit {
            0 => writeln!(out)?,
            n => writeln!(
                out,
                ", {n} more games forfeited by a fault in the same match"
            )?,
        }
    }
    Ok(())
}

/// Writes a match's score: wins, draws and losses from bot A's side with the number of distinct
/// games ([`MatchStats::distinct_games`]), the score and an Elo interval, then with `sprt` the
/// test's state (a line each).
pub fn write_score(
    out: &mut impl Write,
    names: [&str; 2],
    stats: &MatchStats,
    sprt: Option<&Sprt>,
) -> std::io::Result<()> {
    write!(
        out,
        "{} vs {}: +{} ={} -{} of {} games ({} distinct), score {:.1} %",
        names[0],
        names[1],
        stats.wins,
        stats.draws,
        stats.losses,
        stats.games(),
        stats.distinct_games(),
        100.0 * stats.score(),
    )?;
    match stats.elo_interval() {
        Some((elo, lo, hi)) => {
            writeln!(out, ", Elo {elo:+.0} (95 % interval {lo:+.0} .. {hi:+.0})")?
        }
        None => writeln!(out)?,
    }
    if let Some(sprt) = sprt {
        let state = match (stats.decision, stats.sprt(sprt)) {
            // The games under way when the bound was reached may have moved the LLR back.
            (Some(d), now) if now != d.state => format!(
                "{} at game {} (LLR {:.2}), which stopped the match",
                d.state.name(),
                d.games,
                d.llr
            ),
            (_, SprtState::Continue) if stats.games() < stats::SPRT_MIN_GAMES => {
                format!(
                    "undecided (no decision before {} games)",
                    stats::SPRT_MIN_GAMES
                )
            }
            (_, now) => now.name().to_string(),
        };
        writeln!(
            out,
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {:.2} (bounds {:.2} .. {:.2}): {state}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            stats.llr(sprt),
            sprt.lower(),
            sprt.upper(),
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn summary_of(stats: &MatchStats) -> String {
        let config = MatchConfig {
            games: 1000,
            concurrency: 2,
            limits: TimeLimits::default(),
            uai: UaiLimits::default(),
            seed: 1,
            seeded: [false, false],
            sprt: Some(Sprt {
                elo0: 0.0,
                elo1: 10.0,
                alpha: 0.05,
                beta: 0.05,
            }),
        };
        let mut out = Vec::new();
        write_summary(&mut out, ["new", "old"], stats, &config).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn the_summary_names_the_decision_that_stopped_the_match() {
        // A game still under way when H1 was accepted lost, and took the LLR back inside.
        let stats = MatchStats {
            wins: 475,
            draws: 29,
            losses: 366,
            decision: Some(SprtDecision {
                state: SprtState::AcceptH1,
                games: 869,
                llr: 2.95,
            }),
            ..MatchStats::default()
        };
        let text = summary_of(&stats);
        assert!(
            text.contains("LLR 2.92 (bounds -2.94 .. 2.94): H1 accepted at game 869 (LLR 2.95)"),
            "{text}"
        );
        // Without a decision the same totals are undecided, and a decision the totals still
        // show is stated plainly.
        let undecided = MatchStats {
            decision: None,
            ..stats.clone()
        };
        assert!(summary_of(&undecided).contains("): undecided\n"));
        let still = MatchStats { wins: 480, ..stats };
        assert!(summary_of(&still).contains("): H1 accepted\n"));
    }
}
