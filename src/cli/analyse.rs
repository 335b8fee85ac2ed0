//! `boardlab analyse`: one position searched with alpha-beta (every completed iteration, then the
//! root moves' scores) or MCTS (a report every 250 ms, then the root moves' visits).

use clap::Args;

use boardlab::game::{line_text, Game};
use boardlab::search::{EngineKind, Limits, MctsConfig, DEFAULT_BUDGET_MS, MAX_THREADS};
use boardlab::with_game;

use super::{engine_and_mcts, game_names, Failure};

#[derive(Args)]
pub struct AnalyseArgs {
    #[arg(value_parser = game_names())]
    pub game: String,
    /// Moves played from the start (space-separated, the game's notation).
    #[arg(default_value = "")]
    pub moves: String,
    /// The game's setup string.
    #[arg(long, default_value = "")]
    pub setup: String,
    /// Time budget, ms.
    #[arg(long, default_value_t = DEFAULT_BUDGET_MS)]
    pub ms: u64,
    /// Exact scores for every root move (alpha-beta).
    #[arg(long)]
    pub exact_root: bool,
    /// The engine: alphabeta or mcts (default: the game's).
    #[arg(long)]
    pub engine: Option<EngineKind>,
    /// MCTS settings to change, as `name=value,...`.
    #[arg(long, default_value = "")]
    pub mcts: String,
    /// MCTS: stop after this many iterations (reproducible with the seed).
    #[arg(long)]
    pub iterations: Option<u64>,
    /// Search threads: Lazy SMP for alpha-beta; for MCTS tree parallelism (`--mcts
    /// parallel=root`: root parallelism), `--iterations` counting every thread's.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
}

pub fn run(args: AnalyseArgs) -> Result<(), Failure> {
    let (engine, mcts) = engine_and_mcts(&args.game, args.engine, &args.mcts)?;
    let (ms, exact_root, iterations, threads) =
        (args.ms, args.exact_root, args.iterations, args.threads);
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(Failure::BadArgument(format!(
            "--threads must be 1 to {MAX_THREADS}"
        )));
    }
    let result = with_game!(args.game.as_str(),
        G => G::from_moves(&args.setup, &args.moves).map_err(|e| e.to_string()).and_then(|pos| match engine {
            EngineKind::AlphaBeta => analyse(&pos, ms, exact_root, threads),
            EngineKind::Mcts => analyse_mcts(&pos, ms, iterations, mcts, threads),
        }),
        other => Err(format!("unknown game {other}")));
    Ok(result?)
}

fn analyse<G: boardlab::game::Evaluate>(
    pos: &G,
    ms: u64,
    exact_root: bool,
    threads: usize,
) -> Result<(), String> {
    if pos.outcome().is_some() {
        return Err("the game is over".into());
    }
    let mut searcher: boardlab::search::Searcher<G> = boardlab::search::Searcher::new(64);
    searcher.set_threads(threads);
    let limits = Limits {
        exact_root_scores: exact_root,
        ..Limits::time(ms)
    };
    let result = searcher.search(pos, limits, |it| {
        let pv = line_text(pos, &it.pv);
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

/// Runs MCTS on one position on `threads` threads, printing a report every 250 ms, then the
/// root moves.
fn analyse_mcts<G: boardlab::game::Evaluate>(
    pos: &G,
    ms: u64,
    iterations: Option<u64>,
    config: MctsConfig,
    threads: usize,
) -> Result<(), String> {
    if pos.outcome().is_some() {
        return Err("the game is over".into());
    }
    let config = MctsConfig {
        report_ms: Some(250),
        ..config
    };
    let mut mcts: boardlab::search::Mcts<G> = boardlab::search::Mcts::new(64, config);
    mcts.set_threads(threads);
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

/// `<=` before an upper bound, `>=` before a lower bound.
fn bound_mark(b: boardlab::search::ScoreBound) -> &'static str {
    match b {
        boardlab::search::ScoreBound::Exact => "",
        boardlab::search::ScoreBound::Upper => "<=",
        boardlab::search::ScoreBound::Lower => ">=",
    }
}
