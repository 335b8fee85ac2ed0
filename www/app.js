// The playground's brain: what the person does (moves, undo, new game, game and setup, the
// settings) and start-up (settings, shared links). It changes the state (state.js), lets the
// engine session (session.js) and analysis (analysis.js) run their searches, and redraws through
// view.js after each change.
//
// The rules are never computed here. After every change the position is rebuilt from scratch by
// the engine's `describe(game, setup, moves)`, which says whose turn it is, what is legal and how
// the game ended. Moves are only ever added after `describe` has accepted them.
//
// Which game is played is data too: a game name (the engine's) and its renderer entry from
// boards/index.js, which brings everything game-specific (drawing, setups, rules, wording).

import { deeperAnalysis, hint, scheduleAnalysis, stopAnalysis } from './analysis.js';
import { cancelReview, runReview } from './review.js';
import * as RENDERERS from './boards/index.js';
import { cellWords } from './boardlabel.js';
import { createControls } from './controls.js';
import { availableGames, showGameChrome, sideName } from './gamepage.js';
import { addChild, allLines, childWithMove, continuation, createTree, insertLine, mainLine, mainPlyOf, nodeOf, onMainLine, pathTo, promote, removeSubtree, replaceChild, takePlaceOf, variationStart } from './gametree.js';
import { flashCells } from './flash.js';
import { createKeyboard } from './keyboard.js';
import { registerOffline } from './offline.js';
import { MODES } from './players.js';
import { describePosition, gameInfo, injectRulesFault, knownGames, loadRules } from './rules.js';
import { connectSession, engine, followPosition, runEngineMove, scheduleEngineMove, stopEngine } from './session.js';
import { loadSettings, saveSettings, validSettings } from './settings.js';
import { readSharedLink } from './share.js';
import { createShareBox } from './sharebox.js';
import { app, currentEngine, engineToMove, humanToMove, keptSettings, mainMoves, overlayWanted, titleOf, undoLength, viewingPast, visitorCores } from './state.js';
import { installTestHook } from './testhook.js';
import { bindWidgets, canvas, messages, previewHeatAt, pvPreview, render } from './view.js';

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
  onHint: hint,
  onAnalysisStop: stopAnalysis,
  onAnalysisDeeper: deeperAnalysis,
});
const shareBox = createShareBox({ app, messages, restoreMoves, switchGame, changeSetup: onSetupChange });
const keyboard = createKeyboard({
  canvas,
  ring: document.getElementById('focus-ring'),
  getBoard: () => app.board,
  getView: () => app.view,
  announce: (name) => {
    document.getElementById('board-focus').textContent = cellWords(app.view, name, (p) => sideName(app.entry, p));
    previewHeatAt(name); // a scored cell's line, as when hovered
  },
  actions: {
    undo,
    canPause: () => app.mode === MODES.ENGINE_VS_ENGINE && app.view !== null && !app.view.result,
    pauseToggle: onPauseToggle,
    navigate,
  },
});

bindWidgets({ controls, keyboard, shareBox, onPickMove: goToMainPly, onPickNode: goToNode, onReview: startReview });
document.getElementById('variation-promote').addEventListener('click', promoteVariation);
document.getElementById('variation-delete').addEventListener('click', deleteVariation);

/** Review: the engine looks at every position of the main line for `budgetMs` each. */
function startReview(budgetMs) {
  stopEngine();
  const line = mainMoves();
  let end;
  try {
    end = describePosition(app.game, app.setup, line);
  } catch (err) {
    messages.show(`Cannot review: ${err.message}`);
    return;
  }
  const players = [...end.history.map((h) => h.player), end.to_move];
  runReview(budgetMs, { players, result: end.result ?? null, onChange: () => render() }).then(() => update());
}
connectSession({ playMove, update });

/** Stores the settings worth keeping (settings.js), as far as the engine's limits allow. */
function saveKept() {
  if (app.limits) saveSettings(keptSettings(), app.limits);
}

/**
 * What settings may say, from the engine (game_info of every game the page offers): the engines
 * any game offers, and the think-time bounds (the same for every game).
 */
function engineLimits(games) {
  const infos = games.map((g) => gameInfo(g.name));
  return {
    engines: [...new Set(infos.flatMap((info) => info.engines.map((e) => e.id)))],
    budgetMs: { min: infos[0].budget_ms.min, max: infos[0].budget_ms.max },
    ttMib: { default: infos[0].tt_mib.default, max: infos[0].tt_mib.max },
    maxThreads: visitorCores(),
  };
}

/**
 * Fills the Threads select (1 to the visitor's cores) and the Memory select (powers of two up to
 * the engine's table cap, and its default), from `limits` (engineLimits).
 */
function fillEngineSelects({ ttMib, maxThreads }) {
  const option = (value, text) => Object.assign(document.createElement('option'), { value: String(value), textContent: text });
  const threads = Array.from({ length: maxThreads }, (_, i) => i + 1);
  document.getElementById('threads').replaceChildren(...threads.map((n) => option(n, String(n))));
  const sizes = [];
  for (let mib = 1; mib <= ttMib.max; mib *= 2) sizes.push(mib);
  if (!sizes.includes(ttMib.default)) sizes.push(ttMib.default);
  sizes.sort((a, b) => a - b);
  document.getElementById('memory').replaceChildren(...sizes.map((mib) => option(mib, `${mib} MiB`)));
}

/** The Threads setting: a fresh engine worker with that many threads; a search under way restarts. */
function onThreadsChange(threads) {
  stopEngine();
  app.threads = threads;
  app.halted = false;
  saveKept();
  engine.setThreads(threads);
  update();
}

/** A setting changed by the person: kept, and shown (a new think time applies from the next move). */
function changeSetting(values) {
  Object.assign(app, values);
  saveKept();
  render();
}

// ---------------------------------------------------------------------------------------------
// Changing the move list

/**
 * Puts the first `ply` nodes of `line` (tree nodes from the first move) on screen, `view` being
 * describe() of that position: the moves, their times and stats, and the rest of the line to
 * step forward to (app.redo) all derive from it.
 */
function setLine(line, ply, view) {
  const shown = line.slice(0, ply);
  app.line = line;
  app.moves = shown.map((n) => n.move);
  app.moveTimes = shown.map((n) => n.ms);
  app.moveStats = shown.map((n) => n.stats);
  app.redo = line.slice(ply);
  app.view = view;
}

/**
 * Plays `name` for the side to move if the engine accepts it; otherwise shows the engine's reason
 * and changes nothing. `engineMs` is the engine's wall time for this move (null if a human's),
 * `engineStats` its search's {depth, seldepth, nodes, ms} for the game-end summary.
 *
 * From a past position, the line's own next move steps forward and a move tried there before
 * follows its variation; any other move starts a variation (the game's line is kept, and the
 * message offers to replace it instead). After Undo, a new move replaces the moves taken back.
 */
function playMove(name, engineMs, engineStats = null) {
  const ply = app.moves.length;
  const parent = ply === 0 ? app.tree : app.line[ply - 1];
  const fromPast = app.redo.length > 0 && !app.redoByUndo;
  if (fromPast && engineMs === null) {
    if (app.redo[0].move === name) return goToPly(ply + 1);
    const tried = childWithMove(parent, name);
    if (tried) return goToNode(tried);
  }
  let view;
  try {
    view = describePosition(app.game, app.setup, [...app.moves, name]);
  } catch (err) {
    // The engine names the move by number ("move 5 (e5): e5 is occupied"); the person just
    // clicked it, so the reason alone (the error's own field) reads better, without the move's
    // text in front of it ("'d4': …") that the sentence already names.
    const reason = String(err.reason ?? err.message).replace(/^'[^']*':\s*/, '');
    messages.show(`Cannot play ${name}: ${reason}`);
    return false;
  }
  if (app.analysing) stopEngine(); // an analysis or hint of the position just left
  const move = { move: name, ms: engineMs, stats: engineStats };
  const replaced = app.redo[0] ?? null; // the move this one comes instead of, if any
  const tried = childWithMove(parent, name); // a variation already holds this move: no copy
  let node;
  if (replaced && !fromPast) {
    if (app.review && onMainLine(replaced)) cancelReview(); // the line it reviewed changes
    if (tried && tried !== replaced) takePlaceOf(tried, replaced);
    node = tried && tried !== replaced ? tried : replaceChild(replaced, move);
  } else {
    node = tried ?? addChild(parent, move);
  }
  app.redoByUndo = false;
  const before = app.view;
  setLine([...pathTo(node), ...continuation(node)], ply + 1, view);
  if (engineMs === null) {
    messages.clear();
    app.halted = false;
  } else {
    messages.clear('wait'); // "Wait for the engine" is answered
    announceSteal(before, view);
  }
  if (replaced && fromPast) offerReplace(node, replaced);
  update();
  return true;
}

/** A variation was just started with `node` instead of `old`: say so, and offer to replace `old`'s line instead. */
function offerReplace(node, old) {
  const later = 1 + continuation(old).length;
  messages.show(`${node.move} starts a variation; the ${later} later move${later === 1 ? '' : 's'} of the line stay${later === 1 ? 's' : ''} in the move list.`, {
    kind: 'info',
    tag: 'replace',
    action: {
      label: `Replace ${later === 1 ? 'it' : 'them'} instead`,
      run: () => {
        if (!node.parent.children.includes(old)) return; // changed meanwhile
        if (app.review && onMainLine(old)) cancelReview();
        takePlaceOf(node, old);
        update();
      },
    },
  });
}

/**
 * An engine's steal is said out loud and its cells flash on the board (it changes no cell's
 * emptiness, so it is easy to miss). The cells are those whose owner the move changed, from
 * `before` to `view` (describe() of the positions before and after it).
 */
function announceSteal(before, view) {
  const last = view.history[view.history.length - 1];
  if (!last?.steal) return;
  const who = titleOf(last.player);
  const what = last.move === 'steal' ? 'the first chip' : `the stone on ${last.move}`;
  messages.show(`${who} stole ${what}: it is theirs now.`, { kind: 'info', tag: 'steal' });
  const owners = new Map(before.cells.map((c) => [c.name, c.owner]));
  const taken = view.cells.filter((c) => owners.get(c.name) !== 0 && owners.get(c.name) !== c.owner).map((c) => c.name);
  requestAnimationFrame(() => flashCells(app.board, document.getElementById('board-frame'), taken, view.cells.map((c) => c.name)));
}

/**
 * Shows the position after the first `ply` nodes of `line` (a line of the tree, to its end),
 * keeping the later ones to step forward to. The engine waits while a past position is shown
 * (engine vs engine pauses). Returns true if the position changed.
 */
function showPosition(line, ply) {
  if (ply < 0 || ply > line.length || (line === app.line && ply === app.moves.length && !app.redoByUndo)) return false;
  let view;
  try {
    view = describePosition(app.game, app.setup, line.slice(0, ply).map((n) => n.move));
  } catch (err) {
    messages.show(`Cannot show the position after move ${ply}: ${err.message}`);
    return false;
  }
  if (!app.reviewing) stopEngine(); // nothing else searches during a review: let it go on
  setLine(line, ply, view);
  app.redoByUndo = false;
  if (app.mode === MODES.ENGINE_VS_ENGINE && app.redo.length > 0) app.paused = true;
  app.halted = false;
  messages.clear('replace');
  update();
  return true;
}

/** The position after the first `ply` moves of the line being viewed (main line or variation). */
function goToPly(ply) {
  return showPosition(app.line, ply);
}

/** The position after `node` (a move of the list, main line or variation); its line goes on to its end. */
function goToNode(node) {
  const at = app.line.indexOf(node);
  if (at >= 0) return showPosition(app.line, at + 1);
  const path = pathTo(node);
  return showPosition([...path, ...continuation(node)], path.length);
}

/** The position after the first `ply` moves of the main line (the review's graph). */
function goToMainPly(ply) {
  return showPosition(mainPlyOf(app.line) >= ply ? app.line : mainLine(app.tree), ply);
}

/** The keys ← / → / Home / End: the move before, the move after, the start, the last move. */
function navigate(where) {
  const total = app.line.length;
  const target = { back: app.moves.length - 1, forward: app.moves.length + 1, start: 0, end: total }[where];
  goToPly(Math.max(0, Math.min(total, target)));
}

/** The variation on screen (the first move of it), or null on the main line. */
function variationOnScreen() {
  return app.moves.length === 0 ? null : variationStart(app.line[app.moves.length - 1]);
}

/** "Make it the main line": the line being viewed becomes the game's main line. */
function promoteVariation() {
  if (variationOnScreen() === null) return;
  if (app.review) cancelReview(); // the line it reviewed is no longer the main one
  promote(app.line[app.line.length - 1]);
  update();
}

/** "Delete it": the variation on screen goes, from its first move on; the position before it is shown. */
function deleteVariation() {
  const start = variationOnScreen();
  if (start === null) return;
  const parent = removeSubtree(start);
  const path = pathTo(parent);
  const line = [...path, ...continuation(parent)];
  if (!showPosition(line, path.length)) {
    app.line = line; // the same position: only the line to step forward along changed
    app.redo = line.slice(path.length);
    update();
  }
}

/**
 * Cuts the line viewed back to its first `length` moves (unchanged if the engine cannot describe
 * it); the moves taken back can be redone (→) until a new move replaces them.
 */
function truncateMoves(length) {
  const view = describePosition(app.game, app.setup, app.moves.slice(0, length));
  setLine(app.line, length, view);
  app.redoByUndo = true;
}

// ---------------------------------------------------------------------------------------------
// What the person does

/**
 * The renderer's onMove: a complete move in the game's notation, legal or not. Returns true if
 * it was played (a renderer keeps its selection when it was not, so the person can try again).
 */
function onMove(name) {
  if (!app.view) return false;
  if (app.view.result) {
    messages.show('The game is over: start a new game or undo.', { kind: 'info' });
  } else if (!humanToMove()) {
    const text = app.thinking ? 'Wait for the engine: it is thinking.' : viewingPast() ? 'This is a past position: press End (or →) to go back to the game, or play from here in analysis.' : "It is the engine's turn.";
    messages.show(text, { kind: 'info', tag: 'wait' });
  } else {
    return playMove(name, null);
  }
  return false;
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
  app.tree = createTree();
  setLine([], 0, view);
  app.redoByUndo = false;
  cancelReview();
  app.reports.clear();
  app.report = null;
  app.evaluation = null;
  app.hint = null;
  app.analysed.clear();
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
  const info = gameInfo(name);
  let board;
  try {
    board = choice.entry.create(canvas, { onMove, onNotice: (text) => messages.show(text, { kind: 'info' }), onHover: previewHeatAt, info });
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
  pvPreview.setGame(choice.entry, info);
  app.game = name;
  app.entry = choice.entry;
  app.info = info;
  app.setup = setup;
  showGameChrome(document, app.entry);
  controls.selectGame(name);
  controls.setSetups(app.entry.setups, setup);
  controls.setEngines(app.info.engines, currentEngine());
  startGame(view); // its render() writes the new game into the address
  return true;
}

/** The setup a game starts with when none is asked for: its first listed one, else ''. */
function defaultSetup(entry) {
  const first = entry.setups?.[0];
  return first && !first.custom ? first.value : '';
}

const SAVED_GAMES_KEY = 'boardlab.games'; // sessionStorage: each game's last state this visit

/**
 * Keeps the game on screen (setup, main line, the main line's viewed ply, the variations as
 * lines from the start, the moves on screen) to come back to through the picker.
 */
function saveGameInPlay() {
  if (!app.game || !app.tree) return;
  app.savedGames[app.game] = {
    setup: app.setup,
    moves: mainMoves(),
    ply: mainPlyOf(app.line.slice(0, app.moves.length)),
    variations: allLines(app.tree).slice(1),
    viewed: [...app.moves],
  };
  try {
    sessionStorage.setItem(SAVED_GAMES_KEY, JSON.stringify(app.savedGames));
  } catch {
    // Storage refused (private mode, quota): the games are still kept for this page's life.
  }
}

/** The games kept this visit (sessionStorage survives a reload of the tab). */
function loadSavedGames() {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SAVED_GAMES_KEY) ?? '{}');
    return saved && typeof saved === 'object' ? saved : {};
  } catch {
    return {};
  }
}

/**
 * The picker: opens `name` where it was left this visit (its setup, moves and viewed move), else
 * a new game; the game left is kept the same way, and Back returns to it.
 */
function onGameChange(name) {
  if (name === app.game) return true;
  saveGameInPlay();
  const saved = app.savedGames[name];
  const entry = app.games.find((g) => g.name === name).entry;
  app.pushHistory = true;
  if (!saved || !switchGame(name, saved.setup)) return switchGame(name, defaultSetup(entry));
  if (saved.moves.length > 0) {
    restoreMoves(saved.moves, 'The kept game');
    restoreVariations(saved.variations ?? []);
    const viewed = Array.isArray(saved.viewed) ? nodeOf(app.tree, saved.viewed) : null;
    if (viewed !== null && viewed !== app.line[app.line.length - 1]) goToNode(viewed);
    else if (viewed === null && saved.ply < app.moves.length) goToPly(saved.ply);
  }
  return true;
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
  app.analysed.clear();
  controls.showOverlay(overlayWanted());
  saveKept();
  update(); // the game goes on; only who plays each side changes
}

function onHumanSideChange(side) {
  stopEngine();
  app.humanSide = side;
  app.halted = false;
  saveKept();
  update();
}

/** A new analysis time applies at once: the analysis under way starts again with it. */
function onAnalysisBudgetChange(analysisBudgetMs) {
  app.analysisBudgetMs = analysisBudgetMs;
  saveKept();
  if (app.mode === MODES.ANALYSIS) {
    stopEngine();
    app.analysed.clear();
    app.lastAnalysisBudgetMs = null;
  }
  update();
}

/** Another engine for the game on screen: kept, and a search under way starts again with it. */
function onEngineChange(engine) {
  stopEngine();
  app.engines = { ...app.engines, [app.game]: engine };
  app.analysed.clear();
  app.halted = false;
  saveKept();
  update();
}

/** The MCTS heatmap's colour: each move's visits or its value. */
function onHeatByChange(by) {
  app.mctsHeat = by;
  saveKept();
  render();
}

/** The overlay checkbox: remembered per kind of mode (playing, or analysing). */
function onOverlayChange(on) {
  if (app.mode === MODES.ANALYSIS) app.overlayAnalysis = on;
  else app.overlayPlay = on;
  saveKept();
  update(); // Coach on: the engine looks at the person's position now
}

/** The Territory checkbox: one setting for every mode. */
function onTerritoryChange(on) {
  app.territory = on;
  saveKept();
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

/**
 * Redraws everything (the panel and eval bar following the position on screen), then lets the
 * engine move (or analyse) if it is its turn.
 */
function update() {
  followPosition();
  render();
  scheduleEngineMove();
  scheduleAnalysis();
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
  const threadsBefore = app.threads;
  controls.apply({ ...controls.settings(), ...settings });
  Object.assign(app, controls.settings());
  for (const key of ['overlayPlay', 'overlayAnalysis', 'territory', 'mctsHeat', 'lines', 'threads', 'ttMb']) {
    app[key] = settings[key] ?? app[key];
  }
  document.getElementById('lines').value = String(app.lines);
  document.getElementById('threads').value = String(app.threads);
  document.getElementById('memory').value = String(app.ttMb);
  // The first call starts the engine; a link opened on a page already running with another
  // thread count takes a fresh worker (the search under way is dropped first, as for the setting).
  if (app.threads !== threadsBefore) stopEngine();
  engine.setThreads(app.threads);
  controls.showOverlay(overlayWanted());
}

async function start() {
  // "rules-panic" breaks the page's own wasm instance (rules.js); the other faults the worker.
  installTestHook((kind) => (kind === 'rules-panic' ? injectRulesFault() : engine.injectFault(kind)));
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
  // Settings, most specific last: what the browser restored in the selects (back/forward), the
  // stored ones, then the link's (a shared game opens with the sharer's opponent). What they may
  // say is the engine's to tell, so they are read once it is loaded.
  app.limits = engineLimits(app.games);
  controls.setUntilStoppedMs(app.limits.budgetMs.max);
  fillEngineSelects(app.limits);
  app.threads = Math.min(app.threads, app.limits.maxThreads);
  app.ttMb = app.limits.ttMib.default;
  const shared = readSharedLink(window.location);
  const stored = loadSettings(app.limits);
  adoptSettings({ ...stored, ...validSettings(shared.settings, app.limits) });
  app.engines = stored.engines ?? app.engines;
  app.savedGames = loadSavedGames();
  controls.setGames(app.games, app.games[0].name);
  openShared(shared);
  // A link opened while the page is open (pasted into the address bar, or followed from another
  // page of the site) changes only the fragment: the browser does not reload, so open it here.
  // The page's own address updates use replaceState, which fires no hashchange.
  // Back and Forward between the entries of games picked in the picker (pushState) fire
  // popstate, a changed fragment both events: each address is opened once.
  const onAddressChange = () => {
    if (window.location.href === app.shownHref) return;
    saveGameInPlay();
    const link = readSharedLink(window.location);
    adoptSettings(validSettings(link.settings, app.limits));
    openShared(link);
  };
  window.addEventListener('hashchange', onAddressChange);
  window.addEventListener('popstate', onAddressChange);
}

/**
 * Opens what the link `shared` (readSharedLink()) names: its game and setup, the engine it
 * picks for that game, then its moves.
 */
function openShared(shared) {
  // A link's engine is for its own game, picked before the game opens so the first search uses it.
  const linkedEngine = shared.settings.engine;
  if (app.limits.engines.includes(linkedEngine) && shared.game !== null) {
    app.engines = { ...app.engines, [shared.game]: linkedEngine };
  }
  const opened = openLinkedGame(shared);
  if (linkedEngine !== undefined && currentEngine() !== linkedEngine) {
    messages.show(`The link's engine "${linkedEngine}" is not offered here: using ${currentEngine()}.`, { kind: 'info' });
  }
  // The link's moves belong to its game and setup: on a fallback they would mean nothing (the
  // note on screen says what was opened instead).
  if (opened && shared.moves?.length > 0) {
    const played = restoreMoves(shared.moves, 'The link');
    if (shared.ply !== null && shared.ply < played) goToPly(shared.ply);
  }
}

/**
 * Plays `moves` from the start of the game on screen, as far as the engine accepts them, and
 * says where and why it stopped if it did not take them all (`source` names where they came
 * from). Returns the number of moves played.
 */
function restoreMoves(moves, source) {
  let view = app.view;
  let played = moves.length;
  let refusal = null;
  try {
    view = describePosition(app.game, app.setup, moves);
  } catch (err) {
    // The engine says which move it refused (move_index) and why; the moves before it stand.
    played = err.kind === 'move' ? err.move_index : 0;
    refusal = err.reason ?? err.message;
    if (played > 0) view = describePosition(app.game, app.setup, moves.slice(0, played));
  }
  stopEngine();
  app.tree = createTree();
  setLine(pathTo(insertLine(app.tree, moves.slice(0, played))), played, view);
  app.redoByUndo = false;
  app.evaluation = null;
  cancelReview();
  app.analysed.clear();
  // A restored game in engine vs engine starts paused: the person came to look at it.
  if (app.mode === MODES.ENGINE_VS_ENGINE) app.paused = true;
  if (refusal !== null) {
    messages.show(`${source}'s move ${played + 1} (${moves[played]}) cannot be played: ${refusal}. Showing the position after move ${played}.`);
  }
  update();
  return played;
}

/**
 * Adds the kept variations `lines` (moves from the start, this visit's own storage) to the game
 * on screen; a line the engine refuses now (a changed build) is left out.
 */
function restoreVariations(lines) {
  for (const line of lines) {
    if (!Array.isArray(line)) continue;
    try {
      describePosition(app.game, app.setup, line);
    } catch {
      continue;
    }
    insertLine(app.tree, line);
  }
  render();
}

document.getElementById('heat-by').addEventListener('change', (event) => onHeatByChange(event.target.value));
// Lines (analysis): how many best lines the panel shows; the scores are there already.
document.getElementById('lines').addEventListener('change', (event) => changeSetting({ lines: Number(event.target.value) }));
// Threads and Memory: the engine's; a new table size applies from the next search.
document.getElementById('threads').addEventListener('change', (event) => onThreadsChange(Number(event.target.value)));
document.getElementById('memory').addEventListener('change', (event) => changeSetting({ ttMb: Number(event.target.value) }));

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
