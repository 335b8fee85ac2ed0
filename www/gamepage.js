// What changes on the page with the game: which games can be offered, and the game's own words
// and looks around the board (title, legend, colours, "How to play", the board's proportions).
// The link that opens a game is share.js's. The renderer entries are described in
// boards/index.js; nothing here knows any particular game.

/**
 * The games the page can offer: those the wasm build knows (`known`, in its order) that also
 * have a renderer in `renderers` (name -> entry). Returns [{name, title, entry}].
 */
export function availableGames(known, renderers) {
  return known
    .filter((name) => Object.hasOwn(renderers, name))
    .map((name) => ({ name, title: renderers[name].title, entry: renderers[name] }));
}

/** The name the page uses for `player` (1 or 2) in `entry`'s game: "Player 1" unless it says. */
export function sideName(entry, player) {
  return entry?.sides?.[player - 1]?.name ?? `Player ${player}`;
}

/**
 * Shows `entry`'s title, side names and colours, rules and board proportions in `doc` (see the
 * ids in index.html). Everything set here is reset by the next call, so no game leaves its
 * colours or words behind.
 */
export function showGameChrome(doc, entry) {
  const byId = (id) => doc.getElementById(id);
  doc.title = `BoardLab · ${entry.title}`;
  byId('game-title').textContent = entry.title;
  byId('board').setAttribute('aria-label', `${entry.title} board`);
  byId('rules-game').textContent = entry.title;
  byId('rules-body').innerHTML = entry.rules ?? ''; // the renderer's own HTML, not user input
  doc.querySelector('.board-frame').style.setProperty('--board-aspect', String(entry.aspect ?? 1));
  const root = doc.documentElement.style;
  for (const player of [1, 2]) {
    byId(`legend-name-p${player}`).textContent = sideName(entry, player);
    // A game's own colour overrides the theme's, for the canvas, legend and move list alike.
    const color = entry.sides?.[player - 1]?.color;
    if (color) root.setProperty(`--p${player}`, color);
    else root.removeProperty(`--p${player}`);
  }
}
