// The board overlay (see overlay() in index.js) for games on squares whose moves name squares,
// shared by renderers that draw square cells: each move is scored on the square it plays to,
// and the best line is drawn as numbered discs on those squares, with a line from the square a
// piece leaves. What a move's squares are is the game's business: `squaresOf(move)` returns
// {from (or null), to, extra (or null: e.g. an Amazons arrow)}.

import { haloText, lineNumber } from './marks.js';
import { heatColor } from '../winchance.js';

/**
 * Strokes the current path in `color` over a darker, wider copy, so a line in a light side's
 * colour (Amazons' white) still shows on light squares.
 */
function haloStroke(ctx, color, width) {
  ctx.strokeStyle = 'rgba(0,0,0,0.4)';
  ctx.lineWidth = width + 2;
  ctx.stroke();
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.stroke();
}

/**
 * The heat entry each square shows, as a Map from square name to entry: of the moves `squareOf`
 * puts on a square, the best searched one, or if the search valued none there, the best static
 * one (heat entries with `static: true`, see staticHeat in ../winchance.js). Searched values win
 * over static ones whatever their colour: they are the deeper look, and the two are not on one
 * scale. `known(name)` says whether the square is on the board.
 */
export function bestBySquare(heat, squareOf, known) {
  const best = new Map();
  for (const h of heat ?? []) {
    const name = squareOf(h);
    if (!name || !known(name)) continue;
    const held = best.get(name);
    const better = !held || (held.static && !h.static) || (Boolean(held.static) === Boolean(h.static) && held.value < h.value);
    if (better) best.set(name, h);
  }
  return best;
}

/**
 * Tints the square centred at `c` (`size` CSS px a side, `scale` of it filled) in the heat
 * colour of `h`: solid for a searched move; for a static one (not searched) paler, hatched and
 * with a dashed rim, so the two read apart without colour too.
 */
export function drawHeatSquare(ctx, c, size, h, scale = 0.92) {
  const half = (size * scale) / 2;
  ctx.save();
  if (!h.static) {
    ctx.fillStyle = heatColor(h.value, 0.6);
    ctx.fillRect(c.x - half, c.y - half, 2 * half, 2 * half);
    ctx.restore();
    return;
  }
  ctx.fillStyle = heatColor(h.value, 0.3);
  ctx.fillRect(c.x - half, c.y - half, 2 * half, 2 * half);
  ctx.beginPath();
  ctx.rect(c.x - half, c.y - half, 2 * half, 2 * half);
  ctx.clip();
  ctx.strokeStyle = 'rgba(0,0,0,0.22)';
  ctx.lineWidth = Math.max(1, size * 0.025);
  ctx.beginPath();
  for (let d = -2 * half; d <= 2 * half; d += size * 0.16) {
    ctx.moveTo(c.x - half + d, c.y + half);
    ctx.lineTo(c.x + half + d, c.y - half);
  }
  ctx.stroke();
  ctx.restore();
  ctx.save();
  ctx.setLineDash([size * 0.07, size * 0.05]);
  ctx.strokeStyle = heatColor(h.value, 0.95);
  ctx.lineWidth = Math.max(1, size * 0.035);
  ctx.strokeRect(c.x - half, c.y - half, 2 * half, 2 * half);
  ctx.restore();
}

/**
 * Draws `shown` = {heat, pv} on `ctx`. `board` = {cellByName(name) -> cell | null,
 * center(cell) -> {x, y}, size (a square's side in CSS px), toMove (1|2), players (colours by
 * player number), squaresOf(move), hovered (the square under the pointer, or null)}. Layers,
 * bottom up: the heat tints, the line's paths, arrows and numbered discs, then the heat labels,
 * so no line mark hides a score. Each square shows one move's heat (see bestBySquare); static
 * ones in their own style (drawHeatSquare), and their number only on the hovered square: a
 * board full of one-ply guesses is noise, their colour carries them. Returns what
 * it drew: {heat: [{cell, move, kind: "searched" | "static"}], line: [{cell, number}], labels:
 * [{cell, label}]} (for a renderer's inspect()).
 */
export function drawSquareOverlay(ctx, shown, board) {
  const drawn = { heat: [], line: [], labels: [] };
  if (!shown) return drawn;
  const { size } = board;
  // Several moves may end on one square (Ataxx jumps, Amazons arrows): it shows the best.
  const best = bestBySquare(shown.heat, (h) => board.squaresOf(h.move)?.to, (name) => Boolean(board.cellByName(name)));
  ctx.save();
  for (const [name, h] of best) {
    drawHeatSquare(ctx, board.center(board.cellByName(name)), size, h);
    drawn.heat.push({ cell: name, move: h.move, kind: h.static ? 'static' : 'searched' });
  }
  drawn.line = shown.pv ? drawLine(ctx, shown.pv, board) : [];
  const discs = new Set(drawn.line.map((d) => d.cell));
  if (size >= 30) {
    for (const [name, h] of best) {
      if (!h.label || (h.static && name !== board.hovered)) continue;
      // Static scores in a lighter type: they are a glance, not the search's word.
      ctx.font = `${h.static ? '400' : '600'} ${Math.max(8, Math.round(size * 0.22))}px system-ui, sans-serif`;
      // A square with a numbered disc shows the number; the label goes to its lower edge.
      const c = board.center(board.cellByName(name));
      haloText(ctx, h.label, c.x, discs.has(name) ? c.y + size * 0.36 : c.y);
      drawn.labels.push({ cell: name, label: h.label });
    }
  }
  ctx.restore();
  return drawn;
}

/**
 * The best line: numbered discs on the squares the moves play to, with a line from the square a
 * piece leaves and, dashed, to an extra square (an Amazons arrow). Returns the discs drawn,
 * [{cell, number}].
 */
function drawLine(ctx, pv, board) {
  const { size } = board;
  const discs = [];
  let player = board.toMove;
  ctx.font = `700 ${Math.max(9, Math.round(size * 0.3))}px system-ui, sans-serif`;
  pv.forEach((move, i) => {
    const squares = board.squaresOf(move);
    const to = squares && board.cellByName(squares.to);
    if (to) {
      const c = board.center(to);
      const color = board.players[player];
      const from = squares.from && board.cellByName(squares.from);
      if (from) {
        const f = board.center(from);
        ctx.globalAlpha = 0.75;
        ctx.lineCap = 'round';
        ctx.beginPath();
        ctx.moveTo(f.x, f.y);
        ctx.lineTo(c.x, c.y);
        haloStroke(ctx, color, Math.max(2, size * 0.08));
      }
      const extra = squares.extra && board.cellByName(squares.extra);
      if (extra) {
        const e = board.center(extra);
        ctx.globalAlpha = 0.85;
        ctx.setLineDash([size * 0.08, size * 0.08]);
        ctx.beginPath();
        ctx.moveTo(c.x, c.y);
        ctx.lineTo(e.x, e.y);
        haloStroke(ctx, color, Math.max(2, size * 0.06));
        ctx.setLineDash([]);
        ctx.beginPath();
        ctx.rect(e.x - size * 0.2, e.y - size * 0.2, size * 0.4, size * 0.4);
        haloStroke(ctx, color, Math.max(2, size * 0.06));
      }
      ctx.globalAlpha = 0.85;
      ctx.beginPath();
      ctx.arc(c.x, c.y, size * 0.3, 0, 2 * Math.PI);
      ctx.fillStyle = color;
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = 'rgba(0,0,0,0.35)';
      ctx.stroke();
      ctx.globalAlpha = 1;
      lineNumber(ctx, String(i + 1), c.x, c.y);
      discs.push({ cell: squares.to, number: String(i + 1) });
    }
    player = player === 1 ? 2 : 1;
  });
  return discs;
}
