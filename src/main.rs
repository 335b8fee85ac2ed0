//! The `boardlab` command line: CodinGame bots, perft, bench, in-process matches and the static
//! site server.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    std::process::exit(cli::main());
}

#[cfg(not(target_arch = "wasm32"))]
mod cli {
    use std::io::{self, Write};
    use std::path::PathBuf;

    use clap::builder::PossibleValuesParser;
    use clap::{Parser, Subcommand, ValueEnum};
    use web_time::Instant;

    use boardlab::baseline::YavalathMinimax;
    use boardlab::game::{Game, Player};
    use boardlab::games::Yavalath;
    use boardlab::play::{play_match, EngineAgent};
    use boardlab::protocol::{self, BotConfig};
    use boardlab::search::Limits;
    use boardlab::{bench, perft, serve, with_game};

    #[derive(Parser)]
    #[command(
        name = "boardlab",
        version,
        about = "Rules, search and tools for Yavalath (more games to come)"
    )]
    struct Cli {
        #[command(subcommand)]
        command: Command,
    }

    fn game_names() -> PossibleValuesParser {
        PossibleValuesParser::new(boardlab::games::NAMES)
    }

    #[derive(Clone, Copy, ValueEnum)]
    enum Opponent {
        /// Seed 000's fixed-depth minimax with a one-ply threat evaluation.
        Minimax,
    }

    #[derive(Subcommand)]
    enum Command {
        /// Play a CodinGame bot on stdin/stdout.
        Bot {
            #[arg(value_parser = game_names())]
            game: String,
            /// Thinking time on the first turn, ms (the referee allows 1000).
            #[arg(long, default_value_t = 600)]
            first_ms: u64,
            /// Thinking time on later turns, ms (the referee allows 100).
            #[arg(long, default_value_t = 80)]
            ms: u64,
            /// Transposition table size, MiB.
            #[arg(long, default_value_t = 64)]
            tt_mb: usize,
        },
        /// Count the leaves of the legal-move tree (game-ending moves are leaves).
        Perft {
            #[arg(value_parser = game_names())]
            game: String,
            /// Depth in plies.
            depth: u32,
            /// Moves played from the start first (space-separated, the game's notation).
            #[arg(long, default_value = "")]
            moves: String,
            /// The game's setup string (Yavalath: `nosteal` for the game without the steal;
            /// Ataxx: a FEN, `walls:SEED`, or empty).
            #[arg(long, alias = "fen", default_value = "")]
            setup: String,
            /// Print the count under each first move.
            #[arg(long)]
            divide: bool,
        },
        /// Search a fixed position set to a fixed depth; prints nodes and nodes/s.
        Bench {
            #[arg(value_parser = game_names())]
            game: String,
            /// Depth in plies.
            #[arg(long, default_value_t = 7)]
            depth: u32,
            /// Transposition table size, MiB (16 = the wasm bench's, so node counts match).
            #[arg(long, default_value_t = 16)]
            tt_mb: usize,
        },
        /// Search one position and print every completed iteration.
        Analyse {
            #[arg(value_parser = game_names())]
            game: String,
            /// Moves played from the start (space-separated, the game's notation).
            #[arg(default_value = "")]
            moves: String,
            /// The game's setup string.
            #[arg(long, default_value = "")]
            setup: String,
            /// Time budget, ms.
            #[arg(long, default_value_t = 1000)]
            ms: u64,
            /// Exact scores for every root move.
            #[arg(long)]
            exact_root: bool,
        },
        /// Play the engine against a baseline in-process: pairs of games from seeded random
        /// openings, colours swapped.
        Match {
            #[arg(value_parser = game_names())]
            game: String,
            #[arg(long, value_enum, default_value = "minimax")]
            opponent: Opponent,
            /// Games to play (rounded up to an even number).
            #[arg(long, default_value_t = 100)]
            games: u32,
            /// The engine's time per move, ms.
            #[arg(long, default_value_t = 100)]
            ms: u64,
            /// Random opening plies before the players take over.
            #[arg(long, default_value_t = 2)]
            opening_plies: u32,
            #[arg(long, default_value_t = 1)]
            seed: u64,
        },
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
        },
    }

    pub fn main() -> i32 {
        let cli = Cli::parse();
        let result = match cli.command {
            Command::Bot {
                game,
                first_ms,
                ms,
                tt_mb,
            } => {
                let config = BotConfig {
                    first_turn_ms: first_ms,
                    turn_ms: ms,
                    tt_mib: tt_mb,
                };
                protocol::run_bot(
                    &game,
                    io::stdin().lock(),
                    &mut io::stdout().lock(),
                    &mut io::stderr(),
                    config,
                )
            }
            Command::Perft {
                game,
                depth,
                moves,
                setup,
                divide,
            } => with_game!(game.as_str(),
                G => G::from_moves(&setup, &moves).map_err(|e| e.to_string()).map(|pos| run_perft(&pos, depth, divide)),
                other => Err(format!("unknown game {other}"))),
            Command::Bench { game, depth, tt_mb } => with_game!(game.as_str(),
                G => run_bench::<G>(depth, tt_mb),
                other => Err(format!("unknown game {other}"))),
            Command::Analyse {
                game,
                moves,
                setup,
                ms,
                exact_root,
            } => with_game!(game.as_str(),
                G => G::from_moves(&setup, &moves).map_err(|e| e.to_string()).and_then(|pos| analyse(&pos, ms, exact_root)),
                other => Err(format!("unknown game {other}"))),
            Command::Match {
                game,
                opponent: Opponent::Minimax,
                games,
                ms,
                opening_plies,
                seed,
            } => match game.as_str() {
                "yavalath" => {
                    run_match(games, ms, opening_plies, seed);
                    Ok(())
                }
                other => Err(format!("no minimax baseline for {other} yet")),
            },
            Command::Serve { dir, port, host } => serve::serve(&dir, &host, port),
            Command::Uai { tt_mb } => protocol::uai::run(
                io::stdin().lock(),
                std::sync::Arc::new(std::sync::Mutex::new(io::stdout())),
                tt_mb,
            )
            .map_err(|e| format!("cannot write: {e}")),
        };
        match result {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("boardlab: {e}");
                1
            }
        }
    }

    fn run_perft<G: Game>(pos: &G, depth: u32, divide: bool) {
        let t = Instant::now();
        let total = if divide {
            let lines = perft::divide(pos, depth);
            for (mv, n) in &lines {
                println!("{mv}: {n}");
            }
            lines.iter().map(|l| l.1).sum()
        } else {
            perft::perft(pos, depth)
        };
        let secs = t.elapsed().as_secs_f64();
        println!(
            "perft({depth}) = {total}  ({:.3} s, {:.1} M leaves/s)",
            secs,
            total as f64 / secs.max(1e-9) / 1e6
        );
    }

    fn run_bench<G: boardlab::game::Evaluate>(depth: u32, tt_mb: usize) -> Result<(), String> {
        let lines = bench::run::<G>(&bench::positions::<G>(), depth, tt_mb);
        let (mut nodes, mut ms) = (0, 0);
        for l in &lines {
            println!(
                "{:>3} plies: {:>12} nodes {:>7} ms  best {}",
                l.plies, l.nodes, l.ms, l.best
            );
            nodes += l.nodes;
            ms += l.ms;
        }
        println!(
            "{} {} positions, depth {depth}: {nodes} nodes, {ms} ms, {} nodes/s",
            G::NAME,
            lines.len(),
            nodes * 1000 / ms.max(1)
        );
        Ok(())
    }

    fn analyse<G: boardlab::game::Evaluate>(
        pos: &G,
        ms: u64,
        exact_root: bool,
    ) -> Result<(), String> {
        if pos.outcome().is_some() {
            return Err("the game is over".into());
        }
        let mut searcher: boardlab::search::Searcher<G> = boardlab::search::Searcher::new(64);
        let limits = Limits {
            exact_root_scores: exact_root,
            ..Limits::time(ms)
        };
        let result = searcher.search(pos, limits, |it| {
            let mut p = pos.clone();
            let pv: Vec<String> = it
                .pv
                .iter()
                .map(|&m| {
                    let t = p.format_move(m);
                    p.play(m);
                    t
                })
                .collect();
            println!(
                "depth {:>2}/{:<2} score {:>10} nodes {:>10} nps {:>9} time {:>5} ms  pv {}",
                it.depth,
                it.seldepth,
                it.score.to_string(),
                it.nodes,
                it.nps,
                it.elapsed_ms,
                pv.join(" ")
            );
        });
        if let Some(it) = &result.last {
            let scores: Vec<String> = it
                .root_moves
                .iter()
                .take(12)
                .map(|r| format!("{}:{}{}", pos.format_move(r.mv), bound_mark(r.bound), r.score))
                .collect();
            println!("root moves: {}", scores.join("  "));
        }
        println!(
            "bestmove {}",
            result.best.map(|m| pos.format_move(m)).unwrap_or_default()
        );
        Ok(())
    }

    /// `<=` before an upper bound, `>=` before a lower bound.
    fn bound_mark(b: boardlab::search::ScoreBound) -> &'static str {
        match b {
            boardlab::search::ScoreBound::Exact => "",
            boardlab::search::ScoreBound::Upper => "<=",
            boardlab::search::ScoreBound::Lower => ">=",
        }
    }

    fn run_match(games: u32, ms: u64, opening_plies: u32, seed: u64) {
        let mut engine: EngineAgent<Yavalath> = EngineAgent::new(Limits::time(ms), 64);
        let mut minimax = YavalathMinimax::default();
        let pairs = games.div_ceil(2);
        println!("yavalath: engine at {ms} ms/move vs minimax depth 2, {} games, openings of {opening_plies} random plies, seed {seed}", pairs * 2);
        let score = play_match(
            &Yavalath::start(),
            &mut engine,
            &mut minimax,
            pairs,
            opening_plies,
            seed,
            |s, record, side| {
                let side = if side == Player::First {
                    "first "
                } else {
                    "second"
                };
                print!(
                    "\rgame {:>3}: engine {side} {:>3} plies  |  +{} ={} -{}  ({:.1} %)  ",
                    s.games(),
                    record.moves.len(),
                    s.wins,
                    s.draws,
                    s.losses,
                    s.percent()
                );
                let _ = io::stdout().flush();
            },
        );
        println!();
        println!(
            "result: engine {} wins, {} draws, {} losses of {} games = {:.1} %; longest engine move {} ms",
            score.wins,
            score.draws,
            score.losses,
            score.games(),
            score.percent(),
            score.max_move_ms
        );
    }
}
