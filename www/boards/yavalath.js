// Draws a Yavalath position on a <canvas> and turns clicks into cell names.
//
// This is the only file that knows what a Yavalath board looks like. It knows nothing about the
// rules: what is legal, whose turn it is and which line decided the game all come from the
// engine's `describe()` view passed to `draw()`.
//
import { sizeBackingStore, toViewport } from './canvas.js';
import { haloText, lineNumber, numbersByCell } from './marks.js';
import { bindPointer } from './pointer.js';
import { drawStone } from './stone.js';
import { themeColors } from './theme.js';
import { heatColor } from '../winchance.js';

// Geometry: 61 pointy-top hexagons in 9 rows (y = 0..8 top to bottom) of 5,6,7,8,9,8,7,6,5 cells,
// each row centred, so together they form one big hexagon with 5 cells a side. With `s` the
// hexagon's circumradius, neighbours in a row are sqrt(3)·s apart and rows are 1.5·s apart.

const SQRT3 = Math.sqrt(3);
const ROWS = 9;
const MIDDLE_ROW = 4;
/** The board's outline (a flat-top hexagon) has this circumradius, in units of s. */
const OUTLINE_RADIUS = 8.55;
/** Empty space kept around the outline, in units of s. */
const PADDING = 0.25;

function rowLength(y) {
  return ROWS - Math.abs(y - MIDDLE_ROW);
}

/** Cell centre relative to the board centre, in units of s. */
function unitCenter(x, y) {
  return { x: (x - (rowLength(y) - 1) / 2) * SQRT3, y: (y - MIDDLE_ROW) * 1.5 };
}

/** Traces a regular hexagon; `startAngle` 30° gives a pointy top, 0° a flat top. */
function hexPath(ctx, cx, cy, radius, startAngle) {
  ctx.beginPath();
  for (let i = 0; i < 6; i++) {
    const a = ((startAngle + 60 * i) * Math.PI) / 180;
    const px = cx + radius * Math.cos(a);
    const py = cy + radius * Math.sin(a);
    if (i === 0) ctx.moveTo(px, py);
    else ctx.lineTo(px, py);
  }
  ctx.closePath();
}

/** True if (dx, dy) from a cell centre lies inside the pointy-top hexagon of circumradius s. */
function insidePointyHex(dx, dy, s) {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  return ax <= (SQRT3 / 2) * s && ay <= s - ax / SQRT3;
}

/**
 * Creates the board view on `canvas`. `onMove(name)` is called with the clicked cell's name, which
 * is a whole Yavalath move (whether or not it is legal: the app asks the engine and explains a
 * refusal). See the renderer contract in index.js.
 */
function createYavalathBoard(canvas, { onMove, onHover = null }) {
  const ctx = canvas.getContext('2d');
  let view = null; // the last describe() view drawn
  let interactive = false; // may the person at the screen move now?
  let legal = new Set();
  let cells = []; // [{name, x, y, owner}] from the view
  let layout = { s: 1, cx: 0, cy: 0 }; // from computeLayout(), refreshed on every draw
  let shown = { heat: null, pv: null }; // the app's overlay (see overlay() below)
  let drawn = { line: [], labels: [] }; // what the last draw showed of the overlay (inspect())

  /** Where the board goes in the canvas's current CSS box: the hexagon size s and the centre. */
  function computeLayout() {
    const rect = canvas.getBoundingClientRect();
    const fitWidth = rect.width / (2 * (OUTLINE_RADIUS + PADDING));
    const fitHeight = rect.height / (2 * (OUTLINE_RADIUS * (SQRT3 / 2) + PADDING));
    return { s: Math.max(1, Math.min(fitWidth, fitHeight)), cx: rect.width / 2, cy: rect.height / 2, rect };
  }


  /** Centre of a cell in canvas CSS pixels. */
  function center(cell) {
    const u = unitCenter(cell.x, cell.y);
    return { x: layout.cx + u.x * layout.s, y: layout.cy + u.y * layout.s };
  }

  /** The name of the cell under a canvas point, or null. */
  function cellAt(px, py) {
    for (const cell of cells) {
      const c = center(cell);
      if (insidePointyHex(px - c.x, py - c.y, layout.s)) return cell.name;
    }
    return null;
  }

  /** Marks the line that decided the game: a bar through the stones and a ring round each. */
  function drawDecidingLine(result, colors) {
    const lineCells = result.line
      .map((name) => cells.find((cell) => cell.name === name))
      .filter(Boolean)
      .map(center)
      .sort((a, b) => a.y - b.y || a.x - b.x);
    if (lineCells.length < 2) return;
    const s = layout.s;
    const color = result.reason === 'four' ? colors.lineFour : colors.lineThree;
    ctx.save();
    ctx.lineCap = 'round';
    ctx.strokeStyle = color;
    ctx.globalAlpha = 0.85;
    ctx.lineWidth = s * 0.26;
    // A losing three is dashed, so "this line lost" reads differently from "this line won".
    if (result.reason !== 'four') ctx.setLineDash([s * 0.35, s * 0.3]);
    ctx.beginPath();
    ctx.moveTo(lineCells[0].x, lineCells[0].y);
    ctx.lineTo(lineCells[lineCells.length - 1].x, lineCells[lineCells.length - 1].y);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.globalAlpha = 1;
    ctx.lineWidth = s * 0.12;
    for (const c of lineCells) {
      ctx.beginPath();
      ctx.arc(c.x, c.y, s * 0.8, 0, 2 * Math.PI);
      ctx.stroke();
    }
    ctx.restore();
  }

  /**
   * Tints each scored cell by its heat and prints its score in it; a move the search left out
   * (its one-ply static guess) shows its number only on the cell `hovered`: its colour carries
   * it, as on the square boards (squareoverlay.js). The cells of the best line
   * get a numbered stone over them: their scores are returned, [{cell, label, x, y}], for
   * drawLineLabels to print at the hexagon's lower edge once the stones are drawn.
   */
  function drawHeat(heat, pv, hovered) {
    const s = layout.s;
    const onLine = new Set(pv ?? []);
    const lineLabels = [];
    ctx.save();
    ctx.font = `600 ${Math.max(8, Math.round(s * 0.34))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (const { move, value, label, static: unsearched } of heat) {
      const cell = cells.find((c) => c.name === move);
      if (!cell) continue;
      const c = center(cell);
      if (cell.owner === 0) {
        hexPath(ctx, c.x, c.y, s * 0.94, 30);
        // A move the search left out (only forced moves were searched) shows its one-ply static
        // score, pale with a dashed rim, apart from the searched ones.
        ctx.fillStyle = heatColor(value, unsearched ? 0.3 : 0.72);
        ctx.fill();
        if (unsearched) {
          ctx.setLineDash([s * 0.12, s * 0.1]);
          ctx.strokeStyle = heatColor(value, 0.95);
          ctx.lineWidth = Math.max(1, s * 0.06);
          ctx.stroke();
          ctx.setLineDash([]);
        }
      } else {
        // A scored occupied cell is the steal: a ring, so the stone keeps its own colour.
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.8, 0, 2 * Math.PI);
        ctx.strokeStyle = heatColor(value, 0.95);
        ctx.lineWidth = s * 0.16;
        ctx.stroke();
      }
      if (s >= 16 && label && (!unsearched || move === hovered)) {
        const y = cell.owner === 0 ? c.y : c.y - s * 0.45;
        const edge = onLine.has(move);
        if (edge) lineLabels.push({ cell: move, label, x: c.x, y: cell.owner === 0 ? c.y + s * 0.64 : y });
        else haloText(ctx, label, c.x, y);
        drawn.labels.push({ cell: move, label, at: edge ? 'edge' : 'centre' });
      }
    }
    ctx.restore();
    return lineLabels;
  }

  /** The scores of the best line's cells (drawHeat), small, over the edge of their numbered stones. */
  function drawLineLabels(lineLabels) {
    ctx.save();
    ctx.font = `700 ${Math.max(8, Math.round(layout.s * 0.27))}px system-ui, sans-serif`;
    for (const { label, x, y } of lineLabels) haloText(ctx, label, x, y);
    ctx.restore();
  }

  /**
   * The principal variation as numbered ghost stones in the colour of the side that would play
   * each move (the side to move first). A move on a cell that holds a stone, on the board or
   * earlier in the line (the steal), gets a ring; such a cell carries every number ("1/2").
   */
  function drawLine(pv, colors) {
    const s = layout.s;
    const taken = new Set(cells.filter((c) => c.owner !== 0).map((c) => c.name));
    let player = view.to_move;
    ctx.save();
    ctx.globalAlpha = 0.8;
    for (const move of pv) {
      const cell = cells.find((c) => c.name === move);
      if (cell) {
        const c = center(cell);
        if (!taken.has(move)) {
          drawStone(ctx, c, s * 0.6, colors.players[player], colors.stoneRim);
          taken.add(move);
        } else {
          ctx.strokeStyle = colors.players[player];
          ctx.lineWidth = s * 0.14;
          ctx.beginPath();
          ctx.arc(c.x, c.y, s * 0.8, 0, 2 * Math.PI);
          ctx.stroke();
        }
      }
      player = player === 1 ? 2 : 1;
    }
    ctx.globalAlpha = 1;
    for (const [move, number] of numbersByCell(pv.map((m) => (cells.some((c) => c.name === m) ? m : null)))) {
      const c = center(cells.find((cell) => cell.name === move));
      ctx.font = `700 ${Math.max(9, Math.round(s * (number.length > 2 ? 0.36 : 0.5)))}px system-ui, sans-serif`;
      lineNumber(ctx, number, c.x, c.y);
      drawn.line.push({ cell: move, number });
    }
    ctx.restore();
  }

  function draw() {
    layout = computeLayout();
    const dpr = sizeBackingStore(canvas, layout.rect);
    const { s } = layout;
    const colors = themeColors(canvas);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, canvas.width / dpr, canvas.height / dpr);

    // The board: one big flat-top hexagon with softened corners.
    ctx.save();
    hexPath(ctx, layout.cx, layout.cy, OUTLINE_RADIUS * s, 0);
    ctx.fillStyle = colors.board;
    ctx.strokeStyle = colors.board;
    ctx.lineJoin = 'round';
    ctx.lineWidth = s * 0.5;
    ctx.fill();
    ctx.stroke();
    ctx.restore();

    drawn = { line: [], labels: [] };
    if (!view) return;
    const toMove = view.to_move;
    const hovered = pointer.hovered();
    const showHover = interactive && hovered !== null && legal.has(hovered);

    for (const cell of cells) {
      const c = center(cell);
      const isHover = showHover && cell.name === hovered;
      hexPath(ctx, c.x, c.y, s * 0.94, 30);
      ctx.fillStyle = isHover ? colors.cellHover : colors.cell;
      ctx.fill();
      ctx.lineWidth = 1;
      ctx.strokeStyle = colors.cellEdge;
      ctx.stroke();

      if (cell.owner !== 0) {
        drawStone(ctx, c, s * 0.68, colors.players[cell.owner], colors.stoneRim);
      } else if (s >= 14) {
        // Cell names help read the move list and the engine's principal variation.
        ctx.fillStyle = colors.label;
        ctx.font = `${Math.round(s * 0.36)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(cell.name, c.x, c.y);
      }

      if (isHover) {
        ctx.save();
        if (cell.owner === 0) {
          // A ghost stone previews the move.
          ctx.globalAlpha = 0.45;
          drawStone(ctx, c, s * 0.68, colors.players[toMove], colors.stoneRim);
        } else {
          // A legal click on an occupied cell is the steal: ring it in the stealer's colour.
          ctx.strokeStyle = colors.players[toMove];
          ctx.lineWidth = s * 0.14;
          ctx.setLineDash([s * 0.25, s * 0.18]);
          ctx.beginPath();
          ctx.arc(c.x, c.y, s * 0.8, 0, 2 * Math.PI);
          ctx.stroke();
        }
        ctx.restore();
      }
    }

    if (view.result && view.result.line.length > 0) drawDecidingLine(view.result, colors);
    const lineLabels = shown.heat ? drawHeat(shown.heat, shown.pv, hovered) : [];
    if (shown.pv) drawLine(shown.pv, colors);
    drawLineLabels(lineLabels);

    if (view.last) {
      const lastCell = cells.find((cell) => cell.name === view.last);
      if (lastCell) {
        const c = center(lastCell);
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.17, 0, 2 * Math.PI);
        ctx.fillStyle = colors.lastMove;
        ctx.fill();
      }
    }
  }

  const pointer = bindPointer(canvas, {
    at: cellAt,
    clickable: (name) => interactive && legal.has(name),
    onClick: (name) => name !== null && onMove(name),
    redraw: () => draw(),
    onHover,
  });

  return {
    /** Draws `newView` (a describe() result); `canMove` enables hover on legal cells. */
    draw(newView, { canMove }) {
      view = newView;
      cells = newView.cells;
      interactive = canMove;
      legal = new Set(canMove ? newView.legal : []);
      pointer.refreshCursor();
      draw();
    },
    /**
     * Draws the engine's view on top of the position: `heat` = [{move, value (-1..1, 1 = as good
     * as the best move), label}] tints each scored cell, `pv` = [move] shows the
     * line as numbered ghost stones. Either may be null; overlay(null) clears both.
     */
    overlay(data) {
      shown = { heat: data?.heat ?? null, pv: data?.pv ?? null };
      draw();
    },
    /** Centre of the cell `name` in CSS pixels relative to the viewport, or null if unknown. */
    cellCenter(name) {
      const cell = cells.find((c) => c.name === name);
      if (!cell) return null;
      layout = computeLayout(); // the page may have scrolled or resized since the last draw
      return toViewport(layout.rect, center(cell));
    },
    /** For tests: the overlay as last drawn, {line: [{cell, number}], labels: [{cell, label, at: centre|edge}]}. */
    inspect() {
      return drawn;
    },
    /** The scored move at cell `name`: the cell is the move. */
    heatMove(name) {
      return shown.heat?.some((h) => h.move === name) ? name : null;
    },
    /** Unhooks everything above, so the next game's renderer gets a clean canvas. */
    destroy() {
      pointer.destroy();
      view = null;
      cells = [];
      shown = { heat: null, pv: null };
    },
  };
}

export default {
  title: 'Yavalath',
  create: createYavalathBoard,
  // The outline is a flat-top hexagon: width / height = 2 / sqrt(3).
  aspect: 1.155,
  setups: [
    { value: '', label: 'With steal' },
    { value: 'nosteal', label: 'No steal' },
    {
      value: '',
      label: 'Position…',
      custom: true,
      placeholder: 'rows a–i like ...../....../…/..... then x or o to move, then steal or -',
    },
  ],
  // The engine's reasons (see result_detail in src/games/yavalath.rs).
  reasons: {
    four: '{winner} wins: line of 4',
    three: '{winner} wins: {loser} made a line of 3',
    full: 'Draw: board full',
  },
  rules: `<ul>
    <li>Players take turns placing a stone on an empty cell. Player 1 starts.</li>
    <li>Make a line of <strong>four</strong> of your stones to win.</li>
    <li>But make a line of exactly <strong>three</strong> and you lose — unless the same move makes four.</li>
    <li>A full board is a draw.</li>
    <li>Steal (unless the setup is “No steal”): on player 2's first turn only, player 2 may take over
      player 1's stone instead of placing one (click it, or press Steal). This keeps player 1 from just
      taking the best cell.</li>
    <li>Score in the search panel: about +60 is one open threat for the side that searched.</li>
    <li>Position (the last setup, and the Position box under Share): the nine rows a to i from
      the top, separated by <code>/</code> (<code>.</code> empty, <code>x</code> player 1,
      <code>o</code> player 2), a space and <code>x</code> or <code>o</code> to move, a space and
      <code>steal</code> while the steal is still to come, else <code>-</code>. A finished game
      cannot be set up.</li>
  </ul>`,
};
