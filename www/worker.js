// The engine's home: a module Web Worker. `search` blocks until its time budget is spent, so it
// must not run on the page's thread or the page would freeze while the engine thinks. It answers
// the page's requests with the messages of protocol.js (their builders are the only way this
// file posts).
//
// Its first request (start) says how many threads to search on. With more than one, and where
// the page is cross-origin isolated (SharedArrayBuffer exists), it loads the threaded build
// (pkg/boardlab_threads.js) and starts its helper Workers, which the search shares its memory
// with; they are this worker's own children, so terminating it (Stop, a crash, a restart) ends
// them too. Otherwise, or if the threaded build fails to start, it loads the single-threaded
// build (pkg/boardlab.js) and says why in its ready message.

import {
  engineError,
  errorMessage,
  iterationMessage,
  positionKey,
  progressMessage,
  readyMessage,
  resultMessage,
} from './protocol.js';

/** The wasm API of the build loaded (the exports both builds have), set once loaded. */
let api = null;
/** The threads its searches run on, and whether it is the threaded build. */
let loaded = { threads: 1, threaded: false };

/** Posts the error message of `err` (see engineError) for the request `id`. */
function postError(id, err, kind) {
  self.postMessage(errorMessage(id, engineError(err, api?.take_panic_message ?? (() => null), kind)));
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
  panic: () => api.panic_for_test('fault injected by a test'),
  throw: () => setTimeout(() => {
    throw new Error('fault injected by a test');
  }),
  exit: () => self.close(),
};

/**
 * Why `threads` threads cannot be had here, or null if the threaded build may be tried: it needs
 * shared memory, which browsers give only to cross-origin isolated pages.
 */
function threadsUnavailable(threads) {
  if (threads <= 1) return null;
  // Checked first: browsers hide SharedArrayBuffer from pages that are not isolated.
  if (!self.crossOriginIsolated) return 'the page is not cross-origin isolated';
  if (typeof SharedArrayBuffer !== 'function') return 'this browser has no SharedArrayBuffer';
  return null;
}

/**
 * Loads the engine for `threads` threads: the threaded build with threads - 1 helpers where it
 * can, else the single-threaded one. Resolves with the fallback's reason, or null.
 */
async function load(threads) {
  let fallback = threadsUnavailable(threads);
  if (threads > 1 && fallback === null) {
    try {
      const threaded = await import('./pkg/boardlab_threads.js');
      await threaded.default();
      await threaded.start_helpers(threads - 1);
      api = threaded;
      loaded = { threads, threaded: true };
      return null;
    } catch (err) {
      fallback = `the threaded engine did not start (${err?.message ?? err})`;
    }
  }
  const single = await import('./pkg/boardlab.js');
  await single.default();
  api = single;
  return fallback;
}

/** The engine's loading, begun by the start request (the first message); null before it. */
let loading = null;

/** Begins loading for `threads` threads; posts ready (with the build) or the load error. */
function startLoading(threads) {
  loading = load(Number.isInteger(threads) && threads >= 1 ? threads : 1).then(
    (fallback) => {
      self.postMessage(readyMessage({ label: api.engine_build(), ...loaded }, fallback));
      return true;
    },
    (err) => {
      const error = engineError(err, () => null, 'load');
      error.message = `engine failed to load: ${error.message}`;
      self.postMessage(errorMessage(null, error));
      return false;
    },
  );
}

/** The last position's static root scores: {key, list}, so "go deeper" does not redo them. */
let staticCache = { key: null, list: null };

/** Every legal move's static score in the position (see static_scores in src/wasm/mod.rs). */
function staticRoot(game, setup, moves) {
  const key = positionKey(game, setup, moves);
  if (staticCache.key !== key) staticCache = { key, list: api.static_scores(game, setup, moves) };
  return staticCache.list;
}

/** Runs a SearchRequest (protocol.js), posting its reports, then its result or error. */
function runSearch({ id, game, setup, moves, budget_ms, tt_mb, max_depth, exact_root, engine, book, fault }) {
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
      self.postMessage(report.progress ? progressMessage(id, report) : iterationMessage(id, withStatics(report)));
      while (hang) {} // the "hang" fault: never return, never post again
    };
    // Only a real depth cap is passed on: without one the engine goes as deep as time allows.
    const options = { budget_ms, tt_mb, exact_root: Boolean(exact_root), book: Boolean(book) };
    if (Number.isInteger(max_depth)) options.max_depth = max_depth;
    if (typeof engine === 'string') options.engine = engine;
    const result = api.search(game, setup ?? '', moves ?? '', options, onIteration);
    if (result) result.last = withStatics(result.last);
    self.postMessage(resultMessage(id, result));
  } catch (err) {
    postError(id, err);
  }
}

self.onmessage = async (event) => {
  const msg = event.data ?? {};
  if (msg.type === 'start') {
    if (loading === null) startLoading(msg.threads);
    return;
  }
  // Requests that arrive while the module loads wait for it; they keep their order because they
  // all wait on the same promise. The page always sends start first.
  if (loading === null) startLoading(1);
  const ok = await loading;
  if (!ok) {
    postError(msg.id ?? null, new Error('engine is not loaded'), 'load');
    return;
  }
  switch (msg.type) {
    case 'search':
      runSearch(msg);
      break;
    case 'new_game':
      try {
        api.new_game();
      } catch (err) {
        postError(null, err);
      }
      break;
    default:
      postError(msg.id ?? null, new Error(`unknown request '${msg.type}'`), 'protocol');
  }
};
