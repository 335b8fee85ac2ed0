// Keyboard play. On the board: the arrow keys move a focus cell, Enter (or Space) clicks it. On
// the page: "u" is Undo, Space pauses or resumes engine against engine, and ← / → / Home / End
// step through the game (the move before, the move after, the start, the last move).
//
// Nothing here knows a board's shape: cells are found through the renderer's cellCenter(), and
// an arrow goes to the nearest cell lying in its direction, which works for square, hexagonal and
// column boards alike. Enter is delivered as a click at the cell's centre, so games whose moves
// take several clicks (Ataxx, Amazons) are played exactly as with the mouse. The focus is shown
// by a ring laid over the canvas (#focus-ring), so renderers need no code for it.

const DIRECTIONS = {
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
};

/** Page keys that step through the game, and where to: app.js's navigate(where). */
const NAVIGATION = { ArrowLeft: 'back', ArrowRight: 'forward', Home: 'start', End: 'end' };

/** Elements where the arrow keys have their own meaning (a caret, a slider, a select). */
function usesArrows(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
}

/** Elements where keys have their own meaning (typing, choosing, pressing). */
function isEditable(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA|BUTTON|SUMMARY|A)$/.test(target.tagName));
}

/**
 * Binds keyboard play. `canvas` is the board, `ring` the focus ring, `getBoard()` the renderer,
 * `getView()` the describe() view on screen, `announce(name)` says which cell is focused, and
 * `actions` = {undo(), canPause() -> boolean (engine against engine is on), pauseToggle(),
 * navigate(where: "back" | "forward" | "start" | "end")}.
 * Returns {refresh()}, to be called after each redraw so the ring follows the board.
 */
export function createKeyboard({ canvas, ring, getBoard, getView, announce, actions }) {
  let focused = null; // the focused cell's name

  function centers() {
    const board = getBoard();
    const view = getView();
    if (!board || !view) return [];
    return view.cells
      .map((cell) => ({ name: cell.name, at: board.cellCenter(cell.name) }))
      .filter((c) => c.at !== null);
  }

  /** Where the focus starts: the last move, else the cell nearest the board's centre. */
  function startingCell(all) {
    const last = getView()?.last;
    if (last && all.some((c) => c.name === last)) return last;
    const rect = canvas.getBoundingClientRect();
    const mid = { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
    return nearest(all, mid)?.name ?? null;
  }

  function nearest(all, point) {
    let best = null;
    for (const c of all) {
      const d = Math.hypot(c.at.x - point.x, c.at.y - point.y);
      if (!best || d < best.d) best = { ...c, d };
    }
    return best;
  }

  /** The next cell from `from` in direction `dir`: close, and not far off the arrow's line. */
  function step(all, from, dir) {
    const origin = all.find((c) => c.name === from);
    if (!origin) return from;
    let best = null;
    for (const c of all) {
      const dx = c.at.x - origin.at.x;
      const dy = c.at.y - origin.at.y;
      const along = dx * dir.x + dy * dir.y;
      const across = Math.abs(dx * dir.y - dy * dir.x);
      // Within 60° of the arrow; sideways distance counts double, so straight on is preferred.
      if (along <= 1 || across > along * 1.8) continue;
      const cost = along + 2 * across;
      if (!best || cost < best.cost) best = { name: c.name, cost };
    }
    return best?.name ?? from;
  }

  /** Puts the ring on the focused cell, sized to the gap to its nearest neighbour. */
  function refresh() {
    // The ring is for keyboard users: a mouse click on the board clears `focused` (below).
    // Checked first, so redraws cost nothing while nobody uses the keyboard on the board.
    if (document.activeElement !== canvas || focused === null) {
      ring.hidden = true;
      return;
    }
    const all = centers();
    const me = all.find((c) => c.name === focused);
    if (!me) {
      focused = null; // the cell is gone (another game)
      ring.hidden = true;
      return;
    }
    ring.hidden = false;
    const others = all.filter((c) => c.name !== focused);
    const gap = others.length > 0 ? nearest(others, me.at).d : 40;
    const size = Math.max(16, gap * 0.92);
    const frame = ring.offsetParent?.getBoundingClientRect() ?? { left: 0, top: 0 };
    ring.style.width = ring.style.height = `${size}px`;
    ring.style.left = `${me.at.x - frame.left - size / 2}px`;
    ring.style.top = `${me.at.y - frame.top - size / 2}px`;
  }

  function clickFocused() {
    const at = getBoard()?.cellCenter(focused);
    if (!at) return;
    canvas.dispatchEvent(new MouseEvent('click', { clientX: at.x, clientY: at.y, bubbles: true }));
  }

  // A click on the board does not focus it (and takes the focus from a select, say): ← and → then
  // step through the game. The arrows move the focus ring once the board is reached with Tab.
  canvas.addEventListener('mousedown', (event) => {
    if (document.activeElement === canvas) return;
    event.preventDefault();
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  });

  canvas.addEventListener('keydown', (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const dir = DIRECTIONS[event.key];
    const all = centers();
    if (dir) {
      event.preventDefault();
      focused = focused === null ? startingCell(all) : step(all, focused, dir);
    } else if (event.key === 'Enter' || (event.key === ' ' && !actions.canPause())) {
      event.preventDefault(); // Space here plays the cell (the page's handler skips it)
      focused ??= startingCell(all);
      if (focused !== null) clickFocused();
    } else {
      return;
    }
    refresh();
    if (focused !== null) announce(focused);
  });
  canvas.addEventListener('pointerdown', () => {
    focused = null;
    ring.hidden = true;
  });
  canvas.addEventListener('focus', () => refresh());
  canvas.addEventListener('blur', () => (ring.hidden = true));

  document.addEventListener('keydown', (event) => {
    const where = NAVIGATION[event.key];
    if (where && !event.defaultPrevented && !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey && !usesArrows(event.target)) {
      event.preventDefault();
      actions.navigate(where);
      return;
    }
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isEditable(event.target)) return;
    if (event.key === 'u' || event.key === 'U') {
      event.preventDefault();
      actions.undo();
    } else if (event.key === ' ' && actions.canPause()) {
      event.preventDefault(); // no page scroll
      actions.pauseToggle();
    }
  });

  return { refresh, get focused() { return focused; } };
}
