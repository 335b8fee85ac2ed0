// The pointer and redraw wiring every board renderer needs: which cell (or column) the pointer
// is over, a hand cursor where a click does something, clicks passed on, and redraws when the
// hover changes or the canvas's size, pixel density or theme does (canvas.js).

import { watchRedraws } from './canvas.js';

/**
 * Binds `canvas`. `at(x, y)` names what lies under a canvas point (CSS px from the canvas's
 * top-left corner): a cell name, a column, or null. `clickable(key)` says whether clicking it
 * does something now (the cursor shows a hand). `onClick(key)` gets every click on the canvas,
 * off the board too (key null). `redraw()` draws the board again. `onHover(key)` (optional) hears
 * each change of what the pointer is over (null: off the board), after the redraw.
 * Returns {hovered() -> key | null, refreshCursor() (after the position or the turn changed),
 * destroy()}.
 */
export function bindPointer(canvas, { at, clickable, onClick, redraw, onHover = null }) {
  let hovered = null;

  function keyAt(event) {
    const rect = canvas.getBoundingClientRect();
    return at(event.clientX - rect.left, event.clientY - rect.top);
  }
  function refreshCursor() {
    canvas.style.cursor = hovered !== null && clickable(hovered) ? 'pointer' : 'default';
  }
  function onPointerMove(event) {
    const key = keyAt(event);
    if (key === hovered) return;
    hovered = key;
    refreshCursor();
    redraw();
    onHover?.(key);
  }
  function onPointerLeave() {
    hovered = null;
    refreshCursor();
    redraw();
    onHover?.(null);
  }
  function onPointerClick(event) {
    onClick(keyAt(event));
  }

  canvas.addEventListener('pointermove', onPointerMove);
  canvas.addEventListener('pointerleave', onPointerLeave);
  canvas.addEventListener('click', onPointerClick);
  const stopWatching = watchRedraws(canvas, () => redraw());

  return {
    hovered: () => hovered,
    refreshCursor,
    destroy() {
      canvas.removeEventListener('pointermove', onPointerMove);
      canvas.removeEventListener('pointerleave', onPointerLeave);
      canvas.removeEventListener('click', onPointerClick);
      stopWatching();
      canvas.style.cursor = '';
      hovered = null;
    },
  };
}
