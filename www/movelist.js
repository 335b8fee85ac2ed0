// The move list: one numbered line per move, in the engine's notation ("2. e5 (steal)"), with a
// dot in the mover's colour, the game's note on the move if any ("steal", "pass") and, for
// engine moves, how long the engine took. The dot is an image named after the mover, so a screen
// reader hears "2. White e5"; copied text stays "2. e5", which the import reads back.

import { formatMs } from './format.js';

/**
 * Fills `listEl` (an <ol>) from the engine's `history` ([{move, player, note, steal}]).
 * `moveTimes[i]` is the engine's wall time for move i in ms, or null for a human move;
 * `sideName(player)` names the mover ("White", "Player 1").
 */
export function renderMoveList(listEl, history, moveTimes, sideName) {
  const items = history.map((entry, i) => {
    const li = document.createElement('li');
    li.className = `move p${entry.player}`;

    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = `${i + 1}.`;

    const dot = document.createElement('span');
    dot.className = 'stone-dot';
    dot.setAttribute('role', 'img');
    dot.setAttribute('aria-label', sideName(entry.player));

    const name = document.createElement('span');
    name.className = 'move-name';
    name.textContent = entry.move;

    // Real spaces between the parts, so the line reads (and copies) as "2. e5 (steal) 156 ms".
    li.append(number, dot, ' ', name);
    const note = entry.note ?? (entry.steal ? 'steal' : null);
    if (note) {
      const tag = document.createElement('span');
      tag.className = 'move-tag';
      tag.textContent = ` (${note})`;
      li.append(tag);
    }
    if (moveTimes[i] != null) {
      const time = document.createElement('span');
      time.className = 'move-time';
      time.textContent = ` ${formatMs(moveTimes[i])}`;
      li.append(time);
    }
    return li;
  });
  listEl.replaceChildren(...items);
  // Keep the newest move in view, scrolling only the list (never the page, which on a phone
  // would carry the board out of sight).
  listEl.scrollTop = listEl.scrollHeight;
}
