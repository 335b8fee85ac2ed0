// The game review: after a game (or in analysis, for any move list) the engine looks at every
// position of the game's main line for a chosen time, in the Worker, one after another with a
// progress bar. From those evaluations it classes each move by how much winning chance it lost
// against the engine's best move (inaccuracy, mistake, blunder; "best", "only move"), draws the
// evaluation graph (player 1's winning chance, proven results at the ends; click to jump), and
// sums up each player's moves. The engine's scores come from the search (engine.js); the
// winning chance from winchance.js with the game's scale (game_info); nothing here knows a game.

import { engine } from './session.js';
import { app, currentEngine, mainMoves } from './state.js';
import { flipScore, winChance } from './winchance.js';

/** Winning chance lost (0..1) from which a move is an inaccuracy, a mistake, a blunder (Lichess's 0.1/0.2/0.3 on its -1..1 scale). */
export const THRESHOLDS = { inaccuracy: 0.05, mistake: 0.1, blunder: 0.15 };
/** A best move whose runner-up loses at least this much chance is the "only move". */
const ONLY_MOVE_GAP = 0.15;

/** The words and marks of each class, for the move list, the graph and the summary. */
export const CLASSES = {
  best: { words: 'best', mark: '✓' },
  only: { words: 'only move', mark: '!' },
  inaccuracy: { words: 'inaccuracy', mark: '?!' },
  mistake: { words: 'mistake', mark: '?' },
  blunder: { words: 'blunder', mark: '??' },
};

/**
 * Reviews the game's main line with `budgetMs` per position. `players[i]` is who played move i,
 * `result` the game's result at the end of the line (or null), `onChange()` redraws. Resolves
 * when done or cancelled (app.review keeps what is known).
 */
export async function runReview(budgetMs, { players, result, onChange }) {
  cancelReview();
  const line = mainMoves();
  const token = ++app.reviewToken;
  // The last position of a finished game needs no search: its result is its evaluation.
  const searched = result ? line.length : line.length + 1;
  app.review = { line, budgetMs, players, result, done: 0, total: searched, positions: [], running: true };
  app.reviewing = true;
  onChange();
  for (let ply = 0; ply < searched; ply++) {
    let outcome;
    try {
      outcome = await engine.search({ game: app.game, setup: app.setup, moves: line.slice(0, ply), budgetMs, ttMb: app.ttMb ?? app.info.tt_mib.default, engine: currentEngine(), exactRoot: true });
    } catch (err) {
      if (token !== app.reviewToken) return;
      app.review.running = false;
      app.review.error = err.message;
      app.reviewing = false;
      onChange();
      return;
    }
    if (token !== app.reviewToken) return;
    if (outcome === null) {
      // Stopped from outside (a hint or another search took the worker): keep what is known.
      app.review.running = false;
      app.review.error = 'another search took the engine';
      app.reviewing = false;
      onChange();
      return;
    }
    const last = outcome.result.last;
    // The score from the side to move at `ply`: player 1 moves at even plies of the line's
    // history unless the history says otherwise (a pass, a steal): players[ply] when known.
    const toMove = players[ply] ?? (ply > 0 ? 3 - players[ply - 1] : 1);
    app.review.positions[ply] = {
      toMove,
      score: last?.score ?? null,
      best: outcome.result.best ?? null,
      pv: last?.pv ?? [],
      rootMoves: last?.root_moves ?? [],
    };
    app.review.done = ply + 1;
    onChange();
  }
  app.review.running = false;
  app.reviewing = false;
  onChange();
}

/** Stops a review under way (its worker search too); what it found so far is dropped. */
export function cancelReview() {
  app.reviewToken += 1;
  if (app.reviewing) {
    app.reviewing = false;
    engine.stop();
  }
  app.review = null;
}

/** Player 1's winning chance at `ply` of the review (null: not known yet), and whether proven. */
export function chanceP1(review, ply) {
  const scale = app.info.score_scale;
  if (ply === review.line.length && review.result) {
    const w = review.result.winner;
    return { chance: w === 1 ? 1 : w === 2 ? 0 : 0.5, proven: true };
  }
  const p = review.positions[ply];
  if (!p || !p.score) return null;
  const forP1 = p.toMove === 1 ? p.score : flipScore(p.score);
  return { chance: winChance(forP1, scale), proven: forP1.kind !== 'eval' };
}

/**
 * Each move's class: [{cls (a CLASSES key or null), loss (0..1), best, pv}] by move index, null
 * where the evaluations are not known yet.
 */
export function classify(review) {
  const scale = app.info.score_scale;
  return review.line.map((move, i) => {
    const before = chanceP1(review, i);
    const after = chanceP1(review, i + 1);
    const position = review.positions[i];
    if (!before || !after || !position) return null;
    const mover = position.toMove;
    const forMover = (c) => (mover === 1 ? c : 1 - c);
    const loss = Math.max(0, forMover(before.chance) - forMover(after.chance));
    let cls = null;
    if (move === position.best) {
      cls = 'best';
      const exact = position.rootMoves.filter((r) => r.bound === undefined || r.bound === 'exact');
      const chances = exact.map((r) => winChance(r.score, scale)).sort((a, b) => b - a);
      if (chances.length >= 2 && chances[0] - chances[1] >= ONLY_MOVE_GAP) cls = 'only';
    } else if (loss >= THRESHOLDS.blunder) cls = 'blunder';
    else if (loss >= THRESHOLDS.mistake) cls = 'mistake';
    else if (loss >= THRESHOLDS.inaccuracy) cls = 'inaccuracy';
    return { cls, loss, best: position.best, pv: position.pv, mover };
  });
}

/** Per player (1 and 2): {counts: {class: n}, moves, averageLoss (0..1)} of the classed moves. */
export function summarize(classes) {
  const out = {};
  for (const player of [1, 2]) {
    const mine = classes.filter((c) => c && c.mover === player);
    const counts = Object.fromEntries(Object.keys(CLASSES).map((k) => [k, mine.filter((c) => c.cls === k).length]));
    const averageLoss = mine.length ? mine.reduce((sum, c) => sum + c.loss, 0) / mine.length : 0;
    out[player] = { counts, moves: mine.length, averageLoss };
  }
  return out;
}
