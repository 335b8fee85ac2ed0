// Engine scores turned into something comparable across positions and games: a winning chance
// (0..1) and a heat value (-1..1), both through the same logistic curve. The engine's evaluation
// units are arbitrary (Yavalath: about 60 per open threat), so the curve's scale is the game's
// own: game_info(game).score_scale from the engine (src/info.rs), passed in as `scale`.
//
// Pure functions, no DOM.

import { formatCount, formatScore } from './format.js';

/**
 * The winning chance (0..1) of the side a score belongs to. Proven results are certain: a win is
 * 1 and a loss 0, however far away; an evaluation goes through 1/(1+exp(-score/scale)), `scale`
 * being the evaluation units at which the curve gives about 73 % (1/(1+e^-1)).
 */
export function winChance(score, scale) {
  if (!score) return 0.5;
  if (score.kind === 'win') return 1;
  if (score.kind === 'loss') return 0;
  if (score.kind === 'draw') return 0.5;
  return 1 / (1 + Math.exp(-score.value / scale));
}

/** The same score seen by the other side: eval negated, a win becomes a loss in as many plies. */
export function flipScore(score) {
  if (!score) return score;
  if (score.kind === 'win') return { kind: 'loss', value: score.value };
  if (score.kind === 'loss') return { kind: 'win', value: score.value };
  if (score.kind === 'draw') return score;
  return { kind: 'eval', value: -score.value };
}

/** A score the engine gave from `searcher`'s side (1 or 2), seen by player 1. */
export function scoreForPlayer1(score, searcher) {
  return searcher === 1 ? score : flipScore(score);
}

/** A move this much below the best move's winning chance is coloured as bad as it gets. */
const HEAT_RANGE = 0.25;

/**
 * A move's heat: how its winning chance `chance` compares with the best move's `best` (1 = as
 * good, -1 = HEAT_RANGE less or worse), but never above what the chance itself means: a move
 * that leaves the mover behind (under 50 %) is never green, however it compares (amber just
 * under 50 %, red from 25 % down). A proven loss is -1.
 */
function heatValue(score, chance, best) {
  if (score.kind === 'loss') return -1;
  const relative = 1 - 2 * Math.min(1, (best - chance) / HEAT_RANGE);
  const absolute = chance >= 0.5 ? 1 : Math.max(-1, (chance - 0.5) / HEAT_RANGE);
  return Math.min(relative, absolute);
}

/**
 * Heat for the legal moves a report has no search value for, from the report's `static_root`
 * ([{move, score}]: every legal move's one-ply static score, which the worker adds while the
 * heatmap shows): [{move, value, label, static: true}]. `searched` names the moves the search
 * did value, which are left out. The value compares a move's static score with the best static
 * score of all legal moves (the same curve as searched moves, but its own best: one-ply scores
 * are not comparable with deeper ones); the label is its winning chance after a "~". Empty without
 * static_root.
 */
export function staticHeat(iteration, searched, scale) {
  const all = iteration?.static_root;
  if (!all?.length) return [];
  const chances = all.map(({ score }) => winChance(score, scale));
  const best = Math.max(...chances);
  const out = [];
  all.forEach(({ move, score }, i) => {
    if (searched.has(move)) return;
    out.push({
      move,
      value: heatValue(score, chances[i], best),
      label: `~${chanceLabel(score, scale)}`,
      static: true,
    });
  });
  return out;
}

/**
 * The root-move heatmap of an iteration: [{move, value, label, static?}], the searched moves in
 * the engine's order, then the moves it did not search (see staticHeat). The value says how a
 * move compares with the best one, which is what a player asks of a heatmap: 1 = as good as the
 * best, 0 = about 12 % less winning chance, -1 = 25 % less or a proven loss; capped by what the
 * chance means on its own (heatValue: a move that leaves the mover behind is never green). Moves with only an
 * upper bound (PVS proved them no better than that) are labelled "≤".
 */
export function heatFromIteration(iteration, scale) {
  if (!iteration?.root_moves?.length) return null;
  const chances = iteration.root_moves.map(({ score }) => winChance(score, scale));
  const best = Math.max(...chances);
  const searched = iteration.root_moves.map(({ move, score, bound }, i) => ({
    move,
    value: heatValue(score, chances[i], best),
    label: chanceLabel(score, scale, bound),
  }));
  return [...searched, ...staticHeat(iteration, new Set(searched.map((h) => h.move)), scale)];
}

/**
 * The root-move heatmap of an MCTS report: [{move, value, label, static?}], the visited moves,
 * most visited first, then the others (never visited, or not in the tree) with their static
 * score (see staticHeat; `scale` is its curve). `by` picks the visited moves' colour: "visits"
 * (1 = the most visited move, on a square-root scale so the runners-up still show; label: the
 * visits, e.g. "1.2k") or "value" (as for alpha-beta: how the move's winning chance compares
 * with the best move's; label: the chance in percent, or W3/L2 when proven). Without static
 * scores, unvisited root moves show at -1 with 0 visits.
 */
export function heatFromMcts(iteration, by, scale) {
  const moves = iteration?.root_moves;
  if (!moves?.length) return null;
  const withStatic = Boolean(iteration.static_root?.length);
  const tried = withStatic ? moves.filter((m) => m.visits > 0) : moves;
  const mostVisits = Math.max(1, ...tried.map((m) => m.visits));
  const bestValue = Math.max(...tried.map((m) => m.value));
  const visited = tried.map(({ move, visits, value, score }) => {
    if (by === 'value') {
      const proven = score.kind === 'win' || score.kind === 'loss';
      return {
        move,
        value: score.kind === 'loss' ? -1 : 1 - 2 * Math.min(1, (bestValue - value) / HEAT_RANGE),
        label: proven ? shortScore(score) : String(Math.round(100 * value)),
      };
    }
    return { move, value: 2 * Math.sqrt(visits / mostVisits) - 1, label: shortCount(visits) };
  });
  return [...visited, ...staticHeat(iteration, new Set(visited.map((h) => h.move)), scale)];
}

/** How many moves the heatmap's words (heatSummary) name. */
const SUMMARY_MOVES = 5;

/**
 * The heatmap in words, for screen readers (its colours have no text): the first root moves of
 * `iteration` and what colours them, winning chances on the curve of `scale` (game_info's
 * score_scale). Alpha-beta: "Move scores at depth 6, best first: a3 win in 1; e5 62 % to win;
 * d4 at most 45 % to win." MCTS (`by` as for heatFromMcts): "Most visited moves after 1.20 k
 * iterations: d3-d4/d3 812 visits, 54 % to win; …", or by value, best first. Empty without moves.
 */
export function heatSummary(iteration, by, scale) {
  const moves = iteration?.root_moves ?? [];
  if (moves.length === 0) return '';
  const bounded = { upper: 'at most ', lower: 'at least ', exact: '' };
  if (iteration.engine !== 'mcts') {
    const words = (m) => (m.score.kind === 'eval' ? `${Math.round(100 * winChance(m.score, scale))} % to win` : formatScore(m.score));
    const listed = moves.slice(0, SUMMARY_MOVES).map((m) => `${m.move} ${bounded[m.bound] ?? ''}${words(m)}`);
    return `Move scores at depth ${iteration.depth}, best first: ${listed.join('; ')}.${staticWords(iteration, moves)}`;
  }
  const ordered = by === 'value' ? [...moves].sort((a, b) => b.value - a.value) : moves;
  const chance = (m) => (m.score.kind === 'eval' ? `${Math.round(100 * m.value)} % to win` : formatScore(m.score));
  const listed = ordered.slice(0, SUMMARY_MOVES).map((m) => `${m.move} ${m.visits} visits, ${chance(m)}`);
  const head = by === 'value' ? 'Best moves by winning chance' : 'Most visited moves';
  const visited = moves.filter((m) => m.visits > 0);
  return `${head} after ${formatCount(iteration.iterations)} iterations: ${listed.join('; ')}.${staticWords(iteration, visited)}`;
}

/** The static part of heatSummary: how many legal moves have only a one-ply static score. */
function staticWords(iteration, searched) {
  const all = iteration.static_root?.length ?? 0;
  const rest = all - new Set(searched.map((m) => m.move)).size;
  return rest > 0 ? ` ${rest} of ${all} legal moves not searched: one-ply static evaluation only.` : '';
}

/** A count short enough for a cell: 950, 1.2k, 12k, 1.2M. */
export function shortCount(n) {
  if (n < 1000) return String(n);
  if (n < 10_000) return `${(n / 1000).toFixed(1)}k`;
  if (n < 1_000_000) return `${Math.round(n / 1000)}k`;
  return `${(n / 1_000_000).toFixed(1)}M`;
}

/**
 * A heatmap cell's number: the winning chance in percent for the side to move ("62"), as the
 * evaluation bar and the panel give it, or "W5" / "L2" / "D" for a proven result; "≤" / "≥" for
 * a bound. One unit on the whole page; the raw score stays in the panel's tooltip.
 */
export function chanceLabel(score, scale, bound = 'exact') {
  if (score.kind !== 'eval') return shortScore(score, bound);
  const prefix = bound === 'upper' ? '≤' : bound === 'lower' ? '≥' : '';
  return `${prefix}${Math.round(100 * winChance(score, scale))}`;
}

/** A score short enough to print inside a cell: "+31", "-4", "W5", "L2", with "≤" for bounds. */
export function shortScore(score, bound = 'exact') {
  const prefix = bound === 'upper' ? '≤' : bound === 'lower' ? '≥' : '';
  if (score.kind === 'win') return `${prefix}W${score.value}`;
  if (score.kind === 'loss') return `${prefix}L${score.value}`;
  if (score.kind === 'draw') return `${prefix}D`;
  return `${prefix}${score.value > 0 ? '+' : ''}${score.value}`;
}

/**
 * The evaluation bar's words for a score seen by player 1: the side ahead and the engine's own
 * number ("Player 2 +31"), or "<side> wins in N" (plies) for a proven result.
 */
export function evalBarText(scoreP1, sideName) {
  if (!scoreP1) return '';
  if (scoreP1.kind === 'win') return `${sideName(1)} wins in ${scoreP1.value}`;
  if (scoreP1.kind === 'loss') return `${sideName(2)} wins in ${scoreP1.value}`;
  if (scoreP1.kind === 'draw') return 'Draw (proven)';
  if (scoreP1.value === 0) return 'Even (0)';
  // Named by the side ahead, as "Player 2 +10" reads more easily than "-10".
  return scoreP1.value > 0 ? `${sideName(1)} ${formatScore(scoreP1)}` : `${sideName(2)} ${formatScore(flipScore(scoreP1))}`;
}

/** A heat value (-1..1) as a colour: red (bad) through amber to green (good), translucent. */
export function heatColor(value, alpha = 0.62) {
  const v = Math.max(-1, Math.min(1, value));
  const hue = 60 + v * 65; // -1 -> 355° (red), 0 -> 60° (amber), 1 -> 125° (green)
  return `hsla(${(hue + 360) % 360}, 78%, 50%, ${alpha})`;
}
