// The search panel: what the engine is thinking, refreshed after every completed iteration and
// left showing after the move so it can be read at leisure.

import { attachTooltip, lineChart } from './charts.js';
import { formatCount, formatMs, formatScore, formatSpeed, scoreTone } from './format.js';

/**
 * Scores as chart heights: evaluations as they are, proven results pinned just beyond the
 * largest evaluation (win above, loss below), so one forced line does not flatten the rest.
 */
function chartScores(iterations) {
  const evals = iterations.filter((it) => it.score.kind === 'eval').map((it) => Math.abs(it.score.value));
  const cap = Math.max(100, ...evals) * 1.25;
  const height = (score) => (score.kind === 'win' ? cap : score.kind === 'loss' ? -cap : score.value);
  const label = (v) => (v >= cap ? 'win' : v <= -cap ? 'loss' : String(Math.round(v)));
  return { height, label };
}

/** The two charts of the current search, one point per completed iteration. */
function drawCharts(depthSvg, scoreSvg, iterations) {
  const tip = (it) =>
    `depth ${it.depth} (sel ${it.seldepth}) at ${formatMs(it.elapsed_ms)}: ${formatCount(it.nodes)} nodes, score ${formatScore(it.score)}, best ${it.pv[0] ?? '–'}`;
  lineChart(
    depthSvg,
    iterations.map((it) => ({ x: it.elapsed_ms, y: it.depth, title: tip(it) })),
    { xFormat: formatMs, yFormat: (v) => `d${v}` },
  );
  const { height, label } = chartScores(iterations);
  lineChart(
    scoreSvg,
    iterations.map((it) => ({ x: it.depth, y: height(it.score), title: tip(it) })),
    { xFormat: (v) => `depth ${v}`, yFormat: label, zeroLine: true },
  );
}

/**
 * Binds the panel's elements (see the #search-panel section of index.html) and returns
 * `show(report)`, where report is `{who, moveNumber, thinking, activity, iteration, iterations,
 * stop}`: who = "Player 2 (Engine)", activity = what "thinking" is called ("analysing", "hint";
 * default "thinking"), iteration = the engine's last iteration (or null before the first),
 * iterations = every completed iteration so far (for the charts),
 * stop = why the search ended ("time", "depth", "solved", or "stopped" by the app) once it has.
 * `onPreview(index)` hears which move of the best line is hovered or focused (null: none).
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
  const charts = $('search-charts');
  let shownLine = null; // the line on screen, as text, so an unchanged line keeps its elements

  /** The best line as one focusable element per move, each previewing the line up to it. */
  function showLine(pv) {
    const text = pv.join(' ');
    if (text === shownLine) return; // keeps the hovered move (and its preview) in place
    shownLine = text;
    onPreview(null); // a preview of the old line would mislead
    if (pv.length === 0) {
      fields.pv.textContent = '–';
      return;
    }
    fields.pv.replaceChildren(
      ...pv.flatMap((move, i) => {
        const step = document.createElement('span');
        step.className = 'pv-move';
        step.tabIndex = 0;
        step.textContent = move;
        step.dataset.index = String(i);
        return i === 0 ? [step] : [' ', step];
      }),
    );
  }

  // Hovering or focusing a move previews the line up to it; leaving the line hides the preview.
  const preview = (event) => {
    const step = event.target.closest?.('.pv-move');
    if (step) onPreview(Number(step.dataset.index));
  };
  fields.pv.addEventListener('pointerover', preview);
  fields.pv.addEventListener('focusin', preview);
  fields.pv.addEventListener('pointerleave', () => onPreview(null));
  fields.pv.addEventListener('focusout', () => onPreview(null));
  const depthChart = $('chart-depth');
  const scoreChart = $('chart-score');
  for (const svg of [depthChart, scoreChart]) attachTooltip(svg, svg.parentElement.querySelector('.chart-tip'));

  function show(report) {
    if (!report) {
      empty.hidden = false;
      stats.hidden = true;
      who.textContent = '';
      charts.hidden = true;
      return;
    }
    const { iteration, thinking, stop } = report;
    // "stopped": cut short by Pause, Undo or New game; "solved": the result is proven.
    const state = thinking ? report.activity ?? 'thinking' : stop === 'solved' || stop === 'stopped' ? stop : 'done';
    who.textContent = `${report.who} · move ${report.moveNumber} · ${state}`;
    root.classList.toggle('is-thinking', thinking);
    if (!iteration) {
      // Searching, but no iteration has finished yet: keep the frame, clear the numbers.
      empty.hidden = true;
      stats.hidden = false;
      for (const el of Object.values(fields)) el.textContent = '…';
      shownLine = null;
      onPreview(null);
      fields.scoreNote.textContent = '';
      charts.hidden = true;
      return;
    }
    empty.hidden = true;
    stats.hidden = false;
    fields.depth.textContent = `${iteration.depth} (sel ${iteration.seldepth})`;
    fields.nodes.textContent = formatCount(iteration.nodes);
    fields.speed.textContent = formatSpeed(iteration.nps);
    fields.time.textContent = formatMs(iteration.elapsed_ms);
    fields.score.textContent = formatScore(iteration.score);
    fields.score.dataset.tone = scoreTone(iteration.score);
    // The engine scores from its own side; say so, because in engine vs engine it alternates.
    fields.scoreNote.textContent = `for ${report.who}`;
    showLine(iteration.pv);
    const iterations = report.iterations ?? [iteration];
    charts.hidden = false;
    drawCharts(depthChart, scoreChart, iterations);
  }

  return { show };
}
