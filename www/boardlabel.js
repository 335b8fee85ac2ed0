// The board in words, for screen readers: the canvas is a picture, so its label says what is on
// it. Built from the engine's view alone, so it works for every game; a renderer entry's
// cellWords(cell) (boards/index.js) names cells whose notation reads badly aloud (Connect 4's
// "4,6" becomes "column 4, row 1 from the bottom").

import * as boards from './boards/index.js';

/**
 * How a cell of `view`'s game is read out: name(cell), the separator of a list of names, and
 * the joint between a name and what the cell holds.
 */
function cellNaming(view) {
  const words = boards[view.game]?.cellWords;
  return words ? { name: words, separator: '; ', joint: ': ' } : { name: (cell) => cell.name, separator: ', ', joint: ', ' };
}

/**
 * "Yavalath board, move 5, Player 1 (You) to move. Player 1: e5, c3. Player 2: d4." `title` is
 * the game's name, `who(player)` how the status line names a side, `sideName(player)` the game's
 * name for it, `statusLine` the status text used once the game is over.
 */
export function boardLabel(view, { title, who, sideName, statusLine }) {
  const parts = [`${title} board, ${view.history.length} move${view.history.length === 1 ? '' : 's'} played`];
  parts[0] += view.result ? `. ${statusLine}.` : `, ${who(view.to_move)} to move.`;
  const { name, separator } = cellNaming(view);
  for (const player of [1, 2]) {
    const cells = view.cells.filter((c) => c.owner === player).map(name);
    parts.push(`${sideName(player)}: ${cells.length > 0 ? cells.join(separator) : 'none'}.`);
  }
  const walls = view.cells.filter((c) => c.wall).map(name);
  if (walls.length > 0) parts.push(`Blocked: ${walls.join(separator)}.`);
  if (view.last) parts.push(`Last move ${view.last}.`);
  return parts.join(' ');
}

/**
 * What one cell holds, for announcing the keyboard focus: "e5, empty" / "e5, Player 1", or with
 * the game's cellWords "column 3, row 2 from the bottom: Player 1".
 */
export function cellWords(view, name, sideName) {
  const cell = view.cells.find((c) => c.name === name);
  if (!cell) return name;
  const naming = cellNaming(view);
  const [label, joint] = [naming.name(cell), naming.joint];
  if (cell.wall) return `${label}${joint}blocked`;
  return `${label}${joint}${cell.owner === 0 ? 'empty' : sideName(cell.owner)}`;
}
