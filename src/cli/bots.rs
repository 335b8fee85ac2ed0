//! The stdin/stdout front doors: `boardlab bot <game>` (a CodinGame bot, or a baseline playing
//! as one) and `boardlab uai` (the Universal Ataxx Interface).

use std::io;
use std::sync::{Arc, Mutex};

use clap::Args;

use boardlab::protocol::{self, BotConfig};
use boardlab::search::{EngineKind, MctsConfig};

use super::{game_names, Failure};

#[derive(Args)]
pub struct BotArgs {
    #[arg(value_parser = game_names())]
    pub game: String,
    /// Thinking time on the first turn, ms (the referee allows 1000).
    #[arg(long, default_value_t = BotConfig::default().first_turn_ms)]
    pub first_ms: u64,
    /// Thinking time on later turns, ms (the referee allows 100).
    #[arg(long, default_value_t = BotConfig::default().turn_ms)]
    pub ms: u64,
    /// Transposition table size, MiB.
    #[arg(long, default_value_t = BotConfig::default().tt_mib)]
    pub tt_mb: usize,
    /// Who chooses the moves: the engine, or a baseline (random, greedy, minimax).
    #[arg(long, default_value = "engine")]
    pub player: String,
    /// Seed of the baselines: random and greedy choose with it, minimax breaks ties
    /// between equally scored moves with it (the arena passes one per match).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The engine (Amazons and Yavalath): alphabeta or mcts; default: the game's default engine
    /// (Amazons: mcts, Yavalath: alphabeta, which measured stronger in the arena; see the
    /// README).
    #[arg(long)]
    pub engine: Option<EngineKind>,
    /// MCTS settings to change, as `name=value,...` (exploration, playout_plies,
    /// prior_visits, widen_base, widen_exponent, expand_after, tempo, seed).
    #[arg(long, default_value = "")]
    pub mcts: String,
    /// Also stop each turn's search after this many nodes (MCTS: iterations; Connect 4: the
    /// alpha-beta's nodes, and 1.5 times as many for the exact solver after it from 24 chips),
    /// for arena comparisons that the machine's load cannot sway (give the arena generous
    /// limits).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Yavalath: look for a win by forcing moves (threat-space search) at the root before the
    /// main search (off by default: its SPRT did not pass; see the README).
    #[arg(long)]
    pub forced_wins: bool,
    /// Yavalath, Connect 4: play the first turn by search instead of the opening book (to
    /// measure the book).
    #[arg(long)]
    pub no_book: bool,
}

pub fn bot(args: BotArgs) -> Result<(), Failure> {
    let mcts = MctsConfig::for_game(&args.game)
        .with_overrides(&args.mcts)
        .map_err(Failure::BadArgument)?;
    let config = BotConfig {
        first_turn_ms: args.first_ms,
        turn_ms: args.ms,
        tt_mib: args.tt_mb,
        engine: args.engine,
        mcts,
        max_nodes: args.nodes,
        forced_wins: args.forced_wins,
    };
    let (input, mut out, mut log) = (io::stdin().lock(), io::stdout().lock(), io::stderr());
    let result = if args.player == "engine" && args.no_book {
        protocol::run_bot_without_book(&args.game, input, &mut out, &mut log, config)
    } else if args.player == "engine" {
        protocol::run_bot(&args.game, input, &mut out, &mut log, config)
    } else {
        protocol::run_baseline_bot(
            &args.game,
            &args.player,
            args.seed,
            input,
            &mut out,
            &mut log,
            config,
        )
    };
    Ok(result?)
}

pub fn uai(tt_mb: usize) -> Result<(), Failure> {
    protocol::uai::run(
        io::stdin().lock(),
        Arc::new(Mutex::new(io::stdout())),
        tt_mb,
    )
    .map_err(|e| Failure::Failed(format!("cannot write: {e}")))
}
