// The shareable address of the game on screen, and move lists as text.
//
// A link holds everything in its fragment: the game, the setup, the moves and the settings
// (#game=yavalath&setup=nosteal&moves=e5+d4&ply=1&mode=human-engine&side=1…; ply: the move the
// viewer had stepped back to, when not the last), so opening it restores
// the same position with the same opponent, and none of it is ever sent to the server. Older
// links put the game and setup in the query (?game=yavalath&setup=nosteal#moves=…); those still
// open. Everything read back from a link is checked before use: a broken link opens what it can
// and says what it could not.

const text = { parse: (v) => v, write: String };
const number = { parse: Number, write: String };
// A flag is 1 or 0; anything else reads as text, which the settings check then drops.
const flag = { parse: (v) => (v === '1' ? true : v === '0' ? false : v), write: (v) => (v ? '1' : '0') };

/**
 * Fragment keys and the settings they carry. Keys are only ever added, so older links, which
 * lack the newer keys, still open (those settings stay as the visitor has them).
 */
const SETTING_KEYS = {
  mode: { key: 'mode', ...text },
  side: { key: 'humanSide', ...number },
  time: { key: 'budgetMs', ...number },
  level: { key: 'level', ...text },
  engine: { key: 'engine', ...text }, // for games with an engine picker (Amazons)
  delay: { key: 'delayMs', ...number }, // engine vs engine: the pause between moves
  analysis: { key: 'analysisBudgetMs', ...number }, // the engine's longest budget: until stopped
  overlay: { key: 'overlayPlay', ...flag }, // heatmap and best line while playing
  'analysis-overlay': { key: 'overlayAnalysis', ...flag }, // the same in analysis mode
  territory: { key: 'territory', ...flag }, // for boards with territory shading (Amazons)
  'heat-by': { key: 'mctsHeat', ...text }, // MCTS heatmap: "visits" or "value"
  threads: { key: 'threads', ...number }, // the engine's threads
  memory: { key: 'ttMb', ...number }, // the engine's table, MiB
};

/**
 * The link to `game`/`setup` after `moves`, viewed after its first `ply` moves (null: the last),
 * with `settings` ({mode, humanSide, budgetMs, level,
 * delayMs, analysisBudgetMs, overlayPlay, overlayAnalysis, engine?, territory?, mctsHeat?, threads?,
 * ttMb?};
 * unset ones are left out), built on `base` (the page's own address: its other query
 * parameters are kept; an older link's ?game= and ?setup= are dropped, the fragment says it).
 */
export function shareUrl(base, { game, setup, moves, ply = null, settings }) {
  const url = new URL(base);
  url.searchParams.delete('game');
  url.searchParams.delete('setup');
  const fragment = new URLSearchParams();
  fragment.set('game', game);
  if (setup) fragment.set('setup', setup);
  if (moves.length > 0) fragment.set('moves', moves.join(' '));
  if (ply !== null && ply < moves.length) fragment.set('ply', String(ply));
  for (const [name, { key, write }] of Object.entries(SETTING_KEYS)) {
    if (settings[key] !== undefined && settings[key] !== null) fragment.set(name, write(settings[key]));
  }
  url.hash = fragment.toString();
  return url.href;
}

/**
 * What a link asks for: {game (name | null), setup (string | null), moves ([move] | null), ply
 * (the number of moves to show, an integer from 0 up, or null: all),
 * settings: {mode?, humanSide?, budgetMs?, level?, engine?, delayMs?, analysisBudgetMs?,
 * overlayPlay?, overlayAnalysis?, territory?, mctsHeat?, threads?, ttMb?}}. The game and setup come from the
 * fragment, or from the query of an older link; null where the link does not say. Settings are
 * returned raw; the caller validates them (settings.js).
 */
export function readSharedLink(location) {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const named = fragment.has('game') ? fragment : query;
  const moves = fragment.has('moves') ? parseMoveText(fragment.get('moves')) : null;
  const settings = {};
  for (const [name, { key, parse }] of Object.entries(SETTING_KEYS)) {
    if (fragment.has(name)) settings[key] = parse(fragment.get(name));
  }
  const plyText = fragment.get('ply');
  const ply = plyText !== null && /^\d+$/.test(plyText) ? Number(plyText) : null;
  return { game: named.get('game'), setup: named.get('setup'), moves, ply, settings };
}

/** A move list as text: the moves in the game's notation, separated by spaces. */
export function moveText(moves) {
  return moves.join(' ');
}

/**
 * The moves in a pasted text: separated by spaces, commas or new lines. What the page's own move
 * list shows around the moves is skipped, so copying it works too: move numbers ("12."), notes
 * ("(steal)") and engine times ("156 ms", "2.35 s").
 */
export function parseMoveText(text) {
  return String(text)
    .replace(/\([^)]*\)/g, ' ')
    .replace(/\b\d+(\.\d+)?\s*m?s\b/g, ' ')
    .split(/[\s,;]+/)
    .filter((token) => token !== '' && !/^\d+\.$/.test(token));
}

/**
 * Copies `text` to the clipboard: the async Clipboard API where the page may use it, else the old
 * select-and-copy on a hidden text area (http pages, older browsers). Resolves true if copied.
 */
export async function copyText(text) {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permissions, focus): try the fallback below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  let copied = false;
  try {
    copied = document.execCommand('copy');
  } catch {
    copied = false;
  }
  area.remove();
  return copied;
}
