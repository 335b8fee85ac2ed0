// The move list: one numbered line per move, in the engine's notation ("2. e5 (steal)"), with a
// dot in the mover's colour, the game's note on the move if any ("steal", "pass") and, for
// engine moves, how long the engine took. The dot is an image named after the mover, so a screen
// reader hears "2. White e5"; copied text stays "2. e5", which the import reads back. Each move
// is a button that shows the position after it; the move on screen is marked, the moves after
// it (stepped back from, still to come back to) are drawn paler.

import { formatMs } from './format.js';

/**
 * Fills `listEl` (an <ol>) from the engine's `history` ([{move, player, note, steal}]) of the
 * game's main line. `moveTimes[i]` is the engine's wall time for move i in ms, or null for a
 * human move; `sideName(player)` names the mover ("White", "Player 1"); `ply` is the number of
 * moves on screen (the moves after it are the ones stepped back from); `onPick(ply)` is called
 * with i + 1 when move i is clicked; `marks[i]` is the review's class of move i ({cls, words,
 * best, pv}, or null), shown in parentheses (so a copied list still imports).
 */
export function renderMoveList(listEl, history, moveTimes, sideName, { ply = history.length, onPick = null, marks = [] } = {}) {
  const items = history.map((entry, i) => {
    const li = document.createElement('li');
    li.className = `move p${entry.player}${i + 1 === ply ? ' current' : ''}${i + 1 > ply ? ' later' : ''}`;

    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = `${i + 1}.`;

    const dot = document.createElement('span');
    dot.className = 'stone-dot';
    dot.setAttribute('role', 'img');
    dot.setAttribute('aria-label', sideName(entry.player));

    const name = document.createElement('button');
    name.type = 'button';
    name.className = 'move-name';
    name.textContent = entry.move;
    name.title = `Show the position after move ${i + 1}`;
    if (i + 1 === ply) name.setAttribute('aria-current', 'step');
    if (onPick) name.addEventListener('click', () => onPick(i + 1));

    // Real spaces between the parts, so the line reads (and copies) as "2. e5 (steal) 156 ms".
    li.append(number, dot, ' ', name);
    // A steal's move is the word "steal" in some games (Connect 4): no "(steal)" after it.
    const note = entry.note ?? (entry.steal ? 'steal' : null);
    if (note && note !== entry.move) {
      const tag = document.createElement('span');
      tag.className = 'move-tag';
      tag.textContent = ` (${note})`;
      li.append(tag);
    }
    const mark = marks[i];
    if (mark) {
      const tag = document.createElement('span');
      tag.className = `move-class ${mark.cls}`;
      const better = ['inaccuracy', 'mistake', 'blunder'].includes(mark.cls) && mark.best ? `: best was ${mark.best}` : '';
      tag.textContent = ` (${mark.words}${better})`;
      if (better) tag.title = `Best was ${mark.best}, line: ${mark.pv.join(' ')} (${(100 * mark.loss).toFixed(1)} % winning chance lost)`;
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
  // Keep the move on screen in view (at the game's end, the newest), scrolling only the list
  // (never the page, which on a phone would carry the board out of sight).
  if (ply >= history.length) {
    listEl.scrollTop = listEl.scrollHeight;
  } else if (ply > 0) {
    const li = items[ply - 1];
    if (li.offsetTop < listEl.scrollTop || li.offsetTop + li.offsetHeight > listEl.scrollTop + listEl.clientHeight) {
      listEl.scrollTop = li.offsetTop - listEl.clientHeight / 2;
    }
  } else {
    listEl.scrollTop = 0;
  }
}
