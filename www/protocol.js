// The contract between the page (engine.js, through which session.js and analysis.js search)
// and the engine worker (worker.js), written once: every message either side posts, as a JSDoc
// type with one builder each, the error fields the wasm module gives its refusals, the
// panic-to-message helper both wasm instances (the page's in rules.js, the worker's) use, and
// the position key. Field names that reach the wasm module are snake_case (budget_ms, tt_mb), as
// src/wasm/ spells them; the page's own code uses camelCase (budgetMs).
//
// Page -> worker:  start (StartRequest, first, once), search (SearchRequest), new_game (NewGameRequest)
// Worker -> page:  ready (with the engine build loaded), iteration (after each alpha-beta iteration or every 100 ms of MCTS),
//                  progress (every second of alpha-beta between iterations), result, error
// Stopping a search early is done from outside, by terminating the worker (engine.js).

/**
 * A search of one position. `moves` are space-separated, as the wasm `search` takes them.
 * @typedef {object} SearchRequest
 * @property {'search'} type
 * @property {number} id          fresh per request: replies carry it, so stale ones are dropped
 * @property {string} game
 * @property {string} setup
 * @property {string} moves
 * @property {number} budget_ms   think time in ms (the engine clamps it to game_info's budget_ms)
 * @property {number} tt_mb       table (MCTS: tree) size in MiB
 * @property {number|null} max_depth   depth cap in plies, null for none
 * @property {boolean} exact_root exact scores for every root move (the heatmap shows them); every
 *                                report then also carries static_root: [{move, score}], every
 *                                legal move's one-ply static score (wasm static_scores)
 * @property {string|null} engine "alphabeta" | "mcts"; null: the game's default
 * @property {boolean} book       the engine's turn: where the game's opening book covers the
 *                                position, the wasm search returns its move at once ({book: true,
 *                                stop: "book", last: null}) instead of searching
 * @property {string|null} fault  tests only: how to break the worker (worker.js FAULTS), or null
 */

/**
 * The page's search request, from the page's camelCase options.
 * @param {number} id
 * @param {{game: string, setup: string, moves: string[], budgetMs: number, ttMb: number,
 *   maxDepth?: number|null, exactRoot?: boolean, engine?: string|null, book?: boolean}} options
 * @param {string|null} fault
 * @returns {SearchRequest}
 */
export function searchRequest(id, { game, setup, moves, budgetMs, ttMb, maxDepth = null, exactRoot = false, engine = null, book = false }, fault = null) {
  return {
    type: 'search',
    id,
    game,
    setup,
    moves: moves.join(' '),
    budget_ms: budgetMs,
    tt_mb: ttMb,
    max_depth: maxDepth,
    exact_root: exactRoot,
    engine,
    book,
    fault,
  };
}

/**
 * The worker's first message: which engine build to load. `threads` > 1 asks for the threaded
 * build (Lazy SMP on the worker and threads - 1 helper Workers), which needs a cross-origin
 * isolated page; the worker falls back to the single-threaded build where it cannot have it.
 * @typedef {{type: 'start', threads: number}} StartRequest
 * @param {number} threads
 * @returns {StartRequest}
 */
export function startRequest(threads) {
  return { type: 'start', threads };
}

/**
 * Forget what the engine learned (tables, trees): a new game starts.
 * @typedef {{type: 'new_game'}} NewGameRequest
 * @returns {NewGameRequest}
 */
export function newGameRequest() {
  return { type: 'new_game' };
}

/**
 * The worker loaded the wasm module and takes requests. `build` is the build loaded: {label
 * (its wasm engine_build(): "wasm, 4 threads"), threads (its searches'), threaded (the
 * threaded build: pkg/boardlab_threads.js)}; `fallback` says why the
 * single-threaded build was loaded although more threads were asked for, else null.
 * @typedef {{type: 'ready', build: {label: string, threads: number, threaded: boolean}, fallback: string|null}} ReadyMessage
 * @returns {ReadyMessage}
 */
export function readyMessage(build, fallback = null) {
  return { type: 'ready', build, fallback };
}

/**
 * A search report: `iteration` is the wasm search's on_iteration report (its `engine` field says
 * which engine's; see src/wasm/mod.rs), plus static_root when the request asked for exact_root.
 * @typedef {{type: 'iteration', id: number, iteration: object}} IterationMessage
 * @returns {IterationMessage}
 */
export function iterationMessage(id, iteration) {
  return { type: 'iteration', id, iteration };
}

/**
 * Alpha-beta is alive between iterations: {depth (under way), seldepth, nodes, nps, elapsed_ms}.
 * @typedef {{type: 'progress', id: number, progress: object}} ProgressMessage
 * @returns {ProgressMessage}
 */
export function progressMessage(id, progress) {
  return { type: 'progress', id, progress };
}

/**
 * The search's result (the wasm search's return value: {engine, best, last, nodes, elapsed_ms,
 * stop}).
 * @typedef {{type: 'result', id: number, result: object}} ResultMessage
 * @returns {ResultMessage}
 */
export function resultMessage(id, result) {
  return { type: 'result', id, result };
}

/**
 * What went wrong, as data. `kind` is the wasm error's kind ("move", "setup", "game_over",
 * "options", …; see src/wasm/error.rs), or "crash" for a Rust panic, "load" for a module that
 * did not load, "protocol" for a request the worker does not know, "script" for anything else.
 * `move_index` (0-based) and `move` name a refused move; `reason` is the message without them.
 * @typedef {object} EngineError
 * @property {string} message
 * @property {string} kind
 * @property {number|null} move_index
 * @property {string|null} move
 * @property {string} reason
 */

/**
 * An error message; `id` null when it belongs to no request (the module did not load, new_game
 * failed).
 * @typedef {{type: 'error', id: number|null, error: EngineError}} ErrorMessage
 * @returns {ErrorMessage}
 */
export function errorMessage(id, error) {
  return { type: 'error', id, error };
}

/**
 * The EngineError of anything thrown by a wasm call: the wasm module's refusals carry their
 * fields (src/wasm/error.rs); a trap is a crash, named by the panic's message (see crashText);
 * anything else is a script error. `takePanicMessage` is the instance's take_panic_message.
 * @returns {EngineError}
 */
export function engineError(err, takePanicMessage, kind = 'script') {
  if (err instanceof WebAssembly.RuntimeError) {
    const message = crashText(err, takePanicMessage);
    return { message, kind: 'crash', move_index: null, move: null, reason: message };
  }
  const message = err instanceof Error ? err.message || err.name : String(err);
  return {
    message,
    kind: typeof err?.kind === 'string' ? err.kind : kind,
    move_index: Number.isInteger(err?.move_index) ? err.move_index : null,
    move: typeof err?.move === 'string' ? err.move : null,
    reason: typeof err?.reason === 'string' ? err.reason : message,
  };
}

/**
 * The words for a wasm trap (RuntimeError: unreachable, which is all a Rust panic says in wasm):
 * "engine crashed: <the panic's message and source location>", which the module's panic hook
 * kept, or the trap itself if the trapped instance no longer answers.
 */
export function crashText(err, takePanicMessage) {
  let panic = null;
  try {
    panic = takePanicMessage() ?? null;
  } catch {
    // The trapped instance may not answer any more: the trap itself is all there is to say.
  }
  return panic ? `engine crashed: ${panic}` : `engine crashed (${err.name}: ${err.message})`;
}

/** A JavaScript Error carrying an EngineError's fields (kind, move_index, move, reason). */
export function errorFromEngine(error) {
  return Object.assign(new Error(error.message), error);
}

/**
 * A position as a key: a report, hint or territory belongs to the position it was made for.
 * `moves` is the list of move names, or the same space-separated.
 */
export function positionKey(game, setup, moves) {
  return `${game}|${setup}|${Array.isArray(moves) ? moves.join(' ') : moves}`;
}
