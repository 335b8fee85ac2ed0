// Territory shading for a board of squares (Amazons): who reaches each empty square first, as
// the engine's evaluation counts it. The data is the wasm territory() result (see src/wasm/mod.rs):
// one entry per square with its claim ('white', 'black', 'contested', 'dead' or 'occupied'),
// the queen distances [white, black] and whether it is sealed.
//
// How it looks, drawn over the squares and under everything else (pieces, the last move, the
// move being made, the heatmap):
// - a neutral veil over the whole board first, so a light side's tiles and a dark side's both
//   stand out, on a light board or a dark one;
// - an owned square: a tile in the owner's colour, more opaque the nearer the owner is; an
//   exposed one (an opponent amazon still reaches it within two moves, so the engine counts it
//   at a discount) paler, with a dashed rim;
// - a sealed square (only one side's amazons can ever get there): the whole square, solid, and
//   each sealed region outlined;
// - a contested square: half in each side's colour;
// - a dead square (no amazon can reach it): grey hatching.

/** Tile opacity by the owner's queen distance: 1 move, 2, 3, then 4 or more. */
const ALPHA_BY_DISTANCE = [0.62, 0.42, 0.28, 0.2];
const ALPHA_SEALED = 0.92;
const ALPHA_CONTESTED = 0.36;
/** How much paler an exposed tile is than a safe one at the same distance. */
const EXPOSED_FADE = 0.55;
/** Player number of each side word in the data. */
const PLAYER = { white: 1, black: 2 };

/** The square `steps` = [files, ranks] away from `name` ('d4'), or null off the board. */
function neighbour(name, [files, ranks]) {
  const file = name.charCodeAt(0) - 97 + files;
  const rank = Number(name.slice(1)) + ranks;
  return file >= 0 && file < 8 && rank >= 1 && rank <= 8 ? `${String.fromCharCode(97 + file)}${rank}` : null;
}

/**
 * Outlines each sealed region: every side of a sealed square whose neighbour across it is not
 * sealed for the same side (rank 8 is drawn at the top).
 */
function outlineSealed(ctx, data, board) {
  const s = board.size;
  const sealedBy = new Map(data.squares.filter((q) => q.sealed).map((q) => [q.name, q.claim]));
  // [files, ranks] to the neighbour, and that side's end points in units of the square.
  const sides = [
    [[0, 1], [0, 0], [1, 0]],
    [[0, -1], [0, 1], [1, 1]],
    [[-1, 0], [0, 0], [0, 1]],
    [[1, 0], [1, 0], [1, 1]],
  ];
  ctx.lineWidth = Math.max(1.5, s * 0.05);
  ctx.lineCap = 'square'; // closes the outer corners where two sides meet
  for (const [name, claim] of sealedBy) {
    const cell = board.cellByName(name);
    if (!cell) continue;
    const { x, y } = board.corner(cell);
    ctx.beginPath();
    for (const [step, [x0, y0], [x1, y1]] of sides) {
      if (sealedBy.get(neighbour(name, step)) === claim) continue;
      ctx.moveTo(x + x0 * s, y + y0 * s);
      ctx.lineTo(x + x1 * s, y + y1 * s);
    }
    ctx.strokeStyle = board.rims[PLAYER[claim]];
    ctx.stroke();
  }
}

/**
 * The tile opacity of an owned square: solid when sealed, else by the owner's distance, paler
 * when exposed.
 */
function tileAlpha(square) {
  if (square.sealed) return ALPHA_SEALED;
  const distance = square.queen[PLAYER[square.claim] - 1] ?? ALPHA_BY_DISTANCE.length;
  const alpha = ALPHA_BY_DISTANCE[Math.min(distance, ALPHA_BY_DISTANCE.length) - 1];
  return square.exposed ? alpha * EXPOSED_FADE : alpha;
}

/**
 * Draws `data` (territory() output, or null for nothing) on `ctx`. `board` = {cellByName(name)
 * -> cell | null, corner(cell) -> {x, y} (top-left, CSS px), size (a square's side in CSS px),
 * area {x, y, width, height} (the squares' box, for the veil), veil (a CSS colour), players
 * (colours by player number), rims (a contrasting outline colour by player number)}.
 */
export function drawTerritory(ctx, data, board) {
  if (!data) return;
  const s = board.size;
  ctx.save();
  ctx.fillStyle = board.veil;
  ctx.fillRect(board.area.x, board.area.y, board.area.width, board.area.height);
  for (const square of data.squares) {
    const cell = board.cellByName(square.name);
    if (!cell) continue;
    const { x, y } = board.corner(cell);
    const player = PLAYER[square.claim];
    if (player && square.sealed) {
      ctx.globalAlpha = ALPHA_SEALED;
      ctx.fillStyle = board.players[player];
      ctx.fillRect(x, y, s, s);
    } else if (player) {
      const inset = s * 0.08;
      ctx.globalAlpha = tileAlpha(square);
      ctx.beginPath();
      ctx.roundRect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, s * 0.1);
      ctx.fillStyle = board.players[player];
      ctx.fill();
      ctx.globalAlpha = Math.min(1, tileAlpha(square) + 0.25);
      ctx.lineWidth = Math.max(1, s * 0.03);
      ctx.strokeStyle = board.rims[player];
      ctx.setLineDash(square.exposed ? [s * 0.1, s * 0.07] : []);
      ctx.stroke();
      ctx.setLineDash([]);
    } else if (square.claim === 'contested') {
      // White's half above the diagonal, black's below: both reach it as fast.
      const inset = s * 0.08;
      const [left, top, right, bottom] = [x + inset, y + inset, x + s - inset, y + s - inset];
      ctx.globalAlpha = ALPHA_CONTESTED;
      for (const [player, corner] of [[1, [left, top]], [2, [right, bottom]]]) {
        ctx.beginPath();
        ctx.moveTo(right, top);
        ctx.lineTo(...corner);
        ctx.lineTo(left, bottom);
        ctx.closePath();
        ctx.fillStyle = board.players[player];
        ctx.fill();
      }
    } else if (square.claim === 'dead') {
      const inset = s * 0.2;
      ctx.save();
      ctx.beginPath();
      ctx.rect(x + inset, y + inset, s - 2 * inset, s - 2 * inset);
      ctx.clip();
      ctx.globalAlpha = 0.6;
      ctx.strokeStyle = 'rgb(128,128,128)';
      ctx.lineWidth = Math.max(1, s * 0.025);
      ctx.beginPath();
      for (const t of [-0.4, -0.2, 0, 0.2, 0.4]) {
        ctx.moveTo(x + t * s, y + s);
        ctx.lineTo(x + (t + 1) * s, y);
      }
      ctx.stroke();
      ctx.restore();
    }
  }
  ctx.globalAlpha = 1;
  outlineSealed(ctx, data, board);
  ctx.restore();
}
