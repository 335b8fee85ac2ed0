//! The wasm-bindgen API the browser uses: a thin layer over the rules and the search, with no game
//! logic of its own. This file holds the exports; beside it:
//! - `views.rs`: what the exports return (serde structs) and how they are made from positions
//!   and search reports; `territory.rs`: Amazons' territory view;
//! - `searchers.rs`: the searcher cache and the two engines' runs; `options.rs`: reading the
//!   page's search options;
//! - `threads.rs`: the build's threads (the threaded build's helper Workers);
//! - `error.rs`: errors as structured values; `panic.rs`: the panic hook.
//!
//! Positions are passed as a game name, a setup string (see each game's `Game::from_setup`) and
//! the moves played since, separated by spaces, in the game's notation.
//!
//! Every function returns `Result`, so bad input becomes a JavaScript `Error` instead of a panic
//! crossing the boundary. The error's `message` is a readable sentence, and its fields say what
//! went wrong without the page parsing the sentence: `kind` (`unknown_game`, `setup`, `move`,
//! `game_over`, `options`, `unsupported`, `busy` or `internal`), `move_index` (a refused move's
//! 0-based index in `moves`, else null), `move` (its text, else null) and `reason` (the message
//! without the "move N (text): " prefix).
//!
//! A bug can still panic. In wasm a panic aborts as a trap (`RuntimeError: unreachable`), which
//! says nothing of why, so a panic hook keeps the panic's message for [`take_panic_message`].

mod error;
mod options;
mod panic;
mod searchers;
mod territory;
mod threads;
mod views;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::game::Evaluate;
use crate::info::DEFAULT_TT_MIB;
use crate::search::EngineKind;
use crate::with_game;

use error::{from_moves, ErrorKind, WasmError};

/// The games the browser build searches with MCTS too: see [`crate::info::BROWSER_MCTS_GAMES`].
pub const MCTS_GAMES: &[&str] = crate::info::BROWSER_MCTS_GAMES;

/// A value as a plain JavaScript object (maps as objects, not `Map`s).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, WasmError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| WasmError::new(ErrorKind::Internal, format!("cannot encode result: {e}")))
}

/// The message of the last Rust panic (with its source location), or null if there was none
/// since the last call; reading it clears it. After a panic the module's state cannot be trusted:
/// the worker reads this to say why the engine crashed, then is replaced by a fresh one.
#[wasm_bindgen]
pub fn take_panic_message() -> Option<String> {
    panic::take()
}

/// Panics with `message`, on purpose: the browser tests use it (through the worker's test-only
/// `fault` option) to check that a real panic reaches the page with its message and that the
/// engine recovers. The page never calls it otherwise.
#[wasm_bindgen]
pub fn panic_for_test(message: &str) {
    panic!("{message}");
}

/// The names of the games this build knows, e.g. `["yavalath"]`.
#[wasm_bindgen]
pub fn games() -> Vec<String> {
    crate::games::NAMES.iter().map(|s| s.to_string()).collect()
}

/// What the page needs to know about `game` beyond its rules ([`crate::info::GameInfo`]):
/// `{game, engines [{id, label}] (the engines this build searches it with), default_engine,
/// score_scale (evaluation units at which the winning-chance curve gives ~73 %), budget_ms {min,
/// max, default} (think-time bounds in ms: search clamps budget_ms to them), tt_mib {default, max}
/// (table size in MiB: search's tt_mb), draw_rules [{id, setups, note}] (describe()'s draw_rules
/// names one)}`. Errors: an unknown game.
#[wasm_bindgen]
pub fn game_info(game: &str) -> Result<JsValue, WasmError> {
    to_js(&crate::info::game_info(game).ok_or_else(|| WasmError::unknown_game(game))?)
}

/// The position after `moves` from `setup`, for drawing: `{game, to_move (1|2), ply, legal
/// [move], steal (move|null), result ({winner: 1|2|null, reason, line [cell]}|null), history
/// [{move, player, note, steal}], cells [{name, x, y, owner 0|1|2, wall}], last (move|null),
/// position (the game's own notation, a setup string, or null), draw_rules (the id of the draw
/// rules in play: one of game_info's)}`.
/// Errors: an unknown game (`unknown_game`) or setup (`setup`), or the first refused move
/// (`move`, with its index).
#[wasm_bindgen]
pub fn describe(game: &str, setup: &str, moves: &str) -> Result<JsValue, WasmError> {
    with_game!(game, G => to_js(&views::describe_game::<G>(setup, moves)?), other => Err(WasmError::unknown_game(other)))
}

/// Amazons territory after `moves` from `setup`, by the evaluation's own measure: each empty
/// square goes to the side that reaches it in fewer queen moves (on a tie, fewer king steps).
/// Returns `{squares [{name, claim: white|black|contested|dead|occupied, queen [white, black],
/// king [white, black], sealed}] (64, rank 8 first like describe()'s cells; distances in moves
/// or steps, null when unreachable), totals {white, black, contested, dead, sealed {white,
/// black}} (square counts), regions [{owner: white|black, squares [name], moves, exact}] (the
/// sealed regions: only one side's amazons are in them; moves is the most that side can make
/// there, exact or an upper bound), split (no square both sides reach)}`.
/// Errors: a game other than Amazons (`unsupported`: it has no such measure), a bad setup or an
/// illegal move.
#[wasm_bindgen]
pub fn territory(game: &str, setup: &str, moves: &str) -> Result<JsValue, WasmError> {
    match game {
        "amazons" => to_js(&territory::amazons_territory(setup, moves)?),
        other if crate::games::NAMES.contains(&other) => Err(WasmError::new(
            ErrorKind::Unsupported,
            format!("territory is an Amazons measure: '{other}' has none"),
        )),
        other => Err(WasmError::unknown_game(other)),
    }
}

/// Searches the position with `options` = `{budget_ms (think time in ms; default and bounds:
/// game_info's budget_ms), max_depth (plies), tt_mb (MiB; default and cap: game_info's tt_mib),
/// exact_root (bool), engine (alphabeta, or mcts for the games in [`MCTS_GAMES`]; default: the
/// game's default engine), book (bool: where the game's opening book covers the position, its
/// move is returned at once, without a search; Yavalath and Connect 4's first two turns under
/// the steal)}`, every field optional.
///
/// Alpha-beta calls `on_iteration(iteration)` after each completed iteration with `{engine:
/// "alphabeta", depth, seldepth, nodes, nps, elapsed_ms, score {kind: eval|win|loss, value}, pv
/// [move], root_moves [{move, score, bound: exact|upper|lower, pv [move] (each move's own line,
/// the move first, when `exactRoot` is set: multi-PV; else empty)}]}`, and between iterations, every
/// second, with `{engine: "alphabeta", progress: true, depth (the iteration under way),
/// seldepth, nodes, nps, elapsed_ms}`, so a long iteration still shows the search is alive.
/// MCTS calls it every 100 ms
/// with `{engine: "mcts", depth (deepest tree node, plies), seldepth, nodes (= iterations), nps
/// (iterations/s), elapsed_ms, score, pv, root_moves [{move, score, bound: exact, visits, value
/// (winning chance 0..1 for the side to move), prior, pv [move], replies [{move, visits, value
/// (for the player replying), score}]}], iterations, reused (visits kept from the previous
/// search's tree, which MCTS reuses when the position is in it), tree_nodes (in all the
/// threads' trees), threads (the search ran on: one shared tree, or with root parallelism the trees the report merges), mean_depth,
/// value}`.
///
/// Returns `{engine, best (move|null), last (report|null), nodes, elapsed_ms, stop:
/// time|depth|nodes|solved|book, book (bool: best is the book's move; then last is null, nodes
/// and elapsed_ms 0)}`. Errors: a bad position (`unknown_game`, `setup`, `move`,
/// `game_over`) or options (`options`, `unsupported`); a call from inside `on_iteration`
/// (`busy`); an exception thrown by `on_iteration` is ignored.
#[wasm_bindgen]
pub fn search(
    game: &str,
    setup: &str,
    moves: &str,
    options: JsValue,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, WasmError> {
    let plan = searchers::plan(game, options)?;
    let booked = with_game!(game,
        G => searchers::book_answer::<G>(setup, moves, &plan)?,
        other => return Err(WasmError::unknown_game(other)));
    if let Some(view) = booked {
        return Ok(view);
    }
    match plan.engine {
        EngineKind::AlphaBeta => with_game!(game,
            G => searchers::search_alphabeta::<G>(setup, moves, &plan, on_iteration),
            other => Err(WasmError::unknown_game(other))),
        EngineKind::Mcts => searchers::search_mcts_of(game, setup, moves, &plan, on_iteration),
    }
}

/// Every legal move of the position with its static score, no search: `[{move, score {kind:
/// eval|win|loss|draw, value}}]` in the game's move order, the score from the side to move (a
/// win, loss or draw in 1 ply if the move ends the game, else the game's evaluation of the
/// position after the move, negated; a result the evaluation proves counts one ply more). The
/// heatmap shows these for the root moves a search did not score (Amazons' searches score 24 of
/// about a thousand), in their own style: they are one ply deep, not search results. Amazons'
/// start (1062 moves) takes about 0.1 ms natively and 2.5 ms in Chromium, the JavaScript list
/// included. An empty list when the game is over. Errors: an unknown game or
/// a bad position.
#[wasm_bindgen]
pub fn static_scores(game: &str, setup: &str, moves: &str) -> Result<JsValue, WasmError> {
    let list = with_game!(game,
        G => views::static_moves(&from_moves::<G>(setup, moves)?),
        other => return Err(WasmError::unknown_game(other)));
    to_js(&list)
}

/// The engine `game` plays with unless told otherwise (`"alphabeta"` or `"mcts"`), as measured
/// in the arena (also game_info's default_engine). Errors: an unknown game.
#[wasm_bindgen]
pub fn default_engine(game: &str) -> Result<String, WasmError> {
    crate::with_game!(game,
        G => Ok(<G as Evaluate>::DEFAULT_ENGINE.name().to_string()),
        other => Err(WasmError::unknown_game(other)))
}

/// How the page names the engine build in use, e.g. `wasm, 4 threads` or `wasm, 1 thread`: the
/// threads a search (alpha-beta or MCTS) runs on (the engine's Worker and, in the threaded build, the
/// helpers `start_helpers` started).
#[wasm_bindgen]
pub fn engine_build() -> String {
    threads::build_label()
}

/// Forgets what the engines learned (transposition tables, history): call at a new game.
/// Errors: called from a search's `on_iteration` (`busy`).
#[wasm_bindgen]
pub fn new_game() -> Result<(), WasmError> {
    searchers::forget_all()
}

/// Runs `boardlab bench` inside wasm: the game's bench positions searched to `depth` plies, each
/// with a fresh 16 MiB table, on the build's search threads (one unless the threaded build's
/// helpers were started: see [`engine_build`]). Returns `{positions, depth, nodes, ms, nps}`; on
/// one thread the node count must equal the native bench's at the same depth. Errors: an
/// unknown game.
#[wasm_bindgen]
pub fn bench(game: &str, depth: u32) -> Result<JsValue, WasmError> {
    let lines = with_game!(
        game,
        G => crate::bench::run::<G>(&crate::bench::positions::<G>(), depth, DEFAULT_TT_MIB, threads::search_threads()),
        other => return Err(WasmError::unknown_game(other))
    );
    let nodes = lines.iter().map(|l| l.nodes).sum();
    let ms = lines.iter().map(|l| l.ms).sum::<u64>();
    to_js(&views::BenchView {
        positions: lines.len(),
        depth,
        nodes,
        ms,
        nps: nodes * 1000 / ms.max(1),
    })
}
