// The search panel: what the engine is thinking, refreshed after every completed iteration and
// left showing after the move so it can be read at leisure.

import { formatCount, formatMs, formatScore, formatSpeed, scoreTone } from './format.js';

/**
 * Binds the panel's elements (see the #search-panel section of index.html) and returns
 * `show(report)`, where report is `{who, moveNumber, thinking, iteration, stop}`:
 * who = "Player 2 (Engine)", iteration = the engine's last iteration (or null before the first),
 * stop = why the search ended ("time", "depth", "solved", or "stopped" by the app) once it has.
 */
export function createSearchPanel(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const empty = $('search-empty');
  const stats = $('search-stats');
  const who = $('search-who');
  const fields = {
    depth: $('stat-depth'),
    nodes: $('stat-nodes'),
    speed: $('stat-nps'),
    time: $('stat-time'),
    score: $('stat-score'),
    scoreNote: $('stat-score-note'),
    pv: $('stat-pv'),
  };

  function show(report) {
    if (!report) {
      empty.hidden = false;
      stats.hidden = true;
      who.textContent = '';
      return;
    }
    const { iteration, thinking, stop } = report;
    // "stopped": cut short by Pause, Undo or New game; "solved": the result is proven.
    const state = thinking ? 'thinking' : stop === 'solved' || stop === 'stopped' ? stop : 'done';
    who.textContent = `${report.who} · move ${report.moveNumber} · ${state}`;
    root.classList.toggle('is-thinking', thinking);
    if (!iteration) {
      // Searching, but no iteration has finished yet: keep the frame, clear the numbers.
      empty.hidden = true;
      stats.hidden = false;
      for (const el of Object.values(fields)) el.textContent = '…';
      fields.scoreNote.textContent = '';
      return;
    }
    empty.hidden = true;
    stats.hidden = false;
    fields.depth.textContent = `${iteration.depth} (sel ${iteration.seldepth})`;
    fields.nodes.textContent = formatCount(iteration.nodes);
    fields.speed.textContent = formatSpeed(iteration.nps);
    fields.time.textContent = formatMs(iteration.elapsed_ms);
    fields.score.textContent = formatScore(iteration.score);
    fields.score.dataset.tone = scoreTone(iteration.score);
    // The engine scores from its own side; say so, because in engine vs engine it alternates.
    fields.scoreNote.textContent = `for ${report.who}`;
    fields.pv.textContent = iteration.pv.length > 0 ? iteration.pv.join(' ') : '–';
  }

  return { show };
}
