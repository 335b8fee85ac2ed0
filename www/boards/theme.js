// The theme's colours for the boards, read from the page's CSS custom properties (style.css
// defines them for the light and the dark theme), so light/dark mode stays CSS's business. Read
// on every draw: the theme may flip, and a game's `sides` colours override --p1/--p2.

/**
 * The colours every board draws with: {board, cell, cellHover, cellEdge, label, text, muted,
 * players: [null, p1, p2], stoneRim, lastMove, lineFour, lineThree, focus, territoryVeil}.
 */
export function themeColors(element) {
  const css = getComputedStyle(element);
  const get = (name, fallback) => css.getPropertyValue(name).trim() || fallback;
  return {
    board: get('--board', '#d9d2c5'),
    cell: get('--cell', '#f4efe6'),
    cellHover: get('--cell-hover', '#ffffff'),
    cellEdge: get('--cell-edge', 'rgba(0,0,0,0.08)'),
    label: get('--cell-label', 'rgba(0,0,0,0.35)'),
    text: get('--text', '#222222'),
    muted: get('--muted', '#6a707a'),
    players: [null, get('--p1', '#e0633a'), get('--p2', '#2f6fd6')],
    stoneRim: get('--stone-rim', 'rgba(0,0,0,0.25)'),
    lastMove: get('--last-move', '#ffffff'),
    lineFour: get('--line-four', '#16a34a'),
    lineThree: get('--line-three', '#dc2626'),
    focus: get('--focus', '#4f7cff'),
    territoryVeil: get('--territory-veil', 'rgba(100,100,100,0.45)'),
  };
}
