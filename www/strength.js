// Named strength levels: presets of think time and depth cap, so "play me an easy game" does not
// need to know what a millisecond budget means. Choosing a level sets the think time; moving the
// think-time slider by hand switches to "Custom" (that time, no depth cap).

export const CUSTOM_LEVEL = 'custom';

/** The presets, weakest first. maxDepth null: as deep as the time allows. */
export const LEVELS = [
  { id: 'beginner', label: 'Beginner', budgetMs: 100, maxDepth: 2 },
  { id: 'casual', label: 'Casual', budgetMs: 250, maxDepth: 4 },
  { id: 'club', label: 'Club', budgetMs: 1000, maxDepth: 6 },
  { id: 'expert', label: 'Expert', budgetMs: 2000, maxDepth: null },
  { id: 'strong', label: 'Strong', budgetMs: 5000, maxDepth: null },
];

/** The level with this id, or null (for "custom" or an unknown id). */
export function levelById(id) {
  return LEVELS.find((level) => level.id === id) ?? null;
}

/** The depth cap a level imposes (null for none, and for custom). */
export function depthCapOf(id) {
  return levelById(id)?.maxDepth ?? null;
}

/** What a level means, for its tooltip: "Beginner: depth 2, 0.1 s per move". */
export function levelLabel(level) {
  const time = `${level.budgetMs / 1000} s`;
  return `${level.label}: ${level.maxDepth === null ? 'full depth' : `depth ${level.maxDepth}`}, ${time} per move`;
}

/**
 * The think times the slider offers, in ms: roughly even steps on a log scale from 0.1 s to 5 s
 * (each about 1.3 to 1.5 times the last), so the short times a phone wants get as much of the
 * track as the long ones. Every level's time is one of them.
 */
export const THINK_TIMES_MS = [100, 150, 200, 250, 350, 500, 700, 1000, 1500, 2000, 3000, 4000, 5000];

/** The slider step nearest to `ms` on a log scale (a stored or linked time between two steps). */
export function nearestThinkStep(ms) {
  let best = 0;
  for (let i = 1; i < THINK_TIMES_MS.length; i++) {
    if (Math.abs(Math.log(THINK_TIMES_MS[i] / ms)) < Math.abs(Math.log(THINK_TIMES_MS[best] / ms))) best = i;
  }
  return best;
}

/** A think time as the slider shows it: "0.25 s", "1 s". */
export function thinkTimeText(ms) {
  return `${ms / 1000} s`;
}
