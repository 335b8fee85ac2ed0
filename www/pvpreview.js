// The best line, step by step: hovering (or focusing) a move of the principal variation in the
// search panel shows, on a small second board, the position after the line up to that move;
// hovering a scored cell of the board's heatmap shows that move's own line the same way.
// The small board is the game's own renderer on another canvas, so every game gets it for free.

import { describePosition } from './rules.js';

/**
 * Binds the preview (#pv-preview in index.html). Returns {setGame(entry, info), show(position, pv,
 * upTo, title?), hide()}: `position` = {game, setup, moves} that the line starts from, `pv` the
 * line, `upTo` the index of the last move of it to play, `title` what the caption starts with
 * (default: "After 3 moves of the line").
 */
export function createPvPreview(root) {
  const canvas = root.querySelector('canvas');
  const caption = root.querySelector('.pv-preview-caption');
  let entry = null;
  let info = null; // the engine's game_info of the game (its renderer may word some of it)
  let board = null; // created on first use: most visitors never hover the line

  function setGame(newEntry, newInfo) {
    board?.destroy();
    board = null;
    entry = newEntry;
    info = newInfo;
    root.style.setProperty('--board-aspect', String(entry.aspect ?? 1));
    hide();
  }

  function show({ game, setup, moves }, pv, upTo, title = null) {
    let view;
    try {
      view = describePosition(game, setup, [...moves, ...pv.slice(0, upTo + 1)]);
    } catch {
      hide(); // a line that no longer fits the position (it cannot happen, but never show junk)
      return;
    }
    root.hidden = false;
    // A preview only shows: clicks on it play nothing.
    board ??= entry.create(canvas, { onMove: () => {}, info });
    board.draw(view, { canMove: false });
    caption.textContent = `${title ?? `After ${upTo + 1} move${upTo === 0 ? '' : 's'} of the line`}: ${pv.slice(0, upTo + 1).join(' ')}`;
  }

  function hide() {
    root.hidden = true;
  }

  return { setGame, show, hide };
}
