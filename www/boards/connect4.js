// Draws a Connect 4 position (9 columns x 7 rows on CodinGame) on a <canvas> and turns clicks
// into column moves.
//
// The renderer knows no rules: the legal columns, the side to move, the steal and the winning
// line all come from the engine's describe() view. Cells are named "x,y" (x the column, y the
// row from the top, as the CodinGame protocol numbers them); a move names only the column, so a
// click anywhere in a column plays that column's digit. The steal has no cell of its own:
// clicking the opponent's single chip while it is legal plays it (as the page's Steal button does).
//
// Extras over the renderer contract: a falling-chip animation for the newest chip, and a column
// hover indicator with a ghost chip where it would land. The heatmap (overlay()) is a strip of
// per-column scores above the columns ("W5" = a proven win in 5 plies, "L4" a proven loss, "D" a
// proven draw, "≤" an upper bound) on pills in the heat colours; like every overlay it shows only while the app
// wants it (the heatmap toggle) and only over the position it was made for.

import { sizeBackingStore, toViewport } from './canvas.js';
import { haloText, lineNumber, numbersByCell } from './marks.js';
import { bindPointer } from './pointer.js';
import { themeColors } from './theme.js';
import { heatColor } from '../winchance.js';

/** Space above the grid for the score strip, and around the frame, in cell sizes. */
const HEADER = 0.6;
const PADDING = 0.2;
/** Space under the grid for the column numbers, in cell sizes. */
const FOOTER = 0.45;
/** How long a chip takes to fall, ms. */
const DROP_MS = 260;

/** The theme's colours, and the classic blue frame (darker in the dark theme). */
function readColors(element) {
  const dark = window.matchMedia('(prefers-color-scheme: dark)').matches;
  const theme = themeColors(element);
  return {
    ...theme,
    frame: dark ? '#1d3f7a' : '#2f62bf',
    frameEdge: dark ? '#14305f' : '#24519f',
    hole: theme.cell,
    hoverColumn: dark ? 'rgba(255,255,255,0.10)' : 'rgba(255,255,255,0.22)',
    muted: theme.label,
    win: '#16a34a',
    loss: '#dc2626',
  };
}

/** How a heat label reads in the strip: proven results in colour, bounds muted, bold if exact. */
function labelStyle(label, colors) {
  // "~" marks a static score (a move the search left out), read muted like a bound.
  const bound = /^[≤≥~]/.test(label);
  const kind = label.replace(/^[≤≥~]/, '')[0];
  return {
    color: kind === 'W' ? colors.win : kind === 'L' ? colors.loss : bound ? colors.muted : colors.text,
    weight: bound ? '' : '600 ',
  };
}

/** The CodinGame board's rows (cells' y counts them from the top). */
const ROWS = 7;

function createConnect4Board(canvas, { onMove, onHover = null }) {
  const ctx = canvas.getContext('2d');
  let view = null;
  let interactive = false;
  let legal = new Set();
  let cells = [];
  let cols = 9;
  let rows = 7;
  let layout = { s: 1, left: 0, top: 0, rect: null };
  // The falling chip: {x, y, owner, start} while it falls.
  let drop = null;
  let frame = 0;
  // The app's overlay (see overlay() below): {heat, pv} or null.
  let shown = null;
  // What the last draw showed of it (inspect()): the strip's labels, the line's numbers.
  let drawn = { strip: [], line: [] };
  let overlayFrame = 0;
  // When the last move arrived (performance.now() ms).
  let lastMoveAt = -Infinity;

  function computeLayout() {
    const rect = canvas.getBoundingClientRect();
    const s = Math.max(1, Math.min(rect.width / (cols + 2 * PADDING), rect.height / (rows + HEADER + FOOTER + 2 * PADDING)));
    const width = s * (cols + 2 * PADDING);
    const height = s * (rows + HEADER + FOOTER + 2 * PADDING);
    const left = (rect.width - width) / 2 + PADDING * s;
    const top = (rect.height - height) / 2 + (PADDING + HEADER) * s;
    return { s, left, top, rect };
  }


  /** Centre of cell (x, y) in canvas CSS px. */
  function center(x, y) {
    return { x: layout.left + (x + 0.5) * layout.s, y: layout.top + (y + 0.5) * layout.s };
  }

  /** The column under a canvas point (anywhere from the score strip to the bottom), or null. */
  /**
   * What a point is over: "steal" on the single chip while the steal is legal (clicking the
   * opponent's first chip takes it over, as in Yavalath), else the column's number, or null.
   */
  function columnAt(px, py) {
    const { s, left, top } = layout;
    const x = Math.floor((px - left) / s);
    if (x < 0 || x >= cols) return null;
    if (py < top - HEADER * s || py > top + rows * s) return null;
    const chip = legal.has('steal') ? stealChip() : null;
    if (chip && chip.x === x && Math.floor((py - top) / s) === chip.y) return 'steal';
    return x;
  }

  /** The single chip the steal would take (the board's only one), or null. */
  function stealChip() {
    const chips = cells.filter((c) => c.owner !== 0);
    return chips.length === 1 ? chips[0] : null;
  }

  /** The row a chip dropped in column x lands on (from the top), or null when full. */
  function landingRow(x) {
    for (let y = rows - 1; y >= 0; y--) {
      const cell = cells.find((c) => c.x === x && c.y === y);
      if (cell && cell.owner === 0) return y;
    }
    return null;
  }

  /** The cell of the last move: the top chip of its column, or the single chip after a steal. */
  function lastCell() {
    if (!view || !view.last) return null;
    if (view.last === 'steal') return cells.find((c) => c.owner !== 0) ?? null;
    const x = Number(view.last);
    return cells.filter((c) => c.x === x && c.owner !== 0).sort((a, b) => a.y - b.y)[0] ?? null;
  }

  function drawChip(c, radius, color, colors) {
    ctx.beginPath();
    ctx.arc(c.x, c.y, radius, 0, 2 * Math.PI);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.lineWidth = Math.max(1, radius * 0.1);
    ctx.strokeStyle = colors.stoneRim;
    ctx.stroke();
    // An inner ring makes a chip read as a chip.
    ctx.beginPath();
    ctx.arc(c.x, c.y, radius * 0.7, 0, 2 * Math.PI);
    ctx.lineWidth = Math.max(1, radius * 0.08);
    ctx.strokeStyle = 'rgba(0,0,0,0.15)';
    ctx.stroke();
  }

  /** The strip's centre line, above the grid. */
  function stripY() {
    return layout.top - 0.12 * layout.s - HEADER * layout.s * 0.5;
  }

  /**
   * The heatmap: each column's score on a pill in its heat colour above the column; the steal,
   * which has no column, as a ring in its heat colour round the chip it would take, its score
   * written just above the chip.
   */
  function drawHeat(heat, colors) {
    const { s } = layout;
    const y = stripY();
    ctx.save();
    for (const h of heat) {
      const style = labelStyle(h.label ?? '', colors);
      if (/^\d+$/.test(h.move)) {
        const x = Number(h.move);
        ctx.beginPath();
        ctx.roundRect(layout.left + x * s + s * 0.08, y - 0.19 * s, s * 0.84, 0.38 * s, 0.19 * s);
        ctx.fillStyle = heatColor(h.value, h.static ? 0.2 : 0.45);
        ctx.fill();
        if (h.static) {
          ctx.setLineDash([s * 0.06, s * 0.05]);
          ctx.strokeStyle = heatColor(h.value, 0.95);
          ctx.lineWidth = Math.max(1, s * 0.03);
          ctx.stroke();
          ctx.setLineDash([]);
        }
        ctx.font = `${style.weight}${Math.round(s * 0.24)}px system-ui, sans-serif`;
        ctx.fillStyle = style.color;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(h.label ?? '', center(x, 0).x, y);
        drawn.strip.push({ move: h.move, label: h.label ?? '' });
      } else if (h.move === 'steal') {
        const chip = cells.find((c) => c.owner !== 0);
        if (!chip) continue;
        const c = center(chip.x, chip.y);
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.44, 0, 2 * Math.PI);
        ctx.strokeStyle = heatColor(h.value, 0.95);
        ctx.lineWidth = s * 0.08;
        ctx.stroke();
        // In the frame's gap right above the chip: the chip itself may carry the line's number.
        ctx.font = `600 ${Math.round(s * 0.17)}px system-ui, sans-serif`;
        const words = { fill: '#ffffff', halo: 'rgba(0,0,0,0.6)', width: Math.max(2, s * 0.05) };
        haloText(ctx, `steal ${h.label ?? ''}`, c.x, c.y - 0.5 * s, words);
        drawn.strip.push({ move: h.move, label: h.label ?? '' });
      }
    }
    ctx.restore();
  }

  /**
   * The best line as numbered ghost chips where they would land (later chips stack on earlier
   * ones). The steal takes the single chip, on the board or the line's first ghost: it is
   * ringed in the stealer's colour and that cell carries both numbers ("1/2").
   */
  function drawLine(pv, colors) {
    const { s } = layout;
    const filled = new Map(cells.filter((c) => c.owner !== 0).map((c) => [`${c.x},${c.y}`, c]));
    let player = view.to_move;
    const keys = pv.map((move) => {
      let key = null;
      if (/^\d+$/.test(move)) {
        const x = Number(move);
        let y = rows - 1;
        while (y >= 0 && filled.has(`${x},${y}`)) y--;
        if (y >= 0) {
          key = `${x},${y}`;
          filled.set(key, { x, y });
          ctx.globalAlpha = 0.55;
          drawChip(center(x, y), s * 0.4, colors.players[player], colors);
        }
      } else if (move === 'steal' && filled.size === 1) {
        const [[only, { x, y }]] = [...filled];
        key = only;
        const c = center(x, y);
        ctx.globalAlpha = 0.9;
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.44, 0, 2 * Math.PI);
        ctx.strokeStyle = colors.players[player];
        ctx.lineWidth = s * 0.1;
        ctx.stroke();
      }
      ctx.globalAlpha = 1;
      player = player === 1 ? 2 : 1;
      return key;
    });
    for (const [key, number] of numbersByCell(keys)) {
      const [x, y] = key.split(',').map(Number);
      const c = center(x, y);
      ctx.font = `700 ${Math.max(9, Math.round(s * (number.length > 2 ? 0.24 : 0.3)))}px system-ui, sans-serif`;
      lineNumber(ctx, number, c.x, c.y);
      drawn.line.push({ cell: key, number });
    }
  }

  function draw(now = performance.now()) {
    layout = computeLayout();
    const dpr = sizeBackingStore(canvas, layout.rect);
    const { s } = layout;
    const colors = readColors(canvas);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, canvas.width / dpr, canvas.height / dpr);
    drawn = { strip: [], line: [] };
    if (!view) return;

    // Hover: a lighter column band and a ghost chip where the chip would land.
    const hovered = pointer.hovered();
    const hoverColumn = hovered === 'steal' ? null : hovered;
    const showHover = interactive && hoverColumn !== null && legal.has(String(hoverColumn));
    const hoverSteal = interactive && hovered === 'steal' ? stealChip() : null;

    // Chips first (they sit behind the frame), then the frame with holes punched by even-odd fill.
    const falling = drop && now - drop.start < DROP_MS ? drop : null;
    for (const cell of cells) {
      if (cell.owner === 0) continue;
      if (falling && falling.x === cell.x && falling.y === cell.y) continue;
      drawChip(center(cell.x, cell.y), s * 0.4, colors.players[cell.owner], colors);
    }
    if (falling) {
      const t = (now - falling.start) / DROP_MS;
      const target = center(falling.x, falling.y);
      const from = layout.top - 0.5 * s;
      // Accelerating fall: y = from + (target - from) * t^2.
      drawChip({ x: target.x, y: from + (target.y - from) * t * t }, s * 0.4, colors.players[falling.owner], colors);
    }
    if (showHover) {
      const y = landingRow(hoverColumn);
      if (y !== null) {
        ctx.save();
        ctx.globalAlpha = 0.45;
        drawChip(center(hoverColumn, y), s * 0.4, colors.players[view.to_move], colors);
        ctx.restore();
      }
    }

    ctx.save();
    ctx.beginPath();
    const r = s * 0.18;
    const x0 = layout.left - 0.12 * s;
    const y0 = layout.top - 0.12 * s;
    const w = cols * s + 0.24 * s;
    const h = rows * s + 0.24 * s;
    ctx.roundRect(x0, y0, w, h, r);
    for (const cell of cells) {
      const c = center(cell.x, cell.y);
      ctx.moveTo(c.x + s * 0.41, c.y);
      ctx.arc(c.x, c.y, s * 0.41, 0, 2 * Math.PI);
    }
    ctx.fillStyle = colors.frame;
    ctx.fill('evenodd');
    ctx.lineWidth = Math.max(1, s * 0.05);
    ctx.strokeStyle = colors.frameEdge;
    ctx.stroke();
    ctx.restore();

    // Empty holes show the page colour behind the board.
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    for (const cell of cells) {
      if (cell.owner !== 0) continue;
      const c = center(cell.x, cell.y);
      ctx.beginPath();
      ctx.arc(c.x, c.y, s * 0.41, 0, 2 * Math.PI);
      ctx.fillStyle = colors.hole;
      ctx.fill();
    }
    ctx.restore();

    if (hoverSteal) {
      // The steal: a dashed ring in the stealer's colour round the chip it takes over.
      const c = center(hoverSteal.x, hoverSteal.y);
      ctx.save();
      ctx.strokeStyle = colors.players[view.to_move];
      ctx.lineWidth = s * 0.1;
      ctx.setLineDash([s * 0.2, s * 0.14]);
      ctx.beginPath();
      ctx.arc(c.x, c.y, s * 0.46, 0, 2 * Math.PI);
      ctx.stroke();
      ctx.restore();
    }
    if (showHover) {
      ctx.save();
      ctx.fillStyle = colors.hoverColumn;
      ctx.fillRect(layout.left + hoverColumn * s, layout.top, s, rows * s);
      // An arrow above the column points where the chip goes in.
      const cx = layout.left + (hoverColumn + 0.5) * s;
      const ty = layout.top - 0.08 * s;
      ctx.beginPath();
      ctx.moveTo(cx - 0.16 * s, ty - 0.2 * s);
      ctx.lineTo(cx + 0.16 * s, ty - 0.2 * s);
      ctx.lineTo(cx, ty);
      ctx.closePath();
      ctx.fillStyle = colors.players[view.to_move];
      ctx.fill();
      ctx.restore();
    }

    if (!falling) {
      if (view.result && view.result.line.length > 0) {
        const line = view.result.line
          .map((name) => name.split(',').map(Number))
          .map(([x, y]) => center(x, y));
        ctx.save();
        ctx.strokeStyle = colors.lineFour;
        ctx.lineWidth = s * 0.1;
        for (const c of line) {
          ctx.beginPath();
          ctx.arc(c.x, c.y, s * 0.44, 0, 2 * Math.PI);
          ctx.stroke();
        }
        ctx.restore();
      }
      const last = lastCell();
      if (last) {
        const c = center(last.x, last.y);
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.1, 0, 2 * Math.PI);
        ctx.fillStyle = colors.lastMove;
        ctx.fill();
        ctx.lineWidth = 1;
        ctx.strokeStyle = colors.stoneRim;
        ctx.stroke();
      }
    }

    // Column numbers under the board, as the moves name them.
    if (s >= 18) {
      ctx.fillStyle = colors.muted;
      ctx.font = `${Math.round(s * 0.26)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      for (let x = 0; x < cols; x++) ctx.fillText(String(x), center(x, 0).x, layout.top + rows * s + 0.14 * s);
    }
    if (shown?.heat) drawHeat(shown.heat, colors);
    if (shown?.pv) drawLine(shown.pv, colors);

    if (falling) {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame((t) => draw(t));
    }
  }

  const pointer = bindPointer(canvas, {
    at: columnAt,
    clickable: (x) => interactive && legal.has(String(x)),
    onClick: (x) => x !== null && onMove(String(x)),
    redraw: () => draw(),
    onHover,
  });

  return {
    draw(newView, { canMove }) {
      const before = view ? view.history.length : null;
      const previousCells = cells;
      view = newView;
      cells = newView.cells;
      cols = Math.max(...cells.map((c) => c.x)) + 1;
      rows = Math.max(...cells.map((c) => c.y)) + 1;
      interactive = canMove;
      legal = new Set(canMove ? newView.legal : []);
      // One more move that is a column: let its chip fall, unless moves come faster than chips
      // fall (fast engine vs engine), where animating every frame would only load the page.
      drop = null;
      const now = performance.now();
      const calm = now - lastMoveAt > 3 * DROP_MS;
      if (before !== null && newView.history.length !== before) lastMoveAt = now;
      if (calm && before !== null && newView.history.length === before + 1 && newView.last !== 'steal') {
        const x = Number(newView.last);
        const landed = cells.filter((c) => c.x === x && c.owner !== 0).sort((a, b) => a.y - b.y)[0];
        const was = landed && previousCells.find((c) => c.x === landed.x && c.y === landed.y);
        if (landed && was && was.owner === 0) drop = { x: landed.x, y: landed.y, owner: landed.owner, start: performance.now() };
      }
      pointer.refreshCursor();
      draw();
    },
    /**
     * The centre of cell "x,y", or for a column name ("4") of the cell a chip dropped there lands
     * on (the top cell when full), in viewport CSS px; null when unknown.
     */
    cellCenter(name) {
      layout = computeLayout();
      let x;
      let y;
      if (/^\d+$/.test(name)) {
        x = Number(name);
        if (x >= cols) return null;
        y = landingRow(x) ?? 0;
      } else {
        const cell = cells.find((c) => c.name === name);
        if (!cell) return null;
        ({ x, y } = cell);
      }
      return toViewport(layout.rect, center(x, y));
    },
    /**
     * The engine's view over the position (see the renderer contract in index.js): the strip of
     * column scores and the best line as numbered ghost chips; overlay(null) clears both.
     */
    overlay(data) {
      shown = data;
      // Reports can come many times a second: redraw at most once per frame, and never while a
      // chip falls (its animation redraws anyway).
      const falling = drop && performance.now() - drop.start < DROP_MS;
      if (overlayFrame === 0 && !falling) {
        overlayFrame = requestAnimationFrame(() => {
          overlayFrame = 0;
          draw();
        });
      }
    },
    /**
     * For tests: the overlay as last drawn, {strip: [{move, label}] (a column or "steal"),
     * line: [{cell "x,y", number}]}.
     */
    inspect() {
      return drawn;
    },
    /** The scored move at `key`: a column (a number, or a cell "x,y" of it), or "steal". */
    heatMove(key) {
      if (key === null || key === undefined) return null;
      const move = key === 'steal' ? 'steal' : String(key).split(',')[0];
      return shown?.heat?.some((h) => h.move === move) ? move : null;
    },
    destroy() {
      cancelAnimationFrame(frame);
      cancelAnimationFrame(overlayFrame);
      pointer.destroy();
      view = null;
      cells = [];
      shown = null;
    },
  };
}

export default {
  title: 'Connect 4',
  create: createConnect4Board,
  // 9 columns x (7 rows + the score strip), plus the frame's padding.
  aspect: (9 + 2 * PADDING) / (ROWS + HEADER + FOOTER + 2 * PADDING),
  setups: [
    { value: '', label: 'With steal' },
    { value: 'nosteal', label: 'No steal' },
    {
      value: '',
      label: 'Position or Pons moves…',
      custom: true,
      placeholder: 'rows like ........./…/....x.... then x or o to move, steal or -; or nosteal 4453 (Pons: columns 1–9)',
    },
  ],
  // Cells are named "x,y" with y from the top; people count rows from the bottom.
  cellWords: (cell) => `column ${cell.x}, row ${ROWS - cell.y} from the bottom`,
  sides: [
    { name: 'Player 1', color: '#d8342c' },
    { name: 'Player 2', color: '#e8ab0c' },
  ],
  reasons: {
    four: '{winner} wins: four in a row',
    full: 'Draw: board full',
  },
  rules: `<ul>
    <li>9 columns, 7 rows. Players take turns dropping a chip into a column; it falls to the lowest
      free cell. Player 1 starts.</li>
    <li>Four (or more) of your chips in a row — across, up or diagonally — wins.</li>
    <li>A full board (63 chips) without a line is a draw.</li>
    <li>Steal (CodinGame rule; not in “No steal”): on player 2's first turn only, player 2 may take
      over player 1's single chip where it stands instead of dropping one (press Steal).
      So player 1 should open with a chip that is not worth stealing.</li>
    <li>Columns are numbered 0 to 8 from the left, under the board, in the move list and in the
      engine's lines. Only Pons' move strings (a setup such as <code>nosteal 4453</code>, from
      Pascal Pons' solver) count them 1 to 9.</li>
    <li>With the heatmap on, above the columns: the engine's score for each column from its last
      completed search of this position (W5 = a proven win in 5 plies, L4 = a proven loss,
      D = a proven draw, ≤ = no better than this).</li>
    <li>Position (the last setup, and the Position box under Share): the seven rows from the top,
      separated by <code>/</code> (<code>.</code> empty, <code>x</code> player 1, <code>o</code>
      player 2), a space and <code>x</code> or <code>o</code> to move, a space and
      <code>steal</code> while the steal is still to come, else <code>-</code>. A finished game
      cannot be set up.</li>
  </ul>`,
};
