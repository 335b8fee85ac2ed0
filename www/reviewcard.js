// The Review card: the button and time per move that start a game review (review.js), its
// progress bar, the evaluation graph over the whole game (player 1's winning chance; a click
// shows that position) with each classed move marked, and the per-player summary.

import { CLASSES, chanceP1 } from './review.js';

const SVG = 'http://www.w3.org/2000/svg';
const W = 600;
const H = 120;

function svgEl(name, attrs) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/**
 * Binds the card (#review-card in index.html). `onStart(budgetMs)` starts a review, `onPick(ply)`
 * shows the position after `ply` moves. Returns {show(state)}: state = {canReview, review (or
 * null), classes (review.js classify), summary (summarize), ply (on screen), sideName(player)}.
 */
export function createReviewCard(root, { onStart, onPick }) {
  const button = root.querySelector('#review-start');
  const time = root.querySelector('#review-time');
  const progress = root.querySelector('#review-progress');
  const status = root.querySelector('#review-status');
  const graph = root.querySelector('#review-graph');
  const summaryEl = root.querySelector('#review-summary');
  let shownReview = null;

  button.addEventListener('click', () => onStart(Number(time.value)));
  graph.addEventListener('click', (event) => {
    if (!shownReview) return;
    const rect = graph.getBoundingClientRect();
    const x = ((event.clientX - rect.left) / rect.width) * W;
    const n = shownReview.line.length;
    onPick(Math.max(0, Math.min(n, Math.round((x / W) * n))));
  });

  function drawGraph(review, classes, ply) {
    const n = Math.max(1, review.line.length);
    const xOf = (i) => (i / n) * W;
    const yOf = (c) => (1 - c) * H;
    const children = [svgEl('rect', { x: 0, y: 0, width: W, height: H, class: 'review-bg' }), svgEl('line', { x1: 0, x2: W, y1: H / 2, y2: H / 2, class: 'review-mid' })];
    const points = [];
    for (let i = 0; i <= review.line.length; i++) {
      const c = chanceP1(review, i);
      if (c) points.push([xOf(i), yOf(c.chance), i]);
    }
    if (points.length > 0) {
      const area = `M${points[0][0]},${H} ` + points.map(([x, y]) => `L${x},${y}`).join(' ') + ` L${points[points.length - 1][0]},${H} Z`;
      children.push(svgEl('path', { d: area, class: 'review-area' }));
      children.push(svgEl('polyline', { points: points.map(([x, y]) => `${x},${y}`).join(' '), class: 'review-line' }));
    }
    classes.forEach((c, i) => {
      if (!c || !['inaccuracy', 'mistake', 'blunder'].includes(c.cls)) return;
      const after = chanceP1(review, i + 1);
      if (!after) return;
      const dot = svgEl('circle', { cx: xOf(i + 1), cy: yOf(after.chance), r: 4.5, class: `review-dot ${c.cls}`, 'data-ply': i + 1 });
      const title = svgEl('title', {});
      title.textContent = `${i + 1}. ${review.line[i]}: ${CLASSES[c.cls].words}, best was ${c.best}`;
      dot.append(title);
      children.push(dot);
    });
    children.push(svgEl('line', { x1: xOf(ply), x2: xOf(ply), y1: 0, y2: H, class: 'review-ply' }));
    graph.replaceChildren(...children);
  }

  function drawSummary(summary, sideName) {
    const rows = [1, 2].map((player) => {
      const s = summary[player];
      const tr = document.createElement('tr');
      const cells = [sideName(player), ...Object.keys(CLASSES).map((k) => String(s.counts[k])), `${(100 * s.averageLoss).toFixed(1)} %`];
      for (const text of cells) {
        const td = document.createElement('td');
        td.textContent = text;
        tr.append(td);
      }
      return tr;
    });
    summaryEl.querySelector('tbody').replaceChildren(...rows);
  }

  function show({ canReview, review, classes, summary, ply, sideName }) {
    root.hidden = !canReview && !review;
    button.disabled = Boolean(review?.running);
    button.textContent = review && !review.running ? 'Review again' : 'Review the game';
    shownReview = review;
    progress.hidden = !review?.running;
    graph.toggleAttribute('hidden', !review); // an SVG element has no hidden property
    summaryEl.hidden = !review || review.running;
    if (!review) {
      status.textContent = 'The engine looks at every position of the game and marks the moves that lost winning chance.';
      return;
    }
    progress.max = review.total;
    progress.value = review.done;
    status.textContent = review.error
      ? `The review stopped: ${review.error}`
      : review.running
        ? `Reviewing: position ${review.done} of ${review.total}…`
        : `Reviewed ${review.line.length} moves at ${review.budgetMs >= 1000 ? `${review.budgetMs / 1000} s` : `${review.budgetMs} ms`} a position. Click the graph to see a position.`;
    drawGraph(review, classes, ply);
    if (!review.running) drawSummary(summary, sideName);
  }

  return { show };
}
