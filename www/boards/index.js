// The games this page can show, one renderer module per game. Adding a game to the page is one
// file (www/boards/<game>.js) plus one line below, exported under the engine's name for the game
// (the name `games()` in the wasm build returns). The page offers only games that both the wasm
// build and this list know, in the wasm build's order, so a renderer may land before or after
// its rules without breaking anything.
//
// Renderer contract: each module default-exports an entry
//
//   {
//     title: 'Yavalath',                      // display name: picker, heading, page title
//     create(canvas, { onMove, onNotice, onHover, info }) -> {   // draws on the page's <canvas id="board">;
//                                             //   info = the engine's game_info(game)
//                                             //   (src/info.rs): e.g. the words of its draw_rules;
//                                             //   onNotice(text) shows a note (a click explained);
//                                             //   onHover(key | null): what the pointer is over
//                                             //   changed (a cell name or the renderer's key)
//       draw(view, { canMove }),              // view = describe(game, setup, moves); canMove:
//                                             //   may the person at the screen move now?
//       cellCenter(name) -> {x, y} | null,    // a cell's centre in viewport CSS px (tests,
//                                             //   keyboard play)
//       destroy(),                            // removes every listener/observer it added
//       overlay?({ heat, pv } | null),        // OPTIONAL: the engine's view over the position
//                                             //   drawn last (see below); kept until the next
//                                             //   overlay() call, across draw() calls
//       heatMove?(key) -> move | null,        // with overlay(): the heat entry's move whose
//                                             //   score is drawn at `key` (a cell name, or what
//                                             //   onHover named), e.g. to preview its line
//       inspect?() -> object,                 // optional, for browser tests: what the last
//                                             //   draw showed beyond the view, e.g. the overlay
//                                             //   as drawn ({line: [{cell, number}], …}); Ataxx
//                                             //   adds its selection, targets, flipped stones,
//                                             //   counts and rules
//       territory?(data | null),              // optional: shade who owns each square, data =
//                                             //   wasm territory(game, setup, moves) of the
//                                             //   position drawn (Amazons); kept across draw()
//                                             //   calls. The page offers its Territory toggle
//                                             //   only for renderers that have this.
//     },
//     rules: '<ul><li>…</li></ul>',           // "How to play", as HTML (our own text, trusted)
//     aspect?: 1.155,                         // board width / height (default 1)
//     cellWords?(cell) -> 'column 3, row 2 from the bottom',
//                                             // how a screen reader names a cell of the view
//                                             //   (default: its name in the game's notation)
//     heatNote?: 'squares: …',                // what the heatmap's colours cover, where that is
//                                             //   not simply every legal move (for its legend)
//     setups?: [{ value, label, custom?, placeholder? }],
//                                             // the setup strings describe()/search() accept;
//                                             //   the first is the default. custom: true shows
//                                             //   a text box whose text is the setup (a FEN, a
//                                             //   seed); placeholder is its hint. No setups: the
//                                             //   setup is '' and the picker is hidden.
//     sides?: [{ name, color? }, { name, color? }],
//                                             // players 1 and 2 (default "Player 1/2" in the
//                                             //   theme's --p1/--p2). A color (any CSS colour)
//                                             //   overrides --p1/--p2 while the game is shown,
//                                             //   for the legend, move list and canvas alike.
//     reasons?: { [result.reason]: 'text' },  // how a result reads; {winner} and {loser} become
//                                             //   side names. Unknown reasons: "{winner} wins"
//                                             //   or "Draw".
//   }
//
// What the engine knows about a game beyond its rules is not restated here: the engines it
// offers and the default, the win-chance scale, the think-time bounds and the draw rules come
// from the wasm game_info(game) (rules.js gameInfo).
//
// overlay({heat, pv}): heat = [{move, value, label}] | null scores the root moves of the
// position drawn for the side to move: value in -1..1 (1: as good as the best move, or for
// MCTS coloured by visits the most visited, -1: far worse or lost, or never visited; see
// heatFromIteration and heatFromMcts in ../winchance.js), label a short score or count
// ("+31", "W5") to print; colour it with heatColor(value) from ../winchance.js, so every game
// shares one legend (the app draws the legend outside the canvas). Entries with `static: true`
// are legal moves the search gave no value (it searched only some moves, or MCTS never visited
// them): their value and label ("~+12") come from the one-ply static score, and the renderer
// draws them apart from searched ones (paler, dashed; square boards also hatch them), which the
// legend explains. Every legal move has an entry once the search reports static scores. pv = [move, …] | null is
// the principal variation from the side to move, drawn as numbered ghost stones or marks
// (1 = the next move; moves on one cell share it, numbered "1/2"; a renderer may draw only its
// start, as Amazons does). A game without overlay() simply shows no board overlay.
//
// onMove(moveText) takes one complete move in the game's notation, legal or not (the app asks
// the engine and explains a refusal), and returns true if it was played (a renderer may keep a
// half-made move's selection when it was not). A move made of several clicks (Ataxx "a7c7", Amazons
// "d8d1d7") is collected inside the renderer, which calls onMove once it is complete and drops
// a half-made move when draw() brings another position or canMove is false. Tests make such a
// move by clicking, in turn, the cells cellCenter() locates. The renderer knows no
// rules: legality, the side to move and the result all come from the view.

export { default as yavalath } from './yavalath.js';
export { default as connect4 } from './connect4.js';
export { default as ataxx } from './ataxx.js';
export { default as amazons } from './amazons.js';
