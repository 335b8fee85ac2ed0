// The status line (whose turn, or how the game ended) and the message area (errors and refused
// moves, which stay visible until dismissed or until the next move, so none is lost).

import { playerTitle } from './players.js';

/**
 * How the game ended, in words, e.g. "Player 2 wins: Player 1 made a line of 3". `reasons` is the
 * game's {reason: text} (see boards/index.js), where {winner} and {loser} stand for side names;
 * a reason the game does not word reads "{winner} wins" or "Draw", so a new game's result is
 * never blank. `sideName(player)` names a side.
 */
export function resultText(result, reasons, sideName) {
  const draw = result.winner === null;
  let template = reasons?.[result.reason] ?? (draw ? 'Draw' : '{winner} wins');
  // A draw has no winner to name: a win's wording given with a draw (a reason the engine gives
  // for both) would read " wins" with the names blank, so it reads "Draw" instead.
  if (draw && /\{(winner|loser)\}/.test(template)) template = 'Draw';
  const loser = result.winner === 1 ? 2 : 1;
  return template
    .replaceAll('{winner}', draw ? '' : sideName(result.winner))
    .replaceAll('{loser}', draw ? '' : sideName(loser));
}

/**
 * The status line for the current position and what the app is doing; `game` = {reasons,
 * sideName(player)} for the game on screen.
 */
export function statusText(view, { mode, humanSide, thinking, analysing, paused, halted }, { reasons, sideName }) {
  if (view.result) return resultText(view.result, reasons, sideName);
  const who = playerTitle(view.to_move, mode, humanSide, sideName(view.to_move));
  if (thinking) return `${who} thinking…`;
  if (analysing) return `${who} to move · engine analysing…`;
  if (halted) return `${who} to move · engine stopped`;
  if (paused) return `Paused · ${who} to move`;
  return `${who} to move`;
}

/**
 * Binds the message area: `show(text, {kind, action, tag})` with kind "error" or "info", an
 * optional action `{label, run}` rendered as a button (e.g. "Retry") and an optional tag naming
 * what the message is about; `clear()` hides it, `clear(tag)` only if it is that tag's message
 * (e.g. "Wait for the engine", gone once the engine has moved).
 */
export function createMessageArea(root) {
  const text = root.querySelector('.message-text');
  const actionButton = root.querySelector('.message-action');
  const dismissButton = root.querySelector('.message-dismiss');
  let action = null;
  let shownTag = null;

  function clear(tag = null) {
    if (tag !== null && tag !== shownTag) return;
    shownTag = null;
    root.hidden = true;
    text.textContent = '';
    action = null;
  }

  function show(message, { kind = 'error', action: newAction = null, tag = null } = {}) {
    shownTag = tag;
    root.hidden = false;
    root.dataset.kind = kind;
    text.textContent = message;
    action = newAction;
    actionButton.hidden = !action;
    if (action) actionButton.textContent = action.label;
    // A message with an action (e.g. Retry after an engine error) stays until it is acted on or
    // the game moves on, so the way forward cannot be dismissed by accident.
    dismissButton.hidden = Boolean(action);
  }

  actionButton.addEventListener('click', () => {
    const run = action?.run;
    clear();
    run?.();
  });
  dismissButton.addEventListener('click', () => clear());

  return { show, clear, get text() { return root.hidden ? '' : text.textContent; } };
}
