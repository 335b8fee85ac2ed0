// The engine session: every search the page runs goes through here. It owns the engine client
// (engine.js), builds search requests for the position on screen, listens to the search's
// reports, plays the engine's turns, stops searches, and shows failures with a Retry. Analysis
// and hints (analysis.js) use the same calls. A search is identified by a token (app.searchToken):
// any change of position or mode bumps it, and the reports and results of older tokens are
// dropped.

import { EngineClient } from './engine.js';
import { sideName } from './gamepage.js';
import { addChartPoint } from './panel.js';
import { MODES } from './players.js';
import { positionKey } from './protocol.js';
import { app, currentEngine, currentKey, engineToMove, overlayWanted, titleOf } from './state.js';
import { depthCapOf } from './strength.js';
import { messages, render, renderInsight, showPanel } from './view.js';
import { scoreForPlayer1 } from './winchance.js';

export const engine = new EngineClient({
  onProblem: (message) => messages.show(message),
  onBuild: (build) => {
    app.engineBuild = build;
    render();
  },
});

/** What only app.js can do: play a move (playMove(name, engineMs, stats) -> accepted?) and update(). */
const page = { playMove: null, update: null };

/** Hands the session app.js's playMove and update (once, at start-up). */
export function connectSession({ playMove, update }) {
  Object.assign(page, { playMove, update });
}

/** Cancels the running search (restarting the worker) and any engine move waiting to start. */
export function stopEngine() {
  app.searchToken += 1;
  clearTimeout(app.engineTimer);
  app.engineTimer = null;
  if (app.thinking || app.analysing) {
    engine.stop();
    app.thinking = false;
    app.analysing = false;
    if (app.report) {
      app.report.thinking = false;
      app.report.stop = 'stopped';
    }
  }
}

/** Starts the engine if it is its turn and nothing holds it back. */
export function scheduleEngineMove() {
  if (app.thinking || app.engineTimer !== null) return;
  if (!engineToMove() || app.paused || app.halted || app.reviewing) return;
  // Only engine vs engine waits between moves, so people can follow the game.
  const delay = app.mode === MODES.ENGINE_VS_ENGINE && app.moves.length > 0 ? app.delayMs : 0;
  const token = app.searchToken;
  app.engineTimer = setTimeout(() => {
    app.engineTimer = null;
    if (token === app.searchToken) runEngineMove();
  }, delay);
}

/** Starts a new search report for the panel, the overlay and the eval bar. */
export function beginReport(who, activity) {
  app.report = {
    who,
    moveNumber: app.moves.length + 1,
    thinking: true,
    activity,
    iteration: null,
    iterations: [],
    progress: null,
    stop: null,
    chain: null,
    startedAt: performance.now(), // for the panel's think-time bar
    budgetMs: null, // the search's budget, once known (null: a chain until stopped, or unknown)
    searchMs: null, // the whole search's own time, once over (the panel's Time for a finished move)
    key: currentKey(),
    position: { game: app.game, setup: app.setup, moves: [...app.moves] },
    searcher: app.view.to_move,
    scale: app.info.score_scale, // the win-chance curve's scale (game_info), for the panel's score
    sides: { toMove: sideName(app.entry, app.view.to_move), other: sideName(app.entry, 3 - app.view.to_move) },
  };
  app.reports.set(app.report.key, app.report);
}

/**
 * Points the panel and the eval bar at the position on screen (after any change of position):
 * the latest search of that position, else of the one before it (the search that chose the move
 * that led here), else nothing. A search under way is of the position on screen already.
 */
export function followPosition() {
  if (app.thinking || app.analysing) return;
  const key = currentKey();
  const parent = app.moves.length > 0 ? positionKey(app.game, app.setup, app.moves.slice(0, -1)) : null;
  const report = app.reports.get(key) ?? (parent === null ? null : app.reports.get(parent)) ?? null;
  app.report = report;
  const iteration = report?.iteration;
  app.evaluation = iteration ? { scoreP1: scoreForPlayer1(iteration.score, report.searcher), depth: iteration.depth } : null;
}

/**
 * The search request (engine.js search()) for the position on screen with `options` ({budgetMs,
 * maxDepth, exactRoot}): the engine picked for the game and the game's default table size.
 */
function searchRequest(options) {
  return { game: app.game, setup: app.setup, moves: app.moves, ttMb: app.ttMb ?? app.info.tt_mib.default, engine: currentEngine(), ...options };
}

/**
 * An iteration of one search of an "until stopped" chain, as part of the whole analysis: its time
 * and nodes count from the chain's start. Alpha-beta starts each search of the chain at depth 1
 * again and passes the depths already shown quickly (its table remembers them): those re-runs
 * return null, so the report only ever goes deeper. `report` is app.report (its chain, and the
 * iteration it shows).
 */
export function continued(iteration, report) {
  const { chain } = report;
  if (!chain) return iteration;
  if (iteration.engine !== 'mcts' && iteration.depth <= (report.iteration?.depth ?? 0)) return null;
  return { ...iteration, elapsed_ms: iteration.elapsed_ms + chain.offsetMs, nodes: iteration.nodes + chain.offsetNodes };
}

/** What each completed iteration of the search `token` updates: panel, overlay, eval bar. */
function iterationListener(token) {
  return (reported) => {
    if (token !== app.searchToken) return;
    const iteration = continued(reported, app.report);
    if (iteration === null) return;
    app.report.iteration = iteration;
    app.report.progress = null;
    addChartPoint(app.report.iterations, iteration);
    app.evaluation = { scoreP1: scoreForPlayer1(iteration.score, app.report.searcher), depth: iteration.depth };
    renderInsight();
  };
}

/**
 * What each alpha-beta progress report of the search `token` (between iterations, every second)
 * updates: the panel's nodes and time, and the depth under way. Counted from the start of an
 * "until stopped" chain, like its iterations; a chain's quick re-run of depths already shown
 * says nothing.
 */
function progressListener(token) {
  return (progress) => {
    if (token !== app.searchToken || !app.report?.iteration || progress.depth <= app.report.iteration.depth) return;
    const chain = app.report.chain;
    app.report.progress = { ...progress, elapsed_ms: progress.elapsed_ms + (chain?.offsetMs ?? 0), nodes: progress.nodes + (chain?.offsetNodes ?? 0) };
    showPanel();
  };
}

/**
 * Searches the position on screen for the search `token` with `options` ({budgetMs, maxDepth,
 * exactRoot}), its reports shown as they come. Resolves with {result, wallMs}, or null if the
 * search was stopped, replaced, or failed (the failure is shown, with Retry: see engineFailed).
 * The report keeps showing a search under way: the caller says when it is over.
 */
export async function runSearch(token, options) {
  let outcome;
  try {
    outcome = await engine.search(searchRequest(options), iterationListener(token), progressListener(token));
  } catch (err) {
    if (token !== app.searchToken) return null;
    app.thinking = false;
    app.analysing = false;
    engineFailed(err);
    return null;
  }
  if (outcome === null || token !== app.searchToken) return null; // stopped, or no longer wanted
  return outcome;
}

/** The engine's turn: searches the position and plays the move it finds. */
export async function runEngineMove() {
  const token = ++app.searchToken;
  const player = app.view.to_move;
  app.thinking = true;
  beginReport(titleOf(player), 'thinking');
  render();

  // Exact scores for every root move cost some strength: only when the heatmap shows them.
  // The opening book answers the first turns where the game has one (the result says so), at
  // full strength only: a level with a depth cap plays its first moves at its own depth too.
  const maxDepth = depthCapOf(app.level);
  const options = { budgetMs: app.budgetMs, maxDepth, exactRoot: overlayWanted(), book: maxDepth === null };
  app.report.budgetMs = options.budgetMs;
  const outcome = await runSearch(token, options);
  if (outcome === null) return;

  const { result, wallMs } = outcome;
  app.thinking = false;
  app.report.thinking = false;
  app.report.stop = result.stop;
  app.report.searchMs = result.elapsed_ms;
  if (result.last) app.report.iteration = result.last;
  if (!result.best) {
    app.halted = true;
    messages.show('The engine returned no move.', { action: { label: 'Retry', run: retryEngine } });
    render();
    return;
  }
  const last = result.last;
  // Depth 0: the budget ran out before the first iteration completed (the engine then plays its
  // first move in order).
  const stats = {
    depth: last?.depth ?? 0,
    seldepth: last?.seldepth ?? 0,
    nodes: result.nodes,
    ms: wallMs,
    searchMs: result.elapsed_ms,
    budgetMs: options.budgetMs,
    book: result.book,
  };
  if (!page.playMove(result.best, wallMs, stats)) {
    // The engine proposed a move the rules refuse (playMove has shown why): do not ask again.
    app.halted = true;
    render();
  }
}

/**
 * After a failed search: the engine client has already replaced the worker and the game itself is
 * untouched, so the search is halted and the message offers Retry.
 */
function engineFailed(err) {
  app.halted = true;
  app.report.thinking = false;
  messages.show(`Engine error: ${err.message}. The engine was restarted and the game is kept.`, {
    action: { label: 'Retry', run: retryEngine },
  });
  render();
}

function retryEngine() {
  app.halted = false;
  page.update();
}
