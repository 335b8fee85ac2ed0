// The shareable address of the game on screen, and move lists as text.
//
// A link holds the game and setup in the query (?game=yavalath&setup=nosteal, as links always
// have) and the moves and settings in the fragment (#moves=e5+d4&mode=human-engine&side=1…),
// so opening it restores the same position with the same opponent. Everything read back from a
// link is checked before use: a broken link opens what it can and says what it could not.

/** Fragment keys and the settings they carry. */
const SETTING_KEYS = {
  mode: { key: 'mode', parse: (v) => v },
  side: { key: 'humanSide', parse: Number },
  time: { key: 'budgetMs', parse: Number },
  level: { key: 'level', parse: (v) => v },
  engine: { key: 'engine', parse: (v) => v }, // for games with an engine picker (Amazons)
};

/**
 * The link to `game`/`setup` after `moves` with `settings` ({mode, humanSide, budgetMs, level,
 * engine?}; unset ones are left out),
 * built on `base` (the page's own address, whose other parameters are kept).
 */
export function shareUrl(base, { game, setup, moves, settings }) {
  const url = new URL(base);
  url.searchParams.set('game', game);
  if (setup) url.searchParams.set('setup', setup);
  else url.searchParams.delete('setup');
  const fragment = new URLSearchParams();
  if (moves.length > 0) fragment.set('moves', moves.join(' '));
  for (const [name, { key }] of Object.entries(SETTING_KEYS)) {
    if (settings[key] !== undefined && settings[key] !== null) fragment.set(name, String(settings[key]));
  }
  url.hash = fragment.toString();
  return url.href;
}

/**
 * What a link's fragment asks for: {moves: [move] | null, settings: {mode?, humanSide?,
 * budgetMs?, level?, engine?}}. Settings are returned raw; the caller validates them (settings.js).
 */
export function readSharedFragment(location) {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const moves = fragment.has('moves') ? parseMoveText(fragment.get('moves')) : null;
  const settings = {};
  for (const [name, { key, parse }] of Object.entries(SETTING_KEYS)) {
    if (fragment.has(name)) settings[key] = parse(fragment.get(name));
  }
  return { moves, settings };
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
