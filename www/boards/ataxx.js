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
// shows the stone counts and which draw rules apply: a setup that is a plain FEN plays under the
// Ataxx engine world's rules, anything else under CodinGame's (src/games/ataxx.rs). The view
// names the rules in play (view.draw_rules) and the engine's game_info words them (src/info.rs).
// Captured stones flip with a short animation.

import { sizeBackingStore, toViewport } from './canvas.js';
import { bindPointer } from './pointer.js';
import { randomSeedEntry } from './randomsetup.js';
import { squareGrid } from './squaregrid.js';
import { drawSquareOverlay } from './squareoverlay.js';
import { drawStone } from './stone.js';
import { themeColors } from './theme.js';

const FILES = 'abcdefg';
const FLIP_MS = 260;
/** Height of the strip under the board (counts, then the rules), in squares. */
const STRIP = 1;
const PAD = 0.2;

/** The id of the draw rules a view plays under ('codingame' or 'engine'; see the file comment). */
function rulesOf(view) {
  return view?.draw_rules ?? null;
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

function createAtaxxBoard(canvas, { onMove, info, onHover = null }) {
  /** The strip's words for the rules of `view` (game_info's draw_rules). */
  const rulesNote = (view) => info?.draw_rules?.find((r) => r.id === rulesOf(view))?.note ?? '';
  const ctx = canvas.getContext('2d');
  let view = null;
  let interactive = false;
  let legal = new Set();
  let cells = [];
  let owners = new Map(); // name -> owner, of the view on screen
  let selected = null; // our stone whose targets are shown
  let flips = new Map(); // name -> {from, to} owners while the flip animation runs
  let lastFlips = []; // the stones the latest move turned over (animated or not)
  let flipStart = 0;
  let frame = 0;
  const grid = squareGrid(canvas, 7, { pad: PAD, below: STRIP });
  const { corner, center } = grid;
  let shown = null; // the app's overlay: {heat, pv} (see overlay() below)
  let counts = [0, 0, 0]; // stones by owner, as the strip shows them
  let drawnOverlay = { line: [], labels: [] }; // what the last draw showed of the overlay

  /** The name of the square under a canvas point, or null. */
  function cellAt(px, py) {
    const at = grid.at(px, py);
    return at && (cells.find((c) => c.x === at.x && c.y === at.y)?.name ?? null);
  }

  /** Whether hovering `name` lights it: a target, one of our stones that can move, a spawn. */
  function hoverable(name) {
    if (!interactive || name === null) return false;
    const { near, far } = targetsOf(selected);
    const owner = owners.get(name);
    return near.has(name) || far.has(name) || (owner === view.to_move && hasMovesFrom(name)) || (owner === 0 && legal.has(name));
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

  function drawWall(cell, colors) {
    const { x, y } = corner(cell);
    const s = grid.s;
    const inset = s * 0.06;
    ctx.save();
    ctx.fillStyle = colors.muted;
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
    const layout = grid.update();
    const dpr = sizeBackingStore(canvas, layout.rect);
    const { s, left: x0, top: y0 } = layout;
    const colors = themeColors(canvas);
    const hovered = pointer.hovered();
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
      ctx.fillStyle = hovered === cell.name && hoverable(cell.name) ? colors.cellHover : colors.cell;
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
        drawStone(ctx, c, s * 0.38, colors.players[owner], colors.stoneRim, squash);
        if (winnerStones.has(cell.name)) {
          ctx.strokeStyle = colors.lineFour;
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
        drawStone(ctx, c, s * (hovered === cell.name ? 0.38 : 0.16), colors.players[view.to_move], colors.stoneRim);
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

    // Stone counts under the board, then the draw rules in play.
    counts = [0, 0, 0];
    for (const cell of cells) if (!cell.wall) counts[cell.owner] += 1;
    const cy = y0 + 7 * s + STRIP * s * 0.45;
    ctx.font = `600 ${Math.round(s * 0.3)}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    for (const p of [1, 2]) {
      const cx = x0 + (p === 1 ? 2.2 : 4.8) * s;
      drawStone(ctx, { x: cx - s * 0.35, y: cy }, s * 0.16, colors.players[p], colors.stoneRim);
      ctx.fillStyle = colors.text;
      ctx.textAlign = 'left';
      ctx.fillText(String(counts[p]), cx - s * 0.1, cy);
      if (!view.result && view.to_move === p) {
        ctx.fillRect(cx - s * 0.55, cy + s * 0.24, s * 0.9, Math.max(2, s * 0.04));
      }
    }
    ctx.fillStyle = colors.label;
    ctx.font = `${Math.max(9, Math.round(s * 0.17))}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.fillText(rulesNote(view), x0 + 3.5 * s, y0 + 7 * s + STRIP * s * 0.85);

    drawnOverlay = drawSquareOverlay(ctx, shown, {
      cellByName: (name) => cells.find((c) => c.name === name && !c.wall) ?? null,
      center,
      size: s,
      toMove: view.to_move,
      players: colors.players,
      squaresOf,
      hovered,
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

  function onClick(name) {
    if (mustPass()) {
      onMove('0000');
      return;
    }
    const cell = name === null ? null : cells.find((c) => c.name === name);
    if (!cell) return;
    if (interactive && cell.owner === view.to_move && cell.owner !== 0) {
      selected = selected === cell.name ? null : cell.name;
      draw();
      return;
    }
    const { near, far } = targetsOf(selected);
    if (selected && far.has(cell.name)) {
      play(selected + cell.name);
    } else if (selected && near.has(cell.name)) {
      play(cell.name);
    } else if (selected && cell.owner === 0 && !cell.wall) {
      // Not a target of the selected stone (too far, say): the move it would be, so the app
      // shows the engine's reason; the stone stays selected for the next try.
      play(selected + cell.name);
    } else {
      play(cell.name);
    }
  }

  /** Hands `move` to the app; if it is refused, the stone picked before stays picked. */
  function play(move) {
    const was = selected;
    selected = null;
    if (!onMove(move)) {
      selected = was;
      draw();
    }
  }
  const pointer = bindPointer(canvas, { at: cellAt, clickable: hoverable, onClick, redraw: () => draw(), onHover });

  return {
    draw(newView, { canMove }) {
      const before = owners;
      const sameGame = view && newView.history.length === view.history.length + 1;
      // The page draws the same position again when other things change (the engine's state, a
      // setting): the flips of the last move, and their animation, stay as they are then.
      const redrawn =
        view &&
        newView.history.length === view.history.length &&
        newView.cells.every((c) => before.get(c.name) === c.owner);
      view = newView;
      cells = newView.cells;
      owners = new Map(cells.map((c) => [c.name, c.owner]));
      interactive = canMove;
      legal = new Set(canMove ? newView.legal : []);
      if (!canMove || (selected && owners.get(selected) !== newView.to_move)) selected = null;
      // Stones that changed colour by one move are captures: flip them.
      if (!redrawn) {
        cancelAnimationFrame(frame);
        flips = new Map();
        if (sameGame) {
          for (const c of cells) {
            const was = before.get(c.name) ?? 0;
            if (was !== 0 && c.owner !== 0 && was !== c.owner) flips.set(c.name, { from: was, to: c.owner });
          }
        }
        lastFlips = [...flips.keys()].sort();
        flipStart = performance.now();
      }
      pointer.refreshCursor();
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
      return toViewport(grid.update().rect, center(cell));
    },
    /** The move whose score the square `name` shows (the best one ending there, see bestBySquare). */
    heatMove(name) {
      return drawnOverlay.heat?.find((h) => h.cell === name)?.move ?? null;
    },
    /**
     * What the board shows beyond the view, for tests: the selected stone and its spawn (near)
     * and jump (far) targets, the stones the latest move turned over, the counts in the strip
     * and the draw rules it names ('codingame' or 'engine'); the overlay as drawn (line, labels).
     */
    inspect() {
      const { near, far } = targetsOf(selected);
      const shows = { selected, near: [...near].sort(), far: [...far].sort(), flipped: lastFlips };
      return { ...shows, counts: { 1: counts[1], 2: counts[2] }, rules: rulesOf(view), ...drawnOverlay };
    },
    destroy() {
      cancelAnimationFrame(frame);
      pointer.destroy();
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
  setups: [
    { value: '', label: 'Empty board' },
    { value: 'walls:1', label: 'Symmetric walls #1' },
    { value: 'walls:2', label: 'Symmetric walls #2' },
    { value: 'walls:3', label: 'Symmetric walls #3' },
    { value: 'cg:x5o/7/2-1-2/7/2-1-2/7/o5x x 0 1', label: 'Four walls' },
    randomSeedEntry('Random walls', 'walls:'),
    {
      value: '',
      label: 'FEN or walls:SEED…',
      custom: true,
      placeholder: 'walls:42 or cg:FEN: CodinGame rules · a plain FEN (x5o/7/7/7/7/7/o5x x 0 1): engine rules, 100-ply draw',
    },
  ],
  // The engine's reasons (see Ataxx::end_reason in src/games/ataxx.rs).
  reasons: {
    'no-pieces': '{winner} wins: {loser} has no stones left',
    'no-stones': 'Draw: neither side has a stone',
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
    <li>Draws: 300 turns, or the same board a third time (CodinGame rules). A setup typed as a
      plain FEN plays under the Ataxx engine world's rule instead: a draw after 100 plies without
      a spawn, no turn limit, no repetition rule; prefix it with <code>cg:</code> to keep
      CodinGame's. The line under the board says which rules apply.</li>
    <li>Random walls deals a new symmetric layout; its seed shows in the setup box and the link,
      so it can be shared.</li>
    <li>Score in the search panel: 100 = one stone, for the side that searched.</li>
  </ul>`,
};
