// The playground's brain: holds the game (a setup and a list of moves), decides who moves next
// (a person clicking, or the engine in its worker), and redraws everything after each change.
//
// The rules are never computed here. After every change the position is rebuilt from scratch by
// the engine's `describe(game, setup, moves)`, which says whose turn it is, what is legal and how
// the game ended. Moves are only ever added after `describe` has accepted them.
//
// Which game is played is data too: a game name (the engine's) and its renderer entry from
// boards/index.js, which brings everything game-specific (drawing, setups, rules, wording).

import * as RENDERERS from './boards/index.js';
import { createControls } from './controls.js';
import { EngineClient } from './engine.js';
import { availableGames, linkedGame, showGameChrome, sideName, writeLink } from './gamepage.js';
import { renderMoveList } from './movelist.js';
import { createSearchPanel } from './panel.js';
import { MODES, controllerOf, playerLabel, playerTitle } from './players.js';
import { describePosition, knownGames, loadRules } from './rules.js';
import { createMessageArea, statusText } from './status.js';
import { installTestHook } from './testhook.js';

const TT_MB = 16; // transposition table size: small enough for a phone

// Everything the page shows is derived from this object.
const app = {
  games: [], // what the picker offers: [{name, title, entry}]
  game: null, // the engine's name of the game in play, e.g. "yavalath"
  entry: null, // its renderer entry (boards/index.js)
  board: null, // the live renderer: entry.create(canvas, …)
  setup: '', // the setup string in play (passed to describe and search)
  moves: [], // move names, in order
  moveTimes: [], // per move: the engine's wall time in ms, or null for a human move
  view: null, // describe() of the position after `moves`
  mode: MODES.HUMAN_VS_ENGINE,
  humanSide: 1, // in human vs engine: which player the person is
  budgetMs: 1000,
  delayMs: 500, // in engine vs engine: pause between moves so people can follow
  paused: false, // engine vs engine only: no engine moves until resumed (Step plays one)
  halted: false, // the engine failed; it waits for Retry (or any new action) instead of looping
  thinking: false,
  report: null, // what the search panel shows: {who, moveNumber, thinking, iteration, stop}
  searchToken: 0, // bumped whenever a running or scheduled engine move becomes unwanted
  engineTimer: null, // the delayed start of the next engine move
};

const canvas = document.getElementById('board');
const panel = createSearchPanel(document.getElementById('search-panel'));
const messages = createMessageArea(document.getElementById('message'));
const controls = createControls(document, {
  onGameChange,
  onSetupChange,
  onModeChange,
  onHumanSideChange,
  onThinkTimeChange: (ms) => (app.budgetMs = ms),
  onDelayChange: (ms) => (app.delayMs = ms),
  onNewGame: newGame,
  onUndo: undo,
  onSteal: () => humanToMove() && app.view.steal && playMove(app.view.steal, null),
  onPauseToggle,
  onStep,
});
const engine = new EngineClient({ onProblem: (message) => messages.show(message) });

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
 * and changes nothing. `engineMs` is the engine's wall time for this move (null if a human's).
 */
function playMove(name, engineMs) {
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
  app.moves.push(name);
  app.moveTimes.push(engineMs);
  app.view = view;
  if (engineMs === null) {
    messages.clear();
    app.halted = false;
  }
  update();
  return true;
}

/** Cuts the game back to its first `length` moves. */
function truncateMoves(length) {
  app.moves = app.moves.slice(0, length);
  app.moveTimes = app.moveTimes.slice(0, length);
  app.view = describePosition(app.game, app.setup, app.moves);
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
  if (app.thinking) {
    engine.stop();
    app.thinking = false;
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

async function runEngineMove() {
  const token = ++app.searchToken;
  const player = app.view.to_move;
  app.thinking = true;
  app.report = {
    who: titleOf(player),
    moveNumber: app.moves.length + 1,
    thinking: true,
    iteration: null,
    stop: null,
  };
  render();
  app.board.showSearch?.(null);

  const request = { game: app.game, setup: app.setup, moves: app.moves, budgetMs: app.budgetMs, ttMb: TT_MB };
  let outcome;
  try {
    outcome = await engine.search(request, (iteration) => {
      if (token !== app.searchToken) return;
      app.report.iteration = iteration;
      panel.show(app.report);
      app.board.showSearch?.(iteration);
    });
  } catch (err) {
    if (token !== app.searchToken) return;
    // The engine client has already replaced the worker; the game itself is untouched.
    app.thinking = false;
    app.halted = true;
    app.report.thinking = false;
    messages.show(`Engine error: ${err.message}. The engine was restarted and the game is kept.`, {
      action: { label: 'Retry', run: retryEngine },
    });
    render();
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
  if (!playMove(result.best, wallMs)) {
    // The engine proposed a move the rules refuse (playMove has shown why): do not ask again.
    app.halted = true;
    render();
  }
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
  startGame(describePosition(app.game, app.setup, []));
}

/** Starts over from `view`, the empty position of the game and setup now in app. */
function startGame(view) {
  stopEngine();
  app.moves = [];
  app.moveTimes = [];
  app.view = view;
  app.report = null;
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
  truncateMoves(length);
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
  app.game = name;
  app.entry = choice.entry;
  app.setup = setup;
  showGameChrome(document, app.entry);
  controls.selectGame(name);
  controls.setSetups(app.entry.setups, setup);
  writeLink(name, setup);
  startGame(view);
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
  writeLink(app.game, setup);
  startGame(view);
  return true;
}

function onModeChange(mode) {
  stopEngine();
  app.mode = mode;
  app.paused = false;
  app.halted = false;
  update(); // the game goes on; only who plays each side changes
}

function onHumanSideChange(side) {
  stopEngine();
  app.humanSide = side;
  app.halted = false;
  update();
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

/** Redraws everything, then lets the engine move if it is its turn. */
function update() {
  render();
  scheduleEngineMove();
}

function render() {
  const view = app.view;
  if (!view) return;
  app.board.draw(view, { canMove: humanToMove() });

  const names = { reasons: app.entry.reasons, sideName: (player) => sideName(app.entry, player) };
  document.getElementById('status').textContent = statusText(view, app, names);
  document.getElementById('spinner').hidden = !app.thinking;
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
  });

  renderMoveList(document.getElementById('move-list'), view.history, app.moveTimes);
  document.getElementById('moves-empty').hidden = view.history.length > 0;
  const count = view.history.length;
  document.getElementById('move-count').textContent = count === 0 ? '' : `${count} move${count === 1 ? '' : 's'}`;
  panel.show(app.report);
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
    paused: app.paused,
    engineMoveTimes: app.moveTimes.filter((ms) => ms !== null),
    budgetMs: app.budgetMs,
    delayMs: app.delayMs,
    cells: view ? view.cells.map(({ name, owner, wall }) => ({ name, owner, wall })) : [],
    status: document.getElementById('status').textContent,
    message: messages.text,
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

async function start() {
  // The selects may hold values restored by the browser (back/forward, reload): use them.
  Object.assign(app, controls.settings());
  installTestHook(snapshot, () => app.board);
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
  openLinkedGame();
}

/**
 * Opens the game (and setup) the address names, falling back to the first game, or to the
 * game's default setup, with a note saying so: a stale or mistyped link still opens a game.
 */
function openLinkedGame() {
  const link = linkedGame(window.location);
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
}

start();
