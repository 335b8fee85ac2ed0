// Text and numbers drawn over a board: haloed so they read on any tint, in light and dark
// themes, and the numbering of a line of moves where several moves share a cell.

/**
 * Writes `text` centred at (x, y) in `fill` over a `halo` outline (the font is the caller's).
 * The defaults are the heatmap's dark-on-light labels.
 */
export function haloText(ctx, text, x, y, { fill = '#1d2025', halo = 'rgba(255,255,255,0.8)', width = 3 } = {}) {
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.lineWidth = width;
  ctx.strokeStyle = halo;
  ctx.strokeText(text, x, y);
  ctx.fillStyle = fill;
  ctx.fillText(text, x, y);
}

/** A move number of a best line: white over a dark outline, on a ghost stone or disc. */
export function lineNumber(ctx, text, x, y) {
  haloText(ctx, text, x, y, { fill: '#ffffff', halo: 'rgba(0,0,0,0.5)' });
}

/**
 * The numbers of a line of moves by where they are drawn: `keys[i]` is the cell of move i + 1
 * (null: not drawn). Returns Map(key -> "1", or "1/2" when moves repeat a cell, e.g. a first
 * stone and the steal of it), in the order the cells first appear.
 */
export function numbersByCell(keys) {
  const numbers = new Map();
  keys.forEach((key, i) => {
    if (key === null || key === undefined) return;
    numbers.set(key, [...(numbers.get(key) ?? []), i + 1]);
  });
  return new Map([...numbers].map(([key, list]) => [key, list.join('/')]));
}
