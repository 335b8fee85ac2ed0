//! The `boardlab` command: the clap definition of every subcommand and the dispatch to the file
//! that runs it (`bots` for the stdin/stdout front doors, `arena` for refereed matches,
//! `analyse` for one position's search, `tools` for perft, bench, solve and in-process matches).

mod analyse;
mod arena;
mod book;
mod bots;
mod c4check;
mod tools;
mod tune;

use std::path::PathBuf;

use clap::builder::PossibleValuesParser;
use clap::{Parser, Subcommand};

use boardlab::search::{EngineKind, MctsConfig};

#[derive(Parser)]
#[command(
    name = "boardlab",
    version,
    about = "Rules, search and tools for four CodinGame games: Yavalath, Connect 4, Amazons and Ataxx"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The `game` argument's values, so clap lists them in the help and rejects typos.
fn game_names() -> PossibleValuesParser {
    PossibleValuesParser::new(boardlab::games::NAMES)
}

#[derive(Subcommand)]
enum Command {
    /// Play a CodinGame bot on stdin/stdout.
    Bot(bots::BotArgs),
    /// Referee matches between two CodinGame bot commands under the referee's rules and time
    /// limits. A bot is a shell command, or `engine`, `random`, `greedy`, `minimax` for
    /// BoardLab's own bots for the game (`alphabeta` and `mcts`: the Amazons engine with that
    /// search, i.e. `boardlab bot amazons --engine mcts`).
    ///
    /// Each opening is played twice, colours swapped. By default an opening is seeded random
    /// plies (`--opening-plies`, `--seed`), dealt without replacement: no opening repeats
    /// while distinct ones remain, and when there are fewer than the pairs of games (Connect
    /// 4's 1-ply openings are its 9 columns) the cycle repeats and the report says so.
    /// `--openings FILE` reads them instead. The baselines (`random`, `greedy`, `minimax`)
    /// get `--seed N` from the arena, derived from `--seed` and the game's number, so their
    /// games differ; in any other bot command the text `{seed}` is replaced by that seed (e.g.
    /// `--mcts seed={seed}`); the report counts the distinct games (setup and moves).
    ///
    /// Yavalath (referee MultiStruct/Yavalath) and Connect 4 (AshKcg/cg-multi-connect4) allow
    /// the steal on the second player's first turn only; their default opening is 1 random
    /// ply, so the second bot decides whether to steal (with 2 or more, a random ply would
    /// decide it). After an opening, the bot to move is
    /// told the opening's last move as its opponent's previous move (Connect 4: `-2` after a
    /// steal). Yavalath splits a bot's line on single whitespace characters.
    ///
    /// Amazons (MultiStruct/amazons) is played as a match of two games on one start with the
    /// same bot processes, colours swapped, an error in either game losing both. Every match
    /// gets its own start, dealt from `--seed` as CodinGame deals them (setup `seed:N`); the
    /// action `random` makes the referee play a random legal move.
    ///
    /// Ataxx has no public referee; this one follows the statement and settles the rest: the
    /// 7x7 board with the first player (`0`) on a7 and g1, without walls unless `--walls`; on
    /// a bot's first turn its id and a config line holding the start FEN; every turn the
    /// seven rows bottom to top (`.`, `0`, `1`, `#`), `lastAction` (`null` first) and
    /// `actionsCount` (passes not counted), no action lines; a player without a legal move is
    /// still asked, and any readable action (a square like `b7` or from+to like `a7c7`) is
    /// its pass, an unreadable line losing as usual; the game ends when a side has no stones
    /// or neither can move (more stones wins), and is drawn after 300 plies or when the same
    /// board occurs a third time.
    ///
    /// Ataxx also plays UAI engines: a bot `uai:<command>` gets `uai`/`isready` handshakes,
    /// `position startpos|fen <FEN> moves …` and `go movetime N` (`--movetime`, default
    /// `--turn-ms`) or `go btime wtime binc winc` (`--tc TIME+INC`), and loses on an illegal or
    /// unreadable `bestmove`, a crash, or no `bestmove` within the time plus `--uai-margin`.
    /// Games with a UAI engine start from the setup's FEN and follow the engine rules (a draw
    /// after 100 plies without a spawn).
    ///
    /// Output: wins/draws/losses, score, Elo with a 95 % interval (Wilson's interval on the
    /// score), the SPRT state, and per bot the response-time mean, p99 and max in ms (a
    /// timed-out turn counts as the time waited) and its faults by kind. A faulted game's
    /// verdict is printed as it happens (on stderr when there is no progress bar).
    Arena(arena::ArenaArgs),
    /// Read the per-game records of one or more arena runs (`arena --records FILE`) as one
    /// match, in the order given: the score of the bot named by `--bot`, its Elo with a 95 %
    /// interval, and with `--sprt` the LLR after all the games and the game at which it first
    /// reached a bound. So an SPRT still undecided at one run's cap is read on over further
    /// runs of the same two builds (with other seeds), game by game.
    Records(arena::RecordsArgs),
    /// Count the leaf nodes of the legal-move tree `depth` plies deep, and the speed in
    /// nodes/s (leaf nodes per second; the last ply is counted in bulk, not played).
    ///
    /// A game that ends above the last ply: in Yavalath, Connect 4 and Amazons the move that
    /// ends it is a leaf and counts one; in Ataxx (as in libataxx, whose tables it matches)
    /// a finished game has no moves, so it counts nothing. At the last ply every legal move
    /// counts one in all four games.
    Perft(tools::PerftArgs),
    /// Search a fixed position set to a fixed depth; prints nodes and nodes/s.
    Bench(tools::BenchArgs),
    /// Search one position and print every completed iteration.
    Analyse(analyse::AnalyseArgs),
    /// Play the engine against a baseline in-process: pairs of games from seeded random
    /// openings, colours swapped.
    Match(tools::MatchArgs),
    /// Solve Connect 4 positions exactly (Pons' solver); prints scores in Pons' convention.
    Solve(tools::SolveArgs),
    /// Measure how often the Connect 4 bot keeps the game-theoretic result: it plays itself
    /// from seeded openings, then its own exact solver, unlimited, checks every move it made
    /// from `--min-chips` chips on. Prints the moves that gave a result away and a table per
    /// band of chips (positions, how many the bot's solver settled within the budget, lost,
    /// non-lost, kept).
    C4check(c4check::C4CheckArgs),
    /// Compute the opening book of Yavalath or Connect 4 (9x7) under the steal rule by deep
    /// search, and write it as the Rust table the engine reads (src/games/<game>/book_table.rs):
    /// for each first move up to the board's symmetry, the second player's answer (the steal or
    /// a move), and the first move that leaves the second player least.
    Book(book::BookArgs),
    /// Regenerate labelled data and refit an evaluation (Texel's logistic tuning): Ataxx's
    /// weights (`src/games/ataxx/features.rs`) on self-play results, Connect 4's
    /// (`src/games/connect4/features.rs`) on exact results; prints the loss before and after.
    Tune(tune::TuneArgs),
    /// Speak the Universal Ataxx Interface (UCI for Ataxx) on stdin/stdout.
    Uai {
        /// Transposition table size, MiB.
        #[arg(long, default_value_t = 64)]
        tt_mb: usize,
    },
    /// Serve the static site on localhost.
    Serve {
        #[arg(long, default_value = "dist")]
        dir: PathBuf,
        /// Port; 0 picks a free one.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Leave out the cross-origin isolation headers (COOP/COEP) that the threaded engine
        /// needs: the page then falls back to the single-threaded engine.
        #[arg(long)]
        no_isolation: bool,
    },
}

/// Why a command failed: the exit code tells a bad argument that clap could not check (2, as
/// clap's own errors) from a run that failed (1).
enum Failure {
    /// An argument's value is unreadable (e.g. `--sprt`, `--mcts`).
    BadArgument(String),
    /// The command could not do its work (a bad position, an unreadable file, a write error).
    Failed(String),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Failed(message)
    }
}

/// Runs the command line; returns the process's exit code.
pub fn main() -> i32 {
    let result = match Cli::parse().command {
        Command::Bot(args) => bots::bot(args),
        Command::Arena(args) => arena::run(args),
        Command::Records(args) => arena::records(args),
        Command::Perft(args) => tools::perft_cmd(args),
        Command::Bench(args) => tools::bench_cmd(args),
        Command::Analyse(args) => analyse::run(args),
        Command::Match(args) => tools::match_cmd(args),
        Command::Solve(args) => tools::solve_cmd(args),
        Command::C4check(args) => c4check::run(args),
        Command::Book(args) => book::run(args),
        Command::Tune(args) => tune::run(args),
        Command::Uai { tt_mb } => bots::uai(tt_mb),
        Command::Serve {
            dir,
            port,
            host,
            no_isolation,
        } => boardlab::serve::serve(&dir, &host, port, !no_isolation).map_err(Failure::from),
    };
    match result {
        Ok(()) => 0,
        Err(Failure::BadArgument(message)) => {
            eprintln!("boardlab: {message}");
            2
        }
        Err(Failure::Failed(message)) => {
            eprintln!("boardlab: {message}");
            1
        }
    }
}

/// The engine a command searches with (the game's default unless `--engine` names one) and the
/// MCTS settings after the command line's `--mcts name=value,...` overrides. Errors: a bad
/// override.
fn engine_and_mcts(
    game: &str,
    engine: Option<EngineKind>,
    overrides: &str,
) -> Result<(EngineKind, MctsConfig), Failure> {
    let mcts = MctsConfig::for_game(game)
        .with_overrides(overrides)
        .map_err(Failure::BadArgument)?;
    Ok((
        engine.unwrap_or_else(|| {
            boardlab::with_game!(game, G => <G as boardlab::game::Evaluate>::DEFAULT_ENGINE, _other => EngineKind::AlphaBeta)
        }),
        mcts,
    ))
}
