// The engine's home: a module Web Worker. `search` blocks until its time budget is spent, so it
// must not run on the page's thread or the page would freeze while the engine thinks.
//
// Messages in:   {type: "search", id, game, setup, moves, budget_ms, tt_mb, max_depth, exact_root,
//                 engine ("alphabeta" | "mcts"; missing: the game's default),
//                 fault (tests only, see FAULTS; missing: none)}
//                {type: "new_game"}
// Messages out:  {type: "ready"}                       once the wasm module is loaded
//                {type: "iteration", id, iteration}    after every completed alpha-beta iteration,
//                                                      or every 100 ms of MCTS (iteration.engine
//                                                      says which)
//                {type: "progress", id, progress}      every second of alpha-beta between its
//                                                      iterations ({depth (under way), seldepth,
//                                                      nodes, nps, elapsed_ms}): the search is alive
//                {type: "done", id, result}            the search's result
//                {type: "error", id, message}          anything that went wrong (id null if the
//                                                      module could not even load)
// With exact_root (the heatmap is shown) every report (each iteration and result.last) also
// carries static_root: [{move, score}], every legal move's static score (wasm static_scores),
// for the root moves the search did not score.
// Stopping a search early is done from outside, by terminating this worker.

import init, { new_game, panic_for_test, search, static_scores, take_panic_message } from './pkg/boardlab.js';

/**
 * A readable message for anything thrown. A Rust panic reaches JavaScript as a wasm trap
 * (RuntimeError: unreachable); the module's panic hook kept the panic's own message, which says
 * what went wrong.
 */
function errorMessage(err) {
  if (err instanceof WebAssembly.RuntimeError) {
    let panic = null;
    try {
      panic = take_panic_message() ?? null;
    } catch {
      // The trapped module may not answer any more: the trap itself is all there is to say.
    }
    return panic ? `engine crashed: ${panic}` : `engine crashed (${err.name}: ${err.message})`;
  }
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

/**
 * Ways to break this worker on purpose, so the browser tests can check that the page survives
 * each (a search request's `fault` field; the page sends one only when a test asks for it):
 * a real Rust panic inside the engine, an exception escaping the worker, and a worker that
 * silently ends (as when the browser kills it for running out of memory: no message, no error).
 * A fourth, "hang", is not here but in runSearch: the search starts and reports its first
 * iteration, then the worker loops for ever without a word (a search stuck in an endless loop).
 */
const FAULTS = {
  panic: () => panic_for_test('fault injected by a test'),
  throw: () => setTimeout(() => {
    throw new Error('fault injected by a test');
  }),
  exit: () => self.close(),
};

const loading = init().then(
  () => {
    self.postMessage({ type: 'ready' });
    return true;
  },
  (err) => {
    self.postMessage({ type: 'error', id: null, message: `engine failed to load: ${errorMessage(err)}` });
    return false;
  },
);

/** The last position's static root scores: {key, list}, so "go deeper" does not redo them. */
let staticCache = { key: null, list: null };

/** Every legal move's static score in the position (see static_scores in src/wasm.rs). */
function staticRoot(game, setup, moves) {
  const key = `${game}|${setup}|${moves}`;
  if (staticCache.key !== key) staticCache = { key, list: static_scores(game, setup, moves) };
  return staticCache.list;
}

function runSearch({ id, game, setup, moves, budget_ms, tt_mb, max_depth, exact_root, engine, fault }) {
  try {
    if (Object.hasOwn(FAULTS, fault ?? '')) {
      FAULTS[fault]();
      return; // "panic" threw above; the other faults leave the page without an answer
    }
    const hang = fault === 'hang';
    // Computed before the search (a few ms for Amazons' ~1000 moves), so the search's own clock
    // is not charged for it.
    const statics = exact_root ? staticRoot(game, setup ?? '', moves ?? '') : null;
    const withStatics = (report) => (statics && report ? { ...report, static_root: statics } : report);
    // The engine reports progress through the same callback, marked `progress: true`.
    const onIteration = (report) => {
      self.postMessage(report.progress ? { type: 'progress', id, progress: report } : { type: 'iteration', id, iteration: withStatics(report) });
      while (hang) {} // the "hang" fault: never return, never post again
    };
    // Only a real depth cap is passed on: without one the engine goes as deep as time allows.
    const options = { budget_ms, tt_mb, exact_root: Boolean(exact_root) };
    if (Number.isInteger(max_depth)) options.max_depth = max_depth;
    if (typeof engine === 'string') options.engine = engine;
    const result = search(game, setup ?? '', moves ?? '', options, onIteration);
    if (result) result.last = withStatics(result.last);
    self.postMessage({ type: 'done', id, result });
  } catch (err) {
    self.postMessage({ type: 'error', id, message: errorMessage(err) });
  }
}

self.onmessage = async (event) => {
  const msg = event.data ?? {};
  // Requests that arrive while the module loads wait for it; they keep their order because they
  // all wait on the same promise.
  const ok = await loading;
  if (!ok) {
    self.postMessage({ type: 'error', id: msg.id ?? null, message: 'engine is not loaded' });
    return;
  }
  switch (msg.type) {
    case 'search':
      runSearch(msg);
      break;
    case 'new_game':
      try {
        new_game();
      } catch (err) {
        self.postMessage({ type: 'error', id: null, message: errorMessage(err) });
      }
      break;
    default:
      self.postMessage({ type: 'error', id: msg.id ?? null, message: `unknown request '${msg.type}'` });
  }
};
