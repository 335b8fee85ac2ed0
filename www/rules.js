// The rules, as the engine knows them. The page loads its own instance of the wasm module (the
// worker has another one for searching) so it can ask "what does the position look like after
// these moves?" instantly, without waiting for a search to finish. No game rule lives in JS.

import init, { default_engine, describe, games } from './pkg/boardlab.js';

let loaded = null;

/** Loads the wasm module once; later calls return the same promise. */
export function loadRules() {
  loaded ??= init();
  return loaded;
}

/**
 * The position reached from `setup` by playing `moves` (an array of move names): legal moves,
 * the side to move, the result and the cells to draw. Throws an Error naming the first illegal
 * move, e.g. "move 3 (e5): e5 is occupied".
 */
export function describePosition(game, setup, moves) {
  return describe(game, setup, moves.join(' '));
}

/** The names of the games the loaded wasm build knows, in its order (e.g. ["yavalath"]). */
export function knownGames() {
  return games();
}

/** The engine `game` plays with unless the person picks another ("alphabeta" or "mcts"). */
export function defaultEngine(game) {
  return default_engine(game);
}
