//! `boardlab bot <game>` by name: the one place that knows every adapter and the baselines. It
//! lives apart from the adapters' shared reading code (`protocol/mod.rs`) so that a one-game
//! CodinGame bundle can take that code without every other game.

use std::io::{BufRead, Write};

use super::{amazons, ataxx, connect4, yavalath, BotConfig};
use crate::search::EngineKind;

/// The games whose bot plays with either engine (`--engine`); the others play alpha-beta only.
const ENGINE_CHOICE: &[&str] = &["amazons", "yavalath"];

/// Runs the CodinGame bot of `game` until its input ends.
/// Errors: an unknown game, or a failure to write a move.
pub fn run_bot(
    game: &str,
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> Result<(), String> {
    let default = crate::with_game!(game,
        G => <G as crate::game::Evaluate>::DEFAULT_ENGINE,
        _other => EngineKind::AlphaBeta);
    if config.engine.is_some_and(|e| e != default) && !ENGINE_CHOICE.contains(&game) {
        return Err(format!(
            "--engine {}: the {game} bot plays with alpha-beta only (the engine choice is \
             Amazons' and Yavalath's)",
            config.engine.map_or("", EngineKind::name)
        ));
    }
    let written = match game {
        "yavalath" => yavalath::run(input, out, log, config),
        "connect4" => connect4::run(input, out, log, config),
        "ataxx" => ataxx::run(input, out, log, config),
        "amazons" => amazons::run(input, out, log, config),
        other => return Err(format!("no CodinGame bot for '{other}'")),
    };
    written.map_err(|e| format!("cannot write the move: {e}"))
}

/// Runs the CodinGame bot of `game` as [`run_bot`] does but without its opening book (Yavalath,
/// Connect 4), to measure what the book is worth. Errors: a game without a book, an engine
/// that game's bot does not offer, or a failure to write a move.
pub fn run_bot_without_book(
    game: &str,
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> Result<(), String> {
    let written = match game {
        "yavalath" => {
            let mut engine = yavalath::engine(&config);
            yavalath::run_with(input, out, log, config, engine.as_mut())
        }
        "connect4" if config.engine.is_some_and(|e| e != EngineKind::AlphaBeta) => {
            return Err("--engine: the connect4 bot plays with alpha-beta only".into())
        }
        "connect4" => {
            let mut engine = connect4::BotEngine::new(config.tt_mib);
            connect4::run_with(input, out, log, config, &mut engine)
        }
        other => return Err(format!("--no-book: the {other} bot has no opening book")),
    };
    written.map_err(|e| format!("cannot write the move: {e}"))
}

/// Runs the CodinGame bot of `game` with the baseline `kind` (`random`, `greedy`, `minimax`)
/// choosing the moves, for the arena. Errors: an unknown game or kind, or a failed write.
pub fn run_baseline_bot(
    game: &str,
    kind: &str,
    seed: u64,
    input: impl BufRead,
    out: &mut impl Write,
    log: &mut impl Write,
    config: BotConfig,
) -> Result<(), String> {
    let written = match game {
        "yavalath" => {
            let mut agent = crate::baseline::agent::<crate::games::Yavalath>(kind, seed)?;
            yavalath::run_with(input, out, log, config, agent.as_mut())
        }
        "connect4" => {
            let mut agent =
                crate::baseline::agent::<crate::games::connect4::Connect4Cg>(kind, seed)?;
            connect4::run_with(input, out, log, config, agent.as_mut())
        }
        "ataxx" => {
            let mut agent = crate::baseline::agent::<crate::games::Ataxx>(kind, seed)?;
            ataxx::run_with(input, out, log, config, Some(agent.as_mut()))
        }
        "amazons" => {
            let mut agent = crate::baseline::agent::<crate::games::Amazons>(kind, seed)?;
            amazons::run_with(input, out, log, config, agent.as_mut())
        }
        other => return Err(format!("no baseline bot for '{other}' yet")),
    };
    written.map_err(|e| format!("cannot write the move: {e}"))
}
