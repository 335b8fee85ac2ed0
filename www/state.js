// The playground's state: the one object everything on the page is derived from, and the
// questions about it that several modules ask (whose turn it is, which engine searches, which
// position is on screen). Only app.js, session.js and analysis.js change it.

import { sideName } from './gamepage.js';
import { MODES, controllerOf, playerTitle } from './players.js';
import { mainLine } from './gametree.js';
import { positionKey } from './protocol.js';

export const app = {
  games: [], // what the picker offers: [{name, title, entry}]
  game: null, // the engine's name of the game in play, e.g. "yavalath"
  entry: null, // its renderer entry (boards/index.js)
  info: null, // the engine's game_info(game): engines, win-chance scale, budget bounds, draw rules
  limits: null, // what settings may say: {engines: [id], budgetMs: {min, max}} (app.js engineLimits)
  board: null, // the live renderer: entry.create(canvas, …)
  setup: '', // the setup string in play (passed to describe and search)
  tree: null, // the game as a tree of moves (gametree.js): its main line and variations
  line: [], // the line being viewed: tree nodes from the first move (the main line or a
  //           variation, to its end); the position on screen is after its first moves.length
  moves: [], // move names, in order, up to the position on screen (the first nodes of `line`)
  moveTimes: [], // per move: the engine's wall time in ms, or null for a human move
  moveStats: [], // per move: {depth, seldepth, nodes, ms (wall), searchMs (the search's own
  //                clock), budgetMs, book (the opening book's move: no search)} of the
  //                engine's search, or null for a human move
  view: null, // describe() of the position after `moves`
  mode: MODES.HUMAN_VS_ENGINE,
  humanSide: 1, // in human vs engine: which player the person is
  budgetMs: 1000, // the think time of an engine move (the controls' slider; game_info bounds it)
  level: 'custom', // a named strength level (strength.js): think time and depth cap
  analysisBudgetMs: 5000, // analysis mode: budget of each analysis (its maximum: until stopped)
  overlayPlay: false, // heatmap and best line on the board while playing (off: spoils nothing);
  //                      against the engine it is Coach: see engineInfoHidden() and coaching()
  overlayAnalysis: true, // the same in analysis mode, where it is the point
  territory: false, // shade who owns each square (games whose renderer has territory(): Amazons)
  territoryCache: null, // {key (positionKey), data}: territory() of that position, or data null
  shownTerritory: null, // what the renderer's territory() was last given (data or null)
  engines: {}, // the engine picked per game ({amazons: "mcts"}); missing: the game's default
  mctsHeat: 'visits', // what colours the MCTS heatmap: "visits" or "value"
  lines: 1, // how many best lines the panel shows (alpha-beta with exact root scores: multi-PV)
  threads: defaultThreads(), // the threads the engine searches on (more than one: the threaded build)
  ttMb: null, // the engine's table (MCTS: tree) in MiB; null until start-up sets game_info's default
  engineBuild: null, // the build the engine worker loaded: {label, threads, threaded, fallback} (engine.js)
  delayMs: 500, // in engine vs engine: pause between moves so people can follow
  paused: false, // engine vs engine only: no engine moves until resumed (Step plays one)
  halted: false, // the engine failed; it waits for Retry (or any new action) instead of looping
  thinking: false, // the engine is searching for a move it will play
  analysing: false, // the engine is searching without playing: analysis mode or a hint
  analysed: new Set(), // analysis mode: the positions (positionKey) whose analysis is over
  reports: new Map(), // positionKey -> the latest search report of that position (this game),
  //                     so the panel follows the position on screen (session.js followPosition)
  redo: [], // the nodes of `line` after the position on screen ({move, ms, stats, …}: stepped
  //           back from with ←, the move list, Undo), replayed by → (app.js); empty at its end
  redoByUndo: false, // the redo came from Undo: a new move replaces it without asking
  pushHistory: false, // the next address update is a new history entry (a game picked), not a replacement
  shownHref: null, // the address the page last wrote (a popstate to it is the page's own)
  review: null, // the game review (review.js runReview): {line, budgetMs, done, total, positions, running}
  reviewing: false, // a review is searching: no engine move or analysis starts meanwhile
  reviewToken: 0, // bumped when a review is cancelled
  savedGames: {}, // per game left through the picker: {setup, moves, moveTimes, moveStats, ply}
  lastAnalysisBudgetMs: null, // the budget of the last analysis, which "Go deeper" doubles
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

/** The visitor's cores, as the browser tells them (1 where it does not). */
export function visitorCores() {
  const cores = globalThis.navigator?.hardwareConcurrency;
  return Number.isInteger(cores) && cores >= 1 ? cores : 1;
}

/** The Threads setting's default: all cores but one (the page's own), at least 1, at most 8. */
export function defaultThreads() {
  return Math.min(8, Math.max(1, visitorCores() - 1));
}

/** The settings worth keeping between visits (settings.js) and putting in a shared link. */
export function keptSettings() {
  const { mode, humanSide, budgetMs, delayMs, level, analysisBudgetMs, overlayPlay, overlayAnalysis, territory, engines, mctsHeat, lines, threads, ttMb } = app;
  return { mode, humanSide, budgetMs, delayMs, level, analysisBudgetMs, overlayPlay, overlayAnalysis, territory, engines, mctsHeat, lines, threads, ttMb };
}

/** The moves of the game's main line (what links, records and the review use), whatever is on screen. */
export function mainMoves() {
  return app.tree ? mainLine(app.tree).map((n) => n.move) : [];
}

/** The position on screen, as a key (protocol.js positionKey). */
export function currentKey() {
  return positionKey(app.game, app.setup, app.moves);
}

/**
 * The engine that searches the game on screen: the one picked for it, if the engine offers that
 * choice for this game (game_info's engines), else the game's default (measured in the arena).
 */
export function currentEngine() {
  const picked = app.engines[app.game];
  if ((app.info?.engines ?? []).some((e) => e.id === picked)) return picked;
  return app.info?.default_engine ?? null;
}

/** The win-chance curve's scale of the game on screen (game_info's score_scale). */
export function scoreScale() {
  return app.info.score_scale;
}

export function whoControls(player) {
  return controllerOf(player, app.mode, app.humanSide);
}

/** What the status line and panel call `player` in the game on screen. */
export function titleOf(player) {
  return playerTitle(player, app.mode, app.humanSide, sideName(app.entry, player));
}

export function humanToMove() {
  return app.view !== null && !app.view.result && whoControls(app.view.to_move) === 'human';
}

/** Is the position on screen a past one (later moves wait in app.redo)? The engine waits then. */
export function viewingPast() {
  return app.redo.length > 0 && !app.redoByUndo;
}

export function engineToMove() {
  return app.view !== null && !app.view.result && !viewingPast() && whoControls(app.view.to_move) === 'engine';
}

/**
 * Against the engine without Coach (the default), what the engine thinks stays hidden: its
 * score, its expected line, the eval bar and the heatmap (they would give its reply away).
 */
export function engineInfoHidden() {
  return app.mode === MODES.HUMAN_VS_ENGINE && !app.overlayPlay;
}

/** Coach (against the engine): on the person's turn the engine scores their candidate moves. */
export function coaching() {
  return app.mode === MODES.HUMAN_VS_ENGINE && app.overlayPlay;
}

/** Is the board overlay (heatmap and best line) wanted in the current mode? */
export function overlayWanted() {
  return app.mode === MODES.ANALYSIS ? app.overlayAnalysis : app.overlayPlay;
}

/**
 * How many moves remain after Undo, or null if there is nothing to undo. Against the engine, Undo
 * goes back to before the person's last move, taking the engine's reply back with it.
 */
export function undoLength() {
  if (!app.view || app.moves.length === 0) return null;
  if (app.mode !== MODES.HUMAN_VS_ENGINE) return app.moves.length - 1;
  const history = app.view.history;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i].player === app.humanSide) return i;
  }
  return null; // only engine moves so far: undoing them would just replay them
}
