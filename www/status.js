// The status line (whose turn, or how the game ended) and the message area (errors and refused
// moves, which stay visible until dismissed or until the next move, so none is lost).

import { playerTitle } from './players.js';

/** How the game ended, in words, e.g. "Player 2 wins: player 1 made a line of 3". */
export function resultText(result) {
  if (result.winner === null) return 'Draw: board full';
  const loser = result.winner === 1 ? 2 : 1;
  if (result.reason === 'four') return `Player ${result.winner} wins: line of 4`;
  return `Player ${result.winner} wins: player ${loser} made a line of 3`;
}

/** The status line for the current position and what the app is doing. */
export function statusText(view, { mode, humanSide, thinking, paused, halted }) {
  if (view.result) return resultText(view.result);
  const who = playerTitle(view.to_move, mode, humanSide);
  if (thinking) return `${who} thinking…`;
  if (halted) return `${who} to move · engine stopped`;
  if (paused) return `Paused · ${who} to move`;
  return `${who} to move`;
}

/**
 * Binds the message area: `show(text, {kind, action})` with kind "error" or "info" and an
 * optional action `{label, run}` rendered as a button (e.g. "Retry"); `clear()` hides it.
 */
export function createMessageArea(root) {
  const text = root.querySelector('.message-text');
  const actionButton = root.querySelector('.message-action');
  const dismissButton = root.querySelector('.message-dismiss');
  let action = null;

  function clear() {
    root.hidden = true;
    text.textContent = '';
    action = null;
  }

  function show(message, { kind = 'error', action: newAction = null } = {}) {
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
  dismissButton.addEventListener('click', clear);

  return { show, clear, get text() { return root.hidden ? '' : text.textContent; } };
}
