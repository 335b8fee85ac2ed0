// The rules, as the engine knows them. The page loads its own instance of the wasm module (the
// worker has another one for searching) so it can ask "what does the position look like after
// these moves?" instantly, without waiting for a search to finish. No game rule lives in JS.
//
// A bug in the engine can still panic. In wasm that is a trap (RuntimeError: unreachable), which
// says nothing, and it can leave the instance's memory half-updated. So every call goes through
// `call()`: a trap is reported with the panic's own message (kept by the module's panic hook),
// and a fresh instance replaces the broken one. That takes a moment (the glue is imported again
// and the module instantiated, from the browser's cache); calls made meanwhile are refused with
// a message that says so.

import * as firstInstance from './pkg/boardlab.js';
import { crashText } from './protocol.js';

let api = firstInstance; // the module (glue namespace) in use
let loaded = null;
let restarting = null; // the promise of a fresh instance, while one loads
let instances = 1; // how many instances have been in use: each restart that loads adds one
let attempts = 0; // restarts tried, which number the glue's fresh addresses
let fault = false; // tests only: the next call panics instead (injectFault)

/** Loads the wasm module once; later calls return the same promise. */
export function loadRules() {
  loaded ??= firstInstance.default();
  return loaded;
}

/** An engine call that trapped: its message names the panic, if the module kept one. */
export class EngineCrash extends Error {}

/**
 * Runs `fn(api)` on the module in use. A trap becomes an EngineCrash naming the panic, and a
 * fresh instance is started; any other error is passed on as it is (the engine's own refusals,
 * e.g. an illegal move, are plain Errors).
 */
function call(fn) {
  if (restarting) throw new EngineCrash('the engine is restarting after a crash: try again in a moment');
  try {
    if (fault) {
      fault = false;
      api.panic_for_test('fault injected by a test');
    }
    return fn(api);
  } catch (err) {
    if (!(err instanceof WebAssembly.RuntimeError)) throw err;
    const text = crashText(err, () => api.take_panic_message());
    restart();
    throw new EngineCrash(`the ${text}`);
  }
}

/**
 * Replaces the instance in use with a fresh one. The glue keeps its instance in a module-level
 * variable, so a fresh instance needs a fresh copy of the glue module: the same file under
 * another address (?instance=N), which the browser and the service worker serve from the same
 * stored file. pkg/boardlab.js names that file (glueUrl, written by scripts/build-site.sh).
 */
function restart() {
  const glue = firstInstance.glueUrl;
  if (!glue) return; // a build without hashed names: the old instance goes on as it can
  attempts += 1;
  const address = `${glue}?instance=${attempts + 1}`;
  restarting = (async () => {
    try {
      const fresh = await import(address);
      await fresh.default();
      api = fresh;
      instances += 1;
    } catch {
      // Not loaded (offline with nothing stored?): the old instance goes on as it can.
    } finally {
      restarting = null;
    }
  })();
}

/** How many wasm instances the page has used (1, plus one per crash it recovered from): for the browser tests. */
export function rulesInstances() {
  return instances;
}

/** Tests only: the next call into the page's module panics inside the engine. */
export function injectRulesFault() {
  fault = true;
}

/**
 * The position reached from `setup` by playing `moves` (an array of move names): legal moves,
 * the side to move, the result and the cells to draw. Throws the engine's Error for a refusal,
 * whose fields say what was refused (see src/wasm/error.rs): kind "setup", or kind "move" with
 * move_index (0-based), move and reason (e.g. message "move 3 (e5): e5 is occupied", reason "e5
 * is occupied"); or an EngineCrash.
 */
export function describePosition(game, setup, moves) {
  return call((m) => m.describe(game, setup, moves.join(' ')));
}

/** The names of the games the loaded wasm build knows, in its order (e.g. ["yavalath"]). */
export function knownGames() {
  return call((m) => m.games());
}

const infos = new Map(); // game -> game_info(game): asked once (the page asks often)

/**
 * What the engine says about `game` beyond its rules (wasm game_info, src/info.rs): {engines
 * [{id, label}], default_engine, score_scale, budget_ms {min, max, default}, tt_mib {default,
 * max}, draw_rules [{id, setups, note}]}. The page shows these; it never restates them.
 */
export function gameInfo(game) {
  if (!infos.has(game)) infos.set(game, call((m) => m.game_info(game)));
  return infos.get(game);
}

/** The engine `game` plays with unless the person picks another ("alphabeta" or "mcts"). */
export function defaultEngine(game) {
  return gameInfo(game).default_engine;
}

/**
 * territory() of the position after `moves` from `setup` (see territory.js). Throws an Error
 * for a game without a territory measure or a position the rules refuse, or an EngineCrash.
 */
export function territoryPosition(game, setup, moves) {
  return call((m) => m.territory(game, setup, moves.join(' ')));
}
