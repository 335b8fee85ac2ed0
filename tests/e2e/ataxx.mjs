// Browser tests of Ataxx on the playground: the board and its wall layouts (seeded, random,
// typed), a human-vs-engine game played by clicks (spawns by one click, jumps by two, passes by
// clicking the board), what a click highlights, captures and counts, which draw rules a setup
// plays under, and an engine-vs-engine game to its end within the time budget. Every test opens
// ?game=ataxx. What the canvas shows is read through the renderer's inspect().

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { finishEngineGame, playHumanGame, startCustomSetup, startEngineGame } from './gametests.mjs';
import { ARTIFACTS, assert, brief, cellCenter, clickCell, openPlayground, playHumanMove, state, suite, waitForHumanTurn, waitForState } from './lib.mjs';

const GAME = 'ataxx';
const RESULT = /wins|Draw/;
/** The setup picker's entries, by their place in the list (boards/ataxx.js). */
const SETUP = { walls1: '1', walls2: '2', randomWalls: '5' };

/** What the board shows beyond the view (the renderer's inspect()). */
function shown(page) {
  return page.evaluate(() => window.boardlab.board().inspect());
}

/**
 * Checks the walls of a layout: symmetric under both mirror axes (so fair to both players) and
 * the four corners, where the stones start, free. Returns the number of walls.
 */
function checkWalls(s, setup) {
  const walls = new Set(s.cells.filter((c) => c.wall).map((c) => c.name));
  const mirror = (name, files, ranks) => {
    const f = name.charCodeAt(0) - 97;
    const r = Number(name[1]) - 1;
    return `${String.fromCharCode(97 + (files ? 6 - f : f))}${(ranks ? 6 - r : r) + 1}`;
  };
  for (const w of walls) {
    for (const [files, ranks] of [[true, false], [false, true]]) {
      assert(walls.has(mirror(w, files, ranks)), `${setup}: the wall on ${w} has no mirror image on ${mirror(w, files, ranks)}`);
    }
  }
  for (const corner of ['a1', 'a7', 'g1', 'g7']) assert(!walls.has(corner), `${setup}: a wall on the corner ${corner}`);
  assert(walls.size > 0, `${setup} shows no walls`);
  return walls.size;
}

/** The Chebyshev distance between two squares ('a7', 'c5'): 1 for a spawn, 2 for a jump. */
function distance(a, b) {
  return Math.max(Math.abs(a.charCodeAt(0) - b.charCodeAt(0)), Math.abs(Number(a[1]) - Number(b[1])));
}

/** The clicks that make `move`: a spawn is its square, a jump its two squares, a pass any cell. */
function clicksFor(move) {
  if (move === '0000') return ['d4'];
  return move.length === 4 ? [move.slice(0, 2), move.slice(2)] : [move];
}

export default suite(GAME, (test) => {
  test('the 7x7 board with four stones, and a symmetric wall layout from the picker', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    let s = await state(page);
    assert(s.cells.length === 49, `expected 49 cells, got ${s.cells.length}`);
    const stones = (p) => s.cells.filter((c) => c.owner === p).map((c) => c.name).sort().join(' ');
    assert(stones(1) === 'a7 g1' && stones(2) === 'a1 g7', `unexpected start: ${stones(1)} / ${stones(2)}`);
    assert(s.legal.length === 16 && s.toMove === 1, `expected 16 legal moves for player 1: ${brief(s)}`);
    const box = await page.locator('#board').boundingBox();
    for (const c of s.cells) {
      const p = await cellCenter(page, c.name);
      assert(p.x > box.x && p.x < box.x + box.width && p.y > box.y && p.y < box.y + box.height, `${c.name} is drawn off the canvas`);
    }
    // a7 is above a1 and left of g7.
    const [a7, a1, g7] = await Promise.all(['a7', 'a1', 'g7'].map((n) => cellCenter(page, n)));
    assert(a7.y < a1.y && a7.x < g7.x, 'rank 7 is not at the top or file a not at the left');

    await page.selectOption('#setup', SETUP.walls1);
    await waitForState(page, `window.boardlab.state().setup === 'walls:1'`, 'the walls:1 layout');
    s = await state(page);
    checkWalls(s, 'walls:1');
    assert((await shown(page)).rules === 'codingame', 'a seeded layout does not play under the CodinGame rules');

    // A jump by two clicks: select a7, then the ring on c5.
    await playHumanMove(page, ['a7', 'c5']);
    s = await state(page);
    assert(s.moves[0] === 'a7c5', `the two clicks played ${s.moves[0]}`);
    await waitForHumanTurn(page, 1);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.mouse.move(0, 0);
    // Select a stone so the picture shows its spawn dots and jump rings.
    const mine = (await state(page)).cells.find((c) => c.owner === 1);
    if (mine) await clickCell(page, mine.name);
    await page.screenshot({ path: path.join(ARTIFACTS, 'ataxx.png') });
  });

  test('human vs engine: a full game played by clicking', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const { s, status } = await playHumanGame(page, log, {
      turns: 200,
      turnMs: 20_000,
      pick: (now, random) => {
        // Spawns mostly (one click), a jump now and then (two clicks).
        const spawns = now.legal.filter((m) => m.length === 2);
        const pool = spawns.length > 0 && random() < 0.8 ? spawns : now.legal;
        const move = pool[Math.floor(random() * pool.length)];
        return { move, clicks: clicksFor(move) };
      },
    });
    assert(RESULT.test(status), `the result is not shown in the status line: ${JSON.stringify(status)}`);
    log(`${s.moves.length} moves, ${status}`);
  }, { timeoutMs: 180_000 });

  test('a custom FEN setup where the human has no move: clicking the board passes', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const fen = 'cg:7/7/7/7/ooooooo/ooooooo/xxxxxxx x 0 1';
    await startCustomSetup(page, fen);
    let s = await state(page);
    assert(s.legal.length === 1 && s.legal[0] === '0000', `player 1 should have only the pass: ${JSON.stringify(s.legal)}`);
    await playHumanMove(page, clicksFor('0000'));
    s = await state(page);
    assert(s.moves[0] === '0000', `clicking the board played ${s.moves[0]}, not the pass`);
    await waitForState(page, 'window.boardlab.state().moves.length >= 2', "the engine's reply to the pass");
  });

  test('a setup with no stones on either side is a draw, and the status line says so', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    await startCustomSetup(page, '7/7/7/7/7/7/7 x 0 1');
    const s = await state(page);
    assert(s.result && s.result.winner === null && s.result.reason === 'no-stones', `not a no-stones draw: ${brief(s)}`);
    const status = (await page.locator('#status').textContent()).trim();
    assert(status === 'Draw: neither side has a stone', `the status line reads ${JSON.stringify(status)}`);
  });

  test('engine vs engine at 100 ms: a whole game, every move within budget', async ({ page, url, log }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100 });
    await page.selectOption('#setup', SETUP.walls2);
    await startEngineGame(page);
    await finishEngineGame(page, log, { result: RESULT, timeoutMs: 150_000 });
  }, { timeoutMs: 180_000 });

  test('Random walls deals a new symmetric layout each time, its seed shown and shareable', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    const seeds = [];
    for (let deal = 0; deal < 2; deal++) {
      const before = (await state(page)).setup;
      await page.selectOption('#setup', SETUP.randomWalls);
      await waitForState(page, `/^walls:\\d+$/.test(window.boardlab.state().setup) && window.boardlab.state().setup !== ${JSON.stringify(before)}`, 'a random layout');
      const s = await state(page);
      checkWalls(s, s.setup);
      assert(await page.locator('#setup-text').isVisible(), 'the seed is not shown');
      assert((await page.locator('#setup-text').inputValue()) === s.setup, `the text box does not show ${s.setup}`);
      assert(decodeURIComponent(await page.locator('#share-link').inputValue()).includes(s.setup), `the link does not carry ${s.setup}`);
      seeds.push(s.setup);
    }
    assert(seeds[0] !== seeds[1], `two deals gave the same seed ${seeds[0]}`);
  });

  test('the line under the board names the draw rules: CodinGame for cg: setups, engine rules for a plain FEN', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME, thinkMs: 100, humanSide: 1 });
    assert((await shown(page)).rules === 'codingame', 'the standard start does not play under the CodinGame rules');
    await startCustomSetup(page, 'x5o/7/7/7/7/7/o5x x 0 1');
    assert((await shown(page)).rules === 'engine', 'a plain FEN does not say it plays under the engine rules');
    await startCustomSetup(page, 'cg:x5o/7/7/7/7/7/o5x x 0 1');
    assert((await shown(page)).rules === 'codingame', 'a cg: FEN does not say it plays under the CodinGame rules');
    const placeholder = await page.locator('#setup-text').getAttribute('placeholder');
    assert(/CodinGame rules/.test(placeholder) && /engine rules/.test(placeholder), `the setup box does not explain both rule sets: ${placeholder}`);
  });

  test('analysis overlay: each square shows the best score of the moves that play to it; the best line is numbered on its squares', async ({ page, url }) => {
    await page.goto(`${url}?game=${GAME}#mode=analysis`);
    await waitForState(page, () => window.boardlab?.state().toMove != null, 'the page to load', 20_000);
    // Until stopped: a short analysis could end on a loaded machine before Stop is clicked.
    await page.selectOption('#analysis-budget', '600000');
    await waitForState(page, '(window.boardlab.state().overlay?.heat?.length ?? 0) > 0 && window.boardlab.state().report?.depth >= 3', 'a heatmap at depth 3', 15_000);
    await page.click('#analysis-stop');
    const s = await state(page);
    const { heat, pv } = s.overlay;
    const drawn = await shown(page);
    // Ataxx moves: a spawn names its square ("f2"), a jump its two squares ("g1e3").
    const to = (move) => (move.length === 4 ? move.slice(2) : move);
    assert(heat.length > 1 && heat.every((h) => s.legal.includes(h.move)), `the heatmap scores moves that are not legal: ${JSON.stringify(heat)}`);
    // Several moves reach one square (a spawn and jumps from other stones): it shows the best.
    const bestOn = new Map();
    for (const h of heat) if (!bestOn.has(to(h.move)) || bestOn.get(to(h.move)).value < h.value) bestOn.set(to(h.move), h);
    // Numbers on the squares of searched moves; a static guess (not searched) shows its colour only.
    for (const [cell, h] of bestOn) if (h.static) bestOn.delete(cell);
    const labels = new Map(drawn.labels.map((l) => [l.cell, l.label]));
    assert(labels.size === bestOn.size, `${labels.size} squares labelled for ${bestOn.size} squares searched moves play to`);
    for (const [cell, h] of bestOn) {
      assert(labels.get(cell) === h.label, `${cell} shows ${labels.get(cell)}, but its best move ${h.move} scores ${h.label}`);
    }
    // The best line: a numbered disc on the square each of its moves plays to, in order.
    assert(pv.length > 0 && drawn.line.length === pv.length, `the best line ${pv.join(' ')} is drawn as ${JSON.stringify(drawn.line)}`);
    pv.forEach((move, i) => {
      assert(drawn.line[i].cell === to(move) && drawn.line[i].number === String(i + 1), `move ${i + 1} of the line (${move}) is drawn as ${JSON.stringify(drawn.line[i])}`);
    });
    assert(heat.find((h) => h.move === pv[0])?.value === Math.max(...heat.map((h) => h.value)), `the line does not start with a best-scored move: ${pv[0]}`);
    // The toggle takes both off the board.
    await page.uncheck('#overlay');
    const off = await shown(page);
    assert(off.line.length === 0 && off.labels.length === 0, `the overlay stays on the board with the toggle off: ${JSON.stringify(off)}`);
  });

  test('a click on a stone shows its spawns and jumps; a capture flips stones and updates the counts', async ({ page, url }) => {
    await openPlayground(page, url, { game: GAME });
    await page.selectOption('#mode', 'human-human');
    // x on c3 next to o on d4 and e4 (and o on g7, so the game goes on after the capture).
    await startCustomSetup(page, 'cg:6o/7/7/3oo2/2x4/7/7 x 0 1');
    let s = await state(page);
    await clickCell(page, 'c3');
    let board = await shown(page);
    const spawns = s.legal.filter((m) => m.length === 2 && distance('c3', m) === 1).sort();
    const jumps = s.legal.filter((m) => m.length === 4 && m.startsWith('c3')).map((m) => m.slice(2)).sort();
    assert(board.selected === 'c3', `c3 is not selected: ${JSON.stringify(board)}`);
    assert(JSON.stringify(board.near) === JSON.stringify(spawns), `spawn dots ${board.near} instead of ${spawns}`);
    assert(JSON.stringify(board.far) === JSON.stringify(jumps), `jump rings ${board.far} instead of ${jumps}`);
    assert(board.counts[1] === 1 && board.counts[2] === 3, `the counts read ${JSON.stringify(board.counts)} before the capture`);

    await playHumanMove(page, 'd3'); // a spawn next to d4 and e4
    s = await state(page);
    board = await shown(page);
    assert(JSON.stringify(board.flipped) === '["d4","e4"]', `the flipped stones are ${JSON.stringify(board.flipped)}, not d4 and e4`);
    const owners = (p) => s.cells.filter((c) => c.owner === p).length;
    assert(owners(1) === 4 && owners(2) === 1, `d4 and e4 did not change sides: ${brief(s)}`);
    assert(board.counts[1] === 4 && board.counts[2] === 1, `the counts read ${JSON.stringify(board.counts)} after the capture`);
    assert(board.selected === null && board.near.length === 0, 'the selection outlived the move');
  });
});
