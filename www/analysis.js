// Searches that play nothing: analysis mode (one search, or a chain of them "until stopped")
// and the hint against the engine. They share the app's search report and token with the
// engine's own moves (app.js), so a change of position or mode stops them the same way.

import { MODES } from './players.js';

const HINT_MS = 500; // a hint is a short look, not a full engine move
const MAX_BUDGET_MS = 600_000; // the longest single search the engine accepts (wasm.rs clamps to it)
// The analysis time select's "Until stopped" (kept in settings and links as this number): not one
// search but a chain of them, each twice as long as the last, from CHAIN_FIRST_MS up to the cap.
const UNTIL_STOPPED_MS = MAX_BUDGET_MS;
const CHAIN_FIRST_MS = 2_000;

/**
 * An iteration of one search of an "until stopped" chain, as part of the whole analysis: its time
 * and nodes count from the chain's start. Alpha-beta starts each search of the chain at depth 1
 * again and passes the depths already shown quickly (its table remembers them): those re-runs
 * return null, so the report only ever goes deeper. `report` is the app's search report (its
 * chain, and the iteration it shows).
 */
export function continued(iteration, report) {
  const { chain } = report;
  if (!chain) return iteration;
  if (iteration.engine !== 'mcts' && iteration.depth <= (report.iteration?.depth ?? 0)) return null;
  return { ...iteration, elapsed_ms: iteration.elapsed_ms + chain.offsetMs, nodes: iteration.nodes + chain.offsetNodes };
}

/**
 * The analysis and hint actions over the app's state `app`. The app lends what they share with
 * its engine moves: engine (EngineClient), messages, render(), stopEngine(), beginReport(who,
 * activity), iterationListener(token), progressListener(token), searchRequest(options), titleOf(player), humanToMove(),
 * positionKey() and engineFailed(err) (shows a failed search, with Retry). Returns {schedule, stop, deeper, hint}: schedule() starts the
 * analysis of the position on screen if analysis mode wants one; the others are the Stop, Go
 * deeper and Hint buttons.
 */
export function createAnalysis(ctx) {
  const { app, engine, messages, render, stopEngine, beginReport, iterationListener, progressListener, searchRequest, titleOf, humanToMove, positionKey, engineFailed } = ctx;

  /** Analysis mode: analyses the position on screen once, unless that is done or under way. */
  function scheduleAnalysis() {
    if (app.mode !== MODES.ANALYSIS || app.analysing || app.halted) return;
    if (!app.view || app.view.result || app.analysedKey === positionKey()) return;
    runAnalysis(app.analysisBudgetMs);
  }

  /**
   * Searches the position for `budgetMs` (exact root scores, for the heatmap), playing nothing.
   * UNTIL_STOPPED_MS chains searches until Stop or any change of position instead (one search
   * cannot be extended from outside): each is twice as long as the last, up to the engine's cap,
   * and goes on deeper where the last ended, as the engine keeps its table (MCTS: its tree)
   * between searches. The chain ends when a search proves the result or reaches the depth cap.
   */
  async function runAnalysis(budgetMs) {
    const token = ++app.searchToken;
    const untilStopped = budgetMs >= UNTIL_STOPPED_MS;
    app.analysing = true;
    app.lastAnalysisMs = budgetMs;
    beginReport(titleOf(app.view.to_move), 'analysing');
    const chain = untilStopped ? { offsetMs: 0, offsetNodes: 0, links: 1 } : null;
    app.report.chain = chain;
    render();
    let linkMs = untilStopped ? CHAIN_FIRST_MS : budgetMs;
    let result;
    for (;;) {
      result = await searchSafely(token, { budgetMs: linkMs, exactRoot: true });
      if (result === null) return; // stopped, replaced or failed
      if (!chain || result.stop === 'solved' || result.stop === 'depth') break;
      chain.offsetMs += result.elapsed_ms;
      chain.offsetNodes += result.nodes;
      chain.links += 1;
      linkMs = Math.min(MAX_BUDGET_MS, 2 * linkMs);
    }
    endSearchReport(result);
    app.analysedKey = app.report.key;
    render();
  }

  /**
   * Runs an analysis or hint search for the search `token`; resolves with its result, or null if
   * it was stopped, replaced, or failed (the failure is shown, with Retry, and the game is kept).
   * The report keeps showing a search under way: endSearchReport() says it is over.
   */
  async function searchSafely(token, options) {
    let outcome;
    try {
      outcome = await engine.search(searchRequest(options), iterationListener(token), progressListener(token));
    } catch (err) {
      if (token !== app.searchToken) return null;
      app.analysing = false;
      engineFailed(err);
      return null;
    }
    if (outcome === null || token !== app.searchToken) return null;
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

  function onAnalysisStop() {
    if (!app.analysing) return;
    const key = app.report?.key ?? null;
    stopEngine();
    app.analysedKey = key; // stopped by hand: not started again until something changes
    render();
  }

  /** Analyses again with twice the last time; past the cap, or after "until stopped", until stopped. */
  function onAnalysisDeeper() {
    if (app.mode !== MODES.ANALYSIS || app.analysing || !app.view || app.view.result) return;
    stopEngine();
    app.halted = false;
    runAnalysis(Math.min(UNTIL_STOPPED_MS, 2 * (app.lastAnalysisMs ?? app.analysisBudgetMs)));
  }

  /** Human vs engine: a short search of the person's position whose best move is marked. */
  async function onHint() {
    if (!humanToMove() || app.analysing || app.thinking) return;
    const token = ++app.searchToken;
    app.analysing = true;
    beginReport(titleOf(app.view.to_move), 'looking for a hint');
    render();
    const result = await searchSafely(token, { budgetMs: HINT_MS });
    if (result === null) return;
    endSearchReport(result);
    if (result.best) {
      app.hint = { key: app.report.key, move: result.best };
      messages.show(`Hint: ${result.best} (marked on the board).`, { kind: 'info' });
    }
    render();
  }

  return { schedule: scheduleAnalysis, stop: onAnalysisStop, deeper: onAnalysisDeeper, hint: onHint };
}
