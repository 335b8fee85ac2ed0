// The MCTS root-move table in the search panel: every root move with its visits, value (winning
// chance) and best line, sortable by clicking a column heading; clicking a move (or Enter on it)
// drills down one level to that move's replies with their visits and values, and "All moves" (or
// Escape) goes back. Each report rebuilds the rows but keeps the sort and the move drilled into.

import { formatCount, formatScore } from './format.js';

/** The columns: key, heading, the value a row sorts by, and the first direction of a sort. */
const COLUMNS = [
  { key: 'move', label: 'Move', sortValue: (row) => row.move, firstDir: 'ascending' },
  { key: 'visits', label: 'Visits', sortValue: (row) => row.visits, firstDir: 'descending' },
  { key: 'value', label: 'Value', sortValue: (row) => row.value, firstDir: 'descending' },
  { key: 'pv', label: 'Best line', sortValue: null, firstDir: null },
];

/** Moves of a line shown in a row; the rest is in the row's tooltip. */
const LINE_SHOWN = 4;

/** A value as a person reads it: proven results in plies, else a winning chance in percent. */
export function valueText({ value, score }) {
  if (score?.kind === 'win' || score?.kind === 'loss' || score?.kind === 'draw') return formatScore(score);
  return `${(100 * value).toFixed(1)} %`;
}

/** `rows` sorted by `sort` = {key, dir}; ties keep the engine's order (most visited first). */
export function sortRows(rows, sort) {
  const column = COLUMNS.find((c) => c.key === sort.key && c.sortValue);
  if (!column) return rows;
  const sign = sort.dir === 'ascending' ? 1 : -1;
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => {
      const x = column.sortValue(a.row);
      const y = column.sortValue(b.row);
      const order = typeof x === 'string' ? x.localeCompare(y) : x - y;
      return order !== 0 ? sign * order : a.i - b.i;
    })
    .map(({ row }) => row);
}

/**
 * Binds the table (#mcts-table in index.html). Returns {show(iteration, sides), hide(),
 * state()}: `iteration` is an MCTS report (root_moves with visits, value, pv and replies),
 * `sides` = {toMove, other, key}: the names of the side to move and its opponent, for the
 * captions, and a key of the position searched (a new one leaves the drill-down).
 * state() is {sort: {key, dir}, drill: move | null, rows: [move]} as shown (for tests).
 */
export function createMctsTable(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const body = $('mcts-body');
  const caption = $('mcts-caption');
  const back = $('mcts-back');
  const head = root.querySelector('thead tr');
  let sort = { key: 'visits', dir: 'descending' };
  let drill = null; // the root move whose replies are shown, or null for the root moves
  let last = null; // {iteration, sides}: what show() was last given, to redraw on a click
  let shownRows = [];
  let rowsView = null; // which rows are on screen: 'root' or 'replies:<move>'
  let rowsByMove = new Map(); // their <tr> elements, kept between reports

  function sortButton(column) {
    const th = document.createElement('th');
    th.scope = 'col';
    th.className = `mcts-col-${column.key}`;
    if (!column.sortValue) {
      th.textContent = column.label;
      return th;
    }
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.sort = column.key;
    button.textContent = column.label;
    th.append(button);
    return th;
  }
  head.replaceChildren(...COLUMNS.map(sortButton));

  function render() {
    if (!last) return;
    const { iteration, sides } = last;
    const moves = iteration.root_moves ?? [];
    const parent = drill === null ? null : moves.find((m) => m.move === drill);
    if (drill !== null && !parent) drill = null; // the move is gone (a new position)
    const rows = parent ? parent.replies : moves;
    const total = rows.reduce((sum, r) => sum + r.visits, 0);
    back.hidden = parent === null;
    root.classList.toggle('is-drilled', parent !== null);
    caption.textContent = parent
      ? `Replies to ${parent.move} (${formatCount(parent.visits)} visits) · value for ${sides.other}`
      : `${moves.length} root moves · ${formatCount(iteration.iterations)} iterations${kept(iteration)} · value for ${sides.toMove}`;
    for (const th of head.children) {
      const key = th.querySelector('button')?.dataset.sort;
      th.setAttribute('aria-sort', key === sort.key ? sort.dir : 'none');
    }
    const sorted = sortRows(rows, sort);
    shownRows = sorted.map((r) => r.move);
    const view = parent ? `replies:${parent.move}` : 'root';
    if (view !== rowsView) {
      rowsView = view;
      rowsByMove = new Map();
    }
    const trs = sorted.map((row) => {
      let tr = rowsByMove.get(row.move);
      if (!tr) {
        tr = newRow(row.move, parent === null);
        rowsByMove.set(row.move, tr);
      }
      fillRow(tr, row, total, parent === null);
      return tr;
    });
    if (rows.length === 0) {
      const tr = document.createElement('tr');
      const td = cell('mcts-empty', parent ? 'No replies searched yet: the move has not been expanded.' : 'No moves yet.');
      td.colSpan = COLUMNS.length;
      tr.append(td);
      body.replaceChildren(tr);
      return;
    }
    // Rows are kept by move and only moved when the order changes, so a click or the keyboard
    // focus survives the reports arriving ten times a second.
    const current = [...body.children];
    if (current.length !== trs.length || current.some((tr, i) => tr !== trs[i])) {
      const focused = document.activeElement;
      body.replaceChildren(...trs);
      if (focused && body.contains(focused) && document.activeElement !== focused) focused.focus();
    }
  }

  function newRow(move, drillable) {
    const tr = document.createElement('tr');
    tr.dataset.move = move;
    if (drillable) {
      // A root move drills down: a row is a button for the keyboard too.
      tr.tabIndex = 0;
      tr.title = `Show the replies to ${move}`;
    }
    tr.append(cell('mcts-move', move), cell('mcts-visits', ''), cell('mcts-value', ''), cell('mcts-line', ''));
    return tr;
  }

  function fillRow(tr, row, total, isRoot) {
    const [, visits, value, line] = tr.children;
    // The numbers behind the text, for sorting checks (tests) and anyone reading the DOM.
    tr.dataset.visits = String(row.visits);
    tr.dataset.value = String(row.value);
    visits.style.setProperty('--share', String(total > 0 ? row.visits / total : 0));
    visits.textContent = formatCount(row.visits);
    value.textContent = valueText(row);
    line.textContent = isRoot ? lineText(row.pv) : '';
    line.title = isRoot ? (row.pv ?? []).join(' ') : '';
  }

  /** " (+1.2 k from the last search)" when the search started from the previous search's tree. */
  function kept(iteration) {
    return iteration.reused > 0 ? ` (+${formatCount(iteration.reused)} from the last search)` : '';
  }

  function cell(className, text) {
    const td = document.createElement('td');
    td.className = className;
    td.textContent = text;
    return td;
  }

  function lineText(pv = []) {
    const shown = pv.slice(0, LINE_SHOWN).join(' ');
    return pv.length > LINE_SHOWN ? `${shown} …` : shown;
  }

  function drillInto(move) {
    if (drill !== null || !move) return;
    drill = move;
    render();
    back.focus();
  }

  function goBack() {
    if (drill === null) return;
    const from = drill;
    drill = null;
    render();
    body.querySelector(`tr[data-move="${CSS.escape(from)}"]`)?.focus();
  }

  head.addEventListener('click', (event) => {
    const key = event.target.closest('button')?.dataset.sort;
    if (!key) return;
    const column = COLUMNS.find((c) => c.key === key);
    const flip = { ascending: 'descending', descending: 'ascending' };
    sort = sort.key === key ? { key, dir: flip[sort.dir] } : { key, dir: column.firstDir };
    render();
  });
  body.addEventListener('click', (event) => drillInto(event.target.closest('tr')?.dataset.move));
  body.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      drillInto(event.target.closest('tr')?.dataset.move);
    }
  });
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && drill !== null) {
      event.stopPropagation();
      goBack();
    }
  });
  back.addEventListener('click', goBack);

  return {
    show(iteration, sides) {
      root.hidden = false;
      // Another position: its moves are other moves, even where the names repeat.
      if (sides.key !== last?.sides.key) drill = null;
      last = { iteration, sides };
      render();
    },
    hide() {
      root.hidden = true;
      last = null;
      drill = null;
      rowsView = null;
      body.replaceChildren();
    },
    state() {
      return { sort: { ...sort }, drill, rows: [...shownRows] };
    },
  };
}
