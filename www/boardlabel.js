// The board in words, for screen readers: the canvas is a picture, so its label says what is on
// it. Built from the engine's view alone, so it works for every game.

/**
 * "Yavalath board, move 5, Player 1 (You) to move. Player 1: e5, c3. Player 2: d4." `title` is
 * the game's name, `who(player)` how the status line names a side, `sideName(player)` the game's
 * name for it, `statusLine` the status text used once the game is over.
 */
export function boardLabel(view, { title, who, sideName, statusLine }) {
  const parts = [`${title} board, ${view.history.length} move${view.history.length === 1 ? '' : 's'} played`];
  parts[0] += view.result ? `. ${statusLine}.` : `, ${who(view.to_move)} to move.`;
  for (const player of [1, 2]) {
    const cells = view.cells.filter((c) => c.owner === player).map((c) => c.name);
    parts.push(`${sideName(player)}: ${cells.length > 0 ? cells.join(', ') : 'none'}.`);
  }
  const walls = view.cells.filter((c) => c.wall).map((c) => c.name);
  if (walls.length > 0) parts.push(`Blocked: ${walls.join(', ')}.`);
  if (view.last) parts.push(`Last move ${view.last}.`);
  return parts.join(' ');
}

/** What one cell holds, for announcing the keyboard focus: "e5, empty" / "e5, Player 1". */
export function cellWords(view, name, sideName) {
  const cell = view.cells.find((c) => c.name === name);
  if (!cell) return name;
  if (cell.wall) return `${name}, blocked`;
  return `${name}, ${cell.owner === 0 ? 'empty' : sideName(cell.owner)}`;
}
