// Turns engine numbers into short text for people: "1.2 M", "850 k/s", "+31", "win in 5".
// Pure functions, no DOM, so they are easy to read and to reuse on any panel.

/** A count with a k/M/G suffix: 950 -> "950", 12_345 -> "12.3 k", 1_234_567 -> "1.23 M". */
export function formatCount(n) {
  if (!Number.isFinite(n)) return '–';
  const units = [[1e9, 'G'], [1e6, 'M'], [1e3, 'k']];
  for (const [size, suffix] of units) {
    if (Math.abs(n) >= size) {
      const v = n / size;
      // Three significant digits is enough to compare searches by eye.
      const digits = v >= 100 ? 0 : v >= 10 ? 1 : 2;
      return `${v.toFixed(digits)} ${suffix}`;
    }
  }
  return String(Math.round(n));
}

/** Nodes per second, e.g. "1.20 M/s". */
export function formatSpeed(nps) {
  return `${formatCount(nps)}/s`;
}

/** Milliseconds, e.g. "87 ms" or "2.35 s". */
export function formatMs(ms) {
  if (!Number.isFinite(ms)) return '–';
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * An engine score as the engine reports it: from the point of view of the side that searched.
 * `{kind: "eval", value}` is a heuristic (about 60 = one open threat), shown signed;
 * `{kind: "win"|"loss", value}` is proven, value = plies until the game ends; `{kind: "draw"}`
 * is a proven draw.
 */
export function formatScore(score) {
  if (!score) return '–';
  switch (score.kind) {
    case 'win':
      return `win in ${score.value}`;
    case 'loss':
      return `loss in ${score.value}`;
    case 'draw':
      return 'draw';
    default:
      return score.value > 0 ? `+${score.value}` : String(score.value);
  }
}

/** "good", "bad" or "even" for colouring a score (from the searching side's view). */
export function scoreTone(score) {
  if (!score) return 'even';
  if (score.kind === 'win') return 'good';
  if (score.kind === 'loss') return 'bad';
  if (score.kind === 'draw') return 'even';
  return score.value > 0 ? 'good' : score.value < 0 ? 'bad' : 'even';
}
