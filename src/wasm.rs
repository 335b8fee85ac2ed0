//! The wasm-bindgen API the browser uses: a thin layer over the rules and the search, with no game
//! logic of its own. Every function returns `Result`, so bad input becomes a JavaScript `Error`
//! with a readable message instead of a panic crossing the boundary.
//!
//! Positions are passed as a game name, a setup string (see each game's `Game::from_setup`) and
//! the moves played since, separated by spaces, in the game's notation.
//!
//! A bug can still panic. In wasm a panic aborts as a trap (`RuntimeError: unreachable`), which
//! says nothing of why, so a panic hook keeps the panic's message for [`take_panic_message`].

use std::any::Any;
use std::cell::RefCell;

use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::game::{CellView, Display, Evaluate, Game, Player};
use crate::search::mcts::{MctsReport, MctsResult};
use crate::search::{
    EngineKind, Iteration, Limits, Mcts, MctsConfig, Progress, RootMove, Score, ScoreBound,
    SearchResult, Searcher, StopReason,
};
use crate::with_game;

/// The transposition table size the browser uses unless told otherwise, in MiB (fits a phone).
pub const DEFAULT_TT_MIB: usize = 16;
/// The largest transposition table the browser may ask for, in MiB.
pub const MAX_TT_MIB: usize = 32;

/// Milliseconds between two MCTS reports (alpha-beta reports each completed iteration).
const MCTS_REPORT_MS: u64 = 100;
/// Milliseconds between two alpha-beta progress reports, which come between its iterations: a
/// deep one can take minutes, and the page takes a worker silent for a few seconds for dead.
const PROGRESS_MS: u64 = 1000;

/// A cached searcher: `(game, engine, MiB, Searcher<G> or Mcts<G>)`.
type CachedSearcher = (&'static str, EngineKind, usize, Box<dyn Any>);

thread_local! {
    /// One searcher per game and engine, kept between calls so consecutive moves reuse the
    /// alpha-beta table (and MCTS its tree).
    static SEARCHERS: RefCell<Vec<CachedSearcher>> = const { RefCell::new(Vec::new()) };
    /// The message of the last panic, kept by the panic hook until [`take_panic_message`].
    static LAST_PANIC: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Runs when the module is instantiated: installs the panic hook (std only), which keeps the
/// panic's message and where it happened, e.g. "index out of bounds … (src/games/x.rs:12:5)".
#[wasm_bindgen(start)]
fn start() {
    std::panic::set_hook(Box::new(|info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "a panic without a message".to_string());
        let text = match info.location() {
            Some(at) => format!("{message} ({}:{}:{})", at.file(), at.line(), at.column()),
            None => message,
        };
        // A panic while the slot is being read cannot keep its message; it must not panic again.
        LAST_PANIC.with(|slot| {
            if let Ok(mut slot) = slot.try_borrow_mut() {
                *slot = Some(text);
            }
        });
    }));
}

/// The message of the last Rust panic (with its source location), or null if there was none
/// since the last call; reading it clears it. After a panic the module's state cannot be trusted:
/// the worker reads this to say why the engine crashed, then is replaced by a fresh one.
#[wasm_bindgen]
pub fn take_panic_message() -> Option<String> {
    LAST_PANIC.with(|slot| slot.try_borrow_mut().ok().and_then(|mut s| s.take()))
}

/// Panics with `message`, on purpose: the browser tests use it (through the worker's test-only
/// `fault` option) to check that a real panic reaches the page with its message and that the
/// engine recovers. The page never calls it otherwise.
#[wasm_bindgen]
pub fn panic_for_test(message: &str) {
    panic!("{message}");
}

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn unknown_game(name: &str) -> JsError {
    js_error(format!(
        "unknown game '{name}' (known: {})",
        crate::games::NAMES.join(", ")
    ))
}

fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| js_error(format!("cannot encode result: {e}")))
}

/// The names of the games this build knows, e.g. `["yavalath"]`.
#[wasm_bindgen]
pub fn games() -> Vec<String> {
    crate::games::NAMES.iter().map(|s| s.to_string()).collect()
}

#[derive(Serialize)]
struct HistoryEntry {
    #[serde(rename = "move")]
    mv: String,
    player: u8,
    /// The game's note on the move (`steal`, `pass`), if any.
    note: Option<&'static str>,
    steal: bool,
}

#[derive(Serialize)]
struct ResultView {
    /// 1 or 2, or null for a draw.
    winner: Option<u8>,
    /// The game's reason, e.g. Yavalath's `four`, `three` or `full`.
    reason: &'static str,
    /// The deciding cells (a winning line), possibly empty.
    line: Vec<String>,
}

#[derive(Serialize)]
struct GameView {
    game: &'static str,
    to_move: u8,
    ply: u32,
    legal: Vec<String>,
    steal: Option<String>,
    result: Option<ResultView>,
    history: Vec<HistoryEntry>,
    cells: Vec<CellView>,
    last: Option<String>,
    /// The position in the game's own notation (a setup string), where it has one.
    position: Option<String>,
}

fn describe_game<G: Display>(setup: &str, moves: &str) -> Result<GameView, JsError> {
    let mut history = Vec::new();
    let pos = G::replay(setup, moves, |pos, mv| {
        let note = pos.move_note(mv);
        history.push(HistoryEntry {
            mv: pos.format_move(mv),
            player: pos.to_move().number(),
            note,
            steal: note == Some("steal"),
        });
    })
    .map_err(js_error)?;
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let steal = legal
        .iter()
        .find(|&&m| pos.move_note(m) == Some("steal"))
        .map(|&m| pos.format_move(m));
    let result = pos.outcome().map(|o| {
        let (reason, line) = pos.result_detail().unwrap_or(("over", Vec::new()));
        ResultView {
            winner: o.winner().map(Player::number),
            reason,
            line,
        }
    });
    Ok(GameView {
        game: G::NAME,
        to_move: pos.to_move().number(),
        ply: pos.ply(),
        legal: legal.iter().map(|&m| pos.format_move(m)).collect(),
        steal,
        result,
        last: history.last().map(|h| h.mv.clone()),
        history,
        cells: pos.cells(),
        position: pos.position_text(),
    })
}

/// The position after `moves` from `setup`, for drawing: `{game, to_move (1|2), ply, legal
/// [move], steal (move|null), result ({winner: 1|2|null, reason, line [cell]}|null), history
/// [{move, player, note, steal}], cells [{name, x, y, owner 0|1|2, wall}], last (move|null),
/// position (the game's own notation, a setup string, or null)}`.
/// Errors: an unknown game or setup, or the first illegal move (named, with its number).
#[wasm_bindgen]
pub fn describe(game: &str, setup: &str, moves: &str) -> Result<JsValue, JsError> {
    with_game!(game, G => to_js(&describe_game::<G>(setup, moves)?), other => Err(unknown_game(other)))
}

#[derive(Serialize)]
struct TerritorySquareView {
    name: String,
    /// `white`, `black`, `contested`, `dead` or `occupied`.
    claim: &'static str,
    /// Queen moves for `[white, black]` to reach the square; null: never (or occupied).
    queen: [Option<u8>; 2],
    /// King steps for `[white, black]`; null: never (or occupied).
    king: [Option<u8>; 2],
    sealed: bool,
}

#[derive(Serialize)]
struct SideCounts {
    white: u32,
    black: u32,
}

#[derive(Serialize)]
struct TerritoryTotalsView {
    white: u32,
    black: u32,
    contested: u32,
    dead: u32,
    sealed: SideCounts,
}

#[derive(Serialize)]
struct SealedRegionView {
    /// `white` or `black`.
    owner: &'static str,
    squares: Vec<String>,
    moves: u32,
    exact: bool,
}

#[derive(Serialize)]
struct TerritoryView {
    squares: Vec<TerritorySquareView>,
    totals: TerritoryTotalsView,
    regions: Vec<SealedRegionView>,
    split: bool,
}

fn side_word(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

fn amazons_territory(setup: &str, moves: &str) -> Result<TerritoryView, JsError> {
    use crate::games::amazons::{square_name, Claim};
    let pos = crate::games::Amazons::from_moves(setup, moves).map_err(js_error)?;
    let map = pos.territory_map();
    let names = |bits: u64| {
        (0..64)
            .filter(|&sq| bits >> sq & 1 == 1)
            .map(square_name)
            .collect()
    };
    // Rank 8 first, files a..h: the order of describe()'s cells.
    let squares = (0..8)
        .rev()
        .flat_map(|y| (0..8).map(move |x| y * 8 + x))
        .map(|sq| TerritorySquareView {
            name: square_name(sq),
            claim: match map.claim(sq) {
                Claim::Owned(player) => side_word(player),
                Claim::Contested => "contested",
                Claim::Dead => "dead",
                Claim::Occupied => "occupied",
            },
            queen: [map.queen[0][sq], map.queen[1][sq]],
            king: [map.king[0][sq], map.king[1][sq]],
            sealed: (map.sealed[0] | map.sealed[1]) >> sq & 1 == 1,
        })
        .collect();
    let [white, black] = map.owned_counts();
    Ok(TerritoryView {
        squares,
        totals: TerritoryTotalsView {
            white,
            black,
            contested: map.contested.count_ones(),
            dead: map.dead.count_ones(),
            sealed: SideCounts {
                white: map.sealed[0].count_ones(),
                black: map.sealed[1].count_ones(),
            },
        },
        regions: map
            .regions
            .iter()
            .map(|r| SealedRegionView {
                owner: side_word(r.owner),
                squares: names(r.squares),
                moves: r.moves,
                exact: r.exact,
            })
            .collect(),
        split: map.split,
    })
}

/// Amazons territory after `moves` from `setup`, by the evaluation's own measure: each empty
/// square goes to the side that reaches it in fewer queen moves (on a tie, fewer king steps).
/// Returns `{squares [{name, claim: white|black|contested|dead|occupied, queen [white, black],
/// king [white, black], sealed}] (64, rank 8 first like describe()'s cells; distances in moves
/// or steps, null when unreachable), totals {white, black, contested, dead, sealed {white,
/// black}} (square counts), regions [{owner: white|black, squares [name], moves, exact}] (the
/// sealed regions: only one side's amazons are in them; moves is the most that side can make
/// there, exact or an upper bound), split (no square both sides reach)}`.
/// Errors: a game other than Amazons (it has no such measure), a bad setup or an illegal move.
#[wasm_bindgen]
pub fn territory(game: &str, setup: &str, moves: &str) -> Result<JsValue, JsError> {
    match game {
        "amazons" => to_js(&amazons_territory(setup, moves)?),
        other if crate::games::NAMES.contains(&other) => Err(js_error(format!(
            "territory is an Amazons measure: '{other}' has none"
        ))),
        other => Err(unknown_game(other)),
    }
}

/// Options for [`search`]; every field may be missing.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct SearchOptions {
    /// Time budget in ms (default 1000; clamped to 10..=600000).
    budget_ms: Option<f64>,
    /// Depth cap in plies.
    max_depth: Option<u32>,
    /// Transposition table size in MiB (default 16, at most 32).
    tt_mb: Option<usize>,
    /// Exact scores for every root move (slower; for analysis; alpha-beta only).
    exact_root: bool,
    /// `"alphabeta"` or `"mcts"` (default: the game's default engine).
    engine: Option<String>,
}

#[derive(Serialize)]
struct RootMoveView {
    #[serde(rename = "move")]
    mv: String,
    score: Score,
    bound: ScoreBound,
}

#[derive(Serialize)]
struct IterationView {
    /// Always `alphabeta`: which engine's report this is.
    engine: EngineKind,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    elapsed_ms: u64,
    score: Score,
    pv: Vec<String>,
    root_moves: Vec<RootMoveView>,
}

/// A reply one level below an MCTS root move.
#[derive(Serialize)]
struct MctsReplyView {
    #[serde(rename = "move")]
    mv: String,
    visits: u32,
    /// Winning chance (0..1) for the player making the reply.
    value: f64,
    score: Score,
}

/// An MCTS root move: the alpha-beta root move's fields (`move`, `score`, `bound`), then what
/// MCTS knows of it.
#[derive(Serialize)]
struct MctsRootMoveView {
    #[serde(rename = "move")]
    mv: String,
    score: Score,
    bound: ScoreBound,
    visits: u32,
    /// Winning chance (0..1) for the side to move.
    value: f64,
    prior: f64,
    pv: Vec<String>,
    replies: Vec<MctsReplyView>,
}

/// An MCTS report: the fields every engine's report has (depth = the tree's depth, nodes = the
/// iterations, nps = iterations per second), then MCTS's own.
#[derive(Serialize)]
struct MctsView {
    /// Always `mcts`.
    engine: EngineKind,
    depth: u32,
    seldepth: u32,
    nodes: u64,
    nps: u64,
    elapsed_ms: u64,
    score: Score,
    pv: Vec<String>,
    root_moves: Vec<MctsRootMoveView>,
    iterations: u64,
    /// Visits kept from the previous search's tree: root moves' visits add up to iterations +
    /// reused.
    reused: u64,
    tree_nodes: u64,
    mean_depth: f64,
    /// The best move's winning chance (0..1) for the side to move.
    value: f64,
}

#[derive(Serialize)]
#[serde(untagged)]
enum ReportView {
    AlphaBeta(IterationView),
    Mcts(MctsView),
}

#[derive(Serialize)]
struct SearchView {
    engine: EngineKind,
    best: Option<String>,
    last: Option<ReportView>,
    nodes: u64,
    elapsed_ms: u64,
    stop: StopReason,
}

/// Writes a line of moves as text, playing them on a copy of `pos` so each is named in its own
/// position.
fn line_text<G: Game>(pos: &G, line: &[G::Move]) -> Vec<String> {
    let mut p = pos.clone();
    line.iter()
        .map(|&m| {
            let text = p.format_move(m);
            p.play(m);
            text
        })
        .collect()
}

fn iteration_view<G: Game>(pos: &G, it: &Iteration<G::Move>) -> IterationView {
    IterationView {
        engine: EngineKind::AlphaBeta,
        depth: it.depth,
        seldepth: it.seldepth,
        nodes: it.nodes,
        nps: it.nps,
        elapsed_ms: it.elapsed_ms,
        score: it.score,
        pv: line_text(pos, &it.pv),
        root_moves: it
            .root_moves
            .iter()
            .map(|r: &RootMove<G::Move>| RootMoveView {
                mv: pos.format_move(r.mv),
                score: r.score,
                bound: r.bound,
            })
            .collect(),
    }
}

fn search_view<G: Game>(pos: &G, r: &SearchResult<G::Move>) -> SearchView {
    SearchView {
        engine: EngineKind::AlphaBeta,
        best: r.best.map(|m| pos.format_move(m)),
        last: r
            .last
            .as_ref()
            .map(|it| ReportView::AlphaBeta(iteration_view(pos, it))),
        nodes: r.nodes,
        elapsed_ms: r.elapsed_ms,
        stop: r.stop,
    }
}

fn mcts_view<G: Game>(pos: &G, r: &MctsReport<G::Move>) -> MctsView {
    let after = |mv| {
        let mut p = pos.clone();
        p.play(mv);
        p
    };
    MctsView {
        engine: EngineKind::Mcts,
        depth: r.max_depth,
        seldepth: r.seldepth,
        nodes: r.iterations,
        nps: r.nps,
        elapsed_ms: r.elapsed_ms,
        score: r.score,
        pv: line_text(pos, &r.pv),
        root_moves: r
            .root_moves
            .iter()
            .map(|m| {
                let child = after(m.mv);
                MctsRootMoveView {
                    mv: pos.format_move(m.mv),
                    score: m.score,
                    bound: ScoreBound::Exact,
                    visits: m.visits,
                    value: m.value,
                    prior: m.prior,
                    pv: line_text(pos, &m.pv),
                    replies: m
                        .replies
                        .iter()
                        .map(|reply| MctsReplyView {
                            mv: child.format_move(reply.mv),
                            visits: reply.visits,
                            value: reply.value,
                            score: reply.score,
                        })
                        .collect(),
                }
            })
            .collect(),
        iterations: r.iterations,
        reused: r.reused,
        tree_nodes: r.tree_nodes,
        mean_depth: r.mean_depth,
        value: r.value,
    }
}

fn mcts_search_view<G: Game>(pos: &G, r: &MctsResult<G::Move>) -> SearchView {
    SearchView {
        engine: EngineKind::Mcts,
        best: r.best.map(|m| pos.format_move(m)),
        last: r
            .last
            .as_ref()
            .map(|it| ReportView::Mcts(mcts_view(pos, it))),
        nodes: r.iterations,
        elapsed_ms: r.elapsed_ms,
        stop: r.stop,
    }
}

/// The error for a call made while a search runs: only `on_iteration` can do that, and the
/// searchers are in use until the search returns.
fn busy() -> JsError {
    js_error("the engine is busy: search() and new_game() cannot be called from on_iteration")
}

/// The cached searcher of game `G` with `engine` and `mib` MiB, made if missing (a searcher of
/// another size is dropped), passed to `f`. Errors: called again from inside `f` (the page's
/// `on_iteration` calling `search`), which the searcher in use cannot serve.
fn with_searcher<S: 'static, R>(
    game: &'static str,
    engine: EngineKind,
    mib: usize,
    make: impl FnOnce() -> S,
    f: impl FnOnce(&mut S) -> R,
) -> Result<R, JsError> {
    SEARCHERS.with(|cell| {
        let mut searchers = cell.try_borrow_mut().map_err(|_| busy())?;
        searchers.retain(|(name, kind, size, _)| *name != game || *kind != engine || *size == mib);
        if !searchers
            .iter()
            .any(|(name, kind, _, _)| *name == game && *kind == engine)
        {
            searchers.push((game, engine, mib, Box::new(make())));
        }
        let searcher = searchers
            .iter_mut()
            .find(|(name, kind, _, _)| *name == game && *kind == engine)
            .and_then(|(_, _, _, s)| s.downcast_mut::<S>())
            .ok_or_else(|| js_error("internal: searcher of the wrong type"))?;
        Ok(f(searcher))
    })
}

/// The games the browser build searches with MCTS too (each game's MCTS is its own compiled
/// code: the others keep the wasm small). Their renderer entries offer the engine picker.
pub const MCTS_GAMES: &[&str] = &["amazons"];

/// The position to search, which must not be over.
fn position_to_search<G: Game>(setup: &str, moves: &str) -> Result<G, JsError> {
    let pos = G::from_moves(setup, moves).map_err(js_error)?;
    if pos.outcome().is_some() {
        return Err(js_error("the game is over: nothing to search"));
    }
    Ok(pos)
}

/// Calls the page's `on_iteration` with a report, ignoring what it throws.
fn report_to(on_iteration: &js_sys::Function, value: Result<JsValue, JsError>) {
    if let Ok(v) = value {
        let _ = on_iteration.call1(&JsValue::NULL, &v);
    }
}

/// An alpha-beta progress report: `progress` is always true, which tells it from an iteration's.
#[derive(Serialize)]
struct ProgressView {
    engine: EngineKind,
    progress: bool,
    #[serde(flatten)]
    at: Progress,
}

fn search_alphabeta<G: Evaluate>(
    setup: &str,
    moves: &str,
    limits: Limits,
    tt_mib: usize,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, JsError> {
    let pos: G = position_to_search(setup, moves)?;
    let view = with_searcher(
        G::NAME,
        EngineKind::AlphaBeta,
        tt_mib,
        || Searcher::<G>::new(tt_mib),
        |searcher| {
            let result = searcher.search_with_progress(
                &pos,
                limits,
                |it| report_to(on_iteration, to_js(&iteration_view(&pos, it))),
                PROGRESS_MS,
                |at| {
                    let view = ProgressView {
                        engine: EngineKind::AlphaBeta,
                        progress: true,
                        at: *at,
                    };
                    report_to(on_iteration, to_js(&view));
                },
            );
            search_view(&pos, &result)
        },
    )?;
    to_js(&view)
}

fn search_mcts<G: Evaluate>(
    setup: &str,
    moves: &str,
    limits: Limits,
    tree_mib: usize,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, JsError> {
    let pos: G = position_to_search(setup, moves)?;
    let view = with_searcher(
        G::NAME,
        EngineKind::Mcts,
        tree_mib,
        || {
            let config = MctsConfig {
                report_ms: Some(MCTS_REPORT_MS),
                ..MctsConfig::default()
            };
            Mcts::<G>::new(tree_mib, config)
        },
        |mcts| {
            let result = mcts.search(&pos, limits, |r| {
                report_to(on_iteration, to_js(&mcts_view(&pos, r)));
            });
            mcts_search_view(&pos, &result)
        },
    )?;
    to_js(&view)
}

/// Searches the position within `options.budget_ms` with `options.engine` (`alphabeta`, or
/// `mcts` for the games in [`MCTS_GAMES`]; default: the game's default engine).
///
/// Alpha-beta calls `on_iteration(iteration)` after each completed iteration with `{engine:
/// "alphabeta", depth, seldepth, nodes, nps, elapsed_ms, score {kind: eval|win|loss, value}, pv
/// [move], root_moves [{move, score, bound: exact|upper|lower}]}`, and between iterations, every
/// second, with `{engine: "alphabeta", progress: true, depth (the iteration under way),
/// seldepth, nodes, nps, elapsed_ms}`, so a long iteration still shows the search is alive.
/// MCTS calls it every 100 ms
/// with `{engine: "mcts", depth (deepest tree node, plies), seldepth, nodes (= iterations), nps
/// (iterations/s), elapsed_ms, score, pv, root_moves [{move, score, bound: exact, visits, value
/// (winning chance 0..1 for the side to move), prior, pv [move], replies [{move, visits, value
/// (for the player replying), score}]}], iterations, reused (visits kept from the previous
/// search's tree, which MCTS reuses when the position is in it), tree_nodes, mean_depth,
/// value}`.
///
/// Returns `{engine, best (move|null), last (report|null), nodes, elapsed_ms, stop:
/// time|depth|nodes|solved}`. Errors: a bad position or options; a call from inside
/// `on_iteration` (the engine is busy); an exception thrown by `on_iteration` is ignored.
#[wasm_bindgen]
pub fn search(
    game: &str,
    setup: &str,
    moves: &str,
    options: JsValue,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, JsError> {
    let options: SearchOptions = if options.is_undefined() || options.is_null() {
        SearchOptions::default()
    } else {
        serde_wasm_bindgen::from_value(options)
            .map_err(|e| js_error(format!("bad search options: {e}")))?
    };
    let budget = options.budget_ms.unwrap_or(1000.0);
    if !budget.is_finite() {
        return Err(js_error(
            "budget_ms must be a finite number of milliseconds",
        ));
    }
    let limits = Limits {
        time_ms: Some(budget.clamp(10.0, 600_000.0) as u64),
        max_depth: options.max_depth,
        max_nodes: None,
        exact_root_scores: options.exact_root,
        stop: None,
    };
    let tt_mib = options.tt_mb.unwrap_or(DEFAULT_TT_MIB).clamp(1, MAX_TT_MIB);
    let engine = match options.engine.as_deref() {
        None => {
            with_game!(game, G => <G as Evaluate>::DEFAULT_ENGINE, other => return Err(unknown_game(other)))
        }
        Some(name) => name
            .parse::<EngineKind>()
            .map_err(|e| js_error(format!("bad search options: {e}")))?,
    };
    match engine {
        EngineKind::AlphaBeta => with_game!(game,
            G => search_alphabeta::<G>(setup, moves, limits, tt_mib, on_iteration),
            other => Err(unknown_game(other))),
        EngineKind::Mcts => match game {
            "amazons" => search_mcts::<crate::games::Amazons>(setup, moves, limits, tt_mib, on_iteration),
            other if crate::games::NAMES.contains(&other) => Err(js_error(format!(
                "bad search options: the browser build searches {other} with alphabeta only (MCTS: {})",
                MCTS_GAMES.join(", ")
            ))),
            other => Err(unknown_game(other)),
        },
    }
}

/// A legal move with its static score (see [`static_scores`]).
#[derive(Serialize)]
struct StaticMoveView {
    #[serde(rename = "move")]
    mv: String,
    score: Score,
}

fn static_scores_of<G: Evaluate>(setup: &str, moves: &str) -> Result<Vec<StaticMoveView>, JsError> {
    let pos = G::from_moves(setup, moves).map_err(js_error)?;
    Ok(crate::search::static_root_scores(&pos)
        .into_iter()
        .map(|(mv, score)| StaticMoveView {
            mv: pos.format_move(mv),
            score,
        })
        .collect())
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
pub fn static_scores(game: &str, setup: &str, moves: &str) -> Result<JsValue, JsError> {
    let list = with_game!(game,
        G => static_scores_of::<G>(setup, moves),
        other => Err(unknown_game(other)))?;
    to_js(&list)
}

/// The engine `game` plays with unless told otherwise (`"alphabeta"` or `"mcts"`), as measured
/// in the arena. Errors: an unknown game.
#[wasm_bindgen]
pub fn default_engine(game: &str) -> Result<String, JsError> {
    with_game!(game,
        G => Ok(<G as Evaluate>::DEFAULT_ENGINE.name().to_string()),
        other => Err(unknown_game(other)))
}

/// Forgets what the engines learned (transposition tables, history): call at a new game.
/// Errors: called from a search's `on_iteration`.
#[wasm_bindgen]
pub fn new_game() -> Result<(), JsError> {
    SEARCHERS.with(|cell| {
        cell.try_borrow_mut().map_err(|_| busy())?.clear();
        Ok(())
    })
}

#[derive(Serialize)]
struct BenchView {
    positions: usize,
    depth: u32,
    nodes: u64,
    ms: u64,
    nps: u64,
}

/// Runs `boardlab bench` inside wasm: the game's bench positions searched to `depth` plies, each
/// with a fresh 16 MiB table. Returns `{positions, depth, nodes, ms, nps}`; the node count must
/// equal the native bench's at the same depth. Errors: an unknown game.
#[wasm_bindgen]
pub fn bench(game: &str, depth: u32) -> Result<JsValue, JsError> {
    let lines = with_game!(
        game,
        G => crate::bench::run::<G>(&crate::bench::positions::<G>(), depth, DEFAULT_TT_MIB),
        other => return Err(unknown_game(other))
    );
    let nodes = lines.iter().map(|l| l.nodes).sum();
    let ms = lines.iter().map(|l| l.ms).sum::<u64>();
    to_js(&BenchView {
        positions: lines.len(),
        depth,
        nodes,
        ms,
        nps: nodes * 1000 / ms.max(1),
    })
}
