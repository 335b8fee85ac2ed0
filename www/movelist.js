// The move list: one numbered line per move of the main line, in the engine's notation ("2. e5
// (steal)"), with a dot in the mover's colour, the game's note on the move if any ("steal",
// "pass") and, for engine moves, how long the engine took. Under a move, the variations tried
// instead of it (gametree.js), each on its own row in parentheses, "(3. a1 4. b2)", as Lichess
// shows them; a variation's own variations follow it, indented. The dot is an image named after
// the mover, so a screen reader hears "2. White e5"; copied text stays "2. e5", and the
// variations' parentheses are skipped by the import, which reads back the main line. Each move is
// a button that shows the position after it; the move on screen is marked, the moves after it
// on the line being viewed (stepped back from, still to come back to) are drawn paler.

import { formatMs } from './format.js';
import { continuation } from './gametree.js';

/**
 * Fills `listEl` (an <ol>) with the game's tree. `main` is the main line's nodes
 * (gametree.js) and `history` the engine's history of it ([{move, player, note, steal}]);
 * `historyOf(nodes)` gives the same for any line of nodes from the first move (a variation's);
 * `sideName(player)` names the mover ("White", "Player 1"); `onScreen` is the node of the
 * position on screen (the root: the start), `later` the set of nodes after it on the line
 * viewed; `onPick(node)` is called when a move is clicked; `marks[i]` is the review's class of
 * main-line move i ({cls, words, best, pv}, or null), shown in parentheses (so a copied list
 * still imports).
 */
export function renderMoveList(listEl, { main, history, historyOf, sideName, onScreen, later, onPick, marks = [] }) {
  const items = [];
  let shown = null; // the row holding the move on screen, to keep in view
  main.forEach((node, i) => {
    const entry = history[i];
    const li = document.createElement('li');
    li.className = `move p${entry.player}${node === onScreen ? ' current' : ''}${later.has(node) ? ' later' : ''}`;
    if (node === onScreen) shown = li;

    const number = document.createElement('span');
    number.className = 'move-number';
    number.textContent = `${i + 1}.`;

    const dot = document.createElement('span');
    dot.className = 'stone-dot';
    dot.setAttribute('role', 'img');
    dot.setAttribute('aria-label', sideName(entry.player));

    // Real spaces between the parts, so the line reads (and copies) as "2. e5 (steal) 156 ms".
    li.append(number, dot, ' ', moveButton(node, i + 1, onScreen, onPick));
    const note = noteOf(entry);
    if (note) li.append(tagged('move-tag', ` (${note})`));
    const mark = marks[i];
    if (mark) {
      const better = ['inaccuracy', 'mistake', 'blunder'].includes(mark.cls) && mark.best ? `: best was ${mark.best}` : '';
      const tag = tagged(`move-class ${mark.cls}`, ` (${mark.words}${better})`);
      if (better) tag.title = `Best was ${mark.best}, line: ${mark.pv.join(' ')} (${(100 * mark.loss).toFixed(1)} % winning chance lost)`;
      li.append(tag);
    }
    if (node.ms != null) li.append(tagged('move-time', ` ${formatMs(node.ms)}`));
    items.push(li);
    // The moves tried instead of this one, each a variation row under it.
    for (const other of node.parent.children.slice(1)) {
      shown = variationRows(other, i, 1, { items, historyOf, sideName, onScreen, later, onPick }) ?? shown;
    }
  });
  listEl.replaceChildren(...items);
  // Keep the move on screen in view (at the game's end, the newest), scrolling only the list
  // (never the page, which on a phone would carry the board out of sight).
  if (shown === null) {
    listEl.scrollTop = onScreen.parent === null ? 0 : listEl.scrollHeight;
  } else if (shown.offsetTop < listEl.scrollTop || shown.offsetTop + shown.offsetHeight > listEl.scrollTop + listEl.clientHeight) {
    listEl.scrollTop = shown.offsetTop - listEl.clientHeight / 2;
  }
}

/** The game's note on a move ("steal", "pass"), unless the move's own name says it (Connect 4's "steal"). */
function noteOf(entry) {
  const note = entry.note ?? (entry.steal ? 'steal' : null);
  return note && note !== entry.move ? note : null;
}

function tagged(className, text) {
  const span = document.createElement('span');
  span.className = className;
  span.textContent = text;
  return span;
}

/** The button of `node`, move number `number`: shows the position after it. */
function moveButton(node, number, onScreen, onPick) {
  const name = document.createElement('button');
  name.type = 'button';
  name.className = 'move-name';
  name.textContent = node.move;
  name.title = `Show the position after move ${number}`;
  if (node === onScreen) name.setAttribute('aria-current', 'step');
  name.addEventListener('click', () => onPick(node));
  return name;
}

/**
 * Appends to `items` the row of the variation starting with `first` (played as move
 * `start + 1`), `depth` levels under the main line, then the rows of the variations inside it.
 * Returns the row holding the move on screen, if one of them does.
 */
function variationRows(first, start, depth, context) {
  const { items, historyOf, sideName, onScreen, later, onPick } = context;
  const line = [first, ...continuation(first)];
  const history = historyOf(line).slice(start);
  const li = document.createElement('li');
  li.className = 'move variation';
  li.style.setProperty('--depth', String(depth));
  li.append('(');
  let shown = null;
  line.forEach((node, j) => {
    const entry = history[j];
    const span = document.createElement('span');
    span.className = `variation-move p${entry.player}${node === onScreen ? ' current' : ''}${later.has(node) ? ' later' : ''}`;
    if (node === onScreen) shown = li;
    if (j > 0) span.append(' ');
    const number = tagged('move-number', `${start + j + 1}.`);
    number.setAttribute('aria-label', `${start + j + 1}. ${sideName(entry.player)}`);
    span.append(number, moveButton(node, start + j + 1, onScreen, onPick));
    const note = noteOf(entry);
    if (note) span.append(tagged('move-tag', ` (${note})`.replace('(', '[').replace(')', ']')));
    li.append(span);
  });
  li.append(')');
  items.push(li);
  line.forEach((node, j) => {
    if (j === 0) return; // the first move's siblings are the caller's
    for (const other of node.parent.children.slice(1)) {
      shown = variationRows(other, start + j, depth + 1, context) ?? shown;
    }
  });
  return shown;
}
