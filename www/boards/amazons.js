// Draws an 8x8 Amazons position on a <canvas> and collects a move from three clicks: an amazon,
// the square it moves to, the square its arrow burns.
//
// This file knows what an Amazons board looks like and how a move is spelled (`d8d1d7`: from, to,
// arrow), but no rules: the squares that light up after each click are read from the legal
// moves in the engine's describe() view, and the side to move and the result come from there
// too. Cells have x = file (0 = a) and y = rank - 1 (0 = rank 1); rank 8 is drawn at the top.
//
// A half-made move is cancelled by clicking the selected amazon again, a square that lights
// nothing, outside the board, the right mouse button or Escape; clicking another amazon of
// yours picks that one instead.

import { sizeBackingStore, toViewport } from './canvas.js';
import { bindPointer } from './pointer.js';
import { randomSeedEntry } from './randomsetup.js';
import { squareGrid } from './squaregrid.js';
import { bestBySquare, drawHeatSquare, drawSquareOverlay } from './squareoverlay.js';
import { drawTerritory } from './territoryshade.js';
import { themeColors } from './theme.js';

/** Space around the 8x8 squares for the file and rank labels, in squares. */
const MARGIN = 0.42;
/**
 * Moves of the best line drawn on the board: each move draws a path, an arrow and a burned
 * square, so a longer line crosses itself and hides the heatmap (the panel lists all of it).
 */
const LINE_SHOWN = 3;

/** The sides, player 1 first: their names (in messages and the page) and colours. */
const AMAZONS_SIDES = [
  { name: 'White', color: '#f1ece1' },
  { name: 'Black', color: '#34363c' },
];

/** The move's three squares, e.g. 'd8d1d7' -> ['d8', 'd1', 'd7']. */
function squaresOf(move) {
  return [move.slice(0, 2), move.slice(2, 4), move.slice(4, 6)];
}

function createAmazonsBoard(canvas, { onMove, onNotice, onHover = null }) {
  const ctx = canvas.getContext('2d');
  let view = null;
  let interactive = false;
  let legal = []; // legal move texts while the person may move
  let cells = [];
  let byName = new Map();
  let picked = []; // the clicks of a half-made move: [] or [from] or [from, to]
  const grid = squareGrid(canvas, 8, { pad: MARGIN });
  let shown = null; // the app's overlay: {heat, pv} (see overlay() below)
  let territory = null; // the app's territory shading: territory() data or null
  let drawnOverlay = { heat: [], line: [], labels: [], arrows: null }; // what the last draw showed of the overlay
  let arrowTargets = []; // the squares the last draw marked for the arrow of a half-made move

  const { corner, center } = grid;

  /** The name of the square under a canvas point, or null. */
  function cellAt(px, py) {
    const at = grid.at(px, py);
    return at && (cells.find((c) => c.x === at.x && c.y === at.y)?.name ?? null);
  }

  /** The squares the next click may choose, given the clicks so far. */
  function choices() {
    const out = new Set();
    const prefix = picked.join('');
    for (const m of legal) {
      if (m.startsWith(prefix)) out.add(squaresOf(m)[picked.length]);
    }
    return out;
  }

  function drawAmazon(c, owner, colors, alpha = 1) {
    const s = grid.s;
    ctx.save();
    ctx.globalAlpha = alpha;
    // A queen-like silhouette: a crown of five points over a round body.
    const w = s * 0.62;
    const baseY = c.y + s * 0.3;
    const topY = c.y - s * 0.3;
    ctx.beginPath();
    ctx.moveTo(c.x - w / 2, baseY);
    ctx.lineTo(c.x - w / 2, c.y - s * 0.02);
    const points = 5;
    for (let i = 0; i < points; i++) {
      const px = c.x - w / 2 + (w * i) / (points - 1);
      const tipY = i % 2 === 0 ? topY : topY + s * 0.08;
      const valleyX = px + w / (2 * (points - 1));
      ctx.lineTo(px, tipY);
      if (i < points - 1) ctx.lineTo(valleyX, c.y + s * 0.02);
    }
    ctx.lineTo(c.x + w / 2, baseY);
    ctx.closePath();
    ctx.fillStyle = colors.players[owner];
    ctx.fill();
    ctx.lineWidth = Math.max(1, s * 0.035);
    ctx.strokeStyle = owner === 1 ? 'rgba(0,0,0,0.55)' : 'rgba(255,255,255,0.6)';
    ctx.stroke();
    // The band under the crown.
    ctx.beginPath();
    ctx.rect(c.x - w / 2, baseY - s * 0.1, w, s * 0.1);
    ctx.fillStyle = owner === 1 ? 'rgba(0,0,0,0.18)' : 'rgba(255,255,255,0.18)';
    ctx.fill();
    ctx.restore();
  }

  function drawWall(cell) {
    const { x, y } = corner(cell);
    const s = grid.s;
    const inset = s * 0.06;
    ctx.save();
    ctx.fillStyle = '#4a3a2e';
    ctx.fillRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
    // Embers: a darker centre and a faint cross, so a burned square reads as burned.
    const g = ctx.createRadialGradient(x + s / 2, y + s / 2, s * 0.05, x + s / 2, y + s / 2, s * 0.5);
    g.addColorStop(0, 'rgba(20,12,8,0.8)');
    g.addColorStop(1, 'rgba(20,12,8,0)');
    ctx.fillStyle = g;
    ctx.fillRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
    ctx.strokeStyle = 'rgba(255,190,140,0.28)';
    ctx.lineWidth = Math.max(1, s * 0.04);
    ctx.beginPath();
    ctx.moveTo(x + s * 0.3, y + s * 0.3);
    ctx.lineTo(x + s * 0.7, y + s * 0.7);
    ctx.moveTo(x + s * 0.7, y + s * 0.3);
    ctx.lineTo(x + s * 0.3, y + s * 0.7);
    ctx.stroke();
    ctx.restore();
  }

  function ring(cell, color, width, radius = 0.44) {
    const c = center(cell);
    ctx.beginPath();
    ctx.arc(c.x, c.y, grid.s * radius, 0, 2 * Math.PI);
    ctx.strokeStyle = color;
    ctx.lineWidth = width;
    ctx.stroke();
  }

  function dot(cell, color, radius) {
    const c = center(cell);
    ctx.beginPath();
    ctx.arc(c.x, c.y, grid.s * radius, 0, 2 * Math.PI);
    ctx.fillStyle = color;
    ctx.fill();
  }

  function draw() {
    const layout = grid.update();
    const dpr = sizeBackingStore(canvas, layout.rect);
    const { s } = layout;
    const colors = themeColors(canvas);
    const hovered = pointer.hovered();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, canvas.width / dpr, canvas.height / dpr);

    // The frame, with file letters below and rank numbers on the left.
    ctx.fillStyle = colors.board;
    const pad = s * MARGIN;
    ctx.beginPath();
    ctx.roundRect(layout.left - pad, layout.top - pad, 8 * s + 2 * pad, 8 * s + 2 * pad, s * 0.18);
    ctx.fill();
    ctx.fillStyle = colors.label;
    ctx.font = `${Math.max(9, Math.round(s * 0.26))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let i = 0; i < 8; i++) {
      ctx.fillText(String.fromCharCode(97 + i), layout.left + (i + 0.5) * s, layout.top + 8 * s + pad / 2);
      ctx.fillText(String(8 - i), layout.left - pad / 2, layout.top + (i + 0.5) * s);
    }
    if (!view) return;

    const next = interactive ? choices() : new Set();
    const lastSquares = view.last ? squaresOf(view.last) : [];
    for (const cell of cells) {
      const { x, y } = corner(cell);
      const dark = (cell.x + cell.y) % 2 === 0;
      ctx.fillStyle = dark ? colors.board : colors.cell;
      if (interactive && cell.name === hovered && next.has(cell.name)) ctx.fillStyle = colors.cellHover;
      ctx.fillRect(x, y, s, s);
      if (dark) {
        ctx.fillStyle = 'rgba(90,65,30,0.16)';
        ctx.fillRect(x, y, s, s);
      }
    }
    // Territory, when the app asks for it: on the squares, under everything else.
    drawTerritory(ctx, territory, {
      cellByName: (name) => byName.get(name) ?? null,
      corner,
      size: s,
      area: { x: layout.left, y: layout.top, width: 8 * s, height: 8 * s },
      veil: colors.territoryVeil,
      players: colors.players,
      rims: [null, 'rgba(0,0,0,0.5)', 'rgba(255,255,255,0.6)'],
    });
    // The last move: its origin and landing squares tinted.
    for (const name of lastSquares.slice(0, 2)) {
      const cell = byName.get(name);
      if (!cell) continue;
      const { x, y } = corner(cell);
      ctx.fillStyle = 'rgba(255,200,60,0.28)';
      ctx.fillRect(x, y, s, s);
    }
    ctx.strokeStyle = colors.cellEdge;
    ctx.lineWidth = 1;
    ctx.strokeRect(layout.left, layout.top, 8 * s, 8 * s);

    const movedFrom = picked[0] ?? null;
    const movedTo = picked[1] ?? null;
    for (const cell of cells) {
      if (cell.wall) drawWall(cell);
      else if (cell.owner !== 0 && !(movedTo && cell.name === movedFrom)) drawAmazon(center(cell), cell.owner, colors);
    }
    if (view.last && byName.has(lastSquares[2])) {
      // The last arrow: a line from the amazon to the square it burned.
      const a = center(byName.get(lastSquares[1]));
      const b = center(byName.get(lastSquares[2]));
      ctx.save();
      ctx.strokeStyle = 'rgba(255,170,60,0.8)';
      ctx.lineWidth = Math.max(1.5, s * 0.05);
      ctx.setLineDash([s * 0.12, s * 0.09]);
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
      ctx.restore();
      ring(byName.get(lastSquares[2]), 'rgba(255,170,60,0.95)', Math.max(1.5, s * 0.05), 0.38);
    }

    // The move being made: the chosen amazon ringed, a ghost where it lands, dots where it may go.
    if (interactive && movedFrom && byName.has(movedFrom)) {
      ring(byName.get(movedFrom), colors.focus, Math.max(2, s * 0.07));
    }
    if (interactive && movedTo && byName.has(movedTo)) {
      drawAmazon(center(byName.get(movedTo)), view.to_move, colors, 0.85);
      ring(byName.get(movedTo), colors.focus, Math.max(2, s * 0.07));
    }
    arrowTargets = interactive && picked.length === 2 ? [...next] : [];
    if (interactive && picked.length > 0) {
      for (const name of next) {
        const cell = byName.get(name);
        if (!cell) continue;
        if (picked.length === 2) {
          // Arrow targets: the whole square washed in the arrow's orange (the colour of the
          // last arrow's ring) and a burned square in its middle, outlined so it shows on light
          // and dark squares alike; the one pointed at, bigger and solid.
          const c = center(cell);
          const on = name === hovered;
          ctx.fillStyle = on ? 'rgba(255,150,50,0.42)' : 'rgba(255,150,50,0.2)';
          ctx.fillRect(c.x - s / 2, c.y - s / 2, s, s);
          const half = s * (on ? 0.2 : 0.14);
          ctx.fillStyle = on ? 'rgba(200,90,20,1)' : 'rgba(220,110,30,0.85)';
          ctx.fillRect(c.x - half, c.y - half, 2 * half, 2 * half);
          ctx.lineWidth = Math.max(1, s * 0.025);
          ctx.strokeStyle = 'rgba(0,0,0,0.55)';
          ctx.strokeRect(c.x - half, c.y - half, 2 * half, 2 * half);
        } else {
          dot(cell, name === hovered ? colors.focus : 'rgba(79,124,255,0.45)', 0.14);
        }
      }
    } else if (interactive && hovered && next.has(hovered)) {
      ring(byName.get(hovered), colors.focus, Math.max(1.5, s * 0.045));
    }

    // The end: the loser's amazons, which have no move, ringed in red.
    if (view.result) {
      for (const name of view.result.line) {
        const cell = byName.get(name);
        if (cell) ring(cell, colors.lineThree, Math.max(2, s * 0.08), 0.46);
      }
    }

    // The engine's view: each square an amazon may go to, scored by the best move there (a
    // searched one if any, else the best static one, see bestBySquare); with an amazon picked,
    // only that amazon's moves. The start of the best line as numbered discs with the amazon's
    // path and, dashed, its arrow.
    const heat = shown?.heat && movedFrom ? shown.heat.filter((h) => h.move.startsWith(movedFrom)) : (shown?.heat ?? null);
    drawnOverlay = drawSquareOverlay(ctx, shown && { heat, pv: shown.pv?.slice(0, LINE_SHOWN) ?? null }, {
      cellByName: (name) => byName.get(name) ?? null,
      center,
      size: s,
      toMove: view.to_move,
      players: colors.players,
      squaresOf: (move) => {
        const [from, to, extra] = squaresOf(move);
        return { from, to, extra };
      },
      hovered,
    });
    drawnOverlay.arrows = drawArrowHeat(heat, movedFrom, movedTo, hovered);
  }

  /**
   * The arrows of one queen move over the heatmap: the move being made (amazon and destination
   * picked), else the best move to the hovered square. Its path is drawn and each square its
   * arrow may burn gets a small tile in the heat of that full move (static ones hatched), so the
   * thousand moves behind the destination colours can be read one queen move at a time.
   * Returns {queen: 'd1d7' (from and to), squares: [{cell, move, kind}]} or null.
   */
  function drawArrowHeat(heat, movedFrom, movedTo, hovered) {
    if (!heat?.length) return null;
    let queen = null;
    if (movedFrom && movedTo) queen = movedFrom + movedTo;
    else if (hovered) {
      const best = bestBySquare(heat, (h) => squaresOf(h.move)[1], (name) => name === hovered).get(hovered);
      if (best) queen = best.move.slice(0, 4);
    }
    if (!queen) return null;
    const through = heat.filter((h) => h.move.startsWith(queen));
    const tiles = bestBySquare(through, (h) => squaresOf(h.move)[2], (name) => byName.has(name));
    const s = grid.s;
    const a = center(byName.get(queen.slice(0, 2)));
    const b = center(byName.get(queen.slice(2, 4)));
    ctx.save();
    ctx.globalAlpha = 0.8;
    ctx.lineCap = 'round';
    ctx.strokeStyle = 'rgba(0,0,0,0.45)';
    ctx.lineWidth = Math.max(3, s * 0.1);
    ctx.beginPath();
    ctx.moveTo(a.x, a.y);
    ctx.lineTo(b.x, b.y);
    ctx.stroke();
    ctx.strokeStyle = 'rgba(79,124,255,0.9)';
    ctx.lineWidth = Math.max(1.5, s * 0.06);
    ctx.stroke();
    ctx.restore();
    const squares = [];
    for (const [name, h] of tiles) {
      const c = center(byName.get(name));
      drawHeatSquare(ctx, c, s, h, 0.42);
      ctx.save();
      ctx.strokeStyle = 'rgba(40,25,15,0.85)';
      ctx.lineWidth = Math.max(1, s * 0.03);
      ctx.strokeRect(c.x - s * 0.21, c.y - s * 0.21, s * 0.42, s * 0.42);
      ctx.restore();
      squares.push({ cell: name, move: h.move, kind: h.static ? 'static' : 'searched' });
    }
    return { queen, squares };
  }

  function reset() {
    picked = [];
  }

  function onClick(name) {
    const cell = name === null ? null : byName.get(name);
    if (!interactive) {
      // Nothing may be chosen now; a click still reaches the app, which explains why.
      if (cell) onMove(cell.name);
      return;
    }
    if (!cell) {
      reset();
      draw();
      return;
    }
    // (The arrow may go back to the square the amazon left, so look at the choices first.)
    const next = choices();
    if (picked.length > 0 && !next.has(cell.name) && cell.name === picked[0]) {
      reset();
      draw();
      return;
    }
    if (next.has(cell.name)) {
      picked.push(cell.name);
      if (picked.length === 3) {
        const move = picked.join('');
        reset();
        onMove(move);
        return;
      }
      // The queen move is chosen: the second half of the move is easy to miss.
      if (picked.length === 2) onNotice?.(`Now shoot the arrow: click a square the amazon on ${picked[1]} can reach (marked on the board).`);
      draw();
      return;
    }
    // Another amazon of the side to move starts a new selection.
    if (legal.some((m) => m.startsWith(cell.name))) {
      picked = [cell.name];
      draw();
      return;
    }
    // The opponent's amazon: say so (the engine's reason would read "b8 has no white amazon").
    if (picked.length === 0 && cell.owner !== 0 && cell.owner !== view.to_move) {
      const side = (p) => AMAZONS_SIDES[p - 1].name;
      onNotice?.(`${cell.name} is ${side(cell.owner)}'s amazon: ${side(view.to_move)} is to move, so click one of ${side(view.to_move)}'s.`);
      return;
    }
    // Anything else is refused: the app hands the would-be move to the engine, whose reason
    // ("the amazon on d3 cannot reach e5 …") the person then reads.
    const attempt = [picked[0] ?? name, picked[1] ?? name, name].join('');
    reset();
    draw();
    onMove(attempt);
  }
  function onContextMenu(event) {
    if (picked.length === 0) return;
    event.preventDefault();
    reset();
    draw();
  }
  function onKeyDown(event) {
    if (event.key === 'Escape' && picked.length > 0) {
      reset();
      draw();
    }
  }
  const pointer = bindPointer(canvas, {
    at: cellAt,
    clickable: (name) => interactive && (choices().has(name) || name === picked[0]),
    onClick,
    redraw: () => draw(),
    onHover,
  });
  canvas.addEventListener('contextmenu', onContextMenu);
  window.addEventListener('keydown', onKeyDown);

  return {
    /** Draws `newView`; `canMove` enables choosing squares. A half-made move is dropped. */
    draw(newView, { canMove }) {
      const samePosition = view && newView && view.ply === newView.ply && view.last === newView.last && view.to_move === newView.to_move;
      if (!samePosition || !canMove) reset();
      view = newView;
      cells = newView.cells;
      byName = new Map(cells.map((c) => [c.name, c]));
      interactive = canMove && !newView.result;
      legal = interactive ? newView.legal : [];
      draw();
    },
    /** The engine's view over the position (see the renderer contract in index.js). */
    overlay(data) {
      shown = data;
      draw();
    },
    /** Territory shading: territory() data for the position drawn, or null for none. */
    territory(data) {
      territory = data;
      draw();
    },
    cellCenter(name) {
      const cell = byName.get(name);
      if (!cell) return null;
      return toViewport(grid.update().rect, center(cell));
    },
    /** The move whose score the square `name` shows (the best one ending there, see bestBySquare). */
    heatMove(name) {
      return drawnOverlay.heat?.find((h) => h.cell === name)?.move ?? null;
    },
    /**
     * For tests: the overlay as last drawn, {heat: [{cell, move, kind: searched|static}], line:
     * [{cell, number}], labels: [{cell, label}], arrows: {queen, squares: [{cell, move, kind}]}
     * | null, arrowTargets: [square]} (arrows: the picked or hovered queen move's arrow squares,
     * see drawArrowHeat; arrowTargets: where the arrow of a half-made move may go, as marked).
     */
    inspect() {
      return { ...drawnOverlay, arrowTargets };
    },
    destroy() {
      pointer.destroy();
      canvas.removeEventListener('contextmenu', onContextMenu);
      window.removeEventListener('keydown', onKeyDown);
      view = null;
      cells = [];
      byName = new Map();
      shown = null;
      territory = null;
      reset();
    },
  };
}

export default {
  title: 'Amazons',
  create: createAmazonsBoard,
  setups: [
    { value: '', label: 'Seed 0' },
    randomSeedEntry('Random seed', 'seed:'),
    { value: '', label: 'Typed seed or position', custom: true, placeholder: 'seed:42, or ranks like ..b..b../…/..w..w.. w' },
  ],
  heatNote:
    'squares: the best move whose amazon lands there (searched moves first, else the best static one); point at a square to see that move\'s arrows',
  sides: AMAZONS_SIDES,
  reasons: {
    'no-moves': '{winner} wins: {loser} has no move',
  },
  rules: `<ul>
    <li>Each side has four amazons. White moves first.</li>
    <li>A move: one of your amazons moves like a chess queen (any distance in a straight line,
      never onto or across an amazon or a burned square), then shoots an arrow from where it
      landed, also like a queen. The arrow's square burns for the rest of the game. The square
      the amazon just left is free for its arrow.</li>
    <li>To play: click an amazon, then the square it goes to, then the square the arrow burns.
      Click the amazon again, press Escape or right-click to start over.</li>
    <li>If you cannot move on your turn, you lose. There are no draws.</li>
    <li>Start: CodinGame's random placement from a seed (one amazon a side per quadrant, black is
      white turned 180°). Type <code>seed:N</code> for CodinGame's seed N, or a position: eight
      ranks from 8 to 1 separated by <code>/</code> (<code>.</code> empty, <code>w</code>,
      <code>b</code>, <code>-</code> burned), a space and <code>w</code> or <code>b</code> to move.</li>
    <li>Score in the search panel: 16 is about one square of territory for the side that searched.</li>
    <li><strong>Territory</strong> (the checkbox under the controls) shades each empty square for the
      side whose amazons reach it in fewer queen moves (on a tie, fewer king steps), which is what
      the engine counts: the deeper the shade, the nearer. A whole square in solid colour is
      sealed: only that side's amazons can ever get there. Half-and-half squares are contested;
      grey hatching marks squares no amazon can reach.</li>
    <li>Heatmap: every square an amazon can move to is coloured by the best move landing there
      (of all its arrows). Both engines search only a selection of promising moves (about two
      dozen of the thousand at the start); a square that none of them reaches shows its best
      move's <em>static</em> score instead: the evaluation one move ahead, no search, drawn
      paler, hatched, with a dashed rim; its number (with a "~" before it) shows when you point
      at it, so only the searched moves carry numbers. Point at a coloured square
      (or pick an amazon and its destination) to see that queen move's path and a small tile on
      each square its arrow can burn, coloured the same way. With an amazon picked, the squares
      show only its moves. The board shows the first three moves of the best line; the search
      panel lists all of it.</li>
    <li>Two engines: alpha-beta (the depth it reaches, every move's score) and MCTS (Monte Carlo
      tree search: how often it tried each move, and each move's winning chance). Pick one under
      "Engine"; MCTS lists its moves in a table you can sort, and clicking a move shows the
      replies it considered.</li>
  </ul>`,
};
