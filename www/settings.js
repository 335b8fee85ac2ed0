// Settings that outlive the page: kept in localStorage under one key, as JSON. Storage may be
// missing or refuse (private windows, a full quota, a policy): then settings simply last as long
// as the page, and nothing breaks. What comes back is checked value by value, so a stale or
// hand-edited entry cannot put a nonsense value into a select. What the engine accepts (its
// engines, the think-time bounds) is the engine's to say: the checks take it as `limits`
// ({engines: ['alphabeta', …], budgetMs: {min, max}, ttMib: {default, max}}, from game_info, and
// maxThreads, the visitor's cores; see engineLimits in app.js).

const KEY = 'boardlab.settings.v1';

/**
 * What each setting may be under `limits`: a check per key. Unknown keys and values failing
 * their check are dropped when loading.
 */
const checks = ({ engines, budgetMs, ttMib, maxThreads }) => ({
  mode: (v) => ['human-engine', 'engine-engine', 'human-human', 'analysis'].includes(v),
  humanSide: (v) => v === 1 || v === 2,
  budgetMs: (v) => Number.isFinite(v) && v >= budgetMs.min && v <= budgetMs.max,
  delayMs: (v) => Number.isFinite(v) && v >= 0 && v <= 10_000,
  level: (v) => typeof v === 'string' && v.length < 40,
  analysisBudgetMs: (v) => Number.isFinite(v) && v >= budgetMs.min && v <= budgetMs.max,
  overlayPlay: (v) => typeof v === 'boolean',
  overlayAnalysis: (v) => typeof v === 'boolean',
  territory: (v) => typeof v === 'boolean',
  // The engine picked per game, e.g. {amazons: "mcts"} (games without a picker use their default).
  engines: (v) =>
    v !== null &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.entries(v).every(([game, engine]) => game.length < 40 && engines.includes(engine)),
  // What colours the MCTS heatmap: each move's share of the visits, or its value.
  mctsHeat: (v) => v === 'visits' || v === 'value',
  // How many best lines the panel shows (multi-PV), 1 to 5.
  lines: (v) => Number.isInteger(v) && v >= 1 && v <= 5,
  // The engine's threads, 1 to the visitor's cores.
  threads: (v) => Number.isInteger(v) && v >= 1 && v <= maxThreads,
  // The engine's table in MiB: a power of two up to the engine's cap.
  ttMb: (v) => Number.isInteger(v) && v >= 1 && v <= ttMib.max && (v & (v - 1)) === 0,
});

/** Keeps only the known, well-formed settings of `raw` under the engine's `limits`. */
export function validSettings(raw, limits) {
  const out = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [key, ok] of Object.entries(checks(limits))) {
    if (Object.hasOwn(raw, key) && ok(raw[key])) out[key] = raw[key];
  }
  return out;
}

/** The stored settings (only those valid under `limits`), or {} if none or storage is unavailable. */
export function loadSettings(limits) {
  try {
    return validSettings(JSON.parse(window.localStorage.getItem(KEY) ?? 'null'), limits);
  } catch {
    return {};
  }
}

/** Stores `settings` (only those valid under `limits`); silently does nothing where storage is unavailable. */
export function saveSettings(settings, limits) {
  try {
    window.localStorage.setItem(KEY, JSON.stringify(validSettings(settings, limits)));
  } catch {
    // No storage: the settings last as long as the page does.
  }
}
