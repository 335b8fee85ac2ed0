// The page's side of the engine worker: posts protocol.js requests, hears its messages, and
// keeps one search in flight, alive or replaced.
//
// One search runs at a time. Each request gets a fresh id and any message carrying another id is
// stale (it belongs to a search that was stopped or replaced) and is dropped. The wasm search
// cannot be interrupted from inside, so stopping means terminating the worker and starting a new
// one, which loads the module again and says "ready" again.
//
// `search()` returns a promise of `{result, wallMs}`, where wallMs is the wall time from posting
// the request to receiving its result, or of `null` if the search was stopped. It rejects with an
// Error when the engine reports one (carrying protocol.js's EngineError fields: kind, move_index,
// move, reason) or the worker dies; the worker is then replaced so the next
// search starts from a clean engine (a wasm trap can leave the old instance unusable).
//
// A worker can also die without a word: the browser may end one that runs out of memory, and
// neither `onerror` nor a message follows. A watchdog covers that: a search that says nothing for
// SILENT_MS (it reports at least every second: alpha-beta its iterations and progress between
// them, MCTS every 100 ms), one with no result by its budget plus a grace period, or a worker
// that does not load, counts as a dead worker.
//
// The worker searches on `threads` threads (its first message, start, says how many): with more
// than one it runs the threaded build, whose helper Workers are its own children, so the
// terminate() that stops or replaces it ends every thread of the search. A new thread count
// takes a fresh worker.

import { errorFromEngine, newGameRequest, searchRequest, startRequest } from './protocol.js';

/** Give up restarting after this many workers in a row died before saying "ready". */
const MAX_FAILED_STARTS = 3;

/**
 * How long past its budget a search may stay silent before the worker counts as dead: the search
 * returns within its budget (it reads the clock every few hundred nodes), so only a dead or hung
 * worker needs more than a few ms; the grace is that wide for a slow phone under load.
 */
export function watchdogMs(budgetMs) {
  return budgetMs + Math.max(5_000, budgetMs / 10);
}

/**
 * A search that has sent nothing for this long counts as dead. Its reports come every second at
 * the longest (worker.js); the rest is room for a slow phone under load.
 */
export const SILENT_MS = 8_000;

/** A worker that has not said "ready" this long after it started counts as dead. */
const LOAD_TIMEOUT_MS = 30_000;

export class EngineClient {
  #worker = null;
  #ready = false;
  #waitingForReady = []; // messages to post once the worker is ready: {msg, onPosted}
  #current = null; // the search in flight: {id, budgetMs, onIteration, onProgress, resolve, reject, postedAt, deadline}
  #nextId = 1;
  #failedStarts = 0;
  #onProblem;
  #watchdog = null; // the timer that declares the worker dead if the search in flight says nothing
  #loadTimer = null; // the same for a worker that never says "ready"
  #fault = null; // tests only: the fault the next search request carries (worker.js FAULTS)
  #threads; // the threads the worker is asked to search on
  #onBuild;
  #started = false; // a worker was started (the first setThreads, search or newGame does it)

  /**
   * `onProblem(message)` hears about failures that belong to no search (e.g. a failed load);
   * `onBuild({label, threads, threaded, fallback})` about the engine build each worker loaded
   * (protocol.js ReadyMessage: fallback says why it has fewer threads than asked, else null).
   * No worker starts before the first setThreads (or search, or newGame).
   */
  constructor({ onProblem = () => {}, onBuild = () => {} } = {}) {
    this.#onProblem = onProblem;
    this.#onBuild = onBuild;
    this.#threads = 1;
  }

  /** Starts the first worker, once: the page says how many threads before it searches. */
  #ensureStarted() {
    if (this.#started) return;
    this.#started = true;
    this.#startWorker();
  }

  /**
   * Searches on `threads` threads from now on: the first call starts the worker; later ones with
   * another count stop a search in flight (its promise resolves with null) and start a fresh
   * worker, which loads the build for that many.
   */
  setThreads(threads) {
    if (!this.#started) {
      this.#threads = threads;
      this.#ensureStarted();
      return;
    }
    if (threads === this.#threads) return;
    this.#threads = threads;
    if (!this.#worker) return; // the engine could not be started: nothing to restart
    const current = this.#current;
    if (current) {
      this.#endSearch();
      current.resolve(null);
    }
    this.#restartWorker();
  }

  /**
   * Searches the position and resolves with `{result, wallMs}` (result as returned by the wasm
   * `search`), or null if stopped first. `onIteration(iteration)` is called for every completed
   * iteration of this search only, `onProgress(progress)` for each alpha-beta progress report
   * between them ({depth (under way), seldepth, nodes, nps, elapsed_ms}). maxDepth (null: no cap) limits the depth, for the weak
   * strength levels; exactRoot scores every root move exactly, for the heatmap and analysis;
   * engine ("alphabeta" | "mcts", null: the game's default) picks the search; book lets the
   * game's opening book answer without a search where it covers the position (the engine's turn).
   */
  search({ game, setup, moves, budgetMs, ttMb, maxDepth = null, exactRoot = false, engine = null, book = false }, onIteration = () => {}, onProgress = () => {}) {
    this.#ensureStarted();
    if (this.#current) this.stop();
    if (!this.#worker) return Promise.reject(new Error('the engine could not be started (see the message above)'));
    const id = this.#nextId++;
    const fault = this.#fault;
    this.#fault = null;
    return new Promise((resolve, reject) => {
      this.#current = { id, budgetMs, onIteration, onProgress, resolve, reject, postedAt: 0, deadline: 0 };
      const msg = searchRequest(id, { game, setup, moves, budgetMs, ttMb, maxDepth, exactRoot, engine, book }, fault);
      this.#post(msg, () => {
        // The clock starts when the request really leaves, not while the worker is loading.
        if (this.#current?.id !== id) return;
        this.#current.postedAt = performance.now();
        this.#current.deadline = this.#current.postedAt + watchdogMs(budgetMs);
        this.#armWatchdog();
      });
    });
  }

  /**
   * (Re)starts the watchdog of the search in flight, after it was posted and after each message
   * it sends: it fires at SILENT_MS from now, or at the search's deadline if that comes first.
   */
  #armWatchdog() {
    const current = this.#current;
    clearTimeout(this.#watchdog);
    const now = performance.now();
    const wait = Math.max(0, Math.min(SILENT_MS, current.deadline - now));
    // Which limit fires is settled now: a timer may fire a little before performance.now()
    // reaches the deadline (timers and the coarsened clock round differently).
    const late = current.deadline - now <= SILENT_MS;
    this.#watchdog = setTimeout(() => {
      if (this.#current !== current) return;
      const limitMs = late ? current.deadline - current.postedAt : SILENT_MS;
      const seconds = (limitMs / 1000).toFixed(limitMs < 10_000 ? 1 : 0);
      const what = late ? `no result ${seconds} s into a ${current.budgetMs} ms search` : `no word from it for ${seconds} s`;
      this.#onWorkerDied(`the engine stopped answering (${what}; it may have run out of memory)`);
    }, wait);
  }

  /** Stops the running search, if any: its promise resolves with null. */
  stop() {
    const current = this.#current;
    if (!current) return;
    this.#endSearch();
    current.resolve(null);
    this.#restartWorker();
  }

  /**
   * Tests only: the next search request carries `fault` ("panic", "throw" or "exit", see
   * worker.js), which breaks its worker instead of searching.
   */
  injectFault(fault) {
    this.#fault = fault;
  }

  /** The search in flight is over (answered, failed or dropped): no watchdog for it any more. */
  #endSearch() {
    this.#current = null;
    clearTimeout(this.#watchdog);
    this.#watchdog = null;
  }

  /** Tells the engine a new game starts, so it forgets what it learned in the last one. */
  newGame() {
    this.#ensureStarted();
    if (this.#worker) this.#post(newGameRequest());
  }

  #startWorker() {
    const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
    this.#worker = worker;
    this.#ready = false;
    clearTimeout(this.#loadTimer);
    this.#loadTimer = setTimeout(() => {
      if (worker === this.#worker && !this.#ready) this.#onWorkerDied(`the engine did not load within ${LOAD_TIMEOUT_MS / 1000} s`);
    }, LOAD_TIMEOUT_MS);
    // Messages from a worker we already replaced are ignored: they are stale by definition.
    worker.onmessage = (event) => {
      if (worker === this.#worker) this.#onMessage(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      if (worker === this.#worker) this.#onWorkerDied(event.message || 'the engine worker failed to start');
    };
    worker.onmessageerror = () => {
      if (worker === this.#worker) this.#onWorkerDied('the engine sent a message that could not be read');
    };
    // Not queued behind "ready": it is what the worker loads.
    worker.postMessage(startRequest(this.#threads));
  }

  #restartWorker() {
    this.#worker?.terminate();
    this.#worker = null;
    this.#ready = false;
    // Requests still waiting for the old worker belong to it; a search that is still wanted
    // (there is none after stop) would have been re-posted by its owner.
    this.#waitingForReady = [];
    this.#startWorker();
  }

  #post(msg, onPosted = () => {}) {
    if (this.#ready) {
      this.#worker.postMessage(msg);
      onPosted();
    } else {
      this.#waitingForReady.push({ msg, onPosted });
    }
  }

  #onMessage(msg) {
    const current = this.#current;
    const isCurrent = current !== null && msg.id === current.id;
    switch (msg.type) {
      case 'ready': {
        this.#ready = true;
        clearTimeout(this.#loadTimer);
        this.#failedStarts = 0;
        this.#onBuild({ ...msg.build, fallback: msg.fallback ?? null });
        const waiting = this.#waitingForReady;
        this.#waitingForReady = [];
        for (const { msg: queued, onPosted } of waiting) this.#post(queued, onPosted);
        break;
      }
      case 'iteration':
        if (isCurrent) {
          this.#armWatchdog();
          current.onIteration(msg.iteration);
        }
        break;
      case 'progress':
        if (isCurrent) {
          this.#armWatchdog();
          current.onProgress(msg.progress);
        }
        break;
      case 'result':
        if (isCurrent) {
          this.#endSearch();
          current.resolve({ result: msg.result, wallMs: performance.now() - current.postedAt });
        }
        break;
      case 'error':
        if (msg.id === null || msg.id === undefined) {
          // Not tied to a request: the module failed to load, or new_game failed.
          this.#onWorkerDied(msg.error.message);
        } else if (isCurrent) {
          this.#endSearch();
          current.reject(errorFromEngine(msg.error));
          this.#restartWorker();
        }
        break;
      default:
        break;
    }
  }

  /** The worker cannot be used any more: fail the search in flight and try a fresh worker. */
  #onWorkerDied(message) {
    const current = this.#current;
    this.#endSearch();
    current?.reject(new Error(message));
    if (!this.#ready) this.#failedStarts += 1;
    if (this.#failedStarts >= MAX_FAILED_STARTS) {
      this.#worker?.terminate();
      this.#worker = null;
      clearTimeout(this.#loadTimer);
      this.#onProblem(`The engine could not be started: ${message}. Reload the page to try again.`);
      return;
    }
    if (!current) this.#onProblem(`The engine had a problem and was restarted: ${message}`);
    this.#restartWorker();
  }
}
