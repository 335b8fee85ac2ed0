// The playground's brain: holds the game (a setup and a list of moves), decides who moves next
// (a person clicking, or the engine in its worker), and redraws everything after each change.
//
// The rules are never computed here. After every change the position is rebuilt from scratch by
// the engine's `describe(game, setup, moves)`, which says whose turn it is, what is legal and how
// the game ended. Moves are only ever added after `describe` has accepted them.
//
// Which game is played is data too: a game name (the engine's) and its renderer entry from
// boards/index.js, which brings everything game-specific (drawing, setups, rules, wording).

import { continued, createAnalysis } from './analysis.js';
import * as RENDERERS from './boards/index.js';
import { boardLabel, cellWords } from './boardlabel.js';
import { attachTooltip, summaryChart } from './charts.js';
import { createControls } from './controls.js';
import { EngineClient } from './engine.js';
import { createEvalBar } from './evalbar.js';
import { formatCount, formatMs } from './format.js';
import { availableGames, showGameChrome, sideName } from './gamepage.js';
import { createKeyboard } from './keyboard.js';
import { renderMoveList } from './movelist.js';
import { registerOffline } from './offline.js';
import { addChartPoint, createSearchPanel } from './panel.js';
import { createPvPreview } from './pvpreview.js';
import { MODES, controllerOf, playerLabel, playerTitle } from './players.js';
import { defaultEngine, describePosition, injectRulesFault, knownGames, loadRules, rulesInstances } from './rules.js';
import { ENGINES, loadSettings, saveSettings, validSettings } from './settings.js';
import { readSharedLink, shareUrl } from './share.js';
import { createShareBox } from './sharebox.js';
import { createMessageArea, statusText } from './status.js';
import { depthCapOf } from './strength.js';
import { showTerritoryTotals, territoryOf } from './territory.js';
import { installTestHook } from './testhook.js';
import { DEFAULT_SCORE_SCALE, heatFromIteration, heatFromMcts, heatSummary, scoreForPlayer1 } from './winchance.js';

const TT_MB = 16; // transposition table size: small enough for a phone
const PV_SHOWN = 8; // longer lines turn the board into a puzzle of numbers

// Everything the page shows is derived from this object.
const app = {
  games: [], // what the picker offers: [{name, title, entry}]
  game: null, // the engine's name of the game in play, e.g. "yavalath"
  entry: null, // its renderer entry (boards/index.js)
  board: null, // the live renderer: entry.create(canvas, …)
  setup: '', // the setup string in play (passed to describe and search)
  moves: [], // move names, in order
  moveTimes: [], // per move: the engine's wall time in ms, or null for a human move
  moveStats: [], // per move: {depth, seldepth, nodes, ms (wall), searchMs (the search's own
  //                clock), budgetMs} of the engine's search, or null for a human move
  view: null, // describe() of the position after `moves`
  mode: MODES.HUMAN_VS_ENGINE,
  humanSide: 1, // in human vs engine: which player the person is
  budgetMs: 1000,
  level: 'custom', // a named strength level (strength.js): think time and depth cap
  analysisBudgetMs: 5000, // analysis mode: budget of each analysis (UNTIL_STOPPED_MS in analysis.js: until stopped)
  overlayPlay: false, // heatmap and best line on the board while playing (off: spoils nothing)
  overlayAnalysis: true, // the same in analysis mode, where it is the point
  territory: false, // shade who owns each square (games whose renderer has territory(): Amazons)
  territoryCache: null, // {key (positionKey), data}: territory() of that position, or data null
  shownTerritory: null, // what the renderer's territory() was last given (data or null)
  engines: {}, // the engine picked per game ({amazons: "mcts"}); missing: the game's default
  mctsHeat: 'visits', // what colours the MCTS heatmap: "visits" or "value"
  delayMs: 500, // in engine vs engine: pause between moves so people can follow
  paused: false, // engine vs engine only: no engine moves until resumed (Step plays one)
  halted: false, // the engine failed; it waits for Retry (or any new action) instead of looping
  thinking: false, // the engine is searching for a move it will play
  analysing: false, // the engine is searching without playing: analysis mode or a hint
  analysedKey: null, // analysis mode: the position (positionKey) whose analysis is over
  lastAnalysisMs: null, // the budget of the last analysis, which "Go deeper" doubles
  hint: null, // {key, move}: the hinted move for the position `key`
  evaluation: null, // the eval bar: {scoreP1, depth}, from the latest iteration of any search
  shownOverlay: null, // what the renderer's overlay() was last given ({heat, pv} or null)
  shownOverlaySignature: null, // the same as JSON, to skip redraws that would change nothing
  report: null, // what the search panel shows: {who, moveNumber, thinking, activity, iteration,
  //               iterations, progress (the latest alpha-beta progress report past the shown
  //               iteration, or null), stop, key (positionKey searched), searcher (player),
  //               chain (an analysis until stopped: {offsetMs, offsetNodes, links}, else null)}
  searchToken: 0, // bumped whenever a running or scheduled engine move becomes unwanted
  engineTimer: null, // the delayed start of the next engine move
};

const canvas = document.getElementById('board');
const panel = createSearchPanel(document.getElementById('search-panel'), { onPreview: previewLine });
const pvPreview = createPvPreview(document.getElementById('pv-preview'));
const messages = createMessageArea(document.getElementById('message'));
const evalBar = createEvalBar(document.getElementById('evalbar'));
const summarySvg = document.getElementById('chart-summary');
attachTooltip(summarySvg, summarySvg.parentElement.querySelector('.chart-tip'));
const controls = createControls(document, {
  onGameChange,
  onSetupChange,
  onModeChange,
  onHumanSideChange,
  onStrengthChange: ({ budgetMs, level }) => changeSetting({ budgetMs, level }),
  onDelayChange: (delayMs) => changeSetting({ delayMs }),
  onAnalysisBudgetChange,
  onOverlayChange,
  onTerritoryChange,
  onEngineChange,
  onNewGame: newGame,
  onUndo: undo,
  onSteal: () => humanToMove() && app.view.steal && playMove(app.view.steal, null),
  onPauseToggle,
  onStep,
  onHint: () => analysis.hint(),
  onAnalysisStop: () => analysis.stop(),
  onAnalysisDeeper: () => analysis.deeper(),
});
const engine = new EngineClient({ onProblem: (message) => messages.show(message) });
const analysis = createAnalysis({
  app,
  engine,
  messages,
  render,
  stopEngine,
  beginReport,
  iterationListener,
  progressListener,
  searchRequest,
  titleOf,
  humanToMove,
  positionKey,
  engineFailed,
});
const shareBox = createShareBox({ app, messages, restoreMoves, switchGame, changeSetup: onSetupChange });
const keyboard = createKeyboard({
  canvas,
  ring: document.getElementById('focus-ring'),
  getBoard: () => app.board,
  getView: () => app.view,
  announce: (name) => {
    document.getElementById('board-focus').textContent = cellWords(app.view, name, (p) => sideName(app.entry, p));
  },
  actions: {
    undo,
    canPause: () => app.mode === MODES.ENGINE_VS_ENGINE && app.view !== null && !app.view.result,
    pauseToggle: onPauseToggle,
  },
});

/** The settings worth keeping between visits (settings.js) and putting in a shared link. */
function keptSettings() {
  const { mode, humanSide, budgetMs, delayMs, level, analysisBudgetMs, overlayPlay, overlayAnalysis, territory, engines, mctsHeat } = app;
  return { mode, humanSide, budgetMs, delayMs, level, analysisBudgetMs, overlayPlay, overlayAnalysis, territory, engines, mctsHeat };
}

/**
 * The engine that searches the game on screen: the one picked for it, if its renderer entry
 * offers that choice, else the game's default (measured in the arena; see the README).
 */
function currentEngine() {
  const picked = app.engines[app.game];
  if ((app.entry?.engines ?? []).some((e) => e.id === picked)) return picked;
  return defaultEngine(app.game);
}

/** A setting changed by the person: kept, and shown (a new think time applies from the next move). */
function changeSetting(values) {
  Object.assign(app, values);
  saveSettings(keptSettings());
  render();
}

// ---------------------------------------------------------------------------------------------
// Who is to move

function whoControls(player) {
  return controllerOf(player, app.mode, app.humanSide);
}

/** What the status line and panel call `player` in the game on screen. */
function titleOf(player) {
  return playerTitle(player, app.mode, app.humanSide, sideName(app.entry, player));
}

function humanToMove() {
  return app.view !== null && !app.view.result && whoControls(app.view.to_move) === 'human';
}

function engineToMove() {
  return app.view !== null && !app.view.result && whoControls(app.view.to_move) === 'engine';
}

// ---------------------------------------------------------------------------------------------
// Changing the move list

/**
 * Plays `name` for the side to move if the engine accepts it; otherwise shows the engine's reason
 * and changes nothing. `engineMs` is the engine's wall time for this move (null if a human's),
 * `engineStats` its search's {depth, seldepth, nodes, ms} for the game-end summary.
 */
function playMove(name, engineMs, engineStats = null) {
  let view;
  try {
    view = describePosition(app.game, app.setup, [...app.moves, name]);
  } catch (err) {
    // The engine names the move by number ("move 5 (e5): e5 is occupied"); the person just
    // clicked it, so the reason alone reads better.
    const reason = err.message.replace(/^move \d+ \([^)]*\): /, '');
    messages.show(`Cannot play ${name}: ${reason}`);
    return false;
  }
  if (app.analysing) stopEngine(); // an analysis or hint of the position just left
  app.moves.push(name);
  app.moveTimes.push(engineMs);
  app.moveStats.push(engineStats);
  app.view = view;
  if (engineMs === null) {
    messages.clear();
    app.halted = false;
  }
  update();
  return true;
}

/** Cuts the game back to its first `length` moves (unchanged if the engine cannot describe it). */
function truncateMoves(length) {
  const view = describePosition(app.game, app.setup, app.moves.slice(0, length));
  app.moves = app.moves.slice(0, length);
  app.moveTimes = app.moveTimes.slice(0, length);
  app.moveStats = app.moveStats.slice(0, length);
  app.view = view;
  app.evaluation = null; // it was of a later position
}

/**
 * How many moves remain after Undo, or null if there is nothing to undo. Against the engine, Undo
 * goes back to before the person's last move, taking the engine's reply back with it.
 */
function undoLength() {
  if (!app.view || app.moves.length === 0) return null;
  if (app.mode !== MODES.HUMAN_VS_ENGINE) return app.moves.length - 1;
  const history = app.view.history;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].player === app.humanSide) return i;
  }
  return null; // only engine moves so far: undoing them would just replay them
}

// ---------------------------------------------------------------------------------------------
// The engine's turns

/** Cancels the running search (restarting the worker) and any engine move waiting to start. */
function stopEngine() {
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
function scheduleEngineMove() {
  if (app.thinking || app.engineTimer !== null) return;
  if (!engineToMove() || app.paused || app.halted) return;
  // Only engine vs engine waits between moves, so people can follow the game.
  const delay = app.mode === MODES.ENGINE_VS_ENGINE && app.moves.length > 0 ? app.delayMs : 0;
  const token = app.searchToken;
  app.engineTimer = setTimeout(() => {
    app.engineTimer = null;
    if (token === app.searchToken) runEngineMove();
  }, delay);
}

/** The position on screen, as a key: a report or hint belongs to the position it was made for. */
function positionKey() {
  return `${app.game}|${app.setup}|${app.moves.join(' ')}`;
}

/** Starts a new search report for the panel, the overlay and the eval bar. */
function beginReport(who, activity) {
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
    key: positionKey(),
    position: { game: app.game, setup: app.setup, moves: [...app.moves] },
    searcher: app.view.to_move,
    sides: { toMove: sideName(app.entry, app.view.to_move), other: sideName(app.entry, 3 - app.view.to_move) },
  };
}

/** The panel's best line is hovered at move `index` (null: left): preview the line up to it. */
function previewLine(index) {
  const pv = app.report?.iteration?.pv;
  if (index === null || !pv || index >= pv.length) pvPreview.hide();
  else pvPreview.show(app.report.position, pv, index);
}

/** The search request for the position on screen, with `options` (budgetMs, maxDepth, exactRoot). */
function searchRequest(options) {
  return { game: app.game, setup: app.setup, moves: app.moves, ttMb: TT_MB, engine: currentEngine(), ...options };
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
    panel.show(app.report);
  };
}

/** Is the board overlay (heatmap and best line) wanted in the current mode? */
function overlayWanted() {
  return app.mode === MODES.ANALYSIS ? app.overlayAnalysis : app.overlayPlay;
}

async function runEngineMove() {
  const token = ++app.searchToken;
  const player = app.view.to_move;
  app.thinking = true;
  beginReport(titleOf(player), 'thinking');
  render();

  // Exact scores for every root move cost some strength: only when the heatmap shows them.
  const request = searchRequest({ budgetMs: app.budgetMs, maxDepth: depthCapOf(app.level), exactRoot: overlayWanted() });
  let outcome;
  try {
    outcome = await engine.search(request, iterationListener(token), progressListener(token));
  } catch (err) {
    if (token !== app.searchToken) return;
    app.thinking = false;
    engineFailed(err);
    return;
  }
  if (outcome === null || token !== app.searchToken) return; // stopped, or no longer wanted

  const { result, wallMs } = outcome;
  app.thinking = false;
  app.report.thinking = false;
  app.report.stop = result.stop;
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
    budgetMs: request.budgetMs,
  };
  if (!playMove(result.best, wallMs, stats)) {
    // The engine proposed a move the rules refuse (playMove has shown why): do not ask again.
    app.halted = true;
    render();
  }
}

/**
 * After a failed search: the engine client has already replaced the worker and the game itself is
 * untouched, so the search is halted and the message offers Retry. The caller clears its own
 * busy flag (thinking, analysing) first.
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
  update();
}

// ---------------------------------------------------------------------------------------------
// What the person does

/** The renderer's onMove: a complete move in the game's notation, legal or not. */
function onMove(name) {
  if (!app.view) return;
  if (app.view.result) {
    messages.show('The game is over: start a new game or undo.', { kind: 'info' });
  } else if (!humanToMove()) {
    messages.show(app.thinking ? 'Wait for the engine: it is thinking.' : "It is the engine's turn.", { kind: 'info' });
  } else {
    playMove(name, null);
  }
}

function newGame() {
  let view;
  try {
    view = describePosition(app.game, app.setup, []);
  } catch (err) {
    messages.show(`Cannot start a new game: ${err.message}. The current game is kept.`);
    return;
  }
  startGame(view);
}

/** Starts over from `view`, the empty position of the game and setup now in app. */
function startGame(view) {
  stopEngine();
  app.moves = [];
  app.moveTimes = [];
  app.moveStats = [];
  app.view = view;
  app.report = null;
  app.evaluation = null;
  app.hint = null;
  app.analysedKey = null;
  app.paused = false;
  app.halted = false;
  messages.clear();
  engine.newGame();
  update();
}

function undo() {
  stopEngine(); // undo while the engine thinks stops it first
  const length = undoLength();
  if (length === null) return;
  try {
    truncateMoves(length);
  } catch (err) {
    messages.show(`Cannot undo: ${err.message}. The game is kept.`);
    return;
  }
  // In engine vs engine the engines would just replay the move: stop so the user can look.
  if (app.mode === MODES.ENGINE_VS_ENGINE) app.paused = true;
  app.halted = false;
  messages.clear();
  update();
}

/**
 * Puts `name` (one of app.games) on screen with `setup`, starting a new game; mode and think
 * time stay as they are. The setup is tried first: if the engine refuses it, nothing changes
 * and the reason is shown. Returns true if the game was switched.
 */
function switchGame(name, setup) {
  const choice = app.games.find((g) => g.name === name);
  let view;
  try {
    view = describePosition(name, setup, []);
  } catch (err) {
    messages.show(`Cannot start ${choice?.title ?? name}${setup ? ` with setup "${setup}"` : ''}: ${err.message}`);
    return false;
  }
  let board;
  try {
    board = choice.entry.create(canvas, { onMove });
  } catch (err) {
    // A broken renderer must not take the game in play down with it.
    messages.show(`Cannot show ${choice.title}: ${err.message}`);
    return false;
  }
  stopEngine();
  // The old renderer lets go of the canvas (listeners, observers) before anything is drawn, so
  // only the new one hears clicks from now on.
  app.board?.destroy();
  app.board = board;
  app.shownOverlaySignature = null; // the new renderer has drawn no overlay yet
  app.shownTerritory = null; // nor any territory
  pvPreview.setGame(choice.entry);
  app.game = name;
  app.entry = choice.entry;
  app.setup = setup;
  showGameChrome(document, app.entry);
  controls.selectGame(name);
  controls.setSetups(app.entry.setups, setup);
  controls.setEngines(app.entry.engines, currentEngine());
  startGame(view); // its render() writes the new game into the address
  return true;
}

/** The setup a game starts with when none is asked for: its first listed one, else ''. */
function defaultSetup(entry) {
  const first = entry.setups?.[0];
  return first && !first.custom ? first.value : '';
}

function onGameChange(name) {
  if (name === app.game) return true;
  return switchGame(name, defaultSetup(app.games.find((g) => g.name === name).entry));
}

/** A new setup for the game in play: a new game, or (if refused) the old one goes on. */
function onSetupChange(setup) {
  let view;
  try {
    view = describePosition(app.game, setup, []);
  } catch (err) {
    messages.show(`Setup refused: ${err.message}. The current game goes on.`);
    return false;
  }
  app.setup = setup;
  controls.showSetup(setup);
  startGame(view);
  return true;
}

function onModeChange(mode) {
  stopEngine();
  app.mode = mode;
  app.paused = false;
  app.halted = false;
  app.analysedKey = null;
  controls.showOverlay(overlayWanted());
  saveSettings(keptSettings());
  update(); // the game goes on; only who plays each side changes
}

function onHumanSideChange(side) {
  stopEngine();
  app.humanSide = side;
  app.halted = false;
  saveSettings(keptSettings());
  update();
}

/** A new analysis time applies at once: the analysis under way starts again with it. */
function onAnalysisBudgetChange(analysisBudgetMs) {
  app.analysisBudgetMs = analysisBudgetMs;
  saveSettings(keptSettings());
  if (app.mode === MODES.ANALYSIS) {
    stopEngine();
    app.analysedKey = null;
    app.lastAnalysisMs = null;
  }
  update();
}

/** Another engine for the game on screen: kept, and a search under way starts again with it. */
function onEngineChange(engine) {
  stopEngine();
  app.engines = { ...app.engines, [app.game]: engine };
  app.analysedKey = null;
  app.halted = false;
  saveSettings(keptSettings());
  update();
}

/** The MCTS heatmap's colour: each move's visits or its value. */
function onHeatByChange(by) {
  app.mctsHeat = by;
  saveSettings(keptSettings());
  render();
}

/** The overlay checkbox: remembered per kind of mode (playing, or analysing). */
function onOverlayChange(on) {
  if (app.mode === MODES.ANALYSIS) app.overlayAnalysis = on;
  else app.overlayPlay = on;
  saveSettings(keptSettings());
  render();
}

/** The Territory checkbox: one setting for every mode. */
function onTerritoryChange(on) {
  app.territory = on;
  saveSettings(keptSettings());
  render();
}

function onPauseToggle() {
  if (app.paused) {
    app.paused = false;
    app.halted = false;
  } else {
    stopEngine();
    app.paused = true;
  }
  update();
}

function onStep() {
  if (!app.paused || app.thinking || !engineToMove()) return;
  stopEngine();
  app.halted = false;
  runEngineMove();
}

// ---------------------------------------------------------------------------------------------
// Drawing

/** Redraws everything, then lets the engine move (or analyse) if it is its turn. */
function update() {
  render();
  scheduleEngineMove();
  analysis.schedule();
}

/**
 * What the board overlays on the position: the hint if there is one for it, else (when wanted)
 * the heatmap and best line of the latest search of this very position, else nothing.
 */
function boardOverlay() {
  const key = positionKey();
  if (app.hint?.key === key) return { heat: null, pv: [app.hint.move] };
  const iteration = app.report?.iteration;
  if (!overlayWanted() || !iteration || app.report.key !== key || app.view.result) return null;
  const heat =
    iteration.engine === 'mcts'
      ? heatFromMcts(iteration, app.mctsHeat, app.entry.scoreScale ?? DEFAULT_SCORE_SCALE)
      : heatFromIteration(iteration, app.entry.scoreScale ?? DEFAULT_SCORE_SCALE);
  return { heat, pv: iteration.pv.slice(0, PV_SHOWN) };
}

/**
 * The heatmap's legend under the board (which side "better" is for) and its words for screen
 * readers (#heat-summary, part of the board's description).
 */
function renderHeatLegend(overlay) {
  const legend = document.getElementById('heat-legend');
  const hasHeat = Boolean(overlay?.heat) && typeof app.board.overlay === 'function';
  legend.hidden = !hasHeat;
  document.getElementById('heat-summary').textContent = hasHeat ? heatSummary(app.report.iteration, app.mctsHeat) : '';
  if (!hasHeat) return;
  const side = sideName(app.entry, app.view.to_move);
  const iteration = app.report.iteration;
  const mcts = iteration.engine === 'mcts';
  const byVisits = mcts && app.mctsHeat === 'visits';
  document.getElementById('heat-by-field').hidden = !mcts;
  // Moves the search left out are drawn in their own style: the legend says which.
  document.getElementById('heat-legend-static').hidden = !overlay.heat.some((h) => h.static);
  document.getElementById('heat-by').value = app.mctsHeat;
  document.getElementById('heat-legend-bad').textContent = byVisits ? 'Few visits' : `Worse for ${side}`;
  document.getElementById('heat-legend-good').textContent = byVisits ? 'Most visits' : 'Best';
  legend.title = byVisits
    ? "Each move coloured by its share of the search's visits (MCTS spends them on the moves it rates best)"
    : 'Each move coloured by how it compares with the best move, for the side to move';
  let note;
  if (mcts) {
    const what = byVisits ? 'numbers = visits' : `numbers = winning chance for ${side} (%)`;
    note = `MCTS after ${formatCount(iteration.iterations)} iterations; ${what}; discs = best line`;
  } else {
    const exact = iteration.root_moves.every((r) => r.bound === 'exact');
    note = `Score of each move at depth ${iteration.depth}; numbers = best line` + (exact ? '' : '; ≤ = at most');
  }
  if (app.entry.heatNote) note += `; ${app.entry.heatNote}`;
  document.getElementById('heat-legend-note').textContent = note;
}

/** The parts that follow the search: panel, board overlay, heat legend, eval bar. */
function renderInsight() {
  panel.show(app.report);
  const overlay = boardOverlay();
  // The renderer keeps its overlay across draw() calls: only a change needs a redraw, which
  // keeps the main thread free while the engine reports many iterations a second.
  const signature = JSON.stringify(overlay);
  if (signature !== app.shownOverlaySignature) {
    app.shownOverlaySignature = signature;
    app.shownOverlay = overlay;
    app.board.overlay?.(overlay);
  }
  renderHeatLegend(overlay);
  // Once the game is over, its result says more than any evaluation.
  evalBar.show(app.view.result ? { result: app.view.result } : app.evaluation, { sideName: (player) => sideName(app.entry, player), scale: app.entry.scoreScale ?? DEFAULT_SCORE_SCALE });
}

/**
 * The territory of the position on screen (territory.js), computed once per position; null if
 * the game has none or the engine refuses (then the reason is shown once).
 */
function territoryNow() {
  const key = positionKey();
  if (app.territoryCache?.key !== key) {
    let data = null;
    try {
      data = territoryOf(app.game, app.setup, app.moves);
    } catch (err) {
      messages.show(`Territory cannot be shown: ${err.message}`);
    }
    app.territoryCache = { key, data };
  }
  return app.territoryCache.data;
}

/**
 * The Territory toggle (only for a renderer that can shade territory), the shading on the board
 * and the totals under it. Called before the board is drawn, so a new position is drawn once,
 * already shaded.
 */
function renderTerritory() {
  const available = typeof app.board.territory === 'function';
  controls.showTerritory({ available, on: app.territory });
  const data = available && app.territory ? territoryNow() : null;
  if (data !== app.shownTerritory) {
    app.shownTerritory = data;
    app.board.territory?.(data);
  }
  const box = { root: document.getElementById('territory-info'), totals: document.getElementById('territory-totals'), sealed: document.getElementById('territory-sealed') };
  showTerritoryTotals(box, data, (player) => sideName(app.entry, player));
}

/** The game-end summary: one column per engine move (depth, nodes, time). */
function renderSummary() {
  const card = document.getElementById('summary-card');
  const moves = app.moveStats
    .map((stats, i) => (stats ? { moveNumber: i + 1, player: app.view.history[i].player, ...stats } : null))
    .filter(Boolean);
  card.hidden = !app.view.result || moves.length === 0;
  if (card.hidden) return;
  const totalMs = moves.reduce((sum, m) => sum + m.ms, 0);
  document.getElementById('summary-sub').textContent = `${moves.length} moves · ${formatMs(totalMs)} in all`;
  summaryChart(summarySvg, moves, { formatCount, formatMs });
}

/** The share box and the address bar: both name this game, its moves and the settings. */
function renderShare() {
  const link = shareUrl(window.location.href, {
    game: app.game,
    setup: app.setup,
    moves: app.moves,
    settings: {
      mode: app.mode,
      humanSide: app.humanSide,
      budgetMs: app.budgetMs,
      level: app.level,
      delayMs: app.delayMs,
      analysisBudgetMs: app.analysisBudgetMs,
      overlayPlay: app.overlayPlay,
      overlayAnalysis: app.overlayAnalysis,
      // Only games with an engine picker name their engine; only a board with territory
      // shading, and only MCTS's heatmap, have those settings.
      engine: app.entry?.engines?.length > 0 ? currentEngine() : undefined,
      territory: typeof app.board?.territory === 'function' ? app.territory : undefined,
      mctsHeat: currentEngine() === 'mcts' ? app.mctsHeat : undefined,
    },
  });
  if (link !== window.location.href) window.history.replaceState(null, '', link);
  // Every game exports its position text too (Ataxx FEN, Amazons and the others' rows), except
  // once the game is over: a finished position is not a setup.
  shareBox.show({ link, moves: app.moves, position: app.view?.position ?? null });
}

function render() {
  const view = app.view;
  if (!view) return;
  renderTerritory();
  app.board.draw(view, { canMove: humanToMove() });

  const names = { reasons: app.entry.reasons, sideName: (player) => sideName(app.entry, player) };
  const status = statusText(view, app, names);
  document.getElementById('status').textContent = status;
  canvas.setAttribute('aria-label', boardLabel(view, { title: app.entry.title, who: titleOf, sideName: names.sideName, statusLine: status }));
  document.getElementById('spinner').hidden = !app.thinking && !app.analysing;
  document.body.classList.toggle('is-thinking', app.thinking);
  for (const player of [1, 2]) {
    document.getElementById(`legend-p${player}`).textContent = playerLabel(player, app.mode, app.humanSide);
  }

  const stealCell = humanToMove() ? view.steal : null;
  controls.update({
    mode: app.mode,
    canUndo: undoLength() !== null,
    steal: stealCell ? { cell: stealCell, by: titleOf(view.to_move) } : null,
    paused: app.paused,
    canPause: !view.result,
    canStep: app.paused && !app.thinking && engineToMove(),
    canHint: humanToMove() && !app.analysing && app.mode === MODES.HUMAN_VS_ENGINE,
    analysing: app.analysing,
    canDeepen: app.mode === MODES.ANALYSIS && !app.analysing && !view.result && app.report?.key === positionKey() && app.report.stop !== 'solved',
  });

  renderMoveList(document.getElementById('move-list'), view.history, app.moveTimes, names.sideName);
  document.getElementById('moves-empty').hidden = view.history.length > 0;
  const count = view.history.length;
  document.getElementById('move-count').textContent = count === 0 ? '' : `${count} move${count === 1 ? '' : 's'}`;
  renderInsight();
  renderSummary();
  renderShare();
  keyboard.refresh();
}

/** The snapshot the browser tests read through window.boardlab.state(). */
function snapshot() {
  const view = app.view;
  return {
    game: app.game,
    setup: app.setup,
    mode: app.mode,
    humanSide: app.humanSide,
    moves: [...app.moves],
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
          links: app.report.chain?.links ?? null,
          elapsedMs: app.report.iteration?.elapsed_ms ?? null,
          progressDepth: app.report.progress?.depth ?? null,
        }
      : null,
    engine: app.game ? currentEngine() : null,
    mctsTable: panel.tableState(),
    overlay: app.shownOverlay ?? null,
    territory: app.shownTerritory ? { totals: app.shownTerritory.totals, split: app.shownTerritory.split } : null,
    hint: app.hint?.key === positionKey() ? app.hint.move : null,
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
  };
}

// ---------------------------------------------------------------------------------------------
// Start-up

// Anything unexpected still reaches the person instead of vanishing into the console.
window.addEventListener('error', (event) => {
  // Chrome reports a harmless ResizeObserver notice as an error event; it is not ours to show.
  if (String(event.message).includes('ResizeObserver loop')) return;
  messages.show(`Unexpected error: ${event.message}`);
});
window.addEventListener('unhandledrejection', (event) => {
  messages.show(`Unexpected error: ${event.reason?.message ?? event.reason}`);
});

/**
 * Takes `settings` (already validated) over what is in effect: into the controls, then into app
 * (the controls snap a think time to their slider's steps); the settings without a control of
 * their own are copied as they are.
 */
function adoptSettings(settings) {
  controls.apply({ ...controls.settings(), ...settings });
  Object.assign(app, controls.settings());
  for (const key of ['overlayPlay', 'overlayAnalysis', 'territory', 'mctsHeat']) {
    app[key] = settings[key] ?? app[key];
  }
  controls.showOverlay(overlayWanted());
}

async function start() {
  // Settings, most specific last: what the browser restored in the selects (back/forward), the
  // stored ones, then the link's (a shared game opens with the sharer's opponent).
  const shared = readSharedLink(window.location);
  const stored = loadSettings();
  adoptSettings({ ...stored, ...validSettings(shared.settings) });
  app.engines = stored.engines ?? app.engines;
  // "rules-panic" breaks the page's own wasm instance (rules.js); the other faults the worker.
  installTestHook(snapshot, () => app.board, (kind) => (kind === 'rules-panic' ? injectRulesFault() : engine.injectFault(kind)));
  registerOffline((message) => messages.show(message, { kind: 'info' }));
  try {
    await loadRules();
  } catch (err) {
    document.getElementById('status').textContent = 'The engine could not be loaded.';
    messages.show(`Loading the WebAssembly module failed: ${err.message}`);
    return;
  }
  app.games = availableGames(knownGames(), RENDERERS);
  if (app.games.length === 0) {
    document.getElementById('status').textContent = 'No game to play.';
    messages.show(`This build has no game with a board to draw (engine: ${knownGames().join(', ') || 'none'}).`);
    return;
  }
  controls.setGames(app.games, app.games[0].name);
  openShared(shared);
  // A link opened while the page is open (pasted into the address bar, or followed from another
  // page of the site) changes only the fragment: the browser does not reload, so open it here.
  // The page's own address updates use replaceState, which fires no hashchange.
  window.addEventListener('hashchange', () => {
    const link = readSharedLink(window.location);
    adoptSettings(validSettings(link.settings));
    openShared(link);
  });
}

/**
 * Opens what the link `shared` (readSharedLink()) names: its game and setup, the engine it
 * picks for that game, then its moves.
 */
function openShared(shared) {
  // A link's engine is for its own game, picked before the game opens so the first search uses it.
  const linkedEngine = shared.settings.engine;
  if (ENGINES.includes(linkedEngine) && shared.game !== null) {
    app.engines = { ...app.engines, [shared.game]: linkedEngine };
  }
  const opened = openLinkedGame(shared);
  if (linkedEngine !== undefined && currentEngine() !== linkedEngine) {
    messages.show(`The link's engine "${linkedEngine}" is not offered here: using ${currentEngine()}.`, { kind: 'info' });
  }
  // The link's moves belong to its game and setup: on a fallback they would mean nothing (the
  // note on screen says what was opened instead).
  if (opened && shared.moves?.length > 0) restoreMoves(shared.moves, 'The link');
}

/**
 * Plays `moves` from the start of the game on screen, as far as the engine accepts them, and
 * says where and why it stopped if it did not take them all (`source` names where they came
 * from). Returns the number of moves played.
 */
function restoreMoves(moves, source) {
  let view = app.view;
  let played = 0;
  let refusal = null;
  for (; played < moves.length; played++) {
    try {
      view = describePosition(app.game, app.setup, moves.slice(0, played + 1));
    } catch (err) {
      refusal = err.message.replace(/^move \d+ \([^)]*\): /, '');
      break;
    }
  }
  stopEngine();
  app.moves = moves.slice(0, played);
  app.moveTimes = app.moves.map(() => null);
  app.moveStats = app.moves.map(() => null);
  app.view = view;
  app.evaluation = null;
  app.analysedKey = null;
  // A restored game in engine vs engine starts paused: the person came to look at it.
  if (app.mode === MODES.ENGINE_VS_ENGINE) app.paused = true;
  if (refusal !== null) {
    messages.show(`${source}'s move ${played + 1} (${moves[played]}) cannot be played: ${refusal}. Showing the position after move ${played}.`);
  }
  update();
  return played;
}

document.getElementById('heat-by').addEventListener('change', (event) => onHeatByChange(event.target.value));

/**
 * Opens the game (and setup) the link names ({game, setup}, null where it names none), falling
 * back to the first game, or to the game's default setup, with a note saying so: a stale or
 * mistyped link still opens a game. Returns true if what the link names was opened as it asks.
 */
function openLinkedGame(link) {
  let choice = app.games.find((g) => g.name === link.game);
  let note = null;
  if (link.game !== null && !choice) {
    const known = knownGames().includes(link.game);
    note = `${known ? `"${link.game}" has no board on this page yet` : `Unknown game "${link.game}"`}: showing ${app.games[0].title} instead.`;
  }
  choice ??= app.games[0];
  const setup = link.setup ?? defaultSetup(choice.entry);
  if (!switchGame(choice.name, setup)) {
    // The refusal is on screen; keep it and say what happens instead.
    const refused = messages.text;
    switchGame(choice.name, defaultSetup(choice.entry));
    note = `${refused.replace(/[.\s]*$/, '.')} Showing the standard setup instead.`;
  }
  if (note) messages.show(note, { kind: 'info' });
  return note === null;
}

start();
