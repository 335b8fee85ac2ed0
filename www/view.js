// What the page shows, drawn from the state (state.js): the board and its overlay, the status
// line, the search panel, the eval bar, the heat legend, territory, the game-end summary and the
// share box. Nothing here changes the game; render() may be called at any time.

import { boardLabel } from './boardlabel.js';
import { attachTooltip, summaryChart } from './charts.js';
import { createEvalBar } from './evalbar.js';
import { sideName } from './gamepage.js';
import { mainLine, mainPlyOf, variationStart } from './gametree.js';
import { renderMoveList } from './movelist.js';
import { createSearchPanel } from './panel.js';
import { MODES, playerLabel } from './players.js';
import { createPvPreview } from './pvpreview.js';
import { CLASSES, classify, summarize } from './review.js';
import { createReviewCard } from './reviewcard.js';
import { describePosition } from './rules.js';
import { shareUrl } from './share.js';
import { app, currentEngine, currentKey, engineInfoHidden, engineToMove, humanToMove, mainMoves, overlayWanted, scoreScale, titleOf, undoLength } from './state.js';
import { createMessageArea, statusText } from './status.js';
import { showTerritoryTotals, territoryOf } from './territory.js';
import { formatCount, formatMs, formatScore } from './format.js';
import { heatFromIteration, heatFromMcts, heatSummary, winChance } from './winchance.js';

const PV_SHOWN = 8; // longer lines turn the board into a puzzle of numbers

export const canvas = document.getElementById('board');
export const panel = createSearchPanel(document.getElementById('search-panel'), { onPreview: previewLine });
export const pvPreview = createPvPreview(document.getElementById('pv-preview'));
export const messages = createMessageArea(document.getElementById('message'));
const evalBar = createEvalBar(document.getElementById('evalbar'));
const summarySvg = document.getElementById('chart-summary');
const reviewCard = createReviewCard(document.getElementById('review-card'), {
  onStart: (budgetMs) => widgets.onReview?.(budgetMs),
  onPick: (ply) => widgets.onPickMove?.(ply),
});
attachTooltip(summarySvg, summarySvg.parentElement.querySelector('.chart-tip'));

/**
 * The widgets that act on the game, made by app.js with its handlers: {controls, keyboard,
 * shareBox, onPickMove(ply) (the review's graph clicked: show the position after that many moves
 * of the main line), onPickNode(node) (a move of the list clicked: show the position after it)}.
 */
const widgets = { controls: null, keyboard: null, shareBox: null, onPickMove: null, onPickNode: null, onReview: null };

/** Hands the view the widgets app.js made (before the first render()); onReview(budgetMs) starts a review. */
export function bindWidgets({ controls, keyboard, shareBox, onPickMove, onPickNode, onReview }) {
  Object.assign(widgets, { controls, keyboard, shareBox, onPickMove, onPickNode, onReview });
}

/** The review's classes of the main line's moves (review.js), with their words; [] without a review. */
function reviewMarks() {
  if (!app.review) return [];
  return classify(app.review).map((c) => (c && c.cls ? { ...c, words: CLASSES[c.cls].words } : null));
}

/** The Review card: offered once a game is over, in analysis and between two humans. */
export function renderReview(history = lineHistory()) {
  const marks = reviewMarks();
  const canReview = history.length > 0 && (Boolean(app.view.result) || app.redo.length > 0 || app.mode === MODES.ANALYSIS || app.mode === MODES.HUMAN_VS_HUMAN);
  reviewCard.show({
    canReview,
    review: app.review,
    classes: marks,
    summary: app.review ? summarize(classify(app.review)) : null,
    ply: mainPlyOf(app.line.slice(0, app.moves.length)),
    sideName: (player) => sideName(app.entry, player),
  });
  return marks;
}

const historyCache = new Map(); // "game|setup|moves" -> describe()'s history of that line
const HISTORY_CACHE_SIZE = 200;

/**
 * The engine's history ([{move, player, note, steal}]) of the line `moves` (from the start) of
 * the game on screen, described once per line: the view's own when it is the line on screen.
 */
function historyOf(moves) {
  if (moves.length === app.moves.length && moves.every((m, i) => m === app.moves[i])) return app.view.history;
  const key = `${app.game}|${app.setup}|${moves.join(' ')}`;
  if (!historyCache.has(key)) {
    if (historyCache.size >= HISTORY_CACHE_SIZE) historyCache.clear();
    let history;
    try {
      history = describePosition(app.game, app.setup, moves).history;
    } catch {
      // Cannot happen (every move in the tree was accepted): name the moves, without notes.
      history = moves.map((move, i) => ({ move, player: 1 + (i % 2), note: null, steal: false }));
    }
    historyCache.set(key, history);
  }
  return historyCache.get(key);
}

/** The engine's history of the game's main line. */
function lineHistory() {
  return historyOf(mainMoves());
}

/**
 * The panel's line `line` (0: the best; multi-PV: the n-th best move's) is hovered at move
 * `index` (null: left): preview the line up to it.
 */
function previewLine(index, line = 0) {
  const iteration = app.report?.iteration;
  const pv = line === 0 ? iteration?.pv : iteration?.root_moves?.[line]?.pv;
  if (index === null || !pv || index >= pv.length) pvPreview.hide();
  else pvPreview.show(app.report.position, pv, index);
}

let heatPreviewShown = false; // the preview shows a heatmap move's line (previewHeatAt)

/**
 * The pointer (or the keyboard's focus) is over `key` of the board (null: off it): if a move of
 * the heatmap is scored there, the preview shows that move's own line (its multi-PV or MCTS line,
 * else the move alone), captioned with its score.
 */
export function previewHeatAt(key) {
  const move = key === null || !app.shownOverlay?.heat ? null : (app.board?.heatMove?.(key) ?? null);
  const iteration = app.report?.iteration;
  if (move === null || !iteration || app.report.key !== currentKey()) {
    if (heatPreviewShown) pvPreview.hide();
    heatPreviewShown = false;
    return;
  }
  const root = iteration.root_moves?.find((r) => r.move === move);
  const pv = (root?.pv?.length ? root.pv : [move]).slice(0, PV_SHOWN);
  let score = 'not searched: a one-ply static guess';
  if (root) score = root.score.kind === 'eval' ? `${(100 * winChance(root.score, scoreScale())).toFixed(1)} % winning chance` : formatScore(root.score);
  pvPreview.show(app.report.position, pv, pv.length - 1, `${move} (${score}), its line`);
  heatPreviewShown = true;
}

/** How many lines the panel shows: the Lines setting in analysis, else the best line alone. */
function panelOptions() {
  return { lines: app.mode === MODES.ANALYSIS ? app.lines : 1, scale: app.info?.score_scale ?? null };
}

/** The search panel alone (a progress report changes nothing else). */
export function showPanel() {
  panel.show(app.report, panelOptions());
}

/**
 * What the board overlays on the position: the hint if there is one for it, else (when wanted)
 * the heatmap and best line of the latest search of this very position, else nothing.
 */
function boardOverlay() {
  const key = currentKey();
  if (app.hint?.key === key) return { heat: null, pv: [app.hint.move] };
  const iteration = app.report?.iteration;
  if (!overlayWanted() || !iteration || app.report.key !== key || app.view.result) return null;
  const heat =
    iteration.engine === 'mcts'
      ? heatFromMcts(iteration, app.mctsHeat, scoreScale())
      : heatFromIteration(iteration, scoreScale());
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
  document.getElementById('heat-summary').textContent = hasHeat ? heatSummary(app.report.iteration, app.mctsHeat, scoreScale()) : '';
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
    note = `Each move searched to depth ${iteration.depth}; numbers = winning chance for ${side} (%), W/L = proven win/loss in N plies; discs = best line` + (exact ? '' : '; ≤ = at most');
  }
  if (app.entry.heatNote) note += `; ${app.entry.heatNote}`;
  document.getElementById('heat-legend-note').textContent = note;
}

/** The parts that follow the search: panel, board overlay, heat legend, eval bar. */
export function renderInsight() {
  panel.show(app.report, panelOptions());
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
  // Once the game is over, its result says more than any evaluation; while the person plays
  // the engine without Coach, the evaluation stays hidden (it would give the engine's view away).
  const hidden = engineInfoHidden();
  document.getElementById('search-panel').classList.toggle('spoilers-hidden', hidden);
  document.getElementById('search-hidden-note').hidden = !hidden || !app.report;
  evalBar.show(app.view.result ? { result: app.view.result } : hidden ? null : app.evaluation, { sideName: (player) => sideName(app.entry, player), scale: scoreScale() });
}

/**
 * The territory of the position on screen (territory.js), computed once per position; null if
 * the game has none or the engine refuses (then the reason is shown once).
 */
function territoryNow() {
  const key = currentKey();
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
  widgets.controls.showTerritory({ available, on: app.territory });
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

/** The share box and the address bar: both name this game, its moves, the viewed ply and the settings. */
function renderShare() {
  // Links and records carry the main line; in a variation, the viewed move is where it leaves it.
  const line = mainMoves();
  const viewedPly = mainPlyOf(app.line.slice(0, app.moves.length));
  const link = shareUrl(window.location.href, {
    game: app.game,
    setup: app.setup,
    moves: line,
    ply: viewedPly < line.length ? viewedPly : null,
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
      engine: app.info?.engines.length > 1 ? currentEngine() : undefined,
      territory: typeof app.board?.territory === 'function' ? app.territory : undefined,
      mctsHeat: currentEngine() === 'mcts' ? app.mctsHeat : undefined,
      threads: app.threads,
      ttMb: app.ttMb,
    },
  });
  // A new game picked in the picker gets its own history entry, so Back returns to the game left.
  if (app.pushHistory && link !== window.location.href) window.history.pushState(null, '', link);
  else if (link !== window.location.href) window.history.replaceState(null, '', link);
  app.pushHistory = false;
  app.shownHref = link;
  // Every game exports its position text too (Ataxx FEN, Amazons and the others' rows), except
  // once the game is over: a finished position is not a setup.
  widgets.shareBox.show({ link, moves: line, position: app.view?.position ?? null });
}

/** The moves from the start to the last of `nodes` (a line of the tree). */
function pathMoves(nodes) {
  const moves = [];
  for (let n = nodes[nodes.length - 1]; n.parent !== null; n = n.parent) moves.unshift(n.move);
  return moves;
}

/** The bar under the move list when a variation is on screen: where it leaves the main line, promote, delete. */
function renderVariationBar(onScreen) {
  const start = onScreen.parent === null ? null : variationStart(onScreen);
  const bar = document.getElementById('variation-bar');
  bar.hidden = start === null;
  if (start === null) return;
  const number = pathMoves([start]).length;
  document.getElementById('variation-where').textContent = `A variation: ${start.move} instead of move ${number}.`;
}

/** Redraws everything from the state: board, status, controls, move list, search views, summary, link. */
/**
 * The engine build in use, as the search panel names it: the wasm's own label ("wasm, 4
 * threads"), and when the worker fell back to fewer threads than asked, why.
 */
function engineBuildText(build) {
  if (!build) return 'Engine: loading…';
  const asked = app.threads > build.threads ? ` (${app.threads} threads asked for, but ${build.fallback ?? 'this build has fewer'})` : '';
  return `Engine: ${build.label}${asked}`;
}

export function render() {
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

  document.getElementById('engine-build').textContent = engineBuildText(app.engineBuild);

  const stealCell = humanToMove() ? view.steal : null;
  widgets.controls.update({
    mode: app.mode,
    canUndo: undoLength() !== null,
    steal: stealCell ? { cell: stealCell, by: titleOf(view.to_move) } : null,
    paused: app.paused,
    canPause: !view.result,
    canStep: app.paused && !app.thinking && engineToMove(),
    canHint: humanToMove() && !app.analysing && app.mode === MODES.HUMAN_VS_ENGINE,
    analysing: app.analysing,
    canDeepen: app.mode === MODES.ANALYSIS && !app.analysing && !view.result && app.report?.key === currentKey() && app.report.stop !== 'solved',
  });

  const history = lineHistory();
  const marks = renderReview(history);
  const onScreen = app.moves.length === 0 ? app.tree : app.line[app.moves.length - 1];
  renderMoveList(document.getElementById('move-list'), {
    main: mainLine(app.tree),
    history,
    historyOf: (nodes) => historyOf(pathMoves(nodes)),
    sideName: names.sideName,
    onScreen,
    later: new Set(app.redo),
    onPick: widgets.onPickNode,
    marks,
  });
  renderVariationBar(onScreen);
  document.getElementById('moves-empty').hidden = history.length > 0;
  const count = history.length;
  document.getElementById('move-count').textContent = count === 0 ? '' : `${count} move${count === 1 ? '' : 's'}`;
  renderInsight();
  renderSummary();
  renderShare();
  widgets.keyboard.refresh();
}
