// Small SVG charts of what the search did: a line chart (depth against time, score against
// depth) and the game-end summary (one column per engine move). Written by hand, no library:
// a chart here is a few dozen SVG elements. Each point carries a <title>, which browsers show on
// hover and screen readers read, so the details (nodes, score) are one hover away; a tooltip of
// our own (attachTooltip) shows the same text at once, where the browser's waits a second.

const SVG = 'http://www.w3.org/2000/svg';
const WIDTH = 320;
const PAD = { left: 34, right: 8, top: 8, bottom: 18 };

function el(name, attrs = {}, text = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (text !== null) node.textContent = text;
  return node;
}

function withTitle(node, title) {
  node.append(el('title', {}, title));
  return node;
}

/**
 * Shows the <title> of the point or bar under the pointer in `tip` (an element positioned over
 * the chart's container) right away. Call once per chart; redraws need no new call.
 */
export function attachTooltip(svg, tip) {
  const textOf = (target) => target.closest?.('.chart-point, .chart-bar')?.querySelector('title')?.textContent ?? null;
  svg.addEventListener('pointermove', (event) => {
    const text = textOf(event.target);
    tip.hidden = text === null;
    if (text === null) return;
    tip.textContent = text;
    const box = tip.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0, width: 0 };
    const x = Math.min(event.clientX - box.left + 12, Math.max(0, box.width - tip.offsetWidth));
    tip.style.left = `${x}px`;
    tip.style.top = `${event.clientY - box.top + 14}px`;
  });
  svg.addEventListener('pointerleave', () => (tip.hidden = true));
}

/** A linear scale from [d0, d1] onto [r0, r1]; a flat domain maps to the middle. */
function scale(d0, d1, r0, r1) {
  if (d1 === d0) return () => (r0 + r1) / 2;
  return (v) => r0 + ((v - d0) / (d1 - d0)) * (r1 - r0);
}

/** Axis labels at the ends only: the charts are small, and the ends are what one reads. */
function axisLabels(svg, { xMin, xMax, yMin, yMax, height, xFormat, yFormat }) {
  const bottom = height - PAD.bottom;
  svg.append(
    el('line', { x1: PAD.left, y1: bottom, x2: WIDTH - PAD.right, y2: bottom, class: 'chart-axis' }),
    el('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: bottom, class: 'chart-axis' }),
    el('text', { x: PAD.left - 4, y: PAD.top + 4, 'text-anchor': 'end', class: 'chart-label' }, yFormat(yMax)),
    el('text', { x: PAD.left - 4, y: bottom, 'text-anchor': 'end', class: 'chart-label' }, yFormat(yMin)),
    el('text', { x: PAD.left, y: height - 4, 'text-anchor': 'start', class: 'chart-label' }, xFormat(xMin)),
    el('text', { x: WIDTH - PAD.right, y: height - 4, 'text-anchor': 'end', class: 'chart-label' }, xFormat(xMax)),
  );
}

/**
 * Draws `points` = [{x, y, title}] into `svg` as a line with a dot per point (title on hover).
 * Options: height (px of the viewBox), xFormat/yFormat for the end labels, yMin/yMax to force
 * the vertical range (default: the data's, including 0 when `zeroLine`), zeroLine to draw y=0,
 * xFrom to start the horizontal axis there (e.g. 0 ms) if the data starts later, and
 * xMinSpan/yMinSpan, the least range an axis covers (extended upwards), so a search of one
 * iteration or of 0 ms does not get axes that read "d1…d1" or "0 ms…0 ms".
 */
export function lineChart(
  svg,
  points,
  { height = 96, xFormat = String, yFormat = String, zeroLine = false, yMin, yMax, xFrom, xMinSpan = 0, yMinSpan = 0 } = {},
) {
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${height}`);
  svg.replaceChildren();
  if (points.length === 0) return;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const lo = yMin ?? Math.min(...ys, ...(zeroLine ? [0] : []));
  const hi = Math.max(yMax ?? Math.max(...ys, ...(zeroLine ? [0] : [])), lo + yMinSpan);
  const xMin = Math.min(...xs, ...(xFrom === undefined ? [] : [xFrom]));
  const xMax = Math.max(...xs, xMin + xMinSpan);
  const sx = scale(xMin, xMax, PAD.left + 6, WIDTH - PAD.right - 6);
  const sy = scale(lo, hi, height - PAD.bottom - 4, PAD.top + 4);
  axisLabels(svg, { xMin, xMax, yMin: lo, yMax: hi, height, xFormat, yFormat });
  if (zeroLine && lo < 0 && hi > 0) {
    svg.append(el('line', { x1: PAD.left, y1: sy(0), x2: WIDTH - PAD.right, y2: sy(0), class: 'chart-zero' }));
  }
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
  svg.append(el('path', { d: path, class: 'chart-line' }));
  for (const p of points) {
    // A wide transparent target under each dot makes hovering easy on a small chart.
    const group = el('g', { class: 'chart-point' });
    group.append(
      el('circle', { cx: sx(p.x), cy: sy(p.y), r: 9, class: 'chart-hit' }),
      el('circle', { cx: sx(p.x), cy: sy(p.y), r: 3, class: 'chart-dot' }),
    );
    svg.append(withTitle(group, p.title));
  }
}

/**
 * The game-end summary: for each engine move [{moveNumber, player, depth, nodes, ms}], three
 * rows of columns sharing the move axis: depth reached, nodes (log scale: they span orders of
 * magnitude) and time. Columns are in the mover's colour (CSS classes p1/p2).
 */
export function summaryChart(svg, moves, { formatCount, formatMs }) {
  const rowHeight = 46;
  const rows = [
    { label: 'depth', value: (m) => m.depth, text: (m) => String(m.depth), log: false },
    { label: 'nodes', value: (m) => m.nodes, text: (m) => formatCount(m.nodes), log: true },
    { label: 'time', value: (m) => m.ms, text: (m) => formatMs(m.ms), log: false },
  ];
  const height = rows.length * rowHeight + 14;
  svg.setAttribute('viewBox', `0 0 ${WIDTH} ${height}`);
  svg.replaceChildren();
  if (moves.length === 0) return;
  const left = 62;
  const slot = (WIDTH - left - PAD.right) / moves.length;
  const barWidth = Math.max(1, Math.min(14, slot * 0.75));
  rows.forEach((row, r) => {
    const top = r * rowHeight + 4;
    const bottom = top + rowHeight - 10;
    const measure = (m) => (row.log ? Math.log10(1 + row.value(m)) : row.value(m));
    const max = Math.max(...moves.map(measure), 1e-9);
    svg.append(
      el('text', { x: 0, y: top + 10, class: 'chart-label' }, row.label),
      el('text', { x: 0, y: top + 22, class: 'chart-label chart-label-muted' }, `max ${row.text(moves.reduce((a, b) => (row.value(b) > row.value(a) ? b : a)))}`),
      el('line', { x1: left, y1: bottom, x2: WIDTH - PAD.right, y2: bottom, class: 'chart-axis' }),
    );
    moves.forEach((m, i) => {
      const h = Math.max(1, (measure(m) / max) * (bottom - top));
      const x = left + i * slot + (slot - barWidth) / 2;
      const bar = el('rect', { x, y: bottom - h, width: barWidth, height: h, class: `chart-bar p${m.player}` });
      svg.append(withTitle(bar, `move ${m.moveNumber}: depth ${m.depth}, ${formatCount(m.nodes)} nodes, ${formatMs(m.ms)}`));
    });
  });
  svg.append(
    el('text', { x: left, y: height - 2, class: 'chart-label' }, `move ${moves[0].moveNumber}`),
    el('text', { x: WIDTH - PAD.right, y: height - 2, 'text-anchor': 'end', class: 'chart-label' }, `move ${moves[moves.length - 1].moveNumber}`),
  );
}
