// A short highlight over cells of the board: a ring that pulses for a moment and goes, laid over
// the canvas (like the keyboard's focus ring), so any renderer gets it without drawing code. The
// page flashes the cells an engine's steal took over: a steal changes no cell's emptiness, so
// without it the move is easy to miss.

const FLASH_MS = 1_800; // the CSS animation's length (style.css .cell-flash); the ring goes after it

/**
 * Pulses a ring over each of the cells `names` of `board` (the renderer: its cellCenter() gives
 * a cell's centre in viewport px), inside `frame` (the positioned element over the canvas),
 * sized to the gap between neighbouring cells of `allNames` (every cell of the board).
 * Rings already pulsing are replaced.
 */
export function flashCells(board, frame, names, allNames) {
  for (const old of frame.querySelectorAll('.cell-flash')) old.remove();
  const centers = names.map((name) => board.cellCenter(name)).filter(Boolean);
  if (centers.length === 0) return;
  const box = frame.getBoundingClientRect();
  const size = Math.max(24, 0.95 * cellGap(board, centers[0], allNames));
  for (const at of centers) {
    const ring = document.createElement('div');
    ring.className = 'cell-flash';
    ring.setAttribute('aria-hidden', 'true');
    ring.style.width = ring.style.height = `${size}px`;
    ring.style.left = `${at.x - box.left - size / 2}px`;
    ring.style.top = `${at.y - box.top - size / 2}px`;
    frame.append(ring);
    setTimeout(() => ring.remove(), FLASH_MS + 100);
  }
}

/** The distance from `at` to the nearest other cell's centre (about a cell's width), in px. */
function cellGap(board, at, allNames) {
  let gap = Infinity;
  for (const name of allNames) {
    const c = board.cellCenter(name);
    const d = c ? Math.hypot(c.x - at.x, c.y - at.y) : Infinity;
    if (d > 1 && d < gap) gap = d;
  }
  return Number.isFinite(gap) ? gap : 40;
}
