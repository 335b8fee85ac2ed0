// Canvas chores every board renderer shares: a backing store sized to the CSS box times the
// pixel density, and redraws when the size, the density or the colour theme changes.

/**
 * Sizes `canvas`'s backing store to `rect` (its CSS box) × devicePixelRatio, so lines stay sharp,
 * and returns that ratio. Resizing clears the canvas, so call it right before drawing.
 */
export function sizeBackingStore(canvas, rect) {
  const dpr = window.devicePixelRatio || 1;
  const width = Math.max(1, Math.round(rect.width * dpr));
  const height = Math.max(1, Math.round(rect.height * dpr));
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  return dpr;
}

/**
 * Calls `redraw` whenever the canvas changes size (window resize, phone rotation, layout change),
 * its pixel density changes (browser zoom, another screen) or the theme flips. Returns a function
 * that stops watching (for a renderer's destroy()).
 */
export function watchRedraws(canvas, redraw) {
  const resizeObserver = new ResizeObserver(redraw);
  resizeObserver.observe(canvas);
  window.addEventListener('resize', redraw);
  const darkMode = window.matchMedia('(prefers-color-scheme: dark)');
  darkMode.addEventListener('change', redraw);
  return () => {
    resizeObserver.disconnect();
    window.removeEventListener('resize', redraw);
    darkMode.removeEventListener('change', redraw);
  };
}

/**
 * A point in the canvas (CSS px from its top-left corner) in viewport CSS px, given the canvas's
 * box `rect` (getBoundingClientRect()): what a renderer's cellCenter() returns.
 */
export function toViewport(rect, point) {
  return { x: rect.left + point.x, y: rect.top + point.y };
}
