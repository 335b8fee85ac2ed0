// Searches that play nothing: analysis mode (one search, or a chain of them "until stopped")
// and the hint against the engine. They run through the engine session (session.js) like the
// engine's own moves, so a change of position or mode stops them the same way.

import { MODES } from './players.js';
import { beginReport, continued, runSearch, stopEngine } from './session.js';
import { app, coaching, currentKey, humanToMove, titleOf, viewingPast } from './state.js';
import { messages, render } from './view.js';

const HINT_BUDGET_MS = 500; // a hint is a short look, not a full engine move
// The analysis time select's "Until stopped" is the engine's longest budget (game_info's
// budget_ms.max, kept in settings and links as that number): not one search but a chain of
// them, each twice as long as the last, from CHAIN_FIRST_BUDGET_MS up to that cap.
const CHAIN_FIRST_BUDGET_MS = 2_000;

/** The longest single search the engine accepts, in ms (game_info; it clamps to it). */
function maxBudgetMs() {
  return app.info.budget_ms.max;
}

// Coach: how long the engine looks at the person's position (at least this, else the think time).
const COACH_MIN_BUDGET_MS = 1_000;

/**
 * Analysis mode: analyses the position on screen once, unless that is done or under way. Coach
 * (against the engine): the same on the person's turn, for the think time (at least a second),
 * so the board scores their candidate moves.
 */
export function scheduleAnalysis() {
  const coach = coaching() && humanToMove() && !viewingPast();
  if ((app.mode !== MODES.ANALYSIS && !coach) || app.analysing || app.thinking || app.halted || app.reviewing) return;
  if (!app.view || app.view.result || app.analysed.has(currentKey())) return;
  runAnalysis(coach ? Math.max(COACH_MIN_BUDGET_MS, app.budgetMs) : app.analysisBudgetMs, coach ? 'coaching' : 'analysing');
}

/**
 * Searches the position for `budgetMs` (exact root scores, for the heatmap), playing nothing;
 * `activity` is what the panel calls it ("analysing", "coaching").
 * The longest budget chains searches until Stop or any change of position instead (one search
 * cannot be extended from outside): each is twice as long as the last, up to the engine's cap,
 * and goes on deeper where the last ended, as the engine keeps its table (MCTS: its tree)
 * between searches. The chain ends when a search proves the result or reaches the depth cap.
 */
async function runAnalysis(budgetMs, activity = 'analysing') {
  const token = ++app.searchToken;
  const untilStopped = budgetMs >= maxBudgetMs();
  app.analysing = true;
  app.lastAnalysisBudgetMs = budgetMs;
  beginReport(titleOf(app.view.to_move), activity);
  const chain = untilStopped ? { offsetMs: 0, offsetNodes: 0, links: 1 } : null;
  app.report.chain = chain;
  app.report.budgetMs = untilStopped ? null : budgetMs;
  render();
  let linkBudgetMs = untilStopped ? CHAIN_FIRST_BUDGET_MS : budgetMs;
  let result;
  for (;;) {
    result = await searchWithoutPlaying(token, linkBudgetMs, true);
    if (result === null) return; // stopped, replaced or failed
    if (!chain || result.stop === 'solved' || result.stop === 'depth') break;
    chain.offsetMs += result.elapsed_ms;
    chain.offsetNodes += result.nodes;
    chain.links += 1;
    linkBudgetMs = Math.min(maxBudgetMs(), 2 * linkBudgetMs);
  }
  endSearchReport(result);
  if (!chain) app.report.searchMs = result.elapsed_ms;
  app.analysed.add(app.report.key);
  render();
}

/**
 * Runs an analysis or hint search for the search `token`; resolves with its result, or null if
 * it was stopped, replaced, or failed (the session shows the failure, with Retry, and the game
 * is kept). The report keeps showing a search under way: endSearchReport() says it is over.
 */
async function searchWithoutPlaying(token, budgetMs, exactRoot) {
  const outcome = await runSearch(token, { budgetMs, exactRoot });
  if (outcome === null) return null;
  const last = outcome.result.last && continued(outcome.result.last, app.report);
  if (last) app.report.iteration = last;
  return outcome.result;
}

/** An analysis or hint is over with `result`: the panel says why it stopped. */
function endSearchReport(result) {
  app.analysing = false;
  app.report.thinking = false;
  app.report.stop = result.stop;
}

/** The Stop button: ends the analysis; it is not started again until something changes. */
export function stopAnalysis() {
  if (!app.analysing) return;
  const key = app.report?.key ?? null;
  stopEngine();
  if (key !== null) app.analysed.add(key); // stopped by hand: not started again until something changes
  render();
}

/** Go deeper: analyses again with twice the last budget; past the cap, or after "until stopped", until stopped. */
export function deeperAnalysis() {
  if (app.mode !== MODES.ANALYSIS || app.analysing || !app.view || app.view.result) return;
  stopEngine();
  app.halted = false;
  runAnalysis(Math.min(maxBudgetMs(), 2 * (app.lastAnalysisBudgetMs ?? app.analysisBudgetMs)));
}

/** Human vs engine: a short search of the person's position whose best move is marked. */
export async function hint() {
  if (!humanToMove() || app.analysing || app.thinking) return;
  const token = ++app.searchToken;
  app.analysing = true;
  beginReport(titleOf(app.view.to_move), 'looking for a hint');
  render();
  const result = await searchWithoutPlaying(token, HINT_BUDGET_MS, false);
  if (result === null) return;
  endSearchReport(result);
  if (result.best) {
    app.hint = { key: app.report.key, move: result.best };
    // A steal is named as one: in Connect 4 its move is the word "steal", in Yavalath a cell.
    const steal = result.best === app.view.steal;
    const what = steal ? `steal ${result.best === 'steal' ? 'the first chip' : `the stone on ${result.best}`}` : result.best;
    messages.show(`Hint: ${what} (marked on the board).`, { kind: 'info' });
  }
  render();
}
