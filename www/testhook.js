// A small read-only window into the app for the browser tests (tests/e2e/), so they can
// wait for the engine and click cells without parsing the page: the state snapshot they read.
// Nothing here changes the game: tests play through the same mouse clicks and controls a person
// uses. The one exception breaks the engine on purpose (injectFault), to test that the page
// survives a crash.

import { classify } from './review.js';
import { rulesInstances } from './rules.js';
import { allLines } from './gametree.js';
import { app, currentEngine, currentKey, mainMoves } from './state.js';
import { depthCapOf } from './strength.js';
import { messages, panel } from './view.js';

/** The snapshot the browser tests read through window.boardlab.state(). */
function snapshot() {
  const view = app.view;
  return {
    game: app.game,
    setup: app.setup,
    mode: app.mode,
    humanSide: app.humanSide,
    moves: [...app.moves],
    mainLine: mainMoves(), // the game's main line, whatever is on screen
    variations: app.tree ? allLines(app.tree).slice(1) : [], // the other lines, as moves from the start
    toMove: view?.to_move ?? null,
    legal: view && !view.result ? [...view.legal] : [],
    steal: view?.steal ?? null,
    result: view?.result ?? null,
    thinking: app.thinking,
    analysing: app.analysing,
    report: app.report
      ? {
          key: app.report.key,
          stop: app.report.stop,
          engine: app.report.iteration?.engine ?? null,
          depth: app.report.iteration?.depth ?? null,
          iterations: app.report.iterations.length,
          playouts: app.report.iteration?.iterations ?? null,
          reused: app.report.iteration?.reused ?? null,
          threads: app.report.iteration?.threads ?? null,
          links: app.report.chain?.links ?? null,
          elapsedMs: app.report.iteration?.elapsed_ms ?? null,
          progressDepth: app.report.progress?.depth ?? null,
        }
      : null,
    engine: app.game ? currentEngine() : null,
    // The engine build the worker loaded ({label, threads, threaded, fallback}) and what was asked.
    engineBuild: app.engineBuild,
    threads: app.threads,
    ttMb: app.ttMb,
    mctsTable: panel.tableState(),
    overlay: app.shownOverlay ?? null,
    territory: app.shownTerritory ? { totals: app.shownTerritory.totals, split: app.shownTerritory.split } : null,
    hint: app.hint?.key === currentKey() ? app.hint.move : null,
    evaluation: app.evaluation ? document.querySelector('#evalbar .evalbar-text').textContent : null,
    level: app.level,
    maxDepth: depthCapOf(app.level),
    paused: app.paused,
    engineMoveTimes: app.moveTimes.filter((ms) => ms !== null),
    // Per engine move: its budget, the search's own clock and the wall time the page measured.
    engineMoves: app.moveStats
      .map((st, i) => st && { move: i + 1, budgetMs: st.budgetMs, searchMs: st.searchMs, wallMs: st.ms })
      .filter(Boolean),
    budgetMs: app.budgetMs,
    delayMs: app.delayMs,
    analysisBudgetMs: app.analysisBudgetMs,
    overlayPlay: app.overlayPlay,
    overlayAnalysis: app.overlayAnalysis,
    cells: view ? view.cells.map(({ name, owner, wall }) => ({ name, owner, wall })) : [],
    status: document.getElementById('status').textContent,
    message: messages.text,
    rulesInstances: rulesInstances(),
    review: app.review
      ? { running: app.review.running, done: app.review.done, total: app.review.total, classes: classify(app.review).map((c) => c?.cls ?? null), error: app.review.error ?? null }
      : null,
  };
}

/**
 * Installs `window.boardlab = {state(), board(), cellCenter(name), injectFault(kind)}`.
 * `state()` returns the snapshot above; `board()` the current game's board renderer (for cell
 * positions), which changes when the game does; `injectFault(kind)` makes the engine's next
 * search break its worker ("panic", "throw", "exit" or "hang": see worker.js), or with
 * "rules-panic" the next call into the page's own wasm instance panic (rules.js).
 */
export function installTestHook(injectFault) {
  window.boardlab = {
    state: snapshot,
    /** The current game's renderer, to ask what it offers (e.g. whether it has overlay()). */
    board: () => app.board,
    /** Centre of a cell in CSS pixels relative to the viewport, for page.mouse.click(x, y). */
    cellCenter: (name) => app.board?.cellCenter(name) ?? null,
    injectFault,
  };
}
