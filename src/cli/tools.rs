//! The measuring tools: `perft` (move generation counts and speed), `bench` (a fixed search),
//! `solve` (Connect 4's exact solver) and `match` (the engine against a baseline in-process).

use std::io::{self, Write};

use boardlab::clock::Instant;
use clap::{Args, ValueEnum};

use boardlab::arena::stats::MatchStats;
use boardlab::baseline::MinimaxAgent;
use boardlab::game::Game;
use boardlab::games::connect4::solver::{self, RandomPositions};
use boardlab::play::{play_match, Agent, EngineAgent, MctsAgent};
use boardlab::search::{EngineKind, MctsConfig, MAX_THREADS};
use boardlab::{bench, perft, with_game};

use super::{engine_and_mcts, game_names, Failure};

#[derive(Args)]
pub struct PerftArgs {
    #[arg(value_parser = game_names())]
    pub game: String,
    /// Depth in plies.
    pub depth: u32,
    /// Moves played from the start first (space-separated, the game's notation).
    #[arg(long, default_value = "")]
    pub moves: String,
    /// The game's setup string (Yavalath: `nosteal` for the game without the steal;
    /// Ataxx: a FEN, `walls:SEED`, or empty).
    #[arg(long, visible_alias = "fen", default_value = "")]
    pub setup: String,
    /// Print the count under each first move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(Args)]
pub struct BenchArgs {
    #[arg(value_parser = game_names())]
    pub game: String,
    /// Depth in plies.
    #[arg(long, default_value_t = 7)]
    pub depth: u32,
    /// Transposition table size, MiB (16 = the wasm bench's, so node counts match).
    #[arg(long, default_value_t = 16)]
    pub tt_mb: usize,
    /// Search threads (Lazy SMP); node counts are reproducible with 1 only.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Opponent {
    /// Seed 000's fixed-depth minimax with a one-ply threat evaluation.
    Minimax,
    /// The same engine on `--opponent-threads` threads (default one), held to `--opponent-nodes`
    /// and changed by `--opponent-mcts` (what a second thread, or another scheme, buys).
    Engine,
}

#[derive(Args)]
pub struct MatchArgs {
    #[arg(value_parser = game_names())]
    pub game: String,
    #[arg(long, value_enum, default_value = "minimax")]
    pub opponent: Opponent,
    /// Games to play (rounded up to an even number).
    #[arg(long, default_value_t = 100)]
    pub games: u32,
    /// The engine's time per move, ms.
    #[arg(long, default_value_t = 100)]
    pub ms: u64,
    /// Random opening plies before the players take over.
    #[arg(long, default_value_t = 2)]
    pub opening_plies: u32,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The engine: alphabeta or mcts (default: the game's).
    #[arg(long)]
    pub engine: Option<EngineKind>,
    /// MCTS settings to change, as `name=value,...` (both engines with `--opponent engine`).
    #[arg(long, default_value = "")]
    pub mcts: String,
    /// The engine's search threads (alpha-beta: Lazy SMP; MCTS: tree or root parallelism, see
    /// `--mcts parallel=`).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// The engine's nodes (MCTS: iterations) per move, in all over its threads, on top of the
    /// time: a comparison the machine's load cannot sway (give a generous `--ms`).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// `--opponent engine`: its nodes (MCTS: iterations) per move.
    #[arg(long)]
    pub opponent_nodes: Option<u64>,
    /// `--opponent engine`: its search threads.
    #[arg(long, default_value_t = 1)]
    pub opponent_threads: usize,
    /// `--opponent engine`: MCTS settings to change for it alone, as `name=value,...`, on top
    /// of `--mcts` (e.g. `parallel=root`).
    #[arg(long, default_value = "")]
    pub opponent_mcts: String,
}

#[derive(Args)]
pub struct SolveArgs {
    #[arg(value_parser = ["connect4"])]
    pub game: String,
    /// Board size, columns x rows (7x6 standard; 9x7 is the CodinGame board).
    #[arg(long, default_value = "7x6")]
    pub size: String,
    /// Print the score of every column (and of the steal when open).
    #[arg(long)]
    pub analyze: bool,
    /// Time budget per position, ms (0: none).
    #[arg(long, default_value_t = 0)]
    pub ms: u64,
    /// Transposition table size, MiB (shared out among the threads).
    #[arg(long, default_value_t = 128)]
    pub tt_mb: usize,
    /// Threads for --analyze, which solves the columns in parallel (0: one per core).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Solve random positions after this many plies instead (timing; see --count, --seed).
    #[arg(long, value_name = "PLIES")]
    pub random: Option<u32>,
    /// How many random positions (with --random).
    #[arg(long, default_value_t = 20)]
    pub count: usize,
    /// Seed of the random positions (with --random).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Positions as Pons move strings (1-based columns, e.g. 4453), optionally followed by
    /// an expected score; none: read such lines from stdin (Pons' test-set format).
    pub positions: Vec<String>,
}

pub fn perft_cmd(args: PerftArgs) -> Result<(), Failure> {
    let (depth, divide) = (args.depth, args.divide);
    let result = with_game!(args.game.as_str(),
        G => G::from_moves(&args.setup, &args.moves).map_err(|e| e.to_string()).map(|pos| run_perft(&pos, depth, divide)),
        other => Err(format!("unknown game {other}")));
    Ok(result?)
}

pub fn bench_cmd(args: BenchArgs) -> Result<(), Failure> {
    let (depth, tt_mb, threads) = (args.depth, args.tt_mb, args.threads);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(Failure::BadArgument(format!(
            "--threads must be 1 to {MAX_THREADS}"
        )));
    }
    let result = with_game!(args.game.as_str(),
        G => run_bench::<G>(depth, tt_mb, threads),
        other => Err(format!("unknown game {other}")));
    Ok(result?)
}

pub fn match_cmd(args: MatchArgs) -> Result<(), Failure> {
    for (flag, threads) in [
        ("--threads", args.threads),
        ("--opponent-threads", args.opponent_threads),
    ] {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(Failure::BadArgument(format!(
                "{flag} must be 1 to {MAX_THREADS}"
            )));
        }
    }
    let (engine, mcts) = engine_and_mcts(&args.game, args.engine, &args.mcts)?;
    let opponent_mcts = mcts
        .with_overrides(&args.opponent_mcts)
        .map_err(Failure::BadArgument)?;
    let setup = MatchSetup {
        kind: engine,
        mcts,
        opponent_mcts,
        opponent_threads: args.opponent_threads,
        threads: args.threads,
        nodes: args.nodes,
        opponent: args.opponent,
        opponent_nodes: args.opponent_nodes,
    };
    let (games, ms, plies, seed) = (args.games, args.ms, args.opening_plies, args.seed);
    let result = with_game!(args.game.as_str(),
        G => {
            run_match(&G::start(), &setup, games, ms, plies, seed);
            Ok(())
        },
        other => Err(format!("unknown game {other}")));
    Ok(result?)
}

pub fn solve_cmd(args: SolveArgs) -> Result<(), Failure> {
    use std::io::BufRead;
    let mut positions = args.positions;
    let random = args.random.map(|plies| RandomPositions {
        plies,
        count: args.count,
        seed: args.seed,
    });
    if positions.is_empty() && random.is_none() {
        for line in io::stdin().lock().lines() {
            let line = line.map_err(|e| format!("cannot read stdin: {e}"))?;
            if !line.trim().is_empty() {
                positions.push(line);
            }
        }
    }
    let options = solver::SolveOptions {
        analyze: args.analyze,
        time_ms: (args.ms > 0).then_some(args.ms),
        tt_mib: args.tt_mb,
        threads: if args.threads == 0 {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        } else {
            args.threads
        },
        random,
    };
    Ok(solver::run_cli(
        &args.size,
        &positions,
        options,
        &mut io::stdout().lock(),
    )?)
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

fn run_bench<G: boardlab::game::Evaluate>(
    depth: u32,
    tt_mb: usize,
    threads: usize,
) -> Result<(), String> {
    let lines = bench::run::<G>(&bench::positions::<G>(), depth, tt_mb, threads);
    let (mut nodes, mut ms) = (0, 0);
    for l in &lines {
        println!(
            "{:>3} plies: {:>12} nodes {:>7} ms  best {}",
            l.plies, l.nodes, l.ms, l.best
        );
        nodes += l.nodes;
        ms += l.ms;
    }
    let on = if threads > 1 {
        format!(" on {threads} threads")
    } else {
        String::new()
    };
    println!(
        "{} {} positions, depth {depth}{on}: {nodes} nodes, {ms} ms, {} nodes/s",
        G::NAME,
        lines.len(),
        nodes * 1000 / ms.max(1)
    );
    Ok(())
}

/// Who plays an in-process match: the engine under test and its opponent.
struct MatchSetup {
    kind: EngineKind,
    mcts: MctsConfig,
    opponent_mcts: MctsConfig,
    opponent_threads: usize,
    threads: usize,
    nodes: Option<u64>,
    opponent: Opponent,
    opponent_nodes: Option<u64>,
}

/// The engine of `kind` with 64 MiB on `threads` threads, held to `nodes` nodes (MCTS:
/// iterations) per move when given.
fn engine_on_threads<G: boardlab::game::Evaluate>(
    kind: EngineKind,
    mcts: MctsConfig,
    nodes: Option<u64>,
    threads: usize,
) -> Box<dyn Agent<G>> {
    match kind {
        EngineKind::AlphaBeta => {
            let mut agent = EngineAgent::<G>::new(64, None);
            agent.max_nodes = nodes;
            agent.searcher.set_threads(threads);
            Box::new(agent)
        }
        EngineKind::Mcts => {
            let mut agent = MctsAgent::<G>::new(64, mcts);
            agent.max_iterations = nodes;
            agent.mcts.set_threads(threads);
            Box::new(agent)
        }
    }
}

/// The engine against the `minimax` baseline (depth 2) or against itself on one thread, from
/// `start`, in-process; prints the score and its Elo with a 95 % interval.
fn run_match<G: boardlab::game::Evaluate + boardlab::baseline::Baseline>(
    start: &G,
    setup: &MatchSetup,
    games: u32,
    ms: u64,
    opening_plies: u32,
    seed: u64,
) {
    let kind = setup.kind;
    let mut engine = engine_on_threads::<G>(kind, setup.mcts, setup.nodes, setup.threads);
    let (mut opponent, name): (Box<dyn Agent<G>>, String) = match setup.opponent {
        Opponent::Minimax => (Box::new(MinimaxAgent::default()), "minimax depth 2".into()),
        Opponent::Engine => (
            engine_on_threads::<G>(
                kind,
                setup.opponent_mcts,
                setup.opponent_nodes,
                setup.opponent_threads,
            ),
            format!(
                "itself on {} thread(s) ({}{})",
                setup.opponent_threads,
                nodes_text(setup.opponent_nodes),
                if setup.opponent_mcts == setup.mcts {
                    String::new()
                } else {
                    format!(", MCTS {:?}", setup.opponent_mcts)
                }
            ),
        ),
    };
    let pairs = games.div_ceil(2);
    println!(
        "{}: engine ({kind}, {} thread(s), {}) at {ms} ms/move vs {name}, {} games, openings of {opening_plies} random plies, seed {seed}",
        G::NAME,
        setup.threads,
        nodes_text(setup.nodes),
        pairs * 2
    );
    let score = play_match(
        start,
        engine.as_mut(),
        opponent.as_mut(),
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
    let stats = MatchStats {
        wins: score.wins,
        draws: score.draws,
        losses: score.losses,
        ..MatchStats::default()
    };
    if let Some((elo, lo, hi)) = stats.elo_interval() {
        println!("Elo {elo:+.0} (95 % interval {lo:+.0} .. {hi:+.0})");
    }
}

/// `N nodes/move`, or `time only`.
fn nodes_text(nodes: Option<u64>) -> String {
    nodes.map_or("time only".into(), |n| format!("{n} nodes/move"))
}
