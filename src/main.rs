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

    use boardlab::clock::Instant;
    use clap::builder::PossibleValuesParser;
    use clap::{Parser, Subcommand, ValueEnum};

    use boardlab::baseline::MinimaxAgent;
    use boardlab::game::Game;
    use boardlab::play::{engine_agent, play_match};
    use boardlab::protocol::{self, BotConfig};
    use boardlab::search::{EngineKind, Limits, MctsConfig};
    use boardlab::{arena, bench, perft, serve, with_game};

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
            #[arg(long, default_value_t = BotConfig::default().first_turn_ms)]
            first_ms: u64,
            /// Thinking time on later turns, ms (the referee allows 100).
            #[arg(long, default_value_t = BotConfig::default().turn_ms)]
            ms: u64,
            /// Transposition table size, MiB.
            #[arg(long, default_value_t = BotConfig::default().tt_mib)]
            tt_mb: usize,
            /// Who chooses the moves: the engine, or a baseline (random, greedy, minimax).
            #[arg(long, default_value = "engine")]
            player: String,
            /// Seed of the baselines: random and greedy choose with it, minimax breaks ties
            /// between equally scored moves with it (the arena passes one per match).
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// The engine (Amazons only): alphabeta or mcts; default: the game's default engine
            /// (Amazons: mcts, which measured stronger in the arena; see the README).
            #[arg(long)]
            engine: Option<EngineKind>,
            /// MCTS settings to change, as `name=value,...` (exploration, playout_plies,
            /// prior_visits, widen_base, widen_exponent, expand_after, tempo, seed).
            #[arg(long, default_value = "")]
            mcts: String,
            /// Ataxx: also stop each turn's search after this many nodes, for arena comparisons
            /// of two builds that the machine's load cannot sway (give the arena generous limits).
            #[arg(long)]
            nodes: Option<u64>,
        },
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
        /// games differ; the report counts the distinct games (setup and moves).
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
        /// Output: wins/draws/losses, score, Elo with a 95 % interval (Wilson's interval on the
        /// score), the SPRT state, and per bot the response-time mean, p99 and max in ms (a
        /// timed-out turn counts as the time waited) and its faults by kind. A faulted game's
        /// verdict is printed as it happens (on stderr when there is no progress bar).
        Arena {
            #[arg(value_parser = game_names())]
            game: String,
            /// Bot A (the one the score is for).
            bot_a: String,
            /// Bot B.
            bot_b: String,
            /// Games to play, rounded up to whole matches (Amazons: 2 games) [default: 100, or
            /// with --openings each opening once with each colour].
            #[arg(long, value_parser = clap::value_parser!(u32).range(1..))]
            games: Option<u32>,
            /// Games at once (default: the number of cores).
            #[arg(long)]
            concurrency: Option<usize>,
            /// Time limit of a bot's first turn of each game, ms.
            #[arg(long, default_value_t = 1000)]
            first_ms: u64,
            /// Time limit of later turns, ms.
            #[arg(long, default_value_t = 100)]
            turn_ms: u64,
            /// Random opening plies the referee plays before the bots take over [default: 1 for
            /// Yavalath and Connect 4, so the second bot decides the steal; 2 for Amazons and
            /// Ataxx].
            #[arg(long, conflicts_with = "openings")]
            opening_plies: Option<u32>,
            /// Ataxx: a seeded wall layout per opening (setup `walls:N`, symmetric under both
            /// mirrors, corners free) instead of the empty board.
            #[arg(long, conflicts_with = "openings")]
            walls: bool,
            /// An opening file: one opening per line, the moves in the game's notation (as the
            /// playground writes them) separated by spaces, optionally preceded by a setup and
            /// `|` (e.g. `seed:42 | a3a4a3`); blank lines and `#` comments are skipped.
            #[arg(long)]
            openings: Option<PathBuf>,
            /// Seed of the random openings, of Amazons' starts and Ataxx's walls, and of the
            /// referee's random moves.
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// SPRT as `elo0,elo1,alpha,beta` (e.g. `0,10,0.05,0.05`), H0 "bot A is elo0 Elo
            /// stronger" against H1 "elo1 stronger": stop once decided (not before 20 games).
            #[arg(long)]
            sprt: Option<String>,
            /// Append one JSON line per game to this file: game, setup, moves (the playground's
            /// notation), first, second, result, verdict.
            #[arg(long)]
            records: Option<PathBuf>,
        },
        /// Count the leaf nodes of the legal-move tree `depth` plies deep, and the speed in
        /// nodes/s (leaf nodes per second; the last ply is counted in bulk, not played).
        ///
        /// A game that ends above the last ply: in Yavalath, Connect 4 and Amazons the move that
        /// ends it is a leaf and counts one; in Ataxx (as in libataxx, whose tables it matches)
        /// a finished game has no moves, so it counts nothing. At the last ply every legal move
        /// counts one in all four games.
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
            #[arg(long, visible_alias = "fen", default_value = "")]
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
            /// Exact scores for every root move (alpha-beta).
            #[arg(long)]
            exact_root: bool,
            /// The engine: alphabeta or mcts (default: the game's).
            #[arg(long)]
            engine: Option<EngineKind>,
            /// MCTS settings to change, as `name=value,...`.
            #[arg(long, default_value = "")]
            mcts: String,
            /// MCTS: stop after this many iterations (reproducible with the seed).
            #[arg(long)]
            iterations: Option<u64>,
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
            /// The engine: alphabeta or mcts (default: the game's).
            #[arg(long)]
            engine: Option<EngineKind>,
            /// MCTS settings to change, as `name=value,...`.
            #[arg(long, default_value = "")]
            mcts: String,
        },
        /// Solve Connect 4 positions exactly (Pons' solver); prints scores in Pons' convention.
        Solve {
            #[arg(value_parser = ["connect4"])]
            game: String,
            /// Board size, columns x rows (7x6 standard; 9x7 is the CodinGame board).
            #[arg(long, default_value = "7x6")]
            size: String,
            /// Print the score of every column (and of the steal when open).
            #[arg(long)]
            analyze: bool,
            /// Time budget per position, ms (0: none).
            #[arg(long, default_value_t = 0)]
            ms: u64,
            /// Transposition table size, MiB (shared out among the threads).
            #[arg(long, default_value_t = 128)]
            tt_mb: usize,
            /// Threads for --analyze, which solves the columns in parallel (0: one per core).
            #[arg(long, default_value_t = 0)]
            threads: usize,
            /// Solve random positions after this many plies instead (timing; see --count, --seed).
            #[arg(long, value_name = "PLIES")]
            random: Option<u32>,
            /// How many random positions (with --random).
            #[arg(long, default_value_t = 20)]
            count: usize,
            /// Seed of the random positions (with --random).
            #[arg(long, default_value_t = 1)]
            seed: u64,
            /// Positions as Pons move strings (1-based columns, e.g. 4453), optionally followed by
            /// an expected score; none: read such lines from stdin (Pons' test-set format).
            positions: Vec<String>,
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
                player,
                seed,
                engine,
                mcts,
                nodes,
            } => {
                let mcts = match MctsConfig::default().with_overrides(&mcts) {
                    Ok(c) => c,
                    Err(e) => return fail(e),
                };
                let config = BotConfig {
                    first_turn_ms: first_ms,
                    turn_ms: ms,
                    tt_mib: tt_mb,
                    engine,
                    mcts,
                    max_nodes: nodes,
                };
                let (input, mut out, mut log) =
                    (io::stdin().lock(), io::stdout().lock(), io::stderr());
                if player == "engine" {
                    protocol::run_bot(&game, input, &mut out, &mut log, config)
                } else {
                    protocol::run_baseline_bot(
                        &game, &player, seed, input, &mut out, &mut log, config,
                    )
                }
            }
            Command::Arena {
                game,
                bot_a,
                bot_b,
                games,
                concurrency,
                first_ms,
                turn_ms,
                opening_plies,
                walls,
                openings,
                seed,
                sprt,
                records,
            } => {
                let sprt = match sprt.as_deref().map(parse_sprt).transpose() {
                    Ok(s) => s,
                    Err(e) => return fail(e),
                };
                let config = arena::MatchConfig {
                    games: games.unwrap_or(100),
                    concurrency: concurrency.unwrap_or_else(|| {
                        std::thread::available_parallelism().map_or(1, |n| n.get())
                    }),
                    limits: arena::TimeLimits {
                        first_turn_ms: first_ms,
                        turn_ms,
                    },
                    seed,
                    seeded: [false, false],
                    sprt,
                };
                let source = OpeningSource {
                    file: openings,
                    plies: opening_plies,
                    walls,
                    games_given: games.is_some(),
                };
                with_game!(game.as_str(),
                    G => run_arena::<G>(&game, [&bot_a, &bot_b], config, &source, records),
                    other => Err(format!("the arena has no referee for {other} yet")))
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
                engine,
                mcts,
                iterations,
            } => {
                let (engine, mcts) = match engine_and_mcts(&game, engine, &mcts) {
                    Ok(choice) => choice,
                    Err(e) => return fail(e),
                };
                with_game!(game.as_str(),
                    G => G::from_moves(&setup, &moves).map_err(|e| e.to_string()).and_then(|pos| match engine {
                        EngineKind::AlphaBeta => analyse(&pos, ms, exact_root),
                        EngineKind::Mcts => analyse_mcts(&pos, ms, iterations, mcts),
                    }),
                    other => Err(format!("unknown game {other}")))
            }
            Command::Match {
                game,
                opponent: Opponent::Minimax,
                games,
                ms,
                opening_plies,
                seed,
                engine,
                mcts,
            } => {
                let (engine, mcts) = match engine_and_mcts(&game, engine, &mcts) {
                    Ok(choice) => choice,
                    Err(e) => return fail(e),
                };
                with_game!(game.as_str(),
                    G => {
                        run_match_vs_minimax(&G::start(), engine, mcts, games, ms, opening_plies, seed);
                        Ok(())
                    },
                    other => Err(format!("unknown game {other}")))
            }
            Command::Solve {
                game: _,
                size,
                analyze,
                ms,
                tt_mb,
                threads,
                random,
                count,
                seed,
                positions,
            } => {
                let random = random.map(|plies| {
                    boardlab::games::connect4::solver::RandomPositions { plies, count, seed }
                });
                run_solve(&size, analyze, ms, tt_mb, threads, random, positions)
            }
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

    fn run_solve(
        size: &str,
        analyze: bool,
        ms: u64,
        tt_mb: usize,
        threads: usize,
        random: Option<boardlab::games::connect4::solver::RandomPositions>,
        mut positions: Vec<String>,
    ) -> Result<(), String> {
        use std::io::BufRead;
        if positions.is_empty() && random.is_none() {
            for line in io::stdin().lock().lines() {
                let line = line.map_err(|e| format!("cannot read stdin: {e}"))?;
                if !line.trim().is_empty() {
                    positions.push(line);
                }
            }
        }
        let options = boardlab::games::connect4::solver::SolveOptions {
            analyze,
            time_ms: (ms > 0).then_some(ms),
            tt_mib: tt_mb,
            threads: if threads == 0 {
                std::thread::available_parallelism().map_or(1, |n| n.get())
            } else {
                threads
            },
            random,
        };
        boardlab::games::connect4::solver::run_cli(
            size,
            &positions,
            options,
            &mut io::stdout().lock(),
        )
    }

    fn fail(message: String) -> i32 {
        eprintln!("boardlab: {message}");
        2
    }

    /// Reads `elo0,elo1,alpha,beta`.
    fn parse_sprt(text: &str) -> Result<arena::stats::Sprt, String> {
        let v: Vec<f64> = text
            .split(',')
            .map(|f| f.trim().parse::<f64>())
            .collect::<Result<_, _>>()
            .map_err(|_| format!("--sprt '{text}': expected four numbers elo0,elo1,alpha,beta"))?;
        match v[..] {
            [elo0, elo1, alpha, beta]
                if alpha > 0.0 && alpha < 1.0 && beta > 0.0 && beta < 1.0 && elo1 > elo0 =>
            {
                Ok(arena::stats::Sprt {
                    elo0,
                    elo1,
                    alpha,
                    beta,
                })
            }
            _ => Err(format!(
                "--sprt '{text}': expected elo0 < elo1 and alpha, beta in (0, 1)"
            )),
        }
    }

    /// A bot argument as a shell command: BoardLab's own bots by name, anything else as given.
    /// The flag says whether the command takes `--seed N` (the baselines), which the arena then
    /// sets per match so their games differ.
    fn bot_command(game: &str, bot: &str) -> (String, bool) {
        let exe = std::env::current_exe()
            .map(|p| p.display().to_string())
            .unwrap_or_else(|_| "boardlab".into());
        match bot {
            "engine" => (format!("'{exe}' bot {game}"), false),
            "alphabeta" | "mcts" => (format!("'{exe}' bot {game} --engine {bot}"), false),
            kind if boardlab::baseline::KINDS.contains(&kind) => {
                (format!("'{exe}' bot {game} --player {kind}"), true)
            }
            command => (command.to_string(), false),
        }
    }

    /// Where the arena's openings come from (the `--openings`, `--opening-plies` and `--walls`
    /// options).
    struct OpeningSource {
        file: Option<PathBuf>,
        plies: Option<u32>,
        walls: bool,
        /// `--games` was given: with a file, cycle through it for that many games.
        games_given: bool,
    }

    /// The openings of a match, and the games to play when the file sets them.
    fn arena_openings<G: arena::CgReferee>(
        source: &OpeningSource,
        config: &mut arena::MatchConfig,
    ) -> Result<Vec<arena::Opening<G>>, String> {
        if let Some(path) = &source.file {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            let openings = arena::parse_openings::<G>(&text)
                .map_err(|e| format!("{}: {e}", path.display()))?;
            if !source.games_given {
                config.games = 2 * openings.len() as u32;
            }
            return Ok(openings);
        }
        if source.walls && G::NAME != "ataxx" {
            return Err("--walls applies to Ataxx only".into());
        }
        Ok(arena::random_openings::<G>(
            arena::openings_needed::<G>(config.games),
            source.plies.unwrap_or(G::DEFAULT_OPENING_PLIES),
            G::DEALT_BY_DEFAULT || source.walls,
            config.seed,
        ))
    }

    fn run_arena<G: arena::CgReferee>(
        game: &str,
        bots: [&str; 2],
        mut config: arena::MatchConfig,
        source: &OpeningSource,
        records: Option<PathBuf>,
    ) -> Result<(), String> {
        let openings = arena_openings::<G>(source, &mut config)?;
        let [(a, a_seeded), (b, b_seeded)] =
            [bot_command(game, bots[0]), bot_command(game, bots[1])];
        config.seeded = [a_seeded, b_seeded];
        let commands = [a, b];
        let pairs = arena::openings_needed::<G>(config.games);
        let mut file = match &records {
            Some(path) => Some(std::sync::Mutex::new(
                std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("cannot open {}: {e}", path.display()))?,
            )),
            None => None,
        };
        let bar = indicatif::ProgressBar::new(arena::planned_games::<G>(config.games) as u64);
        bar.set_style(
            indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg}")
                .expect("valid template"),
        );
        let stats = arena::run_match(&openings, [&commands[0], &commands[1]], &config, |g, s| {
            if let Some(f) = &file {
                let _ = writeln!(
                    f.lock().expect("records lock"),
                    "{}",
                    g.record_line(game, bots)
                );
            }
            if !matches!(g.refereed.verdict, arena::Verdict::Finished(_)) {
                let line = format!("game {}: {}", g.index + 1, g.refereed.verdict.describe());
                // A hidden bar (stderr not a terminal) drops its println: say it on stderr.
                if bar.is_hidden() {
                    eprintln!("{line}");
                } else {
                    bar.println(line);
                }
            }
            bar.set_message(format!(
                "+{} ={} -{} ({:.1} %)",
                s.wins,
                s.draws,
                s.losses,
                100.0 * s.score()
            ));
            bar.inc(1);
        });
        bar.finish_and_clear();
        file.take();
        arena::write_summary(&mut io::stdout(), bots, &stats, &config)
            .map_err(|e| e.to_string())?;
        if openings.len() < pairs {
            let what = match &source.file {
                Some(path) => format!("{} has {} openings", path.display(), openings.len()),
                None => {
                    let plies = source.plies.unwrap_or(G::DEFAULT_OPENING_PLIES);
                    format!(
                        "only {} distinct openings of {plies} random {} exist",
                        openings.len(),
                        if plies == 1 { "ply" } else { "plies" }
                    )
                }
            };
            println!(
                "note: {what} for {pairs} pairs of games, so the openings were dealt in a cycle \
                 that repeats"
            );
        }
        Ok(())
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
            "perft({depth}) = {total}  ({:.3} s, {:.1} M nodes/s, leaf nodes, the last ply bulk-counted)",
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
                .map(|r| {
                    format!(
                        "{}:{}{}",
                        pos.format_move(r.mv),
                        bound_mark(r.bound),
                        r.score
                    )
                })
                .collect();
            println!("root moves: {}", scores.join("  "));
        }
        println!(
            "bestmove {}",
            result.best.map(|m| pos.format_move(m)).unwrap_or_default()
        );
        Ok(())
    }

    /// Runs MCTS on one position, printing a report every 250 ms, then the root moves.
    fn analyse_mcts<G: boardlab::game::Evaluate>(
        pos: &G,
        ms: u64,
        iterations: Option<u64>,
        config: MctsConfig,
    ) -> Result<(), String> {
        if pos.outcome().is_some() {
            return Err("the game is over".into());
        }
        let config = MctsConfig {
            report_ms: Some(250),
            ..config
        };
        let mut mcts: boardlab::search::Mcts<G> = boardlab::search::Mcts::new(64, config);
        let limits = match iterations {
            Some(n) => Limits {
                max_nodes: Some(n),
                ..Limits::default()
            },
            None => Limits::time(ms),
        };
        let line = |r: &boardlab::search::MctsReport<G::Move>| {
            println!(
                "iterations {:>8} tree {:>8} depth {:>2}/{:<4.1} nps {:>7} time {:>5} ms  value {:>5.1} % score {:>10}  pv {}",
                r.iterations,
                r.tree_nodes,
                r.max_depth,
                r.mean_depth,
                r.nps,
                r.elapsed_ms,
                100.0 * r.value,
                r.score.to_string(),
                line_text(pos, &r.pv).join(" ")
            );
        };
        let result = mcts.search(pos, limits, line);
        if let Some(r) = &result.last {
            line(r);
            for m in r.root_moves.iter().take(12) {
                println!(
                    "  {:<8} visits {:>7}  value {:>5.1} %  prior {:>5.1} %  pv {}",
                    pos.format_move(m.mv),
                    m.visits,
                    100.0 * m.value,
                    100.0 * m.prior,
                    line_text(pos, &m.pv).join(" ")
                );
            }
        }
        println!(
            "bestmove {} ({:?})",
            result.best.map(|m| pos.format_move(m)).unwrap_or_default(),
            result.stop
        );
        Ok(())
    }

    /// A line of moves as text, each named in its own position.
    fn line_text<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
        let mut p = pos.clone();
        line.iter()
            .map(|&m| {
                let t = p.format_move(m);
                p.play(m);
                t
            })
            .collect()
    }

    /// `<=` before an upper bound, `>=` before a lower bound.
    fn bound_mark(b: boardlab::search::ScoreBound) -> &'static str {
        match b {
            boardlab::search::ScoreBound::Exact => "",
            boardlab::search::ScoreBound::Upper => "<=",
            boardlab::search::ScoreBound::Lower => ">=",
        }
    }

    /// Engine vs the `minimax` baseline (depth 2) from `start`, in-process.
    fn run_match_vs_minimax<G: boardlab::game::Evaluate + boardlab::baseline::Baseline>(
        start: &G,
        kind: EngineKind,
        mcts: MctsConfig,
        games: u32,
        ms: u64,
        opening_plies: u32,
        seed: u64,
    ) {
        let mut engine = engine_agent::<G>(kind, 64, mcts);
        let mut minimax = MinimaxAgent::default();
        let pairs = games.div_ceil(2);
        println!("{}: engine ({kind}) at {ms} ms/move vs minimax depth 2, {} games, openings of {opening_plies} random plies, seed {seed}", G::NAME, pairs * 2);
        let score = play_match(
            start,
            engine.as_mut(),
            &mut minimax,
            ms,
            pairs,
            opening_plies,
            seed,
            |s, record, _| {
                print!(
                    "\rgame {:>3}: {:>3} plies  |  +{} ={} -{}  ({:.1} %)  ",
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

    /// The engine a command searches with (the game's default unless `--engine` names one) and the
    /// MCTS settings after the command line's `--mcts name=value,...` overrides. Errors: a bad
    /// override.
    fn engine_and_mcts(
        game: &str,
        engine: Option<EngineKind>,
        overrides: &str,
    ) -> Result<(EngineKind, MctsConfig), String> {
        let mcts = MctsConfig::default().with_overrides(overrides)?;
        Ok((
            engine.unwrap_or_else(|| EngineKind::default_for(game)),
            mcts,
        ))
    }
}
