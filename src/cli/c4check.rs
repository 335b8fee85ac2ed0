//! `boardlab c4check`: how often the Connect 4 bot keeps the game-theoretic result, with its own
//! exact solver as the oracle. It plays the bot against itself in-process (two engines, each with
//! its own tables, as two CodinGame processes would have) from seeded random openings at a fixed
//! budget per move, keeps every position with at least `--min-chips` chips that a bot moved in,
//! then solves each position and the position after the bot's move without a time limit. A
//! position is lost when its side to move loses against best play; in every other position the
//! move either keeps the result (win stays win, draw stays draw) or gives it away. The table
//! counts both per band of chips, and how often the bot's own solver settled the position within
//! the move's budget ([`BotEngine::last_proof`]).
//!
//! The games of two builds differ (the bot follows its clock), so comparing builds this way is
//! noisy. `--dump` writes every checked position with the oracle's verdicts; `--positions` lets
//! a build move in those same positions instead of playing games, and solves only the moves that
//! differ from the dumped ones: a paired comparison of two builds on one set of positions.

use std::fs;
use std::io::{self, Write};
use std::path::PathBuf;

use clap::Args;

use boardlab::clock::Instant;
use boardlab::game::Game;
use boardlab::games::connect4::solver::{Solver, Wdl};
use boardlab::games::connect4::Connect4Cg;
use boardlab::play::{random_line, Agent, Rng};
use boardlab::protocol::connect4::BotEngine;

use super::Failure;

#[derive(Args)]
pub struct C4CheckArgs {
    /// Games of the bot against itself.
    #[arg(long, default_value_t = 30)]
    pub games: u32,
    /// The bot's budget per move, ms (its first turn too).
    #[arg(long, default_value_t = 80)]
    pub ms: u64,
    /// Random opening plies (the steal among them) before the bots take over.
    #[arg(long, default_value_t = 4)]
    pub opening_plies: u32,
    /// Seed of the openings.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Positions with fewer chips are not checked.
    #[arg(long, default_value_t = 20)]
    pub min_chips: u32,
    /// The oracle's table, MiB.
    #[arg(long, default_value_t = 1024)]
    pub oracle_mb: usize,
    /// The oracle's time per position, ms (0: none); a position it cannot solve in time is
    /// counted as unsettled.
    #[arg(long, default_value_t = 0)]
    pub oracle_ms: u64,
    /// The bot's table (and its solver's), MiB, as `boardlab bot`.
    #[arg(long, default_value_t = 64)]
    pub tt_mb: usize,
    /// Write every position the oracle settled to this file, one a line:
    /// `chips<TAB>moves from the empty board<TAB>the bot's column<TAB>value<TAB>value after it`
    /// (values `Win`, `Draw`, `Loss` for the side to move), for `--positions`.
    #[arg(long)]
    pub dump: Option<PathBuf>,
    /// Instead of playing games, the bot moves once in each position of a `--dump` file (after
    /// moving in the position two plies earlier, as in play); the oracle solves only the moves
    /// that differ from the file's. One bot moves in every position of the file, and its
    /// solver's table (kept between turns, as in play) keeps what the earlier positions taught
    /// it: replayed moves do better than the same build's in play, so compare replayed with
    /// replayed.
    #[arg(long)]
    pub positions: Option<PathBuf>,
}

/// One move the bot made.
struct Sample {
    pos: Connect4Cg,
    mv: u8,
    /// What the bot's solver proved within the budget, if anything.
    proof: Option<Wdl>,
    /// The moves from the empty board, for the log.
    line: String,
    /// The oracle's verdicts from a `--dump` file, when the position came from one.
    known: Option<Known>,
}

/// What the oracle proved about a position of a `--dump` file.
struct Known {
    /// The position's value for the side to move.
    value: Wdl,
    /// The column the dumped bot played, and the value it kept.
    mv: u8,
    got: Wdl,
}

/// The bands of chips the table reports, as `(first, last)`.
const BANDS: &[(u32, u32)] = &[(20, 23), (24, 29), (30, 39), (40, 63)];

pub fn run(args: C4CheckArgs) -> Result<(), Failure> {
    let started = Instant::now();
    let samples = match &args.positions {
        Some(path) => move_in_positions(&args, path)?,
        None => play_games(&args),
    };
    eprintln!(
        "c4check: {} positions with {}+ chips in {:.0} s; solving them",
        samples.len(),
        args.min_chips,
        started.elapsed().as_secs_f64()
    );
    let mut dump = String::new();
    let mut oracle = Solver::<9, 7>::new(args.oracle_mb);
    // Per chip count: [positions, bot-settled, lost, non-lost, kept, unsettled by the oracle].
    let mut by_chips = [[0u32; 6]; 64];
    let mut out = io::stdout().lock();
    for (i, s) in samples.iter().enumerate() {
        let c = s.pos.chips() as usize;
        by_chips[c][0] += 1;
        by_chips[c][1] += s.proof.is_some() as u32;
        let t = Instant::now();
        oracle.set_time_limit((args.oracle_ms > 0).then_some(args.oracle_ms));
        let verdict = match &s.known {
            Some(k) if k.value == Wdl::Loss || k.mv == s.mv => Ok((k.value, k.got)),
            Some(k) => oracle.move_wdl(&s.pos, s.mv).map(|got| (k.value, got)),
            None => oracle
                .wdl(&s.pos)
                .and_then(|value| Ok((value, oracle.move_wdl(&s.pos, s.mv)?))),
        };
        let ms = t.elapsed().as_millis();
        if let (Some(_), Ok((value, got))) = (&args.dump, &verdict) {
            dump += &format!("{c}\t{}\t{}\t{value:?}\t{got:?}\n", s.line, s.mv);
        }
        match verdict {
            Ok((Wdl::Loss, _)) => by_chips[c][2] += 1,
            Ok((value, got)) => {
                by_chips[c][3] += 1;
                if got == value {
                    by_chips[c][4] += 1;
                } else {
                    let _ = writeln!(
                        out,
                        "gave away: {} chips, moves '{}', {value:?} -> {got:?} by column {} ({ms} ms)",
                        c, s.line, s.mv
                    );
                }
            }
            Err(_) => by_chips[c][5] += 1,
        }
        if (i + 1) % 50 == 0 {
            eprintln!(
                "c4check: {} of {} solved, {:.0} s",
                i + 1,
                samples.len(),
                started.elapsed().as_secs_f64()
            );
        }
    }
    if let Some(path) = &args.dump {
        fs::write(path, dump)
            .map_err(|e| Failure::from(format!("cannot write {}: {e}", path.display())))?;
    }
    let _ = writeln!(
        out,
        "| chips | positions | settled by the bot's solver | lost | non-lost | result kept | kept % | oracle unsettled |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    for &(lo, hi) in BANDS {
        let lo = lo.max(args.min_chips);
        if lo > hi {
            continue;
        }
        let mut sum = [0u32; 6];
        for row in &by_chips[lo as usize..=hi as usize] {
            for (a, b) in sum.iter_mut().zip(row) {
                *a += b;
            }
        }
        let pct = |a: u32, b: u32| {
            if b == 0 {
                "-".to_string()
            } else {
                format!("{:.1} %", 100.0 * a as f64 / b as f64)
            }
        };
        let _ = writeln!(
            out,
            "| {lo}-{hi} | {} | {} ({}) | {} | {} | {} | {} | {} |",
            sum[0],
            sum[1],
            pct(sum[1], sum[0]),
            sum[2],
            sum[3],
            sum[4],
            pct(sum[4], sum[3]),
            sum[5]
        );
    }
    let _ = writeln!(
        out,
        "settled by the bot's solver within the budget, per chip count:"
    );
    let line: Vec<String> = (args.min_chips.min(63) as usize..64)
        .filter(|&c| by_chips[c][0] > 0)
        .map(|c| format!("{c}:{}/{}", by_chips[c][1], by_chips[c][0]))
        .collect();
    let _ = writeln!(out, "{}", line.join(" "));
    Ok(())
}

/// Plays the games and keeps the bot's moves from `min_chips` chips on (none at turn index 1,
/// where the steal is open: the solver does not decide it).
fn play_games(args: &C4CheckArgs) -> Vec<Sample> {
    let mut rng = Rng(args.seed);
    let mut samples = Vec::new();
    for game in 0..args.games {
        let (start, opening) = random_line(&Connect4Cg::start(), args.opening_plies, &mut rng);
        let mut bots = [BotEngine::new(args.tt_mb), BotEngine::new(args.tt_mb)];
        let mut pos = start;
        let mut line = opening;
        while pos.outcome().is_none() {
            let bot = &mut bots[pos.to_move().index()];
            let mv = bot.choose(&pos, args.ms);
            if pos.chips() >= args.min_chips && !pos.steal_open() {
                samples.push(Sample {
                    pos,
                    mv,
                    proof: bot.last_proof,
                    line: line.join(" "),
                    known: None,
                });
            }
            line.push(pos.format_move(mv));
            pos.play(mv);
        }
        eprintln!(
            "c4check: game {} of {}: {:?} after {} chips",
            game + 1,
            args.games,
            pos.outcome(),
            pos.chips()
        );
    }
    samples
}

/// Reads a `--dump` file and lets one bot move in each of its positions with at least
/// `--min-chips` chips: first in the position two plies earlier (the bot's previous turn), then
/// in the position itself; the alpha-beta's table is cleared before each position, the solver's
/// is not (see `--positions`). Errors: an unreadable file or line, with its number.
fn move_in_positions(args: &C4CheckArgs, path: &PathBuf) -> Result<Vec<Sample>, Failure> {
    let text = fs::read_to_string(path)
        .map_err(|e| Failure::from(format!("cannot read {}: {e}", path.display())))?;
    let mut bot = BotEngine::new(args.tt_mb);
    let mut samples = Vec::new();
    for (i, row) in text.lines().enumerate() {
        let bad = |why: String| Failure::from(format!("{}:{}: {why}", path.display(), i + 1));
        let fields: Vec<&str> = row.split('\t').collect();
        let [_, line, mv, value, got] = fields[..] else {
            return Err(bad(format!("expected 5 tab-separated fields: {row:?}")));
        };
        let wdl = |text: &str| match text {
            "Win" => Ok(Wdl::Win),
            "Draw" => Ok(Wdl::Draw),
            "Loss" => Ok(Wdl::Loss),
            other => Err(bad(format!("not a value (Win, Draw, Loss): {other:?}"))),
        };
        let known = Known {
            value: wdl(value)?,
            mv: mv
                .parse()
                .map_err(|_| bad(format!("not a column: {mv:?}")))?,
            got: wdl(got)?,
        };
        let pos = Connect4Cg::from_moves("", line).map_err(|e| bad(e.to_string()))?;
        if pos.chips() < args.min_chips {
            continue;
        }
        bot.new_game();
        let moves: Vec<&str> = line.split_whitespace().collect();
        if moves.len() >= 2 {
            let earlier = moves[..moves.len() - 2].join(" ");
            let before = Connect4Cg::from_moves("", &earlier).map_err(|e| bad(e.to_string()))?;
            bot.choose(&before, args.ms);
        }
        let mv = bot.choose(&pos, args.ms);
        samples.push(Sample {
            pos,
            mv,
            proof: bot.last_proof,
            line: line.to_string(),
            known: Some(known),
        });
    }
    Ok(samples)
}
