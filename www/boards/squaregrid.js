// The geometry of an n x n board of squares (Ataxx 7x7, Amazons 8x8) in a canvas: cells have
// x = file (0 = the left) and y = rank - 1 (0 = the bottom rank, drawn at the bottom).

/**
 * A grid of `n` x `n` squares centred in `canvas`, leaving `pad` squares of frame around it and
 * `below` squares under it (e.g. a strip of counts). Call update() before drawing or measuring:
 * the canvas may have been resized since.
 */
export function squareGrid(canvas, n, { pad = 0, below = 0 } = {}) {
  const grid = {
    /** The square's side, the grid's top-left corner (CSS px in the canvas) and the canvas's box. */
    s: 1,
    left: 0,
    top: 0,
    rect: null,
    update() {
      const rect = canvas.getBoundingClientRect();
      const s = Math.max(1, Math.min(rect.width / (n + 2 * pad), rect.height / (n + below + 2 * pad)));
      Object.assign(grid, { s, left: (rect.width - n * s) / 2, top: (rect.height - (n + below) * s) / 2, rect });
      return grid;
    },
    /** The top-left corner of `cell`'s square. */
    corner(cell) {
      return { x: grid.left + cell.x * grid.s, y: grid.top + (n - 1 - cell.y) * grid.s };
    },
    center(cell) {
      const c = grid.corner(cell);
      return { x: c.x + grid.s / 2, y: c.y + grid.s / 2 };
    },
    /** The {x, y} of the square under a canvas point, or null off the grid. */
    at(px, py) {
      const x = Math.floor((px - grid.left) / grid.s);
      const row = Math.floor((py - grid.top) / grid.s);
      return x >= 0 && x < n && row >= 0 && row < n ? { x, y: n - 1 - row } : null;
    },
  };
  return grid;
}
