// Draws an Ataxx position on a <canvas> and turns clicks into moves.
//
// This file knows what an Ataxx board looks like and how a move is spelled (`b6` a spawn,
// `a7c5` a jump, `0000` a pass); what is legal, whose turn it is and the result come from the
// engine's describe() view. A move takes one or two clicks: click one of your stones to see
// its spawn targets (distance 1, filled dots) and jump targets (distance 2, rings), then a
// target; or click an empty square to spawn there directly. With no move at all, a banner
// offers the pass and any click makes it.
//
// Geometry: 7x7 squares, file a..g left to right, rank 7 at the top. A strip under the board
// shows the stone counts. Captured stones flip with a short animation.

import { sizeBackingStore, watchRedraws } from './canvas.js';
import { drawSquareOverlay } from './squareoverlay.js';

const FILES = 'abcdefg';
const FLIP_MS = 260;
/** Height of the count strip under the board, in squares. */
const STRIP = 0.75;
const PAD = 0.2;

function readColors(element) {
  const css = getComputedStyle(element);
  const get = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    board: get('--board', '#d9d2c5'),
    cell: get('--cell', '#f4efe6'),
    cellHover: get('--cell-hover', '#ffffff'),
    cellEdge: get('--cell-edge', 'rgba(0,0,0,0.08)'),
    label: get('--cell-label', 'rgba(0,0,0,0.35)'),
    text: get('--text', get('--fg', '#222222')),
    players: [null, get('--p1', '#e0633a'), get('--p2', '#2f6fd6')],
    stoneRim: get('--stone-rim', 'rgba(0,0,0,0.25)'),
    lastMove: get('--last-move', '#ffffff'),
    win: get('--line-four', '#16a34a'),
    wall: get('--wall', get('--muted', '#6a707a')),
  };
}

/** The (file, rank) of a square name, or null. */
function parseSquare(name) {
  if (typeof name !== 'string' || name.length !== 2) return null;
  const f = FILES.indexOf(name[0]);
  const r = Number(name[1]) - 1;
  return f >= 0 && r >= 0 && r < 7 ? { f, r } : null;
}

function distance(a, b) {
  const p = parseSquare(a);
  const q = parseSquare(b);
  if (!p || !q) return Infinity;
  return Math.max(Math.abs(p.f - q.f), Math.abs(p.r - q.r));
}

/** A move's squares for the overlay: a spawn plays to one square, a jump from one to another. */
function squaresOf(move) {
  if (move.length === 2) return { from: null, to: move, extra: null };
  if (move.length === 4 && move !== '0000') return { from: move.slice(0, 2), to: move.slice(2), extra: null };
  return null; // the pass: no square
}

function createAtaxxBoard(canvas, { onMove }) {
  const ctx = canvas.getContext('2d');
  let view = null;
  let interactive = false;
  let legal = new Set();
  let cells = [];
  let owners = new Map(); // name -> owner, of the view on screen
  let selected = null; // our stone whose targets are shown
  let hovered = null;
  let flips = new Map(); // name -> {from, to} owners while the flip animation runs
  let flipStart = 0;
  let frame = 0;
  let layout = { s: 1, x0: 0, y0: 0, rect: null };
  let shown = null; // the app's overlay: {heat, pv} (see overlay() below)

  function computeLayout() {
    const rect = canvas.getBoundingClientRect();
    const s = Math.max(1, Math.min(rect.width / (7 + 2 * PAD), rect.height / (7 + STRIP + 2 * PAD)));
    const x0 = (rect.width - 7 * s) / 2;
    const y0 = (rect.height - (7 + STRIP) * s) / 2;
    return { s, x0, y0, rect };
  }


  /** Top-left corner of a cell's square (CSS px in the canvas). */
  function corner(cell) {
    return { x: layout.x0 + cell.x * layout.s, y: layout.y0 + (6 - cell.y) * layout.s };
  }
  function center(cell) {
    const c = corner(cell);
    return { x: c.x + layout.s / 2, y: c.y + layout.s / 2 };
  }

  function cellAtEvent(event) {
    const rect = canvas.getBoundingClientRect();
    const px = event.clientX - rect.left - layout.x0;
    const py = event.clientY - rect.top - layout.y0;
    const fx = Math.floor(px / layout.s);
    const ry = 6 - Math.floor(py / layout.s);
    if (fx < 0 || fx > 6 || ry < 0 || ry > 6) return null;
    return cells.find((c) => c.x === fx && c.y === ry) ?? null;
  }

  function mustPass() {
    return interactive && legal.size === 1 && legal.has('0000');
  }

  /** Targets of the selected stone: {near: Set, far: Set} of square names. */
  function targetsOf(from) {
    const near = new Set();
    const far = new Set();
    if (!from) return { near, far };
    for (const m of legal) {
      if (m.length === 2 && distance(from, m) === 1) near.add(m);
      else if (m.length === 4 && m.slice(0, 2) === from) far.add(m.slice(2));
    }
    return { near, far };
  }

  function hasMovesFrom(name) {
    for (const m of legal) {
      if (m.length === 4 && m.slice(0, 2) === name) return true;
      if (m.length === 2 && distance(name, m) === 1) return true;
    }
    return false;
  }

  function drawStone(c, radius, color, colors, squash = 1) {
    ctx.save();
    ctx.translate(c.x, c.y);
    ctx.scale(Math.max(0.04, squash), 1);
    ctx.beginPath();
    ctx.arc(0, 0, radius, 0, 2 * Math.PI);
    ctx.fillStyle = color;
    ctx.fill();
    const sheen = ctx.createRadialGradient(-radius * 0.35, -radius * 0.4, radius * 0.05, 0, 0, radius);
    sheen.addColorStop(0, 'rgba(255,255,255,0.35)');
    sheen.addColorStop(0.6, 'rgba(255,255,255,0)');
    ctx.fillStyle = sheen;
    ctx.fill();
    ctx.lineWidth = Math.max(1, radius * 0.08);
    ctx.strokeStyle = colors.stoneRim;
    ctx.stroke();
    ctx.restore();
  }

  function drawWall(cell, colors) {
    const { x, y } = corner(cell);
    const s = layout.s;
    const inset = s * 0.06;
    ctx.save();
    ctx.fillStyle = colors.wall;
    ctx.fillRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
    // Diagonal hatching so a wall never reads as a dark stone.
    ctx.beginPath();
    ctx.rect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
    ctx.clip();
    ctx.strokeStyle = 'rgba(255,255,255,0.16)';
    ctx.lineWidth = Math.max(1, s * 0.06);
    for (let k = -s; k < s; k += s / 4) {
      ctx.beginPath();
      ctx.moveTo(x + k, y + s);
      ctx.lineTo(x + k + s, y);
      ctx.stroke();
    }
    ctx.restore();
  }

  function draw(now = performance.now()) {
    layout = computeLayout();
    const dpr = sizeBackingStore(canvas, layout.rect);
    const { s, x0, y0 } = layout;
    const colors = readColors(canvas);
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, canvas.width / dpr, canvas.height / dpr);

    ctx.fillStyle = colors.board;
    const frameR = s * 0.18;
    ctx.beginPath();
    ctx.roundRect(x0 - s * 0.12, y0 - s * 0.12, 7 * s + s * 0.24, 7 * s + s * 0.24, frameR);
    ctx.fill();
    if (!view) return;

    const { near, far } = targetsOf(selected);
    const t = flips.size > 0 ? Math.min(1, (now - flipStart) / FLIP_MS) : 1;
    const winnerStones = new Set(view.result ? view.result.line : []);
    const lastTo = view.last && view.last !== '0000' ? view.last.slice(-2) : null;
    const lastFrom = view.last && view.last.length === 4 && view.last !== '0000' ? view.last.slice(0, 2) : null;

    for (const cell of cells) {
      const k = corner(cell);
      const c = center(cell);
      if (cell.wall) {
        drawWall(cell, colors);
        continue;
      }
      const target = near.has(cell.name) || far.has(cell.name);
      const hoverable =
        interactive &&
        hovered === cell.name &&
        (target || (cell.owner === view.to_move && hasMovesFrom(cell.name)) || (cell.owner === 0 && legal.has(cell.name)));
      ctx.fillStyle = hoverable ? colors.cellHover : colors.cell;
      ctx.fillRect(k.x + 1, k.y + 1, s - 2, s - 2);
      ctx.strokeStyle = colors.cellEdge;
      ctx.lineWidth = 1;
      ctx.strokeRect(k.x + 1, k.y + 1, s - 2, s - 2);

      if (cell.name === lastFrom) {
        // The square a jump left: a dashed outline in the mover's colour.
        const mover = owners.get(lastTo) ?? 0;
        ctx.save();
        ctx.setLineDash([s * 0.12, s * 0.1]);
        ctx.strokeStyle = colors.players[mover] ?? colors.label;
        ctx.lineWidth = Math.max(1, s * 0.05);
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.3, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.restore();
      }

      const flip = flips.get(cell.name);
      if (cell.owner !== 0 || flip) {
        let owner = cell.owner;
        let squash = 1;
        if (flip && t < 1) {
          // Turn the stone over: shrink sideways in the old colour, grow back in the new one.
          owner = t < 0.5 ? flip.from : flip.to;
          squash = Math.abs(Math.cos(t * Math.PI));
        }
        drawStone(c, s * 0.38, colors.players[owner], colors, squash);
        if (winnerStones.has(cell.name)) {
          ctx.strokeStyle = colors.win;
          ctx.lineWidth = Math.max(2, s * 0.07);
          ctx.beginPath();
          ctx.arc(c.x, c.y, s * 0.44, 0, 2 * Math.PI);
          ctx.stroke();
        }
      } else if (s >= 28 && !target) {
        ctx.fillStyle = colors.label;
        ctx.font = `${Math.round(s * 0.22)}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'middle';
        ctx.fillText(cell.name, c.x, c.y);
      }

      if (selected === cell.name) {
        ctx.strokeStyle = colors.players[view.to_move];
        ctx.lineWidth = Math.max(2, s * 0.08);
        ctx.strokeRect(k.x + s * 0.06, k.y + s * 0.06, s * 0.88, s * 0.88);
      }
      if (near.has(cell.name)) {
        // Spawn target: a filled dot (the stone stays and a copy appears).
        ctx.globalAlpha = hovered === cell.name ? 0.75 : 0.45;
        drawStone(c, s * (hovered === cell.name ? 0.38 : 0.16), colors.players[view.to_move], colors);
        ctx.globalAlpha = 1;
      } else if (far.has(cell.name)) {
        // Jump target: a ring (the stone moves here).
        ctx.strokeStyle = colors.players[view.to_move];
        ctx.globalAlpha = hovered === cell.name ? 0.9 : 0.55;
        ctx.lineWidth = Math.max(1.5, s * 0.06);
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.28, 0, 2 * Math.PI);
        ctx.stroke();
        ctx.globalAlpha = 1;
      }
      if (cell.name === lastTo && cell.owner !== 0) {
        ctx.beginPath();
        ctx.arc(c.x, c.y, s * 0.08, 0, 2 * Math.PI);
        ctx.fillStyle = colors.lastMove;
        ctx.fill();
      }
    }

    // File letters and rank numbers on the frame.
    if (s >= 22) {
      ctx.fillStyle = colors.label;
      ctx.font = `${Math.round(s * 0.16)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      for (let i = 0; i < 7; i++) {
        ctx.fillText(FILES[i], x0 + (i + 0.5) * s, y0 + 7 * s + s * 0.05);
        ctx.fillText(String(7 - i), x0 - s * 0.06, y0 + (i + 0.5) * s);
      }
    }

    // Stone counts under the board.
    const counts = [0, 0, 0];
    for (const cell of cells) counts[cell.owner] += 1;
    const cy = y0 + 7 * s + STRIP * s * 0.62;
    ctx.font = `600 ${Math.round(s * 0.3)}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    for (const p of [1, 2]) {
      const cx = x0 + (p === 1 ? 2.2 : 4.8) * s;
      drawStone({ x: cx - s * 0.35, y: cy }, s * 0.16, colors.players[p], colors);
      ctx.fillStyle = colors.text;
      ctx.textAlign = 'left';
      ctx.fillText(String(counts[p]), cx - s * 0.1, cy);
      if (!view.result && view.to_move === p) {
        ctx.fillRect(cx - s * 0.55, cy + s * 0.24, s * 0.9, Math.max(2, s * 0.04));
      }
    }

    drawSquareOverlay(ctx, shown, {
      cellByName: (name) => cells.find((c) => c.name === name && !c.wall) ?? null,
      center,
      size: s,
      toMove: view.to_move,
      players: colors.players,
      squaresOf,
    });

    if (mustPass()) {
      ctx.save();
      ctx.globalAlpha = 0.88;
      ctx.fillStyle = colors.board;
      ctx.fillRect(x0 + s * 1, y0 + s * 3, s * 5, s);
      ctx.globalAlpha = 1;
      ctx.fillStyle = colors.text;
      ctx.font = `600 ${Math.round(s * 0.3)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.fillText('No move: click to pass', x0 + 3.5 * s, y0 + 3.5 * s);
      ctx.restore();
    }

    if (flips.size > 0 && t < 1) {
      frame = requestAnimationFrame((ts) => draw(ts));
    } else if (flips.size > 0) {
      flips = new Map();
    }
  }

  function onPointerMove(event) {
    const name = cellAtEvent(event)?.name ?? null;
    if (name === hovered) return;
    hovered = name;
    draw();
  }
  function onPointerLeave() {
    hovered = null;
    draw();
  }
  function onClick(event) {
    if (mustPass()) {
      onMove('0000');
      return;
    }
    const cell = cellAtEvent(event);
    if (!cell) return;
    if (interactive && cell.owner === view.to_move && cell.owner !== 0) {
      selected = selected === cell.name ? null : cell.name;
      draw();
      return;
    }
    const { near, far } = targetsOf(selected);
    if (selected && far.has(cell.name)) {
      const mv = selected + cell.name;
      selected = null;
      onMove(mv);
    } else if (selected && near.has(cell.name)) {
      selected = null;
      onMove(cell.name);
    } else if (selected && cell.owner === 0 && !cell.wall && distance(selected, cell.name) === 2) {
      // Not a legal jump: let the app explain why.
      const mv = selected + cell.name;
      selected = null;
      onMove(mv);
    } else {
      selected = null;
      onMove(cell.name);
    }
  }
  const redraw = () => draw();

  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerleave', onPointerLeave);
  canvas.addEventListener('click', onClick);
  const stopWatching = watchRedraws(canvas, redraw);

  return {
    draw(newView, { canMove }) {
      const before = owners;
      const sameGame = view && newView.history.length === view.history.length + 1;
      view = newView;
      cells = newView.cells;
      owners = new Map(cells.map((c) => [c.name, c.owner]));
      interactive = canMove;
      legal = new Set(canMove ? newView.legal : []);
      if (!canMove || (selected && owners.get(selected) !== newView.to_move)) selected = null;
      // Stones that changed colour by one move are captures: flip them.
      cancelAnimationFrame(frame);
      flips = new Map();
      if (sameGame) {
        for (const c of cells) {
          const was = before.get(c.name) ?? 0;
          if (was !== 0 && c.owner !== 0 && was !== c.owner) flips.set(c.name, { from: was, to: c.owner });
        }
      }
      flipStart = performance.now();
      draw();
    },
    /** The engine's view over the position: heat on the squares moves play to, the best line. */
    overlay(data) {
      shown = data;
      draw();
    },
    cellCenter(name) {
      const cell = cells.find((c) => c.name === name);
      if (!cell) return null;
      layout = computeLayout();
      const c = center(cell);
      return { x: layout.rect.left + c.x, y: layout.rect.top + c.y };
    },
    destroy() {
      cancelAnimationFrame(frame);
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerleave', onPointerLeave);
      canvas.removeEventListener('click', onClick);
      stopWatching();
      canvas.style.cursor = '';
      view = null;
      cells = [];
      shown = null;
    },
  };
}

export default {
  title: 'Ataxx',
  create: createAtaxxBoard,
  aspect: 7.4 / (7.4 + STRIP),
  // 100 = one stone: a two-stone lead is about a 73 % winning chance on the eval bar.
  scoreScale: 200,
  setups: [
    { value: '', label: 'Empty board' },
    { value: 'walls:1', label: 'Symmetric walls #1' },
    { value: 'walls:2', label: 'Symmetric walls #2' },
    { value: 'walls:3', label: 'Symmetric walls #3' },
    { value: 'cg:x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1', label: 'Four walls' },
    { value: '', label: 'FEN or walls:SEED…', custom: true, placeholder: 'x5o/7/7/7/7/7/o5x x 0 1  or  walls:42' },
  ],
  // The engine's reasons (see Ataxx::end_reason in src/games/ataxx.rs).
  reasons: {
    'no-pieces': '{winner} wins: {loser} has no stones left',
    pieces: '{winner} wins on stones',
    equal: 'Draw: equal stones',
    turns: 'Draw: 300 turns',
    repetition: 'Draw: a position occurred three times',
    halfmove: 'Draw: 100 plies without a spawn',
  },
  rules: `<ul>
    <li>Player 1 starts on a7 and g1, player 2 on g7 and a1. Hatched squares are walls.</li>
    <li><strong>Spawn</strong>: put a stone on an empty square next to one of yours (8 directions).
      Click the square, or click your stone and then a filled dot.</li>
    <li><strong>Jump</strong>: move one of your stones exactly two squares away (rings); its old
      square empties. Click the stone, then the ring.</li>
    <li>After either, every enemy stone next to the new stone becomes yours.</li>
    <li>With no move you pass (click the board when asked); the game ends when a side has no
      stones or nobody can move, and the side with more stones wins.</li>
    <li>Draws: 300 turns, or the same board a third time. FEN setups use the engine world's rule
      instead: 100 plies without a spawn.</li>
    <li>Score in the search panel: 100 = one stone, for the side that searched.</li>
  </ul>`,
};
