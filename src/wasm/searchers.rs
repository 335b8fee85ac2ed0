//! The searches behind the wasm `search`: its plan (from the options `options.rs` reads), the
//! searcher cache (one alpha-beta searcher or MCTS tree per game and engine, kept between calls
//! so consecutive moves reuse the table or tree) and the two engines' runs, which report to the
//! page's `on_iteration`.

use std::any::Any;
use std::cell::RefCell;

use wasm_bindgen::prelude::*;

use crate::game::{Evaluate, Game};
use crate::info::{BROWSER_MCTS_GAMES, DEFAULT_TT_MIB, MAX_TT_MIB};
use crate::search::{EngineKind, Iteration, Limits, Mcts, MctsConfig, Searcher};

use super::error::{from_moves, ErrorKind, WasmError};
use super::options::SearchOptions;
use super::to_js;
use super::views::{
    book_view, iteration_view, mcts_search_view, mcts_view, search_view, ProgressView,
};

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
}

/// What a search is asked to do, from the page's options.
pub struct SearchPlan {
    /// The search's limits: its budget clamped to the bounds, its depth cap.
    pub limits: Limits,
    /// The table (or tree) size in MiB, capped.
    pub tt_mib: usize,
    /// The engine that searches.
    pub engine: EngineKind,
    /// Whether the opening book answers where it can ([`book_answer`]).
    pub book: bool,
}

fn bad_options(e: impl std::fmt::Display) -> WasmError {
    WasmError::new(ErrorKind::Options, format!("bad search options: {e}"))
}

/// Reads the page's search options for `game` (undefined or null: all defaults). Errors: options
/// that [`SearchOptions::from_js`] refuses, a bad budget or an unknown engine.
pub fn plan(game: &str, options: JsValue) -> Result<SearchPlan, WasmError> {
    let options = SearchOptions::from_js(&options).map_err(bad_options)?;
    let limits = Limits {
        max_depth: options.max_depth,
        exact_root_scores: options.exact_root,
        ..Limits::from_budget_ms(options.budget_ms)
            .map_err(|e| WasmError::new(ErrorKind::Options, e.to_string()))?
    };
    let engine = match options.engine.as_deref() {
        None => crate::with_game!(game, G => <G as Evaluate>::DEFAULT_ENGINE,
            other => return Err(WasmError::unknown_game(other))),
        Some(name) => name.parse::<EngineKind>().map_err(bad_options)?,
    };
    Ok(SearchPlan {
        limits,
        tt_mib: options.tt_mb.unwrap_or(DEFAULT_TT_MIB).clamp(1, MAX_TT_MIB),
        engine,
        book: options.book,
    })
}

/// The result of a search that the opening book answers ([`Evaluate::book_move`]), when
/// `plan.book` asks for the book and the book covers the position; `None` otherwise. Errors: a
/// bad position, as for the searches.
pub fn book_answer<G: Evaluate>(
    setup: &str,
    moves: &str,
    plan: &SearchPlan,
) -> Result<Option<JsValue>, WasmError> {
    if !plan.book {
        return Ok(None);
    }
    let pos: G = position_to_search(setup, moves)?;
    pos.book_move()
        .map(|mv| to_js(&book_view(&pos, mv, plan.engine)))
        .transpose()
}

/// The error for a call made while a search runs: only `on_iteration` can do that, and the
/// searchers are in use until the search returns.
fn busy() -> WasmError {
    WasmError::new(
        ErrorKind::Busy,
        "the engine is busy: search() and new_game() cannot be called from on_iteration",
    )
}

/// Forgets every cached searcher. Errors: called from a search's `on_iteration`.
pub fn forget_all() -> Result<(), WasmError> {
    SEARCHERS.with(|cell| {
        cell.try_borrow_mut().map_err(|_| busy())?.clear();
        Ok(())
    })
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
) -> Result<R, WasmError> {
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
            .ok_or_else(|| {
                WasmError::new(ErrorKind::Internal, "internal: searcher of the wrong type")
            })?;
        Ok(f(searcher))
    })
}

/// The position to search, which must not be over.
fn position_to_search<G: Game>(setup: &str, moves: &str) -> Result<G, WasmError> {
    let pos: G = from_moves(setup, moves)?;
    if pos.outcome().is_some() {
        return Err(WasmError::new(
            ErrorKind::GameOver,
            "the game is over: nothing to search",
        ));
    }
    Ok(pos)
}

/// Calls the page's `on_iteration` with a report, ignoring what it throws.
fn report_to(on_iteration: &js_sys::Function, value: Result<JsValue, WasmError>) {
    if let Ok(v) = value {
        let _ = on_iteration.call1(&JsValue::NULL, &v);
    }
}

/// Searches with alpha-beta: a report after each iteration, and progress between them.
pub fn search_alphabeta<G: Evaluate>(
    setup: &str,
    moves: &str,
    plan: &SearchPlan,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, WasmError> {
    let pos: G = position_to_search(setup, moves)?;
    let view = with_searcher(
        G::NAME,
        EngineKind::AlphaBeta,
        plan.tt_mib,
        || Searcher::<G>::new(plan.tt_mib),
        |searcher| {
            searcher.set_threads(super::threads::search_threads());
            let mut report = |it: &Iteration<G::Move>| {
                report_to(on_iteration, to_js(&iteration_view(&pos, it)));
            };
            let result = searcher.search_with_progress(
                &pos,
                plan.limits,
                // A trait object, as `bench` passes: the search is compiled once per game for
                // both (a closure's own type would compile it again, 5 KB of gzipped wasm each).
                &mut report as &mut dyn FnMut(&Iteration<G::Move>),
                PROGRESS_MS,
                |at| report_to(on_iteration, to_js(&ProgressView::alphabeta(at))),
            );
            search_view(&pos, &result)
        },
    )?;
    to_js(&view)
}

/// Searches with MCTS on the build's search threads (tree parallelism, [`MctsConfig::parallel`]'s
/// default: one tree of the whole size shared by every thread): a report every
/// [`MCTS_REPORT_MS`].
pub fn search_mcts<G: Evaluate>(
    setup: &str,
    moves: &str,
    plan: &SearchPlan,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, WasmError> {
    let pos: G = position_to_search(setup, moves)?;
    let view = with_searcher(
        G::NAME,
        EngineKind::Mcts,
        plan.tt_mib,
        || {
            let config = MctsConfig {
                report_ms: Some(MCTS_REPORT_MS),
                ..MctsConfig::for_game(G::NAME)
            };
            Mcts::<G>::new(plan.tt_mib, config)
        },
        |mcts| {
            mcts.set_threads(super::threads::search_threads());
            let result = mcts.search(&pos, plan.limits, |r| {
                report_to(on_iteration, to_js(&mcts_view(&pos, r)));
            });
            mcts_search_view(&pos, &result)
        },
    )?;
    to_js(&view)
}

/// Searches `game` with MCTS if the browser build has its MCTS (see [`BROWSER_MCTS_GAMES`]).
pub fn search_mcts_of(
    game: &str,
    setup: &str,
    moves: &str,
    plan: &SearchPlan,
    on_iteration: &js_sys::Function,
) -> Result<JsValue, WasmError> {
    match game {
        "amazons" => search_mcts::<crate::games::Amazons>(setup, moves, plan, on_iteration),
        other if crate::games::NAMES.contains(&other) => Err(WasmError::new(
            ErrorKind::Unsupported,
            format!(
                "bad search options: the browser build searches {other} with alphabeta only (MCTS: {})",
                BROWSER_MCTS_GAMES.join(", ")
            ),
        )),
        other => Err(WasmError::unknown_game(other)),
    }
}
