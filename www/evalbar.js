// The evaluation bar under the board: player 1's winning chance as the share of the bar in
// player 1's colour (the rest in player 2's), with the engine's number or "X wins in N" on it.
// The chance comes from winchance.js, so a proven result fills the bar completely.

import { evalBarText, winChance } from './winchance.js';

/**
 * Binds the bar (#evalbar in index.html) and returns `show(evaluation, {sideName, scale})`:
 * evaluation = {scoreP1, depth} (a score seen by player 1 and the depth it comes from), or
 * {result} (describe()'s result of a finished game: the bar shows the outcome), or null to
 * hide the bar.
 */
export function createEvalBar(root) {
  const track = root.querySelector('.evalbar-track');
  const fill = root.querySelector('.evalbar-fill');
  const text = root.querySelector('.evalbar-text');

  function show(evaluation, { sideName, scale }) {
    root.hidden = !evaluation;
    if (!evaluation) return;
    if (evaluation.result) {
      const { winner } = evaluation.result;
      const share = winner === 1 ? 100 : winner === 2 ? 0 : 50;
      const words = winner === null ? 'Draw' : `${sideName(winner)} won`;
      fill.style.width = `${share}%`;
      text.textContent = words;
      track.setAttribute('aria-valuenow', String(share));
      track.setAttribute('aria-valuetext', words);
      root.title = words;
      return;
    }
    const chance = winChance(evaluation.scoreP1, scale);
    const percent = Math.round(chance * 100);
    fill.style.width = `${chance * 100}%`;
    const words = evalBarText(evaluation.scoreP1, sideName);
    const proven = evaluation.scoreP1.kind !== 'eval';
    // The same unit as the panel: the winning chance of the side ahead, the raw score on hover.
    const ahead = percent >= 50 ? `${sideName(1)} ${percent} %` : `${sideName(2)} ${100 - percent} %`;
    text.textContent = proven ? `${words} · depth ${evaluation.depth}` : `${ahead} to win · depth ${evaluation.depth}`;
    track.setAttribute('aria-valuenow', String(percent));
    track.setAttribute('aria-valuetext', `${words}: ${sideName(1)} about ${percent} % to win`);
    root.title = proven
      ? words
      : `Winning chance by the engine's evaluation (its raw score: ${words}): ${sideName(1)} about ${percent} %`;
  }

  return { show };
}
