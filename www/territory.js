// Territory, for a game whose engine measures it (Amazons): which side reaches each empty square
// first, exactly as the engine's evaluation counts it. The numbers come from the page's wasm
// module (territory() in src/wasm/mod.rs, called through rules.js, which handles a crash); this
// module fetches them and writes the totals under the board. The board renderer draws the shading itself (boards/territoryshade.js).

import { territoryPosition } from './rules.js';

/**
 * territory() of the position after `moves` (an array of move names) from `setup`: {squares
 * [{name, claim, queen, king, sealed, exposed}], totals {white, black, contested, dead, sealed
 * {white, black}, exposed {white, black}}, regions [{owner, squares, moves, exact}], split}. Throws an Error for a game without
 * a territory measure or a position the rules refuse. Needs the module loaded (rules.js).
 */
export function territoryOf(game, setup, moves) {
  return territoryPosition(game, setup, moves);
}

/** The player number of a side word in the data ('white' is player 1). */
const PLAYER = { white: 1, black: 2 };

/** A coloured square before a side's name, in that side's colour (the .p1/.p2 classes). */
function swatch(side) {
  const span = document.createElement('span');
  span.className = `territory-swatch p${PLAYER[side]}`;
  span.setAttribute('aria-hidden', 'true');
  return span;
}

/** Appends `parts` to `el` with " · " between them; a part is a list of nodes and strings. */
function joinInto(el, parts) {
  parts.forEach((part, i) => {
    if (i > 0) el.append(' · ');
    el.append(...part);
  });
}

/**
 * Shows `data` (territoryOf(), or null to hide) in `box` = {root, totals, sealed} (elements):
 * "Territory: White 21 (5 exposed) · Black 17 · contested 6" ("(N exposed)" for the owned squares an
 * opponent amazon still reaches within two moves, "· dead N" when some squares are dead),
 * and, when a side has sealed regions, "Sealed: White 9 squares, 8 moves · Black …".
 * `sideName(player)` names players 1 and 2.
 */
export function showTerritoryTotals(box, data, sideName) {
  box.root.hidden = data === null;
  box.totals.replaceChildren();
  box.sealed.replaceChildren();
  if (data === null) return;
  const { totals } = data;
  box.totals.append('Territory: ');
  const exposed = (side) => (totals.exposed[side] > 0 ? ` (${totals.exposed[side]} exposed)` : '');
  const parts = ['white', 'black'].map((side) => [swatch(side), `${sideName(PLAYER[side])} ${totals[side]}${exposed(side)}`]);
  parts.push([`contested ${totals.contested}`]);
  if (totals.dead > 0) parts.push([`dead ${totals.dead}`]);
  joinInto(box.totals, parts);

  // Sealed regions: squares that side keeps for good, and how many moves it can make in them
  // (the engine solves small regions exactly; for larger ones the square count is a bound).
  const sealed = ['white', 'black']
    .map((side) => {
      const regions = data.regions.filter((r) => r.owner === side);
      if (regions.length === 0) return null;
      const moves = regions.reduce((sum, r) => sum + r.moves, 0);
      const exact = regions.every((r) => r.exact);
      const squares = totals.sealed[side];
      const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
      return [swatch(side), `${sideName(PLAYER[side])} ${plural(squares, 'square')}, ${exact ? '' : 'at most '}${plural(moves, 'move')}`];
    })
    .filter(Boolean);
  box.sealed.hidden = sealed.length === 0;
  if (sealed.length === 0) return;
  box.sealed.append('Sealed: ');
  joinInto(box.sealed, sealed);
  if (data.split) box.sealed.append('. The board has split: the side with more moves wins (equal: the side to move loses).');
}
