// Named strength levels: presets of think time and depth cap, so "play me an easy game" does not
// need to know what a millisecond budget means. Choosing a level sets the think time; choosing a
// think time by hand switches to "Custom" (that time, no depth cap).

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
