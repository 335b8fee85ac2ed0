// The search panel: what the engine is thinking, refreshed after every completed iteration (or,
// for MCTS, every report) and left showing after the move so it can be read at leisure. An
// alpha-beta report shows depth, nodes and score; an MCTS report shows iterations, playouts per
// second, the tree's depth, the value as a winning chance and the table of root moves.

import { attachTooltip, lineChart } from './charts.js';
import { formatCount, formatMs, formatScore, formatSpeed, scoreTone } from './format.js';
import { createMctsTable, valueText } from './mctstable.js';
import { winChance } from './winchance.js';

/** What each engine calls the panel's numbers and charts. */
const LABELS = {
  alphabeta: { depth: 'Depth', nodes: 'Nodes', speed: 'Speed', score: 'Score', depthChart: 'Depth over time', scoreChart: "Best move's score by depth" },
  mcts: { depth: 'Tree depth', nodes: 'Iterations', speed: 'Playouts/s', score: 'Value', depthChart: 'Tree depth over time', scoreChart: "Best move's winning chance over time" },
};

/** What each of those numbers means, in plain words with the term: the labels' tooltips. */
const HINTS = {
  alphabeta: {
    depth: 'How many moves ahead the search looked at every line (its "depth"; the deepest line it followed is in brackets)',
    nodes: 'How many positions the search looked at ("nodes")',
    speed: 'Positions looked at per second ("nodes per second")',
    score: "The engine's view of the position for the side to move, as a winning chance",
  },
  mcts: {
    depth: 'How far the tree of positions the search built goes, in moves (its mean in brackets)',
    nodes: 'How many times the search went down its tree, added a position and played a random game to the end from there ("iterations" or "playouts")',
    speed: 'Random games played to the end per second ("playouts per second")',
    score: "The best move's share of won playouts: its winning chance (its \"value\")",
  },
};

/**
 * What the charts keep of a report: MCTS reports carry every root move and its replies, ten a
 * second, so only the numbers the charts plot are kept of them.
 */
export function chartPoint(iteration) {
  if (iteration.engine !== 'mcts') return iteration;
  const { engine, depth, seldepth, nodes, elapsed_ms, score, value, mean_depth } = iteration;
  return { engine, depth, seldepth, nodes, elapsed_ms, score, value, mean_depth, pv: iteration.pv.slice(0, 1) };
}

/**
 * Scores as chart heights: evaluations as they are, proven results pinned just beyond the
 * largest evaluation (win above, loss below), so one forced line does not flatten the rest.
 */
function chartScores(iterations) {
  const evals = iterations.filter((it) => it.score.kind === 'eval').map((it) => Math.abs(it.score.value));
  const cap = Math.max(100, ...evals) * 1.25;
  const height = (score) => (score.kind === 'win' ? cap : score.kind === 'loss' ? -cap : score.kind === 'draw' ? 0 : score.value);
  const label = (v) => (v >= cap ? 'win' : v <= -cap ? 'loss' : String(Math.round(v)));
  return { height, label };
}

/** The speed field: a search under 1 ms has no speed worth a number ("0/s" would mislead). */
function speedText(iteration, atOnce) {
  if (iteration.elapsed_ms > 0) return formatSpeed(iteration.nps);
  return atOnce ? 'solved at once' : 'instant (the search took under 1 ms)';
}

/** Most points a chart keeps: a long MCTS analysis reports ten times a second. */
const MAX_CHART_POINTS = 240;

/**
 * Adds `iteration`'s chart point to `points` (in place). Past MAX_CHART_POINTS every other
 * older point is dropped, so a search of any length keeps its whole shape in a few hundred points.
 */
export function addChartPoint(points, iteration) {
  points.push(chartPoint(iteration));
  if (points.length > MAX_CHART_POINTS) {
    const thinned = points.filter((_, i) => i % 2 === 0 || i === points.length - 1);
    points.splice(0, points.length, ...thinned);
  }
}

/**
 * The least ranges the charts' axes cover (charts.js lineChart): time from 0 over at least
 * 10 ms, at least 2 plies of depth, at least 20 units of score.
 */
const TIME_AXIS = { xFrom: 0, xMinSpan: 10 };
const DEPTH_SPAN = 2;
const SCORE_SPAN = 20;

/** The two charts of an MCTS search, one point per report: tree depth and value over time. */
function drawMctsCharts(depthSvg, scoreSvg, points) {
  const tip = (p) =>
    `${formatMs(p.elapsed_ms)}: ${formatCount(p.nodes)} iterations, tree depth ${p.depth} (mean ${p.mean_depth.toFixed(1)}), value ${valueText(p)}, best ${p.pv[0] ?? '–'}`;
  lineChart(
    depthSvg,
    points.map((p) => ({ x: p.elapsed_ms, y: p.depth, title: tip(p) })),
    { xFormat: formatMs, yFormat: (v) => `d${v}`, ...TIME_AXIS, yMinSpan: DEPTH_SPAN },
  );
  lineChart(
    scoreSvg,
    points.map((p) => ({ x: p.elapsed_ms, y: Math.round(100 * p.value), title: tip(p) })),
    { xFormat: formatMs, yFormat: (v) => `${v}%`, yMin: 0, yMax: 100, ...TIME_AXIS },
  );
}

/** The two charts of the current search, one point per completed iteration. */
function drawCharts(depthSvg, scoreSvg, iterations) {
  const tip = (it) =>
    `depth ${it.depth} (deepest line ${it.seldepth}) at ${formatMs(it.elapsed_ms)}: ${formatCount(it.nodes)} nodes, score ${formatScore(it.score)}, best ${it.pv[0] ?? '–'}`;
  lineChart(
    depthSvg,
    iterations.map((it) => ({ x: it.elapsed_ms, y: it.depth, title: tip(it) })),
    { xFormat: formatMs, yFormat: (v) => `d${v}`, ...TIME_AXIS, yMinSpan: DEPTH_SPAN },
  );
  const { height, label } = chartScores(iterations);
  lineChart(
    scoreSvg,
    iterations.map((it) => ({ x: it.depth, y: height(it.score), title: tip(it) })),
    { xFormat: (v) => `depth ${v}`, yFormat: label, zeroLine: true, xMinSpan: DEPTH_SPAN, yMinSpan: SCORE_SPAN },
  );
}

/**
 * Binds the panel's elements (see the #search-panel section of index.html) and returns
 * `{show(report), tableState()}`, where report is `{who, moveNumber, thinking, activity,
 * iteration, iterations, progress, stop, key, sides}`: who = "Player 2 (Engine)", activity = what
 * "thinking" is called ("analysing", "hint"; default "thinking"), iteration = the engine's last
 * iteration or MCTS report (or null before the first), iterations = the chart points so far
 * (chartPoint of each), progress = the latest alpha-beta progress report ({depth under way,
 * nodes, nps, elapsed_ms}, or null), stop = why the search ended ("time", "depth", "solved", "book" when the
 * opening book gave the move, or "stopped" by the app) once it has, key = the position searched, sides = {toMove, other} the names of the
 * side that searched and its opponent (for the MCTS table). tableState() is the MCTS table's
 * sort, drill-down and rows. `onPreview(index, line)` hears which move of which line (0: the
 * best; multi-PV: the n-th best move's) is hovered or focused (index null: none). show(report,
 * {lines, scale}) shows up to `lines` best lines when the search kept each root move's line,
 * scored in winning chance on the game's `scale`.
 */
export function createSearchPanel(root, { onPreview = () => {} } = {}) {
  const $ = (id) => root.querySelector(`#${id}`);
  const empty = $('search-empty');
  const stats = $('search-stats');
  const who = $('search-who');
  const fields = {
    depth: $('stat-depth'),
    nodes: $('stat-nodes'),
    speed: $('stat-nps'),
    time: $('stat-time'),
    score: $('stat-score'),
    scoreNote: $('stat-score-note'),
    pv: $('stat-pv'),
  };
  const labels = {
    depth: $('stat-depth-label'),
    nodes: $('stat-nodes-label'),
    speed: $('stat-nps-label'),
    score: $('stat-score-label'),
    depthChart: $('chart-depth-title'),
    scoreChart: $('chart-score-title'),
  };
  const charts = $('search-charts');
  const atOnceNote = $('search-at-once');
  const budgetBar = $('search-budget');
  let budgetShownFor = null; // the report whose think time the bar is filling

  /**
   * While a search with a known budget runs, a bar fills over the budget (a CSS animation started
   * once per search, from the time already spent); otherwise it is hidden.
   */
  function showBudget(report) {
    const running = report.thinking && report.budgetMs > 0 && report.startedAt != null;
    budgetBar.hidden = !running;
    if (!running || budgetShownFor === report) return;
    budgetShownFor = report;
    const fill = budgetBar.firstElementChild;
    const spent = Math.min(report.budgetMs, performance.now() - report.startedAt);
    fill.style.animation = 'none';
    void fill.offsetWidth; // restart the animation
    fill.style.animation = `budget-fill ${report.budgetMs}ms linear -${spent}ms forwards`;
  }
  const table = createMctsTable($('mcts-table'));

  /** Names the numbers and charts after the engine whose report is shown. */
  function showLabels(engine) {
    const words = LABELS[engine] ?? LABELS.alphabeta;
    const hints = HINTS[engine] ?? HINTS.alphabeta;
    for (const [key, el] of Object.entries(labels)) {
      el.textContent = words[key];
      el.title = hints[key] ?? '';
    }
  }
  let shownLine = null; // the line on screen, as text, so an unchanged line keeps its elements

  /** One line's moves, one focusable element each, previewing the line up to it. */
  function lineSteps(pv, line) {
    return pv.flatMap((move, i) => {
      const step = document.createElement('span');
      step.className = 'pv-move';
      step.tabIndex = 0;
      step.textContent = move;
      step.dataset.index = String(i);
      step.dataset.line = String(line);
      return i === 0 ? [step] : [' ', step];
    });
  }

  /**
   * The best line, or (multi-PV) several: `lines` = [{pv, score, raw}], best first, each with its
   * score (winning chance, the raw score on hover) before its moves.
   */
  function showLines(lines) {
    const text = JSON.stringify(lines.map((l) => [l.pv, l.score]));
    if (text === shownLine) return; // keeps the hovered move (and its preview) in place
    shownLine = text;
    onPreview(null); // a preview of the old line would mislead
    if (lines.length === 0 || lines[0].pv.length === 0) {
      fields.pv.textContent = '–';
      return;
    }
    if (lines.length === 1) {
      fields.pv.replaceChildren(...lineSteps(lines[0].pv, 0));
      return;
    }
    fields.pv.replaceChildren(
      ...lines.map((l, n) => {
        const row = document.createElement('div');
        row.className = 'pv-line';
        const score = document.createElement('span');
        score.className = 'pv-score';
        score.textContent = l.score;
        score.title = `The engine's score: ${l.raw}`;
        row.append(score, ' ', ...lineSteps(l.pv, n));
        return row;
      }),
    );
  }

  // Hovering or focusing a move previews the line up to it; leaving the line hides the preview.
  const preview = (event) => {
    const step = event.target.closest?.('.pv-move');
    if (step) onPreview(Number(step.dataset.index), Number(step.dataset.line ?? 0));
  };
  fields.pv.addEventListener('pointerover', preview);
  fields.pv.addEventListener('focusin', preview);
  fields.pv.addEventListener('pointerleave', () => onPreview(null));
  fields.pv.addEventListener('focusout', () => onPreview(null));
  const depthChart = $('chart-depth');
  const scoreChart = $('chart-score');
  for (const svg of [depthChart, scoreChart]) attachTooltip(svg, svg.parentElement.querySelector('.chart-tip'));

  /**
   * The lines to show: the best line alone, or with `lines` > 1 and a search that kept each root
   * move's line (alpha-beta with exact root scores), the best `lines` root moves.
   */
  function linesOf(iteration, { lines = 1, scale = null } = {}) {
    const withLines = (iteration.root_moves ?? []).filter((r) => r.pv?.length > 0 && r.bound === 'exact');
    if (lines <= 1 || withLines.length < 2 || !scale) return [{ pv: iteration.pv, score: '', raw: '' }];
    return withLines.slice(0, lines).map((r, n) => ({
      pv: n === 0 ? iteration.pv : r.pv,
      score: r.score.kind === 'eval' ? `${(100 * winChance(r.score, scale)).toFixed(1)} %` : formatScore(r.score),
      raw: formatScore(r.score),
    }));
  }

  function show(report, options = {}) {
    if (!report) {
      empty.hidden = false;
      stats.hidden = true;
      who.textContent = '';
      charts.hidden = true;
      atOnceNote.hidden = true;
      table.hide();
      return;
    }
    const { iteration, thinking, stop } = report;
    showBudget(report);
    // "stopped": cut short by Pause, Undo or New game; "solved": the result is proven; "book":
    // the opening book gave the move (the wasm search's result says so), nothing was searched.
    const state = thinking ? report.activity ?? 'thinking' : ['solved', 'stopped', 'book'].includes(stop) ? stop : 'done';
    who.textContent = `${report.who} · move ${report.moveNumber} · ${state}`;
    root.classList.toggle('is-thinking', thinking);
    if (!iteration && !thinking && stop === 'book') {
      empty.hidden = true;
      stats.hidden = true;
      charts.hidden = true;
      shownLine = null;
      onPreview(null);
      table.hide();
      atOnceNote.hidden = false;
      atOnceNote.textContent = 'The move came from the opening book, without a search.';
      return;
    }
    if (!iteration) {
      // Searching, but no iteration has finished yet: keep the frame, clear the numbers.
      empty.hidden = true;
      stats.hidden = false;
      for (const el of Object.values(fields)) el.textContent = '…';
      shownLine = null;
      onPreview(null);
      fields.scoreNote.textContent = '';
      charts.hidden = true;
      atOnceNote.hidden = true;
      table.hide();
      return;
    }
    empty.hidden = true;
    stats.hidden = false;
    const mcts = iteration.engine === 'mcts';
    showLabels(iteration.engine);
    fields.time.textContent = formatMs(iteration.elapsed_ms);
    fields.score.dataset.tone = scoreTone(iteration.score);
    const points = report.iterations?.length ? report.iterations : [chartPoint(iteration)];
    // Proven by its first iteration (or report): one point is no chart, and a search of 0 ms
    // has no speed to speak of.
    const atOnce = !thinking && stop === 'solved' && points.length <= 1;
    charts.hidden = atOnce;
    atOnceNote.hidden = !atOnce;
    if (atOnce) {
      const spent = `${formatCount(iteration.nodes)} ${mcts ? 'iterations' : 'nodes'}, ${formatMs(iteration.elapsed_ms)}`;
      atOnceNote.textContent = `Solved at once (${spent}): nothing to chart.`;
    }
    if (mcts) {
      fields.depth.textContent = `${iteration.depth} (mean ${iteration.mean_depth.toFixed(1)})`;
      const threads = iteration.threads > 1 ? ` on ${iteration.threads} threads` : '';
      fields.nodes.textContent = `${formatCount(iteration.iterations)} (${formatCount(iteration.tree_nodes)} nodes${threads})`;
      fields.speed.textContent = speedText(iteration, atOnce);
      // The value is the best move's winning chance; a proven result says so in plies.
      fields.score.textContent = valueText(iteration);
      fields.scoreNote.textContent =
        iteration.score.kind === 'eval' ? `winning chance for ${report.who} (score ${formatScore(iteration.score)})` : `for ${report.who}`;
      table.show(iteration, { ...report.sides, key: report.key });
      drawMctsCharts(depthChart, scoreChart, points);
    } else {
      // Between iterations, which grow several times longer each, the search's progress reports
      // keep the nodes and time moving and name the depth under way.
      const live = thinking && report.progress && report.progress.depth > iteration.depth ? report.progress : null;
      const now = live ?? iteration;
      // Plain words, the term on hover ("sel" was jargon).
      fields.depth.textContent = `${iteration.depth} (deepest ${iteration.seldepth})${live ? `, ${live.depth} under way` : ''}`;
      fields.depth.title = `Searched every line ${iteration.depth} moves deep; the deepest line it followed (captures, forced replies: the "selective depth") went ${iteration.seldepth} deep`;
      fields.nodes.textContent = formatCount(now.nodes);
      // A finished move: the whole search's time (its last iteration may have ended well before).
      fields.time.textContent = !thinking && report.searchMs != null ? formatMs(report.searchMs) : formatMs(now.elapsed_ms);
      fields.time.title = !thinking && report.searchMs != null ? `The whole search; its deepest finished iteration ended at ${formatMs(iteration.elapsed_ms)}` : '';
      fields.speed.textContent = speedText(now, atOnce);
      // One unit everywhere (panel, eval bar, heatmap): the winning chance the score stands for,
      // with the engine's raw score on hover; a proven result says so in plies.
      const raw = formatScore(iteration.score);
      if (iteration.score.kind === 'eval' && report.scale) {
        fields.score.textContent = `${(100 * winChance(iteration.score, report.scale)).toFixed(1)} %`;
        fields.score.title = `The engine's score: ${raw} (its evaluation in its own units; the winning chance is read off it)`;
        fields.scoreNote.textContent = `winning chance for ${report.who}, by the engine's evaluation (hover for its raw score)`;
      } else {
        fields.score.textContent = raw;
        fields.score.title = '';
        // The engine scores from its own side; say so, because in engine vs engine it alternates.
        fields.scoreNote.textContent = `for ${report.who}`;
      }
      table.hide();
      drawCharts(depthChart, scoreChart, points);
    }
    showLines(linesOf(iteration, options));
  }

  return { show, tableState: () => table.state() };
}
